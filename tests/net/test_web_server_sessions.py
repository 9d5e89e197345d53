"""A browser's session, for real: kept by the server beside its accounts, so that
``uno-access serve`` stopped and started again (a real subprocess, the same data folder)
lets the same cookie in; refused once unused for ``IDLE`` or older than ``LONGEST`` (the
time of day stood in for by a clock the test moves); its token never in the file.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from net_ssh import Server
from web_client import Address, Browser, people, run, site
from yarl import URL

from uno_access.net.server.sessions import IDLE, LONGEST, USE_WRITTEN, digest
from uno_access.net.web.login import COOKIE

pytestmark = pytest.mark.network

START = 1_800_000_000.0  # a time of day, in seconds


def _token(browser: Browser) -> str:
    cookies = browser.http.cookie_jar.filter_cookies(URL(browser.site.url))
    return cookies[COOKIE].value


async def _refused(browser: Browser) -> bool:
    """Whether the socket is refused for want of a session (403)."""
    try:
        await browser.connect()
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status == 403
    await browser.until(lambda f: f["type"] == "hello")
    assert browser.socket is not None
    await browser.socket.close()
    await browser.closed.wait()
    return False


@contextlib.asynccontextmanager
async def _ann(folder: Path, now: list[float]) -> AsyncIterator[Browser]:
    """ann logged in (no socket yet) at a server whose sessions go by the time ``now[0]``."""
    async with (
        site(folder, wall=lambda: now[0]) as place,
        people(place, "ann", connected=False) as (ann,),
    ):
        yield ann


def _serve(data: Path) -> tuple[Server, Address]:
    server = Server(data, "--open", "--web", "0")
    return server, Address(f"http://127.0.0.1:{server.web_port}/")


def test_a_session_outlives_a_restart_of_the_server(tmp_path: Path) -> None:
    """Logged in, then the server stopped and started again on the same folder (on another
    port): the browser's cookie opens the socket, as the same person, with no login."""
    data = tmp_path / "data"
    server, address = _serve(data)
    try:

        async def go() -> None:
            nonlocal server
            ann = Browser(address, "ann")
            try:
                assert (await ann.login())["ok"]
                assert not await _refused(ann)
                assert server.stop().count("Traceback") == 0
                server, ann.site = _serve(data)  # the cookie is the host's, whatever the port
                await ann.connect()
                hello = await ann.until(lambda f: f["type"] == "hello")
                assert hello["name"] == "ann"
                assert (await ann.until(lambda f: f["type"] == "screen"))["screen"] == "lobby"
            finally:
                await ann.close()

        run(go())
    finally:
        err = server.stop()
    assert "Traceback" not in err, err


def test_a_session_unused_for_the_idle_period_is_refused(tmp_path: Path) -> None:
    now = [START]

    async def go() -> None:
        async with _ann(tmp_path, now) as ann:
            now[0] += IDLE - USE_WRITTEN
            assert not await _refused(ann)  # used in time: its idle time begins again
            now[0] += IDLE - USE_WRITTEN
            assert not await _refused(ann)
            now[0] += IDLE
            assert await _refused(ann)
            assert (await ann.login())["ok"]  # a new login, a new session
            assert not await _refused(ann)

    run(go())


def test_a_session_older_than_the_longest_is_refused_however_used(tmp_path: Path) -> None:
    now = [START]

    async def go() -> None:
        async with _ann(tmp_path, now) as ann:
            while now[0] + IDLE / 2 < START + LONGEST:
                now[0] += IDLE / 2
                assert not await _refused(ann)
            now[0] = START + LONGEST
            assert await _refused(ann)

    run(go())


def test_the_session_cookie_lasts_as_long_as_a_session_may(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, aiohttp.ClientSession() as http:
            body = {"name": "ann", "password": "a good password"}
            async with http.post(place.url + "login", json=body) as answer:
                cookie = answer.headers["Set-Cookie"]
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert f"max-age={int(LONGEST)}" in flags

    run(go())


def test_the_servers_files_hold_the_sessions_digest_and_never_its_token(tmp_path: Path) -> None:
    data = tmp_path / "data"

    def digest_alone(token: str) -> None:
        stored = b"".join(path.read_bytes() for path in data.iterdir() if path.is_file())
        assert token.encode() not in stored
        assert digest(token).encode() in stored

    async def go() -> str:
        async with site(tmp_path) as place, people(place, "ann", connected=False) as (ann,):
            token = _token(ann)
            assert place.server.accounts.sessions.use(token) == "ann"
            digest_alone(token)  # while it runs (the database's log too)
        return token

    digest_alone(asyncio.run(go()))  # and once it has stopped
