"""Setting up: choosing the dealer, dealing, turning the start card and applying its effect."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from . import events as ev
from .cards import (
    ANNIVERSARY,
    WILD_SHUFFLE,
    Card,
    Kind,
    blank_card,
    dealer_rank,
    no_mercy_deck,
    standard_deck,
)
from .events import Direction, DrawReason, Event
from .piles import give, next_seat, shuffle
from .rules import CUSTOM_A_DECK, RuleSet
from .seats import deal_order
from .state import GameState, Phase

DRAW_TWO: Final = Kind.DRAW_TWO
REVERSE: Final = Kind.REVERSE
SKIP: Final = Kind.SKIP
WILD_DRAW_FOUR: Final = Kind.WILD_DRAW_FOUR


def player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if not 2 <= players <= 10:
            raise ValueError("UNO is for 2 to 10 players")
        return tuple(f"Player {i + 1}" for i in range(players))
    names = tuple(players)
    if not 2 <= len(names) <= 10:
        raise ValueError("UNO is for 2 to 10 players")
    return names


def choose_dealer(n: int, rules: RuleSet, rng: random.Random, events: list[Event]) -> int:
    """Each player draws a card; the highest deals; ties draw again."""
    contenders = list(range(n))
    while True:
        deck = build_deck(rules, n)  # the deck in play: Anniversary and blank cards too
        shuffle(rng, deck)
        ranks: dict[int, int] = {}
        for seat in contenders:
            card = deck.pop()
            events.append(ev.DealerDrew(seat, card))
            ranks[seat] = dealer_rank(card, rules.dealer_by_points)
        best = max(ranks.values())
        contenders = [seat for seat in contenders if ranks[seat] == best]
        if len(contenders) == 1:
            events.append(ev.DealerChosen(contenders[0]))
            return contenders[0]


def build_deck(rules: RuleSet, players: int) -> list[Card]:
    """Every card the rules play with: one deck (Speed UNO more), the Anniversary cards,
    the Wild Shuffle Hands card, and blank cards each in place of the card it stands for.
    """
    deck: list[Card] = []
    for _ in range(rules.deck_count(players)):
        deck += no_mercy_deck() if rules.no_mercy else standard_deck()
        if rules.anniversary_cards:
            deck += [ANNIVERSARY] * 4
        if rules.wild_shuffle_hands:
            deck.append(WILD_SHUFFLE)
        custom = rules.custom_wilds.kind
        if custom is not None:
            deck += [Card.of(custom)] * CUSTOM_A_DECK
    for card in rules.blank_cards:
        deck[deck.index(card)] = blank_card(card)
    return deck


def deal_round(s: GameState, rng: random.Random) -> list[Event]:
    """Shuffle the whole deck, deal to every seat still playing, and turn the start card."""
    n = len(s.hands)
    deck = build_deck(s.rules, n)
    shuffle(rng, deck)
    events: list[Event] = [ev.RoundStarted(s.round_number, s.dealer)]
    size = s.rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    seats = [seat for seat in deal_order(s.dealer, n) if not s.eliminated[seat]]
    for _ in range(size):  # one card at a time
        for seat in seats:
            hands[seat].append(deck.pop())
    s.hands = hands
    for seat in sorted(seats):
        events.append(ev.HandDealt(seat, size, tuple(hands[seat])))
    s.draw_pile = deck
    s.discard = []
    s.direction = 1
    s.round_winner = None
    s.exposed = None
    s.drawn = None
    s.four_player = None
    s.stack = 0
    s.stack_starter = None
    s.gone_out = ()
    s.knocked_points = {}
    s.plays = 0
    s.played_by = None
    s.drew.clear()
    s.handed_one = ()
    s.uno_early = ()
    s.stuck = 0
    start = s.draw_pile.pop()
    return events + turn_start_card(s, rng, start)


_FOURS_BACK: Final = frozenset({WILD_DRAW_FOUR})
_ACTIONS_BACK: Final = frozenset(kind for kind in Kind if kind is not Kind.NUMBER)


def _returned_at_start(s: GameState) -> frozenset[Kind]:
    """The start cards put back and another turned: a Wild Draw Four; under No Mercy
    every card but a number card (its sheet)."""
    return _ACTIONS_BACK if s.rules.no_mercy else _FOURS_BACK


def turn_start_card(s: GameState, rng: random.Random, start: Card) -> list[Event]:
    """Turn ``start`` up to begin the DISCARD pile and apply its effect."""
    events: list[Event] = []
    returned = _returned_at_start(s)
    while start.kind in returned:
        events.append(ev.StartCardReturned(start))
        s.draw_pile.append(start)
        shuffle(rng, s.draw_pile)
        start = s.draw_pile.pop()
    s.discard.append(start)
    events.append(ev.StartCardTurned(start))
    left = next_seat(s, s.dealer)
    s.color = start.color
    s.phase = Phase.PLAY
    kind = start.kind
    if kind.is_wild:  # a Wild (or an Anniversary card): left of the dealer names the colour
        s.phase = Phase.START_COLOR
        s.current = left
    elif kind is DRAW_TWO:
        give(s, rng, left, 2, DrawReason.START_DRAW_TWO, events)
        if s.rules.draw_no_skip:  # they draw, then play
            s.current = left
        else:
            events.append(ev.PlayerSkipped(left))
            s.current = next_seat(s, left)
    elif kind is REVERSE:
        if s.active == 2:  # Reverse acts as Skip: the dealer plays first
            events.append(ev.PlayerSkipped(left))
        else:
            s.direction = -1
            events.append(ev.DirectionChanged(Direction.COUNTERCLOCKWISE))
        s.current = s.dealer
    elif kind is SKIP:
        events.append(ev.PlayerSkipped(left))
        s.current = next_seat(s, left)
    else:
        s.current = left
    events.append(ev.TurnStarted(s.current))
    return events
