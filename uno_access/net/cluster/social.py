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

import asyncio
import contextlib
import hashlib
import json
from collections import deque
from typing import TYPE_CHECKING

from ...access import messages
from ..server.accounts import fold
from ..server.social import TABLES, Row
from . import mirror, names
from .mirror import WATCH_AGAIN

if TYPE_CHECKING:
    from nats.js.client import JetStreamContext
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts

FIRST_COPY_WAIT = 120.0  # seconds the first copy may wait for JetStream (as joining does)
OFFERED = "cluster-social"  # the ``server`` table's mark: this file's rows were offered


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


class SharedSocial:
    """This server's part in the cluster's friends, blocks, letters and choices."""

    def __init__(self, bucket: KeyValue, accounts: Accounts) -> None:
        self.bucket = bucket
        self.accounts = accounts
        self.social = accounts.social
        self._watching: asyncio.Task[None] | None = None
        self._out: deque[tuple[Row, bool]] = deque()  # changes made here, to the bucket
        self._writing: asyncio.Task[None] | None = None
        self._known: dict[str, Row] = {}  # the bucket's rows as the watcher gave them

    @classmethod
    async def start(
        cls, js: JetStreamContext, accounts: Accounts, patience: float = FIRST_COPY_WAIT
    ) -> SharedSocial:
        """The rows here offered to the cluster (once), then the cluster's copied here
        (whole before this returns), watched, and this server's changes written there;
        ``ClusterError`` when JetStream does not answer within ``patience`` seconds."""
        from .connect import ClusterError, said

        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        shared = cls(await js.key_value(names.SOCIAL), accounts)
        while not accounts.marked(OFFERED):
            try:
                await shared._offer()
                accounts.mark(OFFERED)
                break
            except Exception as error:
                if loop.time() + WATCH_AGAIN > deadline:
                    raise ClusterError(messages.cluster_accounts_failed(said(error))) from None
            await asyncio.sleep(WATCH_AGAIN)
        copied: asyncio.Future[None] = loop.create_future()
        watching = mirror.watch(
            shared.bucket, shared._changed, shared._removed, lambda kept: shared._whole(copied)
        )
        shared._watching = loop.create_task(watching, name="uno-access the cluster's friends")
        try:
            await asyncio.wait_for(asyncio.shield(copied), max(0.0, deadline - loop.time()))
        except TimeoutError:
            await shared.close()
            why = messages.tr(messages.CLUSTER_SOCIAL_NOT_READ)
            raise ClusterError(messages.cluster_accounts_failed(why)) from None
        except BaseException:
            await shared.close()
            raise
        shared.social.on_row = shared.changed
        return shared

    async def close(self) -> None:
        """The watcher stopped; the changes still to write given a moment."""
        self.social.on_row = None
        await mirror.stop(self._watching)
        self._watching = None
        if self._writing is not None and not self._writing.done():
            await asyncio.wait([self._writing], timeout=5.0)
            self._writing.cancel()

    # ------------------------------------------------------------------ the copy here

    async def _offer(self) -> None:
        """Each row here that the cluster does not have, created there."""
        from nats.js.errors import KeyWrongLastSequenceError

        for row in self.social.rows():
            with contextlib.suppress(KeyWrongLastSequenceError):
                await self.bucket.create(row_key(row), row_data(row))

    def _changed(self, key: str, data: bytes) -> str | None:
        row = row_read(key, data)
        if row is None:
            return None
        self._known[key] = row
        self.social.apply(row, True)
        return key

    def _removed(self, key: str) -> None:
        row = self._known.pop(key, None) or _row_of(key)
        if row is not None:
            self.social.apply(row, False)

    def _whole(self, copied: asyncio.Future[None]) -> None:
        """The bucket read whole: the rows here that it does not have taken out (removed
        elsewhere while this server was away)."""
        keys = set(self._known)
        for row in self.social.rows():
            if row_key(row) not in keys:
                self.social.apply(row, False)
        if not copied.done():
            copied.set_result(None)

    # ---------------------------------------------------------- changes, made there

    def changed(self, row: Row, present: bool) -> None:
        """A row made or taken out here (``Social.on_row``): written to the bucket soon,
        after the changes before it."""
        self._out.append((row, present))
        if self._writing is None or self._writing.done():
            with contextlib.suppress(RuntimeError):  # no loop running: a command's process
                loop = asyncio.get_running_loop()
                self._writing = loop.create_task(self._write(), name="uno-access friends out")

    async def _write(self) -> None:
        while self._out:
            row, present = self._out[0]
            key = row_key(row)
            for _ in range(int(FIRST_COPY_WAIT / WATCH_AGAIN)):  # a node lost: tried again
                try:
                    if present:
                        await self.bucket.put(key, row_data(row))
                    else:
                        await self.bucket.delete(key)
                    break
                except Exception:
                    await asyncio.sleep(WATCH_AGAIN)
            self._out.popleft()


async def forget_rows(bucket: KeyValue, name: str) -> None:
    """Every row of ``name``'s (theirs, or naming them) deleted from the cluster's bucket:
    their account removed, nothing of theirs comes back to a copy, nor to whoever claims
    the name next."""
    part = _part(name)
    with contextlib.suppress(Exception):  # no key at all: nothing to delete
        for key in await bucket.keys():
            _, _, rest = key.partition(".")
            if part in rest.split("."):
                with contextlib.suppress(Exception):
                    await bucket.delete(key)
