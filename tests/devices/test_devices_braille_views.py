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


def windows_of_the_line(views: BrailleViews) -> list[str]:
    """Every window of the line the display shows, panning right to its end."""
    line, seen = views.line, [shown(views)]
    while True:
        views.press(Key.PAN_RIGHT)
        if views.line != line:
            return seen
        seen.append(shown(views))


def test_panning_moves_by_whole_card_codes_and_goes_on_to_the_next_line() -> None:
    views = views_with("Ann plays r5", width=12)
    views.press(Key.LINE_DOWN)
    assert len(BLANK.join(HAND)) > 24
    windows = windows_of_the_line(views)
    assert len(windows) == 3
    cards = [card for window in windows for card in window.split(BLANK)]
    assert cards == HAND  # no code cut between two windows (no "r#" | "e")
    assert shown(views) == braille.to_unicode("b7 blue")  # past the end: the table line
    views.press(Key.PAN_LEFT)  # back to the hand's last window
    assert shown(views) == windows[-1]
    views.press(Key.PAN_LEFT)
    assert shown(views) == windows[-2]


def test_panning_a_message_ends_each_window_at_a_space_as_brltty_does() -> None:
    text = braille.to_unicode(
        "Bob plays Wild Draw Four and chooses green; Ann draws four cards and loses her turn"
    )
    for width in (20, 40):
        views = BrailleViews(width)
        views.add_message(text)
        windows = windows_of_the_line(views)
        assert all(len(window) <= width for window in windows)
        assert [w for window in windows for w in window.split(BLANK)] == text.split(BLANK)


def test_a_word_longer_than_the_display_is_cut_at_its_width() -> None:
    views = BrailleViews(4)
    views.add_message(braille.to_unicode("wi+4 wi+4"))
    assert windows_of_the_line(views) == [
        braille.to_unicode("wi+4")[:4],
        braille.to_unicode("wi+4")[4:],
        braille.to_unicode("wi+4")[:4],
        braille.to_unicode("wi+4")[4:],
    ]


def test_the_cursor_marks_the_selected_card_and_follows_it_out_of_the_window() -> None:
    views = views_with("Ann plays r5", width=12)
    views.press(Key.LINE_DOWN)
    assert views.window().cursor == 0
    views.set_hand(HAND, selected=5)  # the ui moved the selection to the Blue Reverse
    window = views.window()
    assert window.cursor is not None
    assert window.cells[window.cursor :].startswith(HAND[5])


def test_a_selection_said_while_the_display_shows_the_hand_keeps_it_there() -> None:
    views = views_with("Your turn")
    views.press(Key.LINE_DOWN)
    views.set_hand(HAND, selected=1)
    views.add_message(braille.to_unicode("r5 2/7 can play"), on_hand=True)
    assert views.line == views.hand_line
    assert views.window().cursor == views.card_spans()[1][0]
    assert views.route(views.card_spans()[1][0]) == CardChosen(1)
    views.press(Key.HOME)  # elsewhere, the selection is shown as a message
    views.add_message(braille.to_unicode("b7 1/7 can play"), on_hand=True)
    assert shown(views) == braille.to_unicode("b7 1/7 can play")


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
