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
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from ...access import messages
from ...engine.rules import RulesError, RuleSet
from ..wire.said import Heard, Said, Words
from . import pairing
from .results import Results, family_of
from .tables import NoTableNumber

if TYPE_CHECKING:
    from .tables import Lobby, ServerTable

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

SWISS, KNOCKOUT = "swiss", "knockout"
FORMATS = (SWISS, KNOCKOUT)
DEFAULT_GRACE = 120.0  # seconds a seat waits for its person before a bot plays it
MOST_PLACES = 256
NUMBER_RETRY = 2.0  # seconds before a round's tables that had no number are made again


class State(Enum):
    SIGNUP = "signup"
    RUNNING = "running"
    OVER = "over"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Tournament:
    number: int
    host: str
    format: str
    size: int
    rounds: int
    rules: str
    places: int
    starts: float | None  # time.time; None: when full (or the host's word)
    grace: float
    state: State
    round: int
    entrants: tuple[str, ...]


class Tournaments:
    """The tournaments in ``db`` (the accounts' connection, its ``lock`` shared), run on
    the lobby's event loop."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock
        self.lobby: Lobby | None = None  # the lobby whose tables the rounds are played at
        self.results: Results | None = None  # the ratings the Swiss order reads
        self._timers: dict[int, asyncio.TimerHandle] = {}
        # a round whose tables wait for numbers (``_wait_for_numbers``), by tournament
        self._waiting: dict[int, asyncio.TimerHandle] = {}
        self.clock: Callable[[], float] = time.time

    # ----------------------------------------------------------------- reading

    def get(self, number: int) -> Tournament | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, host, format, size, rounds, rules, places, starts, grace, state, "
                "round FROM tournaments WHERE id = ?",
                (number,),
            ).fetchone()
            if row is None:
                return None
            names = self._db.execute(
                "SELECT name FROM entrants WHERE tournament = ? ORDER BY rowid", (number,)
            ).fetchall()
        return Tournament(
            int(row[0]),
            str(row[1]),
            str(row[2]),
            int(row[3]),
            int(row[4]),
            str(row[5]),
            int(row[6]),
            None if row[7] is None else float(row[7]),
            float(row[8]),
            State(row[9]),
            int(row[10]),
            tuple(str(n[0]) for n in names),
        )

    def listed(self) -> list[Tournament]:
        """The tournaments signing up or running, the newest first."""
        with self._lock:
            numbers = self._db.execute(
                "SELECT id FROM tournaments WHERE state IN (?, ?) ORDER BY id DESC",
                (State.SIGNUP.value, State.RUNNING.value),
            ).fetchall()
        return [t for t in (self.get(int(n[0])) for n in numbers) if t is not None]

    def standings(self, number: int) -> list[pairing.Standing]:
        return pairing.standings(self._entrants(number), self._tables(number))

    def _entrants(self, number: int) -> list[pairing.Entrant]:
        with self._lock:
            rows = self._db.execute(
                "SELECT name, points FROM entrants WHERE tournament = ? ORDER BY rowid", (number,)
            ).fetchall()
        rating = self._rating_in(number)
        return [pairing.Entrant(str(n), int(p), rating(str(n))) for n, p in rows]

    def _rating_in(self, number: int) -> Callable[[str], int]:
        """A person's rating in the family of tournament ``number``'s rules (0: none)."""
        results, found = self.results, self.get(number)
        if results is None or found is None:
            return lambda name: 0
        try:
            kind = family_of(RuleSet.from_spec(found.rules))
        except RulesError:
            return lambda name: 0
        return lambda name: results.rating(name, kind) or 0

    def _tables(self, number: int, round_: int | None = None) -> list[list[str]]:
        where, args = "tournament = ?", [number]
        if round_ is not None:
            where, args = where + " AND round = ?", [number, round_]
        with self._lock:
            rows = self._db.execute(
                f"SELECT seats FROM rounds WHERE {where} ORDER BY round, rowid", args
            ).fetchall()
        return [list(json.loads(row[0])) for row in rows]

    def round_tables(self, number: int, round_: int) -> list[tuple[int, list[str], bool]]:
        """A round's tables: (table number, seats, ended)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT tab, seats, places FROM rounds WHERE tournament = ? AND round = ? "
                "ORDER BY rowid",
                (number, round_),
            ).fetchall()
        return [(int(t), list(json.loads(s)), p is not None) for t, s, p in rows]

    # ----------------------------------------------------------------- making, signing up

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
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT INTO tournaments (host, format, size, rounds, rules, places, starts, "
                "grace, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (host, format_, size, rounds, rules, places, starts, grace, State.SIGNUP.value),
            )
        number = int(cursor.lastrowid or 0)
        self._schedule(number)
        return number

    def sign_up(self, number: int, name: str) -> bool:
        """``name`` signs up (False: full, not signing up, or signed up already)."""
        found = self.get(number)
        if found is None or found.state is not State.SIGNUP:
            return False
        if len(found.entrants) >= found.places:
            return False
        with self._lock, self._db:
            done = self._db.execute(
                "INSERT OR IGNORE INTO entrants (tournament, name) VALUES (?, ?)", (number, name)
            )
        if done.rowcount and found.starts is None and len(found.entrants) + 1 >= found.places:
            self._later(number, 0.0)  # full: it begins
        return done.rowcount > 0

    def withdraw(self, number: int, name: str) -> bool:
        found = self.get(number)
        if found is None or found.state is not State.SIGNUP:
            return False
        with self._lock, self._db:
            done = self._db.execute(
                "DELETE FROM entrants WHERE tournament = ? AND name = ?", (number, name)
            )
        return done.rowcount > 0

    def cancel(self, number: int) -> bool:
        found = self.get(number)
        if found is None or found.state is not State.SIGNUP:
            return False
        self._set_state(number, State.CANCELLED)
        timer = self._timers.pop(number, None)
        if timer is not None:
            timer.cancel()
        self._tell(found.entrants, Words(messages.net_tournament_cancelled, (number,)))
        return True

    # ----------------------------------------------------------------- running

    def begin(self, number: int) -> bool:
        """The first round seated (False: not signing up, or fewer than two signed up)."""
        self._timers.pop(number, None)
        found = self.get(number)
        if found is None or found.state is not State.SIGNUP or len(found.entrants) < 2:
            return False
        self._set_state(number, State.RUNNING)
        self._seat_round(found, 1)
        return True

    def table_ended(self, table: ServerTable, places: list[int]) -> None:
        """A table of a round ended with these final places: points, and the next round
        when it was the round's last table."""
        number = table.tournament
        if number is None:
            return
        found = self.get(number)
        if found is None or found.state is not State.RUNNING:
            return
        with self._lock:
            row = self._db.execute(
                "SELECT round, seats, places FROM rounds WHERE tournament = ? AND tab = ?",
                (number, table.number),
            ).fetchone()
        if row is None or row[2] is not None:
            return  # not a table of this tournament, or counted already
        seats = list(json.loads(row[1]))
        got = pairing.points(places)
        with self._lock, self._db:
            self._db.execute(
                "UPDATE rounds SET places = ? WHERE tournament = ? AND tab = ?",
                (json.dumps(places), number, table.number),
            )
            for name, won in zip(seats, got, strict=True):
                self._db.execute(
                    "UPDATE entrants SET points = points + ? WHERE tournament = ? AND name = ?",
                    (won, number, name),
                )
            if found.format == KNOCKOUT:
                for name, place in zip(seats, places, strict=True):
                    if place != 1:
                        self._db.execute(
                            "UPDATE entrants SET out = 1 WHERE tournament = ? AND name = ?",
                            (number, name),
                        )
        self._round_done(found, int(row[0]))

    def resume(self) -> None:
        """At the server's start: each tournament signing up timed again, each running one
        whose round ended while the server was down carried on."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, state, round FROM tournaments WHERE state IN (?, ?)",
                (State.SIGNUP.value, State.RUNNING.value),
            ).fetchall()
        for number, state, round_ in rows:
            found = self.get(int(number))
            if found is None:
                continue
            if state == State.SIGNUP.value:
                self._schedule(found.number)
            else:
                self._open_planned(found, int(round_))  # a round killed as it was seated
                self._mark_tables(found)
                self._round_done(found, int(round_))

    def _round_done(self, found: Tournament, round_: int) -> None:
        tables = self.round_tables(found.number, round_)
        if not tables or not all(ended for _, _, ended in tables):
            return
        still = self._still_in(found.number)
        last = round_ >= found.rounds if found.format == SWISS else len(still) < 2
        if last:
            self._finish(found)
        else:
            self._seat_round(found, round_ + 1)

    def _still_in(self, number: int) -> list[pairing.Entrant]:
        with self._lock:
            out = {
                str(n[0]).lower()
                for n in self._db.execute(
                    "SELECT name FROM entrants WHERE tournament = ? AND out = 1", (number,)
                )
            }
        return [e for e in self._entrants(number) if e.name.lower() not in out]

    def _seat_round(self, found: Tournament, round_: int) -> None:
        """Round ``round_`` planned (its tables' seats written with the round, in one
        transaction), then its tables made (``_open_planned``)."""
        playing = self._still_in(found.number)
        if found.format == SWISS:
            tables = pairing.swiss(
                playing, found.size, pairing.met_pairs(self._tables(found.number))
            )
        else:
            tables = pairing.knockout(playing, found.size)
        with self._lock, self._db:
            self._db.execute(
                "UPDATE tournaments SET round = ? WHERE id = ?", (round_, found.number)
            )
            for slot, seats in enumerate(tables, 1):  # a table not made yet: tab -slot
                self._db.execute(
                    "INSERT INTO rounds (tournament, round, tab, seats) VALUES (?, ?, ?, ?)",
                    (found.number, round_, -slot, json.dumps(seats)),
                )
        self._open_planned(found, round_)

    def _open_planned(self, found: Tournament, round_: int) -> None:
        """Each table of the round planned and not made yet made: its seats held for its
        people, started, each of them told. A server killed as it made them brings this
        back at its start (``resume``): a table it had made already (brought back from
        the tables file, its number not yet written here) is taken as it is, so that no
        table is made twice and none is missing.
        """
        lobby = self.lobby
        assert lobby is not None
        with self._lock:
            planned = self._db.execute(
                "SELECT tab, seats FROM rounds WHERE tournament = ? AND round = ? AND tab < 0 "
                "ORDER BY rowid",
                (found.number, round_),
            ).fetchall()
            written = {
                int(t[0])
                for t in self._db.execute(
                    "SELECT tab FROM rounds WHERE tournament = ? AND tab > 0", (found.number,)
                )
            }
        if not planned:
            self._waiting.pop(found.number, None)
            return
        rules = RuleSet.from_spec(found.rules)
        for index, (slot, raw) in enumerate(planned):
            seats = list(json.loads(raw))
            table = self._made_before(found.number, seats, written)
            if table is None:
                try:
                    table = lobby.new_table(found.host, rules, found.rules)
                except NoTableNumber:
                    left = [str(name) for _, rest in planned[index:] for name in json.loads(rest)]
                    self._wait_for_numbers(found, round_, left)
                    return
                table.tournament = found.number
                table.grace = found.grace
                for name in seats:
                    table.hold(name)
            written.add(table.number)
            if table.game is None:
                table.start()
            with self._lock, self._db:
                self._db.execute(
                    "UPDATE rounds SET tab = ? WHERE tournament = ? AND round = ? AND tab = ?",
                    (table.number, found.number, round_, int(slot)),
                )
            line = Words(messages.net_tournament_seat, (found.number, round_, table.number))
            self._tell(seats, line)
        self._waiting.pop(found.number, None)

    def _wait_for_numbers(self, found: Tournament, round_: int, waiting: list[str]) -> None:
        """No table number can be had now (a cluster's servers do not answer one another):
        the round's tables not made yet are made in ``NUMBER_RETRY`` seconds, again until
        they are; ``waiting``, their people, are told so once."""
        lobby = self.lobby
        assert lobby is not None
        if found.number not in self._waiting:
            line = Words(messages.net_tournament_table_waits, (found.number, round_))
            self._tell(waiting, line)
        self._waiting[found.number] = lobby.loop.call_later(
            NUMBER_RETRY, self._open_again, found.number, round_
        )

    def _open_again(self, number: int, round_: int) -> None:
        found = self.get(number)
        if found is not None and found.state is State.RUNNING and found.round == round_:
            self._open_planned(found, round_)
        else:
            self._waiting.pop(number, None)

    def _made_before(self, number: int, seats: list[str], written: set[int]) -> ServerTable | None:
        """A table of tournament ``number`` for exactly ``seats`` that no round names yet."""
        lobby = self.lobby
        assert lobby is not None
        for table in lobby.tables.values():
            if (
                table.tournament == number
                and table.number not in written
                and [p.name.lower() for p in table.places] == [n.lower() for n in seats]
            ):
                return table
        return None

    def _finish(self, found: Tournament) -> None:
        rows = self.standings(found.number)
        said = [(r.place, r.name, r.points) for r in rows]
        with self._lock, self._db:
            self._db.execute(
                "UPDATE tournaments SET state = ?, standings = ? WHERE id = ?",
                (State.OVER.value, json.dumps(said), found.number),
            )
        for place, name, points in said:
            line = Words(messages.net_tournament_final, (found.number, place, name, points))
            self._tell(found.entrants, line)

    def final(self, number: int) -> list[tuple[int, str, int]]:
        """An ended tournament's final standings, as they were told."""
        with self._lock:
            row = self._db.execute(
                "SELECT standings FROM tournaments WHERE id = ?", (number,)
            ).fetchone()
        if row is None or row[0] is None:
            return []
        return [(int(p), str(n), int(s)) for p, n, s in json.loads(row[0])]

    def _mark_tables(self, found: Tournament) -> None:
        """A running tournament's tables brought back: they stand in by themselves."""
        lobby = self.lobby
        if lobby is None:
            return
        for tab, _, _ in self.round_tables(found.number, found.round):
            table = lobby.tables.get(tab)
            if table is not None:
                table.tournament = found.number
                table.grace = found.grace

    # ----------------------------------------------------------------- inside

    def _set_state(self, number: int, state: State) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE tournaments SET state = ? WHERE id = ?", (state.value, number))

    def _schedule(self, number: int) -> None:
        found = self.get(number)
        if found is None or found.starts is None:
            return
        self._later(number, max(0.0, found.starts - self.clock()))

    def _later(self, number: int, seconds: float) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        old = self._timers.pop(number, None)
        if old is not None:
            old.cancel()
        self._timers[number] = lobby.loop.call_later(seconds, self.begin, number)

    def _tell(self, names: tuple[str, ...] | list[str], line: Words) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        for name in names:
            tell = lobby.people.get(name)
            if tell is not None:
                tell(Heard(line, Said.NOTICE))
