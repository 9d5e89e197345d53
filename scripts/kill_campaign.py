"""The SIGKILL campaign: games played by keys in a real pseudo-terminal, killed at random
moments and resumed each time; every move must be told after the resume, and every game
must still export to a scenario that ``uno-access scenario`` replays to the saved state.

    .venv/bin/python scripts/kill_campaign.py [--kills 30] [--seed 2026] [--seconds 600]

The player is seat 0 of ``uno-access play`` (keys on, speech and braille display off),
in a temporary home (``XDG_DATA_HOME``, ``XDG_CONFIG_HOME``). At each prompt the script
reads the saved games file (everything is saved before it is shown) and presses a legal
move: D, K, Space, or ``/`` and a typed command (``/b7``, ``/wi red uno``). It kills the
game (SIGKILL) at random moments: while the game waits for a key, a few milliseconds after
a move while the bots answer it, or while a resume is still telling where the game
stopped; then it resumes the game, by ``uno-access resume`` or by ``y`` to the offer of
``uno-access play``. It counts:

- kills, and resumed: the resumes that came back to a prompt;
- moves not told: moves in the file after the resume whose events were never saved as
  told (each line is saved with the number of moves saved before it); and lines not told:
  lines saved before a kill but never on the screen, missing from the next resume's recap;
- untold at the kill: the moves saved but not yet told when the game was killed (what the
  resume had to tell again: the window is a few milliseconds, so this is often 0);
- games unreadable: saved games that do not read back whole, do not export, or whose
  export does not replay to the state the file gives.

It prints one line per count and exits 1 when a count that must be 0 is not.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
from campaign_common import (
    ROOT,
    command,
    export_problem,
    game_numbers,
    keys_for,
    lines_of,
    saved_game,
)

from uno_access.access import messages
from uno_access.store import SavedGame

SETTINGS = 'keys = true\nspeech = false\nsounds = false\nbraille_display = "off"\n'
GAME_ARGS = ("--players", "3", "--rules", "standard,target_score=200")
QUERIES = ("h", "c", "t", "s")  # hand, card check, top card, scores: keys that change nothing
PROMPTS = ["uno> ", "colour> ", "resume? ", "quit? ", "ready? ", "next? "]


@dataclass
class Counts:
    kills: int = 0
    resumed: int = 0
    moves_not_told: int = 0
    lines_not_told: int = 0
    untold_at_kill: int = 0
    games: int = 0
    games_unreadable: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)


class Campaign:
    def __init__(self, home: Path, rng: random.Random, deadline: float) -> None:
        self.home = home
        self.rng = rng
        self.deadline = deadline
        self.counts = Counts()
        self.seeds = iter(range(1000, 100000))
        config = home / "config" / "uno-access"
        config.mkdir(parents=True, exist_ok=True)
        (config / "settings.toml").write_text(SETTINGS, encoding="utf-8")
        self.env = dict(os.environ)
        self.env.update(
            XDG_DATA_HOME=str(home / "data"),
            XDG_CONFIG_HOME=str(home / "config"),
            HOME=str(home),
            PROMPT_TOOLKIT_NO_CPR="1",
            TERM="dumb",
            COLUMNS="200",
        )
        self.db = home / "data" / "uno-access" / "games.db"
        self.child: pexpect.spawn[str] | None = None
        self.prompt: str | None = None

    # ------------------------------------------------------------- the terminal

    def spawn(self, *args: str) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "uno_access", *args],
            cwd=str(ROOT),
            env=self.env,
            encoding="utf-8",
            timeout=30,
            dimensions=(50, 200),
        )
        self.child.delaybeforesend = 0

    def wait(self) -> list[str]:
        """The lines said until the next prompt (``prompt`` None: the program ended)."""
        assert self.child is not None
        index = self.child.expect_exact([*PROMPTS, pexpect.EOF])
        self.prompt = PROMPTS[index] if index < len(PROMPTS) else None
        return lines_of(self.child.before or "")

    def press(self, keys: str) -> list[str]:
        assert self.child is not None
        self.child.send(keys)
        return self.wait()

    def kill(self) -> list[str]:
        """SIGKILL at once; the complete lines shown before it."""
        child = self.child
        assert child is not None and child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.expect(pexpect.EOF)
        shown = lines_of(child.before or "")
        child.close(force=True)
        self.child = None
        self.counts.kills += 1
        return shown

    # ------------------------------------------------------------- the file

    def saved(self, number: int | None = None) -> SavedGame:
        return saved_game(self.db, number)

    # ------------------------------------------------------------- playing

    def new_game(self) -> None:
        self.spawn("play", "--seed", str(next(self.seeds)), *GAME_ARGS)
        self.wait()
        if self.prompt == "resume? ":  # an unfinished game is offered: a new one instead
            self.press("n")
        assert self.prompt == "uno> ", self.prompt

    def move(self) -> None:
        """One move (a new game when the last one ended)."""
        if self.prompt is None:
            if self.child is not None:
                self.child.close(force=True)
            self.new_game()
        self.press(keys_for(self.saved().game(), self.rng))
        self.counts.moves += 1

    def kill_and_resume(self) -> None:
        """Kill at a random moment, then resume and check that everything is told."""
        kind = self.rng.choice(("waiting", "busy", "busy", "recap"))
        if kind == "busy":  # a move, then the kill while the bots answer it
            assert self.child is not None
            self.child.send(keys_for(self.saved().game(), self.rng))
            time.sleep(self.rng.uniform(0.0, 0.12))
        elif kind == "waiting":
            for query in self.rng.sample(QUERIES, self.rng.randint(0, 2)):
                self.press(query)
        before_lines = len(self.saved().lines)
        shown = self.kill()
        if kind == "recap" and not self.saved().finished:
            self.spawn("resume")  # the resume of this kill is killed in turn, while it tells
            time.sleep(self.rng.uniform(0.05, 0.6))
            self.kill()
        saved = self.saved()
        if saved.finished:
            self.prompt = None
            return
        session = [line for line in saved.lines[before_lines:] if line is not None]
        unseen = _tail_not_shown(session, shown)
        self.counts.untold_at_kill += len(saved.actions) - saved.told
        recap = self.resume(saved)
        if recap is None:
            return
        missing = [line for line in unseen if line not in recap]
        self.counts.lines_not_told += len(missing)
        after = self.saved(saved.id)
        self.counts.moves_not_told += len(after.actions) - after.told
        if missing or after.told != len(after.actions):
            self.counts.problems.append(
                f"game {saved.id}: {len(missing)} lines and "
                f"{len(after.actions) - after.told} moves not told after kill "
                f"{self.counts.kills} ({kind})"
            )

    def resume(self, saved: SavedGame) -> list[str] | None:
        """Resume (by ``resume`` or by the offer of ``play``); the recap, or None."""
        if self.rng.random() < 0.5:
            self.spawn("resume")
            said = self.wait()
        else:
            self.spawn("play", *GAME_ARGS)
            offer = self.wait()
            if self.prompt != "resume? ":
                self.counts.problems.append(f"game {saved.id} was not offered: {offer[-1:]}")
                return None
            said = self.press("y")
        if messages.RESUMED_END not in said or (self.prompt is None and not self._over()):
            self.counts.problems.append(f"game {saved.id} did not resume: {said[-3:]}")
            return None
        self.counts.resumed += 1
        start = next((i for i, line in enumerate(said) if "resumed where it stopped" in line), 0)
        return said[start + 1 : said.index(messages.RESUMED_END)]

    def _over(self) -> bool:
        """The resume told the moves that ended the game, and the game ended."""
        return self.saved().finished

    # ------------------------------------------------------------- the end

    def check_exports(self) -> None:
        """Every saved game exports, and its export replays to the state the file gives."""
        if self.child is not None:
            self.child.close(force=True)
        for number in game_numbers(self.db):
            self.counts.games += 1
            problem = export_problem(self.env, self.db, self.home, number)
            if problem is not None:
                self.counts.games_unreadable += 1
                self.counts.problems.append(problem)

    def command(self, *args: str) -> subprocess.CompletedProcess[str]:
        return command(self.env, *args)


def _tail_not_shown(saved: list[str], shown: list[str]) -> list[str]:
    """The saved lines after the last one that reached the screen."""
    seen = set(shown)
    k = len(saved)
    while k > 0 and saved[k - 1] not in seen:
        k -= 1
    return saved[k:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seconds", type=float, default=600, help="stop kills after this long")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="uno-kill-") as folder:
        campaign = Campaign(Path(folder), rng, started + args.seconds)
        campaign.new_game()
        while campaign.counts.kills < args.kills and time.monotonic() < campaign.deadline:
            for _ in range(rng.randint(0, 5)):
                campaign.move()
            if campaign.prompt is None:
                campaign.move()
            campaign.kill_and_resume()
        campaign.check_exports()
    counts = campaign.counts
    print(f"kills: {counts.kills}")
    print(f"resumed: {counts.resumed}")
    print(f"moves played: {counts.moves}")
    print(f"untold at the kill (told again on resume): {counts.untold_at_kill}")
    print(f"moves not told: {counts.moves_not_told}")
    print(f"lines not told: {counts.lines_not_told}")
    print(f"games: {counts.games}")
    print(f"games unreadable: {counts.games_unreadable}")
    print(f"seconds: {time.monotonic() - started:.1f}")
    for problem in counts.problems:
        print(f"problem: {problem}")
    bad = counts.moves_not_told + counts.lines_not_told + counts.games_unreadable
    return 1 if bad or counts.problems or counts.kills < args.kills else 0


if __name__ == "__main__":
    sys.exit(main())
