"""The web server's routes (aiohttp), on the game server's own event loop, sharing its
accounts, lobby, tables and failed-login limiter (docs/web.md):

- ``GET /``: the page, its language and labels filled in by the server;
- ``GET /static/NAME``: a file of the page's folder, and nothing outside it;
- ``POST /login``, ``POST /logout``: a session cookie (``login``);
- ``GET /ws``: the person's WebSocket (``connection``), only from this server's own
  origin and with a session; its query says where the page stands in its seat's table
  log (``resume``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from ...access import messages
from ...access.wording import language
from ...resources import ASSETS
from ..server import Server
from ..server.sessions import LONGEST
from . import resume
from .connection import FRAMES_PER_SECOND, WebConnection
from .login import COOKIE, log_in

PAGE = ASSETS / "web"
INDEX = "index.html"
LOGIN_LIMIT = 4096  # bytes of a login's JSON
MESSAGE_LIMIT = 64 * 1024  # bytes of one WebSocket message before aiohttp closes it
HEARTBEAT = 30.0  # seconds between pings: a socket gone silent is noticed, the seat kept
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
PAGE_POLICY = "default-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
_STATIC_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".html": "text/html",
    ".png": "image/png",
    ".wav": "audio/wav",
    ".ogg": "audio/ogg",
}


class WebServer:
    """The web side of one game server."""

    def __init__(
        self,
        server: Server,
        behind_proxy: bool = False,
        page: Path = PAGE,
        frames_per_second: int = FRAMES_PER_SECOND,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """``frames_per_second``: taken from one socket (``clock``: the seconds counted,
        the loop's time by default)."""
        self.server = server
        self.behind_proxy = behind_proxy
        self.page = page
        self.frames_per_second = frames_per_second
        self.clock = clock
        self.sessions = server.accounts.sessions  # kept beside the accounts
        self.connections: set[WebConnection] = set()
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application(client_max_size=LOGIN_LIMIT)
        app.router.add_get("/", self.index)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_post("/login", self.login)
        app.router.add_post("/logout", self.logout)
        app.router.add_get("/ws", self.socket)
        app.on_response_prepare.append(_secured)
        return app

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listening: the address and port bound."""
        runner = self._runner = web.AppRunner(self.app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0]
        return str(bound[0]), int(bound[1])

    async def stop(self) -> None:
        """Every socket told the server is stopping (their seats kept), then closed."""
        for connection in list(self.connections):
            with language.use(connection.lang):
                connection.bye(messages.tr(messages.WEB_SERVER_STOPPING))
        if self._runner is not None:
            await self._runner.cleanup()

    # ----------------------------------------------------------------- requests

    def _scheme(self, request: web.Request) -> str:
        forwarded = request.headers.get("X-Forwarded-Proto", "").strip().lower()
        if self.behind_proxy and forwarded in ("https", "http"):
            return forwarded
        return "https" if request.secure else "http"

    def _language(self, request: web.Request) -> str:
        """The person's language (kept with their account), else the browser's, else en."""
        name = self.sessions.use(request.cookies.get(COOKIE))
        if name is not None:
            for word, value in self.server.accounts.preferences(name):
                if word == "lang" and language.known(value):
                    return language.language_of(value)
        return accepted(request.headers.get("Accept-Language", ""))

    async def index(self, request: web.Request) -> web.Response:
        lang = self._language(request)
        with language.use(lang):
            try:
                page = (self.page / INDEX).read_text(encoding="utf-8")
            except OSError:
                return web.Response(status=404, text=messages.tr(messages.WEB_PAGE_MISSING))
            words = json.dumps(messages.web_words(), ensure_ascii=False)
        for char, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
            words = words.replace(char, escaped)  # nothing in it can end its script element
        page = page.replace("{{LANG}}", lang).replace("{{WORDS}}", words)
        return web.Response(
            text=page,
            content_type="text/html",
            headers={"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-store"},
        )

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = self.page / name
        if not _STATIC_NAME.fullmatch(name) or name == INDEX or not path.is_file():
            raise web.HTTPNotFound()
        kind = _TYPES.get(path.suffix.lower(), "application/octet-stream")
        return web.FileResponse(path, headers={"Content-Type": kind})

    async def login(self, request: web.Request) -> web.Response:
        with language.use(accepted(request.headers.get("Accept-Language", ""))):
            try:
                body: object = await request.json()
            except (ValueError, UnicodeDecodeError, web.HTTPException):
                body = None
            answer = await log_in(self.server, request.remote or "", body)
        response = web.json_response(answer.body(), status=answer.status)
        if answer.name is not None:
            response.set_cookie(
                COOKIE,
                self.sessions.begin(answer.name),
                path="/",
                max_age=int(LONGEST),  # kept by the browser as long as the session can last
                httponly=True,
                samesite="Strict",
                secure=self._scheme(request) == "https",
            )
        return response

    async def logout(self, request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        self.sessions.end(token)
        for connection in list(self.connections):
            if connection.token == token:
                with language.use(connection.lang):
                    connection.bye(messages.tr(messages.WEB_LOGGED_OUT))
        response = web.json_response({"ok": True})
        response.del_cookie(COOKIE, path="/")
        return response

    async def socket(self, request: web.Request) -> web.StreamResponse:
        own = f"{self._scheme(request)}://{request.host}"
        if request.headers.get("Origin") != own:
            raise web.HTTPForbidden(text="origin")
        token = request.cookies.get(COOKIE)
        name = self.sessions.use(token)
        if name is None or token is None:
            raise web.HTTPForbidden(text="session")
        socket = web.WebSocketResponse(max_msg_size=MESSAGE_LIMIT, heartbeat=HEARTBEAT)
        await socket.prepare(request)
        lang = self._language(request)
        connection = WebConnection(
            self.server, name, token, socket, lang, self.frames_per_second, self.clock
        )
        connection.last_received = resume.received(request.query)
        self.connections.add(connection)
        try:
            await connection.run()
        finally:
            self.connections.discard(connection)
            self.sessions.use(token)  # used until now: its idle time begins here
        return socket


async def _secured(request: web.Request, response: web.StreamResponse) -> None:
    for header, value in SECURITY_HEADERS.items():
        response.headers.setdefault(header, value)


def accepted(header: str) -> str:
    """The language the game speaks that a browser's ``Accept-Language`` prefers; else en."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if weight > 0 and code in language.LANGUAGES:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else language.ENGLISH
