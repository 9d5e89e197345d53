"""The seam between a running game and its saved record.

The ui calls ``record(action)`` right before ``Game.apply(action)``, ``said(lines)`` right
before showing lines, and ``input_taken()`` when it asks the person for a line. Each
action, and each batch of lines, is one committed write (the mark of a new question goes
with the next write), so whatever was shown was saved first, at one wait for the disk.
When a write fails (a full disk, a folder made read-only, a file locked) the player is
told once, through ``notify``, and the game goes on unsaved.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from ..engine.actions import Action
from .database import Store, StoreProblem, problem
from .saved import GameSetup, SavedGame, encode_action


class Recorder:
    """Saves one game as it is played; a recorder without a store saves nothing."""

    def __init__(
        self, store: Store | None, game: int | None, notify: Callable[[str], None],
        actions: int = 0, lines: int = 0,
    ) -> None:
        self.store = store if game is not None else None
        self.game = game
        self.notify = notify
        self._actions = actions
        self._lines = lines
        self._asked = False  # the person was asked: the mark goes with the next write

    @classmethod
    def start(
        cls, store: Store | None, setup: GameSetup, notify: Callable[[str], None]
    ) -> Recorder:
        """Save a new game from its setup (or, without a store, save nothing)."""
        if store is None:
            return cls(None, None, notify)
        try:
            game = store.new_game(setup)
        except (sqlite3.Error, OSError) as error:
            notify(problem(error, store.path).message)
            return cls(None, None, notify)
        return cls(store, game, notify)

    @classmethod
    def resume(
        cls, store: Store | None, saved: SavedGame, notify: Callable[[str], None]
    ) -> Recorder:
        """Go on saving a game read back from ``store``."""
        return cls(store, saved.id, notify, len(saved.actions), len(saved.lines))

    @property
    def saving(self) -> bool:
        return self.store is not None

    def record(self, action: Action) -> None:
        """Save ``action``: called before it is applied, so none is ever lost."""
        if self.store is not None and self.game is not None:
            self._write(self._add_action, self.game, encode_action(action))

    def said(self, *lines: str) -> None:
        """Save lines of the message history, before they are shown."""
        if self.store is not None and self.game is not None and lines:
            self._write(self._add_lines, self.game, lines)

    def input_taken(self) -> None:
        """The person is asked to type: what follows is a new "last message"."""
        self._asked = True

    def _add_action(self, game: int, text: str) -> None:
        store = self.store
        assert store is not None
        with store.batch():
            self._mark(store, game)
            store.add_action(game, self._actions, text)
        self._actions += 1

    def _add_lines(self, game: int, lines: tuple[str, ...]) -> None:
        store = self.store
        assert store is not None
        with store.batch():
            self._mark(store, game)
            for n, line in enumerate(lines, start=self._lines):
                store.add_line(game, n, line)
        self._lines += len(lines)

    def _mark(self, store: Store, game: int) -> None:
        if self._asked:
            store.add_line(game, self._lines, None)
            self._lines += 1
            self._asked = False

    def finish(self) -> None:
        """The game is over: it is no longer offered to resume."""
        if self.store is not None and self.game is not None:
            self._write(self.store.set_finished, self.game)

    def _write(self, write: Callable[..., None], *args: object) -> None:
        store = self.store
        assert store is not None
        try:
            write(*args)
        except (sqlite3.Error, OSError) as error:
            self.store = None
            store.close()
            self.notify(problem(error, store.path).message)


__all__ = ["Recorder", "StoreProblem"]
