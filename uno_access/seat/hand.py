"""The hand as the player moves through it with Left and Right: its order (by colour or by
number), the selected card, and what each move says.

It changes nothing in the game; the selection follows the hand as it changes (a played
card gone, a drawn card added): the same card stays selected when it is still held. Two
identical cards are one face (``Card.of`` interns them) and lie side by side in either
order, so the selection is a place among them too: the second of two Green Draw Twos stays
the second, and Right from it goes on to the next card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from ..access import speech
from ..engine.cards import Card


class Order(Enum):
    COLOR = "colour"  # blue, green, red, yellow, then the wilds (the deck's order)
    NUMBER = "number"  # 0 to 9, then Draw Two, Reverse, Skip, then the wilds

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        if self is Order.COLOR:
            return speech.sorted_cards(cards)
        return sorted(cards, key=lambda card: (_rank(card), card.base.index, card.index))

    def other(self) -> Order:
        return Order.NUMBER if self is Order.COLOR else Order.COLOR


def _rank(card: Card) -> int:
    base = card.base
    if base.number is not None:
        return base.number
    if base.is_wild:
        return 20
    return 10


class HandCursor:
    """The selected card of a hand in one order."""

    def __init__(self, order: Order = Order.COLOR) -> None:
        self.order = order
        self.cards: list[Card] = []
        self.index = 0

    def update(self, hand: Sequence[Card], select: Card | None = None) -> None:
        """The hand now; ``select`` a card to move to (the card just drawn: the first of
        its copies), else the card selected before when still held, as the same copy of
        it (the last one left when fewer are), else the nearest place.
        """
        keep = select if select is not None else self.selected
        copy = 0 if select is not None else self._copy()
        self.cards = self.order.sort(hand)
        if keep is not None and keep in self.cards:
            copies = self.cards.count(keep)
            self.index = self.cards.index(keep) + min(copy, copies - 1)
        self.index = max(0, min(self.index, len(self.cards) - 1))

    def _copy(self) -> int:
        """Which copy of the selected card is selected: 0 for the first of identical cards."""
        card = self.selected
        return 0 if card is None else self.cards[: self.index].count(card)

    @property
    def selected(self) -> Card | None:
        return self.cards[self.index] if self.cards else None

    def move(self, step: int) -> bool:
        """Move by ``step`` cards; False at either end (the selection stays)."""
        target = self.index + step
        if not self.cards or not 0 <= target < len(self.cards):
            return False
        self.index = target
        return True

    def home(self) -> None:
        self.index = 0

    def end(self) -> None:
        self.index = max(0, len(self.cards) - 1)

    def toggle_order(self) -> None:
        self.order = self.order.other()
        self.update(self.cards)

    @property
    def position(self) -> tuple[int, int]:
        """(1-based place of the selected card, number of cards)."""
        return self.index + 1, len(self.cards)
