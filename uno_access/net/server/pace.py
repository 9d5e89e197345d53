"""New connections served after the people already playing: a crowd logging in at once
(or an attacker opening a thousand connections) slows the logins, never a table.

Everything a server does runs on one event loop, in the order it became ready. A new
connection costs far more than a move: the key exchange, the login, the lobby's
keyboard and first lines, the first typed keys (about 10 ms in all, against 1 ms for a
move). A thousand of them at once queued that work ahead of the tables' moves, and a
table's move waited behind it (p95 8.8x its usual time, ``scripts/bench_stall.py``).

Here every connection is *paced* from the moment it is accepted until
``PACED_AFTER_START`` seconds after its session has started: what it sends is handed to
its SSH connection one piece per turn of the event loop, for every paced connection
together, after what else was ready in that turn (``Pacer``). While a piece waits, its
connection is not read (its data stays in the kernel's buffers), so each connection holds
at most one piece here, and one that sends nothing costs nothing. Once paced no longer,
what it sends goes straight to its connection as before.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable
from typing import Any

# seconds a connection stays paced after its session started: its first prompt, the
# lines a script or a paste typed ahead, answered after the tables' moves
PACED_AFTER_START = 2.0


class Pacer:
    """One piece of one paced connection's data a turn of the loop, in the order they
    came, after the rest of that turn's work."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._waiting: collections.deque[Paced] = collections.deque()
        self._turning = False
        self.entering: Paced | None = None  # the connection being made (``Paced.made``)

    def protocol(self, make: Callable[[], asyncio.Protocol]) -> Paced:
        """The protocol of a new connection: ``make()``'s, paced."""
        return Paced(self, make)

    def wait(self, paced: Paced) -> None:
        self._waiting.append(paced)
        if not self._turning:
            self._turning = True
            self._loop.call_soon(self._turn)

    def _turn(self) -> None:
        while self._waiting:
            paced = self._waiting.popleft()
            if paced.take():
                break  # one piece this turn; the next at the next turn
        if self._waiting:
            self._loop.call_soon(self._turn)
        else:
            self._turning = False

    @property
    def waiting(self) -> int:
        return len(self._waiting)


class Paced(asyncio.Protocol):
    """A connection's protocol (an asyncssh connection) behind its pacer; see the module."""

    def __init__(self, pacer: Pacer, make: Callable[[], asyncio.Protocol]) -> None:
        self._pacer = pacer
        self._make = make
        self._inner: Any = None
        self._transport: asyncio.Transport | None = None
        self._piece: bytes | None = None  # what came, waiting its turn
        self._until: float | None = None  # paced until (loop time), once started
        self._lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        self._inner = self._make()
        self._pacer.entering = self  # the server's own connection object takes it
        try:
            self._inner.connection_made(transport)
        finally:
            self._pacer.entering = None

    def started(self) -> None:
        """The session has started: paced for ``PACED_AFTER_START`` seconds more."""
        if self._until is None:
            self._until = self._pacer._loop.time() + PACED_AFTER_START

    @property
    def paced(self) -> bool:
        return self._until is None or self._pacer._loop.time() < self._until

    def data_received(self, data: bytes) -> None:
        if self._piece is None and not self.paced:
            self._inner.data_received(data)
            return
        if self._piece is None:
            self._piece = data
            assert self._transport is not None
            self._transport.pause_reading()  # nothing more read until this is taken
            self._pacer.wait(self)
        else:  # read before the pause took hold: kept, in order
            self._piece += data

    def take(self) -> bool:
        """Its turn: the piece to the connection, and reading again. False if there was
        nothing to take (the connection had gone)."""
        piece, self._piece = self._piece, None
        if piece is None or self._lost:
            return False
        self._inner.data_received(piece)
        transport = self._transport
        if transport is not None and not transport.is_closing():
            transport.resume_reading()
        return True

    def eof_received(self) -> bool | None:
        return self._inner.eof_received()  # type: ignore[no-any-return]

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        self._piece = None
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()
