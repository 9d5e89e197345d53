"""The turn timer of a table (``timer SECONDS``, off by default, set by the host): at a
person's turn it runs, the player alone is warned once before the end, and when it runs
out the turn is passed for them as the rules allow (a card drawn, and kept), everyone
told; those actions are saved as any other, so the table brought back after a restart
is exact. End to end with the real ``uno-access serve`` and OpenSSH client, and on the
server's own tables with a real event loop and the real SQLite file.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
from pathlib import Path

import pexpect
import pytest
from net_ssh import Server, Ssh, keypair, table_game

from uno_access.access import messages
from uno_access.engine.actions import Accept, ChooseColor, Draw, Keep, Play, PlayDrawn
from uno_access.engine.cards import Card, Color
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, Stage
from uno_access.net.server.timer import passed_turn, warning_left
from uno_access.net.wire import SPECTATOR, Entry
from uno_access.net.wire.said import worded

NAMES = ("ann", "bob")


def _seed() -> int:
    """A seed whose table deals ann (seat 1) the first turn, to play or draw."""
    for seed in range(1, 500):
        view = table_game(NAMES, "standard", seed).view(0)
        if view.current == 0 and view.phase is Phase.PLAY:
            return seed
    raise AssertionError("no seed deals ann the first turn")


def test_the_turn_timer_warns_the_player_then_passes_the_turn_and_tells_everyone(
    tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    data = tmp_path / "server"
    args = ("--open", "--seed", str(_seed()), "--bot-pace", "0.3")
    server = Server(data, *args)
    closing.append(server)
    ann = Ssh(server.port, keypair(tmp_path, "ann"), "ann")
    bob = Ssh(server.port, keypair(tmp_path, "bob"), "bob")
    closing += [ann, bob]
    ann.prompt()
    bob.prompt()
    ann.line("new")
    ann.sees("You made table 1")
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    bob.line("timer 10")  # only the host sets it
    bob.sees(re.escape(messages.net_timer_only_host("ann")))
    ann.line("timer 2")
    ann.sees(re.escape(messages.net_timer_values(5, 600)))
    ann.line("timer 5")
    ann.sees(re.escape(messages.net_timer_set(1, 5)))
    bob.sees(re.escape(messages.net_timer_set(1, 5)))
    assert _listed(bob).endswith(messages.net_table_timer(5))
    ann.line("start")
    ann.sees("Your turn")
    ann.sees(re.escape(messages.net_timer_warning(warning_left(5))))  # once, to her alone
    ann.sees(re.escape(messages.net_time_ran_out("ann", you=True)))
    ann.sees("You draw ")
    bob.sees(re.escape(messages.net_time_ran_out("ann", you=False)))
    bob.sees("ann draws a card")
    bob.sees("Your turn")
    bob.sees(re.escape(messages.net_timer_warning(warning_left(5))))  # his turn is timed too
    assert messages.net_timer_warning(warning_left(5)) not in _before_first(bob, "Your turn")
    bob.press("d")  # he draws in time
    bob.sees("You draw ")
    bob.press("k")
    assert ann.text().count(messages.net_timer_warning(warning_left(5))) == 1

    os.kill(server.process.pid, signal.SIGKILL)  # the timer's moves are saved as any other
    server.process.wait(10)
    ann.child.expect(["closed", pexpect.EOF])
    with sqlite3.connect(data / TABLES_NAME) as db:
        rows = [json.loads(a) for (a,) in db.execute("SELECT action FROM actions ORDER BY n")]
        setup = json.loads(db.execute("SELECT setup FROM tables").fetchone()[0])
    assert rows[0] == {"seat": 0, "act": "draw", "timeout": True}, rows
    assert setup["timer"] == 5
    again = Server(data, *args)
    closing.append(again)
    back = Ssh(again.port, keypair(tmp_path, "ann"), "ann")
    closing.append(back)
    back.sees(re.escape(messages.net_you_are_back_waited(1, 1)))  # back at her seat
    back.sees(re.escape(messages.NET_SERVER_RESTARTED))


def _listed(who: Ssh) -> str:
    who.line("tables")
    return who.sees(r"Table 1,[^\r\n]*")


def _before_first(who: Ssh, text: str) -> str:
    seen = who.text()
    return seen[: seen.index(text)]


def _kept(entries: list[Entry]) -> list[tuple[object, ...]]:
    """A log as a restart brings it back: without the warnings (said once, not saved),
    nor the entries that were another's warning; the sequence numbers aside.
    """
    warnings = {messages.net_timer_warning(n) for n in range(1, 11)}
    return [
        (e.events, e.view, e.legal, _said(e))
        for e in entries
        if _said(e) not in warnings and (e.line is not None or e.events)
    ]


@pytest.mark.parametrize("seed", [2, 9])
def test_a_table_whose_turns_the_timer_passed_comes_back_exactly_from_its_saved_rows(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop, seed: int
) -> None:
    said: list[str] = []
    store = TableStore(tmp_path / TABLES_NAME, said.append)
    lobby = Lobby(loop, seed=seed, pace=0, journal=store)
    table = lobby.new_table("ann", RuleSet.from_spec("standard"), "standard")
    table.sit("ann")
    table.sit("bob")
    table.turn_seconds = 2  # nobody moves: every turn is passed by the timer
    table.start()
    loop.run_until_complete(asyncio.sleep(7.2))
    assert table.game is not None and table.stage is Stage.PLAYING
    ran_out = [
        e for e in table.entries(SPECTATOR, 1) if e.line and "time ran out" in worded(e.line)
    ]
    assert len(ran_out) >= 3, ran_out
    warned = [e for e in table.entries(0, 1) if _said(e) == messages.net_timer_warning(1)]
    assert warned and not any(  # a warning is for the player alone
        _said(e) == messages.net_timer_warning(1) for e in table.entries(SPECTATOR, 1)
    )
    store.close()  # as a SIGKILL leaves it

    again = Lobby(later, seed=seed, pace=0)
    back = TableStore(tmp_path / TABLES_NAME, said.append).restore(again)
    assert said == [] and [t.number for t in back] == [table.number]
    copy = again.tables[table.number]
    assert copy.game is not None and copy.turn_seconds == 2
    assert copy.game.state == table.game.state
    for viewer in (0, 1, SPECTATOR):
        restored = copy.entries(viewer, 1)
        assert _said(restored[-1]) == messages.NET_SERVER_RESTARTED
        assert _kept(restored[:-1]) == _kept(table.entries(viewer, 1))


def test_a_passed_turn_takes_the_cards_owed_or_draws_then_keeps() -> None:
    blue = ChooseColor(0, Color.BLUE)
    assert passed_turn([Play(0, Card.from_code("b7")), Draw(0)]) == Draw(0)
    assert passed_turn([PlayDrawn(0), Keep(0)]) == Keep(0)
    assert passed_turn([PlayDrawn(0)]) == PlayDrawn(0)  # a drawn card the rules make be played
    assert passed_turn([Play(0, Card.from_code("wi+4")), Accept(0)]) == Accept(0)
    assert passed_turn([blue, ChooseColor(0, Color.RED)]) == blue  # a Wild turned up first
    assert passed_turn([]) is None


def _said(entry: Entry) -> str | None:
    """An entry's line as it is told (in English, here)."""
    return None if entry.line is None else worded(entry.line)
