"""The game: ``apply`` is the one place that changes state; everything else only reads.

A game is replayable from its seed and its actions: all randomness comes from the
``random.Random`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

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
    JumpIn,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    Suggest,
    TouchTopCard,
)
from .cards import COLORS, Card, Color, Kind, all_faces, extra_faces, playable_mask
from .events import Direction, Event, Refusal
from .rules import PartnerSchedule, RuleSet
from .seats import CLOCKWISE, left_of, seat_after
from .setup import choose_dealer, deal_round, player_names, turn_start_card
from .state import GameState, Phase, PlayerView
from .turn import (
    MOST_IN_STRAIGHT,
    OWING,
    TURN_ACTIONS,
    bluff_refused,
    call_uno,
    can_deflect,
    can_stack,
    catch,
    held_face,
    is_seven,
    jump_in,
    jump_in_refusal,
    matches,
    mercy,
    must_play_drawn,
    play,
    playable_now,
    straight_faces,
    suggest,
    swap_targets,
)

_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)
_GAME_OVER: Final = Phase.GAME_OVER


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
        names = player_names(players)
        rules = rules or RuleSet()
        _check_seats(rules, len(names))
        rng = rng or random.Random(seed)
        events: list[Event] = []
        dealer = choose_dealer(len(names), rules, rng, events)
        state = GameState(
            rules=rules,
            names=names,
            hands=[[] for _ in names],
            draw_pile=[],
            discard=[],
            color=None,
            current=dealer,
            direction=1,
            phase=Phase.PLAY,
            dealer=dealer,
            scores=[0] * len(names),
            eliminated=[False] * len(names),
            active=len(names),
            teams=_teams(rules, len(names)),
        )
        game = cls(state, rng)
        events += deal_round(state, rng)
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
        names = player_names(players)
        if len(hands) != len(names):
            raise ValueError("one hand per player")
        dealer = len(names) - 1 if dealer is None else dealer
        if not 0 <= dealer < len(names):
            raise ValueError("no such dealer seat")
        four = Kind.WILD_DRAW_FOUR
        if start.kind is four and all(card.kind is four for card in draw_pile):
            # it would go back into the deck and another card be turned: there must be one
            raise ValueError("a Wild Draw Four start card needs another kind of card to replace it")
        rules = rules or RuleSet()
        _check_seats(rules, len(names))
        state = GameState(
            rules=rules,
            names=names,
            hands=[list(h) for h in hands],
            draw_pile=list(reversed(draw_pile)),
            discard=[],
            color=None,
            current=dealer,
            direction=1,
            phase=Phase.PLAY,
            dealer=dealer,
            scores=list(scores) if scores is not None else [0] * len(names),
            eliminated=[False] * len(names),
            active=len(names),
            teams=_teams(rules, len(names)),
        )
        rng = random.Random(seed)
        game = cls(state, rng)
        events: list[Event] = [ev.RoundStarted(1, dealer)]
        events += turn_start_card(state, rng, start)
        game.opening = tuple(events)
        return game

    # ----------------------------------------------------------------- the one mutator

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return what happened.

        An action the rules do not allow changes nothing and returns a single
        ``Rejected`` event with the reason. Under No Mercy's Mercy rule, whoever it left
        holding 25 cards or more is then knocked out of the round.
        """
        events = self._apply(action)
        s = self.state
        if s.rules.mercy_rule and s.phase is not Phase.ROUND_OVER and s.phase is not _GAME_OVER:
            mercy(s, self.rng, events)
        return events

    def _apply(self, action: Action) -> list[Event]:
        s = self.state
        seat = action.seat
        if not 0 <= seat < len(s.hands):
            return [ev.Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
        kind = type(action)
        if kind is Play:  # the most common action first
            if s.phase is Phase.PLAY and seat == s.current:
                return play(s, self.rng, action)  # type: ignore[arg-type]
        elif kind is CardCheck:
            return [ev.CardCount(seat, self.card_check())]
        elif kind is TouchTopCard:
            return [ev.TopCard(seat, s.discard[-1], s.color)]
        if s.phase is Phase.GAME_OVER:
            return [ev.Rejected(seat, action, Refusal.GAME_OVER)]
        if s.eliminated[seat]:
            if seat not in s.knocked_out:
                return [ev.Rejected(seat, action, Refusal.ELIMINATED)]
            if kind is not NextRound or s.phase is not Phase.ROUND_OVER:
                return [ev.Rejected(seat, action, Refusal.KNOCKED_OUT)]
            # knocked out of the round just over, and back for the next: may deal it
        if kind is NextRound:
            if s.phase is not Phase.ROUND_OVER:
                return [ev.Rejected(seat, action, Refusal.ROUND_NOT_OVER)]
            for back in s.knocked_out:  # the Mercy rule knocks out of a round, not the game
                s.eliminated[back] = False
                s.active += 1
            s.knocked_out = ()
            s.dealer = seat_after(s.dealer, CLOCKWISE, s.eliminated)  # the deal passes left
            s.round_number += 1
            return deal_round(s, self.rng)
        if s.phase is Phase.ROUND_OVER:
            return [ev.Rejected(seat, action, Refusal.ROUND_OVER)]
        if kind is CallUno:
            return call_uno(s, self.rng, action)  # type: ignore[arg-type]
        if kind is Catch:
            return catch(s, self.rng, action)  # type: ignore[arg-type]
        if kind is JumpIn:
            return jump_in(s, self.rng, action)  # type: ignore[arg-type]
        if kind is Suggest:
            return suggest(s, self.rng, action)  # type: ignore[arg-type]
        if seat != s.current:
            return [ev.Rejected(seat, action, Refusal.NOT_YOUR_TURN)]
        handler = TURN_ACTIONS.get(kind)
        if handler is None:
            raise TypeError(f"not an action: {action!r}")
        return handler(s, self.rng, action)

    # ----------------------------------------------------------------- queries

    def legal_actions(self, seat: int) -> list[Action]:
        """Every game action ``seat`` may take now (queries, always allowed, aside).

        A Wild Draw Four held with a card of the colour in play is listed: playing it
        is a bluff the rules allow, at the risk of a challenge (not under no bluffing,
        which refuses it). A 7 under Seven-O is listed once per player it may swap
        hands with. At two cards, every
        play is listed twice: with UNO called and without. (UNO called just before the
        next-to-last card, a ``CallUno`` then the play, is accepted too; it is not listed
        apart, being the same as the play with UNO called.)
        """
        s = self.state
        phase = s.phase
        if phase is Phase.ROUND_OVER:  # the knocked out too: back for the next round
            out_for_good = s.eliminated[seat] and seat not in s.knocked_out
            return [] if out_for_good else [_NEXT_ROUND[seat]]
        if phase is Phase.GAME_OVER or s.eliminated[seat]:
            return []
        out: list[Action] = []
        exposed = s.exposed
        if exposed is not None:
            out.append(_CALL_UNO[seat] if exposed == seat else Catch(seat, exposed))
        for target in s.handed_one:
            if target != exposed:
                out.append(_CALL_UNO[seat] if target == seat else Catch(seat, target))
        rules = s.rules
        if rules.jump_ins and (seat != s.current or phase in OWING):
            _add_jump_ins(s, seat, out)
        if seat != s.current:
            return out
        if phase is Phase.PLAY:
            hand = s.hands[seat]
            two_left = len(hand) == 2
            mask = playable_mask(rules.match_top(s.discard[-1], s.color), s.color)
            cards = [card for card in hand if mask[card.index]]
            if rules.no_bluffing:
                cards = [card for card in cards if not bluff_refused(s, seat, card)]
            plain = (  # every card goes out as it plays (7s aside)
                rules.wild_draw_four_finish
                and not rules.no_action_finish
                and not rules.anniversary_cards
            )
            before = len(out)
            for card in dict.fromkeys(cards) if len(cards) > 1 else cards:  # each face once
                if (plain or card.kind is Kind.NUMBER) and not is_seven(s, card):
                    plays = _PLAYS[seat]
                    at = card.index * 2 + two_left
                    options = plays[at]
                    if options is None:
                        options = plays[at] = tuple(
                            Play(seat, card, col, uno) for col, uno in _variants(card, two_left)
                        )
                    out += options
                else:
                    _add_variant_plays(s, seat, card, out)
                if rules.dropping:
                    _add_drops(s, seat, card, out, Play)
                if rules.straights and card.base.kind is Kind.NUMBER:
                    _add_straights(s, seat, card, out)
            if not (rules.must_play and len(out) > before):  # must play: no draw then
                out.append(_DRAW[seat])
        elif phase is Phase.DRAWN:
            drawn = s.drawn
            assert drawn is not None
            if not rules.draws_to_match and not (rules.force_play and must_play_drawn(s, seat)):
                out.append(_KEEP[seat])
            if playable_now(s, seat, drawn):
                if drawn.kind is Kind.ANNIVERSARY:
                    _add_variant_plays(s, seat, drawn, out)
                elif is_seven(s, drawn):
                    two_left = len(s.hands[seat]) == 2
                    for swap in _targets(s, seat, drawn, 1):
                        out += [
                            PlayDrawn(seat, col, uno, swap)
                            for col, uno in _variants(drawn, two_left)
                        ]
                else:
                    two_left = len(s.hands[seat]) == 2
                    named = drawn.is_wild and drawn.kind is not Kind.WILD_COLOR_ROULETTE
                    key = (seat, named, two_left)
                    options = _PLAY_DRAWN.get(key)
                    if options is None:
                        options = _PLAY_DRAWN[key] = tuple(
                            PlayDrawn(seat, col, uno) for col, uno in _variants(drawn, two_left)
                        )
                    out += options
        elif phase is Phase.START_COLOR or phase is Phase.ROULETTE:
            out += _CHOOSE_COLOR[seat]
        else:  # CHALLENGE or STACK: what is owed
            if phase is Phase.CHALLENGE:
                out.append(_CHALLENGE[seat])
            out.append(_ACCEPT[seat])
            if rules.answers_draws:
                for card in dict.fromkeys(s.hands[seat]):
                    if can_stack(s, seat, card):
                        _add_variant_plays(s, seat, card, out)
                        if rules.dropping:
                            _add_drops(s, seat, card, out, Play)
                    elif can_deflect(s, card):  # stack_deflect: one card passes it on
                        _add_variant_plays(s, seat, card, out)
        return out

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know."""
        s = self.state
        over = s.phase in _OVER
        mine = s.current == seat and not over
        return PlayerView(
            seat=seat,
            names=s.names,
            rules=s.rules,
            hand=tuple(s.hands[seat]),
            hand_sizes=self.card_check(),
            top=s.discard[-1],
            color=s.color,
            current=None if over else s.current,
            direction=Direction(s.direction),
            phase=s.phase,
            dealer=s.dealer,
            draw_pile_size=len(s.draw_pile),
            discard_pile_size=len(s.discard),
            scores=tuple(s.scores),
            round_number=s.round_number,
            drawn=s.drawn if mine else None,
            exposed=s.exposed,
            challenged_by=s.four_player if mine and s.phase is Phase.CHALLENGE else None,
            round_winner=s.round_winner,
            winner=s.winner,
            stack=s.stack,
            plays=s.plays,
            played_by=s.played_by,
            handed_one=s.handed_one,
            eliminated=tuple(seat for seat, out in enumerate(s.eliminated) if out),
            teams=s.teams,
            discard=tuple(s.discard),
        )

    def card_check(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(h) for h in self.state.hands)

    def top_card(self) -> tuple[Card, Color | None]:
        """The top card of the DISCARD pile and the colour in play."""
        return self.state.discard[-1], self.state.color

    def playable(self, card: Card) -> bool:
        """Whether ``card`` matches the top of the DISCARD pile now."""
        return matches(self.state, card)

    def out_of_turn_order(self) -> tuple[int, ...]:
        """Who is asked, after a move, whether they act out of turn (catch a player who did
        not call UNO, call UNO when handed a single card, jump in), in this order: round
        the table from the player to move. Empty when no one may. The one order that every
        table and the simulator follow; a seat that has become the player to move by the
        time it is asked is passed over (it acts as part of its turn).
        """
        s = self.state
        if s.phase in _OVER or s.current is None:
            return ()
        if s.exposed is None and not s.handed_one and not s.rules.jump_ins:
            return ()
        return tuple(left_of(s.current, len(s.hands)))

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


def _variants(card: Card, two_left: bool) -> list[tuple[Color | None, bool]]:
    """The ways to play ``card``: one per colour for a Wild, with and without UNO at two."""
    named = card.is_wild and card.kind is not Kind.WILD_COLOR_ROULETTE  # (the next names it)
    colors: Sequence[Color | None] = COLORS if named else (None,)
    calls = (False, True) if two_left else (False,)
    return [(color, uno) for color in colors for uno in calls]


def _allowed_variants(
    s: GameState, seat: int, card: Card, count: int
) -> list[tuple[Color | None, bool]]:
    """The colour and UNO choices for putting down ``count`` of ``card``: none when the
    rules forbid it (going out on a Wild Draw Four in Speed UNO, on an action card with
    ``no_action_finish``).
    """
    left = len(s.hands[seat]) - count
    if left == 0 and not s.rules.finishes_on(card):
        return []
    return _variants(card, left == 1)


def _add_variant_plays(s: GameState, seat: int, card: Card, out: list[Action]) -> None:
    """Plays of one card under the options: no Wild Draw Four to go out; an Anniversary
    card with every seat to give to and every card to keep.
    """
    if card.kind is not Kind.ANNIVERSARY:
        variants = _allowed_variants(s, seat, card, 1)
        for target in _targets(s, seat, card, 1):
            out += [Play(seat, card, col, uno, 1, target) for col, uno in variants]
        return
    rest = list(s.hands[seat])
    rest.remove(card)
    if not rest:  # the last card: going out, with nothing to give
        out.append(Play(seat, card))
        return
    keeps: list[Card | None] = list(dict.fromkeys(rest)) if len(rest) > 1 else [None]
    for target in range(len(s.hands)):
        if target == seat or s.eliminated[target]:
            continue
        for keep in keeps:
            for color in COLORS:
                for uno in (False, True):
                    out.append(Play(seat, card, color, uno, 1, target, keep))


def _add_drops(
    s: GameState, seat: int, card: Card, out: list[Action], kind: type[Play] | type[JumpIn]
) -> None:
    """Dropping: several identical cards at once, two up to all the player holds."""
    if card.kind is Kind.ANNIVERSARY:  # each one names whom it gives the hand to
        return
    copies = s.hands[seat].count(card)
    for count in range(2, copies + 1):
        for target in _targets(s, seat, card, count):
            for col, uno in _allowed_variants(s, seat, card, count):
                if kind is Play:
                    out.append(Play(seat, card, col, uno, count, target))
                else:
                    out.append(JumpIn(seat, card, col, uno, count, s.plays, target))


def _add_straights(s: GameState, seat: int, card: Card, out: list[Action]) -> None:
    """Straights: ``card`` and each run of its colour ``seat`` holds after it, the next
    numbers or the previous ones, 9 and 0 following each other."""
    hand = s.hands[seat]
    for step in (1, -1):
        for length, face in enumerate(straight_faces(card, step * MOST_IN_STRAIGHT), 1):
            last = held_face(hand, face)
            if last is None:
                break
            for target in _targets(s, seat, last, length + 1):
                for col, uno in _allowed_variants(s, seat, last, length + 1):
                    out.append(Play(seat, card, col, uno, 1, target, None, step * length))


def _add_jump_ins(s: GameState, seat: int, out: list[Action]) -> None:
    """Exact Match: the cards identical to the top card that ``seat`` may jump in with (with
    ``jump_in_any_color``, of the same number in any colour too)."""
    top = s.discard[-1]
    if jump_in_refusal(s, seat, top) is not None:
        return
    rules = s.rules
    for card in dict.fromkeys(s.hands[seat]):
        if (
            not rules.jumps_on(top, card)
            or card.kind is Kind.ANNIVERSARY
            or bluff_refused(s, seat, card)
        ):
            continue
        for target in _targets(s, seat, card, 1):
            for col, uno in _allowed_variants(s, seat, card, 1):
                out.append(JumpIn(seat, card, col, uno, 1, s.plays, target))
        if s.rules.dropping:
            _add_drops(s, seat, card, out, JumpIn)


def _targets(s: GameState, seat: int, card: Card, count: int) -> Sequence[int | None]:
    """The seats a play of ``count`` of ``card`` may name: under Seven-O a 7 that leaves
    cards in the hand names each player it may swap hands with; any other play none.
    """
    if not is_seven(s, card) or len(s.hands[seat]) == count:
        return _NO_TARGET
    if s.rules.seven_o_decline and card.kind is Kind.NUMBER:
        return [*swap_targets(s, seat), seat]  # or none: the same hand kept
    return swap_targets(s, seat)


_NO_TARGET: Final[tuple[int | None, ...]] = (None,)


def _check_seats(rules: RuleSet, players: int) -> None:
    rules.validate()
    rules.check_deal(players)  # DealError (a ValueError): the hands would not fit in the deck
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        raise ValueError("a partner schedule is played by a Match, table by table")
    wanted = rules.seats_allowed(players)
    if wanted is not None:
        raise ValueError(f"these rules are for {wanted} players")


def _teams(rules: RuleSet, players: int) -> tuple[tuple[int, ...], ...]:
    """Partners sit across: seats 0 and 2 against 1 and 3 (at a table of four)."""
    if not rules.partners:
        return ()
    half = players // 2
    return tuple(tuple(range(first, players, half)) for first in range(half))


# Actions are values, so the ones legal_actions offers are made once and shared.
_SEATS: Final = range(10)
_DRAW: Final = [Draw(seat) for seat in _SEATS]
_KEEP: Final = [Keep(seat) for seat in _SEATS]
_CALL_UNO: Final = [CallUno(seat) for seat in _SEATS]
_CHALLENGE: Final = [Challenge(seat) for seat in _SEATS]
_ACCEPT: Final = [Accept(seat) for seat in _SEATS]
_NEXT_ROUND: Final = [NextRound(seat) for seat in _SEATS]
_CHOOSE_COLOR: Final = [tuple(ChooseColor(seat, color) for color in COLORS) for seat in _SEATS]
# each seat's plays of a card, by the card's index and whether two cards are left (made
# when first asked for)
_PLAYS: Final[list[list[tuple[Action, ...] | None]]] = [
    [None] * (2 * len(all_faces() + extra_faces())) for _ in _SEATS
]
_PLAY_DRAWN: Final[dict[tuple[int, bool, bool], tuple[Action, ...]]] = {}
