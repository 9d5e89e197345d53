"""Playouts for the hard bot: a made-up game played on to the end of the hand, fast.

Every seat plays by one cheap rule close to the normal bot's: the matching card it would
likely choose that is not a Wild, else a Wild naming the colour it holds most, else draw
(and play the drawn card when it matches, a Wild only when a hand is nearly out); UNO is
always called, a stack passed on when it can be, a Wild Draw Four challenged as often as
that player has been seen to (``challenges``; else always accepted). Nobody acts out of
turn. The result is the change in score, seen from one seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.actions import Accept, Action, Challenge, ChooseColor, Draw, Keep, Play, PlayDrawn
from ..engine.cards import Card, Kind, playable_faces
from ..engine.game import Game
from ..engine.piles import next_seat
from ..engine.rules import Scoring
from ..engine.seats import seat_before
from ..engine.state import GameState, Phase
from .normal import NEAR_OUT
from .tactics import best_color, color_counts

ROUND_OVER: Final = Phase.ROUND_OVER
GAME_OVER: Final = Phase.GAME_OVER
PLAY: Final = Phase.PLAY
DRAWN: Final = Phase.DRAWN
CHALLENGE: Final = Phase.CHALLENGE
GAME_WON: Final = 1000.0  # what winning (or losing) the whole game is worth, in points


def pick(legal: list[Action], rng: random.Random) -> Action:
    """The playout rule: a random plain play, else a random Wild, else draw, keep or accept."""
    plain: list[Action] = []
    wild: list[Action] = []
    other: Action | None = None
    for action in legal:
        if isinstance(action, Play | PlayDrawn):
            if action.color is None:
                plain.append(action)
            else:
                wild.append(action)
        elif other is None and isinstance(action, Draw | Keep | Accept | ChooseColor):
            other = action
    if plain:
        return plain[int(rng.random() * len(plain))]
    if wild:
        return wild[int(rng.random() * len(wild))]
    if other is not None:
        return other
    return legal[0]


def fast_move(s: GameState, seat: int, rng: random.Random, smart: bool) -> Action | None:
    """The playout rule without listing every legal action, where the rules are plain (one
    card at a time, no Anniversary cards) and the player plays or has drawn; else None.
    """
    phase = s.phase
    if phase is PLAY:
        hand = s.hands[seat]
        faces = playable_faces(s.rules.match_top(s.discard[-1], s.color), s.color)
        plain: list[Card] = []
        wild: Card | None = None
        for card in hand:
            if card in faces:
                if card.is_wild:
                    wild = card
                else:
                    plain.append(card)
        if plain:
            if smart and len(plain) > 1:
                return Play(seat, _likely(s, seat, plain, rng), None, True)
            return Play(seat, plain[int(rng.random() * len(plain))], None, True)
        if wild is not None:
            return Play(seat, wild, best_color(hand, wild), True)
        return Draw(seat)
    if phase is DRAWN:
        drawn = s.drawn
        faces = playable_faces(s.rules.match_top(s.discard[-1], s.color), s.color)
        if drawn is not None and drawn in faces:
            if drawn.is_wild and not _wild_needed(s, seat):
                return Keep(seat)  # a Wild kept for when it is needed, as the normal bot does
            color = best_color(s.hands[seat], drawn) if drawn.is_wild else None
            return PlayDrawn(seat, color, True)
        return Keep(seat)
    return None


def _likely(s: GameState, seat: int, plain: list[Card], rng: random.Random) -> Card:
    """The card the normal bot would likely play, with a little chance: the colour held
    most, then the more points; an attack at the next player by how close they are to going
    out (kept for the one about to go out when that is someone else); a Reverse to turn
    play away from the closer of the players either side.
    """
    hands = s.hands
    counts = color_counts(hands[seat])
    victim = next_seat(s, seat)
    size = len(hands[victim])
    hurt = max(0, 11 - size)
    fewest = 99
    for other in range(len(hands)):
        if other != seat and not s.eliminated[other] and len(hands[other]) < fewest:
            fewest = len(hands[other])
    best = plain[0]
    best_worth = -1e9
    for card in plain:
        worth = card.points / 10 + rng.random()
        color = card.color
        if color is not None:
            worth += 2.0 * counts[color]
        kind = card.kind
        if kind is Kind.SKIP or kind is Kind.DRAW_TWO:
            worth += 3.0 * hurt
            if size == fewest:
                worth += 12.0
            elif fewest <= NEAR_OUT:
                worth -= 15.0
        elif kind is Kind.REVERSE:
            before = seat_before(seat, s.direction, s.eliminated)
            worth += 2.0 * (hurt - max(0, 11 - len(hands[before])))
        if worth > best_worth:
            best, best_worth = card, worth
    return best


def _wild_needed(s: GameState, seat: int) -> bool:
    """As the normal bot: a Wild is needed when a hand is nearly out (another's or this one)."""
    hands = s.hands
    if len(hands[seat]) <= NEAR_OUT:
        return True
    for other in range(len(hands)):
        if other != seat and not s.eliminated[other] and len(hands[other]) <= NEAR_OUT:
            return True
    return False


def play_out(
    game: Game, limit: int, smart: bool = False, challenges: Sequence[float] | None = None
) -> bool:
    """Play ``game`` on by the playout rule to the end of the hand (at most ``limit``
    actions, with the game's own generator); whether the hand ended. ``challenges``: by
    seat, how likely each challenges a Wild Draw Four played on it.
    """
    s = game.state
    rng = game.rng
    rules = s.rules
    plain = (
        rules.plain_plays
        and not rules.draws_to_match
        and not rules.force_play
        and not rules.no_bluffing
    )
    for _ in range(limit):
        phase = s.phase
        if phase is ROUND_OVER or phase is GAME_OVER:
            return True
        seat = s.current
        if phase is CHALLENGE and challenges is not None:
            game.apply(Challenge(seat) if rng.random() < challenges[seat] else Accept(seat))
            continue
        move = fast_move(s, seat, rng, smart) if plain else None
        if move is None:
            move = pick(game.legal_actions(seat), rng)
        game.apply(move)
    return s.phase is ROUND_OVER or s.phase is GAME_OVER


def value(s: GameState, seat: int, before: list[int]) -> float:
    """What the hand's end is worth to ``seat``: its side's gain in points less the mean
    gain of the other sides (the other way round where low totals win), and the whole
    game won or lost.
    """
    team: tuple[int, ...] = (seat,)
    for side in s.teams:
        if seat in side:
            team = side
    mine = float(s.scores[seat] - before[seat])
    others = 0.0
    count = 0
    for other in range(len(s.scores)):
        if other in team or s.eliminated[other]:
            continue
        others += s.scores[other] - before[other]
        count += 1
    worth = mine - (others / count if count else 0.0)
    if s.rules.scoring is Scoring.LOWEST or s.rules.challenge_uno:
        worth = -worth
    if s.winner is not None:
        worth += GAME_WON if s.winner in team else -GAME_WON
    return worth


def unfinished_value(s: GameState, seat: int) -> float:
    """A hand cut short: the mean size of the other hands less this seat's, in cards."""
    n = len(s.hands)
    others = [len(s.hands[o]) for o in range(n) if o != seat and not s.eliminated[o]]
    if not others:
        return 0.0
    return 5.0 * (sum(others) / len(others) - len(s.hands[seat]))
