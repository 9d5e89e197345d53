"""RULES.md, Cards: the 108-card deck and what each card scores."""

from __future__ import annotations

from collections import Counter

from engine_helpers import codes

from uno_access.engine.cards import all_faces, standard_deck
from uno_access.engine.game import Game


def _expected_deck() -> Counter[str]:
    deck: Counter[str] = Counter()
    for colour in "bgry":
        deck[f"{colour}0"] = 1
        for n in range(1, 10):
            deck[f"{colour}{n}"] = 2
        for action in ("+2", "rv", "sk"):
            deck[f"{colour}{action}"] = 2
    deck["wi"] = 4
    deck["wi+4"] = 4
    return deck


def test_deck_has_108_cards_per_colour_one_zero_two_of_each_number_and_action_plus_four_wilds_and_four_wild_draw_fours() -> None:  # noqa: E501  # fmt: skip
    deck = standard_deck()
    assert len(deck) == 108
    assert Counter(codes(deck)) == _expected_deck()
    # a dealt game holds exactly that deck, hands and piles together (no reference cards)
    game = Game.new(4, seed=3)
    s = game.state
    everything = [c for hand in s.hands for c in hand] + s.draw_pile + s.discard
    assert game.cards_in_play() == 108
    assert Counter(codes(everything)) == _expected_deck()


def test_number_cards_score_face_value_draw_two_reverse_skip_twenty_and_wilds_fifty() -> None:
    points = {face.code: face.points for face in all_faces()}
    want: dict[str, int] = {}
    for colour in "bgry":
        for n in range(10):
            want[f"{colour}{n}"] = n
        for action in ("+2", "rv", "sk"):
            want[f"{colour}{action}"] = 20
    want["wi"] = 50
    want["wi+4"] = 50
    assert points == want
