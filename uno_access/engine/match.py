"""Partner schedules (RULES.md, partners): every player partnered with every other.

- ``ROTATION``: four players, three partnerships of four hands each (12 hands).
- ``TWO_TABLES``: eight players at two tables of four; each player is partnered
  with each of the other seven for four hands (28 hands).

Each player keeps the points their partnership scores; after the last hand the
highest total wins. A ``Match`` runs one block of hands at a time: in each block
every table is a partners ``Game`` of its own, partners sitting across.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Final

from .game import Game
from .rules import PartnerSchedule, RuleSet

HANDS_PER_PARTNERSHIP: Final = 4
_NO_TARGET: Final = 100_000  # a block ends on its number of hands, not on a score


@dataclass(frozen=True, slots=True)
class Table:
    """The players at one table, in seat order: seats 0 and 2 are partners, 1 and 3."""

    players: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Block:
    """Hands played with the same partnerships."""

    hands: int
    tables: tuple[Table, ...]


def schedule(kind: PartnerSchedule) -> tuple[Block, ...]:
    """The blocks of a partner schedule."""
    if kind is PartnerSchedule.ROTATION:
        pairings = (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))
        return tuple(
            Block(HANDS_PER_PARTNERSHIP, (_table(first, second),)) for first, second in pairings
        )
    if kind is PartnerSchedule.TWO_TABLES:
        return tuple(
            Block(HANDS_PER_PARTNERSHIP, (_table(pairs[0], pairs[1]), _table(pairs[2], pairs[3])))
            for pairs in _round_robin(8)
        )
    raise ValueError("a fixed partnership plays one ordinary partners game")


def players_for(kind: PartnerSchedule) -> int:
    return 8 if kind is PartnerSchedule.TWO_TABLES else 4


def _table(first: tuple[int, int], second: tuple[int, int]) -> Table:
    """Partners across: the first pair in seats 0 and 2, the second in 1 and 3."""
    return Table((first[0], second[0], first[1], second[1]))


def _round_robin(players: int) -> list[list[tuple[int, int]]]:
    """The circle method: ``players - 1`` rounds in which everyone meets everyone once."""
    rounds = []
    others = list(range(1, players))
    for _ in range(players - 1):
        circle = [0, *others]
        rounds.append([(circle[i], circle[players - 1 - i]) for i in range(players // 2)])
        others = others[-1:] + others[:-1]
    return rounds


class Match:
    """A partner schedule played block by block, table by table."""

    def __init__(self, names: tuple[str, ...], rules: RuleSet, rng: random.Random) -> None:
        self.blocks = schedule(rules.partner_schedule)
        if len(names) != players_for(rules.partner_schedule):
            raise ValueError(f"this schedule is for {players_for(rules.partner_schedule)} players")
        self.names = names
        self.rules = replace(rules, partner_schedule=PartnerSchedule.FIXED, target_score=_NO_TARGET)
        self.rng = rng
        self.totals = [0] * len(names)
        self.block = 0

    def tables(self) -> list[tuple[Table, Game]]:
        """The current block's tables, each with a new partners game."""
        out = []
        for table in self.blocks[self.block].tables:
            names = tuple(self.names[player] for player in table.players)
            out.append((table, Game.new(names, self.rules, rng=self.rng)))
        return out

    def record(self, table: Table, game: Game) -> None:
        """Add what each player's partnership scored at ``table`` to their total."""
        for seat, player in enumerate(table.players):
            self.totals[player] += game.state.scores[seat]

    def next_block(self) -> bool:
        """Move on to the next block; False when the schedule is done."""
        self.block += 1
        return self.block < len(self.blocks)

    @property
    def hands(self) -> int:
        return self.blocks[self.block].hands

    def winner(self) -> int:
        """The highest total (ties: the first such player in the order of names)."""
        best = max(self.totals)
        return self.totals.index(best)
