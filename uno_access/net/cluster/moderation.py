"""The moderation of a cluster: a role, a mute or a ban holds on every server, and every
server's moderators read the same reports and log.

The bucket ``uno-moderation`` (replicated as the others) keeps them, a row a key; the
tables ``roles``, ``sanctions``, ``reports`` and ``moderation_log`` of each server's
``accounts.db`` are a copy of it, kept as the friends are (``mirror.SharedRows``). Its
keys, each name folded as the accounts fold it, in hex:

- ``roles.<name>``: a person's role (operator, moderator);
- ``sanctions.<name>.<kind>``: their mute or ban, until when, why and by whom;
- ``reports.<digest>`` and ``moderation_log.<digest>``: a report, a line of the log (the
  digest is of the row: kept once on every server).

A ban made on one server that reaches another where its person is connected sends them
away there as on the server where it was made (``Moderation.on_banned``). A mute holds
at once on every server it has reached (a line said is checked against the copy).
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from ...access import messages
from ..server.accounts import fold
from ..server.moderation import COLUMNS, Kind, Record, Role
from . import mirror, names

if TYPE_CHECKING:
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts
    from .connect import Access


def _part(text: str) -> str:
    return fold(text).encode("utf-8").hex()


def record_key(record: Record) -> str:
    """The bucket's key of ``record``."""
    values = record.values
    if record.table == "roles":
        return f"roles.{_part(str(values[0]))}"
    if record.table == "sanctions":
        return f"sanctions.{_part(str(values[0]))}.{values[1]}"
    digest = hashlib.sha256(json.dumps(values).encode("utf-8")).hexdigest()[:32]
    return f"{record.table}.{digest}"


def record_data(record: Record) -> bytes:
    return json.dumps(list(record.values)).encode("utf-8")


def record_read(key: str, data: bytes) -> Record | None:
    """The row in ``data`` under ``key``; None for anything else (never raises)."""
    table = key.partition(".")[0]
    columns = COLUMNS.get(table)
    if columns is None:
        return None
    try:
        raw = json.loads(data)
    except ValueError:
        return None
    if not isinstance(raw, list) or len(raw) != len(columns):
        return None
    if not all(v is None or isinstance(v, str | int | float) for v in raw):
        return None
    values: tuple[str | float | None, ...] = tuple(raw)
    kinds = {k.value for k in Kind}
    if table == "roles" and raw[1] not in {r.value for r in Role}:
        return None
    if table == "sanctions" and raw[1] not in kinds:
        return None
    if not isinstance(values[0], str | float) or (table in ("roles", "sanctions") and not raw[0]):
        return None
    record = Record(table, values)
    return record if record_key(record) == key else None  # a key not its row's: forged


def _record_of(key: str) -> Record | None:
    """The row a key names, as far as it says (a role's, a sanction's)."""
    table, _, rest = key.partition(".")
    name, _, kind = rest.partition(".")
    try:
        person = bytes.fromhex(name).decode()
    except ValueError:
        return None
    if table == "roles":
        return Record("roles", (person, ""))
    if table == "sanctions" and kind in {k.value for k in Kind}:
        return Record("sanctions", (person, kind, None, "", "", 0.0))
    return None


OFFERED = "cluster-moderation"  # the accounts' file's mark: its moderation is the cluster's


class SharedModeration(mirror.SharedRows[Record]):
    """This server's part in the cluster's roles, sanctions, reports and log."""

    BUCKET = names.MODERATION
    OFFERED = OFFERED
    NOT_READ = messages.CLUSTER_MODERATION_NOT_READ
    TASK = "the cluster's moderation"
    ROWS = mirror.Rows(record_key, record_data, record_read, _record_of)

    @classmethod
    def store_of(cls, accounts: Accounts) -> mirror.Store[Record]:
        return accounts.moderation


async def forget_records(bucket: KeyValue, name: str) -> None:
    """``name``'s role and sanctions deleted from the cluster's bucket (the reports and
    the log keep what was done)."""
    await mirror.forget_rows(bucket, name, fold)


async def written_to(
    urls: tuple[str, ...], access: Access | None, records: list[tuple[Record, bool]]
) -> bool:
    """``records`` (each made, True, or taken out) written to the cluster's bucket
    (``uno-access users role NAME ROLE --cluster URLS``); whether the cluster answered."""
    from .connect import REQUEST_WAIT, close, connect

    try:
        client = await connect(urls, access=access)
    except Exception:
        return False
    try:
        bucket = await client.jetstream(timeout=REQUEST_WAIT).key_value(names.MODERATION)
        for record, present in records:
            if present:
                await bucket.put(record_key(record), record_data(record))
            else:
                await bucket.delete(record_key(record))
        return True
    except Exception:
        return False
    finally:
        await close(client)
