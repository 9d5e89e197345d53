"""The server killed (SIGKILL) mid-game and started again on the same data folder: its
tables come back exactly, the lobby lists them, and a player who joins again is told
where they are (the same hand, top card and turn they had) and plays on. The real
``uno-access serve`` and the real OpenSSH client, as in ``test_net_ssh``.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pexpect
from net_ssh import Server, Ssh, keypair, run_script, table_game

from uno_access.access import messages
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.state import Phase

NAMES = ("ann", "Bob")  # ann, then the bot the table names


def _seed() -> tuple[int, Play]:
    """A seed whose table deals ann the first turn and a number card to play on it."""
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


def test_the_server_killed_and_started_again_brings_the_table_back_and_ann_plays_on(
    tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, play = _seed()
    key = keypair(tmp_path, "ann")
    data = tmp_path / "server"
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3")
    server = Server(data, *args)
    closing.append(server)
    ann = Ssh(server.port, key, "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("The bot Bob sits at table 1")
    ann.line("start")
    ann.sees("Your turn")
    ann.typed(play.card.code)
    ann.sees(f"You play {re.escape(messages.card_name(play.card))}")
    ann.sees(r"Bob (plays|draws)")
    ann.sees("Your turn")  # Bob cannot move on her turn: the position holds still
    ann.press("l")
    hand = _line(ann, "Your hand, ")
    ann.press("t")
    top = _line(ann, "Top card: ")

    os.kill(server.process.pid, signal.SIGKILL)  # no goodbye: nothing flushed, nothing closed
    server.process.wait(10)
    ann.child.expect(["closed", pexpect.EOF])
    again = Server(data, *args)
    closing.append(again)
    back = Ssh(again.port, key, "ann")  # she logs in again: back at her seat at once
    closing.append(back)
    back.sees(re.escape(messages.net_you_are_back_waited(1, 1)))
    back.sees(re.escape(messages.NET_SERVER_RESTARTED))
    where = _line(back, "Where you are: ")
    cards = hand.split(" You can play")[0]  # the hand; what she can play, said on L
    assert cards in where and top in where  # the same hand and top card as before
    assert where.endswith("It is your turn.")
    back.press("l")
    assert _line(back, "Your hand, ") == hand  # word for word what she was told before
    back.press("t")
    assert _line(back, "Top card: ") == top
    back.press("d")  # play goes on: she draws, and Bob answers
    back.sees("You draw ")
    back.press("k")  # keeps the card, if it could be played (else the key is refused)
    back.sees(r"Bob (plays|draws)")


def test_the_net_kill_campaign_brings_every_table_back_exactly_after_each_sigkill() -> None:
    """``scripts/net_kill_campaign.py --kills 5``: a bot game killed at five random moments,
    each restart exact, no action lost.
    """
    done = run_script("net_kill_campaign.py", "--kills", "5", timeout=120)
    figures = dict(line.split(": ") for line in done.stdout.splitlines())
    assert figures["kills"] == "5"
    # every table brought back exact: one a kill at least, two where a game had just
    # ended and its next one been made
    assert figures["tables exact"] == figures["tables brought back"]
    assert int(figures["tables brought back"]) >= 5
    assert figures["actions lost"] == "0" and figures["restarts that differ"] == "0"


def test_a_table_not_yet_started_comes_back_after_a_sigkill_with_its_seats(
    tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    keys = {name: keypair(tmp_path, name) for name in ("ann", "eve")}
    data = tmp_path / "server"
    args = ("--open", "--seed", "5", "--bot-pace", "0.3")
    server = Server(data, *args)
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    eve = Ssh(server.port, keys["eve"], "eve")
    closing += [ann, eve]
    ann.prompt()
    ann.line("new speed")
    ann.sees("You made table 1")
    eve.prompt()
    eve.line("join 1")
    eve.sees("You sit at table 1, seat 2")
    ann.line("bot")
    ann.sees("The bot Bob sits at table 1, seat 3")

    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    again = Server(data, *args)
    closing.append(again)
    back = Ssh(again.port, keys["ann"], "ann")
    closing.append(back)
    back.sees(re.escape(messages.net_you_sit(1, 1)))  # her seat, held for her
    back.prompt()
    back.line("tables")
    back.sees(re.escape("Table 1, speed rules, waiting: ann, eve (away), Bob (bot); 7 seats free."))
    eve_back = Ssh(again.port, keys["eve"], "eve")
    closing.append(eve_back)
    eve_back.sees(re.escape(messages.net_you_sit(1, 2)))
    back.sees(re.escape(messages.net_back("eve")))
    back.line("new")
    back.sees(re.escape(messages.net_already_at(1)))
    back.line("start")
    back.sees("UNO against eve and Bob")
    eve_back.sees("UNO against ann and Bob")
