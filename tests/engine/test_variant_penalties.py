"""RULES.md, Named modes and options, `penalties` (seed 001, PENALTIES): a wrong card is
taken back with 2 extra cards and play continues with the next person; a card-play
suggestion costs 2 cards. Without the option an illegal play is refused with a reason."""

from __future__ import annotations

from engine_helpers import card, cards, expected, position, refuse, summary

from uno_access.engine.actions import Draw, Play, PlayDrawn, Suggest
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardsDrawn,
    DrawReason,
    Refusal,
    SuggestionPenalty,
    TurnStarted,
    WrongCardPenalty,
)
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

PENALTIES = RuleSet(penalties=True)
PILE = ["y5", "y6", "y7", "y8", "y9"]


def test_a_wrong_card_is_taken_back_and_the_player_draws_two_and_the_turn_passes() -> None:
    game = position([["r7", "b1"], ["b4", "b2"], ["y1", "y2"]], "b3", PILE, rules=PENALTIES)
    assert game.apply(Play(0, card("r7"))) == [
        WrongCardPenalty(0, card("r7")),
        CardsDrawn(0, 2, DrawReason.WRONG_CARD, tuple(cards("y5", "y6"))),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r7", "b1", "y5", "y6"], ["b4", "b2"], ["y1", "y2"]],
        draw_pile=["y7", "y8", "y9"],
        discard=["b3"],
        current=1,
        color=Color.BLUE,
    )


def test_a_drawn_card_that_does_not_match_played_is_a_wrong_card_too() -> None:
    # the drawn Red 5 does not match the Blue 3: playing it is playing a wrong card
    game = position(
        [["r7", "g1"], ["b4", "b2"], ["y1", "y2"]],
        "b3",
        ["r5", *PILE],
        rules=PENALTIES,
    )
    assert game.apply(Draw(0)) == [CardsDrawn(0, 1, DrawReason.TURN, (card("r5"),))]
    assert game.apply(PlayDrawn(0)) == [
        WrongCardPenalty(0, card("r5")),
        CardsDrawn(0, 2, DrawReason.WRONG_CARD, tuple(cards("y5", "y6"))),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r7", "g1", "r5", "y5", "y6"], ["b4", "b2"], ["y1", "y2"]],
        draw_pile=["y7", "y8", "y9"],
        discard=["b3"],
        current=1,
        color=Color.BLUE,
    )


def test_a_player_who_suggests_a_play_draws_two() -> None:
    game = position([["r7", "b1"], ["b4", "b2"], ["y1", "y2"]], "b3", PILE, rules=PENALTIES)
    # any player, whenever it is noticed: here seat 2, while seat 0 is to play
    assert game.apply(Suggest(2)) == [
        SuggestionPenalty(2),
        CardsDrawn(2, 2, DrawReason.SUGGESTION, tuple(cards("y5", "y6"))),
    ]
    assert summary(game) == expected(
        hands=[["r7", "b1"], ["b4", "b2"], ["y1", "y2", "y5", "y6"]],
        draw_pile=["y7", "y8", "y9"],
        discard=["b3"],
        current=0,
        color=Color.BLUE,
    )


def test_without_penalties_a_wrong_card_is_refused_and_suggestions_cost_nothing() -> None:
    game = position([["r7", "b1"], ["b4", "b2"], ["y1", "y2"]], "b3", ["r5", *PILE])
    refusal = refuse(game, Play(0, card("r7")))
    assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("r7"))
    assert refuse(game, Suggest(2)).reason is Refusal.NO_PENALTIES
    game.apply(Draw(0))
    refusal = refuse(game, PlayDrawn(0))
    assert (refusal.reason, refusal.card) == (Refusal.DRAWN_NOT_PLAYABLE, card("r5"))
    assert game.state.phase is Phase.DRAWN
