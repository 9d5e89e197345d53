"""A keyboard's one-line prompt, drawn from its text alone (``ui.line_render``), is what
prompt_toolkit's own renderer draws: the same bytes for every line of one-column
characters (so terminals and screen readers over ssh see no change), the same screen and
cursor for lines with wide characters. Both renderers are given the same steps: prompts,
typing, moving, deleting, resizing, erasing, ending the line.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import pyte
from hypothesis import given, settings
from hypothesis import strategies as st
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import DummyInput
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output.vt100 import Vt100_Output

from uno_access.ui.line_render import LineRenderer
from uno_access.ui.terminal import Keyboard

Step = tuple[str, object]
ROWS = 6


class Drawn:
    """A one-line prompt application writing to a string, drawn by ``mine`` or by
    prompt_toolkit's renderer."""

    def __init__(self, mine: bool, columns: int) -> None:
        self.size = Size(rows=ROWS, columns=columns)
        self.written = io.StringIO()
        self.chunks: list[str] = []  # what each step wrote
        self.screen = pyte.Screen(columns, ROWS)  # what a terminal shows of it
        self.stream = pyte.Stream(self.screen)
        output = Vt100_Output(self.written, lambda: self.size, term="xterm", enable_cpr=False)
        self.prompt = ""
        self.buffer = Buffer(multiline=False)
        control = BufferControl(
            self.buffer,
            input_processors=[BeforeInput(lambda: self.prompt)],
            include_default_input_processors=False,
        )
        self.app: Application[None] = Application(
            layout=Layout(Window(control, dont_extend_height=True)),
            input=DummyInput(),
            output=output,
        )
        if mine:
            self.app.renderer = LineRenderer(self.app._merged_style, output, self.line)

    def line(self) -> tuple[str, int]:
        return self.prompt + self.buffer.text, len(self.prompt) + self.buffer.cursor_position

    def step(self, step: Step) -> None:
        before = len(self.written.getvalue())
        if step[0] == "columns":
            self.screen.resize(ROWS, int(str(step[1])))
        self.steps(step)
        self.chunks.append(self.written.getvalue()[before:])
        self.stream.feed(self.chunks[-1])

    def steps(self, step: Step) -> None:
        kind, value = step
        app, buffer = self.app, self.buffer
        with set_app(app):
            if kind == "erase":
                app.renderer.erase()
                return
            if kind == "done":
                app.renderer.render(app, app.layout, is_done=True)
                return
            if kind == "prompt":
                self.prompt = str(value)
            elif kind == "type":
                buffer.insert_text(str(value))
            elif kind == "left":
                buffer.cursor_position = max(0, buffer.cursor_position - int(str(value)))
            elif kind == "back":
                buffer.delete_before_cursor(int(str(value)))
            elif kind == "clear":
                buffer.reset()
            elif kind == "columns":
                self.size = Size(rows=ROWS, columns=int(str(value)))
            app.renderer.render(app, app.layout)


def steps(letters: str) -> st.SearchStrategy[list[Step]]:
    prompts = ["Your turn: ", "", "¿Qué juegas? ", "lobby> ", "x" * 30 + ": "]
    if any(len(letter.encode()) > 2 for letter in letters):
        prompts.append("日本語: ")
    typed = st.text(alphabet=letters, min_size=1, max_size=12)
    step = st.one_of(
        st.tuples(st.just("prompt"), st.sampled_from(prompts)),
        st.tuples(st.just("type"), typed),
        st.tuples(st.sampled_from(["left", "back"]), st.integers(1, 5)),
        st.tuples(st.just("columns"), st.sampled_from([20, 40, 80])),
        st.tuples(st.sampled_from(["clear", "erase", "done"]), st.none()),
    )
    return st.lists(step, min_size=1, max_size=25)


def both(columns: int, run: list[Step], after: Callable[[Drawn, Drawn], None]) -> None:
    """Each step given to both, then compared."""

    async def play() -> None:
        theirs, mine = Drawn(False, columns), Drawn(True, columns)
        for step in run:
            theirs.step(step)
            mine.step(step)
            after(theirs, mine)

    asyncio.run(play())


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([20, 40, 80]), steps("ab cñá\xa0"))
def test_a_line_of_narrow_characters_is_drawn_with_prompt_toolkits_own_bytes(
    columns: int, run: list[Step]
) -> None:
    def same(theirs: Drawn, mine: Drawn) -> None:
        assert mine.written.getvalue() == theirs.written.getvalue()

    both(columns, run, same)


def screen_of(drawn: Drawn) -> tuple[list[str], tuple[int, int]]:
    screen = drawn.screen
    return list(screen.display), (screen.cursor.x, screen.cursor.y)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([20, 40, 80]), steps("ab c日本\xa0"))
def test_a_line_with_wide_characters_shows_what_prompt_toolkit_shows(
    columns: int, run: list[Step]
) -> None:
    def same(theirs: Drawn, mine: Drawn) -> None:
        assert screen_of(mine) == screen_of(theirs)

    both(columns, run, same)


def test_every_keyboard_draws_its_prompt_from_its_line() -> None:
    keyboard = Keyboard(input=None, output=Vt100_Output(io.StringIO(), lambda: Size(5, 20)))
    assert isinstance(keyboard._app.renderer, LineRenderer)
