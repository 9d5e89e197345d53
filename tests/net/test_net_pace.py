"""New connections are served after the people already playing (``net.server.pace``):
what a new connection sends is handed on one piece per turn of the event loop, after
that turn's other work; its connection is not read while a piece waits; once its session
has been going ``PACED_AFTER_START`` seconds, what it sends goes straight on; a
connection gone drops what waited, and the others go on.

The pacer on a real event loop, with the connection's protocol and transport recorded.
"""

from __future__ import annotations

import asyncio

import pytest

from uno_access.net.server import pace
from uno_access.net.server.pace import Pacer


class Inner(asyncio.Protocol):
    """The SSH connection behind the pacer: what reached it, in order."""

    def __init__(self, seen: list[str], name: str) -> None:
        self.seen = seen
        self.name = name

    def data_received(self, data: bytes) -> None:
        self.seen.append(f"{self.name}:{data.decode()}")

    def connection_lost(self, exc: Exception | None) -> None:
        self.seen.append(f"{self.name} lost")


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.reading = True
        self.pauses = 0

    def pause_reading(self) -> None:
        self.reading = False
        self.pauses += 1

    def resume_reading(self) -> None:
        self.reading = True

    def is_closing(self) -> bool:
        return False


def _connection(pacer: Pacer, seen: list[str], name: str) -> tuple[pace.Paced, Transport]:
    paced = pacer.protocol(lambda: Inner(seen, name))
    transport = Transport()
    paced.connection_made(transport)
    return paced, transport


async def _turns(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


def test_new_connections_are_handed_one_piece_a_turn_after_the_turns_other_work() -> None:
    async def run() -> list[str]:
        loop = asyncio.get_running_loop()
        seen: list[str] = []
        pacer = Pacer(loop)
        first, _ = _connection(pacer, seen, "new1")
        second, _ = _connection(pacer, seen, "new2")
        first.data_received(b"kex")
        second.data_received(b"kex")
        loop.call_soon(seen.append, "a move")  # ready in the same turn
        await _turns(4)
        return seen

    assert asyncio.run(run()) == ["new1:kex", "a move", "new2:kex"]


def test_a_connection_is_not_read_while_its_piece_waits() -> None:
    async def run() -> tuple[bool, bool, list[str]]:
        seen: list[str] = []
        pacer = Pacer(asyncio.get_running_loop())
        paced, transport = _connection(pacer, seen, "new")
        paced.data_received(b"a")
        waiting = transport.reading
        paced.data_received(b"b")  # read before the pause took hold: kept, in order
        await _turns(3)
        return waiting, transport.reading, seen

    waiting, after, seen = asyncio.run(run())
    assert (waiting, after) == (False, True)
    assert seen == ["new:ab"]


def test_a_session_going_for_a_while_is_no_longer_paced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pace, "PACED_AFTER_START", 0.0)

    async def run() -> tuple[list[str], int]:
        seen: list[str] = []
        pacer = Pacer(asyncio.get_running_loop())
        paced, transport = _connection(pacer, seen, "old")
        paced.started()
        await asyncio.sleep(0.01)
        paced.data_received(b"play")
        return list(seen), transport.pauses  # at once, with no turn waited

    assert asyncio.run(run()) == (["old:play"], 0)


def test_a_session_just_started_is_still_paced() -> None:
    async def run() -> tuple[list[str], int, bool]:
        seen: list[str] = []
        pacer = Pacer(asyncio.get_running_loop())
        paced, transport = _connection(pacer, seen, "new")
        paced.started()
        paced.data_received(b"who")
        return list(seen), pacer.waiting, transport.reading

    assert asyncio.run(run()) == ([], 1, False)


def test_a_connection_gone_drops_what_waited_and_the_others_go_on() -> None:
    async def run() -> list[str]:
        seen: list[str] = []
        pacer = Pacer(asyncio.get_running_loop())
        gone, _ = _connection(pacer, seen, "gone")
        other, _ = _connection(pacer, seen, "other")
        gone.data_received(b"kex")
        other.data_received(b"kex")
        gone.connection_lost(None)
        await _turns(3)
        return seen

    assert asyncio.run(run()) == ["gone lost", "other:kex"]
