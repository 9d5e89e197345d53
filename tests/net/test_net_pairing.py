"""A tournament's tables (``net.server.pairing``): Swiss rounds without a repeated pairing
where one can be avoided, knockout tables, points by place and the standings."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_access.net.server.pairing import (
    Entrant,
    knockout,
    met_pairs,
    points,
    standings,
    swiss,
    table_sizes,
)

EIGHT = [Entrant(name, 0, 1500 + 10 * n) for n, name in enumerate("abcdefgh")]


def test_tables_are_as_even_as_can_be_and_never_of_one() -> None:
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(5, 2) == [3, 2]  # heads-up, an odd number: one table of three
    assert table_sizes(1, 4) == []
    for count in range(2, 60):
        for size in range(2, 11):
            sizes = table_sizes(count, size)
            assert sum(sizes) == count and min(sizes) >= 2
            assert max(sizes) <= max(size, 3) and max(sizes) - min(sizes) <= 1


def test_a_knockout_spreads_the_best_rated_over_the_tables() -> None:
    tables = knockout(EIGHT, 4)
    assert sorted(len(t) for t in tables) == [4, 4]
    assert not any({"h", "g"} <= set(t) for t in tables)  # the two best meet in the final


def test_points_by_place_the_winner_most_the_last_none_a_tie_shared() -> None:
    assert points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert points([2, 1, 2, 4]) == [2, 3, 2, 0]


def _play(tables: list[list[str]], rng: random.Random, totals: dict[str, int]) -> None:
    for table in tables:
        order = table[:]
        rng.shuffle(order)
        for name, got in zip(order, points(list(range(1, len(order) + 1))), strict=True):
            totals[name] += got


@pytest.mark.parametrize("seed", range(12))
def test_three_swiss_rounds_of_eight_at_two_tables_repeat_no_pairing_avoidable(
    seed: int,
) -> None:
    """Three rounds of two tables of four: the second round can avoid a repeat only in
    part (two tables of four from two of four make 4 repeats at least); the pairing
    makes no more repeats than the least possible, found by trying every split."""
    rng = random.Random(seed)
    totals = {e.name: 0 for e in EIGHT}
    played: list[list[str]] = []
    for _round in range(3):
        entrants = [Entrant(e.name, totals[e.name], e.rating) for e in EIGHT]
        met = met_pairs(played)
        tables = swiss(entrants, 4, met)
        assert sorted(n for t in tables for n in t) == sorted(totals)
        made = sum(met.get(frozenset(p), 0) for t in tables for p in itertools.combinations(t, 2))
        least = min(
            sum(
                met.get(frozenset(p), 0)
                for half in (first, tuple(set(totals) - set(first)))
                for p in itertools.combinations(half, 2)
            )
            for first in itertools.combinations(sorted(totals), 4)
        )
        assert made == least
        played += tables
        _play(tables, rng, totals)


def test_the_first_swiss_round_seats_the_top_rated_together() -> None:
    tables = swiss(EIGHT, 4, {})
    assert set(tables[0]) == {"h", "g", "f", "e"}


def test_standings_by_points_then_the_points_of_those_met() -> None:
    entrants = [Entrant("a", 3), Entrant("b", 3), Entrant("c", 1), Entrant("d", 0)]
    rows = standings(entrants, [["a", "c"], ["b", "d"]])
    assert [(r.place, r.name, r.points, r.buchholz) for r in rows] == [
        (1, "a", 3, 1),
        (2, "b", 3, 0),
        (3, "c", 1, 3),
        (4, "d", 0, 3),
    ]
    tied = standings([Entrant("a", 2), Entrant("b", 2)], [["a", "b"]])
    assert [r.place for r in tied] == [1, 1]


@given(st.integers(2, 40), st.integers(2, 10), st.integers(0, 2**16))
def test_every_entrant_is_seated_once_in_every_round(count: int, size: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = [
        Entrant(f"p{n}", rng.randrange(10), rng.randrange(1000, 2000)) for n in range(count)
    ]
    for tables in (swiss(entrants, size, {}), knockout(entrants, size)):
        seated = [n for t in tables for n in t]
        assert sorted(seated) == sorted(e.name for e in entrants)
        assert all(2 <= len(t) <= max(size, 3) for t in tables)
