"""Accessibility-layer benchmark: what one turn's messages cost, once translation is warm.

    .venv/bin/python scripts/bench_access.py [--games N] [--warmup W] [--seed S] [--json]

Bots play N seeded three-player games (to 500 points). Every batch of events (one
``Game.apply``) is rendered for seat 0 into ``Message``s: speech, brief Grade 2 braille
with the deck's corner codes, the print line. A turn is every batch from one
``TurnStarted`` to the next. The first W games warm the caches and are not counted.

It prints p50, p95 and the maximum of the time per turn and per message, for each
verbosity and braille table, and the cold cost (caches emptied) for comparison.
Target: a whole turn well under a millisecond after warm-up.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access.access import braille  # noqa: E402
from uno_access.access.braille import BrailleTable  # noqa: E402
from uno_access.access.message import Verbosity  # noqa: E402
from uno_access.access.render import Renderer  # noqa: E402
from uno_access.bots.random_bot import RandomBot  # noqa: E402
from uno_access.engine.events import Event, TurnStarted  # noqa: E402
from uno_access.engine.game import Game  # noqa: E402
from uno_access.engine.state import Phase  # noqa: E402

TARGET_MS = 1.0
NAMES = ("Ann", "Bob", "Cy")


def record_games(games: int, seed: int) -> list[list[list[Event]]]:
    """Every game as its turns, each turn the batches of events of its actions."""
    out: list[list[list[Event]]] = []
    for number in range(games):
        game = Game.new(NAMES, seed=seed + number)
        bots = [RandomBot(random.Random(seed * 1000 + number * 10 + k)) for k in range(3)]
        turns: list[list[Event]] = [list(game.opening)]
        while game.state.phase is not Phase.GAME_OVER:
            seat = game.state.current
            if seat is None:  # the round is over: the next one is dealt by anyone
                seat = 0
            action = bots[seat].choose(None, game.legal_actions(seat))
            assert action is not None
            batch = game.apply(action)
            if any(isinstance(event, TurnStarted) for event in batch):
                turns[-1] += batch
                turns.append([])
            else:
                turns[-1] += batch
        out.append([turn for turn in turns if turn])
    return out


def measure(games: list[list[list[Event]]], renderer: Renderer) -> tuple[list[float], int]:
    """Seconds per turn, and the number of messages."""
    per_turn: list[float] = []
    count = 0
    clock = time.perf_counter
    for turns in games:
        for turn in turns:
            start = clock()
            said = renderer.events(turn)
            per_turn.append(clock() - start)
            count += len(said)
    return per_turn, count


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    warm = record_games(args.warmup, args.seed + 100_000)
    games = record_games(args.games, args.seed)
    turns = sum(len(g) for g in games)
    rows: list[dict[str, Any]] = []

    # cold: the caches emptied, every phrase translated for the first time in this process
    braille._translate.cache_clear()
    braille._render.cache_clear()
    cold, _ = measure(games[:5], Renderer(0, NAMES))

    for verbosity in Verbosity:
        for table in BrailleTable:
            renderer = Renderer(0, NAMES, verbosity=verbosity, table=table)
            measure(warm, renderer)
            per_turn, messages = measure(games, renderer)
            total = sum(per_turn)
            rows.append(
                {
                    "verbosity": verbosity.value,
                    "table": table.value,
                    "turns": len(per_turn),
                    "messages": messages,
                    "turn_p50_us": round(statistics.median(per_turn) * 1e6, 1),
                    "turn_p95_us": round(percentile(per_turn, 0.95) * 1e6, 1),
                    "turn_max_us": round(max(per_turn) * 1e6, 1),
                    "message_mean_us": round(total / messages * 1e6, 2),
                }
            )
    cold_row = {
        "turn_p50_us": round(statistics.median(cold) * 1e6, 1),
        "turn_p95_us": round(percentile(cold, 0.95) * 1e6, 1),
    }
    if args.json:
        print(
            json.dumps(
                {
                    "games": args.games,
                    "turns": turns,
                    "cold_first_5_games": cold_row,
                    "rows": rows,
                    "target_ms": TARGET_MS,
                }
            )
        )
        return 0
    print(
        f"{args.games} games, {turns} turns, rendered for seat 0 after {args.warmup} games "
        f"of warm-up (target: a turn well under {TARGET_MS:g} ms)"
    )
    print(
        f"{'verbosity':<10}{'table':<10}{'turn p50':>10}{'turn p95':>10}{'turn max':>10}"
        f"{'per msg':>10}"
    )
    for row in rows:
        print(
            f"{row['verbosity']:<10}{row['table']:<10}{row['turn_p50_us']:>8.1f}us"
            f"{row['turn_p95_us']:>8.1f}us{row['turn_max_us']:>8.1f}us"
            f"{row['message_mean_us']:>8.2f}us"
        )
    print(
        f"cold (caches empty, first 5 games, normal/ueb2): p50 {cold_row['turn_p50_us']} us, "
        f"p95 {cold_row['turn_p95_us']} us per turn"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
