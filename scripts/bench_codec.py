"""The engine's codec at work: what saving an action costs, and one entry of the wire.

    .venv/bin/python scripts/bench_codec.py [--actions N] [--json]

Random bots play four-player games under the standard, Speed UNO and Anniversary with
Seven-O rules until N actions are collected. It prints, each the best of a few runs:

- the save path per action, as the table takes it: ``Recorder.readable`` (the codec's
  bounds), then the one encoding ``Recorder.record`` writes;
- ``Recorder.record`` itself, into a games file (not synced: the disk is not measured);
- one entry of the data channel per seat and action (its events, the seat's view and
  legal actions): encoded to a JSON line, and that line decoded back; and its size.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access.bots.random_bot import RandomBot  # noqa: E402
from uno_access.engine import codec  # noqa: E402
from uno_access.engine.actions import Action  # noqa: E402
from uno_access.engine.events import Event, for_seat  # noqa: E402
from uno_access.engine.game import Game  # noqa: E402
from uno_access.engine.rules import RuleSet  # noqa: E402
from uno_access.engine.state import PlayerView  # noqa: E402
from uno_access.store import GameSetup, Recorder, Store  # noqa: E402
from uno_access.store.saved import encode_action  # noqa: E402

SPECS = ("standard", "speed", "anniversary,seven_o=true")
PLAYERS = 4
Entry = tuple[list[Event], PlayerView, tuple[Action, ...]]


def played(count: int) -> tuple[list[Action], list[Entry]]:
    """``count`` actions of random games, and each seat's entry after each of them."""
    actions: list[Action] = []
    entries: list[Entry] = []
    number = 0
    while len(actions) < count:
        rules = RuleSet.from_spec(SPECS[number % len(SPECS)])
        game = Game.new(PLAYERS, rules, seed=number)
        bot = RandomBot(random.Random(number))
        number += 1
        while not game.over and len(actions) < count:
            seat = game.state.current
            legal = game.legal_actions(seat)
            action = bot.choose(None, legal) or legal[0]
            actions.append(action)
            events = game.apply(action)
            for viewer in range(PLAYERS):
                mine = [e for e in (for_seat(e, viewer) for e in events) if e is not None]
                entries.append((mine, game.view(viewer), tuple(game.legal_actions(viewer))))
    return actions, entries


def best(work: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def save_path(actions: list[Action]) -> float:
    def work() -> None:
        for action in actions:
            if Recorder.readable(action):
                encode_action(action)

    return best(work)


def recorded(actions: list[Action]) -> float:
    def once() -> float:
        with tempfile.TemporaryDirectory() as folder:
            store = Store.open(Path(folder) / "games.db", durable=False).store
            assert store is not None
            setup = GameSetup(tuple("abcd"), RuleSet(), 1, (None,) * PLAYERS)
            recorder = Recorder.start(store, setup, print)
            started = time.perf_counter()
            for action in actions:
                if recorder.readable(action):
                    recorder.record(action)
            spent = time.perf_counter() - started
            store.close()
            return spent

    return min(once() for _ in range(3))


def line(entry: Entry) -> str:
    events, view, legal = entry
    return json.dumps(
        {
            "events": codec.events_to_json(events),
            "view": codec.view_to_json(view),
            "legal": codec.actions_to_json(legal),
        }
    )


def read(text: str) -> Any:
    message = json.loads(text)
    return (
        codec.events_from_json(message["events"]),
        codec.view_from_json(message["view"]),
        codec.actions_from_json(message["legal"]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    actions, entries = played(args.actions)
    lines = [line(entry) for entry in entries]
    n, m = len(actions), len(entries)
    figures = {
        "actions": n,
        "save_check_and_encode_us": save_path(actions) / n * 1e6,
        "recorder_record_us": recorded(actions) / n * 1e6,
        "entries": m,
        "entry_encode_us": best(lambda: [line(e) for e in entries]) / m * 1e6,
        "entry_decode_us": best(lambda: [read(t) for t in lines]) / m * 1e6,
        "entry_bytes": sum(map(len, lines)) / m,
    }
    if args.json:
        print(json.dumps(figures))
        return
    rows = [
        (f"saving {n} actions, per action:", None, ""),
        ("check and encode (Recorder.readable, encode_action)", "save_check_and_encode_us", "us"),
        ("Recorder.record into a games file (not synced)", "recorder_record_us", "us"),
        (f"the wire, {m} entries (events, view, legal actions), per entry:", None, ""),
        ("encoded to a line", "entry_encode_us", "us"),
        ("decoded from it", "entry_decode_us", "us"),
        ("line size", "entry_bytes", "bytes"),
    ]
    for label, key, unit in rows:
        if key is None:
            print(label)
        else:
            print(f"  {label:<54}{figures[key]:9.2f} {unit}")


if __name__ == "__main__":
    main()
