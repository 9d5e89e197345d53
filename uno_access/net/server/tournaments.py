"""Tournaments run by the server: sign-up, each round's tables, no-shows, standings.

Kept beside the accounts (tables ``tournaments``, ``entrants`` and ``rounds`` of
``accounts.db``), and every round's tables are the server's own tables (saved in the
tables file like any), so a restart brings a tournament back where it was: a round in
play goes on at its tables brought back, a round whose tables all ended while the server
went down is followed by the next at the start (``resume``).

- **A tournament** has a host (who made it), a format (``swiss`` or ``knockout``), a
  table size, a number of rounds (Swiss; a knockout plays until one table is left), the
  rules, a number of places, and a start: when full, or at a time (UTC), or when the host
  types ``tournament start``.
- **A round**: the tables (``pairing``), each a server table whose seats are held for its
  people; each person is told their table ("type join 7"). A seat whose person has not
  come when the tournament's grace is over is played by a bot until they come
  (``ServerTable.tournament``: the table stands in by itself, no host to ask).
- **A table ended** (``table_ended``, from the lobby's ``match_ended``): its places give
  each person their points (``pairing.points``); a knockout keeps each table's winner.
  When every table of the round has ended, the next round is seated, or the tournament
  ends: its final standings told to everyone in it, one line each, and kept.
- Only the server seats a round or records a place; a person signs up and withdraws
  themselves alone, and only the host starts or cancels.
- **Each change is a step** of the tournament's record (``tournament_record``): read,
  changed, written whole, then followed (``followed``: the people connected here told
  what changed, the start timed, a planned round's tables made). A server alone writes
  the record here at once; a cluster's servers write it to the cluster first
  (``shared``, ``cluster.tournaments``), and each follows every step it learns.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from ...access import messages
from ...engine.rules import RulesError, RuleSet
from ..wire.said import Heard, Said, Words
from . import pairing
from . import tournament_record as steps
from .results import Results, family_of
from .tables import NoTableNumber, Stage
from .tournament_record import FORMATS, KNOCKOUT, SWISS, Record, Signed, Slot, State

if TYPE_CHECKING:
    from .tables import Lobby, ServerTable

__all__ = ["FORMATS", "KNOCKOUT", "SWISS", "Record", "State", "Tournaments", "Unanswered"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    host TEXT NOT NULL COLLATE NOCASE,
    format TEXT NOT NULL,
    size INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    rules TEXT NOT NULL,
    places INTEGER NOT NULL,
    starts REAL,
    grace REAL NOT NULL,
    state TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    standings TEXT
);
CREATE TABLE IF NOT EXISTS entrants (
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL COLLATE NOCASE,
    points INTEGER NOT NULL DEFAULT 0,
    out INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament, name)
);
CREATE TABLE IF NOT EXISTS rounds (
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    round INTEGER NOT NULL,
    tab INTEGER NOT NULL,
    seats TEXT NOT NULL,
    places TEXT,
    PRIMARY KEY (tournament, round, tab)
);
"""

DEFAULT_GRACE = 120.0  # seconds a seat waits for its person before a bot plays it
MOST_PLACES = 256
NUMBER_RETRY = 2.0  # seconds before a round's tables that had no number are made again
RETRY = 1.0  # seconds before a step the tournament waits on is tried again (a cluster's)

T = TypeVar("T")


class Unanswered(Exception):
    """A cluster's step not made: its servers did not answer (nothing was changed)."""


class Shared(Protocol):
    """Where a cluster's tournaments are kept (``cluster.tournaments``): a step made there
    at the revision read, tried again on a newer one until it holds or does not apply."""

    async def step(self, number: int, change: Callable[[Record], Record | None]) -> Record | None:
        """``change`` made there, copied here and followed (None: it did not apply)."""

    async def create(self, made: Callable[[int], Record]) -> Record:
        """A new tournament under the next number free there, copied here, followed."""


def now(work: Coroutine[Any, Any, T]) -> T:
    """``work`` carried out at once: a server alone's steps never wait (no ``Shared``)."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a step of a server alone's tournaments waited")


class Tournaments:
    """The tournaments in ``db`` (the accounts' connection, its ``lock`` shared), run on
    the lobby's event loop. With a cluster (``shared``), ``db`` is this server's copy of
    the cluster's, and every step is made there first."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock
        self.lobby: Lobby | None = None  # the lobby whose tables the rounds are played at
        self.results: Results | None = None  # the ratings the Swiss order reads
        self.shared: Shared | None = None  # a cluster's: each step made there
        self.server = ""  # this server's id in a cluster: the ``by`` of rounds it seats
        self._timers: dict[int, asyncio.TimerHandle] = {}
        # a round whose tables wait for numbers (``_wait_for_numbers``), by tournament
        self._waiting: dict[int, asyncio.TimerHandle] = {}
        self._making: set[int] = set()  # tournaments whose round's tables are being made
        self._tasks: set[asyncio.Task[Any]] = set()
        # who makes a running round's tables (``Record.by``): a cluster's server id, kept
        # beside the file (its copy is the cluster's record), "" for a server alone
        self._by: dict[int, str] = {}
        self._stopped = False  # ``stop``: no step begun from here on
        self.clock: Callable[[], float] = time.time

    # ----------------------------------------------------------------- the file

    def load(self, number: int) -> Record | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, host, format, size, rounds, rules, places, starts, grace, state, "
                "round, standings FROM tournaments WHERE id = ?",
                (number,),
            ).fetchone()
            if row is None:
                return None
            signed = self._db.execute(
                "SELECT name, points, out FROM entrants WHERE tournament = ? ORDER BY rowid",
                (number,),
            ).fetchall()
            slots = self._db.execute(
                "SELECT round, tab, seats, places FROM rounds WHERE tournament = ? "
                "ORDER BY round, rowid",
                (number,),
            ).fetchall()
        return Record(
            number=int(row[0]),
            host=str(row[1]),
            format=str(row[2]),
            size=int(row[3]),
            rounds=int(row[4]),
            rules=str(row[5]),
            places=int(row[6]),
            starts=None if row[7] is None else float(row[7]),
            grace=float(row[8]),
            state=State(row[9]),
            round=int(row[10]),
            entrants=tuple(Signed(str(n), int(p), bool(o)) for n, p, o in signed),
            tables=tuple(
                Slot(
                    int(r),
                    int(t),
                    tuple(json.loads(seats)),
                    None if places is None else tuple(json.loads(places)),
                )
                for r, t, seats, places in slots
            ),
            standings=None
            if row[11] is None
            else tuple((int(p), str(n), int(s)) for p, n, s in json.loads(row[11])),
            by=self._by.get(int(row[0]), ""),
        )

    def save(self, record: Record) -> None:
        """``record`` written whole (in one transaction), as it is."""
        standings = None if record.standings is None else json.dumps(record.standings)
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tournaments (id, host, format, size, rounds, rules, places, "
                "starts, grace, state, round, standings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state, round = "
                "excluded.round, standings = excluded.standings",
                (
                    record.number,
                    record.host,
                    record.format,
                    record.size,
                    record.rounds,
                    record.rules,
                    record.places,
                    record.starts,
                    record.grace,
                    record.state.value,
                    record.round,
                    standings,
                ),
            )
            self._db.execute("DELETE FROM entrants WHERE tournament = ?", (record.number,))
            self._db.executemany(
                "INSERT INTO entrants (tournament, name, points, out) VALUES (?, ?, ?, ?)",
                [(record.number, e.name, e.points, int(e.out)) for e in record.entrants],
            )
            self._db.execute("DELETE FROM rounds WHERE tournament = ?", (record.number,))
            self._db.executemany(
                "INSERT INTO rounds (tournament, round, tab, seats, places) VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        record.number,
                        s.round,
                        s.tab,
                        json.dumps(list(s.seats)),
                        None if s.places is None else json.dumps(list(s.places)),
                    )
                    for s in record.tables
                ],
            )
        self._by[record.number] = record.by

    def forget(self, number: int) -> None:
        """Tournament ``number`` gone from this file (a cluster's copy: the cluster has
        no such tournament)."""
        with self._lock, self._db:
            for table in ("entrants", "rounds"):
                self._db.execute(f"DELETE FROM {table} WHERE tournament = ?", (number,))
            self._db.execute("DELETE FROM tournaments WHERE id = ?", (number,))
        self._by.pop(number, None)

    def numbers(self, *states: State) -> list[int]:
        """The tournaments in these states, the newest first."""
        marks = ", ".join("?" for _ in states)
        with self._lock:
            rows = self._db.execute(
                f"SELECT id FROM tournaments WHERE state IN ({marks}) ORDER BY id DESC",
                [s.value for s in states],
            ).fetchall()
        return [int(n[0]) for n in rows]

    # ----------------------------------------------------------------- reading

    def get(self, number: int) -> Record | None:
        return self.load(number)

    def listed(self) -> list[Record]:
        """The tournaments signing up or running, the newest first."""
        found = (self.get(n) for n in self.numbers(State.SIGNUP, State.RUNNING))
        return [t for t in found if t is not None]

    def standings(self, number: int) -> list[pairing.Standing]:
        record = self.load(number)
        if record is None:
            return []
        return steps.standings(record, self._rating_in(record))

    def _rating_in(self, record: Record) -> steps.Rating:
        """A person's rating in the family of ``record``'s rules (0: none)."""
        results = self.results
        if results is None:
            return lambda name: 0
        try:
            kind = family_of(RuleSet.from_spec(record.rules))
        except RulesError:
            return lambda name: 0
        return lambda name: results.rating(name, kind) or 0

    def round_tables(self, number: int, round_: int) -> list[tuple[int, list[str], bool]]:
        """A round's tables: (table number, seats, ended)."""
        record = self.load(number)
        if record is None:
            return []
        return [(s.tab, list(s.seats), s.places is not None) for s in record.round_slots(round_)]

    def final(self, number: int) -> list[tuple[int, str, int]]:
        """An ended tournament's final standings, as they were told."""
        record = self.load(number)
        return [] if record is None or record.standings is None else list(record.standings)

    # ----------------------------------------------------------------- the steps

    async def step(self, number: int, change: Callable[[Record], Record | None]) -> Record | None:
        """``change`` made to tournament ``number`` (here, or on the cluster first), then
        what follows it (``followed``); None when it did not apply."""
        if self.shared is not None:
            return await self.shared.step(number, change)  # followed there, once
        old = self.load(number)
        new = None if old is None else change(old)
        if new is not None:
            self.save(new)
            self.followed(old, new)
        return new

    async def _surely(self, number: int, change: Callable[[Record], Record | None]) -> None:
        """``change`` made, however long a cluster takes to answer (a table's places, a
        round's start: the tournament waits on them), every ``RETRY`` seconds."""
        while True:
            try:
                await self.step(number, change)
                return
            except Unanswered:
                await asyncio.sleep(RETRY)

    async def made(
        self,
        host: str,
        format_: str,
        size: int,
        rounds: int,
        rules: str,
        places: int,
        starts: float | None,
        grace: float = DEFAULT_GRACE,
    ) -> int:
        """A tournament made, signing up: its number (``Unanswered``: a cluster's servers
        did not answer)."""

        def record(number: int) -> Record:
            return Record(number, host, format_, size, rounds, rules, places, starts, grace)

        if self.shared is not None:
            return (await self.shared.create(record)).number  # followed there
        made = record(max(self.numbers(*State), default=0) + 1)
        self.save(made)
        self.followed(None, made)
        return made.number

    async def joined(self, number: int, name: str) -> bool:
        """``name`` signs up (False: full, not signing up, or signed up already)."""
        return await self.step(number, lambda r: steps.signed_up(r, name)) is not None

    async def left(self, number: int, name: str) -> bool:
        return await self.step(number, lambda r: steps.withdrawn(r, name)) is not None

    async def ended(self, number: int) -> bool:
        """Cancelled, by its host (False: not signing up)."""
        return await self.step(number, steps.cancelled) is not None

    async def begun(self, number: int) -> bool:
        """The first round seated (False: not signing up, or fewer than two signed up)."""
        return await self.step(number, self._begin_step) is not None

    def _begin_step(self, record: Record) -> Record | None:
        return steps.begun(record, self._rating_in(record), self.server)

    # a server alone's steps, at once (its commands' and its tests')

    def create(
        self,
        host: str,
        format_: str,
        size: int,
        rounds: int,
        rules: str,
        places: int,
        starts: float | None,
        grace: float = DEFAULT_GRACE,
    ) -> int:
        return now(self.made(host, format_, size, rounds, rules, places, starts, grace))

    def sign_up(self, number: int, name: str) -> bool:
        return now(self.joined(number, name))

    def withdraw(self, number: int, name: str) -> bool:
        return now(self.left(number, name))

    def cancel(self, number: int) -> bool:
        return now(self.ended(number))

    def begin(self, number: int) -> bool:
        return now(self.begun(number))

    def table_ended(self, table: ServerTable, places: list[int]) -> None:
        """A table of a round ended with these final places: points, and the next round
        when it was the round's last table."""
        number, tab = table.tournament, table.number
        if number is None:
            return

        def change(record: Record) -> Record | None:
            return steps.counted(record, tab, places, self._rating_in(record), self.server)

        self.carry(self._surely(number, change))

    def resume(self) -> None:
        """At the server's start: each tournament signing up timed again (or begun, when
        it filled as the server stopped), each running one's tables marked, the tables of
        a round cut off as they were made made, and a round whose tables all ended while
        the server was down followed by the next."""
        for number in self.numbers(State.SIGNUP, State.RUNNING):
            record = self.load(number)
            if record is None:
                continue
            if record.state is State.SIGNUP:
                self._timed(record)
                continue
            self._mark_tables(record)
            if record.planned() and record.by == self.server:
                self.carry(self._make(number))

            def change(found: Record) -> Record | None:
                return steps.round_over(found, self._rating_in(found), self.server)

            self.carry(self._surely(number, change))

    # ----------------------------------------------------------------- what follows a step

    def followed(self, old: Record | None, new: Record) -> None:
        """What follows a step (this server's, or another's learned from the cluster):
        this server's people told what changed, the start timed, and the round's tables
        made by the server whose step planned them."""
        self._told(old, new)
        self._timed(new)
        if new.state is not State.SIGNUP:
            timer = self._timers.pop(new.number, None)
            if timer is not None:
                timer.cancel()
        if new.state is State.RUNNING and new.planned() and new.by == self.server:
            self.carry(self._make(new.number))

    def _told(self, old: Record | None, new: Record) -> None:
        names = tuple(e.name for e in (old or new).entrants)
        if old is not None and old.state is not new.state:
            if new.state is State.CANCELLED:
                self._tell(names, Words(messages.net_tournament_cancelled, (new.number,)))
            if new.state is State.OVER:
                for place, name, points in new.standings or ():
                    line = Words(messages.net_tournament_final, (new.number, place, name, points))
                    self._tell(names, line)
        before = {(s.round, s.seats): s.tab for s in (old.tables if old else ())}
        for slot in new.tables:
            if slot.tab > 0 and before.get((slot.round, slot.seats), -1) < 0:
                line = Words(messages.net_tournament_seat, (new.number, slot.round, slot.tab))
                self._tell(slot.seats, line)

    def _timed(self, record: Record) -> None:
        """A tournament signing up begins at its time, or at once when full."""
        if steps.full(record):
            self._later(record.number, 0.0)
        elif (
            record.state is State.SIGNUP
            and record.starts is not None
            and record.number not in self._timers
        ):
            self._later(record.number, max(0.0, record.starts - self.clock()))

    def _later(self, number: int, seconds: float) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        old = self._timers.pop(number, None)
        if old is not None:
            old.cancel()

        def begin() -> None:
            self._timers.pop(number, None)
            self.carry(self._surely(number, self._begin_step))

        self._timers[number] = lobby.loop.call_later(seconds, begin)

    def stop(self) -> None:
        """No step begun from here on: every start timed, retry and task cancelled (a
        cluster's server stopping)."""
        for handle in [*self._timers.values(), *self._waiting.values()]:
            handle.cancel()
        self._timers.clear()
        self._waiting.clear()
        for task in self._tasks:
            task.cancel()
        self._stopped = True

    def carry(self, work: Coroutine[Any, Any, object]) -> None:
        """``work`` carried out: at once by a server alone, as a task with a cluster;
        not at all once stopped."""
        if self._stopped:
            work.close()
            return
        if self.shared is None:
            now(work)
            return
        assert self.lobby is not None
        task = self.lobby.loop.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _make(self, number: int) -> None:
        """Each table of the round planned and not made yet made: its seats held for its
        people, started, its number written with the round (whose step tells them). A
        server killed as it made them brings this back at its start (``resume``): a
        table it had made already (brought back from the tables file, its number not yet
        written) is taken as it is, so that no table is made twice and none is missing.
        """
        lobby = self.lobby
        if lobby is None or number in self._making:
            return
        self._making.add(number)
        try:
            while True:
                record = self.load(number)
                if record is None or record.state is not State.RUNNING:
                    return
                planned = record.planned()
                if not planned or record.by != self.server:
                    self._stop_waiting(number)
                    return
                slot = planned[0]
                written = {s.tab for s in record.tables if s.tab > 0}
                table = self._made_before(number, list(slot.seats), written)
                if table is None:
                    try:
                        table = lobby.new_table(
                            record.host, RuleSet.from_spec(record.rules), record.rules
                        )
                    except NoTableNumber:
                        left = [name for s in planned for name in s.seats]
                        self._wait_for_numbers(record, left)
                        return
                    table.tournament = number
                    table.grace = record.grace
                    for name in slot.seats:
                        table.hold(name)
                if lobby.tables.get(table.number) is table and table.game is None:
                    table.start()  # (one another server holds plays there already)
                tab = table.number

                def change(found: Record, slot: Slot = slot, tab: int = tab) -> Record | None:
                    return steps.seated(found, slot.round, slot.tab, tab)

                try:
                    done = await self.step(number, change)
                except Unanswered:
                    self._wait_for_numbers(record, [])  # its number written when it answers
                    return
                if done is None and self.shared is not None:
                    table.tournament = None  # seated meanwhile by another server: not needed
                    table.close()
                    return
        finally:
            self._making.discard(number)

    def _stop_waiting(self, number: int) -> None:
        timer = self._waiting.pop(number, None)
        if timer is not None:
            timer.cancel()

    def _wait_for_numbers(self, record: Record, waiting: list[str]) -> None:
        """No table number can be had now (a cluster's servers do not answer one another):
        the round's tables not made yet are made in ``NUMBER_RETRY`` seconds, again until
        they are; ``waiting``, their people, are told so once."""
        lobby = self.lobby
        assert lobby is not None
        if record.number not in self._waiting:
            line = Words(messages.net_tournament_table_waits, (record.number, record.round))
            self._tell(waiting, line)
        self._waiting[record.number] = lobby.loop.call_later(
            NUMBER_RETRY, lambda: self.carry(self._make(record.number))
        )

    def _made_before(self, number: int, seats: list[str], written: set[int]) -> ServerTable | None:
        """A table of tournament ``number`` for exactly ``seats`` that no round names yet:
        this server's, or (a cluster's) one another server holds, as the directory lists
        it (its maker died before it wrote the table's number, and another took it over)."""
        lobby = self.lobby
        assert lobby is not None
        found: list[ServerTable] = list(lobby.tables.values())
        if lobby.far is not None:
            found += lobby.far.listed().values()
        for table in found:
            if (
                table.tournament == number
                and table.number not in written
                and table.stage is not Stage.OVER
                and [p.name.lower() for p in table.places] == [n.lower() for n in seats]
            ):
                return table
        return None

    def _mark_tables(self, record: Record) -> None:
        """A running tournament's tables brought back: they stand in by themselves."""
        lobby = self.lobby
        if lobby is None:
            return
        for slot in record.round_slots():
            table = lobby.tables.get(slot.tab)
            if table is not None:
                table.tournament = record.number
                table.grace = record.grace

    def _tell(self, names: tuple[str, ...] | list[str], line: Words) -> None:
        """``line`` told to each of ``names`` connected to this server."""
        lobby = self.lobby
        if lobby is None:
            return
        for name in names:
            tell = lobby.people.get(name)
            if tell is not None:
                tell(Heard(line, Said.NOTICE))
