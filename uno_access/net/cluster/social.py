"""Friends, blocks, private messages waiting and lobby choices: the same on every server
of a cluster.

They are the key-value bucket ``uno-social`` (replicated as the others), a row a key; the
tables ``friends``, ``blocks``, ``letters`` and ``preferences`` of each server's
``accounts.db`` are a copy of it, kept by a watcher (``mirror``), as the accounts are
(``accounts``). Its keys, each name folded as the accounts fold it:

- ``friends.<name>.<other>``: ``name`` asked ``other`` to be friends (the row back too:
  friends);
- ``blocks.<name>.<other>``: ``name`` blocks ``other``;
- ``preferences.<name>.<word>``: a lobby choice of ``name``'s (``lang es``, ``messages
  friends``), its value;
- ``letters.<reader>.<digest>``: a private message waiting for ``reader`` (its sender,
  text and time; the digest is of those), forgotten on every server once read on one.

The parts are hex, so that any name is a key. Each value is the row, as JSON.

A change is made here at once, as on a server alone (a command answered, a line checked
against the blocks, without waiting on the network), then written to the bucket, in
order, by one task; the other servers' copies have it within a moment. Two servers
changing one row at once end as the bucket's last write says, on every server. The
rows a server had before it first joined are offered as it joins, once.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from ...access import messages
from ..server.accounts import fold
from ..server.social import TABLES, Row
from . import mirror, names

if TYPE_CHECKING:
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts


def _part(text: str) -> str:
    return fold(text).encode("utf-8").hex()


def row_key(row: Row) -> str:
    """The bucket's key of ``row``."""
    if row.table == "letters":
        what = json.dumps([fold(row.other), row.value, row.sent]).encode("utf-8")
        return f"letters.{_part(row.name)}.{hashlib.sha256(what).hexdigest()[:32]}"
    return f"{row.table}.{_part(row.name)}.{_part(row.other)}"


def row_data(row: Row) -> bytes:
    return json.dumps(
        {"name": row.name, "other": row.other, "value": row.value, "sent": row.sent}
    ).encode("utf-8")


def row_read(key: str, data: bytes) -> Row | None:
    """The row in ``data`` under ``key``; None for anything else (never raises)."""
    table = key.partition(".")[0]
    if table not in TABLES:
        return None
    try:
        raw = json.loads(data)
        name, other, value, sent = raw["name"], raw["other"], raw["value"], raw["sent"]
    except (ValueError, KeyError, TypeError):
        return None
    if not all(isinstance(v, str) and v for v in (name, other)) or not isinstance(value, str):
        return None
    if not isinstance(sent, int | float):
        return None
    row = Row(table, name, other, value, float(sent))
    return row if row_key(row) == key else None  # a key that is not its row's: forged


def _row_of(key: str) -> Row | None:
    """The row a key names, as far as it says (not a letter's: its digest says nothing);
    its names folded, as the tables compare them."""
    table, _, rest = key.partition(".")
    name, _, other = rest.partition(".")
    if table not in ("friends", "blocks", "preferences"):
        return None
    try:
        return Row(table, bytes.fromhex(name).decode(), bytes.fromhex(other).decode())
    except ValueError:
        return None


class SharedSocial(mirror.SharedRows[Row]):
    """This server's part in the cluster's friends, blocks, letters and choices."""

    BUCKET = names.SOCIAL
    OFFERED = "cluster-social"
    NOT_READ = messages.CLUSTER_SOCIAL_NOT_READ
    TASK = "the cluster's friends"
    ROWS = mirror.Rows(row_key, row_data, row_read, _row_of)

    @classmethod
    def store_of(cls, accounts: Accounts) -> mirror.Store[Row]:
        return accounts.social


async def forget_rows(bucket: KeyValue, name: str) -> None:
    """Every row of ``name``'s (theirs, or naming them) deleted from the cluster's bucket."""
    await mirror.forget_rows(bucket, name, fold)
