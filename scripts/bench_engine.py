"""Engine benchmark: complete-rules games per second with random-legal bots, beside RLCard.

    .venv/bin/python scripts/bench_engine.py [--games N] [--repeats R] [--seed S] [--json]

For 2 and 4 players it plays N seeded whole games (to 500 points, round after
round, with the Wild Draw Four challenge, UNO calls and catches, and scoring) and
reports the median of R repeats: games, rounds (hands) and actions per second.

In the same run, interleaved repeat by repeat so that both see the same machine,
it runs RLCard's raw ``UnoGame`` (2 players, random choice among its legal actions)
in its own venv ``.venv-bench`` (made by ``scripts/bench_setup.sh``, called here if
missing; RLCard is never a dependency of the game). One RLCard game is one hand
with none of those rules, so the like-for-like ratio is our hands per second
against RLCard's games per second, one ratio per pair of repeats (ours, then
theirs); the median and the spread of those ratios are printed, and the ratio of
whole games too.

Both sides are timed by their own process's CPU time (``time.process_time``), so
that another program on the machine slows neither; the wall-clock figures are in
the JSON too.

The engine runs compiled by mypyc when ``scripts/setup.sh`` could build it (the
report says which); ``UNO_ACCESS_PURE=1`` measures it as plain Python.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import uno_access  # noqa: E402
from uno_access.engine.rules import PRESETS, RuleSet  # noqa: E402
from uno_access.simulate import simulate  # noqa: E402

BENCH_PYTHON = ROOT / ".venv-bench" / "bin" / "python"
TARGET_RATIO = 3.0


@dataclass(frozen=True)
class Figures:
    games_per_second: float
    rounds_per_second: float
    actions_per_second: float
    rounds_per_game: float
    actions_per_round: float


def ours(players: int, games: int, seed: int) -> Figures:
    """``games`` whole games, timed by this process's CPU time."""
    cpu = time.process_time()
    result = simulate(players, games, RuleSet(), seed)
    seconds = time.process_time() - cpu
    if result.errors:
        raise SystemExit(f"bench: {result.errors} games failed: {result.first_error}")
    return Figures(
        result.games / seconds,
        result.rounds / seconds,
        result.actions / seconds,
        result.rounds / result.games,
        result.actions / result.rounds,
    )


def rlcard(games: int, seed: int) -> dict[str, Any]:
    if not BENCH_PYTHON.exists():
        print("bench: setting up the RLCard venv (scripts/bench_setup.sh)", file=sys.stderr)
        subprocess.run(
            ["bash", str(ROOT / "scripts" / "bench_setup.sh")], check=True, stdout=sys.stderr
        )
    out = subprocess.run(
        [
            str(BENCH_PYTHON),
            str(ROOT / "scripts" / "bench_rlcard.py"),
            "--games",
            str(games),
            "--repeats",
            "1",
            "--seed",
            str(seed),
            "--json",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def preset_players(name: str) -> int:
    """The table each preset is measured at: four players (the two-tables schedule eight)."""
    return int(PRESETS[name].seats_allowed(0) or 4)


def presets(games: int, seed: int) -> dict[str, dict[str, Any]]:
    """Every preset: ``games`` whole games (matches, for partner schedules) with no error."""
    out: dict[str, dict[str, Any]] = {}
    for name, rules in PRESETS.items():
        players = preset_players(name)
        result = simulate(players, games, rules, seed)
        out[name] = {
            "players": players,
            "games": games,
            "errors": result.errors,
            "first_error": result.first_error,
            "games_per_second": round(result.games_per_second, 1),
            "rounds_per_second": round(result.rounds_per_second, 1),
            "rounds_per_game": round(result.rounds / max(1, games - result.errors), 2),
        }
        print(f"bench: preset {name} done", file=sys.stderr)
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per repeat (ours)")
    parser.add_argument("--rlcard-games", type=int, default=4000, help="games per repeat (RLCard)")
    parser.add_argument("--repeats", type=int, default=10, help="pairs of repeats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-rlcard", action="store_true", help="skip the RLCard peer")
    parser.add_argument(
        "--preset-games",
        type=int,
        default=1000,
        help="whole games per rules preset (0 skips the presets)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    runs: dict[str, list[Figures]] = {"2": [], "4": []}
    peer_runs: list[float] = []
    peer_wall: list[float] = []
    peer: dict[str, Any] = {}
    started = time.perf_counter()
    for repeat in range(args.repeats):  # a pair: ours at 2 players, then RLCard's
        runs["2"].append(ours(2, args.games, args.seed))
        if not args.no_rlcard:
            peer = rlcard(args.rlcard_games, args.seed)
            peer_runs.append(float(peer["cpu_games_per_second"]))
            peer_wall.append(float(peer["games_per_second"]))
        runs["4"].append(ours(4, args.games, args.seed))
        print(f"bench: pair {repeat + 1} of {args.repeats} done", file=sys.stderr)

    report: dict[str, Any] = {
        "games_per_repeat": args.games,
        "repeats": args.repeats,
        "seed": args.seed,
        "rules": "standard (complete official rules)",
        "engine": "compiled (mypyc)" if uno_access.COMPILED else "Python",
    }
    for table, figures in runs.items():
        report[f"players_{table}"] = {
            "games_per_second": round(median([f.games_per_second for f in figures]), 1),
            "rounds_per_second": round(median([f.rounds_per_second for f in figures]), 1),
            "actions_per_second": round(median([f.actions_per_second for f in figures])),
            "rounds_per_game": round(median([f.rounds_per_game for f in figures]), 2),
            "actions_per_round": round(median([f.actions_per_round for f in figures]), 1),
            "runs_games_per_second": [round(f.games_per_second, 1) for f in figures],
        }
    if peer_runs:
        peer_gps = median(peer_runs)
        two = report["players_2"]
        report["rlcard"] = {
            "version": peer.get("version"),
            "players": 2,
            "games_per_repeat": args.rlcard_games,
            "games_per_second": round(peer_gps, 1),
            "steps_per_game": round(float(peer.get("steps_per_game", 0.0)), 1),
            "runs_games_per_second": [round(v, 1) for v in peer_runs],
            "runs_wall_games_per_second": [round(v, 1) for v in peer_wall],
        }
        pairs = [f.rounds_per_second / p for f, p in zip(runs["2"], peer_runs, strict=True)]
        report["ratio_hands"] = round(median(pairs), 2)
        report["ratio_hands_pairs"] = [round(r, 2) for r in pairs]
        report["ratio_hands_spread"] = [round(min(pairs), 2), round(max(pairs), 2)]
        report["ratio_whole_games"] = round(two["games_per_second"] / peer_gps, 3)
        report["target_ratio"] = TARGET_RATIO
    if args.preset_games:
        report["presets"] = presets(args.preset_games, args.seed)
    report["seconds"] = round(time.perf_counter() - started, 1)

    if args.json:
        print(json.dumps(report))
        return 0
    print(
        f"uno-access engine ({report['engine']}), complete rules, random-legal bots, "
        f"median of {args.repeats} (CPU time):"
    )
    for table in ("2", "4"):
        r = report[f"players_{table}"]
        print(
            f"  {table} players: {r['games_per_second']} games/s (to 500), "
            f"{r['rounds_per_second']} hands/s, {r['actions_per_second']} actions/s; "
            f"{r['rounds_per_game']} hands a game, {r['actions_per_round']} actions a hand"
        )
    if peer_runs:
        p = report["rlcard"]
        print(
            f"  RLCard {p['version']} raw UnoGame, 2 players: {p['games_per_second']} games/s "
            f"(one game is one hand, {p['steps_per_game']} steps)"
        )
        low, high = report["ratio_hands_spread"]
        print(
            f"  ratio, hands per second (like for like): median {report['ratio_hands']}x "
            f"over {len(peer_runs)} pairs, spread {low}x to {high}x (target {TARGET_RATIO}x)"
        )
        print(
            f"  ratio, our whole games to 500 against RLCard hands: {report['ratio_whole_games']}x"
        )
    for name, r in report.get("presets", {}).items():
        print(
            f"  preset {name} ({r['players']} players): {r['games_per_second']} games/s, "
            f"{r['rounds_per_second']} hands/s, {r['rounds_per_game']} hands a game; "
            f"{r['games']} games, {r['errors']} errors"
        )
    print(f"  took {report['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
