"""The server's moderation, kept beside the accounts (tables ``roles``, ``sanctions``,
``reports`` and ``moderation_log`` of ``accounts.db``).

- **Roles**: an ``operator`` or a ``moderator``, set with ``uno-access users role NAME
  ROLE`` (read from the file at each use, so a role set while the server runs holds at
  once). A moderator acts on people without a role; an operator on anyone but operators.
- **Sanctions**: a ``mute`` (nothing the person says, tells or invites reaches anyone)
  or a ``ban`` (no login, with a key or a password, over any way in), for a time or for
  good, each with its reason and who set it. Kept in memory too, read at every chat line.
- **Reports**: ``report NAME REASON`` by anyone, kept with the reported person's last
  chat lines as the server heard them (never as the reporter says they were).
- **The log**: every moderator's action and every report, with when and why.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

SCHEMA = """
CREATE TABLE IF NOT EXISTS roles (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sanctions (
    name TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    until REAL,
    reason TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (name, kind)
);
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY,
    reporter TEXT NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    reason TEXT NOT NULL,
    at REAL NOT NULL,
    lines TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moderation_log (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    by TEXT NOT NULL,
    action TEXT NOT NULL,
    name TEXT NOT NULL,
    until REAL,
    reason TEXT NOT NULL
);
"""

MOST_REPORTED_LINES = 20  # chat lines of the reported person kept with a report


class Role(Enum):
    OPERATOR = "operator"
    MODERATOR = "moderator"


class Kind(Enum):
    """A sanction's kind."""

    MUTE = "mute"
    BAN = "ban"


class Action(Enum):
    """A line of the moderation log."""

    MUTE = "mute"
    UNMUTE = "unmute"
    BAN = "ban"
    UNBAN = "unban"
    REPORT = "report"
    ROLE = "role"


@dataclass(frozen=True, slots=True)
class Record:
    """One row of the roles, sanctions, reports or log, as a cluster shares it
    (``cluster.moderation``): its table, and its values in the table's own order."""

    table: str
    values: tuple[str | float | None, ...]


COLUMNS = {
    "roles": ("name", "role"),
    "sanctions": ("name", "kind", "until", "reason", "by", "at"),
    "reports": ("reporter", "name", "reason", "at", "lines"),
    "moderation_log": ("at", "by", "action", "name", "until", "reason"),
}


@dataclass(frozen=True, slots=True)
class Sanction:
    kind: Kind
    until: float | None  # time.time; None: for good
    reason: str
    by: str


@dataclass(frozen=True, slots=True)
class Report:
    number: int
    reporter: str
    name: str
    reason: str
    at: float
    # the reported person's last chat lines, as they were said: (time.time, their words)
    lines: tuple[tuple[float, str], ...]


@dataclass(frozen=True, slots=True)
class Logged:
    at: float
    by: str
    action: Action
    name: str
    until: float | None
    reason: str


class Moderation:
    """Roles, sanctions, reports and the log in ``db`` (the accounts' connection, its
    ``lock`` shared); ``clock`` the time of day."""

    def __init__(
        self, db: sqlite3.Connection, lock: threading.Lock, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = db
        self._lock = lock
        self.clock = clock
        # each row made (True) or taken out (False) here, told to the cluster's copies
        self.on_row: Callable[[Record, bool], None] | None = None
        # a ban made on another server of the cluster, come here: the person sent away
        self.on_banned: Callable[[str], None] | None = None
        self._sanctions: dict[tuple[str, Kind], Sanction] = {}
        for name, kind, until, reason, by in db.execute(
            "SELECT name, kind, until, reason, by FROM sanctions"
        ):
            sanction = Sanction(Kind(kind), until, str(reason), str(by))
            self._sanctions[(str(name).lower(), sanction.kind)] = sanction

    # ----------------------------------------------------------------- roles

    def role(self, name: str) -> Role | None:
        with self._lock:
            row = self._db.execute("SELECT role FROM roles WHERE name = ?", (name,)).fetchone()
        try:
            return None if row is None else Role(row[0])
        except ValueError:
            return None

    def set_role(self, name: str, role: Role | None, by: str) -> None:
        with self._lock, self._db:
            if role is None:
                self._db.execute("DELETE FROM roles WHERE name = ?", (name,))
            else:
                self._db.execute(
                    "INSERT INTO roles VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET "
                    "role = excluded.role",
                    (name, role.value),
                )
            logged = self._log(by, Action.ROLE, name, None, role.value if role else "none")
        self._told(Record("roles", (name, role.value if role else "")), role is not None)
        self._told(logged, True)

    def with_a_role(self) -> list[str]:
        """Every name with a role (the moderators and operators), in one read."""
        with self._lock:
            return [str(row[0]) for row in self._db.execute("SELECT name FROM roles")]

    def may_act_on(self, moderator: str, name: str) -> bool:
        """Whether ``moderator`` may mute or ban ``name``: a moderator those without a
        role, an operator anyone but operators; no one themselves."""
        mine = self.role(moderator)
        if mine is None or moderator.lower() == name.lower():
            return False
        theirs = self.role(name)
        if mine is Role.OPERATOR:
            return theirs is not Role.OPERATOR
        return theirs is None

    # ----------------------------------------------------------------- sanctions

    def sanction(self, kind: Kind, name: str, until: float | None, reason: str, by: str) -> None:
        """``name`` muted or banned until ``until`` (None: for good), logged."""
        now = self.clock()
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO sanctions VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name, kind) "
                "DO UPDATE SET until = excluded.until, reason = excluded.reason, "
                "by = excluded.by, at = excluded.at",
                (name, kind.value, until, reason, by, now),
            )
            logged = self._log(by, Action(kind.value), name, until, reason)
        self._sanctions[(name.lower(), kind)] = Sanction(kind, until, reason, by)
        self._told(Record("sanctions", (name, kind.value, until, reason, by, now)), True)
        self._told(logged, True)

    def lift(self, kind: Kind, name: str, by: str) -> bool:
        """``name``'s mute or ban ended (logged); False: there was none in force."""
        had = self.active(kind, name) is not None
        logged = None
        with self._lock, self._db:
            self._db.execute(
                "DELETE FROM sanctions WHERE name = ? AND kind = ?", (name, kind.value)
            )
            if had:
                action = Action.UNMUTE if kind is Kind.MUTE else Action.UNBAN
                logged = self._log(by, action, name, None, "")
        self._sanctions.pop((name.lower(), kind), None)
        self._told(Record("sanctions", (name, kind.value, None, "", "", 0.0)), False)
        if logged is not None:
            self._told(logged, True)
        return had

    def active(self, kind: Kind, name: str) -> Sanction | None:
        """``name``'s mute or ban in force now (from memory: at every chat line)."""
        sanction = self._sanctions.get((name.lower(), kind))
        if sanction is None or (sanction.until is not None and sanction.until <= self.clock()):
            return None
        return sanction

    def forget(self, name: str) -> None:
        """``name``'s role and sanctions, in the caller's transaction (the account removed;
        the log keeps what was done)."""
        self._db.execute("DELETE FROM roles WHERE name = ?", (name,))
        self._db.execute("DELETE FROM sanctions WHERE name = ?", (name,))
        for kind in Kind:
            self._sanctions.pop((name.lower(), kind), None)

    # ----------------------------------------------------------------- reports and the log

    def report(self, reporter: str, name: str, reason: str, lines: list[tuple[float, str]]) -> int:
        """A report kept for the moderators, with ``lines`` (the reported person's last
        chat lines), logged; its number."""
        now = self.clock()
        kept = json.dumps(lines[-MOST_REPORTED_LINES:])
        with self._lock, self._db:
            done = self._db.execute(
                "INSERT INTO reports (reporter, name, reason, at, lines) VALUES (?, ?, ?, ?, ?)",
                (reporter, name, reason, now, kept),
            )
            logged = self._log(reporter, Action.REPORT, name, None, reason)
        self._told(Record("reports", (reporter, name, reason, now, kept)), True)
        self._told(logged, True)
        return int(done.lastrowid or 0)

    def reports(self, most: int = 10) -> list[Report]:
        """The latest reports, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, reporter, name, reason, at, lines FROM reports "
                "ORDER BY id DESC LIMIT ?",
                (most,),
            ).fetchall()
        return [
            Report(int(n), str(r), str(name), str(why), float(at), _lines(lines))
            for n, r, name, why, at, lines in rows
        ]

    def log(self, most: int = 10) -> list[Logged]:
        """The latest lines of the moderation log, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT at, by, action, name, until, reason FROM moderation_log "
                "ORDER BY id DESC LIMIT ?",
                (most,),
            ).fetchall()
        return [
            Logged(float(at), str(by), Action(action), str(name), until, str(reason))
            for at, by, action, name, until, reason in rows
        ]

    def _log(self, by: str, action: Action, name: str, until: float | None, reason: str) -> Record:
        """A line of the log, in the caller's transaction; the line, to tell."""
        values = (self.clock(), by, action.value, name, until, reason)
        self._db.execute(
            "INSERT INTO moderation_log (at, by, action, name, until, reason) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            values,
        )
        return Record("moderation_log", values)

    # ----------------------------------------------------------------- a cluster's copy

    def rows(self) -> list[Record]:
        """Every row of the four tables (a server's own, offered as it first joins)."""
        found: list[Record] = []
        with self._lock:
            for table, columns in COLUMNS.items():
                query = f"SELECT {', '.join(columns)} FROM {table}"
                found += [Record(table, tuple(row)) for row in self._db.execute(query)]
        return found

    def apply(self, record: Record, present: bool) -> None:
        """A row made or taken out on another server of the cluster, the same here (told
        to no one: ``on_row`` is for this server's own changes). A ban in force come
        here sends its person away (``on_banned``)."""
        columns = COLUMNS.get(record.table)
        if columns is None or len(record.values) != len(columns):
            return
        values = record.values
        with self._lock, self._db:
            if record.table == "roles":
                self._db.execute("DELETE FROM roles WHERE name = ?", (values[0],))
                if present:
                    self._db.execute("INSERT INTO roles VALUES (?, ?)", values)
            elif record.table == "sanctions":
                self._db.execute(
                    "DELETE FROM sanctions WHERE name = ? AND kind = ?", (values[0], values[1])
                )
                if present:
                    self._db.execute("INSERT INTO sanctions VALUES (?, ?, ?, ?, ?, ?)", values)
            else:  # a report, a line of the log: kept once
                where = " AND ".join(f"{c} IS ?" for c in columns)
                self._db.execute(f"DELETE FROM {record.table} WHERE {where}", values)
                if present:
                    marks = ", ".join("?" for _ in columns)
                    self._db.execute(
                        f"INSERT INTO {record.table} ({', '.join(columns)}) VALUES ({marks})",
                        values,
                    )
        if record.table != "sanctions":
            return
        name, kind = str(values[0]), Kind(str(values[1]))
        if not present:
            self._sanctions.pop((name.lower(), kind), None)
            return
        until = values[2] if isinstance(values[2], int | float) else None
        self._sanctions[(name.lower(), kind)] = Sanction(
            kind, until, str(values[3]), str(values[4])
        )
        if kind is Kind.BAN and self.active(kind, name) is not None and self.on_banned:
            self.on_banned(name)

    def _told(self, record: Record, present: bool) -> None:
        if self.on_row is not None:
            self.on_row(record, present)


def _lines(kept: str) -> tuple[tuple[float, str], ...]:
    """A report's chat lines as kept (JSON pairs), read back; what is not a pair is left."""
    try:
        pairs = json.loads(kept)
    except ValueError:
        return ()
    return tuple(
        (float(at), str(said))
        for at, said in (p for p in pairs if isinstance(p, list) and len(p) == 2)
        if isinstance(at, int | float)
    )
