"""A browser's way in to the lobby (``net.server.ways.Way``): the person's lines go out as
``message`` frames, their hand and the table as ``hand`` and ``table`` frames whenever
they change, each prompt as a ``prompt`` frame; their keys come from the socket's frames
(``keyboard``). The server renders everything; the page holds no wording.

At a table, the lines of each entry of the table's log (the others' moves, the answer to
the person's own) go out together as one ``entry`` frame, numbered (``resume``): the
page receives an entry whole or not at all, and says on its return which it has.

Each prompt frame carries a number, which every answer sends back (``keyboard``). The
number goes up whenever what an answer could mean may have changed since the last
prompt: another prompt (its text, what it asks, a menu open or not), or a hand, table or
screen frame sent meanwhile. The same prompt asked again over the same views keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from ...access import messages
from ...access.braille import BrailleTable
from ...access.message import Message, Priority
from ...seat.history import Buffer
from ...seat.outputs import BrailleOut, Outputs
from ...ui.terminal import Screen
from ..seat import NetTable
from ..server.received import TableLog
from ..server.ways import Place
from . import frames, resume
from .keyboard import Ask, WebInput, WebKeyboard

Send = Callable[[dict[str, Any]], None]

_BUFFERS = {Buffer.GAME: "events", Buffer.ANSWERS: "answers", Buffer.CHAT: "chat"}


class WebSpeech:
    """The person's lines to the page, each a ``message`` frame (``Outputs``' speaker: the
    page's screen reader, or its own voice, says it). Off (M), the frames come on with no
    speech: the page's voice is silent, its history still kept."""

    def __init__(self, send: Send, buffer_of: Callable[[Message], str]) -> None:
        self._send = send
        self._buffer_of = buffer_of
        self._on = True

    @property
    def available(self) -> bool:
        return True

    @property
    def enabled(self) -> bool:
        return self._on

    def show(self, message: Message) -> None:
        self._send(frames.message(message, self._buffer_of(message), self._on))

    def toggle(self) -> bool:
        self._on = not self._on
        return self._on

    def set_rate(self, rate: int) -> None:
        pass  # the screen reader's, or the browser's voice's

    def set_volume(self, volume: float) -> None:
        pass

    def close(self) -> None:
        pass


class WebBraille:
    """Braille on (``braille TABLE``): each frame carries its braille cells (the message's,
    the cards' corner codes), which the person's screen reader sends to their display."""

    def show(self, message: Message, follow: bool = True) -> None:
        pass  # in the message frame

    def set_hand(self, cards: Any, selected: int | None = None) -> None:
        pass  # in the hand frame

    def set_table(self, dots: str) -> None:
        pass  # in the table frame

    def clear(self) -> None:
        pass

    def close(self) -> None:
        pass


class WebWay:
    """One browser's connection, as a person's way in (``send``: one frame out; ``session``:
    the digest of the session it came in by)."""

    def __init__(
        self, send: Send, loop: asyncio.AbstractEventLoop, session: str | None = None
    ) -> None:
        self.send = send
        self.loop = loop
        self._session = session
        self.input = WebInput()
        self._screen = Screen(lambda line: None, clear=lambda: False)
        self._outputs: Outputs | None = None
        self._place: Place | None = None
        self._table: NetTable | None = None
        self._hand: dict[str, Any] | None = None  # the last hand and table frames sent
        self._view: dict[str, Any] | None = None
        self._log: TableLog | None = None  # the seat's table's log
        self._gathered: list[dict[str, Any]] | None = None  # an entry's lines, being told
        self._sent_seq = 0  # the last entry of the seat's log sent in an entry frame
        self.number = 0  # the last prompt frame's
        self._asking: tuple[str, Ask, bool] | None = None  # the last prompt, as it was asked
        self._moved = False  # a hand, table or screen frame was sent since the last prompt

    # ----------------------------------------------------------------- as a Way

    @property
    def screen(self) -> Screen:
        return self._screen

    def outputs(self) -> Outputs:
        self._outputs = Outputs(self._screen.say, speaker=WebSpeech(self._line, self._buffer_of))
        return self._outputs

    def keyboard(self, keys: bool) -> WebKeyboard:
        return WebKeyboard(self.input, self._asked, self.loop, keys, self._refuse)

    def session(self) -> AbstractContextManager[object]:
        return contextlib.nullcontext()

    def braille(self) -> BrailleOut:
        return WebBraille()

    async def read_hidden(self, prompt: str, new: bool) -> str | None:
        """A password typed in the page's password field (a ``password`` or
        ``new_password`` prompt; never the command line, which shows what is typed)."""
        keyboard = WebKeyboard(self.input, self._asked, self.loop, refuse=self._refuse)
        return await keyboard.read_hidden_async(prompt, new)

    def choosing_password(self, name: str, shortest: int) -> str:
        return messages.web_choose_password(name, shortest)

    @property
    def kept_session(self) -> str | None:
        return self._session

    def ring(self) -> None:
        pass  # each message frame names its sound

    def place(self, where: Place) -> None:
        if where is not self._place:
            self._place = where
            self._moved = True
            self.send(frames.screen(where.value))

    def seated(self, table: NetTable | None, log: TableLog | None = None) -> None:
        self._table = table
        self._log, self._sent_seq = log, 0  # the entry frames number by that log
        if table is None:
            self._hand = self._view = None
            self._moved = True
            self.send(frames.hand([], None, [], None))
        else:
            table.telling = self._entry

    # ----------------------------------------------------------------- the entries

    def _line(self, frame: dict[str, Any]) -> None:
        """A message frame: gathered with the rest of its entry's lines while an entry is
        told (``_entry``), else sent."""
        if self._gathered is not None:
            self._gathered.append(frame)
        else:
            self.send(frame)

    @contextlib.contextmanager
    def _entry(self, seq: int) -> Iterator[None]:
        """The lines of entry ``seq`` of the table's log, told inside: sent once told, in
        one entry frame."""
        outer, self._gathered = self._gathered, []
        try:
            yield
        finally:
            lines, self._gathered = self._gathered, outer
            self._send_entry(seq, lines)

    def _send_entry(self, seq: int, lines: list[dict[str, Any]]) -> None:
        log = self._log
        if log is None:  # a seat with no log to number by: each line as it is
            for line in lines:
                self._line(line)
            return
        self._sent_seq = max(self._sent_seq, seq)
        self.send(resume.entry(log, seq, lines))

    def _mark(self) -> None:
        """At a prompt, every entry the seat has taken is told, or never to be (the
        opening, told before the first entry frame; a card kept as it was drawn, told in
        other words; what a seat taken up again had had): the last, when no entry frame
        carried it, goes in one with no line, so that the page's number says so."""
        table = self._table
        if table is not None and self._log is not None and table.game.seen > self._sent_seq:
            self._send_entry(table.game.seen, [])

    # ----------------------------------------------------------------- the views

    @property
    def hand_size(self) -> int | None:
        """The cards of the hand frame last sent; None away from a table."""
        return None if self._hand is None else len(self._hand["cards"])

    def _braille_table(self) -> BrailleTable | None:
        outputs = self._outputs
        return None if outputs is None or outputs.braille is None else outputs.braille_table

    def _asked(self, prompt: str, ask: Ask, menu: bool) -> int:
        """A prompt: first the hand and the table where they changed, then the prompt; its
        number (a new one unless the same prompt is asked again over the same views)."""
        self.sync()
        asking = (prompt, ask, menu)
        if self._moved or asking != self._asking:
            self.number += 1
            self._asking, self._moved = asking, False
        self.send(frames.prompt(prompt, ask.value, menu, self.number))
        return self.number

    def _refuse(self, reason: str) -> None:
        self.send(frames.refused(reason))

    def sync(self) -> None:
        """The hand and the table frames, sent when they differ from the last ones."""
        table = self._table
        if table is None:
            return
        self._mark()
        view = table.game.view(table.me)
        cursor = table.cursor
        cursor.update(view.hand)  # the seat's own order and selection (what ``card`` names)
        braille_table = self._braille_table()
        hand = frames.hand(
            cursor.cards,
            cursor.index if cursor.cards else None,
            table._marks(view),
            braille_table,
        )
        if hand != self._hand:
            self._hand = hand
            self._moved = True
            self.send(hand)
        players = [
            {
                "name": name,
                "cards": view.hand_sizes[seat],
                "turn": view.current == seat,
                "you": seat == view.seat,
            }
            for seat, name in enumerate(view.names)
        ]
        shown = frames.table(table.renderer.table_line(view).text, view.top, players, braille_table)
        top = shown["top"]
        if top is not None and view.color is not None:
            top["color"] = view.color.name.lower()  # a wild's colour once chosen
        if shown != self._view:
            self._view = shown
            self._moved = True
            self.send(shown)

    def _buffer_of(self, message: Message) -> str:
        """The history list a line belongs to on the page: the seat's own (its events,
        answers and chat), else chat for a chat line, answers for an answer."""
        table = self._table
        if table is not None:
            for buffer, lines in table.history.lines.items():
                if lines and lines[-1] is message:
                    return _BUFFERS[buffer]
        if message.sound == "chat":
            return "chat"
        return "answers" if message.priority is Priority.URGENT else "events"
