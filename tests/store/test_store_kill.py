"""Never lose a game: a real game in a pseudo-terminal is killed (SIGKILL) at 20 random
moments, and each time resumed exactly where it stopped, with no action lost.

The test plays seat 0 itself: at each prompt it reads the saved games file (everything is
saved before it is shown, so the file is complete whenever a prompt shows) and types a
legal move. Half the kills come while the game waits for the person: the position, the
person's answers to hand, scores, order, card check and top card, and what they were
last told must be the same after the resume. The other half come at a random instant
just after a move was typed, while the bots play: every line shown before the kill must
be in the saved history, and the game must go on from every action saved.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

from store_pty import ROOT, PtyGame, environment, read_saved

from uno_access.access import messages
from uno_access.engine.actions import Play, PlayDrawn
from uno_access.engine.game import Game
from uno_access.engine.state import Phase
from uno_access.scenario import state_json

KILLS = 20
QUERIES = ("l", "s", "w", "cc", "t")
GAME_ARGS = ("--players", "3", "--rules", "standard,target_score=300")


def typed_move(game: Game, rng: random.Random) -> str:
    """A legal move for seat 0, as the person types it (Enter when it is not their turn)."""
    s = game.state
    if s.phase is Phase.ROUND_OVER:
        return "n"
    if s.current != 0:
        return ""  # a chance to act out of turn: let play go on
    if s.phase is Phase.START_COLOR:
        return rng.choice(("red", "green", "blue", "yellow"))
    if s.phase is Phase.CHALLENGE:
        return rng.choice(("ch", "a"))
    legal = game.legal_actions(0)
    plays = [a for a in legal if isinstance(a, Play | PlayDrawn)]
    if any(a.uno for a in plays):
        plays = [a for a in plays if a.uno]
    if not plays:
        return "k" if s.phase is Phase.DRAWN else "d"
    if s.phase is Phase.PLAY and rng.random() < 0.1:
        return "d"
    action = rng.choice(plays)
    words = [action.card.code if isinstance(action, Play) else "play"]
    if action.color is not None:
        words.append(action.color.word)
    if action.uno:
        words.append("uno")
    return " ".join(words)


def is_subsequence(shown: list[str], saved: list[str]) -> bool:
    rest = iter(saved)
    return all(line in rest for line in shown)


class Player:
    """One person at the terminal, through games, kills and resumes."""

    def __init__(self, home: Path, rng: random.Random) -> None:
        self.home = home
        self.rng = rng
        self.seeds = iter(range(100, 200))
        self.game = self._new_game()
        self.snapshots: list[tuple[int, tuple[object, ...]]] = []

    def _new_game(self) -> PtyGame:
        game = PtyGame(self.home, ["play", "--seed", str(next(self.seeds)), *GAME_ARGS])
        game.wait()
        assert game.prompt == "uno> "
        return game

    def position(self) -> Game:
        return read_saved(self.home).game()

    def move(self) -> str:
        """Type one move (a new game when the last one ended); what was typed."""
        if self.game.prompt is None:
            assert self.game.child.exitstatus == 0
            assert read_saved(self.home).finished
            self.game.close()
            self.game = self._new_game()
        typed = typed_move(self.position(), self.rng)
        self.game.type(typed)
        return typed

    def kill_waiting(self, resume_by_offer: bool) -> None:
        """Kill while the person is asked for a move; all must be as it was."""
        while not (self.game.prompt == "uno> " and self._persons_turn()):
            self.move()
        self.game.type("r")
        answers = {query: self.game.type(query) for query in QUERIES}
        before = read_saved(self.home)
        self.game.kill()
        after = read_saved(self.home)
        assert after.actions == before.actions and after.lines == before.lines
        self.snapshots.append((after.id, after.actions))
        recap = self._resume(resume_by_offer)
        # what happened at the table since the person's own last move, then what they were
        # last told (the answer to their last question), told again
        last = answers[QUERIES[-1]]
        assert recap[-len(last) :] == last, "what the person was last told, again"
        assert is_subsequence(recap, before.history), "a line told again that was never told"
        assert state_json(self.position()) == state_json(before.game())
        for query in QUERIES:
            assert self.game.type(query) == answers[query], query

    def kill_busy(self, resume_by_offer: bool) -> None:
        """Kill at a random instant after a move was typed, while the game answers it."""
        typed = typed_move(self.position(), self.rng)
        self.game.child.sendline(typed)
        time.sleep(self.rng.uniform(0.01, 0.1))
        shown = [line for line in self.game.kill() if line != typed]
        saved = read_saved(self.home)
        assert is_subsequence(shown, saved.history), "a line was shown before it was saved"
        self.snapshots.append((saved.id, saved.actions))
        if saved.finished:
            self.game = self._new_game()
            return
        self._resume(resume_by_offer)
        after = read_saved(self.home)
        assert after.told == len(after.actions), "a move applied but never told"

    def _persons_turn(self) -> bool:
        s = self.position().state
        return s.phase is Phase.ROUND_OVER or s.current == 0

    def _resume(self, by_offer: bool) -> list[str]:
        """Take the game up again (``resume``, or yes to ``play``'s offer); the lines said
        between "resumed" and "that is where the game stopped".
        """
        if by_offer:
            self.game = PtyGame(self.home, ["play", *GAME_ARGS])
            offer = self.game.wait()
            assert self.game.prompt == "resume? " and "Resume it?" in offer[-1]
            lines = self.game.type("y")
        else:
            self.game = PtyGame(self.home, ["resume"])
            lines = self.game.wait()
        assert self.game.prompt is not None, lines
        start = next(i for i, line in enumerate(lines) if "resumed where it stopped" in line)
        end = lines.index(messages.RESUMED_END)
        return lines[start + 1 : end]


def test_a_game_killed_at_20_random_moments_resumes_each_time_with_no_action_lost(
    tmp_path: Path,
) -> None:
    rng = random.Random(2026)
    player = Player(tmp_path, rng)
    try:
        for kill in range(KILLS):
            for _ in range(rng.randint(0, 6)):
                player.move()
            if kill % 2 == 0:
                player.kill_waiting(resume_by_offer=kill % 4 == 0)
            else:
                player.kill_busy(resume_by_offer=kill % 4 == 1)
        for _ in range(3):
            player.move()
        final = read_saved(tmp_path)
    finally:
        player.game.close()
    for number, actions in player.snapshots:
        kept = read_saved(tmp_path, number).actions
        assert kept[: len(actions)] == actions, "an action saved before a kill was lost"
    assert len(player.snapshots) == KILLS
    exported = tmp_path / "game.json"
    env = environment(tmp_path)
    subprocess.run(
        [sys.executable, "-m", "uno_access", "export", "-o", str(exported)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    replayed = subprocess.run(
        [sys.executable, "-m", "uno_access", "scenario", str(exported)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    last = json.loads(replayed.stdout.splitlines()[-1])
    assert last == state_json(final.game())


def test_the_kill_campaign_script_finds_every_move_told_and_every_game_readable() -> None:
    """``scripts/kill_campaign.py``, a few kills: its counts that must be 0 are 0."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "kill_campaign.py"),
            "--kills",
            "6",
            "--seed",
            "5",
            "--seconds",
            "120",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    counts = dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    assert result.returncode == 0, result.stdout + result.stderr
    assert int(counts["kills"]) >= 6
    assert counts["moves not told"] == "0" and counts["lines not told"] == "0"
    assert counts["games unreadable"] == "0"
