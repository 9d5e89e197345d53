"""A server's tables file written before the engine's codec still brings every table
back on start, exactly where it was, and the tables play on and are saved again
(``tests/earlier_files/c5e1d2e``: a ``tables.db`` written by main at c5e1d2e, and what
that code read back from it).
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from uno_access.bots import make_bot
from uno_access.engine.actions import CallUno, Catch, JumpIn
from uno_access.engine.state import Phase
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.scenario import state_json

EARLIER = Path(__file__).resolve().parents[1] / "earlier_files" / "c5e1d2e"
EXPECTED: dict[str, Any] = json.loads((EARLIER / "expected.json").read_text(encoding="utf-8"))
_OUT_OF_TURN = (Catch, CallUno, JumpIn)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copyfile(EARLIER / TABLES_NAME, tmp_path / TABLES_NAME)
    return tmp_path


def _restore(folder: Path, loop: asyncio.AbstractEventLoop) -> tuple[TableStore, Lobby, list[str]]:
    said: list[str] = []
    store = TableStore(folder / TABLES_NAME, said.append)
    lobby = Lobby(loop, seed=40, pace=0, journal=store)
    store.restore(lobby)
    return store, lobby, said


def _play_on(loop: asyncio.AbstractEventLoop, table: ServerTable, moves: int) -> None:
    """Ann (seat 0) back at her seat, her moves chosen by a bot, the bots playing as the
    server drives them, until she has made ``moves`` moves.
    """
    assert table.rejoin("ann") == 0
    ann = make_bot("normal", random.Random(table.number))
    made = 0
    while made < moves and table.stage is Stage.PLAYING:
        game = table.game
        assert game is not None
        view = game.view(0)
        legal = game.legal_actions(0)
        if legal and (view.phase is Phase.ROUND_OVER or view.current == 0):
            choice = ann.choose(view if ann.needs_view else None, legal)
            if choice is None:
                choice = next((a for a in legal if not isinstance(a, _OUT_OF_TURN)), legal[0])
            table.send(0, choice)
            made += 1
        else:
            loop.run_until_complete(asyncio.sleep(0.0005))


def test_every_table_saved_before_the_codec_comes_back_exactly_where_it_was(
    folder: Path, loop: asyncio.AbstractEventLoop
) -> None:
    store, lobby, said = _restore(folder, loop)
    store.close()
    assert said == []  # none set aside
    assert sorted(lobby.tables) == sorted(int(n) for n in EXPECTED["tables"])
    for number, expected in EXPECTED["tables"].items():
        table = lobby.tables[int(number)]
        assert table.stage.value == expected["stage"]
        assert (table.code, table.turn_seconds) == (expected["code"], expected["timer"])
        assert store.saved(table.number) == expected["actions"]
        if expected["state"] is None:
            assert table.game is None and len(table.places) == 2
        else:
            assert table.game is not None and state_json(table.game) == expected["state"]
            assert table.latest(0) == expected["entries"]


def test_a_table_saved_before_the_codec_plays_on_and_comes_back_again_after_a_restart(
    folder: Path, loop: asyncio.AbstractEventLoop
) -> None:
    """Each table played on for a few moves, saved as this version saves them; the server
    started again brings it back with the old moves and the new, where it was left.
    """
    store, lobby, _ = _restore(folder, loop)
    playing = [table for table in lobby.tables.values() if table.stage is Stage.PLAYING]
    before = {table.number: store.saved(table.number) for table in playing}
    for table in playing:
        _play_on(loop, table, 6)
    store.close()  # as a SIGKILL leaves it (the loop, and so every table, stopped)
    left: dict[int, dict[str, Any]] = {}
    for table in playing:
        assert table.game is not None and store.saved(table.number) > before[table.number]
        left[table.number] = state_json(table.game)
    assert len(left) == 3

    again, lobby, said = _restore(folder, loop)
    again.close()
    assert said == []
    for number, state in left.items():
        game = lobby.tables[number].game
        assert game is not None and state_json(game) == state
