"""Choices from a menu (issue 23), through prompt_toolkit's real input: a Wild's colour,
whom a 7 swaps hands with (Seven-O), an Anniversary card's choices and the set-up's
questions. Up and Down (Left, Right, Home and End where they are free) go through the
choices, each said with its place; Enter chooses; the letters, the numbers and typed
answers work exactly as before; Escape leaves where the question could be left.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import position as plain_position
from test_play_house_rules import SEVEN_O, SEVENS, WHOM_KEYS, WHOM_TYPED
from test_play_keys import END, ENTER, F1, HOME, LEFT, RIGHT, after, keyed, turn
from test_play_variants import ANNIVERSARY
from test_play_variants import position as variant
from test_play_variants import session as typed

from uno_access import resources
from uno_access.access import braille, document, messages
from uno_access.access.wording import language
from uno_access.devices.base import Notices
from uno_access.devices.braille_display import ScreenBraille
from uno_access.seat.outputs import Outputs
from uno_access.settings import Settings
from uno_access.ui.keys import key_help_lines, typed_help_lines
from uno_access.ui.profile import Session
from uno_access.ui.setup import set_up
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

UP, DOWN, ESCAPE = "\x1b[A", "\x1b[B", "\x1b"
WILD = ["r5 g2 y8 wi", "b3 y5 g9", "b1 y7 y2"]  # you hold a Wild, the last card by colour
WHICH = "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none."
NO_COLOUR = "No colour chosen: nothing was played."
NOTHING_PLAYED = "Nothing was played."


def wild(keys: list[str]) -> list[str]:
    """The Wild chosen (End, Enter), then ``keys`` at its colour question: what follows it."""
    said = keyed(plain_position(WILD, "b2"), [END, ENTER, *keys])
    return after(said, WHICH)


# --------------------------------------------------------------------- a Wild's colour


def test_the_colour_menu_says_each_colour_with_its_place_and_enter_chooses() -> None:
    rest = wild([DOWN, DOWN, DOWN, ENTER])
    assert rest[:5] == [
        "Red, 1 of 4.",
        "Green, 2 of 4.",
        "Blue, 3 of 4.",
        "You play Wild.",
        ("You choose Blue."),
    ]


def test_the_colour_menu_up_from_nothing_is_yellow_and_stays_at_either_end() -> None:
    rest = wild([UP, DOWN, HOME, UP, LEFT, RIGHT, END, ENTER])
    assert rest[:8] == [
        "Yellow, 4 of 4.",
        "Last choice: Yellow, 4 of 4.",
        "Red, 1 of 4.",
        "First choice: Red, 1 of 4.",
        "First choice: Red, 1 of 4.",
        "Green, 2 of 4.",
        "Yellow, 4 of 4.",
        "You play Wild.",
    ]
    assert rest[8] == "You choose Yellow."


def test_the_colour_letters_and_numbers_still_choose_at_once_after_a_move() -> None:
    for key, colour in (("y", "Yellow"), ("G", "Green"), ("3", "Blue"), ("1", "Red")):
        rest = wild([DOWN, DOWN, key])
        assert rest[2:4] == ["You play Wild.", f"You choose {colour}."], key


def test_enter_alone_at_the_colour_question_still_plays_nothing() -> None:
    assert wild([ENTER, "c"])[:1] == [NO_COLOUR]


def test_escape_at_the_colour_question_plays_nothing_after_a_move() -> None:
    rest = wild([DOWN, ESCAPE, "c"])
    assert rest[:3] == [
        "Red, 1 of 4.",
        NO_COLOUR,
        "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
    ]


def test_the_colour_menu_by_typed_lines_up_and_down_then_enter_on_the_empty_line() -> None:
    said = typed(variant(WILD, "b2", "standard"), ["wi", DOWN + DOWN, "l"])
    rest = after(said, "Which colour? blue, green, red or yellow")
    assert rest[:4] == ["Red, 1 of 4.", "Green, 2 of 4.", "You play Wild.", "You choose Green."]


def test_a_colour_typed_in_words_still_answers_after_a_move() -> None:
    said = typed(variant(WILD, "b2", "standard"), ["wi", DOWN + "yellow"])
    rest = after(said, "Which colour? blue, green, red or yellow")
    assert rest[:3] == ["Red, 1 of 4.", "You play Wild.", "You choose Yellow."]


# --------------------------------------------------------------------- Seven-O


def test_seven_o_the_players_menu_says_each_with_their_cards_and_enter_swaps() -> None:
    said = keyed(variant(SEVENS, "r5", SEVEN_O), [END, ENTER, DOWN, DOWN, ENTER])
    assert after(said, WHOM_KEYS)[:4] == [
        "Ann, 1 of 2: 3 cards.",
        "Bob, 2 of 2: 4 cards.",
        "You play Red 7.",
        "You swap hands with Bob: you now hold 4 cards: Blue 2, Green 8, Green 9, Yellow 9; "
        "Bob holds 2 cards.",
    ]


def test_seven_o_decline_the_menu_offers_keeping_your_hand_and_everyone_is_told() -> None:
    game = variant(SEVENS, "r5", "standard,seven_o=on,seven_o_decline=on")
    said = keyed(game, [END, ENTER, UP, ENTER])
    asked = (
        "Whom do you swap hands with? Ann, Bob; or yourself (me), to keep your hand. "
        "Type your answer and press Enter; Escape or an empty line plays nothing."
    )
    assert after(said, asked)[:3] == [
        "Yourself: keep your hand, 3 of 3.",
        "You play Red 7.",
        "You keep your hand: no swap.",
    ]
    assert [card.code for card in game.view(0).hand] == ["r1", "g3"]


def test_seven_o_escape_after_a_move_plays_nothing() -> None:
    game = variant(SEVENS, "r5", SEVEN_O)
    said = keyed(game, [END, ENTER, UP, ESCAPE, "c"])
    assert after(said, WHOM_KEYS)[:2] == [
        "Bob, 2 of 2: 4 cards.",
        "Nobody chosen to swap hands with: nothing was played.",
    ]
    assert [card.code for card in game.view(0).hand] == ["r7", "r1", "g3"]


def test_seven_o_a_name_typed_after_a_move_is_the_answer() -> None:
    said = keyed(variant(SEVENS, "r5", SEVEN_O), [END, ENTER, DOWN, "bob\r"])
    assert after(said, WHOM_KEYS)[:3] == [
        "Ann, 1 of 2: 3 cards.",
        "You play Red 7.",
        "You swap hands with Bob: you now hold 4 cards: Blue 2, Green 8, Green 9, Yellow 9; "
        "Bob holds 2 cards.",
    ]


def test_seven_o_left_right_home_and_end_edit_a_typed_answer() -> None:
    # with "ob" typed, Home goes to the line's start (not the first choice): "bob"
    said = typed(variant(SEVENS, "r5", SEVEN_O), ["r7", f"ob{HOME}b{END}"])
    assert after(said, WHOM_TYPED)[:1] == ["You play Red 7."]
    assert "You swap hands with Bob" in after(said, WHOM_TYPED)[1]


def test_seven_o_by_typed_lines_down_then_an_empty_line_swaps() -> None:
    said = typed(variant(SEVENS, "r5", SEVEN_O), ["r7", DOWN])
    assert after(said, WHOM_TYPED)[:2] == ["Ann, 1 of 2: 3 cards.", "You play Red 7."]


# --------------------------------------------------------------------- Anniversary cards


def test_the_anniversary_cards_colour_whom_and_keep_are_each_a_menu() -> None:
    keys = [END, ENTER, DOWN, DOWN, ENTER, UP, ENTER, DOWN, DOWN, ENTER]
    said = keyed(variant(ANNIVERSARY, "g7", "anniversary"), keys)
    rest = after(said, "Anniversary card, 4 of 4, can be played.")
    assert rest[:10] == [
        WHICH,
        "Red, 1 of 4.",
        "Green, 2 of 4.",
        "Whom do you give your other cards to? Ann, Bob. Type your answer and press Enter; "
        "Escape or an empty line plays nothing.",
        "Bob, 2 of 2: 3 cards.",
        "Which card do you keep? Blue 1, Green 3, Red 5. Type your answer and press Enter; "
        "Escape or an empty line plays nothing.",
        "Blue 1, 1 of 3.",
        "Green 3, 2 of 3.",
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Bob 2 "
        "cards: Blue 1, Red 5.",
        "You call UNO!",
    ]
    assert rest[10] == "You choose Green."


def test_the_anniversary_card_keep_menu_escape_gives_nothing() -> None:
    keys = [END, ENTER, "r", "bob\r", DOWN, ESCAPE, "c"]
    said = keyed(variant(ANNIVERSARY, "g7", "anniversary"), keys)
    rest = after(said, "Blue 1, 1 of 3.")
    assert rest[:1] == [NOTHING_PLAYED]


# --------------------------------------------------------------------- the set-up


def setup(keys: list[str]) -> tuple[Settings | None, list[str]]:
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(keys))
        pipe.close()
        chosen = set_up(Settings(), input=pipe, output=DummyOutput(), screen=Screen(said.append))
    return chosen, said


# the questions after the seats', answered by Enter alone: rules, speech, sounds, braille,
# large text, verbosity, keys, pace
REST = [ENTER] * 8


def test_the_setup_says_its_menus_once_at_the_start() -> None:
    _, said = setup([])
    assert said[1] == (
        "Up and Down go through a question's choices, each said with its place; Enter "
        "chooses. Typing an answer works as well."
    )


def test_the_setup_menu_opens_on_the_answer_in_brackets_and_enter_chooses_the_one_reached() -> None:
    chosen, said = setup([ENTER, DOWN, DOWN, ENTER, "Zoe\r", *[ENTER] * 6, *REST])
    assert chosen is not None and chosen.players == 4, said
    start = said.index("How many players, 2 to 10, you included? [2]")
    assert said[start + 1 : start + 4] == ["3 players, 2 of 9.", "4 players, 3 of 9.", "Chosen: 4."]


def test_the_setup_enter_alone_still_keeps_the_answer_in_brackets() -> None:
    chosen, said = setup([ENTER, DOWN, UP, ENTER, "Zoe\r", ENTER, ENTER, *REST])
    assert chosen is not None and chosen.players == 2
    start = said.index("How many players, 2 to 10, you included? [2]")
    assert said[start + 1 : start + 4] == ["3 players, 2 of 9.", "2 players, 1 of 9.", "Kept: 2."]


def test_the_setup_typed_answers_work_exactly_as_before() -> None:
    chosen, said = setup([ENTER, DOWN, "3\r", "Zoe\r", "hard\r", ENTER, "hard\r", ENTER, *REST])
    assert chosen is not None and (chosen.players, chosen.bots) == (3, "hard,hard"), said


def test_the_setup_seat_menu_says_what_each_kind_of_seat_is() -> None:
    _, said = setup([ENTER, ENTER, "Zoe\r", HOME, END, ENTER])
    start = said.index(
        "Seat 1 (you are seat 0): a bot (easy, normal or hard) or a person at this keyboard "
        "(person)? [normal]"
    )
    assert said[start + 1 : start + 4] == [
        "easy, 1 of 4: plays a random card and forgets UNO now and then.",
        "person, 4 of 4: one more person at this keyboard, who takes it for their turns.",
        "Chosen: person.",
    ]


def test_the_setup_rules_menu_says_each_preset_with_what_it_is() -> None:
    _, said = setup([ENTER, ENTER, "Zoe\r", ENTER, ENTER, DOWN, END, ENTER])
    assert "lowest, 2 of 11: the lowest total wins when someone reaches 500." in said
    last = (
        "no_mercy, 11 of 11: UNO Show 'Em No Mercy: 168 cards, draws stacked by value, 25 "
        "cards knock you out."
    )
    assert said[said.index(last) + 1] == "Chosen: no_mercy."


def test_the_setup_a_question_without_choices_says_the_arrow_does_nothing() -> None:
    _, said = setup([ENTER, ENTER, DOWN, "Zoe\r"])
    start = said.index("Your name? [You]")
    assert said[start + 1 : start + 3] == [
        "That key does nothing here: type a command and press Enter.",
        "Chosen: Zoe.",
    ]


def test_the_setup_escape_still_only_clears_the_line() -> None:
    _, said = setup([ENTER, DOWN, ESCAPE, ENTER])
    start = said.index("How many players, 2 to 10, you included? [2]")
    assert said[start + 1 : start + 4] == [
        "3 players, 2 of 9.",
        "The line is cleared.",
        ("Chosen: 3."),
    ]


# --------------------------------------------------------------------- help


def test_f1_and_typed_help_say_the_menus() -> None:
    said = keyed(plain_position(WILD, "b2"), [F1])
    assert messages.tr(messages.MENU_HELP_KEYS) in after(said, turn("Blue 2", 4))
    assert messages.tr(messages.MENU_HELP_KEYS) not in key_help_lines()  # said once, after them
    said = typed(variant(WILD, "b2", "standard"), ["help"])
    assert messages.tr(messages.MENU_HELP_TYPED) in said
    assert messages.tr(messages.MENU_HELP_TYPED) not in typed_help_lines()


def test_the_quick_reference_cards_and_the_keys_page_say_the_menus() -> None:
    root = Path(__file__).resolve().parents[2]
    for code, menu in (("en", "from a menu."), ("es", "en un menú."), ("pt", "num menu.")):
        with language.use(code):
            match = document.rules(quick_only=True)[2].text  # Card 1's one step
        assert match.endswith(menu), (code, match)
    brf = " ".join((resources.BRAILLE / "quick_reference.brf").read_text("ascii").split())
    assert braille.to_brf("from a menu.") in brf
    keys = (root / "docs" / "keys-and-commands.md").read_text(encoding="utf-8")
    assert "\n### Questions with choices: menus\n" in keys
    assert "- **Up** and **Down** go through the choices" in keys


def test_the_setup_menus_items_are_brailled_as_their_brief_form_within_20_cells() -> None:
    dots = io.StringIO()
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join([ENTER, DOWN, END]))
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, braille_out=ScreenBraille(dots, width=20))
        session = Session(Keyboard(input=pipe, output=DummyOutput()), screen, outputs, Notices())
        set_up(Settings(), session=session)
    assert "3 players, 2 of 9." in said and "10 players, 9 of 9." in said
    shown = dots.getvalue().splitlines()  # each window of the on-screen braille line
    for brief in ("3 players 2/9", "10 players 9/9"):
        cells = braille.render((brief,))
        assert len(cells) <= 20 and cells in shown, brief


# --------------------------------------------------------------------- straights

STRAIGHT_HANDS = ["r4 r5 r6 g1", "b3 y5 g9", "b1 y7 y2"]
STRAIGHTS = "standard,straights=on"


def test_straights_a_card_played_by_keys_asks_for_each_next_card_and_enter_stops() -> None:
    said = keyed(variant(STRAIGHT_HANDS, "r3", STRAIGHTS), [HOME, RIGHT, ENTER, DOWN, ENTER, ENTER])
    assert after(said, "Red 4, 2 of 4, can be played.")[:4] == [
        "Play on in a straight after Red 4? Red 5; or Enter to stop.",
        "Red 5, 1 of 1.",
        "Play on in a straight after Red 5? Red 6; or Enter to stop.",
        "You play a straight: Red 4, Red 5.",
    ]


def test_straights_a_next_card_typed_at_the_question_and_a_wrong_one_told() -> None:
    keys = [HOME, RIGHT, ENTER, "r7" + ENTER, "r5" + ENTER, ENTER]
    said = keyed(variant(STRAIGHT_HANDS, "r3", STRAIGHTS), keys)
    assert after(said, "Play on in a straight after Red 4? Red 5; or Enter to stop.")[:3] == [
        "Red 7 does not play on from Red 4: only Red 5 does.",
        "Play on in a straight after Red 5? Red 6; or Enter to stop.",
        "You play a straight: Red 4, Red 5.",
    ]


def test_straights_typed_one_after_another_and_a_run_that_is_none_is_told() -> None:
    said = typed(variant(STRAIGHT_HANDS, "r3", STRAIGHTS), ["r4 r6", "r4 r5 r6"])
    assert (
        "Red 4, Red 6 is not a straight: after the first card, each is the next (or each the "
        "previous) number of its colour, as r4 r5 r6."
    ) in said
    assert "You play a straight: Red 4, Red 5, Red 6, and have one card left." in said
