"""Determinization: a whole game made up from one seat's ``PlayerView``.

The cards this seat has not seen are the deck of the rules less its own hand and the
DISCARD pile. They are shuffled with the bot's own seeded generator and dealt to the
other hands by their sizes and to the DRAW pile. The real hidden hands are never
read: only the view is. The made-up ``Game`` is then played with ``Game.apply`` like
any other; it is a new game, not the real one.
"""

from __future__ import annotations

import random

from ..engine import seats
from ..engine.cards import Card
from ..engine.game import Game
from ..engine.piles import shuffle
from ..engine.setup import build_deck
from ..engine.state import GameState, Phase, PlayerView


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards ``view``'s seat has not seen: in other hands or the DRAW pile, in deck order."""
    counts: dict[Card, int] = {}
    for card in view.hand:
        counts[card] = counts.get(card, 0) + 1
    for card in view.discard:
        counts[card] = counts.get(card, 0) + 1
    out: list[Card] = []
    for card in build_deck(view.rules, len(view.names)):
        seen = counts.get(card, 0)
        if seen:
            counts[card] = seen - 1
        else:
            out.append(card)
    return out


def deal_unseen(
    view: PlayerView, unseen: list[Card], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """The unseen cards shuffled and dealt: every hand (this seat's own as it is, the
    others by their sizes) and the DRAW pile (its top card last), the rest of them.
    """
    cards = list(unseen)
    shuffle(rng, cards)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            take = min(size, len(cards))
            hands.append(cards[len(cards) - take :])
            del cards[len(cards) - take :]
    return hands, cards


def world(
    view: PlayerView, hands: list[list[Card]], draw_pile: list[Card], rng: random.Random
) -> Game:
    """A new ``Game`` at ``view``'s position with these hands and DRAW pile.

    What the view does not tell is guessed: a Wild Draw Four being answered was played
    unfairly when its player's made-up hand holds the colour of the card under it (fairly
    when that card is a Wild), a stack was begun by the player before, and nobody has
    drawn since the last play.
    """
    n = len(view.names)
    eliminated = seats.eliminated_flags(n, view.eliminated)
    current = view.current if view.current is not None else view.seat
    before = seats.seat_before(current, view.direction.value, eliminated)
    four = view.challenged_by
    if four is None and view.phase is Phase.CHALLENGE:
        four = before
    guilty = False  # the Wild Draw Four taken as fair unless its player's hand says not
    if four is not None and len(view.discard) >= 2:
        under = view.discard[-2].color
        guilty = under is not None and any(card.color is under for card in hands[four])
    state = GameState(
        rules=view.rules,
        names=view.names,
        hands=[list(hand) for hand in hands],
        draw_pile=list(draw_pile),
        discard=list(view.discard) or [view.top],
        color=view.color,
        current=current,
        direction=view.direction.value,
        phase=view.phase,
        dealer=view.dealer,
        scores=list(view.scores),
        round_number=view.round_number,
        drawn=view.drawn,
        exposed=view.exposed,
        four_player=four,
        four_guilty=guilty,
        stack=view.stack,
        stack_starter=before if view.stack else None,
        gone_out=tuple(seat for seat, size in enumerate(view.hand_sizes) if size == 0)
        if view.stack  # stack_after_out: gone out, the stack still answered
        else (),
        plays=view.plays,
        played_by=view.played_by,
        handed_one=view.handed_one,
        eliminated=eliminated,
        active=n - len(view.eliminated),
        teams=view.teams,
    )
    return Game(state, rng)
