"""The normal bot's rules of thumb (issue 7), each from an explicit position.

Seats play to the left from seat 0 (the dealer is the last seat); the start card is a
number unless said otherwise.
"""

from __future__ import annotations

import random

from bots_helpers import choose, position

from uno_access.bots.normal import NormalBot
from uno_access.engine.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    JumpIn,
    Play,
)
from uno_access.engine.cards import Card, Color
from uno_access.engine.rules import PRESETS


def normal(seed: int = 0) -> NormalBot:
    return NormalBot(random.Random(seed))


def card(code: str) -> Card:
    return Card.from_code(code)


SEVEN = ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]


def test_normal_names_the_colour_it_holds_most_with_a_wild() -> None:
    game = position([["wi", "g1", "g2", "b4"], SEVEN, SEVEN], "r5")
    assert choose(normal(), game, 0) == Play(0, card("wi"), Color.GREEN)


def test_normal_names_the_colour_it_holds_most_for_a_wild_start() -> None:
    game = position([["b1", "b2", "b3", "g4"], SEVEN, SEVEN], "wi")
    assert choose(normal(), game, 0) == ChooseColor(0, Color.BLUE)


def test_normal_keeps_a_wild_while_another_card_matches() -> None:
    game = position([["wi", "r7", "b3"], SEVEN, SEVEN], "r2")
    assert choose(normal(), game, 0) == Play(0, card("r7"))


def test_normal_plays_a_wild_when_nothing_else_matches() -> None:
    game = position([["wi", "b3", "b4", "g4"], SEVEN, SEVEN], "r2")
    assert choose(normal(), game, 0) == Play(0, card("wi"), Color.BLUE)


def test_normal_calls_uno_with_its_next_to_last_card() -> None:
    game = position([["r5", "r6"], SEVEN, SEVEN], "r3")
    choice = choose(normal(), game, 0)
    assert isinstance(choice, Play) and choice.uno


def test_normal_calls_uno_when_it_could_still_call_it() -> None:
    game = position([["r5", "r6"], SEVEN, SEVEN], "r3")
    game.apply(Play(0, card("r5")))  # UNO not called with the card
    assert choose(normal(), game, 0) == CallUno(0)


def test_normal_catches_a_player_who_did_not_call_uno_on_its_turn_or_out_of_it() -> None:
    game = position([["r5", "r6"], SEVEN, SEVEN], "r3")
    game.apply(Play(0, card("r5")))
    assert choose(normal(), game, 1) == Catch(1, 0)  # its turn
    assert choose(normal(), game, 2) == Catch(2, 0)  # out of turn


def test_normal_does_not_catch_its_partner() -> None:
    game = position([["r5", "r6"], SEVEN, SEVEN, SEVEN], "r3", rules=PRESETS["partners"])
    game.apply(Play(0, card("r5")))
    assert choose(normal(), game, 2) is None  # seat 2 sits across: the partner
    assert choose(normal(), game, 3) == Catch(3, 0)


def test_normal_aims_a_draw_two_at_the_player_closest_to_going_out() -> None:
    mine = ["r+2", "r7", "b1", "b2", "g5"]
    game = position([mine, ["y1", "y2"], SEVEN], "r3")
    assert choose(normal(), game, 0) == Play(0, card("r+2"))


def test_normal_keeps_its_draw_two_when_the_next_player_is_not_the_one_about_to_go_out() -> None:
    mine = ["r+2", "r7", "b1", "b2", "g5"]
    game = position([mine, SEVEN, ["y1", "y2"]], "r3")
    assert choose(normal(), game, 0) == Play(0, card("r7"))


def test_normal_challenges_a_wild_draw_four_when_the_odds_favour_it() -> None:
    game = position([["wi+4", "b1", "b2", "b3", "g1", "g2", "g3"], SEVEN, SEVEN], "r3", ["b9"] * 8)
    game.apply(Play(0, card("wi+4"), Color.BLUE))  # six cards left: likely guilty
    assert choose(normal(), game, 1) == Challenge(1)


def test_normal_accepts_a_wild_draw_four_from_a_player_with_one_card_left() -> None:
    game = position([["wi+4", "b1"], SEVEN, SEVEN], "r3", ["b9"] * 8)
    game.apply(Play(0, card("wi+4"), Color.BLUE, uno=True))  # one card: likely innocent
    assert choose(normal(), game, 1) == Accept(1)


def test_normal_bluffs_a_wild_draw_four_now_and_then() -> None:
    game = position([["wi+4", "r7", "r8", "b1"], SEVEN, SEVEN], "r3")
    bluffs = sum(
        isinstance(c := choose(normal(seed), game, 0), Play) and c.card is card("wi+4")
        for seed in range(200)
    )
    assert 0 < bluffs < 60


def test_normal_jumps_in_with_the_identical_card_in_speed_uno() -> None:
    game = position([["r5", "b1", "b2"], SEVEN, ["r5", "g1", "g2"]], "r3", rules=PRESETS["speed"])
    game.apply(Play(0, card("r5")))
    choice = choose(normal(), game, 2)
    assert isinstance(choice, JumpIn) and choice.card is card("r5")


def test_normal_passes_a_draw_two_stack_on_rather_than_draw_it() -> None:
    game = position(
        [["r+2", "b1", "b2"], ["g+2", "g1", "y9"], SEVEN], "r3", rules=PRESETS["stacking"]
    )
    game.apply(Play(0, card("r+2")))
    assert choose(normal(), game, 1) == Play(1, card("g+2"))


def test_normal_gives_its_anniversary_hand_to_the_opponent_closest_to_going_out() -> None:
    game = position(
        [["an", "r1", "b2", "b3", "g4", "wi"], ["y1", "y2"], SEVEN],
        "r5",
        rules=PRESETS["anniversary"],
    )
    choice = choose(normal(), game, 0)
    assert isinstance(choice, Play) and choice.card is card("an")
    assert (choice.target, choice.keep, choice.uno) == (1, card("wi"), True)


def test_normal_counts_the_colour_it_holds_itself_before_challenging() -> None:
    reds = ["r1", "r2", "r4", "r5", "r6", "r7", "r8", "r9", "r1", "r2", "r4", "r5"]
    game = position([["wi+4", "b1", "b2"], reds, SEVEN], "r3", ["b9"] * 8)
    game.apply(Play(0, card("wi+4"), Color.BLUE))  # two cards left, few reds unseen
    assert choose(normal(), game, 1) == Accept(1)
    game = position([["wi+4", "b1", "b2"], SEVEN, SEVEN], "r3", ["b9"] * 8)
    game.apply(Play(0, card("wi+4"), Color.BLUE))  # two cards left, most reds unseen
    assert choose(normal(), game, 1) == Challenge(1)
