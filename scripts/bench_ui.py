"""The game's responsiveness at the keyboard, in a real pseudo-terminal (pexpect), beside
its floors measured in the same run.

    .venv/bin/python scripts/bench_ui.py [--starts N] [--presses N]

- start: from launching ``python -m uno_access play`` to its first prompt (the player
  can act), N launches: a returning player's (their saved games file there: the first
  prompt offers to resume), and a new player's (the file is made). Beside it, launch by
  launch, the floor: ``python -c "import prompt_toolkit"`` run to its end in the same
  pseudo-terminal (the interpreter, its site and the one library every prompt needs);
  target: 1.3 times the floor, at the median.
- key: from pressing a key (C, the card check, and T, touching the top card, in turn)
  to its line printed, N presses. Beside it, press by press, a bare prompt_toolkit
  prompt whose C and T print one line above it, as ours do; target: 1.3 times that, at
  the median.

The game's modules run from their bytecode, written at the warm-up launches as an
installed copy's is at its install (``PYTHONDONTWRITEBYTECODE`` is dropped for the
launches). Speech and the braille display are off (their own latency is
``bench_latency.py``'s); the game's files are in a temporary home; the terminal is an
``xterm-256color`` (``BENCH_TERM`` changes it: prompt_toolkit's ``dumb`` mode redraws
far more slowly). Prints p50 and p95 of each, and the ratios.
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
TARGET_RATIO = 1.3
FLOOR = "import prompt_toolkit"
# a bare prompt_toolkit prompt whose C and T print one line above it, as the game's do
BARE_PROMPT = """
from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.key_binding import KeyBindings

keys = KeyBindings()
said = {"c": "Card check: you 7 cards, Bob 7 cards.", "t": "Top card: Blue 7."}
for key, line in said.items():
    keys.add(key)(lambda event, line=line: run_in_terminal(lambda: print(line)))
PromptSession(key_bindings=keys).prompt("uno> ")
"""


def environment(home: Path) -> dict[str, str]:
    settings = home / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(
        'speech = false\nsounds = false\nbraille_display = "off"\n', encoding="utf-8"
    )
    env = dict(os.environ)
    # bytecode written and read as an installed copy's is (pip compiles it): without it
    # every launch compiles the game's modules from source, tens of milliseconds
    env.pop("PYTHONDONTWRITEBYTECODE", None)
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


def floor_start(home: Path) -> float:
    """One launch of the floor, run to its end: milliseconds."""
    start = time.perf_counter()
    child = pexpect.spawn(
        sys.executable,
        ["-c", FLOOR],
        cwd=str(ROOT),
        env=environment(home),
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )
    child.expect(pexpect.EOF)
    took = (time.perf_counter() - start) * 1000
    child.close(force=True)
    return took


def measure_starts(count: int, first: bool) -> tuple[list[float], list[float]]:
    """Ours and the floor's, launch by launch. ``first``: a new player (no saved games
    file yet: it is made); else a returning one, whose first prompt is the offer to
    resume the game the last start left.
    """
    times, floors = [], []
    with tempfile.TemporaryDirectory() as kept:
        for n in range(count):
            with tempfile.TemporaryDirectory() as fresh:
                home = Path(fresh if first else kept)
                floors.append(floor_start(home))
                start = time.perf_counter()
                child = spawn(home, n)
                child.expect([PROMPT, RESUME])
                times.append((time.perf_counter() - start) * 1000)
                child.close(force=True)
    return times, floors


def _pressed(child: pexpect.spawn[str], n: int) -> float:
    key, answer = ("c", "Card check: ") if n % 2 == 0 else ("t", "Top card: ")
    start = time.perf_counter()
    child.send(key)
    child.expect_exact(answer)
    took = (time.perf_counter() - start) * 1000
    child.expect_exact(PROMPT)
    return took


def measure_keys(count: int) -> tuple[list[float], list[float]]:
    """Ours and the bare prompt's, press by press."""
    times, bare = [], []
    with tempfile.TemporaryDirectory() as home:
        child = spawn(Path(home), 1)
        peer = pexpect.spawn(
            sys.executable,
            ["-c", BARE_PROMPT],
            env=environment(Path(home)),
            encoding="utf-8",
            timeout=20,
            dimensions=(50, 200),
        )
        for one in (child, peer):
            one.delaybeforesend = 0
            one.expect_exact(PROMPT)
        for n in range(count):
            times.append(_pressed(child, n))
            bare.append(_pressed(peer, n))
        child.close(force=True)
        peer.close(force=True)
    return times, bare


def report(name: str, times: list[float], floor: list[float], floor_name: str) -> None:
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    f50, f95 = statistics.median(floor), percentile(floor, 0.95)
    ratio = p50 / f50
    verdict = "met" if ratio <= TARGET_RATIO else "NOT met"
    print(f"{name:<36} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   (n={len(times)})")
    print(f"  {floor_name:<34} p50 {f50:7.1f} ms   p95 {f95:7.1f} ms")
    print(f"  ratio at the median: {ratio:.2f}x (target {TARGET_RATIO}x: {verdict})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=20)
    parser.add_argument("--presses", type=int, default=200)
    args = parser.parse_args()
    measure_starts(2, first=False)  # the disk cache warmed, as for anyone who has played
    floor = f'python -c "{FLOOR}"'
    report("start to the first prompt", *measure_starts(args.starts, first=False), floor)
    report("the first start ever (files made)", *measure_starts(args.starts, first=True), floor)
    report("key press to its line", *measure_keys(args.presses), "a bare prompt_toolkit prompt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
