"""The server's tables: each one game, one writer, addressed by its number.

A ``ServerTable`` is changed only on the server's event loop, and reached only through
two calls: ``send`` (an action of one seat) and ``entries`` (what one viewer may know,
from sequence number N). That is the seam a message bus fills when one server is not
enough: a subject per table for the actions, a stream per table as its log.

Every entry of the log is kept as each viewer may know it, made when it is appended:
a seat gets its own ``for_seat`` events, its own ``PlayerView`` and its legal actions;
spectators get the public events alone. Nothing of a hand is ever put in another
viewer's entry. Bots sit in seats and are driven here, each after ``pace`` seconds, so
that the people have time for what they may do out of turn (catch, UNO, jump in);
actions are applied in the order they arrive.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from ..access import messages
from ..bots import Bot, make_bot
from ..bots.base import Watcher, tell, watchers
from ..engine.actions import QUERIES, Action, CallUno, Catch, JumpIn, NextRound
from ..engine.events import Event, Refusal, Rejected, for_seat
from ..engine.game import Game
from ..engine.rules import RuleSet
from ..engine.state import Phase, PlayerView
from .said import Heard, Said

SPECTATOR = -1  # the viewer that is no seat: the public events alone
MOST_SEATS = 10
DEFAULT_BOT = "normal"
_OUT_OF_TURN = (Catch, CallUno, JumpIn)


class Journal(Protocol):
    """Where a table's game is saved (``net.saved``): its setup when it starts, each
    action before it is applied, and its end.
    """

    def started(self, table: ServerTable) -> None: ...

    def action(self, table: ServerTable, action: Action) -> None: ...

    def ended(self, table: ServerTable) -> None: ...


class Stage(Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of a table's log, as one viewer may know it: the events of one action
    (or of the opening), that viewer's view and legal actions after them; or a line of
    the table's own (``line``: a chat line, who came or went), already made safe.
    """

    seq: int
    events: tuple[Event, ...] = ()
    view: PlayerView | None = None
    legal: tuple[Action, ...] = ()
    line: str | None = None
    kind: Said = Said.NOTICE  # a line's kind: a chat line, someone coming or going


@dataclass
class Place:
    """A seat before and during the game: a person (their account name) or a bot."""

    name: str
    bot: str | None = None  # the bot's strength; None for a person
    present: bool = True  # the person is still at the table
    seen: int = 0  # a person away: the last entry they were told (a bot stands in)


@dataclass
class ServerTable:
    number: int
    rules: RuleSet
    spec: str  # the rules as they were asked for, made safe
    creator: str
    seed: int
    loop: asyncio.AbstractEventLoop
    pace: float = 1.0
    places: list[Place] = field(default_factory=list)
    spectators: set[str] = field(default_factory=set)
    stage: Stage = Stage.WAITING
    game: Game | None = None
    _log: dict[int, list[Entry]] = field(default_factory=dict)  # viewer -> entries
    _seq: int = 0
    _bots: dict[int, Bot] = field(default_factory=dict)
    _watching: list[tuple[int, Watcher]] = field(default_factory=list)
    _listeners: list[Callable[[], None]] = field(default_factory=list)
    _drive: asyncio.TimerHandle | None = None
    _asked: tuple[int, int, int] = (-1, -1, -1)  # the move the bots were last asked about
    journal: Journal | None = None

    # ----------------------------------------------------------------- before the game

    def seat_of(self, name: str) -> int | None:
        for seat, place in enumerate(self.places):
            if place.bot is None and place.name.lower() == name.lower() and place.present:
                return seat
        return None

    def sit(self, name: str) -> int:
        self.places.append(Place(name))
        return len(self.places) - 1

    def add_bot(self, strength: str) -> str:
        taken = {place.name.lower() for place in self.places}
        bot_name = next(n for n in messages.TABLE_NAMES if n.lower() not in taken)
        self.places.append(Place(bot_name, strength))
        return bot_name

    def start(self) -> None:
        names = tuple(place.name for place in self.places)
        rng = random.Random(self.seed)
        self.game = Game.new(names, self.rules, rng=random.Random(rng.random()))
        for seat, place in enumerate(self.places):
            if place.bot is not None:
                self._bots[seat] = make_bot(place.bot, random.Random(rng.random()))
        self._watching = watchers(self._bots.items())
        self.stage = Stage.PLAYING
        if self.journal is not None:
            self.journal.started(self)
        self._append(self.game.opening)

    def listen(self, wake: Callable[[], None]) -> None:
        self._listeners.append(wake)

    def unlisten(self, wake: Callable[[], None]) -> None:
        if wake in self._listeners:
            self._listeners.remove(wake)

    # ----------------------------------------------------------------- the two calls

    def send(self, seat: int, action: Action) -> tuple[int, list[Event]]:
        """Apply ``seat``'s action; the sequence number of its entry (0 when it made none:
        a refusal, a query's answer) and its events as ``seat`` may know them.
        """
        game = self.game
        if game is None or action.seat != seat or self.places[seat].bot is not None:
            # a forged action for another seat, or a seat a bot now plays: nothing changes
            return 0, [Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
        if self.journal is not None:
            self.journal.action(self, action)  # saved before it is applied
        events = game.apply(action)
        if isinstance(action, QUERIES) or isinstance(events[0], Rejected):
            return 0, [e for e in (for_seat(ev, seat) for ev in events) if e is not None]
        seq = self._append(events)
        return seq, list(self._log[seat][-1].events)

    def replay(self, action: Action) -> None:
        """A saved action applied again when the server starts (``net.saved``), logged
        as it was when it was first applied.
        """
        game = self.game
        assert game is not None
        events = game.apply(action)
        if not isinstance(action, QUERIES) and not isinstance(events[0], Rejected):
            self._append(events)

    def entries(self, viewer: int, since: int) -> list[Entry]:
        """What ``viewer`` (a seat, or ``SPECTATOR``) may know, from sequence ``since``."""
        log = self._log.get(viewer, [])
        # entries are numbered from 1 without gaps, so entry n is at index n - 1
        return log[max(since - 1, 0) :]

    def latest(self, viewer: int) -> int:
        return len(self._log.get(viewer, []))

    # ----------------------------------------------------------------- the log

    def line(self, line: str, kind: Said = Said.NOTICE) -> None:
        """A line of the table's own (chat, who came or went), for everyone at it."""
        self._seq += 1
        for viewer in (*range(len(self.places)), SPECTATOR):
            log = self._log.setdefault(viewer, [])
            last = log[-1] if log else None
            view = last.view if last is not None else None
            legal = last.legal if last is not None else ()
            log.append(Entry(self._seq, view=view, legal=legal, line=line, kind=kind))
        self._wake()

    def _append(self, events: list[Event] | tuple[Event, ...]) -> int:
        game = self.game
        assert game is not None
        self._seq += 1
        for seat in range(len(self.places)):
            mine = tuple(e for e in (for_seat(ev, seat) for ev in events) if e is not None)
            entry = Entry(self._seq, mine, game.view(seat), tuple(game.legal_actions(seat)))
            self._log.setdefault(seat, []).append(entry)
        public = tuple(e for e in (for_seat(ev, SPECTATOR) for ev in events) if e is not None)
        self._log.setdefault(SPECTATOR, []).append(Entry(self._seq, public))
        if self._watching:
            tell(self._watching, list(events), game.card_check())
        if game.over:
            self._end()
        self._wake()
        self._schedule()
        return self._seq

    def _end(self) -> None:
        self.stage = Stage.OVER
        if self.journal is not None:
            self.journal.ended(self)

    def _wake(self) -> None:
        for wake in list(self._listeners):
            wake()

    # ----------------------------------------------------------------- people and bots

    def leave(self, name: str, seen: int = 0) -> None:
        """A person leaves: before the game, their seat goes; during it, a bot stands in
        for them until they come back (``rejoin``), ``seen`` the last entry they were told.
        """
        seat = self.seat_of(name)
        self.spectators.discard(name)
        if seat is None:
            return
        if self.stage is Stage.WAITING:
            del self.places[seat]
            return
        place = self.places[seat]
        place.present = False
        place.seen = seen
        if self.stage is Stage.PLAYING and not self.people():
            self._end()  # bots alone do not play on
            self.line(messages.net_table_ended(self.number))
        elif self.stage is Stage.PLAYING:
            place.bot = DEFAULT_BOT
            self._bots[seat] = make_bot(DEFAULT_BOT, random.Random(self.seed + seat))
            self._watching = watchers(self._bots.items())
            self.line(messages.net_left_bot_plays(place.name), Said.PRESENCE)
            self._schedule()

    def rejoin(self, name: str) -> int | None:
        """A person back at the seat a bot stood in for; the seat (None: there is none)."""
        if self.stage is not Stage.PLAYING:
            return None
        for seat, place in enumerate(self.places):
            if not place.present and place.name.lower() == name.lower():
                place.present = True
                place.bot = None
                self._bots.pop(seat, None)
                self._watching = watchers(self._bots.items())
                self.line(messages.net_back(place.name), Said.PRESENCE)
                self._schedule()  # the bots play on (after a restart they waited)
                return seat
        return None

    def hold_seats(self, line: str) -> None:
        """After a restart: every person's seat held for them, a bot standing in (it plays
        only once someone is back), until they come back (``rejoin``); ``line`` is told
        to each first.
        """
        for seat, place in enumerate(self.places):
            if place.bot is None:
                place.present = False
                place.seen = self.latest(seat)
                place.bot = DEFAULT_BOT
                self._bots[seat] = make_bot(DEFAULT_BOT, random.Random(self.seed + seat))
        self._watching = watchers(self._bots.items())
        self.line(line)

    def people(self) -> list[str]:
        return [p.name for p in self.places if p.bot is None and p.present]

    def _schedule(self) -> None:
        if self._drive is not None:
            self._drive.cancel()
        self._drive = None
        if self.stage is Stage.PLAYING and self._bots:
            self._drive = self.loop.call_later(self.pace, self._bots_act)

    def _bots_act(self) -> None:
        """After a move, the bots not to move may act out of turn, once each, in turn
        order; then the bot to move plays. One action at a time, each after the pace.
        """
        self._drive = None
        game = self.game
        if game is None or game.over or not self.people():
            return
        view = game.view(0)
        move = (view.round_number, view.plays, self._seq)
        if move != self._asked:
            self._asked = move
            for seat in game.out_of_turn_order():
                if seat in self._bots and seat != game.view(seat).current:
                    legal = game.legal_actions(seat)
                    if not any(isinstance(a, _OUT_OF_TURN) for a in legal):
                        continue
                    if self._bot_acts(seat, legal, must=False):
                        return
        if view.phase is Phase.ROUND_OVER:
            return  # a person deals the next round
        current = view.current
        if current is not None and current in self._bots:
            self._bot_acts(current, game.legal_actions(current), must=True)

    def _bot_acts(self, seat: int, legal: list[Action], must: bool) -> bool:
        game = self.game
        assert game is not None
        if not legal:
            return False
        bot = self._bots[seat]
        choice = bot.choose(game.view(seat) if bot.needs_view else None, legal)
        if choice is None or isinstance(choice, NextRound):
            if not must:
                return False
            turn = [a for a in legal if not isinstance(a, _OUT_OF_TURN)]
            choice = (turn or legal)[0]
        if self.journal is not None:
            self.journal.action(self, choice)  # saved before it is applied
        events = game.apply(choice)
        if isinstance(events[0], Rejected):
            return False
        self._append(events)
        return True


@dataclass
class Lobby:
    """Every table of the server, and who is in the lobby."""

    loop: asyncio.AbstractEventLoop
    seed: int | None = None
    pace: float = 1.0
    tables: dict[int, ServerTable] = field(default_factory=dict)
    people: dict[str, Callable[[str | Heard], None]] = field(default_factory=dict)  # name -> tell
    journal: Journal | None = None  # where the tables are saved (``net.saved``)
    _next: int = 1

    def new_table(self, creator: str, rules: RuleSet, spec: str) -> ServerTable:
        number = self._next
        self._next += 1
        seed = random.randrange(2**32) if self.seed is None else self.seed + number
        table = ServerTable(number, rules, spec, creator, seed, self.loop, self.pace)
        table.journal = self.journal
        self.tables[number] = table
        return table

    def number_from(self, first: int) -> None:
        """New tables are numbered from ``first`` on (after those brought back)."""
        self._next = max(self._next, first)

    def say(self, line: str | Heard) -> None:
        for tell_one in list(self.people.values()):
            tell_one(line)
