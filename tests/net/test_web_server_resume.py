"""A browser's socket dropped and opened again, at the frames, for real (the aiohttp server
and client, a TCP proxy on 127.0.0.1 between one browser and the server): the lines of
each entry of the table's log come in one entry frame, numbered; the page sends back the
number of the last one it read when it connects again, and is told each line it had not
read once (those in flight when the network went included), nothing it had read, then
where it is. A number forged, foreign or out of range counts for nothing; a lower one
tells the page's own seat's lines again, never another's, never the opening. And a person
back at a held seat is welcomed back to it, never to the lobby.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from net_proxy import Proxy
from web_client import Browser, Frame, Player, Site, people, site, table_of_two

from uno_access.access import messages
from uno_access.net.server.tables import ServerTable
from uno_access.net.web.connection import WebConnection

pytestmark = pytest.mark.network

Sent = list[tuple[WebConnection, Frame]]


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """Every frame the server sends, with its connection (dropped ones too)."""
    frames: Sent = []
    sending = WebConnection.send

    def send(connection: WebConnection, frame: Frame) -> None:
        frames.append((connection, frame))
        sending(connection, frame)

    monkeypatch.setattr(WebConnection, "send", send)
    yield frames


def _printed(frames: list[Frame]) -> list[str]:
    return [f["print"] for f in frames if f["type"] == "message"]


def _catch_up(frames: list[Frame]) -> list[Frame]:
    """The frames told between "What happened since you left:" and "Where you are: …"."""
    prints = [f.get("print", "") for f in frames]
    since = prints.index(messages.tr(messages.NET_SINCE_YOU_LEFT))
    where = next(at for at, said in enumerate(prints) if said.startswith("Where you are: "))
    return frames[since + 1 : where]


def _entry_lines(entries: list[Frame]) -> list[str]:
    return [line["print"] for entry in entries for line in entry["messages"]]


def _my_turn(browser: Browser) -> bool:
    tables = [f for f in browser.frames if f["type"] == "table"]
    mine = bool(tables) and any(p["you"] and p["turn"] for p in tables[-1]["players"])
    return mine and browser.frames[-1]["type"] == "prompt"


async def _back(browser: Browser, query: dict[str, str] | None = None) -> list[Frame]:
    """Connected again (``query``: where it says it stands, else its last entry frame's):
    every frame up to the prompt after "Where you are: …"."""
    await browser.connect(query=query)
    where = await browser.until(
        lambda f: f["type"] == "message" and f["print"].startswith("Where you are: ")
    )
    await browser.until(lambda f: f["type"] == "prompt", browser.frames.index(where))
    return list(browser.frames)


async def _drop(browser: Browser, table: ServerTable, seat: int) -> None:
    """The browser's socket closed, its seat held for it."""
    assert browser.socket is not None
    await browser.socket.close()
    await browser.closed.wait()
    await _until(lambda: not table.places[seat].present)


async def _until(done: Callable[[], bool]) -> None:
    async def wait() -> None:
        while not done():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(wait(), 60)


def _move(browser: Browser) -> Frame:
    """The person's answer to what they were last shown: a question's, a Wild Draw Four
    on them accepted, else a card that can be played, else a draw."""
    prompt = next(f for f in reversed(browser.frames) if f["type"] == "prompt")
    if prompt["ask"] == "color":
        return {"type": "press", "command": "RED"}
    if prompt["ask"] == "choice":
        return {"type": "press", "command": "NO"}
    turn = next(f for f in reversed(browser.frames) if f.get("cue") == "your_turn")
    if "Wild Draw Four on you" in turn["print"]:
        return {"type": "press", "command": "ACCEPT"}
    hand = next(f for f in reversed(browser.frames) if f["type"] == "hand")
    playable = [at for at, card in enumerate(hand["cards"]) if card["playable"]]
    if playable:
        return {"type": "card", "index": playable[0]}
    return {"type": "press", "command": "DRAW"}


def test_a_socket_dropped_with_entries_in_flight_is_told_each_unread_line_once_on_its_return(
    tmp_path: Path, sent: Sent
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            proxy = Proxy(int(place.url.rstrip("/").rsplit(":", 1)[1]))
            through = Site(
                server=place.server, web=place.web, url=f"http://127.0.0.1:{proxy.port}/"
            )
            async with people(through, "ann") as [ann], people(place, "bob") as [bob]:
                try:
                    await table_of_two(ann, bob)
                    await ann.line("bot")
                    await ann.told("seat 3")
                    Player(bob)  # bob plays his turns as they come
                    await ann.line("start")
                    table = place.server.lobby.tables[1]
                    await ann.wait_for(lambda: _my_turn(ann))

                    first = next(c for c, _ in reversed(sent) if c.name == "ann")
                    proxy.hold()  # what the server sends ann is passed on no more
                    held = _read(ann)
                    await ann.send(_move(ann))  # her move, whose answer she will not read
                    await _until(lambda: any(f["seq"] > held for f in _to(sent, first)))
                    mark = len(bob.frames)
                    await bob.line("say are you there?")
                    chat = messages.chat_line("bob", "are you there?")
                    await bob.told(chat, mark)
                    await _until(lambda: chat in _entry_lines(_to(sent, first)))
                    await _until(lambda: proxy.held > 0)  # written to her socket, never read
                    proxy.cut()  # the network goes, with those frames in flight
                    await ann.closed.wait()
                    await _until(lambda: not table.places[0].present)
                    read = _read(ann)
                    mark = len(bob.frames)
                    await bob.line("say still away?")
                    await bob.told(messages.chat_line("bob", "still away?"), mark)

                    proxy.restore()
                    frames = await _back(ann)
                    in_flight = [f for f in _to(sent, first) if f["seq"] > read]
                    unread = _entry_lines(in_flight)
                    assert chat in unread and any(line.startswith("You ") for line in unread)
                    told = _catch_up(frames)
                    entries = [f for f in told if f["type"] == "entry"]
                    assert all(entry["seq"] > read for entry in entries)  # nothing read again
                    lines = _entry_lines(entries)
                    assert lines[: len(unread)] == unread  # each line in flight, once, in order
                    assert _printed(told) == lines  # and nothing else between
                    assert lines.count(messages.chat_line("bob", "still away?")) == 1
                    assert lines.count(chat) == 1
                    seqs = [entry["seq"] for entry in entries]
                    assert seqs == list(range(read + 1, read + 1 + len(seqs)))  # none lost
                finally:
                    proxy.cut()

    asyncio.run(go())


def _to(sent: Sent, connection: WebConnection) -> list[Frame]:
    """The entry frames the server sent on ``connection``."""
    return [f for c, f in sent if c is connection and f["type"] == "entry"]


def _read(browser: Browser) -> int:
    """The number of the last entry frame the browser read."""
    return 0 if browser.received is None else int(browser.received["seq"])


def test_a_forged_foreign_or_out_of_range_number_counts_for_nothing_and_a_lower_one_retells_the_pages_own_lines(  # noqa: E501
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob") as [ann, bob]:
            await table_of_two(ann, bob)
            await ann.line("start")
            await ann.until(lambda f: f["type"] == "hand" and f["cards"])
            await bob.until(lambda f: f["type"] == "prompt")
            table = place.server.lobby.tables[1]
            before = _read(ann)  # read before bob's chat
            for said in ("one", "two"):
                await bob.line(f"say {said}")
                await ann.told(messages.chat_line("bob", said))
            await ann.until(lambda f: f["type"] == "prompt", len(ann.frames) - 1)
            told: dict[int, list[str]] = {}  # each entry's lines, as ann first read them

            def keep(frames: list[Frame]) -> None:
                for frame in frames:
                    if frame["type"] == "entry":
                        told.setdefault(frame["seq"], _entry_lines([frame]))

            keep(ann.frames)
            epoch = place.server.lobby.epoch
            beyond = str(table.latest(0) + 5)
            for query in (
                {"epoch": "0" if epoch != "0" else "1", "table": "1", "seq": "2"},  # another
                {"epoch": epoch, "table": "2", "seq": "2"},  # another table
                {"epoch": epoch, "table": "1", "seq": beyond},  # more than was told
                {"epoch": epoch, "table": "1", "seq": "0"},
                {"epoch": epoch, "table": "1", "seq": "-1"},
                {"epoch": epoch, "table": "1", "seq": "2x"},
                {"epoch": epoch, "table": "1", "seq": "9" * 40},
                {"epoch": "not hex!", "table": "1", "seq": "2"},
                {"seq": "2"},
            ):
                await _drop(ann, table, 0)
                frames = await _back(ann, query)
                keep(frames)
                nothing = messages.tr(messages.NET_NOTHING_SINCE)
                assert nothing in _printed(frames), query  # from what the server told
                assert messages.tr(messages.NET_SINCE_YOU_LEFT) not in _printed(frames)

            for lower in (before, 1):  # her own lines again, from there on (never the opening)
                await _drop(ann, table, 0)
                frames = await _back(ann, {"epoch": epoch, "table": "1", "seq": str(lower)})
                entries = [f for f in _catch_up(frames) if f["type"] == "entry"]
                expected = [line for seq in sorted(told) if seq > lower for line in told[seq]]
                assert expected and _entry_lines(entries) == expected, lower
                assert entries[0]["seq"] == max(lower, 1) + 1
                assert _entry_lines(entries).count(messages.chat_line("bob", "one")) == 1
                opening = [f for f in frames if f.get("print", "").startswith("UNO against")]
                assert not opening

    asyncio.run(go())


def test_a_person_back_at_a_held_seat_is_welcomed_back_to_it_never_to_the_lobby(
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
                assert _printed(ann.frames)[0] == messages.net_welcome("ann")
                await ann.line("new")
                await ann.told(messages.net_table_made(1))
                await bob.line("join 1")
                await bob.told(messages.net_you_sit(1, 2))
                await ann.line("start")
                await ann.until(lambda f: f["type"] == "hand" and f["cards"])
                await bob.until(lambda f: f["type"] == "prompt")
                await _drop(bob, place.server.lobby.tables[1], 1)
                frames = await _back(bob)
                said = _printed(frames)
                assert said[:3] == [
                    messages.net_welcome_back("bob"),
                    messages.net_you_are_back_waited(1, 2),
                    messages.tr(messages.NET_NOTHING_SINCE),
                ], said
                assert messages.net_welcome("bob") not in said
                screens = [f["screen"] for f in frames if f["type"] == "screen"]
                assert screens == ["table"]  # never shown the lobby
            finally:
                await ann.close()
                await bob.close()

    asyncio.run(go())
