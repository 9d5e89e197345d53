"""``ensure``: the buckets and the tables' stream made on a real three-node NATS cluster
with three copies each; made again, nothing changes; copies raised, never lowered."""

from __future__ import annotations

import asyncio
from typing import Any

from nats_cluster import NatsCluster, nats_cluster

from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect, ensure, replicas_for, servers_known

__all__ = ["nats_cluster"]  # the fixture, used by name

STREAMS = [*(names.bucket_stream(b.name) for b in names.buckets()), names.STREAM]


async def _configs(url: str) -> dict[str, dict[str, Any]]:
    client = await connect(url.split(","))
    try:
        js = client.jetstream()
        return {name: (await js.stream_info(name)).config.as_dict() for name in STREAMS}
    finally:
        await close(client)


def test_ensure_makes_every_bucket_and_the_stream_with_three_replicas(
    nats_cluster: NatsCluster,
) -> None:
    async def run() -> dict[str, Any]:
        client = await connect(nats_cluster.urls)
        try:
            known = servers_known(client)
            assert known == sorted(url.removeprefix("nats://") for url in nats_cluster.urls)
            await ensure(client.jetstream(), replicas_for(len(known)))
            js = client.jetstream()
            return {name: await js.stream_info(name) for name in STREAMS}
        finally:
            await close(client)

    made = asyncio.run(run())
    assert set(made) == {
        "KV_uno-leases",
        "KV_uno-tables",
        "KV_uno-presence",
        "KV_uno-accounts",
        "KV_uno-social",
        "KV_uno-moderation",
        "KV_uno-results",
        "KV_uno-sessions",
        "KV_uno-tournaments",
        "KV_uno-replays",
        "UNO_TABLES",
    }
    for name, info in made.items():
        assert info.config.num_replicas == 3, name
        assert info.cluster is not None and info.cluster.leader, name
    assert made["KV_uno-leases"].config.max_age == names.LEASE_TTL
    assert made["KV_uno-presence"].config.max_age == names.PRESENCE_TTL
    assert not made["KV_uno-tables"].config.max_age
    assert made["UNO_TABLES"].config.subjects == ["uno.table.*.log"]


def test_ensure_twice_changes_nothing(nats_cluster: NatsCluster) -> None:
    async def ensured() -> None:
        client = await connect(nats_cluster.urls)
        try:
            await ensure(client.jetstream(), 3)
        finally:
            await close(client)

    asyncio.run(ensured())
    first = asyncio.run(_configs(nats_cluster.url))
    asyncio.run(ensured())
    assert asyncio.run(_configs(nats_cluster.url)) == first


def test_ensure_raises_copies_and_never_lowers_them(nats_cluster: NatsCluster) -> None:
    async def run() -> tuple[int, int]:
        client = await connect(nats_cluster.urls)
        try:
            js = client.jetstream()
            await ensure(js, 1)
            one = (await js.stream_info("KV_uno-leases")).config.num_replicas or 0
            await ensure(js, 3)
            await ensure(js, 1)  # a server that found only one of three running
            three = (await js.stream_info("KV_uno-leases")).config.num_replicas or 0
            return one, three
        finally:
            await close(client)

    assert asyncio.run(run()) == (1, 3)
