"""RULES.md, Queries anyone may make at any time: they never change the game."""

from __future__ import annotations

from collections.abc import Callable

from engine_helpers import CLOCKWISE, card, codes, position, snapshot, unchanged

from uno_access.engine.actions import CardCheck, Draw, Play, TouchTopCard
from uno_access.engine.cards import Color
from uno_access.engine.events import CardCount, TopCard
from uno_access.engine.game import Game
from uno_access.engine.state import Phase

DRAW = ["y5", "y6", "y7", "y8", "y9"]


def _positions() -> list[tuple[Phase, Game]]:
    """One game waiting in each phase, for queries to be made in."""
    out: list[tuple[Phase, Game]] = []
    game = position([["b5", "g1", "g2"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    out.append((Phase.PLAY, game))
    game = position([["r1", "g1", "g2"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    game.apply(Draw(0))
    out.append((Phase.DRAWN, game))
    game = position([["wi+4", "g1", "g2"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    out.append((Phase.CHALLENGE, game))
    game = position([["b5", "g1", "g2"], ["r2", "g2"], ["r3"]], "wi", DRAW)
    out.append((Phase.START_COLOR, game))
    game = position([["b5"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    game.apply(Play(0, card("b5")))
    out.append((Phase.ROUND_OVER, game))
    game = position([["b5"], ["r2", "g2"], ["r3"]], "b3", DRAW, scores=[495, 0, 0])
    game.apply(Play(0, card("b5")))
    out.append((Phase.GAME_OVER, game))
    return out


def test_card_check_tells_how_many_cards_every_player_holds_and_changes_nothing() -> None:
    for phase, game in _positions():
        assert game.state.phase is phase
        counts = tuple(len(hand) for hand in game.state.hands)
        for seat in range(3):  # anyone, the player to act or not, themselves included
            assert unchanged(game, CardCheck(seat)) == [CardCount(seat, counts)]
    game = position([["b5", "g1", "g2"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    assert unchanged(game, CardCheck(2)) == [CardCount(2, (3, 2, 1))]
    assert game.card_check() == (3, 2, 1)


def test_touching_the_top_card_tells_the_card_and_the_colour_in_play_and_changes_nothing() -> None:
    game = position([["wi", "g1", "g2"], ["r2", "g2"], ["r3"]], "b3", DRAW)
    assert unchanged(game, TouchTopCard(1)) == [TopCard(1, card("b3"), Color.BLUE)]
    game.apply(Play(0, card("wi"), Color.RED))
    for seat in range(3):
        assert unchanged(game, TouchTopCard(seat)) == [TopCard(seat, card("wi"), Color.RED)]
    assert game.top_card() == (card("wi"), Color.RED)
    # a Wild turned up to start: no colour yet
    game = position([["b5", "g1", "g2"], ["r2", "g2"], ["r3"]], "wi", DRAW)
    assert unchanged(game, TouchTopCard(2)) == [TopCard(2, card("wi"), None)]
    for _, game in _positions():
        top = game.state.discard[-1]
        assert unchanged(game, TouchTopCard(0)) == [TopCard(0, top, game.state.color)]


def test_reading_the_own_hand_scores_turn_direction_and_pile_sizes_changes_nothing() -> None:
    game = position(
        [["b5", "g1", "g2"], ["r2", "g2"], ["r3"]],
        "b3",
        DRAW,
        scores=[10, 20, 30],
        dealer=1,
    )
    before = snapshot(game)
    readers: list[Callable[[], object]] = [
        lambda: game.view(0),
        lambda: game.view(1),
        lambda: game.view(2),
        game.card_check,
        game.top_card,
        lambda: game.legal_actions(2),
        lambda: game.playable(card("b5")),
    ]
    for read in readers:
        read()
        assert snapshot(game) == before
    view = game.view(1)
    assert (codes(view.hand), view.hand_sizes, view.scores) == (
        ["r2", "g2"],
        (3, 2, 1),
        (10, 20, 30),
    )
    assert (view.current, view.direction, view.draw_pile_size, view.discard_pile_size) == (
        2,
        CLOCKWISE,
        5,
        1,
    )
    assert (view.top, view.color, view.dealer, view.my_turn) == (
        card("b3"),
        Color.BLUE,
        1,
        False,
    )
    assert game.view(2).my_turn is True
