"""The whole cluster stopped and started, and every table is back: real ``uno-access
serve --cluster`` processes on a real three-node NATS cluster, people over the real
OpenSSH client.

ann plays the bot Bob at table 1 of server A, cid plays the bot Bob at table 11 of
server B (B's numbers are the cluster's second block). Both are at their turn when the game servers
are stopped (SIGTERM: each gives its leases up), then all three NATS nodes (SIGTERM),
each keeping its store folder. The nodes start again on their same ports and folders,
then two game servers on the same data folders (new ports): between them they take both
tables over from the logs, each seat held. ann and cid log in to the server holding
their table and are back at their seat, told the very hand and top card they were told
before the stop, and play on: each draws, the bot answers. Each table's log then holds the
actions it held before the stop, and the one draw more, once. Every wait polls, bounded
generously; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pexpect
from nats_cluster import NatsCluster, nats_cluster, until
from net_ssh import Server, Ssh, keypair, table_game
from test_cluster_takeover import _at_her_turn, _first_move, _holder, _log

from uno_access.access import messages
from uno_access.engine.actions import Draw, Play
from uno_access.engine.cards import Kind
from uno_access.engine.state import Phase
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect

__all__ = ["nats_cluster"]  # the fixture, used by name

BACK_WAIT = 120.0  # seconds for the tables to be taken again (a cluster starting, slowly)
SECOND = 11  # server B's first table: the counter's second block (``holding.BLOCK``)
# the bots: Bob at each table (the first table name, Ann, is too like ann's own, and her
# account is the cluster's: B knows it too)
BOTS = {"ann": "Bob", "cid": "Bob"}


def _seed() -> tuple[int, Play]:
    """A seed whose table 1 deals ann the first turn and a number card to play on it, and
    whose table 11 deals cid the first turn (nothing to choose first)."""
    for seed in range(1, 2000):
        game = table_game(("ann", BOTS["ann"]), "standard", seed)
        view = game.view(0)
        other = table_game(("cid", BOTS["cid"]), "standard", seed, SECOND).view(0)
        if view.current != 0 or view.phase is not Phase.PLAY:
            continue
        if other.current != 0 or other.phase is not Phase.PLAY:
            continue
        plays = [
            a for a in game.legal_actions(0) if isinstance(a, Play) and a.card.kind is Kind.NUMBER
        ]
        if plays:
            return seed, plays[0]
    raise AssertionError("no seed deals both a first turn")


async def _tables(url: str) -> set[int]:
    """The tables listed in the directory ``uno-tables`` (the unfinished ones)."""
    from nats.js.errors import NoKeysError

    client = await connect(url.split(","))
    try:
        kv = await client.jetstream(timeout=5).key_value(names.TABLES)
        try:
            return {int(key) for key in await kv.keys() if key.isdigit()}
        except NoKeysError:
            return set()
    finally:
        await close(client)


def _held_by(servers: list[Server], url: str, number: int) -> Server:
    """The running server of ``servers`` holding table ``number``, once one does."""

    async def found() -> Server:
        holder = await _holder(url, number)
        return next(
            s for s in servers if s.process.poll() is None and holder.endswith(f"-{s.port}")
        )

    return asyncio.run(until(found, timeout=BACK_WAIT))


def _back(server: Server, key: Path, name: str, number: int, told: tuple[str, str]) -> Ssh:
    """``name`` logged in to ``server``: back at table ``number``, told where she is, the
    very hand and top card she was told before; then she draws and the bot answers."""
    person = Ssh(server.port, key, name)
    person.sees(re.escape(messages.net_you_are_back_waited(number, 1)))
    person.sees(re.escape(messages.NET_TABLE_TAKEN_OVER))
    where = person.sees(re.escape("Where you are: ") + r"[^\r\n]*")
    hand, top = told
    assert hand.split(" You can play")[0] in where and top in where, (name, told, where)
    assert where.endswith("It is your turn.")
    assert _at_her_turn(person) == told
    person.press("d")
    person.sees("You draw ")
    person.press("k")  # keeps the card, if it could be played (else the key is refused)
    person.sees(f"{BOTS[name]} (plays|draws)")
    person.sees("Your turn")
    return person


def test_the_whole_cluster_stopped_and_started_brings_every_table_back(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, play = _seed()
    url = nats_cluster.url
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3", "--cluster", url)
    folders = [tmp_path / "a", tmp_path / "b"]
    first, second = (Server(folder, *args) for folder in folders)
    closing += [first, second]
    keys = {name: keypair(tmp_path, name) for name in ("ann", "cid")}

    ann = Ssh(first.port, keys["ann"], "ann")
    closing.append(ann)
    told = {"ann": _first_move(ann, play)}

    cid = Ssh(second.port, keys["cid"], "cid")
    closing.append(cid)
    cid.prompt()
    cid.line("new")
    cid.sees(f"You made table {SECOND}")
    cid.line("bot")
    cid.sees(f"The bot {BOTS['cid']} sits at table {SECOND}")
    cid.line("start")
    cid.sees("Your turn")
    told["cid"] = _at_her_turn(cid)

    before = {number: asyncio.run(_log(url, number))[0] for number in (1, SECOND)}
    assert asyncio.run(_tables(url)) == {1, SECOND}
    for server in (first, second):  # both at once: neither takes the other's tables
        server.process.terminate()
    for server in (first, second):
        closing.remove(server)
        err = server.stop()
        assert "Traceback" not in err, err
    for person in (ann, cid):
        person.child.expect(["closed", pexpect.EOF])
    nats_cluster.stop()
    assert not nats_cluster.urls  # every node down

    nats_cluster.restart()
    assert nats_cluster.url == url  # the same nodes, on their same ports
    servers = [Server(folder, *args) for folder in folders]
    closing += servers

    async def both_listed() -> None:  # JetStream, just back, may list none for a moment
        found = await _tables(url)
        assert found == {1, SECOND}, found

    asyncio.run(until(both_listed, timeout=BACK_WAIT))
    holders = {number: _held_by(servers, url, number) for number in (1, SECOND)}

    for name, number in (("ann", 1), ("cid", SECOND)):
        person = _back(holders[number], keys[name], name, number, told[name])
        closing.append(person)
        log, _ = asyncio.run(_log(url, number))
        assert log.saved is not None and log.state == "playing"
        earlier = before[number].saved
        assert earlier is not None
        # every action from before the stop, in order, then her draw (and Bob's answer)
        assert log.saved.actions[: len(earlier.actions)] == earlier.actions, name
        after = log.saved.actions[len(earlier.actions) :]
        draws = [a for a in after if isinstance(a, Draw) and a.seat == 0]
        assert len(draws) == 1, (name, after)  # her draw once: not lost, not doubled
        game, _ = log.saved.public_events()
        view = game.view(0)
        assert view.current == 0
        hand, top = _at_her_turn(person)
        assert f"Your hand, {len(view.hand)} cards" in hand
        assert messages.card_name(view.top) in top
