"""A saved game that cannot be read back whole never costs the rest of it, nor locks the
player out: a refused action is never saved unreadable, a damaged move ends the game
before it (said in one line, the game goes on), a game that cannot be rebuilt at all is
said unreadable once, with why, and play goes on; moves saved but never told are told on
resume; a game number out of range is one line.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from store_pty import PtyGame, database, read_saved
from test_store_commands import command, typed

from uno_access.access import messages
from uno_access.access.message import Message
from uno_access.bots.random_bot import RandomBot
from uno_access.devices.base import Notices
from uno_access.engine.actions import JumpIn, Play
from uno_access.engine.cards import Card
from uno_access.engine.codec import encodable
from uno_access.engine.rules import RuleSet
from uno_access.scenario import state_json
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.store import GameSetup, Recorder, Store
from uno_access.store.saved import SavedGame
from uno_access.ui.play import _offer_resume, _open_store, _play_saved, run
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Keyboard, Screen


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def _sql(home: Path, statement: str, *args: object) -> None:
    connection = sqlite3.connect(database(home))
    connection.execute(statement, args)
    connection.commit()
    connection.close()


def _resume_lines(said: list[str]) -> list[str]:
    """The lines between "resumed where it stopped" and "that is where the game stopped"."""
    start = next(i for i, line in enumerate(said) if "resumed where it stopped" in line)
    return said[start + 1 : said.index(messages.RESUMED_END)]


def test_a_refused_play_of_no_cards_is_never_saved_as_something_unreadable(home: Path) -> None:
    said = typed(["b7 x0", "r5 x0", "d", "l"])
    assert said.count(messages.count_out_of_range(10)) >= 1  # refused as it is typed
    connection = sqlite3.connect(database(home))
    rows = [text for (text,) in connection.execute("SELECT action FROM actions")]
    connection.close()
    assert all('"cards": []' not in text for text in rows)
    saved = read_saved(home)
    assert saved.damage is None
    again = typed(["l"], again=saved.id)
    assert again[0] == messages.resumed(saved.id, ["Ann"], 1)
    assert any(line.startswith("Your hand, ") for line in again[1:])


def test_a_typed_count_beyond_any_deck_is_refused_at_once_never_a_crash_nor_saved(
    home: Path,
) -> None:
    """``r5 x99999999999999999999`` crashed (OverflowError) and ``y1 x100000000`` froze
    for seconds while the store checked that the refused play would read back."""
    started = time.monotonic()
    said = typed(["r5 x99999999999999999999", "y1 x100000000", "b7 x5000", "l"])
    assert time.monotonic() - started < 30  # it froze: a bound on that, not a speed
    assert any(line.startswith("Your hand, ") for line in said)
    connection = sqlite3.connect(database(home))
    rows = [text for (text,) in connection.execute("SELECT action FROM actions")]
    connection.close()
    assert all(len(text) < 200 for text in rows)
    assert read_saved(home).damage is None


def test_a_play_of_more_copies_than_any_deck_holds_is_not_readable_and_costs_nothing() -> None:
    card = Card.from_code("r5")
    started = time.monotonic()
    assert not encodable(Play(0, card, count=10**20))
    assert not encodable(Play(0, card, count=100_000_000))
    assert not encodable(JumpIn(0, card, count=10**20))
    assert time.monotonic() - started < 60  # a bound on hanging, not a speed
    assert encodable(Play(0, card, count=2))


def test_a_refused_play_of_no_cards_at_the_table_is_told_and_not_saved(home: Path) -> None:
    opened = Store.open(database(home))
    assert opened.store is not None
    setup = GameSetup(("You", "Ann"), RuleSet(), 5, (None, "random"))
    said: list[str] = []
    screen = Screen(said.append)
    recorder = Recorder.start(opened.store, setup, screen.say)
    with create_pipe_input() as pipe:
        pipe.close()
        table = Table(
            setup.new_game(),
            {1: RandomBot(random.Random(1))},
            Keyboard(input=pipe, output=DummyOutput()),
            screen,
            0,
            recorder=recorder,
        )
        hand = table.game.view(0).hand
        events = table._apply(Play(0, hand[0], count=0))
    assert type(events[0]).__name__ == "Rejected"
    saved = opened.store.load(recorder.game or 0)
    opened.store.close()
    assert saved is not None and saved.actions == () and saved.damage is None


def test_a_game_saved_with_a_play_of_no_cards_by_an_earlier_version_resumes_whole(
    home: Path,
) -> None:
    typed(["d", "k", "d", "k", "cc"])
    before = read_saved(home)
    _sql(home, "UPDATE actions SET n = n + 1000 WHERE n >= 1")  # a refused b7 x0 as move 2
    _sql(home, "UPDATE actions SET n = n - 999 WHERE n >= 1000")
    _sql(
        home,
        "INSERT INTO actions VALUES (1, 1, ?)",
        json.dumps({"seat": 0, "act": "play", "cards": []}),
    )
    saved = read_saved(home)
    assert saved.damage is None and len(saved.actions) == len(before.actions) + 1
    assert state_json(saved.game()) == state_json(before.game())
    said = typed(["l"], again=1)
    assert said[0] == messages.resumed(1, ["Ann"], 1)
    out = home / "game.json"
    assert command(home, "export", "-o", str(out)).returncode == 0
    replayed = command(home, "scenario", str(out))
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout.splitlines()[-1]) == state_json(before.game())


def test_a_damaged_move_costs_only_the_moves_from_it_on_and_is_said_in_one_line(
    home: Path,
) -> None:
    typed(["d", "k", "d", "k", "d", "k", "cc"])
    before = read_saved(home)
    assert len(before.actions) > 4
    _sql(home, "UPDATE actions SET action = ? WHERE n = 3", '{"seat": 0, "act": "fly"}')
    saved = read_saved(home)
    assert saved.damage is not None and saved.damage.move == 4
    assert saved.actions == before.actions[:3]
    offer = typed(["y", "l", "cc"], seed=50)
    assert offer[0].startswith("You have an unfinished game, number 1")
    damaged = [line for line in offer if line.startswith("Move 4 of game 1 is damaged")]
    assert len(damaged) == 1 and "fly" in damaged[0]
    assert "saved by another version" not in " ".join(offer)
    assert any(line.startswith("Card check:") for line in offer)  # play went on
    after = read_saved(home, 1)
    assert after.damage is None  # the damaged move and those after it set aside
    assert after.actions[:3] == before.actions[:3]
    out = home / "game.json"
    result = command(home, "export", "1", "-o", str(out))
    assert result.returncode == 0 and result.stderr == messages.exported(1, str(out)) + "\n"
    replayed = command(home, "scenario", str(out))
    assert json.loads(replayed.stdout.splitlines()[-1]) == state_json(after.game())


def test_a_damaged_game_still_exports_up_to_the_damaged_move(home: Path) -> None:
    typed(["d", "k", "d", "k", "cc"])
    before = read_saved(home)
    _sql(home, "UPDATE actions SET action = ? WHERE n = 2", "not json at all")
    out = home / "game.json"
    result = command(home, "export", "-o", str(out))
    assert result.returncode == 0
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Move 3 of game 1 is damaged") and len(lines) == 2
    replayed = command(home, "scenario", str(out))
    partial = SavedGame(1, "", False, before.setup, before.actions[:2], ())
    assert json.loads(replayed.stdout.splitlines()[-1]) == state_json(partial.game())


def _undealable_game(home: Path) -> None:
    """A game of 10 players with 15 cards each, saved as a version that let it be did."""
    typed(["l"])
    setup = json.loads(read_saved(home).setup.to_json())
    setup.update(players=[f"P{seat}" for seat in range(10)], bots=[None] + ["random"] * 9)
    setup["rules"]["hand_size"] = 15
    _sql(home, "UPDATE games SET setup = ?", json.dumps(setup))


def test_a_saved_game_that_cannot_be_dealt_is_said_unreadable_once_and_play_goes_on(
    home: Path,
) -> None:
    _undealable_game(home)
    said = typed(["l"], seed=9)
    assert said[0].startswith("Game 1 cannot be read back: ")
    assert "saved by another version" not in said[0]
    assert any(line.startswith("Your hand, 7 cards") for line in said)
    assert not any(line.startswith("Game 1") for line in typed(["l"], seed=10))  # once
    result = command(home, "resume", "1")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "Game 1 cannot be read back" in result.stderr and "Traceback" not in result.stderr
    game = PtyGame(home, ["play", "--seed", "3"])  # no lock-out: it asks
    try:
        said = game.wait()
        assert game.prompt is not None and "Traceback" not in " ".join(said), said
    finally:
        game.close()


def test_a_game_that_cannot_be_dealt_is_never_saved(home: Path) -> None:
    with create_pipe_input() as pipe, contextlib.suppress(Exception):
        pipe.close()  # the rules may refuse it, or the deal fail: either way, nothing saved
        rules = RuleSet.from_spec("standard,hand_size=15")
        run(
            10,
            ["random"],
            rules,
            1,
            None,
            input=pipe,
            output=DummyOutput(),
            screen=Screen(lambda line: None),
        )
    opened = Store.open(database(home))
    assert opened.store is not None
    assert opened.store.latest() is None
    opened.store.close()


def test_a_move_saved_but_never_told_is_told_on_resume(home: Path) -> None:
    """A kill between saving a move and showing it: the lines of the last move are not in
    the file; the resume tells that move's events, then where the game stopped.
    """
    typed(["d", "k", "cc", "d"])
    whole = read_saved(home)
    last = len(whole.actions)
    told = [
        line
        for line, moves in zip(whole.lines, whole.moves, strict=True)
        if moves == last and line is not None
    ]
    assert told and told[0].startswith("You draw ")
    _sql(home, "DELETE FROM lines WHERE moves = ?", last)
    said = typed([], again=1)
    recap = _resume_lines(said)
    assert recap[-1] == told[0]  # the move's events, after what the person was last told
    assert recap.count(told[0]) == 1
    assert read_saved(home).told == last  # told now, and saved as told


@pytest.mark.parametrize("verb", ["resume", "export"])
def test_a_game_number_beyond_sqlite_s_integers_is_one_line_and_status_2(
    home: Path, verb: str
) -> None:
    for number in ("99999999999999999999", "9223372036854775808", "0", "-1"):
        result = command(home, verb, number)
        assert result.returncode == 2, number
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    typed(["l"])
    result = command(home, verb, "9223372036854775807")
    assert result.returncode == 2
    assert result.stderr == f"uno-access: {messages.no_such_game(9223372036854775807)}\n"


class _Speaker:
    """The loudspeaker: what would be spoken."""

    available = True
    enabled = True

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def show(self, message: Message) -> None:
        self.spoken.append(message.speech)

    def close(self) -> None:
        pass


def test_the_offer_to_resume_and_what_the_person_was_last_told_are_spoken_too(
    home: Path,
) -> None:
    typed(["d", "l"])
    speaker = _Speaker()
    said: list[str] = []
    screen = Screen(said.append)
    with create_pipe_input() as pipe:
        pipe.send_text("y\rh\r")
        pipe.close()
        outputs = Outputs(screen.say, speaker=speaker)  # type: ignore[arg-type]
        session = Session(Keyboard(input=pipe, output=DummyOutput()), screen, outputs, Notices())
        store = _open_store(session)
        saved = _offer_resume(store, session)
        assert saved is not None and store is not None
        _play_saved(store, saved, session)
        store.close()
    assert said[0].startswith("You have an unfinished game, number 1")
    told = said[: said.index(messages.RESUMED_END) + 1]
    assert speaker.spoken[: len(told)] == [messages.spoken(line) for line in told]


def test_names_and_reasons_read_from_the_file_never_reach_the_terminal_raw(home: Path) -> None:
    typed(["d"])
    setup = json.loads(read_saved(home).setup.to_json())
    setup["players"][1] = "\x1b[2JMallory\x07"
    _sql(home, "UPDATE games SET setup = ?", json.dumps(setup))
    _sql(home, "UPDATE actions SET action = ? WHERE n = 1", '{"seat": 0, "act": "\\u001b[31mx"}')
    said = typed(["y", "l"], seed=3)
    assert said[0].startswith("You have an unfinished game, number 1, against Mallory, ")
    assert not any("\x1b" in line or "\x07" in line for line in said)
    assert any(line.startswith("Move 2 of game 1 is damaged") for line in said)
