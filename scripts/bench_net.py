"""Network play under load: a real ``uno-access serve``, people at plain ssh terminals
(the real OpenSSH client) and people on the full client's data channel.

    .venv/bin/python scripts/bench_net.py [--way both|ssh|data] [--players 200]
        [--tables 50] [--ssh-players N] [--ssh-tables N] [--rounds 2] [--bots 1]
        [--bot normal] [--seconds 30] [--think 0.5] [--bot-pace 0.5] [--settle 5]
        [--idle 1000] [--idle-ssh 0] [--drivers 2] [--clients 2] [--rss-limit 4000]

The server runs as ``uno-access serve --open --port 0`` with a data folder of its own
(its tables saved as always, each action committed before it is applied). By default
200 people at 50 tables: 4 people and 1 bot (``normal``) at each, 5 seats, first as
plain ssh people, then as data-channel people, each way in a server of its own, twice
(``--rounds``): the same people log in again to the same server.

- **plain ssh** (``--way ssh``): each person is ``ssh -tt NAME@127.0.0.1``, the machine's
  own OpenSSH client, in a pseudo-terminal of its own (``ssh_people.py``), run by
  ``--drivers`` processes (each whole tables; one asyncio loop reads all its terminals).
  It types ``keys off`` in the lobby, then ``new standard``, ``join N``, ``bot``,
  ``start``; at the table ``l`` on its turn, then a card's code (``r9``, ``wi red``,
  ``g2 uno``) or ``d``, after thinking ``--think`` seconds (0.5 to 1.5 times it). It
  leaves as a person does: ``q``, ``y``, then ``quit`` in the lobby.
- **data channel** (``--way data``): asyncssh clients on ``uno-access join``'s JSON lines,
  each its own connection, key and name, run by ``--clients`` processes, playing a
  random legal move of its turn after the same thinking; it leaves with ``done``.

Measured for each, every round:

- latency: from an action typed (sent) to the line that says it at each other person's
  terminal of the same table (to its entry there, on the data channel): p50, p95, max;
  every connection is in this machine, one clock (``CLOCK_MONOTONIC``);
- the server's CPU over the window (``/proc/PID/stat``, in % of one core, per table and
  per action), its threads (``/proc/PID/task``) and memory (``VmRSS``): before the people
  come, once they are in the lobby (per idle connection), once the tables play (per
  table);
- after everyone has left: the connections the server still holds, its memory, threads
  and CPU over ``--settle`` seconds. From round to round none of these may grow;
- the drivers' own CPU (and their ssh processes'): a driver at its limit would delay
  what it measures.

A server whose memory passes ``--rss-limit`` MB is stopped and said (the server before issue 24
grew without end once a plain ssh session's pipe got a file descriptor past 1,023);
the other way is still measured, and the exit status is 1.

Then, apart, ``--idle`` connections held at once, each logged into the lobby on the data
channel and doing nothing (``--idle-ssh`` of them plain ssh sessions with a terminal
instead): how many are held, the server's memory per connection and its CPU while they
idle. The soft limit of open files (``RLIMIT_NOFILE``) is raised to the hard limit here
and in the server; a hard limit too low for the connections asked is said.

Targets (issue 24) on the 2-core machine: p95 within 50 ms with 200 people at 50 tables,
plain ssh as the data channel; under 16 server threads; no growth after everyone leaves.
Speed is measured here, not asserted (``tests/net/test_net_speed.py`` runs this with tiny
numbers and checks that it prints its figures).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import queue
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402
from ssh_people import (  # noqa: E402
    SshPerson,
    SshTable,
    cpu_seconds,
    gated,
    log_in_all,
    measured,
    play_for,
    rss_bytes,
    seat_table,
    write_keys,
)

from uno_access.access import messages  # noqa: E402
from uno_access.access.wording.cluster import CLUSTER_JOINED, CLUSTER_WAITING  # noqa: E402
from uno_access.engine import codec  # noqa: E402
from uno_access.engine.actions import QUERIES, Action, CallUno, Catch, JumpIn  # noqa: E402
from uno_access.net.server.data import SUBSYSTEM  # noqa: E402

W = 44  # label width
CONNECT_AT_ONCE = 16  # logins in flight per client process
LOGIN_TRIES = 3  # a plain ssh login that fails is made again (said in the figures)
BARRIER_WAIT = 1200.0  # seconds: a driver that never comes is an error, not a hang
_OUT_OF_TURN = (Catch, CallUno, JumpIn)
_MADE = re.compile(r"You made table (\d+)")
WAYS = {"ssh": "plain ssh", "data": "data channel"}
# what a ``serve --cluster`` says before it listens (JetStream not ready yet), and after
_WAITING = messages.tr(CLUSTER_WAITING).split("{addresses}")[0]
_JOINED = messages.tr(CLUSTER_JOINED[0]).split("{addresses}")[0]


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


def spread(values: list[float]) -> str:
    """p50, p95 and max of ``values`` (ms), and how many."""
    return (
        f"p50 {percentile(values, 0.5):6.1f}, p95 {percentile(values, 0.95):6.1f}, "
        f"max {max(values, default=math.nan):6.1f} (n={len(values)})"
    )


def label(text: str) -> str:
    return f"{text:<{W}}"


# --------------------------------------------------------------------------- the server


@dataclass
class Server:
    """``uno-access serve`` in a process of its own, on 127.0.0.1, port chosen by it. What
    it writes goes to files (a pipe nobody read would stop it once full)."""

    folder: Path
    bot_pace: float
    profile: str | None = None
    extra: tuple[str, ...] = ()  # more options of ``serve`` (``--web 0``: bench_web.py)
    process: subprocess.Popen[str] = field(init=False)
    port: int = field(init=False)
    grown: int = 0  # its memory when it passed the limit (``guard``) and was stopped

    def __post_init__(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [sys.executable]
        if self.profile:
            command += ["-m", "cProfile", "-o", self.profile]
        command += ["-m", "uno_access", "serve", "--port", "0", "--open"]
        command += ["--data", str(self.folder), "--bot-pace", str(self.bot_pace)]
        command += list(self.extra)
        self._err = open(self.folder.parent / f"{self.folder.name}.stderr", "w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            command,
            cwd=str(ROOT),
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
            stdout=subprocess.PIPE,
            stderr=self._err,
            text=True,
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        while first and first.startswith(_WAITING):  # a cluster whose JetStream is not ready
            first = self.process.stdout.readline()
        found = re.fullmatch(r"Listening on 127\.0\.0\.1:(\d+)\n", first)
        if not found:
            self.process.wait(timeout=30)
            raise SystemExit(f"the server did not start: {first!r} {self.said()}")
        self.port = int(found.group(1))
        if "--cluster" in self.extra:  # serving once it says it joined (its presence kept)
            for line in self.process.stdout:
                if line.startswith(_JOINED):
                    break
            else:
                self.process.wait(timeout=30)
                raise SystemExit(f"the server did not join its cluster: {self.said()}")
        self._out = open(self.folder.parent / f"{self.folder.name}.stdout", "w+")  # noqa: SIM115
        threading.Thread(target=self._keep, daemon=True).start()

    def _keep(self) -> None:
        """What it prints after its first line, kept in a file."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._out.write(line)
            self._out.flush()

    @property
    def pid(self) -> int:
        return self.process.pid

    def cpu(self) -> float:
        """Seconds of CPU (user + system) the server has used."""
        return cpu_seconds(self.pid)

    def rss(self) -> int:
        """Its resident memory, in bytes."""
        return rss_bytes(self.pid)

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

    def files(self) -> int:
        """Its open file descriptors."""
        return len(list(Path(f"/proc/{self.pid}/fd").iterdir()))

    def guard(self, limit: int) -> None:
        """Stopped (killed) should its memory pass ``limit`` bytes: a server that grows
        without end is said (``grown``), not left to take the machine's memory."""

        def watch() -> None:
            while self.process.poll() is None:
                with contextlib.suppress(OSError):
                    rss = self.rss()
                    if rss > limit:
                        self.grown = rss
                        self.process.kill()
                        return
                time.sleep(0.5)

        threading.Thread(target=watch, daemon=True).start()

    def busy(self, seconds: float) -> float:
        """Its CPU over the next ``seconds``, in % of one core."""
        before, started = self.cpu(), time.perf_counter()
        time.sleep(seconds)
        return 100 * (self.cpu() - before) / (time.perf_counter() - started)

    def said(self) -> str:
        """What it wrote on standard error (and printed) so far."""
        self._err.seek(0)
        said = self._err.read()
        if hasattr(self, "_out"):
            with open(self._out.name) as out:
                said += out.read()
        return said

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        said = self.said()
        self._err.close()
        return said


# --------------------------------------------------------------------------- data channel


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
    """One person on the data channel: a connection of its own, a key of its own; plays
    its turns."""

    def __init__(
        self,
        name: str,
        table: Table | None,
        think: float,
        rng: random.Random,
        key: asyncssh.SSHKey | None = None,
    ) -> None:
        self.name = name
        self.table = table
        self.think = think
        self.rng = rng
        self.key = key or asyncssh.generate_private_key("ssh-ed25519")
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
            client_keys=[self.key],
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

    def stop_playing(self) -> None:
        self.playing = False
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _act(self) -> None:
        self._pending = None
        if not self._legal or not self.playing or self.lost:
            return
        action = self.rng.choice(self._legal)
        self._ids += 1
        self._sent[self._ids] = time.perf_counter()
        line = json.dumps({"t": "action", "id": self._ids, "action": codec.action_to_json(action)})
        self.chan.write(line + "\n")

    async def leave(self, timeout: float = 60) -> bool:
        """Leave the table (``done``: a bot plays on, or the table ends with nobody left),
        then the server; whether the connection closed."""
        self.stop_playing()
        try:
            while not self.lines.empty():
                self.lines.get_nowait()
            if self.table is not None and not self.lost:
                self.chan.write(json.dumps({"t": "done"}) + "\n")
                await self.told(timeout)  # "You left table N."
            self.conn.close()
            await asyncio.wait_for(self.conn.wait_closed(), timeout)
            return True
        except (TimeoutError, OSError, asyncssh.Error):
            return False

    def close(self) -> None:
        self.stop_playing()
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


# --------------------------------------------------------------------------- the drivers
#
# A driver process runs whole tables of one way and meets the main process, which
# measures the server, at four points (``barrier``): everyone logged in (idle in the
# lobby), every table started, the window over (nobody acts; connections held), and
# everyone gone. What it measured goes back through ``results``.


def _driver(run: Callable[..., Any], *args: Any) -> None:
    barrier, results = args[-2], args[-1]
    os.setpgrp()  # a group of its own, with its ssh processes: ended together (``_end``)
    raise_open_files(0)
    try:
        asyncio.run(run(*args))
    except BaseException as error:
        results.put({"error": f"{type(error).__name__}: {error}"})
        barrier.abort()
        raise


async def _meet(barrier: Any, said: str = "") -> None:
    if said:
        progress(said)
    await asyncio.get_running_loop().run_in_executor(None, barrier.wait, BARRIER_WAIT)


async def measured_window(
    everyone: Sequence[Any], barrier: Any, seconds: float
) -> tuple[float, float, float, int]:
    """Everyone plays for ``seconds``; then the drivers meet (3: the server measured) and
    what is on its way arrives. When the window opened and closed, this process's CPU
    seconds in it, and how many connections were still held."""
    opened, cpu = time.perf_counter(), time.process_time()
    for person in everyone:
        person.start_playing()
    await asyncio.sleep(seconds)
    closed, cpu = time.perf_counter(), time.process_time() - cpu
    for person in everyone:
        person.stop_playing()
    held = sum(1 for p in everyone if not p.lost)
    await _meet(barrier, f"{held} held after the window")  # 3: the server measured
    await asyncio.sleep(0.5)  # what is on its way arrives
    return opened, closed, cpu, held


def progress(said: str) -> None:
    """How far a driver has come, on standard error."""
    print(f"[{time.strftime('%H:%M:%S')} {os.getpid()}] {said}", file=sys.stderr, flush=True)


def _data_names(first_table: int, shares: list[int]) -> list[list[str]]:
    return [[f"d{first_table + t}p{i}" for i in range(n)] for t, n in enumerate(shares)]


def _ssh_names(first_table: int, shares: list[int]) -> list[list[str]]:
    return [[f"s{first_table + t}p{i}" for i in range(n)] for t, n in enumerate(shares)]


async def _data_run(
    port: int,
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    keys: dict[str, asyncssh.SSHKey],
    number: int,
    barrier: Any,
    results: Any,
) -> None:
    rng = random.Random(args.seed * 1000 + number * 100 + first_table)
    tables = [Table(first_table + i) for i in range(len(shares))]
    names = _data_names(first_table, shares)
    people = [
        [Player(n, t, args.think, random.Random(rng.random()), keys[n]) for n in group]
        for t, group in zip(tables, names, strict=True)
    ]
    everyone = [p for group in people for p in group]
    await _connect_all(everyone, port)
    await _meet(barrier, f"{len(everyone)} logged in")  # 1: everyone in the lobby
    await asyncio.gather(*(_set_up(group, args.bots, args.bot) for group in people))
    await _meet(barrier, f"{len(tables)} tables started")  # 2: the window opens
    opened, closed, cpu, held = await measured_window(everyone, barrier, args.seconds)
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
    left = await gated([p.leave for p in everyone], CONNECT_AT_ONCE)
    results.put(
        {
            "others": samples,
            "replies": replies,
            "queries": [],
            "actions": actions,
            "unseen": [],
            "entries": sum(len(a) for t in tables for a in t.arrived.values()),
            "held": held,
            "refused": sum(p.refused for p in everyone),
            "over": sum(t.over for t in tables),
            "retried": 0,
            "left": sum(1 for x in left if x is True),
            "driver_cpu": [100 * cpu / (closed - opened)],
            "ssh_cpu": 0.0,
        }
    )
    for person in everyone:
        person.close()
    await _meet(barrier, "everyone gone")  # 4: everyone gone


async def _ssh_run(
    port: int,
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    keys: dict[str, Path],
    number: int,
    barrier: Any,
    results: Any,
) -> None:
    rng = random.Random(args.seed * 1000 + number * 100 + first_table)
    tables = [SshTable(first_table + i) for i in range(len(shares))]
    names = _ssh_names(first_table, shares)

    def person(name: str) -> SshPerson:
        return SshPerson(port, keys[name], name, args.think, random.Random(rng.random()))

    people = [[person(n) for n in group] for group in names]
    retried, (opened, closed, cpu, ssh_cpu) = await ssh_tables_play(
        people, tables, lambda gone: person(gone.name), args, barrier
    )
    everyone = [p for group in people for p in group]
    for someone in everyone:
        someone.stop_playing()
    held = sum(1 for p in everyone if p.running())
    await _meet(barrier, f"{held} held after the window")  # 3: the server measured
    await asyncio.sleep(0.5)  # lines on their way arrive
    others, replies, queries, actions, unseen = measured(tables, opened, closed)
    left = await gated([p.leave for p in everyone], CONNECT_AT_ONCE)
    results.put(
        {
            "others": others,
            "replies": replies,
            "queries": queries,
            "actions": actions,
            "unseen": unseen,
            "entries": sum(len(a.seen) for t in tables for a in t.acts),
            "held": held,
            "refused": sum(p.refused for p in everyone),
            "over": 0,
            "retried": retried,
            "left": sum(1 for x in left if x is True),
            "driver_cpu": [100 * cpu / (closed - opened)],
            "ssh_cpu": 100 * ssh_cpu / (closed - opened),
        }
    )
    for someone in everyone:
        someone.close()
    await _meet(barrier, "everyone gone")  # 4: everyone gone


async def ssh_tables_play(
    people: list[list[SshPerson]],
    tables: list[SshTable],
    again: Callable[[SshPerson], SshPerson],
    args: argparse.Namespace,
    barrier: Any,
) -> tuple[int, tuple[float, float, float, float]]:
    """A driver's plain ssh people (a list a table) logged in (``again``: a new terminal
    for one whose login failed), the drivers met (1), seated at ``tables``, met (2), and
    playing the window (``play_for``: they go on playing after it). How many logins were
    made again, and the window's ``play_for``."""
    retried = await log_in_all(people, again, CONNECT_AT_ONCE, LOGIN_TRIES)
    await _meet(barrier, f"{sum(map(len, people))} logged in")  # 1: everyone in the lobby
    seated = [
        (lambda g=group, t=table: seat_table(g, t, args.bots, args.bot))
        for group, table in zip(people, tables, strict=True)
    ]
    for failed in await gated(seated, CONNECT_AT_ONCE):
        if isinstance(failed, BaseException):
            raise failed
    await _meet(barrier, f"{len(tables)} tables started")  # 2: the window opens
    everyone = [p for group in people for p in group]
    return retried, await play_for(everyone, args.seconds)


# --------------------------------------------------------------------------- the runs


def _split(items: int, parts: int) -> list[int]:
    return [items // parts + (1 if i < items % parts else 0) for i in range(parts)]


@dataclass
class Round:
    """One way's people, one round, and the server meanwhile."""

    way: str
    number: int
    people: int
    tables: int
    drivers: int
    logged_in: float = 0.0  # seconds to log everyone in
    window: float = 0.0
    cpu: float = 0.0  # server seconds of CPU over the window
    rss: dict[str, int] = field(default_factory=dict)
    threads: dict[str, int] = field(default_factory=dict)
    sockets: dict[str, int] = field(default_factory=dict)
    files: dict[str, int] = field(default_factory=dict)
    left_cpu: float = 0.0  # % of one core once everyone has left
    got: dict[str, Any] = field(default_factory=dict)

    @property
    def others(self) -> list[float]:
        return [s * 1000 for s in self.got["others"]]

    def per_action(self) -> float:
        """The server's CPU per people's action, in ms."""
        actions = self.got["actions"]
        return 1000 * self.cpu / actions if actions else math.nan

    def per_connection(self) -> float:
        """The server's memory per idle connection in the lobby, KB."""
        return (self.rss["lobby"] - self.rss["before"]) / max(self.people, 1) / 1024

    def per_table(self) -> float:
        """The server's memory per table (people seated, playing), KB."""
        return (self.rss["end"] - self.rss["lobby"]) / max(self.tables, 1) / 1024


def _end(processes: list[Any], wait: float) -> None:
    """The drivers done (or failed): each one's group ended, its ssh processes with it."""
    for process in processes:
        process.join(timeout=wait)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


def _measure(server: Server, into: Round, point: str) -> None:
    into.rss[point] = server.rss()
    into.threads[point] = server.threads()
    into.sockets[point] = server.connections()
    into.files[point] = server.files()


def run_way(
    server: Server,
    way: str,
    number: int,
    args: argparse.Namespace,
    keys: dict[str, Any],
) -> Round:
    """One round of ``way``'s people: logged in, seated, playing, gone."""
    context = multiprocessing.get_context("fork")
    players, tables = (
        (args.ssh_players, args.ssh_tables)
        if way == "ssh"
        else (
            args.players,
            args.tables,
        )
    )
    seats = _split(players, tables)  # the people at each table
    drivers = max(1, min(args.drivers if way == "ssh" else args.clients, tables))
    run = _ssh_run if way == "ssh" else _data_run
    barrier = context.Barrier(drivers + 1)
    results = context.Queue()
    processes = []
    first = 1
    done = Round(way, number, players, tables, drivers)
    _measure(server, done, "before")
    wait = 0.0
    started = time.perf_counter()
    for count in _split(tables, drivers):
        shares = seats[first - 1 : first - 1 + count]
        process = context.Process(
            target=_driver,
            args=(run, server.port, shares, first, args, keys, number, barrier, results),
        )
        process.start()
        processes.append(process)
        first += count
    try:
        barrier.wait(timeout=BARRIER_WAIT)  # 1: everyone in the lobby
        done.logged_in = time.perf_counter() - started
        _measure(server, done, "lobby")
        barrier.wait(timeout=BARRIER_WAIT)  # 2: every table started
        _measure(server, done, "tables")
        cpu_before, opened = server.cpu(), time.perf_counter()
        time.sleep(args.seconds)
        barrier.wait(timeout=BARRIER_WAIT)  # 3: nobody acts, connections held
        done.cpu, done.window = server.cpu() - cpu_before, time.perf_counter() - opened
        _measure(server, done, "end")
        barrier.wait(timeout=BARRIER_WAIT)  # 4: everyone gone
        got = [results.get(timeout=600) for _ in processes]
        wait = 60.0
    except threading.BrokenBarrierError:
        wait = 0
        errors = []
        with contextlib.suppress(queue.Empty):
            while True:
                errors.append(results.get(timeout=5).get("error", ""))
        why = "; ".join(e for e in errors if e)
        if server.grown:
            why = f"the server grew to {server.grown / 2**20:.0f} MB and was stopped ({why})"
        raise SystemExit(f"{WAYS[way]}, round {number}: {why}") from None
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
    deadline = time.perf_counter() + 60
    while server.connections() and time.perf_counter() < deadline:
        time.sleep(0.2)  # the connections closing at the server's end
    time.sleep(1)
    done.left_cpu = server.busy(args.settle)
    _measure(server, done, "left")
    return done


def report(done: Round, args: argparse.Namespace) -> None:
    got = done.got
    bots = f"{args.bots} {args.bot} bot{'s' if args.bots != 1 else ''}"
    print(
        f"{WAYS[done.way]}, round {done.number}: {done.people} people at {done.tables} "
        f"tables, {bots} at each, for {done.window:.0f} s"
    )
    unit = "drivers" if done.way == "ssh" else "clients"
    print(f"  (people think {args.think} s, bots' pace {args.bot_pace} s, {done.drivers} {unit})")
    retried = f"; {got['retried']} logins failed and made again" if got["retried"] else ""
    print(label("logged in (idle in the lobby)") + f"{done.logged_in:.1f} s{retried}")
    window = max(done.window, 1e-9)
    rate = got["actions"] / window
    print(label("people's actions measured") + f"{got['actions']} ({rate:.1f}/s)")
    if done.way == "ssh":
        unseen = Counter(got["unseen"]).most_common(4)
        what = ", ".join(f"{typed or 'Enter'} {n}" for typed, n in unseen)
        print(label("actions no other person was told") + f"{len(got['unseen'])} ({what})")
        print(label("typed and refused") + f"{got['refused']}")
    else:
        print(label("entries received (people)") + f"{got['entries']}")
        print(label("actions refused (moved on meanwhile)") + f"{got['refused']}")
        print(label("games over") + f"{got['over']}")
    told = "line" if done.way == "ssh" else "entry"
    print(label(f"action -> others' {told}, ms") + spread(done.others) + " (target p95 <= 50)")
    print(
        label("action -> its reply (to the sender), ms")
        + spread([s * 1000 for s in got["replies"]])
    )
    if done.way == "ssh":
        hand = [s * 1000 for s in got["queries"]]
        print(label("l -> the hand (to the sender), ms") + spread(hand))
    print(label("connections held (people / server)") + f"{got['held']} / {done.sockets['end']}")
    drivers = ", ".join(f"{c:.0f}" for c in got["driver_cpu"])
    clients = f"; their ssh processes {got['ssh_cpu']:.0f} in all" if done.way == "ssh" else ""
    print(label(f"the {unit}' CPU, % of one core") + f"{drivers}{clients}")
    threads = done.threads
    print(
        label("server threads") + f"{threads['before']} before, {threads['lobby']} in the lobby, "
        f"{threads['end']} playing (target < 16)"
    )
    cpu = 100 * done.cpu / window
    print(
        label("server CPU, % of one core")
        + f"{cpu:.1f} ({cpu / done.tables:.2f} per table; {done.per_action():.2f} ms per action)"
    )
    files = done.files
    per = (files["lobby"] - files["before"]) / max(done.people, 1)
    print(
        label("server open files")
        + f"{files['before']} before, {files['lobby']} in the lobby ({per:.1f} a connection), "
        f"{files['end']} playing"
    )
    rss = done.rss
    print(
        label("server memory (RSS)")
        + f"{rss['before'] / 2**20:.1f} MB before, {rss['lobby'] / 2**20:.1f} MB in the lobby, "
        f"{rss['end'] / 2**20:.1f} MB playing"
    )
    print(
        label("memory per idle connection, per table")
        + f"{done.per_connection():.0f} KB, {done.per_table():.0f} KB"
    )
    print(
        label("after everyone left")
        + f"{got['left']} of {done.people} left by themselves; the server: "
        f"{done.sockets['left']} connections, {rss['left'] / 2**20:.1f} MB, "
        f"{threads['left']} threads, CPU {done.left_cpu:.1f}% of one core"
    )


def summary(rounds: list[Round]) -> None:
    """The ways side by side, round by round."""
    ways = [w for w in WAYS if any(r.way == w for r in rounds)]
    numbers = sorted({r.number for r in rounds})
    found = {(r.way, r.number): r for r in rounds}
    columns = [(w, n) for n in numbers for w in ways if (w, n) in found]
    width = 16
    print("side by side")
    print(label("") + "".join(f"{WAYS[w] + ' ' + str(n):>{width}}" for w, n in columns))
    rows: list[tuple[str, Callable[[Round], str]]] = [
        ("people / tables", lambda r: f"{r.people} / {r.tables}"),
        ("action -> others, p50 ms", lambda r: f"{percentile(r.others, 0.5):.1f}"),
        ("action -> others, p95 ms", lambda r: f"{percentile(r.others, 0.95):.1f}"),
        ("action -> others, max ms", lambda r: f"{max(r.others, default=math.nan):.1f}"),
        ("server CPU, % of one core", lambda r: f"{100 * r.cpu / max(r.window, 1e-9):.1f}"),
        ("server CPU per action, ms", lambda r: f"{r.per_action():.2f}"),
        ("server threads, playing", lambda r: f"{r.threads['end']}"),
        ("memory per idle connection, KB", lambda r: f"{r.per_connection():.0f}"),
        ("memory per table, KB", lambda r: f"{r.per_table():.0f}"),
        ("after leaving: RSS, MB", lambda r: f"{r.rss['left'] / 2**20:.1f}"),
        ("after leaving: threads", lambda r: f"{r.threads['left']}"),
        ("after leaving: CPU, % of one core", lambda r: f"{r.left_cpu:.1f}"),
        ("after leaving: connections", lambda r: f"{r.sockets['left']}"),
    ]
    for name, value in rows:
        print(label(name) + "".join(f"{value(found[c]):>{width}}" for c in columns))


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
    await _meet(barrier)  # all connected: measured idle
    await _meet(barrier)
    results.put(
        {"held": sum(1 for p in idle if p.chan is not None and not p.lost), "failed": failed}
    )
    for player in idle:
        player.close()


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
    barrier.wait(timeout=BARRIER_WAIT)
    took = time.perf_counter() - started
    cpu = server.busy(min(args.seconds, 10))
    rss, sockets, threads = server.rss(), server.connections(), server.threads()
    barrier.wait(timeout=BARRIER_WAIT)
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


def said(server: Server) -> None:
    """What the server wrote on standard error, each line once, with how many times."""
    lines = Counter(server.stop().splitlines())
    if lines:
        print("server said:")
        for line, times in list(lines.items())[:40]:
            print(f"  {line}" + (f" ({times} times)" if times > 1 else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--way", choices=("both", "ssh", "data"), default="both")
    parser.add_argument("--players", type=int, default=200, help="people (0: no tables)")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--ssh-players", type=int, help="plain ssh people (--players)")
    parser.add_argument("--ssh-tables", type=int, help="their tables (--tables)")
    parser.add_argument("--rounds", type=int, default=2, help="the same people again")
    parser.add_argument("--bots", type=int, default=1, help="bots at each table")
    parser.add_argument("--bot", default="normal", help="their strength (hard, hard:250...)")
    parser.add_argument("--seconds", type=float, default=30, help="the measured window")
    parser.add_argument("--think", type=float, default=0.5, help="a person's time to act")
    parser.add_argument("--bot-pace", type=float, default=0.5)
    parser.add_argument("--settle", type=float, default=5, help="CPU measured after leaving")
    parser.add_argument("--idle", type=int, default=1000, help="idle connections (0: none)")
    parser.add_argument("--idle-ssh", type=int, default=0, help="of them plain ssh sessions")
    parser.add_argument("--drivers", type=int, default=2, help="plain ssh driver processes")
    parser.add_argument("--clients", type=int, default=2, help="data channel client processes")
    parser.add_argument(
        "--rss-limit", type=int, default=4000, help="MB: a server past it is stopped"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default=None, help="the server's cProfile output file")
    args = parser.parse_args()
    for stop in (signal.SIGTERM, signal.SIGHUP):  # stopped: the server and drivers end too
        signal.signal(stop, lambda number, frame: sys.exit(128 + number))
    args.ssh_players = args.players if args.ssh_players is None else args.ssh_players
    args.ssh_tables = args.tables if args.ssh_tables is None else args.ssh_tables
    ways = ["ssh", "data"] if args.way == "both" else [args.way]
    for way in ways:
        players, tables = (
            (args.ssh_players, args.ssh_tables) if way == "ssh" else (args.players, args.tables)
        )
        if players and (tables < 1 or players < tables):
            parser.error("each table needs a person (players >= tables; 0: no tables)")
        if players and players < 2 * tables and args.bots < 1:
            parser.error("each table needs two seats: more players, or bots")
    ways = [w for w in ways if (args.ssh_players if w == "ssh" else args.players)]
    args.idle_ssh = min(args.idle_ssh, args.idle)
    soft, hard = raise_open_files(args.idle + 2 * max(args.players, args.ssh_players) + 64)
    print(f"open files: soft limit {soft}, hard limit {hard}; {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    failed = False
    with tempfile.TemporaryDirectory(prefix="bench_net_") as folder:
        if ways:
            keys: dict[str, dict[str, Any]] = {}
            if "ssh" in ways:
                names = _ssh_names(1, _split(args.ssh_players, args.ssh_tables))
                everyone = [n for group in names for n in group]
                keys["ssh"] = dict(write_keys(Path(folder) / "keys", everyone))
            if "data" in ways:
                names = _data_names(1, _split(args.players, args.tables))
                made = asyncssh.generate_private_key
                keys["data"] = {n: made("ssh-ed25519") for group in names for n in group}
            rounds: list[Round] = []
            for way in ways:  # each way in a server of its own, round after round
                profile = f"{args.profile}.{way}" if args.profile else None
                server = Server(Path(folder) / way, args.bot_pace, profile)
                server.guard(args.rss_limit * 2**20)
                try:
                    for number in range(1, args.rounds + 1):
                        rounds.append(run_way(server, way, number, args, keys[way]))
                        report(rounds[-1], args)
                except SystemExit as stopped:  # said, and the other way still measured
                    print(f"{stopped}")
                    failed = True
                finally:
                    said(server)
            if rounds:
                summary(rounds)
        if args.idle:
            server = Server(Path(folder) / "idle", args.bot_pace)
            server.guard(args.rss_limit * 2**20)
            try:
                run_idle(server, args)
            finally:
                said(server)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
