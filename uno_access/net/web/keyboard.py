"""A browser's keyboard: the seat's reads answered from the WebSocket's frames.

``WebInput`` holds the frames read from the socket (checked already: ``frames``) until
the person's keyboard takes them. ``WebKeyboard`` is what ``ui.drive.drive_async`` and
the lobby read, as the terminal's ``NetKeyboard`` is: a ``key`` frame is read through
the command registry exactly as the terminal's bindings read a key (``seat.keys.key_read``),
a ``line`` frame is a typed line, a ``press`` frame the command's key, a ``card`` frame a
routing key on that card of the hand (it plays, as a second routing press does), a
``secret`` frame the line typed at a password's prompt (``read_hidden_async``). With
keys off (or the command line open) keys type a line, as at a terminal. The table wakes
the prompt (``wake``) when it has something for the seat.

Each prompt has a number (``Asked`` returns it; the prompt frame carries it), and a frame
is read only when it names the prompt being read: a frame sent for an earlier prompt is
refused, once, and nothing happens. The page and the server run apart: a person presses a
key, and before that frame arrives the table has moved on (a bot played, the hand
changed, a question was asked). Read as the answer to whatever is asked now, a card's
index would name another card, a Y would answer another question; refused, the person
hears why and answers what they now see. (Dropping such frames silently would leave
the person waiting for an answer to their key; reading them against the prompt they
were meant for is not possible once the game has moved on.) A prompt asked again with
nothing changed keeps its number (``WebWay``), so a key that crosses a prompt woken by
a chat line is read as before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum

from ... import text
from ...access import messages
from ...seat.asks import WAKE, Wake
from ...seat.keys import (
    MENU_FREE,
    MENU_MOVES,
    Key,
    Pressed,
    Read,
    Routed,
    TooLong,
    choice_of,
    key_read,
)
from .frames import CardFrame, Frame, KeyFrame, LineFrame, PressFrame, SecretFrame

WAITING_LIMIT = 64  # frames read from the socket and not taken yet


class Ask(Enum):
    """What a prompt asks for (the prompt frame's ``ask``)."""

    KEY = "key"
    LINE = "line"
    COLOR = "color"
    CHOICE = "choice"
    WOKEN = "woken"
    WAIT = "wait"
    PASSWORD = "password"  # a password the person has (the page's password field)
    NEW_PASSWORD = "new_password"  # a password the person chooses


class WebInput:
    """The frames of one person's socket, waiting for their keyboard (at most
    ``WAITING_LIMIT``); its end once the socket has closed."""

    def __init__(self) -> None:
        self._frames: deque[Frame] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self.closed = False

    def put(self, frame: Frame) -> bool:
        """A frame from the socket; False when too many wait already (not taken)."""
        if len(self._frames) >= WAITING_LIMIT:
            return False
        self._frames.append(frame)
        self.kick()
        return True

    def close(self) -> None:
        self.closed = True
        self.kick()

    def kick(self) -> None:
        """The reader looks again (a frame came, a wake, the end)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def drop(self) -> bool:
        """Drop the frames waiting (typed ahead); whether there were any."""
        dropped = bool(self._frames)
        self._frames.clear()
        return dropped

    async def next(self, woken: Callable[[], bool] | None = None) -> Frame | None:
        """The next frame; None when ``woken`` says the prompt was woken first. The end of
        the socket raises ``EOFError`` (as a closed terminal does)."""
        while True:
            if self._frames:
                return self._frames.popleft()
            if self.closed:
                raise EOFError
            if woken is not None and woken():
                return None
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None


class LineEditor:
    """A line typed key by key (keys off, or the command line open), as the terminal edits
    one: at most ``text.LINE_LIMIT`` characters, longer refused at Enter."""

    def __init__(self) -> None:
        self.text = ""
        self.cursor = 0
        self.too_long = False

    def reset(self, start: str = "") -> None:
        self.text = start[: text.LINE_LIMIT]
        self.cursor = len(self.text)
        self.too_long = len(start) > text.LINE_LIMIT

    def key(self, name: str, menu: bool) -> Read | None:
        """A key while typing: what it ends the read with, or None (the line edited)."""
        if name == "enter":
            line, too_long = self.text, self.too_long
            self.reset()
            return TooLong() if too_long else line
        if name == "escape":
            self.reset()
            return Pressed(Key.CLOSE)
        moved = MENU_MOVES.get(name) if menu else None
        if menu and moved is None and not self.text:
            moved = MENU_FREE.get(name)
        if moved is not None:
            self.reset()
            return Pressed(moved)
        if name in _EDITS:
            _EDITS[name](self)
            return None
        typed = " " if name == "space" else name
        if len(typed) == 1 and typed.isprintable():
            self._insert(typed)
            return None
        return Pressed(Key.UNKNOWN)  # the line is kept

    def _insert(self, typed: str) -> None:
        if self.too_long or len(self.text) >= text.LINE_LIMIT:
            self.too_long = True
            return
        self.text = self.text[: self.cursor] + typed + self.text[self.cursor :]
        self.cursor += 1

    def _backspace(self) -> None:
        if self.cursor > 0:
            self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
            self.cursor -= 1

    def _delete(self) -> None:
        self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]

    def _move(self, to: int) -> None:
        self.cursor = max(0, min(to, len(self.text)))


_EDITS: dict[str, Callable[[LineEditor], None]] = {
    "backspace": LineEditor._backspace,
    "delete": LineEditor._delete,
    "left": lambda e: e._move(e.cursor - 1),
    "right": lambda e: e._move(e.cursor + 1),
    "home": lambda e: e._move(0),
    "end": lambda e: e._move(len(e.text)),
}

Asked = Callable[[str, Ask, bool], int]  # a prompt is asked (its text, what, a menu): its number
Refuse = Callable[[str], None]  # a frame not taken: the reason, told to the page


class WebKeyboard:
    """The seat's keyboard over a WebSocket (``keys``: one key per command). ``asked`` is
    told each prompt before it is read (the page shows it, and the views that changed);
    ``refuse`` tells the page why a frame was not taken."""

    def __init__(
        self,
        frames: WebInput,
        asked: Asked,
        loop: asyncio.AbstractEventLoop,
        keys: bool = False,
        refuse: Refuse | None = None,
    ) -> None:
        self._frames = frames
        self._asked = asked
        self._refuse = refuse or (lambda reason: None)
        self._keys = keys
        self._line = LineEditor()
        self._menu = False
        self._woken = False
        self._loop = loop

    @property
    def keys(self) -> bool:
        return self._keys

    @keys.setter
    def keys(self, keys: bool) -> None:
        self._keys = keys

    def take_input(self) -> None:
        """Reads the socket's frames now: every keyboard of a person reads the same ones."""
        self._loop = asyncio.get_running_loop()

    def resized(self) -> None:
        pass  # a page has no terminal size

    async def set_aside(self) -> None:
        pass  # a page's prompt is a frame: nothing keeps running between reads

    def wake(self) -> None:
        """From the loop (or any thread): end the prompt now, or the next as it starts."""
        self._woken = True
        try:
            on_loop = asyncio.get_running_loop() is self._loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            self._frames.kick()
        else:
            self._loop.call_soon_threadsafe(self._frames.kick)

    def _take_wake(self) -> bool:
        if self._woken:
            self._woken = False
            return True
        return False

    @contextmanager
    def menu(self, on: bool = True) -> Iterator[None]:
        was, self._menu = self._menu, on
        try:
            yield
        finally:
            self._menu = was

    def drop_typeahead(self) -> bool:
        return self._frames.drop()

    # ----------------------------------------------------------------- the reads

    async def read_async(self, prompt: str) -> Read:
        return await self._read_fresh(prompt, Ask.KEY)

    async def read_color_async(self, prompt: str) -> Read:
        return await self._read_fresh(prompt, Ask.COLOR)

    async def read_line_async(self, prompt: str, start: str | None = None) -> Read:
        if start is not None:
            self._line.reset(start)
        got = await self._read(prompt, Ask.LINE)
        assert not isinstance(got, Wake)
        return got

    async def wait_async(self, seconds: float, prompt: str) -> Read | None:
        try:
            return await asyncio.wait_for(self._read_fresh(prompt, Ask.WAIT), seconds)
        except TimeoutError:
            return None

    async def read_choice_async(self, prompt: str) -> Key:
        return choice_of(await self._read_fresh(prompt, Ask.CHOICE))

    async def read_woken_async(self, prompt: str) -> Read | Wake:
        if self._take_wake():
            return WAKE
        if self._keys:
            self._line.reset()
        return await self._read(prompt, Ask.WOKEN)

    async def _read_fresh(self, prompt: str, ask: Ask) -> Read:
        """A new prompt: by keys, an empty line (as the terminal's ``_fresh``)."""
        if self._keys:
            self._line.reset()
        got = await self._read(prompt, ask)
        assert not isinstance(got, Wake)
        return got

    async def read_hidden_async(self, prompt: str, new: bool) -> str | None:
        """A password, typed in the page's password field (``new``: one the person chooses);
        None when they gave up (Escape, Cancel) or the connection ended. Any other answer is
        refused: what is typed in the command line never becomes a password, nor a password
        a command."""
        number = self._asked(prompt, Ask.NEW_PASSWORD if new else Ask.PASSWORD, False)
        while True:
            try:
                frame = await self._frames.next()
            except EOFError:
                return None
            if frame is None or not self._current(frame, number):
                continue
            if isinstance(frame, SecretFrame):
                return frame.text
            if frame == PressFrame(Key.CLOSE, number) or frame == KeyFrame("escape", number):
                return None
            self._refuse(messages.tr(messages.WEB_REFUSED_PASSWORD_ASKED))

    def _current(self, frame: Frame, number: int) -> bool:
        """Whether ``frame`` answers prompt ``number``, the one asked; if not, refused."""
        if frame.prompt != number:
            self._refuse(messages.tr(messages.WEB_REFUSED_STALE))
            return False
        return True

    async def _read(self, prompt: str, ask: Ask) -> Read | Wake:
        number = self._asked(prompt, ask, self._menu)
        woken = self._take_wake if ask is Ask.WOKEN else None
        while True:
            frame = await self._frames.next(woken)
            if frame is None:
                return WAKE
            if not self._current(frame, number):
                continue
            if isinstance(frame, SecretFrame):
                self._refuse(messages.tr(messages.WEB_REFUSED_NO_PASSWORD_ASKED))
                continue
            got = self._answer(frame, ask)
            if got is not None:
                return got

    def _answer(self, frame: Frame, ask: Ask) -> Read | None:
        """What a frame answers the prompt with; None: nothing yet (a key typed a line)."""
        if isinstance(frame, LineFrame):
            self._line.reset()
            return frame.text
        if isinstance(frame, PressFrame):
            return Pressed(frame.key)
        if isinstance(frame, CardFrame):
            return Routed(frame.index, play=True)
        assert isinstance(frame, KeyFrame)
        if not self._keys or ask is Ask.LINE:
            return self._line.key(frame.key, self._menu)
        return key_read(
            frame.key, colors=ask is Ask.COLOR, yes_no=ask is Ask.CHOICE, menu=self._menu
        )
