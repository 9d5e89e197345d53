"""People connected to different servers of one cluster sit at one table and play a
round to its end: real ``uno-access serve --cluster`` processes (own folders, free ports,
stopped by pid) on a real three-node NATS cluster, each person over the real OpenSSH
client.

ann, on server A, makes table 1; eve watches it from server C, and bob, on server B,
finds it in B's list (the cluster's directory) and sits there, which ann and eve are told
(eve's private table, made on C first, is listed on B without its code, refused by its
number and joined by it).
bob's entries are made on B, from B's copy of the table's log, eve's on C; bob's
actions, commands and chat go to A, which holds the table (its chat comes back to B and
C through the log). A command and an action of his that the rules refuse are told to him
once, in words, and change nothing. Mid-round A is SIGKILLed at bob's turn: bob and eve
stay connected, bob's move goes to whichever server took the table over, and ann comes
back there to finish the round. Every byte each terminal received is kept, and no card
of another's hand, nor of the draw pile, is in it before it is shown to all. Every wait
polls, bounded; nothing sleeps a fixed time.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from pathlib import Path

import pexpect
from nats_cluster import NatsCluster, nats_cluster, until
from net_ssh import CARD, Server, Ssh, hidden_cards, keypair, shown_cards, table_game
from test_cluster_takeover import _holder

from uno_access.access import messages
from uno_access.engine.actions import Action, Draw, Keep, Play, PlayDrawn
from uno_access.engine.cards import Kind
from uno_access.engine.events import CardsDrawn
from uno_access.engine.game import Game
from uno_access.engine.state import Phase

__all__ = ["nats_cluster"]  # the fixture, used by name

NAMES = ("ann", "bob")
SPEC = "standard,hand_size=2"
MOST_MOVES = 20  # a round this test plays is short: the seed is chosen so
TAKE_OVER_WAIT = 120.0  # seconds for a lease to lapse and be taken (TTL 15 s, a slow machine)


def _policy(game: Game, seat: int) -> Action:
    """What the test has ``seat`` do at its turn: a number card (calling UNO when that is
    listed), else a draw, and a drawn card is kept."""
    legal = game.legal_actions(seat)
    if game.view(seat).phase is Phase.DRAWN:
        return next(a for a in legal if isinstance(a, Keep))
    plays = [a for a in legal if isinstance(a, Play) and a.card.kind is Kind.NUMBER]
    if plays:
        called = [a for a in plays if a.uno]
        return (called or plays)[0]
    return next(a for a in legal if isinstance(a, Draw))


def _round(seed: int) -> list[Action] | None:
    """The moves of table 1's first round under ``_policy`` (None: not a round this test
    plays: it must start on a number card, with ann to move, and end within
    ``MOST_MOVES``, bob drawing and playing)."""
    game = table_game(NAMES, SPEC, seed)
    view = game.view(0)
    if view.phase is not Phase.PLAY or view.current != 0 or view.top.kind is not Kind.NUMBER:
        return None
    moves: list[Action] = []
    while game.view(0).phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        seat = game.view(0).current
        if seat is None or len(moves) >= MOST_MOVES:
            return None
        if game.view(seat).phase not in (Phase.PLAY, Phase.DRAWN):
            return None
        action = _policy(game, seat)
        game.apply(action)
        moves.append(action)
    for kind in (Draw, Play):  # bob both draws and plays
        if not any(isinstance(a, kind) and a.seat == 1 for a in moves):
            return None
    return moves


def _kill_at(moves: list[Action]) -> int | None:
    """The move before which A is killed: bob's, just after one of ann's, with a move of
    ann's still to come (she comes back for it)."""
    for n, action in enumerate(moves):
        after_ann = n > 0 and moves[n - 1].seat == 0
        later = any(then.seat == 0 for then in moves[n:])
        if action.seat == 1 and after_ann and not isinstance(action, Keep) and later:
            return n
    return None


def _seed() -> tuple[int, list[Action], int]:
    for seed in range(1, 2000):
        moves = _round(seed)
        if moves is not None:
            kill = _kill_at(moves)
            if kill is not None:
                return seed, moves, kill
    raise AssertionError("no seed deals a short round")


def _new_holder(servers: list[Server], url: str, dead: Server) -> Server:
    """The living server that took table 1 over from ``dead``."""

    async def found() -> Server:
        holder = await _holder(url, 1)
        assert not holder.endswith(f"-{dead.port}")
        return next(s for s in servers if s is not dead and holder.endswith(f"-{s.port}"))

    return asyncio.run(until(found, timeout=TAKE_OVER_WAIT))


def _listed(who: Ssh, line: str) -> None:
    """``who`` asks their server for its tables until ``line`` (a pattern) is listed."""
    for _ in range(50):
        who.line("tables")
        if who.child.expect([line, "lobby>"]) == 0:
            return
    raise AssertionError(f"{line} never listed")


def _connected(who: Ssh, line: str) -> None:
    """``who`` asks who is connected until ``line`` is the answer (each server tells the
    others who is in its lobby as it changes, within a second or so)."""
    for _ in range(100):
        who.line("who")
        if who.child.expect([re.escape(line), "lobby>"]) == 0:
            return
        time.sleep(0.2)
    raise AssertionError(f"{line} never said")


def _private_elsewhere(eve: Ssh, bob: Ssh) -> None:
    """eve makes a private table on C: B lists it without its code and refuses it by its
    number, and seats bob by its code (he leaves again); eve leaves, and it is gone."""
    eve.line("new private")
    made = eve.sees(r"You made private table \d+ and sit in seat 1\. Its code is [a-z]+")
    found = re.search(r"table (\d+) .* code is ([a-z]+)", made)
    assert found is not None
    number, code = int(found.group(1)), found.group(2)
    _listed(bob, rf"Table {number}, private, standard rules, waiting; ")
    bob.line(f"join {number}")
    bob.told(messages.net_private_needs_code(number))
    bob.line(f"join {code.upper()}")  # in any case, as on one server
    bob.told(messages.net_you_sit(number, 2))
    eve.told(f"bob sits at table {number}, seat 2")
    bob.line("leave")
    bob.told(messages.net_you_left(number))
    eve.line("leave")
    eve.told(messages.net_you_left(number))
    assert code not in bob.text()  # typed by him in capitals, never told him


def test_people_on_two_servers_play_one_table_to_the_rounds_end_through_its_holders_death(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    seed, moves, kill = _seed()
    game = table_game(NAMES, SPEC, seed)
    dealt = table_game(NAMES, SPEC, seed)  # as dealt: every hand, and the pile
    url = nats_cluster.url
    args = ("--open", "--seed", str(seed), "--bot-pace", "0.3", "--cluster", url)
    servers = [Server(tmp_path / folder, *args) for folder in ("a", "b", "c")]
    closing += servers
    a, b, c = servers
    ann_key = keypair(tmp_path, "ann")
    ann = Ssh(a.port, ann_key, "ann")
    closing.append(ann)
    bob = Ssh(b.port, keypair(tmp_path, "bob"), "bob")
    closing.append(bob)
    eve = Ssh(c.port, keypair(tmp_path, "eve"), "eve")  # a spectator, on a third server
    closing.append(eve)
    ann.prompt()
    bob.prompt()
    eve.prompt()
    ann.line("say hello from A")  # one lobby: its chat heard on every server, once
    for who in (ann, bob, eve):
        who.told("ann says: hello from A.")
    _connected(eve, messages.net_who(["ann", "bob", "eve"]))  # one lobby: every server's people
    ann.line(f"new {SPEC}")
    ann.sees("You made table 1")
    _listed(bob, r"Table 1, standard[^\r\n]*: ann;")  # one list: B lists A's table
    _private_elsewhere(eve, bob)
    eve.line("watch 1")
    eve.told(messages.net_you_watch(1))
    bob.line("join 1")
    bob.told(messages.net_you_sit(1, 2))
    ann.told("bob sits at table 1, seat 2")  # A's people are told as A's own are
    eve.told("bob sits at table 1, seat 2")  # and C's, watching it, from its log
    bob.line("start")  # only ann may: A refuses, in words, once
    bob.told(messages.net_only_creator("ann"))
    bob.line("say hi from B")  # the table's chat, before its game: everyone at it hears
    for who in (ann, bob, eve):
        who.told("bob says: hi from B.")
    ann.line("start")
    ann.sees("UNO against bob")
    bob.sees("UNO against ann")
    refused = False
    players = [ann, bob]
    anns = [ann]  # her terminals: the one to A, then the one to the table's new holder
    away = False  # ann, cut off with A, not back yet
    back = False  # ann just back: told where she is, and that it is her turn
    holder = a  # the server holding the table
    for n, action in enumerate(moves):
        seat = action.seat
        if seat == 0 and away:  # she connects to the new holder: back at her seat
            ann = Ssh(holder.port, ann_key, "ann")
            closing.append(ann)
            anns.append(ann)
            players[0] = ann
            ann.told(messages.net_you_are_back_waited(1, 1))
            ann.sees("Where you are: [^\r\n]*It is your turn")
            away = False
        me, other = players[seat], players[1 - seat]
        told = [] if other is ann and away else [other]
        if isinstance(action, Keep):
            if any(isinstance(a, PlayDrawn) for a in game.legal_actions(seat)):
                me.press("k")  # offered; one that does not match is kept by itself
            game.apply(action)
            for who in told:
                who.sees(f"{NAMES[seat]} keeps the card")
            continue
        if not back:
            me.sees("Your turn")
        back = False
        if n == kill:  # A, holding the table, dies; bob on B stays, and plays on
            os.kill(a.process.pid, signal.SIGKILL)
            a.process.wait(10)
            ann.child.expect(["closed", pexpect.EOF])
            away = True
            holder = _new_holder(servers, url, a)
            told = [who for who in told if who is not ann]
        if seat == 0 and not refused:  # bob draws out of turn: refused by A, once
            bob.press("d")
            bob.told("It is not your turn.")
            refused = True
            bob.typed("say good luck")  # the table's chat, during its game, both ways
            for who in (ann, bob, eve):
                who.told("bob says: good luck.")
            ann.typed("say thanks")
            for who in (ann, bob, eve):
                who.told("ann says: thanks.")
        if isinstance(action, Play):
            name = re.escape(messages.card_name(action.card))
            me.typed(f"{action.card.code} uno" if action.uno else action.card.code)
            me.sees(f"You play {name}")
            for who in (*told, eve):
                who.sees(f"{NAMES[seat]} plays {name}")
            game.apply(action)
        else:
            drawn = next(e for e in game.apply(action) if isinstance(e, CardsDrawn))
            me.press("d")
            me.sees(f"You draw {re.escape(messages.card_name(drawn.cards[0]))}")
            for who in told:
                who.sees(f"{NAMES[seat]} draws a card")
    assert game.view(0).phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert len(anns) == 2, "ann came back on the new holder"
    winner = NAMES[moves[-1].seat]
    for who in (*players, eve):
        who.sees(f"The round is over: (you win|{winner} wins) ")
    for who in (*anns, bob, eve):
        who.close()
    assert refused
    assert bob.text().count("It is not your turn.") == 1  # told once
    assert bob.text().count(messages.net_only_creator("ann")) == 1
    # the table's own lines cross servers too, once: the take-over, ann's return
    assert bob.text().count(messages.NET_TABLE_TAKEN_OVER) == 1
    assert bob.text().count(messages.net_back("ann")) == 1
    texts = ["".join(who.text() for who in anns), bob.text(), eve.text()]
    played = shown_cards(texts[:2])
    for seat, seen in ((0, texts[0]), (1, texts[1]), (-1, texts[2])):
        hand = dealt.state.hands[seat] if seat >= 0 else []
        own = {messages.card_name(c) for c in hand if c.color is not None}
        own |= set(re.findall(rf"You draw ({CARD})", seen))
        secret = hidden_cards(dealt, seat, own | played)
        assert secret, "the check has cards to look for"
        leaked = sorted(n for n in secret if re.search(rf"\b{n}\b", seen))
        assert not leaked, (seat, leaked)


def test_a_person_whose_server_dies_has_their_seat_held_and_takes_it_back_from_another(
    nats_cluster: NatsCluster, tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    """bob sits at ann's table (held by A) from B, and B is SIGKILLed mid-game: A finds
    B gone (it answers no ping) and holds bob's seat as for a dropped connection, ann
    told so, the cluster's list saying so; bob connects to C and is back at his seat at
    once, and play goes on, A still holding the table."""
    seed, moves, _ = _seed()  # ann moves first
    args = ("--open", "--seed", str(seed), "--cluster", nats_cluster.url)
    servers = [Server(tmp_path / folder, *args) for folder in ("a", "b", "c")]
    closing += servers
    a, b, c = servers
    bob_key = keypair(tmp_path, "bob")
    ann = Ssh(a.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    bob = Ssh(b.port, bob_key, "bob")
    closing.append(bob)
    ann.prompt()
    bob.prompt()
    ann.line(f"new {SPEC}")
    ann.sees("You made table 1")
    bob.line("join 1")
    bob.told(messages.net_you_sit(1, 2))
    ann.line("start")
    ann.sees("Your turn")
    bob.sees("UNO against ann")
    os.kill(b.process.pid, signal.SIGKILL)  # no goodbye: bob's seat is A's to notice
    b.process.wait(10)
    ann.told(messages.net_dropped("bob"))
    cy = Ssh(c.port, keypair(tmp_path, "cy"), "cy")  # C lists bob's seat as held
    closing.append(cy)
    cy.prompt()
    _listed(cy, re.escape(f"ann, {messages.net_away_name('bob', False)};"))
    bob = Ssh(c.port, bob_key, "bob")  # he comes in on C: back at his seat at once
    closing.append(bob)
    bob.told(messages.net_you_are_back_waited(1, 2))
    ann.told(messages.net_back("bob"))
    bob.sees("Where you are: ")
    first = moves[0]
    assert first.seat == 0
    ann.press("d")  # play goes on at A, and bob, on C, is told
    bob.sees("ann draws a card")
