"""One browser's WebSocket: a person in the lobby and at the tables, as a plain ssh
session is one (``lobby.Person`` over a ``WebWay``), a coroutine on the server's loop.

Every frame the browser sends is untrusted: read by ``frames.parse`` (too long, not JSON,
no known type, a wrong field: one ``refused`` frame with the reason, nothing done), an
answer to a prompt no longer asked and a card of no place in the hand refused too;
past ``frames_per_second`` frames in one second the rest of that second's are refused,
told once. The same person connecting again (another socket, or ssh) replaces this one,
their seat kept; so does this one replace theirs. What goes out waits in order for the
socket; a reader that takes nothing while ``OUTPUT_LIMIT`` frames wait is taken for gone.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from ...access import messages
from ...access.wording import language
from ...settings import Settings
from ..server import Server, moderators
from ..server.lobby import Person
from ..server.received import Received
from ..server.sessions import digest
from . import frames
from .frames import CardFrame, Refused
from .way import WebWay

FRAMES_PER_SECOND = 50  # frames taken from one socket in one second
OUTPUT_LIMIT = 10_000  # frames waiting for a reader that takes none
REPLACE_WAIT = 5.0  # seconds a connection replacing another waits for it to leave
BYE_WAIT = 5.0  # seconds the last frames get to go out before the socket closes


class WebConnection:
    """A person's WebSocket, from its first frame to its close."""

    # the last entry of its seat's table log the page says it received whole (``resume``)
    last_received: Received | None = None

    def __init__(
        self,
        server: Server,
        name: str,
        token: str,
        socket: web.WebSocketResponse,
        lang: str,
        frames_per_second: int = FRAMES_PER_SECOND,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """``clock``: the seconds that count frames (the loop's time by default)."""
        self.server = server
        self.name = name
        self.token = token
        self.socket = socket
        self.lang = lang
        self.frames_per_second = frames_per_second
        self._clock = clock or asyncio.get_running_loop().time
        self.person: Person | None = None
        self.way: WebWay | None = None
        self._out: deque[str] = deque()
        self._more = asyncio.Event()
        self._closing = False
        self._window = 0.0  # when this second of frames began (loop time)
        self._count = 0
        self._told_fast = False

    # ----------------------------------------------------------------- out

    def send(self, frame: dict[str, Any]) -> None:
        """A frame to the browser, after those before it (never waits)."""
        if self._closing:
            return
        if len(self._out) >= OUTPUT_LIMIT:
            self._end()  # a reader gone silent: closed, the seat kept
            return
        self._out.append(frames.dumps(frame))
        self._more.set()

    async def _writer(self) -> None:
        """The frames out, in order; once the connection is closing and all are out, the
        socket is closed (which ends its reading too)."""
        try:
            while True:
                await self._more.wait()
                self._more.clear()
                while self._out:
                    held = len(self._out)  # what is held now: sent once its entries are kept
                    if not await self._held_kept():
                        self._out.clear()  # moves the log does not hold: never told
                        break
                    for _ in range(held):
                        data = self._out.popleft()
                        try:
                            await self.socket.send_str(data)
                        except (ConnectionError, RuntimeError):
                            self._out.clear()
                            return
                if self._closing:
                    return
        finally:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.socket.close()

    async def _held_kept(self) -> bool:
        """Once what the frames held now tell of the person's table is kept
        (``Person.held``): True; False if it never is (the table gone elsewhere)."""
        person = self.person
        gate = person.held() if person is not None else None
        return True if gate is None else await gate

    def bye(self, reason: str) -> None:
        """The last frame, then the socket closes (the person's seat kept)."""
        self.send(frames.bye(reason))
        self._end()

    def replaced(self, why: Callable[[], str] | None = None) -> None:
        """The same person connected again (or was banned: ``why``): this socket ends,
        told why."""
        if self.server.sessions.get(self.name) is self:
            del self.server.sessions[self.name]
        with language.use(self._language()):
            self.bye(messages.tr(messages.NET_REPLACED) if why is None else why())

    def _end(self) -> None:
        self._closing = True
        self._more.set()
        if self.person is not None:
            self.person.connection_lost()  # first: the seat is kept for them
        if self.way is not None:
            self.way.input.close()

    def _language(self) -> str:
        person = self.person
        return (person.settings.lang if person is not None else None) or self.lang

    # ----------------------------------------------------------------- the session

    async def run(self) -> None:
        """The socket's life: the person's session beside the frames read from it."""
        loop = asyncio.get_running_loop()
        writer = loop.create_task(self._writer(), name=f"web out {self.name}")
        try:
            moderation = self.server.accounts.moderation
            if moderators.banned(moderation, self.name) is not None:
                with language.use(self._language()):  # a browser logged in, banned since
                    self.bye(moderators.banned(moderation, self.name) or "")
            elif await self._free():
                await self._serve(loop)
        finally:
            self._closing = True
            self._more.set()
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(writer, BYE_WAIT)  # the last frames out, then closed

    async def _free(self) -> bool:
        """Whether this person may begin: the connection they had is replaced (and gone from
        the lobby within ``REPLACE_WAIT``), or they had none."""
        server, lobby = self.server, self.server.lobby
        earlier = server.sessions.get(self.name)
        if earlier is not None and earlier is not self:
            earlier.replaced()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REPLACE_WAIT
        while self.name in lobby.people and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if self.name in lobby.people:
            with language.use(self.lang):
                self.bye(messages.tr(messages.NET_ALREADY_CONNECTED))
            return False
        if lobby.far is not None:  # a seat here kept for a dead server's connection: theirs
            await lobby.far.freed(self.name)
        return True

    async def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        server = self.server
        way = self.way = WebWay(self.send, loop, digest(self.token))
        person = self.person = Person(
            self.name, server.lobby, settings=Settings(lang=self.lang), way=way
        )
        person.accounts = server.accounts
        person.received = self.last_received
        person.limiter = server.limiter
        server.sessions[self.name] = self
        server.lobby.people[self.name] = person.tell
        self.send(frames.hello(self.name, *self._kept()))
        session = loop.create_task(self._person(person), name=f"web seat {self.name}")
        try:
            await self._read()
        finally:
            if server.sessions.get(self.name) is self:
                del server.sessions[self.name]
            self._end()
            await session

    async def _person(self, person: Person) -> None:
        try:
            await person.run()
        finally:
            self._closing = True  # the person quit: the socket ends with their session
            self._more.set()

    def _kept(self) -> tuple[str, bool]:
        """The person's language and whether braille is on, as their account keeps them."""
        lang, braille = self.lang, False
        for word, value in self.server.accounts.preferences(self.name):
            if word == "lang" and language.known(value):
                lang = language.language_of(value)
            elif word == "braille":
                braille = value != "off"
        return lang, braille

    # ----------------------------------------------------------------- in

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                with language.use(self._language()):
                    self.received(message.data)
            elif message.type is WSMsgType.ERROR:
                return
            if self._closing:
                return

    def received(self, data: str | bytes) -> None:
        """One frame from the browser: taken, or refused with its reason."""
        now = self._clock()
        if now - self._window >= 1.0:
            self._window, self._count, self._told_fast = now, 0, False
        self._count += 1
        if self._count > self.frames_per_second:
            if not self._told_fast:
                self._told_fast = True
                self.send(frames.refused(messages.web_refused_too_fast(self.frames_per_second)))
            return
        frame = frames.parse(data)
        way = self.way
        if not isinstance(frame, Refused) and way is not None and frame.prompt != way.number:
            # for a prompt gone already (the keyboard refuses those that a prompt asked
            # while they waited): said so now, before anything else is found wrong in it
            frame = Refused(messages.tr(messages.WEB_REFUSED_STALE))
        elif isinstance(frame, CardFrame) and way is not None:
            size = way.hand_size
            if size is None:
                frame = Refused(messages.tr(messages.WEB_REFUSED_NO_HAND))
            elif frame.index >= size:
                frame = Refused(messages.web_refused_card(frame.index + 1, size))
        if isinstance(frame, Refused):
            self.send(frames.refused(frame.reason))
        elif way is not None and not way.input.put(frame):
            self.send(frames.refused(messages.tr(messages.WEB_REFUSED_WAITING)))
