"""Browsers' login sessions, kept beside the accounts (the ``sessions`` table of
``accounts.db``), so that a restart of the server logs nobody out.

A session is named by a random token, the browser's cookie: 32 random bytes, which no one
guesses. Of the token only its SHA-256 digest is kept, so whoever reads the file (a copy,
a backup) cannot log in with what they find; the token being random and long, a plain
digest is enough (argon2 is for passwords, which people choose).

A session ends when its person logs out; after ``IDLE`` without being used (each use moves
that on, written at most once every ``USE_WRITTEN``); ``LONGEST`` after the login however
much it is used; when the person's password changes (every session of theirs but the one
that changed it); and with the account (``uno-access users remove``). A person keeps at
most ``MOST_EACH`` sessions, the oldest ended first.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass

DAY = 24 * 60 * 60.0  # seconds
IDLE = 30 * DAY  # a session not used for this long has ended
LONGEST = 90 * DAY  # a session this old has ended, however much it was used
USE_WRITTEN = 60 * 60.0  # seconds between two writes of a session's last use
MOST_EACH = 20  # sessions of one person at once (the oldest ended first)
TOKEN_BYTES = 32

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    digest TEXT PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE,
    begun REAL NOT NULL,
    used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_of ON sessions (name);
"""

Clock = Callable[[], float]  # the time of day, as time.time counts it


def digest(token: str) -> str:
    """What is kept of a session's token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True, slots=True)
class Session:
    """One session as kept, and as a cluster shares it (``cluster.sessions``)."""

    digest: str
    name: str
    begun: float
    used: float


class Sessions:
    """The sessions in ``db`` (the accounts' connection, its ``lock`` shared)."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, clock: Clock) -> None:
        self._db = db
        self._lock = lock
        self._clock = clock
        # each session begun or used (True) or ended (False) here, told to a cluster
        self.on_row: Callable[[Session, bool], None] | None = None

    def begin(self, name: str) -> str:
        """A new session for ``name``: its token (given to the browser, never kept)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        now = self._clock()
        made = Session(digest(token), name, now, now)
        with self._lock, self._db:
            ended = self._ending("WHERE used <= ? OR begun <= ?", (now - IDLE, now - LONGEST))
            self._db.execute(
                "INSERT INTO sessions (digest, name, begun, used) VALUES (?, ?, ?, ?)",
                (made.digest, name, now, now),
            )
            ended += self._ending(
                "WHERE name = ? AND digest NOT IN "
                "(SELECT digest FROM sessions WHERE name = ? ORDER BY begun DESC LIMIT ?)",
                (name, name, MOST_EACH),
            )
        self._told(made, True)
        for session in ended:
            self._told(session, False)
        return token

    def end_all(self, name: str, keep: str | None = None) -> None:
        """Every session of ``name`` ended but the one of digest ``keep``, in the caller's
        transaction (a password changed, an account removed)."""
        ended = self._ending("WHERE name = ? AND digest IS NOT ?", (name, keep))
        for session in ended:
            self._told(session, False)

    def _ending(self, where: str, args: tuple[object, ...]) -> list[Session]:
        """The sessions ``where`` says deleted, in the caller's transaction; which."""
        rows = self._db.execute(f"SELECT digest, name, begun, used FROM sessions {where}", args)
        ended = [Session(str(d), str(n), float(b), float(u)) for d, n, b, u in rows.fetchall()]
        self._db.execute(f"DELETE FROM sessions {where}", args)
        return ended

    def _told(self, session: Session, present: bool) -> None:
        if self.on_row is not None:
            self.on_row(session, present)

    # ----------------------------------------------------------------- a cluster's copy

    def rows(self) -> list[Session]:
        with self._lock:
            rows = self._db.execute("SELECT digest, name, begun, used FROM sessions").fetchall()
        return [Session(str(d), str(n), float(b), float(u)) for d, n, b, u in rows]

    def apply(self, session: Session, present: bool) -> None:
        """A session begun, used or ended on another server of the cluster, the same here
        (told to no one)."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM sessions WHERE digest = ?", (session.digest,))
            if present:
                self._db.execute(
                    "INSERT INTO sessions (digest, name, begun, used) VALUES (?, ?, ?, ?)",
                    (session.digest, session.name, session.begun, session.used),
                )

    def use(self, token: str | None) -> str | None:
        """The person whose session ``token`` names, the session used now (its idle time
        begins again); None when there is no such session, or it has ended (then it is
        forgotten)."""
        if not token:
            return None
        kept = digest(token)
        now = self._clock()
        with self._lock:
            row = self._db.execute(
                "SELECT name, begun, used FROM sessions WHERE digest = ?", (kept,)
            ).fetchone()
            if row is None:
                return None
            name, begun, used = str(row[0]), float(row[1]), float(row[2])
            if now - used >= IDLE or now - begun >= LONGEST:
                with self._db:
                    self._db.execute("DELETE FROM sessions WHERE digest = ?", (kept,))
                changed, present = Session(kept, name, begun, used), False
            elif now - used >= USE_WRITTEN:
                with self._db:
                    self._db.execute("UPDATE sessions SET used = ? WHERE digest = ?", (now, kept))
                changed, present = Session(kept, name, begun, now), True
            else:
                return name
        self._told(changed, present)
        return name if present else None

    def end(self, token: str | None) -> None:
        """The session ``token`` names has ended (its person logged out)."""
        if token:
            with self._lock, self._db:
                ended = self._ending("WHERE digest = ?", (digest(token),))
            for session in ended:
                self._told(session, False)
