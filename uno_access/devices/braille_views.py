"""What a braille line shows, and what the display's keys do to it (no device here).

The lines, top to bottom: the message history (oldest first, the newest last),
then the hand, then the table. The display shows one window of one line:

- a new message (``NORMAL`` or ``URGENT``) moves the display to it; ``LOW`` ones
  only join the history, and so does a selection (``on_hand``) while the display
  shows the hand line: there the cursor moves, and a second routing press plays;
- ``LINE_UP`` / ``LINE_DOWN`` step through the lines: up from the newest message
  goes back through the history, down goes to the hand, then the table;
  ``TOP`` / ``BOTTOM`` go to the first / last line, ``HOME`` back to the newest message;
- ``PAN_LEFT`` / ``PAN_RIGHT`` move the window across a line longer than the
  display, and on to the previous / next line at either end. A window ends at a
  space, as brltty and screen readers pan, so that no word or card code is cut
  (only a word longer than the display is);
- on the hand line the cursor (dots 7 and 8, drawn by the display) sits on the
  first cell of the selected card; a routing key above a card selects it
  (``CardSelected``) and a second press on the selected card plays it
  (``CardChosen``).

All text is Unicode braille dots (U+2800…U+28FF); cells are characters.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, auto

BLANK = "\u2800"


class Key(Enum):
    """The display keys the views understand (BrlAPI commands map onto these)."""

    LINE_UP = auto()
    LINE_DOWN = auto()
    PAN_LEFT = auto()
    PAN_RIGHT = auto()
    TOP = auto()
    BOTTOM = auto()
    HOME = auto()


@dataclass(frozen=True, slots=True)
class CardSelected:
    """A routing key selected the hand's card at ``index`` (the ui may say its name)."""

    index: int


@dataclass(frozen=True, slots=True)
class CardChosen:
    """A second routing press on the selected card: the ui plays the card at ``index``."""

    index: int


DisplayEvent = CardSelected | CardChosen


@dataclass(frozen=True, slots=True)
class Window:
    """The cells to show (exactly ``width`` of them) and the cursor cell, if any."""

    cells: str
    cursor: int | None


class BrailleViews:
    """The lines and the display's position among them. Not thread-safe by itself."""

    def __init__(self, width: int = 40, history: int = 50) -> None:
        self.width = max(1, width)
        self._messages: deque[str] = deque(maxlen=history)
        self._hand: list[str] = []
        self._hand_label = ""
        self._selected: int | None = None
        self._table = ""
        self._line = 0  # index into self.lines()
        self._offset = 0  # first cell of the window in the line

    # -------------------------------------------------------------- content
    def add_message(self, dots: str, *, move: bool = True, on_hand: bool = False) -> None:
        """A new message; ``move`` (not for LOW messages) shows it at once, unless it is
        a selection (``on_hand``) and the display shows the hand line.
        """
        if on_hand and self._line == self.hand_line:
            move = False
        before = len(self._messages)
        full = before == self._messages.maxlen
        self._messages.append(dots)
        if move:
            self.home()
        elif self._line >= before:  # on the hand or the table: stay there
            self._line += len(self._messages) - before
        elif full:  # the oldest message fell off: stay on the same message
            self._line = max(0, self._line - 1)

    def set_hand(self, cards: Sequence[str], selected: int | None = None, label: str = "") -> None:
        """The hand, one dots string per card; ``selected`` carries the cursor."""
        self._hand = list(cards)
        self._hand_label = label
        self._selected = selected if selected is not None and 0 <= selected < len(cards) else None
        if self._line == self.hand_line:
            self._offset = self._start_at(self.hand_text(), self._offset)
            self._show_cursor()

    def set_table(self, dots: str) -> None:
        self._table = dots

    def clear(self) -> None:
        """Nothing left to read: no message, no hand, no table (a hot seat's handover)."""
        self._messages.clear()
        self._hand = []
        self._hand_label = ""
        self._selected = None
        self._table = ""
        self._line = 0
        self._offset = 0

    def set_width(self, width: int) -> None:
        self.width = max(1, width)
        self._offset = 0

    @property
    def selected(self) -> int | None:
        return self._selected

    @property
    def hand_line(self) -> int:
        return len(self._messages)

    @property
    def table_line(self) -> int:
        return len(self._messages) + 1

    @property
    def line(self) -> int:
        return self._line

    def lines(self) -> list[str]:
        return [*self._messages, self.hand_text(), self._table]

    def hand_text(self) -> str:
        return self._hand_label + BLANK.join(self._hand)

    def card_spans(self) -> list[tuple[int, int]]:
        """(first cell, end cell) of each card on the hand line."""
        spans, start = [], len(self._hand_label)
        for card in self._hand:
            spans.append((start, start + len(card)))
            start += len(card) + 1
        return spans

    # -------------------------------------------------------------- the window
    def window(self) -> Window:
        text = self.lines()[self._line]
        end = self._end(text, self._offset)
        cells = text[self._offset : end]
        cursor = None
        if self._line == self.hand_line and self._selected is not None:
            at = self.card_spans()[self._selected][0] - self._offset
            cursor = at if 0 <= at < len(cells) else None
        return Window(cells.ljust(self.width, BLANK), cursor)

    def starts(self, text: str) -> list[int]:
        """Where each window of ``text`` begins: each ends at a space (the last that fits),
        or after ``width`` cells for a word longer than the display.
        """
        starts, at, width = [0], 0, self.width
        while at + width < len(text):
            cut = text.rfind(BLANK, at + 1, at + width + 1)
            at = at + width if cut < 0 else cut + 1
            while at < len(text) and text[at] == BLANK:
                at += 1
            if at >= len(text):
                break
            starts.append(at)
        return starts

    # -------------------------------------------------------------- keys
    def press(self, key: Key) -> None:
        if key is Key.LINE_UP:
            self._go(self._line - 1)
        elif key is Key.LINE_DOWN:
            self._go(self._line + 1)
        elif key is Key.TOP:
            self._go(0)
        elif key is Key.BOTTOM:
            self._go(self.table_line)
        elif key is Key.HOME:
            self.home()
        elif key is Key.PAN_RIGHT:
            starts = self.starts(self.lines()[self._line])
            later = [start for start in starts if start > self._offset]
            if later:
                self._offset = later[0]
            elif self._line < self.table_line:
                self._go(self._line + 1)
        elif key is Key.PAN_LEFT:
            starts = self.starts(self.lines()[self._line])
            earlier = [start for start in starts if start < self._offset]
            if earlier:
                self._offset = earlier[-1]
            elif self._line > 0:
                self._go(self._line - 1)
                self._offset = self._last_offset(self.lines()[self._line])

    def route(self, cell: int) -> DisplayEvent | None:
        """A routing key above window cell ``cell``: select, or choose the selected card."""
        if self._line != self.hand_line:
            return None
        at = self._offset + cell
        if at >= self._end(self.hand_text(), self._offset):
            return None  # past the window's last word
        for index, (start, end) in enumerate(self.card_spans()):
            if start <= at < end:
                if index == self._selected:
                    return CardChosen(index)
                self._selected = index
                return CardSelected(index)
        return None

    def home(self) -> None:
        self._go(self._newest())

    # -------------------------------------------------------------- helpers
    def _newest(self) -> int:
        return max(0, len(self._messages) - 1)

    def _go(self, line: int) -> None:
        self._line = max(0, min(self.table_line, line))
        self._offset = 0
        if self._line == self.hand_line:
            self._show_cursor()

    def _show_cursor(self) -> None:
        if self._selected is None:
            return
        text = self.hand_text()
        start = self.card_spans()[self._selected][0]
        if not self._offset <= start < self._end(text, self._offset):
            self._offset = self._start_at(text, start)

    def _start_at(self, text: str, cell: int) -> int:
        """The start of the window of ``text`` that holds ``cell``."""
        return max(start for start in self.starts(text) if start <= cell) if cell > 0 else 0

    def _end(self, text: str, start: int) -> int:
        """Where the window that begins at ``start`` ends (before the next one's space)."""
        later = [s for s in self.starts(text) if s > start]
        end = min(start + self.width, len(text)) if not later else later[0]
        while end > start and end <= len(text) and text[end - 1 : end] == BLANK:
            end -= 1
        return min(end, start + self.width)

    def _last_offset(self, text: str) -> int:
        return self.starts(text)[-1]
