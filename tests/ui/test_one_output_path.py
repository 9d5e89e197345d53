"""One output path: every line the player is told reaches the screen, speech and braille.

The speaker and the braille display here are recording stand-ins for the physical world
(a loudspeaker, a display's cells); everything before them is the real game: the offer
to resume, the store's notices, the resumed summary, the quit and end-of-input lines.
"""

from __future__ import annotations

import io
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.access import messages
from uno_access.access.message import Message
from uno_access.access.speech import Line
from uno_access.bots.random_bot import RandomBot
from uno_access.devices.base import Notices
from uno_access.devices.braille_display import ScreenBraille
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.ui.drive import drive
from uno_access.ui.play import resume, run
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


class Recording:
    """A speaker or braille display that keeps what reached it."""

    available = True
    enabled = True

    def __init__(self) -> None:
        self.shown: list[Message] = []

    def show(self, message: Message, follow: bool = True) -> None:
        self.shown.append(message)

    def set_hand(self, dots: Sequence[str], selected: int | None) -> None:
        pass

    def set_table(self, dots: str) -> None:
        pass

    def close(self) -> None:
        pass


def played(keys: str, *, again: bool = False) -> tuple[list[str], Recording, Recording]:
    """Start ``uno-access play`` (or ``resume`` with ``again``) against one bot, press
    ``keys``, close the input; the screen's lines and what speech and braille got.
    """
    said: list[str] = []
    speaker, display = Recording(), Recording()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, speaker=cast(Any, speaker), braille_out=cast(Any, display))
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        session = Session(keyboard, screen, outputs, Notices())
        if again:
            resume(None, session=session)
        else:
            run(2, ["normal"], RuleSet(), 7, None, session=session)
    return said, speaker, display


def assert_everywhere(said: list[str], speaker: Recording, display: Recording) -> None:
    assert said, "nothing was said"
    assert [m.text for m in speaker.shown] == said
    assert [m.text for m in display.shown] == said
    assert all(m.braille for m in display.shown), "a line without braille"
    assert all(m.speech for m in speaker.shown), "a line without speech"


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def test_every_line_of_a_game_and_its_end_reaches_screen_speech_and_braille() -> None:
    said, speaker, display = played("tcqy")
    assert messages.game_left_saved(1) in said  # saved, and how to take it up (issue 23)
    assert_everywhere(said, speaker, display)


def test_the_resume_offer_the_summary_and_the_end_of_input_reach_every_device() -> None:
    played("tq")  # a game left at the quit question: the input closed
    said, speaker, display = played("y")
    assert any(line.startswith("Resume game 1") or "resume" in line.lower() for line in said)
    assert messages.RESUMED_END in said
    assert said[-1] == messages.INPUT_CLOSED
    assert_everywhere(said, speaker, display)
    said, speaker, display = played("", again=True)
    assert messages.RESUMED_END in said
    assert_everywhere(said, speaker, display)


def test_the_game_not_being_saved_is_said_on_every_device(data_home: Path) -> None:
    (data_home / "data").write_text("not a folder")  # the data folder cannot be made
    said, speaker, display = played("t")
    assert any(line.startswith("Your game is not being saved") for line in said)
    assert_everywhere(said, speaker, display)


class Reconnecting(Keyboard):
    """A braille display comes back (its notice) while the player is deciding on a key."""

    def __init__(self, notices: Notices, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.notices = notices

    def read(self, prompt: str) -> Any:
        got = super().read(prompt)
        self.notices.report("braille", "back", Line.of(messages.braille_connected, 40))
        return got


def test_a_notice_never_hides_the_answer_the_display_ends_on_the_answer() -> None:
    notices = Notices()
    display = Recording()
    with create_pipe_input() as pipe:
        pipe.send_text("t")
        pipe.close()
        screen = Screen(lambda line: None)
        outputs = Outputs(screen.say, braille_out=cast(Any, display))
        keyboard = Reconnecting(notices, input=pipe, output=DummyOutput(), keys=True)
        run(2, ["normal"], RuleSet(), 7, None, session=Session(keyboard, screen, outputs, notices))
    texts = [m.text for m in display.shown]
    answer = next(i for i, text in enumerate(texts) if text.startswith("Top card:"))
    assert (
        texts[answer - 1] == "Braille display connected: 40 cells."
    )  # told first, then the answer
    assert texts[-1] == messages.INPUT_CLOSED


def test_the_set_up_is_told_on_every_device_explains_on_and_says_what_enter_kept() -> None:
    from uno_access.settings import Settings
    from uno_access.ui.setup import set_up

    said: list[str] = []
    speaker, display = Recording(), Recording()
    answers = [
        "",  # the language: Enter keeps it
        "",
        "Zoe",
        "?",
        "hard",
        "Max",
        "?",
        "speed",
        "",
        "off",
        "bogus",
        "off",
        "",
        "",
        "",
        "",
    ]
    with create_pipe_input() as pipe:
        pipe.send_text("".join(answer + "\r" for answer in answers))
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, speaker=cast(Any, speaker), braille_out=cast(Any, display))
        keyboard = Keyboard(input=pipe, output=DummyOutput())
        chosen = set_up(Settings(), session=Session(keyboard, screen, outputs, Notices()))
    assert chosen is not None and chosen.bots == "hard" and chosen.names == "Max"
    assert "Kept: 2." in said and "Chosen: Zoe." in said
    assert any(line.startswith("Seat 1 (you are seat 0)") for line in said)
    assert messages.SETUP_EXPLAIN_SEAT in said
    assert "speed: Speed UNO: jump in with an identical card, draw until you can play." in said
    assert "Answer one of: auto, brlapi, screen, off." in said
    assert f"{messages.SETUP_SOUNDS} [on]" in said and not chosen.sounds  # sounds asked
    assert_everywhere(said, speaker, display)


class WindowKeeper(ScreenBraille):
    """The real on-screen braille line, keeping what it showed after each message."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.after: dict[str, str] = {}
        self.dots: dict[str, str] = {}

    def show(self, message: Message, follow: bool = True) -> None:
        super().show(message, follow)
        self.dots[message.text] = message.braille
        self.after[message.text] = "".join(self.window().cells).rstrip("\u2800")


def test_at_the_end_of_a_round_the_display_stays_on_the_result_not_the_hint() -> None:
    game = Game.from_position(
        ["You", "Ann"],
        [[Card.from_code("b7")], [Card.from_code("b3"), Card.from_code("y5")]],
        Card.from_code("b2"),
        [Card.from_code(c) for c in ("r1", "g1", "y9")],
        seed=1,
    )
    said: list[str] = []
    display = WindowKeeper()
    with create_pipe_input() as pipe:
        pipe.send_text("\r")
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, braille_out=display)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        table = Table(game, {1: RandomBot(random.Random(1))}, keyboard, screen, outputs=outputs)
        drive(table.play(), keyboard, screen)
    result = next(line for line in said if line.startswith("The round is over"))
    hint = said[said.index(result) + 1]
    assert hint == "Press Space to deal the next round."
    assert display.after[hint] == display.after[result]  # the hint did not move the display
    assert display.after[result] and display.dots[result].startswith(display.after[result])


# every card face typed in turn (the first legal one is played), then a draw and a keep
TRIES = [
    *(f"{color}{face}" for color in "bgry" for face in (*map(str, range(10)), "+2", "rv", "sk")),
    "wi red",
    "wi+4 red",
    "draw",
    "keep",
    "accept",
]


class Trying(Keyboard):
    """A person who tries every card until one plays, or draws; asked for another game,
    says yes once, then no.
    """

    def __init__(self) -> None:
        super().__init__(keys=False)
        self.asked: list[str] = []
        self.reads = 0

    def read(self, prompt: str) -> Any:
        self.reads += 1
        if self.reads > 20_000:
            raise EOFError
        return TRIES[self.reads % len(TRIES)]

    def read_yes(self, prompt: str) -> bool:
        self.asked.append(prompt)
        return prompt == messages.ANOTHER_PROMPT and self.asked.count(prompt) == 1


def test_at_the_end_of_a_game_another_is_offered_at_the_same_table() -> None:
    said: list[str] = []
    screen = Screen(said.append)
    keyboard = Trying()
    session = Session(keyboard, screen, Outputs(screen.say), Notices())
    status = run(2, ["normal"], RuleSet(target_score=1), 3, None, session=session)
    assert status == 0
    offers = [line for line in said if line.startswith("Play another game at the same table?")]
    assert len(offers) == 2  # after the first game, and after the second
    assert said[said.index(offers[0]) + 1] == messages.ANOTHER_STARTS
    assert said[said.index(offers[0]) + 2].startswith("UNO against Ann")


def test_a_resumed_game_tells_the_game_not_the_quit_question_and_keeps_its_history() -> None:
    first, _, _ = played("tcq")  # asked whether to quit when the input closed
    said, _, _ = played("y\x1b[5~\x1b[5~")  # resume it, then Page Up twice
    end = said.index(messages.RESUMED_END)
    recap = said[said.index(messages.resumed(1, ["Ann"], 1)) + 1 : end]
    assert recap and all(line in first for line in recap)
    assert not any(line.startswith("Quit the game?") for line in recap)  # never asked again
    assert recap[-1].startswith("Card check:")  # the last answer before the quit question
    # the game's history came back with it: Page Up reads what was told before the resume
    start = next(line for line in first if line.startswith("The start card is"))
    dealt = next(line for line in first if line.startswith("You are dealt"))
    back = said[end + 2 : end + 4]
    assert back[0].endswith(f": {start}") and back[1].endswith(f": {dealt}")
