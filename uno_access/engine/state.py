"""The game state (owned and changed by ``Game`` alone) and the per-seat ``PlayerView``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from .cards import Card, Color
from .events import Direction
from .rules import RuleSet
from .values import Value


class Phase(Enum):
    """What the game waits for."""

    START_COLOR = "start_color"  # the player left of the dealer names a colour for a Wild start
    PLAY = "play"  # the current player plays or draws
    DRAWN = "drawn"  # the current player drew: play that card or keep it
    CHALLENGE = "challenge"  # the current player challenges or accepts a Wild Draw Four
    STACK = "stack"  # the current player owes a stack of Draw Twos: add to it or accept
    ROULETTE = "roulette"  # No Mercy: the current player names a Wild Colour Roulette's colour
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


@dataclass(slots=True)
class GameState:
    """Everything there is to know. Only ``Game.apply`` changes it."""

    rules: RuleSet
    names: tuple[str, ...]
    hands: list[list[Card]]
    draw_pile: list[Card]  # the top card is the last
    discard: list[Card]  # the top card is the last
    color: Color | None  # the colour in play; None while a Wild start awaits its colour
    current: int
    direction: int  # +1 clockwise (to the left), -1 counterclockwise
    phase: Phase
    dealer: int
    scores: list[int]
    round_number: int = 1
    drawn: Card | None = None  # the card the current player just drew
    exposed: int | None = None  # the seat that may be caught for not calling UNO
    four_player: int | None = None  # who played the Wild Draw Four being answered
    four_guilty: bool = False  # whether they held a card of the colour in play then
    round_winner: int | None = None
    winner: int | None = None
    stack: int = 0  # cards the current player owes (a Wild Draw Four, a stack)
    stack_starter: int | None = None  # who began the stack (stacking: it goes round once)
    # stack_after_out: who went out on a Draw Two or Wild Draw Four still being answered,
    # in the order they went out; the round ends once the stack is drawn
    gone_out: tuple[int, ...] = ()
    # No Mercy's Mercy rule: the seats knocked out of this round (back in the next), and
    # the points each held then, which go to the round's winner
    knocked_out: tuple[int, ...] = ()
    knocked_points: dict[int, int] = field(default_factory=dict)
    plays: int = 0  # cards played this round: a jump-in names the play it answers
    played_by: int | None = None  # who put the top card down (None for the start card)
    drew: set[int] = field(default_factory=set)  # Speed UNO: drew since the last play
    handed_one: tuple[int, ...] = ()  # Round-n-Round: handed one card, UNO not yet called
    # called UNO just before playing their next-to-last card: it counts for that play
    uno_early: tuple[int, ...] = ()
    eliminated: list[bool] = field(default_factory=list)  # Challenge UNO
    active: int = 0  # seats still playing (all, but for Challenge UNO)
    teams: tuple[tuple[int, ...], ...] = ()  # partners: each team's seats
    # turns in a row that passed with no card to play and none to draw (a blocked round)
    stuck: int = 0


@dataclass(slots=True, init=False, repr=False, eq=False)
class PlayerView(Value):
    """Exactly what one seat may know: its own hand, and what is public.

    Its fields are ``Final``, set by its own ``__init__`` (as an event's are, ``values``):
    compiled, a view is made with slot stores rather than the frozen dataclass's
    ``object.__setattr__`` for each of its 27 fields (two thirds of ``Game.view``), and
    mypy refuses any change to one; the compiled class makes them read-only.
    """

    seat: Final[int]
    names: Final[tuple[str, ...]]
    rules: Final[RuleSet]
    hand: Final[tuple[Card, ...]]
    hand_sizes: Final[tuple[int, ...]]
    top: Final[Card]
    color: Final[Color | None]
    current: Final[int | None]
    direction: Final[Direction]
    phase: Final[Phase]
    dealer: Final[int]
    draw_pile_size: Final[int]
    discard_pile_size: Final[int]
    scores: Final[tuple[int, ...]]
    round_number: Final[int]
    drawn: Final[Card | None]  # the card this seat just drew, when it is deciding on it
    exposed: Final[int | None]  # who may be caught for not calling UNO (public: all heard it)
    # who played a Wild Draw Four on this seat, awaiting an answer
    challenged_by: Final[int | None]
    round_winner: Final[int | None]
    winner: Final[int | None]
    stack: Final[int]  # cards the player to move owes (public: everyone saw them played)
    plays: Final[int]  # cards played this round (what a jump-in answers)
    played_by: Final[int | None]  # who put the top card down (public: all saw it)
    handed_one: Final[tuple[int, ...]]  # Round-n-Round: who may be caught for UNO
    eliminated: Final[tuple[int, ...]]  # Challenge UNO
    teams: Final[tuple[tuple[int, ...], ...]]
    # the DISCARD pile, bottom first (public: every card in it was called out as played)
    discard: Final[tuple[Card, ...]]

    def __init__(
        self,
        seat: int,
        names: tuple[str, ...],
        rules: RuleSet,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        top: Card,
        color: Color | None,
        current: int | None,
        direction: Direction,
        phase: Phase,
        dealer: int,
        draw_pile_size: int,
        discard_pile_size: int,
        scores: tuple[int, ...],
        round_number: int,
        drawn: Card | None,
        exposed: int | None,
        challenged_by: int | None,
        round_winner: int | None,
        winner: int | None,
        stack: int = 0,
        plays: int = 0,
        played_by: int | None = None,
        handed_one: tuple[int, ...] = (),
        eliminated: tuple[int, ...] = (),
        teams: tuple[tuple[int, ...], ...] = (),
        discard: tuple[Card, ...] = (),
    ) -> None:
        self.seat = seat
        self.names = names
        self.rules = rules
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.top = top
        self.color = color
        self.current = current
        self.direction = direction
        self.phase = phase
        self.dealer = dealer
        self.draw_pile_size = draw_pile_size
        self.discard_pile_size = discard_pile_size
        self.scores = scores
        self.round_number = round_number
        self.drawn = drawn
        self.exposed = exposed
        self.challenged_by = challenged_by
        self.round_winner = round_winner
        self.winner = winner
        self.stack = stack
        self.plays = plays
        self.played_by = played_by
        self.handed_one = handed_one
        self.eliminated = eliminated
        self.teams = teams
        self.discard = discard

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat
