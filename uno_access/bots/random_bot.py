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
        for action in legal:
            if isinstance(action, Play | PlayDrawn):
                plays.append(action)
            elif isinstance(action, Catch):
                if rng.random() < self.catch:
                    return action
            elif isinstance(action, CallUno):
                if rng.random() >= self.forget_uno:
                    return action
            elif isinstance(action, Challenge):
                return action if rng.random() < self.challenge else Accept(action.seat)
            elif isinstance(action, NextRound):
                return action
        if plays:
            if any(action.uno for action in plays):  # two cards left: every play comes both ways
                call = rng.random() >= self.forget_uno
                plays = [action for action in plays if action.uno == call]
            return plays[rng.randrange(len(plays))]
        rest = [action for action in legal if not isinstance(action, Catch | CallUno)]
        for action in rest:
            if isinstance(action, Draw | Keep):
                return action
        return rest[rng.randrange(len(rest))] if rest else None
