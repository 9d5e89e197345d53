"""What a bot remembers of the hand so far, from the events its seat may know.

A player who draws instead of playing held no card (a Wild apart) that matched the card
in play: every card then in their hand is none of those faces. That stays true of those
cards until they are played, while cards drawn later are new. A plain Wild played on
one's turn says the same (players keep their Wilds while another card will do), and a
Wild Draw Four likely says it too: played fairly, its player held no card of the colour,
and only a bluffer plays it while holding another match. How likely is read from that
player's challenges seen so far in the game (fair or guilty), from a prior of two fair
in three. A player who names a colour with a Wild holds a card of it (or only Wilds):
players name the colour they hold most. That card stays theirs until they play a card of
that colour, or draw or play a plain Wild while it is in play. A hand shown in a
challenge is known card by card until its cards are played.
``Memory`` keeps this per seat as groups of cards (how many, and which faces they cannot
be, or likely cannot be) and known cards, and ``deal_hands`` makes up hands that agree
with it.

The events come through ``engine.events.for_seat``: other seats' cards are never in them.
Where what is remembered no longer adds up (a hand passed on, a rule the model does not
follow), that seat's memory is cleared rather than trusted; a player seen to have drawn
while holding a card that matched (a person may, and the easy bot does) is not read
from their draws again in that game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from ..engine import events as ev
from ..engine.cards import COLORS, WILD, Card, Color, Kind, playable_faces
from ..engine.piles import shuffle

NOTHING: Final[frozenset[Card]] = frozenset()


FAIR_PRIOR: Final = (2, 1)  # a Wild Draw Four's player: fair twice in three, before any challenge


class Group:
    """``count`` of a seat's cards that are none of the faces in ``excluded``, and none of
    those in ``doubted`` either if the seat's last Wild Draw Four was played fairly; with
    ``named``, a card of that colour or a Wild (the colour it named with a Wild).
    """

    __slots__ = ("count", "doubted", "excluded", "named")

    def __init__(
        self,
        count: int,
        excluded: frozenset[Card] = NOTHING,
        doubted: frozenset[Card] = NOTHING,
        named: Color | None = None,
    ) -> None:
        self.count = count
        self.excluded = excluded
        self.doubted = doubted
        self.named = named

    def allows(self, card: Card) -> bool:
        """Whether ``card`` may be one of these (doubts aside)."""
        if card in self.excluded:
            return False
        named = self.named
        return named is None or card.color is None or card.color is named


class Memory:
    """One seat's memory of the other hands during the current hand of play."""

    def __init__(self, seat: int, color_only: bool = False) -> None:
        self.seat = seat
        self.color_only = color_only  # the rules' ``color_only``: only the colour matches
        self.top: Card | None = None
        self.color: Color | None = None
        self.groups: dict[int, list[Group]] = {}  # by seat; no entry: nothing known
        self.known: dict[int, list[Card]] = {}  # cards seen in a seat's hand
        # seats seen to draw while holding a card that matched: their draws tell nothing
        self.untrusted: set[int] = set()
        # by seat, challenges of its Wild Draw Fours seen this game: (fair, guilty)
        self.challenged: dict[int, tuple[int, int]] = {}
        # by seat, how it answered the Wild Draw Fours played on it this game: (challenged, taken)
        self.answered: dict[int, tuple[int, int]] = {}
        self.wild_by: int | None = None  # the seat whose Wild was just played on its turn
        # the cards just drawn on a turn, their seat, and the faces they are none of if kept
        self.drawn: tuple[int, Group, frozenset[Card]] | None = None

    # ----------------------------------------------------------------- events

    def observe(self, events: Iterable[ev.Event]) -> None:
        for event in events:
            self.note(event)

    def note(self, event: ev.Event) -> None:
        if isinstance(event, ev.CardPlayed):
            self.wild_by = None
            self.drawn = None  # a drawn card played at once: it matched, as it might
            top, color = self.top, self.color
            self.top, self.color = event.card, event.card.color
            if event.seat != self.seat:
                self._played(event.seat, event.card, event.count, event.cards_left)
                if not event.jump_in and not event.straight and top is not None:
                    self._wild(event.seat, event.card, top, color)
        elif isinstance(event, ev.ChallengeResolved):
            self._challenged(event.target, event.guilty)
        elif isinstance(event, ev.ChallengeMade):
            made, taken = self.answered.get(event.seat, (0, 0))
            self.answered[event.seat] = (made + 1, taken)
        elif isinstance(event, ev.DrawAccepted):
            if self.top is not None and self.top.kind is Kind.WILD_DRAW_FOUR:
                made, taken = self.answered.get(event.seat, (0, 0))
                self.answered[event.seat] = (made, taken + 1)
        elif isinstance(event, ev.ColorChosen):
            self.color = event.color
            if event.seat == self.wild_by:
                self._named(event.seat, event.color)
            self.wild_by = None
        elif isinstance(event, ev.CardsDrawn):
            self.drawn = None
            if event.seat != self.seat:
                self._drew(event.seat, event.count, event.reason)
        elif isinstance(event, ev.DrawnCardKept | ev.CouldNotDraw):
            drawn, self.drawn = self.drawn, None
            if drawn is not None and drawn[0] == event.seat:  # kept: it did not match
                group = drawn[1]
                group.excluded = group.excluded | drawn[2]
        elif isinstance(event, ev.HandDealt):
            if event.seat != self.seat:
                self.groups[event.seat] = [Group(event.count)]
                self.known.pop(event.seat, None)
        elif isinstance(event, ev.HandShown):
            if event.to_seat == self.seat and event.cards:
                self.known[event.seat] = list(event.cards)
                self.groups[event.seat] = []
        elif isinstance(event, ev.StartCardTurned):
            self.top, self.color = event.card, event.card.color
        elif isinstance(event, ev.WrongCardPenalty):
            if event.seat != self.seat:
                self.forget(event.seat)  # a card taken back: its size known at its next play
        elif isinstance(
            event,
            ev.RoundStarted
            | ev.HandsPassed
            | ev.HandReceived
            | ev.HandsSwapped
            | ev.AnniversaryPlayed,
        ):
            self.groups.clear()  # hands dealt or moved round: nothing known till it adds up
            self.known.clear()
            self.drawn = None
            self.wild_by = None

    def _drew(self, seat: int, count: int, reason: ev.DrawReason) -> None:
        groups = self.groups.get(seat)
        if groups is None:
            return  # its size not known since hands moved: nothing to add to
        excluded = NOTHING
        if reason is ev.DrawReason.TURN and self.top is not None and seat not in self.untrusted:
            top = WILD if self.color_only and self.color is not None else self.top
            excluded = matching(top, self.color)
            for group in groups:
                group.excluded = group.excluded | excluded
                if group.named is not None and group.named is self.color:
                    group.named = None  # it held none of the colour after all
        group = Group(count)
        groups.append(group)
        if excluded:  # the drawn card too, once kept: played at once if it matched
            self.drawn = (seat, group, excluded)

    def _wild(self, seat: int, card: Card, top: Card, color: Color | None) -> None:
        """A Wild played on its player's turn: the cards it kept matched nothing then (a
        Wild Draw Four: doubted, as it may have been a bluff).
        """
        kind = card.kind
        if kind is not Kind.WILD and kind is not Kind.WILD_DRAW_FOUR:
            return
        groups = self.groups.get(seat)
        if not groups or seat in self.untrusted:
            return
        shut = matching(WILD if self.color_only and color is not None else top, color)
        for group in groups:
            if kind is Kind.WILD:
                group.excluded = group.excluded | shut
                if group.named is not None and group.named is color:
                    group.named = None  # it held none of the colour after all
            else:
                group.doubted = shut
        self.wild_by = seat  # the colour it names next is one it holds

    def _named(self, seat: int, color: Color) -> None:
        """``seat`` named ``color`` with the Wild it just played: one of its cards is of
        that colour (or a Wild), taken from the largest group that may hold one; a colour
        it named before is forgotten.
        """
        groups = self.groups.get(seat)
        if not groups:
            return
        best: Group | None = None
        for group in groups:
            group.named = None
            if (best is None or group.count > best.count) and not _all_excluded(group, color):
                best = group
        if best is None:
            return
        if best.count == 1:
            best.named = color
            return
        best.count -= 1
        groups.append(Group(1, best.excluded, best.doubted, color))

    def _challenged(self, seat: int, guilty: bool) -> None:
        """A challenge of ``seat``'s Wild Draw Four: counted, and what was doubted of its
        hand now known (fair) or dropped (guilty).
        """
        fair, caught = self.challenged.get(seat, (0, 0))
        self.challenged[seat] = (fair, caught + 1) if guilty else (fair + 1, caught)
        for group in self.groups.get(seat, ()):
            if not guilty:
                group.excluded = group.excluded | group.doubted
            group.doubted = NOTHING

    def fair_chance(self, seat: int) -> float:
        """How likely ``seat``'s Wild Draw Four was played fairly, from its challenges seen."""
        fair, caught = self.challenged.get(seat, (0, 0))
        prior_fair, prior_guilty = FAIR_PRIOR
        return (fair + prior_fair) / (fair + caught + prior_fair + prior_guilty)

    def challenge_chance(self, seat: int) -> float:
        """How likely ``seat`` challenges a Wild Draw Four played on it, from its answers
        seen this game (an even chance before any).
        """
        made, taken = self.answered.get(seat, (0, 0))
        return (made + 1) / (made + taken + 2)

    def _played(self, seat: int, card: Card, count: int, left: int) -> None:
        groups = self.groups.get(seat)
        if groups is None:  # its size known again: a fresh start
            self.groups[seat] = [Group(left)] if left else []
            return
        known = self.known.get(seat)
        for _ in range(count):
            if known and card in known:
                known.remove(card)
                continue
            fits = [group for group in groups if group.allows(card)]
            if not fits and any(group.named is not None for group in groups):
                for group in groups:  # it named a colour it did not hold: forget the colour
                    group.named = None
                fits = [group for group in groups if group.allows(card)]
            if not fits:  # a card it drew on: it draws when it likes, so trust it no more
                self.untrusted.add(seat)
                self.forget(seat, left)
                return
            if all(card in group.doubted for group in fits):  # its Wild Draw Four a bluff
                for group in groups:
                    group.doubted = NOTHING
            # taken from the most constrained group it fits: a wrong guess then leaves a
            # card less constrained than it is, never more
            group = max(fits, key=_narrowness)
            group.count -= 1
            if group.count == 0:
                groups.remove(group)
        if self.size(seat) != left:
            self.forget(seat, left)

    def forget(self, seat: int, size: int | None = None) -> None:
        """Nothing known of ``seat``'s cards but their number, where that is known."""
        self.known.pop(seat, None)
        if size is None:
            self.groups.pop(seat, None)
        else:
            self.groups[seat] = [Group(size)] if size else []

    def size(self, seat: int) -> int:
        """How many of ``seat``'s cards the memory accounts for."""
        known = len(self.known.get(seat, ()))
        return known + sum(group.count for group in self.groups.get(seat, ()))

    # ----------------------------------------------------------------- making up hands

    def deal_hands(
        self,
        seat: int,
        hand: Sequence[Card],
        sizes: Sequence[int],
        unseen: list[Card],
        rng: random.Random,
    ) -> tuple[list[list[Card]], list[Card]]:
        """The unseen cards shuffled and dealt as ``deal_unseen`` does, each other hand
        agreeing with what is remembered of it where the unseen cards allow.
        """
        cards = list(unseen)
        shuffle(rng, cards)
        hands: list[list[Card]] = [[] for _ in sizes]
        hands[seat] = list(hand)
        wanted: list[tuple[int, int, frozenset[Card], Color | None]] = []
        for other, size in enumerate(sizes):
            if other == seat:
                continue
            for card in self.known.get(other, ()):
                if len(hands[other]) < size and card in cards:
                    cards.remove(card)
                    hands[other].append(card)
            fair: bool | None = None  # its Wild Draw Four played fairly, in this world
            for group in self.groups.get(other, ()):
                excluded = group.excluded
                if group.doubted:
                    if fair is None:
                        fair = rng.random() < self.fair_chance(other)
                    if fair:
                        excluded = excluded | group.doubted
                if excluded or group.named is not None:
                    wanted.append((other, group.count, excluded, group.named))
        wanted.sort(key=lambda item: (item[3] is None, -len(item[2])))
        for other, count, excluded, named in wanted:  # the most constrained first
            take = min(count, sizes[other] - len(hands[other]))
            at = len(cards) - 1
            while take > 0 and at >= 0:
                card = cards[at]
                if card not in excluded and (
                    named is None or card.color is None or card.color is named
                ):
                    hands[other].append(card)
                    del cards[at]
                    take -= 1
                at -= 1
        for other, size in enumerate(sizes):  # the rest, and wherever no card would fit
            if other == seat:
                continue
            take = min(size - len(hands[other]), len(cards))
            if take > 0:
                hands[other].extend(cards[len(cards) - take :])
                del cards[len(cards) - take :]
        return hands, cards

    def agrees(self, sizes: Sequence[int]) -> None:
        """Start again from the size of any hand the memory no longer adds up to (cards
        given or taken in a way it does not follow).
        """
        for other, size in enumerate(sizes):
            if other != self.seat and self.size(other) != size:
                self.forget(other, size)


def _narrowness(group: Group) -> tuple[bool, int]:
    """How constrained a group is: a named colour first, then the faces it excludes."""
    return group.named is not None, len(group.excluded)


def _all_excluded(group: Group, color: Color) -> bool:
    """Whether ``group`` may hold none of the standard cards of ``color``."""
    excluded = group.excluded
    return all(card in excluded for card in _OF_COLOR[color])


def matching(top: Card, color: Color | None) -> frozenset[Card]:
    """The faces other than Wilds that may be played on ``top`` with ``color`` in play."""
    key = (top, color)
    faces = _MATCHING.get(key)
    if faces is None:
        faces = _MATCHING[key] = frozenset(
            card for card in playable_faces(top, color) if not card.is_wild
        )
    return faces


_MATCHING: Final[dict[tuple[Card, Color | None], frozenset[Card]]] = {}
_OF_COLOR: Final[dict[Color, tuple[Card, ...]]] = {
    color: tuple(
        [Card.of(Kind.NUMBER, color, number) for number in range(10)]
        + [Card.of(kind, color) for kind in (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP)]
    )
    for color in COLORS
}
