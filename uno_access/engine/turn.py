"""A turn: matching, playing, drawing, the Wild Draw Four challenge, UNO, going out, scoring.

These functions are called by ``Game.apply`` alone, the one place that changes state;
each checks first and changes the state only when the action is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import events as ev
from .actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Keep,
    Play,
    PlayDrawn,
)
from .cards import Card, Color, Kind, playable_faces
from .events import Direction, DrawReason, Event, Refusal
from .piles import give, next_seat, pass_turn, take
from .rules import Scoring
from .state import GameState, Phase

NUMBER = Kind.NUMBER
DRAW_TWO = Kind.DRAW_TWO
REVERSE = Kind.REVERSE
SKIP = Kind.SKIP
WILD_DRAW_FOUR = Kind.WILD_DRAW_FOUR


def matches(s: GameState, card: Card) -> bool:
    """Colour, number or symbol matches the top card, or it is a Wild."""
    return card in playable_faces(s.discard[-1], s.color)



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






def play(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    seat = action.seat
    card = action.card
    hand = s.hands[seat]
    if card not in hand:
        return [ev.Rejected(seat, action, Refusal.NOT_IN_HAND, card)]
    if not matches(s, card):
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
    if not matches(s, card):
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
            give(s, rng, next_seat(s, seat), 2, DrawReason.DRAW_TWO, events)
        elif kind is WILD_DRAW_FOUR:
            give(s, rng, next_seat(s, seat), 4, DrawReason.DRAW_FOUR, events)
        return end_round(s, seat, events)
    if kind is NUMBER or kind is Kind.WILD:
        return pass_turn(s, seat, events)
    if kind is SKIP:
        events.append(ev.PlayerSkipped(next_seat(s, seat)))
        return pass_turn(s, seat, events, 2)
    if kind is REVERSE:
        if n == 2:  # acts as Skip
            events.append(ev.PlayerSkipped(next_seat(s, seat)))
            return pass_turn(s, seat, events, 2)
        s.direction = -s.direction
        events.append(ev.DirectionChanged(Direction(s.direction)))
        return pass_turn(s, seat, events)
    victim = next_seat(s, seat)
    if kind is DRAW_TWO:
        give(s, rng, victim, 2, DrawReason.DRAW_TWO, events)
        events.append(ev.PlayerSkipped(victim))
        return pass_turn(s, seat, events, 2)
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
    return play(s, rng, action)


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
    return pass_turn(s, action.seat, [ev.DrawnCardKept(action.seat)])


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


TURN_ACTIONS: dict[type, Callable[[GameState, random.Random, Any], list[Event]]] = {
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
    cards = take(s, rng, 1, events)
    if not cards:
        events.append(ev.CouldNotDraw(seat))
        return pass_turn(s, seat, events)
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
        give(s, rng, target, 4, DrawReason.CHALLENGE_GUILTY, events)
        s.phase = Phase.PLAY  # the challenger plays normally; the chosen colour stands
        return events
    give(s, rng, seat, 6, DrawReason.CHALLENGE_LOST, events)
    events.append(ev.PlayerSkipped(seat))
    return pass_turn(s, seat, events)


def _accept(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    s.exposed = None
    s.four_player = None
    events: list[Event] = [ev.DrawFourAccepted(seat)]
    give(s, rng, seat, 4, DrawReason.DRAW_FOUR, events)
    events.append(ev.PlayerSkipped(seat))
    return pass_turn(s, seat, events)


def call_uno(s: GameState, action: CallUno) -> list[Event]:
    if s.exposed != action.seat:
        return [ev.Rejected(action.seat, action, Refusal.UNO_NOT_NOW)]
    s.exposed = None
    return [ev.UnoCalled(action.seat)]


def catch(s: GameState, rng: random.Random, action: Catch) -> list[Event]:
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
    give(s, rng, target, penalty, DrawReason.UNO_PENALTY, events)
    return events


def end_round(s: GameState, winner: int, events: list[Event]) -> list[Event]:
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

