"""The ways in to the lobby: what a ``lobby.Person`` needs of the connection that drives it,
and the terminal's way (a plain ssh session: prompt_toolkit over the channel).

A person is the same lobby and the same seat whichever way they came in; what differs is
said here, as one object the driver hands the person (``Way``): the keyboard it reads,
the screen and devices its lines go to, the braille line it shows, the hidden prompt of
a password. The browser's way is ``net.web.way.WebWay``.
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from enum import Enum
from typing import Protocol, TextIO, cast

from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ...access import messages
from ...devices.braille_display import ScreenBraille
from ...seat.asks import Wake
from ...seat.keys import Read
from ...seat.outputs import BrailleOut, Outputs
from ...ui.drive import AsyncKeyboard
from ...ui.terminal import Screen
from ..seat import NetKeyboard, NetTable
from .hidden import read_hidden_async
from .received import TableLog

BRAILLE_WIDTH = 40  # the cells of a braille line shown as dots (a common display's)


class Place(Enum):
    """Where a person is: what their screen shows (a browser's view)."""

    LOBBY = "lobby"
    TABLE = "table"
    WATCHING = "watching"


class PersonKeyboard(AsyncKeyboard, Protocol):
    """A person's keyboard: the seat's reads, and the prompt the table (or the lobby) wakes
    when it has something for them."""

    def wake(self) -> None: ...

    def take_input(self) -> None: ...

    def resized(self) -> None: ...

    async def read_woken_async(self, prompt: str) -> Read | Wake: ...

    async def set_aside(self) -> None:
        """A prompt kept running since the table woke it, ended: another comes next."""
        ...


class Way(Protocol):
    """What a person's connection gives them: their screen, devices and keyboards."""

    @property
    def screen(self) -> Screen: ...

    def outputs(self) -> Outputs:
        """The person's devices (each of their lines goes there, once)."""
        ...

    def keyboard(self, keys: bool) -> PersonKeyboard:
        """A keyboard on the connection (``keys``: one key per command)."""
        ...

    def session(self) -> AbstractContextManager[object]:
        """What the person's whole session runs inside."""
        ...

    def braille(self) -> BrailleOut:
        """The braille line asked for with ``braille TABLE``."""
        ...

    async def read_hidden(self, prompt: str, new: bool) -> str | None:
        """A line typed and never shown, a password (``new``: one the person chooses);
        None when none came."""
        ...

    def choosing_password(self, name: str, shortest: int) -> str:
        """The line said before a password is asked: how it is typed here, and given up."""
        ...

    @property
    def kept_session(self) -> str | None:
        """The browser session this connection came in by (its digest), which a password
        changed here leaves open; None: none (ssh)."""
        ...

    def ring(self) -> None:
        """The bell (``bell on``)."""
        ...

    def place(self, where: Place) -> None:
        """The person is now in the lobby, at a table, or watching one."""
        ...

    def seated(self, table: NetTable | None, log: TableLog | None = None) -> None:
        """The seat the person plays now, at the table whose log is ``log`` (None: they
        left it)."""
        ...


class TerminalWay:
    """A plain ssh session: prompt_toolkit's input and output over the channel, its lines
    written to the terminal (``write``)."""

    def __init__(self, input: Input, output: Output, write: Callable[[str], None]) -> None:
        self.input = input
        self.output = output
        self._write = write
        self._screen = Screen(self._told)
        # its keyboards: a prompt one keeps running after a wake is erased before a line
        self._keyboards: weakref.WeakSet[NetKeyboard] = weakref.WeakSet()

    def _told(self, line: str) -> None:
        """A line to the terminal, any prompt kept running erased first (drawn again at
        the next read)."""
        for keyboard in self._keyboards:
            keyboard.clear_prompt()
        self._write(line)

    @property
    def screen(self) -> Screen:
        return self._screen

    def outputs(self) -> Outputs:
        return Outputs(self._screen.say)

    def keyboard(self, keys: bool) -> NetKeyboard:
        keyboard = NetKeyboard(
            input=self.input, output=self.output, keys=keys, size_told=True, kept=True
        )
        self._keyboards.add(keyboard)
        return keyboard

    def session(self) -> AbstractContextManager[object]:
        return create_app_session(input=self.input, output=self.output)

    def braille(self) -> BrailleOut:
        lines = cast(TextIO, _Lines(self._screen.say))  # a text stream, as TextIO is
        return ScreenBraille(lines, BRAILLE_WIDTH)

    async def read_hidden(self, prompt: str, new: bool) -> str | None:
        for keyboard in list(self._keyboards):
            await keyboard.set_aside()  # the password is asked by a prompt of its own
        return await read_hidden_async(self.input, self.output, prompt)

    def choosing_password(self, name: str, shortest: int) -> str:
        return messages.net_choose_password(name, shortest)

    @property
    def kept_session(self) -> str | None:
        return None

    def ring(self) -> None:
        for keyboard in self._keyboards:
            keyboard.clear_prompt()  # the bell comes with its line, after the erasing
        self._write("\a")

    def place(self, where: Place) -> None:
        pass  # the terminal's lines say it

    def seated(self, table: NetTable | None, log: TableLog | None = None) -> None:
        pass


class _Lines(io.TextIOBase):
    """A text stream whose lines are said on the session's screen (its braille line)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        super().__init__()
        self._say = say

    def write(self, text: str) -> int:
        for line in text.splitlines():
            if line:
                self._say(line)
        return len(text)
