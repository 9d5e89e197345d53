"""Browsers under load: a real ``uno-access serve --web 0``, people on WebSockets (aiohttp's
client, no browser), beside the same server's plain ssh people, measured in one run.

    .venv/bin/python scripts/bench_web.py [--players 200] [--tables 50] [--bots 1]
        [--bot normal] [--seconds 30] [--think 0.5] [--bot-pace 0.5] [--settle 5]
        [--clients 2] [--drivers 2] [--no-ssh] [--ssh-players N] [--ssh-tables N]

One server (``--open``, a data folder of its own) serves both ways. First its plain ssh
people play, as ``scripts/bench_net.py --way ssh`` plays them (its drivers, the real
OpenSSH client; ``--no-ssh`` leaves them out); then, once they have left, its browser
people: each logs in (``POST /login``, a new account and its password), opens its
WebSocket, and the first of each table types ``new standard``, the others ``join N``,
the first ``bot`` and ``start``. At the table each plays by its frames alone, as a
person reading the page would: on its turn, after thinking ``--think`` seconds (0.5 to
1.5 times it), a playable card of its hand frame (a ``card`` frame), else ``draw``,
else the drawn card or ``keep``; a colour asked, red. They leave with ``quit`` (the
table, then the lobby). ``--clients`` processes run whole tables each.

Measured as bench_net measures (its ``Round``, ``report`` and ``summary``): from a card
played (its frame sent) to the message frame that tells it at each other person's socket
of the table (p50, p95, max), and to the player's own; the server's CPU, threads and
memory. Target (issue 25): p95 within 50 ms at 50 tables, printed beside plain ssh's.
Speed is measured here, not asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import re
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import bench_net
from bench_net import (
    BARRIER_WAIT,
    CONNECT_AT_ONCE,
    Round,
    Server,
    _driver,
    _end,
    _measure,
    _meet,
    _split,
    _ssh_names,
    progress,
    raise_open_files,
    report,
    run_way,
    said,
    summary,
)
from ssh_people import gated, write_keys

bench_net.WAYS["web"] = "browsers"  # on WebSockets; short for the side-by-side column
_MADE = re.compile(r"You made table (\d+)")
_WEB = re.compile(r"Web page on http://127\.0\.0\.1:(\d+)/")
PASSWORD = "a bench password"
RECENT = 12  # the plays of a table a message may tell (the newest first)
REFUSED = "refused"  # in a player's queue of prompts: a frame of theirs was refused
QUIT_AGAIN = 5.0  # seconds without the quit's question before Q is pressed again


@dataclass
class Act:
    """A card played: by whom, its name as the others are told it, when it was sent."""

    name: str
    label: str
    sent: float
    seen: dict[str, float] = field(default_factory=dict)  # other person -> seconds
    reply: float | None = None


@dataclass
class WebTable:
    index: int
    names: list[str] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)

    def told(self, who: str, text: str, now: float) -> None:
        """A message at ``who``'s socket: the play it tells (the newest that fits)."""
        for act in reversed(self.acts[-RECENT:]):
            if act.label not in text:
                continue
            if act.name == who and act.reply is None:
                act.reply = now - act.sent
                return
            if act.name != who and who not in act.seen and act.name in text:
                act.seen[who] = now - act.sent
                return


class WebPlayer:
    """One person in a browser: a session, a WebSocket, every frame read as it comes."""

    def __init__(
        self, name: str, table: WebTable, think: float, rng: random.Random, port: int
    ) -> None:
        self.name = name
        self.table = table
        self.think = think
        self.rng = rng
        self.url = f"http://127.0.0.1:{port}/"
        self.http: aiohttp.ClientSession | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.messages: asyncio.Queue[str] = asyncio.Queue()
        self.asked: asyncio.Queue[str] = asyncio.Queue()
        self.seated = asyncio.Event()
        self.in_lobby = asyncio.Event()  # at the lobby's prompt (its number known)
        self.screen = ""
        self.lost = False
        self.playing = False
        self.refused = 0
        self.hand: list[dict[str, Any]] = []
        self.mine = False
        self.tries = 0
        self.waiting = 0  # frames sent and not answered yet (as tests/net/web_client.Player)
        self.prompt: int | None = None  # the last prompt's number, which each answer names
        self.ask = "key"  # what the last prompt asked
        self._pending: asyncio.TimerHandle | None = None
        self._reader: asyncio.Task[None] | None = None

    async def enter(self) -> None:
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        body = {"name": self.name, "password": PASSWORD}
        async with self.http.post(self.url + "login", json=body) as answer:
            got = await answer.json()
            if not got.get("ok"):
                raise RuntimeError(f"{self.name} could not log in: {got}")
        self.socket = await self.http.ws_connect(self.url + "ws", origin=self.url.rstrip("/"))
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await asyncio.wait_for(self.asked.get(), 120)  # the lobby's prompt

    async def _read(self) -> None:
        assert self.socket is not None
        try:
            async for message in self.socket:
                if message.type is aiohttp.WSMsgType.TEXT:
                    self._frame(json.loads(message.data), time.perf_counter())
        finally:
            self.lost = True

    def _frame(self, frame: dict[str, Any], now: float) -> None:
        kind = frame["type"]
        if kind == "entry":  # the lines of one entry of the table's log
            for line in frame["messages"]:
                self._frame(line, now)
        elif kind == "message":
            self.table.told(self.name, frame["print"], now)
            self.messages.put_nowait(frame["print"])
            if frame["buffer"] == "answers" or frame["cue"] == "refusal":
                self.waiting = max(0, self.waiting - 1)
        elif kind == "prompt":
            self.prompt, self.ask = frame["number"], frame["ask"]
            if self.screen == "lobby":
                self.in_lobby.set()
            self.asked.put_nowait(frame["ask"])
            if self.playing and self.mine and not self.waiting:
                self._plan(frame["ask"])
        elif kind == "hand":
            if frame["cards"] != self.hand:
                self.waiting = max(0, self.waiting - 1)
            self.hand = frame["cards"]
        elif kind == "table":
            mine = any(p["you"] and p["turn"] for p in frame["players"])
            if mine != self.mine:
                self.mine, self.tries, self.waiting = mine, 0, 0
        elif kind == "screen":
            self.screen = frame["screen"]
            if self.screen == "table":
                self.seated.set()
        elif kind == "refused":  # an answer a newer prompt overtook: tried again at it
            self.refused += 1
            self.waiting = max(0, self.waiting - 1)
            self.asked.put_nowait(REFUSED)
            if self.playing and self.mine and not self.waiting:
                self._plan(self.ask)

    def send(self, frame: dict[str, Any]) -> None:
        """An answer, naming the prompt shown now (as the page does)."""
        if self.socket is not None and not self.lost:
            sent = json.dumps({**frame, "prompt": self.prompt})
            asyncio.get_running_loop().create_task(self.socket.send_str(sent))

    def say(self, line: str) -> None:
        self.send({"type": "line", "text": line})

    async def told(self, pattern: str, timeout: float = 120) -> str:
        while True:
            text = await asyncio.wait_for(self.messages.get(), timeout)
            if re.search(pattern, text):
                return text

    def _plan(self, ask: str) -> None:
        if self._pending is not None:
            self._pending.cancel()
        delay = self.think * (0.5 + self.rng.random())
        self._pending = asyncio.get_running_loop().call_later(delay, self._act, ask)

    def _act(self, ask: str) -> None:
        self._pending = None
        if not self.playing or not self.mine or self.lost or self.waiting:
            return
        self.waiting += 1
        if ask == "color":  # a Wild's colour: the play is made with it, timed from here
            mine = [a for a in self.table.acts if a.name == self.name and a.reply is None]
            if mine:
                mine[-1].sent = time.perf_counter()
            self.send({"type": "press", "command": "RED"})
            return
        if ask == "choice":
            self.send({"type": "press", "command": "NO"})
            return
        playable = [i for i, card in enumerate(self.hand) if card["playable"]]
        moves: list[dict[str, Any]] = [{"type": "card", "index": i} for i in playable[:1]]
        moves += [{"type": "press", "command": c} for c in ("DRAW", "PLAY", "KEEP", "ACCEPT")]
        move = moves[min(self.tries, len(moves) - 1)]
        self.tries += 1
        if move["type"] == "card":
            label = self.hand[move["index"]]["label"]
            self.table.acts.append(Act(self.name, label, time.perf_counter()))
        self.send(move)

    def start_playing(self) -> None:
        self.playing = True
        if self.mine:
            self._plan("key")

    def stop_playing(self) -> None:
        self.playing = False
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    async def leave(self, timeout: float = 60) -> bool:
        """Quit the table (yes, leave), then the lobby; whether the socket closed."""
        self.stop_playing()
        try:
            self.in_lobby.clear()
            while not self.asked.empty():
                self.asked.get_nowait()  # the prompts of the game, gone by
            got = REFUSED
            deadline = asyncio.get_running_loop().time() + timeout
            while got != "choice":
                if got == REFUSED and self.ask != "choice":
                    # Q (again, if a newer prompt overtook it); never at a question shown
                    self.send({"type": "press", "command": "QUIT"})
                try:
                    got = await asyncio.wait_for(self.asked.get(), QUIT_AGAIN)
                except TimeoutError:
                    if asyncio.get_running_loop().time() > deadline:
                        raise
                    got = REFUSED  # dropped unanswered, as typed ahead of a turn: again
            self.send({"type": "press", "command": "YES"})
            await asyncio.wait_for(self.in_lobby.wait(), timeout)
            self.say("quit")
            if self._reader is not None:
                await asyncio.wait_for(self._reader, timeout)
            return True
        except (TimeoutError, OSError, aiohttp.ClientError):
            return False

    async def close(self) -> None:
        self.stop_playing()
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()
        if self.http is not None:
            await self.http.close()


async def _seat(people: list[WebPlayer], bots: int, bot: str) -> None:
    """The first person makes a table, the others sit, the bots are added, it starts."""
    maker = people[0]
    maker.say("new standard")
    number = _MADE.search(await maker.told(r"You made table \d+"))
    assert number, "no table made"
    for person in people[1:]:
        person.say(f"join {number.group(1)}")
        await person.told(rf"You sit at table {number.group(1)}")
    for _ in range(bots):
        maker.say(f"bot {bot}")
        await maker.told(r"The bot ")
    maker.say("start")
    await asyncio.gather(*(asyncio.wait_for(p.seated.wait(), 120) for p in people))
    maker.table.names = [p.name for p in people]


def _measured(
    tables: list[WebTable], opened: float, closed: float
) -> tuple[list[float], list[float], int, list[str]]:
    others: list[float] = []
    replies: list[float] = []
    actions = 0
    unseen: list[str] = []
    for table in tables:
        for act in table.acts:
            if not opened <= act.sent <= closed:
                continue
            actions += 1
            others += act.seen.values()
            if act.reply is not None:
                replies.append(act.reply)
            if not act.seen:
                unseen.append(act.label)
    return others, replies, actions, unseen


async def _web_run(
    port: int,
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    keys: dict[str, Any],
    number: int,
    barrier: Any,
    results: Any,
) -> None:
    rng = random.Random(args.seed * 1000 + number * 100 + first_table)
    tables = [WebTable(first_table + i) for i in range(len(shares))]
    people = [
        [
            WebPlayer(f"w{table.index}p{i}", table, args.think, random.Random(rng.random()), port)
            for i in range(count)
        ]
        for table, count in zip(tables, shares, strict=True)
    ]
    everyone = [p for group in people for p in group]
    for failed in await gated([p.enter for p in everyone], CONNECT_AT_ONCE):
        if isinstance(failed, BaseException):
            raise failed
    await _meet(barrier, f"{len(everyone)} logged in")  # 1: everyone in the lobby
    seated = [(lambda g=group: _seat(g, args.bots, args.bot)) for group in people]
    for failed in await gated(seated, CONNECT_AT_ONCE):
        if isinstance(failed, BaseException):
            raise failed
    await _meet(barrier, f"{len(tables)} tables started")  # 2: the window opens
    opened, closed, cpu, held = await bench_net.measured_window(everyone, barrier, args.seconds)
    others, replies, actions, unseen = _measured(tables, opened, closed)
    left = await gated([p.leave for p in everyone], CONNECT_AT_ONCE)
    results.put(
        {
            "others": others,
            "replies": replies,
            "queries": [],
            "actions": actions,
            "unseen": unseen,
            "entries": sum(len(a.seen) for t in tables for a in t.acts),
            "held": held,
            "refused": sum(p.refused for p in everyone),
            "over": 0,
            "retried": 0,
            "left": sum(1 for x in left if x is True),
            "driver_cpu": [100 * cpu / (closed - opened)],
            "ssh_cpu": 0.0,
        }
    )
    for someone in everyone:
        await someone.close()
    await _meet(barrier, "everyone gone")  # 4: everyone gone


def run_web(server: Server, port: int, number: int, args: argparse.Namespace) -> Round:
    """One round of browser people (``bench_net.run_way``'s shape, on the web port)."""
    context = multiprocessing.get_context("fork")
    seats = _split(args.players, args.tables)
    clients = max(1, min(args.clients, args.tables))
    barrier = context.Barrier(clients + 1)
    results = context.Queue()
    processes = []
    first = 1
    done = Round("web", number, args.players, args.tables, clients)
    _measure(server, done, "before")
    wait = 0.0
    started = time.perf_counter()
    for count in _split(args.tables, clients):
        shares = seats[first - 1 : first - 1 + count]
        process = context.Process(
            target=_driver,
            args=(_web_run, port, shares, first, args, {}, number, barrier, results),
        )
        process.start()
        processes.append(process)
        first += count
    try:
        barrier.wait(timeout=BARRIER_WAIT)  # 1
        done.logged_in = time.perf_counter() - started
        _measure(server, done, "lobby")
        barrier.wait(timeout=BARRIER_WAIT)  # 2
        _measure(server, done, "tables")
        cpu_before, opened = server.cpu(), time.perf_counter()
        time.sleep(args.seconds)
        barrier.wait(timeout=BARRIER_WAIT)  # 3
        done.cpu, done.window = server.cpu() - cpu_before, time.perf_counter() - opened
        _measure(server, done, "end")
        barrier.wait(timeout=BARRIER_WAIT)  # 4
        got = [results.get(timeout=600) for _ in processes]
        wait = 60.0
    except threading.BrokenBarrierError:
        errors = []
        with contextlib.suppress(queue.Empty):
            while True:
                errors.append(results.get(timeout=5).get("error", ""))
        raise SystemExit(f"browsers, round {number}: {'; '.join(e for e in errors if e)}") from None
    finally:
        _end(processes, wait)
    done.got = {
        key: (
            [x for g in got for x in g[key]]
            if isinstance(got[0][key], list)
            else sum(g[key] for g in got)
        )
        for key in got[0]
    }
    time.sleep(1)
    done.left_cpu = server.busy(args.settle)
    _measure(server, done, "left")
    return done


def _web_port(server: Server, timeout: float = 60) -> int:
    """The web port the server printed (its second line, kept in its stdout file)."""
    path = server.folder.parent / f"{server.folder.name}.stdout"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _WEB.search(path.read_text()) if path.exists() else None
        if found:
            return int(found.group(1))
        time.sleep(0.1)
    raise SystemExit(f"the server printed no web page: {server.said()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=200, help="browser people")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--ssh-players", type=int, help="plain ssh people (--players)")
    parser.add_argument("--ssh-tables", type=int, help="their tables (--tables)")
    parser.add_argument("--no-ssh", action="store_true", help="no plain ssh people")
    parser.add_argument("--bots", type=int, default=1, help="bots at each table")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--seconds", type=float, default=30, help="the measured window")
    parser.add_argument("--think", type=float, default=0.5, help="a person's time to act")
    parser.add_argument("--bot-pace", type=float, default=0.5)
    parser.add_argument("--settle", type=float, default=5, help="CPU measured after leaving")
    parser.add_argument("--drivers", type=int, default=2, help="plain ssh driver processes")
    parser.add_argument("--clients", type=int, default=2, help="browser client processes")
    parser.add_argument("--rss-limit", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, lambda number, frame: sys.exit(128 + number))
    args.ssh_players = args.players if args.ssh_players is None else args.ssh_players
    args.ssh_tables = args.tables if args.ssh_tables is None else args.ssh_tables
    if args.tables < 1 or args.players < args.tables:
        parser.error("each table needs a person (players >= tables)")
    soft, hard = raise_open_files(4 * max(args.players, args.ssh_players) + 64)
    print(f"open files: soft limit {soft}, hard limit {hard}; {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rounds: list[Round] = []
    failed = False
    with tempfile.TemporaryDirectory(prefix="bench_web_") as folder:
        server = Server(Path(folder) / "server", args.bot_pace, extra=("--web", "0"))
        server.guard(args.rss_limit * 2**20)
        try:
            port = _web_port(server)
            progress(f"the server: ssh on {server.port}, the web on {port}")
            if not args.no_ssh and args.ssh_players:
                names = _ssh_names(1, _split(args.ssh_players, args.ssh_tables))
                everyone = [n for group in names for n in group]
                keys = dict(write_keys(Path(folder) / "keys", everyone))
                rounds.append(run_way(server, "ssh", 1, args, keys))
                report(rounds[-1], args)
            rounds.append(run_web(server, port, 1, args))
            report(rounds[-1], args)
        except SystemExit as stopped:
            print(f"{stopped}")
            failed = True
        finally:
            said(server)
        if rounds:
            summary(rounds)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
