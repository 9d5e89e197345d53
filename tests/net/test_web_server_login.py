"""Logging in from a browser, and the doors of the web server, for real (the aiohttp
server on 127.0.0.1, aiohttp's client): the password checked as over ssh, a new name
only with the invite code, failed logins limited by the server's one limiter, the
session cookie's flags, the WebSocket refused to other origins and to no session, the
page served with its language and labels, and nothing outside its folder.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import aiohttp
import pytest
from web_client import PAGE, Browser, site

from uno_access.access import messages
from uno_access.access.wording import language
from uno_access.net.server import passwords
from uno_access.net.web import login
from uno_access.net.web.login import COOKIE, LIMITED_AFTER

pytestmark = pytest.mark.network


def run(coroutine: object) -> None:
    asyncio.run(coroutine)  # type: ignore[arg-type]


def test_a_new_name_with_the_invite_code_chooses_a_password_and_logs_in_with_it(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path, open_=False) as place:
            ann = Browser(place, "ann")
            try:
                refused = await ann.login()
                assert refused["status"] == 401 and not refused["ok"]
                assert refused["reason"] == messages.web_login_invite("ann")
                wrong = await ann.login(invite="not-the-code")
                assert wrong["status"] == 401
                assert wrong["reason"] == messages.tr(messages.WEB_LOGIN_BAD_INVITE)
                short = await ann.login(invite=place.server.accounts.invite, password="short")
                assert short["reason"] == messages.net_password_too_short(passwords.SHORTEST)
                made = await ann.login(invite=place.server.accounts.invite)
                assert made == {"ok": True, "status": 200}
                assert place.server.accounts.password_of("ann") is not None
                again = Browser(place, "ANN")
                assert (await again.login()) == {"ok": True, "status": 200}
                await again.http.close()
            finally:
                await ann.close()

    run(go())


def test_a_wrong_password_is_refused_and_the_right_one_logs_in(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]  # made (an open server)
                wrong = await ann.login(password="not my password")
                assert wrong == {
                    "ok": False,
                    "reason": messages.tr(messages.WEB_LOGIN_WRONG),
                    "status": 401,
                }
                assert (await ann.login())["ok"]
            finally:
                await ann.close()

    run(go())


def test_a_new_name_that_looks_like_one_taken_or_kept_is_refused_in_a_sentence(
    tmp_path: Path,
) -> None:
    """As over ssh (``net.server.names``): "ann" with a Cyrillic "a" beside ann, and
    "r00t", are refused with the reason, and no account is made."""
    look_alike = "\u0430nn"

    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            imitator = Browser(place, look_alike)
            root = Browser(place, "r00t")
            try:
                assert (await ann.login())["ok"]
                refused = await imitator.login()
                assert refused["status"] == 401 and not refused["ok"]
                assert refused["reason"] == messages.net_name_looks_like(look_alike, "ann")
                kept = await root.login()
                assert kept["reason"] == messages.net_name_reserved("r00t")
                accounts = place.server.accounts
                assert [user.name for user in accounts.users()] == ["ann"]
            finally:
                await ann.close()
                await imitator.http.close()
                await root.http.close()

    run(go())


def test_a_right_password_is_answered_at_once_whoever_failed_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As over ssh: each wrong password waits longer (by address and by name, the
    server's one limiter); the owner's right password, from the same address, waits for
    none of them. The waits are recorded, not slept."""
    waits: list[float] = []

    async def recorded(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(login, "wait", recorded)

    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            stranger = Browser(place, "ANN", password="a wrong guess")
            try:
                assert (await ann.login())["ok"]
                for _ in range(5):
                    wrong = await stranger.login()
                    assert wrong["status"] == 401
                    assert wrong["reason"] == messages.tr(messages.WEB_LOGIN_WRONG)
                assert waits == sorted(waits) and len(waits) == 5 and waits[0] > 0
                assert place.server.limiter.delay("127.0.0.1") > 0  # ssh's limiter too
                assert (await ann.login())["ok"]
                assert len(waits) == 5  # the owner waited for none of them
            finally:
                await ann.close()
                await stranger.http.close()

    run(go())


def test_a_flood_from_one_address_is_refused_without_a_password_checked(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]
                for _ in range(LIMITED_AFTER):  # a flood's failures, as the limiter keeps them
                    place.server.limiter.failed("127.0.0.1")
                limited = await ann.login()
                assert limited["status"] == 429
                assert limited["reason"] == messages.tr(messages.WEB_LOGIN_LIMITED)
            finally:
                await ann.close()

    run(go())


def test_a_login_is_answered_in_the_browsers_language(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            async with aiohttp.ClientSession(headers={"Accept-Language": "pt-BR,en;q=0.5"}) as http:
                body = {"name": "ann", "password": "x"}
                async with http.post(place.url + "login", json=body) as answer:
                    got = await answer.json()
            with language.use("pt"):
                assert got["reason"] == messages.net_password_too_short(passwords.SHORTEST)
            assert got["reason"] != messages.net_password_too_short(passwords.SHORTEST)

    run(go())


def test_an_unreadable_login_is_refused_in_words(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, aiohttp.ClientSession() as http:
            for body in (b"not json", b"[1]", b'{"name": 3, "password": "x"}', b"x" * 9000):
                async with http.post(place.url + "login", data=body) as answer:
                    assert answer.status in (400, 413)
                    if answer.status == 400:
                        got = await answer.json()
                        assert got == {
                            "ok": False,
                            "reason": messages.tr(messages.WEB_LOGIN_UNREADABLE),
                        }

    run(go())


def test_the_session_cookie_is_http_only_same_site_strict_and_secure_behind_tls(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        for behind, proto, secure in ((False, "https", False), (True, "https", True)):
            async with site(tmp_path, behind_proxy=behind) as place:
                async with aiohttp.ClientSession() as http:
                    body = {"name": "ann", "password": "a good password"}
                    headers = {"X-Forwarded-Proto": proto}
                    async with http.post(place.url + "login", json=body, headers=headers) as got:
                        cookie = got.headers["Set-Cookie"]
                assert cookie.startswith(f"{COOKIE}=")
                token = cookie.split("=", 1)[1].split(";", 1)[0]
                assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token)  # 32 random bytes
                flags = {part.strip().lower() for part in cookie.split(";")[1:]}
                assert {"httponly", "samesite=strict", "path=/"} <= flags
                assert ("secure" in flags) is secure

    run(go())


def test_logging_out_ends_the_session_and_its_socket(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]
                await ann.connect()
                await ann.until(lambda f: f["type"] == "prompt")
                async with ann.http.post(place.url + "logout") as answer:
                    assert answer.status == 200
                bye = await ann.until(lambda f: f["type"] == "bye")
                assert bye["reason"] == messages.tr(messages.WEB_LOGGED_OUT)
                await ann.closed.wait()
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await ann.connect()
                assert refused.value.status == 403
            finally:
                await ann.close()

    run(go())


def test_a_websocket_from_another_origin_is_refused(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]
                for origin in ("http://evil.example", place.origin.replace("http:", "https:")):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await ann.connect(origin=origin)
                    assert refused.value.status == 403
                assert "ann" not in place.server.lobby.people
            finally:
                await ann.close()

    run(go())


def test_a_websocket_without_a_session_cookie_is_refused(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            for cookies in ({}, {COOKIE: "forged"}):
                async with aiohttp.ClientSession(cookies=cookies) as http:
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await http.ws_connect(place.url + "ws", origin=place.origin)
                    assert refused.value.status == 403
            assert not place.server.lobby.people

    run(go())


def test_the_page_is_served_with_its_language_its_labels_and_its_security_headers(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            headers = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"}
            async with (
                aiohttp.ClientSession(headers=headers) as http,
                http.get(place.url) as answer,
            ):
                page = await answer.text()
                got = answer.headers
        assert got["Content-Security-Policy"].startswith("default-src 'self'; connect-src 'self'")
        assert got["X-Content-Type-Options"] == "nosniff"
        assert got["Referrer-Policy"] == "no-referrer"
        assert page.startswith("<!doctype html><html lang=es>")
        data = page.split("id=words>", 1)[1].split("</script>", 1)[0]
        assert "<" not in data and ">" not in data and "&" not in data.replace("\\u0026", "")
        words = json.loads(data)
        with language.use("es"):
            assert words == messages.web_words()
        assert set(words) == set(messages.WEB_WORDS)
        assert words["draw"] != "Draw"  # in Spanish
        assert PAGE.count("{{") == 2

    run(go())


def test_only_the_files_of_the_pages_folder_are_served(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            (tmp_path / "secret.txt").write_text("no", encoding="utf-8")
            async with aiohttp.ClientSession() as http:
                async with http.get(place.url + "static/app.js") as answer:
                    assert answer.status == 200
                    assert answer.headers["Content-Type"].startswith("text/javascript")
                    assert answer.headers["X-Content-Type-Options"] == "nosniff"
                for path in (
                    "static/../secret.txt",
                    "static/%2e%2e/secret.txt",
                    "static/..%2fsecret.txt",
                    "static/.hidden",
                    "static/nothing.js",
                    "static/index.html",
                ):
                    async with http.get(place.url + path) as answer:
                        assert answer.status == 404, path
                        assert await answer.text() != "no"

    run(go())


def test_braille_kept_with_the_account_puts_its_cells_in_the_frames_and_off_puts_none(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]
                place.server.accounts.prefer("ann", "braille", "ueb2")  # ``braille ueb2``
                await ann.connect()
                assert (await ann.until(lambda f: f["type"] == "hello"))["braille"] is True
                welcome = await ann.told(messages.net_welcome("ann"))
                assert welcome["braille"] and all(
                    0x2800 <= ord(cell) <= 0x28FF or cell == " " for cell in welcome["braille"]
                )
                await ann.line("new")
                await ann.told(messages.net_table_made(1))
                await ann.line("bot")
                await ann.told("seat 2")
                await ann.line("start")
                hand = await ann.until(lambda f: f["type"] == "hand" and f["cards"])
                for card in hand["cards"]:
                    assert card["braille"] and all(
                        0x2800 <= ord(c) <= 0x28FF for c in card["braille"]
                    )
            finally:
                await ann.close()
            bob = Browser(place, "bob")
            try:
                assert (await bob.login())["ok"]
                await bob.connect()
                assert (await bob.until(lambda f: f["type"] == "hello"))["braille"] is False
                assert (await bob.told(messages.net_welcome("bob")))["braille"] == ""
            finally:
                await bob.close()

    run(go())
