"""Partner schedules: every player partnered with every other for four hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from uno_access.bots import make_bot
from uno_access.engine.match import Match, players_for, schedule
from uno_access.engine.rules import PartnerSchedule, RuleSet
from uno_access.simulate import play_game


def partnerships(kind: PartnerSchedule) -> Counter[frozenset[int]]:
    """How many hands each pair of players is partnered for."""
    hands: Counter[frozenset[int]] = Counter()
    for block in schedule(kind):
        for table in block.tables:
            p = table.players
            hands[frozenset((p[0], p[2]))] += block.hands
            hands[frozenset((p[1], p[3]))] += block.hands
    return hands


def test_rotation_partners_each_of_four_players_once_with_every_other_for_twelve_hands() -> None:
    blocks = schedule(PartnerSchedule.ROTATION)
    assert sum(block.hands for block in blocks) == 12
    assert all(len(block.tables) == 1 for block in blocks)
    assert partnerships(PartnerSchedule.ROTATION) == {
        frozenset(pair): 4 for pair in combinations(range(4), 2)
    }


def test_two_tables_partner_each_of_eight_players_with_every_other_for_28_hands() -> None:
    blocks = schedule(PartnerSchedule.TWO_TABLES)
    assert sum(block.hands for block in blocks) == 28
    for block in blocks:  # every player sits at exactly one of the two tables
        seated = [p for table in block.tables for p in table.players]
        assert sorted(seated) == list(range(8))
    assert partnerships(PartnerSchedule.TWO_TABLES) == {
        frozenset(pair): 4 for pair in combinations(range(8), 2)
    }


@pytest.mark.parametrize("kind", [PartnerSchedule.ROTATION, PartnerSchedule.TWO_TABLES])
def test_a_match_plays_every_block_and_the_highest_total_wins(kind: PartnerSchedule) -> None:
    players = players_for(kind)
    rng = random.Random(5)
    match = Match(
        tuple(f"P{i}" for i in range(players)), RuleSet(partners=True, partner_schedule=kind), rng
    )
    bots = [make_bot("random", random.Random(i)) for i in range(players)]
    hands_played = [0] * players
    while True:
        for table, game in match.tables():
            assert game.state.teams == ((0, 2), (1, 3))
            play_game(game, [bots[p] for p in table.players], match.hands)
            assert game.state.round_number == match.hands
            for p in table.players:
                hands_played[p] += game.state.round_number
            match.record(table, game)
        if not match.next_block():
            break
    assert hands_played == [12 if players == 4 else 28] * players
    assert match.totals[match.winner()] == max(match.totals)
    assert sum(match.totals) > 0


def test_a_schedule_needs_its_number_of_players() -> None:
    with pytest.raises(ValueError):
        Match(
            ("a", "b", "c"),
            RuleSet(partners=True, partner_schedule=PartnerSchedule.ROTATION),
            random.Random(1),
        )
