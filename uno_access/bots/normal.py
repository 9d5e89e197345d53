"""The normal bot: sensible play by rules of thumb.

It keeps its Wilds for when it needs them, names the colour it holds most, aims Skips,
Draw Twos and Wild Draw Fours at the opponent closest to going out (and turns play
away from them with a Reverse), dumps its high cards, calls UNO, catches whoever forgets,
challenges a Wild Draw Four when the odds favour it, bluffs one now and then, jumps in
and drops every copy it can (Speed UNO), and adds to a stack rather than draw it. Under
Seven-O it swaps hands with the opponent holding the fewest cards, and plays a 7 or a 0
only when the hand it gets is no bigger than the one it gives.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
)
from ..engine.cards import Card, Color, Kind, playable_faces
from ..engine.state import Phase, PlayerView
from ..engine.turn import straight_faces
from .tactics import (
    best_color,
    color_counts,
    fewest_cards,
    guilty_odds,
    holds_color,
    is_attack,
    is_opponent,
    opponents,
    seat_after,
    seat_before,
    threat,
)

CHALLENGE_ODDS: Final = 2 / 7  # guilty: they draw 4 and we play; innocent: we draw 2 more
NEAR_OUT: Final = 3  # an opponent with this many cards or fewer is about to go out
BLUFF: Final = 0.1  # how often a Wild Draw Four is bluffed when no opponent is close
BLUFF_NEAR: Final = 0.35  # how often when the next player is about to go out

PlayLike = Play | PlayDrawn | JumpIn


def put_down(action: PlayLike) -> int:
    """How many cards ``action`` puts down: a drawn card, copies dropped, a straight's."""
    if isinstance(action, PlayDrawn):
        return 1
    if isinstance(action, Play):
        return action.count + abs(action.straight)
    return action.count


class NormalBot:
    """Sensible play from the view alone; its only randomness is the occasional bluff."""

    bluff = BLUFF  # how often it bluffs a Wild Draw Four when an opponent is not close
    bluff_near = BLUFF_NEAR  # how often when the next player is about to go out
    needs_view = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        assert view is not None, "the normal bot needs its view"
        plays: list[PlayLike] = []
        jumps: list[PlayLike] = []
        draw: Action | None = None
        keep: Action | None = None
        challenge: Action | None = None
        accept: Action | None = None
        colors: list[ChooseColor] = []
        for action in legal:
            kind = type(action)
            if kind is Play or kind is PlayDrawn:
                plays.append(action)  # type: ignore[arg-type]
            elif kind is JumpIn:
                jumps.append(action)  # type: ignore[arg-type]
            elif kind is CallUno or kind is NextRound:
                return action  # always call UNO; deal when it is our deal
            elif isinstance(action, Catch):
                if is_opponent(view, action.target):
                    return action
            elif kind is Draw:
                draw = action
            elif kind is Keep:
                keep = action
            elif kind is Challenge:
                challenge = action
            elif kind is Accept:
                accept = action
            elif kind is ChooseColor:
                colors.append(action)  # type: ignore[arg-type]
        if jumps:  # an identical card, out of turn: always worth it
            return self.best_play(view, jumps)[0]
        if colors:
            wanted = best_color(view.hand)
            return next((c for c in colors if c.color is wanted), colors[0])
        if view.phase is Phase.CHALLENGE or view.phase is Phase.STACK:
            if plays:  # pass the stack on, but with a bluff only when it chose to bluff
                best, worth = self.best_play(view, plays)
                if worth > WORTHLESS:
                    return best
            if challenge is not None and self.should_challenge(view):
                return challenge
            return accept
        if view.phase is Phase.DRAWN:
            if plays:
                best, worth = self.best_play(view, plays)
                if keep is None or (self.play_drawn(view) and worth > WORTHLESS):
                    return best
            return keep
        if plays:
            best, worth = self.best_play(view, plays)
            if worth > WORTHLESS or draw is None:
                return best
        return draw

    # ----------------------------------------------------------------- decisions

    def should_challenge(self, view: PlayerView) -> bool:
        """Challenge when the player who played the Wild Draw Four likely held the colour."""
        player = view.challenged_by
        if player is None:
            return False
        return guilty_odds(view, player) >= CHALLENGE_ODDS

    def play_drawn(self, view: PlayerView) -> bool:
        """Play the card just drawn, unless it is a Wild better kept for later."""
        drawn = view.drawn
        return drawn is None or not drawn.is_wild or self.wild_needed(view, drawn)

    def wild_needed(self, view: PlayerView, card: Card) -> bool:
        """A Wild is needed when an opponent is about to go out or our hand is nearly out."""
        if card.kind is Kind.ANNIVERSARY:
            return True
        return fewest_cards(view) <= NEAR_OUT or len(view.hand) <= 3

    def best_play(self, view: PlayerView, plays: Sequence[PlayLike]) -> tuple[PlayLike, float]:
        """The play worth most (the first of equals) and its worth, in its best form: every
        copy dropped, UNO called, the colour held most, an Anniversary hand to the closest
        opponent.
        """
        best: PlayLike | None = None
        best_worth = -1e9
        for action in plays:
            if not self.well_formed(view, action):
                continue
            worth = self.worth(view, action)
            if worth > best_worth:
                best, best_worth = action, worth
        if best is None:
            return plays[0], self.worth(view, plays[0])
        return best, best_worth

    def well_formed(self, view: PlayerView, action: PlayLike) -> bool:
        """Whether ``action`` is the form of its card this bot would play (UNO called when it
        leaves one card, the wanted colour, the wanted Anniversary target and keep).
        """
        card = self.card_of(view, action)
        left = len(view.hand) - put_down(action)
        anniversary = card.kind is Kind.ANNIVERSARY and action.target is not None
        if anniversary:
            left = 1  # an Anniversary card: one card kept, the rest given away
        if left == 1 and not action.uno:
            return False
        if (
            card.is_wild
            and action.color is not None
            and action.color is not self.wild_color(view, action, card)
        ):
            return False
        if anniversary and isinstance(action, Play):
            if action.target != self.anniversary_target(view):
                return False
            wanted = self.anniversary_keep(view, card)
            if action.keep is not None and action.keep is not wanted:
                return False
        elif action.target is not None and action.target != self.swap_target(view, card):
            return False  # a 7 under Seven-O: the hand to swap with
        return True

    def swap_target(self, view: PlayerView, card: Card | None = None) -> int:
        """Seven-O: swap hands with the opponent holding the fewest cards (the first on a
        tie); with ``seven_o_decline``, keep the hand with a 7 (its own seat) when none is
        smaller.
        """
        seats = opponents(view) or [s for s in range(len(view.names)) if s != view.seat]
        best = min(seats, key=lambda seat: (view.hand_sizes[seat], seat))
        seven = card is None or card.kind is Kind.NUMBER
        if seven and view.rules.seven_o_decline and view.hand_sizes[best] >= len(view.hand) - 1:
            return view.seat
        return best

    def hand_change(self, view: PlayerView, action: PlayLike, card: Card) -> int | None:
        """Seven-O (and the Wild Swap Hands): how many cards more the hand holds after this
        7 or 0 than it would without the swap or the passing (negative: fewer); None when
        the play moves no hand.
        """
        swap_wild = card.kind is Kind.WILD_SWAP_HANDS  # a customizable Wild: as a 7
        if not swap_wild and (not view.rules.seven_o or card.kind is not Kind.NUMBER):
            return None
        left = len(view.hand) - put_down(action)
        if left == 0:
            return None  # going out: nothing moves
        if swap_wild or card.number == 7:
            target = action.target if action.target is not None else self.swap_target(view, card)
            if target == view.seat:
                return 0  # seven_o_decline: the same hand kept
            return view.hand_sizes[target] - left
        if card.number == 0:
            return view.hand_sizes[seat_before(view, view.seat)] - left
        return None

    def wild_color(self, view: PlayerView, action: PlayLike, card: Card) -> Color:
        """The colour to name with a Wild: the one held most once this card is down (with an
        Anniversary card, the kept card's colour when it has one).
        """
        if isinstance(action, Play) and action.target is not None:
            keep = self.anniversary_keep(view, card)
            if keep.color is not None:
                return keep.color
            return best_color(view.hand, card)
        return best_color(view.hand, card)

    def anniversary_target(self, view: PlayerView) -> int:
        """Give the hand to the opponent closest to going out (the most cards on a tie)."""
        seats = opponents(view) or [s for s in range(len(view.names)) if s != view.seat]
        return min(seats, key=lambda seat: (view.hand_sizes[seat], seat))

    def anniversary_keep(self, view: PlayerView, played: Card) -> Card:
        """Keep a Wild if there is one (it goes out on anything), else a card of the colour
        held most.
        """
        rest = list(view.hand)
        rest.remove(played)
        for card in rest:
            if card.kind is Kind.WILD or card.kind is Kind.ANNIVERSARY:
                return card
        for card in rest:
            if card.is_wild:
                return card
        color = best_color(rest)
        return next((card for card in rest if card.color is color), rest[0])

    @staticmethod
    def card_of(view: PlayerView, action: PlayLike) -> Card:
        if isinstance(action, PlayDrawn):
            assert view.drawn is not None
            return view.drawn
        return action.card

    def worth(self, view: PlayerView, action: PlayLike) -> float:
        """How much this play is worth now, by rules of thumb."""
        card = self.card_of(view, action)
        count = put_down(action)  # copies dropped, or a straight's cards: each worth shedding
        if isinstance(action, Play) and action.straight:
            card = straight_faces(card, action.straight)[-1]  # the card that acts
        kind = card.kind
        victim = seat_after(view, view.seat)
        hurt = threat(view, victim)  # 0 for a partner
        worth = 10.0 + card.points / 10 + 8.0 * (count - 1)
        if kind is Kind.ANNIVERSARY:
            return worth + 10.0 * len(view.hand)  # the whole hand given away
        if kind is Kind.WILD_SHUFFLE and len(view.hand) > 1:  # every hand dealt out again:
            # worth it holding more than the others
            others = [view.hand_sizes[seat] for seat in opponents(view)] or [len(view.hand)]
            gain = (len(view.hand) - 1) - sum(others) / len(others)
            return worth + 10.0 * gain if gain > 1.0 else WORTHLESS - 1.0
        change = self.hand_change(view, action, card)
        if change is not None:  # Seven-O: the hand that comes back
            if change > 1:
                return WORTHLESS - 1.0 - change  # draw rather than take a bigger hand
            worth -= 6.0 * change
        # keep playing the colour we hold most
        if card.color is not None:
            worth += 2.0 * color_counts(view.hand, card)[card.color]
        if is_attack(card):
            if not is_opponent(view, victim):
                worth -= 25.0  # never at a partner
            else:
                worth += 3.0 * hurt
                fewest = fewest_cards(view)
                if view.hand_sizes[victim] == fewest:
                    worth += 12.0
                elif fewest <= NEAR_OUT:
                    worth -= 15.0  # keep it for the one about to go out
        elif kind is Kind.REVERSE:
            before = seat_before(view, view.seat)
            worth += 2.0 * (hurt - threat(view, before))
        if card.is_wild:
            if kind is Kind.WILD_DRAW_FOUR and holds_color(view.hand, view.color):
                if not self.bluffing(view, hurt):
                    return WORTHLESS - 1.0
                worth += 60.0
            elif not self.wild_needed(view, card) and self.others_playable(view):
                return WORTHLESS - 1.0 + (1.0 if kind is Kind.WILD else 0.0)
            worth -= 40.0  # keep a Wild while there is anything else to play
        return worth

    def bluffing(self, view: PlayerView, hurt: int) -> bool:
        """Now and then, a Wild Draw Four played while holding the colour (a bluff)."""
        chance = self.bluff_near if hurt >= 11 - NEAR_OUT else self.bluff
        return self.rng.random() < chance

    def others_playable(self, view: PlayerView) -> bool:
        """Whether the hand holds a card that matches without being a Wild."""
        faces = playable_faces(view.rules.match_top(view.top, view.color), view.color)
        return any(card in faces and not card.is_wild for card in view.hand)


WORTHLESS: Final = -100.0  # a play worth this or less is not made while drawing is allowed
