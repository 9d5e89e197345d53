"""A saved games file that is damaged, locked, read-only or full: one clear line, the
damaged file kept aside, and the game plays on (unsaved, when it must be, saying so).
"""

from __future__ import annotations

import ctypes
import os
import random
import sqlite3
import stat
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from store_pty import PtyGame, database, read_saved

from uno_access.access import messages
from uno_access.bots.random_bot import RandomBot
from uno_access.engine.rules import RuleSet
from uno_access.store import GameSetup, Recorder, Store
from uno_access.ui.play import run
from uno_access.ui.table import Table
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
        run(2, ["random"], RuleSet(), seed, None, input=pipe, output=DummyOutput(),
            screen=Screen(said.append))
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


def test_a_locked_database_says_the_game_is_not_saved_and_play_goes_on(home: Path) -> None:
    db = database(home)
    db.parent.mkdir(parents=True)
    Store.open(db).store.close()  # type: ignore[union-attr]
    locker = sqlite3.connect(db, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        said = play_typed(["l"])
    finally:
        locker.close()
    assert said[0] == messages.not_saving(messages.db_locked(str(db)))
    assert said.count(said[0]) == 1
    assert_plays(said)


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
        Table(setup.new_game(), bots, keyboard, screen, 0, recorder=recorder).run()
    full = messages.not_saving(messages.DISK_FULL)
    assert said.count(full) == 1
    assert not recorder.saving
    assert sum(line.startswith("Card check:") for line in said) > 3  # played on
    assert said[-1] == messages.INPUT_CLOSED


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
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP
                     | stat.S_IROTH | stat.S_IXOTH)
    game = PtyGame(tmp_path, ["play", "--seed", "3"],
                   preexec_fn=_without_root_s_override if os.geteuid() == 0 else None)
    try:
        said = game.wait()
        assert said[0] == messages.not_saving(messages.read_only(str(data)))
        hand = game.type("l")
        assert hand[0].startswith("Your hand, 7 cards")
        drawn = game.type("d")
        assert drawn[0].startswith("You draw ")
    finally:
        game.close()
        data.chmod(0o755)
        data.parent.chmod(0o755)
    assert list(data.iterdir()) == []
