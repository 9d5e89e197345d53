"""A table's server SIGKILLed mid-game, and the table goes on on another server of the
cluster, exactly: real ``uno-access serve --cluster`` processes (own folders, free ports,
stopped by pid) on a real three-node NATS cluster, and a person over the real OpenSSH
client, as in ``test_net_restart``.

ann plays against the bot Bob at table 1 of server A. At each kill the server holding
the table (its lease's holder) is SIGKILLed at ann's turn; another server takes the
lease once it lapses, rebuilds the table from the stream and holds her seat; ann logs in
there and is told where she is: the very hand, top card and turn she was told before.
She draws, Bob answers, and the next kill follows (the killed server started again, so
that two are always there to take the table). At the end the table's log on the stream
holds each of her draws once, one take-over mark per kill, and rebuilds the position she
was last told. Every wait polls, bounded generously; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pexpect
from nats_cluster import NatsCluster, nats_cluster, until
from net_ssh import Server, Ssh, keypair, table_game

from uno_access.access import messages
from uno_access.engine.actions import Draw, Play
from uno_access.engine.cards import Kind
from uno_access.engine.state import Phase
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect
from uno_access.net.cluster.entries import HELD, KIND
from uno_access.net.cluster.readback import TableLog, read_table

__all__ = ["nats_cluster"]  # the fixture, used by name

NAMES = ("ann", "Bob")  # ann, then the bot the table names
KILLS = 3
TAKE_OVER_WAIT = 120.0  # seconds for a lease to lapse and be taken (TTL 15 s, a slow machine)


def _seed() -> tuple[int, Play]:
    """A seed whose table 1 deals ann the first turn and a number card to play on it."""
    for seed in range(1, 500):
        game = table_game(NAMES, "standard", seed)
        view = game.view(0)
        if view.current != 0 or view.phase is not Phase.PLAY:
            continue
        plays = [
            a for a in game.legal_actions(0) if isinstance(a, Play) and a.card.kind is Kind.NUMBER
        ]
        if plays:
            return seed, plays[0]
    raise AssertionError("no seed deals ann a first play")


def _line(who: Ssh, start: str) -> str:
    return who.sees(re.escape(start) + r"[^\r\n]*")


async def _holder(url: str, number: int) -> str:
    """The server holding table ``number``'s lease now (raises while no one does)."""
    from nats.js.errors import KeyNotFoundError

    client = await connect(url.split(","))
    try:
        kv = await client.jetstream(timeout=5).key_value(names.LEASES)
        try:
            entry = await kv.get(names.lease_key(number))
        except KeyNotFoundError:
            raise AssertionError("no one holds it") from None
        return (entry.value or b"").decode()
    finally:
        await close(client)


async def _log(url: str, number: int) -> tuple[TableLog, list[str]]:
    """Table ``number``'s log read back, and the kinds of its entries in order."""
    client = await connect(url.split(","))
    try:
        js = client.jetstream(timeout=5)
        log = await read_table(js, number)
        kinds = []
        subscription = await js.subscribe(
            names.log_subject(number), stream=names.STREAM, ordered_consumer=True
        )
        try:
            for _ in range(log.entries):
                message = await subscription.next_msg(timeout=5)
                kinds.append((message.headers or {}).get(KIND, ""))
        finally:
            await subscription.unsubscribe()
        return log, kinds
    finally:
        await close(client)


def _owner(servers: list[Server], url: str, dead: str = "") -> Server:
    """The running server holding table 1 (once someone other than ``dead`` does)."""

    async def found() -> Server:
        holder = await _holder(url, 1)
        assert holder != dead
        return next(
            s for s in servers if s.process.poll() is None and holder.endswith(f"-{s.port}")
        )

    return asyncio.run(until(found, timeout=TAKE_OVER_WAIT))


def _first_move(ann: Ssh, play: Play, rules: str = "") -> tuple[str, str]:
    """ann makes table 1 (with ``rules``, the standard ones by default), seats the bot Bob,
    starts, plays ``play`` (``_seed``'s) and waits for her next turn: her hand and the top
    card then (``_at_her_turn``)."""
    ann.prompt()
    ann.line(f"new {rules}".rstrip())
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("The bot Bob sits at table 1")
    ann.line("start")
    ann.sees("Your turn")
    ann.typed(play.card.code)
    ann.sees(f"You play {re.escape(messages.card_name(play.card))}")
    ann.sees(r"Bob (plays|draws)")
    ann.sees("Your turn")
    return _at_her_turn(ann)


def _at_her_turn(ann: Ssh) -> tuple[str, str]:
    """At ann's turn (the position holds still: Bob cannot move on it), what she is told
    of her hand (L) and the top card (T)."""
    ann.press("l")
    hand = _line(ann, "Your hand, ")
    ann.press("t")
    top = _line(ann, "Top card: ")
    return hand, top


def test_a_table_whose_server_is_sigkilled_goes_on_exactly_on_another_each_time(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, play = _seed()
    key = keypair(tmp_path, "ann")
    url = nats_cluster.url
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3", "--cluster", url)
    folders = {name: tmp_path / name for name in ("a", "b", "c")}
    servers = [Server(folder, *args) for folder in folders.values()]
    closing += servers
    first = servers[0]
    ann = Ssh(first.port, key, "ann")
    closing.append(ann)
    hand, top = _first_move(ann, play)
    owner = _owner(servers, url)
    assert owner is first

    for kill in range(KILLS):
        dead = owner
        os.kill(dead.process.pid, signal.SIGKILL)  # no goodbye: nothing flushed, no lease given up
        dead.process.wait(10)
        ann.child.expect(["closed", pexpect.EOF])
        owner = _owner(servers, url, dead=f"-{dead.port}")
        assert owner is not dead
        again = Server(dead.data, *args)  # the killed one back, a new port: two to take it
        closing.append(again)
        servers.append(again)
        ann = Ssh(owner.port, key, "ann")  # she logs in there: back at her seat at once
        closing.append(ann)
        ann.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
        ann.sees(re.escape(messages.NET_TABLE_TAKEN_OVER))
        where = _line(ann, "Where you are: ")
        cards = hand.split(" You can play")[0]
        assert cards in where and top in where, (kill, hand, top, where)
        assert where.endswith("It is your turn.")
        assert _at_her_turn(ann) == (hand, top)  # word for word what she was told before
        ann.press("d")  # play goes on: she draws, and Bob answers
        ann.sees("You draw ")
        ann.press("k")  # keeps the card, if it could be played (else the key is refused)
        ann.sees(r"Bob (plays|draws)")
        ann.sees("Your turn")
        hand, top = _at_her_turn(ann)

    log, kinds = asyncio.run(_log(url, 1))
    assert log.saved is not None and log.state == "playing"
    assert kinds.count(HELD) == KILLS  # one take-over a kill, by the server that won it
    draws = [a for a in log.saved.actions if isinstance(a, Draw) and a.seat == 0]
    assert len(draws) == KILLS  # each draw of hers once: none lost, none doubled
    assert log.saved.actions[0] == play
    game, _ = log.saved.public_events()  # the log's game: the position she was told last
    view = game.view(0)
    assert view.current == 0
    assert f"Your hand, {len(view.hand)} cards" in hand
    assert messages.card_name(view.top) in top
