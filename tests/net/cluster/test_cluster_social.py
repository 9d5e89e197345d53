"""Friends, blocks, private messages waiting and lobby choices shared by the servers of a
cluster (``cluster.social``), on a real three-node NATS cluster: two servers in one
process, each its own accounts file (a copy) over its own connection to another node.

- a friend request made on one server is agreed on the other, and both know the
  friendship; ended on one, it is ended on both;
- a block made on one server holds on the other at once it arrives (its chat, its
  messages), and ends the friendship there too; lifted, it is lifted on both;
- a private message left for someone away, read at their login on the other server, is
  forgotten on both;
- a lobby choice made on one server is found on the other;
- what a server had before it joined is offered to the cluster; what was removed from
  the cluster while a server was away is gone from its copy when it comes back;
- an account removed from the cluster takes every row of its own or naming it from every
  copy;
- a forged entry (a key that is not its row's) changes nothing;
- over the real OpenSSH client, on two real ``serve --cluster`` servers: a friendship
  asked on one and agreed on the other (and where the friend is said as where they are,
  connected to the other), a private message told live to someone connected
  to the other server and replied to, a block there keeping the next one from them
  (its sender told as if it went), a message for someone gone kept for their next
  login on either server, and a friend coming in told on either server.

Every wait polls, bounded generously."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pexpect
from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster
from net_ssh import Server, Ssh, keypair

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster.social import SharedSocial, forget_rows, row_data, row_key
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.social import Asked, Row

if TYPE_CHECKING:
    pass

__all__ = ["nats_cluster"]  # the fixture, used by name

WAIT = 60.0


async def server(
    servers: Servers, name: str, before: Callable[[Accounts], None] | None = None
) -> Accounts:
    """Server ``name``, its friends, blocks, letters and choices the cluster's."""
    js, accounts = await servers.joined(name, before)
    servers.parts.append(await SharedSocial.start(js, accounts))
    return accounts


def test_a_friendship_asked_on_one_server_is_agreed_and_ended_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        assert a.social.ask("ann", "bob") is Asked.ASKED
        await arrives(lambda: b.social.asking("bob") == ["ann"])
        assert b.social.ask("bob", "ann") is Asked.AGREED  # B knows ann asked
        await arrives(lambda: a.social.friends("ann") == ["bob"])
        assert b.social.friends("bob") == ["ann"]
        assert a.social.unfriend("ann", "bob")
        await arrives(lambda: b.social.friends("bob") == [] and b.social.asking("bob") == [])

    run(nats_cluster, tmp_path, body)


def test_a_block_made_on_one_server_holds_on_the_other_and_ends_the_friendship(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        a.social.ask("ann", "eve")
        b.social.ask("eve", "ann")  # may come before ann's request: either way, friends
        await arrives(lambda: a.social.are_friends("ann", "eve"))
        await arrives(lambda: b.social.are_friends("ann", "eve"))
        assert a.social.block("ann", "Eve")
        await arrives(lambda: b.social.blocked("ann", "eve"))  # her chat, her messages
        assert b.social.friends("eve") == [] and b.social.blocked_by("ann") == ["Eve"]
        assert b.social.unblock("ann", "eve")
        await arrives(lambda: not a.social.blocked("ann", "eve"))
        assert a.social.blocked_by("ann") == []

    run(nats_cluster, tmp_path, body)


def test_a_letter_left_on_one_server_is_read_once_on_the_other_then_forgotten_on_both(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        assert a.social.post("ann", "bob", "see you at table 3", when=1000.0)
        await arrives(lambda: len(b.social.rows()) == 1)
        letters = b.social.letters("bob")  # bob logs in on B
        assert [(x.sender, x.said, x.sent) for x in letters] == [
            ("ann", "see you at table 3", 1000.0)
        ]
        await arrives(lambda: a.social.rows() == [])
        assert a.social.letters("bob") == []  # never told twice

    run(nats_cluster, tmp_path, body)


def test_a_lobby_choice_made_on_one_server_is_found_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        a.prefer("ann", "lang", "es")
        a.social.choose("ann", "messages", "friends")
        await arrives(lambda: b.preferences("ann") == [("lang", "es"), ("messages", "friends")])
        b.prefer("ann", "lang", "pt")  # changed on B: the last word, on both
        await arrives(lambda: a.social.choice("ann", "lang") == "pt")

    run(nats_cluster, tmp_path, body)


def test_rows_from_before_joining_are_offered_and_rows_removed_meanwhile_are_gone(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    def alone(accounts: Accounts) -> None:  # A, before it ever joined a cluster
        accounts.social.block("ann", "mallory")
        accounts.prefer("ann", "keys", "off")

    async def body(servers: Servers) -> None:
        a = await server(servers, "a", alone)
        b = await server(servers, "b")
        await arrives(lambda: b.social.blocked("ann", "mallory"))
        assert b.preferences("ann") == [("keys", "off")]
        await servers.stopped(a)  # A away ...
        assert b.social.unblock("ann", "mallory")  # ... while the block is lifted on B
        b.social.ask("bob", "ann")
        await asyncio.sleep(0)
        a = await server(servers, "a")  # back: its copy as the cluster's is
        assert not a.social.blocked("ann", "mallory") and a.social.blocked_by("ann") == []
        assert a.social.asking("ann") == ["bob"]

    run(nats_cluster, tmp_path, body)


def test_a_forged_entry_whose_key_is_not_its_rows_changes_nothing(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        client = servers.clients[0]
        bucket = await client.jetstream(timeout=5).key_value(names.SOCIAL)
        forged = Row("blocks", "ann", "bob")  # under the key of eve's block of bob
        await bucket.put(row_key(Row("blocks", "eve", "bob")), row_data(forged))
        await bucket.put("blocks.not-hex.at-all", b"{]")
        real = Row("friends", "cy", "dee")
        await bucket.put(row_key(real), row_data(real))
        await arrives(lambda: a.social.asked("cy") == ["dee"])  # read after the forged ones
        assert not a.social.blocked("ann", "bob") and not a.social.blocked("eve", "bob")

    run(nats_cluster, tmp_path, body)


def test_an_account_removed_from_the_cluster_takes_its_rows_from_every_copy(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        a.social.ask("ann", "bob")
        b.social.block("eve", "ann")
        a.prefer("ann", "lang", "es")
        a.social.ask("cy", "dee")
        await arrives(lambda: len(b.social.rows()) == 4 and len(a.social.rows()) == 4)
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.SOCIAL)
        await forget_rows(bucket, "Ann")  # as ``users remove ann --cluster`` does
        left = [Row("friends", "cy", "dee")]
        await arrives(lambda: a.social.rows() == left and b.social.rows() == left)
        assert not b.social.blocked("eve", "ann")

    run(nats_cluster, tmp_path, body)


def _knows(who: Ssh, name: str, gone: bool = False) -> None:
    """``who`` asks who is connected until ``name`` is among them (``gone``: until they
    are not); each server tells the others who is in its lobby within a second or so."""
    for _ in range(100):
        who.line("who")
        said = who.sees(r"Connected: [^\r\n]*\.")
        if (name in re.findall(r"\w+", said.partition(":")[2])) != gone:
            return
        time.sleep(0.2)
    raise AssertionError(f"{name} never {'left' if gone else 'connected'}")


def test_friends_and_private_messages_cross_servers_over_real_ssh(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    a = Server(tmp_path / "a", "--open", "--cluster", nats_cluster.url)
    closing.append(a)
    b = Server(tmp_path / "b", "--open", "--cluster", nats_cluster.url)
    closing.append(b)
    ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    bob_key = keypair(tmp_path, "bob")
    bob = Ssh(b.port, bob_key, "bob")
    closing.append(bob)
    ann.prompt()
    bob.prompt()
    ann.line("friend bob")
    ann.told(messages.tr(messages.NET_FRIEND_ASKED).format(player="bob"))
    for _ in range(100):  # ann's request reaching B's copy
        bob.line("friend ann")
        if bob.child.expect([re.escape("ann and you are friends now."), "is asked"]) == 0:
            break
        bob.line("unfriend ann")
        time.sleep(0.2)
    else:
        raise AssertionError("ann's request never reached B")
    _knows(ann, "bob")
    ann.line("friends")  # connected to B: in the lobby, not away
    ann.told(messages.net_friend_where("bob", "lobby", 0))
    ann.line("tell bob meet me at table 1")
    ann.told(messages.net_you_tell("bob", "meet me at table 1"))
    bob.told(messages.net_tells_you("ann", "meet me at table 1"))  # live, from A
    bob.line("reply on my way")
    ann.told(messages.net_tells_you("bob", "on my way"))
    bob.line("block ann")
    bob.prompt()
    time.sleep(1)  # the block reaching A's copy; B checks it again as the message comes
    ann.line("tell bob are you there")
    ann.told(messages.net_you_tell("bob", "are you there"))  # as if it went
    bob.line("unblock ann")
    bob.prompt()
    bob.line("quit")
    bob.child.expect(pexpect.EOF)
    assert "are you there" not in bob.text()
    _knows(ann, "bob", gone=True)
    ann.line("tell bob see you later")  # bob away from every server: kept for him ...
    ann.told(messages.net_tell_kept("bob"))
    bob = Ssh(a.port, bob_key, "bob")  # ... and told as he comes back, here on A
    closing.append(bob)
    bob.told(messages.net_told_while_away("ann", "see you later"))
    ann.line("friend bob")  # friends again (the block ended it), on one server: at once
    ann.told(messages.net_friend_asked("bob"))
    bob.line("friend ann")
    bob.told(messages.net_friend_agreed("ann"))
    bob.line("quit")
    bob.child.expect(pexpect.EOF)
    _knows(ann, "bob", gone=True)
    bob = Ssh(b.port, bob_key, "bob")  # come in to the other server: ann told all the same
    closing.append(bob)
    bob.prompt()
    ann.told(messages.net_friend_came("bob"))
