"""What the player was told, kept to be read again: two buffers, as Playroom and PlayAural
keep them, so that answers and help never bury the game.

- ``GAME``: the game's events and turns, everything that happened at the table;
- ``ANSWERS``: answers to the player's questions, help, errors and notices;
- ``CHAT``: the chat lines of network play (the lobby's and the table's), apart from the
  game, as Playroom and PlayAural keep them (``switch(Buffer.CHAT)``).

Page Up steps back from the newest line of the buffer being read (the first press gives
the line before the newest, which the player has just heard), Page Down forward; past
either end the player is told they are at the start or the end, and stays there. A new
line in the buffer brings the next Page Up back to the newest. History is plain data
(``Message``s): reading it again changes nothing.

At a hot-seat table each person has a ``History`` of their own (``seat.state``): the lines the
whole table knows, which name every player, and that person's own lines alone (their
deal, their draws, their answers), so that Page Up never reaches another person's hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..access.message import Message
from ..values import frozen


class Buffer(Enum):
    """Which history is read."""

    GAME = "game"
    ANSWERS = "answers"
    CHAT = "chat"


class Edge(Enum):
    """Where a step stopped short: before the first line, after the newest."""

    START = "start"
    END = "end"


@frozen(slots=True)
class Step:
    """The line a step reached, its place (1 is the oldest) of ``total``, or the ``edge``
    it ran into (``message`` is then None).
    """

    buffer: Buffer
    message: Message | None
    number: int
    total: int
    edge: Edge | None = None


@dataclass
class History:
    """The two buffers and the place being read in the current one."""

    lines: dict[Buffer, list[Message]] = field(
        default_factory=lambda: {buffer: [] for buffer in Buffer}
    )
    current: Buffer = Buffer.GAME
    _at: int | None = None  # the line being read again; None: at the newest

    def add(self, message: Message, buffer: Buffer) -> None:
        self.lines[buffer].append(message)
        if buffer is self.current:
            self._at = None

    def extend(self, messages: list[Message], buffer: Buffer) -> None:
        for message in messages:
            self.add(message, buffer)

    def switch(self, to: Buffer | None = None) -> Buffer:
        """Read buffer ``to``, from its newest line; without it, the game's history and
        the answers in turn (from the chat, the game's history).
        """
        if to is None:
            to = Buffer.ANSWERS if self.current is Buffer.GAME else Buffer.GAME
        self.current = to
        self._at = None
        return self.current

    def step(self, delta: int) -> Step:
        """Back (``delta`` < 0) or forward through the current buffer."""
        lines = self.lines[self.current]
        total = len(lines)
        if not total:
            return Step(self.current, None, 0, 0, Edge.START if delta < 0 else Edge.END)
        at = total - 1 if self._at is None else self._at
        wanted = at + delta
        if wanted < 0:
            self._at = 0
            return Step(self.current, None, 1, total, Edge.START)
        if wanted >= total:
            self._at = None
            return Step(self.current, None, total, total, Edge.END)
        self._at = wanted
        return Step(self.current, lines[wanted], wanted + 1, total)
