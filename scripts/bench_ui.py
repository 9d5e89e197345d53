"""The game's responsiveness at the keyboard, in a real pseudo-terminal (pexpect).

    .venv/bin/python scripts/bench_ui.py [--starts N] [--presses N]

- start: from launching ``python -m uno_access play`` to its first prompt (the player
  can act), N launches (target: 300 ms): a returning player's (their saved games file
  there: the first prompt offers to resume), and a new player's (the file is made);
- key: from pressing a key (C, the card check, and T, touching the top card, in turn)
  to its line printed, N presses (target: 10 ms at p95).

Speech and the braille display are off (their own latency is ``bench_latency.py``'s);
the game's files are in a temporary home; the terminal is an ``xterm-256color``
(``BENCH_TERM`` changes it: prompt_toolkit's ``dumb`` mode redraws far more slowly).
Prints p50 and p95 of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "uno>"
RESUME = "resume\\?"
START_TARGET_MS = 300.0
KEY_TARGET_MS = 10.0


def environment(home: Path) -> dict[str, str]:
    settings = home / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(
        'speech = false\nsounds = false\nbraille_display = "off"\n', encoding="utf-8"
    )
    env = dict(os.environ)
    env.update(
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        HOME=str(home),
        TERM=os.environ.get("BENCH_TERM", "xterm-256color"),
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


def spawn(home: Path, seed: int) -> pexpect.spawn[str]:
    return pexpect.spawn(
        sys.executable,
        ["-m", "uno_access", "play", "--seed", str(seed)],
        cwd=str(ROOT),
        env=environment(home),
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure_starts(count: int, first: bool) -> list[float]:
    """``first``: a new player (no saved games file yet: it is made); else a returning one,
    whose first prompt is the offer to resume the game the last start left.
    """
    times = []
    with tempfile.TemporaryDirectory() as kept:
        for n in range(count):
            with tempfile.TemporaryDirectory() as fresh:
                home = Path(fresh if first else kept)
                start = time.perf_counter()
                child = spawn(home, n)
                child.expect([PROMPT, RESUME])
                times.append((time.perf_counter() - start) * 1000)
                child.close(force=True)
    return times


def measure_keys(count: int) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as home:
        child = spawn(Path(home), 1)
        child.delaybeforesend = 0
        child.expect_exact(PROMPT)
        for n in range(count):
            key, answer = ("c", "Card check: ") if n % 2 == 0 else ("t", "Top card: ")
            start = time.perf_counter()
            child.send(key)
            child.expect_exact(answer)
            times.append((time.perf_counter() - start) * 1000)
            child.expect_exact(PROMPT)
        child.close(force=True)
    return times


def report(name: str, times: list[float], target: float) -> None:
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    verdict = "met" if p95 <= target else "NOT met"
    print(
        f"{name:<34} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   (n={len(times)}; "
        f"target p95 <= {target:g} ms: {verdict})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    measure_starts(2, first=False)  # the disk cache warmed, as for anyone who has played
    report("start to the first prompt", measure_starts(args.starts, first=False), START_TARGET_MS)
    report(
        "  the first start ever (files made)",
        measure_starts(args.starts, first=True),
        START_TARGET_MS,
    )
    report("key press to its line", measure_keys(args.presses), KEY_TARGET_MS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
