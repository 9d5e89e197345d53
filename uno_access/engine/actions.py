"""What a seat can do, as values. ``Game.apply`` takes exactly these.

Made as events are (``events``): fields ``Final``, set in an ``__init__`` of their own;
equality, hash and ``repr`` from ``values.Value``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import Card, Color
from .values import Value


@dataclass(slots=True, init=False, repr=False, eq=False)
class Play(Value):
    """Play a card from the hand; ``color`` for a Wild; ``uno`` calls UNO with it.

    ``count`` drops several identical cards at once (Speed UNO's Dropping). An
    Anniversary card names the ``target`` seat that is given the hand and the card
    to ``keep``; a 7 under Seven-O names the ``target`` seat it swaps hands with.

    ``straight`` (option ``straights``) plays on from a number card with that many cards
    of its colour, each the next number (``straight`` above 0: ``r4`` then ``r5 r6`` is
    2) or the previous one (below 0), 9 and 0 following each other; ``uno``, ``target``
    are then the run's last card's.
    """

    seat: Final[int]
    card: Final[Card]
    color: Final[Color | None]
    uno: Final[bool]
    count: Final[int]
    target: Final[int | None]
    keep: Final[Card | None]
    straight: Final[int]

    def __init__(
        self,
        seat: int,
        card: Card,
        color: Color | None = None,
        uno: bool = False,
        count: int = 1,
        target: int | None = None,
        keep: Card | None = None,
        straight: int = 0,
    ) -> None:
        self.seat = seat
        self.card = card
        self.color = color
        self.uno = uno
        self.count = count
        self.target = target
        self.keep = keep
        self.straight = straight


@dataclass(slots=True, init=False, repr=False, eq=False)
class JumpIn(Value):
    """Speed UNO's Exact Match: play a card identical to the top card, out of turn.

    ``on`` is the number of plays the jumper saw (``PlayerView.plays``): when
    another jump-in got there first, this one is too late. ``None`` skips the check.
    ``target``: the seat a 7 swaps hands with (Seven-O).
    """

    seat: Final[int]
    card: Final[Card]
    color: Final[Color | None]
    uno: Final[bool]
    count: Final[int]
    on: Final[int | None]
    target: Final[int | None]

    def __init__(
        self,
        seat: int,
        card: Card,
        color: Color | None = None,
        uno: bool = False,
        count: int = 1,
        on: int | None = None,
        target: int | None = None,
    ) -> None:
        self.seat = seat
        self.card = card
        self.color = color
        self.uno = uno
        self.count = count
        self.on = on
        self.target = target


@dataclass(slots=True, init=False, repr=False, eq=False)
class Suggest(Value):
    """The table noticed ``seat`` suggesting a play to someone (option ``penalties``)."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class Draw(Value):
    """Draw one card from the DRAW pile instead of playing."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class PlayDrawn(Value):
    """Play the card just drawn (the only card that may be played after a draw);
    ``target``: the seat a drawn 7 swaps hands with (Seven-O).
    """

    seat: Final[int]
    color: Final[Color | None]
    uno: Final[bool]
    target: Final[int | None]

    def __init__(
        self,
        seat: int,
        color: Color | None = None,
        uno: bool = False,
        target: int | None = None,
    ) -> None:
        self.seat = seat
        self.color = color
        self.uno = uno
        self.target = target


@dataclass(slots=True, init=False, repr=False, eq=False)
class Keep(Value):
    """Keep the card just drawn and end the turn."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class CallUno(Value):
    """Call UNO right after playing the next-to-last card, before anyone catches you."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class Catch(Value):
    """Catch ``target``, who holds one card and has not called UNO."""

    seat: Final[int]
    target: Final[int]

    def __init__(self, seat: int, target: int) -> None:
        self.seat = seat
        self.target = target


@dataclass(slots=True, init=False, repr=False, eq=False)
class Challenge(Value):
    """Challenge the Wild Draw Four just played on you."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class Accept(Value):
    """Accept the Wild Draw Four just played on you: draw 4 and lose the turn."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class ChooseColor(Value):
    """Choose the colour for a Wild turned up to start the DISCARD pile."""

    seat: Final[int]
    color: Final[Color]

    def __init__(self, seat: int, color: Color) -> None:
        self.seat = seat
        self.color = color


@dataclass(slots=True, init=False, repr=False, eq=False)
class NextRound(Value):
    """Deal the next round after one has ended."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardCheck(Value):
    """Ask everyone how many cards they hold. Changes nothing."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class TouchTopCard(Value):
    """Touch the top card of the DISCARD pile. Changes nothing."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


Action = (
    Play
    | Draw
    | PlayDrawn
    | Keep
    | CallUno
    | Catch
    | Challenge
    | Accept
    | ChooseColor
    | NextRound
    | CardCheck
    | TouchTopCard
    | JumpIn
    | Suggest
)
QUERIES: Final = (CardCheck, TouchTopCard)
