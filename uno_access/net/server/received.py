"""What a way in says it received of its seat's table log before its connection dropped,
and what the server makes of it when the person takes the seat up again.

A server that renders a seat's lines (plain ssh, a browser's page) counts an entry of
the table's log as told once its lines are written to the connection; those in flight
when the network goes are counted all the same. A way in that numbers what it received
(a browser's page: ``net.web.resume``) says on its return which entry it last received
whole (``Received``), and the seat is taken up from there: the entries after it are
told between "What happened since you left:" and "Where you are: …"
(``net.seat.NetTable``), the server's one catch-up, as for the full client, which asks
for the entries after the last it received (``wire.RESUME_ENV``).

The number is the way in's word, never trusted (``told_from``): it only ever moves the
catch-up back within the seat's own log, never past what the server told that seat,
never before the opening, and it counts only for the log it names (``TableLog``): this
server process's table of that number. The seat is always the one held for the person.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableLog:
    """One table's log in one server process: its entries are numbered from 1 there alone
    (a table brought back after a restart is logged anew, its numbers another's)."""

    epoch: str  # the server process (``tables.Lobby.epoch``)
    table: int  # the table's number


@dataclass(frozen=True, slots=True)
class Received:
    """A way in's word: the last entry of ``log`` it received whole, ``seq``."""

    log: TableLog
    seq: int


def told_from(received: Received | None, log: TableLog, told: int) -> int:
    """The last entry of the seat's log (``log``) to count as told when its person takes it
    up again: the one the way in says it received whole, when it names this log and an
    entry from the opening (1) up to ``told``, the last the server told the seat; else
    ``told``, as when it says nothing.
    """
    if received is None or received.log != log or not 1 <= received.seq <= told:
        return told
    return received.seq
