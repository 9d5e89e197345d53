"""Accounts of a game server: a name belongs to one SSH public key, or to a password, or
to both.

Kept in ``accounts.db`` (SQLite) in the server's data folder. A key not seen before may
claim a free name when the server is open (``--open``) or with the invite code the
server printed at its start; so may a person without a key, who chooses a password
with the invite code (``passwords``). Of a password only its argon2 hash is kept. Names
are made safe (``text.name``) before anything else sees them; a name is matched without
regard to case, and a new one is refused when it looks like one taken or one kept for
the server (``names``). ``uno-access users`` reads and changes the same file while the server
runs (SQLite, each change one transaction). Browsers' login sessions are kept there too
(``sessions``): a password changed or an account removed ends them in the same
transaction.

Failed logins are slowed: each failure within ``WINDOW`` seconds, from one address or for
one name, makes the answer to the next failure from it or for it wait longer (``Limiter``);
a right key or password is answered at once.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from . import moderation, names, results, sessions, social, tournaments
from .moderation import Moderation
from .results import Results
from .sessions import Sessions
from .social import Social
from .tournaments import Tournaments

if TYPE_CHECKING:
    from ..cluster.accounts import SharedAccounts

ACCOUNTS_NAME = "accounts.db"
INVITE_SEPARATOR = "+"  # ``ssh ann+CODE@host``: the name, then the invite code

_ACCOUNTS = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    key TEXT UNIQUE,
    created REAL NOT NULL,
    password TEXT,
    seen REAL
)"""
_SCHEMA = f"""
{_ACCOUNTS};
CREATE TABLE IF NOT EXISTS server (
    what TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS preferences (
    name TEXT NOT NULL COLLATE NOCASE,
    word TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (name, word)
);
{sessions.SCHEMA}
{social.SCHEMA}
{moderation.SCHEMA}
{results.SCHEMA}
{tournaments.SCHEMA}
"""


def split_login(username: str) -> tuple[str, str | None]:
    """The name and the invite code of an SSH user name (``ann`` or ``ann+CODE``)."""
    name, sep, code = username.partition(INVITE_SEPARATOR)
    return text.name(name), (code if sep else None)


COPY = "cluster"  # the ``server`` table's mark of a file that is a cluster's copy


class Accounts:
    """The names and their keys, and the server's invite code; the browsers' sessions
    (``sessions``, by ``clock``: the time of day)."""

    def __init__(self, folder: Path, clock: Callable[[], float] = time.time) -> None:
        path = folder / ACCOUNTS_NAME
        path.touch(mode=0o600, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=10, check_same_thread=False)
        # a commit on the event loop, at each login: one sync of the log, not three of a
        # rollback journal (``uno-access users`` still reads and writes it meanwhile)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()  # each person's thread keeps their own preferences
        _migrate(self._db)
        self.sessions = Sessions(self._db, self._lock, clock)
        self.social = Social(self._db, self._lock)  # friends, blocks, letters waiting
        self.results = Results(self._db, self._lock)  # finished matches, ratings
        self.tournaments = Tournaments(self._db, self._lock)  # run on the lobby's loop
        self.tournaments.results = self.results
        self.moderation = Moderation(self._db, self._lock)  # roles, mutes, bans, reports
        row = self._db.execute("SELECT value FROM server WHERE what = 'invite'").fetchone()
        if row is None:
            code = secrets.token_hex(4)
            with self._db:
                self._db.execute("INSERT INTO server VALUES ('invite', ?)", (code,))
            row = (code,)
        self.invite: str = row[0]
        # with ``--cluster``: the cluster's accounts, of which this file is a copy; claims
        # and passwords are made there first (``cluster.accounts``)
        self.shared: SharedAccounts | None = None

    def key_of(self, name: str) -> str | None:
        row = self._db.execute("SELECT key FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def name_of(self, key: str) -> str | None:
        row = self._db.execute("SELECT name FROM accounts WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def exists(self, name: str) -> bool:
        row = self._db.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone()
        return row is not None

    def owner(self, name: str) -> str | None:
        """The name as its account spells it (``Ann`` for ``ann``), None when free."""
        row = self._db.execute("SELECT name FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def created(self, name: str) -> float | None:
        """When ``name``'s account was made: who it is (a name removed and claimed again
        is another account); None: no such account."""
        with self._lock:
            row = self._db.execute(
                "SELECT created FROM accounts WHERE name = ?", (name,)
            ).fetchone()
        return None if row is None else float(row[0])

    def password_of(self, name: str) -> str | None:
        """The argon2 hash of ``name``'s password, None when it has none."""
        row = self._db.execute("SELECT password FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def invited(self, code: str | None, open_: bool) -> bool:
        """Whether ``code`` lets a new person in (any, when the server is open)."""
        return open_ or (
            code is not None and secrets.compare_digest(code.encode(), self.invite.encode())
        )

    def may_claim(self, name: str, key: str, code: str | None, open_: bool) -> bool:
        """Whether ``key`` (not known here) may claim ``name`` (free)."""
        if not name or self.exists(name) or self.name_of(key) is not None:
            return False
        return self.invited(code, open_)

    def name_refused(self, name: str) -> str | None:
        """Why ``name`` (free) cannot be a new account's, said in a sentence: it is kept
        for the server, or looks like a name taken (``names``); None: it may be."""
        if names.reserved(name):
            return messages.net_name_reserved(name)
        other = self._looked_like(name)
        return None if other is None else messages.net_name_looks_like(name, other)

    def taken(self, name: str) -> bool:
        """Whether ``name`` is an account's, or looks like one (``names``)."""
        return self.exists(name) or self._looked_like(name) is not None

    def _looked_like(self, name: str) -> str | None:
        taken = [str(row[0]) for row in self._db.execute("SELECT name FROM accounts")]
        return names.look_alike(name, taken)

    def claim(
        self, name: str, key: str | None, password: str | None = None, created: float | None = None
    ) -> bool:
        """Give ``name`` to ``key`` (or to the password of hash ``password``); False when
        either was taken meanwhile, or the name looks like one taken meanwhile. ``created``:
        when it was made (the cluster's claim), else now.
        """
        if names.reserved(name):
            return False
        try:
            with self._db:
                if self._looked_like(name) is not None:
                    return False
                now = time.time()  # made, and its first login
                self._db.execute(
                    "INSERT INTO accounts (name, key, created, password, seen) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (name, key, now if created is None else created, password, now),
                )
                # someone new: nothing of a removed account of that name's is theirs (its
                # rows went with it, but ``uno-access users remove`` ran in another process:
                # this one's memory of its blocks and sanctions goes now)
                self.social.forget(name)
                self.moderation.forget(name)
        except sqlite3.IntegrityError:
            return False
        return True

    async def claimed(self, name: str, key: str | None, password: str | None = None) -> bool:
        """``claim``, on the cluster first when these accounts are its copy (``shared``).
        On the server's event loop."""
        if self.shared is not None:
            return await self.shared.claim(name, key, password)
        return self.claim(name, key, password)

    async def password_changed(self, name: str, password: str, keep: str | None = None) -> bool:
        """``set_password``, on the cluster first when these accounts are its copy
        (``shared``). On the server's event loop."""
        if self.shared is not None:
            return await self.shared.set_password(name, password, keep)
        return self.set_password(name, password, keep)

    def set_password(self, name: str, password: str, keep: str | None = None) -> bool:
        """``name``'s password is now the one of hash ``password``, and every browser
        session of theirs has ended but the one of digest ``keep`` (where it was changed);
        False: no such name."""
        with self._lock, self._db:
            done = self._db.execute(
                "UPDATE accounts SET password = ? WHERE name = ?", (password, name)
            )
            if done.rowcount == 1:
                self.sessions.end_all(name, keep)
        return done.rowcount == 1

    def seen(self, name: str, when: float | None = None) -> None:
        """``name`` logged in now (``uno-access users list`` says when)."""
        with self._db:
            self._db.execute(
                "UPDATE accounts SET seen = ? WHERE name = ?",
                (time.time() if when is None else when, name),
            )

    def preferences(self, name: str) -> list[tuple[str, str]]:
        """What ``name`` chose in the lobby (``lang es``, ``keys off``…), as (word, value),
        for their next session."""
        with self._lock:
            rows = self._db.execute(
                "SELECT word, value FROM preferences WHERE name = ? ORDER BY word", (name,)
            ).fetchall()
        return [(str(word), str(value)) for word, value in rows]

    def prefer(self, name: str, word: str, value: str) -> None:
        """``name`` chose ``word value`` in the lobby: kept for their next session (and on
        every server of a cluster, ``Social.choose``)."""
        self.social.choose(name, word, value)

    def users(self) -> list[User]:
        rows = self._db.execute(
            "SELECT accounts.name, key, password IS NOT NULL, seen, role FROM accounts "
            "LEFT JOIN roles ON roles.name = accounts.name ORDER BY accounts.name"
        )
        return [User(str(n), k, bool(p), s, r) for n, k, p, s, r in rows.fetchall()]

    def remove(self, name: str) -> str | None:
        """Forget ``name``, its key and its password; the name as it was, None: none."""
        with self._db:
            row = self._db.execute("SELECT name FROM accounts WHERE name = ?", (name,)).fetchone()
            if row is None:
                return None
            self._db.execute("DELETE FROM accounts WHERE name = ?", (name,))
            self._db.execute("DELETE FROM preferences WHERE name = ?", (name,))
            self.sessions.end_all(name)
            self.social.forget(name)
            self.moderation.forget(name)
            self.results.forget(name)
        return str(row[0])

    # ------------------------------------------------- the copy of a cluster's accounts

    def records(self) -> list[tuple[str, str | None, str | None, float]]:
        """Every account: name, key, password hash, when it was made."""
        with self._lock:
            rows = self._db.execute("SELECT name, key, password, created FROM accounts")
            return [(str(n), k, p, float(c)) for n, k, p, c in rows.fetchall()]

    def copy(self, name: str, key: str | None, password: str | None, created: float) -> None:
        """The cluster's account ``name`` (``cluster.accounts``) made or brought up to date
        here. An account of that name made at another time (removed there and claimed
        again) is forgotten first, with all of its own, as is another account holding
        ``key``; a password changed there ends the browsers' sessions here."""
        with self._lock:
            row = self._db.execute(
                "SELECT name, key, password, created FROM accounts WHERE name = ?", (name,)
            ).fetchone()
        if row is not None and (row[0], row[1], row[2], float(row[3])) == (
            name,
            key,
            password,
            created,
        ):
            return
        if row is not None and float(row[3]) != created:
            self.remove(str(row[0]))
            row = None
        holder = None if key is None else self.name_of(key)
        if holder is not None and (row is None or holder != row[0]):
            self.remove(holder)
        with self._lock, self._db:
            if row is None:
                self._db.execute(
                    "INSERT INTO accounts (name, key, created, password) VALUES (?, ?, ?, ?)",
                    (name, key, created, password),
                )
            else:
                self._db.execute(
                    "UPDATE accounts SET name = ?, key = ?, password = ? WHERE name = ?",
                    (name, key, password, name),
                )
                if row[2] != password and self.sessions.on_row is None:
                    # ended here; where the sessions are the cluster's, the server where
                    # the password changed ended them there (but its own), and that comes
                    self.sessions.end_all(name)
        if row is None:  # someone new here: nothing of an earlier account's is theirs
            with self._lock, self._db:  # committed: no write left open on the file
                self.social.forget(name)
                self.moderation.forget(name)

    def mark_copy(self) -> None:
        """These accounts are a copy of a cluster's (``uno-access users remove`` then
        removes a name there, given ``--cluster``)."""
        self.mark(COPY)

    def is_copy(self) -> bool:
        """Whether these accounts are a copy of a cluster's (``mark_copy``)."""
        return self.marked(COPY)

    def set_invite(self, code: str) -> None:
        """The invite code is ``code`` from now on (a cluster's, the same on every
        server), kept for the next start."""
        with self._lock, self._db:
            self._db.execute("INSERT OR REPLACE INTO server VALUES ('invite', ?)", (code,))
        self.invite = code

    def mark(self, what: str) -> None:
        """A mark of this file's (``what``: a step of joining a cluster, done once)."""
        with self._lock, self._db:
            self._db.execute("INSERT OR REPLACE INTO server VALUES (?, '1')", (what,))

    def marked(self, what: str) -> bool:
        with self._lock:
            row = self._db.execute("SELECT 1 FROM server WHERE what = ?", (what,)).fetchone()
        return row is not None

    def keep_only(self, kept: set[str]) -> None:
        """Every account whose name is not in ``kept`` (the cluster's, as it is) removed."""
        folded = {fold(name) for name in kept}
        for name, *_rest in self.records():
            if fold(name) not in folded:
                self.remove(name)

    def close(self) -> None:
        self._db.close()


@dataclass(frozen=True, slots=True)
class User:
    """One account, as ``uno-access users list`` tells it."""

    name: str
    key: str | None  # the public key, as ``algorithm base64``
    password: bool  # whether a password is set
    seen: float | None  # the last login (time.time), None: never since it was made
    role: str | None = None  # operator or moderator (``moderation``), None: none


def _migrate(db: sqlite3.Connection) -> None:
    """An accounts file of an earlier version (a key for every name, no passwords, no
    last login) made this version's, in one transaction, its accounts kept.
    """
    columns = {row[1]: row for row in db.execute("PRAGMA table_info(accounts)")}
    if "password" in columns and "seen" in columns and not columns["key"][3]:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("ALTER TABLE accounts RENAME TO accounts_old")
        db.execute(_ACCOUNTS)
        db.execute(
            "INSERT INTO accounts (name, key, created) SELECT name, key, created FROM accounts_old"
        )
        db.execute("DROP TABLE accounts_old")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


WINDOW = 60.0  # seconds a failure is remembered
FIRST_DELAY = 0.25  # the wait after one failure; it doubles with each more
MOST_DELAY = 8.0
MOST_ADDRESSES = 10_000  # addresses remembered before the quiet ones are forgotten


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold(name: str) -> str:
    """``name`` as the accounts match it (``COLLATE NOCASE``: the ASCII letters' case)."""
    return name.translate(_ASCII_LOWER)


def name_key(name: str) -> str:
    """The ``Limiter``'s key for the failed logins of ``name`` (beside its addresses': no
    address is written so)."""
    return "\0name " + name.lower()


@dataclass
class Limiter:
    """Failed logins per address (or per name: ``name_key``): how long the next answer to
    it waits."""

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

    def recent(self, address: str, now: float | None = None) -> int:
        """How many failures of ``address`` (or of a name) are within the window."""
        now = time.monotonic() if now is None else now
        return sum(1 for t in self.failures.get(address, []) if now - t < WINDOW)

    def delay(self, address: str, now: float | None = None) -> float:
        count = self.recent(address, now)
        if count == 0:
            return 0.0
        return float(min(MOST_DELAY, FIRST_DELAY * 2.0 ** (count - 1)))

    def login_failed(self, keys: tuple[str, ...]) -> None:
        """A failed login, counted for each of its ``login_keys``."""
        for key in keys:
            self.failed(key)

    def login_delay(self, keys: tuple[str, ...]) -> float:
        """The wait a login of ``login_keys`` has earned: the longest of theirs."""
        return max((self.delay(key) for key in keys), default=0.0)


def login_keys(address: str, name: str) -> tuple[str, ...]:
    """The ``Limiter``'s keys of a login: its address, and the name asked for (if any)."""
    return (address, name_key(name)) if name else (address,)
