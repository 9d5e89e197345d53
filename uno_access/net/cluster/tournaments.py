"""The tournaments of a cluster: one tournament, one record, on every server.

Each tournament is one key of the bucket ``uno-tournaments`` (``t.<number>``), its whole
record as JSON (``server.tournament_record``). Every step (a sign-up, a withdrawal, the
host's start or cancel, the start at its time or when full, a table's places counted, a
planned table given its number) is made there first, on the record as read, with the
revision read (JetStream's compare-and-set): of two servers taking a step at once, the
second finds the record changed and takes its step again on the new one, or finds it no
longer applies (the last place taken, the tournament begun already). A number for a new
tournament is the key created: one server has it, the other takes the next.

Each server keeps a copy in its own file (``server.tournaments``, which its commands
read), kept by a watcher, and follows each step as it learns it: it tells its own people
connected what the step changed (their table, the end, the cancel) and times a start.
The server whose step planned a round (``Record.by``) makes its tables, held for their
people, and writes each table's number with the round; the tables are the cluster's
like any. A server that dies while it makes them leaves them to another: each server
looks every ``LOOK`` seconds for a round whose maker no longer answers, and takes it
over (a step too: one server has it).

Tournaments a server kept while it ran alone are offered to the cluster as it first
joins (each under its number, where the cluster has none).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...access import messages
from ..server.tournament_record import Record, State, claimed
from ..server.tournaments import Unanswered
from . import mirror, names
from .connect import REQUEST_WAIT

if TYPE_CHECKING:
    from nats.aio.client import Client
    from nats.js.client import JetStreamContext
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts
    from ..server.tournaments import Tournaments

PREFIX = "t."
OFFERED = "tournaments offered"  # the accounts file's mark: its own offered once
TRIES = 50  # a step taken again on a record changed meanwhile, at most this often
LOOK = 10.0  # seconds between looks for a round whose tables' maker is gone


def key_of(number: int) -> str:
    return f"{PREFIX}{number}"


def read(key: str, data: bytes) -> Record | None:
    """The record under ``key``; None for anything else (a key not its record's)."""
    record = Record.read(data)
    if record is None or key != key_of(record.number) or record.number < 1:
        return None
    return record


class SharedTournaments:
    """This server's part in the cluster's tournaments: its steps made there, everyone's
    followed here."""

    def __init__(self, client: Client, bucket: KeyValue, store: Tournaments) -> None:
        self.client = client
        self.bucket = bucket
        self.store = store
        self._revisions: dict[int, int] = {}  # the revision of each record as copied here
        self._revision = 0  # the revision of the entry the watcher is giving
        self._watching: asyncio.Task[None] | None = None
        self._looking: asyncio.Task[None] | None = None

    @classmethod
    async def start(
        cls,
        client: Client,
        js: JetStreamContext,
        accounts: Accounts,
        server: str,
        patience: float = mirror.FIRST_COPY_WAIT,
    ) -> SharedTournaments:
        """The tournaments here offered (once), the cluster's copied here (whole before
        this returns) and followed; each step made there from then on."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        store = accounts.tournaments
        shared = cls(client, await js.key_value(names.TOURNAMENTS), store)
        await mirror.offered_once(accounts, OFFERED, shared._offer, deadline)
        copied: asyncio.Future[None] = loop.create_future()

        def whole(seen: set[str]) -> None:
            for number in store.numbers(*State):
                if key_of(number) not in seen:
                    store.forget(number)
            if not copied.done():
                copied.set_result(None)

        store.server = server
        store.shared = shared
        watching = mirror.watch(shared.bucket, shared._changed, lambda key: None, whole, shared._at)
        shared._watching = loop.create_task(watching, name="uno-access the cluster's tournaments")
        why = messages.tr(messages.CLUSTER_TOURNAMENTS_NOT_READ)
        await mirror.copied_by(copied, deadline, shared.close, why)
        shared._looking = loop.create_task(shared._look(), name="uno-access tournaments' makers")
        return shared

    async def close(self) -> None:
        for task in (self._looking, self._watching):
            await mirror.stop(task)
        self._looking = self._watching = None
        self.store.stop()
        self.store.shared = None

    # ----------------------------------------------------------------- the copy here

    async def _offer(self) -> None:
        from nats.js.errors import KeyWrongLastSequenceError

        for number in self.store.numbers(*State):
            record = self.store.load(number)
            if record is not None:
                with contextlib.suppress(KeyWrongLastSequenceError):
                    await self.bucket.create(key_of(number), record.data())

    def _at(self, revision: int) -> None:
        self._revision = revision

    def _changed(self, key: str, data: bytes) -> str | None:
        record = read(key, data)
        if record is None:
            return None
        self._apply(record, self._revision)
        return key

    def _apply(self, record: Record, revision: int) -> bool:
        """``record``, at ``revision``, copied here and followed, unless a newer one is
        here already (each revision followed once, in order, by the watcher or by the
        step that made it, whichever comes first)."""
        if revision <= self._revisions.get(record.number, 0):
            return False
        old = self.store.load(record.number)
        self.store.save(record)
        self._revisions[record.number] = revision
        self.store.followed(old, record)
        return True

    # ----------------------------------------------------------------- steps, made there

    async def step(self, number: int, change: Callable[[Record], Record | None]) -> Record | None:
        """``change`` made to the record as the cluster has it (None: no such tournament,
        or the step does not apply to it); ``Unanswered`` when the cluster did not
        answer (nothing changed)."""
        from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError

        for _ in range(TRIES):
            try:
                entry = await self.bucket.get(key_of(number))
            except KeyNotFoundError:
                return None
            except Exception:
                raise Unanswered from None
            old = read(key_of(number), entry.value or b"")
            new = None if old is None else change(old)
            if new is None:
                return None
            try:
                revision = await self.bucket.update(key_of(number), new.data(), last=entry.revision)
            except KeyWrongLastSequenceError:
                continue  # changed meanwhile: the step taken again on what it is now
            except Exception:
                raise Unanswered from None
            self._apply(new, revision)
            return new
        raise Unanswered

    async def create(self, made: Callable[[int], Record]) -> Record:
        """A new tournament under the next number free on the cluster."""
        from nats.js.errors import KeyWrongLastSequenceError

        number = max(self.store.numbers(*State), default=0) + 1
        for _ in range(TRIES):
            record = made(number)
            try:
                revision = await self.bucket.create(key_of(number), record.data())
            except KeyWrongLastSequenceError:
                number += 1  # taken (by another server, or not yet copied here)
                continue
            except Exception:
                raise Unanswered from None
            self._apply(record, revision)
            return record
        raise Unanswered

    # ----------------------------------------------------------------- makers gone

    async def _look(self) -> None:
        """Every ``LOOK`` seconds: a running round whose tables are not all made, and
        whose maker does not answer, taken over by this server."""
        while True:
            await asyncio.sleep(LOOK)
            for number in self.store.numbers(State.RUNNING):
                record = self.store.load(number)
                if record is None or not record.planned() or record.by == self.store.server:
                    continue
                if await self._there(record.by):
                    continue
                with contextlib.suppress(Unanswered):
                    await self.step(number, lambda r: claimed(r, self.store.server))

    async def _there(self, server: str) -> bool:
        from nats.errors import NoRespondersError

        if not server:
            return False
        try:
            await self.client.request(names.ping_subject(server), b"", timeout=REQUEST_WAIT)
        except NoRespondersError:
            return False
        except Exception:
            return True  # slow, or the cluster not answering: not known to be gone
        return True
