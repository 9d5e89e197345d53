"""The tables a server holds on a real three-node NATS cluster (``holding``), several
servers in one process, each its own lobby over its own connection to another node:

- numbers are the cluster's: two servers never give the same one, and a burst of new
  tables waits for the next block rather than being refused;
- what a table tells waits for its entries to be in the log, and is never told once the
  lease is lost;
- two servers racing for one lapsed lease leave exactly one owner, with the table in its
  lobby alone and one take-over mark in the log;
- a finished table leaves nothing behind: its subject purged, its directory key and its
  lease gone.

The leases' TTL is short here (the bucket's own, which the servers read), so that a dead
server's lease lapses soon; every wait polls, bounded generously."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from nats_cluster import NatsCluster, nats_cluster, until

from uno_access.engine.actions import Draw
from uno_access.engine.rules import RuleSet
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect, ensure
from uno_access.net.cluster.entries import HELD, KIND
from uno_access.net.cluster.holding import BLOCK, ClusterTables
from uno_access.net.cluster.readback import read_table
from uno_access.net.server.tables import Lobby, ServerTable, Stage

if TYPE_CHECKING:
    from nats.aio.client import Client

__all__ = ["nats_cluster"]  # the fixture, used by name

SEED = 31
LEASE_TTL = 3.0
WAIT = 120.0


class Servers:
    """Servers of a test, each a lobby and its ``ClusterTables`` over its own connection."""

    def __init__(self, cluster: NatsCluster) -> None:
        self.cluster = cluster
        self.clients: list[Client] = []
        self.held: list[ClusterTables] = []

    async def server(self, name: str) -> ClusterTables:
        node = len(self.held) % len(self.cluster.urls)
        client = await connect([self.cluster.urls[node]])
        self.clients.append(client)
        js = client.jetstream(timeout=5)
        await ensure(js, 3, lease_ttl=LEASE_TTL)
        lobby = Lobby(asyncio.get_running_loop(), seed=SEED, pace=0)
        held = await ClusterTables.start(js, lobby, name)
        self.held.append(held)
        return held

    async def die(self, held: ClusterTables) -> None:
        """``held``'s server gone without a word: its looks and renewals stop, its leases
        are not given up, its connection closes."""
        held._closed = True
        for task in held._loops:
            task.cancel()
        await held.numbers.close()
        await held.journal.close()
        await close(self.clients[self.held.index(held)])

    async def close(self) -> None:
        for held in self.held:
            with contextlib.suppress(Exception):
                await held.close()
        for client in self.clients:
            await close(client)


def with_servers(cluster: NatsCluster, body: Callable[[Servers], Awaitable[None]]) -> None:
    async def run() -> None:
        servers = Servers(cluster)
        try:
            await body(servers)
        finally:
            await servers.close()

    asyncio.run(run())


def started(held: ClusterTables) -> ServerTable:
    """A table of ann and bob made on ``held``'s server, started."""
    table = held.lobby.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    return table


def move(table: ServerTable) -> None:
    """The seat to move draws (or plays what it must): one action applied."""
    game = table.game
    assert game is not None
    seat = game.view(0).current
    assert seat is not None
    legal = game.legal_actions(seat)
    action = next((a for a in legal if isinstance(a, Draw)), legal[0])
    seq, _ = table.send(seat, action)
    assert seq


async def holder(held: ClusterTables, number: int) -> str | None:
    return await held.leases.holder(number)


def test_two_servers_never_give_one_table_number_twice(nats_cluster: NatsCluster) -> None:
    async def body(servers: Servers) -> None:
        ann = await servers.server("server-ann")
        bob = await servers.server("server-bob")
        given = []
        for _ in range(3 * BLOCK):  # past a block each: more asked of the counter meanwhile
            for held in (ann, bob):
                number = held.numbers.take()
                while number is None:  # the next block on its way
                    await asyncio.sleep(0.05)
                    number = held.numbers.take()
                given.append(number)
        assert len(set(given)) == len(given), given

    with_servers(nats_cluster, body)


def test_a_burst_of_new_tables_waits_for_the_next_block_and_none_is_refused(
    nats_cluster: NatsCluster,
) -> None:
    """Three blocks' worth of tables made at once on one server: each ``new`` waits for
    the block on its way (``Lobby.number_ready``, awaited by the lobby's ``new``) instead
    of being told that no number can be had."""

    async def body(servers: Servers) -> None:
        lobby = (await servers.server("server-ann")).lobby

        async def new() -> int:
            assert lobby.number_ready is not None
            await lobby.number_ready()
            return lobby.new_table("ann", RuleSet(), "standard").number

        numbers = await asyncio.gather(*(new() for _ in range(3 * BLOCK)))
        assert len(set(numbers)) == 3 * BLOCK, numbers

    with_servers(nats_cluster, body)


def test_what_a_table_tells_waits_until_its_entries_are_in_the_log(
    nats_cluster: NatsCluster,
) -> None:
    async def body(servers: Servers) -> None:
        ann = await servers.server("server-ann")
        table = started(ann)
        held = ann.held_for(table)
        assert held is not None and not held.done()  # applied at once, not told yet
        assert await held is True
        assert ann.held_for(table) is None
        move(table)
        waiting = ann.held_for(table)
        assert waiting is not None and not waiting.done()
        writer = ann.journal.held(table.number)
        assert writer is not None
        last = await ann.journal.written(table.number)
        assert await waiting is True
        log = await read_table(ann.js, table.number)
        assert log.last == last and log.saved is not None and len(log.saved.actions) == 1

    with_servers(nats_cluster, body)


def test_a_table_whose_lease_is_lost_is_dropped_and_never_told_again(
    nats_cluster: NatsCluster,
) -> None:
    async def body(servers: Servers) -> None:
        ann = await servers.server("server-ann")
        bob = await servers.server("server-bob")
        table = started(ann)
        await ann.journal.written(table.number)
        await until(lambda: _held_by(ann, table.number), timeout=WAIT)
        # bob takes the log over as if the lease had lapsed: ann's next append is refused
        log = await read_table(bob.js, table.number)
        await bob.journal.take_over(table.number, log.last, bob.server)
        move(table)
        waiting = ann.held_for(table)
        assert waiting is not None
        assert await waiting is False  # the move ann applied is never told
        await until(lambda: _gone(ann, table.number), timeout=WAIT)
        assert table.stage is Stage.OVER  # let go: no bot, no timer plays on here
        gone = ann.held_for(table)
        assert gone is not None and gone.done() and gone.result() is False

    with_servers(nats_cluster, body)


async def _held_by(held: ClusterTables, number: int) -> None:
    assert await holder(held, number) == held.server


async def _gone(held: ClusterTables, number: int) -> None:
    assert number not in held.lobby.tables and number in held.lost


def test_two_servers_racing_for_one_lapsed_lease_leave_exactly_one_owner(
    nats_cluster: NatsCluster,
) -> None:
    async def body(servers: Servers) -> None:
        ann = await servers.server("server-ann")
        table = started(ann)
        for _ in range(5):
            move(table)
        number = table.number
        await ann.journal.written(number)
        await until(lambda: _held_by(ann, number), timeout=WAIT)
        await servers.die(ann)
        bob = await servers.server("server-bob")
        cy = await servers.server("server-cy")

        async def not_ann() -> str | None:
            now = await holder(bob, number)
            assert now != ann.server
            return now

        if await until(not_ann, timeout=WAIT) is None:  # lapsed: both take it at once
            await asyncio.gather(bob.take_over(number), cy.take_over(number))
        # their own looks race for it too, every sixth of the TTL: whoever wins, one
        # server alone holds it, and goes on holding it
        owner = await until(lambda: _one_owner(number, bob, cy), timeout=WAIT)
        for _ in range(3):  # three looks more of each: nothing moves
            await bob.scan()
            await cy.scan()
        assert await _one_owner(number, bob, cy) is owner
        assert await holder(owner, number) == owner.server
        other = cy if owner is bob else bob
        assert number not in other.held
        rebuilt = owner.lobby.tables[number]
        assert rebuilt.game is not None and table.game is not None
        assert rebuilt.game.view(0) == table.game.view(0)  # exactly where ann left it
        log = await read_table(owner.js, number)
        assert log.saved is not None and len(log.saved.actions) == 5
        marks = await _kinds(owner, number)
        assert marks.count(HELD) == 1

    with_servers(nats_cluster, body)


async def _one_owner(number: int, *servers: ClusterTables) -> ClusterTables:
    owners = [held for held in servers if number in held.lobby.tables]
    assert len(owners) == 1
    assert [held for held in servers if number in held.held] == owners
    assert await holder(owners[0], number) == owners[0].server
    return owners[0]


async def _kinds(held: ClusterTables, number: int) -> list[str]:
    log = await read_table(held.js, number)
    subscription = await held.js.subscribe(
        names.log_subject(number), stream=names.STREAM, ordered_consumer=True
    )
    try:
        return [
            ((await subscription.next_msg(timeout=5)).headers or {}).get(KIND, "")
            for _ in range(log.entries)
        ]
    finally:
        await subscription.unsubscribe()


def test_a_finished_table_leaves_no_log_no_directory_key_and_no_lease(
    nats_cluster: NatsCluster,
) -> None:
    async def body(servers: Servers) -> None:
        from nats.js.errors import KeyNotFoundError

        ann = await servers.server("server-ann")
        table = started(ann)
        move(table)
        number = table.number
        await until(lambda: _held_by(ann, number), timeout=WAIT)
        assert (await read_table(ann.js, number)).last > 0
        table.close()  # the host ends the game

        async def nothing_left() -> None:
            assert (await read_table(ann.js, number)).last == 0
            assert await holder(ann, number) is None
            try:
                await ann.directory.get(names.lease_key(number))
            except KeyNotFoundError:
                return
            raise AssertionError("still listed")

        await until(nothing_left, timeout=WAIT)
        assert number not in ann.held

    with_servers(nats_cluster, body)
