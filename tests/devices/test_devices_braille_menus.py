"""Issue 23 on a real brltty display (``vr`` driver) of 20 cells, the game run as a player
runs it (``Table``, prompt_toolkit's real input through a pipe): the hand line marks the
cards you can play now with dot 8, so that a routing press says on the display itself
whether the card it selects can be played; a Wild's colour chosen from its menu, each
colour brailled with its place within the first 20 cells.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from vr_brltty import Brltty, VirtualDisplay, brltty

from uno_access.access import braille, messages
from uno_access.bots.random_bot import RandomBot
from uno_access.devices.braille_display import BrailleDisplay, ScreenBraille, with_cursor
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
DOT_8 = 0x80


def cards(codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes.split()]


def game(hand: str = "b7 r5 g2 y8") -> Game:
    """You hold ``hand``; Blue 2 starts; you play first."""
    return Game.from_position(
        ["You", "Ann", "Bob"], [cards(hand), cards("b3 y5 g9"), cards("b1 y7 y2")],
        Card.from_code("b2"), cards("r1 g1 y9 g5 g8 y3"), seed=1,
    )  # fmt: skip


def bot(seed: int) -> RandomBot:
    made = RandomBot(random.Random(seed))
    made.forget_uno = made.catch = made.challenge = 0.0
    return made


def hand_line(held: Sequence[Card], playable: Sequence[Card]) -> str:
    return BLANK.join(
        braille.playable(braille.card_unicode(card))
        if card in playable
        else braille.card_unicode(card)
        for card in held
    )


@pytest.fixture
def display(brltty: Brltty) -> Iterator[VirtualDisplay]:
    shown = VirtualDisplay(brltty, cells=CELLS)
    shown.wait_for(lambda cells: True, timeout=60)  # brltty's display driver is up
    try:
        yield shown
    finally:
        brltty.stop()
        shown.close()


def play_on(
    brltty: Brltty, table_game: Game, drive: Callable[[PipeInput], None], said: list[str]
) -> None:
    """Run the game on the real display while ``drive`` (its own thread) presses keys and
    reads the display; every line said goes to ``said``."""
    failures: list[BaseException] = []
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)

        def routed(event: DisplayEvent) -> None:
            keyboard.post(Routed(event.index, isinstance(event, CardChosen)))

        device = BrailleDisplay(brltty.host, "none", on_event=routed, retry_seconds=0.05)
        assert device.start(wait=60), device.last_error
        table = Table(
            table_game,
            {1: bot(1), 2: bot(2)},
            keyboard,
            screen := Screen(said.append),
            outputs=Outputs(said.append, braille_out=device),
        )

        def driver() -> None:
            try:
                drive(pipe)
            except BaseException as error:  # told to the test's thread
                failures.append(error)
            finally:
                pipe.close()

        thread = threading.Thread(target=driver, daemon=True)
        thread.start()
        try:
            drive_seat(table.play(), keyboard, screen)
        finally:
            thread.join(timeout=30)
            device.close()
    if failures:
        raise failures[0]


def starts(text: str) -> Callable[[str], bool]:
    """A predicate: the display's cells begin with ``text`` in braille."""
    dots = braille.to_unicode(text)
    return lambda cells: cells.startswith(dots)


def wait_said(said: list[str], line: str) -> None:
    deadline = time.monotonic() + 10  # the bots answer at once
    while line not in said:
        assert time.monotonic() < deadline, f"never said: {line}"
        time.sleep(0.02)


def test_the_hand_line_marks_the_cards_you_can_play_and_a_routing_press_shows_it(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    held = cards("b7 g2 r5 y8")  # by colour; on Blue 2, Blue 7 and Green 2 play
    line = hand_line(held, cards("b7 g2"))
    red = line.index(braille.card_unicode(Card.from_code("r5")))
    green = line.index(braille.playable(braille.card_unicode(Card.from_code("g2"))))
    seen: dict[str, str] = {}
    said: list[str] = []

    def drive(pipe: PipeInput) -> None:
        display.wait_for(starts("Your turn. "), 10)
        window = line[:CELLS].ljust(CELLS, BLANK)
        seen["hand"] = display.press_and_see("LnDn", with_cursor(Window(window, 0)))
        seen["red"] = display.press_and_see(f"Route {red}", with_cursor(Window(window, red)))
        seen["green"] = display.press_and_see(f"Route {green}", with_cursor(Window(window, green)))
        display.press(f"Route {green}")
        wait_said(said, "You play Green 2.")  # the second press played it

    play_on(brltty, game(), drive, said)
    # dot 8 under every cell of Blue 7 and Green 2, under none of Red 5 and Yellow 8
    marked = [ord(cell) & DOT_8 != 0 for cell in seen["hand"][: len(line)]]
    assert marked == [ord(cell) & DOT_8 != 0 for cell in line]
    assert all(marked[: len(braille.card_unicode(held[0]))])
    assert not any(marked[red : red + len(braille.card_unicode(held[2]))])
    # the routing presses: the cursor on a card without the mark, then on one with it
    assert ord(seen["red"][red]) & DOT_8  # the cursor's dots 7 and 8
    assert not ord(seen["red"][red + 1]) & DOT_8  # Red 5 itself is not marked
    assert ord(seen["green"][green + 1]) & DOT_8  # Green 2 is
    assert "Red 5, 3 of 4, cannot be played now." in said
    assert "Green 2, 2 of 4, can be played." in said


def test_a_wilds_colour_menu_brails_each_colour_and_its_place_within_20_cells(
    brltty: Brltty, display: VirtualDisplay
) -> None:
    seen: list[str] = []
    said: list[str] = []

    def drive(pipe: PipeInput) -> None:
        display.wait_for(starts("Your turn. "), 10)
        pipe.send_text("\x1b[F")  # End: the Wild
        wait_said(said, "Wild, 4 of 4, can be played.")
        pipe.send_text("\r")
        wait_said(said, messages.which_color(messages.KEYED))
        for colour, place in (("Red", 1), ("Green", 2), ("Blue", 3)):
            mark = display.mark()
            pipe.send_text("\x1b[B")  # Down
            seen.append(display.wait_for(starts(f"{colour} {place}/4"), 10, mark))
        pipe.send_text("\r")
        wait_said(said, "You choose Blue.")

    play_on(brltty, game("r5 g2 y8 wi"), drive, said)
    assert [cells.rstrip(BLANK) for cells in seen] == [
        braille.to_unicode(f"{colour} {place}/4")
        for colour, place in (("Red", 1), ("Green", 2), ("Blue", 3))
    ]
    assert all(len(cells.rstrip(BLANK)) <= CELLS for cells in seen)
    assert said[said.index("Blue, 3 of 4.") + 1 : said.index("Blue, 3 of 4.") + 3] == [
        "You play Wild.",
        "You choose Blue.",
    ]


class Spy(ScreenBraille):
    """The on-screen braille line, keeping each hand line it was given (a test's window on
    what the display would show)."""

    def __init__(self) -> None:
        super().__init__(open(os.devnull, "w"))  # noqa: SIM115 (closed with the line)
        self.hands: list[list[str]] = []

    def set_hand(self, cards: Sequence[str], selected: int | None = None, label: str = "") -> None:
        self.hands.append(list(cards))
        super().set_hand(cards, selected, label)

    def close(self) -> None:
        super().close()
        self._stream.close()


def test_the_hand_line_marks_nothing_while_it_is_not_your_turn() -> None:
    said: list[str] = []
    spy = Spy()
    with create_pipe_input() as pipe:
        pipe.send_text("/g2\r")
        pipe.close()
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        outputs = Outputs(said.append, braille_out=spy)
        screen = Screen(said.append)
        table = Table(game(), {1: bot(1), 2: bot(2)}, keyboard, screen, outputs=outputs)
        drive_seat(table.play(), keyboard, screen)
    spy.close()
    marked = [[any(ord(cell) & DOT_8 for cell in card) for card in hand] for hand in spy.hands]
    assert marked[0] == [True, True, False, False]  # your turn: b7 g2 r5 y8
    assert [False, False, False] in marked  # after your play: b7 r5 y8, none marked
    assert "You play Green 2." in said
