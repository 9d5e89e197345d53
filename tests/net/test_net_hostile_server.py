"""The full client against a hostile server: a fake server in this test speaks the data
protocol (a real SSH server, asyncssh, on 127.0.0.1) and sends unknown message and event
kinds, wrong types, huge numbers, control characters and escape sequences in names and
chat. The client (``uno-access join`` in a pseudo-terminal) refuses each bad line in one
line, never crashes, and never writes the raw control characters to its terminal.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from net_client import Client

from uno_access.engine import codec
from uno_access.engine.events import for_seat
from uno_access.engine.game import Game
from uno_access.net.server.data import SUBSYSTEM
from uno_access.net.wire.protocol import MAX_LINE

REFUSED = "The server sent a line this client does not take"
# what no line the client writes may hold: a window title, a screen erase, a colour, the
# C1 control sequence introducer, a bell, a NUL
FORBIDDEN = ("\x1b]0;", "\x1b[2J", "\x1b[5;31m", "\x9b", "\x07", "\x00")
HOSTILE = "hi\x1b]0;owned\x07 \x1b[2Jthere\x1b[5;31m!\x9b2J\x00\x07"


class _Session(asyncssh.SSHServerSession[str]):
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.chan: Any = None

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def subsystem_requested(self, subsystem: str) -> bool:
        return subsystem == SUBSYSTEM

    def session_started(self) -> None:
        for line in self.lines:
            self.chan.write(line + "\n")

    def data_received(self, data: str, datatype: Any) -> None:
        """Every action is answered, in a form no client may take."""
        for line in data.splitlines():
            message = json.loads(line)
            if message.get("t") == "action":
                bad = {"event": "nope", "\x1b]0;x\x07": 1}
                reply = {"t": "reply", "id": message["id"], "seq": 0, "events": [bad]}
                self.chan.write(json.dumps(reply) + "\n")


class _Fake(asyncssh.SSHServer):
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return True

    def session_requested(self) -> asyncssh.SSHServerSession[str]:
        return _Session(self.lines)


class FakeServer:
    """A server on 127.0.0.1 that sends ``lines`` to every data channel, on a loop of its own."""

    def __init__(self, lines: list[str]) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        key = asyncssh.generate_private_key("ssh-ed25519")

        async def start() -> Any:
            return await asyncssh.create_server(
                lambda: _Fake(lines), "127.0.0.1", 0, server_host_keys=[key]
            )

        self.listener = asyncio.run_coroutine_threadsafe(start(), self.loop).result(10)
        self.port = int(self.listener.sockets[0].getsockname()[1])

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.listener.close)
        self.loop.call_soon_threadsafe(self.loop.stop)


def _dump(message: object) -> str:
    return json.dumps(message)


def _entry(seq: int, events: list[Any], view: Any, legal: Any, **more: Any) -> str:
    return _dump({"t": "entry", "seq": seq, "events": events, "view": view, "legal": legal, **more})


def _script() -> tuple[list[str], int]:
    """The lines the hostile server sends, and how many of them the client must refuse."""
    evil = "\x1b]0;evil\x07Bob\x1b[5;31m"
    game = Game.new(("ann", evil), seed=4)
    view = codec.view_to_json(game.view(0))
    legal = codec.actions_to_json(game.legal_actions(0))
    opening = codec.events_to_json(
        e for e in (for_seat(ev, 0) for ev in game.opening) if e is not None
    )
    played: dict[str, Any] = {
        "event": "card_played",
        "seat": 0,
        "card": "r5",
        "cards_left": 6,
        "count": 1,
        "jump_in": False,
    }
    bad: list[str] = [
        # the lobby: kinds, types and sounds no server may send
        _dump({"t": "line", "text": "x", "kind": "shout"}),
        _dump({"t": "line", "text": "x", "kind": "chat", "sound": "\x1b[5;31mboom"}),
        _dump({"t": "line", "text": 5}),
        _dump({"t": "line", "text": ["a"], "kind": None}),
        _dump({"t": "zap"}),
        _dump({"t": HOSTILE}),
        "not json " + HOSTILE,
        _dump([1, 2]),
        _dump({"t": "reply", "id": 10**40, "seq": 1, "events": []}),
        _dump({"t": "refused", "reason": {"a": 1}}),
        _dump({"t": "watch", "names": [HOSTILE], "rules": {"hand_size": "x"}}),
        '{"t": "line", "text": "x", "kind": NaN}',
        _dump({"t": "line", "text": "y" * (MAX_LINE + 10)}),
        "[" * 5000 + "]" * 5000,
        _dump({"t": "start", "seat": "0"}),
        _dump({"t": "start", "seat": 10**30}),
    ]
    good_lobby = [
        _dump({"t": "line", "text": "Bob says: " + HOSTILE, "kind": "chat", "sound": "chat"}),
        _dump({"t": "refused", "reason": "\x1b[2Jbad\x07 thing"}),
        _dump({"t": "start", "seat": 0, "back_from": None}),
    ]
    at_table = [
        # entries no client may take: unknown event kinds, wrong types, huge numbers
        _entry(1, [{"event": "explosion"}], view, legal),
        _entry(1, [{**played, "seat": "zero"}], view, legal),
        _entry(1, opening, {**view, "hand": 5}, legal),
        _entry(1, opening, {**view, "hand_sizes": [10**12, 7]}, legal),
        _entry(1, opening, {**view, "current": 99}, legal),
        _entry(1, opening, view, [{"seat": 1e300, "act": "draw"}]),
        _entry(10**20, opening, view, legal),
        _entry(1, opening, view, legal, line=7),
        _entry(1, opening, view, legal, line="x", kind="\x1b]0;k\x07"),
    ]
    good_table = [
        _entry(1, opening, view, legal),  # the game, its other player's name hostile
        _entry(2, [], view, legal, line="Bob says: " + HOSTILE, kind="chat", sound="chat"),
    ]
    after = [
        _entry(2, [], view, legal, line="again"),  # a number already seen
        _entry(3, [{**played, "seat": 99}], view, legal),
    ]
    rng = random.Random(16)
    junk = []
    for _ in range(40):  # random bytes and random JSON, each refused too
        if rng.random() < 0.5:
            junk.append("".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(80))))
        else:
            junk.append(_dump({"t": rng.choice(["entry", "reply", "line", "q"]), "x": HOSTILE}))
    junk = [line.replace("\n", " ") for line in junk]
    lines = [*bad, *good_lobby, *at_table, *good_table, *after, *junk]
    lines.append(_dump({"t": "line", "text": "all done"}))
    refused = len(bad) + len(at_table) + len(after) + len(junk)
    return lines, refused


@pytest.fixture
def fake() -> Iterator[FakeServer]:
    lines, _ = _script()
    server = FakeServer(lines)
    yield server
    server.stop()


def test_a_hostile_server_is_refused_line_by_line_and_never_reaches_the_terminal_raw(
    tmp_path: Path, fake: FakeServer
) -> None:
    _, refused = _script()
    ann = Client(fake.port, tmp_path / "ann", "ann")
    try:
        ann.sees("all done")
        ann.press("c")  # an action, answered in no readable form: refused, play goes on
        ann.sees(r"does not take \(a bad events\)")
        ann.press("l")  # the game still takes keys: the hand, as the view gave it
        ann.sees(r"Your hand, 7 cards")
        assert ann.child.isalive()
    finally:
        ann.close()
    raw = ann.received.getvalue()
    shown = ann.text()
    assert "Traceback" not in shown
    for sequence in FORBIDDEN:
        assert sequence not in raw, repr(sequence)
    assert shown.count(REFUSED) == refused + 1, [
        line for line in shown.splitlines() if REFUSED not in line
    ][-40:]
    assert "Bob says: hi there!" in shown  # the chat lines, cleaned
    assert "bad thing" in shown
    assert "UNO against Bob" in shown  # the hostile name, cleaned
