"""A server table's seam: sessions reach it only through ``send`` (one seat's action)
and ``entries`` (what one viewer may know, from sequence N); each viewer's entries hold
its own cards alone.
"""

from __future__ import annotations

import asyncio

from uno_access.engine.actions import CardCheck, Draw, Play
from uno_access.engine.events import CardsDrawn, HandDealt, Refusal, Rejected
from uno_access.engine.rules import RuleSet
from uno_access.net.server.tables import Lobby, ServerTable
from uno_access.net.wire import SPECTATOR


def _table(loop: asyncio.AbstractEventLoop) -> ServerTable:
    table = Lobby(loop, seed=7, pace=0).new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    return table


def test_a_forged_action_for_another_seat_is_refused_and_changes_nothing(
    loop: asyncio.AbstractEventLoop,
) -> None:
    table = _table(loop)
    assert table.game is not None
    current = table.game.view(0).current
    assert current is not None
    other = 1 - current
    before = table.latest(0), table.game.view(current)
    seq, events = table.send(other, Draw(current))  # bob's session sending ann's draw
    assert seq == 0 and isinstance(events[0], Rejected)
    assert events[0].reason is Refusal.NO_SUCH_SEAT
    assert (table.latest(0), table.game.view(current)) == before


def test_a_query_is_answered_to_its_seat_alone_and_logs_nothing(
    loop: asyncio.AbstractEventLoop,
) -> None:
    table = _table(loop)
    seq, events = table.send(1, CardCheck(1))
    assert seq == 0 and len(events) == 1
    assert table.latest(0) == table.latest(1) == table.latest(SPECTATOR) == 1


def test_each_viewer_is_logged_its_own_cards_and_no_other(
    loop: asyncio.AbstractEventLoop,
) -> None:
    table = _table(loop)
    game = table.game
    assert game is not None
    seat = game.view(0).current
    assert seat is not None
    play = next((a for a in game.legal_actions(seat) if isinstance(a, Play)), Draw(seat))
    seq, _ = table.send(seat, play)
    assert seq == 2
    for viewer in (0, 1, SPECTATOR):
        entries = table.entries(viewer, 1)
        assert [e.seq for e in entries] == [1, 2]
        for entry in entries:
            if viewer != SPECTATOR:
                assert entry.view is not None and entry.view.seat == viewer
                assert entry.view.hand == tuple(game.view(viewer).hand) or entry.seq == 1
            for event in entry.events:
                if isinstance(event, HandDealt | CardsDrawn) and event.seat != viewer:
                    assert event.cards == ()
        assert table.entries(viewer, 2) == entries[1:]
