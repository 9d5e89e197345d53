"""The random-legal bot: a uniformly random legal play, drawing only when it has none."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
)
from ..engine.cards import Card
from ..engine.state import PlayerView


class RandomBot:
    """Plays a random legal card (a Wild Draw Four bluff included), draws only when it
    cannot play, plays a drawn card it can, challenges half the time, forgets UNO a
    quarter of the time and catches others half the time.
    """

    forget_uno = 0.25
    catch = 0.5
    challenge = 0.5
    needs_view = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        rng = self.rng
        plays: list[Play | PlayDrawn] = []
        rest: list[Action] = []
        variants = False  # whether some card is listed more than once (colours, UNO)
        for action in legal:
            kind = type(action)
            if kind is Play or kind is PlayDrawn:
                plays.append(action)  # type: ignore[arg-type]
                if action.color is not None or action.uno:  # type: ignore[union-attr]
                    variants = True
            elif kind is Catch:
                if rng.random() < self.catch:
                    return action
            elif kind is CallUno:
                if rng.random() >= self.forget_uno:
                    return action
            elif kind is Challenge:
                return action if rng.random() < self.challenge else Accept(action.seat)
            elif kind is NextRound:
                return action
            else:
                rest.append(action)
        if plays:
            if not variants:
                return plays[int(rng.random() * len(plays))]
            # a card first, uniformly, then a colour and whether to call UNO: the
            # colour and UNO variants of one card do not make it likelier
            cards = list(dict.fromkeys(_card_of(action) for action in plays))
            card = cards[int(rng.random() * len(cards))]
            call = False
            if plays[-1].uno:  # two cards left: every play is listed with and without UNO
                call = rng.random() >= self.forget_uno
            choices = [a for a in plays if _card_of(a) is card and a.uno is call]
            return choices[int(rng.random() * len(choices))]
        for action in rest:
            if type(action) is Draw or type(action) is Keep:
                return action
        return rest[int(rng.random() * len(rest))] if rest else None


def _card_of(action: Play | PlayDrawn) -> Card | None:
    """The card a play puts down; ``None`` stands for the card just drawn."""
    return action.card if isinstance(action, Play) else None
