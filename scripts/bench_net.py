"""Network play under load: a real ``uno-access serve`` and simulated players over SSH.

    .venv/bin/python scripts/bench_net.py [--players 200] [--tables 50] [--bots 1]
        [--bot normal] [--seconds 30] [--idle 1000] [--idle-ssh 0] [--clients 2]

The server runs as ``uno-access serve --open --port 0`` with a data folder of its own
(its tables saved as always, each action committed before it is applied). The players
are asyncssh clients on the data channel (``uno-access join``'s JSON lines), each its
own connection, its own key and its own name, run by ``--clients`` processes (each one
whole tables). By default 200 people at 50 tables: 4 people and 1 bot (``normal``) at
each, 5 seats. A person plays a random legal move of its turn (or deals the next round)
after thinking ``--think`` seconds (0.5 to 1.5 times it); the bots play at the server's
``--bot-pace``.

Measured while all tables play for ``--seconds``:

- latency: from a person's action sent to its entry arriving at each other person of
  the same table (p50, p95, max; every connection is in this machine, one clock);
- the connections held at the end, as the clients count them and as the server's open
  TCP connections to its port (``/proc/net/tcp``);
- the server's CPU (``/proc/PID/stat``: user + system time over the window, in % of one
  core, and per table) and memory (``VmRSS`` of ``/proc/PID/status``: after the start,
  with the tables, and the difference per table).

Then, apart, ``--idle`` connections held at once, each logged into the lobby on the data
channel and doing nothing (``--idle-ssh`` of them plain ssh sessions with a terminal
instead): how many are held, the server's memory per connection and its CPU while they
idle. The soft limit of open files (``RLIMIT_NOFILE``) is raised to the hard limit here
and in the server; a hard limit too low for the connections asked is said.

Targets on the 2-core machine: p95 within 50 ms with 200 players at 50 tables, 1,000
idle connections held. Speed is measured here, not asserted (``tests/net/test_net_bench.py``
runs this with tiny numbers and checks that it prints its figures).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

from uno_access.engine import codec  # noqa: E402
from uno_access.engine.actions import QUERIES, Action, CallUno, Catch, JumpIn  # noqa: E402
from uno_access.net.server.data import SUBSYSTEM  # noqa: E402

W = 44  # label width
CONNECT_AT_ONCE = 16  # logins in flight per client process
_OUT_OF_TURN = (Catch, CallUno, JumpIn)
_MADE = re.compile(r"You made table (\d+)")
TICKS = os.sysconf("SC_CLK_TCK")


def raise_open_files(wanted: int) -> tuple[int, int]:
    """The soft limit of open files raised to the hard one; (soft, hard) after it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        print(f"the hard limit of open files ({hard}) is below the {wanted} connections asked")
    return soft, hard


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values``."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def label(text: str) -> str:
    return f"{text:<{W}}"


# --------------------------------------------------------------------------- the server


@dataclass
class Server:
    """``uno-access serve`` in a process of its own, on 127.0.0.1, port chosen by it."""

    folder: Path
    bot_pace: float
    profile: str | None = None
    process: subprocess.Popen[str] = field(init=False)
    port: int = field(init=False)

    def __post_init__(self) -> None:
        command = [sys.executable]
        if self.profile:
            command += ["-m", "cProfile", "-o", self.profile]
        command += ["-m", "uno_access", "serve", "--port", "0", "--open"]
        command += ["--data", str(self.folder), "--bot-pace", str(self.bot_pace)]
        self.process = subprocess.Popen(
            command,
            cwd=str(ROOT),
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.fullmatch(r"Listening on 127\.0\.0\.1:(\d+)\n", first)
        if not found:
            err = self.process.stderr.read() if self.process.stderr else ""
            raise SystemExit(f"the server did not start: {first!r} {err}")
        self.port = int(found.group(1))

    @property
    def pid(self) -> int:
        return self.process.pid

    def cpu(self) -> float:
        """Seconds of CPU (user + system) the server has used."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def rss(self) -> int:
        """Its resident memory, in bytes."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def connections(self) -> int:
        """The TCP connections established to its port (``/proc/net/tcp``)."""
        count = 0
        for name in ("tcp", "tcp6"):
            with open(f"/proc/net/{name}") as table:
                for row in table.readlines()[1:]:
                    local, state = row.split()[1], row.split()[3]
                    count += state == "01" and int(local.rsplit(":", 1)[1], 16) == self.port
        return count

    def threads(self) -> int:
        return len(list(Path(f"/proc/{self.pid}/task").iterdir()))

    def stop(self) -> str:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err


# --------------------------------------------------------------------------- the players


class Channel(asyncssh.SSHClientSession[str]):
    """A data channel's lines, each handed to its player as it arrives."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.buffer = ""

    def data_received(self, data: str, datatype: Any) -> None:
        self.buffer += data
        while "\n" in self.buffer:
            line, _, self.buffer = self.buffer.partition("\n")
            self.player.received(json.loads(line), time.perf_counter())

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.lost = True


@dataclass
class Table:
    """One table's people, and what was measured there."""

    index: int
    sent: dict[int, tuple[int, float]] = field(default_factory=dict)  # seq -> (seat, time)
    arrived: dict[int, list[tuple[int, float]]] = field(default_factory=dict)  # seq -> ...
    replies: list[tuple[float, float]] = field(default_factory=list)  # (sent, took)
    over: bool = False


class Player:
    """One person: a connection of its own, a key of its own; plays its turns."""

    def __init__(self, name: str, table: Table | None, think: float, rng: random.Random) -> None:
        self.name = name
        self.table = table
        self.think = think
        self.rng = rng
        self.conn: Any = None
        self.chan: Any = None
        self.lines: asyncio.Queue[str] = asyncio.Queue()
        self.started = asyncio.Event()
        self.seat = -1
        self.lost = False
        self.playing = False  # acting on its turns (from the measured window on)
        self.refused = 0
        self._ids = 0
        self._pending: asyncio.TimerHandle | None = None
        self._sent: dict[int, float] = {}
        self._legal: tuple[Action, ...] = ()

    async def connect(self, port: int, shell: bool = False) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
            known_hosts=None,
            agent_path=None,
        )
        if shell:  # a plain ssh session: the lobby's line mode, on a terminal
            self.chan, _ = await self.conn.create_session(
                lambda: Lines(self), term_type="xterm", term_size=(80, 24)
            )
        else:
            self.chan, _ = await self.conn.create_session(
                lambda: Channel(self), subsystem=SUBSYSTEM
            )

    def say(self, line: str) -> None:
        self.chan.write(json.dumps({"t": "line", "text": line}) + "\n")

    async def told(self, timeout: float = 60) -> str:
        return await asyncio.wait_for(self.lines.get(), timeout)

    def received(self, message: dict[str, Any], now: float) -> None:
        kind = message["t"]
        if kind == "line":
            self.lines.put_nowait(message["text"])
        elif kind == "start":
            self.seat = message["seat"]
            self.started.set()
        elif kind == "entry":
            self._entry(message, now)
        elif kind == "reply":
            sent = self._sent.pop(message["id"], None)
            if message["seq"] and sent is not None and self.table is not None:
                self.table.sent[message["seq"]] = (self.seat, sent)
                self.table.replies.append((sent, now - sent))
            elif not message["seq"]:
                self.refused += 1
        elif kind == "refused":
            self.refused += 1

    def _entry(self, message: dict[str, Any], now: float) -> None:
        table = self.table
        if table is None:
            return
        table.arrived.setdefault(message["seq"], []).append((self.seat, now))
        if any(e.get("event") == "game_ended" for e in message["events"]):
            table.over = True
        if self._pending is not None:
            self._pending.cancel()  # what it meant to do was for the position before
            self._pending = None
        legal = codec.actions_from_json(message["legal"])
        self._legal = tuple(a for a in legal if not isinstance(a, QUERIES + _OUT_OF_TURN))
        self._plan()

    def _plan(self) -> None:
        if self._legal and self.playing and not self.lost:
            delay = self.think * (0.5 + self.rng.random())
            self._pending = asyncio.get_running_loop().call_later(delay, self._act)

    def start_playing(self) -> None:
        self.playing = True
        self._plan()

    def _act(self) -> None:
        self._pending = None
        if not self._legal or not self.playing or self.lost:
            return
        action = self.rng.choice(self._legal)
        self._ids += 1
        self._sent[self._ids] = time.perf_counter()
        line = json.dumps({"t": "action", "id": self._ids, "action": codec.action_to_json(action)})
        self.chan.write(line + "\n")

    def close(self) -> None:
        self.playing = False
        if self._pending is not None:
            self._pending.cancel()
        if self.conn is not None:
            self.conn.close()


class Lines(asyncssh.SSHClientSession[str]):
    """A plain ssh session's text: the first prompt says it is in the lobby."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seen = ""

    def data_received(self, data: str, datatype: Any) -> None:
        if not self.seen.endswith("lobby>"):
            self.seen = (self.seen + data)[-200:]
            if "lobby>" in self.seen:
                self.seen = "lobby>"
                self.player.lines.put_nowait("lobby")

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.lost = True


async def _connect_all(players: list[Player], port: int, shell_from: int | None = None) -> None:
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)

    async def one(index: int, player: Player) -> None:
        async with gate:
            shell = shell_from is not None and index >= shell_from
            await player.connect(port, shell)
            await player.told()  # the welcome (or the plain lobby's prompt)

    await asyncio.gather(*(one(i, p) for i, p in enumerate(players)))


async def _set_up(people: list[Player], bots: int, bot: str) -> None:
    """The first person makes a table, the others sit, the bots are added, it starts."""
    maker = people[0]
    maker.say("new standard")
    made = _MADE.search(await maker.told())
    assert made, "no table made"
    for person in people[1:]:
        person.say(f"join {made.group(1)}")
        await person.told()
    for _ in range(bots):
        maker.say(f"bot {bot}")
        await maker.told()
    maker.say("start")
    await asyncio.gather(*(asyncio.wait_for(p.started.wait(), 60) for p in people))


def _client(
    port: int,
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    barrier: Any,
    results: Any,
) -> None:
    """A client process: its tables (``shares[i]`` people at each), played until told."""
    raise_open_files(0)
    asyncio.run(_play(port, shares, first_table, args, barrier, results))


async def _play(
    port: int,
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    barrier: Any,
    results: Any,
) -> None:
    rng = random.Random(args.seed + first_table)
    tables = [Table(first_table + i) for i in range(len(shares))]
    people = [
        [Player(f"t{t.index}p{i}", t, args.think, random.Random(rng.random())) for i in range(n)]
        for t, n in zip(tables, shares, strict=True)
    ]
    everyone = [p for group in people for p in group]
    await _connect_all(everyone, port)
    await asyncio.gather(*(_set_up(group, args.bots, args.bot) for group in people))
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, barrier.wait)  # every client ready: the window opens
    opened = time.perf_counter()
    for person in everyone:
        person.start_playing()
    await asyncio.sleep(args.seconds)
    closed = time.perf_counter()
    for person in everyone:
        person.playing = False
    held = sum(1 for p in everyone if not p.lost)
    await loop.run_in_executor(None, barrier.wait)  # the server is measured with them held
    await asyncio.sleep(0.5)  # entries on their way arrive
    samples: list[float] = []
    replies: list[float] = []
    actions = 0
    for table in tables:
        for seq, (seat, at) in table.sent.items():
            if not opened <= at <= closed:
                continue
            actions += 1
            samples += [t - at for s, t in table.arrived.get(seq, []) if s != seat]
        replies += [took for at, took in table.replies if opened <= at <= closed]
    entries = sum(len(a) for t in tables for a in t.arrived.values())
    results.put(
        {
            "samples": samples,
            "replies": replies,
            "actions": actions,
            "entries": entries,
            "held": held,
            "refused": sum(p.refused for p in everyone),
            "over": sum(t.over for t in tables),
        }
    )
    for person in everyone:
        person.close()


def _idle(port: int, count: int, shells: int, first: int, barrier: Any, results: Any) -> None:
    raise_open_files(count)
    asyncio.run(_hold(port, count, shells, first, barrier, results))


async def _hold(port: int, count: int, shells: int, first: int, barrier: Any, results: Any) -> None:
    rng = random.Random(first)
    idle = [Player(f"i{first + i}", None, 0, rng) for i in range(count)]
    failed = 0
    try:
        await _connect_all(idle, port, shell_from=count - shells)
    except (OSError, asyncssh.Error, TimeoutError) as error:
        failed = 1
        print(f"an idle connection failed: {error}", file=sys.stderr)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, barrier.wait)  # all connected: measured idle
    await loop.run_in_executor(None, barrier.wait)
    results.put(
        {"held": sum(1 for p in idle if p.chan is not None and not p.lost), "failed": failed}
    )
    for player in idle:
        player.close()


# --------------------------------------------------------------------------- the runs


def _split(items: int, parts: int) -> list[int]:
    return [items // parts + (1 if i < items % parts else 0) for i in range(parts)]


def run_tables(server: Server, args: argparse.Namespace) -> None:
    context = multiprocessing.get_context("fork")
    seats = _split(args.players, args.tables)  # the people at each table
    clients = max(1, min(args.clients, args.tables))
    per_client = _split(args.tables, clients)
    barrier = context.Barrier(clients + 1)
    results = context.Queue()
    processes = []
    first = 1
    for count in per_client:
        shares = seats[first - 1 : first - 1 + count]
        process = context.Process(
            target=_client, args=(server.port, shares, first, args, barrier, results)
        )
        process.start()
        processes.append(process)
        first += count
    rss_before = server.rss()
    barrier.wait(timeout=600)  # every table started
    cpu_before, opened = server.cpu(), time.perf_counter()
    rss_start = server.rss()
    time.sleep(args.seconds)
    barrier.wait(timeout=600)  # the clients stop acting, connections held
    cpu_used, window = server.cpu() - cpu_before, time.perf_counter() - opened
    rss_tables, sockets, threads = server.rss(), server.connections(), server.threads()
    got = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    samples = [s * 1000 for g in got for s in g["samples"]]
    actions = sum(g["actions"] for g in got)
    bots = f"{args.bots} {args.bot} bot{'s' if args.bots != 1 else ''}"
    print(f"{args.players} people at {args.tables} tables, {bots} at each, for {window:.0f} s")
    print(f"  (people think {args.think} s, bots' pace {args.bot_pace} s, {clients} clients)")
    print(label("people's actions measured") + f"{actions} ({actions / window:.1f}/s)")
    print(label("entries received (people)") + f"{sum(g['entries'] for g in got)}")
    print(label("actions refused (moved on meanwhile)") + f"{sum(g['refused'] for g in got)}")
    print(label("games over") + f"{sum(g['over'] for g in got)}")
    print(
        label("action -> others' entry, ms")
        + f"p50 {percentile(samples, 0.5):6.1f}, p95 {percentile(samples, 0.95):6.1f}, "
        f"max {max(samples, default=math.nan):6.1f} (n={len(samples)}; target p95 <= 50)"
    )
    replies = [s * 1000 for g in got for s in g["replies"]]
    print(
        label("action -> its reply (to the sender), ms")
        + f"p50 {percentile(replies, 0.5):6.1f}, p95 {percentile(replies, 0.95):6.1f}, "
        f"max {max(replies, default=math.nan):6.1f}"
    )
    held = sum(g["held"] for g in got)
    print(label("connections held (clients / server)") + f"{held} / {sockets}")
    print(label("server threads") + f"{threads}")
    cpu = 100 * cpu_used / window
    print(label("server CPU, % of one core") + f"{cpu:.1f} ({cpu / args.tables:.2f} per table)")
    per_table = (rss_tables - rss_before) / args.tables / 1024
    print(
        label("server memory (RSS)")
        + f"{rss_before / 2**20:.1f} MB started, {rss_start / 2**20:.1f} MB playing, "
        f"{rss_tables / 2**20:.1f} MB at the end; {per_table:.0f} KB per table"
    )


def run_idle(server: Server, args: argparse.Namespace) -> None:
    context = multiprocessing.get_context("fork")
    clients = max(1, min(args.clients, args.idle))
    counts = _split(args.idle, clients)
    shells = _split(args.idle_ssh, clients)
    barrier = context.Barrier(clients + 1)
    results = context.Queue()
    processes = []
    first = 0
    rss_before, started = server.rss(), time.perf_counter()
    for count, shell in zip(counts, shells, strict=True):
        process = context.Process(
            target=_idle, args=(server.port, count, shell, first, barrier, results)
        )
        process.start()
        processes.append(process)
        first += count
    barrier.wait(timeout=1200)
    took = time.perf_counter() - started
    cpu_before = server.cpu()
    time.sleep(min(args.seconds, 10))
    cpu = 100 * (server.cpu() - cpu_before) / min(args.seconds, 10)
    rss, sockets, threads = server.rss(), server.connections(), server.threads()
    barrier.wait(timeout=600)
    got = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    held = sum(g["held"] for g in got)
    kinds = f"{args.idle - args.idle_ssh} data channel, {args.idle_ssh} plain ssh"
    print(f"{args.idle} idle connections ({kinds}), logged into the lobby")
    print(label("connected in") + f"{took:.1f} s")
    print(label("connections held (clients / server)") + f"{held} / {sockets} (target 1000)")
    print(label("server threads") + f"{threads}")
    print(label("server CPU while they idle, % of one core") + f"{cpu:.1f}")
    per = (rss - rss_before) / max(held, 1) / 1024
    print(label("server memory (RSS)") + f"{rss / 2**20:.1f} MB; {per:.0f} KB per connection")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=200, help="people (0: no tables)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--bots", type=int, default=1, help="bots at each table")
    parser.add_argument("--bot", default="normal", help="their strength (hard, hard:250...)")
    parser.add_argument("--seconds", type=float, default=30, help="the measured window")
    parser.add_argument("--think", type=float, default=0.5, help="a person's time to act")
    parser.add_argument("--bot-pace", type=float, default=0.5)
    parser.add_argument("--idle", type=int, default=1000, help="idle connections (0: none)")
    parser.add_argument("--idle-ssh", type=int, default=0, help="of them plain ssh sessions")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default=None, help="the server's cProfile output file")
    args = parser.parse_args()
    if args.players and (args.tables < 1 or args.players < args.tables):
        parser.error("each table needs a person (--players >= --tables; 0: no tables)")
    if args.players and args.players < 2 * args.tables and args.bots < 1:
        parser.error("each table needs two seats: more players, or bots")
    args.idle_ssh = min(args.idle_ssh, args.idle)
    soft, hard = raise_open_files(args.idle + args.players + 64)
    print(f"open files: soft limit {soft}, hard limit {hard}; {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench_net_") as folder:
        if args.players:
            server = Server(Path(folder) / "tables", args.bot_pace, args.profile)
            try:
                run_tables(server, args)
            finally:
                err = server.stop()
            if err.strip():
                print(f"server said: {err.strip()[-400:]}")
        if args.idle:
            server = Server(Path(folder) / "idle", args.bot_pace)
            try:
                run_idle(server, args)
            finally:
                err = server.stop()
            if err.strip():
                print(f"server said: {err.strip()[-400:]}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
