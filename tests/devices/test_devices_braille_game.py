"""A whole game on a real brltty display (``vr`` driver) of 40 and of 20 cells: the test
is the display, presses its keys and reads its cells; the game runs as it does for a
player (``Table`` with prompt_toolkit's real input through a pipe).

What it must show (issue 13): at your turn the top card's code within the first 20
cells; after T the top card's code; two routing presses on a card play it (the first
selects it and the display stays on the hand line, the second plays).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from vr_brltty import Brltty, VirtualDisplay, brltty

from uno_access.access import braille
from uno_access.bots.random_bot import RandomBot
from uno_access.devices.braille_display import BrailleDisplay, with_cursor
from uno_access.devices.braille_views import BLANK, CardChosen, DisplayEvent, Window
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.ui.drive import drive as drive_seat
from uno_access.ui.keys import Routed
from uno_access.ui.terminal import Keyboard, Screen

__all__ = ["brltty"]  # the fixture, used by name

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

CELLS = 20


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def game() -> Game:
    """You hold b7 r5 g2 y8 (by colour: b7 g2 r5 y8); Blue 2 starts; you play first."""
    return Game.from_position(
        ["You", "Ann", "Bob"], [cards("b7 r5 g2 y8"), cards("b3 y5 g9"), cards("b1 y7 y2")],
        Card.from_code("b2"), cards("r1 g1 y9 g5 g8 y3"), seed=1,
    )  # fmt: skip


def bot(seed: int) -> RandomBot:
    made = RandomBot(random.Random(seed))
    made.forget_uno = made.catch = made.challenge = 0.0
    return made


@pytest.fixture(params=[40, 20], ids=["40 cells", "20 cells"])
def display(request: pytest.FixtureRequest, brltty: Brltty) -> Iterator[VirtualDisplay]:
    shown = VirtualDisplay(brltty, cells=request.param)
    shown.wait_for(lambda cells: True, timeout=60)  # brltty's display driver is up
    try:
        yield shown
    finally:
        brltty.stop()
        shown.close()


def test_your_turn_t_and_two_routing_presses_on_a_real_display(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    said: list[str] = []
    seen: dict[str, str] = {}
    failures: list[BaseException] = []
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)

        def routed(event: DisplayEvent) -> None:
            keyboard.post(Routed(event.index, isinstance(event, CardChosen)))

        device = BrailleDisplay(brltty.host, "none", on_event=routed, retry_seconds=0.05)
        assert device.start(wait=60), device.last_error
        table = Table(
            game(),
            {1: bot(1), 2: bot(2)},
            keyboard,
            screen := Screen(said.append),
            outputs=Outputs(said.append, braille_out=device),
        )
        top = braille.card_unicode(Card.from_code("b2"))

        def drive() -> None:
            try:
                turn = display.wait_for(
                    lambda cells: cells.startswith(braille.to_unicode("Your turn. ")), 10
                )
                seen["turn"] = turn
                mark = display.mark()
                pipe.send_text("t")
                seen["t"] = display.wait_for(
                    lambda cells: cells.startswith(braille.to_unicode("Top ")), 10, mark
                )
                playable = cards("b7 g2")  # on Blue 2, marked by dot 8 (issue 23)
                hand = BLANK.join(
                    braille.playable(braille.card_unicode(card))
                    if card in playable
                    else braille.card_unicode(card)
                    for card in cards("b7 g2 r5 y8")
                )
                display.press_and_see(
                    "LnDn", with_cursor(Window(hand.ljust(display.cells, BLANK), 0))
                )
                green = hand.index(braille.playable(braille.card_unicode(Card.from_code("g2"))))
                on_green = with_cursor(Window(hand.ljust(display.cells, BLANK), green))
                seen["selected"] = display.press_and_see(f"Route {green}", on_green)
                display.press(f"Route {green}")
                deadline = time.monotonic() + 10  # the bots answer at once: the display
                while "You play Green 2." not in said:  # may skip to their moves
                    assert time.monotonic() < deadline, "the second press played nothing"
                    time.sleep(0.02)
            except BaseException as error:  # told to the test's thread
                failures.append(error)
            finally:
                pipe.close()

        driver = threading.Thread(target=drive, daemon=True)
        driver.start()
        try:
            drive_seat(table.play(), keyboard, screen)
        finally:
            driver.join(timeout=30)
            device.close()
    if failures:
        raise failures[0]
    assert top in seen["turn"][:CELLS]  # the top card's code in the first 20 cells
    assert seen["turn"].rstrip(BLANK) == braille.render(("Your turn. ", Card.from_code("b2")))
    assert top in seen["t"][:CELLS]  # after T, the top card's code
    assert "Green 2, 2 of 4, can be played." in said  # the first press selected it
    assert "You play Green 2." in said  # the second press played it
