"""The server's SIGKILL campaign: a bot game at a server table, killed at random moments
and brought back each time; every restart must give the table back exactly.

    .venv/bin/python scripts/net_kill_campaign.py [--kills 20] [--seed 2026] [--pace 0.002]

Each run is a child process holding what ``uno-access serve`` holds for its tables: a
``Lobby`` on an asyncio loop, the tables file (``net.saved``) in a temporary data folder,
the tables brought back from it on start. Seat 0 is the person ``ann`` (her moves chosen
by a bot, sent as a session sends them, ``ServerTable.send``); three bots sit beside her
and play as the server drives them. After every applied action the child prints the
table's number, how many actions are saved, and a digest of the engine's state (the
position and the deck's random state). The campaign kills the child (SIGKILL) at a
random moment, then, before starting it again, brings the tables back itself from the
file and checks, for every table:

- no action applied was lost: the saved actions are those printed as applied, or one
  more (saved, killed before it was applied: it is applied on the restart);
- exact: the digest of the table brought back is the one printed after that action;
- the child's own restart gives the same digest.

A finished game is followed by a new one. It prints one line per figure and exits 1
when a table was not brought back exactly.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from uno_access.bots import make_bot  # noqa: E402
from uno_access.engine.actions import CallUno, Catch, JumpIn  # noqa: E402
from uno_access.engine.rules import RuleSet  # noqa: E402
from uno_access.engine.state import Phase  # noqa: E402
from uno_access.net.server.saved import TABLES_NAME, TableStore  # noqa: E402
from uno_access.net.server.tables import Lobby, ServerTable, Stage  # noqa: E402

_OUT_OF_TURN = (Catch, CallUno, JumpIn)


def digest(table: ServerTable) -> str:
    """The table's game and dealer as one short text; "waiting" for a table the kill
    caught between being made and being started (saved, with no game yet)."""
    game = table.game
    if game is None:
        return "waiting"
    return hashlib.sha256(repr((game.state, game.rng.getstate())).encode()).hexdigest()[:16]


def brought_back(folder: Path) -> dict[int, tuple[int, str]]:
    """The tables the file gives back: number -> (actions saved, digest)."""
    loop = asyncio.new_event_loop()
    warnings: list[str] = []
    store = TableStore(folder / TABLES_NAME, warnings.append)
    try:
        tables = store.restore(Lobby(loop, pace=0))
        if warnings:
            raise SystemExit("\n".join(warnings))
        return {t.number: (store.saved(t.number), digest(t)) for t in tables}
    finally:
        store.close()
        loop.close()


def digest_after(folder: Path, number: int, actions: int) -> str:
    """The digest of table ``number`` after its first ``actions`` saved actions alone."""
    loop = asyncio.new_event_loop()
    store = TableStore(folder / TABLES_NAME, print)
    try:
        db = sqlite3.connect(folder / TABLES_NAME)
        (setup,) = db.execute("SELECT setup FROM tables WHERE number = ?", (number,)).fetchone()
        db.close()
        saved = store.load(number, str(setup))
        kept = replace(saved, actions=saved.actions[:actions])
        return digest(kept.table(Lobby(loop, pace=0)))
    finally:
        store.close()
        loop.close()


# ----------------------------------------------------------------- the child


def child(folder: Path, seed: int, pace: float) -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    lobby = Lobby(loop, seed=seed, pace=pace)
    start = time.perf_counter()
    store = TableStore(folder / TABLES_NAME, lambda line: print("warn", line, flush=True))
    back = store.restore(lobby)
    lobby.journal = store
    print(f"restore {time.perf_counter() - start:.4f}", flush=True)
    for table in back:
        print("restored", table.number, store.saved(table.number), digest(table), flush=True)
    ann = make_bot("normal", random.Random(seed))

    def watch(table: ServerTable) -> None:
        def told() -> None:  # one write: a kill cuts it whole or not at all, mostly
            sys.stdout.write(f"{table.number} {store.saved(table.number)} {digest(table)}\n")
            sys.stdout.flush()

        table.listen(told)

    def new_table() -> ServerTable:
        table = lobby.new_table("ann", RuleSet(), "standard")
        watch(table)
        table.sit("ann")
        for _ in range(3):
            table.add_bot("normal")
        table.start()
        return table

    if back:
        table = back[0]
        watch(table)
        table.rejoin("ann")
    else:
        table = new_table()

    async def play() -> None:
        nonlocal table
        while True:
            await asyncio.sleep(pace)
            if table.stage is not Stage.PLAYING:
                table = new_table()
                continue
            game = table.game
            assert game is not None
            view = game.view(0)
            if view.phase is not Phase.ROUND_OVER and view.current != 0:
                continue
            legal = game.legal_actions(0)
            if not legal:
                continue
            choice = ann.choose(view if ann.needs_view else None, legal)
            if choice is None:
                choice = next((a for a in legal if not isinstance(a, _OUT_OF_TURN)), legal[0])
            table.send(0, choice)

    loop.run_until_complete(play())


# ----------------------------------------------------------------- the campaign


class Run:
    """One child process, its lines read as they come."""

    def __init__(self, folder: Path, seed: int, pace: float) -> None:
        self.lines: list[str] = []
        self.first = threading.Event()
        args = ["--child", str(folder), "--seed", str(seed), "--pace", str(pace)]
        self.process = subprocess.Popen(
            [sys.executable, __file__, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=str(ROOT),
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if not line.endswith("\n"):
                return  # cut by the kill: it was never whole
            self.lines.append(line[:-1])
            if line[0].isdigit():
                self.first.set()

    def kill(self) -> str:
        """SIGKILL; what it wrote on standard error (its lines all read by the reader)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._reader.join()
        assert self.process.stderr is not None
        return self.process.stderr.read()


def campaign(kills: int, seed: int, pace: float) -> dict[str, float]:
    rng = random.Random(seed)
    figures: dict[str, float] = {
        "kills": 0,
        "actions applied": 0,
        "tables brought back": 0,
        "tables exact": 0,
        "actions lost": 0,
        "saved, killed before applied": 0,
        "restarts that differ": 0,
        "errors on stderr": 0,
        "longest restore (s)": 0.0,
    }
    expected: dict[int, tuple[int, str]] = {}
    with tempfile.TemporaryDirectory(prefix="net-kill-") as tmp:
        folder = Path(tmp)
        for k in range(kills + 1):
            run = Run(folder, seed, pace)
            if not run.first.wait(30):
                raise SystemExit(f"the child printed no action: {run.kill()}")
            if k < kills:
                time.sleep(rng.uniform(0.05, 0.8))
            err = run.kill()
            figures["errors on stderr"] += bool(err.strip())
            if err.strip():
                print(err, file=sys.stderr)
            restored = {
                int(n): (int(c), d)
                for word, n, c, d in (line.split() for line in run.lines if line[:8] == "restored")
            }
            for line in run.lines:
                if line.startswith("restore "):
                    seconds = float(line.split()[1])
                    figures["longest restore (s)"] = max(figures["longest restore (s)"], seconds)
            if restored != expected:
                figures["restarts that differ"] += 1
            if k == kills:
                break
            figures["kills"] += 1
            seen: dict[tuple[int, int], str] = {}
            last: dict[int, int] = {}
            for line in run.lines:
                if line[0].isdigit():
                    n, c, d = line.split()
                    seen[int(n), int(c)] = d
                    last[int(n)] = max(last.get(int(n), 0), int(c))
            figures["actions applied"] += sum(last[n] - expected.get(n, (0, ""))[0] for n in last)
            before = expected
            expected = brought_back(folder)
            for number, (count, got) in expected.items():
                figures["tables brought back"] += 1
                applied = last.get(number, 0)
                if count < applied:
                    figures["actions lost"] += applied - count
                elif count == applied + 1 and (
                    seen.get((number, applied)) == digest_after(folder, number, applied)
                ):
                    # saved, killed before it was applied: replayed on the restart, after
                    # the position printed, which the file gives exactly
                    figures["saved, killed before applied"] += 1
                    figures["tables exact"] += 1
                elif seen.get((number, count)) == got or (number not in last and count <= 1):
                    # exact, or a new table killed before its opening was printed
                    figures["tables exact"] += 1
                elif number not in last and before.get(number) == (count, got):
                    # untouched in this run: as the last kill left it (a game whose last
                    # action, saved before that kill, was applied by this run's restore)
                    figures["tables exact"] += 1
                else:
                    print(
                        f"kill {k + 1}: table {number} not exact: {count} actions saved, "
                        f"{applied} printed as applied, digest {got}, printed "
                        f"{seen.get((number, count))}",
                        file=sys.stderr,
                    )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pace", type=float, default=0.002, help="seconds between moves")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.seed, args.pace)
        return 0
    os.environ.setdefault("PYTHONHASHSEED", "0")
    figures = campaign(args.kills, args.seed, args.pace)
    for name, value in figures.items():
        print(f"{name}: {value:g}")
    bad = (
        figures["actions lost"]
        or figures["restarts that differ"]
        or figures["errors on stderr"]
        or figures["tables exact"] != figures["tables brought back"]
        or figures["tables brought back"] < figures["kills"]
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
