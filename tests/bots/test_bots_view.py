"""Every seat sees only its own PlayerView (DESIGN.md, principle 4): so do the bots.

A bot is handed a view and the legal actions, nothing else; a view holds the seat's own
hand and what is public (the DISCARD pile is public: every card in it was called out as
it was played); the hard bot's made-up worlds come from the view alone.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from bots_helpers import Checked, cards, choose, position

from uno_access import _compiled
from uno_access.bots import make_bot
from uno_access.bots.determinize import deal_unseen, unseen_cards, world
from uno_access.bots.hard import HardBot
from uno_access.engine.actions import Draw, Play
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.engine.setup import build_deck
from uno_access.engine.state import GameState, PlayerView
from uno_access.simulate import play_game

STRENGTHS = ("easy", "normal", "hard")


# the hard bot's time budget is a safety cap that a loaded machine reaches first: where a
# test compares choices, the count of playouts alone decides
UNBOUNDED = 600_000.0


def _cards_in(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [card for item in value for card in _cards_in(item)]
    return []


def test_the_discard_pile_is_public_in_every_view_bottom_first() -> None:
    game = position([["r5", "b7"], ["r9", "g2"], ["y1", "y2"]], "r3")
    game.apply(Play(0, Card.from_code("r5")))
    game.apply(Play(1, Card.from_code("r9")))
    for seat in range(3):
        assert [c.code for c in game.view(seat).discard] == ["r3", "r5", "r9"]


def test_a_view_holds_no_other_hand_and_nothing_of_the_game_itself() -> None:
    game = position(
        [["r5", "b7", "g1"], ["wi", "g+2", "y8"], ["b0", "bsk", "wi+4"]], "r3", ["y1", "y2", "y3"]
    )
    view = game.view(0)
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        assert not isinstance(value, Game | GameState), f.name
        if f.name in ("hand", "rules"):
            continue
        shown = _cards_in(value)
        for other in (1, 2):  # no other hand's cards, and not the DRAW pile
            assert not any(card in game.state.hands[other] for card in shown), f.name
        assert not any(card in game.state.draw_pile for card in shown), f.name
    # its fields are Final (mypy refuses a change); compiled, they are read-only too
    if _compiled.ACTIVE:
        with pytest.raises(AttributeError, match="not writable"):
            view.hand = ()  # type: ignore[misc]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_bot_is_given_its_own_view_and_nothing_else(strength: str) -> None:
    rng = random.Random(3)
    game = Game.new(3, seed=3)
    bots = [Checked(make_bot(strength, random.Random(rng.random()))) for _ in range(3)]
    play_game(game, bots, rounds=1)
    for seat, bot in enumerate(bots):
        assert bot.views and bot.choices
        assert all(type(view) is PlayerView and view.seat == seat for view in bot.views)


def test_unseen_cards_are_the_deck_less_the_own_hand_and_the_discard_pile() -> None:
    game = Game.new(4, seed=11)
    view = game.view(2)
    unseen = unseen_cards(view)
    assert len(unseen) == 108 - len(view.hand) - len(view.discard)
    left = build_deck(view.rules, 4)
    for card in [*view.hand, *view.discard, *unseen]:
        left.remove(card)  # each card accounted for once
    assert left == []
    hands, pile = deal_unseen(view, unseen, random.Random(1))
    assert [len(hand) for hand in hands] == list(view.hand_sizes)
    assert hands[2] == list(view.hand)
    assert len(pile) == view.draw_pile_size
    made = world(view, hands, pile, random.Random(1))
    assert made.view(2) == view  # the made-up world looks the same from this seat


def test_the_hard_bot_chooses_the_same_whatever_the_hidden_hands_hold() -> None:
    mine = ["r5", "r+2", "rsk", "b5", "wi", "g7"]
    first = position([mine, ["g1", "g2", "g3"], ["y1", "y2", "y3"]], "r3", ["b1", "b2", "b3", "b4"])
    second = position(
        [mine, ["wi+4", "r9", "r8"], ["b9", "rrv", "y0"]], "r3", ["g9", "g8", "y7", "wi"]
    )
    assert first.view(0) == second.view(0)
    assert first.legal_actions(0) == second.legal_actions(0)
    choices = []
    for game in (first, second):
        bot = HardBot(random.Random(7), playouts=48, budget_ms=UNBOUNDED)
        choices.append(choose(bot, game, 0))
        assert bot.searches == 1  # it did search: more than one sensible move
    assert choices[0] == choices[1]
    assert choices[0] in first.legal_actions(0)


def test_the_hard_bot_replays_the_same_choice_from_the_same_seed() -> None:
    game = position(
        [["r5", "r+2", "b5", "wi", "y4"], cards_codes(7), cards_codes(7)], "r3", ["b1", "b2"]
    )
    made = [
        choose(HardBot(random.Random(5), playouts=32, budget_ms=UNBOUNDED), game, 0)
        for _ in range(2)
    ]
    assert made[0] == made[1]
    assert made[0] is not None and not isinstance(made[0], Draw)


def cards_codes(count: int) -> list[str]:
    return [card.code for card in cards("g1", "g2", "g3", "g4", "y6", "y7", "y8")[:count]]
