"""Resume, quit, type-ahead and the lines said too often (issue 23, items 8 and 9).

- the resume question says its default, and Enter takes it and says so; Y resumes;
- ``play --setup`` offers no game to resume (its answers are for a new game) and names the
  unfinished one, which ``play`` offers again next time;
- Q then yes says the game is saved and how to take it up: ``uno-access resume N``;
- keys typed before the table opened (Enters after the setup) play nothing;
- Space on the person's own turn says in a few words that it is still their turn;
- the no-sound-device notice is short and told once in a run, not once a session.

Through prompt_toolkit's real pipe input, and a real pseudo-terminal (pexpect) where the
defect lives in the terminal (type-ahead) or in the command line (``--setup``).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import START, position
from test_play_keys import keyed
from test_play_terminal import DEVICES_OFF, ENTER, SPACE, Terminal

from uno_access.access import braille, messages, speech
from uno_access.devices.base import Notices
from uno_access.devices.sound import SoundDevice
from uno_access.engine.rules import RuleSet
from uno_access.seat.outputs import Outputs
from uno_access.ui.play import resume, run
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def played(keys: str, *, keyed: bool = True, again: bool = False) -> list[str]:
    """``uno-access play`` (``resume`` with ``again``) against one bot: ``keys`` pressed,
    then the input closed; every line said."""
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        screen = Screen(said.append)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=keyed)
        session = Session(keyboard, screen, Outputs(screen.say), Notices())
        if again:
            resume(None, session=session)
        else:
            run(2, ["normal"], RuleSet(), 7, None, session=session)
    return said


def braille_of(line: speech.Line) -> str:
    """The braille a display shows for a session's line, as Braille ASCII."""
    outputs = Outputs(lambda _: None)
    return braille.unicode_to_ascii(braille.render(line.brief(), outputs.braille_table))


# ----------------------------------------------------------------- resume and quit


def test_leaving_says_the_game_is_saved_and_how_to_take_it_up() -> None:
    said = played("qy")
    assert said[-1] == messages.game_left_saved(1)
    assert said[-1] == ("You left the game. It is saved: uno-access resume 1 takes it up.")
    resumed = played("", again=True)
    assert messages.resumed(1, ["Ann"], 1) in resumed


def test_the_resume_question_says_its_default_and_enter_takes_it_saying_so() -> None:
    played("qy")  # game 1, left unfinished
    said = played("\r")
    offer = next(line for line in said if line.startswith("You have an unfinished game"))
    assert offer.endswith("Resume it? Press Y to resume it, or N or Enter for a new game.")
    told = said[said.index(offer) + 1]
    assert told == messages.new_game_game_kept(1, default=True)
    assert told.startswith("Enter: a new game starts, the default; game 1 is kept")
    assert any(line.startswith("UNO against Ann") for line in said)  # the new game
    assert not any(line.startswith("You have an unfinished game, number 1") for line in played(""))


def test_n_is_said_too_and_y_resumes() -> None:
    played("qy")
    said = played("n")  # game 1 kept; game 2 starts, and is left as the input closes
    assert messages.new_game_game_kept(1) in said
    resumed = played("y")
    assert messages.resumed(2, ["Ann"], 1) in resumed, resumed[:4]


def test_typed_the_resume_question_takes_an_empty_line_as_its_default() -> None:
    played("q\ry\r", keyed=False)
    said = played("\r", keyed=False)
    offer = next(line for line in said if line.startswith("You have an unfinished game"))
    assert offer.endswith("Type y to resume it, or n or Enter alone for a new game.")
    assert messages.new_game_game_kept(1, default=True) in said


def test_the_new_lines_have_their_braille_forms_with_the_essential_first() -> None:
    offer = speech.Line.of(messages.resume_offer, 3, "today", ["Ann"], 2, messages.KEYED)
    assert braille_of(offer).startswith(",resume #c8 y_/n")  # "Resume 3? y/n" first
    left = speech.Line.of(messages.game_left_saved, 3)
    assert "#c" in braille_of(left)[:20]
    kept = speech.Line.of(messages.new_game_game_kept, 3, True)
    assert "#c" in braille_of(kept)[:20]


def test_with_setup_no_game_is_offered_and_the_unfinished_one_is_named(tmp_path: Path) -> None:
    """``play --setup``: every question, then a new game at once (the answers are for it);
    the unfinished game is named with how to resume it, and is not marked declined, so
    ``play`` offers it again.
    """
    first = Terminal(tmp_path, "--players", "2", "--seed", "3", *DEVICES_OFF)
    first.sees("Your turn.")
    first.press("q")
    first.press("y")
    first.sees("It is saved: uno-access resume 1 takes it up.")
    first.ends()
    setup = Terminal(tmp_path, "--setup", "--seed", "3", *DEVICES_OFF)  # no Wild to start
    while setup.child.expect_exact(["setup>", messages.unfinished_kept(1)]) == 0:
        setup.answer("")
        setup.sees("Kept:")
    setup.sees("UNO against Ann")
    assert "Resume it?" not in str(setup.child.before)
    setup.sees("Your turn.")
    setup.press("q")
    setup.press("y")
    setup.ends()
    games = tmp_path / "data" / "uno-access" / "games.db"
    with sqlite3.connect(games) as db:  # game 1: unfinished, not declined, offered next
        assert db.execute("SELECT finished, offered FROM games WHERE id = 1").fetchone() == (0, 0)


# ----------------------------------------------------------------- type-ahead


def test_enters_typed_after_the_setup_play_no_card(tmp_path: Path) -> None:
    """The defect: three Enters typed with the setup's last answer played cards at once.
    They are dropped as the table opens, said in one line, and the first turn is whole."""
    game = Terminal(tmp_path, "--setup", "--seed", "3", *DEVICES_OFF)
    while game.child.expect_exact(["setup>", "Seconds between the bots' moves"]) == 0:
        game.answer("")
        game.sees("Kept:")  # one answer at a time: the keys below are the only ones ahead
    game.sees("setup>")  # the last question's prompt
    game.press(ENTER * 4)  # its answer, and three Enters typed ahead with it
    game.sees(messages.tr(messages.SETUP_SAVED))
    game.sees(messages.typeahead_dropped())
    game.sees("Your turn.")
    game.press("c")
    assert game.sees("Card check:").startswith("Card check: you 7 cards")
    assert "You play" not in str(game.child.before)
    game.press("q")
    game.press("y")
    game.ends()


def test_keys_typed_before_the_game_starts_are_dropped(tmp_path: Path) -> None:
    game = Terminal(tmp_path, "--players", "2", "--seed", "3", *DEVICES_OFF)
    game.press(ENTER * 3)  # before anything is shown: the program is still starting
    game.sees(messages.typeahead_dropped())
    game.sees("Your turn.")
    game.press("c")
    assert game.sees("Card check:").startswith("Card check: you 7 cards")
    assert "You play" not in str(game.child.before)
    game.press("q")
    game.press("y")
    game.ends()


def test_a_pipes_keys_are_all_read() -> None:
    """A program's input (a pipe) is read whole: only a terminal's type-ahead is dropped."""
    said = played("cqy")
    assert messages.tr(messages.TYPEAHEAD_DROPPED) not in said
    assert any(line.startswith("Card check: you 7 cards") for line in said)


# ----------------------------------------------------------------- fewer, shorter lines


def test_space_on_your_own_turn_says_it_is_still_your_turn_not_the_whole_turn() -> None:
    game = position(START, "b2")
    said = keyed(game, [SPACE + "n"])
    turn = next(i for i, line in enumerate(said) if line.startswith("Your turn."))
    still = "Still your turn: play a card, or press D to draw."
    assert said[turn + 1 : turn + 3] == [still, still]
    assert len(still.split()) < len(said[turn].split()) // 2


def test_the_no_sound_device_notice_is_short_and_told_once_a_run() -> None:
    """The setup's session and the game's share what the machine was found to lack: the
    notice comes once (it came at the setup, then again at the game)."""
    told_this_run: set[tuple[str, str]] = set()
    told = []
    for _session in ("setup", "game", "another"):
        notices = Notices(told_before=told_this_run)
        device = SoundDevice(notices=notices, backend="jack")  # no JACK server here
        assert device.start() is False
        told += notices.drain()
        device.close()
    assert [notice.text for notice in told] == [messages.sound_unavailable()]
    assert len(told[0].text.split()) <= 20
    assert len(braille_of(told[0].line)) <= 20
