"""Accounts of a game server: a name belongs to one SSH public key.

Kept in ``accounts.db`` (SQLite) in the server's data folder. A key not seen before may
claim a free name when the server is open (``--open``) or with the invite code the
server printed at its start. Names are made safe (``text.name``) before anything else
sees them; a name is matched without regard to case.

Failed logins are slowed: each failure from one address within ``WINDOW`` seconds makes
the next answer to that address wait longer (``Limiter``).
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from .. import text

ACCOUNTS_NAME = "accounts.db"
INVITE_SEPARATOR = "+"  # ``ssh ann+CODE@host``: the name, then the invite code

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    key TEXT NOT NULL UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS server (
    what TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def split_login(username: str) -> tuple[str, str | None]:
    """The name and the invite code of an SSH user name (``ann`` or ``ann+CODE``)."""
    name, sep, code = username.partition(INVITE_SEPARATOR)
    return text.name(name), (code if sep else None)


class Accounts:
    """The names and their keys, and the server's invite code."""

    def __init__(self, folder: Path) -> None:
        path = folder / ACCOUNTS_NAME
        path.touch(mode=0o600, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.executescript(_SCHEMA)
        row = self._db.execute("SELECT value FROM server WHERE what = 'invite'").fetchone()
        if row is None:
            code = secrets.token_hex(4)
            with self._db:
                self._db.execute("INSERT INTO server VALUES ('invite', ?)", (code,))
            row = (code,)
        self.invite: str = row[0]

    def key_of(self, name: str) -> str | None:
        row = self._db.execute("SELECT key FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def name_of(self, key: str) -> str | None:
        row = self._db.execute("SELECT name FROM accounts WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def may_claim(self, name: str, key: str, code: str | None, open_: bool) -> bool:
        """Whether ``key`` (not known here) may claim ``name`` (free)."""
        if not name or self.key_of(name) is not None or self.name_of(key) is not None:
            return False
        return open_ or (code is not None and secrets.compare_digest(code, self.invite))

    def claim(self, name: str, key: str) -> bool:
        """Give ``name`` to ``key``; False when either was taken meanwhile."""
        try:
            with self._db:
                self._db.execute("INSERT INTO accounts VALUES (?, ?, ?)", (name, key, time.time()))
        except sqlite3.IntegrityError:
            return False
        return True

    def close(self) -> None:
        self._db.close()


WINDOW = 60.0  # seconds a failure is remembered
FIRST_DELAY = 0.25  # the wait after one failure; it doubles with each more
MOST_DELAY = 8.0
MOST_ADDRESSES = 10_000  # addresses remembered before the quiet ones are forgotten


@dataclass
class Limiter:
    """Failed logins per address: how long the next answer to it waits."""

    failures: dict[str, list[float]] = field(default_factory=dict)

    def failed(self, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if len(self.failures) >= MOST_ADDRESSES:  # forget the addresses quiet for a while
            self.failures = {
                a: times for a, times in self.failures.items() if now - times[-1] < WINDOW
            }
        recent = [t for t in self.failures.get(address, []) if now - t < WINDOW]
        recent.append(now)
        self.failures[address] = recent[-32:]

    def delay(self, address: str, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        count = sum(1 for t in self.failures.get(address, []) if now - t < WINDOW)
        if count == 0:
            return 0.0
        return float(min(MOST_DELAY, FIRST_DELAY * 2.0 ** (count - 1)))
