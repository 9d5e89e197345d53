"""Friends, blocks and private messages waiting for their reader, kept beside the
accounts (tables ``friends``, ``blocks`` and ``letters`` of ``accounts.db``), so that a
restart of the server loses none of them.

- **Friends** agree both: ``friend NAME`` asks (a row ``name → other``); the other's own
  ``friend`` agrees (the row back). Two rows, one friendship; ``unfriend`` removes both
  (a friendship ended, a request declined or taken back).
- **Blocks** are one person's own: the blocked one's chat, private messages, invitations
  and friend requests never reach the blocker, nor do they see the blocker's tables; they
  are never told so. A block ends a friendship. Blocks are read at every chat line, so
  they are kept in memory too (``blocks``), written through.
- **Letters**: a private message to someone not connected waits here (at most
  ``MOST_WAITING`` for one reader) and is told at their next login, then forgotten.
- **Choices** (who may message, friends' arrivals told, the lobby's chat during a game)
  are kept with the person's other lobby choices (the ``preferences`` table).

An account removed (``Accounts.remove``) takes its rows with it (``forget``): a name
claimed again is someone else, with no friends and no blocks of the first one's.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ...access import messages

SCHEMA = """
CREATE TABLE IF NOT EXISTS friends (
    name TEXT NOT NULL COLLATE NOCASE,
    other TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (name, other)
);
CREATE TABLE IF NOT EXISTS blocks (
    name TEXT NOT NULL COLLATE NOCASE,
    other TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (name, other)
);
CREATE TABLE IF NOT EXISTS letters (
    id INTEGER PRIMARY KEY,
    sender TEXT NOT NULL COLLATE NOCASE,
    reader TEXT NOT NULL COLLATE NOCASE,
    said TEXT NOT NULL,
    sent REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS letters_for ON letters (reader);
"""

MOST_WAITING = 100  # private messages waiting for one reader
MOST_FRIENDS = 500  # friends and requests of one person


class Asked(Enum):
    """What ``friend NAME`` did."""

    ASKED = "asked"  # a request, waiting for the other's agreement
    AGREED = "agreed"  # the other had asked: now friends
    ALREADY = "already"  # friends already
    PENDING = "pending"  # asked already, still waiting
    TOO_MANY = "too many"  # ``MOST_FRIENDS`` reached


class Privacy(Enum):
    """Who may send a person private messages (``messages``)."""

    EVERYONE = "everyone"
    FRIENDS = "friends"
    NOBODY = "nobody"


MESSAGES_WORD = messages.MESSAGES_WORD  # the lobby's command, and the choice's word
ARRIVALS_WORD = "arrivals"  # friends coming in told: on or off (``friends on``/``off``)
LOBBY_CHAT_WORD = messages.LOBBY_CHAT_WORD  # the lobby's chat during a game: on or off


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the friends, blocks, letters or preferences tables, as a cluster shares
    it (``cluster.social``): ``name`` its person (a letter's reader), ``other`` the other
    person (a choice's word, a letter's sender), ``value`` a choice's value or a letter's
    text, ``sent`` a letter's time."""

    table: str
    name: str
    other: str
    value: str = ""
    sent: float = 0.0


TABLES = ("friends", "blocks", "letters", "preferences")


@dataclass(frozen=True, slots=True)
class Letter:
    """A private message that waited for its reader."""

    sender: str
    said: str
    sent: float  # time.time


class Social:
    """The friends, blocks and letters in ``db`` (the accounts' connection, its ``lock``
    shared)."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock
        # each row made (True) or taken out (False) here, told to the cluster's copies
        self.on_row: Callable[[Row, bool], None] | None = None
        # who blocks whom, in lower case: read at every line said
        self.blocks: dict[str, set[str]] = {}
        for name, other in db.execute("SELECT name, other FROM blocks"):
            self.blocks.setdefault(str(name).lower(), set()).add(str(other).lower())

    # ----------------------------------------------------------------- friends

    def ask(self, name: str, other: str) -> Asked:
        """``name`` asks ``other`` to be friends, or agrees to their request."""
        with self._lock, self._db:
            if self._row("friends", name, other):
                back = self._row("friends", other, name)
                return Asked.ALREADY if back else Asked.PENDING
            count = self._db.execute(
                "SELECT count(*) FROM friends WHERE name = ?", (name,)
            ).fetchone()[0]
            if count >= MOST_FRIENDS:
                return Asked.TOO_MANY
            self._db.execute("INSERT INTO friends VALUES (?, ?)", (name, other))
            asked = Asked.AGREED if self._row("friends", other, name) else Asked.ASKED
        self._told(Row("friends", name, other), True)
        return asked

    def unfriend(self, name: str, other: str) -> bool:
        """The friendship of the two ended, or a request between them declined or taken
        back; False: there was none."""
        with self._lock, self._db:
            done = self._db.execute(
                "DELETE FROM friends WHERE (name = ? AND other = ?) OR (name = ? AND other = ?)",
                (name, other, other, name),
            )
        self._told(Row("friends", name, other), False)
        self._told(Row("friends", other, name), False)
        return done.rowcount > 0

    def friends(self, name: str) -> list[str]:
        """``name``'s friends (both agreed), by name."""
        return self._names(
            "SELECT a.other FROM friends a JOIN friends b "
            "ON a.other = b.name AND b.other = a.name WHERE a.name = ? ORDER BY a.other",
            name,
        )

    def asking(self, name: str) -> list[str]:
        """Who asked ``name`` to be friends, not agreed to yet (a blocked one left out)."""
        asked = self._names(
            "SELECT a.name FROM friends a WHERE a.other = ? AND NOT EXISTS "
            "(SELECT 1 FROM friends b WHERE b.name = a.other AND b.other = a.name) "
            "ORDER BY a.name",
            name,
        )
        return [n for n in asked if not self.blocked(name, n)]

    def asked(self, name: str) -> list[str]:
        """Whom ``name`` asked to be friends, still waiting."""
        return self._names(
            "SELECT a.other FROM friends a WHERE a.name = ? AND NOT EXISTS "
            "(SELECT 1 FROM friends b WHERE b.name = a.other AND b.other = a.name) "
            "ORDER BY a.other",
            name,
        )

    def are_friends(self, name: str, other: str) -> bool:
        with self._lock:
            return self._row("friends", name, other) and self._row("friends", other, name)

    # ----------------------------------------------------------------- blocks

    def block(self, name: str, other: str) -> bool:
        """``name`` blocks ``other`` (a friendship between them ended); False: already."""
        with self._lock, self._db:
            if self._row("blocks", name, other):
                return False
            self._db.execute("INSERT INTO blocks VALUES (?, ?)", (name, other))
            self._db.execute(
                "DELETE FROM friends WHERE (name = ? AND other = ?) OR (name = ? AND other = ?)",
                (name, other, other, name),
            )
        self.blocks.setdefault(name.lower(), set()).add(other.lower())
        self._told(Row("blocks", name, other), True)
        self._told(Row("friends", name, other), False)
        self._told(Row("friends", other, name), False)
        return True

    def unblock(self, name: str, other: str) -> bool:
        """``name`` no longer blocks ``other``; False: they did not."""
        with self._lock, self._db:
            done = self._db.execute(
                "DELETE FROM blocks WHERE name = ? AND other = ?", (name, other)
            )
        self.blocks.get(name.lower(), set()).discard(other.lower())
        self._told(Row("blocks", name, other), False)
        return done.rowcount > 0

    def blocked(self, name: str, other: str) -> bool:
        """Whether ``name`` blocks ``other`` (from memory: at every line said)."""
        mine = self.blocks.get(name.lower())
        return mine is not None and other.lower() in mine

    def blocked_by(self, name: str) -> list[str]:
        """Whom ``name`` blocks, by name."""
        return self._names("SELECT other FROM blocks WHERE name = ? ORDER BY other", name)

    # ----------------------------------------------------------------- letters

    def post(self, sender: str, reader: str, said: str, when: float | None = None) -> bool:
        """A private message kept for ``reader``'s next login; False: too many wait."""
        with self._lock, self._db:
            waiting = self._db.execute(
                "SELECT count(*) FROM letters WHERE reader = ?", (reader,)
            ).fetchone()[0]
            if waiting >= MOST_WAITING:
                return False
            sent = time.time() if when is None else when
            self._db.execute(
                "INSERT INTO letters (sender, reader, said, sent) VALUES (?, ?, ?, ?)",
                (sender, reader, said, sent),
            )
        self._told(Row("letters", reader, sender, said, sent), True)
        return True

    def letters(self, reader: str) -> list[Letter]:
        """The private messages that waited for ``reader``, oldest first, now forgotten
        (a blocked sender's never told)."""
        with self._lock, self._db:
            rows = self._db.execute(
                "SELECT sender, said, sent FROM letters WHERE reader = ? ORDER BY id", (reader,)
            ).fetchall()
            self._db.execute("DELETE FROM letters WHERE reader = ?", (reader,))
        letters = [Letter(str(s), str(said), float(t)) for s, said, t in rows]
        for letter in letters:  # read: forgotten on every server
            self._told(Row("letters", reader, letter.sender, letter.said, letter.sent), False)
        return [letter for letter in letters if not self.blocked(reader, letter.sender)]

    # ----------------------------------------------------------------- choices

    def choice(self, name: str, word: str) -> str | None:
        """What ``name`` chose for ``word`` (``messages``, ``arrivals``, ``lobbychat``),
        kept with their lobby choices; None: never chosen."""
        with self._lock:
            row = self._db.execute(
                "SELECT value FROM preferences WHERE name = ? AND word = ?", (name, word)
            ).fetchone()
        return None if row is None else str(row[0])

    def choose(self, name: str, word: str, value: str) -> None:
        """``name`` chose ``value`` for ``word`` (any lobby choice: ``Accounts.prefer``)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO preferences VALUES (?, ?, ?) "
                "ON CONFLICT (name, word) DO UPDATE SET value = excluded.value",
                (name, word, value),
            )
        self._told(Row("preferences", name, word, value), True)

    # ----------------------------------------------------------------- the account

    def forget(self, name: str) -> None:
        """Everything of ``name``'s, in the caller's transaction (its account removed)."""
        for table, columns in (("friends", "name, other"), ("blocks", "name, other")):
            first, second = columns.split(", ")
            self._db.execute(f"DELETE FROM {table} WHERE {first} = ? OR {second} = ?", (name, name))
        self._db.execute("DELETE FROM letters WHERE reader = ? OR sender = ?", (name, name))
        self.blocks.pop(name.lower(), None)
        for blocked in self.blocks.values():
            blocked.discard(name.lower())

    # ----------------------------------------------------------------- a cluster's copy

    def rows(self) -> list[Row]:
        """Every row of the four tables (a server's own, offered as it first joins)."""
        with self._lock:
            db = self._db
            rows = [Row("friends", str(n), str(o)) for n, o in db.execute("SELECT * FROM friends")]
            rows += [Row("blocks", str(n), str(o)) for n, o in db.execute("SELECT * FROM blocks")]
            rows += [
                Row("letters", str(r), str(s), str(said), float(t))
                for s, r, said, t in db.execute("SELECT sender, reader, said, sent FROM letters")
            ]
            rows += [
                Row("preferences", str(n), str(w), str(v))
                for n, w, v in db.execute("SELECT name, word, value FROM preferences")
            ]
        return rows

    def apply(self, row: Row, present: bool) -> None:
        """A row made or taken out on another server of the cluster, the same here (told to
        no one: ``on_row`` is for this server's own changes)."""
        with self._lock, self._db:
            if row.table in ("friends", "blocks"):
                if present:
                    self._db.execute(
                        f"INSERT OR IGNORE INTO {row.table} VALUES (?, ?)", (row.name, row.other)
                    )
                else:
                    self._db.execute(
                        f"DELETE FROM {row.table} WHERE name = ? AND other = ?",
                        (row.name, row.other),
                    )
            elif row.table == "preferences":
                if present:
                    self._db.execute(
                        "INSERT INTO preferences VALUES (?, ?, ?) "
                        "ON CONFLICT (name, word) DO UPDATE SET value = excluded.value",
                        (row.name, row.other, row.value),
                    )
                else:
                    self._db.execute(
                        "DELETE FROM preferences WHERE name = ? AND word = ?", (row.name, row.other)
                    )
            elif row.table == "letters":
                self._db.execute(
                    "DELETE FROM letters WHERE reader = ? AND sender = ? AND said = ? AND sent = ?",
                    (row.name, row.other, row.value, row.sent),
                )
                if present:
                    self._db.execute(
                        "INSERT INTO letters (sender, reader, said, sent) VALUES (?, ?, ?, ?)",
                        (row.other, row.name, row.value, row.sent),
                    )
        if row.table == "blocks":
            blocked = self.blocks.setdefault(row.name.lower(), set())
            if present:
                blocked.add(row.other.lower())
            else:
                blocked.discard(row.other.lower())

    def _told(self, row: Row, present: bool) -> None:
        if self.on_row is not None:
            self.on_row(row, present)

    # ----------------------------------------------------------------- inside

    def _row(self, table: str, name: str, other: str) -> bool:
        found = self._db.execute(
            f"SELECT 1 FROM {table} WHERE name = ? AND other = ?", (name, other)
        ).fetchone()
        return found is not None

    def _names(self, query: str, name: str) -> list[str]:
        with self._lock:
            return [str(row[0]) for row in self._db.execute(query, (name,))]
