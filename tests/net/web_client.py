"""The web server for tests, for real: ``WebServer`` on 127.0.0.1 over the game server's
own accounts, lobby and tables (in this process, on this test's event loop), and browsers
stood in for by aiohttp's client (a real HTTP client and a real WebSocket).

``Browser`` logs in, opens its socket and keeps every frame it gets, in order (an entry
frame followed by its message frames, ``flat``); its test waits on them (``until``),
never on the clock. As the page does, it keeps the last entry frame's place in the
table's log and sends it back when it connects again, and each answer it sends names the
last prompt it got (``send``). ``Player`` plays a seat by the frames alone, as a person
reading the page would: on their turn, a playable card of the hand frame, else draw, else
keep, and the colour and yes-or-no questions answered.

``people`` gives a test its browsers logged in and at the lobby's prompt, closed after;
``table_with_bot`` and ``table_of_two`` seat them; ``round_over`` waits for a round's end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from uno_access.access import messages
from uno_access.engine.state import Phase
from uno_access.net.server import Server
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.tables import Lobby, ServerTable
from uno_access.net.web import WebServer

WAIT = 120.0  # seconds a frame is waited for before the test fails (never a timing assert)
PAGE = (
    "<!doctype html><html lang={{LANG}}>"
    "<script type=application/json id=words>{{WORDS}}</script></html>"
)

Frame = dict[str, Any]
ANSWERS = frozenset({"key", "line", "press", "card", "secret"})  # each names its prompt


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    asyncio.run(coroutine)


def flat(frame: Frame) -> list[Frame]:
    """A frame as the page takes it: an entry frame, then each of its message frames."""
    return [frame, *frame["messages"]] if frame.get("type") == "entry" else [frame]


def place_of(entry: Frame) -> dict[str, str]:
    """Where an entry frame stands in its table's log, as the page sends it back."""
    return {key: str(entry[key]) for key in ("epoch", "table", "seq")}


@dataclass
class Address:
    """Where a web page is served (``url``, ending in /)."""

    url: str

    @property
    def origin(self) -> str:
        return self.url.rstrip("/")


@dataclass
class Site(Address):
    """A web server in this process, and its game server."""

    server: Server
    web: WebServer


@contextlib.asynccontextmanager
async def site(
    folder: Path,
    *,
    open_: bool = True,
    seed: int | None = 7,
    pace: float = 0.0,
    frames_per_second: int = 10_000,
    behind_proxy: bool = False,
    clock: Callable[[], float] | None = None,
    wall: Callable[[], float] = time.time,
) -> AsyncIterator[Site]:
    """A game server with its web side, listening on a free port of 127.0.0.1, its data in
    ``folder``/data (``wall``: the time of day its sessions expire by). Its bots play at
    once (``pace`` 0), so a seat played by a program answers far more than the fifty
    frames a second a person's socket may send (``frames_per_second``): that limit has a
    test of its own."""
    page = folder / "page"
    page.mkdir(exist_ok=True)
    (page / "index.html").write_text(PAGE, encoding="utf-8")
    (page / "app.js").write_text("// the page's script\n", encoding="utf-8")
    data = folder / "data"
    data.mkdir(exist_ok=True)
    accounts = Accounts(data, wall)
    lobby = Lobby(asyncio.get_running_loop(), seed, pace)
    server = Server(accounts, lobby, open_)
    web = WebServer(server, behind_proxy, page, frames_per_second, clock)
    host, port = await web.start("127.0.0.1", 0)
    try:
        yield Site(f"http://{host}:{port}/", server, web)
    finally:
        await web.stop()
        accounts.close()


class Browser:
    """One browser: its cookies, its socket, every frame it got."""

    def __init__(self, site: Address, name: str, password: str = "a good password") -> None:
        self.site = site
        self.name = name
        self.password = password
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.frames: list[Frame] = []
        self.counts: dict[str, int] = {}
        self.prompt: int | None = None  # the number of the last prompt frame
        self.closed = asyncio.Event()
        self.received: Frame | None = None  # the last entry frame read
        self._came = asyncio.Condition()
        self._pump: asyncio.Task[None] | None = None
        self.on_frame: Callable[[Frame], None] | None = None

    async def login(self, invite: str | None = None, password: str | None = None) -> Frame:
        body: dict[str, Any] = {"name": self.name, "password": password or self.password}
        if invite is not None:
            body["invite"] = invite
        async with self.http.post(self.site.url + "login", json=body) as answer:
            got: Frame = await answer.json()
            got["status"] = answer.status
            return got

    async def connect(
        self, origin: str | None = None, query: Mapping[str, str] | None = None
    ) -> None:
        """The socket opened (``query``: where the page stands in its table's log; by
        default the last entry frame's, as the page sends it)."""
        self.frames = []
        self.counts = {}
        self.closed.clear()
        if query is None:
            query = {} if self.received is None else place_of(self.received)
        self.socket = await self.http.ws_connect(
            self.site.url + "ws", origin=origin or self.site.origin, params=query
        )
        self._pump = asyncio.get_running_loop().create_task(self._read(self.socket))

    async def _read(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for message in socket:
                if message.type is not aiohttp.WSMsgType.TEXT:
                    continue
                for frame in flat(json.loads(message.data)):
                    self.frames.append(frame)
                    if frame["type"] == "entry":
                        self.received = frame
                    if frame["type"] == "prompt":
                        self.prompt = frame["number"]
                    self.counts[frame["type"]] = self.counts.get(frame["type"], 0) + 1
                    if self.on_frame is not None:
                        self.on_frame(frame)
                async with self._came:
                    self._came.notify_all()
        finally:
            self.closed.set()
            async with self._came:
                self._came.notify_all()

    async def enter(self) -> None:
        """Logged in (a new account on an open server), the socket open, at the lobby's
        prompt."""
        assert (await self.login())["ok"]
        await self.connect()
        await self.until(lambda f: f["type"] == "prompt")

    async def send(self, frame: Frame | str) -> None:
        """A frame (text as it is); an answer without ``prompt`` names the last prompt."""
        assert self.socket is not None
        if isinstance(frame, dict) and frame.get("type") in ANSWERS and "prompt" not in frame:
            frame = {**frame, "prompt": self.prompt}
        await self.socket.send_str(frame if isinstance(frame, str) else json.dumps(frame))

    async def line(self, typed: str) -> None:
        await self.send({"type": "line", "text": typed})

    async def until(
        self, wanted: Callable[[Frame], bool], since: int = 0, timeout: float = WAIT
    ) -> Frame:
        """The first frame from ``since`` on that is ``wanted``, waited for."""

        def found() -> Frame | None:
            return next((f for f in self.frames[since:] if wanted(f)), None)

        async def wait() -> Frame:
            async with self._came:
                while (got := found()) is None:
                    if self.closed.is_set():
                        raise AssertionError(f"{self.name}: closed; got {self.frames[-5:]}")
                    await self._came.wait()
                return got

        return await asyncio.wait_for(wait(), timeout)

    async def wait_for(self, done: Callable[[], bool], timeout: float = WAIT) -> None:
        """Until ``done()``, looked at as each frame comes."""

        async def wait() -> None:
            async with self._came:
                while not done():
                    if self.closed.is_set():
                        raise AssertionError(f"{self.name}: closed; got {self.frames[-5:]}")
                    await self._came.wait()

        await asyncio.wait_for(wait(), timeout)

    def count(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    async def told(self, text: str, since: int = 0) -> Frame:
        """The first message frame from ``since`` whose print has ``text``."""
        return await self.until(lambda f: f["type"] == "message" and text in f["print"], since)

    def printed(self) -> list[str]:
        return [f["print"] for f in self.frames if f["type"] == "message"]

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._pump is not None:
            with contextlib.suppress(Exception):
                await self._pump
        await self.http.close()


@contextlib.asynccontextmanager
async def people(
    place: Address, *names: str, connected: bool = True
) -> AsyncIterator[list[Browser]]:
    """A browser for each of ``names``, each logged in and at the lobby's prompt (``enter``;
    ``connected`` False: logged in alone, no socket yet); all closed after."""
    browsers = [Browser(place, name) for name in names]
    try:
        for browser in browsers:
            if connected:
                await browser.enter()
            else:
                assert (await browser.login())["ok"]
        yield browsers
    finally:
        for browser in browsers:
            await browser.close()


async def table_with_bot(host: Browser) -> None:
    """From the lobby: table 1 made by ``host``, with a bot in seat 2 (not started)."""
    await host.line("new")
    await host.told(messages.net_table_made(1))
    await host.line("bot")
    await host.told("seat 2")


async def table_of_two(host: Browser, guest: Browser) -> None:
    """From the lobby: table 1 made by ``host``, ``guest`` in seat 2 (not started)."""
    await host.line("new")
    await host.told(messages.net_table_made(1))
    await guest.line("join 1")
    await guest.told(messages.net_you_sit(1, 2))


async def round_over(table: ServerTable) -> None:
    """Waits until the table's round is over (told by the table itself, as it changes)."""
    done = asyncio.Event()

    def check() -> None:
        game = table.game
        if game is not None and game.view(0).phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            done.set()

    table.listen(check)
    check()
    await asyncio.wait_for(done.wait(), WAIT)


@dataclass
class Player:
    """Plays ``browser``'s seat by its frames, as a person reading the page would: on their
    turn, the next thing to try (a playable card, draw, play the drawn card, keep,
    accept, in turn); a colour asked, red; a yes-or-no question, no.

    One thing at a time, as a person waits to hear the answer to their key: nothing more
    is sent while a frame of theirs has had no answer yet (an answer or a refusal, or
    their hand changed), whatever prompts come meanwhile. Each answer names the prompt it
    answers; one that a newer prompt overtook (the table woke it with the others' moves)
    is refused, and the next thing is tried at the prompt now shown."""

    browser: Browser
    hand: list[Frame] = field(default_factory=list)
    mine: bool = False
    tries: int = 0
    waiting: int = 0  # frames sent and not answered yet
    sent: list[Frame] = field(default_factory=list)
    asked: Frame | None = None  # the last prompt frame

    def __post_init__(self) -> None:
        self.browser.on_frame = self.frame

    def _answered(self) -> None:
        self.waiting = max(0, self.waiting - 1)

    def frame(self, frame: Frame) -> None:
        kind = frame["type"]
        if kind == "hand":
            if frame["cards"] != self.hand:
                self._answered()
            self.hand = frame["cards"]
        elif kind == "table":
            mine = any(p["you"] and p["turn"] for p in frame["players"])
            if mine != self.mine:
                self.mine, self.tries, self.waiting = mine, 0, 0
        elif kind == "message":
            if frame["buffer"] == "answers" or frame["cue"] == "refusal":
                self._answered()
        elif kind == "refused":
            self._answered()
            if self.asked is not None and self.mine and not self.waiting:
                self._act(self.asked["ask"], self.asked["number"])  # again, at what is shown
        elif kind == "prompt":
            self.asked = frame
            if self.mine and not self.waiting:
                self._act(frame["ask"], frame["number"])

    def _act(self, ask: str, number: int) -> None:
        if ask == "color":
            answer: Frame = {"type": "press", "command": "RED"}
        elif ask == "choice":
            answer = {"type": "press", "command": "NO"}
        else:
            playable = [i for i, card in enumerate(self.hand) if card["playable"]]
            moves: list[Frame] = [{"type": "card", "index": i} for i in playable[:1]]
            moves += [
                {"type": "press", "command": command}
                for command in ("DRAW", "PLAY", "KEEP", "ACCEPT", "GO_ON")
            ]
            answer = moves[self.tries % len(moves)]
            self.tries += 1
        answer["prompt"] = number  # the prompt this answers, as the page sends it
        self.waiting += 1
        self.sent.append(answer)
        asyncio.get_running_loop().create_task(self.browser.send(answer))
