"""A table's journal on the stream ``UNO_TABLES`` of a real three-node NATS cluster: a
game journaled by one server is read back by another and rebuilt exactly; a refused
action is not replayed; a writer that did not see the latest entry, or whose table was
taken over, is refused (``LeaseLost``) and the log is left as it was; a new owner goes
on with no gap and no duplicate; a node SIGKILLed while appending loses nothing.

The games are real: a table of the server (``ServerTable``) seeded, its three seats
played by bots through ``send`` as people's sessions send their actions. Every wait
polls, bounded generously."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import pytest
from nats_cluster import NatsCluster, nats_cluster, until

from uno_access.bots import make_bot
from uno_access.bots.base import Bot
from uno_access.engine.actions import Action, CallUno, Catch, Draw, JumpIn
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect, ensure
from uno_access.net.cluster.entries import said_entry
from uno_access.net.cluster.journal import StreamJournal, TableWriter
from uno_access.net.cluster.lease import LeaseLost
from uno_access.net.cluster.readback import TableLog, read_table
from uno_access.net.server.saved import PLAYING
from uno_access.net.server.tables import Lobby, ServerTable, Stage
from uno_access.scenario import state_json

if TYPE_CHECKING:
    from nats.js import JetStreamContext

__all__ = ["nats_cluster"]  # the fixture, used by name

SEED = 31
PEOPLE = ("ann", "bob", "cy")
_OUT_OF_TURN = (Catch, CallUno, JumpIn)
SETUPS = 1 + len(PEOPLE) + 1  # the table made, each person sitting, its start
WAIT = 120.0  # seconds at most for what the cluster does in its own time


def with_two_servers(
    cluster: NatsCluster,
    body: Callable[[JetStreamContext, JetStreamContext], Awaitable[None]],
) -> None:
    """``body`` run with JetStream as two servers see it, each over its own connection
    to another node of the cluster."""

    async def run() -> None:
        first = await connect([cluster.urls[0]])
        second = await connect([cluster.urls[1]])
        try:
            await ensure(first.jetstream(), 3)
            await body(first.jetstream(timeout=5), second.jetstream(timeout=5))
        finally:
            await close(first)
            await close(second)

    asyncio.run(run())


def new_table(journal: StreamJournal | None, number: int = 1) -> ServerTable:
    """A seeded table of three people, started, journaled to ``journal``."""
    lobby = Lobby(asyncio.get_running_loop(), seed=SEED, pace=0)
    lobby.journal = journal
    lobby.number_from(number)
    table = lobby.new_table(PEOPLE[0], RuleSet(), "standard")
    for name in PEOPLE:
        table.sit(name)
    table.start()
    return table


class Players:
    """The people of a table, each played by a seeded bot, sending through ``send``."""

    def __init__(self, seed: int = SEED) -> None:
        self.bots: list[Bot] = [make_bot("normal", random.Random(seed + n)) for n in range(3)]
        self.sent: list[Action] = []  # every action applied, in order

    def move(self, table: ServerTable) -> Action:
        """One action of the seat whose move it is, sent and applied."""
        game = table.game
        assert game is not None and table.stage is Stage.PLAYING
        view = game.view(0)
        seat = view.current
        if view.phase is Phase.ROUND_OVER or seat is None:
            seat = next(s for s in range(len(PEOPLE)) if game.legal_actions(s))
        legal = game.legal_actions(seat)
        bot = self.bots[seat]
        choice = bot.choose(game.view(seat) if bot.needs_view else None, legal)
        if choice is None or choice not in legal:
            choice = next((a for a in legal if not isinstance(a, _OUT_OF_TURN)), legal[0])
        seq, _ = table.send(seat, choice)
        assert seq, choice
        self.sent.append(choice)
        return choice

    async def play(
        self, table: ServerTable, journal: StreamJournal, moves: int, told: bool = True
    ) -> None:
        """``moves`` actions (fewer if the game ends); with ``told``, each waits until it
        is in the log, as a server waits before it tells anyone."""
        for _ in range(moves):
            if table.stage is not Stage.PLAYING:
                return
            self.move(table)
            if told:
                await journal.written(table.number)


def position(table: ServerTable) -> tuple[Any, ...]:
    """The table's game as a comparable value: its state, its dealer's state, its stage."""
    game = table.game
    assert game is not None
    return (state_json(game), repr(game.state), game.rng.getstate(), table.stage)


def rebuilt(log: TableLog) -> ServerTable:
    assert log.saved is not None
    return log.saved.table(Lobby(asyncio.get_running_loop(), pace=0))


def refused(table: ServerTable) -> Action:
    """An action the rules refuse now: a draw by a seat whose turn it is not."""
    game = table.game
    assert game is not None
    current = game.view(0).current
    assert current is not None
    return Draw((current + 1) % len(PEOPLE))


def test_a_game_journaled_by_one_server_is_rebuilt_exactly_by_another(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        journal = StreamJournal(ann)
        table = new_table(journal)
        players = Players()
        await players.play(table, journal, 40, told=False)  # queued, appended in order
        last = await journal.written(table.number)
        log = await read_table(bob, table.number)
        assert log.state == PLAYING and log.last == last
        assert log.saved is not None
        assert list(log.saved.actions) == players.sent
        assert log.entries == SETUPS + len(players.sent)
        assert position(rebuilt(log)) == position(table)
        await journal.close()

    with_two_servers(nats_cluster, body)


def test_a_refused_action_journaled_then_taken_out_is_not_replayed(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        journal = StreamJournal(ann)
        table = new_table(journal)
        players = Players()
        await players.play(table, journal, 5)
        before = await journal.written(table.number)
        seq, _ = table.send(refused(table).seat, refused(table))  # taken back unsent
        assert seq == 0
        assert await journal.written(table.number) == before
        await players.play(table, journal, 5)
        # an action appended already, then refused: a ``rejected`` entry takes it out
        wrong = refused(table)
        journal.action(table, wrong)
        await journal.written(table.number)
        journal.rejected(table)
        await players.play(table, journal, 5)
        log = await read_table(bob, table.number)
        assert log.saved is not None
        assert list(log.saved.actions) == players.sent
        assert wrong not in log.saved.actions
        assert log.entries == SETUPS + len(players.sent) + 2  # the action, its rejection
        assert position(rebuilt(log)) == position(table)
        await journal.close()

    with_two_servers(nats_cluster, body)


def test_a_writer_that_did_not_see_the_latest_entry_is_refused_and_the_log_unchanged(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        journal = StreamJournal(ann)
        table = new_table(journal)
        players = Players()
        await players.play(table, journal, 10)
        seen = await read_table(bob, table.number)  # bob reads the log ...
        await players.play(table, journal, 1)  # ... and ann appends after it
        latest = await read_table(bob, table.number)
        stale = StreamJournal(bob)
        with pytest.raises(LeaseLost):
            await stale.take_over(table.number, seen.last, "server-bob")
        with pytest.raises(LeaseLost):  # refused from then on, at once
            stale.action(table, Draw(0))
        after = await read_table(bob, table.number)
        assert after == latest
        await players.play(table, journal, 3)  # ann, who holds it, goes on
        assert (await read_table(bob, table.number)).entries == latest.entries + 3
        await journal.close()
        await stale.close()

    with_two_servers(nats_cluster, body)


def test_the_old_owner_is_refused_once_a_new_owner_took_the_table_over(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        journal = StreamJournal(ann)
        table = new_table(journal)
        players = Players()
        await players.play(table, journal, 10)
        log = await read_table(bob, table.number)
        await StreamJournal(bob).take_over(table.number, log.last, "server-bob")
        marked = await read_table(bob, table.number)
        # ann, who knows the latest entry but not bob's mark, is refused
        players.move(table)
        with pytest.raises(LeaseLost):
            await journal.written(table.number)
        with pytest.raises(LeaseLost):
            players.move(table)
        assert await read_table(bob, table.number) == marked
        assert marked.saved == log.saved and marked.last > log.last
        await journal.close()

    with_two_servers(nats_cluster, body)


def test_a_new_owner_reading_the_log_goes_on_with_no_gap_and_no_duplicate(
    nats_cluster: NatsCluster,
) -> None:
    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        first = StreamJournal(ann)
        table = new_table(first)
        players = Players()
        await players.play(table, first, 25)
        await first.close()  # ann's server is gone
        log = await read_table(bob, table.number)
        second = StreamJournal(bob)
        await second.take_over(table.number, log.last, "server-bob")
        again = rebuilt(log)
        assert position(again) == position(table)
        again.journal = second
        await players.play(again, second, 25)
        final = await read_table(ann, table.number)  # read by a third party
        assert final.saved is not None
        assert list(final.saved.actions) == players.sent and len(players.sent) == 50
        assert final.entries == SETUPS + 25 + 1 + 25  # ann's 25, bob's mark, bob's 25
        assert position(rebuilt(final)) == position(again)
        await second.close()

    with_two_servers(nats_cluster, body)


def test_a_node_killed_while_appending_loses_nothing_and_the_read_back_is_exact(
    nats_cluster: NatsCluster,
) -> None:
    async def before_and_after() -> None:
        client = await connect(nats_cluster.urls)
        try:
            js = client.jetstream(timeout=2)
            await ensure(js, 3)
            journal = StreamJournal(js, wait=2, patience=WAIT)
            table = new_table(journal)
            players = Players()
            await players.play(table, journal, 15)
            info = await js.stream_info(names.STREAM)
            assert info.cluster is not None and info.cluster.leader is not None
            leader = next(
                i for i, n in enumerate(nats_cluster.nodes) if n.name == info.cluster.leader
            )
            await players.play(table, journal, 15, told=False)  # being appended ...
            await asyncio.to_thread(nats_cluster.kill, leader)  # ... as the leader dies
            await players.play(table, journal, 15)
            last = await journal.written(table.number)
            await journal.close()
        finally:
            await close(client)
        reader = await connect(nats_cluster.urls)  # the two left
        try:

            async def read_back() -> TableLog:
                return await read_table(reader.jetstream(timeout=2), table.number)

            log = await until(read_back, timeout=WAIT)
            assert log.last == last and log.saved is not None
            assert list(log.saved.actions) == players.sent and len(players.sent) == 45
            assert position(rebuilt(log)) == position(table)
        finally:
            await close(reader)

    asyncio.run(before_and_after())


def test_a_wait_ends_once_what_was_put_before_it_is_kept_while_more_is_on_its_way(
    nats_cluster: NatsCluster,
) -> None:
    """``when_written`` waits for the entries put before it was asked, not for the writer
    to have nothing left to send: a table whose moves keep coming tells each as it is
    kept (an entry taken back is not waited for)."""

    async def body(ann: JetStreamContext, bob: JetStreamContext) -> None:
        writer = TableWriter(ann, "77", 0)
        writer.put(said_entry("ann", "first"))
        waiting = writer.when_written()
        assert waiting is not None
        for n in range(50):
            writer.put(said_entry("ann", f"then {n}"))
        assert await asyncio.wait_for(waiting, WAIT) is True
        assert 1 <= writer.appended < 51  # the first kept, most of the rest on their way
        last = await asyncio.wait_for(writer.written(), WAIT)
        assert writer.appended == 51 and writer.when_written() is None
        taken = said_entry("ann", "taken back")
        writer.put(said_entry("ann", "kept"))
        writer.put(taken)
        waiting = writer.when_written()
        assert waiting is not None and writer.take_back(taken)
        assert await asyncio.wait_for(waiting, WAIT) is True
        assert writer.appended == 52 and writer.last == last + 1
        await writer.close()

    with_two_servers(nats_cluster, body)
