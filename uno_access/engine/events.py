"""What happened, as values. ``Game.apply`` returns these.

Some events carry cards only one seat may see (a draw, a dealt hand, a shown
hand). ``for_seat`` gives the version of an event that a given seat may know.

Each event is a dataclass (``fields``, ``replace`` and ``match`` as usual) whose fields
are ``Final`` and set in an ``__init__`` of its own: mypy refuses any change after it is
made, mypyc compiles the ``__init__`` to slot stores and makes the fields read-only. A
frozen dataclass's generated ``__init__`` stays interpreted under mypyc and sets each
field through ``object.__setattr__``; a simulation makes two events an action, and
that was a third of its time. Equality, the hash (the fields': safe, as no field
changes) and ``repr`` are ``values.Value``'s, the decorator generating no method: why
is there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from .actions import Action
from .cards import Card, Color
from .values import Value


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
    EVERYONE_DRAWS = "everyone_draws"  # a customizable Wild: every other player draws one
    ROULETTE = "roulette"  # No Mercy: the cards turned up by a Wild Colour Roulette


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
    JUMP_IN_NOT_SAME_NUMBER = "jump_in_not_same_number"  # jump-in any colour: not that number
    JUMP_IN_AFTER_DRAWING = "jump_in_after_drawing"
    JUMP_IN_TOO_LATE = "jump_in_too_late"
    JUMP_IN_OWN_CARD = "jump_in_own_card"
    ANNIVERSARY_TARGET = "anniversary_target"
    ANNIVERSARY_KEEP = "anniversary_keep"
    SWAP_TARGET = "swap_target"  # Seven-O: a 7 names another player still in the game
    SWAP_WILD_TARGET = "swap_wild_target"  # a Wild Swap Hands names another player too
    NO_BLUFFING = "no_bluffing"  # a Wild Draw Four while holding the colour in play
    MUST_PLAY_DRAWN_CARD = "must_play_drawn_card"  # force play: the drawn card plays
    DRAWN_TO_MATCH = "drawn_to_match"  # draw to match: the card that matched is played
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"  # no bluffing: a Wild Draw Four is legal
    NO_PENALTIES = "no_penalties"
    MUST_PLAY = "must_play"  # must play: a card in hand can be played, so no draw
    NO_ACTION_FINISH = "no_action_finish"  # no going out on an action card or a Wild
    COLOR_ONLY = "color_only"  # Speed UNO read strictly: a number or symbol alone does not match
    NAME_ROULETTE_COLOR = "name_roulette_color"  # No Mercy: a colour roulette is on you
    ROULETTE_NAMES_NO_COLOR = "roulette_names_no_color"  # its player names none: the next does
    NO_STRAIGHTS = "no_straights"  # a straight where the table does not play them
    STRAIGHT_NUMBERS = "straight_numbers"  # a straight of number cards, one each, at most 10
    STRAIGHT_NOT_HELD = "straight_not_held"  # a card of the straight not in the hand
    ELIMINATED = "eliminated"
    KNOCKED_OUT = "knocked_out"  # out of this round by the Mercy rule, back in the next


@dataclass(slots=True, init=False, repr=False, eq=False)
class Rejected(Value):
    """An action the rules do not allow; nothing changed."""

    seat: Final[int]
    action: Final[Action]
    reason: Final[Refusal]
    card: Final[Card | None]  # the card concerned, where one is (the drawn card, say)

    def __init__(
        self,
        seat: int,
        action: Action,
        reason: Refusal,
        card: Card | None = None,
    ) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.card = card


@dataclass(slots=True, init=False, repr=False, eq=False)
class DealerDrew(Value):
    seat: Final[int]
    card: Final[Card]

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card


@dataclass(slots=True, init=False, repr=False, eq=False)
class DealerChosen(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class RoundStarted(Value):
    number: Final[int]
    dealer: Final[int]

    def __init__(self, number: int, dealer: int) -> None:
        self.number = number
        self.dealer = dealer


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandDealt(Value):
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: Final[int]
    count: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, count: int, cards: tuple[Card, ...] = ()) -> None:
        self.seat = seat
        self.count = count
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class StartCardTurned(Value):
    card: Final[Card]

    def __init__(self, card: Card) -> None:
        self.card = card


@dataclass(slots=True, init=False, repr=False, eq=False)
class StartCardReturned(Value):
    """A Wild Draw Four turned up to start goes back into the deck, which is reshuffled."""

    card: Final[Card]

    def __init__(self, card: Card) -> None:
        self.card = card


@dataclass(slots=True, init=False, repr=False, eq=False)
class TurnStarted(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardPlayed(Value):
    seat: Final[int]
    card: Final[Card]
    cards_left: Final[int]
    count: Final[int]  # identical cards dropped at once (Speed UNO)
    jump_in: Final[bool]  # played out of turn on an identical card (Speed UNO)
    straight: Final[bool]  # played on from the card before it, in a straight (``straights``)

    def __init__(
        self,
        seat: int,
        card: Card,
        cards_left: int,
        count: int = 1,
        jump_in: bool = False,
        straight: bool = False,
    ) -> None:
        self.seat = seat
        self.card = card
        self.cards_left = cards_left
        self.count = count
        self.jump_in = jump_in
        self.straight = straight


@dataclass(slots=True, init=False, repr=False, eq=False)
class StackGrew(Value):
    """A Draw Two or Wild Draw Four added to what the next player owes."""

    seat: Final[int]  # who owes it now
    total: Final[int]

    def __init__(self, seat: int, total: int) -> None:
        self.seat = seat
        self.total = total


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandsPassed(Value):
    """Round-n-Round: on a 0 every hand passed one seat in the direction of play."""

    direction: Final[Direction]

    def __init__(self, direction: Direction) -> None:
        self.direction = direction


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandReceived(Value):
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: Final[int]
    from_seat: Final[int]
    count: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, from_seat: int, count: int, cards: tuple[Card, ...] = ()) -> None:
        self.seat = seat
        self.from_seat = from_seat
        self.count = count
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandsSwapped(Value):
    """Seven-O: ``seat`` played a 7 and swapped hands with ``target``. The counts are
    public; each seat sees only the cards it received (``seat_cards`` the new hand of
    ``seat``, ``target_cards`` that of ``target``), others see none.
    """

    seat: Final[int]
    target: Final[int]
    seat_count: Final[int]
    target_count: Final[int]
    seat_cards: Final[tuple[Card, ...]]
    target_cards: Final[tuple[Card, ...]]

    def __init__(
        self,
        seat: int,
        target: int,
        seat_count: int,
        target_count: int,
        seat_cards: tuple[Card, ...] = (),
        target_cards: tuple[Card, ...] = (),
    ) -> None:
        self.seat = seat
        self.target = target
        self.seat_count = seat_count
        self.target_count = target_count
        self.seat_cards = seat_cards
        self.target_cards = target_cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class AnniversaryPlayed(Value):
    """ "Happy Anniversary!": the player kept one card and gave the rest to ``target``."""

    seat: Final[int]
    target: Final[int]
    count: Final[int]
    cards: Final[tuple[Card, ...]]  # seen by the giver and the receiver only

    def __init__(self, seat: int, target: int, count: int, cards: tuple[Card, ...] = ()) -> None:
        self.seat = seat
        self.target = target
        self.count = count
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class WrongCardPenalty(Value):
    """Option penalties: a card that did not match was taken back, with 2 cards more;
    option jump_in_penalty (``jump_in``): a card jumped in with that could not jump in."""

    seat: Final[int]
    card: Final[Card]
    jump_in: Final[bool]

    def __init__(self, seat: int, card: Card, jump_in: bool = False) -> None:
        self.seat = seat
        self.card = card
        self.jump_in = jump_in


@dataclass(slots=True, init=False, repr=False, eq=False)
class SuggestionPenalty(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class PlayerEliminated(Value):
    """Challenge UNO: the running total reached the limit."""

    seat: Final[int]
    score: Final[int]

    def __init__(self, seat: int, score: int) -> None:
        self.seat = seat
        self.score = score


@dataclass(slots=True, init=False, repr=False, eq=False)
class ColorChosen(Value):
    seat: Final[int]
    color: Final[Color]

    def __init__(self, seat: int, color: Color) -> None:
        self.seat = seat
        self.color = color


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardsDrawn(Value):
    """``cards`` is empty in the version other seats see; ``count`` is public."""

    seat: Final[int]
    count: Final[int]
    reason: Final[DrawReason]
    cards: Final[tuple[Card, ...]]

    def __init__(
        self,
        seat: int,
        count: int,
        reason: DrawReason,
        cards: tuple[Card, ...] = (),
    ) -> None:
        self.seat = seat
        self.count = count
        self.reason = reason
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class CouldNotDraw(Value):
    """Both piles are empty: nothing to draw, the turn passes."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class DrawnCardKept(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class PlayerSkipped(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class DirectionChanged(Value):
    direction: Final[Direction]

    def __init__(self, direction: Direction) -> None:
        self.direction = direction


@dataclass(slots=True, init=False, repr=False, eq=False)
class UnoCalled(Value):
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class UnoCaught(Value):
    seat: Final[int]  # who caught
    target: Final[int]
    penalty: Final[int]

    def __init__(self, seat: int, target: int, penalty: int) -> None:
        self.seat = seat
        self.target = target
        self.penalty = penalty


@dataclass(slots=True, init=False, repr=False, eq=False)
class ChallengeMade(Value):
    seat: Final[int]  # the challenger
    target: Final[int]  # who played the Wild Draw Four

    def __init__(self, seat: int, target: int) -> None:
        self.seat = seat
        self.target = target


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandShown(Value):
    """The challenged hand, shown to the challenger alone (``cards`` empty for others)."""

    seat: Final[int]  # whose hand
    to_seat: Final[int]
    count: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, to_seat: int, count: int, cards: tuple[Card, ...] = ()) -> None:
        self.seat = seat
        self.to_seat = to_seat
        self.count = count
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class ChallengeResolved(Value):
    seat: Final[int]  # the challenger
    target: Final[int]
    guilty: Final[bool]

    def __init__(self, seat: int, target: int, guilty: bool) -> None:
        self.seat = seat
        self.target = target
        self.guilty = guilty


@dataclass(slots=True, init=False, repr=False, eq=False)
class DrawAccepted(Value):
    """Accepted what was owed: a Wild Draw Four, or a stack (``total`` cards)."""

    seat: Final[int]
    total: Final[int]

    def __init__(self, seat: int, total: int = 4) -> None:
        self.seat = seat
        self.total = total


@dataclass(slots=True, init=False, repr=False, eq=False)
class Reshuffled(Value):
    """The DISCARD pile but its top card became the new DRAW pile."""

    count: Final[int]

    def __init__(self, count: int) -> None:
        self.count = count


@dataclass(slots=True, init=False, repr=False, eq=False)
class RoundEnded(Value):
    winner: Final[int]
    hand_points: Final[tuple[int, ...]]  # points left in each hand
    gained: Final[tuple[int, ...]]  # what each seat's score grew by this round
    scores: Final[tuple[int, ...]]
    blocked: Final[bool]  # no one went out: no one could play or draw (``RoundBlocked``)

    def __init__(
        self,
        winner: int,
        hand_points: tuple[int, ...],
        gained: tuple[int, ...],
        scores: tuple[int, ...],
        blocked: bool = False,
    ) -> None:
        self.winner = winner
        self.hand_points = hand_points
        self.gained = gained
        self.scores = scores
        self.blocked = blocked


@dataclass(slots=True, init=False, repr=False, eq=False)
class FalseCallPenalty(Value):
    """Option ``false_uno_penalty``: ``seat`` called UNO when it was not due (``target``
    None), or tried to catch ``target``, who was safe; ``seat`` draws ``count`` cards
    (``CardsDrawn`` follows)."""

    seat: Final[int]
    target: Final[int | None]
    count: Final[int]

    def __init__(self, seat: int, target: int | None, count: int) -> None:
        self.seat = seat
        self.target = target
        self.count = count


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandsShuffled(Value):
    """A Wild Shuffle Hands: ``seat`` collected every hand, shuffled them and dealt them out
    from their left; ``counts`` is how many cards each seat now holds (each seat's own
    cards follow in a ``HandDealt``)."""

    seat: Final[int]
    counts: Final[tuple[int, ...]]

    def __init__(self, seat: int, counts: tuple[int, ...]) -> None:
        self.seat = seat
        self.counts = counts


@dataclass(slots=True, init=False, repr=False, eq=False)
class HandDiscarded(Value):
    """No Mercy's Discard All: ``seat`` discarded ``cards``, every card of its colour, with it
    (face up: everyone sees them)."""

    seat: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.seat = seat
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class RouletteTurned(Value):
    """No Mercy's Wild Colour Roulette: ``seat`` named ``color`` and turned up ``cards``,
    face up, until one of it showed; they keep them all."""

    seat: Final[int]
    color: Final[Color]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, color: Color, cards: tuple[Card, ...]) -> None:
        self.seat = seat
        self.color = color
        self.cards = cards


@dataclass(slots=True, init=False, repr=False, eq=False)
class MercyKnockout(Value):
    """No Mercy's Mercy rule: ``seat`` held ``count`` cards, 25 or more, and is out of the
    round; their cards are shuffled into the DRAW pile."""

    seat: Final[int]
    count: Final[int]

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


@dataclass(slots=True, init=False, repr=False, eq=False)
class OutPending(Value):
    """``stack_after_out``: ``seat`` went out on a Draw Two or Wild Draw Four that may still
    be answered; the round ends once the stack is drawn."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class SwapDeclined(Value):
    """Seven-O with ``seven_o_decline``: ``seat`` played a 7 and kept the same hand."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class RoundBlocked(Value):
    """No one can finish the round: every player still in it passed in turn with no card
    to play and none to draw. ``seat`` holds the hand worth least and wins the round
    (``RoundEnded`` follows)."""

    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True, init=False, repr=False, eq=False)
class GameEnded(Value):
    winner: Final[int]
    scores: Final[tuple[int, ...]]

    def __init__(self, winner: int, scores: tuple[int, ...]) -> None:
        self.winner = winner
        self.scores = scores


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardCount(Value):
    """A card check's answer: how many cards each seat holds."""

    seat: Final[int]  # who asked
    counts: Final[tuple[int, ...]]

    def __init__(self, seat: int, counts: tuple[int, ...]) -> None:
        self.seat = seat
        self.counts = counts


@dataclass(slots=True, init=False, repr=False, eq=False)
class TopCard(Value):
    """Touching the top card: the card, and the colour in play (set by a Wild, or its own)."""

    seat: Final[int]  # who touched
    card: Final[Card]
    color: Final[Color | None]

    def __init__(self, seat: int, card: Card, color: Color | None) -> None:
        self.seat = seat
        self.card = card
        self.color = color


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
    | RoundBlocked
    | SwapDeclined
    | OutPending
    | HandDiscarded
    | RouletteTurned
    | MercyKnockout
    | HandsShuffled
    | FalseCallPenalty
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
