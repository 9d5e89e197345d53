"""The seam between a running game and its saved record.

The ui calls ``record(action)`` right before ``Game.apply(action)``, ``said(lines)`` right
before showing lines, and ``input_taken()`` when it asks the person for a line. Each
action, and each batch of lines, is one committed write (the mark of a new question goes
with the next write), so whatever was shown was saved first. A move waits for the disk;
lines and a new game's setup do not (SQLite's WAL keeps commits in order: the next move's
takes them there too), so a new game's start waits for no disk before its first move.
Each line is saved with the number of actions saved before it, so that a resume knows
which moves were told.

When another program holds the file's lock, the writes are kept in memory, in order, and
every later write tries again (briefly): once the lock is free they are all written in one
transaction, and nothing is lost; the player is told once that saving is delayed, and
once that it has caught up. When a write fails otherwise (a full disk, a folder made
read-only) the player is told once, through ``notify``, and the game goes on unsaved.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from .. import interrupt
from ..access import messages
from ..engine import codec
from ..engine.actions import Action
from ..values import frozen
from .database import BUSY_SECONDS, RETRY_SECONDS, Store, StoreProblem, busy, problem
from .saved import GameSetup, SavedGame, encode_action


@frozen(slots=True)
class _Row:
    """One write waiting for the file: an action, or a line (None: the person was asked)."""

    table: str  # "actions" or "lines"
    n: int
    text: str | None
    moves: int = 0


class Recorder:
    """Saves one game as it is played; a recorder without a store saves nothing."""

    def __init__(
        self,
        store: Store | None,
        game: int | None,
        notify: Callable[[str], None],
        actions: int = 0,
        lines: int = 0,
        setup: GameSetup | None = None,
    ) -> None:
        writable = store is not None and not store.read_only
        self.store = store if writable and (game is not None or setup is not None) else None
        self.game = game
        self.notify = notify
        self._setup = setup if game is None else None  # a new game not yet written
        self._actions = actions
        self._lines = lines
        self._asked = False  # the person was asked: the mark goes with the next write
        self._waiting: list[_Row] = []  # writes kept while another program holds the lock
        self._finished = False
        self._delayed = False

    @classmethod
    def start(
        cls, store: Store | None, setup: GameSetup, notify: Callable[[str], None]
    ) -> Recorder:
        """Save a new game from its setup (or, without a store, save nothing)."""
        recorder = cls(store, None, notify, setup=setup)
        recorder._flush()
        return recorder

    @classmethod
    def resume(
        cls, store: Store | None, saved: SavedGame, notify: Callable[[str], None]
    ) -> Recorder:
        """Go on saving a game read back from ``store``."""
        return cls(store, saved.id, notify, len(saved.actions), len(saved.lines))

    @property
    def saving(self) -> bool:
        return self.store is not None

    @property
    def delayed(self) -> bool:
        """Writes are waiting for another program to free the file."""
        return bool(self._waiting) or (self._setup is not None and self.store is not None)

    @staticmethod
    def readable(action: Action) -> bool:
        """Whether ``action`` can be saved as itself (``codec.encodable``, a few
        comparisons): one that cannot (a play of no cards, which the rules always refuse)
        is applied first, and saved only if it was not refused (it never is otherwise).
        """
        return codec.encodable(action)

    def record(self, action: Action) -> None:
        """Save ``action``: called before it is applied, so none is ever lost. It is
        encoded once; one that is not ``readable`` raises ``CodecError`` (never saved).
        """
        if self.store is not None:
            text = encode_action(action)
            with interrupt.shielded():  # the count and the file move on together
                self._waiting.extend(self._mark())
                self._waiting.append(_Row("actions", self._actions, text))
                self._actions += 1
                self._flush()

    def said(self, *lines: str) -> None:
        """Save lines of the message history, before they are shown."""
        if self.store is not None and lines:
            with interrupt.shielded():
                self._waiting.extend(self._mark())
                for line in lines:
                    self._waiting.append(_Row("lines", self._lines, line, self._actions))
                    self._lines += 1
                self._flush()

    def input_taken(self) -> None:
        """The person is asked to type: what follows is a new "last message"."""
        self._asked = True

    def _mark(self) -> list[_Row]:
        if not self._asked:
            return []
        self._asked = False
        self._lines += 1
        return [_Row("lines", self._lines - 1, None, self._actions)]

    def finish(self) -> None:
        """The game is over: it is no longer offered to resume."""
        if self.store is not None:
            with interrupt.shielded():
                self._finished = True
                self._flush()

    def close(self, wait: float = BUSY_SECONDS) -> None:
        """The game stops here: what still waits for the file is written now (waiting up
        to ``wait`` seconds for the other program), or the player is told it is lost.
        """
        store = self.store
        if store is None or not self.delayed:
            return
        with interrupt.shielded():
            self._flush(wait)
        if self.delayed and self.store is not None:
            moves = sum(row.table == "actions" for row in self._waiting)
            self.notify(messages.saving_lost(str(store.path), moves))
            self.store = None

    def _flush(self, wait: float | None = None) -> None:
        """Write whatever waits, in one transaction; on another program's lock, keep it
        for the next try (telling the player once); on any other failure, stop saving.

        A signal (Ctrl-C, Ctrl-\\) never comes between the commit and forgetting what it
        wrote (``interrupt.shielded``, around every caller): the rows written are never
        written again, and a new game is never started twice.
        """
        store = self.store
        if store is None:
            return
        try:
            if self._delayed or wait is not None:
                store.wait_for_lock(RETRY_SECONDS if wait is None else wait)
            # a move or the game's end waits for the disk; lines alone need not, nor a new
            # game's setup (nothing the players did: the first move takes it to the disk)
            durable = self._finished or any(row.table == "actions" for row in self._waiting)
            with store.batch(durable):
                game = self.game
                if game is None:
                    assert self._setup is not None
                    game = store.new_game(self._setup)
                for row in self._waiting:
                    if row.table == "actions":
                        assert row.text is not None
                        store.add_action(game, row.n, row.text)
                    else:
                        store.add_line(game, row.n, row.text, row.moves)
                if self._finished:
                    store.set_finished(game)
        except (sqlite3.Error, OSError) as error:
            if busy(error):
                if not self._delayed:
                    self._delayed = True
                    self.notify(messages.saving_delayed(str(store.path)))
                return
            self.store = None
            store.close()
            self.notify(problem(error, store.path).message)
            return
        self.game = game
        self._setup = None
        self._waiting.clear()
        if self._delayed:
            self._delayed = False
            store.wait_for_lock(BUSY_SECONDS)
            self.notify(messages.tr(messages.SAVING_CAUGHT_UP))


__all__ = ["Recorder", "StoreProblem"]
