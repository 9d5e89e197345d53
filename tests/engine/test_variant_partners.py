"""RULES.md, Named modes and options, `partners` (seed 001): four players, partners sit
across; when either partner goes out the hand ends and the pair scores both opposing
hands; the game ends when the pair reaches the target."""

from __future__ import annotations

import pytest
from engine_helpers import card, expected, position, summary

from uno_access.engine.actions import Play
from uno_access.engine.cards import Color
from uno_access.engine.events import CardPlayed, GameEnded, RoundEnded
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

PARTNERS = RuleSet(partners=True)
PILE = ["y5", "y6", "y7"]


def test_partners_is_played_by_four_players_only() -> None:
    for players in (2, 3, 5, 6, 8, 10):
        with pytest.raises(ValueError):
            Game.new(players, PARTNERS, seed=1)
        with pytest.raises(ValueError):
            position([["b1"]] * players, "b3", PILE, rules=PARTNERS)
    assert [len(hand) for hand in Game.new(4, PARTNERS, seed=1).state.hands] == [7] * 4


def test_partners_sit_across_seats_0_and_2_against_1_and_3() -> None:
    assert RuleSet.from_spec("partners") == PARTNERS
    game = Game.new(4, PARTNERS, seed=1)
    assert game.state.teams == ((0, 2), (1, 3))
    assert game.view(1).teams == ((0, 2), (1, 3))
    assert Game.new(4, RuleSet(), seed=1).state.teams == ()


def test_when_either_partner_goes_out_the_hand_ends_and_both_score_the_two_opposing_hands() -> None:
    # seat 1 goes out (play starts left of dealer 0); its partner seat 3 still holds 14 points,
    # which count for nobody; the opponents hold 51 + 22
    game = position(
        [["b1", "wi"], ["b7"], ["y2", "g+2"], ["r9", "r5"]],
        "b3",
        PILE,
        rules=PARTNERS,
        dealer=0,
        scores=[100, 40, 100, 40],
    )
    assert game.apply(Play(1, card("b7"))) == [
        CardPlayed(1, card("b7"), 0),
        RoundEnded(1, (51, 0, 22, 14), (0, 73, 0, 73), (100, 113, 100, 113)),
    ]
    assert summary(game) == expected(
        hands=[["b1", "wi"], [], ["y2", "g+2"], ["r9", "r5"]],
        draw_pile=PILE,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[100, 113, 100, 113],
        round_winner=1,
    )
    # the same for the other pair, seat 2 going out
    game = position(
        [["b1", "wi"], ["r9", "r5"], ["b7"], ["y2", "g+2"]],
        "b3",
        PILE,
        rules=PARTNERS,
        dealer=1,
    )
    assert game.apply(Play(2, card("b7")))[-1] == RoundEnded(
        2,
        (51, 14, 0, 22),
        (36, 0, 36, 0),
        (36, 0, 36, 0),
    )


def test_the_game_ends_when_the_pair_reaches_the_target() -> None:
    game = position(
        [["b7"], ["b1", "wi"], ["y2", "g+2"], ["r9"]],
        "b3",
        PILE,
        rules=PARTNERS,
        scores=[450, 100, 450, 100],
    )
    # the opponents hold 51 + 9 = 60: the pair reaches 510
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 51, 22, 9), (60, 0, 60, 0), (510, 100, 510, 100)),
        GameEnded(0, (510, 100, 510, 100)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b1", "wi"], ["y2", "g+2"], ["r9"]],
        draw_pile=PILE,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.GAME_OVER,
        scores=[510, 100, 510, 100],
        round_winner=0,
        winner=0,
    )
