"""Bots by name: easy, normal, hard (``hard:MS`` for its time budget), and random (easy),
on the command line too (INTERFACE.md: ``--bots LIST``; ``--bot-budget MS``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from uno_access.bots import BOT_NAMES, make_bot
from uno_access.bots.base import BotNameError, parse_bot
from uno_access.bots.hard import DEFAULT_BUDGET_MS, HardBot
from uno_access.bots.normal import NormalBot
from uno_access.bots.random_bot import RandomBot

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=os.environ.copy(),
        check=False,
    )


def test_the_three_strengths_and_random_are_bot_names() -> None:
    rng = random.Random(0)
    assert set(BOT_NAMES) == {"easy", "normal", "hard", "random"}
    assert isinstance(make_bot("easy", rng), RandomBot)
    assert isinstance(make_bot("random", rng), RandomBot)
    assert isinstance(make_bot("normal", rng), NormalBot)
    assert isinstance(make_bot("hard", rng), HardBot)


def test_the_hard_bot_budget_defaults_to_200_ms_and_can_be_set() -> None:
    rng = random.Random(0)
    assert DEFAULT_BUDGET_MS == 200
    default = make_bot("hard", rng)
    assert isinstance(default, HardBot) and default.budget == pytest.approx(0.2)
    named = make_bot("hard:150", rng, 50)
    assert isinstance(named, HardBot) and named.budget == pytest.approx(0.15)
    given = make_bot("hard", rng, 50)
    assert isinstance(given, HardBot) and given.budget == pytest.approx(0.05)


@pytest.mark.parametrize("name", ["medium", "normal:5", "hard:x", "hard:0", "", "hard:"])
def test_a_name_that_is_no_bot_is_refused(name: str) -> None:
    with pytest.raises(BotNameError):
        parse_bot(name)


def test_simulate_seats_the_bots_named_with_the_budget_given() -> None:
    done = run(
        "simulate",
        "--players",
        "4",
        "--games",
        "1",
        "--bots",
        "hard,easy,normal",
        "--bot-budget",
        "50",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["bots"] == ["hard:50", "easy", "normal"]
    assert (record["games"], record["errors"], sum(record["wins"])) == (1, 0, 1)


@pytest.mark.parametrize(
    "args", [["--bots", "medium"], ["--bot-budget", "0"], ["--bots", "easy:20"]]
)
def test_simulate_with_an_unknown_bot_or_budget_exits_2_with_one_line(args: list[str]) -> None:
    done = run("simulate", "--games", "1", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_play_with_an_unknown_bot_or_budget_exits_2_with_one_line() -> None:
    for args in (["--bots", "hard:fast"], ["--bot-budget", "soon"]):
        done = run("play", *args)
        assert done.returncode == 2
        assert len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr
