"""Left and Right through a hand that holds identical cards (issue 23, defect 1): the
selection is a place among identical cards, not only a card, so that Right from Home
reaches every card once, in either order, after any play, draw or routing press.

The property tests drive ``HandCursor`` as the table does (the hand given again before
every key, ``Navigation._move``); the last tests press the keys through prompt_toolkit's
real input and check the exact lines the player hears.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from test_play import cards, position
from test_play_keys import END, HOME, LEFT, RIGHT, after, keyed, turn

from uno_access.engine.cards import Card
from uno_access.seat.hand import HandCursor, Order

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

# few faces, so that a hand of them holds identical cards more often than not
FACES = cards("b1 g7 g+2 r5 r9 wi y0 b1 g+2")
hands = st.lists(st.sampled_from(FACES), min_size=1, max_size=12)


@dataclass(frozen=True)
class Press:
    """A key as the table takes it: Left, Right, Home, End, O (sort), or a routing press."""

    name: str
    index: int = 0


@dataclass(frozen=True)
class Change:
    """The hand changed: the selected card played (gone), or ``card`` drawn (added)."""

    card: Card | None


moves = st.lists(
    st.one_of(
        st.sampled_from([Press("left"), Press("right"), Press("home"), Press("end")]),
        st.just(Press("sort")),
        st.builds(Press, st.just("route"), st.integers(0, 15)),
        st.builds(Change, st.none() | st.sampled_from(FACES)),
    ),
    max_size=30,
)


def press(cursor: HandCursor, hand: list[Card], key: str, index: int = 0) -> None:
    """One key, as ``Navigation`` takes it: the hand given again first."""
    cursor.update(hand)
    if key == "left":
        cursor.move(-1)
    elif key == "right":
        cursor.move(1)
    elif key == "home":
        cursor.home()
    elif key == "end":
        cursor.end()
    elif key == "sort":
        cursor.toggle_order()
    elif key == "route" and index < len(cursor.cards):
        cursor.index = index


def apply(cursor: HandCursor, hand: list[Card], move: Press | Change) -> list[Card]:
    """The hand after ``move`` (a play takes the selected card away, a draw selects it)."""
    if isinstance(move, Press):
        press(cursor, hand, move.name, move.index)
        return hand
    if move.card is None:
        cursor.update(hand)
        if len(hand) > 1 and cursor.selected is not None:
            hand = list(hand)
            hand.remove(cursor.selected)
            cursor.update(hand)
        return hand
    hand = [*hand, move.card]
    cursor.update(hand, move.card)
    return hand


def walk(cursor: HandCursor, hand: list[Card], first: str, step: str) -> list[int]:
    """``first`` (Home or End), then ``step`` once per other card: the places visited."""
    press(cursor, hand, first)
    visited = [cursor.index]
    for _ in range(len(hand) - 1):
        press(cursor, hand, step)
        visited.append(cursor.index)
    return visited


@settings(max_examples=300, deadline=None)
@given(hands, moves, st.sampled_from(list(Order)))
def test_right_from_home_visits_every_place_exactly_once_after_any_moves(
    hand: list[Card], before: list[Press | Change], order: Order
) -> None:
    cursor = HandCursor(order)
    for move in before:
        hand = apply(cursor, hand, move)
    assert walk(cursor, hand, "home", "right") == list(range(len(hand)))
    assert cursor.cards == cursor.order.sort(hand)


@settings(max_examples=300, deadline=None)
@given(hands, moves, st.sampled_from(list(Order)))
def test_left_from_end_visits_every_place_exactly_once_after_any_moves(
    hand: list[Card], before: list[Press | Change], order: Order
) -> None:
    cursor = HandCursor(order)
    for move in before:
        hand = apply(cursor, hand, move)
    assert walk(cursor, hand, "end", "left") == list(range(len(hand)))[::-1]


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, 11))
def test_the_hand_given_again_never_moves_the_selection(hand: list[Card], at: int) -> None:
    cursor = HandCursor()
    cursor.update(hand)
    cursor.index = min(at, len(hand) - 1)
    place = cursor.index
    cursor.update(list(reversed(hand)))  # the same cards, in the engine's order or another
    assert cursor.index == place


def test_the_second_of_two_identical_cards_stays_the_second_in_the_other_order() -> None:
    cursor = HandCursor()
    cursor.update(cards("b1 g7 g+2 g+2 r5 r9"))
    cursor.index = 3  # the second Green Draw Two
    cursor.toggle_order()  # by number: 1 5 7 9 +2 +2
    assert [card.code for card in cursor.cards] == ["b1", "r5", "g7", "r9", "g+2", "g+2"]
    assert cursor.index == 5
    cursor.toggle_order()
    assert cursor.index == 3


def test_playing_one_of_two_identical_cards_selects_the_one_left() -> None:
    cursor = HandCursor()
    cursor.update(cards("b1 g7 g+2 g+2 r5 r9"))
    cursor.index = 3
    cursor.update(cards("b1 g7 g+2 r5 r9"))
    assert (cursor.index, cursor.selected) == (2, Card.from_code("g+2"))


def test_a_card_drawn_identical_to_one_held_is_selected() -> None:
    cursor = HandCursor()
    cursor.update(cards("b1 g+2 r5"))
    cursor.index = 2
    cursor.update(cards("b1 g+2 r5 g+2"), Card.from_code("g+2"))
    assert cursor.selected == Card.from_code("g+2")


SIX = ["b1 g7 g+2 g+2 r5 r9", "b3 y5 g9", "b4 y7 y2"]  # the hand; Blue 2 starts


def test_right_from_home_reaches_every_card_of_a_hand_with_two_identical_cards() -> None:
    said = keyed(position(SIX, "b2"), [HOME, *[RIGHT] * 6])
    assert after(said, turn("Blue 2", 6))[:7] == [
        "Blue 1, 1 of 6, can be played.",
        "Green 7, 2 of 6, cannot be played now.",
        "Green Draw Two, 3 of 6, cannot be played now.",
        "Green Draw Two, 4 of 6, cannot be played now.",
        "Red 5, 5 of 6, cannot be played now.",
        "Red 9, 6 of 6, cannot be played now.",
        "Last card: Red 9, 6 of 6, cannot be played now.",
    ]


def test_left_from_the_second_of_two_identical_cards_reaches_the_first() -> None:
    said = keyed(position(SIX, "b2"), [END, LEFT, LEFT, LEFT, LEFT])
    assert after(said, turn("Blue 2", 6))[:5] == [
        "Red 9, 6 of 6, cannot be played now.",
        "Red 5, 5 of 6, cannot be played now.",
        "Green Draw Two, 4 of 6, cannot be played now.",
        "Green Draw Two, 3 of 6, cannot be played now.",
        "Green 7, 2 of 6, cannot be played now.",
    ]


def test_sorting_by_number_keeps_the_second_of_two_identical_cards() -> None:
    said = keyed(position(SIX, "b2"), [HOME, RIGHT, RIGHT, RIGHT, "o", LEFT, RIGHT])
    assert after(said, "Green Draw Two, 4 of 6, cannot be played now.")[:4] == [
        "Your hand is sorted by number.",
        "Green Draw Two, 6 of 6, cannot be played now.",
        "Green Draw Two, 5 of 6, cannot be played now.",
        "Green Draw Two, 6 of 6, cannot be played now.",
    ]
