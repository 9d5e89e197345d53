"""A copy of a table held by another server (``cluster.far.Copy``), rebuilt from the
table's log entry by entry, makes every viewer exactly the entries the holder made them:
each seat its own cards and no other, the spectator the public events alone. No NATS is
needed: the log's entries are the journal's own (``cluster.entries``), fed in order."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from uno_access.access import messages
from uno_access.access.wording import language
from uno_access.engine.actions import Action, CardCheck, Draw, Play
from uno_access.engine.events import CardCount, Refusal, Rejected
from uno_access.engine.rules import RuleSet
from uno_access.net.cluster import far
from uno_access.net.cluster.entries import (
    LogEntry,
    action_entry,
    ended_entry,
    lines_entry,
    rejected_entry,
    said_entry,
    setup_entry,
)
from uno_access.net.cluster.far import Copy, Span, lines_json, listed_table, listing
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.moderation import Kind
from uno_access.net.server.saved import PLAYING, WAITING
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.net.wire import SPECTATOR
from uno_access.net.wire.said import Heard, Line, Said, Words, worded


class Recorded:
    """The journal of one table as the cluster's stream keeps it: its entries, in order."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []

    def started(self, table: ServerTable) -> None:
        self.entries.append(setup_entry(table, PLAYING))

    def changed(self, table: ServerTable) -> None:
        state = WAITING if table.stage is Stage.WAITING else PLAYING
        if table.stage is not Stage.OVER:
            self.entries.append(setup_entry(table, state))

    def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None:
        entry = action_entry(action, timeout)
        if entry is not None:
            self.entries.append(entry)

    def rejected(self, table: ServerTable) -> None:
        self.entries.append(rejected_entry())

    def ended(self, table: ServerTable) -> None:
        self.entries.append(ended_entry())

    def replay(self, number: int) -> None:
        return None


def _followed(copy: Copy, entries: list[LogEntry], start: int = 0) -> None:
    for n, entry in enumerate(entries[start:], start + 1):
        copy.follow(entry.kind, entry.text, entry.state, n)


def _moves(table: ServerTable, count: int) -> None:
    """``count`` moves of whoever is to move: a card they may play, else a draw (and a
    refused action of the other seat before each)."""
    game = table.game
    assert game is not None
    for _ in range(count):
        seat = game.view(0).current
        assert seat is not None
        table.send(1 - seat, Draw(1 - seat))  # not their turn: refused, journaled so
        legal = game.legal_actions(seat)
        play = next((a for a in legal if isinstance(a, Play) and a.color is None), None)
        table.send(seat, play if play is not None else next(a for a in legal))


def test_a_copy_rebuilt_from_the_log_makes_each_viewer_the_holders_very_entries(
    loop: asyncio.AbstractEventLoop,
) -> None:
    holder = Lobby(loop, seed=11, pace=0)
    journal = Recorded()
    holder.journal = journal
    table = holder.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    copy = Copy.empty(table.number, Lobby(loop, pace=0))
    _followed(copy, journal.entries)  # before the game: its seats
    assert [p.name for p in copy.places] == ["ann", "bob"]
    fed = len(journal.entries)
    table.start()
    _moves(table, 6)
    assert any(e.kind == "rejected" for e in journal.entries)  # refusals are in the log too
    _followed(copy, journal.entries, fed)
    assert copy.stage is Stage.PLAYING
    for viewer in (0, 1, SPECTATOR):
        mine = [(e.events, e.view, e.legal) for e in table.entries(viewer, 1)]
        theirs = [(e.events, e.view, e.legal) for e in copy.entries(viewer, 1)]
        assert theirs == mine, viewer
    assert copy.last == len(journal.entries)


def test_a_refusal_told_to_one_seat_of_a_copy_is_in_that_seats_entries_alone(
    loop: asyncio.AbstractEventLoop,
) -> None:
    holder = Lobby(loop, seed=5, pace=0)
    journal = Recorded()
    holder.journal = journal
    table = holder.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    copy = Copy.empty(table.number, Lobby(loop, pace=0))
    _followed(copy, journal.entries)
    before = {viewer: copy.latest(viewer) for viewer in (0, 1, SPECTATOR)}
    refused = Rejected(1, Draw(1), Refusal.NOT_YOUR_TURN)
    copy.told(1, [refused])
    for viewer in (0, 1, SPECTATOR):
        new = copy.entries(viewer, before[viewer] + 1)
        assert len(new) == 1
        assert new[0].events == ((refused,) if viewer == 1 else ())


def test_a_chat_line_in_the_log_reaches_each_viewer_of_the_copy_during_the_game(
    loop: asyncio.AbstractEventLoop,
) -> None:
    holder = Lobby(loop, seed=5, pace=0)
    journal = Recorded()
    holder.journal = journal
    table = holder.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    journal.entries.append(said_entry("bob", "good luck"))
    copy = Copy.empty(table.number, Lobby(loop, pace=0))
    _followed(copy, journal.entries)
    for viewer in (0, 1, SPECTATOR):
        last = copy.entries(viewer, 1)[-1]
        assert last.kind is Said.CHAT and last.by == "bob"
        assert last.line is not None and worded(last.line) == "bob says: good luck."


def test_a_table_line_in_the_directory_lists_as_the_table_itself(
    loop: asyncio.AbstractEventLoop,
) -> None:
    table = Lobby(loop, seed=5, pace=0).new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.add_bot("easy")
    table.code = "abcdefgh"
    table.turn_seconds = 30
    table.banned.add("eve")
    table.start()
    table.leave("bob", dropped=True)  # his seat held for him, listed so
    listed = listed_table(table.number, json.loads(listing(table, "a-1")), loop)
    for field in ("number", "spec", "creator", "stage", "code", "turn_seconds", "banned"):
        assert getattr(listed, field) == getattr(table, field), field
    assert [(p.name, p.bot, p.present, p.standin, p.dropped) for p in listed.places] == [
        (p.name, p.bot, p.present, p.standin, p.dropped) for p in table.places
    ]
    assert listed.places[1].dropped and not listed.places[1].present


def test_an_action_at_a_copy_goes_to_the_holder_and_changes_nothing_here(
    loop: asyncio.AbstractEventLoop,
) -> None:
    """Whichever way in sends it (a plain ssh seat, the full client's data channel), an
    action at a copy is sent to the holder and applied by it alone; a query is answered
    from the copy, which it does not change."""
    holder = Lobby(loop, seed=5, pace=0)
    journal = Recorded()
    holder.journal = journal
    table = holder.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    copy = Copy.empty(table.number, Lobby(loop, pace=0))
    _followed(copy, journal.entries)
    sent: list[tuple[int, Action]] = []
    copy.sent = lambda seat, action: sent.append((seat, action))
    assert copy.game is not None
    seat = copy.game.view(0).current
    assert seat is not None
    before = copy.latest(seat)
    assert copy.send(seat, Draw(seat)) == (0, [])
    assert sent == [(seat, Draw(seat))]
    assert copy.latest(seat) == before  # nothing applied here
    seq, events = copy.send(seat, CardCheck(seat))
    assert seq == 0 and isinstance(events[0], CardCount)
    assert sent == [(seat, Draw(seat))] and copy.latest(seat) == before
    assert copy.send(seat, Draw(1 - seat))[1][0] == Rejected(
        seat, Draw(1 - seat), Refusal.NO_SUCH_SEAT
    )  # a forged action for another seat: refused here, sent nowhere
    assert len(sent) == 1


def test_the_tables_lines_of_its_own_reach_each_viewer_of_the_copy_in_their_words(
    loop: asyncio.AbstractEventLoop,
) -> None:
    """Who came or went and the turn timer's warnings, told at the holder, are in the log
    (``lines``) and told at the copy to the very viewers the holder told them to, worded
    in each hearer's language as they are told."""
    holder = Lobby(loop, seed=5, pace=0)
    journal = Recorded()
    holder.journal = journal

    def told(table: ServerTable, said: dict[int, Line], kind: Said, by: str) -> None:
        text = lines_json(said, kind, by)
        assert text is not None
        journal.entries.append(lines_entry(text))

    holder.on_line = told
    table = holder.new_table("ann", RuleSet(), "standard")
    table.sit("ann")
    table.sit("bob")
    table.start()
    table.leave("bob", dropped=True)  # "bob's connection dropped", to all but bob
    table.warn_turn(0, 10)  # to ann alone
    copy = Copy.empty(table.number, Lobby(loop, pace=0))
    _followed(copy, journal.entries)
    for viewer in (0, 1, SPECTATOR):
        mine = [(e.line, e.kind) for e in table.entries(viewer, 1)]
        theirs = [(e.line, e.kind) for e in copy.entries(viewer, 1)]
        assert theirs == mine, viewer
    dropped = [e.line for e in copy.entries(0, 1) if e.line is not None]
    assert [worded(line) for line in dropped][-2:] == [
        "bob's connection dropped; their seat waits for them.",
        messages.net_timer_warning(10),
    ]
    with language.use("es"):
        assert worded(dropped[-2]) != "bob's connection dropped; their seat waits for them."
    assert all(e.line is None for e in copy.entries(1, 1))  # nothing of it to bob


def test_a_lobby_chat_line_from_another_server_is_told_here_as_this_lobbys_own(
    loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    """One lobby across the servers: a chat line another server publishes is told to this
    server's people once each, in their words, except to one who blocks its speaker; a
    speaker this server's moderators muted, a line of this server's own, and a message
    that is not a chat line are told to no one."""
    accounts = Accounts(tmp_path)
    lobby = Lobby(loop, pace=0)
    lobby.moderation = accounts.moderation
    lobby.blocks = lambda name, other: (name, other) == ("cy", "sam")  # type: ignore[method-assign]
    heard: dict[str, list[Line | Heard]] = {"zoe": [], "cy": []}
    for name, told in heard.items():
        lobby.people[name] = told.append
    span = Span(cast(Any, None), cast(Any, None), lobby, cast(Any, _Held("srv-b")), cast(Any, None))

    def published(**data: object) -> None:
        message = SimpleNamespace(data=json.dumps(data).encode())
        loop.run_until_complete(span._lobby_heard(cast(Any, message)))

    published(server="srv-a", name="sam", said="hello \x1b[2Jall")
    line = Heard(Words(messages.chat_line, ("sam", "hello all")), Said.CHAT)
    assert heard == {"zoe": [line], "cy": []}
    assert lobby.said_by("sam")[-1][1] == "hello all"  # kept for a report, as a line here
    published(server="srv-b", name="sam", said="mine")  # this server's own: told already
    published(server="srv-a", name="sam")  # not a chat line
    accounts.moderation.sanction(Kind.MUTE, "sam", None, "spam", "mod")
    published(server="srv-a", name="sam", said="still here")
    assert heard == {"zoe": [line], "cy": []}
    accounts.close()


class _Held:
    def __init__(self, server: str) -> None:
        self.server = server


def test_who_is_in_another_servers_lobby_is_known_until_it_stops_saying_so(
    loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each server tells the others who is in its lobby: its names as shown here (no
    control characters), not this server's own message, and forgotten once the server
    has not said so for ``PEOPLE_FORGOTTEN`` seconds (it stopped)."""
    nothing = cast(Any, None)
    span = Span(nothing, nothing, Lobby(loop, pace=0), cast(Any, _Held("srv-b")), nothing)

    def published(**data: object) -> None:
        message = SimpleNamespace(data=json.dumps(data).encode())
        loop.run_until_complete(span._people_heard(cast(Any, message)))

    def people() -> set[str]:
        async def asked() -> set[str]:
            return span.people()

        return loop.run_until_complete(asked())

    published(server="srv-a", people=["sam", "zo\x1b[2Je"])
    published(server="srv-b", people=["me"])  # this server's own
    published(server="srv-c", people="not a list")
    assert people() == {"sam", "zoe"}
    monkeypatch.setattr(far, "PEOPLE_FORGOTTEN", 0.0)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert people() == set()
