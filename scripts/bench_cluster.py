"""Many servers under load: people at tables spread over three ``uno-access serve
--cluster`` servers on one NATS cluster, beside the same people on one server alone, in
one run; then one of the three SIGKILLed, and the time its tables take to answer again
on another.

    .venv/bin/python scripts/bench_cluster.py [--players 600] [--tables 150]
        [--servers 3] [--bots 1] [--bot normal] [--seconds 30] [--think 0.5]
        [--bot-pace 0.5] [--drivers 2] [--probe 2] [--failover-wait 120] [--kill 0]
        [--no-single] [--no-kill] [--no-reconnect] [--rss-limit 4000]

Everything runs on 127.0.0.1, in a temporary folder, and is stopped by its pid at the
end (Ctrl-C and errors too): a three-node ``nats-server`` cluster with JetStream
(``tests/net/nats_cluster.py``: free ports, a store folder each) and ``--servers``
game servers ``uno-access serve --cluster URLS --open --port 0`` (a data folder each, no
web port), each waited for until it says it joined the cluster.

The people are plain ssh people as ``scripts/bench_net.py --way ssh`` plays them
(``ssh_people.py``: the machine's OpenSSH client in a pseudo-terminal each, ``keys
off``, typing their turns after thinking ``--think`` seconds, run by ``--drivers``
processes), 4 at each table with 1 ``normal`` bot (``--bots``, ``--bot``), as bench_net
seats them. Table ``t`` is made on server ``t mod 3`` and its ``i``-th person connects
to server ``(t + i) mod 3``: the four of a table are on servers k, k+1, k+2 and k, so
that most of what a move tells crosses servers (the holder's log, each other server's
copy of the table).

1. **One server alone** (``serve`` without ``--cluster``, today's server), the same
   people at the same tables, for the same window (``--no-single`` leaves it out).
2. **The cluster**, the same people again. For both: from an action typed to the line
   that says it at each other person's terminal of the table, p50, p95, max; on the
   cluster also split by where the viewer is: on the actor's own server or another, on
   the table's holder or on a server following its copy. The servers' CPU over the
   window (and per action, all servers together), their memory and threads, the NATS
   servers' CPU and memory, and the drivers' own CPU and their ssh processes' (a driver
   above 80% of a core delays what it measures: said).
3. **Failover** (``--no-kill`` leaves it out): once the window is over, while the tables
   play on, server ``--kill`` (the first) is SIGKILLed. At each table it held, the
   people connected to the other servers ask the table something that only its holder
   answers: a chat line (``say probe``), each every ``--probe`` seconds (below the chat's
   limit of one a second), the two of a table staggered. The time from the kill to the
   first such line told back (the table's new holder wrote it in its log) is the table
   answering again; the time to the line that says it was taken over is printed beside
   it. A table not answering within ``--failover-wait`` seconds is lost. Then the
   killed server's people come back on another server (``--no-reconnect``: not), and
   are counted: back at their seat as they logged in, by ``join N``, or not.

Exit status 0 when it ran; 1 when a table was lost, a server ended or grew past
``--rss-limit`` MB, or a driver failed. Speed is measured here, not asserted
(``tests/net/cluster/test_cluster_bench.py`` runs it with tiny numbers).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import multiprocessing
import os
import queue
import random
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "net")]

from bench_net import (  # noqa: E402
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
    label,
    percentile,
    raise_open_files,
    said,
    spread,
    ssh_tables_play,
)
from nats_cluster import NatsCluster  # noqa: E402
from ssh_people import (  # noqa: E402
    SshPerson,
    SshTable,
    cpu_seconds,
    gated,
    measured,
    rss_bytes,
    seen_by,
    write_keys,
)

from uno_access.access import messages  # noqa: E402
from uno_access.access.wording.cluster import NET_TABLE_TAKEN_OVER  # noqa: E402
from uno_access.access.wording.net import NET_YOU_ARE_BACK_WAITED  # noqa: E402

NAMES = "abcdefghij"  # the servers' names in the report
BUSY_DRIVER = 80.0  # % of one core: a driver above it delays what it measures
PROBE = "probe"
_TAKEN_OVER = re.escape(messages.tr(NET_TABLE_TAKEN_OVER)[:40])
_BACK = re.escape(messages.tr(NET_YOU_ARE_BACK_WAITED).split("{number}")[0])
_TOOK = re.compile(r"^Took table (\d+) over", re.MULTILINE)


def home(table: int, person: int, servers: int) -> int:
    """The server (its index) the ``person``-th person of table ``table`` (both from 0)
    connects to: the table's maker on server ``table mod servers``, the others on the
    next ones in turn."""
    return (table + person) % servers


# --------------------------------------------------------------------------- the drivers


@dataclass
class Probed:
    """One table of the killed server, after the kill: when it answered again and when
    its people were told it was taken over (seconds after the kill; None: not seen)."""

    answered: float | None = None
    taken: float | None = None
    probes: int = 0


def _when(future: asyncio.Future[float]) -> float | None:
    if future.done() and not future.cancelled() and future.exception() is None:
        return future.result()
    return None


async def _probe(table: SshTable, dead: int, killed: float, args: argparse.Namespace) -> Probed:
    """The people of ``table`` on living servers each type ``say probe N`` every
    ``--probe`` seconds, staggered, until one of those lines comes back to them (or
    ``--failover-wait`` is over)."""
    alive = [p for p in table.people if p.port != dead and p.running()]
    found = Probed()
    if not alive:
        return found
    deadline = killed + args.failover_wait
    wait = max(deadline - time.perf_counter(), 0.1)
    answers = [asyncio.ensure_future(p.arrival(rf" says: {PROBE} \d+", wait)) for p in alive]
    taken = [asyncio.ensure_future(p.arrival(_TAKEN_OVER, wait)) for p in alive]
    step = args.probe / len(alive)
    while time.perf_counter() < deadline and all(_when(a) is None for a in answers):
        alive[found.probes % len(alive)].type(f"say {PROBE} {found.probes}")
        found.probes += 1
        await asyncio.sleep(step)
    await asyncio.sleep(0.5)  # the other terminals' lines on their way
    for future in (*answers, *taken):
        future.cancel()
    await asyncio.gather(*answers, *taken, return_exceptions=True)
    answered = [t for t in map(_when, answers) if t is not None]
    told = [t for t in map(_when, taken) if t is not None]
    found.answered = min(answered) - killed if answered else None
    found.taken = min(told) - killed if told else None
    return found


async def _come_back(
    gone: SshPerson, port: int, table: SshTable, args: argparse.Namespace
) -> tuple[str, SshPerson]:
    """``gone`` (their server killed) logs in to the server at ``port``: back at their seat
    at once (``seat``), by ``join N`` from the lobby (``join``), or not (``no``)."""
    again = SshPerson(port, gone.key, gone.name, args.think, gone.rng)
    again.start()
    back = asyncio.ensure_future(again.arrival(_BACK, 60))
    try:
        if await again.prompt(60) and not back.done():  # the lobby: the seat asked for
            back.cancel()
            back = asyncio.ensure_future(again.arrival(_BACK, 30))
            again.type(f"join {table.number}")
            await back
            return "join", again
        await back
        return "seat", again
    except (TimeoutError, EOFError, asyncio.CancelledError):
        back.cancel()
        return f"no: {again.tail()}", again


async def _run(
    ports: list[int],
    shares: list[int],
    first_table: int,
    args: argparse.Namespace,
    keys: dict[str, Path],
    kill: bool,
    killed: Any,
    barrier: Any,
    results: Any,
) -> None:
    """One driver's tables (from ``first_table``, numbered from 1), their people on
    ``ports`` as ``home`` says: logged in, seated, playing the window; on the cluster,
    then the kill's tables probed and its people back."""
    rng = random.Random(args.seed * 1000 + len(ports) * 100 + first_table)
    tables = [SshTable(first_table + i) for i in range(len(shares))]
    names = _ssh_names(first_table, shares)

    def person(name: str, port: int) -> SshPerson:
        return SshPerson(port, keys[name], name, args.think, random.Random(rng.random()))

    people = [
        [person(n, ports[home(first_table - 1 + t, i, len(ports))]) for i, n in enumerate(group)]
        for t, group in enumerate(names)
    ]
    everyone: list[SshPerson] = []
    try:
        retried, (opened, closed, cpu, ssh_cpu) = await ssh_tables_play(
            people, tables, lambda gone: person(gone.name, gone.port), args, barrier
        )
        everyone = [p for group in people for p in group]
        held = sum(1 for p in everyone if p.running())
        await _meet(barrier, f"{held} held after the window")  # 3: the servers measured
        await asyncio.sleep(0.5)  # lines on their way arrive
        _, _, _, actions, unseen = measured(tables, opened, closed)
        split: dict[str, list[float]] = {k: [] for k in ("same", "other", "holder", "copy")}
        for actor, viewer, took in seen_by(tables, opened, closed):
            split["same" if viewer.port == actor.port else "other"].append(took)
            holder = viewer.table is not None and viewer.table.people[0].port == viewer.port
            split["holder" if holder else "copy"].append(took)
        got: dict[str, Any] = {
            **split,
            "actions": actions,
            "unseen": len(unseen),
            "held": held,
            "refused": sum(p.refused for p in everyone),
            "nudged": sum(p.nudged for p in everyone),
            "refused_new": sum(p.refused_new for p in everyone),
            "refused_join": sum(p.refused_join for p in everyone),
            "retried": retried,
            "driver_cpu": [100 * cpu / (closed - opened)],
            "ssh_cpu": 100 * ssh_cpu / (closed - opened),
            "probed": [],
            "back": [],
        }
        if kill:
            await _failover(tables, ports, args, killed, barrier, got, everyone)
        else:
            for someone in everyone:
                someone.stop_playing()
        results.put(got)
        await _meet(barrier, "done")  # the last: everyone measured
    finally:
        for someone in [p for group in people for p in group] + everyone:
            someone.close()


async def _failover(
    tables: list[SshTable],
    ports: list[int],
    args: argparse.Namespace,
    killed: Any,
    barrier: Any,
    got: dict[str, Any],
    everyone: list[SshPerson],
) -> None:
    """Server ``--kill`` killed (by the main process, between two meetings); its tables
    probed, then its people back on the next living server."""
    await _meet(barrier, "the kill")  # 4: the main process kills, then says when
    while not killed.value:
        await asyncio.sleep(0.01)
    at, dead = killed.value, ports[args.kill]
    held = [t for t in tables if t.people[0].port == dead]
    probed = await asyncio.gather(*(_probe(t, dead, at, args) for t in held))
    got["probed"] = [(p.answered, p.taken, p.probes) for p in probed]
    if args.no_reconnect:
        return
    living = [port for port in ports if port != dead]
    coming = []
    for table in tables:
        for i, gone in enumerate(table.people):
            if gone.port == dead:
                port = living[(table.index + i) % len(living)]
                coming.append(lambda g=gone, p=port, t=table: _come_back(g, p, t, args))
    back = await gated(coming, CONNECT_AT_ONCE)
    got["back"] = [b[0] if isinstance(b, tuple) else f"no: {b!r}" for b in back]
    everyone += [b[1] for b in back if isinstance(b, tuple)]
    for someone in everyone:
        someone.stop_playing()


# --------------------------------------------------------------------------- the runs


@dataclass
class Run:
    """One run of everyone: on one server alone, or on the cluster."""

    name: str
    servers: list[Server]
    nats: list[int] = field(default_factory=list)  # the NATS servers' pids
    rounds: list[Round] = field(default_factory=list)  # each server's memory and threads
    cpu: list[float] = field(default_factory=list)  # each server's CPU seconds in the window
    nats_cpu: list[float] = field(default_factory=list)
    nats_rss: list[int] = field(default_factory=list)
    window: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)  # the load average as it closed
    logged_in: float = 0.0
    got: dict[str, Any] = field(default_factory=dict)
    killed: str = ""  # the killed server's name
    took: Counter[str] = field(default_factory=Counter)  # tables taken over, by server

    def ms(self, key: str) -> list[float]:
        return [s * 1000 for s in self.got.get(key, [])]

    @property
    def others(self) -> list[float]:
        return self.ms("same") + self.ms("other")


def _nats_cpu(pids: list[int]) -> list[float]:
    return [cpu_seconds(pid) for pid in pids]


def run(run_: Run, args: argparse.Namespace, keys: dict[str, Path], kill: bool) -> Run:
    """Everyone on ``run_``'s servers: logged in, seated, playing, measured; with ``kill``,
    server ``--kill`` SIGKILLed after the window."""
    context = multiprocessing.get_context("fork")
    servers = run_.servers
    ports = [s.port for s in servers]
    drivers = max(1, min(args.drivers, args.tables))
    barrier = context.Barrier(drivers + 1)
    results = context.Queue()
    killed = context.Value("d", 0.0)
    processes = []
    first = 1
    seats = _split(args.players, args.tables)
    for index in range(len(servers)):
        people = sum(
            1 for t, n in enumerate(seats) for i in range(n) if home(t, i, len(servers)) == index
        )
        held = sum(1 for t in range(args.tables) if t % len(servers) == index)
        run_.rounds.append(Round("ssh", 1, people, held, drivers))
    for r, server in zip(run_.rounds, servers, strict=True):
        _measure(server, r, "before")
    started = time.perf_counter()
    for count in _split(args.tables, drivers):
        shares = seats[first - 1 : first - 1 + count]
        process = context.Process(
            target=_driver,
            args=(_run, ports, shares, first, args, keys, kill, killed, barrier, results),
        )
        process.start()
        processes.append(process)
        first += count
    wait = 0.0
    try:
        barrier.wait(timeout=BARRIER_WAIT)  # 1: everyone in the lobby
        run_.logged_in = time.perf_counter() - started
        for r, server in zip(run_.rounds, servers, strict=True):
            _measure(server, r, "lobby")
        barrier.wait(timeout=BARRIER_WAIT)  # 2: every table started
        for r, server in zip(run_.rounds, servers, strict=True):
            _measure(server, r, "tables")
        cpu = [s.cpu() for s in servers]
        nats = _nats_cpu(run_.nats)
        opened = time.perf_counter()
        time.sleep(args.seconds)
        barrier.wait(timeout=BARRIER_WAIT)  # 3: the window over
        run_.window = time.perf_counter() - opened
        run_.load = os.getloadavg()
        run_.cpu = [s.cpu() - c for s, c in zip(servers, cpu, strict=True)]
        run_.nats_cpu = [n - c for n, c in zip(_nats_cpu(run_.nats), nats, strict=True)]
        run_.nats_rss = [rss_bytes(pid) for pid in run_.nats]
        for r, server in zip(run_.rounds, servers, strict=True):
            _measure(server, r, "end")
        if kill:
            barrier.wait(timeout=BARRIER_WAIT)  # 4: the kill
            dead = servers[args.kill]
            at = time.perf_counter()
            dead.process.send_signal(signal.SIGKILL)
            dead.process.wait(30)
            killed.value = at
            run_.killed = NAMES[args.kill]
        got = [results.get(timeout=BARRIER_WAIT) for _ in processes]
        barrier.wait(timeout=BARRIER_WAIT)  # the last: everyone measured
        wait = 60.0
    except (threading.BrokenBarrierError, queue.Empty):
        errors = []
        with contextlib.suppress(queue.Empty):
            while True:
                errors.append(results.get(timeout=5).get("error", ""))
        why = "; ".join(e for e in errors if e) or "a driver stopped"
        grown = [
            f"{NAMES[i]} grew to {s.grown / 2**20:.0f} MB" for i, s in enumerate(servers) if s.grown
        ]
        raise SystemExit(f"{run_.name}: {'; '.join([*grown, why])}") from None
    finally:
        _end(processes, wait)
    if any("error" in g for g in got):
        raise SystemExit(f"{run_.name}: {'; '.join(g['error'] for g in got if 'error' in g)}")
    run_.got = {
        key: [x for g in got for x in g[key]]
        if isinstance(got[0][key], list)
        else sum(g[key] for g in got)
        for key in got[0]
    }
    for i, server in enumerate(servers):
        if i != args.kill or not kill:
            run_.took[NAMES[i]] = len(_TOOK.findall(server.said()))
    return run_


# --------------------------------------------------------------------------- the report


def seconds(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.1f}, p95 {percentile(values, 0.95):.1f}, "
        f"max {max(values):.1f} (n={len(values)})"
    )


def report(run_: Run, args: argparse.Namespace) -> bool:
    """``run_``'s figures; whether every driver had room (below ``BUSY_DRIVER``)."""
    got = run_.got
    servers = len(run_.servers)
    where = "one server alone" if servers == 1 else f"{servers} servers over a NATS cluster"
    people = f"{args.players} people at {args.tables} tables"
    print(f"{run_.name}: {people}, {where}, for {run_.window:.0f} s")
    retried = f"; {got['retried']} logins made again" if got["retried"] else ""
    print(label("logged in (idle in the lobby)") + f"{run_.logged_in:.1f} s{retried}")
    print(
        label("new, join refused (cluster busy)")
        + f"{got['refused_new']} (no table number yet), {got['refused_join']} (the holder "
        "did not answer in 5 s); each typed again"
    )
    window = max(run_.window, 1e-9)
    print(
        label("people's actions measured") + f"{got['actions']} ({got['actions'] / window:.1f}/s)"
    )
    print(label("actions no other person was told") + f"{got['unseen']}")
    print(
        label("typed and refused; Enter after silence")
        + f"{got['refused']}; {got['nudged']} (a turn not seen)"
    )
    print(label("action -> others' line, ms") + spread(run_.others) + " (target p95 <= 50)")
    if servers > 1:
        print(label("  viewer on the actor's server") + spread(run_.ms("same")))
        print(label("  viewer on another server") + spread(run_.ms("other")))
        print(label("  viewer on the table's holder") + spread(run_.ms("holder")))
        print(label("  viewer on a server with its copy") + spread(run_.ms("copy")))
    print(label("connections held (people)") + f"{got['held']}")
    for i, (r, cpu) in enumerate(zip(run_.rounds, run_.cpu, strict=True)):
        print(
            label(f"server {NAMES[i]}: CPU, memory, threads")
            + f"{100 * cpu / window:.1f}% of one core, {r.rss['lobby'] / 2**20:.0f} MB in the "
            f"lobby, {r.rss['end'] / 2**20:.0f} MB playing, {r.threads['end']} threads "
            f"({r.people} people, {r.tables} tables made there)"
        )
    total = sum(run_.cpu)
    per = 1000 * total / got["actions"] if got["actions"] else math.nan
    print(
        label("servers' CPU, all, % of one core")
        + f"{100 * total / window:.1f} ({per:.2f} ms per action)"
    )
    if run_.nats:
        nats = ", ".join(f"{100 * c / window:.1f}" for c in run_.nats_cpu)
        rss = ", ".join(f"{r / 2**20:.0f}" for r in run_.nats_rss)
        print(label("NATS servers: CPU % of one core; MB") + f"{nats}; {rss}")
    drivers = got["driver_cpu"]
    print(
        label("drivers' CPU, % of one core")
        + ", ".join(f"{c:.1f}" for c in drivers)
        + f"; their ssh processes {got['ssh_cpu']:.1f} in all"
    )
    room = max(drivers, default=0) <= BUSY_DRIVER
    if not room:
        print(
            f"  a driver was above {BUSY_DRIVER:.0f}% of one core: the latency above is partly "
            "the driver's own (fewer people, or more --drivers on more cores)"
        )
    print(label("load average as the window closed") + " ".join(f"{x:.2f}" for x in run_.load))
    return room


def failover(run_: Run, args: argparse.Namespace) -> bool:
    """The kill's figures; whether every table of the killed server answered again."""
    probed = run_.got["probed"]
    answered = [a for a, _, _ in probed if a is not None]
    taken = [t for _, t, _ in probed if t is not None]
    lost = len(probed) - len(answered)
    print(
        f"failover: server {run_.killed} SIGKILLed with its {len(probed)} tables in play "
        f"(its people's chat probes every {args.probe} s)"
    )
    went = (
        "every one; none lost"
        if not lost
        else f"{lost} LOST (no answer in {args.failover_wait:.0f} s)"
    )
    print(label("tables answering again on another") + f"{len(answered)} of {len(probed)}: {went}")
    print(label("kill -> the table answering, s") + seconds(answered))
    print(label("kill -> told it was taken over, s") + seconds(taken))
    took = ", ".join(f"{name} {n}" for name, n in sorted(run_.took.items()))
    print(label("taken over by") + took)
    print(label("probes typed") + f"{sum(p for _, _, p in probed)}")
    back = Counter(b.split(":")[0] for b in run_.got["back"])
    if back:
        print(
            label("its people, back on another server")
            + f"{sum(back.values())}: {back['seat']} at their seat as they logged in, "
            f"{back['join']} by join N, {back['no']} not"
        )
        for why in [b for b in run_.got["back"] if b.startswith("no")][:3]:
            print(f"  {why[:300]}")
    return not lost


def side_by_side(runs: list[Run]) -> None:
    width = 18
    print("side by side")
    print(label("") + "".join(f"{r.name:>{width}}" for r in runs))
    rows: list[tuple[str, Callable[[Run], str]]] = [
        ("action -> others, p50 ms", lambda r: f"{percentile(r.others, 0.5):.1f}"),
        ("action -> others, p95 ms", lambda r: f"{percentile(r.others, 0.95):.1f}"),
        ("action -> others, max ms", lambda r: f"{max(r.others, default=math.nan):.1f}"),
        ("actions a second", lambda r: f"{r.got['actions'] / max(r.window, 1e-9):.1f}"),
        ("servers' CPU, % of one core", lambda r: f"{100 * sum(r.cpu) / max(r.window, 1e-9):.1f}"),
        ("drivers' CPU, max % of one core", lambda r: f"{max(r.got['driver_cpu']):.0f}"),
    ]
    for name, value in rows:
        print(label(name) + "".join(f"{value(r):>{width}}" for r in runs))


# --------------------------------------------------------------------------- main


def _servers(
    folder: Path, count: int, args: argparse.Namespace, extra: tuple[str, ...]
) -> list[Server]:
    servers: list[Server] = []
    for i in range(count):
        servers.append(Server(folder / NAMES[i], args.bot_pace, extra=extra))
        servers[-1].guard(args.rss_limit * 2**20)
    return servers


def _stopped(servers: list[Server], name: str, kill: bool) -> bool:
    """Every server stopped (its standard error printed); whether each ran to the end."""
    ok = True
    ended_before = [server.process.poll() for server in servers]
    for server in servers:  # all at once: none takes over the tables another gives up
        if server.process.poll() is None:
            server.process.terminate()
    for i, server in enumerate(servers):
        ended = ended_before[i]
        if ended is not None and not (kill and server.grown == 0 and ended == -signal.SIGKILL):
            print(f"server {NAMES[i]} ({name}) ended before its time: status {ended}")
            ok = False
        if server.grown:
            print(
                f"server {NAMES[i]} ({name}) grew to {server.grown / 2**20:.0f} MB and was stopped"
            )
            ok = False
        print(f"server {NAMES[i]} ({name}):")
        said(server)
    return ok


def _measured(
    runs: list[Run],
    name: str,
    started: Callable[[], list[Server]],
    nats: list[int],
    args: argparse.Namespace,
    keys: dict[str, Path],
    kill: bool,
) -> bool:
    """One run on the servers ``started`` makes, reported (its failover too, with
    ``kill``) and added to ``runs``, its servers stopped; whether all went well."""
    servers: list[Server] = []
    ok = False
    try:
        servers = started()
        runs.append(run(Run(name, servers, nats), args, keys, kill))
        ok = report(runs[-1], args)
        if kill:
            ok = failover(runs[-1], args) and ok
    except SystemExit as stopped:
        print(f"{stopped}")
    finally:
        ok = _stopped(servers, name, kill) and ok
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--tables", type=int, default=150)
    parser.add_argument("--servers", type=int, default=3, help="game servers on the cluster")
    parser.add_argument("--bots", type=int, default=1, help="bots at each table")
    parser.add_argument("--bot", default="normal", help="their strength")
    parser.add_argument("--seconds", type=float, default=30, help="the measured window")
    parser.add_argument("--think", type=float, default=0.5, help="a person's time to act")
    parser.add_argument("--bot-pace", type=float, default=0.5)
    parser.add_argument("--drivers", type=int, default=2, help="driver processes")
    parser.add_argument(
        "--probe", type=float, default=2.0, help="seconds between a person's probes"
    )
    parser.add_argument("--failover-wait", type=float, default=120.0, help="seconds: a table lost")
    parser.add_argument("--kill", type=int, default=0, help="the server killed (from 0)")
    parser.add_argument("--no-single", action="store_true", help="the cluster alone")
    parser.add_argument("--no-kill", action="store_true", help="no failover")
    parser.add_argument("--no-reconnect", action="store_true", help="its people not back")
    parser.add_argument(
        "--rss-limit", type=int, default=4000, help="MB: a server past it is stopped"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.tables < 1 or args.players < args.tables:
        parser.error("each table needs a person (players >= tables >= 1)")
    if args.players < 2 * args.tables and args.bots < 1:
        parser.error("each table needs two seats: more players, or bots")
    if not 2 <= args.servers <= len(NAMES) or not 0 <= args.kill < args.servers:
        parser.error(f"--servers from 2 to {len(NAMES)}, --kill one of them")
    if not args.no_kill and args.players < 2 * args.tables:
        parser.error("the failover needs two people a table (one on a living server): --no-kill")
    for stop in (signal.SIGTERM, signal.SIGHUP):  # stopped: the servers and drivers end too
        signal.signal(stop, lambda number, frame: sys.exit(128 + number))
    soft, hard = raise_open_files(2 * args.players + 64)
    print(f"open files: soft limit {soft}, hard limit {hard}; {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bots = f"{args.bots} {args.bot} bot{'s' if args.bots != 1 else ''}"
    print(
        f"{args.players} plain ssh people at {args.tables} tables, {bots} at each; people think "
        f"{args.think} s, bots' pace {args.bot_pace} s, {args.drivers} drivers"
    )
    ok = True
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="bench_cluster_") as name:
        folder = Path(name)
        names = [n for group in _ssh_names(1, _split(args.players, args.tables)) for n in group]
        keys = write_keys(folder / "keys", names)
        if not args.no_single:
            alone = lambda: _servers(folder / "single", 1, args, ())  # noqa: E731
            ok = _measured(runs, "one server", alone, [], args, keys, False)
        with NatsCluster(folder / "nats") as cluster:
            extra = ("--cluster", cluster.url)
            nats = [n.process.pid for n in cluster.nodes if n.process is not None]
            many = lambda: _servers(folder / "cluster", args.servers, args, extra)  # noqa: E731
            name = f"{args.servers} servers"
            ok = _measured(runs, name, many, nats, args, keys, not args.no_kill) and ok
        if len(runs) > 1:
            side_by_side(runs)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
