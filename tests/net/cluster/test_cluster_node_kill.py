"""One nats-server node SIGKILLed mid-game, and play goes on: real ``uno-access serve
--cluster`` processes on a real three-node NATS cluster, a person over the real OpenSSH
client.

Which node is killed: the worst one for the table's server. Before the kill the leaders
of the tables' stream (``UNO_TABLES``, where every move is appended) and of the leases'
bucket (``uno-leases``, where the table's lease is renewed) are moved, by JetStream's own
leader step-down, to the node the table's server is connected to; that node is then
SIGKILLed. So at once the server's connection is gone (nats-py reconnects to another of
the addresses it was given), both Raft groups it writes to lose their leader (JetStream
elects new ones among the two left), and the answers to what was in flight are lost (an
append is retried with the same ``Nats-Msg-Id``, a renewal whose answer was lost is
recognised as its own). And it is killed just before the table's lease is due to be
renewed (its revision watched): the lease has the least time left it ever has, and must
outlive the election. A node that merely follows is a smaller case of this one.

ann plays against the bot Bob at table 1 of server A, beside a second server B (which
would take the table over if A's lease lapsed: it must not). The node is killed at her
turn; she draws, Bob answers, again a few times, each answered on the session she has:
it never closes, the lease stays A's, A never says it lost the table. At the end the
table's log holds each of her draws once, no take-over mark, and rebuilds the position
she was last told. Every wait polls, bounded generously; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from pathlib import Path

from nats_cluster import NatsCluster, nats_cluster, until
from net_ssh import Server, Ssh, keypair
from test_cluster_takeover import _at_her_turn, _first_move, _holder, _log, _seed

from uno_access.access import messages
from uno_access.engine.actions import Draw
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect
from uno_access.net.cluster.entries import HELD
from uno_access.net.cluster.holding import RENEWALS_A_TTL

__all__ = ["nats_cluster"]  # the fixture, used by name

DRAWS = 4  # her moves after the kill
ANSWER_WAIT = 90.0  # seconds for a move to be answered while the cluster elects leaders
LEADER_WAIT = 60.0
EARLY = 0.3  # seconds before the lease's renewal is due that the node is killed


def node_of(pid: int, cluster: NatsCluster) -> int:
    """The index of the NATS node process ``pid`` is connected to (its one TCP connection
    to a node's client port, found in ``/proc``)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:  # closed meanwhile
            continue
        found = re.fullmatch(r"socket:\[(\d+)\]", target)
        if found:
            inodes.add(found.group(1))
    ports = {node.port: i for i, node in enumerate(cluster.nodes)}
    connected = set()
    for row in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = row.split()
        remote, state, inode = fields[2], fields[3], fields[9]
        port = int(remote.split(":")[1], 16)
        if inode in inodes and state == "01" and port in ports:  # 01: established
            connected.add(ports[port])
    assert len(connected) == 1, connected
    return connected.pop()


async def _lead(cluster: NatsCluster, stream: str, index: int) -> None:
    """``stream``'s leader moved to node ``index`` (JetStream's step-down, the node
    preferred), polled until it is."""
    want = cluster.nodes[index].name
    client = await connect(cluster.urls)
    try:
        js = client.jetstream(timeout=5)

        async def led() -> None:
            info = await js.stream_info(stream)
            leader = info.cluster.leader if info.cluster is not None else None
            if leader == want:
                return
            ask = json.dumps({"placement": {"preferred": want}}).encode()
            await client.request(f"$JS.API.STREAM.LEADER.STEPDOWN.{stream}", ask, timeout=5)
            raise AssertionError(f"{stream} led by {leader}, not {want}")

        await until(led, timeout=LEADER_WAIT)
    finally:
        await close(client)


async def _just_before_a_renewal(url: str, number: int) -> None:
    """Returns when table ``number``'s lease was last renewed a renewal's interval ago
    less ``EARLY`` seconds (watched by its revision, polled): the lease has the least
    time left it ever has, and its next renewal is about to be sent."""
    client = await connect(url.split(","))
    try:
        kv = await client.jetstream(timeout=5).key_value(names.LEASES)
        every = names.LEASE_TTL / RENEWALS_A_TTL
        seen, since = None, 0.0
        deadline = time.monotonic() + LEADER_WAIT
        while time.monotonic() < deadline:
            revision = (await kv.get(names.lease_key(number))).revision
            if revision != seen:  # renewed (or first seen): the interval starts now
                seen, since = revision, time.monotonic()
            elif seen is not None and time.monotonic() - since >= every - EARLY:
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the lease was never seen renewed in time")
    finally:
        await close(client)


def test_a_nats_node_sigkilled_mid_game_and_play_goes_on_on_the_same_server(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, play = _seed()
    key = keypair(tmp_path, "ann")
    url = nats_cluster.url
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3", "--cluster", url)
    first = Server(tmp_path / "a", *args)
    closing.append(first)
    closing.append(Server(tmp_path / "b", *args))  # there to take the table: it must not
    ann = Ssh(first.port, key, "ann")
    closing.append(ann)
    hand, top = _first_move(ann, play)
    owner = asyncio.run(until(lambda: _holder(url, 1)))
    assert owner.endswith(f"-{first.port}")

    doomed = node_of(first.process.pid, nats_cluster)
    for stream in (names.STREAM, names.bucket_stream(names.LEASES)):
        asyncio.run(_lead(nats_cluster, stream, doomed))
    asyncio.run(_just_before_a_renewal(url, 1))
    killed = time.monotonic()
    nats_cluster.kill(doomed)  # its connection, and both leaders it writes to, gone at once

    answered = []
    for _ in range(DRAWS):
        ann.press("d")
        ann.child.expect("You draw ", timeout=ANSWER_WAIT)
        answered.append(time.monotonic() - killed)
        ann.press("k")  # keeps the card, if it could be played (else the key is refused)
        ann.child.expect(r"Bob (plays|draws)", timeout=ANSWER_WAIT)
        ann.child.expect("Your turn", timeout=ANSWER_WAIT)
        hand, top = _at_her_turn(ann)
    name = nats_cluster.nodes[doomed].name
    print(f"node {name} killed: first move answered {answered[0]:.1f} s after")
    assert ann.child.isalive()  # the same session all along: the table never left A

    # asked until the leases' bucket answers this test's own client (its leader may be
    # elected again only now: the game's renewals are retried, this question too)
    holder = asyncio.run(until(lambda: _holder(nats_cluster.url, 1)))
    assert holder.endswith(f"-{first.port}")
    log, kinds = asyncio.run(_log(nats_cluster.url, 1))
    assert HELD not in kinds  # never taken over
    assert log.saved is not None and log.state == "playing"
    draws = [a for a in log.saved.actions if isinstance(a, Draw) and a.seat == 0]
    assert len(draws) == DRAWS  # each draw of hers once: none lost, none doubled
    assert log.saved.actions[0] == play
    game, _ = log.saved.public_events()  # the log's game: the position she was told last
    view = game.view(0)
    assert view.current == 0
    assert f"Your hand, {len(view.hand)} cards" in hand
    assert messages.card_name(view.top) in top
    ann.close()
    closing.remove(first)
    err = first.stop()
    assert "Traceback" not in err, err
    moved = messages.cluster_table_lost(1, "SERVER").split("SERVER")[0]
    assert moved not in err and messages.cluster_table_lost(1, "") not in err, err
