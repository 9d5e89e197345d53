"""The tables a server holds on the cluster (``uno-access serve --cluster``): each one
under its lease, journaled to its subject of ``UNO_TABLES``, and taken over from a server
that died.

- **Numbers**: a table's number is the cluster's, not the server's: a counter key
  (``COUNTER``) in the bucket ``uno-tables``, raised by a revision-checked ``update`` (the
  bucket's own concurrency: of two servers raising it from the same revision one is
  refused and reads again), a ``BLOCK`` of numbers at a time. Why a counter and not a
  random or a server-prefixed id: people type a table's number (``join 12``), so it must
  stay short and, from one server to another, mean one table; a block per request keeps
  the bucket out of ``new``'s way (``Lobby.new_table`` is called on the loop, at once),
  while the next block is asked for once half of this one is used. Numbers are never
  given twice; a block left unused by a server that stops is a gap, nothing more.
- **A table made here**: its lease is taken at once (a fresh number: no one else may hold
  it), then its key in ``uno-tables`` (the directory of live tables: a key there without
  a lease is a table whose owner died) is written; its journal is ``journal``'s, its
  lease renewed every sixth of its TTL with the others, released at its end. A renewal
  not answered (a NATS node gone, a leader being elected) is tried again every third of
  that until it is (the TTL outlives JetStream's election of a new leader, ``names``);
  since its answer alone may have been lost, the key found still naming this server
  then counts as renewed (``Leases.renew``'s ``unsure``).
- **Told after written**: every way out (``Lobby.held_for``) holds what it would send
  about a table while the table's entries are not all acknowledged, and drops it if the
  lease is lost first. The game was applied at once (``journal``'s rule), but nobody is
  told a move the log does not hold.
- **Lost**: a renewal refused, or an append refused (``LeaseLost``): another server holds
  the table. It is dropped here unsaid (``ServerTable.let_go``), and each of its people
  told in one sentence which server holds it now, their session closed so that they
  connect there.
- **Taken over**: every sixth of the leases' TTL the server lists the directory and the
  leases; a table listed without a lease lapsed (its owner died, or lost the cluster).
  ``Leases.take`` decides who takes it: one server's ``create`` wins, the others are
  refused. The winner reads the log (``readback``), marks it as its own
  (``StreamJournal.take_over``: an old owner still appending is refused from then on; a
  mark refused because the old owner appended after the reading is read again), rebuilds
  the table by the restart path (``SavedTable.table``) and holds its seats as after a
  restart: a person who connects to this server is back at their seat.
- **Ended**: the log's last entry is written, the table's subject purged from the stream,
  its directory key deleted, its lease released. Purged at once rather than kept: the
  log is what a new owner rebuilds from, and a finished table has none; its result is
  recorded by the server where it ended (``Lobby.match_ended``) before the end is
  journaled, so the stream holds the live tables alone and does not grow.

The seats' accounts: each server keeps its own accounts until they are shared, so a seat
taken over is matched by its name (the account's creation time, kept per server, means
nothing on another).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, TypeVar

from ...access import messages
from ..server.saved import OVER, SavedTableError
from ..server.tables import Lobby, ServerTable, Stage
from ..wire.said import Words
from . import names, replays
from .connect import REQUEST_WAIT
from .journal import PATIENCE, RETRY_WAIT, StreamJournal
from .lease import Held, LeaseLost, Leases
from .quiet import quietly
from .readback import TableLog, read_table

if TYPE_CHECKING:
    from nats.js import JetStreamContext
    from nats.js.kv import KeyValue

    from ...engine.actions import Action
    from ..server.tables import Replay

COUNTER = "next-number"  # the key in ``uno-tables`` of the next number to give
BLOCK = 10  # numbers taken from the counter at once
# the leases renewed, and the lapsed ones looked for, every sixth of the leases' TTL (the
# bucket's own, read as the server starts)
RENEWALS_A_TTL = 6
RENEW_TICKS = 3  # a renewal not answered is tried again a third of that later
TAKE_TRIES = 20  # readings of a log whose old owner still appends, before giving it up
T = TypeVar("T")


class Numbers:
    """The table numbers this server may give, ``BLOCK`` at a time from the counter."""

    def __init__(self, kv: KeyValue, floor: int = 0) -> None:
        self._kv = kv
        self._floor = floor  # numbers this server used before (its own results' tables)
        self._free: deque[int] = deque()
        self._asking: asyncio.Task[None] | None = None

    async def reserve(self) -> None:
        """A block more, from the counter (``update`` with the revision read: a race
        lost is read again)."""
        from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError, NotFoundError

        while True:
            try:
                entry = await self._kv.get(COUNTER)
            except KeyNotFoundError:
                first = self._floor + 1
                try:
                    await self._kv.create(COUNTER, str(first + BLOCK).encode())
                # made by another server meanwhile (not found: nats-py's ``create`` read
                # it back from a copy that has not got it yet, ``lease.Leases.take``)
                except (KeyWrongLastSequenceError, NotFoundError):
                    continue
                break
            first = max(int(entry.value or b"1"), self._floor + 1)
            try:
                await self._kv.update(COUNTER, str(first + BLOCK).encode(), last=entry.revision)
            except KeyWrongLastSequenceError:
                continue
            break
        self._free.extend(range(first, first + BLOCK))

    def take(self) -> int | None:
        """The next number (None: none left, the cluster not answering meanwhile); the
        next block asked for once half of this one is used."""
        number = self._free.popleft() if self._free else None
        if len(self._free) < BLOCK // 2 and (self._asking is None or self._asking.done()):
            self._asking = asyncio.get_running_loop().create_task(self._more())
        return number

    async def ready(self) -> None:
        """Until a number is free: at once when one is; else the next block asked for
        and waited for, ``REQUEST_WAIT * 2`` seconds at most (then ``take`` gives None,
        and the person is told the servers do not answer one another)."""
        deadline = asyncio.get_running_loop().time() + REQUEST_WAIT * 2
        while not self._free:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return
            if self._asking is not None and self._asking.done():
                await asyncio.sleep(min(RETRY_WAIT, left))  # the last ask failed at once
            if self._asking is None or self._asking.done():
                self._asking = asyncio.get_running_loop().create_task(self._more())
            await asyncio.wait([self._asking], timeout=left)

    async def _more(self) -> None:
        with contextlib.suppress(Exception):  # not answering: asked again at the next take
            await asyncio.wait_for(self.reserve(), REQUEST_WAIT * 2)

    async def close(self) -> None:
        if self._asking is not None:  # bounded: nats-py may take the cancellation for a
            self._asking.cancel()  # timeout, and the task go on asking
            await asyncio.wait([self._asking], timeout=REQUEST_WAIT)


def _say(line: str, error: bool = False) -> None:
    """An operator's line: on standard error when something failed, else on the output."""
    print(line, file=sys.stderr if error else sys.stdout, flush=True)


class ClusterTables:
    """The journal (``tables.Journal``) of every table of ``lobby``, held on the cluster
    as server ``server``: ``start`` first, ``close`` as the server stops."""

    def __init__(
        self,
        js: JetStreamContext,
        lobby: Lobby,
        server: str,
        leases: KeyValue,
        directory: KeyValue,
        numbers: Numbers,
        ttl: float = names.LEASE_TTL,
    ) -> None:
        self.js = js
        self.lobby = lobby
        self.server = names.token(server)
        self.leases = Leases(leases, server)
        self._lease_bucket = leases
        self.directory = directory
        self.numbers = numbers
        self.every = ttl / RENEWALS_A_TTL  # seconds between two renewals, two looks
        self.journal = StreamJournal(js)
        self.journal.on_lost = self._lost_soon
        self.held: dict[int, Held] = {}  # the tables whose lease this server holds
        self.renewed: dict[int, float] = {}  # when each was last renewed (monotonic)
        self._unsure: set[int] = set()  # their last renewal had no answer (maybe written)
        self.lost: set[int] = set()  # dropped here: their lease is another's
        self._taking: set[int] = set()  # leases being taken (a new table, a take-over)
        self._marking: set[int] = set()  # logs being marked as this server's (taken over)
        self._tasks: set[asyncio.Task[None]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._closed = False
        # a table held here is listed anew in the directory (``far.Span.relist``)
        self.on_listed: Callable[[ServerTable], None] | None = None

    @classmethod
    async def start(cls, js: JetStreamContext, lobby: Lobby, server: str) -> ClusterTables:
        """Held from now on: the first block of numbers reserved, ``lobby`` numbering and
        journaling through the cluster, the renewals and the look for lapsed tables
        running (the first look at once: a server starting takes what waits)."""
        leases = await js.key_value(names.LEASES)
        directory = await js.key_value(names.TABLES)
        floor = lobby.results.last_table() if lobby.results is not None else 0
        numbers = Numbers(directory, floor)
        await numbers.reserve()
        ttl = (await leases.status()).ttl or names.LEASE_TTL
        held = cls(js, lobby, server, leases, directory, numbers, ttl)
        lobby.numbers = numbers.take
        lobby.number_ready = numbers.ready
        lobby.journal = held
        lobby.held_for = held.held_for
        loop = asyncio.get_running_loop()
        held._loops = [
            loop.create_task(held._renewing(), name="uno-access leases renewed"),
            loop.create_task(held._scanning(), name="uno-access lapsed tables"),
        ]
        return held

    # ----------------------------------------------------------------- told after written

    def held_for(self, table: ServerTable | None) -> asyncio.Future[bool] | None:
        """What is told of ``table`` waits for this (``Lobby.held_for``)."""
        if table is None:
            return None
        if table.number in self.lost:
            gone: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            gone.set_result(False)
            return gone
        writer = self.journal.held(table.number)
        return None if writer is None else writer.when_written()

    # ----------------------------------------------------------------- the journal

    def started(self, table: ServerTable) -> None:
        if self._mine(table):
            self._guarded(table.number, self.journal.started, table)
            self._listed(table)

    def changed(self, table: ServerTable) -> None:
        if self._mine(table):
            self._guarded(table.number, self.journal.changed, table)
            self._listed(table)

    def _listed(self, table: ServerTable) -> None:
        if self.on_listed is not None and table.number not in self.lost:
            self.on_listed(table)

    def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
        if self._mine(table):
            self._guarded(table.number, self.journal.action, table, action, timeout)

    def rejected(self, table: ServerTable) -> None:
        if self._mine(table):
            self._guarded(table.number, self.journal.rejected, table)

    def ended(self, table: ServerTable) -> None:
        if self._mine(table):
            self._guarded(table.number, self.journal.ended, table)
            self._task(self._end(table.number))

    def said(self, table: ServerTable, by: str, said: str) -> None:
        """A chat line at ``table``, journaled for its people on other servers."""
        if self._mine(table):
            self._guarded(table.number, self.journal.said, table, by, said)

    def lines(self, table: ServerTable, text: str) -> None:
        """``table``'s lines of its own told, journaled for its people on other servers."""
        if self._mine(table):
            self._guarded(table.number, self.journal.lines, table, text)

    def replay(self, number: int) -> Replay | None:
        """Not kept here: the cluster keeps it (``replays``), which ``replay N`` asks."""
        return None

    def _mine(self, table: ServerTable) -> bool:
        """Whether this server journals ``table``: not once it stops, nor once it is lost;
        a table seen the first time (just made) has its lease taken."""
        number = table.number
        if self._closed or number in self.lost:
            return False
        if number not in self.held and number not in self._taking:
            self._taking.add(number)
            self._task(self._hold_new(number))
        return True

    def _guarded(self, number: int, call: Callable[..., None], *args: object) -> None:
        try:
            call(*args)
        except LeaseLost:  # known lost already: the table goes, its callers go on
            self._lost_soon(number)

    def _task(self, work: Coroutine[object, object, None]) -> None:
        """``work`` done on the loop, its failure kept quiet (the cluster not answering:
        what it left undone is done again by a look, a renewal, or another server)."""
        quietly(self._tasks, work)

    async def _hold_new(self, number: int) -> None:
        """A table made here: its lease, then its key in the directory."""
        try:
            held = await self._retried(lambda: self.leases.take(number))
            if held is None:  # a number given twice cannot be: held by another, it goes
                self._lost_soon(number)
                return
            self.held[number] = held
            self.renewed[number] = time.monotonic()
            about = json.dumps({"server": self.server}).encode()
            await self._retried(lambda: self.directory.put(names.lease_key(number), about))
            table = self.lobby.tables.get(number)
            if table is not None:  # its line, now that it is held (``far``)
                self._listed(table)
        finally:
            self._taking.discard(number)

    async def _retried(self, call: Callable[[], Awaitable[T]]) -> T:
        """``call()`` awaited, tried again while JetStream does not answer (a leader being
        elected), ``PATIENCE`` seconds at most."""
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                return await call()
            except (LeaseLost, asyncio.CancelledError):
                raise
            except Exception:
                if time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.2)

    async def _end(self, number: int) -> None:
        """A table's end: once its last entry is written, its log purged, its key out of
        the directory, its lease released."""
        try:
            await self.journal.written(number)
        except LeaseLost:
            return  # another holds it now, and ends it there
        with contextlib.suppress(Exception):  # its replay kept before its log is purged
            log = await read_table(self.js, number, patience=REQUEST_WAIT)
            if log.state == OVER:
                await replays.keep(self.js, log)
        await self._forget(number)

    async def _forget(self, number: int) -> None:
        with contextlib.suppress(Exception):
            await self._retried(
                lambda: self.js.purge_stream(names.STREAM, subject=names.log_subject(number))
            )
        with contextlib.suppress(Exception):
            await self._retried(lambda: self.directory.delete(names.lease_key(number)))
        held = self.held.pop(number, None)
        self.renewed.pop(number, None)
        self._unsure.discard(number)
        if held is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(held)
        await self.journal.let_go(number)

    # ----------------------------------------------------------------- lost

    def _lost_soon(self, number: int) -> None:
        """Table ``number`` is another server's now: dropped here at once, unsaid; its
        people told where it went as soon as that is known."""
        if number in self.lost or number in self._marking or self._closed:
            return  # (a mark refused while taking a table over: read again, ``_marked``)
        self.lost.add(number)
        self.held.pop(number, None)
        self.renewed.pop(number, None)
        self._unsure.discard(number)
        table = self.lobby.tables.pop(number, None)
        if table is not None:
            table.let_go()
        self._task(self._lost(number, table))

    async def _lost(self, number: int, table: ServerTable | None) -> None:
        await self.journal.let_go(number)
        holder = None
        with contextlib.suppress(Exception):
            holder = await asyncio.wait_for(self.leases.holder(number), REQUEST_WAIT)
        _say(messages.cluster_table_lost(number, holder or ""), error=True)
        if table is None:
            return
        people = [place.name for place in table.places if place.person and place.present]
        for name in [*people, *sorted(table.spectators)]:
            self.lobby.end_session(name, lambda: messages.net_table_moved(number, holder or ""))

    # ----------------------------------------------------------------- renewed

    async def _renewing(self) -> None:
        """Each lease renewed once a sixth of the TTL has passed since it last was; one
        not answered tried again at the next tick (a third of that), not a sixth of the
        TTL later: a NATS node lost with its leader takes seconds to replace, and the
        lease must be renewed again well before it lapses. The leases are renewed
        together, so that one slow answer holds back none of the others."""
        while not self._closed:
            await asyncio.sleep(self.every / RENEW_TICKS)
            now = time.monotonic()
            due = [
                self._renew(number, held)
                for number, held in list(self.held.items())
                if now - self.renewed.get(number, now) >= self.every
            ]
            if due:
                await asyncio.gather(*due)

    async def _renew(self, number: int, held: Held) -> None:
        unsure = number in self._unsure
        try:
            renewed = await asyncio.wait_for(self.leases.renew(held, unsure), REQUEST_WAIT)
        except LeaseLost:
            self._lost_soon(number)
            return
        except Exception:  # no answer: it may have been written all the same; tried again
            if self.held.get(number) is held:
                self._unsure.add(number)
            return
        if self.held.get(number) is held:
            self.held[number] = renewed
            self.renewed[number] = time.monotonic()
            self._unsure.discard(number)

    # ----------------------------------------------------------------- taken over

    async def _scanning(self) -> None:
        while not self._closed:
            with contextlib.suppress(Exception):  # the cluster not answering: next time
                await self.scan()
            await asyncio.sleep(self.every)

    async def lapsed(self) -> list[int]:
        """The tables of the directory whose lease lapsed, and this server does not hold."""
        from nats.js.errors import NoKeysError

        try:
            listed = await self.directory.keys()
        except NoKeysError:
            return []
        try:
            leased = set(await self._lease_bucket.keys())
        except NoKeysError:
            leased = set()
        found = []
        for key in listed:
            if not key.isdigit() or key in leased:
                continue
            number = int(key)
            if number not in self.held and number not in self._taking:
                found.append(number)
        return sorted(found)

    async def scan(self) -> list[int]:
        """Every lapsed table this server wins the lease of, taken over; their numbers."""
        taken = []
        for number in await self.lapsed():
            if self._closed:
                break
            if await self.take_over(number):
                taken.append(number)
        return taken

    async def take_over(self, number: int) -> bool:
        """Table ``number`` taken over if this server wins its lease: read back, marked as
        this server's, rebuilt, its seats held; whether it was won."""
        self._taking.add(number)
        try:
            held = await self.leases.take(number)
            if held is None:
                return False  # another server won it
            self.held[number] = held
            self.renewed[number] = time.monotonic()
            self.lost.discard(number)
            log = await self._marked(number)
            if log is None:  # the old owner still appends: it is left to it
                await self._give_back(number)
                return False
            self._rebuilt(log)
            return True
        finally:
            self._taking.discard(number)

    async def _marked(self, number: int) -> TableLog | None:
        """The table's log, read and then marked as this server's with nothing appended
        between the two; None after ``TAKE_TRIES`` readings."""
        self._marking.add(number)
        try:
            for _ in range(TAKE_TRIES):
                log = await read_table(self.js, number)
                try:
                    await self.journal.take_over(number, log.last, self.server)
                except LeaseLost:
                    await self.journal.let_go(number)
                    await asyncio.sleep(RETRY_WAIT)
                    continue
                return log
            return None
        finally:
            self._marking.discard(number)

    async def _give_back(self, number: int) -> None:
        held = self.held.pop(number, None)
        self.renewed.pop(number, None)
        self._unsure.discard(number)
        if held is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(held)

    def _rebuilt(self, log: TableLog) -> None:
        """The table of ``log`` in this server's lobby, as after a restart."""
        number, saved, lobby = log.number, log.saved, self.lobby
        if saved is None or log.state == OVER:  # nothing to play on: ended
            self._task(self._forget(number))
            return
        try:
            table = saved.table(lobby)
        except SavedTableError as error:  # left as it is, for its operator to look at
            _say(messages.cluster_table_unreadable(number, str(error)), error=True)
            self.lost.add(number)
            self._task(self._set_aside(number))
            return
        if table.stage is Stage.OVER:  # its last move written, its end not recorded
            lobby.match_ended(table)
            table.journal = self
            self.ended(table)
            return
        for place in table.places:
            place.account = None  # accounts are each server's own yet: matched by name
        table.hold_seats(Words(messages.net_table_taken_over))
        table.journal = self
        lobby.tables[number] = table
        self._listed(table)
        _say(messages.cluster_took_over(number, len(saved.actions)))

    async def _set_aside(self, number: int) -> None:
        """A log that does not rebuild: out of the directory (no server tries it again),
        kept in the stream, its lease released."""
        with contextlib.suppress(Exception):
            await self.directory.delete(names.lease_key(number))
        await self._give_back(number)
        await self.journal.let_go(number)

    # ----------------------------------------------------------------- the end

    async def close(self) -> None:
        """As the server stops: nothing more journaled (its people leaving end no table),
        what was asked written, and every lease released, so that the other servers take
        the tables over at their next look rather than after the leases' TTL."""
        self._closed = True
        for task in self._loops:
            task.cancel()
        if self._loops:  # bounded: a library call may take a cancellation for a timeout
            await asyncio.wait(self._loops, timeout=REQUEST_WAIT)
        await self.numbers.close()
        for number in list(self.held):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.journal.written(number), REQUEST_WAIT)
        for held in list(self.held.values()):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.leases.release(held), REQUEST_WAIT)
        self.held.clear()
        await self.journal.close()
