"""A table that plays fair (issue 14, the table's part), through prompt_toolkit's real
input: the Anniversary card by keys, one colour prompt everywhere, a bluff Wild Draw Four
named as one, and Speed UNO's drawing until a card plays.
"""

from __future__ import annotations

import os

from test_play_keys import END, ENTER, keyed
from test_play_variants import bot, position, session

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

ESCAPE = "\x1b"
ANNIVERSARY = ["an r5 b1 g3", "y4 g2 y5", "g9 y9 g8"]


ASK_LINE = "Type your answer and press Enter; Escape or an empty line plays nothing."
WHOM = f"Whom do you give your other cards to? Ann, Bob. {ASK_LINE}"
KEEP = f"Which card do you keep? Blue 1, Green 3, Red 5. {ASK_LINE}"
KEYED_TURN = "Left and Right choose a card, Enter plays it, D draws, F1 for help."


def test_the_anniversary_card_played_by_keys_calls_uno_and_is_not_caught() -> None:
    game = position(ANNIVERSARY, "g7", "anniversary")
    catchers = {1: bot(1, catch=1.0), 2: bot(2, catch=1.0)}
    said = keyed(game, [END, ENTER, "r", "bob\r", "r5\r"], catchers)
    assert said[6:] == [
        "Anniversary card, 4 of 4, can be played.",
        "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none.",
        WHOM,
        KEEP,
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Bob "
        "2 cards: Blue 1, Green 3.",
        "You call UNO!",
        "You choose Red.",
        "Ann draws a card.",
        "Ann keeps the card.",
        "Bob draws a card.",
        "Bob keeps the card.",
        f"Your turn. Top card: Anniversary card, colour in play Red. You hold 1 card. {KEYED_TURN}",
        "The input has closed: the game is stopped.",
    ]
    assert [c.code for c in game.view(0).hand] == ["r5"]


def test_the_anniversary_questions_by_keys_take_a_typed_line() -> None:
    # "ann" and "r1" are typed whole (a single key would have cancelled the play); a name
    # or card not there is said and asked again
    game = position(ANNIVERSARY, "g7", "anniversary")
    said = keyed(game, [END, ENTER, "g", "zed\r", "ann\r", "r1\r", "g3\r"])
    rest = said[said.index(WHOM) :]
    assert rest[:6] == [
        WHOM,
        "'zed' is not a player here: type a name (Ann, Bob) or a seat number from 1 to 3.",
        KEEP,
        "You can keep only a card you hold besides the Anniversary card, not Red 1.",
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Ann "
        "2 cards: Blue 1, Red 5.",
        "You call UNO!",
    ]
    assert [c.code for c in game.view(0).hand] == ["g3"]


def test_escape_or_an_empty_line_at_an_anniversary_question_plays_nothing_in_words() -> None:
    for answer in (ESCAPE, ENTER):
        game = position(ANNIVERSARY, "g7", "anniversary")
        said = keyed(game, [END, ENTER, "r", answer, "c"])
        assert said[said.index(WHOM) + 1 :][:2] == [
            "Nothing was played.",
            "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        ], repr(answer)
        answered = keyed(
            position(ANNIVERSARY, "g7", "anniversary"), [END, ENTER, "r", "bob\r", answer, "c"]
        )
        assert answered[answered.index(KEEP) + 1 :][:2] == [
            "Nothing was played.",
            "Card check: you 4 cards, Ann 3 cards, Bob 3 cards.",
        ], repr(answer)


# --------------------------------------------------------------------- one colour question

COLOR_ASKED = (
    "Which colour? Press R for red, G for green, B for blue or Y for yellow; Enter for none."
)
START_WILD = "Your turn: a Wild started the DISCARD pile, so you choose its colour."


def test_a_wild_turned_up_to_start_asks_its_colour_with_the_keys_of_a_played_wild() -> None:
    for key, color in (("r", "Red"), ("R", "Red"), ("1", "Red"), ("G", "Green"), ("4", "Yellow")):
        game = position(["r5 g3", "b4 b5"], "wi", "standard", dealer=1)
        said = keyed(game, [key])
        assert said[said.index(START_WILD) + 1 :][:2] == [
            COLOR_ASKED,
            f"You choose {color}.",
        ], key


def test_enter_alone_at_the_start_wild_leaves_its_colour_for_later_and_enter_asks_again() -> None:
    game = position(["r5 g3", "b4 b5"], "wi", "standard", dealer=1)
    said = keyed(game, [ENTER, "c", ENTER, "b"])
    assert said[said.index(START_WILD) + 1 :][:5] == [
        COLOR_ASKED,
        "No colour chosen yet: press Enter when you are ready to choose it.",
        "Card check: you 2 cards, Ann 2 cards.",
        COLOR_ASKED,
        "You choose Blue.",
    ]


def test_a_played_wild_and_a_drawn_wild_take_the_same_colour_keys() -> None:
    game = position(["wi r5 g2", "b3 y5 g9", "b1 y7 y2"], "b2", "standard")
    said = keyed(game, [END, ENTER, "1"])
    assert said[said.index(COLOR_ASKED) + 1 :][:2] == ["You play Wild.", "You choose Red."]
    game = position(["r5 y8", "b3 y5 g9", "b1 y7 y2"], "b2", "standard", pile="wi g1")
    said = keyed(game, ["d", ENTER, "Y"])
    assert said[said.index(COLOR_ASKED) + 1 :][:2] == ["You play Wild.", "You choose Yellow."]


def test_a_jump_in_wild_takes_the_same_colour_keys() -> None:
    game = position(["g5 wi r2 y3", "wi b1 b4", "y1 y2 b9"], "g3", "speed")
    said = keyed(game, [ENTER, "j", "R"])
    assert said[said.index("Ann chooses Yellow.") + 1 :][:4] == [
        "You hold Wild, the same as the top card: press J, then the first letter of a colour, "
        "or press Space.",
        COLOR_ASKED,
        "You jump in with Wild!",
        "You choose Red.",
    ]


def test_a_typed_colour_answer_takes_a_number_too() -> None:
    game = position(["r5 g3", "b4 b5"], "wi", "standard", dealer=1)
    said = session(game, ["3"])
    assert said[said.index(START_WILD) + 1 :][:2] == [
        "Which colour? blue, green, red or yellow",
        "You choose Blue.",
    ]
    game = position(["wi r5 g2", "b3 y5 g9", "b1 y7 y2"], "b2", "standard")
    said = session(game, ["wi", "2"])
    assert said[said.index("Which colour? blue, green, red or yellow") + 1 :][:2] == [
        "You play Wild.",
        "You choose Green.",
    ]


# --------------------------------------------------------------------- a bluff Wild Draw Four

BLUFF = ["wi+4 g5 r2", "b3 y5 g9", "b1 y7 y2"]


def after_turn(said: list[str]) -> list[str]:
    """The lines said after the first turn's."""
    first = next(i for i, line in enumerate(said) if line.startswith("Your turn"))
    return said[first + 1 :]


def test_a_bluff_wild_draw_four_is_selected_as_only_a_bluff() -> None:
    said = keyed(position(BLUFF, "g7", "standard"), [END, "l"])
    assert after_turn(said)[:2] == [
        "Wild Draw Four, 3 of 3, can be played only as a bluff: you hold green.",
        "Your hand, 3 cards: Green 5, Red 2, Wild Draw Four. You can play: Green 5, "
        "Wild Draw Four (only as a bluff: you hold green).",
    ]


def test_l_lists_a_bluff_wild_draw_four_as_only_a_bluff() -> None:
    said = session(position(BLUFF, "g7", "standard"), ["l"])
    assert after_turn(said)[0] == (
        "Your hand, 3 cards: Green 5, Red 2, Wild Draw Four. You can play: Green 5, "
        "Wild Draw Four (only as a bluff: you hold green)."
    )


def test_a_legal_wild_draw_four_is_no_bluff() -> None:
    said = keyed(position(["wi+4 y5 r2", "b3 y5 g9", "b1 y7 y2"], "g7", "standard"), [END, "l"])
    assert after_turn(said)[:2] == [
        "Wild Draw Four, 3 of 3, can be played.",
        "Your hand, 3 cards: Red 2, Yellow 5, Wild Draw Four. You can play: Wild Draw Four.",
    ]


# ------------------------------------------------------ Speed UNO: draw until a card plays

DRAW_UNTIL = (["b5 y3", "g7 b1 b4", "y1 y2 b9"], "g3")
DRAWN_IN_ORDER = "You draw 4 cards: Yellow 1, Blue 8, Red Draw Two, Green 4."


def test_drawing_until_a_card_plays_lists_the_cards_in_the_order_drawn() -> None:
    hands, start = DRAW_UNTIL
    said = session(position(hands, start, "speed", pile="y1 b8 r+2 g4"), ["d"])
    assert after_turn(said)[:2] == [DRAWN_IN_ORDER, "You must play Green 4 (type play)."]


def test_after_drawing_until_a_card_plays_l_d_and_enter_say_what_you_must_play() -> None:
    hands, start = DRAW_UNTIL
    said = session(position(hands, start, "speed", pile="y1 b8 r+2 g4"), ["d", "l", "d", ""])
    must = "You must play Green 4 (type play)."
    assert after_turn(said) == [
        DRAWN_IN_ORDER,
        must,
        "Your hand, 6 cards: Blue 5, Blue 8, Green 4, Red Draw Two, Yellow 1, Yellow 3.",
        must,
        "You have already drawn this turn.",
        must,
        must,  # Enter alone: what to do now
        "The input has closed: the game is stopped.",
    ]


def test_by_keys_the_card_that_must_be_played_is_named_with_its_key() -> None:
    hands, start = DRAW_UNTIL
    said = keyed(position(hands, start, "speed", pile="y1 g+2"), ["d", "l", "d", " "])
    must = "You must play Green Draw Two (Enter)."
    assert after_turn(said)[:7] == [
        "You draw 2 cards: Yellow 1, Green Draw Two.",
        must,
        "Your hand, 4 cards: Blue 5, Green Draw Two, Yellow 1, Yellow 3.",
        must,
        "You have already drawn this turn.",
        must,
        must,  # Space: what to do now
    ]
