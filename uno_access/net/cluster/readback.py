"""A table read back from its log on the stream ``UNO_TABLES``: what a server taking the
table over needs to rebuild it exactly, the very ``SavedTable`` a server restarting
reads from its tables file (``net.server.saved``), and the sequence of the log's last
entry, after which the new owner appends (``journal.StreamJournal.take_over``).

The subject's last sequence is asked first (``STREAM.MSG.GET`` by its last subject,
which Debian's nats-server 2.9 answers), then the subject is read from its start with an
ordered consumer filtered to it, up to that entry: JetStream keeps a subject's order, and
an ordered consumer starts again where it was on any gap, so nothing is missed or seen
twice. Whatever is appended after that last entry is not this reader's: a new owner
takes the lease first and marks the log as its own (``held``), and an append that did not
know its mark is refused.

A ``rejected`` entry takes out the action just before it; ``held`` entries are a lease's
marks, and ``said`` and ``lines`` ones lines told, not the game's. An entry that does not
read back is ``SavedTableError``, as a row of the tables file is.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...access import messages
from ...engine.actions import Action
from ..server.saved import OVER, WAITING, SavedTable, SavedTableError, read_action, read_setup
from . import names
from .connect import REQUEST_WAIT
from .entries import ACTION, ENDED, HELD, KIND, LINES, REJECTED, SAID, SETUP, STATE, STATES
from .journal import PATIENCE, RETRY_WAIT

if TYPE_CHECKING:
    from nats.aio.msg import Msg
    from nats.js import JetStreamContext


@dataclass(frozen=True, slots=True)
class TableLog:
    """One table's log read back: its ``state`` (``WAITING``, ``PLAYING``, ``OVER``; ""
    when it has no setup), the table as it is saved (None: no setup), the sequence of its
    last entry (0: none), and how many entries were read."""

    number: int
    state: str
    saved: SavedTable | None
    last: int
    entries: int
    setup: str = ""  # the setup's text, as the log has it (its last before the end)
    actions: tuple[str, ...] = ()  # the actions' texts as the log has them, refused ones out


class Unread(Exception):
    """The log could not be read for ``PATIENCE`` seconds."""


async def read_table(
    js: JetStreamContext,
    number: int,
    wait: float = REQUEST_WAIT,
    patience: float = PATIENCE,
) -> TableLog:
    """Table ``number``'s log read back from its first entry to its last; ``Unread`` when
    the stream does not answer within ``patience`` seconds (tried again meanwhile, as a
    leader is elected), ``SavedTableError`` when an entry does not read back."""
    deadline = time.monotonic() + patience
    while True:
        try:
            last = await _last(js, number, wait)
            found = await _entries(js, number, last, wait)
            break
        except Exception as error:
            if time.monotonic() >= deadline:
                raise Unread(str(number)) from error
            await asyncio.sleep(RETRY_WAIT)
    return _folded(number, found, last)


async def _last(js: JetStreamContext, number: int, wait: float) -> int:
    """The sequence of the table's last entry, 0 when it has none."""
    from nats.js.errors import NotFoundError

    try:
        message = await asyncio.wait_for(
            js.get_last_msg(names.STREAM, names.log_subject(number)), wait
        )
    except NotFoundError:
        return 0
    return int(message.seq or 0)


async def _entries(js: JetStreamContext, number: int, last: int, wait: float) -> list[Msg]:
    """The table's entries from its first to the one of sequence ``last``, in order."""
    from nats.js.api import DeliverPolicy

    if last == 0:
        return []
    found: list[Msg] = []
    subscription = await js.subscribe(
        names.log_subject(number),
        stream=names.STREAM,
        ordered_consumer=True,
        deliver_policy=DeliverPolicy.ALL,
        idle_heartbeat=max(wait / 2, 0.5),
    )
    try:
        while True:
            message = await subscription.next_msg(timeout=wait)
            seq = message.metadata.sequence.stream
            found.append(message)
            if seq >= last:
                return found
    finally:
        await subscription.unsubscribe()


def _folded(number: int, found: list[Msg], last: int) -> TableLog:
    setup: str | None = None
    state = ""
    actions: list[tuple[Action, bool]] = []
    texts: list[str] = []
    before = ""  # the kind of the entry before
    for message in found:
        headers = message.headers or {}
        kind = headers.get(KIND, "")
        text = message.data.decode("utf-8", "replace")
        if kind == SETUP:
            said = headers.get(STATE, "")
            if said not in STATES:
                raise SavedTableError(messages.saved_setup_unreadable(STATE))
            if state != OVER:
                setup, state = text, said
        elif kind == ACTION:
            actions.append(read_action(text))
            texts.append(text)
        elif kind == REJECTED:
            if before == ACTION:  # the action just before, refused: taken out
                actions.pop()
                texts.pop()
        elif kind == ENDED:
            state = OVER
        elif kind not in (HELD, SAID, LINES):  # a lease's mark, lines told: not the game's
            raise SavedTableError(messages.saved_setup_unreadable(KIND))
        before = kind
    saved = None
    if setup is not None:
        timeouts = frozenset(n for n, (_, timeout) in enumerate(actions) if timeout)
        moves = [action for action, _ in actions]
        saved = read_setup(number, setup, moves, timeouts, state == WAITING)
    return TableLog(number, state, saved, last, len(found), setup or "", tuple(texts))


__all__ = ["TableLog", "Unread", "read_table"]
