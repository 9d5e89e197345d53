"""Who sits with whom in a tournament's round: Swiss tables and a knockout's, and the
standings. Pure values in, values out: no store, no table, no clock.

- **Tables**: a round of ``n`` entrants at tables of ``size`` is ``ceil(n / size)``
  tables, as even as can be (some a seat short), never a table of one: heads-up with an
  odd number, one table of three instead.
- **Swiss**: the entrants in order of points, then rating, then name; each table is
  filled from the top of those still to be seated, taking next the one who has met the
  table's people least often before (a repeat pairing only where it cannot be avoided),
  then the nearest in the order.
- **Points** at a table of ``k`` seats: ``k - place`` (the winner ``k - 1``, the last 0;
  a tie shares the place).
- **Standings**: points, then the sum of the points of the people met (Buchholz), then
  rating, then name.
- **Knockout**: each table's winner goes on; seated by rating, best spread apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

LOOK_AHEAD = 3  # how far down the order a table looks for someone not met yet, per seat


@dataclass(frozen=True, slots=True)
class Entrant:
    name: str
    points: int = 0
    rating: int = 0


def table_sizes(count: int, size: int) -> list[int]:
    """How many sit at each table: ``count`` people at tables of at most ``size``."""
    if count < 2:
        return []
    tables = -(-count // size)
    if count // tables < 2:  # heads-up, an odd number: one table of three, none of one
        tables -= 1
    base, more = divmod(count, tables)
    return [base + 1] * more + [base] * (tables - more)


def met_pairs(tables: Iterable[Sequence[str]]) -> dict[frozenset[str], int]:
    """How often each two people sat at one table, from the rounds' tables."""
    met: dict[frozenset[str], int] = {}
    for table in tables:
        for i, first in enumerate(table):
            for second in table[i + 1 :]:
                key = frozenset((first.lower(), second.lower()))
                met[key] = met.get(key, 0) + 1
    return met


def swiss(
    entrants: Sequence[Entrant], size: int, met: Mapping[frozenset[str], int]
) -> list[list[str]]:
    """A Swiss round's tables, best placed first."""
    order = sorted(entrants, key=lambda e: (-e.points, -e.rating, e.name.lower()))
    waiting = [e.name for e in order]
    tables: list[list[str]] = []
    for seats in table_sizes(len(waiting), size):
        table = [waiting.pop(0)]
        while len(table) < seats:
            window = waiting[: LOOK_AHEAD * seats]

            def repeats(name: str, table: list[str] = table) -> int:
                return sum(met.get(frozenset((name.lower(), o.lower())), 0) for o in table)

            chosen = min(window, key=lambda name: (repeats(name), window.index(name)))
            waiting.remove(chosen)
            table.append(chosen)
        tables.append(table)
    return tables


def knockout(entrants: Sequence[Entrant], size: int) -> list[list[str]]:
    """A knockout round's tables: seated by rating, the best spread over the tables."""
    order = sorted(entrants, key=lambda e: (-e.rating, e.name.lower()))
    sizes = table_sizes(len(order), size)
    tables: list[list[str]] = [[] for _ in sizes]
    n = 0
    for entrant in order:
        while len(tables[n % len(tables)]) >= sizes[n % len(tables)]:
            n += 1
        tables[n % len(tables)].append(entrant.name)
        n += 1
    return tables


def points(places: Sequence[int]) -> list[int]:
    """Each seat's points from its final place at a table of ``len(places)``."""
    return [len(places) - place for place in places]


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    name: str
    points: int
    buchholz: int


def standings(entrants: Sequence[Entrant], tables: Iterable[Sequence[str]]) -> list[Standing]:
    """The standings: points, then Buchholz (the points of the people met), rating, name;
    equal on all but the name share a place."""
    by_name = {e.name.lower(): e for e in entrants}
    opponents: dict[str, list[str]] = {name: [] for name in by_name}
    for table in tables:
        for name in table:
            opponents.setdefault(name.lower(), []).extend(
                o.lower() for o in table if o.lower() != name.lower()
            )
    rows = []
    for key, entrant in by_name.items():
        buchholz = sum(by_name[o].points for o in opponents.get(key, []) if o in by_name)
        rows.append((entrant, buchholz))
    rows.sort(key=lambda row: (-row[0].points, -row[1], -row[0].rating, row[0].name.lower()))
    found: list[Standing] = []
    for n, (entrant, buchholz) in enumerate(rows, start=1):
        same = found and (found[-1].points, found[-1].buchholz) == (entrant.points, buchholz)
        place = found[-1].place if same else n
        found.append(Standing(place, entrant.name, entrant.points, buchholz))
    return found
