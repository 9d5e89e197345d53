"""The moderation of a cluster (``cluster.moderation``) on a real three-node NATS cluster:
two servers in one process, each its own accounts file (a copy) over its own connection
to another node.

- a role given on one server holds on the other; taken away, it is gone on both;
- a ban made on one server holds on the other as it arrives, and sends its person away
  there if they are connected (``on_banned``); lifted on the other, it is lifted on both;
- a mute made on one server holds on the other;
- a report and the log's lines are read on every server, each once;
- what a server had before it joined is offered to the cluster;
- an account removed from the cluster takes its role and sanctions from every copy (the
  reports and the log keep what was done);
- a forged entry (a key that is not its row's, a kind that is none) changes nothing;
- over the real OpenSSH client, on two real ``serve --cluster`` servers: ``uno-access
  users role`` on a server's copy is refused in a sentence and done with ``--cluster``;
  a moderator on one server bans someone connected to the other, who is sent away there
  in a sentence and refused on both.

Every wait polls, bounded generously."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pexpect
from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster
from net_ssh import ROOT, Server, Ssh, keypair

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster.moderation import (
    SharedModeration,
    forget_records,
    record_data,
    record_key,
)
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.moderation import Action, Kind, Record, Role

if TYPE_CHECKING:
    pass

__all__ = ["nats_cluster"]  # the fixture, used by name

WAIT = 60.0


async def server(
    servers: Servers, name: str, before: Callable[[Accounts], None] | None = None
) -> Accounts:
    """Server ``name``, its moderation the cluster's."""
    js, accounts = await servers.joined(name, before)
    servers.parts.append(await SharedModeration.start(js, accounts))
    return accounts


def test_a_role_given_on_one_server_holds_on_the_other_and_is_taken_away_on_both(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        a.moderation.set_role("ann", Role.MODERATOR, "operator")
        await arrives(lambda: b.moderation.role("ann") is Role.MODERATOR)
        assert b.moderation.may_act_on("ann", "eve")
        b.moderation.set_role("ann", None, "operator")
        await arrives(lambda: a.moderation.role("ann") is None)

    run(nats_cluster, tmp_path, body)


def test_a_ban_made_on_one_server_holds_on_the_other_and_sends_its_person_away_there(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        sent_away: list[str] = []
        b.moderation.on_banned = sent_away.append  # eve connected to B
        a.moderation.sanction(Kind.BAN, "eve", None, "spam", "ann")
        a.moderation.sanction(Kind.MUTE, "mallory", a.moderation.clock() + 3600, "rude", "ann")
        await arrives(lambda: b.moderation.active(Kind.BAN, "Eve") is not None)
        assert sent_away == ["eve"]
        await arrives(lambda: b.moderation.active(Kind.MUTE, "mallory") is not None)
        sanction = b.moderation.active(Kind.BAN, "eve")
        assert sanction is not None and (sanction.reason, sanction.by) == ("spam", "ann")
        assert b.moderation.lift(Kind.BAN, "eve", "bob")  # lifted on B ...
        await arrives(lambda: a.moderation.active(Kind.BAN, "eve") is None)  # ... on both
        assert sent_away == ["eve"]

    run(nats_cluster, tmp_path, body)


def test_a_report_and_the_log_are_read_on_every_server_each_once(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        b = await server(servers, "b")
        a.moderation.report("bob", "eve", "rude in the lobby", [(1000.0, "eve: you lose")])
        await arrives(lambda: len(b.moderation.reports()) == 1)
        report = b.moderation.reports()[0]
        assert (report.reporter, report.name, report.reason) == ("bob", "eve", "rude in the lobby")
        assert report.lines == ((1000.0, "eve: you lose"),)
        await arrives(lambda: [x.action for x in b.moderation.log()] == [Action.REPORT])
        b.moderation.sanction(Kind.MUTE, "eve", None, "rude", "ann")
        await arrives(
            lambda: [x.action for x in a.moderation.log()] == [Action.MUTE, Action.REPORT]
        )
        assert len(a.moderation.reports()) == 1  # its own, never a second copy of it

    run(nats_cluster, tmp_path, body)


def test_what_a_server_had_alone_is_offered_and_a_removed_name_loses_its_role_and_sanctions(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    def alone(accounts: Accounts) -> None:  # A, before it ever joined a cluster
        accounts.moderation.set_role("ann", Role.OPERATOR, "uno-access users")
        accounts.moderation.sanction(Kind.BAN, "eve", None, "spam", "ann")

    async def body(servers: Servers) -> None:
        a = await server(servers, "a", alone)
        b = await server(servers, "b")
        await arrives(lambda: b.moderation.role("ann") is Role.OPERATOR)
        await arrives(lambda: b.moderation.active(Kind.BAN, "eve") is not None)
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.MODERATION)
        await forget_records(bucket, "eve")  # as ``users remove eve --cluster`` does
        await arrives(lambda: a.moderation.active(Kind.BAN, "eve") is None)
        await arrives(lambda: b.moderation.active(Kind.BAN, "eve") is None)
        assert b.moderation.role("ann") is Role.OPERATOR
        assert {x.action for x in b.moderation.log()} == {Action.ROLE, Action.BAN}  # kept

    run(nats_cluster, tmp_path, body)


def test_a_forged_entry_changes_nothing(nats_cluster: NatsCluster, tmp_path: Path) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.MODERATION)
        ann = Record("roles", ("ann", "operator"))  # under eve's key
        await bucket.put(record_key(Record("roles", ("eve", "operator"))), record_data(ann))
        await bucket.put("sanctions.657665.jail", b'["eve", "jail", null, "x", "y", 1.0]')
        await bucket.put("roles.not-hex", b"{]")
        real = Record("roles", ("cy", "moderator"))
        await bucket.put(record_key(real), record_data(real))
        await arrives(lambda: a.moderation.role("cy") is Role.MODERATOR)  # after the forged
        assert a.moderation.role("ann") is None and a.moderation.role("eve") is None
        assert a.moderation.active(Kind.BAN, "eve") is None

    run(nats_cluster, tmp_path, body)


def _users(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "users", *args, "--data", str(folder)],
        capture_output=True,
        text=True,
        timeout=WAIT,
        cwd=str(ROOT),
    )


def test_a_ban_made_on_one_server_sends_its_person_away_from_the_other_over_real_ssh(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    url = nats_cluster.url
    a = Server(tmp_path / "a", "--open", "--cluster", url)
    closing.append(a)
    b = Server(tmp_path / "b", "--open", "--cluster", url)
    closing.append(b)
    mo = Ssh(a.port, keypair(tmp_path, "mo"), "mo")
    closing.append(mo)
    eve_key = keypair(tmp_path, "eve")
    eve = Ssh(b.port, eve_key, "eve")
    closing.append(eve)
    mo.prompt()
    eve.prompt()
    on_copy = _users(a.data, "role", "mo", "moderator")  # A's moderation is the cluster's
    assert on_copy.returncode == 2, on_copy
    assert messages.users_role_cluster_copy("mo") in on_copy.stderr
    given = _users(a.data, "role", "mo", "moderator", "--cluster", url)
    assert given.returncode == 0, given
    assert "moderator" in given.stdout
    for _ in range(100):  # eve's account reaching A's copy: then she can be named there
        mo.line("mod ban eve forever threats")
        said = mo.child.expect(
            [r"eve is banned", r"There is no one called", r"not yours to"], timeout=30
        )
        if said == 0:
            break
    else:
        raise AssertionError("eve never known on A")
    eve.told(messages.net_you_are_banned(None, "threats"))  # sent away from B
    eve.child.expect(pexpect.EOF)
    for port in (a.port, b.port):  # and told so by both as she comes again
        again = Ssh(port, eve_key, "eve")
        closing.append(again)
        again.told(messages.net_you_are_banned(None, "threats"))
        again.child.expect(pexpect.EOF)
        assert "Welcome" not in again.text()
