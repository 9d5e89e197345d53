"""A browser's frames are never trusted, for real (the aiohttp server and client): every
frame too long, not JSON, of no known type, with a field missing or wrong, or naming a
card of no hand, gets exactly one ``refused`` with its reason, and changes nothing,
while another person's game goes on; more than fifty frames in one second are refused
once; the same person connecting again replaces their socket, their seat kept; and a
socket that dropped comes back to what it missed, told once, then where it is.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from test_web_server_play import round_over
from web_client import Browser, Frame, Player, site

from uno_access.access import messages
from uno_access.net.web.connection import FRAMES_PER_SECOND
from uno_access.net.web.frames import FRAME_LIMIT

pytestmark = pytest.mark.network

FORGED = 10_000
BATCH = 200  # frames sent before their answers are waited for


def _junk(rng: random.Random) -> str | bytes:
    """One frame the server must refuse: random bytes or text, JSON of the wrong shape, a
    known type with a field missing or wrong, a name of nothing, too long."""
    kind = rng.randrange(14)
    word = "".join(rng.choice("abcdefXYZ_é\u2800 ") for _ in range(rng.randrange(1, 30)))
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return word + "{"
    if kind == 2:
        return json.dumps(rng.choice([[1, 2], 3, "key", None, True, 1.5]))
    if kind == 3:
        return json.dumps({"kind": "key", "key": "d"})
    if kind == 4:
        return json.dumps({"type": rng.choice([3, None, ["key"], {"a": 1}])})
    if kind == 5:
        return json.dumps({"type": "x" + word})
    if kind == 6:
        return json.dumps(
            {"type": "key", "key": rng.choice([None, 5, "", ["d"], "ctrl-alt-" + word])}
        )
    if kind == 7:
        return json.dumps({"type": "line", "text": rng.choice([None, 7, ["say hi"]])})
    if kind == 8:
        return json.dumps({"type": "line", "text": "say " + "a" * rng.randrange(500, 1000)})
    if kind == 9:
        return json.dumps(
            {"type": "press", "command": rng.choice(["draw", "NUKE", "UNKNOWN", 3, word])}
        )
    if kind == 10:
        return json.dumps({"type": "card", "index": rng.choice([-1, "0", 1.5, True, None])})
    if kind == 11:
        return json.dumps({"type": "card", "index": rng.randrange(0, 200)})  # no hand here
    if kind == 12:
        return json.dumps({"type": "line", "text": "x" * (FRAME_LIMIT + rng.randrange(1, 9000))})
    return json.dumps({"type": "key", "key": word * 50})


def test_ten_thousand_malformed_frames_are_each_refused_once_while_another_game_goes_on(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path, frames_per_second=FORGED * 2) as place:
            vic, eve = Browser(place, "vic"), Browser(place, "eve")
            try:
                for browser in (vic, eve):
                    assert (await browser.login())["ok"]
                    await browser.connect()
                    await browser.until(lambda f: f["type"] == "prompt")
                await vic.line("new")
                await vic.told(messages.net_table_made(1))
                await vic.line("bot")
                await vic.told("seat 2")
                player = Player(vic)
                await vic.line("start")
                table = place.server.lobby.tables[1]
                before = len(eve.frames)
                assert eve.count("refused") == 0
                rng = random.Random(25)
                sent = 0
                while sent < FORGED:
                    for _ in range(BATCH):
                        junk = _junk(rng)
                        assert eve.socket is not None
                        if isinstance(junk, bytes):
                            await eve.socket.send_bytes(junk)
                        else:
                            await eve.socket.send_str(junk)
                    sent += BATCH
                    await _refusals(eve, sent)
                await round_over(table)
                assert player.sent
                got = eve.frames[before:]
                assert _refused(got) == FORGED
                assert all(f["reason"] for f in got if f["type"] == "refused")
                assert [f for f in got if f["type"] != "refused"] == []  # nothing else happened
                assert list(place.server.lobby.tables) == [1]
                assert table.places[0].name == "vic"
                assert "eve" in place.server.lobby.people
                assert not [f for f in vic.frames if f["type"] == "refused"]
            finally:
                await vic.close()
                await eve.close()

    asyncio.run(go())


async def _refusals(browser: Browser, wanted: int) -> None:
    """Until ``browser`` has had ``wanted`` refused frames."""
    await browser.wait_for(lambda: browser.count("refused") >= wanted)


def _refused(frames: list[Frame]) -> int:
    return sum(1 for f in frames if f["type"] == "refused")


def test_more_than_fifty_frames_in_one_second_are_refused_once_and_the_rest_dropped(
    tmp_path: Path,
) -> None:
    now = [100.0]

    async def go() -> None:
        async with site(
            tmp_path, frames_per_second=FRAMES_PER_SECOND, clock=lambda: now[0]
        ) as place:
            ann, bob = Browser(place, "ann"), Browser(place, "bob")
            try:
                for browser in (ann, bob):
                    assert (await browser.login())["ok"]
                    await browser.connect()
                    await browser.until(lambda f: f["type"] == "prompt")
                typed = ["s", "a", "y", "space"] + ["a"] * 196  # keys off in the lobby: typing
                for key in typed:
                    await ann.send({"type": "key", "key": key})
                refused = await ann.until(lambda f: f["type"] == "refused")
                assert refused["reason"] == messages.web_refused_too_fast(FRAMES_PER_SECOND)
                now[0] += 1.0  # the next second
                await ann.send({"type": "key", "key": "enter"})
                said = "a" * (FRAMES_PER_SECOND - 4)
                await bob.told(messages.chat_line("ann", said))
                assert _refused(ann.frames) == 1
            finally:
                await ann.close()
                await bob.close()

    asyncio.run(go())


def test_a_second_socket_for_the_same_name_replaces_the_first_and_keeps_the_seat(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            first, second = Browser(place, "ann"), Browser(place, "ann")
            try:
                assert (await first.login())["ok"]
                await first.connect()
                await first.until(lambda f: f["type"] == "prompt")
                await first.line("new")
                await first.told(messages.net_table_made(1))
                await first.line("bot")
                await first.told("seat 2")
                await first.line("start")
                await first.until(lambda f: f.get("screen") == "table")
                await first.until(lambda f: f["type"] == "hand" and f["cards"])
                assert (await second.login())["ok"]  # another browser, its own cookie
                await second.connect()
                bye = await first.until(lambda f: f["type"] == "bye")
                assert bye["reason"] == messages.tr(messages.NET_REPLACED)
                await first.closed.wait()
                assert (await second.until(lambda f: f["type"] == "hello"))["name"] == "ann"
                await second.until(lambda f: f.get("screen") == "table")
                hand = await second.until(lambda f: f["type"] == "hand" and f["cards"])
                table = place.server.lobby.tables[1]
                assert table.places[0].name == "ann" and table.places[0].present
                assert len(hand["cards"]) == len(table.game.view(0).hand)  # type: ignore[union-attr]
            finally:
                await first.close()
                await second.close()

    asyncio.run(go())


def test_a_dropped_socket_coming_back_is_told_what_it_missed_once_then_where_it_is(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann, bob = Browser(place, "ann"), Browser(place, "bob")
            try:
                for browser in (ann, bob):
                    assert (await browser.login())["ok"]
                    await browser.connect()
                    await browser.until(lambda f: f["type"] == "prompt")
                await ann.line("new")
                await ann.told(messages.net_table_made(1))
                await bob.line("join 1")
                await bob.told(messages.net_you_sit(1, 2))
                await ann.line("start")
                await ann.until(lambda f: f["type"] == "hand" and f["cards"])
                await bob.until(lambda f: f["type"] == "hand" and f["cards"])
                assert ann.socket is not None
                mark_gone = len(bob.frames)
                await ann.socket.close()  # the connection drops
                await ann.closed.wait()
                table = place.server.lobby.tables[1]
                await bob.told(messages.net_dropped("ann"), mark_gone)  # her seat is held
                assert not table.places[0].present
                said = "are you there?"
                mark = len(bob.frames)
                await bob.line(f"say {said}")
                await bob.told(messages.chat_line("bob", said), mark)
                await ann.connect()  # back, with the same session
                back = await ann.told(messages.tr(messages.NET_SINCE_YOU_LEFT))
                told = [f["print"] for f in ann.frames if f["type"] == "message"]
                chat = messages.chat_line("bob", said)
                assert told.count(chat) == 1  # the missed line, once
                where = messages.tr(messages.WHERE_YOU_ARE).split("{")[0]
                after = told.index(chat)
                assert told.index(back["print"]) < after
                assert any(line.startswith(where) for line in told[after + 1 :])
                await ann.until(lambda f: f["type"] == "hand" and f["cards"])
                assert table.places[0].present
            finally:
                await ann.close()
                await bob.close()

    asyncio.run(go())
