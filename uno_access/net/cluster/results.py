"""The results and ratings of a cluster: one list of finished matches, kept by every server
in one order, so that every server rates every person alike.

A match that ends on a server is not kept there at once: it is created in the bucket
``uno-results`` under its table's number (``match.<number>``; table numbers are the
cluster's, so one key is one match, and a match told again, its end brought back after a
take-over, is the same key: created once). Every server's watcher of the bucket gives it
the matches in the bucket's own order (its stream's), and each keeps them in that order
(``Results.record``, which rates them): the same matches in the same order from the same
start give the same ratings on every server. Each server tells its own people connected
their rating's change as it keeps the match.

The matches a server kept while it ran alone, before it joined, stay its own: its
history and ratings begin from them, the cluster's do not know them (a match kept without
its partners' teams cannot be rated again alike elsewhere).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ...access import messages
from ..server.results import Finished, Seat
from . import mirror, names
from .connect import REQUEST_WAIT

if TYPE_CHECKING:
    from nats.js.client import JetStreamContext
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts
    from ..server.tables import Lobby

PREFIX = "match."


def match_key(table: int) -> str:
    return f"{PREFIX}{table}"


def match_data(match: Finished, ended: float) -> bytes:
    return json.dumps({"match": asdict(match), "ended": ended}).encode("utf-8")


def match_read(key: str, data: bytes) -> tuple[Finished, float] | None:
    """The match under ``key`` and when it ended; None for anything else (never raises)."""
    try:
        raw = json.loads(data)
        kept: dict[str, Any] = raw["match"]
        seats = tuple(Seat(**seat) for seat in kept["seats"])
        match = Finished(
            table=int(kept["table"]),
            family=str(kept["family"]),
            rules=str(kept["rules"]),
            private=bool(kept["private"]),
            seats=seats,
            teams=tuple(tuple(int(s) for s in team) for team in kept["teams"]),
            rounds=tuple(tuple(int(p) for p in points) for points in kept["rounds"]),
            seconds=None if kept["seconds"] is None else float(kept["seconds"]),
        )
        ended = float(raw["ended"])
    except (ValueError, KeyError, TypeError):
        return None
    if key != match_key(match.table) or not all(isinstance(s.name, str) for s in seats):
        return None
    if any(not isinstance(s.place, int) or not isinstance(s.score, int) for s in seats):
        return None
    return match, ended


class SharedResults:
    """This server's part in the cluster's results: its matches written there, everyone's
    kept here in the bucket's order."""

    def __init__(self, bucket: KeyValue, accounts: Accounts, lobby: Lobby) -> None:
        self.bucket = bucket
        self.accounts = accounts
        self.lobby = lobby
        self._watching: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def start(
        cls,
        js: JetStreamContext,
        accounts: Accounts,
        lobby: Lobby,
        patience: float = mirror.FIRST_COPY_WAIT,
    ) -> SharedResults:
        """The cluster's matches kept here (all of them before this returns), watched;
        this lobby's matches given to the cluster from then on."""

        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        shared = cls(await js.key_value(names.RESULTS), accounts, lobby)
        copied: asyncio.Future[None] = loop.create_future()

        def whole(_: set[str]) -> None:
            if not copied.done():
                copied.set_result(None)

        watching = mirror.watch(shared.bucket, shared._changed, lambda key: None, whole)
        shared._watching = loop.create_task(watching, name="uno-access the cluster's results")
        why = messages.tr(messages.CLUSTER_RESULTS_NOT_READ)
        await mirror.copied_by(copied, deadline, shared.close, why)
        lobby.results_out = shared.publish
        return shared

    async def close(self) -> None:
        self.lobby.results_out = None
        await mirror.stop(self._watching)
        self._watching = None
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=REQUEST_WAIT)

    def _changed(self, key: str, data: bytes) -> str | None:
        """A match of the bucket, kept here in the bucket's order (once: a match kept
        already changes nothing), its people connected here told their ratings."""
        read = match_read(key, data)
        results = self.lobby.results
        if read is None or results is None:
            return None
        match, ended = read
        self.lobby.rated(match, results.record(match, ended))
        return key

    def publish(self, match: Finished) -> None:
        """A match that ended here, created in the bucket (tried again while the cluster
        does not answer; a match made there already is the same match)."""
        import time

        data = match_data(match, time.time())

        async def created() -> None:
            from nats.js.errors import KeyWrongLastSequenceError

            for _ in range(int(mirror.FIRST_COPY_WAIT / mirror.WATCH_AGAIN)):
                try:
                    await self.bucket.create(match_key(match.table), data)
                    return
                except KeyWrongLastSequenceError:
                    return  # told again after a take-over: kept already
                except Exception:
                    await asyncio.sleep(mirror.WATCH_AGAIN)

        task = asyncio.get_running_loop().create_task(created())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
