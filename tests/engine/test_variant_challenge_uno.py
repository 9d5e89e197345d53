"""RULES.md, Named modes and options, `challenge_uno` (elimination, seed 001): a running
total of the points each player is caught holding; reaching the limit eliminates; the last
two play head to head under the two-player rules; the last player standing wins."""

from __future__ import annotations

from engine_helpers import CLOCKWISE, card, cards, expected, hands, position, refuse, summary

from uno_access.engine.actions import (
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    Suggest,
    TouchTopCard,
)
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardCount,
    CardPlayed,
    GameEnded,
    HandDealt,
    PlayerEliminated,
    PlayerSkipped,
    Refusal,
    RoundEnded,
    RoundStarted,
    StartCardTurned,
    TopCard,
    TurnStarted,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

CHALLENGE = RuleSet.from_spec("challenge_uno,target_score=50")
PILE = ["y5", "y6", "y7", "y8", "y9"]


def _seat_1_eliminated(players: int, seed: int) -> Game:
    """Round 1 played out: seat 0 goes out, seat 1 is caught with 53 and is eliminated."""
    start = [["b7"], ["b1", "b2", "wi"], ["y1", "y2"], ["r1"]][:players]
    game = position(start, "b3", PILE, rules=CHALLENGE, seed=seed)
    game.apply(Play(0, card("b7")))
    assert game.state.eliminated == [False, True] + [False] * (players - 2)
    return game


def test_each_round_every_player_adds_the_points_in_their_own_hand_to_their_total() -> None:
    rules = RuleSet.from_spec("challenge_uno,target_score=200")
    game = position(
        [["b7"], ["b1", "b2"], ["y1", "wi"]],
        "b3",
        PILE,
        rules=rules,
        scores=[5, 10, 20],
    )
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 3, 51), (0, 3, 51), (5, 13, 71)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b1", "b2"], ["y1", "wi"]],
        draw_pile=PILE,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[5, 13, 71],
        round_winner=0,
    )
    assert game.state.eliminated == [False, False, False]


def test_reaching_the_limit_eliminates_the_player() -> None:
    # seat 2 reaches 50 exactly; seat 1 stays at 49
    game = position(
        [["b7"], ["b9", "r9"], ["y1", "y9"]],
        "b3",
        PILE,
        rules=CHALLENGE,
        scores=[0, 31, 40],
    )
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 18, 10), (0, 18, 10), (0, 49, 50)),
        PlayerEliminated(2, 50),
    ]
    assert game.state.eliminated == [False, False, True]
    assert game.view(0).eliminated == (2,)
    assert (game.state.phase, game.state.winner) == (Phase.ROUND_OVER, None)


def test_an_eliminated_player_is_dealt_no_cards_and_is_skipped_in_turn_order() -> None:
    game = _seat_1_eliminated(4, seed=7)
    # the deal passes to seat 0; left of it is seat 1, out of the game: seat 2 begins
    assert game.apply(NextRound(0)) == [
        RoundStarted(2, 0),
        HandDealt(0, 7, tuple(cards("r9", "g6", "b2", "b4", "b6", "y6", "y5"))),
        HandDealt(2, 7, tuple(cards("g5", "b4", "b3", "g9", "g8", "b+2", "wi"))),
        HandDealt(3, 7, tuple(cards("b8", "r3", "r1", "b3", "y2", "r4", "g5"))),
        StartCardTurned(card("b2")),
        TurnStarted(2),
    ]
    assert hands(game)[1] == []
    assert game.cards_in_play() == 108
    assert game.apply(Play(2, card("b4"))) == [CardPlayed(2, card("b4"), 6), TurnStarted(3)]
    assert game.apply(Play(3, card("b8"))) == [CardPlayed(3, card("b8"), 6), TurnStarted(0)]
    assert game.apply(Play(0, card("b6"))) == [CardPlayed(0, card("b6"), 6), TurnStarted(2)]


def test_an_eliminated_players_actions_are_refused() -> None:
    game = _seat_1_eliminated(4, seed=7)
    game.apply(NextRound(0))
    actions: list[Action] = [
        Play(1, card("b3")),
        Draw(1),
        PlayDrawn(1),
        Keep(1),
        CallUno(1),
        Catch(1, 0),
        Challenge(1),
        Accept(1),
        ChooseColor(1, Color.RED),
        JumpIn(1, card("b2")),
        Suggest(1),
    ]
    for action in actions:
        assert refuse(game, action).reason is Refusal.ELIMINATED
    # queries are for anyone at any time
    assert game.apply(CardCheck(1)) == [CardCount(1, (7, 0, 7, 7))]
    assert game.apply(TouchTopCard(1)) == [TopCard(1, card("b2"), Color.BLUE)]


def test_an_eliminated_player_may_not_deal_the_next_round() -> None:
    game = _seat_1_eliminated(3, seed=1)
    assert refuse(game, NextRound(1)).reason is Refusal.ELIMINATED


def test_when_two_players_remain_the_two_player_rules_apply() -> None:
    game = _seat_1_eliminated(3, seed=1)
    # a Reverse turned up: the dealer (seat 0) plays first, seat 2 is skipped
    assert game.apply(NextRound(0)) == [
        RoundStarted(2, 0),
        HandDealt(0, 7, tuple(cards("y8", "g1", "grv", "y2", "b1", "g8", "b0"))),
        HandDealt(2, 7, tuple(cards("b7", "y3", "r1", "r8", "b5", "y3", "rsk"))),
        StartCardTurned(card("yrv")),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    # a Reverse acts as a Skip: seat 0 plays again
    assert game.apply(Play(0, card("grv"))) == [
        CardPlayed(0, card("grv"), 6),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    assert summary(game)["direction"] is CLOCKWISE
    assert game.apply(Play(0, card("g1"))) == [CardPlayed(0, card("g1"), 5), TurnStarted(2)]


def test_the_last_player_standing_wins_the_game() -> None:
    game = position(
        [["b7"], ["b9", "r9"], ["y1", "y9"]],
        "b3",
        PILE,
        rules=CHALLENGE,
        scores=[30, 40, 45],
    )
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 18, 10), (0, 18, 10), (30, 58, 55)),
        PlayerEliminated(1, 58),
        PlayerEliminated(2, 55),
        GameEnded(0, (30, 58, 55)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b9", "r9"], ["y1", "y9"]],
        draw_pile=PILE,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.GAME_OVER,
        scores=[30, 58, 55],
        round_winner=0,
        winner=0,
    )


def test_head_to_head_who_reaches_the_limit_loses_and_the_winner_of_that_hand_wins() -> None:
    # seat 0 has the higher total, but seat 1 reaches the limit: seat 0 wins
    game = position([["b7"], ["wi"]], "b3", PILE, rules=CHALLENGE, scores=[45, 5])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 50), (0, 50), (45, 55)),
        PlayerEliminated(1, 55),
        GameEnded(0, (45, 55)),
    ]
    assert (game.state.phase, game.state.winner) == (Phase.GAME_OVER, 0)
    # short of the limit, the game goes on
    game = position([["b7"], ["r9"]], "b3", PILE, rules=CHALLENGE, scores=[45, 5])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 9), (0, 9), (45, 14)),
    ]
    assert (game.state.phase, game.state.winner) == (Phase.ROUND_OVER, None)
