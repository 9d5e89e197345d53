"""The game: ``apply`` is the one place that changes state; everything else only reads.

A game is replayable from its seed and its actions: all randomness comes from the
``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from . import events as ev
from .actions import (
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    TouchTopCard,
)
from .cards import COLORS, Card, Color, Kind, dealer_rank, standard_deck
from .events import Direction, DrawReason, Event, Refusal
from .rules import RuleSet, Scoring
from .state import GameState, Phase, PlayerView

NUMBER = Kind.NUMBER
DRAW_TWO = Kind.DRAW_TWO
REVERSE = Kind.REVERSE
SKIP = Kind.SKIP
WILD_DRAW_FOUR = Kind.WILD_DRAW_FOUR

_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


class Game:
    """One game of UNO, round after round, to the target score."""

    __slots__ = ("opening", "rng", "state")

    def __init__(self, state: GameState, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.opening: tuple[Event, ...] = ()

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        rules: RuleSet | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A new game: the dealer chosen by drawing, 7 cards dealt, the start card turned.

        The events of that opening are in ``game.opening``.
        """
        names = _names(players)
        rules = rules or RuleSet()
        rng = rng or random.Random(seed)
        events: list[Event] = []
        dealer = _choose_dealer(len(names), rules, rng, events)
        state = GameState(
            rules=rules, names=names, hands=[[] for _ in names], draw_pile=[], discard=[],
            color=None, current=dealer, direction=1, phase=Phase.PLAY, dealer=dealer,
            scores=[0] * len(names),
        )
        game = cls(state, rng)
        events += _deal_round(state, rng)
        game.opening = tuple(events)
        return game

    @classmethod
    def from_position(
        cls,
        players: int | Sequence[str],
        hands: Sequence[Sequence[Card]],
        start: Card,
        draw_pile: Sequence[Card],
        rules: RuleSet | None = None,
        dealer: int | None = None,
        seed: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> Game:
        """A game from an exact position: the hands, the start card and the DRAW pile
        (its top card first). Play starts left of ``dealer`` (default: the last seat)
        with the start card's effect applied as the rules say.
        """
        names = _names(players)
        if len(hands) != len(names):
            raise ValueError("one hand per player")
        dealer = len(names) - 1 if dealer is None else dealer
        if not 0 <= dealer < len(names):
            raise ValueError("no such dealer seat")
        state = GameState(
            rules=rules or RuleSet(), names=names, hands=[list(h) for h in hands],
            draw_pile=list(reversed(draw_pile)), discard=[], color=None, current=dealer,
            direction=1, phase=Phase.PLAY, dealer=dealer,
            scores=list(scores) if scores is not None else [0] * len(names),
        )
        rng = random.Random(seed)
        game = cls(state, rng)
        events: list[Event] = [ev.RoundStarted(1, dealer)]
        events += _turn_start_card(state, rng, start)
        game.opening = tuple(events)
        return game

    # ----------------------------------------------------------------- the one mutator

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return what happened.

        An action the rules do not allow changes nothing and returns a single
        ``Rejected`` event with the reason.
        """
        s = self.state
        seat = action.seat
        if not 0 <= seat < len(s.hands):
            return [ev.Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
        kind = type(action)
        if kind is Play:  # the most common action first
            if s.phase is Phase.PLAY and seat == s.current:
                return _play(s, self.rng, action)  # type: ignore[arg-type]
        elif kind is CardCheck:
            return [ev.CardCount(seat, self.card_check())]
        elif kind is TouchTopCard:
            return [ev.TopCard(seat, s.discard[-1], s.color)]
        if s.phase is Phase.GAME_OVER:
            return [ev.Rejected(seat, action, Refusal.GAME_OVER)]
        if kind is NextRound:
            if s.phase is not Phase.ROUND_OVER:
                return [ev.Rejected(seat, action, Refusal.ROUND_NOT_OVER)]
            s.dealer = (s.dealer + 1) % len(s.hands)  # the deal passes to the left
            s.round_number += 1
            return _deal_round(s, self.rng)
        if s.phase is Phase.ROUND_OVER:
            return [ev.Rejected(seat, action, Refusal.ROUND_OVER)]
        if kind is CallUno:
            return _call_uno(s, action)  # type: ignore[arg-type]
        if kind is Catch:
            return _catch(s, self.rng, action)  # type: ignore[arg-type]
        if seat != s.current:
            return [ev.Rejected(seat, action, Refusal.NOT_YOUR_TURN)]
        handler = _TURN_ACTIONS.get(kind)
        if handler is None:
            raise TypeError(f"not an action: {action!r}")
        return handler(s, self.rng, action)

    # ----------------------------------------------------------------- queries

    def legal_actions(self, seat: int) -> list[Action]:
        """Every game action ``seat`` may take now (queries, always allowed, aside).

        A Wild Draw Four held with a card of the colour in play is listed: playing it
        is a bluff the rules allow, at the risk of a challenge. At two cards, every
        play is listed twice: with UNO called and without.
        """
        s = self.state
        phase = s.phase
        if phase is Phase.GAME_OVER:
            return []
        if phase is Phase.ROUND_OVER:
            return [_NEXT_ROUND[seat]]
        out: list[Action] = []
        exposed = s.exposed
        if exposed is not None:
            out.append(_CALL_UNO[seat] if exposed == seat else Catch(seat, exposed))
        if seat != s.current:
            return out
        if phase is Phase.PLAY:
            hand = s.hands[seat]
            two_left = len(hand) == 2
            color = s.color
            top = s.discard[-1]
            top_kind = top.kind
            top_number = top.number
            for card in dict.fromkeys(hand):  # each card face once, in hand order
                kind = card.kind
                if (
                    card.is_wild
                    or card.color is color
                    or (kind is top_kind and (kind is not NUMBER or card.number == top_number))
                ):
                    options = _PLAYS.get((seat, card, two_left))
                    if options is None:
                        options = _PLAYS[(seat, card, two_left)] = tuple(
                            Play(seat, card, col, uno) for col, uno in _variants(card, two_left)
                        )
                    out += options
            out.append(_DRAW[seat])
        elif phase is Phase.DRAWN:
            drawn = s.drawn
            assert drawn is not None
            out.append(_KEEP[seat])
            if _matches(s, drawn):
                two_left = len(s.hands[seat]) == 2
                key = (seat, drawn.is_wild, two_left)
                options = _PLAY_DRAWN.get(key)
                if options is None:
                    options = _PLAY_DRAWN[key] = tuple(
                        PlayDrawn(seat, col, uno) for col, uno in _variants(drawn, two_left)
                    )
                out += options
        elif phase is Phase.CHALLENGE:
            out += (_CHALLENGE[seat], _ACCEPT[seat])
        else:  # START_COLOR
            out += _CHOOSE_COLOR[seat]
        return out

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know."""
        s = self.state
        over = s.phase in _OVER
        mine = s.current == seat and not over
        return PlayerView(
            seat=seat, names=s.names, rules=s.rules, hand=tuple(s.hands[seat]),
            hand_sizes=self.card_check(), top=s.discard[-1], color=s.color,
            current=None if over else s.current,
            direction=Direction(s.direction), phase=s.phase, dealer=s.dealer,
            draw_pile_size=len(s.draw_pile), discard_pile_size=len(s.discard),
            scores=tuple(s.scores), round_number=s.round_number,
            drawn=s.drawn if mine else None, exposed=s.exposed,
            challenged_by=s.four_player if mine and s.phase is Phase.CHALLENGE else None,
            round_winner=s.round_winner, winner=s.winner,
        )

    def card_check(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(h) for h in self.state.hands)

    def top_card(self) -> tuple[Card, Color | None]:
        """The top card of the DISCARD pile and the colour in play."""
        return self.state.discard[-1], self.state.color

    def playable(self, card: Card) -> bool:
        """Whether ``card`` matches the top of the DISCARD pile now."""
        return _matches(self.state, card)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def round_over(self) -> bool:
        return self.state.phase in _OVER

    def cards_in_play(self) -> int:
        """Every card in hands and piles: always the size of the deck."""
        s = self.state
        return sum(len(h) for h in s.hands) + len(s.draw_pile) + len(s.discard)


# --------------------------------------------------------------------- set-up


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place, uniformly (Fisher-Yates), from ``rng`` alone.

    The same as ``rng.shuffle`` but drawing floats, which is several times faster
    in CPython; the bias of ``int(random() * n)`` is below 2**-45 for a deck.
    """
    random_ = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(random_() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if not 2 <= players <= 10:
            raise ValueError("UNO is for 2 to 10 players")
        return tuple(f"Player {i + 1}" for i in range(players))
    names = tuple(players)
    if not 2 <= len(names) <= 10:
        raise ValueError("UNO is for 2 to 10 players")
    return names


def _choose_dealer(n: int, rules: RuleSet, rng: random.Random, events: list[Event]) -> int:
    """Each player draws a card; the highest deals; ties draw again."""
    contenders = list(range(n))
    while True:
        deck = standard_deck()
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


def _deal_round(s: GameState, rng: random.Random) -> list[Event]:
    """Shuffle the whole deck, deal, and turn the start card."""
    n = len(s.hands)
    deck = standard_deck()
    shuffle(rng, deck)
    events: list[Event] = [ev.RoundStarted(s.round_number, s.dealer)]
    size = s.rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(size):  # one card at a time, starting left of the dealer
        for k in range(1, n + 1):
            hands[(s.dealer + k) % n].append(deck.pop())
    s.hands = hands
    for seat in range(n):
        events.append(ev.HandDealt(seat, size, tuple(hands[seat])))
    s.draw_pile = deck
    s.discard = []
    s.direction = 1
    s.round_winner = None
    s.exposed = None
    s.drawn = None
    s.four_player = None
    start = s.draw_pile.pop()
    return events + _turn_start_card(s, rng, start)


def _turn_start_card(s: GameState, rng: random.Random, start: Card) -> list[Event]:
    """Turn ``start`` up to begin the DISCARD pile and apply its effect."""
    events: list[Event] = []
    while start.kind is WILD_DRAW_FOUR:
        events.append(ev.StartCardReturned(start))
        s.draw_pile.append(start)
        shuffle(rng, s.draw_pile)
        start = s.draw_pile.pop()
    s.discard.append(start)
    events.append(ev.StartCardTurned(start))
    n = len(s.hands)
    left = (s.dealer + 1) % n
    s.color = start.color
    s.phase = Phase.PLAY
    kind = start.kind
    if kind is Kind.WILD:
        s.phase = Phase.START_COLOR
        s.current = left
    elif kind is DRAW_TWO:
        _give(s, rng, left, 2, DrawReason.START_DRAW_TWO, events)
        events.append(ev.PlayerSkipped(left))
        s.current = (left + 1) % n
    elif kind is REVERSE:
        if n == 2:  # Reverse acts as Skip: the dealer plays first
            events.append(ev.PlayerSkipped(left))
        else:
            s.direction = -1
            events.append(ev.DirectionChanged(Direction.COUNTERCLOCKWISE))
        s.current = s.dealer
    elif kind is SKIP:
        events.append(ev.PlayerSkipped(left))
        s.current = (left + 1) % n
    else:
        s.current = left
    events.append(ev.TurnStarted(s.current))
    return events


# --------------------------------------------------------------------- rules


def _matches(s: GameState, card: Card) -> bool:
    """Colour, number or symbol matches the top card, or it is a Wild."""
    if card.is_wild or card.color is s.color:
        return True
    top = s.discard[-1]
    if card.kind is NUMBER:
        return top.kind is NUMBER and top.number == card.number
    return card.kind is top.kind


def _variants(card: Card, two_left: bool) -> list[tuple[Color | None, bool]]:
    """The ways to play ``card``: one per colour for a Wild, with and without UNO at two."""
    colors: Sequence[Color | None] = COLORS if card.is_wild else (None,)
    calls = (False, True) if two_left else (False,)
    return [(color, uno) for color in colors for uno in calls]


# Actions are values, so the ones legal_actions offers are made once and shared.
_SEATS = range(10)
_DRAW = [Draw(seat) for seat in _SEATS]
_KEEP = [Keep(seat) for seat in _SEATS]
_CALL_UNO = [CallUno(seat) for seat in _SEATS]
_CHALLENGE = [Challenge(seat) for seat in _SEATS]
_ACCEPT = [Accept(seat) for seat in _SEATS]
_NEXT_ROUND = [NextRound(seat) for seat in _SEATS]
_CHOOSE_COLOR = [tuple(ChooseColor(seat, color) for color in COLORS) for seat in _SEATS]
_PLAYS: dict[tuple[int, Card, bool], tuple[Action, ...]] = {}
_PLAY_DRAWN: dict[tuple[int, bool, bool], tuple[Action, ...]] = {}


def _phase_refusal(s: GameState, phase: Phase) -> Refusal | None:
    """Why the current player may not play from the hand or draw now, if not."""
    if phase is Phase.PLAY:
        return None
    if phase is Phase.DRAWN:
        return Refusal.ONLY_DRAWN_CARD
    if phase is Phase.CHALLENGE:
        return Refusal.ANSWER_CHALLENGE
    return Refusal.CHOOSE_START_COLOR


def _drawn_refusal(phase: Phase) -> Refusal:
    if phase is Phase.CHALLENGE:
        return Refusal.ANSWER_CHALLENGE
    if phase is Phase.START_COLOR:
        return Refusal.CHOOSE_START_COLOR
    return Refusal.NOTHING_DRAWN


def _next(s: GameState, seat: int, steps: int = 1) -> int:
    return (seat + s.direction * steps) % len(s.hands)


def _take(s: GameState, rng: random.Random, count: int, events: list[Event]) -> list[Card]:
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


def _give(
    s: GameState, rng: random.Random, seat: int, count: int, reason: DrawReason,
    events: list[Event],
) -> None:
    """``seat`` draws ``count`` cards (fewer only when both piles run out)."""
    cards = _take(s, rng, count, events)
    s.hands[seat] += cards
    events.append(ev.CardsDrawn(seat, len(cards), reason, tuple(cards)))


def _pass_turn(s: GameState, seat: int, events: list[Event], steps: int = 1) -> list[Event]:
    s.current = _next(s, seat, steps)
    s.phase = Phase.PLAY
    s.drawn = None
    events.append(ev.TurnStarted(s.current))
    return events


def _play(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    seat = action.seat
    card = action.card
    hand = s.hands[seat]
    if card not in hand:
        return [ev.Rejected(seat, action, Refusal.NOT_IN_HAND, card)]
    if not _matches(s, card):
        return [ev.Rejected(seat, action, Refusal.DOES_NOT_MATCH, card)]
    if card.is_wild and action.color is None and len(hand) > 1:
        return [ev.Rejected(seat, action, Refusal.NEED_COLOR, card)]
    return _put_down(s, rng, seat, card, action.color, action.uno)


def _play_drawn(
    s: GameState, rng: random.Random, action: Play | PlayDrawn, color: Color | None, uno: bool
) -> list[Event]:
    """Play the card just drawn (``action`` is what was asked: a PlayDrawn, or a Play of it)."""
    seat = action.seat
    card = s.drawn
    assert card is not None
    if not _matches(s, card):
        return [ev.Rejected(seat, action, Refusal.DRAWN_NOT_PLAYABLE, card)]
    if card.is_wild and color is None and len(s.hands[seat]) > 1:
        return [ev.Rejected(seat, action, Refusal.NEED_COLOR, card)]
    return _put_down(s, rng, seat, card, color, uno)


def _put_down(
    s: GameState, rng: random.Random, seat: int, card: Card, color: Color | None, uno: bool
) -> list[Event]:
    """Play ``card`` (already checked legal) and apply its effect."""
    hand = s.hands[seat]
    s.exposed = None  # this player began their turn: the UNO window is closed
    s.drawn = None
    kind = card.kind
    if kind is WILD_DRAW_FOUR:
        in_play = s.color
        s.four_guilty = any(c.color is in_play for c in hand)
    hand.remove(card)
    s.discard.append(card)
    left = len(hand)
    events: list[Event] = []
    if left == 1:
        if uno:  # "UNO!", then the card: "Playing Red 5"
            events.append(ev.UnoCalled(seat))
        else:
            s.exposed = seat
    events.append(ev.CardPlayed(seat, card, left))
    if card.is_wild:
        if color is not None:
            s.color = color
            events.append(ev.ColorChosen(seat, color))
    else:
        s.color = card.color
    n = len(s.hands)
    if left == 0:
        # a last Draw Two or Wild Draw Four is still drawn, and counts in the score
        if kind is DRAW_TWO:
            _give(s, rng, _next(s, seat), 2, DrawReason.DRAW_TWO, events)
        elif kind is WILD_DRAW_FOUR:
            _give(s, rng, _next(s, seat), 4, DrawReason.DRAW_FOUR, events)
        return _end_round(s, seat, events)
    if kind is NUMBER or kind is Kind.WILD:
        return _pass_turn(s, seat, events)
    if kind is SKIP:
        events.append(ev.PlayerSkipped(_next(s, seat)))
        return _pass_turn(s, seat, events, 2)
    if kind is REVERSE:
        if n == 2:  # acts as Skip
            events.append(ev.PlayerSkipped(_next(s, seat)))
            return _pass_turn(s, seat, events, 2)
        s.direction = -s.direction
        events.append(ev.DirectionChanged(Direction(s.direction)))
        return _pass_turn(s, seat, events)
    victim = _next(s, seat)
    if kind is DRAW_TWO:
        _give(s, rng, victim, 2, DrawReason.DRAW_TWO, events)
        events.append(ev.PlayerSkipped(victim))
        return _pass_turn(s, seat, events, 2)
    # Wild Draw Four: the next player challenges or accepts
    s.four_player = seat
    s.current = victim
    s.phase = Phase.CHALLENGE
    events.append(ev.TurnStarted(victim))
    return events


def _turn_play(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """A Play by the current player outside the plain PLAY phase."""
    if s.phase is Phase.DRAWN and action.card is s.drawn:
        return _play_drawn(s, rng, action, action.color, action.uno)
    refusal = _phase_refusal(s, s.phase)
    if refusal is not None:
        return [ev.Rejected(action.seat, action, refusal, s.drawn)]
    return _play(s, rng, action)


def _turn_draw(s: GameState, rng: random.Random, action: Draw) -> list[Event]:
    refusal = Refusal.ALREADY_DREW if s.phase is Phase.DRAWN else _phase_refusal(s, s.phase)
    if refusal is not None:
        return [ev.Rejected(action.seat, action, refusal, s.drawn)]
    return _draw(s, rng, action.seat)


def _turn_play_drawn(s: GameState, rng: random.Random, action: PlayDrawn) -> list[Event]:
    if s.phase is not Phase.DRAWN:
        return [ev.Rejected(action.seat, action, _drawn_refusal(s.phase))]
    return _play_drawn(s, rng, action, action.color, action.uno)


def _turn_keep(s: GameState, rng: random.Random, action: Keep) -> list[Event]:
    if s.phase is not Phase.DRAWN:
        return [ev.Rejected(action.seat, action, _drawn_refusal(s.phase))]
    return _pass_turn(s, action.seat, [ev.DrawnCardKept(action.seat)])


def _turn_challenge(s: GameState, rng: random.Random, action: Challenge) -> list[Event]:
    if s.phase is not Phase.CHALLENGE:
        return [ev.Rejected(action.seat, action, Refusal.NO_CHALLENGE)]
    return _challenge(s, rng, action.seat)


def _turn_accept(s: GameState, rng: random.Random, action: Accept) -> list[Event]:
    if s.phase is not Phase.CHALLENGE:
        return [ev.Rejected(action.seat, action, Refusal.NO_CHALLENGE)]
    return _accept(s, rng, action.seat)


def _turn_choose_color(s: GameState, rng: random.Random, action: ChooseColor) -> list[Event]:
    if s.phase is not Phase.START_COLOR:
        return [ev.Rejected(action.seat, action, Refusal.NO_COLOR_TO_CHOOSE)]
    s.color = action.color
    s.phase = Phase.PLAY
    return [ev.ColorChosen(action.seat, action.color)]


_TURN_ACTIONS: dict[type, Callable[[GameState, random.Random, Any], list[Event]]] = {
    Play: _turn_play,
    Draw: _turn_draw,
    PlayDrawn: _turn_play_drawn,
    Keep: _turn_keep,
    Challenge: _turn_challenge,
    Accept: _turn_accept,
    ChooseColor: _turn_choose_color,
}


def _draw(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    s.exposed = None
    events: list[Event] = []
    cards = _take(s, rng, 1, events)
    if not cards:
        events.append(ev.CouldNotDraw(seat))
        return _pass_turn(s, seat, events)
    card = cards[0]
    s.hands[seat].append(card)
    s.drawn = card
    s.phase = Phase.DRAWN
    events.append(ev.CardsDrawn(seat, 1, DrawReason.TURN, (card,)))
    return events


def _challenge(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    target = s.four_player
    assert target is not None
    s.exposed = None
    s.four_player = None
    shown = tuple(s.hands[target])
    events: list[Event] = [
        ev.ChallengeMade(seat, target),
        ev.HandShown(target, seat, len(shown), shown),
        ev.ChallengeResolved(seat, target, s.four_guilty),
    ]
    if s.four_guilty:
        _give(s, rng, target, 4, DrawReason.CHALLENGE_GUILTY, events)
        s.phase = Phase.PLAY  # the challenger plays normally; the chosen colour stands
        return events
    _give(s, rng, seat, 6, DrawReason.CHALLENGE_LOST, events)
    events.append(ev.PlayerSkipped(seat))
    return _pass_turn(s, seat, events)


def _accept(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    s.exposed = None
    s.four_player = None
    events: list[Event] = [ev.DrawFourAccepted(seat)]
    _give(s, rng, seat, 4, DrawReason.DRAW_FOUR, events)
    events.append(ev.PlayerSkipped(seat))
    return _pass_turn(s, seat, events)


def _call_uno(s: GameState, action: CallUno) -> list[Event]:
    if s.exposed != action.seat:
        return [ev.Rejected(action.seat, action, Refusal.UNO_NOT_NOW)]
    s.exposed = None
    return [ev.UnoCalled(action.seat)]


def _catch(s: GameState, rng: random.Random, action: Catch) -> list[Event]:
    seat, target = action.seat, action.target
    if not 0 <= target < len(s.hands):
        return [ev.Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
    if target == seat:
        return [ev.Rejected(seat, action, Refusal.CATCH_SELF)]
    if s.exposed != target:
        return [ev.Rejected(seat, action, Refusal.CATCH_SAFE)]
    s.exposed = None
    penalty = s.rules.uno_penalty
    events: list[Event] = [ev.UnoCaught(seat, target, penalty)]
    _give(s, rng, target, penalty, DrawReason.UNO_PENALTY, events)
    return events


def _end_round(s: GameState, winner: int, events: list[Event]) -> list[Event]:
    points = tuple(sum(c.points for c in hand) for hand in s.hands)
    n = len(s.hands)
    if s.rules.scoring is Scoring.LOWEST:
        gained = points
    else:
        gained = tuple(sum(points) if seat == winner else 0 for seat in range(n))
    for seat in range(n):
        s.scores[seat] += gained[seat]
    s.round_winner = winner
    s.exposed = None
    s.drawn = None
    s.four_player = None
    events.append(ev.RoundEnded(winner, points, gained, tuple(s.scores)))
    target = s.rules.target_score
    game_winner: int | None = None
    if s.rules.scoring is Scoring.LOWEST:
        if max(s.scores) >= target:
            low = min(s.scores)
            # ties for lowest go to whoever went out this round, else the first
            # of them to the left of that player
            order = [(winner + k) % n for k in range(n)]
            game_winner = next(seat for seat in order if s.scores[seat] == low)
    elif s.scores[winner] >= target:
        game_winner = winner
    if game_winner is None:
        s.phase = Phase.ROUND_OVER
    else:
        s.phase = Phase.GAME_OVER
        s.winner = game_winner
        events.append(ev.GameEnded(game_winner, tuple(s.scores)))
    return events
