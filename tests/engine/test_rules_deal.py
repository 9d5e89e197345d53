"""Rules that cannot be dealt are refused before a game starts (issue 17): every hand of
``hand_size`` cards for every player, then a start card, must come out of the deck in play,
whatever the preset and the options (Speed UNO's extra decks, the Anniversary cards,
blank cards, partners' tables of four).

Exhaustive: every preset and the options that change the deck, 2 to 10 players, hands of
1 to 15 cards. What ``check_deal`` accepts deals (a real ``Game.new``, its opening
complete, every card accounted for); what it refuses, ``Game.new`` refuses too, with
``DealError`` and not an ``IndexError`` from an empty deck.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from uno_access.access import messages
from uno_access.engine.cards import Card, Kind
from uno_access.engine.events import HandDealt, StartCardTurned, TurnStarted
from uno_access.engine.game import Game
from uno_access.engine.match import Match
from uno_access.engine.rules import PRESETS, DealError, PartnerSchedule, RulesError, RuleSet
from uno_access.engine.setup import build_deck

BASES: dict[str, RuleSet] = {
    **PRESETS,
    "speed+anniversary": replace(PRESETS["speed"], anniversary_cards=True),
    "standard+anniversary": replace(PRESETS["standard"], anniversary_cards=True),
    "anniversary+blank": replace(
        PRESETS["anniversary"], blank_cards=(Card.from_code("y7"), Card.from_code("b+2"))
    ),
    "partners+speed": replace(PRESETS["partners"], speed=True),
}
SEEDS = (0, 1)


def seats_for(rules: RuleSet) -> range:
    """The numbers of players these rules seat (partners: their table or tables)."""
    wanted = rules.seats_allowed(2)
    if wanted is None and rules.partners:
        return range(4, 5)
    return range(int(wanted), int(wanted) + 1) if wanted is not None else range(2, 11)


def deal(rules: RuleSet, players: int, seed: int) -> list[Game]:
    """The game(s) these rules start: one table, or a partner schedule's first block."""
    names = tuple(f"P{i}" for i in range(players))
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        return [game for _, game in Match(names, rules, random.Random(seed)).tables()]
    return [Game.new(names, rules, seed=seed)]


@pytest.mark.parametrize("base", sorted(BASES))
def test_every_hand_size_the_rules_accept_is_dealt_and_every_other_is_refused(base: str) -> None:
    accepted = refused = 0
    for players in seats_for(BASES[base]):
        largest = 0
        for size in range(1, 16):
            rules = replace(BASES[base], hand_size=size)
            rules.validate()
            try:
                rules.check_deal(players)
            except DealError as error:
                refused += 1
                assert error.most == rules.most_cards_each(players) < size
                for seed in SEEDS:
                    with pytest.raises(DealError):
                        deal(rules, players, seed)
                continue
            accepted += 1
            largest = size
            for seed in SEEDS:
                for game in deal(rules, players, seed):
                    seated = len(game.state.hands)
                    deck = build_deck(rules, seated)
                    assert game.cards_in_play() == len(deck) == rules.deck_size(seated)
                    dealt = [e for e in game.opening if isinstance(e, HandDealt)]
                    assert [e.count for e in dealt] == [size] * seated
                    assert any(isinstance(e, StartCardTurned) for e in game.opening)
                    assert isinstance(game.opening[-1], TurnStarted)
                    # what is left after the deal can always turn a start card: more cards
                    # than the Wild Draw Fours that may be turned up and put back
                    fours = sum(card.kind is Kind.WILD_DRAW_FOUR for card in deck)
                    assert len(deck) - seated * size > fours
        assert largest == min(15, rules.most_cards_each(players))
    assert accepted
    if base in ("standard", "anniversary"):
        assert refused  # 10 players cannot have 15 cards each from one deck


def test_ten_players_with_fifteen_cards_each_are_refused_in_one_line_saying_what_is_allowed() -> (
    None
):
    rules = RuleSet.from_spec("standard,hand_size=15")
    with pytest.raises(RulesError) as raised:
        rules.check_deal(10)
    assert messages.rules_error(raised.value) == (
        "10 players with 15 cards each need 150 cards, and 5 more must be left to turn a "
        "start card; the deck has 108: at most 10 cards each."
    )
    with pytest.raises(DealError):
        Game.new(10, rules, seed=1)


def test_speed_uno_counts_its_extra_decks_and_the_anniversary_cards_count_too() -> None:
    speed = RuleSet.from_spec("speed,hand_size=15")
    assert [speed.deck_size(n) for n in (2, 4, 5, 8, 9, 10)] == [216, 216, 324, 324, 432, 432]
    for players in range(2, 11):
        speed.check_deal(players)  # two decks and more: 15 cards each always fit
    anniversary = RuleSet.from_spec("anniversary,hand_size=11")
    assert anniversary.deck_size(10) == 112
    anniversary.check_deal(9)  # 99 dealt, 13 left: a start card and 4 Wild Draw Fours
    with pytest.raises(DealError):
        anniversary.check_deal(10)
