"""The one-line prompt drawn straight from its text (``LineRenderer``).

prompt_toolkit draws any layout by writing it to a new ``Screen`` of cells, then
comparing that with the screen drawn before. A keyboard's layout is always one line,
the prompt and what is typed after it, and a server draws it for each of its people at
every move: there the general way was a third of the server's time per move. This
renderer writes the same bytes prompt_toolkit would (the same changed cells, cursor
moves and attributes, so terminals and screen readers see no difference), from the
line's text alone. (Even a drawing that changes nothing writes what prompt_toolkit's
does, hiding and showing the cursor: a key that does nothing is still answered.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Point
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.screen import Char, Screen
from prompt_toolkit.output import Output
from prompt_toolkit.renderer import Renderer
from prompt_toolkit.styles import Attrs, BaseStyle
from prompt_toolkit.utils import get_cwidth

# what a prompt's line is: its text (the prompt, then what is typed) and the cursor's
# index in that text
Line = Callable[[], tuple[str, int]]

_DRAWN = Screen()  # what ``last_rendered_screen`` says once a line is drawn

# a cell of the line: its character(s) and style; the second cell of a wide character
# is empty ("")
Cell = tuple[str, str]
_PLAIN = "class:last-line"  # the style prompt_toolkit gives a one-line window's cells
_SPECIAL = {"\xa0": "class:nbsp " + _PLAIN}  # shown, as prompt_toolkit shows them
_CONTROL = "class:control-character " + _PLAIN


class LineRenderer(Renderer):
    """prompt_toolkit's ``Renderer`` for a layout of one line, the text ``line`` gives:
    scrolled sideways to keep the cursor in view as a ``Window`` does, each drawing
    writing only the cells that changed."""

    def __init__(
        self,
        style: BaseStyle,
        output: Output,
        line: Line,
        cpr_not_supported_callback: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(
            style, output, full_screen=False, cpr_not_supported_callback=cpr_not_supported_callback
        )
        self._line = line
        self._drawn: list[Cell] = []  # the cells on the terminal's line now
        self._attrs: dict[str, Attrs] = {}

    def reset(self, _scroll: bool = False, leave_alternate_screen: bool = True) -> None:
        super().reset(_scroll, leave_alternate_screen)
        self._drawn = []

    def render(self, app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        output = self.output
        if not self._bracketed_paste_enabled:
            output.enable_bracketed_paste()
            self._bracketed_paste_enabled = True
        if not self._cursor_key_mode_reset:
            output.reset_cursor_key_mode()
            self._cursor_key_mode_reset = True
        size = output.get_size()
        if self._last_size != size:
            self._last_screen = None
        style = self.style.invalidation_hash()
        if style != self._last_style_hash or app.color_depth != self._last_color_depth:
            self._last_screen = None
            self._attrs = {}
            self._last_style_hash = style
            self._last_color_depth = app.color_depth
        cells, cursor = self._cells(size.columns, layout.current_window)
        drawing = _Drawing(output, size.columns, self._cursor_pos, self._style_attrs, app)
        before = self._drawn if self._last_screen is not None else None
        self._cursor_pos = drawing.draw(before, cells, cursor, is_done)
        self._drawn = cells
        self._last_screen = _DRAWN
        self._last_size = size
        shape = app.cursor.get_cursor_shape(app)
        if self._last_cursor_shape != shape:
            output.set_cursor_shape(shape)
            self._last_cursor_shape = shape
        output.flush()
        layout.visible_windows = [layout.current_window]
        if is_done:
            self.reset()

    def _style_attrs(self, style: str) -> Attrs:
        attrs = self._attrs.get(style)
        if attrs is None:
            attrs = self._attrs[style] = self.style.get_attrs_for_style_str(style)
        return attrs

    def _cells(self, width: int, window: Window) -> tuple[list[Cell], int]:
        """The cells shown and the cursor's column among them, the line scrolled to keep
        the cursor in view as the ``Window`` scrolls (with no margins; its scroll kept on
        it, where each run of the application starts it again)."""
        text, at = self._line()
        text += " "  # the end of the line, a cursor's place
        if text.isprintable() and "\xa0" not in text and get_cwidth(text) == len(text):
            row: list[Cell] = [(char, _PLAIN) for char in text]  # one cell a character
            cursor = at
        else:
            row, cursor = _wide_cells(text, at)
        scroll = max(min(window.horizontal_scroll, cursor), cursor + 1 - width)
        window.horizontal_scroll = scroll
        shown = row[scroll : scroll + width]
        if shown and not shown[0][0]:  # half a wide character scrolled off
            shown[0] = (" ", shown[0][1])
        return shown, cursor - scroll


def _wide_cells(text: str, at: int) -> tuple[list[Cell], int]:
    """The cells of a line with wide or special characters, and the cursor's column."""
    row: list[Cell] = []
    cursor = 0
    for index, char in enumerate(text):
        if index == at:
            cursor = len(row)
        shown = Char.display_mappings.get(char, char)
        style = _SPECIAL.get(char, _CONTROL if shown != char else _PLAIN)
        row.append((shown, style))
        row.extend(("", style) for _ in range(get_cwidth(shown) - 1))
    return row, cursor


class _Drawing:
    """One drawing of the line: prompt_toolkit's ``_output_screen_diff`` for one row."""

    def __init__(
        self,
        output: Output,
        width: int,
        at: Point,
        attrs: Callable[[str], Attrs],
        app: Application[Any],
    ) -> None:
        self.output = output
        self.width = width
        self.x, self.y = at.x, at.y
        self.attrs = attrs
        self.depth = app.color_depth
        self.style: str | None = None  # the last written cell's

    def draw(self, before: list[Cell] | None, cells: list[Cell], cursor: int, done: bool) -> Point:
        """``cells`` drawn over ``before`` (None: nothing drawn yet), the cursor left at
        column ``cursor``, or below the line when ``done``; where the cursor is after."""
        output = self.output
        output.hide_cursor()
        if before is None:
            self.reset_attributes()
        output.disable_autowrap()
        fresh = done or before is None
        if fresh or before is None:  # (the same: for the type checker)
            self.move(0, 0)
            self.reset_attributes()
            output.erase_down()
            before = []
        last = _last_shown(cells, self.width)
        drawn = len(before)
        for column, cell in enumerate(cells[: last + 1]):
            if (column >= drawn or cell != before[column]) and cell[0]:
                self.move(column, 0)  # (the second cell of a wide character: never)
                self.write(cell)
                self.x += get_cwidth(cell[0]) or 1
        if last < _last_shown(before, self.width):
            self.move(last + 1, 0)
            self.reset_attributes()
            output.erase_end_of_line()
        if fresh:
            self.move(0, 0)  # a new drawing reserves its one row (already the cursor's)
        if done:
            self.move(0, 1)
            output.erase_down()
        else:
            self.move(cursor, 0)
        output.enable_autowrap()
        self.reset_attributes()
        output.show_cursor()
        return Point(x=self.x, y=self.y)

    def write(self, cell: Cell) -> None:
        char, style = cell
        if self.style != style:
            attrs = self.attrs(style)
            if self.style is None or attrs != self.attrs(self.style):
                self.output.set_attributes(attrs, self.depth)
            self.style = style
        self.output.write(char)

    def reset_attributes(self) -> None:
        self.output.reset_attributes()
        self.style = None

    def move(self, x: int, y: int) -> None:
        """The cursor to column ``x`` of row ``y`` (prompt_toolkit's ``move_cursor``)."""
        output = self.output
        if y > self.y:
            self.reset_attributes()
            output.write("\r\n" * (y - self.y))
            output.cursor_forward(x)
            self.x, self.y = x, y
            return
        if y < self.y:
            output.cursor_up(self.y - y)
        if self.x >= self.width - 1:
            output.write("\r")
            output.cursor_forward(x)
        elif x < self.x:
            output.cursor_backward(self.x - x)
        elif x > self.x:
            output.cursor_forward(x - self.x)
        self.x, self.y = x, y


def _last_shown(cells: list[Cell], width: int) -> int:
    """The last column with something to see (prompt_toolkit leaves trailing blanks
    unwritten, for people who copy what the terminal shows), at most the last one."""
    last = 0
    for column, cell in enumerate(cells):
        if cell[0] != " " or cell[1] is not _PLAIN:
            last = column  # (a no-break space is shown underlined)
    return min(width - 1, last)
