"""The bot interface and the bots by name."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.events import Event, for_seat
from ..engine.state import PlayerView


class Bot(Protocol):
    """A seat played by the computer. It sees its own view and the legal actions only."""

    needs_view: bool  # False for a bot that decides from the legal actions alone

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        """The action to take, or ``None`` to do nothing now (only when not to move).

        ``view`` is ``None`` only for a bot whose ``needs_view`` is False.
        """
        ...


class Watcher(Protocol):
    """A bot that also remembers what happened (the hard bot)."""

    def observe(self, seat: int, events: Iterable[Event], sizes: Sequence[int]) -> None:
        """``events`` as ``seat`` may know them (other seats' cards never in them), and how
        many cards each seat holds after them (public: a card check tells anyone).
        """
        ...


def watchers(seated: Iterable[tuple[int, object]]) -> list[tuple[int, Watcher]]:
    """The bots that remember, with their seats, of ``(seat, bot)`` pairs."""
    return [(seat, bot) for seat, bot in seated if hasattr(bot, "observe")]


def tell(
    watching: Sequence[tuple[int, Watcher]], events: Sequence[Event], sizes: Sequence[int]
) -> None:
    """Each remembering bot hears ``events`` as its own seat may know them, and no more,
    and the number of cards in each hand after them.
    """
    for seat, bot in watching:
        heard = [e for e in (for_seat(event, seat) for event in events) if e is not None]
        bot.observe(seat, heard, sizes)


BOT_NAMES = ("easy", "normal", "hard", "random")  # "random" is the easy bot's old name
BUDGET_SEPARATOR = ":"  # "hard:150": the hard bot with 150 ms a move


class BotNameError(ValueError):
    """Not a bot name; ``name`` is what was given."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def parse_bot(name: str) -> tuple[str, float | None]:
    """A bot name and its time budget in milliseconds, if one is given: ``hard:150``."""
    strength, sep, budget = name.strip().lower().partition(BUDGET_SEPARATOR)
    if strength not in BOT_NAMES:
        raise BotNameError(name)
    if not sep:
        return strength, None
    try:
        ms = float(budget)
    except ValueError:
        raise BotNameError(name) from None
    if strength != "hard" or not 1 <= ms <= 60_000:
        raise BotNameError(name)
    return strength, ms


def make_bot(name: str, rng: random.Random, budget_ms: float | None = None) -> Bot:
    """A bot by its strength name (see ``BOT_NAMES``; ``hard:MS`` sets the hard bot's time
    budget per move, as ``budget_ms`` does when the name gives none).
    """
    from .random_bot import RandomBot

    strength, ms = parse_bot(name)
    if strength in ("easy", "random"):
        return RandomBot(rng)
    if strength == "normal":
        from .normal import NormalBot

        return NormalBot(rng)
    from .hard import DEFAULT_BUDGET_MS, HardBot

    budget = ms if ms is not None else budget_ms
    return HardBot(rng, budget if budget is not None else DEFAULT_BUDGET_MS)


class GameDidNotEnd(RuntimeError):
    """Bots left a game without a move, or without an end: a bug to report."""
