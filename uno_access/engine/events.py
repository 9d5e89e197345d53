"""What happened, as frozen values. ``Game.apply`` returns these.

Some events carry cards only one seat may see (a draw, a dealt hand, a shown
hand). ``for_seat`` gives the version of an event that a given seat may know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .actions import Action
from .cards import Card, Color


class Direction(Enum):
    CLOCKWISE = 1  # to the left, the way play starts
    COUNTERCLOCKWISE = -1  # to the right, after a Reverse


class DrawReason(Enum):
    """Why cards were drawn."""

    TURN = "turn"  # drew instead of playing
    DRAW_TWO = "draw_two"
    DRAW_FOUR = "draw_four"  # accepted a Wild Draw Four
    CHALLENGE_GUILTY = "challenge_guilty"  # played Wild Draw Four illegally and was challenged
    CHALLENGE_LOST = "challenge_lost"  # challenged an innocent Wild Draw Four: 4 + 2
    UNO_PENALTY = "uno_penalty"
    START_DRAW_TWO = "start_draw_two"  # a Draw Two turned up to start
    STACK = "stack"  # accepted a stack of Draw Twos or Wild Draw Fours
    WRONG_CARD = "wrong_card"  # option penalties: a card that did not match, taken back
    SUGGESTION = "suggestion"  # option penalties: suggested a play to another player


class Refusal(Enum):
    """Why an action was not allowed. The words are in the messages module."""

    NO_SUCH_SEAT = "no_such_seat"
    GAME_OVER = "game_over"
    ROUND_OVER = "round_over"
    ROUND_NOT_OVER = "round_not_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_IN_HAND = "not_in_hand"
    DOES_NOT_MATCH = "does_not_match"
    NEED_COLOR = "need_color"
    CHOOSE_START_COLOR = "choose_start_color"
    NO_COLOR_TO_CHOOSE = "no_color_to_choose"
    ANSWER_CHALLENGE = "answer_challenge"
    NO_CHALLENGE = "no_challenge"
    ALREADY_DREW = "already_drew"
    NOTHING_DRAWN = "nothing_drawn"
    ONLY_DRAWN_CARD = "only_drawn_card"
    DRAWN_NOT_PLAYABLE = "drawn_not_playable"
    UNO_NOT_NOW = "uno_not_now"
    CATCH_SELF = "catch_self"
    CATCH_SAFE = "catch_safe"
    ANSWER_STACK = "answer_stack"
    STACK_CANNOT_ADD = "stack_cannot_add"
    MUST_PLAY_DRAWN = "must_play_drawn"
    NO_FOUR_FINISH = "no_four_finish"
    NO_DROPPING = "no_dropping"
    NOT_ENOUGH_COPIES = "not_enough_copies"
    NO_JUMP_IN = "no_jump_in"
    JUMP_IN_NOT_YET = "jump_in_not_yet"
    JUMP_IN_NOT_IDENTICAL = "jump_in_not_identical"
    JUMP_IN_AFTER_DRAWING = "jump_in_after_drawing"
    JUMP_IN_TOO_LATE = "jump_in_too_late"
    JUMP_IN_OWN_CARD = "jump_in_own_card"
    ANNIVERSARY_TARGET = "anniversary_target"
    ANNIVERSARY_KEEP = "anniversary_keep"
    SWAP_TARGET = "swap_target"  # Seven-O: a 7 names another player still in the game
    NO_BLUFFING = "no_bluffing"  # a Wild Draw Four while holding the colour in play
    MUST_PLAY_DRAWN_CARD = "must_play_drawn_card"  # force play: the drawn card plays
    DRAWN_TO_MATCH = "drawn_to_match"  # draw to match: the card that matched is played
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"  # no bluffing: a Wild Draw Four is legal
    NO_PENALTIES = "no_penalties"
    ELIMINATED = "eliminated"


@dataclass(frozen=True, slots=True)
class Rejected:
    """An action the rules do not allow; nothing changed."""

    seat: int
    action: Action
    reason: Refusal
    card: Card | None = None  # the card concerned, where one is (the drawn card, say)


@dataclass(frozen=True, slots=True)
class DealerDrew:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DealerChosen:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class HandDealt:
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class StartCardTurned:
    card: Card


@dataclass(frozen=True, slots=True)
class StartCardReturned:
    """A Wild Draw Four turned up to start goes back into the deck, which is reshuffled."""

    card: Card


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    cards_left: int
    count: int = 1  # identical cards dropped at once (Speed UNO)
    jump_in: bool = False  # played out of turn on an identical card (Speed UNO)


@dataclass(frozen=True, slots=True)
class StackGrew:
    """A Draw Two or Wild Draw Four added to what the next player owes."""

    seat: int  # who owes it now
    total: int


@dataclass(frozen=True, slots=True)
class HandsPassed:
    """Round-n-Round: on a 0 every hand passed one seat in the direction of play."""

    direction: Direction


@dataclass(frozen=True, slots=True)
class HandReceived:
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: int
    from_seat: int
    count: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    """Seven-O: ``seat`` played a 7 and swapped hands with ``target``. The counts are
    public; each seat sees only the cards it received (``seat_cards`` the new hand of
    ``seat``, ``target_cards`` that of ``target``), others see none.
    """

    seat: int
    target: int
    seat_count: int
    target_count: int
    seat_cards: tuple[Card, ...] = ()
    target_cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class AnniversaryPlayed:
    """ "Happy Anniversary!": the player kept one card and gave the rest to ``target``."""

    seat: int
    target: int
    count: int
    cards: tuple[Card, ...] = ()  # seen by the giver and the receiver only


@dataclass(frozen=True, slots=True)
class WrongCardPenalty:
    """Option penalties: a card that did not match was taken back, with 2 cards more."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SuggestionPenalty:
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    """Challenge UNO: the running total reached the limit."""

    seat: int
    score: int


@dataclass(frozen=True, slots=True)
class ColorChosen:
    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: int
    count: int
    reason: DrawReason
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class CouldNotDraw:
    """Both piles are empty: nothing to draw, the turn passes."""

    seat: int


@dataclass(frozen=True, slots=True)
class DrawnCardKept:
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerSkipped:
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    direction: Direction


@dataclass(frozen=True, slots=True)
class UnoCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    seat: int  # who caught
    target: int
    penalty: int


@dataclass(frozen=True, slots=True)
class ChallengeMade:
    seat: int  # the challenger
    target: int  # who played the Wild Draw Four


@dataclass(frozen=True, slots=True)
class HandShown:
    """The challenged hand, shown to the challenger alone (``cards`` empty for others)."""

    seat: int  # whose hand
    to_seat: int
    count: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    seat: int  # the challenger
    target: int
    guilty: bool


@dataclass(frozen=True, slots=True)
class DrawAccepted:
    """Accepted what was owed: a Wild Draw Four, or a stack (``total`` cards)."""

    seat: int
    total: int = 4


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The DISCARD pile but its top card became the new DRAW pile."""

    count: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    winner: int
    hand_points: tuple[int, ...]  # points left in each hand
    gained: tuple[int, ...]  # what each seat's score grew by this round
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    winner: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardCount:
    """A card check's answer: how many cards each seat holds."""

    seat: int  # who asked
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TopCard:
    """Touching the top card: the card, and the colour in play (set by a Wild, or its own)."""

    seat: int  # who touched
    card: Card
    color: Color | None


Event = (
    Rejected
    | DealerDrew
    | DealerChosen
    | RoundStarted
    | HandDealt
    | StartCardTurned
    | StartCardReturned
    | TurnStarted
    | CardPlayed
    | ColorChosen
    | CardsDrawn
    | CouldNotDraw
    | DrawnCardKept
    | PlayerSkipped
    | DirectionChanged
    | UnoCalled
    | UnoCaught
    | ChallengeMade
    | HandShown
    | ChallengeResolved
    | DrawAccepted
    | Reshuffled
    | RoundEnded
    | GameEnded
    | CardCount
    | TopCard
    | StackGrew
    | HandsPassed
    | HandReceived
    | HandsSwapped
    | AnniversaryPlayed
    | WrongCardPenalty
    | SuggestionPenalty
    | PlayerEliminated
)


def for_seat(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` may know it: other seats' private cards removed.

    ``None`` when the event is not for this seat at all: a refusal, and the answer
    to a query, go only to the seat that acted or asked.
    """
    if isinstance(event, Rejected | CardCount | TopCard):
        return event if event.seat == seat else None
    if isinstance(event, HandsSwapped):  # each learns the hand it receives, no other
        mine = event.seat_cards if seat == event.seat else ()
        theirs = event.target_cards if seat == event.target else ()
        if mine == event.seat_cards and theirs == event.target_cards:
            return event
        return replace(event, seat_cards=mine, target_cards=theirs)
    if isinstance(event, HandDealt | CardsDrawn | HandReceived):
        owner = event.seat
    elif isinstance(event, HandShown):
        owner = event.to_seat
    elif isinstance(event, AnniversaryPlayed):
        owner = event.target if seat == event.target else event.seat
    else:
        return event
    return replace(event, cards=()) if owner != seat and event.cards else event
