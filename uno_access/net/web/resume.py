"""Where a page stands in its seat's table log, so that a dropped connection loses no line
and repeats none (docs/web.md, "When the connection drops").

The lines the server tells a seat come in entries of the table's log, numbered from 1.
The lines of one entry go to the page as one ``entry`` frame (``entry``), which carries
the entry's number and the log it belongs to. A WebSocket frame arrives whole or not at
all, so the page has every line of each entry frame it got, and none of the next ones.
The page keeps the last frame's ``epoch``, ``table`` and ``seq`` and, when it connects
again, sends them back as the query of ``/ws`` (``received``); the server then takes the
seat up after that entry (``server.received``): the lines in flight when the network
went, which the server had counted as told, are told again, and nothing the page had.

Why the query of ``/ws`` and not a first frame: the server must know where the page
stands before it seats the person again, which it does as the session begins. Sent with
the upgrade request, the number is there before anything is told, with no round trip
and no wait for a page that sends none (a new tab, a page reloaded). It is the page's
word alone, never trusted: one that cannot be read counts for nothing, and one that can
is bounded by what the server told that seat (``server.received.told_from``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..server.received import Received, TableLog

EPOCH = re.compile(r"[0-9a-f]{1,64}")  # a server process's (``tables.Lobby.epoch``)
NUMBER = re.compile(r"[1-9][0-9]{0,17}")  # a table's or an entry's number, from 1


def entry(log: TableLog, seq: int, lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The ``message`` frames of entry ``seq`` of ``log`` (none: an entry with nothing for
    this seat, or one told already), as one frame."""
    return {
        "type": "entry",
        "epoch": log.epoch,
        "table": log.table,
        "seq": seq,
        "messages": list(lines),
    }


def received(query: Mapping[str, str]) -> Received | None:
    """The last entry the page says it received whole (``/ws?epoch=…&table=…&seq=…``);
    None when it says none, or nothing readable."""
    epoch, table, seq = (query.get(key, "") for key in ("epoch", "table", "seq"))
    if not (EPOCH.fullmatch(epoch) and NUMBER.fullmatch(table) and NUMBER.fullmatch(seq)):
        return None
    return Received(TableLog(epoch, int(table)), int(seq))
