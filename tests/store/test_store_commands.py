"""``uno-access resume`` and ``export``, and the offer to resume at the start of ``play``."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from store_pty import ROOT, database, environment, read_saved

from uno_access.access import messages
from uno_access.engine.rules import RuleSet
from uno_access.scenario import state_json
from uno_access.ui.play import resume, run
from uno_access.ui.terminal import Screen


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def typed(lines: list[str], seed: int | None = 8, again: int | None = None) -> list[str]:
    """``play`` (or ``resume`` of game ``again``) with ``lines`` typed; every line said."""
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines))
        pipe.close()
        screen = Screen(said.append)
        if again is None:
            run(
                2,
                ["random"],
                RuleSet(),
                seed,
                None,
                input=pipe,
                output=DummyOutput(),
                screen=screen,
            )
        else:
            resume(again, input=pipe, output=DummyOutput(), screen=screen)
    return said


def command(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        cwd=ROOT,
        env=environment(home),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_play_offers_the_unfinished_game_and_yes_takes_it_up_where_it_stopped(
    home: Path,
) -> None:
    first = typed(["d", "l"])
    hand = next(line for line in reversed(first) if line.startswith("Your hand"))
    drew = next(line for line in first if line.startswith("You draw ") and "dealer" not in line)
    said = typed(["y", "l", "r"], seed=99)
    assert said[0].startswith("You have an unfinished game, number 1, against Ann, started ")
    assert said[1] == messages.resumed(1, ["Ann"], 1)
    end = said.index(messages.RESUMED_END)
    # your own last move and all since, then what you were last told (here your hand)
    assert said[2] == drew and said[end - 1] == hand and set(said[2:end]) <= set(first)
    assert said[end + 1 :].count(hand) == 2  # asked for, then repeated
    assert read_saved(home).id == 1


def test_a_game_declined_is_not_offered_again_but_resume_still_takes_it_up(
    home: Path,
) -> None:
    typed(["d"])
    declined = typed(["n", "l"])  # a new game, number 2, left unfinished too
    assert declined[0].startswith("You have an unfinished game, number 1")
    declined = typed(["n", "l"])
    assert declined[0].startswith("You have an unfinished game, number 2")
    assert not typed(["l"])[0].startswith("You have an unfinished game, number 1")
    again = typed(["l"], again=1)
    assert again[0] == messages.resumed(1, ["Ann"], 1)


def test_resume_without_an_unfinished_game_is_one_line_and_status_2(home: Path) -> None:
    result = command(home, "resume")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"uno-access: {messages.NO_UNFINISHED_GAME}\n"
    typed(["d"])
    result = command(home, "resume", "7")
    assert result.stderr == f"uno-access: {messages.no_such_game(7)}\n"


def test_export_writes_the_latest_game_as_a_scenario_that_replays_to_its_state(
    home: Path,
) -> None:
    assert command(home, "export").stderr == f"uno-access: {messages.NO_SAVED_GAME}\n"
    typed(["d", "k", "d", "k", "cc"])
    out = home / "bug.json"
    result = command(home, "export", "-o", str(out))
    assert result.returncode == 0
    assert result.stderr == messages.exported(1, str(out)) + "\n"
    assert json.loads(out.read_text())["deal"] == "seed"
    replayed = command(home, "scenario", str(out))
    assert json.loads(replayed.stdout.splitlines()[-1]) == state_json(read_saved(home).game())
    assert command(home, "export", "1").stdout == out.read_text()
    unwritable = command(home, "export", "-o", str(home / "no" / "such" / "dir.json"))
    assert unwritable.returncode == 2 and len(unwritable.stderr.splitlines()) == 1
    assert "cannot be written" in unwritable.stderr


def test_a_saved_game_this_version_cannot_play_is_one_line_and_a_new_game_starts(
    home: Path,
) -> None:
    typed(["d"])
    connection = sqlite3.connect(database(home))
    setup = json.loads(connection.execute("SELECT setup FROM games").fetchone()[0])
    setup["bots"][1] = "genius"
    connection.execute("UPDATE games SET setup = ?", (json.dumps(setup),))
    connection.commit()
    connection.close()
    result = command(home, "resume")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "Game 1 cannot be read back" in result.stderr and "genius" in result.stderr
    said = typed(["l"])
    assert said[0].startswith("Game 1 cannot be read back")
    assert any(line.startswith("Your hand, 7 cards") for line in said)
    assert not typed(["l"])[0].startswith("Game 1")  # said once
