"""What keeps the server quick with many tables (issue 18, ``scripts/bench_net.py``): a
bot thinks off the event loop (a hard one in a worker process, choosing exactly as it
would in the server's), a table's lines of one turn of the loop go out in one
write, the tables file is synced to the disk apart from the actions, the server holds
as many connections as its hard limit of open files allows and speaks the cheap
ciphers. And the bench itself, run with tiny numbers, prints its figures (speed is
measured there, never asserted here).
"""

from __future__ import annotations

import asyncio
import random
import re
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from net_ssh import FIGURE, ROOT, run_script

from uno_access.bots import make_bot
from uno_access.bots.base import Watcher, tell
from uno_access.bots.hard import HardBot
from uno_access.engine.actions import QUERIES, Action, CallUno, Catch, JumpIn
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase, PlayerView
from uno_access.net.server.data import DataSession
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, Replay, ServerTable
from uno_access.net.server.thinkers import NICE, Thinkers

_OUT_OF_TURN = (Catch, CallUno, JumpIn)
THINK = 0.4  # seconds the slow bot takes a move
SERVE = ("serve", "--port", "0", "--open", "--data")
TINY = (  # the bench's smallest run: 2 people and a bot at each of 2 tables, twice, each
    # way (plain ssh, then the data channel), then 6 idle connections
    *("--players", "4", "--tables", "2", "--bots", "1", "--seconds", "3", "--rounds", "2"),
    *("--think", "0.2", "--bot-pace", "0.1", "--idle", "6", "--idle-ssh", "2"),
    *("--clients", "1", "--drivers", "1", "--settle", "1"),
)


class SlowBot:
    """A bot that takes ``THINK`` seconds a move, as the hard bot may; or, given a
    ``gate``, thinks until the gate opens (at most 30 s)."""

    needs_view = False

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.began: list[float] = []
        self.threads: list[int] = []
        self.gate = gate
        self.finished = 0

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        self.began.append(time.perf_counter())
        self.threads.append(threading.get_ident())
        if self.gate is None:
            time.sleep(THINK)
        else:
            self.gate.wait(30)
        self.finished += 1
        return next((a for a in legal if not isinstance(a, _OUT_OF_TURN + QUERIES)), None)


def _table(loop: asyncio.AbstractEventLoop, store: TableStore | None = None) -> ServerTable:
    table = Lobby(loop, seed=3, pace=0, journal=store).new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.add_bot("normal")
    table.start()
    return table


def test_a_bot_thinks_off_the_event_loop_and_its_move_is_applied_on_it(
    loop: asyncio.AbstractEventLoop,
) -> None:
    table = _table(loop)
    gate = threading.Event()
    bot = SlowBot(gate)
    table._bots[1] = bot
    table._watching = []
    thinking: list[bool] = []  # whether the bot was still thinking as the loop went on

    async def play() -> None:
        game = table.game
        assert game is not None
        while not bot.began:  # ann plays her turns until the bot is to move
            view = game.view(0)
            legal = [a for a in game.legal_actions(0) if not isinstance(a, QUERIES)]
            turn = [a for a in legal if not isinstance(a, _OUT_OF_TURN)]
            if view.current == 0 and turn:
                table.send(0, turn[0])
            await asyncio.sleep(0.001)
        before = table.latest(0)
        for _ in range(3):  # the loop goes on while the bot thinks (held, it could not)
            await asyncio.sleep(0)
        thinking.append(bot.finished == 0)
        gate.set()  # the bot may choose now
        while table.latest(0) == before:
            await asyncio.sleep(0.005)

    loop.run_until_complete(asyncio.wait_for(play(), 60))
    assert thinking == [True]  # the loop was not held for the bot's think
    assert bot.threads[0] != threading.get_ident()  # it thought in a worker thread
    last = table.entries(0, table.latest(0))[-1]
    assert any(getattr(e, "seat", None) == 1 for e in last.events)  # its move, applied


def test_a_bots_choice_is_not_applied_when_the_table_moved_while_it_thought(
    loop: asyncio.AbstractEventLoop,
) -> None:
    saved: list[tuple[float, Action]] = []

    class Journal:
        def started(self, table: ServerTable) -> None:
            pass

        def changed(self, table: ServerTable) -> None:
            pass

        def rejected(self, table: ServerTable) -> None:
            pass

        def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
            saved.append((time.perf_counter(), action))  # as it is about to be applied

        def ended(self, table: ServerTable) -> None:
            pass

        def replay(self, number: int) -> Replay | None:
            return None

    table = _table(loop)
    table.journal = Journal()
    bot = SlowBot()
    table._bots[1] = bot
    table._watching = []

    async def play() -> None:
        game = table.game
        assert game is not None
        while not bot.began:
            view = game.view(0)
            turn = [
                a
                for a in game.legal_actions(0)
                if not isinstance(a, QUERIES + _OUT_OF_TURN) and view.current == 0
            ]
            if turn:
                table.send(0, turn[0])
            await asyncio.sleep(0.001)
        table.line("ann says: wait")  # the table moves on while the bot thinks
        while not any(action.seat == 1 for _, action in saved):
            await asyncio.sleep(0.005)

    loop.run_until_complete(asyncio.wait_for(play(), 30))
    first = next(at for at, action in saved if action.seat == 1)
    assert len(bot.began) >= 2  # asked again, for the table as it now is
    assert first >= bot.began[1] + THINK * 0.9  # its first choice, for before, dropped


def test_a_remembering_bot_hears_what_happened_while_it_thought_after_in_order(
    loop: asyncio.AbstractEventLoop,
) -> None:
    heard: list[tuple[int, bool]] = []

    class SlowWatcher(SlowBot):
        choosing = False

        def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
            self.choosing = True
            try:
                return super().choose(view, legal)
            finally:
                self.choosing = False

        def observe(self, seat: int, events: Any, sizes: Sequence[int]) -> None:
            heard.append((len(list(events)), self.choosing))

    table = _table(loop)
    bot = SlowWatcher()
    table._bots[1] = bot
    table._watching = [(1, bot)]

    async def play() -> None:
        game = table.game
        assert game is not None
        while not bot.began:
            view = game.view(0)
            turn = [
                a
                for a in game.legal_actions(0)
                if not isinstance(a, QUERIES + _OUT_OF_TURN) and view.current == 0
            ]
            if turn:
                table.send(0, turn[0])
            await asyncio.sleep(0.001)
        told = len(heard)
        table._append(())  # an entry logged while it thinks (as an action applied then)
        table._append(())
        assert len(heard) == told  # not told yet: it is thinking
        while len(heard) < told + 2:
            await asyncio.sleep(0.005)

    loop.run_until_complete(asyncio.wait_for(play(), 30))
    assert heard[-2:] == [(0, False), (0, False)]  # told both, in order, once it was done
    assert not any(choosing for _, choosing in heard)  # never while it chose


def test_the_lines_of_one_turn_of_the_loop_go_out_in_one_write_and_before_an_exit(
    loop: asyncio.AbstractEventLoop,
) -> None:
    calls: list[tuple[str, Any]] = []

    class Channel:
        def write(self, data: str) -> None:
            calls.append(("write", data))

        def exit(self, status: int) -> None:
            calls.append(("exit", status))

    async def run() -> None:
        lobby = Lobby(loop)
        session = DataSession(lobby, "ann", Channel())
        for n in range(3):
            session.send({"t": "line", "text": f"line {n}"})
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        lobby.people["bob"] = lambda line: None
        DataSession(lobby, "bob", Channel()).start()  # already connected: refused, ended

    loop.run_until_complete(run())
    assert [kind for kind, _ in calls] == ["write", "write", "exit"]
    assert calls[0][1].count("\n") == 3 and "line 2" in calls[0][1]
    assert '"refused"' in calls[1][1] and calls[2] == ("exit", 1)


def test_an_action_is_committed_without_a_sync_and_the_file_is_synced_apart(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    said: list[str] = []
    store = TableStore(tmp_path / TABLES_NAME, said.append)
    assert store._db is not None
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: no fsync
    _table(loop, store)  # its setup written
    deadline = time.monotonic() + 10
    while store.syncer.syncs == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert store.syncer.syncs >= 1  # the write-ahead log synced, by the store's thread
    store.close()
    assert said == []


def test_the_server_raises_its_open_files_limit_and_refuses_chacha20(tmp_path: Path) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = min(256, hard)
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_access", *SERVE, str(tmp_path / "server")],
        cwd=str(ROOT),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard)),
    )
    try:
        assert process.stdout is not None
        found = re.search(r":(\d+)$", process.stdout.readline().strip())
        assert found
        port = int(found.group(1))
        limits = Path(f"/proc/{process.pid}/limits").read_text()
        row = next(line for line in limits.splitlines() if line.startswith("Max open files"))
        assert row.split()[3:5] == [str(hard), str(hard)]

        async def connect(*algs: str) -> str:
            options: dict[str, Any] = {"encryption_algs": list(algs)} if algs else {}
            async with asyncssh.connect(
                "127.0.0.1",
                port,
                username="ann",
                client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                known_hosts=None,
                agent_path=None,
                **options,
            ) as conn:
                return str(conn.get_extra_info("server_version"))

        assert asyncio.run(connect())  # asyncssh's own choice: an AES cipher
        with pytest.raises(asyncssh.Error):
            asyncio.run(connect("chacha20-poly1305@openssh.com"))
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err


def test_bench_net_prints_its_figures_for_a_tiny_run() -> None:
    done = run_script("bench_net.py", *TINY)
    out = done.stdout
    number = FIGURE
    for way, told in (("plain ssh", "line"), ("data channel", "entry")):
        for round_ in (1, 2):
            section = out.split(f"{way}, round {round_}: 4 people at 2 tables")[1]
            for figure in (
                rf"action -> others' {told}, ms\s+p50\s+{number}, p95\s+{number}, max\s+{number}",
                rf"action -> its reply \(to the sender\), ms\s+p50\s+{number}, p95\s+{number}",
                rf"people's actions measured\s+{number}",
                rf"server CPU, % of one core\s+{number} \({number} per table; {number} ms per",
                rf"server threads\s+{number} before, {number} in the lobby, {number} playing",
                rf"memory per idle connection, per table\s+-?{number} KB, -?{number} KB",
                r"connections held \(people / server\)\s+4 / 4",
                rf"after everyone left\s+4 of 4 left by themselves; the server: 0 connections, "
                rf"{number} MB, {number} threads, CPU {number}%",
            ):
                assert re.search(figure, section), (way, round_, figure, out)
    assert re.search(rf"l -> the hand \(to the sender\), ms\s+p50\s+{number}", out), out
    side = out.split("side by side")[1]
    assert re.search(r"plain ssh 1\s+data channel 1\s+plain ssh 2\s+data channel 2", side)
    assert re.search(rf"action -> others, p95 ms(\s+{number}){{4}}", side), side
    assert re.search(rf"after leaving: CPU, % of one core(\s+{number}){{4}}", side), side
    for figure in (
        rf"server CPU while they idle, % of one core\s+{number}",
        rf"server memory \(RSS\)\s+{number} MB; -?{number} KB per connection",
    ):
        assert re.search(figure, out), (figure, out)
    assert re.search(r"connections held \(clients / server\)\s+6 / 6 ", out), out
    assert "Traceback" not in done.stderr, done.stderr


def test_a_hard_bot_in_a_worker_process_chooses_exactly_as_it_would_here() -> None:
    thinking = Thinkers(processes=1)
    strength = "hard:60000"  # its playouts cap it, never the clock: a seeded game replays
    here = HardBot(random.Random(0.25), 60000)  # what make_bot(strength, ...) makes
    there = thinking.bot(strength, 0.25)
    both: list[tuple[int, Watcher]] = [(1, here), (1, there)]
    game = Game.new(("ann", "hard", "bob"), RuleSet(), rng=random.Random(8))
    others = {0: make_bot("normal", random.Random(1)), 2: make_bot("normal", random.Random(2))}
    tell(both, list(game.opening), game.card_check())
    asked = 0
    while asked < 12 and not game.over:
        view = game.view(1)
        seat = 1 if view.current == 1 else view.current
        if view.phase is Phase.ROUND_OVER:
            seat = 0
        assert seat is not None
        legal = game.legal_actions(seat)
        if seat == 1:
            choice = here.choose(game.view(1), legal)
            assert there.choose(game.view(1), legal) == choice
            asked += 1
        else:
            choice = others[seat].choose(game.view(seat), legal)
        if choice is None:
            choice = next(a for a in legal if not isinstance(a, _OUT_OF_TURN))
        events = game.apply(choice)
        tell(both, list(events), game.card_check())
    assert asked == 12
    worker = there._worker
    stat = Path(f"/proc/{worker.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    assert int(stat[16]) == NICE  # below the event loop's priority
    assert worker.process.stdin is not None
    worker.process.stdin.close()  # the server gone: its worker ends
    assert worker.process.wait(timeout=60) == 0
