"""The server's tables saved (``net.saved``): one SQLite file in the data folder, each
action written before it is applied, every unfinished table brought back exactly on
start (dealt again from its seed, its actions replayed through the engine), its
people's seats held for them; a damaged table set aside, the others back.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest

from uno_access.access import messages
from uno_access.bots import make_bot
from uno_access.engine.actions import Action, CallUno, Catch, Draw, JumpIn, Play
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.net.wire.said import worded

_OUT_OF_TURN = (Catch, CallUno, JumpIn)


def _table(lobby: Lobby, person: str, bots: int, spec: str = "standard") -> ServerTable:
    table = lobby.new_table(person, RuleSet.from_spec(spec), spec)
    table.sit(person)
    for _ in range(bots):
        table.add_bot("normal")
    table.start()
    return table


def _play(loop: asyncio.AbstractEventLoop, table: ServerTable, entries: int, seed: int) -> None:
    """Play until seat 0 (a person, her moves chosen by a bot) has ``entries`` entries,
    the bots playing as the server drives them (pace 0).
    """
    ann = make_bot("normal", random.Random(seed))
    while table.latest(0) < entries and table.stage is Stage.PLAYING:
        game = table.game
        assert game is not None
        view = game.view(0)
        legal = game.legal_actions(0)
        if legal and (view.phase is Phase.ROUND_OVER or view.current == 0):
            choice = ann.choose(view if ann.needs_view else None, legal)
            if choice is None:
                choice = next((a for a in legal if not isinstance(a, _OUT_OF_TURN)), legal[0])
            table.send(0, choice)
        else:
            loop.run_until_complete(asyncio.sleep(0.0005))


def _store(folder: Path, said: list[str] | None = None) -> TableStore:
    return TableStore(folder / TABLES_NAME, (said if said is not None else []).append)


@pytest.mark.parametrize("seed", [3, 11, 27, 40])
def test_a_table_replayed_from_its_saved_rows_equals_the_original(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop, seed: int
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=seed, pace=0, journal=store)
    table = _table(lobby, "ann", 3)
    _play(loop, table, 30 + seed, seed)
    assert table.stage is Stage.PLAYING and table.game is not None
    store.close()  # as a SIGKILL leaves it: nothing more written

    said: list[str] = []
    again = Lobby(later, seed=seed, pace=0)
    back = _store(tmp_path, said).restore(again)
    assert said == [] and [t.number for t in back] == [table.number]
    copy = again.tables[table.number]
    assert copy.game is not None
    assert copy.game.state == table.game.state
    assert copy.game.rng.getstate() == table.game.rng.getstate()
    for seat in range(4):  # every seat's log, as it was; then the one line of the restart
        logged = copy.entries(seat, 1)
        assert logged[:-1] == table.entries(seat, 1)
        assert (
            logged[-1].line is not None and worded(logged[-1].line) == messages.NET_SERVER_RESTARTED
        )
    ann = copy.places[0]
    assert not ann.present and ann.dropped  # held for her, the game waiting for her
    assert ann.bot is None and ann.standin is None
    assert copy.seat_of("ann") is None and copy.rejoin("ann") == 0
    assert copy.places[0].bot is None and copy.seat_of("ann") == 0
    assert [p.bot for p in copy.places[1:]] == ["normal"] * 3


def test_each_action_is_committed_to_the_file_before_it_is_applied(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    path = tmp_path / TABLES_NAME
    checked: list[tuple[int, bool]] = []

    class Watched(TableStore):
        def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
            assert table.game is not None
            before = repr(table.game.state)
            super().action(table, action, timeout)
            other = sqlite3.connect(path)  # another connection: what a kill leaves
            rows = other.execute("SELECT count(*) FROM actions").fetchone()[0]
            other.close()
            checked.append((rows, repr(table.game.state) == before))

    said: list[str] = []
    store = Watched(path, said.append)
    lobby = Lobby(loop, seed=5, pace=0, journal=store)
    _play(loop, _table(lobby, "ann", 2), 25, 5)
    assert len(checked) >= 20
    assert [rows for rows, _ in checked] == list(range(1, len(checked) + 1))
    assert all(unchanged for _, unchanged in checked) and said == []


def test_an_action_the_rules_refuse_is_not_kept_in_the_file(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=5, pace=0, journal=store)
    table = _table(lobby, "ann", 2)
    _play(loop, table, 6, 5)
    game = table.game
    assert game is not None and store.saved(table.number) > 0
    while game.view(0).current == 0:  # her turn over: every play of hers is refused now
        legal = game.legal_actions(0)
        table.send(0, next(a for a in legal if not isinstance(a, _OUT_OF_TURN)))
    kept = store.saved(table.number)
    for card in game.state.hands[0]:  # forged or mistaken: out of turn, each refused
        assert table.send(0, Play(0, card))[0] == 0
    assert store.saved(table.number) == kept
    rows = sqlite3.connect(tmp_path / TABLES_NAME).execute("SELECT count(*) FROM actions")
    assert rows.fetchone()[0] == kept
    table.send(0, Draw(0))  # refused too: not her turn
    assert store.saved(table.number) == kept
    store.close()
    again = Lobby(later, seed=5, pace=0)
    _store(tmp_path).restore(again)
    copy = again.tables[table.number]
    assert copy.game is not None and copy.game.state == game.state


def test_the_tables_file_is_the_owners_alone_and_written_ahead(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    _table(Lobby(loop, seed=1, pace=0, journal=store), "ann", 1)
    path = tmp_path / TABLES_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    for extra in ("-wal", "-shm"):
        wal = path.with_name(path.name + extra)
        assert stat.S_IMODE(wal.stat().st_mode) == 0o600


def test_a_damaged_row_sets_its_table_aside_in_one_line_and_the_others_come_back(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=9, pace=0, journal=store)
    first = _table(lobby, "ann", 1)
    _play(loop, first, 4, 1)
    second = _table(lobby, "bob", 1)
    _play(loop, second, 4, 2)
    store.close()
    db = sqlite3.connect(tmp_path / TABLES_NAME)
    with db:
        db.execute('UPDATE actions SET action = \'{"act": "fly"}\' WHERE tab = 1 AND n = 0')
    db.close()

    said: list[str] = []
    again = Lobby(later, seed=9, pace=0)
    kept = _store(tmp_path, said)
    kept.restore(again)
    assert len(said) == 1 and "\n" not in said[0]
    assert said[0].startswith("Table 1 cannot be brought back: it cannot be read")
    assert list(again.tables) == [2]
    copy = again.tables[2].game
    assert copy is not None and second.game is not None
    assert copy.state == second.game.state
    assert again.new_table("cy", RuleSet(), "standard").number == 3  # no number used twice
    kept.close()
    db = sqlite3.connect(tmp_path / TABLES_NAME)
    states = dict(db.execute("SELECT number, state FROM tables").fetchall())
    db.close()
    # set aside, kept in the file; the table made after the restore is kept like any
    assert states == {1: "aside", 2: "playing", 3: "waiting"}


def test_a_finished_table_is_not_brought_back(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=4, pace=0, journal=store)
    table = _table(lobby, "ann", 1, "standard,hand_size=2,target_score=1")
    _play(loop, table, 10_000, 4)
    assert table.stage is Stage.OVER
    store.close()
    again = Lobby(later, seed=4, pace=0)
    assert _store(tmp_path).restore(again) == [] and again.tables == {}


def test_the_bots_play_on_once_a_person_is_back_at_a_table_brought_back(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=6, pace=0, journal=store)
    table = _table(lobby, "ann", 2)
    _play(loop, table, 12, 6)
    game = table.game
    assert game is not None
    if game.view(0).current == 0:
        _play(loop, table, table.latest(0) + 1, 6)  # her move: a bot is to move now
    assert game.view(0).current != 0
    store.close()
    again = Lobby(later, seed=6, pace=0)
    (copy,) = _store(tmp_path).restore(again)
    later.run_until_complete(asyncio.sleep(0.05))
    held = copy.latest(0)
    later.run_until_complete(asyncio.sleep(0.05))
    assert copy.latest(0) == held  # nobody is back: the bots wait
    assert copy.rejoin("ann") == 0
    later.run_until_complete(asyncio.sleep(0.05))
    assert copy.latest(0) > held + 1  # after the line that she is back, a bot's move


def test_a_stand_in_plays_with_its_seats_view_alone_and_comes_back_with_the_grace_after_a_restart(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    store = _store(tmp_path)
    lobby = Lobby(loop, seed=8, pace=0, journal=store)
    table = lobby.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.add_bot("normal")
    assert table.command("ann", "grace", "5") == messages.net_grace_set(table.number, 5.0)
    assert table.command("bob", "grace", "1") == messages.net_only_host("ann")
    table.start()
    dealt = table.game
    assert dealt is not None
    table.leave("bob", table.latest(1), dropped=True)
    assert table.places[1].standin is None  # his seat waits: no bot yet
    assert table.command("bob", "standin", "bob") == messages.net_only_host("ann")
    assert table.command("ann", "standin", "") == ""  # the one away: bob
    assert table.places[1].standin == "normal"
    stand_in = table._bots[1]
    views: list[int] = []

    class Seen:
        needs_view = True

        def choose(self, view: Any, legal: list[Action]) -> Action | None:
            views.append(view.seat)
            assert dealt is not None
            assert view.hand == tuple(dealt.state.hands[1])  # his own hand, and no other
            return stand_in.choose(view, legal)

    table._bots[1] = Seen()  # type: ignore[assignment]
    _play(loop, table, 40, 8)
    assert views and set(views) == {1}
    store.close()

    again = Lobby(later, seed=8, pace=0)
    (copy,) = _store(tmp_path).restore(again)
    assert copy.grace == 5.0
    assert copy.places[1].standin == "normal" and 1 in copy._bots  # the stand-in again
    assert copy.places[0].standin is None and 0 not in copy._bots  # ann's seat waits
    assert copy.rejoin("bob") == 1
    assert copy.places[1].standin is None and 1 not in copy._bots  # his seat is his again
    back = copy.entries(0, 1)[-1].line
    assert back is not None and worded(back) == messages.net_back_from_bot("bob")
    assert copy.entries(1, 1)[-1].line is None  # not told of himself
