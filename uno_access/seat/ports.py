"""What the seat needs of the things its driver hands it, and nothing more: each a small
``Protocol`` that the driver's own object (prompt_toolkit's keyboard, the terminal's
screen, the store's recorder and saved game, the devices' notices) fits as it is. The
seat imports none of those modules, so it loads no terminal, database or device; what it
must have done outside itself it asks its driver for (``seat.asks``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from ..access.speech import Line
from ..engine.actions import Action
from ..engine.events import Event


class Keyed(Protocol):
    """The keyboard a seat is played at (``ui.terminal.Keyboard``): whether it reads one key
    per command (else every command is a typed line), read once as the seat opens."""

    @property
    def keys(self) -> bool: ...


class Lines(Protocol):
    """Where the seat's lines are written when it is given no outputs of its own
    (``ui.terminal.Screen``)."""

    def say(self, line: str) -> None: ...


class Recorder(Protocol):
    """The store's seam (``store.Recorder``): every action saved right before it is applied,
    every line right before it is shown, and each time the person is asked to type."""

    @property
    def saving(self) -> bool: ...

    @property
    def delayed(self) -> bool: ...

    @property
    def game(self) -> int | None: ...

    def readable(self, action: Action) -> bool: ...

    def record(self, action: Action) -> None: ...

    def said(self, *lines: str) -> None: ...

    def input_taken(self) -> None: ...

    def close(self) -> None: ...


class Opening(Protocol):
    @property
    def opening(self) -> tuple[Event, ...]: ...


class Replayed(Protocol):
    """A saved game played again from its moves (``store.saved.Rebuilt``)."""

    @property
    def game(self) -> Opening: ...

    @property
    def moves(self) -> Sequence[Sequence[Event]]: ...

    @property
    def untold(self) -> Sequence[Event]: ...

    def recap(self, seat: int) -> list[Event]: ...


class Resumed(Protocol):
    """The saved game a seat takes up again (``store.SavedGame``)."""

    @property
    def id(self) -> int: ...

    @property
    def last_told(self) -> list[str]: ...

    def rebuild(self) -> Replayed: ...


class Notice(Protocol):
    @property
    def line(self) -> Line: ...


class Notices(Protocol):
    """What the devices (and the store) had to say since the seat last asked
    (``devices.base.Notices``), each told once."""

    def drain(self) -> Iterable[Notice]: ...
