"""A plain ssh session's typed input, handed to its prompts with no file in between.

prompt_toolkit reads a terminal through a file descriptor (its pipe input for an ssh
session: one pipe, two descriptors a session, written from the event loop and read with
``select()``, which fails past descriptor 1,023). ``ChannelInput`` is an ``Input`` fed
straight from the channel's ``data_received``: what comes waits in memory, bounded
(past ``FEED_HIGH`` characters the channel stops reading, so ssh's own flow control
holds the sender; below ``FEED_LOW`` it reads again), and the prompt takes it in the
same pieces a terminal's read gives (``READ_SIZE``), through the same parser, so a paste
is told from typing as at a terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from collections.abc import Callable, Iterator

from prompt_toolkit.input import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress

# characters of typed input waiting for a prompt: past the high mark the channel stops
# reading, below the low mark it reads again
FEED_HIGH = 256 * 1024
FEED_LOW = 64 * 1024
# characters a prompt takes in one read (what prompt_toolkit reads of a terminal at once)
READ_SIZE = 1024

_ids = itertools.count(1)


class ChannelInput(Input):
    """The input of one ssh session's prompts: ``send`` what the channel receives,
    ``close`` at its end (the prompt then ends with ``EOFError`` once all is read).
    ``pause`` and ``resume`` are the channel's ``pause_reading`` and ``resume_reading``.
    """

    def __init__(self, pause: Callable[[], None], resume: Callable[[], None]) -> None:
        self._pause = pause
        self._resume = resume
        self._pending: deque[str] = deque()
        self._size = 0  # characters waiting in ``_pending``
        self._paused = False
        self._ending = False
        self._callbacks: list[Callable[[], None] | None] = []  # the attached prompts'
        self._scheduled = False
        self._id = next(_ids)
        self._keys: list[KeyPress] = []
        # named as prompt_toolkit's own inputs name it: ``ui.terminal`` puts its bounded
        # paste parser here
        self.vt100_parser = Vt100Parser(self._keys.append)

    # what the channel gives

    def send(self, data: str) -> None:
        if self._ending or not data:
            return
        self._pending.append(data)
        self._size += len(data)
        if not self._paused and self._size > FEED_HIGH:
            self._paused = True
            self._pause()
        self._wake()

    def close(self) -> None:
        """No more input: the prompt ends once what waits has been read."""
        self._ending = True
        self._wake()

    def stop(self) -> None:
        """The session is over: what waits is dropped, and the prompt ends now."""
        self._pending.clear()
        self._size = 0
        self.close()

    # what a prompt asks

    def read_keys(self) -> list[KeyPress]:
        self._scheduled = False
        self.vt100_parser.feed(self._take(READ_SIZE))
        if self._pending:  # more than one read's worth: read again, as a terminal would
            self._wake()
        return self._collected()

    def flush_keys(self) -> list[KeyPress]:
        self.vt100_parser.flush()
        return self._collected()

    @property
    def closed(self) -> bool:
        return self._ending and not self._pending

    def attach(
        self, input_ready_callback: Callable[[], None]
    ) -> contextlib.AbstractContextManager[None]:
        return self._attached(input_ready_callback)

    def detach(self) -> contextlib.AbstractContextManager[None]:
        return self._attached(None)

    def raw_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def cooked_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def fileno(self) -> int:
        raise NotImplementedError  # no file: nothing to flush or to watch

    def typeahead_hash(self) -> str:
        return f"channel-{self._id}"

    # inside

    def _take(self, count: int) -> str:
        parts: list[str] = []
        while self._pending and count > 0:
            chunk = self._pending[0]
            if len(chunk) <= count:
                parts.append(self._pending.popleft())
            else:
                parts.append(chunk[:count])
                self._pending[0] = chunk[count:]
            count -= len(parts[-1])
        taken = "".join(parts)
        self._size -= len(taken)
        if self._paused and self._size <= FEED_LOW:
            self._paused = False
            self._resume()
        return taken

    def _collected(self) -> list[KeyPress]:
        keys = self._keys[:]
        self._keys.clear()
        return keys

    @contextlib.contextmanager
    def _attached(self, callback: Callable[[], None] | None) -> Iterator[None]:
        self._callbacks.append(callback)
        depth = len(self._callbacks)
        self._wake()  # what came before the prompt is read as soon as it starts
        try:
            yield
        finally:
            del self._callbacks[depth - 1]  # this one, whatever was attached after it
            self._wake()

    def _wake(self) -> None:
        """Tell the attached prompt, once, on the loop's next turn, that input waits."""
        if self._scheduled or not self._callbacks or self._callbacks[-1] is None:
            return
        if not self._pending and not self._ending:
            return
        self._scheduled = True
        asyncio.get_running_loop().call_soon(self._ready)

    def _ready(self) -> None:
        self._scheduled = False
        callback = self._callbacks[-1] if self._callbacks else None
        if callback is not None and (self._pending or self._ending):
            callback()
