"""A game against a hard bot with a time budget of its own (``--bots hard:20``) is saved
with that bot, and resumes: found by the fault campaign ("Game 18 cannot be read back:
There is no bot 'hard:20'")."""

from __future__ import annotations

from pathlib import Path

from store_pty import PtyGame, read_saved


def test_a_game_against_a_hard_bot_with_a_budget_resumes_where_it_stopped(tmp_path: Path) -> None:
    game = PtyGame(tmp_path, ["play", "--seed", "5", "--bots", "hard:20"])
    try:
        game.wait()
        game.type("d")
    finally:
        game.close()
    saved = read_saved(tmp_path)
    assert saved.setup.bots == (None, "hard:20")
    again = PtyGame(tmp_path, ["resume"])
    try:
        said = again.wait()
    finally:
        again.close()
    assert not any("cannot be read back" in line for line in said), said
    assert any(line.startswith("That is where the game stopped") for line in said), said
