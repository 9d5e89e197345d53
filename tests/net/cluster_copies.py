"""Servers of a cluster in one test process, each an accounts file of its own over its own
connection to another node of a real NATS cluster, and what the test starts on it (its
part in the shared accounts, friends, moderation or results): the common ground of the
tests of what the servers of a cluster share (tests/net/cluster/test_cluster_accounts.py
and its neighbours).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from nats_cluster import NatsCluster, until

from uno_access.net.cluster.connect import close, connect, ensure
from uno_access.net.server.accounts import Accounts

if TYPE_CHECKING:
    from nats.aio.client import Client
    from nats.js import JetStreamContext

WAIT = 60.0  # seconds a change has to reach another server's copy


class Part(Protocol):
    """What a test starts on a server: stopped at the end."""

    async def close(self) -> None: ...


class Servers:
    """The servers of a test: ``joined`` gives each its accounts file and its own
    connection; every part started on them is stopped at the end, then the files closed
    and the connections."""

    def __init__(self, cluster: NatsCluster, folder: Path) -> None:
        self.cluster = cluster
        self.folder = folder
        self.clients: list[Client] = []
        self.files: list[Accounts] = []
        self.parts: list[Part] = []

    async def joined(
        self, name: str, before: Callable[[Accounts], None] | None = None
    ) -> tuple[JetStreamContext, Accounts]:
        """Server ``name``: JetStream over its own connection to the next node, and its
        accounts file (``before``: what it did alone first)."""
        node = len(self.clients) % len(self.cluster.urls)
        client = await connect([self.cluster.urls[node]])
        self.clients.append(client)
        js = client.jetstream(timeout=5)
        await ensure(js, 3)
        (self.folder / name).mkdir(exist_ok=True)
        accounts = Accounts(self.folder / name)
        self.files.append(accounts)
        if before is not None:
            before(accounts)
        return js, accounts

    async def stopped(self, accounts: Accounts) -> None:
        """The server of ``accounts`` stops: its parts (their changes written first), then
        its file."""
        for part in [p for p in self.parts if getattr(p, "accounts", None) is accounts]:
            self.parts.remove(part)
            await part.close()
        self.files.remove(accounts)
        accounts.close()

    async def close(self) -> None:
        for part in self.parts:
            await part.close()
        for accounts in self.files:
            accounts.close()
        for client in self.clients:
            await close(client)


def run(cluster: NatsCluster, folder: Path, body: Callable[[Servers], Awaitable[None]]) -> None:
    """``body`` with the servers of a test, all stopped at its end."""

    async def main() -> None:
        servers = Servers(cluster, folder)
        try:
            await body(servers)
        finally:
            await servers.close()

    asyncio.run(main())


async def arrives(check: Callable[[], bool]) -> None:
    """Until ``check()`` holds (a change reaching another server's copy)."""

    async def holds() -> None:
        assert check()

    await until(holds, WAIT)
