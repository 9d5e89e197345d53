"""The full client at a table held by another server of the cluster, for real: a real
three-node NATS cluster and three ``uno-access serve --cluster`` servers on 127.0.0.1;
ann over plain ssh on server A (which holds the table), bob in the full client
(``uno-access join``, its data channel) on server B, cid over plain ssh on server C; no
bot, a seeded round played to its end by keys alone (``net_round``).

bob's entries are made on B from its copy of the table's log and reach his client over
the data channel, which renders them itself: so the lines his client printed about ann
alone are the very lines cid's terminal printed about her, in order, and the round's end
is the same sentence; nothing his client received names a card of another hand he never
saw.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import asyncssh
from nats_cluster import NatsCluster, nats_cluster
from net_client import Client, Raw
from net_round import Player, TerminalPlayer, about_alone, play, this_round, wait_for
from net_ssh import CARD, Server, Ssh, hidden_cards, keypair, shown_cards, table_game

from uno_access.access import messages
from uno_access.net.wire import SERVERS_ENV

__all__ = ["nats_cluster"]  # the fixture, used by name

NAMES = ("ann", "bob", "cid")
RULES = "standard,hand_size=3"
SEED = 23  # the seeded round of tests/web/test_web_mixed_table.py


def _as_named(line: str, name: str) -> str:
    """A round-over line with the viewer's "you" read as their own name."""
    line = re.sub(r"\byou win\b", f"{name} wins", line)
    line = re.sub(r"\byou go out\b", f"{name} goes out", line)
    return re.sub(r"\byou\b", name, line)


def _joined(who: Ssh | Client, seat: int) -> None:
    """``join 1`` until the server lists table 1 (held elsewhere, listed a moment later)."""
    for _ in range(50):
        who.line("join 1")
        if who.child.expect([rf"You sit at table 1, seat {seat}\.", "There is no table"]) == 0:
            return
    raise AssertionError("table 1 never listed")


def test_the_full_client_on_another_server_plays_a_round_to_its_end(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Client | Server]
) -> None:
    args = ("--open", "--bot-pace", "0", "--seed", str(SEED), "--cluster", nats_cluster.url)
    a, b, c = (Server(tmp_path / name, *args) for name in "abc")  # A first: table 1 is A's
    closing += [a, b, c]
    ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    bob = Client(b.port, tmp_path / "bob", "bob", timeout=60)
    closing.append(bob)
    cid = Ssh(c.port, keypair(tmp_path, "cid"), "cid")
    closing.append(cid)
    ann.prompt()
    bob.prompt()
    cid.prompt()
    ann.line(f"new {RULES}")
    ann.sees("You made table 1")
    _joined(bob, 2)
    _joined(cid, 3)
    ann.line("start")
    for who in (ann, bob, cid):
        who.sees("UNO against")
    people = (ann, bob, cid)
    players: list[Player] = [TerminalPlayer(n, t) for n, t in zip(NAMES, people, strict=True)]
    moves = play(players, lambda moves: False)
    wait_for("everyone told the round's end", lambda: all(p.round_over() for p in players))

    printed = this_round(cid.lines())
    in_client = this_round(bob.lines())
    expected = about_alone(printed, "ann", ("cid", "bob"))
    assert about_alone(in_client, "ann", ("bob", "cid")) == expected, "bob's client, cid's ssh"
    for kind in (" plays ", " draws "):
        assert any(kind in line for line in expected), f"no line of ann{kind}: {moves}"
    assert _as_named(in_client[-1], "bob") == _as_named(printed[-1], "cid")

    game = table_game(NAMES, RULES, SEED)  # as dealt
    received = bob.text()
    own = {messages.card_name(c) for c in game.state.hands[1] if c.color is not None}
    for line in bob.lines():  # and those he drew ("You draw 2 cards …: Blue 0, Green Skip.")
        if line.startswith("You draw"):
            own |= set(re.findall(CARD, line))
    secret = hidden_cards(game, 1, own | shown_cards([ann.text(), cid.text(), received]))
    assert secret, "the check has cards to look for"
    leaked = sorted(card for card in secret if re.search(rf"\b{card}\b", received))
    assert not leaked, leaked


def test_the_full_client_whose_server_is_killed_connects_to_another_by_itself(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Client | Server]
) -> None:
    """bob's full client on B, at table 1 held by A; B SIGKILLed: the client, told A's
    address as it joined (B's ``servers``), connects to A by itself, says so, and bob is
    back at his seat, his turn and his hand told, and plays on."""
    args = ("--open", "--bot-pace", "0", "--seed", str(SEED), "--cluster", nats_cluster.url)
    a, b = (Server(tmp_path / name, *args) for name in "ab")  # A first: table 1 is A's
    closing += [a, b]
    ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    assert f"127.0.0.1:{a.port}" in asyncio.run(_told_servers(b.port))  # what bob will be told
    bob = Client(b.port, tmp_path / "bob", "bob", timeout=60)
    closing.append(bob)
    bob.prompt()
    ann.prompt()
    ann.line("new standard")
    ann.sees("You made table 1")
    _joined(bob, 2)
    ann.line("start")
    bob.sees("UNO against")
    os.kill(b.process.pid, signal.SIGKILL)  # no goodbye
    bob.told(messages.net_moved(f"127.0.0.1:{a.port}"))  # by itself, to A
    bob.told(messages.net_you_are_back_waited(1, 2))  # at his seat, as he arrives
    bob.sees("Where you are: Your hand, 7 cards")
    bob.sees("Your turn")
    ann.sees("bob is back at the table")
    bob.press("d")  # and plays on, at the table A holds
    ann.sees("bob draws")


async def _told_servers(port: int) -> list[str]:
    """The other servers a data channel on ``port`` is told, once A's is among them (each
    server reads the others' as it renews its presence, every 10 s)."""
    key = asyncssh.generate_private_key("ssh-ed25519")  # one key: one name, "probe"
    older = await Raw.open(port, "probe", key)  # a client that did not say it takes them
    try:
        first = await older.next()
        assert first["t"] == "line", first  # its welcome: no ``servers`` before it
    finally:
        older.conn.close()
    for _ in range(30):
        raw = await Raw.open(port, "probe", key, env={SERVERS_ENV: "1"})
        try:
            told = await raw.next("servers")
        finally:
            raw.conn.close()
        if told["addresses"]:
            return list(told["addresses"])
        await asyncio.sleep(1)
    return []
