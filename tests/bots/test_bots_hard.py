"""The hard bot searches only real choices, and always answers with a legal move."""

from __future__ import annotations

import random

from bots_helpers import choose, position

from uno_access.bots.hard import HardBot
from uno_access.bots.rollout import play_out
from uno_access.engine import events as ev
from uno_access.engine.actions import Draw, Keep, Play, PlayDrawn
from uno_access.engine.cards import Card, Color

SEVEN = ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]


def test_hard_does_not_search_when_only_one_card_can_be_played() -> None:
    game = position([["r5", "b7", "g8"], SEVEN, SEVEN], "r3")
    bot = HardBot(random.Random(1))
    assert choose(bot, game, 0) == Play(0, Card.from_code("r5"))
    assert bot.searches == 0


def test_hard_searches_a_choice_between_cards_and_plays_one_of_them() -> None:
    game = position([["r5", "r+2", "b3", "g8", "wi"], SEVEN, ["g1", "g2"]], "r3")
    bot = HardBot(random.Random(1), playouts=32)
    choice = choose(bot, game, 0)
    assert bot.searches == 1
    assert isinstance(choice, Play) and choice in game.legal_actions(0)


def test_hard_answers_with_a_legal_move_even_on_a_tiny_time_budget() -> None:
    game = position([["r5", "r+2", "b3", "g8", "wi"], SEVEN, SEVEN], "r3")
    bot = HardBot(random.Random(2), budget_ms=1)
    choice = choose(bot, game, 0)
    assert choice in game.legal_actions(0) and bot.searches == 1


def test_hard_decides_between_playing_and_keeping_a_drawn_card_it_can_play() -> None:
    game = position([["b5", "g8", "y9"], SEVEN, SEVEN], "r3", ["r7", "g1"])
    game.apply(Draw(0))  # nothing matches: it draws the Red 7
    assert set(game.legal_actions(0)) == {Keep(0), PlayDrawn(0)}
    bot = HardBot(random.Random(3), playouts=32)
    assert choose(bot, game, 0) in (Keep(0), PlayDrawn(0))
    assert bot.searches == 1


def _bluffs(challenges: int, accepts: int) -> int:
    """How often in 200 seeded choices the hard bot bluffs a Wild Draw Four at a next
    player seen to challenge ``challenges`` times and take ``accepts`` before.
    """
    game = position([["wi+4", "r7", "r8", "b1"], SEVEN, SEVEN], "r3")
    bluffs = 0
    for seed in range(200):
        bot = HardBot(random.Random(seed), playouts=8)
        bot.observe(0, [ev.RoundStarted(1, 2), ev.StartCardTurned(Card.from_code("r3"))], [4, 7, 7])
        assert bot.memory is not None
        bot.memory.answered[1] = (challenges, accepts)
        choice = choose(bot, game, 0)
        bluffs += isinstance(choice, Play) and choice.card is Card.from_code("wi+4")
    return bluffs


def test_hard_bluffs_no_wild_draw_four_at_a_player_seen_to_challenge_more_often_than_not() -> None:
    assert _bluffs(0, 0) > 0  # nothing seen yet: now and then, as the normal bot
    assert _bluffs(3, 0) == 0
    assert _bluffs(0, 3) > 0  # one who takes them


def test_playouts_challenge_a_wild_draw_four_as_often_as_that_player_is_seen_to() -> None:
    drawn = {}
    for chance in (0.0, 1.0):
        game = position([["wi+4", "b1", "g2"], SEVEN, SEVEN], "r3", ["g9"] * 12)
        game.apply(Play(0, Card.from_code("wi+4"), Color.BLUE))  # fair: no Red held
        assert not play_out(game, 1, challenges=[0.0, chance, 0.0])  # one action: the answer
        drawn[chance] = len(game.state.hands[1]) - len(SEVEN)
    assert drawn == {0.0: 4, 1.0: 6}  # taken; challenged and lost
