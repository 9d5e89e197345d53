"""RULES.md, Scoring: what the cards are worth, the target, round after round, and the
alternative ("lowest") scoring."""

from __future__ import annotations

from engine_helpers import card, expected, position, refuse, summary

from uno_access.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    ChooseColor,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
)
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardPlayed,
    Event,
    GameEnded,
    HandDealt,
    Refusal,
    RoundEnded,
    RoundStarted,
    StartCardTurned,
    TurnStarted,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet, Scoring
from uno_access.engine.state import Phase


def _finish_round(game: Game) -> list[Event]:
    """Play the round out: every seat plays its first playable card, else draws."""
    events: list[Event] = []
    for _ in range(5000):
        if game.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return events
        seat = game.state.current
        options = [a for a in game.legal_actions(seat) if not isinstance(a, CallUno | Catch)]
        rank: dict[type, int] = {
            Play: 0,
            PlayDrawn: 0,
            ChooseColor: 0,
            Accept: 0,
            Draw: 1,
            Keep: 2,
        }
        action: Action = min(options, key=lambda a: rank.get(type(a), 3))
        events += game.apply(action)
    raise AssertionError("the round did not end")


def test_the_player_who_goes_out_scores_face_value_twenty_for_actions_and_fifty_for_wilds_in_opponents_hands() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["b7"], ["b9", "g0", "r+2"], ["yrv", "gsk", "wi"], ["wi+4", "r3"]],
        "b3",
        ["y1"],
        scores=[100, 50, 0, 0],
    )
    # 9 + 0 + 20 = 29; 20 + 20 + 50 = 90; 50 + 3 = 53: 172 for the winner, nothing for the rest
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 29, 90, 53), (172, 0, 0, 0), (272, 50, 0, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b9", "g0", "r+2"], ["yrv", "gsk", "wi"], ["wi+4", "r3"]],
        draw_pile=["y1"],
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[272, 50, 0, 0],
        round_winner=0,
    )


def test_the_first_player_to_reach_500_wins_the_game() -> None:
    # 450 + 60 reaches 500: the game is won
    game = position([["b7"], ["wi", "r5"], ["y5"]], "b3", ["y1"], scores=[450, 490, 0])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 55, 5), (60, 0, 0), (510, 490, 0)),
        GameEnded(0, (510, 490, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["wi", "r5"], ["y5"]],
        draw_pile=["y1"],
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.GAME_OVER,
        scores=[510, 490, 0],
        round_winner=0,
        winner=0,
    )
    assert refuse(game, NextRound(1)).reason is Refusal.GAME_OVER
    assert refuse(game, Play(1, card("r5"))).reason is Refusal.GAME_OVER
    # 400 + 60 stays below 500: only the round is over (490 elsewhere does not win)
    game = position([["b7"], ["wi", "r5"], ["y5"]], "b3", ["y1"], scores=[400, 490, 0])
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 55, 5), (60, 0, 0), (460, 490, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["wi", "r5"], ["y5"]],
        draw_pile=["y1"],
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[460, 490, 0],
        round_winner=0,
    )


def test_target_score_option_sets_the_total_that_wins() -> None:
    rules = RuleSet(target_score=100)
    game = position([["b7"], ["wi", "r5"], ["y5"]], "b3", ["y1"], scores=[50, 0, 0], rules=rules)
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 55, 5), (60, 0, 0), (110, 0, 0)),
        GameEnded(0, (110, 0, 0)),
    ]
    assert (game.state.phase, game.state.winner) == (Phase.GAME_OVER, 0)


def test_rounds_follow_one_another_with_the_deal_passing_to_the_left() -> None:
    game = position([["g2"], ["y1"], ["b7"]], "b3", [], dealer=1, scores=[10, 0, 0])
    assert refuse(game, NextRound(0)).reason is Refusal.ROUND_NOT_OVER
    game.apply(Play(2, card("b7")))
    assert refuse(game, Play(0, card("g2"))).reason is Refusal.ROUND_OVER
    # the next round (a seed whose new start card is a number, so nothing else happens)
    for seed in range(100):
        game = position([["g2"], ["y1"], ["b7"]], "b3", [], dealer=1, scores=[10, 0, 0], seed=seed)
        game.apply(Play(2, card("b7")))
        result = game.apply(NextRound(0))
        turned = [e.card for e in result if isinstance(e, StartCardTurned)]
        if turned[0].number is not None:
            break
    dealt = [e for e in result if isinstance(e, HandDealt)]
    assert [(e.seat, e.count) for e in dealt] == [(0, 7), (1, 7), (2, 7)]
    assert [e for e in result if not isinstance(e, HandDealt)] == [
        RoundStarted(2, 2),  # round 2, dealt by seat 2, the left of seat 1
        StartCardTurned(turned[0]),
        TurnStarted(0),
    ]
    s = game.state
    assert (s.dealer, s.round_number, s.scores, s.exposed, s.round_winner) == (
        2,
        2,
        [10, 0, 3],
        None,
        None,
    )
    assert (s.current, s.phase, s.color, s.direction) == (0, Phase.PLAY, turned[0].color, 1)
    assert [len(hand) for hand in s.hands] == [7, 7, 7]
    assert game.cards_in_play() == 108
    # a whole game: round after round, each dealt by the player left of the last dealer,
    # each winner's score growing by the round's points, until one reaches 500
    game = Game.new(4, seed=11)
    dealer = game.state.dealer
    scores = [0, 0, 0, 0]
    for number in range(1, 100):
        assert (game.state.round_number, game.state.dealer) == (number, dealer)
        ended = [e for e in _finish_round(game) if isinstance(e, RoundEnded)]
        assert len(ended) == 1
        won = ended[0]
        assert won.gained == tuple(
            sum(won.hand_points) if seat == won.winner else 0 for seat in range(4)
        )
        scores = [a + b for a, b in zip(scores, won.gained, strict=True)]
        assert list(won.scores) == scores == game.state.scores
        if game.state.phase is Phase.GAME_OVER:
            assert game.state.winner == won.winner
            assert scores[won.winner] >= 500
            break
        assert game.state.phase is Phase.ROUND_OVER
        assert max(scores) < 500
        game.apply(NextRound(0))
        dealer = (dealer + 1) % 4
    else:
        raise AssertionError("no one reached 500")
    assert number > 1


def test_lowest_scoring_adds_each_players_own_hand_to_their_running_total() -> None:
    rules = RuleSet(scoring=Scoring.LOWEST)
    game = position(
        [["b7"], ["b9", "g0", "r+2"], ["yrv", "wi"]],
        "b3",
        ["y1"],
        scores=[10, 20, 30],
        rules=rules,
    )
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 29, 70), (0, 29, 70), (10, 49, 100)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b9", "g0", "r+2"], ["yrv", "wi"]],
        draw_pile=["y1"],
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[10, 49, 100],
        round_winner=0,
    )


def test_lowest_scoring_ends_when_one_total_reaches_500_and_the_lowest_total_wins() -> None:
    rules = RuleSet(scoring=Scoring.LOWEST)
    game = position(
        [["b7"], ["b9", "g0", "r+2"], ["yrv", "wi"]],
        "b3",
        ["y1"],
        scores=[300, 480, 200],
        rules=rules,
    )
    # seat 1 reaches 509; seat 2 (270) is lowest, lower than seat 0 who went out (300)
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 29, 70), (0, 29, 70), (300, 509, 270)),
        GameEnded(2, (300, 509, 270)),
    ]
    assert summary(game) == expected(
        hands=[[], ["b9", "g0", "r+2"], ["yrv", "wi"]],
        draw_pile=["y1"],
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.GAME_OVER,
        scores=[300, 509, 270],
        round_winner=0,
        winner=2,
    )
