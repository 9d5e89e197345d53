"""A round played in browsers, for real: two people, each over their own WebSocket (the
real aiohttp server and client), and a bot at one table of the game server's own lobby,
from the deal to the round's end, each seat played by its frames alone (``Player``).

What each browser got is checked against the table's own log: the frames in their order
(hello, the lobby, the table, hands, prompts, messages), every play told to each person in
the order it was made, and nothing of another hand in any frame (the privacy rule).
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from web_client import Browser, Frame, Player, flat, people, round_over, site, table_of_two

from uno_access.access import messages
from uno_access.access.sounds import Cue
from uno_access.engine.cards import Card
from uno_access.engine.events import CardPlayed, DrawnCardKept
from uno_access.net.server.tables import Lobby
from uno_access.net.web.connection import WebConnection
from uno_access.net.wire import SPECTATOR, Entry

pytestmark = pytest.mark.network

ASKS = {"key", "line", "color", "choice", "woken", "wait"}
ROUND_ENDS = {Cue.ROUND_WON.value, Cue.ROUND_LOST.value, Cue.GAME_OVER.value}


@dataclass(frozen=True)
class Sent:
    """A frame as the server sent it, and the cards it must not name: those in another
    hand at that moment which this person never held and never saw face up."""

    name: str
    frame: Frame
    secret: frozenset[Card]


@dataclass
class Played:
    frames: dict[str, list[Frame]]  # name -> every frame their socket got, in order
    logs: dict[int, list[Entry]]  # seat (or SPECTATOR) -> the table's log for it
    seats: dict[str, int]
    sent: list[Sent]
    epoch: str  # the server process's


class Watch:
    """Every frame the server sends, each with what was secret from its person then."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.sent: list[Sent] = []
        self.public: set[Card] = set()
        self.held: dict[str, set[Card]] = {}

    def __call__(self, connection: WebConnection, frame: Frame) -> None:
        table = self.lobby.tables.get(1)
        game = None if table is None else table.game
        seat = None if table is None else table.seat_of(connection.name)
        secret: frozenset[Card] = frozenset()
        if table is not None and game is not None and seat is not None:
            views = [game.view(s) for s in range(len(table.places))]
            self.public |= {*views[seat].discard, views[seat].top}
            mine = self.held.setdefault(connection.name, set())
            mine |= set(views[seat].hand)
            others = {c for s, view in enumerate(views) if s != seat for c in view.hand}
            secret = frozenset(c for c in others - mine - self.public if c.color is not None)
        for one in flat(json.loads(json.dumps(frame))):  # as the browser takes it
            self.sent.append(Sent(connection.name, one, secret))


async def _play(folder: Path) -> Played:
    async with site(folder, seed=7) as place:
        watch = Watch(place.server.lobby)
        sending = WebConnection.send

        def send(connection: WebConnection, frame: Frame) -> None:
            watch(connection, frame)
            sending(connection, frame)

        WebConnection.send = send  # type: ignore[method-assign,assignment]
        try:
            async with people(place, "ann", "bob") as (ann, bob):
                return await _round(place.server.lobby, watch, ann, bob)
        finally:
            WebConnection.send = sending  # type: ignore[method-assign]


async def _round(lobby: Lobby, watch: Watch, ann: Browser, bob: Browser) -> Played:
    await table_of_two(ann, bob)
    await ann.line("bot")
    await ann.told("seat 3")
    players = [Player(ann), Player(bob)]
    await ann.line("start")
    table = lobby.tables[1]
    await round_over(table)
    assert all(player.sent for player in players)
    for browser in (ann, bob):  # the round's end has reached them, and a prompt
        ended = await browser.until(lambda f: f.get("cue") in ROUND_ENDS)
        await browser.until(lambda f: f["type"] == "prompt", browser.frames.index(ended))
    seats = {p.name: i for i, p in enumerate(table.places)}
    logs = {v: table.entries(v, 1) for v in (*seats.values(), SPECTATOR)}
    frames = {"ann": list(ann.frames), "bob": list(bob.frames)}
    return Played(frames, logs, seats, list(watch.sent), lobby.epoch)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return asyncio.run(_play(tmp_path_factory.mktemp("web_round")))


def _plays(logs: dict[int, list[Entry]]) -> list[Card]:
    return [
        event.card
        for entry in logs[SPECTATOR]
        for event in entry.events
        if isinstance(event, CardPlayed)
    ]


def test_each_browser_is_greeted_then_shown_the_lobby_then_the_table(played: Played) -> None:
    for name, frames in played.frames.items():
        assert frames[0] == {"type": "hello", "name": name, "lang": "en", "braille": False}
        screens = [f["screen"] for f in frames if f["type"] == "screen"]
        assert screens[:2] == ["lobby", "table"], screens


def test_each_browser_gets_its_hand_and_the_table_before_each_prompt_at_its_seat(
    played: Played,
) -> None:
    for frames in played.frames.values():
        at_table = frames[next(i for i, f in enumerate(frames) if f.get("screen") == "table") :]
        hands = [f for f in at_table if f["type"] == "hand"]
        assert len(hands[0]["cards"]) == 7  # the deal
        assert all(
            set(c) == {"label", "code", "braille", "color", "playable"} for c in hands[0]["cards"]
        )
        tables = [f for f in at_table if f["type"] == "table"]
        assert [p["you"] for p in tables[0]["players"]].count(True) == 1
        first_prompt = next(i for i, f in enumerate(at_table) if f["type"] == "prompt")
        assert {"hand", "table"} <= {f["type"] for f in at_table[:first_prompt]}
        prompts = [f for f in frames if f["type"] == "prompt"]
        assert prompts and all(p["ask"] in ASKS and isinstance(p["menu"], bool) for p in prompts)
        numbers = [p["number"] for p in prompts]
        assert all(isinstance(n, int) for n in numbers) and numbers == sorted(numbers)


def test_every_play_of_the_round_is_told_to_each_browser_in_the_order_it_was_made(
    played: Played,
) -> None:
    plays = _plays(played.logs)
    assert len(plays) > 5
    for name, frames in played.frames.items():
        said = [
            f["print"]
            for f in frames
            if f["type"] == "message" and f["buffer"] in ("events", "answers")
        ]
        at = 0
        for card in plays:
            label = messages.card_name(card)
            found = next((i for i in range(at, len(said)) if label in said[i]), None)
            assert found is not None, f"{name} was not told {label} after {said[at - 1 : at]}"
            at = found + 1


def test_message_frames_carry_every_rendering_and_a_known_priority_and_buffer(
    played: Played,
) -> None:
    for frames in played.frames.values():
        told = [f for f in frames if f["type"] == "message"]
        assert told
        for frame in told:
            assert set(frame) == {"type", "print", "speech", "braille", "priority", "buffer", "cue"}
            assert frame["priority"] in ("urgent", "normal", "low")
            assert frame["buffer"] in ("events", "answers", "chat")
            assert frame["braille"] == ""  # braille is off for these people
        assert any(f["cue"] == "your_turn" for f in told)


def test_the_lines_of_each_entry_come_in_one_frame_numbered_as_the_tables_log_numbers_it(
    played: Played,
) -> None:
    """Each entry of the seat's log with something to tell comes in one entry frame of its
    number, in the log's order (the opening first, marked told at the first prompt), in
    this server process's table 1."""
    for name, frames in played.frames.items():
        seat = played.seats[name]
        entries = [f for f in frames if f["type"] == "entry"]
        seqs = [f["seq"] for f in entries]
        assert seqs[0] == 1 and entries[0]["messages"] == []  # the opening, told before
        assert seqs == sorted(set(seqs)), seqs  # in order, each once
        assert all(f["epoch"] == played.epoch and f["table"] == 1 for f in entries)
        logged = {entry.seq: entry for entry in played.logs[seat]}
        assert set(seqs) <= set(logged)
        for seq, entry in logged.items():
            kept = any(isinstance(e, DrawnCardKept) and e.seat == seat for e in entry.events)
            if 1 < seq <= seqs[-1] and (entry.events or entry.line) and not kept:
                assert seq in seqs, f"{name}: no frame for entry {seq}"
        assert any(f["messages"] for f in entries)
        for at, frame in enumerate(frames):  # each entry frame's lines, as message frames
            if frame["type"] == "entry":
                assert frames[at + 1 : at + 1 + len(frame["messages"])] == frame["messages"]


def _names(card: Card) -> list[str]:
    return [messages.card_name(card), card.code]


def test_no_frame_to_a_browser_names_a_card_of_another_hand(played: Played) -> None:
    """Every frame the server sent each socket in a seeded round (the very frames each
    browser got): none names a card that was then in another hand, which this person
    had never held nor seen face up."""
    for name, frames in played.frames.items():
        theirs = [sent for sent in played.sent if sent.name == name]
        assert [sent.frame for sent in theirs[: len(frames)]] == frames
    checked = 0
    for sent in played.sent:
        text = json.dumps(sent.frame, ensure_ascii=False)
        for card in sent.secret:
            checked += 1
            for said in _names(card):
                pattern = rf"(?<![A-Za-z0-9+]){re.escape(said)}(?![A-Za-z0-9])"
                assert not re.search(pattern, text), f"{sent.name} was sent {said!r}: {text}"
    assert checked > 1000  # many cards were secret while many frames went out
