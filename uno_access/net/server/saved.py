"""The server's tables as they are saved: one SQLite file (``tables.db``) in its data folder.

The same approach as the local saved games (``uno_access.store``): a table is its setup
(number, rules, creator, seed, who sits in each seat) and its actions, each written (one
committed transaction, WAL) before it is applied, so that no action is ever applied and
lost when the server's process is killed: the commit has handed it to the operating
system. The disk itself is synced apart, off the event loop (``Syncer``: the write-ahead
log every ``SYNC_EVERY`` seconds, when something was written), not at each action: a
sync costs milliseconds that every table would wait for, and a power cut loses at most
that last second, the tables coming back as they were a moment before. The position is
never stored: on start the server deals each unfinished table again from its seed
(``ServerTable.start``) and applies its actions again through the engine
(``ServerTable.replay``), which rebuilds every seat's log too; each person's seat is
then held for them, a bot standing in, until they come back with ``join N``. A table
whose rows cannot be read back or replayed is said in one line on standard error and set
aside (kept in the file, never replayed); the others come back.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import text
from ...access import messages
from ...access.problem import problem
from ...bots.base import BotNameError, parse_bot
from ...engine import codec
from ...engine.actions import QUERIES, Action
from ...engine.codec import CodecError
from ...engine.events import Event, for_seat
from ...engine.game import Game
from ...engine.rules import RuleSet
from ...store.saved import SavedGameError, action_from_saved
from ..wire import SPECTATOR
from ..wire.said import Words
from .tables import DEFAULT_GRACE, MOST_GRACE, Lobby, Place, Replay, ServerTable, Stage
from .timer import LONGEST_TURN

TABLES_NAME = "tables.db"
SYNC_EVERY = 1.0  # seconds between syncs of the write-ahead log to the disk
PLAYING, OVER, ASIDE, WAITING = "playing", "over", "aside", "waiting"
TIMEOUT_KEY = "timeout"  # an action the turn timer took (the first of a turn it passed)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    number INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    setup TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS actions (
    tab INTEGER NOT NULL REFERENCES tables(number),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (tab, n)
);
"""


class SavedTableError(ValueError):
    """A saved table that cannot be brought back; the message says why."""


@dataclass(frozen=True, slots=True)
class SavedTable:
    """One table read back: its setup and its actions, in order."""

    number: int
    spec: str
    creator: str
    seed: int
    rules: RuleSet
    places: tuple[tuple[str, str | None], ...]  # (name, bot strength or None), at the start
    actions: tuple[Action, ...]
    code: str | None = None  # a private table's code
    turn_seconds: int | None = None  # the turn timer
    timeouts: frozenset[int] = frozenset()  # the actions (by index) the turn timer began
    grace: float = DEFAULT_GRACE
    standins: tuple[tuple[int, str], ...] = ()  # (seat, bot strength) of people away
    waiting: bool = False  # not started yet: its seats, no game
    accounts: tuple[float | None, ...] = ()  # the account that sat in each seat
    tournament: int | None = None  # the tournament it is a round's table of

    def public_events(self) -> tuple[Game, list[Event]]:
        """The game dealt again from its seed, every action applied again, and what a
        spectator was told of it (a finished match's replay)."""
        names = tuple(name for name, _ in self.places)
        rng = random.Random(self.seed)  # as ``ServerTable.start`` deals it
        game = Game.new(names, self.rules, rng=random.Random(rng.random()))
        events = list(game.opening)
        for action in self.actions:
            events += game.apply(action)
        public = [e for e in (for_seat(event, SPECTATOR) for event in events) if e is not None]
        return game, public

    def replayed(self) -> Replay:
        """The finished match told again as a spectator was told it (``replay N``)."""
        game, events = self.public_events()
        names = tuple(name for name, _ in self.places)
        return Replay(names, self.rules, tuple(game.view(0).teams), tuple(events))

    def table(self, lobby: Lobby) -> ServerTable:
        """The table as it was: dealt again from its seed, every action applied again
        (a table not started: its seats alone).
        """
        table = ServerTable(
            self.number, self.rules, self.spec, self.creator, self.seed, lobby.loop, lobby.pace
        )
        lobby.wire(table)
        # a game whose last move is saved ends in the replay: its end is the restore's to
        # tell, once the lobby's numbers go on past every table's (``TableStore.restore``)
        on_end, table.on_end = table.on_end, lambda table: None
        table.places = [Place(name, bot) for name, bot in self.places]
        for place, account in zip(table.places, self.accounts, strict=False):
            place.account = account
        table.grace = self.grace
        for seat, strength in self.standins:
            if 0 <= seat < len(table.places) and table.places[seat].person:
                table.places[seat].standin = strength
                table.places[seat].present = False
        table.code = self.code
        table.tournament = self.tournament
        if self.waiting:
            table.turn_seconds = self.turn_seconds
            table.on_end = on_end
            return table
        try:
            table.start()
        except Exception as error:  # any failure: the table cannot be dealt again
            raise SavedTableError(messages.saved_setup_fails(_why(error))) from None
        for n, action in enumerate(self.actions):
            try:
                table.replay(action, n in self.timeouts)
            except Exception as error:
                raise SavedTableError(messages.move_replay_fails(_why(error))) from None
        table.turn_seconds = self.turn_seconds  # from now on: no timer runs in the replay
        table.on_end = on_end
        return table


def setup_json(table: ServerTable) -> str:
    return json.dumps(
        {
            "spec": table.spec,
            "creator": table.creator,
            "seed": table.seed,
            "rules": codec.rules_to_json(table.rules),
            "places": [[place.name, place.bot] for place in table.places],
            "accounts": [place.account for place in table.places],
            "code": table.code,
            "timer": table.turn_seconds,
            "grace": table.grace,
            "standins": [[seat, bot] for seat, bot in table.standins().items()],
            "tournament": table.tournament,
        }
    )


def action_text(action: Action, timeout: bool = False) -> str | None:
    """``action`` as a table's journal keeps it (``timeout``: the first the turn timer
    took, marked ``"timeout": true``); None for what is not kept: a query changes nothing,
    and an action that would not read back (a play of no cards) the rules always refuse.
    """
    if isinstance(action, QUERIES) or not codec.encodable(action):
        return None
    row = codec.action_to_json(action)  # encoded once: it reads back as itself
    if timeout:
        row[TIMEOUT_KEY] = True
    return json.dumps(row)


def read_action(saved: object) -> tuple[Action, bool]:
    """An action as ``action_text`` wrote it, read back, and whether the turn timer took
    it; else ``SavedTableError`` saying why."""
    try:
        raw = codec.loads(saved if isinstance(saved, str) else "")
        action = action_from_saved(raw)
    except CodecError as error:  # not JSON
        why = text.shown(error.why or error.wanted, 200)
        raise SavedTableError(messages.move_unreadable(why)) from None
    except SavedGameError as error:
        raise SavedTableError(messages.move_unreadable(str(error))) from None
    return action, isinstance(raw, dict) and raw.get(TIMEOUT_KEY) is True


def read_setup(
    number: int,
    setup: str,
    actions: list[Action],
    timeouts: frozenset[int] = frozenset(),
    waiting: bool = False,
) -> SavedTable:
    try:
        data = json.loads(setup)
        rules = codec.rules_from_json(data["rules"])
        places = tuple(
            (text.name(str(name)) or f"Player {seat + 1}", None if bot is None else str(bot))
            for seat, (name, bot) in enumerate(data["places"])
        )
        for _, bot in places:
            if bot is not None:
                parse_bot(bot)
        seed, spec, creator = data["seed"], data["spec"], data["creator"]
        code, timer = data.get("code"), data.get("timer")  # none before private tables
        grace = float(data.get("grace", DEFAULT_GRACE))
        standins = tuple((int(seat), str(bot)) for seat, bot in data.get("standins", []))
        accounts = tuple(
            None if a is None else float(a) for a in data.get("accounts", [])[: len(places)]
        )
        tournament = data.get("tournament")  # none before tournaments
        if tournament is not None and (
            isinstance(tournament, bool) or not isinstance(tournament, int)
        ):
            raise ValueError("tournament")
        for _, bot in standins:
            parse_bot(bot)
        if not 0 <= grace <= MOST_GRACE:
            raise ValueError("grace")
    except CodecError as error:
        why = text.shown(problem(error.within("rules")), 200)
        raise SavedTableError(messages.saved_setup_unreadable(why)) from None
    except (ValueError, KeyError, TypeError, BotNameError, RecursionError) as error:
        why = text.shown(getattr(error, "message", None) or str(error), 200)
        raise SavedTableError(messages.saved_setup_unreadable(why)) from None
    if not isinstance(seed, int) or not places:
        raise SavedTableError(messages.saved_setup_unreadable("setup"))
    if code is not None and not (isinstance(code, str) and code.isalpha() and code.isascii()):
        raise SavedTableError(messages.saved_setup_unreadable("code"))
    if timer is not None and not (isinstance(timer, int) and not isinstance(timer, bool)):
        raise SavedTableError(messages.saved_setup_unreadable("timer"))
    if timer is not None and not 0 < timer <= LONGEST_TURN:
        raise SavedTableError(messages.saved_setup_unreadable("timer"))
    return SavedTable(
        number,
        text.shown(str(spec), 60),
        text.name(str(creator)),
        seed,
        rules,
        places,
        tuple(actions),
        code,
        timer,
        timeouts,
        grace,
        standins,
        waiting,
        accounts,
        tournament,
    )


class Syncer:
    """A thread that syncs the write-ahead log of ``path`` to the disk every ``every``
    seconds when something was written (``written``), until ``stop``.
    """

    def __init__(self, path: Path, every: float = SYNC_EVERY) -> None:
        self.wal = path.with_name(path.name + "-wal")
        self.every = every
        self.syncs = 0
        self._dirty = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tables sync", daemon=True)
        self._thread.start()

    def written(self) -> None:
        self._dirty.set()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=self.every + 5)
        self.sync()

    def sync(self) -> None:
        if not self._dirty.is_set():
            return
        self._dirty.clear()
        with contextlib.suppress(OSError):  # no log yet, or the disk fails: said on write
            fd = os.open(self.wal, os.O_RDONLY)
            try:
                os.fsync(fd)
                self.syncs += 1
            finally:
                os.close(fd)

    def _run(self) -> None:
        while not self._stopped.wait(self.every):
            self.sync()


class TableStore:
    """The tables file, open: the journal every table of the server writes to."""

    def __init__(self, path: Path, warn: Callable[[str], None]) -> None:
        self.path = path
        self.warn = warn
        self._db: sqlite3.Connection | None = _connect(path, warn)
        self._counts: dict[int, int] = {}  # table -> actions saved
        self._last_saved: dict[int, int] = {}  # table -> the row its last action was saved in
        self.syncer = Syncer(path)

    @property
    def saving(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        """Nothing more is written (the server stops: its people leaving ends no table)."""
        db, self._db = self._db, None
        self.syncer.stop()
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()

    # ----------------------------------------------------------------- the journal

    def started(self, table: ServerTable) -> None:
        self._put(table, PLAYING)
        self._counts[table.number] = 0

    def changed(self, table: ServerTable) -> None:
        """A table's setup again: its seats before it starts (saved as ``waiting``),
        its stand-ins and grace during the game.
        """
        if table.stage is Stage.WAITING:
            self._put(table, WAITING)
        elif table.stage is Stage.PLAYING:
            self._write(
                "UPDATE tables SET setup = ? WHERE number = ?", (setup_json(table), table.number)
            )

    def _put(self, table: ServerTable, state: str) -> None:
        self._write(
            "INSERT INTO tables (number, started, setup, state) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (number) DO UPDATE SET setup = excluded.setup, state = excluded.state",
            (table.number, time.strftime("%Y-%m-%d %H:%M"), setup_json(table), state),
        )

    def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
        """Save ``action`` of ``table``, before it is applied (``timeout``: the first the
        turn timer took, marked ``"timeout": true``). A query changes nothing and
        is not saved; nor is an action that would not read back (a play of no cards),
        which the rules always refuse.
        """
        self._last_saved.pop(table.number, None)
        saved = action_text(action, timeout)
        if saved is None:
            return
        n = self._counts.get(table.number, 0)
        if self._write("INSERT INTO actions VALUES (?, ?, ?)", (table.number, n, saved)):
            self._counts[table.number] = n + 1
            self._last_saved[table.number] = n

    def rejected(self, table: ServerTable) -> None:
        """The action saved last was refused by the rules (it changed nothing): its row is
        taken out, so that forged or mistaken actions do not fill the file.
        """
        n = self._counts.get(table.number, 0)
        last = n and self._last_saved.get(table.number) == n - 1
        delete = "DELETE FROM actions WHERE tab = ? AND n = ?"
        if last and self._write(delete, (table.number, n - 1)):
            self._counts[table.number] = n - 1
        self._last_saved.pop(table.number, None)

    def saved(self, number: int) -> int:
        """How many actions of table ``number`` are saved."""
        return self._counts.get(number, 0)

    def ended(self, table: ServerTable) -> None:
        self._write("UPDATE tables SET state = ? WHERE number = ?", (OVER, table.number))

    def _write(self, sql: str, args: tuple[Any, ...]) -> bool:
        db = self._db
        if db is None:
            return False
        try:
            db.execute(sql, args)
        except sqlite3.Error as error:  # a full disk, say: said once, the games go on
            self.close()
            self.warn(messages.net_tables_not_saved(messages.explained(error, self.path)))
            return False
        self.syncer.written()
        return True

    # ----------------------------------------------------------------- on start

    def restore(self, lobby: Lobby) -> list[ServerTable]:
        """Every unfinished table brought back into ``lobby``, its people's seats held;
        a table that cannot be is said in one line and set aside.
        """
        db = self._db
        if db is None:
            return []
        back: list[ServerTable] = []
        finished: list[ServerTable] = []
        rows = db.execute(
            "SELECT number, setup, state FROM tables WHERE state IN (?, ?) ORDER BY number",
            (PLAYING, WAITING),
        )
        for number, setup, state in rows.fetchall():
            try:
                table = self.load(int(number), str(setup), state == WAITING).table(lobby)
            except SavedTableError as error:
                self._write("UPDATE tables SET state = ? WHERE number = ?", (ASIDE, number))
                self.warn(
                    messages.tr(messages.NET_TABLE_SET_ASIDE).format(
                        number=number, why=str(error), path=str(self.path)
                    )
                )
                continue
            if table.stage is Stage.OVER:  # its last move saved, its end not recorded
                finished.append(table)
                continue
            table.hold_seats(Words(messages.net_server_restarted))
            table.journal = self
            lobby.tables[table.number] = table
            back.append(table)
        last = db.execute("SELECT max(number) FROM tables").fetchone()[0]
        lobby.number_from(int(last or 0) + 1)
        if lobby.results is not None:
            lobby.number_from(lobby.results.last_table() + 1)
        lobby.journal = self  # the tables made from here on (a tournament's next round) too
        for table in finished:  # its result kept (once), its tournament carried on
            lobby.match_ended(table)
            self.ended(table)
        return back

    def replay(self, number: int) -> Replay | None:
        """A finished table's game dealt again from its saved moves, as a spectator saw it
        (None: no such table finished, or it does not read back)."""
        db = self._db
        if db is None:
            return None
        row = db.execute(
            "SELECT setup FROM tables WHERE number = ? AND state = ?", (number, OVER)
        ).fetchone()
        if row is None:
            return None
        try:
            actions, timeouts = self._actions(number)
            return read_setup(number, str(row[0]), actions, timeouts).replayed()
        except Exception:  # a row that does not read back, or moves the rules refuse
            return None

    def load(self, number: int, setup: str, waiting: bool = False) -> SavedTable:
        actions, timeouts = self._actions(number)
        self._counts[number] = len(actions)
        return read_setup(number, setup, actions, timeouts, waiting)

    def _actions(self, number: int) -> tuple[list[Action], frozenset[int]]:
        db = self._db
        assert db is not None
        actions: list[Action] = []
        timeouts: set[int] = set()
        for n, saved in db.execute(
            "SELECT n, action FROM actions WHERE tab = ? ORDER BY n", (number,)
        ):
            if n != len(actions):
                raise SavedTableError(messages.tr(messages.MOVE_MISSING))
            action, timeout = read_action(saved)
            actions.append(action)
            if timeout:
                timeouts.add(n)  # the first action of a turn the timer passed
        return actions, frozenset(timeouts)


def _connect(path: Path, warn: Callable[[str], None]) -> sqlite3.Connection | None:
    """The tables file (made readable by its owner alone), or None and one line why."""
    try:
        try:
            return _open(path)
        except sqlite3.DatabaseError as error:
            if not _damaged(error):
                raise
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}")
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                extra.rename(aside.with_name(aside.name + suffix))
        warn(messages.tr(messages.NET_TABLES_FILE_DAMAGED).format(path=str(path), aside=str(aside)))
        return _open(path)
    except (sqlite3.Error, OSError) as error:
        warn(messages.net_tables_not_saved(messages.explained(error, path)))
        return None


def _open(path: Path) -> sqlite3.Connection:
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError("file is not a database")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # synced by the ``Syncer``, off the loop
        db.executescript(_SCHEMA)
    except BaseException:
        db.close()
        raise
    return db


def _damaged(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "not a database" in str(error)


def _why(error: BaseException) -> str:
    return text.shown(f"{type(error).__name__}: {error}", 200)


def open_tables(folder: Path) -> TableStore:
    """The server's tables file in ``folder``; what goes wrong is one line on stderr."""

    def warn(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    return TableStore(folder / TABLES_NAME, warn)


__all__ = [
    "TABLES_NAME",
    "SavedTable",
    "SavedTableError",
    "TableStore",
    "action_text",
    "open_tables",
    "read_action",
    "read_setup",
    "setup_json",
]
