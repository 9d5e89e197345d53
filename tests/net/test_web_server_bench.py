"""``scripts/bench_web.py`` itself, run with tiny numbers: browsers and plain ssh people at
one server in one run, each way's figures printed, side by side (speed is measured
there, never asserted here).
"""

from __future__ import annotations

import re

import pytest
from net_ssh import FIGURE, run_script

pytestmark = pytest.mark.network

TINY = (  # 4 people and a bot at each of 2 tables, plain ssh and then browsers
    *("--players", "4", "--tables", "2", "--bots", "1", "--seconds", "3"),
    *("--think", "0.2", "--bot-pace", "0.1", "--clients", "1", "--drivers", "1"),
    *("--settle", "1"),
)


def test_bench_web_prints_the_browsers_figures_beside_plain_ssh_for_a_tiny_run() -> None:
    done = run_script("bench_web.py", *TINY)
    out = done.stdout
    number = FIGURE
    for way, told in (("plain ssh", "line"), ("browsers", "entry")):
        section = out.split(f"{way}, round 1: 4 people at 2 tables")[1]
        for figure in (
            rf"action -> others' {told}, ms\s+p50\s+{number}, p95\s+{number}, max\s+{number}",
            rf"people's actions measured\s+{number}",
            r"after everyone left\s+4 of 4 left by themselves; the server: 0 connections",
        ):
            assert re.search(figure, section), (way, figure, out)
    side = out.split("side by side")[1]
    assert re.search(r"plain ssh 1\s+browsers 1", side), side
    assert re.search(rf"action -> others, p95 ms(\s+{number}){{2}}", side), side
