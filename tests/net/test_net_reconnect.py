"""The full client's connection cut mid-game and restored: it says so once, connects again
by itself, asks for what came after the last entry it received, tells each missed event
once, then where the player is. ``uno-access join`` in a pseudo-terminal, through a TCP
proxy on 127.0.0.1 that the test cuts and opens again, while bob plays on over plain ssh.
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pexpect
import pytest
from net_client import Client
from net_proxy import Proxy
from net_ssh import Server, Ssh, keypair, table_game

from uno_access.access import messages
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.state import Phase
from uno_access.net import client
from uno_access.net.wire.notices import Connection, Notice
from uno_access.net.wire.said import worded

NAMES = ("ann", "bob")


def _seed() -> tuple[int, Play]:
    """A seed whose table deals ann the first move, a number card."""
    for seed in range(1, 500):
        game = table_game(NAMES, "standard", seed)
        view = game.view(0)
        if view.current != 0 or view.phase is not Phase.PLAY:
            continue
        for action in game.legal_actions(0):
            if isinstance(action, Play) and action.card.kind is Kind.NUMBER and not action.uno:
                return seed, action
    raise AssertionError("no seed deals ann a first play")


def _at_a_table_behind_a_proxy(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> tuple[Server, Proxy, Client]:
    """ann's full client, through a proxy that can cut her connection, at table 1 with a
    bot, her turn come."""
    seed, _ = _seed()
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    proxy = Proxy(server.port)
    closing.append(proxy)
    ann = Client(proxy.port, tmp_path / "ann", "ann")
    closing.append(ann)
    ann.sees("lobby>")
    ann.line("new standard")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1, seat 2")
    ann.line("start")
    ann.sees("Your turn")
    return server, proxy, ann


def test_the_client_cut_mid_game_reconnects_and_tells_each_missed_event_once_then_where_it_is(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> None:
    seed, play = _seed()
    server = Server(tmp_path / "server", "--open", "--seed", str(seed))
    closing.append(server)
    proxy = Proxy(server.port)
    closing.append(proxy)
    ann = Client(proxy.port, tmp_path / "ann", "ann")
    closing.append(ann)
    bob = Ssh(server.port, keypair(tmp_path, "bob"), "bob")
    closing.append(bob)
    ann.sees("lobby>")
    ann.line("new standard")
    ann.sees("You made table 1")
    bob.prompt()
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    ann.line("start")
    ann.sees("Your turn")
    ann.typed(play.card.code)
    ann.sees(re.escape(f"You play {messages.card_name(play.card)}."))
    bob.sees("Your turn")

    proxy.cut()  # mid-game: bob is to move, ann's connection gone
    ann.sees(re.escape(messages.NET_CONNECTION_LOST))
    bob.sees(re.escape(messages.net_dropped("ann")))
    bob.press("d")
    bob.sees("You draw ")
    bob.press("k")  # keeps it, if it could be played (else it was kept at once)
    bob.typed("say while you were away")
    bob.sees("bob says: while you were away")
    time.sleep(1)  # the client tries again meanwhile, and is refused: the port is closed
    proxy.restore()

    ann.sees(re.escape(messages.NET_BACK_AT_TABLE))
    where = ann.sees(r"Where you are: Your hand, [^\r\n]*")
    assert "Top card: " in where and where.endswith("It is your turn.")
    bob.sees(re.escape(messages.net_back("ann")))
    ann.press("c")  # the game goes on over the new connection
    ann.sees(r"Card check: you 6 cards, bob \d+ cards")
    ann.press("d")
    ann.sees("You draw ")
    ann.typed("wait")  # the host's command, sent from the client and answered to her
    ann.sees(re.escape(messages.NET_NOBODY_AWAY))

    seen = ann.text()
    after = seen.split(messages.NET_CONNECTION_LOST, 1)[1]
    assert seen.count(messages.NET_CONNECTION_LOST) == 1  # told once
    assert after.count(messages.NET_BACK_AT_TABLE) == 1
    missed = after.split(messages.NET_BACK_AT_TABLE, 1)[1].split("Where you are:", 1)[0]
    assert missed.count("bob draws a card") == 1  # each missed event once, in order
    assert missed.count("bob says: while you were away") == 1
    assert missed.index("bob draws a card") < missed.index("bob says")
    assert after.count("bob draws a card") == 1 and after.count("while you were away") == 1


def test_q_leaves_the_game_while_the_client_cannot_reconnect_and_it_comes_back_to_the_lobby(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> None:
    _, proxy, ann = _at_a_table_behind_a_proxy(tmp_path, closing)
    proxy.cut()
    ann.sees(re.escape(messages.NET_CONNECTION_LOST))
    ann.press("q")
    ann.sees("Y")  # the question to confirm
    ann.press("y")
    ann.sees("lobby>")
    proxy.restore()
    ann.sees(re.escape(messages.NET_RECONNECTED))
    ann.sees(re.escape(messages.net_seat_waits(1)))  # she left it: a bot plays it now
    ann.line("tables")
    ann.sees(re.escape("playing: ann (away, a bot plays), Bob (bot)"))
    assert "Your turn" not in ann.text().split(messages.NET_RECONNECTED)[1]
    ann.line("quit")
    ann.child.expect(pexpect.EOF)
    ann.child.close()
    assert ann.child.exitstatus == 0


def test_the_client_connects_again_to_a_server_killed_and_started_again_and_plays_on(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> None:
    seed, play = _seed()
    data = tmp_path / "server"
    server = Server(data, "--open", "--seed", str(seed), "--bot-pace", "0.3")
    proxy = Proxy(server.port)  # the server's address as the client knows it, kept
    closing.append(proxy)
    ann = Client(proxy.port, tmp_path / "ann", "ann")
    closing.append(ann)
    ann.sees("lobby>")
    ann.line("new standard")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1, seat 2")
    ann.line("start")
    ann.sees("Your turn.*F1 for help")
    ann.press("t")
    top = ann.sees(r"Top card: [^\r\n]*")

    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    ann.sees(re.escape(messages.NET_CONNECTION_LOST))
    again = Server(data, "--open", "--seed", str(seed), "--bot-pace", "0.3")
    closing.append(again)
    proxy.target = again.port  # the same address: the server started again behind it
    ann.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
    ann.sees(re.escape(messages.NET_SERVER_RESTARTED))
    where = ann.sees(r"Where you are: [^\r\n]*")
    assert top in where and where.endswith("It is your turn.")
    ann.typed(play.card.code)
    ann.sees(re.escape(f"You play {messages.card_name(play.card)}."))
    ann.sees(r"Bob (plays|draws)")
    assert ann.text().count(messages.NET_CONNECTION_LOST) == 1


def test_a_client_refused_on_its_return_says_so_once_and_goes_on_trying_until_taken_back(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> None:
    server, proxy, ann = _at_a_table_behind_a_proxy(tmp_path, closing)
    proxy.cut()
    ann.sees(re.escape(messages.NET_CONNECTION_LOST))
    key = tmp_path / "ann" / "data" / "uno-access" / "client_key"
    elsewhere = Ssh(server.port, key, "ann")  # ann, with the same key, over plain ssh
    closing.append(elsewhere)
    elsewhere.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
    proxy.restore()
    refused = messages.net_reconnect_refused(messages.NET_ALREADY_CONNECTED)
    ann.sees(re.escape(refused))
    time.sleep(1)  # it goes on trying, refused each time, told once
    elsewhere.close()
    ann.sees(re.escape(messages.NET_BACK_AT_TABLE))
    ann.sees(r"Where you are: [^\r\n]*It is your turn\.")
    assert ann.text().count(refused) == 1


def test_a_server_gone_for_long_is_said_once_and_the_client_goes_on_trying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client, "LONG_GONE", 0.5)  # 10 seconds for a player
    server = Server(tmp_path / "server", "--open")
    link = client.Link()
    link.open("127.0.0.1", server.port, "ann", tmp_path / "ann")
    try:
        assert "Welcome" in worded(link.heard.get(timeout=60).text)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(10)
        told: list[Notice] = []
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and Connection.TRYING not in [n.kind for n in told]:
            told += link.take_notices()
            time.sleep(0.05)
        time.sleep(1.5)  # tries go on meanwhile, not told again
        told += link.take_notices()
        kinds = [notice.kind for notice in told]
        assert kinds == [Connection.LOST, Connection.TRYING], told  # each said once, in order
        assert told[1].why  # with the reason the network gave
        assert messages.net_still_trying(told[1].why).startswith("The server does not answer")
        assert not link.closed.is_set()  # still trying
    finally:
        link.close()


def test_after_a_restart_many_moves_in_the_client_tells_where_you_are_now_and_nothing_again(
    tmp_path: Path, closing: list[Client | Ssh | Server | Proxy]
) -> None:
    """Eight turns played, then the server killed and started again: its log comes back
    whole, and the client tells only the position now (not one from part of the log, which
    arrives over time), and none of the moves it had told before."""
    data = tmp_path / "server"
    server = Server(data, "--open", "--seed", "5", "--bot-pace", "0")
    proxy = Proxy(server.port)
    closing.append(proxy)
    ann = Client(proxy.port, tmp_path / "ann", "ann")
    closing.append(ann)
    ann.sees("lobby>")
    ann.line("new standard")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1, seat 2")
    ann.line("start")
    turn = ann.sees(r"Your turn\. Top card: [^\r\n]*")
    for _ in range(8):  # draw each turn (and keep a card that could be played)
        ann.typed("d")
        if ann.child.expect([r"Your turn\. Top card: [^\r\n]*", "You may play"]) == 1:
            ann.typed("k")
            ann.sees(r"Your turn\. Top card: [^\r\n]*")
        turn = str(ann.child.after)
    before = len(ann.text())
    time.sleep(1)  # a moment at the table before the server dies (no wait on anything)
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    ann.sees(re.escape(messages.NET_CONNECTION_LOST))
    proxy.trickle = 0.02  # the log comes back over a slow link: over a few seconds
    again = Server(data, "--open", "--seed", "5", "--bot-pace", "0")
    closing.append(again)
    proxy.target = again.port
    where = ann.sees(r"Where you are: [^\r\n]*")
    again_turn = ann.sees(r"Your turn\. Top card: [^\r\n]*")
    top, held = re.search(r"Top card: (.*)\. You hold (\d+) cards", turn).groups()  # type: ignore[union-attr]
    assert f"Top card: {top}" in where and f"Your hand, {held} cards" in where
    assert again_turn.startswith(turn)  # the same turn, told again as the game's now
    after = ann.text()[before:]
    assert "You draw" not in after and "Bob plays" not in after and "Bob draws" not in after
