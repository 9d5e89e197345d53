"""The piles: shuffling, drawing (rebuilding the DRAW pile when it runs out), passing the turn."""

from __future__ import annotations

import random

from . import events as ev
from .cards import Card
from .events import DrawReason, Event
from .seats import seat_after, step
from .state import GameState, Phase


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place, uniformly (Fisher-Yates), from ``rng`` alone.

    The same as ``rng.shuffle`` but drawing floats, which is several times faster
    in CPython; the bias of ``int(random() * n)`` is below 2**-45 for a deck.
    """
    random_ = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(random_() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def take(s: GameState, rng: random.Random, count: int, events: list[Event]) -> list[Card]:
    """Up to ``count`` cards off the DRAW pile, rebuilding it from the DISCARD pile."""
    taken: list[Card] = []
    pile = s.draw_pile
    for _ in range(count):
        if not pile:
            if len(s.discard) < 2:
                break
            pile.extend(s.discard[:-1])
            del s.discard[:-1]
            shuffle(rng, pile)
            events.append(ev.Reshuffled(len(pile)))
        taken.append(pile.pop())
    return taken


def give(
    s: GameState,
    rng: random.Random,
    seat: int,
    count: int,
    reason: DrawReason,
    events: list[Event],
) -> None:
    """``seat`` draws ``count`` cards (fewer only when both piles run out)."""
    cards = take(s, rng, count, events)
    s.hands[seat] += cards
    if cards and s.exposed == seat:  # more than one card now: no UNO to be caught for
        s.exposed = None
    events.append(ev.CardsDrawn(seat, len(cards), reason, tuple(cards)))


def next_seat(s: GameState, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places from ``seat`` in the direction of play, past eliminated seats."""
    n = len(s.hands)
    if s.active == n:  # no one eliminated: no seat to pass over
        return step(seat, s.direction, n, steps)
    return seat_after(seat, s.direction, s.eliminated, steps)


def pass_turn(s: GameState, seat: int, events: list[Event], steps: int = 1) -> list[Event]:
    s.current = next_seat(s, seat, steps)
    s.phase = Phase.PLAY
    s.drawn = None
    if seat in s.uno_early:  # a turn that ended without a play: the early UNO call lapses
        s.uno_early = tuple(other for other in s.uno_early if other != seat)
    events.append(ev.TurnStarted(s.current))
    return events
