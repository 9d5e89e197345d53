"""A table's journal on JetStream: its game appended to its subject ``uno.table.<id>.log``
of the stream ``UNO_TABLES``, as the tables file of one server keeps it (``entries``).

Each append names the last sequence this writer knows of the table's subject
(``Nats-Expected-Last-Subject-Sequence``; 0 for a table with no entry yet): if anyone
else appended since, JetStream refuses it and nothing is written. That refusal, and a log
that cannot be reached for ``patience`` seconds (the lease cannot be renewed either
then), are said by one exception, ``LeaseLost``: the table is no longer this server's to
write, and its writer appends nothing more. The log is never forked nor corrupted: the
server's own check decides every race, whatever the writers believe.

Why the journal's calls stay synchronous, and the appends are made after them, in order:
``ServerTable`` calls its journal on the event loop, then applies the action at once,
and its many callers (seats, bots, the turn timer) rely on that. The appends of each
table are made by one task of its own, in the order they were asked, each after the one
before is acknowledged (each names the sequence of the one before, so they cannot be
sent together). The engine is deterministic, from the seed and the actions, so the
position applied at once is the very one the log gives back once the append is
acknowledged; what must not happen is that anyone is *told* a move the log does not
hold, for after a failover the new owner rebuilds the table from the log alone, and a
move told and lost would be taken back from under the players. So the rule is: apply at
once, tell after ``written``. A server holding a table waits for ``written`` (every
entry asked so far acknowledged) before it answers an action or wakes a seat, and on
``LeaseLost`` drops the table unsaid; whoever holds the lease then rebuilds it from the
log. The other way, awaiting each append before applying, would make ``send`` and every
caller asynchronous and let two actions of one table interleave between their append
and their application; it buys nothing this rule does not give.

An answer lost on the way (a node killed, a leader being elected) is retried with the
same ``Nats-Msg-Id``; if the retry is refused because the subject moved on, the
subject's last entry is read: the writer's own (the first try had landed), it counts as
written; anyone else's, the lease is lost.

``uno-access serve --cluster`` journals every table it holds here (``holding``), and its
ways out (an ssh channel, the data channel, a browser's socket) hold what they would
send about a table until ``when_written`` says its entries are in the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.actions import Action
from ..server.saved import PLAYING, WAITING
from ..server.tables import Replay, ServerTable, Stage
from . import names
from .connect import REQUEST_WAIT
from .entries import (
    ACTION,
    LogEntry,
    action_entry,
    ended_entry,
    held_entry,
    lines_entry,
    rejected_entry,
    said_entry,
    setup_entry,
)
from .lease import WRONG_LAST_SEQUENCE, LeaseLost

if TYPE_CHECKING:
    from nats.js import JetStreamContext

EXPECTED = "Nats-Expected-Last-Subject-Sequence"
MSG_ID = "Nats-Msg-Id"
PATIENCE = 30.0  # seconds an append is tried again (a leader elected) before giving up
RETRY_WAIT = 0.2  # seconds between two tries


class NotJournaled(LeaseLost):
    """The log could not be reached for ``PATIENCE`` seconds: as good as lost, since the
    lease cannot be renewed meanwhile either."""


class TableWriter:
    """The appends to one table's subject, made in order by one task, each after the one
    before it is acknowledged; ``last`` is the sequence of the last one acknowledged."""

    def __init__(
        self,
        js: JetStreamContext,
        table: str,
        last: int,
        wait: float = REQUEST_WAIT,
        patience: float = PATIENCE,
    ) -> None:
        self.table = names.token(table)
        self.subject = names.log_subject(table)
        self.last = last
        self.appended = 0  # entries this writer had acknowledged
        self.lost: LeaseLost | None = None
        self._js = js
        self._wait = wait
        self._patience = patience
        self._queue: deque[tuple[LogEntry, int]] = deque()  # each with its number n
        self._me = secrets.token_hex(6)  # this writer's messages' ids: <me>.<n>
        self._n = 0  # the number of the entry put last
        self._sending = 0  # the number of the entry on its way (0: none)
        self._task: asyncio.Task[None] | None = None
        # ``when_written``'s, not yet answered: each with the number of the entry it waits for
        self._waiting: list[tuple[int, asyncio.Future[bool]]] = []
        self.on_lost: Callable[[LeaseLost], None] | None = None  # told once, as it is learnt

    def put(self, entry: LogEntry) -> None:
        """``entry`` appended after every entry put before it; ``LeaseLost`` at once when
        the lease is known to be lost."""
        if self.lost is not None:
            raise self.lost
        self._n += 1
        self._queue.append((entry, self._n))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(
                self._drain(), name=f"uno-access journal {self.table}"
            )

    def take_back(self, entry: LogEntry) -> bool:
        """``entry`` taken back if it was the last put and is not sent yet."""
        if self._queue and self._queue[-1][0] is entry:
            _, taken = self._queue.pop()
            before = self._outstanding()  # what a wait for it waits for now (0: nothing)
            self._waiting = [(before if n == taken else n, future) for n, future in self._waiting]
            self._answer_waiting()
            return True
        return False

    def _outstanding(self) -> int:
        """The number of the last entry put and not yet acknowledged (0: none)."""
        return self._queue[-1][1] if self._queue else self._sending

    async def written(self) -> int:
        """Once every entry put so far is acknowledged: the last sequence acknowledged (that
        of the last of them, or of one put after it); else ``LeaseLost``."""
        waiting = self.when_written()
        if waiting is not None:
            await waiting
        if self.lost is not None:
            raise self.lost
        return self.last

    def when_written(self) -> asyncio.Future[bool] | None:
        """None when every entry put so far is acknowledged (what was applied may be told
        now); else a future, True once they are, False if the lease is lost first (what
        was applied must never be told). Without a coroutine: the ways out ask it at every
        piece of output they send, and send what they held when they asked once it is True.

        Entries put after the question are not waited for: a table whose bots keep
        playing while its last moves are on their way tells each move as it is kept,
        instead of holding everything until its writer has nothing left to send."""
        target = self._outstanding()
        if self.lost is None and not target:
            return None
        waiting = asyncio.get_running_loop().create_future()
        if self.lost is not None:
            waiting.set_result(False)
        else:
            self._waiting.append((target, waiting))
        return waiting

    def _answer_waiting(self) -> None:
        """The waits whose entry is acknowledged answered True; every wait False once the
        lease is lost."""
        outstanding = self._queue[0][1] if self._queue else self._sending
        keep: list[tuple[int, asyncio.Future[bool]]] = []
        for n, future in self._waiting:
            if self.lost is not None or not outstanding or n < outstanding:
                if not future.done():
                    future.set_result(self.lost is None)
            else:
                keep.append((n, future))
        self._waiting = keep

    async def close(self) -> None:
        """The appends still waiting dropped, and the task ended; what waited to be told
        is never told (``when_written`` answers False)."""
        self._queue.clear()
        if self.lost is None:
            self.lost = LeaseLost(self.table)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._answer_waiting()

    async def _drain(self) -> None:
        try:
            while self._queue:
                entry, n = self._queue.popleft()  # sent: no longer to take back
                self._sending = n
                self.last = await self._append(entry, f"{self._me}.{n}")
                self._sending = 0
                self.appended += 1
                self._answer_waiting()  # those waiting for this one, or one before it
        except LeaseLost as lost:
            self.lost = lost
            self._queue.clear()
            if self.on_lost is not None:
                self.on_lost(lost)
        finally:
            self._sending = 0
            self._answer_waiting()

    async def _append(self, entry: LogEntry, msg_id: str) -> int:
        from nats.js.errors import APIError

        headers = {**entry.headers(), EXPECTED: str(self.last), MSG_ID: msg_id}
        deadline = time.monotonic() + self._patience
        while True:
            try:
                ack = await self._js.publish(
                    self.subject,
                    entry.payload(),
                    timeout=self._wait,
                    stream=names.STREAM,
                    headers=headers,
                )
                return int(ack.seq)
            except APIError as error:
                if error.err_code in WRONG_LAST_SEQUENCE:
                    landed = await self._landed(msg_id, deadline)
                    if landed is None:
                        raise LeaseLost(self.table) from None
                    return landed
                if error.code is not None and 400 <= error.code < 500 and error.code != 408:
                    raise NotJournaled(self.table) from error  # never to be taken
            except Exception:  # no answer in time, no responders: a leader being elected
                pass
            if time.monotonic() >= deadline:
                raise NotJournaled(self.table)
            await asyncio.sleep(RETRY_WAIT)

    async def _landed(self, msg_id: str, deadline: float) -> int | None:
        """The sequence of the subject's last entry if it is ``msg_id`` (a try whose
        answer was lost had landed), else None."""
        from nats.js.errors import NotFoundError

        while True:
            try:
                last = await self._js.get_last_msg(names.STREAM, self.subject)
            except NotFoundError:
                return None
            except Exception:
                if time.monotonic() >= deadline:
                    raise NotJournaled(self.table) from None
                await asyncio.sleep(RETRY_WAIT)
                continue
            if (last.headers or {}).get(MSG_ID) == msg_id and last.seq is not None:
                return int(last.seq)
            return None


class StreamJournal:
    """The journal (``tables.Journal``) of the tables this server holds, each on its
    subject of ``UNO_TABLES`` over ``js``; a table is written from the sequence it is
    ``held`` from (0: a new table), or from 0 the first time it is journaled."""

    def __init__(
        self, js: JetStreamContext, wait: float = REQUEST_WAIT, patience: float = PATIENCE
    ) -> None:
        self._js = js
        self._wait = wait
        self._patience = patience
        self._writers: dict[int, TableWriter] = {}
        self._last_action: dict[int, LogEntry] = {}  # table -> its action just put
        # told (a table's number) as a writer learns its lease is lost, once
        self.on_lost: Callable[[int], None] | None = None

    def hold(self, number: int, last: int = 0) -> TableWriter:
        """Table ``number`` written by this server from here on, after its entry of
        sequence ``last`` (what ``readback.read_table`` found; 0: no entry yet)."""
        writer = TableWriter(self._js, str(number), last, self._wait, self._patience)
        on_lost = self.on_lost
        if on_lost is not None:
            writer.on_lost = lambda lost: on_lost(number)
        self._writers[number] = writer
        self._last_action.pop(number, None)
        return writer

    async def take_over(self, number: int, last: int, server: str) -> int:
        """Table ``number`` held from ``last`` on, its log marked as ``server``'s (so that
        its old owner's next append is refused even if it knew ``last``); the marker's
        sequence, else ``LeaseLost``."""
        writer = self.hold(number, last)
        writer.put(held_entry(names.token(server)))
        return await writer.written()

    def writer(self, number: int) -> TableWriter:
        writer = self._writers.get(number)
        return writer if writer is not None else self.hold(number)

    def held(self, number: int) -> TableWriter | None:
        """Table ``number``'s writer, if this journal writes it."""
        return self._writers.get(number)

    async def written(self, number: int) -> int:
        """Once every entry of table ``number`` asked so far is acknowledged: its last
        sequence; else ``LeaseLost``."""
        return await self.writer(number).written()

    async def let_go(self, number: int) -> None:
        """Table ``number`` no longer written here (given up, or lost)."""
        writer = self._writers.pop(number, None)
        self._last_action.pop(number, None)
        if writer is not None:
            await writer.close()

    async def close(self) -> None:
        for number in list(self._writers):
            await self.let_go(number)

    # ----------------------------------------------------------------- the journal

    def started(self, table: ServerTable) -> None:
        self._put(table.number, setup_entry(table, PLAYING))

    def changed(self, table: ServerTable) -> None:
        """Its setup again: its seats before the game, its stand-ins and grace during it."""
        if table.stage is Stage.WAITING:
            self._put(table.number, setup_entry(table, WAITING))
        elif table.stage is Stage.PLAYING:
            self._put(table.number, setup_entry(table, PLAYING))

    def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
        """``action`` appended, before it is applied (a query is not)."""
        self._last_action.pop(table.number, None)
        entry = action_entry(action, timeout)
        if entry is None:  # a query: nothing appended, the lease lost said even so
            lost = self.writer(table.number).lost
            if lost is not None:
                raise lost
            return
        self._put(table.number, entry)
        self._last_action[table.number] = entry

    def rejected(self, table: ServerTable) -> None:
        """The action put last was refused: taken back if not sent yet, else a
        ``rejected`` entry takes it out on reading."""
        entry = self._last_action.pop(table.number, None)
        if entry is None or entry.kind != ACTION:
            return
        if not self.writer(table.number).take_back(entry):
            self._put(table.number, rejected_entry())

    def ended(self, table: ServerTable) -> None:
        self._put(table.number, ended_entry())

    def said(self, table: ServerTable, by: str, said: str) -> None:
        """A chat line at the table, for those seated at it from other servers."""
        self._put(table.number, said_entry(by, said))

    def lines(self, table: ServerTable, text: str) -> None:
        """The table's lines of its own told (``far.lines_json``), for the same people."""
        self._put(table.number, lines_entry(text))

    def replay(self, number: int) -> Replay | None:
        """Not kept here yet: a finished table's replay is its server's tables file's."""
        return None

    def _put(self, number: int, entry: LogEntry) -> None:
        if entry.kind != ACTION:
            self._last_action.pop(number, None)
        self.writer(number).put(entry)
