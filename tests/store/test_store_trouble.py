"""A saved games file that is damaged, locked, read-only or full: one clear line, the
damaged file kept aside, and the game plays on (unsaved, when it must be, saying so).
"""

from __future__ import annotations

import ctypes
import json
import os
import random
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from store_pty import ROOT, PtyGame, database, environment, read_saved

from uno_access.access import messages
from uno_access.bots.random_bot import RandomBot
from uno_access.engine.rules import RuleSet
from uno_access.seat.table import Table
from uno_access.store import GameSetup, Recorder, Store
from uno_access.trouble import Trouble
from uno_access.ui.drive import drive
from uno_access.ui.play import run
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def play_typed(typed: list[str], seed: int = 4) -> list[str]:
    """``uno-access play`` in this process, ``typed`` through prompt_toolkit's pipe input;
    every line said.
    """
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in typed))
        pipe.close()
        run(
            2,
            ["random"],
            RuleSet(),
            seed,
            None,
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
        )
    return said


def assert_plays(said: list[str]) -> None:
    """The game went on: the person was dealt cards, asked for a move and answered."""
    assert any(line.startswith("You are dealt 7 cards") for line in said)
    assert any(line.startswith("Your hand, ") for line in said)
    assert said[-1] == messages.INPUT_CLOSED


def test_a_file_that_is_not_a_database_is_kept_aside_and_a_new_one_saves_the_game(
    home: Path,
) -> None:
    db = database(home)
    db.parent.mkdir(parents=True)
    db.write_bytes(b"these are not the games you are looking for\n" * 100)
    said = play_typed(["l"])
    asides = list(db.parent.glob("games.db.corrupt-*"))
    assert len(asides) == 1
    assert asides[0].read_bytes() == b"these are not the games you are looking for\n" * 100
    assert said[0] == messages.db_damaged(str(db), str(asides[0]))
    assert_plays(said)
    assert any(line.startswith("Your hand, ") for line in read_saved(home).history)


def test_a_database_with_a_damaged_page_is_kept_aside_and_replaced(home: Path) -> None:
    db = database(home)
    db.parent.mkdir(parents=True)
    play_typed(["d", "l", "cc"] * 20)
    size = db.stat().st_size
    assert size > 4 * 4096
    with db.open("r+b") as file:  # garbage over the middle of the second page on
        file.seek(4096 + 100)
        file.write(bytes(range(256)) * 48)
    opened = Store.open(db)
    assert opened.store is not None
    opened.store.close()
    assert len(opened.notices) == 1 and "was damaged" in opened.notices[0]
    assert len(list(db.parent.glob("games.db.corrupt-*"))) == 1


class _Locker:
    """Another program holding the saved games file's lock until the game has said
    ``until`` lines since saving was delayed (never, with None).
    """

    def __init__(self, db: Path, until: int | None) -> None:
        self.connection = sqlite3.connect(db, isolation_level=None)
        self.connection.execute("BEGIN EXCLUSIVE")
        self.until = until
        self.said: list[str] = []
        self.delayed_at: int | None = None

    def write(self, line: str) -> None:
        self.said.append(line)
        if line.startswith("Saving is delayed"):
            self.delayed_at = len(self.said)
        if (
            self.until is not None
            and self.delayed_at is not None
            and len(self.said) - self.delayed_at >= self.until
            and self.connection.in_transaction
        ):
            self.connection.execute("COMMIT")  # the other program lets go

    def close(self) -> None:
        self.connection.close()


def _play_locked(home: Path, until: int | None, typed: list[str]) -> list[str]:
    db = database(home)
    db.parent.mkdir(parents=True)
    Store.open(db).store.close()  # type: ignore[union-attr]
    locker = _Locker(db, until)
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("".join(line + "\r" for line in typed))
            pipe.close()
            run(
                2,
                ["random"],
                RuleSet(),
                4,
                None,
                input=pipe,
                output=DummyOutput(),
                screen=Screen(locker.write),
            )
    finally:
        locker.close()
    return locker.said


def test_a_lock_held_by_another_program_delays_saving_and_every_move_is_caught_up(
    home: Path,
) -> None:
    said = _play_locked(home, 25, ["l", "d", "k", "cc"] * 10)
    db = database(home)
    assert said[0] == messages.saving_delayed(str(db))
    assert said.count(said[0]) == 1  # told once
    assert said.count(messages.SAVING_CAUGHT_UP) == 1
    assert_plays(said)
    notices = {said[0], messages.SAVING_CAUGHT_UP, messages.INPUT_CLOSED}
    saved = read_saved(home)
    assert saved.history == [line for line in said if line not in notices]  # nothing lost
    assert saved.told == len(saved.actions)
    checks = sum(line.startswith("Card check:") for line in said)
    assert checks > 3 and sum(line.startswith("Card check:") for line in saved.history) == checks


def test_a_lock_held_to_the_end_says_once_saving_is_delayed_then_what_was_lost(
    home: Path,
) -> None:
    said = _play_locked(home, None, ["l", "d", "k"])
    db = database(home)
    assert said[0] == messages.saving_delayed(str(db))
    assert said.count(said[0]) == 1
    assert said[-1].startswith(f"The saved games file {db} is still in use by another program")
    assert said[-2] == messages.INPUT_CLOSED


def test_a_database_of_another_program_is_kept_aside_and_a_new_one_saves_the_game(
    home: Path,
) -> None:
    db = database(home)
    db.parent.mkdir(parents=True)
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE games (title TEXT, rating INTEGER)")
    other.execute("INSERT INTO games VALUES ('Chess', 5)")
    other.commit()
    other.close()
    content = db.read_bytes()
    said = play_typed(["l"])
    asides = list(db.parent.glob("games.db.foreign-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == content
    assert said[0] == messages.db_foreign(str(db), str(asides[0]))
    assert_plays(said)
    assert any(line.startswith("Your hand, ") for line in read_saved(home).history)
    assert not any("not being saved" in line for line in play_typed(["l"]))


def test_a_saved_games_file_of_a_later_version_is_kept_aside_not_written_over(
    home: Path,
) -> None:
    db = database(home)
    play_typed(["l"])
    later = sqlite3.connect(db)
    later.execute("PRAGMA user_version=99")
    later.commit()
    later.close()
    said = play_typed(["l"])
    asides = list(db.parent.glob("games.db.foreign-*"))
    assert len(asides) == 1 and said[0] == messages.db_foreign(str(db), str(asides[0]))
    assert_plays(said)


def test_a_saved_games_file_of_version_1_is_brought_up_to_date_and_its_game_resumed(
    home: Path,
) -> None:
    db = database(home)
    play_typed(["d", "l"])
    old = sqlite3.connect(db)  # as version 1 left it: no lines.moves
    old.executescript(
        "CREATE TABLE lines1 AS SELECT game, n, text FROM lines; DROP TABLE lines;"
        "CREATE TABLE lines (game INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL,"
        " text TEXT, PRIMARY KEY (game, n)); INSERT INTO lines SELECT * FROM lines1;"
        "DROP TABLE lines1; PRAGMA user_version=1;"
    )
    old.close()
    before = read_saved(home)
    said = play_typed(["y", "l"])
    assert said[0].startswith("You have an unfinished game, number 1")
    assert said[1] == messages.resumed(1, ["Ann"], 1)
    assert read_saved(home).history[: len(before.history)] == before.history


def test_a_full_disk_says_once_the_game_is_not_saved_and_play_goes_on(home: Path) -> None:
    opened = Store.open(database(home))
    store = opened.store
    assert store is not None
    setup = GameSetup(("You", "Ann"), RuleSet(), 11, (None, "random"))
    said: list[str] = []
    screen = Screen(said.append)
    recorder = Recorder.start(store, setup, screen.say)
    pages = store.connection.execute("PRAGMA page_count").fetchone()[0]
    store.connection.execute(f"PRAGMA max_page_count={pages}")  # the disk is full now
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in ["l", "d", "k", "cc"] * 15))
        pipe.close()
        bots = {1: RandomBot(random.Random(1))}
        keyboard = Keyboard(input=pipe, output=DummyOutput())
        drive(
            Table(setup.new_game(), bots, keyboard, screen, 0, recorder=recorder).play(),
            keyboard,
            screen,
        )
    full = messages.not_saving(messages.reason_for(Trouble.DISK_FULL))
    assert "SQLITE" not in full and "database" not in full
    assert said.count(full) == 1
    assert not recorder.saving
    assert sum(line.startswith("Card check:") for line in said) > 3  # played on
    assert said[-1] == messages.INPUT_CLOSED


def READ_ONLY(folder: Path) -> messages.Reason:
    """The saved games' folder cannot be written: why, and what to do."""
    return messages.Reason(
        messages.read_only(str(folder)), messages.advice_for(Trouble.NOT_ALLOWED)
    )


_PR_CAPBSET_DROP = 24
_CAP_DAC_OVERRIDE = 1
_CAP_DAC_READ_SEARCH = 2


def _without_root_s_override() -> None:
    """Root may write anywhere: in the game's process, drop that power before it starts
    (from the bounding set, so the program runs as a root without it).
    """
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH):
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def test_a_read_only_data_folder_says_the_game_is_not_saved_and_play_goes_on(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data" / "uno-access"
    data.mkdir(parents=True)
    for folder in (data, data.parent):
        folder.chmod(
            stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH
        )
    game = PtyGame(
        tmp_path,
        ["play", "--seed", "3"],
        preexec_fn=_without_root_s_override if os.geteuid() == 0 else None,
    )
    try:
        said = game.wait()
        assert said[0] == messages.not_saving(READ_ONLY(data))
        hand = game.type("l")
        assert hand[0].startswith("Your hand, 7 cards")
        drawn = game.type("d")
        assert drawn[0].startswith("You draw ")
    finally:
        game.close()
        data.chmod(0o755)
        data.parent.chmod(0o755)
    assert list(data.iterdir()) == []


def test_an_unfinished_game_in_a_read_only_folder_still_resumes_unsaved_and_exports(
    home: Path,
) -> None:
    play_typed(["d", "l"])
    before = read_saved(home)
    data = database(home).parent
    readable = stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH
    drop = _without_root_s_override if os.geteuid() == 0 else None
    for folder in (data, data.parent):
        folder.chmod(readable | stat.S_IXOTH)
    game = PtyGame(home, ["resume"], preexec_fn=drop)
    try:
        said = game.wait()
        assert said[0] == messages.not_saving(READ_ONLY(data))
        assert said[1] == messages.resumed(before.id, ["Ann"], 1)
        assert game.type("l")[0].startswith("Your hand, ")
        exported = subprocess.run(
            [sys.executable, "-m", "uno_access", "export"],
            cwd=ROOT,
            env=environment(home),
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=drop,
            check=False,
        )
    finally:
        game.close()
        data.chmod(0o755)
        data.parent.chmod(0o755)
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["actions"] == before.scenario()["actions"]
    assert read_saved(home).lines == before.lines  # nothing was written
