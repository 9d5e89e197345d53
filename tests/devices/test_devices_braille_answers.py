"""What a 20-cell display shows after a key, on a real brltty ``vr`` display (issue 23):

- the answer to the key, not the newest line: the verdict of your challenge stays on the
  display while the bots move on, their moves read on from it by panning;
- R repeats each line in the form the display showed it: the turn with its top card's
  code, the hand's codes, never the print sentence;
- the set-up's questions, each default in the first 20 cells.

The game runs as it does for a player (``Table``, prompt_toolkit's real input through a
pipe; ``Watched`` tells when it waits for a key); the test reads the display's dots.
"""

from __future__ import annotations

import os
import queue
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from braille_reader import CELLS, TIMEOUT, Reader, Watched, answer_by, words
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from vr_brltty import Brltty, VirtualDisplay, brltty

from uno_access.access import braille, messages
from uno_access.access.message import Message
from uno_access.bots.random_bot import RandomBot
from uno_access.devices.base import Notices
from uno_access.devices.braille_display import BrailleDisplay
from uno_access.devices.braille_views import BLANK, Key
from uno_access.engine.actions import Play
from uno_access.engine.cards import WILD_DRAW_FOUR, Card, Color
from uno_access.engine.game import Game
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.settings import Settings
from uno_access.ui.drive import drive
from uno_access.ui.profile import Session
from uno_access.ui.setup import set_up
from uno_access.ui.terminal import Screen

__all__ = ["brltty"]  # the fixture, used by name

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def bot(seed: int) -> RandomBot:
    made = RandomBot(random.Random(seed))
    made.forget_uno = made.catch = made.challenge = 0.0
    return made


@pytest.fixture
def display(brltty: Brltty) -> Iterator[VirtualDisplay]:
    shown = VirtualDisplay(brltty, cells=CELLS)
    shown.wait_for(lambda cells: True, timeout=30)  # brltty's display driver is up
    try:
        yield shown
    finally:
        brltty.stop()
        shown.close()


class Kept(Outputs):
    """The real outputs, keeping each message shown (to compare a repeat with the first)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: list[Message] = []

    def show(self, message: Message, speak: bool = True, follow: bool = True) -> None:
        self.shown.append(message)
        super().show(message, speak, follow)


def play_table(
    brltty: Brltty,
    display: VirtualDisplay,
    game: Game,
    respond: Callable[[str, Reader, Kept], str | None],
) -> tuple[list[str], Kept]:
    """``game`` played on this display by ``respond``, asked each time the game waits."""
    asked: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    errors: list[BaseException] = []
    with create_pipe_input() as pipe:
        keyboard = Watched(asked, input=pipe, output=DummyOutput(), keys=True)
        device = BrailleDisplay(brltty.host, "none", retry_seconds=0.05)
        assert device.start(wait=60), device.last_error
        outputs = Kept(said.append, braille_out=device)
        reader = Reader(display, device, said)
        screen = Screen(said.append)
        table = Table(game, {1: bot(1), 2: bot(2)}, keyboard, screen, outputs=outputs)
        finished = threading.Event()

        def answer(prompt: str) -> str | None:
            try:
                keys = respond(prompt, reader, outputs)
            except BaseException as error:  # told to the test's thread; the input closes
                errors.append(error)
                keys = None
            if keys is None:
                pipe.close()
            return keys

        thread = threading.Thread(
            target=answer_by, args=(asked, answer, pipe.send_text, finished.is_set), daemon=True
        )
        thread.start()
        try:
            drive(table.play(), keyboard, screen)
        finally:
            finished.set()
            thread.join(timeout=TIMEOUT)
            device.close()
    if errors:
        raise errors[0]
    return said, outputs


def challenged() -> Game:
    """Bob has just played a Wild Draw Four on you, holding no blue (blue was in play): a
    challenge finds him innocent, and you draw 6; Ann and Bob then play on at once."""
    game = Game.from_position(
        ["You", "Ann", "Bob"],
        [cards("b7 r5 g2 y8"), cards("b3 r9 g9"), cards("wi+4 r1 g1 y1")],
        Card.from_code("b2"),
        cards("r6 g6 y6 r3 g3 y3 r4 g4 y4 r8 g8 y9"),
        dealer=1,
        seed=3,
    )
    game.apply(Play(2, WILD_DRAW_FOUR, Color.RED))
    return game


def test_after_a_challenge_the_display_stays_on_its_verdict_while_the_bots_play_on(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    seen: dict[str, Any] = {}

    def respond(prompt: str, reader: Reader, outputs: Kept) -> str | None:
        if "challenge" not in seen:
            seen["challenge"] = len(reader.said)
            return "h"
        if "verdict" not in seen:  # the game waits again: the bots have played on
            seen["verdict"] = reader.shown_now()
            seen["after"] = list(reader.said[seen["challenge"] :])
            read_on = []
            for _ in range(12):  # panning on, as a player reads what came next
                reader.device.press(Key.PAN_RIGHT)
                read_on.append(reader.sync())
            seen["read on"] = read_on
        return None

    play_table(brltty, display, challenged(), respond)
    verdict, after = seen["verdict"], seen["after"]
    assert after[0].startswith("You challenge Bob's Wild Draw Four: Bob was innocent")
    assert any(line.startswith("Ann plays") for line in after)  # the bots played on at once
    assert any(line.startswith("Your turn.") for line in after)
    shown = words(verdict)
    assert shown == ["bob", "innocent", "draw", "6"]  # the verdict, first
    read_on = [" ".join(words(window)) for window in seen["read on"]]
    assert any(window.startswith("ann") for window in read_on)  # Ann's move, read on
    assert any(window.startswith("your turn") for window in read_on)


def test_r_repeats_the_turn_and_the_hand_as_the_display_showed_them(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    """At your turn R shows "Your turn. b2" (the top card's code), not the print sentence
    cut at "Your turn. Top card:"; after L, R shows the hand's codes, not "Your hand"; each
    repeated line is spoken as it was, and printed as it was."""
    game = Game.from_position(
        ["You", "Ann", "Bob"], [cards("b7 r5 g2 y8"), cards("b3 y5 g9"), cards("b1 y7 y2")],
        Card.from_code("b2"), cards("r1 g1 y9 g5 g8 y3"), seed=1,
    )  # fmt: skip
    keys = ["r", "l", "r"]
    shown: list[str] = []  # what the display shows each time the game asks, before a key

    def respond(prompt: str, reader: Reader, outputs: Kept) -> str | None:
        shown.append(reader.shown_now())
        if not keys:
            return None
        if keys[0] == "r":  # the display moved off the line first, as a reader's keys move it
            reader.device.press(Key.LINE_UP)
            reader.sync()
        return keys.pop(0)

    said, outputs = play_table(brltty, display, game, respond)
    first_turn, after_r, after_l, after_r_again = shown
    top = braille.card_unicode(Card.from_code("b2"))
    assert top in first_turn[:CELLS] and first_turn == after_r  # the turn, again
    assert words(after_r)[:2] == ["your", "turn"]
    hand = [braille.card_unicode(card) for card in cards("b7 g2 r5 y8")]
    assert after_l.startswith(BLANK.join(hand))  # L: the hand's codes
    assert after_r_again == after_l  # and again after R
    assert "hand" not in words(after_r_again)
    hands = [m for m in outputs.shown if m.text.startswith("Your hand, 4 cards:")]
    assert len(hands) == 2 and hands[0].speech == hands[1].speech  # speech for speech
    assert said.count(hands[0].text) == 2  # print for print


def test_every_setup_question_shows_its_default_in_the_first_20_cells(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    """The set-up read from a 20-cell display: each question's window holds the default in
    brackets; "Speech: on [off]" when speech is off, never a bare "on"; a seat's name asked
    with the seat's number."""
    answers = ["", "4", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""]
    windows: dict[str, str] = {}
    asked: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    with create_pipe_input() as pipe:
        keyboard = Watched(asked, input=pipe, output=DummyOutput())
        device = BrailleDisplay(brltty.host, "none", retry_seconds=0.05)
        assert device.start(wait=60), device.last_error
        screen = Screen(said.append)
        session = Session(keyboard, screen, Outputs(screen.say, braille_out=device), Notices())
        reader = Reader(display, device, said)
        finished = threading.Event()

        def respond(prompt: str) -> str | None:
            windows[said[-1]] = reader.newest()  # the question just asked
            return answers.pop(0) + "\r"

        thread = threading.Thread(
            target=answer_by, args=(asked, respond, pipe.send_text, finished.is_set), daemon=True
        )
        thread.start()
        try:
            chosen = set_up(Settings(speech=False, sounds=False), session=session)
        finally:
            finished.set()
            thread.join(timeout=TIMEOUT)
            device.close()
    assert chosen is not None and chosen.players == 4
    assert len(windows) == 17  # the language, 4 players, 3 seats and their names, the rest
    for question, window in windows.items():
        default = question[question.rindex("[") :]
        assert braille.to_unicode(default) in window[:CELLS], (question, window)
    speech = next(w for q, w in windows.items() if q.startswith(messages.tr(messages.SETUP_SPEECH)))
    assert speech.rstrip(BLANK) == braille.to_unicode("Speech: on [off]")
    name = next(w for q, w in windows.items() if q.startswith("The name of the player in seat 1"))
    assert words(name)[:3] == ["seat", "1", "name"]
