"""RULES.md, Cards, option `blank_cards` (seed 004): a blank card written as the replacement
for a lost card takes its place in the deck and plays exactly as that card."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import card, cards, expected, position, refuse, summary

from uno_access.engine.actions import Play
from uno_access.engine.cards import Card, Color, blank_card, standard_deck
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    DrawReason,
    PlayerSkipped,
    Refusal,
    RoundEnded,
    TurnStarted,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RulesError, RuleSet

BLANKS = RuleSet.from_spec("standard,blank_cards=y7/b+2")
PILE = ["y5", "y6", "y7", "y8", "y9"]


def test_a_blank_card_is_written_as_the_coloured_card_it_replaces() -> None:
    assert RuleSet(blank_cards=(card("y7"), card("b+2"))) == BLANKS
    blank = blank_card(card("y7"))
    assert (blank.code, blank.blank_of, blank.base) == ("bly7", card("y7"), card("y7"))
    assert card("bly7") is blank
    assert (blank.kind, blank.color, blank.number, blank.points) == (
        card("y7").kind,
        Color.YELLOW,
        7,
        7,
    )
    assert blank_card(card("b+2")) is card("blb+2")


def test_each_blank_card_takes_the_place_of_its_card_and_the_deck_keeps_108_cards() -> None:
    game = Game.new(4, BLANKS, seed=2)
    s = game.state
    every = Counter([c for hand in s.hands for c in hand] + s.draw_pile + s.discard)
    wanted = Counter(standard_deck())
    wanted.subtract([card("y7"), card("b+2")])
    wanted.update([card("bly7"), card("blb+2")])
    assert game.cards_in_play() == 108
    assert every == +wanted
    assert (every[card("y7")], every[card("bly7")], every[card("b+2")], every[card("blb+2")]) == (
        1,
        1,
        1,
        1,
    )


def test_a_blank_card_matches_exactly_as_the_card_it_stands_for() -> None:
    # on a Blue 5 a Yellow 7 does not match
    game = position([["bly7", "r1"], ["b1", "b2"], ["y1", "y2"]], "b5", PILE, rules=BLANKS)
    refusal = refuse(game, Play(0, card("bly7")))
    assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("bly7"))
    # on a Yellow 2 by colour; then a 7 of another colour matches it, a Blue 5 does not
    game = position(
        [["bly7", "r1", "r2"], ["b5", "g7", "r3"], ["y1", "y2"]],
        "y2",
        PILE,
        rules=BLANKS,
    )
    assert game.apply(Play(0, card("bly7"))) == [CardPlayed(0, card("bly7"), 2), TurnStarted(1)]
    assert game.state.color is Color.YELLOW
    assert refuse(game, Play(1, card("b5"))).reason is Refusal.DOES_NOT_MATCH
    assert game.apply(Play(1, card("g7"))) == [CardPlayed(1, card("g7"), 2), TurnStarted(2)]
    # on a Blue 7 by number
    game = position([["bly7", "r1", "r2"], ["b1", "b2"], ["y1", "y2"]], "b7", PILE, rules=BLANKS)
    assert game.apply(Play(0, card("bly7"))) == [CardPlayed(0, card("bly7"), 2), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["b1", "b2"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["b7", "bly7"],
        current=1,
        color=Color.YELLOW,
    )


def test_a_blank_draw_two_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    game = position(
        [["blb+2", "r1", "g2"], ["b1", "b2", "b3"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=BLANKS,
    )
    assert game.apply(Play(0, card("blb+2"))) == [
        CardPlayed(0, card("blb+2"), 2),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "g2"], ["b1", "b2", "b3", "y5", "y6"], ["y1", "y2"]],
        draw_pile=["y7", "y8", "y9"],
        discard=["b3", "blb+2"],
        current=2,
        color=Color.BLUE,
    )
    # and a Draw Two of another colour may be played on it
    game = position(
        [["blb+2", "r1", "g2"], ["b1", "b2", "b3"], ["g+2", "y2"]],
        "b3",
        PILE,
        rules=BLANKS,
    )
    game.apply(Play(0, card("blb+2")))
    assert game.apply(Play(2, card("g+2")))[0] == CardPlayed(2, card("g+2"), 1)


def test_a_blank_card_left_in_a_hand_counts_as_the_card_it_stands_for() -> None:
    game = position([["b7"], ["bly7", "blb+2"], ["y2"]], "b3", PILE, rules=BLANKS)
    # 7 + 20 + 2
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 27, 2), (29, 0, 0), (29, 0, 0)),
    ]


def test_there_is_at_most_one_blank_card_per_colour_and_only_for_coloured_cards() -> None:
    for spec, value in (
        ("standard,blank_cards=y7/y8", ["y7", "y8"]),  # two yellow blanks
        ("standard,blank_cards=y7/y7", ["y7", "y7"]),
        ("standard,blank_cards=wi", ["wi"]),  # a Wild has no colour
        ("standard,blank_cards=wi+4", ["wi+4"]),
        ("standard,blank_cards=an", ["an"]),
        ("standard,blank_cards=bly7", ["bly7"]),  # a blank of a blank
        ("standard,blank_cards=x9", ["x9"]),  # no such card
    ):
        with pytest.raises(RulesError) as caught:
            RuleSet.from_spec(spec)
        assert (caught.value.option, caught.value.value) == ("blank_cards", value)
    with pytest.raises(RulesError):
        RuleSet.from_mapping({"preset": "standard", "blank_cards": ["r+2", "rsk"]})
    with pytest.raises(RulesError):
        RuleSet(blank_cards=(card("g1"), card("g2"))).validate()
    for colourless in ("wi", "wi+4", "an"):
        with pytest.raises(ValueError):
            blank_card(card(colourless))
    # one per colour, four in all
    four = RuleSet.from_spec("standard,blank_cards=b1/g+2/rsk/yrv")
    assert four.blank_cards == tuple(Card.from_code(c) for c in ("b1", "g+2", "rsk", "yrv"))
