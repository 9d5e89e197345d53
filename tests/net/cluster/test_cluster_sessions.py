"""Browsers' login sessions shared by the servers of a cluster (``cluster.sessions``) on a
real three-node NATS cluster: two servers in one process, each its own accounts file (a
copy) over its own connection to another node, its accounts and its sessions the
cluster's.

- a session begun on one server logs its browser in on the other; logged out there, it
  is ended on both;
- a password changed on one server ends its person's sessions on both, but the one that
  changed it, which stays valid on both;
- an account removed from the cluster takes its sessions from every copy;
- a forged entry (a key not its session's, a digest that is none) logs no one in.

Every wait polls, bounded generously."""

from __future__ import annotations

import secrets
from pathlib import Path

from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster

from uno_access.net.cluster import names
from uno_access.net.cluster.accounts import SharedAccounts
from uno_access.net.cluster.sessions import SharedSessions, forget_sessions, session_data
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.sessions import Session, digest

__all__ = ["nats_cluster"]  # the fixture, used by name


async def server(servers: Servers, name: str) -> Accounts:
    """Server ``name``, its accounts and its browsers' sessions the cluster's."""
    js, accounts = await servers.joined(name)
    shared = await SharedAccounts.start(js, accounts)
    accounts.shared = shared
    servers.parts.append(shared)
    servers.parts.append(await SharedSessions.start(js, accounts))
    return accounts


def test_a_session_begun_on_one_server_logs_in_on_the_other_and_ends_on_both(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        token = a.sessions.begin("ann")
        await arrives(lambda: b.sessions.use(token) == "ann")  # the page's next request, on B
        b.sessions.end(token)  # logged out on B ...
        await arrives(lambda: a.sessions.use(token) is None)  # ... so on A
        assert b.sessions.use(secrets.token_urlsafe(32)) is None

    run(nats_cluster, tmp_path, body)


def test_a_password_changed_on_one_server_ends_the_other_sessions_on_both(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        assert a.shared is not None
        assert await a.shared.claim("ann", None, "old-hash")
        here, there = a.sessions.begin("ann"), b.sessions.begin("ann")
        await arrives(lambda: a.sessions.use(there) == "ann" and b.sessions.use(here) == "ann")
        assert await a.shared.set_password("ann", "new-hash", digest(here))  # changed by `here`
        await arrives(lambda: b.sessions.use(there) is None and a.sessions.use(there) is None)
        await arrives(lambda: b.password_of("ann") == "new-hash")
        assert a.sessions.use(here) == "ann" and b.sessions.use(here) == "ann"

    run(nats_cluster, tmp_path, body)


def test_an_account_removed_from_the_cluster_takes_its_sessions_from_every_copy(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        anns, bobs = a.sessions.begin("ann"), a.sessions.begin("bob")
        await arrives(lambda: b.sessions.use(anns) == "ann" and b.sessions.use(bobs) == "bob")
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.SESSIONS)
        await forget_sessions(bucket, "Ann")  # as ``users remove ann --cluster`` does
        await arrives(lambda: a.sessions.use(anns) is None and b.sessions.use(anns) is None)
        assert b.sessions.use(bobs) == "bob"

    run(nats_cluster, tmp_path, body)


def test_a_forged_entry_logs_no_one_in(nats_cluster: NatsCluster, tmp_path: Path) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.SESSIONS)
        token = secrets.token_urlsafe(32)
        eve = Session(digest(token), "eve", 1e12, 1e12)
        mallory = f"sessions.{b'mallory'.hex()}.{eve.digest}"  # not its own key
        await bucket.put(mallory, session_data(eve))
        await bucket.put(f"sessions.{b'eve'.hex()}.not-a-digest", session_data(eve))
        real_token = secrets.token_urlsafe(32)
        real = Session(digest(real_token), "cy", 1e12, 1e12)
        await bucket.put(f"sessions.{b'cy'.hex()}.{real.digest}", session_data(real))
        await arrives(lambda: a.sessions.rows() != [])  # read after the forged ones
        assert a.sessions.use(token) is None

    run(nats_cluster, tmp_path, body)
