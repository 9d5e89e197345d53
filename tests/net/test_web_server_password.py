"""``password`` typed in a browser's lobby, for real (the aiohttp server and client): the
current password, then the new one twice, each asked by a prompt of the page's password
field and answered by a ``secret`` frame alone; the rules, the argon2 hash and the words
of the ssh way (``net.server.password_change``, shared); the person's other browser
sessions ended, this one kept; and nothing typed ever sent back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from web_client import Address, Browser, Frame, people, run, site

from uno_access.access import messages
from uno_access.net.server import passwords
from uno_access.net.server.accounts import name_key

pytestmark = pytest.mark.network

OLD = "a good password"  # web_client.Browser's
NEW = "correct horse 7"


async def _asked(browser: Browser, ask: str, since: int) -> Frame:
    """The first prompt from ``since`` on that asks ``ask``."""
    return await browser.until(lambda f: f["type"] == "prompt" and f["ask"] == ask, since)


async def _secret(browser: Browser, typed: str, prompt: Frame) -> None:
    await browser.send({"type": "secret", "text": typed, "prompt": prompt["number"]})


async def _password(browser: Browser, *answers: tuple[str, str]) -> int:
    """``password`` typed, then each prompt that asks ``ask`` answered with its password,
    in turn: where the frames stood before."""
    mark = since = len(browser.frames)
    await browser.line("password")
    for ask, typed in answers:
        prompt = await _asked(browser, ask, since)
        since = browser.frames.index(prompt) + 1
        await _secret(browser, typed, prompt)
    return mark


def _nothing_typed_in(frames: list[Frame], *typed: str) -> None:
    sent = json.dumps(frames, ensure_ascii=False)
    for secret in typed:
        assert secret not in sent


def test_password_in_a_browser_asks_the_current_one_then_the_new_one_twice_and_sets_it(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann") as (ann,):
            accounts = place.server.accounts
            mark = len(ann.frames)
            await ann.line("password")
            said = await ann.told(messages.web_choose_password("ann", passwords.SHORTEST), mark)
            assert said["priority"] == "normal"
            current = await _asked(ann, "password", mark)
            assert current["text"] == messages.tr(messages.NET_CURRENT_PASSWORD_PROMPT)
            await _secret(ann, OLD, current)
            new = await _asked(ann, "new_password", mark)
            assert new["text"] == messages.tr(messages.NET_NEW_PASSWORD_PROMPT)
            await _secret(ann, NEW, new)
            again = await _asked(ann, "new_password", ann.frames.index(new) + 1)
            assert again["text"] == messages.tr(messages.NET_PASSWORD_AGAIN_PROMPT)
            await _secret(ann, NEW, again)
            await ann.told(messages.net_password_set("ann"), mark)
            await ann.until(lambda f: f["type"] == "prompt" and f["ask"] == "woken", mark)
            assert passwords.matches(accounts.password_of("ann"), NEW)
            _nothing_typed_in(ann.frames, OLD, NEW)
            assert ann.count("refused") == 0
            assert await _login(place, NEW) == 200
            assert await _login(place, OLD) == 401

    run(go())


def test_a_password_changed_in_a_browser_ends_its_persons_other_sessions_and_keeps_this_one(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with (
            site(tmp_path) as place,
            people(place, "ann") as (here,),
            people(place, "ann", connected=False) as (elsewhere,),  # logged in, not playing
        ):
            mark = await _password(
                here, ("password", OLD), ("new_password", NEW), ("new_password", NEW)
            )
            await here.told(messages.net_password_set("ann"), mark)
            sessions = place.server.accounts.sessions
            assert sessions.use(_cookie(here)) == "ann"
            assert sessions.use(_cookie(elsewhere)) is None

    run(go())


async def _login(place: Address, password: str) -> int:
    """The status of ann's login with ``password`` from a browser of its own."""
    browser = Browser(place, "ann", password)
    try:
        return int((await browser.login())["status"])
    finally:
        await browser.close()


def _cookie(browser: Browser) -> str:
    return next(c.value for c in browser.http.cookie_jar if c.key == "uno_session")


def test_a_wrong_current_password_changes_nothing_and_counts_as_a_failed_login(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann") as (ann,):
            accounts, limiter = place.server.accounts, place.server.limiter
            kept = accounts.password_of("ann")
            mark = await _password(ann, ("password", "not my password"))
            wrong = await ann.told(messages.tr(messages.NET_CURRENT_PASSWORD_WRONG), mark)
            await ann.told(messages.tr(messages.NET_PASSWORD_UNCHANGED), ann.frames.index(wrong))
            assert accounts.password_of("ann") == kept
            assert limiter.delay(name_key("ann")) > 0
            assert not any(f["type"] == "prompt" and f["ask"] == "new_password" for f in ann.frames)

    run(go())


def test_two_new_passwords_that_differ_are_refused_with_the_ssh_ways_words(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann") as (ann,):
            kept = place.server.accounts.password_of("ann")
            mark = await _password(
                ann, ("password", OLD), ("new_password", NEW), ("new_password", NEW + "!")
            )
            await ann.told(messages.tr(messages.NET_PASSWORDS_DIFFER), mark)
            await ann.told(messages.tr(messages.NET_PASSWORD_UNCHANGED), mark)
            assert place.server.accounts.password_of("ann") == kept

    run(go())


def test_at_a_password_prompt_only_the_password_field_answers_and_escape_gives_up(
    tmp_path: Path,
) -> None:
    """A line typed in the command line while a password is asked is refused (it becomes
    no password, and no chat line either); Escape gives up, the password unchanged."""

    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob") as (ann, bob):
            kept = place.server.accounts.password_of("ann")
            mark = len(ann.frames)
            await ann.line("password")
            current = await _asked(ann, "password", mark)
            await ann.send({"type": "line", "text": "say my password is hunter2"})
            refused = await ann.until(lambda f: f["type"] == "refused", mark)
            assert refused["reason"] == messages.tr(messages.WEB_REFUSED_PASSWORD_ASKED)
            await ann.send({"type": "key", "key": "escape", "prompt": current["number"]})
            await ann.told(messages.tr(messages.NET_PASSWORD_UNCHANGED), mark)
            assert place.server.accounts.password_of("ann") == kept
            _nothing_typed_in(bob.frames, "hunter2")

    run(go())


def test_a_password_sent_when_none_is_asked_is_refused_and_never_said(tmp_path: Path) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob") as (ann, bob):
            mark = len(ann.frames)
            await ann.send({"type": "secret", "text": "say hunter2"})
            refused = await ann.until(lambda f: f["type"] == "refused", mark)
            assert refused["reason"] == messages.tr(messages.WEB_REFUSED_NO_PASSWORD_ASKED)
            await ann.line("say hello")
            await bob.told(messages.chat_line("ann", "hello"))
            _nothing_typed_in(ann.frames + bob.frames, "hunter2")

    run(go())
