"""Tournaments run by the server (``net.server.tournaments``): a Swiss tournament of eight
over three rounds of two tables, a no-show played by a bot after the grace, the standings,
and the server stopped between rounds and brought back where it was.

The tables are the server's own (``Lobby``, ``ServerTable``) on an event loop of the
test's, with the real accounts file and tables file; each person's moves are chosen by a
bot for them (the bench's simulated people).
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from net_pairs import fewest_repeats

from uno_access.access import messages
from uno_access.bots import make_bot
from uno_access.engine.actions import CallUno, Catch, JumpIn
from uno_access.engine.state import Phase
from uno_access.net.server import hosting, tournament_commands
from uno_access.net.server import tournaments as tournaments_module
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.pairing import points
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.net.server.tournaments import SWISS, State, Tournaments
from uno_access.net.wire.said import Words, heard

QUICK = "standard,hand_size=2,target_score=1"
EIGHT = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
GRACE = 0.05  # seconds a held seat waits before a bot plays it


def _server(folder: Path, loop: asyncio.AbstractEventLoop) -> tuple[Accounts, Lobby, TableStore]:
    """The accounts, the lobby and the tables file, wired as ``uno-access serve`` does."""
    accounts = Accounts(folder)
    lobby = Lobby(loop, seed=7, pace=0)
    lobby.account_of = accounts.created
    lobby.owner_of = accounts.owner
    lobby.results = accounts.results
    lobby.tournaments = accounts.tournaments
    accounts.tournaments.lobby = lobby
    warned: list[str] = []
    store = TableStore(folder / TABLES_NAME, warned.append)
    store.restore(lobby)
    lobby.journal = store
    accounts.tournaments.resume()
    return accounts, lobby, store


def _run(loop: asyncio.AbstractEventLoop, seconds: float = 0.001) -> None:
    loop.run_until_complete(asyncio.sleep(seconds))


def _play_round(
    loop: asyncio.AbstractEventLoop,
    lobby: Lobby,
    tournaments: Tournaments,
    number: int,
    round_: int,
    absent: str = "",
) -> None:
    """Everyone but ``absent`` takes their seat; the round's tables played to their end."""
    tables = [lobby.tables[tab] for tab, _, _ in tournaments.round_tables(number, round_)]
    for table in tables:
        for place in table.places:
            if place.name != absent:
                assert table.rejoin(place.name) is not None
    chooser = make_bot("normal", random.Random(round_))
    while any(table.stage is Stage.PLAYING for table in tables):
        moved = False
        for table in tables:
            game = table.game
            if game is None or table.stage is not Stage.PLAYING:
                continue
            for seat, place in enumerate(table.places):
                if not place.present or place.bot is not None:
                    continue
                view = game.view(seat)
                legal = [
                    a
                    for a in game.legal_actions(seat)
                    if not isinstance(a, Catch | CallUno | JumpIn)
                ]
                if legal and (view.phase is Phase.ROUND_OVER or view.current == seat):
                    choice = chooser.choose(view if chooser.needs_view else None, legal)
                    table.send(seat, choice if choice in legal else legal[0])
                    moved = True
                    break
        if not moved:
            _run(loop, 0.002)  # the bots, and a no-show's grace


def _expected_points(tournaments: Tournaments, number: int, rounds: int) -> dict[str, int]:
    totals = dict.fromkeys(EIGHT, 0)
    db = tournaments._db
    for seats, places in db.execute(
        "SELECT seats, places FROM rounds WHERE tournament = ? AND round <= ?", (number, rounds)
    ):
        for name, got in zip(json.loads(seats), points(json.loads(places)), strict=True):
            totals[name] += got
    return totals


def test_a_swiss_tournament_of_eight_over_three_rounds_survives_a_restart(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    for name in EIGHT:
        assert accounts.claim(name, None, "password")
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 4, 3, QUICK, 8, None, grace=GRACE)
    for name in EIGHT:
        assert tournaments.sign_up(number, name)
    assert not tournaments.sign_up(number, "ann")  # full, and signed up already
    _run(loop)  # full: it begins
    found = tournaments.get(number)
    assert found is not None and found.state is State.RUNNING and found.round == 1
    round_one = tournaments.round_tables(number, 1)
    assert [len(seats) for _, seats, _ in round_one] == [4, 4]
    # hal does not come: after the grace a bot plays his seat, and the round ends
    _play_round(loop, lobby, tournaments, number, 1, absent="hal")
    hal_table = next(lobby.tables[tab] for tab, seats, _ in round_one if "hal" in seats)
    assert hal_table.places[[p.name for p in hal_table.places].index("hal")].standin
    found = tournaments.get(number)
    assert found is not None and found.round == 2  # the next round seated at once
    before = [(s.name, s.points) for s in tournaments.standings(number)]
    assert dict(before) == _expected_points(tournaments, number, 1)
    round_two = tournaments.round_tables(number, 2)
    # the server stops (its tables file and accounts closed, nothing ended) and starts again
    store.close()
    accounts.close()
    accounts, lobby, store = _server(tmp_path, later)
    tournaments = accounts.tournaments
    assert tournaments.round_tables(number, 2) == round_two
    assert [(s.name, s.points) for s in tournaments.standings(number)] == before
    assert all(lobby.tables[tab].tournament == number for tab, _, _ in round_two)
    _play_round(later, lobby, tournaments, number, 2)
    _play_round(later, lobby, tournaments, number, 3)
    found = tournaments.get(number)
    assert found is not None and found.state is State.OVER
    final = tournaments.final(number)
    expected = _expected_points(tournaments, number, 3)
    assert {name: got for _, name, got in final} == expected
    assert [got for _, _, got in final] == sorted(expected.values(), reverse=True)
    # no pairing repeated where it could be avoided: each round repeats no more pairs than
    # the least any split of the eight into two tables of four would
    played = [[seats for _, seats, _ in tournaments.round_tables(number, r)] for r in (1, 2, 3)]
    assert fewest_repeats(played, EIGHT)
    store.close()
    accounts.close()


def test_only_the_host_starts_or_cancels_and_a_person_signs_up_themselves_alone(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    accounts, _, store = _server(tmp_path, loop)
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 4, 3, QUICK, 8, None, grace=GRACE)
    assert tournaments.sign_up(number, "bob")
    assert tournaments.withdraw(number, "bob") and not tournaments.withdraw(number, "bob")
    assert not tournaments.begin(number)  # fewer than two signed up
    assert tournaments.cancel(number)
    assert not tournaments.sign_up(number, "cat")  # cancelled: no one signs up
    store.close()
    accounts.close()


def _person(lobby: Lobby, name: str) -> Any:
    return cast(Any, SimpleNamespace(lobby=lobby, name=name))


def test_the_lobbys_tournament_commands_answer_in_one_line_each(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    ann, bob = _person(lobby, "ann"), _person(lobby, "bob")
    say = tournament_commands.tournament
    assert tournament_commands.listed(ann, "") == [messages.tr(messages.NET_TOURNAMENT_NONE)]
    assert say(ann, "new chess") == [messages.tr(messages.NET_TOURNAMENT_HOW)]
    assert say(ann, "new swiss size=99") == [messages.net_tournament_bad("size=99")]
    assert say(ann, "new swiss colour=red") == [messages.net_tournament_bad("colour=red")]
    assert say(ann, "new swiss rules=nonsense") == [messages.net_tournament_bad("rules=nonsense")]
    made = f"new swiss size=2 rounds=1 players=4 rules={QUICK} grace=0"
    assert say(ann, made) == [messages.net_tournament_made(1)]
    assert say(ann, made) == [messages.net_tournament_you_have_one(1)]
    assert tournament_commands.listed(bob, "") == [
        messages.net_tournament_listed(
            1, "swiss", QUICK, 2, 0, 4, messages.net_tournament_when(None)
        )
    ]
    assert say(bob, "join 1") == [messages.net_tournament_joined(1)]
    assert say(bob, "join 1") == [messages.net_tournament_not_joined(1)]
    assert say(bob, "start 1") == [messages.net_tournament_not_host(1, "ann")]
    assert say(ann, "start 1") == [messages.net_tournament_not_started(1)]  # one signed up
    assert say(ann, "join 1") == [messages.net_tournament_joined(1)]
    assert say(ann, "join 9") == [messages.net_no_tournament(9)]
    assert say(ann, "start 1") == [messages.net_tournament_started(1)]
    shown = say(bob, "1")
    assert shown[0].startswith("Tournament 1: swiss,")
    assert sorted(shown[1:]) == sorted(
        messages.net_tournament_standing(1, name, 0) for name in ("ann", "bob")
    )
    assert say(bob, "leave 1") == [messages.net_tournament_not_left(1)]  # under way
    store.close()
    accounts.close()


def test_no_one_hosts_a_tournaments_table_its_host_neither(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 2, 1, QUICK, 2, None, grace=GRACE)
    assert tournaments.sign_up(number, "ann") and tournaments.sign_up(number, "bob")
    _run(loop)
    ((tab, _, _),) = tournaments.round_tables(number, 1)
    table = lobby.tables[tab]
    assert table.rejoin("ann") is not None
    ann = cast(Any, SimpleNamespace(lobby=lobby, name="ann", table=table))
    for command in (hosting.close, hosting.kick, hosting.ban):
        assert command(ann, "bob") == [messages.net_tournament_table(number)]
    assert table.stage is Stage.PLAYING and tab in lobby.tables
    store.close()
    accounts.close()


class _Killed(Exception):
    """Where a SIGKILL would have stopped the server."""


@pytest.mark.parametrize("cut", ["before its start", "after its start"])
def test_a_round_cut_off_as_its_tables_were_made_is_seated_once_at_the_start(
    tmp_path: Path,
    loop: asyncio.AbstractEventLoop,
    later: asyncio.AbstractEventLoop,
    monkeypatch: pytest.MonkeyPatch,
    cut: str,
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 4, 3, QUICK, 8, None, grace=GRACE)
    for name in EIGHT:
        assert tournaments.sign_up(number, name)
    started = ServerTable.start

    def start(table: ServerTable) -> None:
        if table.number == 2 and cut == "before its start":
            raise _Killed
        started(table)
        if table.number == 2:  # saved, started, its number not yet written with the round
            raise _Killed

    monkeypatch.setattr(ServerTable, "start", start)
    with pytest.raises(_Killed):
        tournaments.begin(number)
    planned = tournaments.round_tables(number, 1)
    assert [tab for tab, _, _ in planned] == [1, -2]
    monkeypatch.setattr(ServerTable, "start", started)
    store.close()
    accounts.close()
    accounts, lobby, store = _server(tmp_path, later)
    tournaments = accounts.tournaments
    seated = tournaments.round_tables(number, 1)
    assert [seats for _, seats, _ in seated] == [seats for _, seats, _ in planned]
    assert [tab for tab, _, _ in seated] == [1, 2]  # the table made before the kill, taken
    assert sorted(lobby.tables) == [1, 2]
    for tab, seats, _ in seated:
        table = lobby.tables[tab]
        assert table.stage is Stage.PLAYING and table.tournament == number
        assert [p.name for p in table.places] == seats
    _play_round(later, lobby, tournaments, number, 1)
    found = tournaments.get(number)
    assert found is not None and found.round == 2
    store.close()
    accounts.close()


def test_a_match_whose_end_a_kill_cut_off_is_kept_once_and_its_round_carried_on(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, later: asyncio.AbstractEventLoop
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 4, 3, QUICK, 8, None, grace=GRACE)
    for name in EIGHT:
        assert tournaments.sign_up(number, name)
    _run(loop)
    (first, _, _), _ = tournaments.round_tables(number, 1)
    cut = lobby.tables[first]
    # its last move is saved; the server is killed before its end is kept or marked
    cut.on_end = lambda table: None
    kept_ended = store.ended
    store.ended = lambda table: None if table is cut else kept_ended(table)  # type: ignore[method-assign]
    _play_round(loop, lobby, tournaments, number, 1)
    found = tournaments.get(number)
    assert found is not None and found.round == 1  # the round waits for the lost end
    assert [ended for _, _, ended in tournaments.round_tables(number, 1)] == [False, True]
    store.close()
    accounts.close()
    for again in (later, loop):  # started again, and again: kept once
        accounts, lobby, store = _server(tmp_path, again)
        tournaments = accounts.tournaments
        assert [ended for _, _, ended in tournaments.round_tables(number, 1)] == [True, True]
        found = tournaments.get(number)
        assert found is not None and found.round == 2
        assert len(tournaments.round_tables(number, 2)) == 2
        count = accounts.results._db.execute(
            "SELECT count(*) FROM matches WHERE tab = ?", (first,)
        ).fetchone()[0]
        assert count == 1
        assert first not in lobby.tables
        points = [(s.name, s.points) for s in tournaments.standings(number)]
        assert dict(points) == _expected_points(tournaments, number, 1)
        store.close()
        accounts.close()


def test_a_round_without_table_numbers_waits_its_people_told_once_then_is_seated(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a cluster a table's number is the cluster's (``Lobby.numbers``); while the
    cluster's servers do not answer one another none can be had. A round seated then
    makes what tables it can, tells the others' people once that their table waits (no
    exception in the server), and makes them when numbers come, each table once."""
    monkeypatch.setattr(tournaments_module, "NUMBER_RETRY", 0.01)
    accounts, lobby, store = _server(tmp_path, loop)
    answering, given = [True], [0]

    def numbers() -> int | None:
        if not answering[0]:
            return None
        given[0] += 1
        answering[0] = given[0] < 1  # the cluster stops answering after the first number
        return given[0]

    lobby.numbers = numbers
    told: dict[str, list[object]] = {name: [] for name in EIGHT}
    for name in EIGHT:
        lobby.people[name] = lambda line, name=name: told[name].append(heard(line).text)  # type: ignore[misc]
    tournaments = accounts.tournaments
    number = tournaments.create("ann", SWISS, 4, 3, QUICK, 8, None, grace=GRACE)
    for name in EIGHT:
        assert tournaments.sign_up(number, name)
    _run(loop)  # full: it begins; one table made, the other waits
    planned = tournaments.round_tables(number, 1)
    assert [tab for tab, _, _ in planned] == [1, -2]
    waiting = planned[1][1]
    _run(loop, 0.1)  # many tries, none answered
    waits = Words(messages.net_tournament_table_waits, (number, 1))
    for name in EIGHT:
        assert told[name].count(waits) == (1 if name in waiting else 0), (name, told[name])
    assert sorted(lobby.tables) == [1]
    answering[0] = True
    _run(loop, 0.1)
    seated = tournaments.round_tables(number, 1)
    assert [tab for tab, _, _ in seated] == [1, 2]
    assert sorted(lobby.tables) == [1, 2]
    assert [p.name for p in lobby.tables[2].places] == waiting
    for name in EIGHT:
        seat = Words(messages.net_tournament_seat, (number, 1, 2 if name in waiting else 1))
        assert told[name].count(seat) == 1 and told[name].count(waits) == (name in waiting)
    _play_round(loop, lobby, tournaments, number, 1)
    found = tournaments.get(number)
    assert found is not None and found.round == 2
    store.close()
    accounts.close()


def test_a_host_making_and_cancelling_tournaments_again_and_again_is_held_back(
    tmp_path: Path, loop: asyncio.AbstractEventLoop
) -> None:
    accounts, lobby, store = _server(tmp_path, loop)
    now = [0.0]
    lobby.made_limits.clock = lambda: now[0]
    ann, bob = _person(lobby, "ann"), _person(lobby, "bob")
    say = tournament_commands.tournament
    for number in (1, 2, 3):  # three at once
        assert say(ann, f"new swiss rules={QUICK}") == [messages.net_tournament_made(number)]
        assert say(ann, f"cancel {number}") == [messages.net_tournament_cancelled(number)]
    held = [messages.tr(messages.NET_TOURNAMENT_TOO_MANY)]
    assert say(ann, f"new swiss rules={QUICK}") == held
    assert tournament_commands.listed(bob, "") == [messages.tr(messages.NET_TOURNAMENT_NONE)]
    assert say(bob, f"new swiss rules={QUICK}") == [messages.net_tournament_made(4)]  # his own
    assert say(ann, "new swiss size=99") == held  # held back before anything is read
    now[0] += 600  # ten minutes on: one more
    assert say(ann, f"new swiss rules={QUICK}") == [messages.net_tournament_made(5)]
    assert say(ann, "cancel 5") == [messages.net_tournament_cancelled(5)]
    assert say(ann, f"new swiss rules={QUICK}") == held
    store.close()
    accounts.close()
