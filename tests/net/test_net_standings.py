"""Results and ratings (``net.server.results``): every finished match kept, its people
rated with OpenSkill by their final places, bots never; ``stats`` and ``top`` read them.

The tables here are the server's own (``Lobby``, ``ServerTable``) on an event loop of the
test's, with the real accounts file; each person's moves are chosen by a bot for them.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from openskill.models import PlackettLuce

from uno_access.access import messages
from uno_access.access.render import Renderer
from uno_access.bots import make_bot
from uno_access.engine.actions import CallUno, Catch, JumpIn
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase
from uno_access.net.server import standings
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.results import RATING_BASE, shown_rating
from uno_access.net.server.saved import TABLES_NAME, TableStore
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.net.wire import SPECTATOR
from uno_access.net.wire.said import worded

QUICK = "standard,hand_size=2,target_score=1"  # a match of one short round
PEOPLE = ("ann", "bob", "cat", "dan")


@pytest.fixture
def lobby(tmp_path: Path, loop: asyncio.AbstractEventLoop) -> Iterator[Lobby]:
    accounts = Accounts(tmp_path)
    for name in (*PEOPLE, "eve"):
        assert accounts.claim(name, None, "password")
    lobby = Lobby(loop, seed=5, pace=0)
    lobby.account_of = accounts.created
    lobby.owner_of = accounts.owner
    lobby.results = accounts.results
    yield lobby
    accounts.close()


def _match(
    loop: asyncio.AbstractEventLoop,
    lobby: Lobby,
    seats: list[str],
    spec: str = QUICK,
    code: str | None = None,
) -> ServerTable:
    """A match played to its end: the people's moves chosen by a bot for each, the bots'
    by the server (``code``: a private table's)."""
    table = lobby.new_table(seats[0], RuleSet.from_spec(spec), spec)
    table.code = code
    for name in seats:
        if name == "bot":
            table.add_bot("normal")
        else:
            table.sit(name)
    table.start()
    chooser = make_bot("normal", random.Random(1))
    people = [i for i, name in enumerate(seats) if name != "bot"]
    while table.stage is Stage.PLAYING:
        game = table.game
        assert game is not None
        moved = False
        for seat in people:
            view = game.view(seat)
            legal = [
                a for a in game.legal_actions(seat) if not isinstance(a, Catch | CallUno | JumpIn)
            ]
            if legal and (view.phase is Phase.ROUND_OVER or view.current == seat):
                choice = chooser.choose(view if chooser.needs_view else None, legal)
                table.send(seat, choice if choice in legal else legal[0])
                moved = True
                break
        if not moved:
            loop.run_until_complete(asyncio.sleep(0.0005))
    return table


def _person(lobby: Lobby, name: str) -> Any:
    return cast(Any, SimpleNamespace(lobby=lobby, name=name))


def test_a_match_of_four_people_rates_them_as_openskill_does_by_their_places(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    model = PlackettLuce()
    ratings = {name: model.rating() for name in PEOPLE}
    results = lobby.results
    assert results is not None
    for _ in range(2):
        table = _match(loop, lobby, list(PEOPLE))
        game = table.game
        assert game is not None and game.over
        ranks = [  # the places the server kept for this match
            row[0]
            for row in results._db.execute(
                "SELECT place FROM match_seats WHERE match = (SELECT max(id) FROM matches) "
                "ORDER BY seat"
            )
        ]
        assert 1 in ranks
        teams = model.rate([[ratings[name]] for name in PEOPLE], ranks=ranks)
        ratings = {name: team[0] for name, team in zip(PEOPLE, teams, strict=True)}
        winner = ranks.index(1)
        last = ranks.index(max(ranks))
        kept = {name: results.stats(name, True).ratings["standard"].rating for name in PEOPLE}
        assert kept == {n: shown_rating(r.mu, r.sigma) for n, r in ratings.items()}
        assert kept[PEOPLE[winner]] > kept[PEOPLE[last]]
    ann = results.stats("ann", True)
    assert ann.matches == 2 and ann.favourite == QUICK
    assert all(r.provisional for r in ann.ratings.values())  # two matches: still settling


def test_a_person_is_told_their_rating_at_the_end_of_a_rated_match(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    told: dict[str, list[str]] = {"ann": [], "bob": [], "cat": []}

    def hearer(lines: list[str]) -> Callable[[Any], None]:
        return lambda heard: lines.append(worded(heard.text))

    for name, lines in told.items():
        lobby.people[name] = hearer(lines)
    _match(loop, lobby, ["ann", "bob"])
    results = lobby.results
    assert results is not None
    after = results.stats("ann", True).ratings["standard"].rating
    assert told["ann"] == [messages.net_rating_changed("standard", RATING_BASE, after)]
    assert len(told["bob"]) == 1 and told["cat"] == []  # the players alone


def test_bots_are_never_rated_and_one_person_with_bots_rates_no_one(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    _match(loop, lobby, ["ann", "bot", "bot"])
    results = lobby.results
    assert results is not None
    ann = results.stats("ann", True)
    assert ann.matches == 1 and ann.ratings == {}  # kept, not rated
    _match(loop, lobby, ["ann", "bot", "bob"])
    rated = results._db.execute(
        "SELECT name FROM match_seats WHERE after IS NOT NULL ORDER BY name"
    ).fetchall()
    assert [row[0] for row in rated] == ["ann", "bob"]
    assert results._db.execute("SELECT count(*) FROM ratings").fetchone()[0] == 2


def test_a_private_tables_match_is_not_rated_and_not_shown_to_others(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    _match(loop, lobby, ["ann", "bob"], code=lobby.private_code())
    results = lobby.results
    assert results is not None
    assert results.stats("ann", True).matches == 1  # her own: counted
    assert results.stats("ann", False).matches == 0  # what others see: nothing
    assert results.stats("ann", True).ratings == {}  # never rated
    bob = _person(lobby, "bob")
    assert standings.stats(bob, "ann") == [messages.net_stats_none("ann")]


def test_stats_and_top_answer_and_a_hidden_person_is_not_listed(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    _match(loop, lobby, list(PEOPLE))
    ann = _person(lobby, "ann")
    lines = standings.stats(ann, "")
    assert lines[0].startswith("ann: matches 1, wins ")
    assert any(line.startswith("Rating (standard): ") for line in lines)
    assert standings.stats(ann, "nobody")[0] == messages.net_no_such_person("nobody")
    assert standings.stats(ann, "eve")[0] == messages.net_stats_none("eve")
    board = standings.top(ann, "")
    assert board[0] == messages.net_top_title("standard", 1, 4, 4)
    assert sorted(line.split(". ")[1].split(",")[0] for line in board[1:5]) == sorted(PEOPLE)
    assert board[-1].startswith("You are number ")
    bob = _person(lobby, "bob")
    assert standings.top(bob, "hide") == [messages.tr(messages.NET_TOP_HIDDEN)]
    board = standings.top(ann, "")
    assert board[0] == messages.net_top_title("standard", 1, 3, 3)
    assert not any(", bob" in line or ". bob," in line for line in board)
    assert standings.top(bob, "")[-1] == messages.tr(messages.NET_TOP_YOU_HIDDEN)
    assert standings.top(bob, "show") == [messages.tr(messages.NET_TOP_SHOWN)]
    assert standings.top(ann, "speed") == [
        messages.net_top_empty("speed"),
        messages.net_top_not_you("speed"),
    ]
    assert standings.top(ann, "2")[0] == messages.net_top_page_empty("standard", 4, 2)
    assert standings.top(ann, "chess") == [messages.tr(messages.NET_TOP_HOW)]


def test_history_lists_the_last_matches_newest_first_and_a_private_one_to_its_players(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    _match(loop, lobby, ["ann", "bob"])
    _match(loop, lobby, ["ann", "bot"])
    _match(loop, lobby, ["ann", "bob"], code=lobby.private_code())
    ann, bob, cat = (_person(lobby, name) for name in ("ann", "bob", "cat"))
    mine = standings.history(ann, "")
    assert mine[0] == messages.net_history_title("ann")
    assert [line.split(",")[0] for line in mine[1:]] == ["Match 3", "Match 2", "Match 1"]
    assert "; rating " in mine[3] and "; rating " not in mine[2]  # rated; one person: not
    seen = standings.history(cat, "ann")  # what another sees: no private match
    assert [line.split(",")[0] for line in seen[1:]] == ["Match 2", "Match 1"]
    assert standings.history(bob, "")[1].startswith("Match 3,")  # his own private one
    assert standings.history(cat, "") == [messages.net_stats_none("cat")]
    assert standings.history(ann, "nobody") == [messages.net_no_such_person("nobody")]


def test_replay_tells_a_match_again_exactly_as_someone_watching_saw_it_a_page_at_a_time(
    tmp_path: Path, loop: asyncio.AbstractEventLoop, lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(standings, "REPLAY_PAGE", 4)
    warned: list[str] = []
    store = TableStore(tmp_path / TABLES_NAME, warned.append)
    lobby.journal = store
    table = _match(loop, lobby, ["ann", "bot", "bob"])
    private = _match(loop, lobby, ["ann", "bob"], code=lobby.private_code())
    renderer = Renderer(
        SPECTATOR, tuple(p.name for p in table.places), table.rules, with_braille=False
    )
    watched = [m.text for e in table.public_entries() for m in renderer.events(e.events)]
    ann, cat = _person(lobby, "ann"), _person(lobby, "cat")
    told = standings.replay(cat, "1")
    assert told[0] == messages.net_replay_title(1, QUICK, ("ann", table.places[1].name, "bob"))
    assert told[1:] == [*watched[:4], messages.net_replay_page(1, 1, 4, len(watched))]
    assert told[-1].endswith("type replay 1 5.") and len(watched) > 8
    pages, first = [], 1
    while True:  # each page from the line the last one said, to the end
        page = standings.replay(cat, f"1 {first}")
        pages += page[1:-1] if first == 1 else page[:-1]
        if first + 4 > len(watched):
            assert page[-1] == messages.net_replay_page(1, first, len(watched), len(watched))
            break
        first += 4
    assert pages == watched
    past = messages.net_replay_no_line(1, len(watched))
    assert standings.replay(cat, f"1 {len(watched) + 1}") == [past]
    assert standings.replay(cat, "1 0") == [past]
    assert standings.replay(cat, "1 x") == [messages.tr(messages.NET_REPLAY_HOW)]
    assert standings.replay(cat, str(private.number)) == [messages.net_no_match(2)]
    assert standings.replay(ann, "2")[0].startswith("Match 2:")  # hers
    assert standings.replay(cat, "9") == [messages.net_no_match(9)]
    assert standings.replay(cat, "one") == [messages.tr(messages.NET_REPLAY_HOW)]
    store.close()
    assert standings.replay(cat, "1") == [messages.net_replay_gone(1)]  # nothing kept now
    assert warned == []


def test_a_table_its_people_left_holds_no_timer_that_keeps_it_alive(
    loop: asyncio.AbstractEventLoop, lobby: Lobby
) -> None:
    """Issue 24: a table ended by its people leaving lets go of its memory at once, not
    when a pending bot timer fires (the empty server's collection would miss it)."""
    table = lobby.new_table("ann", RuleSet.from_spec(QUICK), QUICK)
    table.sit("ann")
    table.add_bot("normal")
    table.start()
    table.leave("ann")  # she quits: bots alone do not play on
    assert table.stage is Stage.OVER
    assert table._drive is None
    assert not any(handle for handle in loop._scheduled if not handle.cancelled())  # type: ignore[attr-defined]
