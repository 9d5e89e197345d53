"""What the braille line shows and what the display's keys do, without a display.

The cells are liblouis' (``access.braille``); the same views drive the BrlAPI
display (tests/devices/test_devices_braille_display.py) and the on-screen line.
"""

from __future__ import annotations

import io

from uno_access.access import braille
from uno_access.access.message import Message, Priority
from uno_access.devices.base import Output
from uno_access.devices.braille_display import BrailleDisplay, ScreenBraille
from uno_access.devices.braille_views import (
    BLANK,
    BrailleViews,
    CardChosen,
    CardSelected,
    Key,
)
from uno_access.devices.speech import Speaker

HAND = [braille.to_unicode(code) for code in ("b7", "r5", "wi+4", "g+2", "y0", "brv", "ysk")]


def shown(views: BrailleViews) -> str:
    return views.window().cells.rstrip(BLANK)


def views_with(*messages: str, width: int = 40) -> BrailleViews:
    views = BrailleViews(width)
    for text in messages:
        views.add_message(braille.to_unicode(text))
    views.set_hand(HAND, selected=0)
    views.set_table(braille.to_unicode("b7 blue"))
    return views


def test_the_newest_message_is_shown_and_older_ones_are_above_it() -> None:
    views = views_with("Ann plays r5", "Bob draws a card")
    assert shown(views) == braille.to_unicode("Bob draws a card")
    views.press(Key.LINE_UP)
    assert shown(views) == braille.to_unicode("Ann plays r5")
    views.press(Key.LINE_UP)  # the oldest line: stays
    assert shown(views) == braille.to_unicode("Ann plays r5")
    views.press(Key.BOTTOM)
    assert shown(views) == braille.to_unicode("b7 blue")
    views.press(Key.TOP)
    assert shown(views) == braille.to_unicode("Ann plays r5")


def test_a_low_priority_message_joins_the_history_without_moving_the_display() -> None:
    views = views_with("Ann plays r5")
    views.press(Key.LINE_DOWN)
    views.add_message(braille.to_unicode("Bob draws a card"), move=False)
    assert views.line == views.hand_line
    assert views.window().cursor == 0
    screen = io.StringIO()
    output = ScreenBraille(screen)
    output.add(braille.to_unicode("Ann plays r5"))
    output.add(braille.to_unicode("Hint"), Priority.LOW)
    assert screen.getvalue() == braille.to_unicode("Ann plays r5") + "\n"


def test_the_history_keeps_the_last_messages_only() -> None:
    views = BrailleViews(40, history=3)
    for n in range(5):
        views.add_message(braille.to_unicode(f"message {n}"))
    assert len(views.lines()) == 3 + 2
    views.press(Key.TOP)
    assert shown(views) == braille.to_unicode("message 2")


def test_panning_crosses_a_long_line_and_goes_on_to_the_next() -> None:
    views = views_with("Ann plays r5", width=12)
    views.press(Key.LINE_DOWN)
    hand = BLANK.join(HAND)
    assert len(hand) > 24
    assert views.window().cells == hand[:12]
    views.press(Key.PAN_RIGHT)
    assert views.window().cells == hand[12:24]
    views.press(Key.PAN_RIGHT)
    views.press(Key.PAN_RIGHT)  # past the end of the hand: the table line
    assert shown(views) == braille.to_unicode("b7 blue")
    views.press(Key.PAN_LEFT)  # back to the hand's last window
    assert views.window().cells.rstrip(BLANK) == hand[24:36].rstrip(BLANK)


def test_the_cursor_marks_the_selected_card_and_follows_it_out_of_the_window() -> None:
    views = views_with("Ann plays r5", width=12)
    views.press(Key.LINE_DOWN)
    assert views.window().cursor == 0
    views.set_hand(HAND, selected=5)  # the ui moved the selection to the Blue Reverse
    start = views.card_spans()[5][0]
    window = views.window()
    assert window.cursor is not None
    assert window.cells[window.cursor :].startswith(HAND[5])
    assert start == (start // 12) * 12 + window.cursor


def test_routing_selects_a_card_then_chooses_it() -> None:
    views = views_with("Your turn")
    views.press(Key.LINE_DOWN)
    wild_four = views.card_spans()[2]
    assert views.route(wild_four[1] - 1) == CardSelected(2)  # its last cell
    assert views.window().cursor == wild_four[0]
    assert views.route(wild_four[0]) == CardChosen(2)


def test_routing_on_the_space_between_cards_or_off_the_hand_does_nothing() -> None:
    views = views_with("Your turn")
    assert views.route(0) is None  # on the message line
    views.press(Key.LINE_DOWN)
    gap = views.card_spans()[0][1]
    assert views.route(gap) is None
    assert views.route(39) is None
    assert views.selected == 0


def test_the_hand_may_carry_a_label_before_its_cards() -> None:
    views = BrailleViews(40)
    views.set_hand(HAND[:2], selected=1, label=braille.to_unicode("hand: "))
    label = len(braille.to_unicode("hand: "))
    assert views.window().cells.startswith(braille.to_unicode("hand: ") + HAND[0])
    assert views.window().cursor == label + len(HAND[0]) + 1
    assert views.route(label) == CardSelected(0)


def test_every_output_takes_a_message_the_same_way() -> None:
    screen = io.StringIO()
    outputs: list[Output] = [ScreenBraille(screen), BrailleDisplay(), Speaker()]
    message = Message("Your turn.", braille.to_unicode("Your turn"), "Your turn.")
    outputs[0].show(message)
    for output in outputs:
        output.close()
    outputs[0].show(message)  # closed: nothing more
    assert screen.getvalue() == braille.to_unicode("Your turn") + "\n"
