"""Where a page stands in its seat's table log.

The lines the server tells a seat come in entries of the table's log, numbered from 1.
The lines of one entry go to the page as one ``entry`` frame (``entry``), which carries
the entry's number and the log it belongs to. A WebSocket frame arrives whole or not at
all, so the page has every line of each entry frame it got, and none of the next ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..server.received import TableLog


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
