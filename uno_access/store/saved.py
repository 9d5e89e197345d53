"""A game as it is saved: its setup (names, rules, seed, who plays each seat) and its actions.

The position is never stored: it is rebuilt by replaying the actions from the seed, which
the engine makes exact (``Game.apply`` is its one mutator, all randomness is the seed's).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..access import messages
from ..access.problem import problem
from ..engine import codec
from ..engine.actions import Action, JumpIn, Play
from ..engine.codec import CodecError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.rules import RuleSet
from ..text import name, shown
from ..values import frozen


class SavedGameError(ValueError):
    """A saved game that cannot be read back (written by another version, say)."""


@frozen(slots=True)
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
        return json.dumps(
            {
                "players": list(self.names),
                "rules": codec.rules_to_json(self.rules),
                "seed": self.seed,
                "bots": list(self.bots),
                "seat": self.seat,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> GameSetup:
        try:
            data = json.loads(text)
            # names as they may be shown: a file's text never reaches the terminal raw
            names = tuple(
                name(str(n)) or f"Player {seat + 1}" for seat, n in enumerate(data["players"])
            )
            rules = codec.rules_from_json(data["rules"])
            seed = data["seed"]
            bots = tuple(None if b is None else str(b) for b in data["bots"])
            seat = data.get("seat", 0)
        except CodecError as error:
            why = shown(problem(error.within("rules")), 200)
            raise SavedGameError(messages.saved_setup_unreadable(why)) from None
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            raise SavedGameError(messages.saved_setup_unreadable(shown(str(error), 200))) from None
        if not isinstance(seed, int) or not isinstance(seat, int) or len(bots) != len(names):
            raise SavedGameError(messages.saved_setup_unreadable("setup"))
        return cls(names, rules, seed, bots, seat)


def encode_action(action: Action) -> str:
    """An action as it is saved: its scenario action object (``codec.action_to_json``), as
    JSON text. Only an ``encodable`` action is saved (``codec.encodable``: every other
    reads back as exactly itself), so this is the one encoding of a saved action.
    """
    return json.dumps(codec.action_to_json(action))


def decode_action(text: str) -> Action:
    """A saved action read back (``SavedGameError`` when it is not one)."""
    try:
        raw = codec.loads(text)
    except CodecError as error:  # not JSON
        raise SavedGameError(shown(error.why or error.wanted, 200)) from None
    return action_from_saved(raw)


def action_from_saved(raw: object) -> Action:
    """A saved action, parsed already, read back (``SavedGameError`` when it is not one).

    Earlier versions saved a refused ``b7 x0`` as a play of no cards (``"cards": []``),
    which no scenario reads: it is read as what it was, a play of none of a card, which
    every rule refuses and which changes nothing (the card it named is not kept).
    """
    try:
        if isinstance(raw, dict) and raw.get("cards") == [] and raw.get("act") in _DROPS:
            return _DROPS[raw["act"]](codec.action_from_json({**raw, "cards": None, "card": "wi"}))
        return codec.action_from_json(raw)
    except CodecError as error:
        raise SavedGameError(shown(problem(error.within("actions[0]")), 200)) from None


def _no_cards(action: Action) -> Action:
    assert isinstance(action, Play | JumpIn)
    return replace(action, count=0)


_DROPS = {"play": _no_cards, "jump_in": _no_cards}


@frozen(slots=True)
class Damage:
    """Where a saved game stops being readable: the move (numbered from 1) that cannot be
    read back or replayed, and why; the game is taken up from the move before it.
    """

    move: int
    why: str


@frozen(slots=True)
class SavedGame:
    """One game read back: ``lines`` is every line shown, ``None`` where the person typed;
    ``moves`` gives, line by line, how many actions had been saved when it was (None in a
    file of an earlier version). ``actions`` stops before ``damage``, when there is one.
    """

    id: int
    started: str
    finished: bool
    setup: GameSetup
    actions: tuple[Action, ...]
    lines: tuple[str | None, ...]
    moves: tuple[int | None, ...] = ()
    damage: Damage | None = None

    def game(self) -> Game:
        """The exact position: the setup's game with every action applied again."""
        game = self.setup.new_game()
        for action in self.actions:
            game.apply(action)
        return game

    def _kept(self) -> list[tuple[str | None, int | None]]:
        """The lines with their move counts, without those of moves after a damaged one
        (they told of moves that are no longer in the game).
        """
        moves = self.moves or (None,) * len(self.lines)
        pairs = list(zip(self.lines, moves, strict=True))
        if self.damage is None:
            return pairs
        limit = len(self.actions)
        return [(line, n) for line, n in pairs if n is None or n <= limit]

    @property
    def history(self) -> list[str]:
        """Every line the person was shown, in order."""
        return [line for line, _ in self._kept() if line is not None]

    @property
    def last_told(self) -> list[str]:
        """What the person was last told: the lines since they last typed, or, when they
        were being asked to type, the lines before that (what "repeat" says again).
        """
        last: list[str] = []
        since: list[str] = []
        for line, _ in self._kept():
            if line is not None:
                since.append(line)
            elif since:
                last, since = since, []
        return since or last

    @property
    def told(self) -> int:
        """How many of the actions had been saved when the last line was: the moves after
        them were applied but never told (the program was stopped in between).
        """
        counts = [n for _, n in self._kept() if n is not None]
        if not counts:  # a file of an earlier version, or no line yet
            return len(self.actions) if self.lines else 0
        return min(max(counts), len(self.actions))

    def rebuild(self) -> Rebuilt:
        """The position, and the events of the moves never told, replayed. An action whose
        replay fails (it should never) is a damaged move: the game stops before it.

        Raises ``SavedGameError`` when the game cannot be set up at all.
        """
        try:
            game = self.setup.new_game()
        except Exception as error:  # any failure: the game cannot be rebuilt
            raise SavedGameError(messages.saved_setup_fails(_why(error))) from None
        told = self.told
        untold: list[Event] = []
        moves: list[list[Event]] = []
        for k, action in enumerate(self.actions):
            try:
                events = game.apply(action)
            except Exception as error:
                damage = Damage(k + 1, messages.move_replay_fails(_why(error)))
                kept = replace(self, actions=self.actions[:k], damage=damage)
                return kept.rebuild()
            moves.append(events)
            if k >= told:
                untold.extend(events)
        return Rebuilt(self, game, untold, moves)

    def scenario(self) -> dict[str, Any]:
        """The game as a scenario file (INTERFACE.md) that replays to the same state:
        dealt by its seed (``"deal": "seed"``), then every action.
        """
        return {
            "players": list(self.setup.names),
            "rules": codec.rules_to_json(self.setup.rules),
            "deal": "seed",
            "seed": self.setup.seed,
            # a refused play of no cards (saved so by earlier versions) is left out: no
            # scenario can name it, and it changed nothing
            "actions": [
                codec.action_to_json(action) for action in self.actions if codec.encodable(action)
            ],
        }


@frozen(slots=True)
class Rebuilt:
    """A saved game replayed: the game as read (``damage`` set when it stops early), its
    position, and the events of the moves the person was never told.
    """

    saved: SavedGame
    game: Game
    untold: list[Event]
    moves: list[list[Event]]  # each action's events, in order (the opening is the game's)

    def recap(self, seat: int) -> list[Event]:
        """What ``seat`` should hear again on resuming, of the moves they were told: every
        event from their own last move on (from the opening if they have made none), so
        that they hear what they did and all that happened since. The moves never told
        follow, in ``untold``.
        """
        actions = self.saved.actions
        told = min(self.saved.told, len(self.moves))
        mine = [k for k in range(told) if getattr(actions[k], "seat", None) == seat]
        opening = [] if mine else list(self.game.opening)
        start = mine[-1] if mine else 0
        return [*opening, *(event for events in self.moves[start:told] for event in events)]


def _why(error: BaseException) -> str:
    return shown(f"{type(error).__name__}: {error}", 200)
