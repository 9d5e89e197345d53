"""How strong the bots are: win rates over seeded four-player games, and the hard bot's time.

    .venv/bin/python scripts/bench_bots.py [--games 1000] [--first 0] [--budget-ms 200]
        [--playouts 512] [--clock cpu|wall] [--jobs 2] [--only hard-normal]

Three matchups, each one bot against three of another (chance is 25%): normal against
easy, hard against easy, hard against normal. The tested bot's seat turns round from
game to game, so seat order does not favour it. Game ``i`` of a matchup is seeded from
``--seed``, the matchup and ``i`` alone, so any game replays exactly: the hard bot's
work is capped by a number of playouts, and its time budget (a safety cap) counts its
own thread's CPU time here (``--clock cpu``), which a loaded machine does not stretch;
``--clock wall`` counts wall time, as a person waits. ``--first N`` starts at game ``N``:
a long run split into parts (``--games 500 --first 0``, then ``--first 500``...) plays
the same games as the whole, and the parts' wins add up. Prints, per matchup: games,
wins of the tested bot, win rate, its 95% confidence interval (Wilson), the target, and
the hard bot's time per move on its own turn (p50, p95, in milliseconds).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_access import COMPILED
from uno_access.bots import make_bot
from uno_access.bots.hard import DEFAULT_BUDGET_MS, DEFAULT_PLAYOUTS, HardBot
from uno_access.engine.game import Game
from uno_access.simulate import play_game

PLAYERS = 4
MATCHUPS = (  # the tested bot, its three opponents, the target win rate
    ("normal", "easy", 0.40),
    ("hard", "easy", 0.50),
    ("hard", "normal", 0.40),
)
Z95 = 1.959964


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (sorted here)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def play_games(
    tested: str,
    opponent: str,
    first: int,
    last: int,
    seed: int,
    budget_ms: float,
    playouts: int = DEFAULT_PLAYOUTS,
    cpu: bool = True,
) -> tuple[int, int, list[float], int]:
    """Games ``first`` to ``last - 1`` of a matchup: games, wins, the hard bot's move times
    and how many of its moves it searched.
    """
    wins = searched = 0
    times: list[float] = []
    for index in range(first, last):
        rng = random.Random(f"{seed}:{tested}-{opponent}:{index}")
        seat = index % PLAYERS  # the tested bot's seat turns round
        names = [tested if s == seat else opponent for s in range(PLAYERS)]
        bots = [
            HardBot(
                random.Random(rng.random()),
                budget_ms,
                playouts,
                clock=time.thread_time if cpu else time.perf_counter,
            )
            if name == "hard"
            else make_bot(name, random.Random(rng.random()), budget_ms)
            for name in names
        ]
        game = Game.new(PLAYERS, rng=rng)
        play_game(game, bots)
        if game.state.winner == seat:
            wins += 1
        bot = bots[seat]
        if isinstance(bot, HardBot):
            times += bot.times
            searched += bot.searches
    return last - first, wins, times, searched


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per matchup")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's number: a long run split into parts plays the same games",
    )
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET_MS,
        help="the hard bot's time budget per move, in milliseconds",
    )
    parser.add_argument(
        "--playouts",
        type=int,
        default=DEFAULT_PLAYOUTS,
        help="the hard bot's playouts per searched move, at most",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="what the hard bot's budget and times count: its thread's CPU time (steady on "
        "a loaded machine, the default) or wall time (as a person waits on a quiet one)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="matchups to run, e.g. hard-easy,hard-normal")
    args = parser.parse_args()
    wanted = {m for m in args.only.split(",") if m}
    matchups = [m for m in MATCHUPS if not wanted or f"{m[0]}-{m[1]}" in wanted]
    print(
        f"bots bench: {args.games} four-player games per matchup to 500 points "
        f"(games {args.first} to {args.first + args.games - 1}), "
        f"hard bot budget {args.budget_ms:g} ms a move, {args.playouts} playouts a "
        f"searched move ({args.clock} time), seed {args.seed}, {args.jobs} job(s), "
        f"compiled: {COMPILED}"
    )
    header = (
        f"{'matchup':<22} {'games':>6} {'wins':>6} {'win rate':>9} "
        f"{'95% CI (Wilson)':>17} {'target':>7} {'met':>4} "
        f"{'hard p50 ms':>12} {'hard p95 ms':>12} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    chunk = max(1, math.ceil(args.games / (args.jobs * 8)))
    notes: list[str] = []
    slowest = 0.0
    for tested, opponent, target in matchups:
        started = time.perf_counter()
        end = args.first + args.games
        ranges = [(first, min(first + chunk, end)) for first in range(args.first, end, chunk)]
        games = wins = searched = 0
        times: list[float] = []
        settings = (args.seed, args.budget_ms, args.playouts, args.clock == "cpu")
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                futures = [
                    pool.submit(play_games, tested, opponent, a, b, *settings) for a, b in ranges
                ]
                results = [future.result() for future in futures]
        else:
            results = [play_games(tested, opponent, a, b, *settings) for a, b in ranges]
        for played, won, taken, searches in results:
            games += played
            wins += won
            times += taken
            searched += searches
        low, high = wilson(wins, games)
        rate = wins / games if games else 0.0
        p50 = f"{percentile(times, 0.50) * 1000:.1f}" if times else "-"
        p95 = f"{percentile(times, 0.95) * 1000:.1f}" if times else "-"
        met = "yes" if rate >= target else "no"
        print(
            f"{tested + ' vs 3 ' + opponent:<22} {games:>6} {wins:>6} {rate:>9.1%} "
            f"{f'{low:.1%} - {high:.1%}':>17} {f'>= {target:.0%}':>7} {met:>4} "
            f"{p50:>12} {p95:>12} {time.perf_counter() - started:>8.0f}",
            flush=True,
        )
        if times:
            slowest = max(slowest, percentile(times, 0.95) * 1000)
            notes.append(
                f"{tested} vs 3 {opponent}: {len(times)} hard-bot moves, "
                f"{searched / len(times):.0%} of them searched, "
                f"the slowest {max(times) * 1000:.1f} ms"
            )
    for note in notes:
        print(note)
    if notes:
        within = "within" if slowest <= args.budget_ms else "over"
        print(f"hard bot p95 {slowest:.1f} ms: {within} the budget of {args.budget_ms:g} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
