"""The terminal, line by line: keys and typed lines in through prompt_toolkit, plain
lines out.

Output only ever appends one self-contained line at a time: no colours, no
cursor movement, no redraws, so a screen reader or braille display reads it
as it comes (and TERM=dumb or NO_COLOR need nothing special).

Input is one key per command (``ui.keys``), with a command line for typed commands;
or, with ``keys=False``, every command typed and sent with Enter.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..access import messages
from .keys import Key, Modes, Pressed, Routed, key_bindings


def _print(line: str) -> None:
    print(line, file=sys.stdout, flush=True)


class Screen:
    """Where the game's lines go (the terminal by default), remembering the last message.

    The last message is every line said since the player last typed before the
    line being answered now, so "repeat" says again what came after their last command.
    """

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        self._write = write or _print
        self._since_input: list[str] = []
        self._last: list[str] = []

    def say(self, line: str) -> None:
        self._write(line)
        self._since_input.append(line)

    def input_taken(self) -> None:
        """The player typed a line: what was said before it becomes the last message."""
        if self._since_input:
            self._last = self._since_input
            self._since_input = []

    @property
    def last_message(self) -> tuple[str, ...]:
        return tuple(self._last)


class Keyboard:
    """Keys and typed lines through a line-mode prompt_toolkit ``PromptSession`` (no full
    screen). ``keys``: one key per command; otherwise every command is a typed line.

    Reading raises ``EOFError`` on Ctrl-D or closed input, ``KeyboardInterrupt`` on Ctrl-C.
    """

    def __init__(
        self, input: Input | None = None, output: Output | None = None, keys: bool = False
    ) -> None:
        self.keys = keys
        self.modes = Modes()
        self._lock = threading.Lock()
        self._posted: list[Routed] = []
        bindings = key_bindings(self.modes) if keys else None
        self._session: PromptSession[Any] = PromptSession(
            input=input, output=output, key_bindings=bindings
        )

    def read(self, prompt: str) -> str | Pressed | Routed:
        """A key, a typed line, or a braille display's routing key."""
        self.modes.command_line = False
        with self._lock:
            if self._posted:
                return self._posted.pop(0)
        return self._prompt(prompt)

    def wait(self, seconds: float, prompt: str) -> str | Pressed | Routed | None:
        """Like ``read``, but None when nothing comes within ``seconds`` (the bots' pace:
        the one timer, and only when the player sets it).
        """
        self.modes.command_line = False
        with self._lock:
            if self._posted:
                return self._posted.pop(0)
        session = self._session

        def pre_run() -> None:
            app = session.app
            loop = asyncio.get_running_loop()
            loop.call_later(seconds, lambda: _exit(app, None))

        answer = session.prompt(prompt, pre_run=pre_run)
        return None if answer is None else _as_input(answer)

    def post(self, value: Routed) -> None:
        """From another thread (a braille display's keys): end the prompt now with ``value``,
        or keep it for the next read.
        """
        with self._lock:
            self._posted.append(value)
        app = self._session.app
        loop = getattr(app, "loop", None)
        if app.is_running and loop is not None:
            loop.call_soon_threadsafe(self._deliver)

    def _deliver(self) -> None:
        with self._lock:
            if not self._posted:
                return
            value = self._posted.pop(0)
        if not _exit(self._session.app, value):
            with self._lock:
                self._posted.insert(0, value)

    def read_color(self, prompt: str) -> str | Pressed | Routed:
        """A colour key (its first letter or 1-4; Enter: none), or a typed line."""
        self.modes.colors = True
        try:
            return self.read(prompt)
        finally:
            self.modes.colors = False

    def read_yes(self, prompt: str) -> bool:
        """Yes (the Y key, or a typed yes) or no (any other key or line)."""
        self.modes.yes_no = True
        try:
            answer = self.read(prompt)
        finally:
            self.modes.yes_no = False
        if isinstance(answer, Pressed):
            return answer.key is Key.YES
        return isinstance(answer, str) and answer.strip().lower() in messages.YES_WORDS

    def _prompt(self, prompt: str) -> str | Pressed | Routed:
        return _as_input(self._session.prompt(prompt))


def _as_input(answer: object) -> str | Pressed | Routed:
    if isinstance(answer, Pressed | Routed | str):
        return answer
    return str(answer)


def _exit(app: Any, value: object) -> bool:
    """End a running prompt with ``value``; False when it is not running or already ending."""
    if not app.is_running or app.future is None or app.future.done():
        return False
    app.exit(result=value)
    return True
