"""Finished matches' replays on a cluster (``replay N`` on any server).

A table's log is purged from the stream as the table ends, and a server of a cluster
keeps no tables file: so, just before the purge, the server where the table ended reads
its log back (``readback``) and creates its replay in the bucket ``uno-replays`` under
the table's number (``replay.<number>``: the setup and the actions' texts, as the log had
them, the refused ones out; created once, a table's end told again after a take-over
finding it made). ``replay N`` on any server reads it from there when asked, deals the
match again from its seed and tells it as a spectator was told it, as a server alone does
from its tables file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING

from ..server.saved import read_action, read_setup
from . import names
from .connect import REQUEST_WAIT

if TYPE_CHECKING:
    from nats.js import JetStreamContext

    from ..server.tables import Replay
    from .readback import TableLog

PREFIX = "replay."
MOST_ACTIONS = 20_000  # a replay's actions read, at most (a forged one is cut there)


def replay_key(table: int) -> str:
    return f"{PREFIX}{table}"


async def keep(js: JetStreamContext, log: TableLog) -> None:
    """Table ``log.number``'s replay created in the bucket (once; made already: kept)."""
    if not log.setup:
        return
    data = json.dumps({"setup": log.setup, "actions": list(log.actions)}).encode("utf-8")
    with contextlib.suppress(Exception):  # made already, or no answer: no replay, no harm
        bucket = await js.key_value(names.REPLAYS)
        await asyncio.wait_for(bucket.create(replay_key(log.number), data), REQUEST_WAIT)


async def fetched(js: JetStreamContext, table: int) -> Replay | None:
    """Table ``table``'s finished match dealt again from its replay in the bucket; None
    when there is none, it does not read back, or the cluster did not answer."""
    try:
        bucket = await js.key_value(names.REPLAYS)
        entry = await asyncio.wait_for(bucket.get(replay_key(table)), REQUEST_WAIT)
        raw = json.loads(entry.value or b"")
        setup, texts = raw["setup"], raw["actions"]
        if not isinstance(setup, str) or not isinstance(texts, list):
            return None
        read = [read_action(str(text)) for text in texts[:MOST_ACTIONS]]
        timeouts = frozenset(n for n, (_, timeout) in enumerate(read) if timeout)
        saved = read_setup(table, setup, [action for action, _ in read], timeouts)
        return saved.replayed()
    except Exception:  # none, forged, or the rules refuse its moves: no replay
        return None
