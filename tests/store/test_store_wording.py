"""Every storage and system failure is told in our own words (issue 23): what happened,
whether the game is safe, what to do; in English, Spanish and Portuguese; never SQLite's
or the system's wording ("UNIQUE constraint failed", "disk I/O error", "File exists.").
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from store_pty import database

from uno_access.access import messages
from uno_access.access.wording import language
from uno_access.engine.actions import Draw
from uno_access.engine.rules import RuleSet
from uno_access.store import GameSetup, Recorder, Store
from uno_access.store.database import reason
from uno_access.trouble import Trouble, trouble_of
from uno_access.ui.play import run
from uno_access.ui.terminal import Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

# what SQLite and the system say, which no player is told
FOREIGN = ("SQLITE", "constraint", "disk I/O", "File exists", "Errno", "errno", "database")
ERRNOS = (
    errno.ENOSPC,
    errno.EDQUOT,
    errno.EACCES,
    errno.EPERM,
    errno.EROFS,
    errno.EEXIST,
    errno.ENOTDIR,
    errno.EISDIR,
    errno.ENOENT,
    errno.EIO,
    errno.EMFILE,
    errno.ENOMEM,
    errno.ENAMETOOLONG,
    errno.EBUSY,
    errno.EXDEV,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def _sqlite_errors(folder: Path) -> list[sqlite3.Error]:
    """Real errors of SQLite: a duplicate row, a file that is not a database, a full
    database (its page limit), a read-only one."""
    found: list[sqlite3.Error] = []
    connection = sqlite3.connect(folder / "one.db", isolation_level=None)
    connection.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    connection.execute("INSERT INTO t VALUES (1)")
    try:
        connection.execute("INSERT INTO t VALUES (1)")
    except sqlite3.Error as error:
        found.append(error)
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count={pages}")
    try:
        connection.execute("CREATE TABLE big (x)")
        connection.execute("INSERT INTO big VALUES (zeroblob(100000))")
    except sqlite3.Error as error:
        found.append(error)
    connection.close()
    (folder / "not.db").write_bytes(b"not a database at all" * 100)
    try:
        sqlite3.connect(folder / "not.db").execute("SELECT * FROM sqlite_master")
    except sqlite3.Error as error:
        found.append(error)
    read_only = sqlite3.connect(f"{(folder / 'one.db').as_uri()}?mode=ro", uri=True)
    try:
        read_only.execute("INSERT INTO t VALUES (2)")
    except sqlite3.Error as error:
        found.append(error)
    read_only.close()
    assert len(found) == 4
    return found


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_every_storage_failure_is_said_in_our_words_with_what_to_do(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "games.db"
    errors: list[BaseException] = [OSError(number, os.strerror(number)) for number in ERRNOS]
    errors += _sqlite_errors(tmp_path)
    with language.use(lang):
        for error in errors:
            told = messages.not_saving(reason(error, path))
            for foreign in FOREIGN:
                assert foreign not in told, (error, told)
            if isinstance(error, OSError) and error.strerror:
                assert error.strerror not in told, told
            assert told.count(".") >= 3, told  # what happened, the game safe, what to do


def test_a_disk_that_fills_as_sqlite_writes_its_journal_is_said_to_be_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite says "disk I/O error" when the disk fills under it: a disk with no room left
    (the one stand-in here: the disk's free space, read by statvfs) makes it a full disk."""
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"
    assert trouble_of(error, tmp_path / "games.db") is Trouble.DISK_ERROR  # room left here

    class Full:
        f_bavail = 0

    monkeypatch.setattr(os, "statvfs", lambda path: Full())
    assert trouble_of(error, tmp_path / "games.db") is Trouble.DISK_FULL
    told = messages.not_saving(reason(error, tmp_path / "games.db"))
    assert told.startswith("Your game is not being saved from here on: the disk is full.")
    assert told.endswith("Free some space on the disk.")


def test_a_file_where_the_data_folder_should_be_is_said_in_our_words_and_play_goes_on(
    home: Path,
) -> None:
    folder = database(home).parent
    folder.parent.mkdir(parents=True)
    folder.write_text("in the way", encoding="utf-8")  # "File exists." from mkdir
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("l\r")
        pipe.close()
        status = run(
            2,
            ["random"],
            RuleSet(),
            4,
            None,
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
        )
    assert status == 0
    why = messages.reason_for(Trouble.FILE_IN_THE_WAY, str(database(home)))
    assert said[0] == messages.not_saving(why)
    assert "File exists" not in " ".join(said)
    assert any(line.startswith("Your hand, ") for line in said)  # play went on


def test_another_program_writing_the_same_game_is_a_conflict_said_in_our_words(
    tmp_path: Path,
) -> None:
    opened = Store.open(tmp_path / "games.db", durable=False)
    store = opened.store
    assert store is not None
    told: list[str] = []
    recorder = Recorder.start(
        store, GameSetup(("You", "Ann"), RuleSet(), 5, (None, "random")), told.append
    )
    recorder.record(Draw(0))
    assert recorder.game is not None
    other = sqlite3.connect(tmp_path / "games.db", isolation_level=None)  # another program
    other.execute(
        "INSERT INTO actions VALUES (?, 1, ?)", (recorder.game, '{"act": "draw", "seat": 1}')
    )
    other.close()
    recorder.record(Draw(0))  # its move 1 is not ours
    assert told == [
        messages.not_saving(messages.reason_for(Trouble.CONFLICT, str(tmp_path / "games.db")))
    ]
    store.close()
