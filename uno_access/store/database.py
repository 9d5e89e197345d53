"""The saved games file: SQLite in WAL mode, one committed transaction per write.

Opening never raises: a file that is not a database (or is damaged) is moved aside and a
new one started; a folder that cannot be written, a full disk or a file locked by another
program give no store at all, and one line saying why, so that play goes on unsaved.
"""

from __future__ import annotations

import contextlib
import errno
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..access import messages
from .saved import GameSetup, SavedGame, SavedGameError, decode_action, encode_action

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    offered INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS lines (
    game INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    text TEXT,
    PRIMARY KEY (game, n)
);
"""
BUSY_SECONDS = 2.0


class StoreProblem(Exception):
    """Saving stopped; ``message`` is the one line that tells the player why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def problem(error: BaseException, path: Path) -> StoreProblem:
    """The player's one line for an error writing the saved games file."""
    return StoreProblem(messages.not_saving(reason(error, path)))


def reason(error: BaseException, path: Path) -> str:
    """Why the saved games file at ``path`` cannot be used, in a few words."""
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "") or ""
        if name.startswith("SQLITE_FULL"):
            return messages.DISK_FULL
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return messages.db_locked(str(path))
        if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")):
            return messages.read_only(str(path.parent))
        return str(error)
    if isinstance(error, OSError):
        if error.errno == errno.ENOSPC:
            return messages.DISK_FULL
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return messages.read_only(str(path.parent))
        return error.strerror or str(error)
    return str(error)


class _Damaged(Exception):
    """The file is not a database, or a damaged one."""


def _damaged(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


@dataclass
class Opened:
    """What opening gave: the store (None when nothing can be saved) and lines to tell."""

    store: Store | None
    notices: list[str] = field(default_factory=list)
    why: str | None = None  # without a store: why, in a few words


class Store:
    """The saved games file, open. Every write is committed at once (autocommit)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Path, durable: bool = True) -> Opened:
        """Open (or create) the saved games file at ``path``; never raises.

        ``durable``: each write reaches the disk before the game goes on (fsync), so not
        even a power cut loses it; without, a killed program still loses nothing, but a
        power cut may lose the last moments (never the file).
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                return Opened(cls._connect(path, durable))
            except _Damaged:
                aside = _move_aside(path)
            return Opened(cls._connect(path, durable), [messages.db_damaged(str(path), str(aside))])
        except _Damaged:
            why = messages.db_unusable(str(path))
        except (sqlite3.Error, OSError) as error:
            why = reason(error, path)
        return Opened(None, [messages.not_saving(why)], why)

    @classmethod
    def _connect(cls, path: Path, durable: bool) -> Store:
        connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            check = connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise _Damaged
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                connection.executescript(_SCHEMA)
                connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as error:
            connection.close()
            if _damaged(error):
                raise _Damaged from None
            raise
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()

    # ----------------------------------------------------------------- writing

    def new_game(self, setup: GameSetup) -> int:
        cursor = self.connection.execute(
            "INSERT INTO games (started, setup) VALUES (?, ?)",
            (time.strftime("%Y-%m-%d %H:%M", time.localtime()), setup.to_json()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_action(self, game: int, n: int, text: str) -> None:
        self.connection.execute("INSERT INTO actions VALUES (?, ?, ?)", (game, n, text))

    def add_line(self, game: int, n: int, text: str | None) -> None:
        self.connection.execute("INSERT INTO lines VALUES (?, ?, ?)", (game, n, text))

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several writes as one committed transaction (one wait for the disk, not many)."""
        self.connection.execute("BEGIN")
        try:
            yield
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def set_finished(self, game: int) -> None:
        self.connection.execute("UPDATE games SET finished = 1 WHERE id = ?", (game,))

    def set_offered(self, game: int) -> None:
        """The player was offered this game and chose a new one: not offered again."""
        self.connection.execute("UPDATE games SET offered = 1 WHERE id = ?", (game,))

    # ----------------------------------------------------------------- reading

    def latest(self, unfinished: bool = False, not_offered: bool = False) -> int | None:
        """The latest game's number (only unfinished ones, or not yet declined ones)."""
        where = []
        if unfinished:
            where.append("finished = 0")
        if not_offered:
            where.append("offered = 0")
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        row = self.connection.execute(f"SELECT max(id) FROM games{clause}").fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def load(self, game: int) -> SavedGame | None:
        """A game read back, or None when there is no such game.

        Raises ``SavedGameError`` for a game this version cannot read.
        """
        row = self.connection.execute(
            "SELECT started, setup, finished FROM games WHERE id = ?", (game,)
        ).fetchone()
        if row is None:
            return None
        started, setup, finished = row
        actions = tuple(
            decode_action(text) for (text,) in self.connection.execute(
                "SELECT action FROM actions WHERE game = ? ORDER BY n", (game,)
            )
        )
        lines = tuple(
            text for (text,) in self.connection.execute(
                "SELECT text FROM lines WHERE game = ? ORDER BY n", (game,)
            )
        )
        return SavedGame(game, started, bool(finished), GameSetup.from_json(setup), actions, lines)


def _move_aside(path: Path) -> Path:
    """Keep a damaged file (and its WAL files) beside it as ``games.db.corrupt-<time>``."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    k = 1
    while aside.exists():
        k += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{k}")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


__all__ = ["Opened", "SavedGameError", "Store", "StoreProblem", "encode_action", "problem"]
