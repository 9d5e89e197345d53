"""Calling UNO right after the card (issue 14): a bot about to catch you first gives you
the moment a person at the table would, the bots' pace or, without one, the catch grace;
your U in that moment makes you safe. It is the bot's wait, not a timer on you: when it
passes, the bot catches you as it would have at once.

Through prompt_toolkit's real input, keys as a terminal sends them, and the real table.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import START, bot, position
from test_play_keys import ENTER, SPACE, after
from test_play_terminal import DEVICES_OFF, SCENARIOS, Terminal

from uno_access.bots.random_bot import RandomBot
from uno_access.engine.game import Game
from uno_access.seat.table import Table
from uno_access.settings import BrailleDisplay, Settings, load
from uno_access.ui.drive import drive
from uno_access.ui.profile import open_session
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

TWO_CARDS = ["b7 r5", *START[1:]]  # you hold Blue 7 and Red 5; Blue 2 starts
PLAYED = "You play Blue 7 and have one card left."
CAUGHT = "Bob catches you without UNO: you draw 2."
CALLED = "You call UNO!"
CLOSED = "The input has closed: the game is stopped."


def catchers() -> dict[int, RandomBot]:
    return {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)}


def table_said(
    game: Game,
    keys: Sequence[str],
    *,
    grace: float,
    pace: float = 0.0,
    bots: dict[int, RandomBot] | None = None,
    close_when: str | None = None,
    clock: list[float] | None = None,
) -> tuple[list[str], float]:
    """Press ``keys`` at a real table with the grace (and pace) given; the input closes
    at once, or (``close_when``) once a line beginning so is said, so that a wait can run
    out first: waited on, never timed. ``clock``: the readings of the clock the driver
    answers the table's ``Now`` with, one a call, in place of the real one. The lines
    said, and the seconds the game took.
    """
    said: list[str] = []
    heard = threading.Condition()
    ended = False

    def say(line: str) -> None:
        with heard:
            said.append(line)
            heard.notify_all()

    with create_pipe_input() as pipe:
        pipe.send_text("".join(keys))

        def close_when_said() -> None:
            with heard:
                heard.wait_for(
                    lambda: ended or any(line.startswith(str(close_when)) for line in said),
                    timeout=120,
                )
            pipe.close()

        closer = threading.Thread(target=close_when_said)
        if close_when is None:
            pipe.close()
        else:
            closer.start()
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        screen = Screen(say)
        table = Table(game, bots or catchers(), keyboard, screen, pace=pace, grace=grace)
        readings = iter(clock or ())
        read = time.monotonic if clock is None else lambda: next(readings)
        start = time.monotonic()
        try:
            drive(table.play(), keyboard, screen, read)
        finally:
            with heard:
                ended = True
                heard.notify_all()
            if closer.is_alive():
                closer.join()  # one close of the pipe at a time: its own, then the block's
    return said, time.monotonic() - start


def test_u_in_the_moment_before_a_bot_catches_you_makes_you_safe() -> None:
    said, _ = table_said(position(TWO_CARDS, "b2"), [ENTER, "u"], grace=5.0)
    assert after(said, PLAYED)[:3] == [CALLED, "Ann plays Blue 3.", "Bob plays Blue 1."]
    assert not any("catches you" in line for line in said)


def test_questions_in_the_moment_are_answered_and_the_moment_goes_on() -> None:
    said, _ = table_said(position(TWO_CARDS, "b2"), [ENTER, "c", "t", "u"], grace=5.0)
    assert after(said, PLAYED)[:3] == [
        "Card check: you 1 card, Ann 3 cards, Bob 3 cards.",
        "Top card: Blue 7.",
        CALLED,
    ]
    assert not any("catches you" in line for line in said)


def test_when_the_moment_passes_the_bot_catches_you_as_it_would_have_at_once() -> None:
    said, seconds = table_said(
        position(TWO_CARDS, "b2"), [ENTER], grace=0.3, close_when="Bob plays Blue 1."
    )
    assert after(said, PLAYED)[:4] == [
        CAUGHT,
        "You draw 2 cards: Green 1, Red 1.",
        "Ann plays Blue 3.",
        "Bob plays Blue 1.",
    ]
    assert said[-1] == CLOSED  # the catch came first; the input closed after Bob's play
    assert seconds >= 0.3


def test_space_in_the_moment_lets_the_bot_catch_you_at_once() -> None:
    said, seconds = table_said(position(TWO_CARDS, "b2"), [ENTER, SPACE], grace=30.0)
    assert after(said, PLAYED)[0] == CAUGHT
    assert seconds < 25  # well short of the grace, even on a loaded machine


def test_with_a_bot_pace_the_moment_is_the_pace() -> None:
    said, seconds = table_said(
        position(TWO_CARDS, "b2"), [ENTER], grace=30.0, pace=0.2, close_when=CAUGHT
    )
    assert after(said, PLAYED)[0] == CAUGHT  # after the pace, not the 30 seconds' grace
    assert said[-1] == CLOSED
    assert seconds < 25  # well short of the grace, even on a loaded machine


def test_a_question_does_not_stretch_the_moment_past_its_end() -> None:
    # the table's clock says the moment is over once Card check is answered: the bot
    # catches, and the U after it comes too late (on your next turn, nothing to call)
    said, _ = table_said(
        position(TWO_CARDS, "b2"), [ENTER, "c", "u"], grace=5.0, clock=[100.0, 100.0, 106.0]
    )
    assert after(said, PLAYED)[:2] == ["Card check: you 1 card, Ann 3 cards, Bob 3 cards.", CAUGHT]


def test_a_bot_that_would_not_catch_you_does_not_wait() -> None:
    # no catcher: play goes on at once, though the grace is long and no key comes
    bots = {1: bot(1), 2: bot(2)}
    said, seconds = table_said(
        position(TWO_CARDS, "b2"), [ENTER], grace=30.0, bots=bots, close_when="Bob plays"
    )
    assert after(said, PLAYED)[:2] == ["Ann plays Blue 3.", "Bob plays Blue 1."]
    assert seconds < 25  # well short of the grace, even on a loaded machine


def test_a_grace_of_zero_catches_at_once() -> None:
    said, _ = table_said(position(TWO_CARDS, "b2"), [ENTER, "u"], grace=0.0)
    assert after(said, PLAYED)[0] == CAUGHT


def test_the_bot_on_its_own_turn_waits_too_and_then_plays() -> None:
    # two players: Ann is next, would catch as part of her turn; U in the moment, and she
    # plays instead
    game = position(["b7 r5", "b3 y5 g9"], "b2")
    said, _ = table_said(game, [ENTER, "u"], grace=5.0, bots={1: bot(1, catch=1.0)})
    assert after(said, PLAYED)[:2] == [CALLED, "Ann plays Blue 3."]


def test_the_catch_grace_is_a_setting_of_a_second_and_a_half_by_default() -> None:
    assert Settings().catch_grace == 1.5
    quiet = Settings(speech=False, braille_display=BrailleDisplay.OFF)
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput())
        assert open_session(quiet, keyboard).grace == 1.5
        assert open_session(replace(quiet, catch_grace=0.0), keyboard).grace == 0.0


def test_in_a_real_terminal_u_right_after_the_card_is_in_time(tmp_path: Path) -> None:
    # the scenario's Ann (a normal bot) catches whoever forgets; the settings file gives
    # her a long moment, so that a busy machine does not decide the test
    config = tmp_path / "config" / "uno-access"
    config.mkdir(parents=True)
    (config / "settings.toml").write_text("catch_grace = 5.0\n", encoding="utf-8")
    game = Terminal(
        tmp_path, "--scenario", str(SCENARIOS / "caught_without_uno.json"), *DEVICES_OFF
    )
    game.sees("You hold 2 cards.")
    game.press(ENTER)
    game.sees(PLAYED)
    game.press("u")
    game.sees(CALLED)
    game.sees("Ann plays Blue 3.")
    game.sees("You hold 1 card.")
    game.press("q")
    game.press("y")
    game.ends()
    assert "catches you" not in (game.child.before or "")


def test_the_catch_grace_in_the_settings_file_is_checked_as_the_pace_is(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("catch_grace = 0.5\n", encoding="utf-8")
    assert load(path) == (Settings(catch_grace=0.5), [])
    path.write_text("catch_grace = 9\n", encoding="utf-8")
    assert load(path) == (
        Settings(),
        [
            f"{path}, line 1: catch_grace = 9 is not allowed (a number from 0 to 5); "
            "the default, 1.5, is used."
        ],
    )


def test_going_out_on_a_wild_no_colour_is_asked_or_said() -> None:
    # a bot's last card a Wild: it plays it and goes out, and chooses no colour
    game = position(["b7 r5 g2", "wi", "b1 y7 y2"], "b2")
    said, _ = table_said(game, [ENTER], grace=0.0)
    assert after(said, "You play Blue 7.")[0] == "Ann plays Wild and goes out."
    assert not any("chooses" in line for line in said)
    # your last card a Wild: Enter plays it, with no colour asked
    game = position(["wi", "b3 y5", "b1 y7 y2"], "b2")
    said, _ = table_said(game, [ENTER], grace=0.0)
    assert said[4] == "You play Wild and go out."
    assert not any("Which colour" in line or "You choose" in line for line in said)
