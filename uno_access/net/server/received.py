"""Where a way in stands in its seat's table log: the log itself (``TableLog``), whose
entries are numbered from 1 in one server process alone.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableLog:
    """One table's log in one server process: its entries are numbered from 1 there alone
    (a table brought back after a restart is logged anew, its numbers another's)."""

    epoch: str  # the server process (``tables.Lobby.epoch``)
    table: int  # the table's number
