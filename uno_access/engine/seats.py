"""Seat arithmetic, written once: who comes after whom round the table.

Seats are numbered from 0 going clockwise, that is to the left; a direction of play is
``CLOCKWISE`` (+1) or ``COUNTERCLOCKWISE`` (-1). ``eliminated`` is the engine's list of
flags, one a seat, True for a seat out of the game (Challenge UNO), passed over in play.

Compiled with the engine and called on every turn: the functions that answer one seat
allocate nothing; only those that answer an order of seats build a list.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

CLOCKWISE: Final = 1
COUNTERCLOCKWISE: Final = -1


def step(seat: int, direction: int, n: int, steps: int = 1) -> int:
    """The seat ``steps`` places from ``seat`` in ``direction`` round ``n`` seats, every
    seat counted."""
    return (seat + direction * steps) % n


def seat_after(seat: int, direction: int, eliminated: list[bool], steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in ``direction``, passing over eliminated
    seats. With every other seat eliminated it comes back to ``seat``."""
    n = len(eliminated)
    for _ in range(steps):
        start = seat
        seat = (seat + direction) % n
        while eliminated[seat] and seat != start:
            seat = (seat + direction) % n
    return seat


def seat_before(seat: int, direction: int, eliminated: list[bool]) -> int:
    """The seat one place against ``direction`` (passing over eliminated seats): the one
    whose turn came before ``seat``'s, who hands a hand on to ``seat``."""
    return seat_after(seat, -direction, eliminated)


def play_order(first: int, direction: int, n: int) -> list[int]:
    """Every seat once, in ``direction``, from ``first``."""
    return [(first + direction * k) % n for k in range(n)]


def left_of(seat: int, n: int) -> list[int]:
    """Every other seat once, going left (clockwise) from ``seat``'s left neighbour round
    to its right neighbour."""
    return [(seat + k) % n for k in range(1, n)]


def deal_order(dealer: int, n: int) -> list[int]:
    """Every seat once, from the dealer's left round to the dealer: the order the cards are
    dealt in, and the order asked who goes on to the next round."""
    return [(dealer + k) % n for k in range(1, n + 1)]


def eliminated_flags(n: int, out: Iterable[int]) -> list[bool]:
    """The flags ``seat_after`` takes, from the seats out of the game (as a ``PlayerView``
    lists them)."""
    flags = [False] * n
    for seat in out:
        flags[seat] = True
    return flags
