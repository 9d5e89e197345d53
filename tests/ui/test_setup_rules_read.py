"""The set-up's rules question lets the player read the rules before choosing (issue 14):
``?`` lists the presets and says how to read them, ``? speed`` what a preset changes,
``??`` the whole rules of the preset the player is on, each line told through the game's
one output path (screen, speech and braille). In a game, E reads the Quick Play
Reference cards as the table's rules make them.

Real prompt_toolkit pipe input, the real Outputs; the speaker and the display are
recording stand-ins for the physical world.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, cast

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import bot, cards, session

from uno_access.access import document
from uno_access.access.message import Message
from uno_access.devices.base import Notices
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.engine.rules import PRESETS
from uno_access.seat.outputs import Outputs
from uno_access.settings import Settings
from uno_access.ui.profile import Session
from uno_access.ui.setup import set_up
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


def at_the_rules_question(typed: list[str], settings: Settings | None = None) -> list[str]:
    """Two players, the name Zoe, seat 1 and its name kept; ``typed`` at the rules
    question, then the rest kept. Every line said, checked to reach every device.
    """
    answers = ["", "2", "Zoe", "", "", *typed, "off", "off", "off", "", "", "", ""]
    said: list[str] = []
    speaker, display = Recording(), Recording()
    with create_pipe_input() as pipe:
        pipe.send_text("".join(answer + "\r" for answer in answers))
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, speaker=cast(Any, speaker), braille_out=cast(Any, display))
        keyboard = Keyboard(input=pipe, output=DummyOutput())
        chosen = set_up(
            settings or Settings(), session=Session(keyboard, screen, outputs, Notices())
        )
    assert chosen is not None, said
    told = [line for line in said if not line.startswith("setup> ")]
    spoken = [message.text for message in speaker.shown]
    brailled = [message.text for message in display.shown]
    for line in told:
        assert line in spoken and line in brailled, line
    return told


def test_question_mark_at_the_rules_lists_the_presets_and_says_how_to_read_their_rules() -> None:
    said = at_the_rules_question(["?", "standard"])
    assert "speed: Speed UNO: jump in with an identical card, draw until you can play." in said
    assert (
        "Type ? and a preset, as ? standard, to hear what it changes from the standard "
        "rules; ?? and a preset for its whole rules (?? alone: those of standard)."
    ) in said


def test_question_mark_and_a_preset_says_what_that_preset_changes_before_choosing() -> None:
    said = at_the_rules_question(["? speed", "speed"])
    start = said.index("What the rules speed change from the standard rules:")
    assert said[start + 1 : start + 1 + 9] == document.summary(PRESETS["speed"])
    assert "If you cannot play, you draw until a card plays, and you must play that card." in said
    assert said[start + 10].startswith("Which rules?")  # the question again, then the answer
    assert "Chosen: speed." in said


def test_two_question_marks_read_the_whole_rules_of_the_preset_the_player_is_on() -> None:
    said = at_the_rules_question(["??", ""], Settings(rules="stacking"))
    start = said.index("The rules of stacking, in full:")
    end = said.index(
        "End of the rules of stacking. uno-access rules --rules stacking gives them again."
    )
    lines = said[start + 1 : end]
    assert lines == [block.text for block in document.rules(chosen=PRESETS["stacking"])]
    assert any(
        line.startswith("The + card round: when a Draw Two is played on you") for line in lines
    )
    assert "Kept: stacking." in said


def test_the_standard_rules_are_said_to_change_nothing_and_a_bad_preset_is_one_line() -> None:
    said = at_the_rules_question(["? standard", "? sped", "?? anniversary", ""])
    assert "The rules standard are the standard ones, those of the Braille UNO sheet." in said
    refused = [line for line in said if "There is no rules preset 'sped'" in line]
    assert len(refused) == 1
    assert "The rules of anniversary, in full:" in said
    assert any(line.startswith("Anniversary card: you play it on your turn") for line in said)
    assert "Kept: standard." in said


def test_e_reads_the_quick_play_reference_cards_of_the_tables_rules() -> None:
    game = Game.from_position(
        ["You", "Ann"],
        [cards("b7 r5 g2 y8"), cards("b3 y5 g9")],
        Card.from_code("b2"),
        cards("r1 g1 y9 g5 g8 y3"),
        rules=PRESETS["speed"],
    )
    status, said = session(game, ["e"], {1: bot(1)})
    assert status == 0
    assert "Card 2: Draw. Cannot play? Draw until a card matches, then play it." in said
    assert (
        "Card 3: UNO. Call UNO as you play your next-to-last card, or you may be caught and draw 5."
        in said
    )
