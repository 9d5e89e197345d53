"""The pairing check of the tournament tests: no pairing repeated where it could be avoided."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from uno_access.net.server.pairing import met_pairs


def repeats(split: Sequence[Sequence[str]], met: dict[frozenset[str], int]) -> int:
    """How many times the pairs of ``split``'s tables have met before."""
    return sum(met.get(frozenset(p), 0) for table in split for p in combinations(table, 2))


def fewest_repeats(rounds: Sequence[Sequence[Sequence[str]]], names: Sequence[str]) -> bool:
    """Whether each round (its tables' seats) repeats no more pairs than the fewest any split
    of ``names`` into two tables of half of them would, given the rounds before it."""
    played: list[list[str]] = []
    half = len(names) // 2
    for tables in rounds:
        met = met_pairs(played)
        least = min(
            repeats([list(first), [n for n in names if n not in first]], met)
            for first in combinations(names, half)
        )
        if repeats(tables, met) != least:
            return False
        played += [list(t) for t in tables]
    return True
