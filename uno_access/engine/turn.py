"""A turn: matching, playing, drawing, the Wild Draw Four challenge, UNO, going out, scoring,
and the variants that change them (stacking, Speed UNO, Anniversary cards, penalties,
Challenge UNO, partners).

These functions are called by ``Game.apply`` alone, the one place that changes state;
each checks first and changes the state only when the action is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from . import events as ev
from .actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    Play,
    PlayDrawn,
    Suggest,
)
from .cards import DRAW_COUNTS, Card, Color, Kind, blank_card, playable_mask
from .events import Direction, DrawReason, Event, Refusal
from .piles import give, next_seat, pass_turn, shuffle, take
from .rules import MERCY_LIMIT, Scoring
from .seats import CLOCKWISE, deal_order, play_order, seat_before
from .state import GameState, Phase

NUMBER: Final = Kind.NUMBER
DRAW_TWO: Final = Kind.DRAW_TWO
REVERSE: Final = Kind.REVERSE
SKIP: Final = Kind.SKIP
WILD_DRAW_FOUR: Final = Kind.WILD_DRAW_FOUR
ANNIVERSARY: Final = Kind.ANNIVERSARY
SHUFFLE: Final = Kind.WILD_SHUFFLE
SWAP_WILD: Final = Kind.WILD_SWAP_HANDS
EVERYONE_DRAWS: Final = Kind.WILD_EVERYONE_DRAWS
SKIP_EVERYONE: Final = Kind.WILD_SKIP_EVERYONE
SKIP_ALL: Final = Kind.SKIP_EVERYONE  # No Mercy's coloured Skip Everyone
DISCARD_ALL: Final = Kind.DISCARD_ALL
REVERSE_FOUR: Final = Kind.WILD_REVERSE_DRAW_FOUR
ROULETTE: Final = Kind.WILD_COLOR_ROULETTE
OWING: Final = (Phase.CHALLENGE, Phase.STACK)  # the player to move owes cards
FALSE_CALL_CARDS: Final = 2  # option false_uno_penalty: a false UNO call, a wrong catch


def matches(s: GameState, card: Card) -> bool:
    """Colour, number or symbol matches the top card (the colour alone with
    ``color_only``), or it is a Wild."""
    color = s.color
    return playable_mask(s.rules.match_top(s.discard[-1], color), color)[card.index]


def can_stack(s: GameState, seat: int, card: Card) -> bool:
    """Whether the player who owes cards may answer with ``card``: stacking, a card of the
    same kind, unless the stack has gone round to the player who began it; the progressive
    draw responses, a Draw Two or Wild Draw Four on a Draw Two, a Wild Draw Four on a Wild
    Draw Four. No bluffing: not a Wild Draw Four held with the colour in play.
    """
    rules = s.rules
    if s.phase not in OWING:
        return False
    kind = card.kind
    top = s.discard[-1].kind
    if rules.no_mercy:  # any draw card of the same value or more (No Mercy's stacking)
        counts = DRAW_COUNTS
        allowed = kind in counts and counts[kind] >= counts.get(top, 0)
    elif rules.draw_responses:
        if kind is WILD_DRAW_FOUR:
            allowed = top is DRAW_TWO or top is WILD_DRAW_FOUR
        else:
            allowed = kind is DRAW_TWO and top is DRAW_TWO
    elif not rules.stacking or seat == s.stack_starter:
        return False
    else:
        allowed = kind is top and kind.is_draw
    return allowed and not bluff_refused(s, seat, card)


def can_deflect(s: GameState, card: Card) -> bool:
    """Whether the player who owes a stack (not a Wild Draw Four still open to challenge)
    may pass it on with ``card``: with ``stack_deflect`` a Skip or a Reverse that matches,
    with ``stack_deflect_wild`` a Wild too."""
    rules = s.rules
    if not rules.stack_deflect or s.phase is not Phase.STACK or s.stack == 0:
        return False
    kind = card.base.kind
    if kind is SKIP or kind is REVERSE:
        return matches(s, card)
    return kind is Kind.WILD and rules.stack_deflect_wild


def bluff_refused(s: GameState, seat: int, card: Card) -> bool:
    """No bluffing: a Wild Draw Four held with a card of the colour in play is refused."""
    if card.kind is not WILD_DRAW_FOUR or not s.rules.no_bluffing:
        return False
    in_play = s.color
    return any(c.color is in_play for c in s.hands[seat])


def playable_now(s: GameState, seat: int, card: Card) -> bool:
    """Whether ``seat`` may play ``card`` now by matching (no bluffing: not an illegal Wild
    Draw Four).
    """
    return matches(s, card) and not bluff_refused(s, seat, card)


def is_seven(s: GameState, card: Card) -> bool:
    """A card that swaps its player's hand with another's: a 7 under Seven-O, or the
    customizable Wild named to swap hands."""
    kind = card.kind
    if kind is SWAP_WILD:
        return True
    return s.rules.seven_o and kind is NUMBER and card.number == 7


def swap_targets(s: GameState, seat: int) -> list[int]:
    """Whom ``seat`` may swap hands with: every other player still in the game."""
    return [t for t in range(len(s.hands)) if t != seat and not s.eliminated[t]]


def _seven_refusal(
    s: GameState, seat: int, card: Card, count: int, target: int | None
) -> Refusal | None:
    """Seven-O: a 7 that leaves cards in the hand names another player still in the game
    (none needed when there is only one; none when the 7 goes out), or with
    ``seven_o_decline`` its own player, who keeps the same hand.
    """
    if not is_seven(s, card) or len(s.hands[seat]) == count:
        return None
    if target == seat and s.rules.seven_o_decline and card.kind is NUMBER:
        return None
    if target is None:
        return None if len(swap_targets(s, seat)) == 1 else _swap_refusal(card)
    if not 0 <= target < len(s.hands) or target == seat or s.eliminated[target]:
        return _swap_refusal(card)
    return None


def _swap_refusal(card: Card) -> Refusal:
    """A swap with no one, or with no one who may be named: a 7's, or the Wild's."""
    return Refusal.SWAP_WILD_TARGET if card.kind is SWAP_WILD else Refusal.SWAP_TARGET


_NO_JUMP_PHASES: Final = (Phase.START_COLOR, Phase.ROULETTE, Phase.ROUND_OVER, Phase.GAME_OVER)


def jump_in_refusal(s: GameState, seat: int, card: Card) -> Refusal | None:
    """Why ``seat`` may not jump in with ``card`` now (Speed UNO's Exact Match), or None."""
    if not s.rules.jump_ins:
        return Refusal.NO_JUMP_IN
    if s.plays == 0 or s.phase in _NO_JUMP_PHASES:
        return Refusal.JUMP_IN_NOT_YET  # the first player plays before anyone jumps in
    if s.phase in OWING and not s.rules.double_double:
        return Refusal.JUMP_IN_NOT_YET  # what is owed is drawn first
    if seat == s.played_by:
        return Refusal.JUMP_IN_OWN_CARD  # Dropping is how identical cards go down together
    if seat in s.drew:
        return Refusal.JUMP_IN_AFTER_DRAWING
    if not s.rules.jumps_on(s.discard[-1], card):
        if s.rules.jump_in_any_color:
            return Refusal.JUMP_IN_NOT_SAME_NUMBER
        return Refusal.JUMP_IN_NOT_IDENTICAL
    return None


# --------------------------------------------------------------------- playing


def _phase_refusal(phase: Phase) -> Refusal | None:
    """Why the current player may not play from the hand or draw now, if not."""
    if phase is Phase.PLAY:
        return None
    if phase is Phase.DRAWN:
        return Refusal.ONLY_DRAWN_CARD
    if phase is Phase.CHALLENGE:
        return Refusal.ANSWER_CHALLENGE
    if phase is Phase.STACK:
        return Refusal.ANSWER_STACK
    if phase is Phase.ROULETTE:
        return Refusal.NAME_ROULETTE_COLOR
    return Refusal.CHOOSE_START_COLOR


def _drawn_refusal(phase: Phase) -> Refusal:
    """Why there is no drawn card to play or keep (the phase is not DRAWN)."""
    return _phase_refusal(phase) or Refusal.NOTHING_DRAWN


def _card_refusal(
    s: GameState, seat: int, card: Card, count: int, color: Color | None
) -> Refusal | None:
    """What is wrong with putting down ``count`` of ``card`` from ``seat``'s hand, if anything
    (matching aside).
    """
    hand = s.hands[seat]
    if count != 1:
        if not s.rules.dropping or card.kind is ANNIVERSARY:
            return Refusal.NO_DROPPING
        if count < 1 or hand.count(card) < count:
            return Refusal.NOT_ENOUGH_COPIES
    elif card not in hand:
        return Refusal.NOT_IN_HAND
    if bluff_refused(s, seat, card):
        return Refusal.NO_BLUFFING
    going_out = len(hand) == count
    if going_out and not s.rules.finishes_on(card):
        if card.base.kind is WILD_DRAW_FOUR and not s.rules.wild_draw_four_finish:
            return Refusal.NO_FOUR_FINISH
        return Refusal.NO_ACTION_FINISH
    if card.kind is ROULETTE:  # the next player names its colour
        return Refusal.ROULETTE_NAMES_NO_COLOR if color is not None else None
    if card.is_wild and color is None and (not going_out or s.rules.outlives(card)):
        return Refusal.NEED_COLOR  # (the round goes on after a last Wild Draw Four answered)
    return None


def play(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """A play from the hand by the player to move."""
    seat = action.seat
    card = action.card
    count = action.count
    if action.straight:
        return _play_straight(s, rng, action)
    usual = count == 1 and not card.is_wild  # one card, no colour: only holding it counts
    if usual:
        hand = s.hands[seat]
        if card not in hand:
            return [ev.Rejected(seat, action, Refusal.NOT_IN_HAND, card)]
        if len(hand) == 1 and not s.rules.finishes_on(card):  # no action finish
            return [ev.Rejected(seat, action, Refusal.NO_ACTION_FINISH, card)]
    else:  # checked before matching, so no penalty for what is not held
        refusal = _card_refusal(s, seat, card, count, action.color)
        if refusal is not None:
            return [ev.Rejected(seat, action, refusal, card)]
    if not matches(s, card):
        if s.rules.penalties:
            return _wrong_card(s, rng, seat, card)
        return [ev.Rejected(seat, action, _no_match(s, card), card)]
    swap = None
    if s.rules.seven_o or card.kind is SWAP_WILD:
        refusal = _seven_refusal(s, seat, card, count, action.target)
        if refusal is not None:
            return [ev.Rejected(seat, action, refusal, card)]
        swap = action.target
    if usual:
        return _put_down(s, rng, seat, card, None, action.uno, swap=swap)
    if card.kind is ANNIVERSARY:
        refusal = _anniversary_refusal(s, action)
        if refusal is not None:
            return [ev.Rejected(seat, action, refusal, card)]
    return _put_down(s, rng, seat, card, action.color, action.uno, count, action, swap=swap)


MOST_IN_STRAIGHT: Final = 9  # cards played on after a straight's first: each number once


def straight_faces(card: Card, straight: int) -> list[Card]:
    """The faces a straight plays on with after ``card`` (``Play.straight``): its colour,
    each the next number (``straight`` above 0) or the previous one, 9 and 0 following
    each other."""
    base = card.base
    number = base.number
    assert number is not None
    step = 1 if straight > 0 else -1
    return [
        Card.of(NUMBER, base.color, (number + step * i) % 10) for i in range(1, abs(straight) + 1)
    ]


def held_face(hand: list[Card], face: Card) -> Card | None:
    """The card in ``hand`` that plays as ``face``: itself, or the blank card written as it."""
    if face in hand:
        return face
    try:
        blank = blank_card(face)
    except ValueError:
        return None
    return blank if blank in hand else None


def _straight_refusal(s: GameState, action: Play) -> tuple[Refusal, Card] | None:
    """What is wrong with ``action``'s straight (matching aside), and the card it is about."""
    card, straight = action.card, action.straight
    if not s.rules.straights:
        return Refusal.NO_STRAIGHTS, card
    if card.base.kind is not NUMBER or action.count != 1 or abs(straight) > MOST_IN_STRAIGHT:
        return Refusal.STRAIGHT_NUMBERS, card
    hand = s.hands[action.seat]
    if card not in hand:
        return Refusal.NOT_IN_HAND, card
    for face in straight_faces(card, straight):
        if held_face(hand, face) is None:
            return Refusal.STRAIGHT_NOT_HELD, face
    return None


def _play_straight(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """Option straights: a number card and the cards played on after it, one play."""
    seat, card = action.seat, action.card
    refused = _straight_refusal(s, action)
    if refused is not None:
        reason, about = refused
        return [ev.Rejected(seat, action, reason, about)]
    if not matches(s, card):
        if s.rules.penalties:
            return _wrong_card(s, rng, seat, card)
        return [ev.Rejected(seat, action, _no_match(s, card), card)]
    hand = s.hands[seat]
    run = tuple(held_face(hand, face) or face for face in straight_faces(card, action.straight))
    swap = None
    last = run[-1]
    if is_seven(s, last):  # the run's last card acts: a 7 swaps, under Seven-O
        refusal = _seven_refusal(s, seat, last, len(run) + 1, action.target)
        if refusal is not None:
            return [ev.Rejected(seat, action, refusal, last)]
        swap = action.target
    return _put_down(s, rng, seat, card, None, action.uno, swap=swap, run=run)


def _no_match(s: GameState, card: Card) -> Refusal:
    """Why ``card`` does not match: with ``color_only``, a card the usual rule would take."""
    if s.rules.color_only and playable_mask(s.discard[-1], s.color)[card.index]:
        return Refusal.COLOR_ONLY
    return Refusal.DOES_NOT_MATCH


def _play_drawn(
    s: GameState, rng: random.Random, action: Play | PlayDrawn, color: Color | None, uno: bool
) -> list[Event]:
    """Play the card just drawn (``action`` is what was asked: a PlayDrawn, or a Play of it)."""
    seat = action.seat
    card = s.drawn
    assert card is not None
    if not matches(s, card):
        if s.rules.penalties:  # a wrong card all the same
            return _wrong_card(s, rng, seat, card)
        return [ev.Rejected(seat, action, Refusal.DRAWN_NOT_PLAYABLE, card)]
    refusal = _card_refusal(s, seat, card, 1, color)
    if refusal is None and card.kind is ANNIVERSARY:
        # it needs a seat to give to: played as a Play naming its target
        refusal = (
            _anniversary_refusal(s, action)
            if isinstance(action, Play)
            else Refusal.ANNIVERSARY_TARGET
        )
    if refusal is None:
        refusal = _seven_refusal(s, seat, card, 1, action.target)
    if refusal is not None:
        return [ev.Rejected(seat, action, refusal, card)]
    anniversary = action if isinstance(action, Play) else None
    return _put_down(s, rng, seat, card, color, uno, 1, anniversary, swap=action.target)


def jump_in(s: GameState, rng: random.Random, action: JumpIn) -> list[Event]:
    """Exact Match: a card identical to the top card, out of turn; play goes on from here."""
    seat, card = action.seat, action.card
    if not s.rules.jump_ins:
        return [ev.Rejected(seat, action, Refusal.NO_JUMP_IN, card)]
    if action.on is not None and action.on != s.plays:
        return [ev.Rejected(seat, action, Refusal.JUMP_IN_TOO_LATE, card)]
    refusal = jump_in_refusal(s, seat, card)
    wrong = refusal in _WRONG_JUMP and s.rules.jump_in_penalty
    if wrong and _card_refusal(s, seat, card, action.count, action.color) is None:
        return _wrong_jump_in(s, rng, seat, card)  # a card held that may not jump in
    if refusal is None:
        refusal = _card_refusal(s, seat, card, action.count, action.color)
    if refusal is None and card.kind is ANNIVERSARY:
        refusal = Refusal.JUMP_IN_NOT_IDENTICAL  # it needs a target: played on a turn only
    if refusal is None:
        refusal = _seven_refusal(s, seat, card, action.count, action.target)
    if refusal is not None:
        return [ev.Rejected(seat, action, refusal, card)]
    return _put_down(
        s, rng, seat, card, action.color, action.uno, action.count, None, True, action.target
    )


_WRONG_JUMP: Final = (Refusal.JUMP_IN_NOT_IDENTICAL, Refusal.JUMP_IN_NOT_SAME_NUMBER)


def _wrong_jump_in(s: GameState, rng: random.Random, seat: int, card: Card) -> list[Event]:
    """Option jump_in_penalty: a card held that may not jump in on the top card is taken
    back and its player draws 2; whose turn it is does not change."""
    events: list[Event] = [ev.WrongCardPenalty(seat, card, True)]
    if s.exposed == seat:
        s.exposed = None  # no longer down to one card
    give(s, rng, seat, 2, DrawReason.WRONG_CARD, events)
    return events


def _wrong_card(s: GameState, rng: random.Random, seat: int, card: Card) -> list[Event]:
    """Option penalties: the card that did not match goes back, the player draws 2 and
    play continues with the next person.
    """
    events: list[Event] = [ev.WrongCardPenalty(seat, card)]
    s.exposed = None
    give(s, rng, seat, 2, DrawReason.WRONG_CARD, events)
    return pass_turn(s, seat, events)


def _anniversary_refusal(s: GameState, action: Play) -> Refusal | None:
    rest = list(s.hands[action.seat])
    rest.remove(action.card)
    if not rest:  # the last card: going out, with nothing to give
        return None
    target = action.target
    if target is None or not 0 <= target < len(s.hands) or target == action.seat:
        return Refusal.ANNIVERSARY_TARGET
    if s.eliminated[target]:
        return Refusal.ANNIVERSARY_TARGET
    keep = action.keep
    if keep is None:
        return None if len(rest) == 1 else Refusal.ANNIVERSARY_KEEP
    return None if keep in rest else Refusal.ANNIVERSARY_KEEP


def _put_down(
    s: GameState,
    rng: random.Random,
    seat: int,
    card: Card,
    color: Color | None,
    uno: bool,
    count: int = 1,
    anniversary: Play | None = None,
    jump_in: bool = False,
    swap: int | None = None,
    deflect: bool = False,
    run: tuple[Card, ...] = (),
) -> list[Event]:
    """Put ``count`` of ``card`` down from ``seat`` (already checked) and apply the effect
    (``swap``: the seat a 7 swaps hands with under Seven-O; ``deflect``: the card passes
    the stack owed on, ``stack_deflect``; ``run``: the cards a straight plays on with
    after ``card``, the last of them acting).
    """
    hand = s.hands[seat]
    s.exposed = None  # someone began a turn: the UNO windows are closed
    s.drawn = None  # (a jump-in cuts in on a player deciding on a drawn card)
    s.stuck = 0
    called_early = False
    if s.uno_early:  # "UNO!" said just before this card counts for it; any other lapses
        called_early = seat in s.uno_early
        s.uno_early = ()
    kind = card.kind
    if kind is WILD_DRAW_FOUR:
        in_play = s.color
        s.four_guilty = any(c.color is in_play for c in hand)
    hand.remove(card)
    s.discard.append(card)
    for _ in range(count - 1):  # dropped with it
        hand.remove(card)
        s.discard.append(card)
    s.plays += 1
    s.played_by = seat
    events: list[Event] = []
    played: list[Card] = [card]
    discarded: tuple[Card, ...] = ()
    if kind is DISCARD_ALL:  # every card of its colour goes with it, under it
        discarded = tuple(c for c in hand if c.color is card.color)
        for gone in discarded:
            hand.remove(gone)
        s.discard[-1:-1] = discarded
    if run:  # a straight: the run's cards follow, and its last card acts
        for after in run:
            hand.remove(after)
            s.discard.append(after)
            s.plays += 1
        played += run
        card = run[-1]
        kind = card.kind
    if s.handed_one or s.drew or anniversary is not None:  # the options' bookkeeping
        s.handed_one = ()
        s.drew.clear()
        if kind is ANNIVERSARY and anniversary is not None and hand:
            _give_anniversary(s, seat, anniversary, events)
    left = len(hand)
    if left == 1:
        if called_early:
            pass  # "UNO!" was called, and heard, before the card
        elif uno:  # "UNO!", then the card: "Playing Red 5"
            events.append(ev.UnoCalled(seat))
        else:
            s.exposed = seat
    if run:
        for at, face in enumerate(played):
            events.append(ev.CardPlayed(seat, face, left + len(run) - at, straight=at > 0))
    else:
        events.append(ev.CardPlayed(seat, card, left, count, jump_in))
    if discarded:
        events.append(ev.HandDiscarded(seat, discarded))
    outlives = left == 0 and s.rules.outlives(card)
    if not card.is_wild:
        s.color = card.color
    elif left == 0 and not outlives:  # going out on a Wild: the round is over, no colour
        s.color = None
    elif color is not None:
        s.color = color
        events.append(ev.ColorChosen(seat, color))
    rules = s.rules
    if deflect:
        return _pass_stack(s, rng, seat, kind, left, events)
    if kind is SHUFFLE and left:
        return _shuffle_hands(s, rng, seat, events)
    if outlives:  # stack_after_out: the stack may still be answered; the round waits
        if not s.gone_out:
            events.append(ev.OutPending(seat))
        s.gone_out = (*s.gone_out, seat)
    elif left == 0:
        # a last draw card is still drawn, and counts in the score
        if kind in DRAW_COUNTS:
            if kind is REVERSE_FOUR and s.active > 2:  # turned round first
                s.direction = -s.direction
                events.append(ev.DirectionChanged(Direction(s.direction)))
            drawn = DRAW_COUNTS[kind]
            owed = s.stack + drawn * count
            reason = (
                DrawReason.DRAW_TWO
                if kind is DRAW_TWO
                else DrawReason.DRAW_FOUR
                if drawn == 4
                else DrawReason.STACK
            )
            give(s, rng, next_seat(s, seat), owed, reason, events)
        return end_round(s, seat, events)
    if kind is NUMBER:
        if card.number == 0 and (rules.round_n_round or rules.seven_o):
            _pass_hands(s, events)  # dropped 0s pass the hands once
        elif card.number == 7 and rules.seven_o:
            _swap_hands(s, seat, swap, events)  # dropped 7s swap once
        return pass_turn(s, seat, events)
    if kind is Kind.WILD or kind is ANNIVERSARY:
        return pass_turn(s, seat, events)
    if kind is SWAP_WILD:
        _swap_hands(s, seat, swap, events)
        return pass_turn(s, seat, events)
    if kind is EVERYONE_DRAWS:
        for other in _others(s, seat):
            give(s, rng, other, 1, DrawReason.EVERYONE_DRAWS, events)
        return pass_turn(s, seat, events)
    if kind is SKIP_EVERYONE or kind is SKIP_ALL:
        others = _others(s, seat)
        for other in others:
            events.append(ev.PlayerSkipped(other))
        return pass_turn(s, seat, events, len(others) + 1)  # round to its player again
    if kind is SKIP:
        events.append(ev.PlayerSkipped(next_seat(s, seat)))
        return pass_turn(s, seat, events, 2)
    if kind is DISCARD_ALL:
        return pass_turn(s, seat, events)
    if kind is ROULETTE:  # the next player names a colour and turns up cards until it
        s.current = next_seat(s, seat)
        s.phase = Phase.ROULETTE
        s.color = None
        events.append(ev.TurnStarted(s.current))
        return events
    if kind is REVERSE_FOUR and s.active > 2:  # play turns round, then the next draws
        s.direction = -s.direction
        events.append(ev.DirectionChanged(Direction(s.direction)))
    if kind is REVERSE:
        if s.active == 2:  # acts as Skip
            events.append(ev.PlayerSkipped(next_seat(s, seat)))
            return pass_turn(s, seat, events, 2)
        if count % 2:  # dropped Reverses turn the play once each
            s.direction = -s.direction
            events.append(ev.DirectionChanged(Direction(s.direction)))
        return pass_turn(s, seat, events)
    victim = next_seat(s, seat)
    if kind is DRAW_TWO and not rules.deferred_draws:
        give(s, rng, victim, 2 * count, DrawReason.DRAW_TWO, events)
        if rules.draw_no_skip:  # the victim draws, then plays
            return pass_turn(s, seat, events)
        events.append(ev.PlayerSkipped(victim))
        return pass_turn(s, seat, events, 2)
    # a Wild Draw Four, or a Draw Two its victim may answer: they owe the stack
    if s.stack == 0:
        s.stack_starter = seat
    s.stack += DRAW_COUNTS[kind] * count
    if kind is WILD_DRAW_FOUR and not rules.no_bluffing and not rules.no_mercy:
        s.four_player = seat
        s.phase = Phase.CHALLENGE
    else:  # a Draw Two to answer, or (no bluffing) a Wild Draw Four with nothing to challenge
        s.four_player = None
        s.phase = Phase.STACK
    s.current = victim
    if s.stack > DRAW_COUNTS[kind]:
        events.append(ev.StackGrew(victim, s.stack))
    events.append(ev.TurnStarted(victim))
    return events


def _settled(s: GameState, events: list[Event]) -> list[Event] | None:
    """``stack_after_out``: the stack drawn, the round ends, won by the first who went out
    and holds no card still (a guilty Wild Draw Four's player draws and is back in)."""
    if not s.gone_out:
        return None
    out = [seat for seat in s.gone_out if not s.hands[seat]]
    s.gone_out = ()
    return end_round(s, out[0], events) if out else None


def _others(s: GameState, seat: int) -> list[int]:
    """The other players still in the game, in the order of play from ``seat``."""
    n = len(s.hands)
    return [other for other in play_order(seat, s.direction, n)[1:] if not s.eliminated[other]]


def _shuffle_hands(s: GameState, rng: random.Random, seat: int, events: list[Event]) -> list[Event]:
    """A Wild Shuffle Hands: every hand still in the game collected, shuffled and dealt one
    card at a time from the player's left round to the player; then play goes on. Whoever
    is dealt a single card must call UNO before being caught."""
    n = len(s.hands)
    order = [other for other in deal_order(seat, n) if not s.eliminated[other]]
    cards: list[Card] = []
    for other in order:
        cards += s.hands[other]
    shuffle(rng, cards)
    hands: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    while cards:
        hands[order[at % len(order)]].append(cards.pop())
        at += 1
    for other in order:
        s.hands[other] = hands[other]
    events.append(ev.HandsShuffled(seat, tuple(len(hand) for hand in s.hands)))
    for other in sorted(order):
        events.append(ev.HandDealt(other, len(hands[other]), tuple(hands[other])))
    s.exposed = None
    s.uno_early = ()
    s.handed_one = tuple(other for other in order if len(s.hands[other]) == 1)
    return pass_turn(s, seat, events)


def _pass_stack(
    s: GameState, rng: random.Random, seat: int, kind: Kind, left: int, events: list[Event]
) -> list[Event]:
    """A stack passed on (``stack_deflect``): a Reverse turns play round first, and the next
    player owes the same; going out on it, that player draws it, as a last Draw Two's
    cards are drawn."""
    if kind is REVERSE and s.active > 2:
        s.direction = -s.direction
        events.append(ev.DirectionChanged(Direction(s.direction)))
    victim = next_seat(s, seat)
    if left == 0:
        owed = s.stack
        s.stack = 0
        s.stack_starter = None
        give(s, rng, victim, owed, DrawReason.STACK, events)
        return end_round(s, seat, events)
    s.current = victim
    s.phase = Phase.STACK
    events.append(ev.StackGrew(victim, s.stack))
    events.append(ev.TurnStarted(victim))
    return events


def _give_anniversary(s: GameState, seat: int, action: Play, events: list[Event]) -> None:
    """ "Happy Anniversary!": keep one card, give the rest of the hand to the target."""
    hand = s.hands[seat]
    target = action.target
    assert target is not None
    keep = action.keep if action.keep is not None else hand[0]
    hand.remove(keep)
    given = tuple(hand)
    s.hands[target] += given
    hand[:] = [keep]
    events.append(ev.AnniversaryPlayed(seat, target, len(given), given))


def _swap_hands(s: GameState, seat: int, target: int | None, events: list[Event]) -> None:
    """Seven-O: ``seat`` and ``target`` swap hands (``target`` None: the only other player;
    ``seat`` itself, with ``seven_o_decline``: no swap).
    Each is told the cards they receive; whoever now holds a single card must call UNO
    before being caught.
    """
    if target is None:
        target = swap_targets(s, seat)[0]
    if target == seat:  # seven_o_decline: the same hand kept
        events.append(ev.SwapDeclined(seat))
        return
    mine = s.hands[seat]
    theirs = s.hands[target]
    s.hands[seat] = theirs
    s.hands[target] = mine
    events.append(ev.HandsSwapped(seat, target, len(theirs), len(mine), tuple(theirs), tuple(mine)))
    s.exposed = None
    s.handed_one = tuple(x for x in (seat, target) if len(s.hands[x]) == 1)


def _pass_hands(s: GameState, events: list[Event]) -> None:
    """Round-n-Round: every hand passes one seat in the direction of play; whoever is
    handed a single card must call UNO before being caught.
    """
    seats = [seat for seat in range(len(s.hands)) if not s.eliminated[seat]]
    old = {seat: s.hands[seat] for seat in seats}
    events.append(ev.HandsPassed(Direction(s.direction)))
    for seat in seats:
        receiver = next_seat(s, seat)
        s.hands[receiver] = old[seat]
    for seat in seats:
        giver = seat_before(seat, s.direction, s.eliminated)
        hand = s.hands[seat]
        events.append(ev.HandReceived(seat, giver, len(hand), tuple(hand)))
    s.exposed = None
    s.handed_one = tuple(seat for seat in seats if len(s.hands[seat]) == 1)


# --------------------------------------------------------------------- the turn's actions


def _turn_play(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """A Play by the current player outside the plain PLAY phase."""
    if action.straight:  # played from the hand at a turn's start, nowhere else
        return [ev.Rejected(action.seat, action, _drawn_refusal(s.phase), s.drawn)]
    if s.phase is Phase.DRAWN and action.card is s.drawn and action.count == 1:
        return _play_drawn(s, rng, action, action.color, action.uno)
    if s.phase in OWING and s.rules.answers_draws:
        return _stack(s, rng, action)
    refusal = _phase_refusal(s.phase)
    if refusal is not None:
        return [ev.Rejected(action.seat, action, refusal, s.drawn)]
    return play(s, rng, action)


def _stack(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """Stacking: answer a Draw Two with a Draw Two, a Wild Draw Four with one."""
    seat, card = action.seat, action.card
    if card not in s.hands[seat]:
        return [ev.Rejected(seat, action, Refusal.NOT_IN_HAND, card)]
    if can_deflect(s, card):
        return _deflect(s, rng, action)
    if not can_stack(s, seat, card):
        if bluff_refused(s, seat, card):
            reason = Refusal.NO_BLUFFING
        elif seat == s.stack_starter and not s.rules.draw_responses:
            reason = Refusal.STACK_CANNOT_ADD
        else:
            reason = Refusal.ANSWER_STACK
        return [ev.Rejected(seat, action, reason, card)]
    refusal = _card_refusal(s, seat, card, action.count, action.color)
    if refusal is not None:
        return [ev.Rejected(seat, action, refusal, card)]
    s.four_player = None
    return _put_down(s, rng, seat, card, action.color, action.uno, action.count)


def _deflect(s: GameState, rng: random.Random, action: Play) -> list[Event]:
    """Stack deflection: a Skip (or a Wild) passes the stack to the next player, a Reverse
    turns play round and sends it back; what is owed stays the same."""
    seat, card = action.seat, action.card
    refusal = _card_refusal(s, seat, card, action.count, action.color)
    if refusal is None and action.count != 1:
        refusal = Refusal.NO_DROPPING  # one card passes a stack on
    if refusal is not None:
        return [ev.Rejected(seat, action, refusal, card)]
    s.four_player = None
    return _put_down(s, rng, seat, card, action.color, action.uno, deflect=True)


def _turn_draw(s: GameState, rng: random.Random, action: Draw) -> list[Event]:
    refusal = Refusal.ALREADY_DREW if s.phase is Phase.DRAWN else _phase_refusal(s.phase)
    if refusal is not None:
        return [ev.Rejected(action.seat, action, refusal, s.drawn)]
    if s.rules.must_play:  # must play: no draw while a card in hand can be played
        card = first_playable(s, action.seat)
        if card is not None:
            return [ev.Rejected(action.seat, action, Refusal.MUST_PLAY, card)]
    return _draw(s, rng, action.seat)


def first_playable(s: GameState, seat: int) -> Card | None:
    """The first card (in deck order) that ``seat`` may play now, if any (a last card that
    may not go out is none)."""
    hand = s.hands[seat]
    last = len(hand) == 1
    rules = s.rules
    cards = [
        card
        for card in hand
        if playable_now(s, seat, card) and not (last and not rules.finishes_on(card))
    ]
    return min(cards, key=lambda card: card.index) if cards else None


def _turn_play_drawn(s: GameState, rng: random.Random, action: PlayDrawn) -> list[Event]:
    if s.phase is not Phase.DRAWN:
        return [ev.Rejected(action.seat, action, _drawn_refusal(s.phase))]
    return _play_drawn(s, rng, action, action.color, action.uno)


def _turn_keep(s: GameState, rng: random.Random, action: Keep) -> list[Event]:
    if s.phase is not Phase.DRAWN:
        return [ev.Rejected(action.seat, action, _drawn_refusal(s.phase))]
    rules = s.rules
    if rules.draws_to_match:
        reason = Refusal.MUST_PLAY_DRAWN if rules.speed else Refusal.DRAWN_TO_MATCH
        return [ev.Rejected(action.seat, action, reason, s.drawn)]
    if rules.force_play and must_play_drawn(s, action.seat):
        return [ev.Rejected(action.seat, action, Refusal.MUST_PLAY_DRAWN_CARD, s.drawn)]
    return pass_turn(s, action.seat, [ev.DrawnCardKept(action.seat)])


def must_play_drawn(s: GameState, seat: int) -> bool:
    """Force play: the card just drawn can be played (and not only as a bluff), so it must.
    A Wild Draw Four that would be a bluff may be kept.
    """
    drawn = s.drawn
    if drawn is None or not matches(s, drawn):
        return False
    if drawn.kind is WILD_DRAW_FOUR:
        in_play = s.color
        return not any(c.color is in_play for c in s.hands[seat])
    return True


def _turn_challenge(s: GameState, rng: random.Random, action: Challenge) -> list[Event]:
    if s.phase is not Phase.CHALLENGE:
        no_bluff = s.rules.no_bluffing and s.phase is Phase.STACK
        if no_bluff and s.discard[-1].kind is WILD_DRAW_FOUR:
            return [ev.Rejected(action.seat, action, Refusal.NOTHING_TO_CHALLENGE)]
        return [ev.Rejected(action.seat, action, Refusal.NO_CHALLENGE)]
    return _challenge(s, rng, action.seat)


def _turn_accept(s: GameState, rng: random.Random, action: Accept) -> list[Event]:
    if s.phase not in OWING:
        return [ev.Rejected(action.seat, action, Refusal.NO_CHALLENGE)]
    return _accept(s, rng, action.seat)


def _turn_choose_color(s: GameState, rng: random.Random, action: ChooseColor) -> list[Event]:
    if s.phase is Phase.ROULETTE:
        return _roulette(s, rng, action.seat, action.color)
    if s.phase is not Phase.START_COLOR:
        return [ev.Rejected(action.seat, action, Refusal.NO_COLOR_TO_CHOOSE)]
    s.color = action.color
    s.phase = Phase.PLAY
    return [ev.ColorChosen(action.seat, action.color)]


def mercy(s: GameState, rng: random.Random, events: list[Event]) -> None:
    """No Mercy's Mercy rule: a player holding ``MERCY_LIMIT`` cards or more is out of the
    round, their cards shuffled into the DRAW pile (their points kept for the round's
    winner); the last player left wins the round."""
    for seat, hand in enumerate(s.hands):
        if len(hand) < MERCY_LIMIT or s.eliminated[seat]:
            continue
        events.append(ev.MercyKnockout(seat, len(hand)))
        s.knocked_points[seat] = sum(card.points for card in hand)
        s.draw_pile += hand
        hand.clear()
        shuffle(rng, s.draw_pile)
        s.eliminated[seat] = True
        s.active -= 1
        s.knocked_out = (*s.knocked_out, seat)
        if s.exposed == seat:
            s.exposed = None
        s.handed_one = tuple(other for other in s.handed_one if other != seat)
        s.gone_out = tuple(other for other in s.gone_out if other != seat)
        if s.active == 1:
            end_round(s, s.eliminated.index(False), events)
            return
        if s.current == seat:  # their turn passes on
            s.stack = 0
            s.stack_starter = None
            s.four_player = None
            pass_turn(s, seat, events)


def _roulette(s: GameState, rng: random.Random, seat: int, color: Color) -> list[Event]:
    """No Mercy's Wild Colour Roulette: ``seat`` named ``color``, turns up cards until one
    of it shows (or both piles run out), keeps them all and loses the turn; ``color`` is
    in play."""
    events: list[Event] = [ev.ColorChosen(seat, color)]
    s.color = color
    turned: list[Card] = []
    while True:
        taken = take(s, rng, 1, events)
        if not taken:
            break
        turned += taken
        if taken[0].color is color:
            break
    s.hands[seat] += turned
    if turned and s.exposed == seat:
        s.exposed = None
    events.append(ev.RouletteTurned(seat, color, tuple(turned)))
    events.append(ev.CardsDrawn(seat, len(turned), DrawReason.ROULETTE, tuple(turned)))
    events.append(ev.PlayerSkipped(seat))
    return pass_turn(s, seat, events)


TURN_ACTIONS: Final[dict[type, Callable[[GameState, random.Random, Any], list[Event]]]] = {
    Play: _turn_play,
    Draw: _turn_draw,
    PlayDrawn: _turn_play_drawn,
    Keep: _turn_keep,
    Challenge: _turn_challenge,
    Accept: _turn_accept,
    ChooseColor: _turn_choose_color,
}


def _draw(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    """Draw one card (Speed UNO: until one can be played), then decide on it."""
    s.exposed = None
    if seat in s.uno_early:  # a call made at two cards lapses: they now hold three
        s.uno_early = tuple(other for other in s.uno_early if other != seat)
    if s.handed_one:
        s.handed_one = ()
    events: list[Event] = []
    if s.rules.jump_ins:
        s.drew.add(seat)  # drawing ends this player's speed rights until the next play
    if s.rules.draws_to_match:
        drawn: list[Card] = []
        hand = s.hands[seat]
        while True:
            cards = take(s, rng, 1, events)
            if not cards:
                break
            drawn += cards
            hand += cards  # in hand at once: no bluffing counts the colour drawn too
            if playable_now(s, seat, cards[0]):
                break
        if drawn:
            s.stuck = 0
            events.append(ev.CardsDrawn(seat, len(drawn), DrawReason.TURN, tuple(drawn)))
        if not drawn or not playable_now(s, seat, drawn[-1]):
            events.append(ev.CouldNotDraw(seat))
            return _pass_undrawn(s, seat, events) if not drawn else pass_turn(s, seat, events)
        s.drawn = drawn[-1]
        s.phase = Phase.DRAWN
        return events
    cards = take(s, rng, 1, events)
    if not cards:
        events.append(ev.CouldNotDraw(seat))
        return _pass_undrawn(s, seat, events)
    s.stuck = 0
    card = cards[0]
    s.hands[seat].append(card)
    s.drawn = card
    s.phase = Phase.DRAWN
    events.append(ev.CardsDrawn(seat, 1, DrawReason.TURN, (card,)))
    return events


def _pass_undrawn(s: GameState, seat: int, events: list[Event]) -> list[Event]:
    """Nothing to draw: the turn passes. When every player still in the round has passed
    so in turn, none of them holding a card to play, no one can finish the round: it ends
    (``RoundBlocked``), won by the hand worth least. A player who drew while holding a
    card to play passed by choice: the round goes on.
    """
    if first_playable(s, seat) is not None:
        s.stuck = 0
    else:
        s.stuck += 1
    if s.stuck < s.active:
        return pass_turn(s, seat, events)
    winner = _least_hand(s, next_seat(s, seat))
    events.append(ev.RoundBlocked(winner))
    return end_round(s, winner, events, blocked=True)


def _least_hand(s: GameState, first: int) -> int:
    """The seat still playing whose hand is worth least; a tie goes to fewer cards, then
    to the first in turn from ``first``."""
    n = len(s.hands)
    order = [seat for seat in play_order(first, s.direction, n) if not s.eliminated[seat]]
    return min(
        order,
        key=lambda seat: (sum(c.points for c in s.hands[seat]), len(s.hands[seat])),
    )


def _challenge(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    """Challenge the last Wild Draw Four: guilty, its player draws what was owed and the
    challenger plays on; innocent, the challenger draws it and 2 more and loses the turn.
    """
    target = s.four_player
    assert target is not None
    owed = s.stack
    s.four_player = None  # answering a Wild Draw Four begins no turn: the UNO window stays
    s.stack = 0
    s.stack_starter = None
    shown = tuple(s.hands[target])
    events: list[Event] = [
        ev.ChallengeMade(seat, target),
        ev.HandShown(target, seat, len(shown), shown),
        ev.ChallengeResolved(seat, target, s.four_guilty),
    ]
    if s.four_guilty:
        give(s, rng, target, owed, DrawReason.CHALLENGE_GUILTY, events)
        s.phase = Phase.PLAY  # the challenger plays normally; the chosen colour stands
        return _settled(s, events) or events
    give(s, rng, seat, owed + 2, DrawReason.CHALLENGE_LOST, events)
    ended = _settled(s, events)
    if ended is not None:
        return ended
    events.append(ev.PlayerSkipped(seat))
    return pass_turn(s, seat, events)


def _accept(s: GameState, rng: random.Random, seat: int) -> list[Event]:
    """Draw what is owed (a Wild Draw Four, or the whole stack) and lose the turn (with
    ``draw_no_skip``, play on)."""
    owed = s.stack
    four = DRAW_COUNTS.get(s.discard[-1].kind) == 4  # (a Draw Two answered by one too)
    s.four_player = None  # a forced draw begins no turn: the UNO window stays open
    s.stack = 0
    s.stack_starter = None
    events: list[Event] = [ev.DrawAccepted(seat, owed)]
    if four and owed == 4:
        reason = DrawReason.DRAW_FOUR
    elif not four and owed == 2:
        reason = DrawReason.DRAW_TWO
    else:
        reason = DrawReason.STACK
    give(s, rng, seat, owed, reason, events)
    ended = _settled(s, events)
    if ended is not None:
        return ended
    if s.rules.draw_no_skip:  # drawn, and the turn is still theirs: they play on
        s.phase = Phase.PLAY
        events.append(ev.TurnStarted(seat))
        return events
    events.append(ev.PlayerSkipped(seat))
    return pass_turn(s, seat, events)


# --------------------------------------------------------------------- out of turn


def may_call_early(s: GameState, seat: int) -> bool:
    """Whether ``seat`` is about to play their next-to-last card, so that "UNO!" said now
    counts for that play (002: "Before playing your next to last card, you must say UNO"):
    on their turn holding two cards (after a draw too), or, in Speed UNO, holding two
    cards and able to jump in with one of them.
    """
    hand = s.hands[seat]
    if len(hand) != 2 or seat in s.uno_early:
        return False
    phase = s.phase
    if seat == s.current and (
        phase is Phase.PLAY or phase is Phase.DRAWN or (phase in OWING and s.rules.answers_draws)
    ):
        return True
    return s.rules.jump_ins and any(jump_in_refusal(s, seat, card) is None for card in hand)


def call_uno(s: GameState, rng: random.Random, action: CallUno) -> list[Event]:
    """ "UNO!": right after the next-to-last card (before anyone catches), when handed a
    single card (Round-n-Round), or just before the next-to-last card (kept for that play);
    at any other time refused, or with ``false_uno_penalty`` it costs 2 cards.
    """
    seat = action.seat
    if s.exposed == seat:
        s.exposed = None
    elif seat in s.handed_one:
        s.handed_one = tuple(other for other in s.handed_one if other != seat)
    elif may_call_early(s, seat):
        s.uno_early += (seat,)
    elif s.rules.false_uno_penalty and not s.eliminated[seat]:
        return _false_call(s, rng, seat, None)
    else:
        return [ev.Rejected(seat, action, Refusal.UNO_NOT_NOW)]
    return [ev.UnoCalled(seat)]


def _false_call(s: GameState, rng: random.Random, seat: int, target: int | None) -> list[Event]:
    """Option false_uno_penalty: ``seat`` called UNO falsely (``target`` None) or tried
    to catch ``target``, who was safe, and draws 2."""
    events: list[Event] = [ev.FalseCallPenalty(seat, target, FALSE_CALL_CARDS)]
    give(s, rng, seat, FALSE_CALL_CARDS, DrawReason.UNO_PENALTY, events)
    return events


def catch(s: GameState, rng: random.Random, action: Catch) -> list[Event]:
    seat, target = action.seat, action.target
    if not 0 <= target < len(s.hands):
        return [ev.Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
    if target == seat:
        return [ev.Rejected(seat, action, Refusal.CATCH_SELF)]
    if s.exposed == target:
        s.exposed = None
        penalty = s.rules.uno_penalty
    elif target in s.handed_one:
        s.handed_one = tuple(other for other in s.handed_one if other != target)
        penalty = s.rules.handed_one_penalty
    elif s.rules.false_uno_penalty and not s.eliminated[target] and not s.eliminated[seat]:
        return _false_call(s, rng, seat, target)
    else:
        return [ev.Rejected(seat, action, Refusal.CATCH_SAFE)]
    events: list[Event] = [ev.UnoCaught(seat, target, penalty)]
    give(s, rng, target, penalty, DrawReason.UNO_PENALTY, events)
    return events


def suggest(s: GameState, rng: random.Random, action: Suggest) -> list[Event]:
    """Option penalties: a player who suggested a play to another draws 2."""
    if not s.rules.penalties:
        return [ev.Rejected(action.seat, action, Refusal.NO_PENALTIES)]
    events: list[Event] = [ev.SuggestionPenalty(action.seat)]
    give(s, rng, action.seat, s.rules.suggestion_penalty, DrawReason.SUGGESTION, events)
    return events


# --------------------------------------------------------------------- the end of a round


def end_round(s: GameState, winner: int, events: list[Event], blocked: bool = False) -> list[Event]:
    """Score the round; end the game when someone has won it (``blocked``: no one went
    out, the round could not be finished)."""
    knocked = s.knocked_points  # No Mercy: the points held when knocked out
    points = tuple(
        sum(c.points for c in hand) + knocked.get(seat, 0) for seat, hand in enumerate(s.hands)
    )
    n = len(s.hands)
    rules = s.rules
    if rules.scoring is Scoring.LOWEST or rules.challenge_uno:
        gained = points  # each keeps a running total of their own hand
    elif s.teams:
        team = next(team for team in s.teams if winner in team)
        total = sum(points[seat] for seat in range(n) if seat not in team)
        gained = tuple(total if seat in team else 0 for seat in range(n))
    else:  # the others' hands (the winner's is empty, but for a blocked round)
        won = sum(points) - points[winner]
        gained = tuple(won if seat == winner else 0 for seat in range(n))
    for seat in range(n):
        s.scores[seat] += gained[seat]
    s.round_winner = winner
    s.exposed = None
    s.drawn = None
    s.four_player = None
    s.stack = 0
    s.stack_starter = None
    s.handed_one = ()
    s.uno_early = ()
    events.append(ev.RoundEnded(winner, points, gained, tuple(s.scores), blocked))
    game_winner = _game_winner(s, winner, events)
    if game_winner is None:
        s.phase = Phase.ROUND_OVER
    else:
        s.phase = Phase.GAME_OVER
        s.winner = game_winner
        events.append(ev.GameEnded(game_winner, tuple(s.scores)))
    return events


def _game_winner(s: GameState, winner: int, events: list[Event]) -> int | None:
    target = s.rules.target_score
    n = len(s.hands)
    if s.rules.challenge_uno:
        # reaching the limit eliminates; the last one standing wins
        for seat in range(n):
            if not s.eliminated[seat] and s.scores[seat] >= target:
                s.eliminated[seat] = True
                s.active -= 1
                events.append(ev.PlayerEliminated(seat, s.scores[seat]))
        if s.active == 1:
            return s.eliminated.index(False)
        return None
    if s.rules.scoring is Scoring.LOWEST:
        if max(s.scores) >= target:
            low = min(s.scores)
            # ties for lowest go to whoever went out this round, else the first
            # of them to the left of that player
            order = play_order(winner, CLOCKWISE, n)
            return next(seat for seat in order if s.scores[seat] == low)
        return None
    return winner if s.scores[winner] >= target else None
