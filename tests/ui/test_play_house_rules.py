"""The house rules at the table (RULES.md "House rules"), through prompt_toolkit's real
input: Seven-O's question of whom a 7 swaps hands with, by keys and by a typed line (as
the Anniversary card's ``to whom>``), what force play, draw to match, the progressive
draw responses and no bluffing tell the player, and the setup's rules question offering
them.
"""

from __future__ import annotations

import os

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play_keys import END, ENTER, keyed
from test_play_variants import position, session

from uno_access.settings import Settings
from uno_access.ui.setup import set_up
from uno_access.ui.terminal import Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

ESCAPE = "\x1b"
SEVENS = ["r7 r1 g3", "y4 g2 y5", "g9 y9 g8 b2"]
SEVEN_O = "standard,seven_o=on"
ASK_LINE = "Type your answer and press Enter; Escape or an empty line plays nothing."
WHOM_KEYS = f"Whom do you swap hands with? Ann, Bob. {ASK_LINE}"
WHOM_TYPED = "Whom do you swap hands with? Ann, Bob"
SEVEN_O_INTRO = (
    "Seven-O: a 7 swaps your hand with a player you choose (r7 Bob), and a 0 passes every "
    "hand on in the direction of play; whoever is handed a single card must call UNO (u) or "
    "draw 2."
)
SWAPPED_WITH_BOB = [
    "You play Red 7.",
    "You swap hands with Bob: you now hold 4 cards: Blue 2, Green 8, Green 9, Yellow 9; "
    "Bob holds 2 cards.",
]
CLOSED = "The input has closed: the game is stopped."


def after(said: list[str], line: str) -> list[str]:
    return said[said.index(line) + 1 :]


# --------------------------------------------------------------------- Seven-O


def test_seven_o_by_keys_enter_on_a_seven_asks_whom_by_a_typed_line() -> None:
    # "zed" and "bob" are typed whole at the with whom> question (no single key cancels it)
    said = keyed(position(SEVENS, "r5", SEVEN_O), [END, ENTER, "zed\r", "bob\r"])
    assert said[1] == SEVEN_O_INTRO
    assert after(said, "Red 7, 3 of 3, can be played.")[:4] == [
        WHOM_KEYS,
        "'zed' is not a player here: type a name (Ann, Bob) or a seat number from 1 to 3.",
        *SWAPPED_WITH_BOB,
    ]


def test_seven_o_by_keys_escape_or_an_empty_line_at_the_question_plays_nothing() -> None:
    for answer in (ESCAPE, ENTER):
        game = position(SEVENS, "r5", SEVEN_O)
        said = keyed(game, [END, ENTER, answer, "c"])
        assert after(said, WHOM_KEYS)[:2] == [
            "Nobody chosen to swap hands with: nothing was played.",
            "Card check: you 3 cards, Ann 3 cards, Bob 4 cards.",
        ], repr(answer)
        assert [c.code for c in game.view(0).hand] == ["r7", "r1", "g3"]


def test_seven_o_typed_a_seven_with_a_name_swaps_at_once() -> None:
    for line in ("r7 bob", "r7 with bob", "red 7 swap 3", "r7 b"):
        said = session(position(SEVENS, "r5", SEVEN_O), [line])
        assert WHOM_TYPED not in said, line
        assert after(said, said[4])[:2] == SWAPPED_WITH_BOB, line


def test_seven_o_typed_a_seven_alone_asks_whom_and_takes_a_name_or_a_seat_number() -> None:
    said = session(position(SEVENS, "r5", SEVEN_O), ["r7", "zed", "3"])
    assert after(said, WHOM_TYPED)[:3] == [
        "'zed' is not a player here: type a name (Ann, Bob) or a seat number from 1 to 3.",
        *SWAPPED_WITH_BOB,
    ]
    said = session(position(SEVENS, "r5", SEVEN_O), ["r7", "", "c"])
    assert after(said, WHOM_TYPED)[:2] == [
        "Nobody chosen to swap hands with: nothing was played.",
        "Card check: you 3 cards, Ann 3 cards, Bob 4 cards.",
    ]


def test_seven_o_a_drawn_seven_asks_whom_too() -> None:
    said = session(
        position(["y1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", SEVEN_O, pile="r7 g1"),
        ["d", "play", "ann"],
    )
    assert after(said, "You draw Red 7.")[:3] == [
        "You may play Red 7 now: type play to play it, or k to keep it.",
        WHOM_TYPED,
        "You play Red 7.",
    ]


def test_seven_o_with_two_players_the_seven_asks_nothing() -> None:
    said = session(position(["r7 r1 g3", "y4 g2"], "r5", SEVEN_O), ["r7"])
    assert (
        "You swap hands with Ann: you now hold 2 cards: Green 2, Yellow 4; Ann holds 2 cards."
        in said
    )
    assert not any(line.startswith("Whom do you swap") for line in said)


# --------------------------------------------------------------------- the other house rules


def test_force_play_the_drawn_card_that_plays_must_be_played() -> None:
    game = position(
        ["y1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", "standard,force_play=on", pile="r9 g1"
    )
    said = session(game, ["d", "k", "play"])
    assert said[1] == "Force play: a card you draw that can be played must be played."
    assert after(said, "You draw Red 9.")[:3] == [
        "You must play Red 9 (type play).",
        "Force play: the card you drew can be played, so you must play it: Red 9.",
        "You play Red 9.",
    ]


def test_draw_to_match_draws_until_a_card_plays_and_it_must_be_played() -> None:
    game = position(
        ["y1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", "standard,draw_to_match=on", pile="b9 y7 r9 g1"
    )
    said = session(game, ["d", "k", "play"])
    assert (
        said[1] == "Draw to match: if you cannot play, you draw until a card matches, then play it."
    )
    assert after(said, "You draw 3 cards: Blue 9, Yellow 7, Red 9.")[:3] == [
        "You must play Red 9 (type play).",
        "Draw to match: you drew until a card matched, so you must play it: Red 9.",
        "You play Red 9.",
    ]


def test_draw_responses_a_wild_draw_four_answers_the_draw_two_on_you() -> None:
    hands = ["y1 g3 wi+4", "y4 g2 y5", "r+2 g9 y9 g8 b2"]
    said = session(position(hands, "r5", "standard,draw_responses=on", dealer=1), ["wi+4 red"])
    assert after(said, "Bob plays Red Draw Two.")[:5] == [
        "Your turn. You owe 2 cards: play a Wild Draw Four to add to the stack, or type a to "
        "accept them.",
        "You play Wild Draw Four.",
        "You choose Red.",
        "The stack is now 6 cards, on Ann.",
        "Ann accepts the stack and draws 6 cards.",
    ]


def test_no_bluffing_the_wild_draw_four_is_never_listed_as_playable_and_is_refused() -> None:
    game = position(["wi+4 r1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", "standard,no_bluffing=on")
    said = session(game, ["l", "wi+4 blue"])
    assert after(said, said[4])[:2] == [
        "Your hand, 3 cards: Green 3, Red 1, Wild Draw Four. You can play: Red 1.",
        "No bluffing: a Wild Draw Four may be played only when you hold no card of the colour "
        "in play.",
    ]
    # by keys, the card selected says it cannot be played
    keys = keyed(
        position(["wi+4 r1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", "standard,no_bluffing=on"), [END]
    )
    assert "Wild Draw Four, 3 of 3, cannot be played now." in keys


# --------------------------------------------------------------------- setup


def test_the_setup_rules_question_offers_the_house_rules_and_takes_them() -> None:
    answers = ["", "3", "Zoe", "", "", "", "", "?", "standard,seven_o=on,no_bluffing=on", "off"]
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in [*answers, "off", "off", "off", "", "", ""]))
        pipe.close()
        chosen = set_up(Settings(), input=pipe, output=DummyOutput(), screen=Screen(said.append))
    assert chosen is not None, said
    assert chosen.rules == "standard,seven_o=on,no_bluffing=on"
    question = next(line for line in said if line.startswith("Which rules?"))
    assert (
        "house rules: seven_o, draw_responses, force_play, draw_to_match, no_bluffing" in question
    )
    explained = said[
        said.index(
            "House rules, added to any preset as option=on (standard,seven_o=on,no_bluffing=on):"
        ) :
    ]
    assert explained[1:6] == [
        "seven_o: Seven-O: a 7 swaps hands with a player you choose, a 0 passes every hand on.",
        "draw_responses: a Draw Two or Wild Draw Four answers a Draw Two, a Wild Draw Four "
        "answers a Wild Draw Four, and the total grows (not with stacking).",
        "force_play: a card you draw that can be played must be played.",
        "draw_to_match: if you cannot play, draw until a card matches, then play it.",
        "no_bluffing: a Wild Draw Four only when you hold no card of the colour in play.",
    ]
    assert CLOSED not in said


def test_no_bluffing_a_drawn_wild_draw_four_held_with_the_colour_is_kept_and_said_why() -> None:
    game = position(
        ["r1 g3", "y4 g2 y5", "g9 y9 g8 b2"], "r5", "standard,no_bluffing=on", pile="wi+4 g1"
    )
    said = session(game, ["d"])
    assert after(said, "You draw Wild Draw Four.")[0] == (
        "You may not play Wild Draw Four: you hold red, the colour in play (no bluffing), so "
        "you keep it."
    )
