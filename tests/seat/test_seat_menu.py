"""The menu of a question's choices (issue 23) as a value: what each key does to it, what
each highlighted item is said as (in words and in braille, within 20 cells), and that it
imports no I/O (the seat without I/O takes it over as it is).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_access.access import braille, messages
from uno_access.access.message import Verbosity
from uno_access.access.render import Renderer
from uno_access.access.wording import language
from uno_access.engine.cards import Card, Color
from uno_access.seat.menu import (
    STAYING,
    Chosen,
    Highlight,
    Item,
    Menu,
    MenuKey,
    Outcome,
    Unanswered,
)

RENDERER = Renderer(0, ("You", "Ann", "Bob"))
COLOURS = (Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW)


def colours(at: Color | None = None, leave: bool = True) -> Menu[Color]:
    return Menu.of((Item(color, color) for color in COLOURS), at=at, leave=leave)


def said(outcome: Outcome[Color]) -> str:
    assert isinstance(outcome, Highlight), outcome
    return RENDERER.line(outcome.line).text


def press(menu: Menu[Color], *keys: MenuKey) -> tuple[Menu[Color], list[Outcome[Color]]]:
    outcomes = []
    for key in keys:
        pressed = menu.press(key)
        assert pressed is not None, key
        menu, outcome = pressed
        outcomes.append(outcome)
    return menu, outcomes


def test_down_from_nothing_highlights_the_first_item_and_says_its_place() -> None:
    menu, (outcome,) = press(colours(), MenuKey.DOWN)
    assert menu.index == 0
    assert said(outcome) == "Red, 1 of 4."


def test_up_from_nothing_highlights_the_last_item() -> None:
    _, (outcome,) = press(colours(), MenuKey.UP)
    assert said(outcome) == "Yellow, 4 of 4."


def test_left_and_right_move_as_up_and_down_home_and_end_go_to_either_end() -> None:
    _, outcomes = press(colours(), MenuKey.RIGHT, MenuKey.RIGHT, MenuKey.LEFT, MenuKey.END)
    assert [said(o) for o in outcomes] == [
        "Red, 1 of 4.",
        "Green, 2 of 4.",
        "Red, 1 of 4.",
        "Yellow, 4 of 4.",
    ]
    _, (outcome,) = press(colours(Color.BLUE), MenuKey.HOME)
    assert said(outcome) == "Red, 1 of 4."


def test_past_either_end_the_item_stays_and_is_said_to_be_the_end() -> None:
    menu, outcomes = press(colours(), MenuKey.END, MenuKey.DOWN)
    assert menu.index == 3
    assert said(outcomes[1]) == "Last choice: Yellow, 4 of 4."
    menu, outcomes = press(colours(), MenuKey.HOME, MenuKey.UP)
    assert menu.index == 0
    assert said(outcomes[1]) == "First choice: Red, 1 of 4."


def test_enter_chooses_the_highlighted_item() -> None:
    _, outcomes = press(colours(), MenuKey.DOWN, MenuKey.DOWN, MenuKey.DOWN, MenuKey.ENTER)
    assert outcomes[-1] == Chosen(Color.BLUE)


def test_enter_with_nothing_highlighted_is_the_questions_empty_answer() -> None:
    _, (outcome,) = press(colours(), MenuKey.ENTER)
    assert outcome == Unanswered(left=False)


def test_escape_leaves_a_question_that_can_be_left() -> None:
    _, (outcome,) = press(colours(Color.GREEN), MenuKey.ESCAPE)
    assert outcome == Unanswered(left=True)


def test_a_question_that_cannot_be_left_does_not_take_escape() -> None:
    menu = colours(Color.GREEN, leave=False)
    assert menu.keys == STAYING
    assert menu.press(MenuKey.ESCAPE) is None
    assert menu.press(MenuKey.ENTER) == (menu, Chosen(Color.GREEN))


def test_a_menu_opens_on_the_answer_enter_alone_keeps() -> None:
    menu = colours(Color.BLUE)
    assert menu.highlighted == Item(Color.BLUE, Color.BLUE)
    _, (outcome,) = press(menu, MenuKey.DOWN)
    assert said(outcome) == "Yellow, 4 of 4."


def test_a_menu_has_at_least_one_item() -> None:
    with pytest.raises(ValueError):
        Menu.of([])


@given(st.lists(st.sampled_from(list(MenuKey)), max_size=40), st.integers(1, 12))
def test_the_highlight_is_always_one_of_the_items_and_the_menu_is_never_changed(
    keys: list[MenuKey], size: int
) -> None:
    start = Menu.of(Item(n, str(n)) for n in range(size))
    menu = start
    for key in keys:
        pressed = menu.press(key)
        assert pressed is not None
        after, outcome = pressed
        assert after.items == start.items and menu.items == start.items
        if isinstance(outcome, Highlight):
            assert after.index is not None and 0 <= after.index < size
        elif isinstance(outcome, Chosen):
            assert menu.highlighted is not None and outcome.value == menu.highlighted.value
        menu = after


def test_each_item_is_brailled_as_its_name_and_place_within_20_cells() -> None:
    for code in ("en", "es", "pt"):
        with language.use(code):
            _, outcomes = press(colours(), *[MenuKey.DOWN] * 4)
            for color, outcome in zip(COLOURS, outcomes, strict=True):
                assert isinstance(outcome, Highlight)
                dots = Renderer(0, ("You",), lang=code).line(outcome.line).braille
                word = braille.render((messages.color_name(color),))
                assert dots.startswith(word), (code, color)
                assert len(dots) <= 20, (code, dots)


def test_a_card_item_is_brailled_as_its_code_and_said_as_its_name() -> None:
    card = Card.from_code("g+2")
    menu = Menu.of([Item(card, card), Item(Card.from_code("wi"), Card.from_code("wi"))])
    _, outcome = menu.press(MenuKey.DOWN) or (menu, None)
    assert isinstance(outcome, Highlight)
    message = RENDERER.line(outcome.line)
    assert message.text == "Green Draw Two, 1 of 2."
    assert message.braille == braille.render((card, " 1/2"))


def test_an_items_detail_is_said_after_its_place_and_left_out_of_brief_speech() -> None:
    menu = Menu.of([Item(1, "Ann", "3 cards"), Item(2, "Bob", "1 card")])
    _, outcome = menu.press(MenuKey.END) or (menu, None)
    assert isinstance(outcome, Highlight)
    assert RENDERER.line(outcome.line).text == "Bob, 2 of 2: 1 card."
    brief = Renderer(0, ("You",), verbosity=Verbosity.BRIEF).line(outcome.line)
    assert brief.text == "Bob, 2 of 2."
    assert brief.braille.startswith(braille.to_unicode("Bob 2/2"))


def test_the_menu_module_imports_no_io() -> None:
    code = (
        "import sys; import uno_access.seat.menu; "
        "print(' '.join(m for m in ('prompt_toolkit', 'asyncssh', 'socket', 'brlapi', "
        "'pyttsx3', 'miniaudio', 'sqlite3') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == ""
