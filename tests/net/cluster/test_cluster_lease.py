"""A table's lease in the bucket ``uno-leases`` of a real three-node NATS cluster: held by
one server at a time, renewed by its holder alone, free at once when released, and taken
over by another server once its TTL lapses unrenewed. The bucket is made with a short TTL
(1.5 s) so that a lapse takes moments; the waits poll, bounded generously."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import pytest
from nats_cluster import NatsCluster, nats_cluster, until

from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect, ensure
from uno_access.net.cluster.lease import Held, LeaseLost, Leases

__all__ = ["nats_cluster"]  # the fixture, used by name

TTL = 1.5


def with_two_servers(
    cluster: NatsCluster, body: Callable[[Leases, Leases], Awaitable[None]]
) -> None:
    """``body`` run with the leases as seen by two servers, each over its own connection
    to another node of the cluster."""

    async def run() -> None:
        first = await connect([cluster.urls[0]])
        second = await connect([cluster.urls[1]])
        try:
            await ensure(first.jetstream(), 3, lease_ttl=TTL)
            ann = Leases(await first.jetstream().key_value(names.LEASES), "server-ann")
            bob = Leases(await second.jetstream().key_value(names.LEASES), "server-bob")
            await body(ann, bob)
        finally:
            await close(first)
            await close(second)

    asyncio.run(run())


def test_a_held_lease_cannot_be_taken_by_another_server(nats_cluster: NatsCluster) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take(7)
        assert held is not None and held.table == "7"
        assert await bob.take(7) is None
        assert await bob.holder(7) == "server-ann"
        assert await ann.holder(8) is None

    with_two_servers(nats_cluster, body)


def test_of_two_servers_taking_one_table_at_once_exactly_one_wins(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        for table in range(20):
            won = await asyncio.gather(ann.take(table), bob.take(table))
            assert sum(held is not None for held in won) == 1, table

    with_two_servers(nats_cluster, body)


def test_the_holder_renews_its_own_lease_and_keeps_it_past_the_ttl(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take("t1")
        assert held is not None
        start = time.monotonic()
        while time.monotonic() - start < 2 * TTL:  # renewed every third of the TTL
            held = await ann.renew(held)
            assert await bob.take("t1") is None
            await asyncio.sleep(TTL / 3)
        assert await bob.holder("t1") == "server-ann"

    with_two_servers(nats_cluster, body)


def test_only_the_holder_can_renew_or_release_a_lease(nats_cluster: NatsCluster) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take("t2")
        assert held is not None
        with pytest.raises(LeaseLost):  # bob never held it: any revision he names is wrong
            await bob.renew(Held("t2", held.revision + 1))
        assert not await bob.release(Held("t2", held.revision + 1))
        renewed = await ann.renew(held)
        with pytest.raises(LeaseLost):  # ann's own old revision: written over since
            await ann.renew(held)
        assert await ann.holder("t2") == "server-ann"
        assert await ann.release(renewed)

    with_two_servers(nats_cluster, body)


def test_a_released_lease_is_free_at_once(nats_cluster: NatsCluster) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take("t3")
        assert held is not None
        assert await ann.release(held)
        assert await bob.holder("t3") is None
        taken = await bob.take("t3")
        assert taken is not None
        assert await ann.holder("t3") == "server-bob"

    with_two_servers(nats_cluster, body)


def test_a_lapsed_lease_is_taken_over_and_its_old_holder_told_it_is_lost(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take("t4")
        assert held is not None
        start = time.monotonic()

        async def bob_takes() -> Held:
            taken = await bob.take("t4")
            assert taken is not None
            return taken

        await until(bob_takes, timeout=60)
        assert time.monotonic() - start >= TTL / 2  # not before it could have lapsed
        assert await ann.holder("t4") == "server-bob"
        with pytest.raises(LeaseLost):
            await ann.renew(held)
        assert not await ann.release(held)  # bob's lease left alone
        assert await bob.holder("t4") == "server-bob"

    with_two_servers(nats_cluster, body)


def test_a_server_taking_a_lease_it_already_holds_keeps_it(nats_cluster: NatsCluster) -> None:
    async def body(ann: Leases, bob: Leases) -> None:
        first = await ann.take("t5")
        again = await ann.take("t5")  # a restarted server, under its same id
        assert first is not None and again is not None and again.revision > first.revision
        assert await bob.take("t5") is None

    with_two_servers(nats_cluster, body)


def test_a_renewal_whose_answer_was_lost_is_known_as_its_own(nats_cluster: NatsCluster) -> None:
    """A renewal written but not answered (its node killed) leaves the holder an old
    revision: the next renewal, ``unsure``, finds its own name and keeps the lease; with
    another's name there, it is lost all the same."""

    async def body(ann: Leases, bob: Leases) -> None:
        held = await ann.take("t6")
        assert held is not None
        await ann.renew(held)  # written; its answer "lost": ann still knows ``held``
        renewed = await ann.renew(held, unsure=True)
        assert renewed.revision > held.revision
        assert await ann.holder("t6") == "server-ann"
        assert await ann.release(renewed)
        taken = await bob.take("t6")
        assert taken is not None
        with pytest.raises(LeaseLost):  # bob's now: ann's unsure renewal does not take it
            await ann.renew(renewed, unsure=True)
        assert await bob.holder("t6") == "server-bob"

    with_two_servers(nats_cluster, body)
