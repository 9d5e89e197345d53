"""What a bot can work out from its own ``PlayerView``: seats, partners, colours, threats.

Shared by the normal and hard bots. Everything here reads a view and changes nothing.
"""

from __future__ import annotations

from ..engine import seats
from ..engine.cards import COLORS, Card, Color, Kind
from ..engine.state import PlayerView


def seat_after(view: PlayerView, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the direction of play, past the eliminated."""
    n = len(view.names)
    if not view.eliminated:  # no one to pass over
        return seats.step(seat, view.direction.value, n, steps)
    eliminated = seats.eliminated_flags(n, view.eliminated)
    return seats.seat_after(seat, view.direction.value, eliminated, steps)


def seat_before(view: PlayerView, seat: int) -> int:
    """The seat one place against the direction of play."""
    n = len(view.names)
    if not view.eliminated:  # no one to pass over
        return seats.step(seat, -view.direction.value, n)
    eliminated = seats.eliminated_flags(n, view.eliminated)
    return seats.seat_before(seat, view.direction.value, eliminated)


def partners(view: PlayerView, seat: int) -> tuple[int, ...]:
    """The seats on ``seat``'s side: itself, and its partner where partners play."""
    for team in view.teams:
        if seat in team:
            return team
    return (seat,)


def is_opponent(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` plays against this view's seat (not itself, not its partner)."""
    return seat not in partners(view, view.seat) and seat not in view.eliminated


def opponents(view: PlayerView) -> list[int]:
    """The seats still playing against this view's seat."""
    return [seat for seat in range(len(view.names)) if is_opponent(view, seat)]


def fewest_cards(view: PlayerView) -> int:
    """The fewest cards an opponent holds (99 when there is none)."""
    sizes = [view.hand_sizes[seat] for seat in opponents(view)]
    return min(sizes) if sizes else 99


def threat(view: PlayerView, seat: int) -> int:
    """How close an opponent is to going out, 0 (far) to 10 (one card); 0 for a partner."""
    if not is_opponent(view, seat):
        return 0
    return max(0, 11 - view.hand_sizes[seat])


Hand = tuple[Card, ...] | list[Card]


def color_counts(hand: Hand, leave: Card | None = None) -> dict[Color, int]:
    """How many cards of each colour ``hand`` holds, ``leave`` (one copy) not counted."""
    counts = {color: 0 for color in COLORS}
    skipped = False
    for card in hand:
        if card is leave and not skipped:
            skipped = True
            continue
        color = card.color
        if color is not None:
            counts[color] += 1
    return counts


def best_color(hand: Hand, leave: Card | None = None) -> Color:
    """The colour held most (ties: the more points, then deck order), ``leave`` not counted."""
    counts = color_counts(hand, leave)
    points = {color: 0 for color in COLORS}
    for card in hand:
        if card.color is not None:
            points[card.color] += card.points
    return max(COLORS, key=lambda color: (counts[color], points[color], -COLORS.index(color)))


def holds_color(hand: tuple[Card, ...], color: Color | None) -> bool:
    """Whether ``hand`` holds a card of ``color`` (what makes a Wild Draw Four legal)."""
    return color is not None and any(card.color is color for card in hand)


def is_attack(card: Card) -> bool:
    """A card that hurts the next player: Skip, Draw Two, Wild Draw Four."""
    kind = card.kind
    return kind is Kind.SKIP or kind is Kind.DRAW_TWO or kind is Kind.WILD_DRAW_FOUR


def color_before(view: PlayerView) -> Color | None:
    """The colour in play before the top card, when the card under it shows it (a coloured
    card); None when it was a Wild's colour or there is no card under it.
    """
    if len(view.discard) < 2:
        return None
    return view.discard[-2].color


def guilty_odds(view: PlayerView, player: int) -> float:
    """The chance that ``player`` held a card of the colour in play when they played the Wild
    Draw Four on us. When the card under it shows that colour, it is counted among the
    cards this seat has not seen (``player``'s hand is some of them); else about one card
    in four is of a colour, so with ``k`` other cards they held none with chance 0.77 ** k.
    """
    from .determinize import unseen_cards

    held = view.hand_sizes[player]
    color = color_before(view)
    if color is None:
        return 1.0 - 0.77**held
    unseen = unseen_cards(view)
    total = len(unseen)
    others = total - sum(1 for card in unseen if card.color is color)
    none = 1.0
    for i in range(held):
        if total - i <= 0:
            break
        none *= max(others - i, 0) / (total - i)
    return 1.0 - none
