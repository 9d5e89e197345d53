"""Three copies (R3) are what let the service outlive a machine: with one node of a real
three-node cluster SIGKILLed, the buckets and the tables' stream still answer, reads and
writes alike, once JetStream has chosen new leaders (waited for by polling, bounded)."""

from __future__ import annotations

import asyncio

from nats_cluster import NatsCluster, nats_cluster, until

from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect, ensure
from uno_access.net.cluster.lease import Leases

__all__ = ["nats_cluster"]  # the fixture, used by name

LEASE_TTL = 600.0  # the lease must not lapse while the cluster elects new leaders


def test_with_one_node_killed_the_buckets_and_the_stream_still_answer(
    nats_cluster: NatsCluster,
) -> None:
    async def before() -> int:
        client = await connect(nats_cluster.urls)
        try:
            js = client.jetstream()
            await ensure(js, 3, lease_ttl=LEASE_TTL)
            tables = await js.key_value(names.TABLES)
            await tables.put("12", b"ann's table")
            await js.publish(names.log_subject(12), b"entry 1")
            leases = Leases(await js.key_value(names.LEASES), "server-ann")
            assert await leases.take(12) is not None
            # the node leading the tables' stream: the one whose loss hurts most
            info = await js.stream_info(names.STREAM)
            assert info.cluster is not None and info.cluster.leader is not None
            return next(
                i for i, n in enumerate(nats_cluster.nodes) if n.name == info.cluster.leader
            )
        finally:
            await close(client)

    leader = asyncio.run(before())
    nats_cluster.kill(leader)
    assert len(nats_cluster.urls) == 2

    async def after() -> None:
        client = await connect(nats_cluster.urls)  # the two left
        try:
            js = client.jetstream(timeout=2)

            async def read_table() -> bytes | None:
                tables = await js.key_value(names.TABLES)
                return (await tables.get("12")).value

            assert await until(read_table) == b"ann's table"

            async def write_table() -> int:
                tables = await js.key_value(names.TABLES)
                return await tables.put("13", b"bob's table")

            await until(write_table)

            async def append() -> int:
                return (await js.publish(names.log_subject(12), b"entry 2")).seq

            await until(append)

            async def entries() -> list[bytes]:
                found = []
                consumer = await js.pull_subscribe(names.log_subject(12), stream=names.STREAM)
                try:
                    for message in await consumer.fetch(2, timeout=2):
                        found.append(message.data)
                finally:
                    await consumer.unsubscribe()
                assert len(found) == 2
                return found

            assert await until(entries) == [b"entry 1", b"entry 2"]

            async def lease_held() -> str | None:
                leases = Leases(await js.key_value(names.LEASES), "server-bob")
                assert await leases.take(12) is None  # still ann's: the lease survived
                return await leases.holder(12)

            assert await until(lease_held) == "server-ann"
        finally:
            await close(client)

    asyncio.run(after())
