"""A table's log entries as they are kept on its subject of the stream ``UNO_TABLES``.

An entry is one JetStream message: its kind in the header ``Uno-Entry``, its text the
very text the tables file of one server keeps (``net.server.saved``), written by the
same functions, so there is one format for a table's journal however it is kept:

- ``setup``: the table's setup (``saved.setup_json``), with its state in the header
  ``Uno-State``: ``waiting`` before the game, ``playing`` from its start (a setup that
  changes during the game, a stand-in or the grace, is a new ``setup`` entry);
- ``action``: an action, before it is applied (``saved.action_text``);
- ``rejected``: the action just before it was refused by the rules, and is taken out
  (the stream keeps what was appended: it is taken out on reading);
- ``ended``: the game is over;
- ``held``: a server took the table over (its id is the text); written by the new
  owner before anything else, so that the old one, if it still appends, is refused;
- ``said``: a chat line at the table (JSON: who said it, and what), for the people
  seated at it from other servers (``far``); not the game's: a table is rebuilt
  without it;
- ``lines``: the table's other lines of its own during the game (who came or went, the
  host's choices, the turn timer's warnings), each viewer's (``far.lines_json``), for
  the same people; not the game's either.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..server.saved import PLAYING, WAITING, action_text, setup_json

if TYPE_CHECKING:
    from ...engine.actions import Action
    from ..server.tables import ServerTable

KIND = "Uno-Entry"  # the header naming an entry's kind
STATE = "Uno-State"  # a setup's state: waiting or playing
SETUP, ACTION, REJECTED, ENDED, HELD = "setup", "action", "rejected", "ended", "held"
SAID, LINES = "said", "lines"
KINDS = (SETUP, ACTION, REJECTED, ENDED, HELD, SAID, LINES)
STATES = (WAITING, PLAYING)


@dataclass(frozen=True, slots=True, eq=False)
class LogEntry:
    """One entry to append: its kind, its text, and a setup's state. Compared by
    identity: two actions alike are still two entries."""

    kind: str
    text: str = ""
    state: str = ""

    def headers(self) -> dict[str, str]:
        """The entry's own headers (the journal adds JetStream's)."""
        said = {KIND: self.kind}
        if self.state:
            said[STATE] = self.state
        return said

    def payload(self) -> bytes:
        return self.text.encode("utf-8")


def setup_entry(table: ServerTable, state: str) -> LogEntry:
    """``table``'s setup now, in ``state`` (``WAITING`` or ``PLAYING``)."""
    return LogEntry(SETUP, setup_json(table), state)


def action_entry(action: Action, timeout: bool = False) -> LogEntry | None:
    """``action``, to be applied (``timeout``: the first the turn timer took); None for
    what is not kept (a query, an action that would not read back)."""
    text = action_text(action, timeout)
    return None if text is None else LogEntry(ACTION, text)


def rejected_entry() -> LogEntry:
    return LogEntry(REJECTED)


def ended_entry() -> LogEntry:
    return LogEntry(ENDED)


def held_entry(server: str) -> LogEntry:
    return LogEntry(HELD, server)


def said_entry(by: str, said: str) -> LogEntry:
    return LogEntry(SAID, json.dumps({"by": by, "said": said}))


def lines_entry(text: str) -> LogEntry:
    return LogEntry(LINES, text)
