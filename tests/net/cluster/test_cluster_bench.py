"""``scripts/bench_cluster.py`` itself, run with tiny numbers: people at tables spread over
three ``serve --cluster`` servers beside one server alone, then one of the three
SIGKILLed. It prints its figures, says every table of the killed server answered again,
and leaves no process of its own behind (speed is measured there, never asserted here).
"""

from __future__ import annotations

import re
import subprocess

from net_ssh import FIGURE, run_script

TINY = (  # 4 people and a bot at each of 3 tables: one table made on each server
    *("--players", "12", "--tables", "3", "--seconds", "3", "--think", "0.2"),
    *("--bot-pace", "0.1", "--drivers", "1", "--probe", "1"),
)


def test_bench_cluster_prints_both_runs_and_the_failover_and_leaves_nothing_running() -> None:
    done = run_script("bench_cluster.py", *TINY, timeout=300)
    out = done.stdout
    number = FIGURE
    spread = rf"p50\s+{number}, p95\s+{number}, max\s+{number}"
    for run in ("one server", "3 servers"):
        section = out.split(f"{run}: 12 people at 3 tables")[1]
        assert re.search(rf"action -> others' line, ms\s+{spread}", section), (run, out)
        assert re.search(rf"people's actions measured\s+{number}", section), (run, out)
        assert re.search(rf"drivers' CPU, % of one core\s+{number}", section), (run, out)
    cluster = out.split("3 servers: 12 people at 3 tables")[1]
    for where in ("the actor's server", "another server", "the table's holder"):
        assert re.search(rf"viewer on {where}\s+{spread}", cluster), (where, out)
    for server in "abc":
        assert re.search(rf"server {server}: CPU, memory, threads\s+{number}%", cluster), out
    assert re.search(rf"NATS servers: CPU % of one core; MB\s+{number}, {number}, {number}", out)
    assert re.search(r"tables answering again on another\s+1 of 1: every one; none lost", out)
    assert re.search(rf"kill -> the table answering, s\s+median {number}", out), out
    assert re.search(r"its people, back on another server\s+4: ", out), out
    side = out.split("side by side")[1]
    assert re.search(rf"action -> others, p95 ms\s+{number}\s+{number}", side), side
    assert "Traceback" not in done.stderr, done.stderr
    left = subprocess.run(["pgrep", "-f", "bench_cluster_"], capture_output=True, text=True)
    assert left.stdout == "", left.stdout  # its servers and NATS nodes, by their folders
