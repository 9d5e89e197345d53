"""A seat's prompt at a server table is woken (ended, then asked again) when the table has
something for it. A line the person sends in the same instant is theirs: it is answered,
and it stays on their screen as they typed it, as every typed line does.

The real ``NetKeyboard`` (prompt_toolkit's Application, its key bindings and renderer) on
a terminal emulated by pyte; the keys go into prompt_toolkit's key processor in the turn
of the event loop in which the table's wake comes, as they do on the server when a
person's line arrives as another's move is applied.
"""

from __future__ import annotations

import asyncio

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.output.vt100 import Vt100_Output

from uno_access.net.seat import NetKeyboard
from uno_access.seat.asks import Wake

COLUMNS, ROWS = 80, 24


class _Terminal:
    """What the prompt writes, on an emulated terminal."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self._stream = pyte.Stream(self.screen)

    def write(self, data: str) -> int:
        self._stream.feed(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display if line.strip()]


async def _typed_as_woken(line: str) -> tuple[object, object, list[str]]:
    terminal = _Terminal()
    output = Vt100_Output(terminal, lambda: Size(rows=ROWS, columns=COLUMNS), term="xterm")  # type: ignore[arg-type]
    with create_pipe_input() as input:
        keyboard = NetKeyboard(input=input, output=output, keys=False)
        read = asyncio.ensure_future(keyboard.read_woken_async("uno> "))
        for _ in range(1000):  # the prompt is drawn within a few turns of the loop
            if keyboard._app.is_running and "uno>" in "".join(terminal.screen.display):
                break
            await asyncio.sleep(0)
        assert keyboard._app.is_running
        keyboard.wake()  # the table has something for this seat ...
        processor = keyboard._app.key_processor  # ... as the person's line comes in
        processor.feed_multiple([*(KeyPress(c) for c in line), KeyPress(Keys.ControlM)])
        processor.process_keys()
        answer = await read
        then = await keyboard.read_woken_async("uno> ")  # the wake, taken now
        return answer, then, terminal.lines()


def test_a_line_sent_as_the_table_wakes_the_prompt_is_answered_and_stays_on_screen() -> None:
    answer, then, lines = asyncio.run(_typed_as_woken("q"))
    assert answer == "q"  # the person's line, not lost to the wake
    assert isinstance(then, Wake)  # the table's news, told at the next prompt
    assert lines == ["uno> q"], lines  # as typed, as any line sent stays
