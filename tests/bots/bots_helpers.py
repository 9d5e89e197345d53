"""Helpers for the bot tests: positions from card codes, and a bot that checks its choices.

Named apart from other test folders' helpers, so that it imports as a top-level module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from uno_access.bots.base import Bot
from uno_access.engine.actions import Action
from uno_access.engine.cards import Card
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import PlayerView


def cards(*codes: str) -> list[Card]:
    return [Card.from_code(code) for code in codes]


def position(
    hands: Sequence[Sequence[str]],
    start: str,
    draw_pile: Sequence[str] = (),
    *,
    rules: RuleSet | None = None,
    dealer: int | None = None,
    seed: int = 0,
) -> Game:
    """``Game.from_position`` with every card given by its code (``draw_pile`` top first)."""
    return Game.from_position(
        len(hands),
        [cards(*hand) for hand in hands],
        Card.from_code(start),
        cards(*draw_pile),
        rules=rules,
        dealer=dealer,
        seed=seed,
    )


def choose(bot: Bot, game: Game, seat: int) -> Action | None:
    """What ``bot`` in ``seat`` does now, given what a bot is given: its view, the legal list."""
    return bot.choose(game.view(seat), game.legal_actions(seat))


@dataclass
class Checked:
    """A bot that is handed to the game in place of ``bot``: it records every view it is
    given and checks that every choice is one of the legal actions.
    """

    bot: Bot
    views: list[PlayerView] = field(default_factory=list)
    choices: int = 0
    needs_view: bool = True

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        assert isinstance(view, PlayerView)
        self.views.append(view)
        choice = self.bot.choose(view if self.bot.needs_view else None, legal)
        assert choice is None or choice in legal, f"{choice} is not legal: {legal}"
        self.choices += choice is not None
        return choice
