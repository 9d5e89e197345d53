"""This server as a member of the cluster (``serve --cluster``): it joins (connects, and
ensures the buckets and the stream with as many copies as the cluster can keep), then
keeps its presence key ``server.<id>`` in ``uno-presence`` while it serves, renewed every
third of the bucket's TTL and deleted as it stops. A server that stops without deleting
it (killed) is gone from the bucket once the TTL lapses.

A failure to renew (the connection lost a moment, a leader being elected) is not the
server's end: nats-py reconnects by itself and the next renewal writes the key again.

Its presence says where people reach it (``address``: ``serve --address``, else the
address it listens on unless that is every address); as it renews its own, it reads the
others' (``others``), which each full client connected here is told, so that it
connects to one of them by itself if this server stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...access import messages
from . import names
from .connect import (
    CONNECT_WAIT,
    REQUEST_WAIT,
    Access,
    ClusterError,
    NoJetStream,
    NotMade,
    close,
    connect,
    ensure,
    replicas_for,
    said,
    server_info,
    servers_known,
)

# seconds a server waits for JetStream to answer once its NATS servers do (``Member.join``)
JOIN_PATIENCE = 120.0
JOIN_RETRY = 2.0  # seconds between two tries meanwhile
# an address for people, as a presence says it: a host's name or address, and its port
ADDRESS = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):[0-9]{1,5}")

if TYPE_CHECKING:
    from nats.aio.client import Client
    from nats.js.kv import KeyValue


def server_id(port: int) -> str:
    """This server's id in the cluster: its host's name and its ssh port (one token); the
    same again after a restart, so a restarted server takes its own key back."""
    host = re.sub(r"[^A-Za-z0-9_-]+", "-", socket.gethostname()).strip("-") or "host"
    return names.token(f"{host[:50]}-{port}")


class Member:
    """This server joined to the cluster at ``urls``: ``join`` first, then ``keep`` its
    presence while it serves, ``leave`` as it stops."""

    def __init__(
        self,
        urls: Sequence[str],
        client: Client,
        servers: list[str],
        presence: KeyValue,
        ttl: float,
    ) -> None:
        self.urls = tuple(urls)
        self.client = client
        self.servers = servers  # the NATS servers known as it joined
        self.server = ""  # this server's id, once ``keep`` is called
        self._presence = presence
        self._ttl = ttl
        self._kept: asyncio.Task[None] | None = None
        self._left = False
        self.address: str | None = None  # the host people reach this server at (``--address``)
        self.others: list[str] = []  # the other servers' addresses, as last read
        self.js = client.jetstream(timeout=REQUEST_WAIT)  # this server's JetStream

    @classmethod
    async def join(
        cls,
        urls: Sequence[str],
        wait: float = CONNECT_WAIT,
        patience: float = JOIN_PATIENCE,
        say: Callable[[str], None] | None = None,
        access: Access | None = None,
    ) -> Member:
        """Connected, the buckets and the stream ensured; else ``ClusterError``, with
        nothing left open.

        The NATS servers may answer before their JetStream does: a cluster started with
        its game servers, or after a whole restart, elects its JetStream leaders only once
        enough of its servers have met. So where the server connected to says JetStream is
        on (its INFO), JetStream's failures are tried again, every ``JOIN_RETRY`` seconds
        for ``patience`` seconds, ``say`` told once that it waits; the last one is said
        after that. Where it says JetStream is off, that is said at once.
        """
        client = await connect(urls, wait, access)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        told = False
        try:
            if not server_info(client).get("jetstream"):
                raise NoJetStream  # off on these servers: said at once
            while True:
                try:
                    return await cls._joined(urls, client)
                except (NoJetStream, NotMade) as error:  # not ready yet, perhaps
                    trouble: Exception = error
                if loop.time() + JOIN_RETRY > deadline:
                    raise trouble
                if not told and say is not None:
                    say(messages.cluster_waiting(urls, math.ceil(patience)))
                    told = True
                await asyncio.sleep(JOIN_RETRY)
        except NoJetStream:
            await close(client)
            raise ClusterError(messages.cluster_no_jetstream(urls)) from None
        except NotMade as error:
            await close(client)
            raise ClusterError(messages.cluster_not_made(urls, error.name, error.why)) from None
        except BaseException as error:
            await close(client)
            if isinstance(error, Exception):
                raise ClusterError(messages.cluster_lost(urls, said(error))) from None
            raise

    @classmethod
    async def _joined(cls, urls: Sequence[str], client: Client) -> Member:
        """The buckets and the stream ensured with as many copies as the servers known
        now can keep: this server a member (``NoJetStream``, ``NotMade`` else)."""
        servers = servers_known(client)
        js = client.jetstream(timeout=REQUEST_WAIT)
        await ensure(js, replicas_for(len(servers)))
        presence = await js.key_value(names.PRESENCE)
        return cls(urls, client, servers, presence, names.PRESENCE_TTL)

    def joined(self) -> str:
        """The line that says so."""
        return messages.cluster_joined(self.urls, self.server, len(self.servers))

    async def keep(self, server: str, about: dict[str, Any]) -> None:
        """This server's presence written now (``about``: what the others may know of it)
        and kept from here on, until ``leave``."""
        self.server = names.token(server)
        value = json.dumps(about, sort_keys=True).encode()
        await self._write(value)
        self._kept = asyncio.create_task(self._keep(value), name="uno-access cluster presence")

    async def _write(self, value: bytes) -> bool:
        try:
            await self._presence.put(names.server_key(self.server), value)
        except Exception:  # the connection comes back by itself: the next renewal writes it
            return False
        return True

    async def _keep(self, value: bytes) -> None:
        while True:
            await self._look()
            await asyncio.sleep(self._ttl / 3)
            await self._write(value)

    async def _look(self) -> None:
        """The other servers' addresses for people (``address`` of each one's presence),
        as they are now; kept as they were when the cluster does not answer."""
        with contextlib.suppress(Exception):
            present = await self.present()
            self.others = sorted(
                str(about["address"])
                for server, about in present.items()
                if server != self.server
                and isinstance(about, dict)
                and isinstance(about.get("address"), str)
                and ADDRESS.fullmatch(about["address"])
            )

    async def present(self) -> dict[str, Any]:
        """Every server present now, by id, with what it said of itself."""
        from nats.js.errors import KeyNotFoundError, NoKeysError

        found: dict[str, Any] = {}
        try:
            keys = await self._presence.keys()
        except NoKeysError:
            return found
        for key in keys:
            if not key.startswith("server."):
                continue
            try:
                entry = await self._presence.get(key)
            except KeyNotFoundError:
                continue
            with contextlib.suppress(ValueError):
                found[key.removeprefix("server.")] = json.loads(entry.value or b"{}")
        return found

    async def leave(self) -> None:
        """The presence key deleted (briefly: a cluster gone takes the TTL instead) and the
        connection closed; once, however often it is called."""
        if self._left:
            return
        self._left = True
        if self._kept is not None:
            self._kept.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._kept
        if self.server:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    self._presence.delete(names.server_key(self.server)), REQUEST_WAIT
                )
        await close(self.client)
