"""Saved games written before the engine's codec still load, replay to the positions
they were left at, resume and play on (``tests/earlier_files/c5e1d2e``: a games file
written by main at c5e1d2e, and what that code read back from it).
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.access import messages
from uno_access.bots import make_bot
from uno_access.devices.base import Notices
from uno_access.scenario import from_mapping, replay, state_json
from uno_access.seat.outputs import Outputs
from uno_access.store import Recorder, SavedGame, Store
from uno_access.store.export import scenario_text
from uno_access.ui.play import resume
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Keyboard, Screen

EARLIER = Path(__file__).resolve().parents[1] / "earlier_files" / "c5e1d2e"
EXPECTED: dict[str, Any] = json.loads((EARLIER / "expected.json").read_text(encoding="utf-8"))
GAMES = sorted(int(n) for n in EXPECTED["games"])


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the earlier games file, where this version's games file is looked for."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "uno-access"
    folder.mkdir(parents=True)
    shutil.copyfile(EARLIER / "games.db", folder / "games.db")
    return folder / "games.db"


def _open(path: Path) -> Store:
    opened = Store.open(path, durable=False)
    assert opened.store is not None and opened.notices == [], opened.notices
    return opened.store


def _load(store: Store, number: int) -> SavedGame:
    saved = store.load(number)
    assert saved is not None
    return saved


@pytest.mark.parametrize("number", GAMES)
def test_a_game_saved_before_the_codec_replays_to_the_position_it_was_left_at(
    games: Path, number: int
) -> None:
    expected = EXPECTED["games"][str(number)]
    store = _open(games)
    saved = _load(store, number)
    rebuilt = saved.rebuild()
    store.close()
    assert rebuilt.saved.damage is None
    assert len(saved.actions) == expected["actions"]
    assert saved.told == expected["told"] and saved.last_told == expected["last_told"]
    assert state_json(rebuilt.game) == expected["state"]


@pytest.mark.parametrize("number", GAMES)
def test_a_game_saved_before_the_codec_plays_on_and_is_saved_and_read_again(
    games: Path, number: int
) -> None:
    """Resumed, ten more moves saved as this version saves them: read back, the old moves
    and the new replay to the game as it was played.
    """
    store = _open(games)
    saved = _load(store, number)
    game = saved.rebuild().game
    recorder = Recorder.resume(store, saved, pytest.fail)
    bot = make_bot("normal", random.Random(number))
    for _ in range(10):
        if game.over:
            break
        seat = game.state.current
        legal = game.legal_actions(seat)
        action = bot.choose(game.view(seat), legal) or legal[0]
        assert recorder.readable(action)
        recorder.record(action)
        game.apply(action)
    recorder.close()
    again = _load(store, number)
    store.close()
    assert again.actions[: len(saved.actions)] == saved.actions
    assert len(again.actions) > len(saved.actions)
    assert state_json(again.rebuild().game) == state_json(game)


@pytest.mark.parametrize("number", GAMES)
def test_a_game_saved_before_the_codec_exports_as_a_scenario_that_replays_to_it(
    games: Path, number: int
) -> None:
    store = _open(games)
    saved = _load(store, number)
    store.close()
    scenario = from_mapping(json.loads(scenario_text(saved.scenario())))
    assert list(replay(scenario))[-1] == EXPECTED["games"][str(number)]["state"]


def test_uno_access_resume_takes_up_a_game_saved_before_the_codec(games: Path) -> None:
    """The program itself: ``resume 2`` (the pipe input closed at once) says which game it
    took up, against whom and in which round, then what was said last.
    """
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.close()
        screen = Screen(said.append)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        session = Session(keyboard, screen, Outputs(screen.say), Notices())
        resume(2, session=session)
    expected = EXPECTED["games"]["2"]
    first = said.index(messages.resumed(2, ["P1", "P2"], expected["state"]["round"]))
    assert said[first + 1 : first + 1 + len(expected["last_told"])] == expected["last_told"]
    assert not any(line.startswith("Move ") for line in said)  # no move is damaged
