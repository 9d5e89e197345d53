"""The terminal, line by line: typed lines in through prompt_toolkit, plain lines out.

Output only ever appends one self-contained line at a time: no colours, no
cursor movement, no redraws, so a screen reader or braille display reads it
as it comes (and TERM=dumb or NO_COLOR need nothing special).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output


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
    """Typed lines through a line-mode prompt_toolkit ``PromptSession`` (no full screen).

    ``read`` raises ``EOFError`` on Ctrl-D or closed input, ``KeyboardInterrupt`` on Ctrl-C.
    """

    def __init__(self, input: Input | None = None, output: Output | None = None) -> None:
        self._session: PromptSession[str] = PromptSession(input=input, output=output)

    def read(self, prompt: str) -> str:
        return self._session.prompt(prompt)
