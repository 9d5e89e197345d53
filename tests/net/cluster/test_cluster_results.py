"""The results and ratings of a cluster (``cluster.results``) on a real three-node NATS
cluster: two servers in one process, each its own accounts file and lobby over its own
connection to another node.

- a match that ended on one server is kept on both, its people's ratings the same on
  both, and a person connected to the other server is told their new rating there;
- matches ending at once on both servers, with the same people, are kept on both in one
  order: every rating the same on both servers;
- a match told twice (its end brought back after a take-over) is kept once;
- a forged entry (a key not its match's, a match that does not read) changes nothing.

Every wait polls, bounded generously."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster

from uno_access.engine.rules import RuleSet
from uno_access.net.cluster import names
from uno_access.net.cluster.results import SharedResults, match_data, match_key
from uno_access.net.server.results import Finished, Seat, family_of
from uno_access.net.server.tables import Lobby

if TYPE_CHECKING:
    pass

__all__ = ["nats_cluster"]  # the fixture, used by name

WAIT = 60.0
FAMILY = family_of(RuleSet())


async def server(servers: Servers, name: str) -> SharedResults:
    """Server ``name`` and its lobby, its results the cluster's."""
    js, accounts = await servers.joined(name)
    lobby = Lobby(asyncio.get_running_loop(), pace=0)
    lobby.results = accounts.results
    shared = await SharedResults.start(js, accounts, lobby)
    servers.parts.append(shared)
    return shared


def match(table: int, winner: str, loser: str) -> Finished:
    """A finished two-person match at ``table``: ``winner`` first."""
    seats = (Seat(winner, 1.0, None, 1, 60), Seat(loser, 2.0, None, 2, 0))
    return Finished(table, FAMILY, "standard", False, seats, (), ((60, 0),), 300.0)


def ratings(shared: SharedResults, *people: str) -> list[int | None]:
    results = shared.lobby.results
    assert results is not None
    return [results.rating(name, FAMILY) for name in people]


def kept(shared: SharedResults) -> int:
    results = shared.lobby.results
    assert results is not None
    return results.last_table()


def test_a_match_ended_on_one_server_is_kept_and_rated_alike_on_both(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        told: list[object] = []
        b.lobby.people["bob"] = told.append  # bob connected to B
        a.publish(match(7, "ann", "bob"))
        await arrives(lambda: kept(a) == 7 and kept(b) == 7)
        assert ratings(a, "ann", "bob") == ratings(b, "ann", "bob")
        assert ratings(b, "ann")[0] is not None
        await arrives(lambda: len(told) == 1)  # told his new rating, on B
        assert "rating" in str(told[0]).lower()
        a.publish(match(7, "ann", "bob"))  # told again: kept once
        b.publish(match(7, "ann", "bob"))
        a.publish(match(8, "bob", "ann"))
        await arrives(lambda: kept(a) == 8 and kept(b) == 8)
        results = b.lobby.results
        assert results is not None
        assert results.stats("ann", True).matches == 2

    run(nats_cluster, tmp_path, body)


def test_matches_ending_at_once_on_both_servers_leave_every_rating_the_same(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        people = ("ann", "bob", "cy", "dee")
        for n in range(10):  # each server ends matches of the same people meanwhile
            a.publish(match(100 + 2 * n, people[n % 4], people[(n + 1) % 4]))
            b.publish(match(101 + 2 * n, people[(n + 2) % 4], people[n % 4]))
        await arrives(lambda: kept(a) == 119 and kept(b) == 119)
        await asyncio.sleep(0.5)  # anything more would be a second copy: there is none
        assert ratings(a, *people) == ratings(b, *people)
        assert all(r is not None for r in ratings(a, *people))

    run(nats_cluster, tmp_path, body)


def test_a_forged_entry_changes_nothing(nats_cluster: NatsCluster, tmp_path: Path) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.RESULTS)
        await bucket.put(match_key(5), match_data(match(6, "eve", "ann"), 1.0))  # not its key
        await bucket.put(match_key(9), b'{"match": {"table": 9}, "ended": 1}')
        await bucket.put("match.x", b"{]")
        await bucket.put(match_key(12), match_data(match(12, "ann", "eve"), 1.0))
        await arrives(lambda: kept(a) == 12)  # read after the forged ones
        results = a.lobby.results
        assert results is not None
        assert results.stats("eve", True).matches == 1

    run(nats_cluster, tmp_path, body)
