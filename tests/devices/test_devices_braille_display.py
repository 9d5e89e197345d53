"""The braille display through a real brltty (``vr`` driver); the test is the display.

Every expected cell comes from liblouis (``access.braille``); the cursor is dots 7
and 8 on the selected card's first cell, as brltty draws it.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator

import pytest
from vr_brltty import Brltty, VirtualDisplay, brltty, free_port, shows, vr_display

from uno_access.access import braille, messages
from uno_access.access.message import Message, Priority
from uno_access.devices.base import Notices
from uno_access.devices.braille_display import (
    BrailleDisplay,
    ScreenBraille,
    open_braille,
    with_cursor,
)
from uno_access.devices.braille_views import CardChosen, CardSelected, Key, Window
from uno_access.engine import actions as act
from uno_access.engine import events as ev
from uno_access.engine.cards import Card
from uno_access.engine.game import Game

__all__ = ["brltty", "vr_display"]  # the fixtures, used by name

BLANK = "\u2800"
HAND = ("b7", "r5", "wi+4", "g+2", "y0")


def dots(text: str) -> str:
    return braille.to_unicode(text)


def cursor_on(cells: str, at: int) -> str:
    return with_cursor(Window(cells, at))


@pytest.fixture
def display(brltty: Brltty, vr_display: VirtualDisplay) -> Iterator[BrailleDisplay]:
    device = BrailleDisplay(brltty.host, "none", retry_seconds=0.05)
    assert device.start(wait=60), device.last_error
    try:
        yield device
    finally:
        device.close()


def hand_cells() -> list[str]:
    return [dots(code) for code in HAND]


def test_the_display_shows_the_newest_message_in_liblouis_grade_2(
    display: BrailleDisplay, vr_display: VirtualDisplay
) -> None:
    assert display.cells == 40
    display.show(Message("Ann plays Blue 7.", dots("Ann plays b7"), "Ann plays Blue 7."))
    vr_display.wait_for(shows(dots("Ann plays b7")))
    display.show(Message("Your turn.", dots("Your turn"), "Your turn.", Priority.URGENT))
    assert vr_display.wait_for(shows(dots("Your turn"))).startswith("⠠⠽⠗⠀⠞⠥⠗⠝")


def test_line_keys_step_through_the_messages_the_hand_and_the_table(
    display: BrailleDisplay, vr_display: VirtualDisplay
) -> None:
    display.add(dots("Bob draws a card"))
    display.add(dots("Ann plays r5"))
    display.set_hand(hand_cells(), selected=2)
    display.set_table(dots("b7 blue, Ann 5 Bob 3"))
    vr_display.wait_for(shows(dots("Ann plays r5")))

    vr_display.press_and_see("LnUp", dots("Bob draws a card"))
    vr_display.press_and_see("LnDn", dots("Ann plays r5"))
    hand = BLANK.join(hand_cells())
    at = len(dots("b7")) + 1 + len(dots("r5")) + 1  # the Wild Draw Four's first cell
    vr_display.press_and_see("LnDn", cursor_on(hand.ljust(40, BLANK), at))
    vr_display.press_and_see("LnDn", dots("b7 blue, Ann 5 Bob 3"))
    vr_display.press_and_see("Home", dots("Ann plays r5"))


def test_panning_keys_move_across_a_line_longer_than_the_display(
    display: BrailleDisplay, vr_display: VirtualDisplay
) -> None:
    long = dots(
        "Bob plays Wild Draw Four and chooses green; Ann draws four cards and loses her turn"
    )
    assert len(long) > 40
    display.add(long)
    first = long[: long.rindex(BLANK, 0, 41)]  # the window ends at a space, as brltty pans
    assert len(first) <= 40 and long[len(first)] == BLANK
    vr_display.wait_for(shows(first))
    rest = long[len(first) + 1 :]
    second = rest if len(rest) <= 40 else rest[: rest.rindex(BLANK, 0, 41)]
    vr_display.press_and_see("FWinRt", second)
    vr_display.press_and_see("FWinLt", first)


def test_a_display_width_uses_that_many_cells_of_a_larger_display(
    brltty: Brltty, vr_display: VirtualDisplay
) -> None:
    device = BrailleDisplay(brltty.host, "none", retry_seconds=0.05, width=20)
    assert device.start(wait=60), device.last_error
    try:
        long = dots("Bob plays Wild Draw Four and chooses green")
        device.add(long)
        first = long[: long.rindex(BLANK, 0, 21)]
        vr_display.wait_for(shows(first))  # 20 cells used, the other 20 blank
        assert device.window().cells.rstrip(BLANK) == first and len(device.window().cells) == 20
    finally:
        device.close()


def test_a_routing_key_selects_a_card_and_a_second_press_plays_it(
    display: BrailleDisplay, vr_display: VirtualDisplay
) -> None:
    cards = [Card.from_code(code) for code in HAND]
    game = Game.from_position(
        ["Ann", "Bob"], [cards, [Card.from_code("g1")] * 3], Card.from_code("r9"),
        [Card.from_code("y3")] * 10, dealer=1, seed=1,
    )  # fmt: skip
    display.add(dots("Your turn"))
    display.set_hand([braille.card_unicode(card) for card in cards], selected=0)
    hand = BLANK.join(hand_cells()).ljust(40, BLANK)
    vr_display.press_and_see("LnDn", cursor_on(hand, 0))

    red_five = display.window().cells.index(dots("r5"))
    # a cell inside the card, not only its first
    vr_display.press_and_see(f"Route {red_five + 1}", cursor_on(hand, red_five))
    assert display.events.get(timeout=60) == CardSelected(1)
    vr_display.press(f"Route {red_five}")
    chosen = display.events.get(timeout=60)
    assert chosen == CardChosen(1)

    assert isinstance(chosen, CardChosen)
    played = game.apply(act.Play(0, cards[chosen.index]))
    assert ev.CardPlayed(0, Card.from_code("r5"), 4) in played
    remaining = game.view(0).hand
    display.set_hand([braille.card_unicode(card) for card in remaining], selected=None)
    vr_display.wait_for(shows(BLANK.join(dots(card.code) for card in remaining)))


def test_a_routing_key_off_the_hand_line_selects_nothing(
    display: BrailleDisplay, vr_display: VirtualDisplay
) -> None:
    display.add(dots("Ann plays r5"))
    display.set_hand(hand_cells())
    vr_display.wait_for(shows(dots("Ann plays r5")))
    vr_display.press("Route 2")  # (vr cannot press the first routing key: Route 0)
    time.sleep(0.2)  # brltty reads one key at a time
    vr_display.press_and_see("LnDn", BLANK.join(hand_cells()))
    assert display.events.empty()


def test_brltty_stopped_and_restarted_mid_game_the_game_goes_on_and_reconnects(
    brltty: Brltty, vr_display: VirtualDisplay
) -> None:
    told: list[str] = []
    device = BrailleDisplay(
        brltty.host, "none", notices=Notices(lambda n: told.append(n.text)), retry_seconds=0.05
    )
    assert device.start(wait=60)
    try:
        device.add(dots("Ann plays r5"))
        vr_display.wait_for(shows(dots("Ann plays r5")))

        brltty.stop()
        vr_display.close()
        deadline_ok = _wait(lambda: not device.connected)
        assert deadline_ok
        for text in ("Bob draws a card", "Your turn"):  # the game goes on meanwhile
            device.add(dots(text))
        device.set_hand(hand_cells(), selected=1)
        lost = [t for t in told if "went away" in t]
        assert len(lost) == 1  # told once, though it retries many times

        brltty.start()
        display = VirtualDisplay(brltty)
        try:
            assert device.wait_connected(60)
            display.wait_for(shows(dots("Your turn")), timeout=60)
            display.press_and_see("LnDn", cursor_on(BLANK.join(hand_cells()).ljust(40, BLANK), 4))
            assert sum("connected" in t for t in told) == 2
        finally:
            brltty.stop()
            display.close()
    finally:
        device.close()


def test_auto_without_brltty_is_braille_off_said_once_in_one_plain_line() -> None:
    screen = io.StringIO()
    told: list[str] = []
    output = open_braille(
        "auto",
        stream=screen,
        host=f"127.0.0.1:{free_port()}",
        auth="none",
        notices=Notices(lambda n: told.append(n.text)),
        wait=0.5,
    )
    assert output is None
    assert told == ["No braille display found; braille is off."]
    assert screen.getvalue() == ""  # no line of braille dots


def test_screen_shows_braille_as_dots_on_screen() -> None:
    screen = io.StringIO()
    told: list[str] = []
    output = open_braille("screen", stream=screen, notices=Notices(lambda n: told.append(n.text)))
    assert isinstance(output, ScreenBraille)
    output.show(Message("Ann plays Blue 7.", dots("Ann plays b7"), "Ann plays Blue 7."))
    output.set_hand(hand_cells(), selected=1)
    output.press(Key.LINE_DOWN)
    lines = screen.getvalue().splitlines()
    assert lines[0] == dots("Ann plays b7")
    assert lines[1] == cursor_on(BLANK.join(hand_cells()), len(dots("b7")) + 1)
    assert output.route(len(dots("b7")) + 1) == CardChosen(1)
    assert told == [messages.BRAILLE_ON_SCREEN]


def test_brlapi_without_brltty_is_told_once_and_waits_in_the_background() -> None:
    told: list[str] = []
    output = open_braille(
        "brlapi",
        stream=io.StringIO(),
        host=f"127.0.0.1:{free_port()}",
        auth="none",
        notices=Notices(lambda n: told.append(n.text)),
    )
    assert isinstance(output, BrailleDisplay)
    try:
        assert _wait(lambda: bool(told))
        assert not _wait(lambda: len(told) > 1, timeout=0.3)  # many retries, one notice
        output.add(dots("Your turn"))  # never blocks, never raises
        assert not output.connected
    finally:
        output.close()


def _wait(condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False
