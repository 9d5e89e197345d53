"""The answers to the player's keys and the turn line, as the game says them (issue 13):
through the renderer's brief forms, the hint only on the first turns, L in the order the
player sorted the hand, W saying whose turn it is, and ``auto`` without a braille display
meaning braille off, said once in one plain line.

Through prompt_toolkit's real input (a pipe), as ``test_play`` and ``test_play_keys``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import REMINDER, bot, position, session

from uno_access.access.message import Verbosity
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.seat.answers import HINTED_TURNS
from uno_access.seat.table import Table
from uno_access.settings import BrailleDisplay, Settings
from uno_access.ui.drive import drive
from uno_access.ui.play import run
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

# all blue: every card you hold can be played on every turn, and the bots answer in blue
LONG = ["b1 b3 b4 b5 b6 b7 b8", "b2 b2 b2 b2 b2 b2 b2", "b9 b9 b9 b9 b9 b9 b9"]
PLAYS = ["b1", "b3", "b4", "b5", "b6"]


def typed(game: Game, lines: Sequence[str], verbosity: Verbosity) -> list[str]:
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines))
        pipe.close()
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=False)
        screen = Screen(said.append)
        table = Table(game, {1: bot(1), 2: bot(2)}, keyboard, screen, verbosity=verbosity)
        drive(table.play(), keyboard, screen)
    return said


def turn_lines(said: list[str]) -> list[str]:
    return [line for line in said if line.startswith("Your turn. Top card: ")]


def test_the_key_hint_ends_only_the_first_three_turn_lines() -> None:
    _, said = session(position(LONG, "b0"), PLAYS)
    turns = turn_lines(said)
    assert len(turns) > HINTED_TURNS == 3
    assert [REMINDER in line for line in turns] == [True] * 3 + [False] * (len(turns) - 3)
    assert turns[3] == "Your turn. Top card: Blue 9. You hold 4 cards."


def test_at_full_verbosity_the_hint_is_said_once_not_every_turn() -> None:
    """Issue 23: full verbosity repeated the same 17 words of key hints every turn; they
    end the first turn lines, as at normal verbosity, and the codes stay."""
    turns = turn_lines(typed(position(LONG, "b0"), PLAYS, Verbosity.FULL))
    assert len(turns) > HINTED_TURNS
    hinted = [line.endswith(REMINDER) for line in turns]
    assert hinted == [True] * HINTED_TURNS + [False] * (len(turns) - HINTED_TURNS)
    assert turns[0].startswith("Your turn. Top card: Blue 0 (b0).")
    assert turns[-1].startswith("Your turn. Top card: Blue 9 (b9).")


def test_brief_says_your_turn_and_the_top_card_only() -> None:
    said = typed(position(LONG, "b0"), PLAYS[:2], Verbosity.BRIEF)
    assert said[3] == "Your turn, Blue 0."
    assert not any(REMINDER in line for line in said)


def test_asking_what_to_do_again_always_has_the_hint() -> None:
    _, said = session(position(LONG, "b0"), [*PLAYS[:4], ""])  # Enter: what can I do
    assert said[-2].endswith(REMINDER)


def test_l_says_the_hand_in_the_order_o_sorted_it() -> None:
    game = position(["y1 b7 r2 g9", "b3 y5 g9", "b1 y7 y2"], "b2")
    _, said = session(game, ["l"])
    assert said[4] == (
        "Your hand, 4 cards: Blue 7, Green 9, Red 2, Yellow 1. You can play: Blue 7, Red 2."
    )
    from test_play_keys import keyed  # the keys: O sorts by number, L says the hand

    said = keyed(position(["y1 b7 r2 g9", "b3 y5 g9", "b1 y7 y2"], "b2"), ["o", "l"])
    assert said[-2] == (
        "Your hand, 4 cards: Yellow 1, Red 2, Blue 7, Green 9. You can play: Red 2, Blue 7."
    )


def test_w_says_whose_turn_it_is_then_the_order() -> None:
    _, said = session(position(LONG, "b0"), ["w"])
    assert said[4] == "It is your turn. Play goes to the left, clockwise: you, then Ann, then Bob."


def test_auto_without_a_braille_display_is_braille_off_said_once_in_one_plain_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRLAPI_HOST", "127.0.0.1:999")  # nothing listens there
    monkeypatch.setenv("BRLAPI_AUTH", "none")
    settings = Settings(speech=False, braille_display=BrailleDisplay.AUTO, keys=False)
    with create_pipe_input() as pipe:
        pipe.send_text("c\rt\r")
        pipe.close()
        run(2, ["easy"], RuleSet(), 3, None, input=pipe, output=DummyOutput(), settings=settings)
    shown = capsys.readouterr().out.splitlines()
    assert shown.count("No braille display found; braille is off.") == 1
    assert not any(0x2800 <= ord(ch) <= 0x28FF for line in shown for ch in line)  # no dots
    assert not any("BrlAPI" in line or "brltty" in line or "aplay" in line for line in shown)
