"""The bot interface and the bots by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.state import PlayerView


class Bot(Protocol):
    """A seat played by the computer. It sees its own view and the legal actions only."""

    needs_view: bool  # False for a bot that decides from the legal actions alone

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        """The action to take, or ``None`` to do nothing now (only when not to move).

        ``view`` is ``None`` only for a bot whose ``needs_view`` is False.
        """
        ...


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by its strength name (see ``BOT_NAMES``)."""
    from .random_bot import RandomBot

    if name == "random":
        return RandomBot(rng)
    raise ValueError(name)


BOT_NAMES = ("random",)


class GameDidNotEnd(RuntimeError):
    """Bots left a game without a move, or without an end: a bug to report."""
