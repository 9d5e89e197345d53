"""RULES.md, Two players: Reverse and Skip let the player play again; after a Draw Two
or Wild Draw Four play comes back to the player."""

from __future__ import annotations

from engine_helpers import card, cards, expected, position, summary

from uno_access.engine.actions import Accept, Play
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    DrawAccepted,
    DrawReason,
    PlayerSkipped,
    RoundStarted,
    StartCardTurned,
    TurnStarted,
)
from uno_access.engine.state import Phase


def test_with_two_players_reverse_acts_as_skip_and_the_player_plays_again() -> None:
    game = position([["brv", "b5", "r1"], ["g1", "g2"]], "b3", ["y5"])
    assert game.apply(Play(0, card("brv"))) == [
        CardPlayed(0, card("brv"), 2),
        PlayerSkipped(1),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["g1", "g2"]],
        draw_pile=["y5"],
        discard=["b3", "brv"],
        current=0,
        color=Color.BLUE,
    )
    assert game.apply(Play(0, card("b5"))) == [CardPlayed(0, card("b5"), 1), TurnStarted(1)]


def test_with_two_players_skip_lets_the_player_play_again() -> None:
    game = position([["bsk", "b5", "r1"], ["g1", "g2"]], "b3", ["y5"])
    assert game.apply(Play(0, card("bsk"))) == [
        CardPlayed(0, card("bsk"), 2),
        PlayerSkipped(1),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["g1", "g2"]],
        draw_pile=["y5"],
        discard=["b3", "bsk"],
        current=0,
        color=Color.BLUE,
    )


def test_with_two_players_play_comes_back_after_a_draw_two() -> None:
    game = position([["b+2", "b5", "r1"], ["g1", "g2"]], "b3", ["y5", "y6", "y7"])
    assert game.apply(Play(0, card("b+2"))) == [
        CardPlayed(0, card("b+2"), 2),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(1),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["g1", "g2", "y5", "y6"]],
        draw_pile=["y7"],
        discard=["b3", "b+2"],
        current=0,
        color=Color.BLUE,
    )


def test_with_two_players_play_comes_back_after_a_wild_draw_four() -> None:
    game = position([["wi+4", "g5", "r1"], ["g1", "g2"]], "b3", ["y5", "y6", "y7", "y8", "y9"])
    assert game.apply(Play(0, card("wi+4"), Color.GREEN)) == [
        CardPlayed(0, card("wi+4"), 2),
        ColorChosen(0, Color.GREEN),
        TurnStarted(1),
    ]
    assert (game.state.phase, game.state.current) == (Phase.CHALLENGE, 1)
    assert game.apply(Accept(1)) == [
        DrawAccepted(1),
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(cards("y5", "y6", "y7", "y8"))),
        PlayerSkipped(1),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["g5", "r1"], ["g1", "g2", "y5", "y6", "y7", "y8"]],
        draw_pile=["y9"],
        discard=["b3", "wi+4"],
        current=0,
        color=Color.GREEN,
    )


def test_with_two_players_a_reverse_start_card_lets_the_dealer_play_first() -> None:
    game = position([["b5", "r1"], ["g1", "b2"]], "brv", ["y5"])
    assert game.opening == (
        RoundStarted(1, 1),
        StartCardTurned(card("brv")),
        PlayerSkipped(0),
        TurnStarted(1),
    )
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["g1", "b2"]],
        draw_pile=["y5"],
        discard=["brv"],
        current=1,
        color=Color.BLUE,
    )
    assert game.apply(Play(1, card("b2")))[-1] == TurnStarted(0)
