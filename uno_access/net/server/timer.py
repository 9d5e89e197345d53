"""A table's turn timer: off by default; the host sets it (``timer 30``, ``timer off``).

When a person's turn begins (a bot's turn, a seat a bot stands in for, or a round over
is not timed), the timer runs: once, ``warning_left`` seconds before the end, the
player alone is told how long is left; when it runs out the table passes the turn for
them (``ServerTable.time_out``) with the actions the rules allow a player who does not
play (``passed_turn``): take the cards owed (a Wild Draw Four accepted, a stack), or
draw, then keep the card drawn (or play it when the rules make a drawn card be played);
a Wild turned up first gets a colour. Those are recorded actions, saved as any other
(the first marked as the timer's), so a table brought back after a restart is exact.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ...engine.actions import Accept, Action, ChooseColor, Draw, Keep, PlayDrawn
from ...engine.state import Phase

if TYPE_CHECKING:
    from .tables import ServerTable

SHORTEST_TURN = 5  # seconds
LONGEST_TURN = 600
WARNING = 10  # seconds before the end the player is told (half the turn, if shorter)
_PASSING = (Accept, Keep, Draw, ChooseColor, PlayDrawn)  # in this order of preference


def warning_left(seconds: int) -> int:
    """How many seconds are left when the player is warned."""
    return min(WARNING, seconds // 2)


def passed_turn(legal: list[Action]) -> Action | None:
    """The action that passes a turn, of those the rules allow now (None: none does)."""
    for kind in _PASSING:
        for action in legal:
            if type(action) is kind:
                return action
    return None


class TurnTimer:
    """The timer of one table, changed on the server's event loop only.

    ``check`` is called whenever the table's log grows: a turn that began (another
    seat to move, or a card played) starts the timer again; one that is no person's
    stops it.
    """

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        self.turn: tuple[int, int, int] | None = None  # (turns seen, round, seat) timed
        self._seen: tuple[int, int, int | None] | None = None  # (round, plays, current)
        self._turns = 0
        self._handles: list[asyncio.TimerHandle] = []

    def check(self) -> None:
        table = self.table
        game = table.game
        if game is None or game.over or table.turn_seconds is None:
            self.stop()
            return
        view = game.view(0)
        seen = (view.round_number, view.plays, view.current)
        if seen != self._seen:
            self._seen = seen
            self._turns += 1
        current = view.current
        timed = (
            current is not None
            and view.phase is not Phase.ROUND_OVER
            and table.places[current].bot is None
            and table.places[current].present
        )
        turn = (self._turns, view.round_number, current) if timed and current is not None else None
        if turn == self.turn:
            return
        self.stop()
        self.turn = turn
        if turn is None:
            return
        seconds = table.turn_seconds
        left = warning_left(seconds)
        loop = table.loop
        self._handles = [
            loop.call_later(seconds - left, self._warn, turn, left),
            loop.call_later(seconds, self._run_out, turn),
        ]

    def stop(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.turn = None

    def _warn(self, turn: tuple[int, int, int], left: int) -> None:
        if turn == self.turn and left > 0:
            self.table.warn_turn(turn[2], left)

    def _run_out(self, turn: tuple[int, int, int]) -> None:
        if turn == self.turn:
            self._handles = []
            self.table.time_out(turn[2])
