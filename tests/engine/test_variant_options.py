"""RULES.md, the options of the rule set: `uno_penalty`, `target_score`, `scoring`,
`dealer_by_points`, and the command-line spelling `PRESET[,option=value,...]`."""

from __future__ import annotations

import pytest
from engine_helpers import card, cards, expected, position, summary

from uno_access.engine.actions import Catch, Play
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    DealerChosen,
    DealerDrew,
    DrawReason,
    GameEnded,
    RoundEnded,
    RoundStarted,
    UnoCaught,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import PRESETS, RulesError, RuleSet, Scoring
from uno_access.engine.state import Phase

PILE = ["y5", "y6", "y7", "y8", "y9", "b9"]


def test_uno_penalty_option_two_four_or_five_is_what_a_caught_player_draws() -> None:
    for penalty in (2, 4, 5):
        rules = RuleSet.from_spec(f"standard,uno_penalty={penalty}")
        assert rules == RuleSet(uno_penalty=penalty)
        game = position([["b7", "r5"], ["g2", "g3"], ["y1", "y2"]], "b3", PILE, rules=rules)
        game.apply(Play(0, card("b7")))
        assert game.apply(Catch(1, 0)) == [
            UnoCaught(1, 0, penalty),
            CardsDrawn(0, penalty, DrawReason.UNO_PENALTY, tuple(cards(*PILE[:penalty]))),
        ]
        assert summary(game)["hands"][0] == ["r5", *PILE[:penalty]]


def test_any_other_uno_penalty_is_rejected_with_a_rules_error() -> None:
    for penalty in (0, 1, 3, 6, 7, -2):
        with pytest.raises(RulesError) as caught:
            RuleSet.from_spec(f"standard,uno_penalty={penalty}")
        assert (caught.value.option, caught.value.value, caught.value.allowed) == (
            "uno_penalty",
            penalty,
            (2, 4, 5),
        )
        with pytest.raises(RulesError):
            RuleSet.from_mapping({"uno_penalty": penalty})
    with pytest.raises(RulesError):
        RuleSet.from_spec("standard,uno_penalty=four")


def test_target_score_option_ends_the_game_when_a_player_reaches_it() -> None:
    rules = RuleSet.from_spec("standard,target_score=100")
    assert rules == RuleSet(target_score=100)
    # 60 + 35 = 95: short of the target, the game goes on
    game = position([["b7"], ["r9", "r6"], ["g+2"]], "b3", PILE, rules=rules, scores=[60, 0, 0])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 15, 20), (35, 0, 0), (95, 0, 0)),
    ]
    assert game.state.phase is Phase.ROUND_OVER
    # 65 + 35 = 100: the target is reached, the game is won
    game = position([["b7"], ["r9", "r6"], ["g+2"]], "b3", PILE, rules=rules, scores=[65, 0, 0])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 15, 20), (35, 0, 0), (100, 0, 0)),
        GameEnded(0, (100, 0, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["r9", "r6"], ["g+2"]],
        draw_pile=PILE,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.GAME_OVER,
        scores=[100, 0, 0],
        round_winner=0,
        winner=0,
    )


def test_lowest_scoring_each_keeps_their_own_hand_total_and_the_lowest_wins_at_the_target() -> None:
    rules = RuleSet.from_spec("standard,scoring=lowest")
    assert rules == RuleSet(scoring=Scoring.LOWEST) == RuleSet.from_spec("lowest")
    # seat 1 reaches 505; seat 2 (103) is lowest, lower than seat 0 who went out (300)
    game = position(
        [["b7"], ["r9", "g+2"], ["y3"]],
        "b3",
        PILE,
        rules=rules,
        scores=[300, 476, 100],
    )
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 29, 3), (0, 29, 3), (300, 505, 103)),
        GameEnded(2, (300, 505, 103)),
    ]
    assert (game.state.phase, game.state.winner, game.state.round_winner) == (
        Phase.GAME_OVER,
        2,
        0,
    )


def test_dealer_by_points_the_highest_point_value_deals() -> None:
    rules = RuleSet.from_spec("standard,dealer_by_points=yes")
    assert rules == RuleSet(dealer_by_points=True)
    # Red 3, Yellow 6, Wild: by number the Yellow 6 deals (a Wild counts as zero),
    # by points the Wild (50)
    game = Game.new(3, rules, seed=17)
    assert game.opening[:5] == (
        DealerDrew(0, card("r3")),
        DealerDrew(1, card("y6")),
        DealerDrew(2, card("wi")),
        DealerChosen(2),
        RoundStarted(1, 2),
    )
    assert game.state.dealer == 2
    assert Game.new(3, RuleSet(), seed=17).opening[:4] == (
        DealerDrew(0, card("r3")),
        DealerDrew(1, card("y6")),
        DealerDrew(2, card("wi")),
        DealerChosen(1),
    )
    # a Skip (20) over a Blue 7
    game = Game.new(3, rules, seed=8)
    assert game.opening[:4] == (
        DealerDrew(0, card("bsk")),
        DealerDrew(1, card("wi")),
        DealerDrew(2, card("b7")),
        DealerChosen(1),
    )


def test_a_rules_spec_is_a_preset_then_options() -> None:
    rules = RuleSet.from_spec("standard,uno_penalty=4,blank_cards=y7/b+2")
    assert rules == RuleSet(uno_penalty=4, blank_cards=(card("y7"), card("b+2")))
    for name, preset in PRESETS.items():
        assert RuleSet.from_spec(name) == preset
    assert RuleSet.from_spec("speed,uno_penalty=2") == RuleSet(
        speed=True,
        hand_size=10,
        uno_penalty=2,
        draw_until_playable=True,
        wild_draw_four_finish=False,
        jump_in=True,
        double_double=True,
        dropping=True,
        round_n_round=True,
    )
    assert RuleSet.from_spec("stacking,target_score=200") == RuleSet(
        stacking=True,
        target_score=200,
    )


def test_an_unknown_preset_or_option_is_rejected_with_a_rules_error() -> None:
    for spec, option in (
        ("speedy", "preset"),
        ("standard,uno_penalties=4", "uno_penalties"),
        ("standard,uno_penalty", "uno_penalty"),
        ("standard,stacking=maybe", "stacking"),
        ("standard,scoring=highest", "scoring"),
    ):
        with pytest.raises(RulesError) as caught:
            RuleSet.from_spec(spec)
        assert caught.value.option == option
