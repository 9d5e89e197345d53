"""What a seat can do, as frozen values. ``Game.apply`` takes exactly these."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand; ``color`` for a Wild; ``uno`` calls UNO with it.

    ``count`` drops several identical cards at once (Speed UNO's Dropping). An
    Anniversary card names the ``target`` seat that is given the hand and the card
    to ``keep``; a 7 under Seven-O names the ``target`` seat it swaps hands with.
    """

    seat: int
    card: Card
    color: Color | None = None
    uno: bool = False
    count: int = 1
    target: int | None = None
    keep: Card | None = None


@dataclass(frozen=True, slots=True)
class JumpIn:
    """Speed UNO's Exact Match: play a card identical to the top card, out of turn.

    ``on`` is the number of plays the jumper saw (``PlayerView.plays``): when
    another jump-in got there first, this one is too late. ``None`` skips the check.
    ``target``: the seat a 7 swaps hands with (Seven-O).
    """

    seat: int
    card: Card
    color: Color | None = None
    uno: bool = False
    count: int = 1
    on: int | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Suggest:
    """The table noticed ``seat`` suggesting a play to someone (option ``penalties``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the DRAW pile instead of playing."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayDrawn:
    """Play the card just drawn (the only card that may be played after a draw);
    ``target``: the seat a drawn 7 swaps hands with (Seven-O).
    """

    seat: int
    color: Color | None = None
    uno: bool = False
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the card just drawn and end the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallUno:
    """Call UNO right after playing the next-to-last card, before anyone catches you."""

    seat: int


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch ``target``, who holds one card and has not called UNO."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you."""

    seat: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the Wild Draw Four just played on you: draw 4 and lose the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """Choose the colour for a Wild turned up to start the DISCARD pile."""

    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round after one has ended."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardCheck:
    """Ask everyone how many cards they hold. Changes nothing."""

    seat: int


@dataclass(frozen=True, slots=True)
class TouchTopCard:
    """Touch the top card of the DISCARD pile. Changes nothing."""

    seat: int


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
QUERIES = (CardCheck, TouchTopCard)
