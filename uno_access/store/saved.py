"""A game as it is saved: its setup (names, rules, seed, who plays each seat) and its actions.

The position is never stored: it is rebuilt by replaying the actions from the seed, which
the engine makes exact (``Game.apply`` is its one mutator, all randomness is the seed's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.rules import RulesError, RuleSet
from ..scenario import ScenarioError, action_from_json, action_json, to_json

_STANDARD = RuleSet()


class SavedGameError(ValueError):
    """A saved game that cannot be read back (written by another version, say)."""


def rules_json(rules: RuleSet) -> dict[str, Any]:
    """The rules as a scenario's ``rules`` object: the standard preset and what differs."""
    out: dict[str, Any] = {"preset": "standard"}
    for f in fields(RuleSet):
        value = getattr(rules, f.name)
        if value != getattr(_STANDARD, f.name):
            out[f.name] = to_json(value)
    return out


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What makes a game before its first action: ``Game.new(names, rules, seed=seed)``.

    ``bots`` names each seat's bot (None for a person); ``seat`` is the person's seat.
    """

    names: tuple[str, ...]
    rules: RuleSet
    seed: int
    bots: tuple[str | None, ...]
    seat: int = 0

    def new_game(self) -> Game:
        return Game.new(self.names, self.rules, seed=self.seed)

    def to_json(self) -> str:
        return json.dumps({
            "players": list(self.names), "rules": rules_json(self.rules), "seed": self.seed,
            "bots": list(self.bots), "seat": self.seat,
        })

    @classmethod
    def from_json(cls, text: str) -> GameSetup:
        try:
            data = json.loads(text)
            names = tuple(str(name) for name in data["players"])
            rules = RuleSet.from_mapping(data["rules"])
            seed = data["seed"]
            bots = tuple(None if b is None else str(b) for b in data["bots"])
            seat = data.get("seat", 0)
        except (ValueError, KeyError, TypeError, RulesError) as error:
            raise SavedGameError(str(error)) from None
        if not isinstance(seed, int) or not isinstance(seat, int) or len(bots) != len(names):
            raise SavedGameError("setup")
        return cls(names, rules, seed, bots, seat)


def encode_action(action: Action) -> str:
    """An action as the scenario files write it (``{"seat": 0, "act": "play", …}``)."""
    return json.dumps(action_json(action))


def decode_action(text: str) -> Action:
    try:
        return action_from_json(json.loads(text))
    except (ValueError, ScenarioError) as error:
        raise SavedGameError(str(error)) from None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One game read back: ``lines`` is every line shown, ``None`` where the person typed."""

    id: int
    started: str
    finished: bool
    setup: GameSetup
    actions: tuple[Action, ...]
    lines: tuple[str | None, ...]

    def game(self) -> Game:
        """The exact position: the setup's game with every action applied again."""
        game = self.setup.new_game()
        for action in self.actions:
            game.apply(action)
        return game

    @property
    def history(self) -> list[str]:
        """Every line the person was shown, in order."""
        return [line for line in self.lines if line is not None]

    @property
    def last_told(self) -> list[str]:
        """What the person was last told: the lines since they last typed, or, when they
        were being asked to type, the lines before that (what "repeat" says again).
        """
        last: list[str] = []
        since: list[str] = []
        for line in self.lines:
            if line is not None:
                since.append(line)
            elif since:
                last, since = since, []
        return since or last

    def scenario(self) -> dict[str, Any]:
        """The game as a scenario file (INTERFACE.md) that replays to the same state:
        dealt by its seed (``"deal": "seed"``), then every action.
        """
        return {
            "players": list(self.setup.names),
            "rules": rules_json(self.setup.rules),
            "deal": "seed",
            "seed": self.setup.seed,
            "actions": [action_json(action) for action in self.actions],
        }

