"""RLCard UNO peer benchmark: complete random-play games per second.

Runs ONLY under the separate benchmark venv (see scripts/bench_setup.sh)::

    .venv-bench/bin/python scripts/bench_rlcard.py --games 2000 --repeats 5 [--json]

RLCard is never a dependency of the game; this script is the peer side of the
engine benchmark and is called by the main bench script as a subprocess.

What is timed, per repeat: ``--games`` complete games of the raw
``rlcard.games.uno.game.UnoGame`` (not an rlcard env, so no observation
encoding), 2 players, each game = ``init_game()`` (shuffle, deal, flip) and then
``step()`` until ``is_over()``. One RLCard game is one hand: it ends as soon as a
player has no cards left (no scoring, no match to 500).

The acting player picks uniformly at random, with a seeded ``random.Random``,
among its distinct legal actions. Those are taken from the state that
``init_game()``/``step()`` already return (``state["legal_actions"]``, computed
by ``UnoRound.get_state`` via ``UnoRound.get_legal_actions`` for the player to
act), so they are not computed twice; they are deduplicated as RLCard's
``UnoEnv._get_legal_actions`` does (two identical cards in hand give one action).
RLCard's own ``np_random`` (shuffles, colour of a flipped or drawn Wild) is
seeded exactly like ``Env.seed`` does: ``rlcard.utils.seeding.np_random(seed)``.
Every repeat re-seeds both generators, so every repeat plays the same games.

JSON output (``--json``), one object on stdout::

    {"peer": "rlcard", "version": "1.2.0", "numpy_version": "...",
     "python": "3.11.7", "players": 2, "games": N, "repeats": R, "seed": S,
     "games_per_second": <median of runs>, "runs": [<games/s per repeat>, ...],
     "seconds": [<wall seconds per repeat>, ...], "steps_per_game": <mean>,
     "cpu_games_per_second": <median, by this process's CPU time>,
     "cpu_seconds": [<CPU seconds per repeat>, ...]}
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any

PLAYERS = 2


@dataclass(frozen=True)
class Run:
    """One timed repeat."""

    games: int
    steps: int
    seconds: float  # wall
    cpu_seconds: float  # this process's CPU time: steady on a loaded machine

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def cpu_games_per_second(self) -> float:
        return self.games / self.cpu_seconds


def _load_rlcard() -> tuple[Any, Any, str, str]:
    """Import RLCard lazily so a wrong interpreter gives a clear message."""
    try:
        import rlcard
        from rlcard.games.uno.game import UnoGame
        from rlcard.utils import seeding
    except ImportError as exc:
        sys.exit(
            f"bench_rlcard: cannot import rlcard ({exc}).\n"
            "Run scripts/bench_setup.sh, then use .venv-bench/bin/python."
        )
    return UnoGame, seeding, str(rlcard.__version__), metadata.version("numpy")


def play(game_cls: Any, seeding: Any, games: int, seed: int) -> Run:
    """Play ``games`` complete 2-player games; return the timed run."""
    rng = random.Random(seed)
    game = game_cls(num_players=PLAYERS)
    # Same as rlcard.envs.env.Env.seed(): the game hands this RandomState to
    # its dealer, players and round in init_game().
    game.np_random, _ = seeding.np_random(seed)
    choice = rng.choice
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        state, _player = game.init_game()
        while not game.is_over():
            legal = list(dict.fromkeys(state["legal_actions"]))
            state, _player = game.step(choice(legal))
            steps += 1
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    return Run(games=games, steps=steps, seconds=seconds, cpu_seconds=cpu_seconds)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Benchmark RLCard's raw UNO game (2 players, random legal play)."
    )
    parser.add_argument("--games", type=int, default=2000, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats")
    parser.add_argument("--seed", type=int, default=1, help="seed (>= 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be >= 1")
    if args.seed < 0:
        parser.error("--seed must be >= 0 (rlcard's seeding requires it)")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    games: int = args.games
    repeats: int = args.repeats
    seed: int = args.seed
    game_cls, seeding, version, numpy_version = _load_rlcard()

    runs: list[Run] = []
    for index in range(repeats):
        run = play(game_cls, seeding, games, seed)
        runs.append(run)
        if not args.json:
            print(
                f"repeat {index + 1}/{repeats}: {run.games} games in {run.seconds:.3f} s"
                f" = {run.games_per_second:.1f} games/s"
                f" ({run.steps / run.games:.2f} steps/game)"
            )

    rates = [run.games_per_second for run in runs]
    median = statistics.median(rates)
    steps_per_game = statistics.fmean(run.steps / run.games for run in runs)
    if args.json:
        result: dict[str, Any] = {
            "peer": "rlcard",
            "version": version,
            "numpy_version": numpy_version,
            "python": platform.python_version(),
            "players": PLAYERS,
            "games": games,
            "repeats": repeats,
            "seed": seed,
            "games_per_second": median,
            "runs": rates,
            "seconds": [run.seconds for run in runs],
            "cpu_games_per_second": statistics.median(run.cpu_games_per_second for run in runs),
            "cpu_seconds": [run.cpu_seconds for run in runs],
            "steps_per_game": steps_per_game,
        }
        print(json.dumps(result))
    else:
        print(
            f"rlcard {version} (numpy {numpy_version}, Python {platform.python_version()}),"
            f" {PLAYERS} players, seed {seed}: median {median:.1f} games/s"
            f" over {repeats} repeats of {games} games;"
            f" {steps_per_game:.2f} steps/game,"
            f" {median * steps_per_game:.0f} steps/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
