"""Braille outputs: a refreshable display over BrlAPI, or a line of braille dots on screen.

The only module that imports ``brlapi``. Both outputs show the views of
``braille_views`` (message history, hand, table) and share one API, which the ui
calls from its own thread::

    braille = open_braille("auto", stream=sys.stdout, notices=notices, on_event=handler)
    # None: no display answered, braille is off (said once through ``notices``)
    braille.show(message)                # Output protocol: message.braille, newest first
    braille.set_hand(card_dots, selected=2)   # after every change of the hand or selection
    braille.set_table(table_dots)        # top card, colour in play, counts
    braille.press(Key.LINE_DOWN)         # keyboard stand-ins for the display's keys
    braille.close()

``handler`` receives ``CardSelected(index)`` / ``CardChosen(index)`` when the player
presses a routing key above a card on the hand line (first press, second press);
it is called from the display's worker thread, and the same values are also put
on ``braille.events`` (a ``queue.Queue``) for a ui that prefers to poll.

``BrailleDisplay`` owns a worker thread that connects to brltty
(``brlapi.Connection``, ``enterTtyModeWithPath([])``), writes the window
(``writeText`` with the cursor), reads the display's keys (line up/down, panning,
routing, top/bottom/home) and, when brltty goes away, tells the player once and
reconnects when it returns. Connecting can block (brltty waits for its display),
so it never happens on the ui's thread. ``ScreenBraille`` prints the same cells
(the cursor as dots 7 and 8, as a display shows it) as one appended line each time
the window changes.
"""

from __future__ import annotations

import contextlib
import queue
import re
import select
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import native
from ..access import braille, messages
from ..access.message import Message, Priority
from ..access.wording.forms import Line
from .base import Notices
from .braille_views import BLANK, BrailleViews, DisplayEvent, Key, Window

DEVICE = "braille"
RETRY_SECONDS = 0.5
BRAILLE_MODES = ("auto", "brlapi", "screen", "off")
CURSOR_DOTS = 0xC0  # dots 7 and 8


def with_cursor(window: Window) -> str:
    """The window's cells with dots 7 and 8 added under the cursor, as displays show it."""
    cells = window.cells
    if window.cursor is None:
        return cells
    at = window.cursor
    return cells[:at] + chr(ord(cells[at]) | CURSOR_DOTS) + cells[at + 1 :]


class _BrailleOutput:
    """The views, behind a lock, and the events the display's keys produce."""

    def __init__(
        self,
        width: int,
        notices: Notices | None,
        on_event: Callable[[DisplayEvent], None] | None,
    ) -> None:
        self.notices = notices or Notices()
        self.events: queue.Queue[DisplayEvent] = queue.Queue()
        self._on_event = on_event
        self._lock = threading.Lock()
        self._views = BrailleViews(width)
        self._closed = False

    def show(self, message: Message, follow: bool = True) -> None:
        """A message's braille line; not ``follow``: it joins the lines without moving the
        display (as a LOW one does), which keeps showing the answer being read.
        """
        priority = message.priority if follow else Priority.LOW
        self.add(message.braille, priority, on_hand=message.on_hand)

    def add(
        self, dots: str, priority: Priority = Priority.NORMAL, *, on_hand: bool = False
    ) -> None:
        """A new message line; LOW ones join the history without moving the display, and so
        does a selection (``on_hand``) while the display shows the hand line.
        """
        with self._lock:
            self._views.add_message(dots, move=priority is not Priority.LOW, on_hand=on_hand)
        self._changed()

    def set_hand(self, cards: Sequence[str], selected: int | None = None, label: str = "") -> None:
        with self._lock:
            self._views.set_hand(cards, selected, label)
        self._changed()

    def set_table(self, dots: str) -> None:
        with self._lock:
            self._views.set_table(dots)
        self._changed()

    def clear(self) -> None:
        """Every line emptied: no message, hand or table is left to read (hot seat)."""
        with self._lock:
            self._views.clear()
        self._changed()

    def press(self, key: Key) -> None:
        with self._lock:
            self._views.press(key)
        self._changed()

    def route(self, cell: int) -> DisplayEvent | None:
        """A routing key above window cell ``cell`` (0 is the leftmost)."""
        with self._lock:
            event = self._views.route(cell)
        if event is not None:
            self._changed()
            self.events.put(event)
            if self._on_event is not None:
                self._on_event(event)
        return event

    def window(self) -> Window:
        with self._lock:
            return self._views.window()

    def card_spans(self) -> list[tuple[int, int]]:
        """(first cell, end cell) of each card on the hand line."""
        with self._lock:
            return self._views.card_spans()

    @property
    def selected(self) -> int | None:
        with self._lock:
            return self._views.selected

    def _changed(self) -> None:
        raise NotImplementedError


class ScreenBraille(_BrailleOutput):
    """The braille line as Unicode dots on ``stream``, one appended line per change."""

    def __init__(
        self,
        stream: TextIO,
        width: int = 40,
        *,
        notices: Notices | None = None,
        on_event: Callable[[DisplayEvent], None] | None = None,
    ) -> None:
        super().__init__(width, notices, on_event)
        self._stream = stream
        self._last = ""

    def _changed(self) -> None:
        with self._lock:
            if self._closed:
                return
            line = with_cursor(self._views.window()).rstrip("\u2800")
            if line == self._last:
                return
            self._last = line
            with contextlib.suppress(OSError, ValueError):
                self._stream.write(line + "\n")
                self._stream.flush()

    def close(self) -> None:
        with self._lock:
            self._closed = True


class BrailleDisplay(_BrailleOutput):
    """A refreshable braille display through BrlAPI, reconnecting when brltty returns.

    ``host``/``auth`` are BrlAPI's (``"127.0.0.1:1"``, ``"none"``); None uses
    ``BRLAPI_HOST``/``BRLAPI_AUTH`` or the local brltty. ``width`` (the setting
    ``display_width``) uses only that many cells of a larger display; 0: all of them.
    """

    def __init__(
        self,
        host: str | None = None,
        auth: str | None = None,
        *,
        notices: Notices | None = None,
        on_event: Callable[[DisplayEvent], None] | None = None,
        retry_seconds: float = RETRY_SECONDS,
        width: int = 0,
    ) -> None:
        super().__init__(width or 40, notices, on_event)
        self._width = width
        self._host = host
        self._auth = auth
        self._retry = retry_seconds
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._connected = threading.Event()
        self._answered = threading.Event()  # brltty connected us, or no brltty listens
        self._cells = 0
        self._last_error = ""
        self._thread: threading.Thread | None = None

    # -------------------------------------------------------------- control
    def start(self, wait: float = 0.0) -> bool:
        """Start the worker; wait up to ``wait`` seconds for a display; True if connected.

        The wait ends early when nothing listens at the BrlAPI address.
        """
        self._thread = threading.Thread(target=self._run, name="uno-access-braille", daemon=True)
        self._thread.start()
        if wait > 0:
            self._answered.wait(wait)
        return self.connected

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def cells(self) -> int:
        return self._cells

    @property
    def last_error(self) -> str:
        return self._last_error

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._changed()
        if self._thread is not None:
            self._thread.join(timeout=0.5)
        if self._thread is None or not self._thread.is_alive():
            self._wake_r.close()
            self._wake_w.close()

    def _changed(self) -> None:
        with contextlib.suppress(OSError):  # a full pipe already wakes the worker
            self._wake_w.send(b"\0")

    # -------------------------------------------------------------- worker
    def _run(self) -> None:
        brlapi = _brlapi()
        if brlapi is None:
            self._last_error = messages.tr(messages.BRLAPI_MODULE_MISSING)
            self.notices.report(DEVICE, "absent", _waiting())
            return
        errors = (brlapi.ConnectionError, brlapi.OperationError, OSError)
        while not self._closed:
            try:
                connection = brlapi.Connection(*self._address())
            except errors as error:
                self._last_error = brlapi_reason(error)
                self._answered.set()
                self.notices.report(DEVICE, "absent", _waiting())
                self._sleep(self._retry)
                continue
            try:
                columns, rows = connection.displaySize
                if columns == 0:  # brltty accepted us before its display driver was up
                    raise OSError(messages.tr(messages.BRAILLE_NOT_READY))
                self._serve(brlapi, connection, int(columns) * max(1, int(rows)))
            except errors as error:
                self._last_error = brlapi_reason(error)
                if self._connected.is_set():
                    self._connected.clear()
                    self.notices.clear(DEVICE, "connected")
                    self.notices.report(DEVICE, "absent", Line.of(messages.braille_lost))
                else:
                    self.notices.report(DEVICE, "absent", _waiting())
                    self._sleep(self._retry)
            finally:
                self._connected.clear()
                with contextlib.suppress(*errors):
                    connection.closeConnection()

    def _address(self) -> tuple[bytes | None, bytes | None]:
        return (
            self._host.encode() if self._host else None,
            self._auth.encode() if self._auth else None,
        )

    def _serve(self, brlapi: Any, connection: Any, cells: int) -> None:
        self._cells = cells
        connection.enterTtyModeWithPath([])
        with self._lock:
            self._views.set_width(min(self._width, cells) if self._width else cells)
        self._connected.set()
        self._answered.set()
        self.notices.clear(DEVICE, "absent")
        self.notices.report(DEVICE, "connected", Line.of(messages.braille_connected, self._cells))
        fd = connection.fileDescriptor
        shown: Window | None = None
        while not self._closed:
            window = self.window()
            if window != shown:
                # BrlAPI counts cursor cells from 1 (0 is CURSOR_OFF)
                cursor = brlapi.CURSOR_OFF if window.cursor is None else window.cursor + 1
                connection.writeText(window.cells.ljust(cells, BLANK), cursor=cursor)
                shown = window
            ready, _, _ = select.select([fd, self._wake_r], [], [])
            if self._wake_r in ready:
                with contextlib.suppress(BlockingIOError):
                    self._wake_r.recv(4096)
            if fd in ready:
                self._read_keys(brlapi, connection)

    def _read_keys(self, brlapi: Any, connection: Any) -> None:
        while (code := connection.readKey(False)) is not None:
            key = connection.expandKeyCode(code)
            if key["type"] != brlapi.KEY_TYPE_CMD:
                continue
            command, argument = key["command"], key["argument"]
            if command == brlapi.KEY_CMD_ROUTE:
                self.route(int(argument))
                continue
            mapped = _key_map(brlapi).get(command)
            if mapped is not None:
                self.press(mapped)

    def _sleep(self, seconds: float) -> None:
        with contextlib.suppress(OSError, ValueError):
            select.select([self._wake_r], [], [], seconds)
            with contextlib.suppress(BlockingIOError):
                self._wake_r.recv(4096)


def _brlapi() -> Any:
    try:
        return native.system_module("brlapi")
    except ImportError:
        return None


def brlapi_available() -> bool:
    return _brlapi() is not None


def _key_map(brlapi: Any) -> dict[int, Key]:
    return {
        brlapi.KEY_CMD_LNUP: Key.LINE_UP,
        brlapi.KEY_CMD_LNDN: Key.LINE_DOWN,
        brlapi.KEY_CMD_FWINLT: Key.PAN_LEFT,
        brlapi.KEY_CMD_FWINLTSKIP: Key.PAN_LEFT,
        brlapi.KEY_CMD_FWINRT: Key.PAN_RIGHT,
        brlapi.KEY_CMD_FWINRTSKIP: Key.PAN_RIGHT,
        brlapi.KEY_CMD_TOP: Key.TOP,
        brlapi.KEY_CMD_TOP_LEFT: Key.TOP,
        brlapi.KEY_CMD_BOT: Key.BOTTOM,
        brlapi.KEY_CMD_BOT_LEFT: Key.BOTTOM,
        brlapi.KEY_CMD_HOME: Key.HOME,
    }


def brlapi_reason(error: BaseException) -> str:
    """BrlAPI's error as one plain line (without Python's b'…' around the address)."""
    text = str(error).splitlines()[0].strip() if str(error) else type(error).__name__
    return re.sub(r"b'([^']*)'", r"\1", text)


def _waiting() -> Line:
    """No display yet (why is for ``uno-access doctor``, and ``last_error``)."""
    return Line.of(messages.braille_waiting)


def open_braille(
    mode: str,
    *,
    stream: TextIO,
    host: str | None = None,
    auth: str | None = None,
    notices: Notices | None = None,
    on_event: Callable[[DisplayEvent], None] | None = None,
    wait: float = 1.0,
    width: int = 0,
) -> BrailleDisplay | ScreenBraille | None:
    """The braille output for ``--braille-display``: auto, brlapi, screen or off.

    ``auto`` uses a display if one answers within ``wait`` seconds, else none: braille
    is off, said in one plain line (why is for ``uno-access doctor``); ``brlapi`` keeps
    waiting for a display in the background; ``screen`` shows the braille as a line of
    dots. ``width`` (``display_width``, 0: the display's own) bounds the cells used.
    """
    if mode not in BRAILLE_MODES:
        raise ValueError(f"braille display mode {mode!r} is not one of {BRAILLE_MODES}")
    notices = notices or Notices()
    if mode == "off":
        return None
    try:
        braille.liblouis_version()  # no braille can be made without it: said once, no display
    except braille.BrailleUnavailable as error:
        if mode == "auto" and not sys.platform.startswith("linux"):
            return None  # Windows, macOS: the screen reader's braille, if any, shows the lines
        why = Line.of(messages.braille_without_liblouis, error.message)
        notices.report(DEVICE, "liblouis", why)
        return None
    if mode in ("auto", "brlapi"):
        quiet = Notices() if mode == "auto" else notices  # auto tells its own notices
        display = BrailleDisplay(host, auth, notices=quiet, on_event=on_event, width=width)
        if mode == "brlapi":
            display.start()
            return display
        if brlapi_available() and display.start(wait):
            display.notices = notices
            notices.report(DEVICE, "connected", Line.of(messages.braille_connected, display.cells))
            return display
        display.close()
        notices.report(DEVICE, "none", Line.of(messages.braille_auto_off))
        return None
    notices.report(DEVICE, "screen", Line.of(messages.braille_on_screen))
    return ScreenBraille(stream, width or 40, notices=notices, on_event=on_event)
