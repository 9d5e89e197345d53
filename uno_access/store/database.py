"""The saved games file: SQLite in WAL mode, one committed transaction per write.

Opening never raises: a file that is not a database (or is damaged), or a database that is
not a saved games file of ours (another program's, another version's), is moved aside and
a new one started; a file that can be read but not written (a read-only folder) is opened
read-only, so that its games can still be resumed and exported; a folder that cannot be
written, a full disk or a file locked by another program give no store at all, and one
line saying why, so that play goes on unsaved.
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
from ..access.wording.trouble import Reason
from ..engine.actions import Action
from ..trouble import Trouble, trouble_of
from .saved import Damage, GameSetup, SavedGame, SavedGameError, decode_action, encode_action

SCHEMA_VERSION = 2  # 2: lines.moves (how many actions were saved when the line was)
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
    moves INTEGER,
    PRIMARY KEY (game, n)
);
"""
_MIGRATE = {1: "ALTER TABLE lines ADD COLUMN moves INTEGER;"}
_COLUMNS = {  # what each table must have (version 1 had no lines.moves)
    "games": {"id", "started", "setup", "finished", "offered"},
    "actions": {"game", "n", "action"},
    "lines": {"game", "n", "text"},
}
_SET_ASIDE = """
CREATE TABLE IF NOT EXISTS set_aside (
    game INTEGER NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL
);
"""
BUSY_SECONDS = 2.0  # how long a write waits for another program's lock, at most
RETRY_SECONDS = 0.05  # the same while saving is delayed by that lock: each write tries again
MAX_GAME = 2**63 - 1  # SQLite's largest integer: no game number is larger


class StoreProblem(Exception):
    """Saving stopped; ``message`` is the one line that tells the player why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def problem(error: BaseException, path: Path) -> StoreProblem:
    """The player's one line for an error writing the saved games file."""
    return StoreProblem(messages.not_saving(reason(error, path)))


def reason(error: BaseException, path: Path) -> Reason:
    """Why the saved games file at ``path`` cannot be used, in our words (never SQLite's
    or the system's: "disk I/O error", "File exists."), and what to do."""
    kind = trouble_of(error, path)
    explained = messages.explained(error, path)
    if kind in (Trouble.NOT_ALLOWED, Trouble.READ_ONLY_DISK):
        return Reason(messages.read_only(str(path.parent)), explained.advice)
    if kind is Trouble.IN_USE:
        return Reason(messages.db_locked(str(path)), explained.advice)
    return explained


class _Damaged(Exception):
    """The file is not a database, or a damaged one."""


class _Foreign(Exception):
    """The file is a database, but not a saved games file this version can use."""


def _damaged(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def busy(error: BaseException) -> bool:
    """Whether ``error`` is another program's lock on the file (it passes)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return isinstance(error, sqlite3.Error) and name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _unwritable(error: BaseException) -> bool:
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "") or ""
        return name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM"))
    return isinstance(error, OSError) and error.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


@dataclass
class Opened:
    """What opening gave: the store (None when nothing can be saved) and lines to tell."""

    store: Store | None
    notices: list[str] = field(default_factory=list)
    why: Reason | None = None  # without a store (or read alone): why, and what to do


class Store:
    """The saved games file, open. Every write is committed at once (autocommit)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        read_only: bool = False,
        durable: bool = False,
    ) -> None:
        self.connection = connection
        self.path = path
        self.read_only = read_only  # it can be read (resumed, exported), not written
        self.durable = durable  # a batch that asks for it reaches the disk (fsync)
        self._synced = durable  # SQLite's synchronous setting now: FULL, else NORMAL

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Path, durable: bool = True) -> Opened:
        """Open (or create) the saved games file at ``path``; never raises.

        ``durable``: each write that asks for it (``batch``) reaches the disk before the
        game goes on (fsync), so not even a power cut loses it; without, a killed program
        still loses nothing, but a power cut may lose the last moments (never the file).
        """
        try:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                try:
                    return Opened(cls._connect(path, durable))
                except _Damaged:
                    aside = _move_aside(path, "corrupt")
                    notice = messages.db_damaged(str(path), str(aside))
                except _Foreign:
                    aside = _move_aside(path, "foreign")
                    notice = messages.db_foreign(str(path), str(aside))
                return Opened(cls._connect(path, durable), [notice])
            except (sqlite3.Error, OSError) as error:
                if not _unwritable(error) or not path.is_file():
                    raise
                why = reason(error, path)
                store = cls._connect_read_only(path)
                return Opened(store, [messages.not_saving(why)], why)
        except (_Damaged, _Foreign):
            why = Reason(messages.db_unusable(str(path)), messages.advice_for(Trouble.DAMAGED))
        except (sqlite3.Error, OSError) as error:
            why = reason(error, path)
        return Opened(None, [messages.not_saving(why)], why)

    @classmethod
    def _connect(cls, path: Path, durable: bool) -> Store:
        made = not path.exists() or path.stat().st_size == 0
        connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            check = connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise _Damaged
            if not _ours(connection):  # before anything is written to it
                raise _Foreign
            # a new file is made without waiting for the disk at all (a power cut before
            # the first move leaves it empty again, or unreadable and put aside: nothing
            # of a game is lost either way; waiting, its making took 9 waits for the
            # disk, before a new player's first prompt), and the first move's commit takes
            # it there; a file with games in it is changed (brought to WAL, an earlier
            # version's brought up to date) as the game writes, waiting for the disk, so
            # that no power cut can harm it
            synchronous = "OFF" if made else "FULL" if durable else "NORMAL"
            connection.execute(f"PRAGMA synchronous={synchronous}")
            connection.execute("PRAGMA journal_mode=WAL")
            _settle_schema(connection)
            connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        except sqlite3.DatabaseError as error:
            connection.close()
            if _damaged(error):
                raise _Damaged from None
            raise
        except BaseException:
            connection.close()
            raise
        return cls(connection, path, durable=durable)

    @classmethod
    def _connect_read_only(cls, path: Path) -> Store:
        """The file opened to read alone (its folder, or itself, cannot be written): with
        SQLite's read-only mode, or, where even that needs to write (the WAL index of a
        read-only folder), as an unchanging file.
        """
        last: sqlite3.Error | None = None
        for mode in ("mode=ro", "immutable=1"):
            uri = f"{path.resolve().as_uri()}?{mode}"
            try:
                connection = sqlite3.connect(
                    uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None
                )
            except sqlite3.Error as error:
                last = error
                continue
            try:
                check = connection.execute("PRAGMA quick_check").fetchone()
                if check is None or check[0] != "ok":
                    raise _Damaged
                if not _ours(connection, read_only=True):
                    raise _Foreign
            except sqlite3.Error as error:
                connection.close()
                if _damaged(error):
                    raise _Damaged from None
                last = error
                continue
            except BaseException:
                connection.close()
                raise
            return cls(connection, path, read_only=True)
        assert last is not None
        raise last

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()

    def wait_for_lock(self, seconds: float) -> None:
        """How long a write waits for another program's lock before it gives up."""
        self.connection.execute(f"PRAGMA busy_timeout={int(seconds * 1000)}")

    # ----------------------------------------------------------------- writing

    def new_game(self, setup: GameSetup) -> int:
        cursor = self.connection.execute(
            "INSERT INTO games (started, setup) VALUES (?, ?)",
            (time.strftime("%Y-%m-%d %H:%M", time.localtime()), setup.to_json()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_action(self, game: int, n: int, text: str) -> None:
        """Action ``n`` of the game. The same action there already is no error (a write
        tried again after it was committed); another one there is (``SQLITE_CONSTRAINT``:
        another program plays this game too)."""
        try:
            self.connection.execute("INSERT INTO actions VALUES (?, ?, ?)", (game, n, text))
        except sqlite3.IntegrityError:
            row = self.connection.execute(
                "SELECT action FROM actions WHERE game = ? AND n = ?", (game, n)
            ).fetchone()
            if row is None or row[0] != text:
                raise

    def add_line(self, game: int, n: int, text: str | None, moves: int | None = None) -> None:
        """Line ``n`` of the game (None: the person was asked to type), saved when ``moves``
        actions had been; the same line there already is no error (as ``add_action``).
        """
        try:
            self.connection.execute(
                "INSERT INTO lines (game, n, text, moves) VALUES (?, ?, ?, ?)",
                (game, n, text, moves),
            )
        except sqlite3.IntegrityError:
            row = self.connection.execute(
                "SELECT text, moves FROM lines WHERE game = ? AND n = ?", (game, n)
            ).fetchone()
            if row is None or tuple(row) != (text, moves):
                raise

    def set_aside(self, game: int, first: int) -> None:
        """Actions ``first`` on of ``game`` moved out of the game, into ``set_aside`` (kept,
        never replayed): the game goes on from before a damaged move.
        """
        with self.batch():
            self.connection.execute(_SET_ASIDE)
            self.connection.execute(
                "INSERT INTO set_aside SELECT game, n, action FROM actions "
                "WHERE game = ? AND n >= ? ORDER BY n",
                (game, first),
            )
            self.connection.execute("DELETE FROM actions WHERE game = ? AND n >= ?", (game, first))

    @contextlib.contextmanager
    def batch(self, durable: bool = True) -> Iterator[None]:
        """Several writes as one committed transaction (one wait for the disk, not many).

        ``durable=False``: where the file was opened durable, this commit is not waited
        for on the disk (a line of the message history, not a move: SQLite's WAL keeps
        commits in order, so the next durable one takes it to the disk too; a killed
        program loses neither, a power cut at most such lines since the last move).
        """
        synced = self.durable and durable
        if synced != self._synced:
            self.connection.execute(f"PRAGMA synchronous={'FULL' if synced else 'NORMAL'}")
            self._synced = synced
        self.connection.execute("BEGIN IMMEDIATE")
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
        """A game read back, or None when there is no such game. The actions stop before
        the first that cannot be read back (``damage`` says which and why).

        Raises ``SavedGameError`` for a game whose setup this version cannot read.
        """
        if not 0 < game <= MAX_GAME:
            return None
        row = self.connection.execute(
            "SELECT started, setup, finished FROM games WHERE id = ?", (game,)
        ).fetchone()
        if row is None:
            return None
        started, setup, finished = row
        actions: list[Action] = []
        damage = None
        for n, text in self.connection.execute(
            "SELECT n, action FROM actions WHERE game = ? ORDER BY n", (game,)
        ):
            try:
                if n != len(actions):
                    raise SavedGameError(messages.tr(messages.MOVE_MISSING))
                actions.append(decode_action(text if isinstance(text, str) else ""))
            except SavedGameError as error:
                damage = Damage(len(actions) + 1, messages.move_unreadable(str(error)))
                break
        lines: list[str | None] = []
        moves: list[int | None] = []
        for text, count in self.connection.execute(
            "SELECT text, moves FROM lines WHERE game = ? ORDER BY n", (game,)
        ):
            lines.append(None if text is None else str(text))
            moves.append(count if isinstance(count, int) else None)
        return SavedGame(
            game,
            str(started),
            bool(finished),
            GameSetup.from_json(str(setup)),
            tuple(actions),
            tuple(lines),
            tuple(moves),
            damage,
        )


def _ours(connection: sqlite3.Connection, read_only: bool = False) -> bool:
    """Whether the database holds saved games of ours (of this version or an earlier one)."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    names = {
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        ).fetchall()
    }
    if version == 0 and not names and not read_only:
        return True  # a new file
    if not 0 <= version <= SCHEMA_VERSION:
        return False
    for name, columns in _COLUMNS.items():  # only our own names are ever put into SQL
        if name not in names:
            return False
        have = {column for (_, column, *_rest) in connection.execute(f"PRAGMA table_info({name})")}
        if not columns <= have:
            return False
    return True


def _settle_schema(connection: sqlite3.Connection) -> None:
    """Make a new file a saved games file, bring an earlier version's up to date (in one
    transaction, so that a kill leaves one or the other), or raise ``_Foreign``.
    """
    if not _ours(connection):
        raise _Foreign
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    columns = {column for (_, column, *_rest) in connection.execute("PRAGMA table_info(lines)")}
    connection.execute("BEGIN IMMEDIATE")
    try:
        if version == 0 and not columns:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
        elif "moves" not in columns:
            connection.execute(_MIGRATE[1])
        connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _move_aside(path: Path, why: str) -> Path:
    """Keep a file we cannot use (and its WAL files) beside it as ``games.db.<why>-<time>``:
    ``corrupt`` for a damaged one, ``foreign`` for another program's or version's.
    """
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    aside = path.with_name(f"{path.name}.{why}-{stamp}")
    k = 1
    while aside.exists():
        k += 1
        aside = path.with_name(f"{path.name}.{why}-{stamp}-{k}")
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


__all__ = [
    "MAX_GAME",
    "Opened",
    "SavedGameError",
    "Store",
    "StoreProblem",
    "busy",
    "encode_action",
    "problem",
]
