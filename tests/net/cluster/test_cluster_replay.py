"""A finished match's replay on a cluster (``cluster.replays``): real ``uno-access serve
--cluster`` processes on a real three-node NATS cluster, each person over the real
OpenSSH client.

The table's log is purged from the stream as it ends; its replay, created in the bucket
``uno-replays`` just before, is told by ``replay 1`` on either server alike, the match's
moves dealt again as a spectator saw them (before this, every server of a cluster said
the match "cannot be replayed"). A replay forged into the bucket that does not read back
is "cannot be replayed", not an error.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from nats_cluster import NatsCluster, nats_cluster
from net_ssh import Server, Ssh, ends_at_once, seated_on_two

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect
from uno_access.net.cluster.replays import replay_key

__all__ = ["nats_cluster"]  # the fixture, used by name

NAMES = ("ann", "bob")
SPEC = "standard,hand_size=1,target_score=1"  # a match of one play


def test_a_match_ended_on_one_server_is_replayed_alike_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, moves = ends_at_once(NAMES, SPEC)
    mover, play = moves[1]
    ann, bob = seated_on_two(nats_cluster.url, tmp_path, closing, seed, SPEC)
    ann.line("start")
    first = (ann, bob)[mover]
    first.sees("Your turn")
    first.typed(play.card.code)
    for person in (ann, bob):
        person.sees("back in the lobby")
    told = []
    for person in (ann, bob):
        for _ in range(50):  # the match kept on both servers, its replay in the bucket
            person.line("replay 1")
            said = person.sees(r"(Match 1[^\r\n]*|There is no match 1[^\r\n]*)")
            if said.startswith("Match 1:"):
                break
        else:
            raise AssertionError("match 1 never kept")
        assert said.startswith("Match 1:"), said
        told.append(person.sees(r"[^\r\n]* plays [^\r\n]*"))  # its one move, dealt again
    assert told[0] == told[1]  # told alike on A and B
    assert told[0].startswith(f"{NAMES[mover]} plays {messages.card_name(play.card)}")

    async def forged() -> None:
        client = await connect(nats_cluster.urls)
        try:
            bucket = await client.jetstream(timeout=5).key_value(names.REPLAYS)
            await bucket.put(replay_key(1), b'{"setup": "not a setup", "actions": ["x"]}')
        finally:
            await close(client)

    asyncio.run(forged())
    bob.line("replay 1")
    bob.told(messages.net_replay_gone(1))
