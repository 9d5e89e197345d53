"""A key-value bucket of the cluster copied into a server's own file, as it changes: the
watcher behind the shared accounts (``accounts``), and ``SharedRows``, a table's rows
shared (the friends, blocks, letters and choices of ``social``; the roles, sanctions,
reports and log of ``moderation``).

``watch`` gives each entry to ``changed`` (its key and value; what it keeps, or None) or
``removed`` (its key) as the bucket has it, then as it changes, and once the bucket as it
was has been read whole, ``whole`` with what ``changed`` kept (so that what the copy has
and the bucket no longer has goes). The bucket counts as read once the watcher has given
the last message its stream had as the watch began, or one with nothing more pending
after it (nats-py's end-of-values marker may come before the values). Until then a
watcher silent for ``QUIET`` seconds is started again (one made as JetStream elects a
leader may never deliver); a watcher that stops (a NATS node lost) is started again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from ...access import messages
from .connect import REQUEST_WAIT

if TYPE_CHECKING:
    from nats.js.client import JetStreamContext
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts

R = TypeVar("R")
FIRST_COPY_WAIT = 120.0  # seconds the first copy may wait for JetStream (as joining does)

WATCH_AGAIN = 1.0  # seconds before a watcher that stopped (a NATS node lost) starts again
QUIET = 5.0  # seconds a watcher may be silent before the bucket is read: then started again
LONG = 3600.0  # seconds a watcher is waited on once the bucket is read (then waited again)


async def watch(
    bucket: KeyValue,
    changed: Callable[[str, bytes], str | None],
    removed: Callable[[str], None],
    whole: Callable[[set[str]], None],
    at: Callable[[int], None] | None = None,
) -> None:
    """The bucket copied through ``changed`` and ``removed`` until cancelled; ``whole``
    called once, when it has been read whole; ``at``, if given, with each entry's
    revision just before ``changed`` or ``removed`` is given the entry."""
    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.kv import KV_DEL, KV_PURGE

    read = False
    while True:
        watcher = None
        try:
            last = (await bucket.status()).stream_info.state.last_seq or 0
            watcher = await bucket.watchall()
            kept: set[str] = set()
            if last == 0 and not read:  # nothing there
                whole(kept)
                read = True
            while True:
                try:
                    entry = await watcher.updates(  # type: ignore[no-untyped-call]
                        LONG if read else QUIET
                    )
                except NatsTimeout:
                    if not read:
                        break  # silent before the bucket was read: started again
                    continue
                if entry is None:
                    continue
                if at is not None:
                    at(entry.revision or 0)
                if entry.operation in (KV_DEL, KV_PURGE):
                    removed(entry.key)
                else:
                    got = changed(entry.key, entry.value or b"")
                    if got is not None:
                        kept.add(got)
                if not read and (entry.revision >= last or entry.delta == 0):
                    whole(kept)
                    read = True
        except asyncio.CancelledError:
            raise
        except Exception:
            pass
        finally:
            if watcher is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(
                        watcher.stop(),  # type: ignore[no-untyped-call]
                        REQUEST_WAIT,
                    )
        await asyncio.sleep(WATCH_AGAIN)


async def offered_once(
    accounts: Accounts, mark: str, offer: Callable[[], Awaitable[None]], deadline: float
) -> None:
    """``offer`` made once in the life of the accounts' file (which is then marked
    ``mark``), tried again every ``WATCH_AGAIN`` seconds until ``deadline`` (the loop's
    time); then ``ClusterError`` says why."""
    from .connect import ClusterError, said

    loop = asyncio.get_running_loop()
    while not accounts.marked(mark):
        try:
            await offer()
            accounts.mark(mark)
            return
        except Exception as error:
            if loop.time() + WATCH_AGAIN > deadline:
                raise ClusterError(messages.cluster_accounts_failed(said(error))) from None
        await asyncio.sleep(WATCH_AGAIN)


async def copied_by(
    copied: asyncio.Future[None], deadline: float, stop: Callable[[], Awaitable[None]], why: str
) -> None:
    """Until ``copied`` (a bucket read whole), until ``deadline`` (the loop's time) at most;
    else ``stop`` and ``ClusterError``, saying ``why`` (worded already)."""
    from .connect import ClusterError

    try:
        left = max(0.0, deadline - asyncio.get_running_loop().time())
        await asyncio.wait_for(asyncio.shield(copied), left)
    except TimeoutError:
        await stop()
        raise ClusterError(messages.cluster_accounts_failed(why)) from None
    except BaseException:
        await stop()
        raise


async def stop(task: asyncio.Task[None] | None) -> None:
    """A watcher's task stopped (bounded: nats-py may take its cancellation for a
    timeout, and the task go on)."""
    if task is not None:
        task.cancel()
        await asyncio.wait([task], timeout=REQUEST_WAIT)


class Store(Protocol[R]):
    """Rows kept in a server's own file that a cluster shares: each change made here told
    (``on_row``: made, True, or taken out, False), each change from the cluster applied
    without being told."""

    on_row: Callable[[R, bool], None] | None

    def rows(self) -> list[R]: ...

    def apply(self, row: R, present: bool) -> None: ...


@dataclass(frozen=True, slots=True)
class Rows(Generic[R]):
    """How a row of a shared table is keyed, written and read in its bucket."""

    key: Callable[[R], str]
    data: Callable[[R], bytes]
    # the row under a key; None for anything else, forged or unreadable (never raises)
    read: Callable[[str, bytes], R | None]
    # the row a key names, as far as it says (None: it says too little)
    of_key: Callable[[str], R | None]


class SharedRows(Generic[R]):
    """This server's part in rows the cluster shares, a row a key of ``bucket``: the rows
    here offered to the cluster once (marked ``OFFERED`` in the accounts' file), the
    cluster's copied here (whole before ``start`` returns) and watched, and each change
    made here (at once, as on a server alone) written there after, in order, by one task.
    Two servers changing one row at once end as the bucket's last write says, on every
    server. A subclass says how a row is keyed, written and read (``ROWS``) and where the
    accounts keep its rows (``store_of``)."""

    BUCKET = ""
    OFFERED = ""  # the mark of the accounts' file: its rows were offered
    NOT_READ = ""  # the phrase that says the bucket did not answer in time
    TASK = ""  # what the tasks are called
    ROWS: Rows[Any]

    def __init__(self, bucket: KeyValue, store: Store[R]) -> None:
        self.bucket = bucket
        self.store = store
        self._watching: asyncio.Task[None] | None = None
        self._out: deque[tuple[R, bool]] = deque()  # changes made here, to the bucket
        self._writing: asyncio.Task[None] | None = None
        self._known: dict[str, R] = {}  # the bucket's rows as the watcher gave them

    @classmethod
    def store_of(cls, accounts: Accounts) -> Store[R]:
        """Where ``accounts`` keep the rows."""
        raise NotImplementedError

    @classmethod
    async def start(
        cls, js: JetStreamContext, accounts: Accounts, patience: float = FIRST_COPY_WAIT
    ) -> Self:
        """The rows of ``accounts`` the cluster's: offered, copied, watched (``run``)."""
        shared = cls(await js.key_value(cls.BUCKET), cls.store_of(accounts))
        await shared.run(js, accounts, patience)
        return shared

    # the copy

    async def run(self, js: JetStreamContext, accounts: Accounts, patience: float) -> None:
        """Offered, copied and watched (``start``); ``ClusterError`` when JetStream does not
        answer within ``patience`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        await offered_once(accounts, self.OFFERED, self._offer, deadline)
        copied: asyncio.Future[None] = loop.create_future()
        watching = watch(self.bucket, self._changed, self._removed, lambda _: self._whole(copied))
        self._watching = loop.create_task(watching, name=f"uno-access {self.TASK}")
        await copied_by(copied, deadline, self.close, messages.tr(self.NOT_READ))
        self.store.on_row = self.changed

    async def close(self) -> None:
        """The watcher stopped; the changes still to write given a moment."""
        self.store.on_row = None
        await stop(self._watching)
        self._watching = None
        if self._writing is not None and not self._writing.done():
            await asyncio.wait([self._writing], timeout=REQUEST_WAIT)
            self._writing.cancel()

    async def _offer(self) -> None:
        """Each row here that the cluster does not have, created there."""
        from nats.js.errors import KeyWrongLastSequenceError

        for row in self.store.rows():
            with contextlib.suppress(KeyWrongLastSequenceError):
                await self.bucket.create(self.ROWS.key(row), self.ROWS.data(row))

    def _changed(self, key: str, data: bytes) -> str | None:
        row = self.ROWS.read(key, data)
        if row is None:
            return None
        self._known[key] = row
        self.store.apply(row, True)
        return key

    def _removed(self, key: str) -> None:
        row = self._known.pop(key, None) or self.ROWS.of_key(key)
        if row is not None:
            self.store.apply(row, False)

    def _whole(self, copied: asyncio.Future[None]) -> None:
        """The bucket read whole: the rows here that it does not have taken out (removed
        elsewhere while this server was away)."""
        for row in self.store.rows():
            if self.ROWS.key(row) not in self._known:
                self.store.apply(row, False)
        if not copied.done():
            copied.set_result(None)

    # changes made here

    def changed(self, row: R, present: bool) -> None:
        """A row made or taken out here (``Store.on_row``): written to the bucket soon,
        after the changes before it."""
        self._out.append((row, present))
        if self._writing is None or self._writing.done():
            with contextlib.suppress(RuntimeError):  # no loop running: a command's process
                loop = asyncio.get_running_loop()
                self._writing = loop.create_task(self._write(), name=f"uno-access {self.TASK} out")

    async def _write(self) -> None:
        while self._out:
            row, present = self._out[0]
            key = self.ROWS.key(row)
            for _ in range(int(FIRST_COPY_WAIT / WATCH_AGAIN)):  # a node lost: tried again
                try:
                    if present:
                        await self.bucket.put(key, self.ROWS.data(row))
                    else:
                        await self.bucket.delete(key)
                    break
                except Exception:
                    await asyncio.sleep(WATCH_AGAIN)
            self._out.popleft()


async def current_keys(bucket: KeyValue, patience: float = 30.0) -> list[str]:
    """Every key ``bucket`` holds now. Not nats-py's ``keys``, whose end-of-values marker
    may come before the values (it then says there are none): read, as ``watch`` reads,
    to the last message the bucket's stream had as the read began. A read that does not
    end within ``patience`` seconds raises ``TimeoutError``."""
    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.kv import KV_DEL, KV_PURGE

    async def read() -> list[str]:
        last = (await bucket.status()).stream_info.state.last_seq or 0
        if last == 0:
            return []
        watcher = await bucket.watchall(meta_only=True)
        found: dict[str, bool] = {}
        try:
            while True:
                try:
                    entry = await watcher.updates(QUIET)  # type: ignore[no-untyped-call]
                except NatsTimeout:
                    continue
                if entry is None:
                    continue
                found[entry.key] = entry.operation not in (KV_DEL, KV_PURGE)
                if entry.revision >= last or entry.delta == 0:
                    return [key for key, present in found.items() if present]
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    watcher.stop(),  # type: ignore[no-untyped-call]
                    REQUEST_WAIT,
                )

    return await asyncio.wait_for(read(), patience)


async def forget_rows(bucket: KeyValue, name: str, fold: Callable[[str], str]) -> None:
    """Every key of ``bucket`` one of whose parts after the first is ``name`` (folded,
    in hex) deleted: an account removed, nothing of theirs comes back to a copy, nor to
    whoever claims the name next. A cluster that does not answer raises."""
    part = fold(name).encode("utf-8").hex()
    for key in await current_keys(bucket):
        if part in key.split(".")[1:]:
            await bucket.delete(key)
