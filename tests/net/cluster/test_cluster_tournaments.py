"""Tournaments shared by the servers of a cluster (``cluster.tournaments``), on a real
three-node NATS cluster: servers in one process, each its own accounts file (a copy) and
its own lobby over its own connection to another node.

- a tournament made on one server is listed on the other, and a person signs up there;
  two made at once on two servers take two numbers;
- the last place asked for at once on two servers: exactly one has it, on both;
- a round planned by a server that then stops answering (its tables not made) is taken
  over by another, which makes its tables and seats its people; a table the dead maker
  had made (another server holds it now) is written, not made again;
- a table's places counted on one server (where it ended) plan the next round there,
  and the last round's end is the same standings on both;
- a tournament a server had alone is offered to the cluster as it joins;
- a forged entry (a key not its record's, a record that is none) changes nothing;
- over the real OpenSSH client, on two real ``serve --cluster`` servers: a tournament
  made on A, signed up for from B (full: it begins), each person told their table on
  their own server, its match played to its end, both told the final standings, found
  alike with ``tournament 1`` on either.

Every wait polls, bounded generously."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cluster_copies import Servers, arrives, run
from nats_cluster import NatsCluster, nats_cluster
from net_ssh import Server, Ssh, ends_at_once, keypair

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster import tournaments as shared_module
from uno_access.net.cluster.far import listed_table
from uno_access.net.cluster.tournaments import SharedTournaments, key_of
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.tables import Lobby
from uno_access.net.server.tournament_record import Record, Slot, State
from uno_access.net.server.tournaments import SWISS, Tournaments

__all__ = ["nats_cluster"]  # the fixture, used by name

QUICK = "standard,hand_size=2,target_score=1"
SPEC = "standard,hand_size=1,target_score=1"  # over ssh: a match of one play


async def server(servers: Servers, name: str) -> Accounts:
    """Server ``name`` (its id the same), its lobby's tournaments the cluster's."""
    js, accounts = await servers.joined(name)
    lobby = Lobby(asyncio.get_running_loop(), seed=7, pace=0)
    lobby.results = accounts.results
    lobby.tournaments = accounts.tournaments
    accounts.tournaments.lobby = lobby
    client = servers.clients[-1]
    servers.parts.append(await SharedTournaments.start(client, js, accounts, name))
    return accounts


def _ended(tournaments: Tournaments, number: int, tab: int, places: list[int]) -> None:
    """Table ``tab`` of tournament ``number`` ended with these places on the server of
    ``tournaments`` (where the table was held as it ended)."""
    table = SimpleNamespace(tournament=number, number=tab)
    tournaments.table_ended(table, places)  # type: ignore[arg-type]


def _names(tournaments: Tournaments, number: int) -> list[str]:
    found = tournaments.get(number)
    return [] if found is None else [e.name for e in found.entrants]


def test_a_tournament_made_on_one_server_is_signed_up_for_on_the_other(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = (await server(servers, "a")).tournaments
        b = (await server(servers, "b")).tournaments
        number = await a.made("ann", SWISS, 2, 1, QUICK, 4, None)
        await arrives(lambda: [t.number for t in b.listed()] == [number])
        assert await b.joined(number, "bob")
        assert not await b.joined(number, "BOB")  # once
        await arrives(lambda: _names(a, number) == ["bob"])
        both = await asyncio.gather(
            a.made("cat", SWISS, 2, 1, QUICK, 4, None), b.made("dan", SWISS, 2, 1, QUICK, 4, None)
        )
        assert sorted(both) == [number + 1, number + 2]
        await arrives(lambda: len(a.listed()) == len(b.listed()) == 3)

    run(nats_cluster, tmp_path, body)


def test_the_last_place_asked_for_at_once_on_two_servers_goes_to_one(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = (await server(servers, "a")).tournaments
        b = (await server(servers, "b")).tournaments
        for n in range(3):
            number = await a.made(f"host{n}", SWISS, 2, 1, QUICK, 3, 4_000_000_000.0)
            assert await a.joined(number, "ann") and await a.joined(number, "bob")
            await arrives(lambda: len(b.get(number).entrants) == 2)  # type: ignore[union-attr]  # noqa: B023
            got = await asyncio.gather(a.joined(number, "cat"), b.joined(number, "dan"))
            assert sorted(got) == [False, True], got
            for side in (a, b):
                await arrives(lambda: len(side.get(number).entrants) == 3)  # type: ignore[union-attr]  # noqa: B023

    run(nats_cluster, tmp_path, body)


def test_a_round_whose_maker_stopped_answering_is_made_by_another_server(
    nats_cluster: NatsCluster, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setattr(shared_module, "LOOK", 0.2)

    async def body(servers: Servers) -> None:
        b = (await server(servers, "b")).tournaments
        assert b.lobby is not None
        number = await b.made("ann", SWISS, 2, 2, QUICK, 4, 4_000_000_000.0, grace=0.0)
        for name in ("ann", "bob", "cat", "dan"):
            assert await b.joined(number, name)
        assert await b.begun(number)  # planned by b: made by b
        await arrives(lambda: not b.load(number).planned())  # type: ignore[union-attr]
        record = b.load(number)
        assert record is not None and record.by == "b"
        seated = b.round_tables(number, 1)
        assert [len(seats) for _, seats, _ in seated] == [2, 2]
        assert all(tab in b.lobby.tables for tab, _, _ in seated)
        # round 2 planned by a server that stopped before it made its tables
        bucket = await servers.clients[-1].jetstream(timeout=5).key_value(names.TOURNAMENTS)
        entry = await bucket.get(key_of(number))
        old = Record.read(entry.value or b"")
        assert old is not None
        planned = tuple(Slot(2, -k, s.seats) for k, s in enumerate(old.round_slots(1), 1))
        orphan = replace(old, round=2, tables=old.tables + planned, by="gone")
        await bucket.update(key_of(number), orphan.data(), last=entry.revision)
        await arrives(lambda: [t > 0 for t, _, _ in b.round_tables(number, 2)] == [True, True])
        record = b.load(number)
        assert record is not None and record.by == "b"
        assert all(tab in b.lobby.tables for tab, _, _ in b.round_tables(number, 2))

    run(nats_cluster, tmp_path, body)


def test_a_table_its_dead_maker_made_before_writing_it_is_taken_not_made_again(
    nats_cluster: NatsCluster, tmp_path: Path, monkeypatch: Any
) -> None:
    """The maker made a round's table, then died before writing its number: another
    server took that table over (the directory lists it, with its tournament); the
    server taking the round over writes that table, and makes no second one."""
    monkeypatch.setattr(shared_module, "LOOK", 0.2)

    async def body(servers: Servers) -> None:
        b = (await server(servers, "b")).tournaments
        assert b.lobby is not None
        number = await b.made("ann", SWISS, 2, 1, QUICK, 2, 4_000_000_000.0, grace=0.0)
        assert await b.joined(number, "ann") and await b.joined(number, "bob")
        bucket = await servers.clients[-1].jetstream(timeout=5).key_value(names.TOURNAMENTS)
        entry = await bucket.get(key_of(number))
        old = Record.read(entry.value or b"")
        assert old is not None
        planned = (Slot(1, -1, ("ann", "bob")),)
        orphan = replace(old, state=State.RUNNING, round=1, tables=planned, by="gone")
        listing = {
            "server": "c", "spec": QUICK, "creator": "ann", "stage": "playing",
            "places": [["ann", None, False, None, True], ["bob", None, False, None, True]],
            "code": None, "timer": None, "banned": [], "tournament": number,
        }  # fmt: skip
        held_elsewhere = listed_table(77, listing, asyncio.get_running_loop())
        b.lobby.far = SimpleNamespace(listed=lambda: {77: held_elsewhere})
        before = set(b.lobby.tables)
        await bucket.update(key_of(number), orphan.data(), last=entry.revision)
        await arrives(lambda: b.round_tables(number, 1) == [(77, ["ann", "bob"], False)])
        assert set(b.lobby.tables) == before  # none made here

    run(nats_cluster, tmp_path, body)


def test_places_counted_where_a_table_ended_plan_the_next_round_and_the_end_is_one(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = (await server(servers, "a")).tournaments
        b = (await server(servers, "b")).tournaments
        number = await a.made("ann", SWISS, 2, 2, QUICK, 2, 4_000_000_000.0, grace=0.0)
        assert await a.joined(number, "ann") and await a.joined(number, "bob")
        assert await a.begun(number)
        await arrives(lambda: [t > 0 for t, _, _ in b.round_tables(number, 1)] == [True])
        ((first, _, _),) = b.round_tables(number, 1)
        # the table ends on b (which took it over from a): b counts it, plans and makes
        _ended(b, number, first, [1, 2])
        await arrives(lambda: [t > 0 for t, _, _ in a.round_tables(number, 2)] == [True])
        record = a.load(number)
        assert record is not None and record.by == "b"
        ((second, _, _),) = a.round_tables(number, 2)
        assert b.lobby is not None and second in b.lobby.tables
        _ended(a, number, second, [1, 2])  # and the next on a
        _ended(b, number, second, [1, 2])  # told again after a take-over: counted once
        for side in (a, b):
            await arrives(lambda: side.get(number).state is State.OVER)  # type: ignore[union-attr]  # noqa: B023
        assert a.final(number) == b.final(number) == [(1, "ann", 2), (2, "bob", 0)]

    run(nats_cluster, tmp_path, body)


def test_a_tournament_of_a_server_alone_is_offered_as_it_joins(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        (tmp_path / "a").mkdir()
        alone = Accounts(tmp_path / "a")  # A's file, from before it joined
        number = alone.tournaments.create("ann", SWISS, 2, 1, QUICK, 4, None)
        assert alone.tournaments.sign_up(number, "bob")
        alone.close()
        a = (await server(servers, "a")).tournaments
        b = (await server(servers, "b")).tournaments
        for side in (a, b):
            await arrives(lambda: _names(side, number) == ["bob"])  # noqa: B023

    run(nats_cluster, tmp_path, body)


def test_a_forged_tournament_entry_changes_nothing(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    async def body(servers: Servers) -> None:
        a = (await server(servers, "a")).tournaments
        number = await a.made("ann", SWISS, 2, 1, QUICK, 4, None)
        bucket = await servers.clients[0].jetstream(timeout=5).key_value(names.TOURNAMENTS)
        real = (await bucket.get(key_of(number))).value or b""
        await bucket.put(key_of(number + 5), real)  # a key not its record's
        await bucket.put(key_of(number + 6), b"{not json")
        await bucket.put("t.x", real)
        b = (await server(servers, "b")).tournaments  # reads them all as it joins
        assert [t.number for t in b.listed()] == [number]
        assert [t.number for t in a.listed()] == [number]

    run(nats_cluster, tmp_path, body)


def test_a_tournament_spans_servers_over_real_ssh(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Any]
) -> None:
    names_ = ("ann", "bob")
    # the table is made by A (numbers from 1) or B (from 11): either ends at its first play
    seed, moves = ends_at_once(names_, SPEC, (1, 11))
    how = ("--open", "--seed", str(seed), "--bot-pace", "0", "--cluster", nats_cluster.url)
    a = Server(tmp_path / "a", *how)
    closing.append(a)
    b = Server(tmp_path / "b", *how)
    closing.append(b)
    ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    bob = Ssh(b.port, keypair(tmp_path, "bob"), "bob")
    closing.append(bob)
    ann.prompt()
    bob.prompt()
    ann.line(f"tournament new swiss size=2 rounds=1 players=2 rules={SPEC}")
    ann.told(messages.net_tournament_made(1))
    ann.line("tournament join 1")
    ann.told(messages.net_tournament_joined(1))
    listed = re.escape(messages.tr(messages.NET_TOURNAMENT_NONE))
    for _ in range(100):  # the tournament reaching B's copy
        bob.line("tournaments")
        if bob.child.expect([re.escape("Tournament 1: swiss,"), listed]) == 0:
            break
        time.sleep(0.2)
    else:
        raise AssertionError("tournament 1 never reached B")
    bob.line("tournament join 1")  # full: it begins, its table made on one of them
    bob.told(messages.net_tournament_joined(1))
    seat = re.escape(messages.net_tournament_seat(1, 1, 999)).replace("999", r"(\d+)")
    told = [person.sees(seat) for person in (ann, bob)]  # each told on their own server
    assert told[0] == told[1]
    table = int(re.findall(r"\d+", told[0])[-1])
    mover, play = moves[table]
    for person in (ann, bob):
        person.line(f"join {table}")
    first = {"ann": ann, "bob": bob}[names_[mover]]
    first.sees("Your turn")
    first.typed(play.card.code)
    winner, other = names_[mover], names_[1 - mover]
    for person in (ann, bob):
        person.told(messages.net_tournament_final(1, 1, winner, 1))
        person.told(messages.net_tournament_final(1, 2, other, 0))
    for person in (ann, bob):  # the same standings on both servers
        person.line("tournament 1")
        person.told(messages.net_tournament_standing(1, winner, 1))
        person.told(messages.net_tournament_standing(2, other, 0))
