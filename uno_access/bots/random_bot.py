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
    JumpIn,
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
    quarter of the time, catches others half the time and jumps in half the time.
    """

    forget_uno = 0.25
    catch = 0.5
    challenge = 0.5
    jump_in = 0.5
    needs_view = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        rng = self.rng
        # the commonest turn, chosen with no list made: plays of one way each, then Draw
        last = len(legal) - 1
        if last > 0 and type(legal[last]) is Draw:
            plain = True
            for i in range(last):
                action = legal[i]
                if type(action) is not Play or action.color is not None or action.uno:
                    plain = False
                    break
            if plain:
                return legal[int(rng.random() * last)]
        answer: Action | None = None  # to a Wild Draw Four: challenge or accept
        plays: list[Play | PlayDrawn | JumpIn] = []
        jumps: list[Play | PlayDrawn | JumpIn] = []
        rest: list[Action] = []
        variants = False  # whether some card is listed more than once (colours, UNO, …)
        for action in legal:
            kind = type(action)
            if kind is Play or kind is PlayDrawn:
                plays.append(action)  # type: ignore[arg-type]
                if action.color is not None or action.uno:  # type: ignore[union-attr]
                    variants = True
            elif kind is JumpIn:
                jumps.append(action)  # type: ignore[arg-type]
            elif kind is Catch:
                if rng.random() < self.catch:
                    return action
            elif kind is CallUno:
                if rng.random() >= self.forget_uno:
                    return action
            elif kind is Challenge:
                answer = action if rng.random() < self.challenge else Accept(action.seat)
            elif kind is NextRound:
                return action
            else:
                rest.append(action)
        if answer is not None and (not plays or rng.random() < 0.5):
            return answer  # a Wild Draw Four stacked on it half the time, where it can
        if plays:
            if not variants:
                return plays[int(rng.random() * len(plays))]
            return self._pick(plays)
        if jumps and rng.random() < self.jump_in:
            return self._pick(jumps)
        for action in rest:
            if type(action) is Draw or type(action) is Keep:
                return action
        return rest[int(rng.random() * len(rest))] if rest else None

    def _pick(self, plays: list[Play | PlayDrawn | JumpIn]) -> Action:
        """A card first, uniformly, then one of its ways to be played: the colour, UNO,
        drop and Anniversary variants of one card do not make it likelier.
        """
        rng = self.rng
        cards = list(dict.fromkeys(_card_of(action) for action in plays))
        card = cards[int(rng.random() * len(cards))]
        mine = [action for action in plays if _card_of(action) is card]
        calls = {action.uno for action in mine}
        if len(calls) == 2:  # one card left after it: call UNO, or forget to
            call = rng.random() >= self.forget_uno
            mine = [action for action in mine if action.uno is call]
        return mine[int(rng.random() * len(mine))]


def _card_of(action: Play | PlayDrawn | JumpIn) -> Card | None:
    """The card a play puts down; ``None`` stands for the card just drawn."""
    return None if isinstance(action, PlayDrawn) else action.card
