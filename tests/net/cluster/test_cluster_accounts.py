"""The cluster's accounts (``cluster.accounts``) on a real three-node NATS cluster: two
servers in one process, each its own accounts file (a copy) over its own connection to
another node.

- a name claimed on one server is the same account on the other: its key and password
  known there, the name refused there to another key, and to a look-alike;
- two servers claiming one name at once: exactly one has it, on both;
- one key, one name, across servers;
- a password changed on one server is the one on the other, and ends the browsers'
  sessions there;
- a claim tried again after its answer was lost is the same claim, not a refusal;
- the accounts a server had alone are offered to the cluster as it joins; where the
  cluster has that name already, its account replaces the one here;
- a name removed from the cluster is gone from every copy, and may be claimed again as
  a new account;
- every server asks a new person the invite code of the first server that joined (kept
  in its file); an entry that is no code is ignored.

Every wait polls, bounded generously."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster, until
from net_ssh import PasswordSsh, Server, Ssh, Terminal, keypair, refused

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster.accounts import INVITE_ENTRY, SharedAccounts, name_entry
from uno_access.net.server.accounts import Accounts

if TYPE_CHECKING:
    pass

__all__ = ["nats_cluster"]  # the fixture, used by name

WAIT = 60.0
KEY_ANN = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnnAnn"
PASSWORD = "a long enough password"
KEY_EVE = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEveEveEveEveEveEveEveEveEveEveEveEveEve"


def users(*args: str) -> subprocess.CompletedProcess[str]:
    """``uno-access users ARGS``."""
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "users", *args],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )


async def server(servers: Servers, name: str) -> SharedAccounts:
    """Server ``name``, its accounts the cluster's."""
    js, accounts = await servers.joined(name)
    shared = await SharedAccounts.start(js, accounts)
    accounts.shared = shared
    servers.parts.append(shared)
    return shared


def test_a_name_claimed_on_one_server_is_the_account_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a, b = await server(servers, "a"), await server(servers, "b")
        assert await a.claim("Ann", KEY_ANN, None)
        await arrives(lambda: b.accounts.name_of(KEY_ANN) == "Ann")
        assert b.accounts.owner("ann") == "Ann"
        assert b.accounts.created("Ann") == a.accounts.created("Ann")
        # the name is taken on the other server: by another key, or a look-alike
        assert not await b.claim("ann", KEY_EVE, None)
        assert not await b.claim("Ann1", KEY_EVE, None) or b.accounts.taken("Ann1")
        # and one key is one name
        assert not await b.claim("Annie", KEY_ANN, None)
        assert b.accounts.name_of(KEY_ANN) == "Ann"
        # a password person made on b is known on a
        assert await b.claim("cat", None, "$argon2id$hash-of-cats")
        await arrives(lambda: a.accounts.password_of("cat") == "$argon2id$hash-of-cats")

    run(nats_cluster, tmp_path, body)


def test_two_servers_claiming_one_name_at_once_leave_one_account(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a, b = await server(servers, "a"), await server(servers, "b")
        for n in range(5):
            name = f"dan{n}"
            got = await asyncio.gather(
                a.claim(name, None, f"hash-a{n}"), b.claim(name, None, f"hash-b{n}")
            )
            assert sorted(got) == [False, True], (name, got)
            winner = f"hash-a{n}" if got[0] else f"hash-b{n}"
            for shared in (a, b):
                await arrives(lambda: shared.accounts.password_of(name) == winner)  # noqa: B023

    run(nats_cluster, tmp_path, body)


def test_a_password_changed_on_one_server_is_the_one_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a, b = await server(servers, "a"), await server(servers, "b")
        assert await a.claim("fay", None, "old-hash")
        await arrives(lambda: b.accounts.password_of("fay") == "old-hash")
        token = b.accounts.sessions.begin("fay")  # a browser of hers, logged in on b
        assert b.accounts.sessions.use(token) == "fay"
        assert await a.set_password("fay", "new-hash")
        assert a.accounts.password_of("fay") == "new-hash"
        await arrives(lambda: b.accounts.password_of("fay") == "new-hash")
        assert b.accounts.sessions.use(token) is None  # ended there too
        assert not await a.set_password("nobody", "x")  # no such account: nothing made

    run(nats_cluster, tmp_path, body)


def test_a_claim_tried_again_after_its_answer_was_lost_is_kept(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        assert await a.claim("gus", KEY_EVE, None)
        entry = await a.bucket.get(name_entry("gus"))
        assert entry.value is not None
        # the same write again, as a retry after a lost answer: found there, ours
        assert await a._holds(name_entry("gus"), entry.value)
        assert not await a._holds(name_entry("gus"), b"another account")

    run(nats_cluster, tmp_path, body)


def test_accounts_of_a_server_alone_are_offered_as_it_joins(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        assert await a.claim("hal", None, "cluster-hash")
        # b ran alone before: hal (another account) and ivy, its own
        (tmp_path / "b").mkdir()
        alone = Accounts(tmp_path / "b")
        assert alone.claim("hal", None, "alone-hash")
        assert alone.claim("ivy", KEY_EVE, None)
        alone.close()
        b = await server(servers, "b")
        assert b.accounts.password_of("hal") == "cluster-hash"  # the cluster's account
        assert b.accounts.name_of(KEY_EVE) == "ivy"  # its own, offered
        await arrives(lambda: a.accounts.name_of(KEY_EVE) == "ivy")
        assert b.accounts.is_copy()  # offered once: from now on a copy, never offered again

    run(nats_cluster, tmp_path, body)


def test_a_name_removed_from_the_cluster_is_gone_everywhere(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a, b = await server(servers, "a"), await server(servers, "b")
        assert await a.claim("joe", KEY_ANN, None)
        await arrives(lambda: b.accounts.exists("joe"))
        await a.remove("joe")
        assert not a.accounts.exists("joe")
        await arrives(lambda: not b.accounts.exists("joe"))
        assert b.accounts.name_of(KEY_ANN) is None
        # claimed again: another account, on both
        assert await b.claim("joe", KEY_EVE, None)
        await arrives(lambda: a.accounts.name_of(KEY_EVE) == "joe")
        bucket = await servers.clients[0].jetstream().key_value(names.ACCOUNTS)
        assert (await bucket.get(name_entry("joe"))).value is not None

    run(nats_cluster, tmp_path, body)


def test_every_server_asks_the_invite_code_of_the_first_and_a_forged_one_is_ignored(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = await server(servers, "a")
        first = a.accounts.invite
        b = await server(servers, "b")  # its own code, made as its file was, gives way
        assert b.accounts.invite == first
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.ACCOUNTS)
        await bucket.put(INVITE_ENTRY, b"ann+sesame")  # not a code: ignored by both
        await bucket.put(INVITE_ENTRY, b"sesame")
        await arrives(lambda: a.accounts.invite == b.accounts.invite == "sesame")
        await servers.stopped(b.accounts)  # kept in the file, for its next start
        again = Accounts(servers.folder / "b")
        try:
            assert again.invite == "sesame"
        finally:
            again.close()

    run(nats_cluster, tmp_path, body)


def test_a_closed_cluster_lets_a_new_person_in_on_any_server_with_one_code_over_real_ssh(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    """Two closed ``serve --cluster`` servers print one invite code; a new key gives it
    to the one it did not come from, and is in; a wrong code is refused there."""
    a = Server(tmp_path / "a", "--cluster", nats_cluster.url)
    b = Server(tmp_path / "b", "--cluster", nats_cluster.url)
    people: list[Terminal] = []
    try:
        assert a.invite is not None and b.invite == a.invite
        was_refused, _, said = refused(b.port, keypair(tmp_path, "eve"), "eve+wrongcode")
        assert was_refused, said
        dora = Ssh(b.port, keypair(tmp_path, "dora"), f"dora+{a.invite}")
        people.append(dora)
        dora.sees("Welcome, dora")
    finally:
        for person in people:
            person.close()
        errors = a.stop() + b.stop()
    assert errors == ""


def test_a_person_is_one_account_on_every_server_over_real_ssh(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    """Real ``serve --cluster`` servers (open to new names), the real OpenSSH client:
    ann's key claims her name on server A; another key asking for ann on B is refused,
    and hers logs her in there; a person who chose a password on B is asked for it on A
    (not to choose one), and logs in with it."""
    a = Server(tmp_path / "a", "--open", "--cluster", nats_cluster.url)
    b = Server(tmp_path / "b", "--open", "--cluster", nats_cluster.url)
    people: list[Terminal] = []
    try:
        ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
        people.append(ann)
        ann.sees("Welcome, ann")
        # B is open to new names, but ann is the cluster's: eve's key may not have it
        was_refused, _, said = refused(b.port, keypair(tmp_path, "eve"), "ann")
        assert was_refused, said
        again = Ssh(b.port, keypair(tmp_path, "ann"), "ann")  # her own key, on B
        people.append(again)
        again.sees("Welcome, ann")
        cat = PasswordSsh(b.port, "cat")
        people.append(cat)
        cat.sees("New password: ")
        cat.line(PASSWORD)
        cat.sees("The same password again: ")
        cat.line(PASSWORD)
        cat.sees("Welcome, cat")
        back = PasswordSsh(a.port, "cat")
        people.append(back)
        back.sees(re.escape(messages.net_password_prompt("cat")))
        back.line(PASSWORD)
        back.sees("Welcome, cat")
        # removing cat: on the cluster, not in one server's copy
        alone = users("remove", "cat", "--data", str(a.data))
        assert alone.returncode == 2
        assert alone.stderr.strip().endswith(messages.users_cluster_copy("cat")), alone.stderr
        done = users("remove", "cat", "--data", str(a.data), "--cluster", nats_cluster.url)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == messages.users_removed("cat")

        async def forgotten() -> None:
            listed = users("list", "--data", str(b.data)).stdout
            assert "ann" in listed and "cat" not in listed, listed

        asyncio.run(until(forgotten, WAIT))
    finally:
        for person in people:
            person.close()
        errors = a.stop() + b.stop()
    assert errors == ""
