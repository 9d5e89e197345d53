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

A bot thinks off the event loop: the quick ones in a worker thread (``bot_threads``),
the hard one, which may take a quarter of a second a move, in a worker process
(``thinkers``), out of the interpreter lock the loop needs; the other tables' actions
do not wait for it. Its choice comes back to the loop and is applied there, as every
action is, only if nothing happened at the table meanwhile (else it is asked again).
While a bot of the table thinks, what the remembering bots hear is kept and told them,
in order, once it is done, so that no bot is ever touched by two threads at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from ... import text
from ...access import messages
from ...bots import Bot, make_bot
from ...bots.base import Watcher, tell, watchers
from ...engine.actions import QUERIES, Action, CallUno, Catch, JumpIn, NextRound
from ...engine.events import Event, Refusal, Rejected, for_seat
from ...engine.game import Game
from ...engine.rules import RuleSet
from ...engine.state import Phase
from ..wire import GRACE_WORD, SPECTATOR, STANDIN_WORD, Entry
from ..wire.said import Heard, Line, Said, Words
from .limits import Limits, chat_limits, code_limits, made_limits
from .moderation import MOST_REPORTED_LINES, Moderation
from .names import alike
from .results import Finished, Results, finished
from .social import LOBBY_CHAT_WORD, Social
from .thinkers import RemoteBot, slow, thinkers
from .timer import TurnTimer, passed_turn

if TYPE_CHECKING:
    from .tournaments import Tournaments

DEFAULT_BOT = "normal"
DEFAULT_GRACE = 60.0  # seconds a dropped person's seat waits before the host is asked
MOST_GRACE = 3600.0
_OUT_OF_TURN = (Catch, CallUno, JumpIn)
_MOST_PASSING = 8  # actions the turn timer takes to pass one turn, at most
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz"  # a private table's code: no i, l or o
CODE_LENGTH = 8  # 23 ** 8: 78 billion codes, guessed at most a few a minute (``limits``)
BOT_THREADS = 2  # the worker threads where the quick bots of every table think
_threads: concurrent.futures.ThreadPoolExecutor | None = None
_threads_made = threading.Lock()


def bot_threads() -> concurrent.futures.ThreadPoolExecutor:
    """The worker threads the quick bots think in, shared by every table."""
    global _threads
    with _threads_made:
        if _threads is None:
            _threads = concurrent.futures.ThreadPoolExecutor(BOT_THREADS, "bots")
        return _threads


def _make_bot(strength: str, seed: float) -> Bot:
    """The bot of ``strength`` seeded with ``seed``: a slow one in a worker process."""
    if slow(strength):
        return thinkers().bot(strength, seed)
    return make_bot(strength, random.Random(seed))


Ask = tuple[int, list[Action], bool]  # a bot's seat, its legal actions, whether it must act


def _unsaid(entry: Entry) -> Entry:
    """``entry`` without its line (a chat line its hearer is not told)."""
    return Entry(entry.seq, entry.events, entry.view, entry.legal)


class Journal(Protocol):
    """Where a table's game is saved (``net.saved``): its setup when it starts, each
    action before it is applied (and taken out again if the rules refused it), and its
    end.
    """

    def started(self, table: ServerTable) -> None: ...

    def changed(self, table: ServerTable) -> None:
        """Its setup changed: seats taken or left before the game, a stand-in, the grace."""

    def action(self, table: ServerTable, action: Action, timeout: bool = False) -> None: ...

    def rejected(self, table: ServerTable) -> None:
        """The action saved last was refused by the rules: it is taken out again."""

    def ended(self, table: ServerTable) -> None: ...

    def replay(self, number: int) -> Replay | None:
        """A finished table's game as a spectator saw it (None: not kept, or unreadable)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished match dealt again from its saved moves: what a spectator was told."""

    names: tuple[str, ...]
    rules: RuleSet
    teams: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]


class Stage(Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass
class Place:
    """A seat before and during the game: a person (their account name) or a bot.

    A person away keeps the seat: ``dropped`` when their connection dropped (or the
    server restarted), else they quit; ``standin`` is the strength of the bot that plays
    for them meanwhile (None: the game waits for them at their turn).
    """

    name: str
    bot: str | None = None  # a bot's seat: its strength; None for a person
    present: bool = True  # the person is at the table
    seen: int = 0  # a person away: the last entry they were told
    standin: str | None = None  # a person away: the bot playing their seat, or None
    # the account that sat here (its creation time): a name removed and claimed again by
    # someone else is not given this seat, nor its hand (None: not known, any)
    account: float | None = None
    dropped: bool = False  # away because the connection dropped, not by quitting
    asked: bool = False  # the host was told that this seat's grace is over
    removed: bool = False  # taken from its person by the host: a bot plays it to the end

    @property
    def person(self) -> bool:
        return self.bot is None


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
    _thinking: bool = False  # a bot of this table is choosing, in a worker thread
    _heard: list[tuple[list[tuple[int, Watcher]], list[Event], tuple[int, ...]]] = field(
        default_factory=list
    )  # what the remembering bots are to hear once it is done
    journal: Journal | None = None
    account_of: Callable[[str], float | None] = field(default=lambda name: None, repr=False)
    # whether a name is an account's, or looks like one (a bot takes none of these)
    name_taken: Callable[[str], bool] = field(default=lambda name: False, repr=False)
    chat_limits: Limits = field(default_factory=chat_limits, repr=False)  # the lobby's
    # whether one person blocks another (``social``): no chat line of theirs told to them
    blocks: Callable[[str, str], bool] = field(default=lambda name, other: False, repr=False)
    code: str | None = None  # a private table's code (``join CODE``); None: public
    banned: set[str] = field(default_factory=set)  # kept out by the host (lower case)
    turn_seconds: int | None = None  # the turn timer (``timer``); None: off
    _timer: TurnTimer | None = None
    grace: float = DEFAULT_GRACE  # how long a dropped seat waits before the host is asked
    _graces: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    started_at: float | None = None  # time.time at the start (None: brought back, unknown)
    # the tournament this table is a round's table of (None: none): a seat whose person has
    # not come when the grace is over is played by a bot at once, no host asked
    tournament: int | None = None
    # the game ended: its result kept and its people rated (the lobby fills it in)
    on_end: Callable[[ServerTable], None] = field(default=lambda table: None, repr=False)
    # a line of the table's own told (each viewer's, its kind, who said it): the lobby
    # fills it in on a cluster, for the table's people on other servers (None: no one)
    on_line: Callable[[ServerTable, dict[int, Line], Said, str], None] | None = field(
        default=None, repr=False
    )

    # ----------------------------------------------------------------- before the game

    def seat_of(self, name: str) -> int | None:
        for seat, place in enumerate(self.places):
            if place.person and place.name.lower() == name.lower() and place.present:
                return seat
        return None

    def away_seat(self, name: str) -> int | None:
        """The seat held for ``name`` while they are away (None: they hold none here); a
        seat taken by an account since removed is no one's who claims that name again."""
        for seat, place in enumerate(self.places):
            held = place.person and not place.present and place.name.lower() == name.lower()
            if held and not place.removed and place.account in (None, self.account_of(name)):
                return seat
        return None

    def sit(self, name: str) -> int:
        self.places.append(Place(name, account=self.account_of(name)))
        self._changed()
        return len(self.places) - 1

    def hold(self, name: str) -> int:
        """A seat held for ``name``, who is not here yet (a tournament's round): they take
        it with ``join``; after the grace a bot plays it until they do."""
        account = self.account_of(name)
        self.places.append(Place(name, present=False, dropped=True, account=account))
        self._changed()
        return len(self.places) - 1

    def add_bot(self, strength: str) -> str:
        """A bot of ``strength`` seated; its name, which is no one's at the table and no
        account's of the server, nor looks like one: a bot is never taken for a person."""
        here = [place.name for place in self.places]

        def free(name: str) -> bool:
            return not self.name_taken(name) and not any(alike(name, n) for n in here)

        # past the table names (each one a person's): numbered bots
        names = itertools.chain(messages.TABLE_NAMES, (f"Bot {n}" for n in itertools.count(1)))
        bot_name = next(n for n in names if free(n))
        self.places.append(Place(bot_name, strength))
        self._changed()
        return bot_name

    def standins(self) -> dict[int, str]:
        """The seats of people away that a bot plays meanwhile, and its strength."""
        return {s: p.standin for s, p in enumerate(self.places) if p.standin is not None}

    def start(self) -> None:
        names = tuple(place.name for place in self.places)
        rng = random.Random(self.seed)
        self.game = Game.new(names, self.rules, rng=random.Random(rng.random()))
        for seat, place in enumerate(self.places):
            if place.bot is not None:
                self._bots[seat] = self._seat_bot(place.bot, rng.random())
        for seat, place in enumerate(self.places):
            if place.standin is not None:  # a table brought back: its stand-ins again
                self._bots[seat] = self._standin_bot(seat, place.standin)
        self._watching = watchers(self._bots.items())
        self.stage = Stage.PLAYING
        self.started_at = time.time()
        if self.journal is not None:
            self.journal.started(self)
        self._append(self.game.opening)
        for seat, place in enumerate(self.places):
            if place.person and not place.present and place.standin is None:
                self._start_grace(seat)  # held since a restart, and not back yet

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
        if game is None or action.seat != seat or seat in self._bots:
            # a forged action for another seat, or a seat a bot now plays: nothing changes
            return 0, [Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
        if self.journal is not None:
            self.journal.action(self, action)  # saved before it is applied
        events = game.apply(action)
        if isinstance(action, QUERIES) or isinstance(events[0], Rejected):
            if self.journal is not None and isinstance(events[0], Rejected):
                self.journal.rejected(self)  # no junk kept: it changed nothing
            return 0, [e for e in (for_seat(ev, seat) for ev in events) if e is not None]
        seq = self._append(events)
        return seq, list(self._log[seat][-1].events)

    def replay(self, action: Action, timeout: bool = False) -> None:
        """A saved action applied again when the server starts (``net.saved``), logged
        as it was when it was first applied (``timeout``: the first of a turn the timer
        passed, after the line that says so).
        """
        game = self.game
        assert game is not None
        if timeout:
            self._ran_out_lines(action.seat)
        events = game.apply(action)
        if not isinstance(action, QUERIES) and not isinstance(events[0], Rejected):
            self._append(events)

    def entries(self, viewer: int, since: int, hearer: str = "") -> list[Entry]:
        """What ``viewer`` (a seat, or ``SPECTATOR``) may know, from sequence ``since``;
        told to ``hearer``, without the chat lines of anyone they block (the entry kept,
        its line taken out)."""
        log = self._log.get(viewer, [])
        # entries are numbered from 1 without gaps, so entry n is at index n - 1
        got = log[max(since - 1, 0) :]
        if hearer and any(entry.by for entry in got):
            blocks = self.blocks
            return [
                _unsaid(entry) if entry.by and blocks(hearer, entry.by) else entry for entry in got
            ]
        return got

    def latest(self, viewer: int) -> int:
        return len(self._log.get(viewer, []))

    # ----------------------------------------------------------------- the log

    def line(
        self,
        line: Line,
        kind: Said = Said.NOTICE,
        only: int | None = None,
        but: int | None = None,
        by: str = "",
    ) -> None:
        """A line of the table's own (chat, who came or went), for everyone at it; or for
        the seat ``only`` alone, or for all ``but`` one (the others' entry of that number
        says nothing). ``kind`` says what it is (and which sound the client plays); ``by``
        who said it (a chat line: none who blocks them is told it, ``entries``).
        """
        viewers = (*range(len(self.places)), SPECTATOR)
        said = {v: line for v in viewers if (only is None or v == only) and v != but}
        self._told(said, kind, by)

    def _told(self, said: dict[int, Line], kind: Said = Said.NOTICE, by: str = "") -> None:
        """An entry of lines of the table's own: each viewer's line in ``said`` (the
        others' entry of that number says nothing); passed on to ``on_line``."""
        self._seq += 1
        for viewer in (*range(len(self.places)), SPECTATOR):
            log = self._log.setdefault(viewer, [])
            last = log[-1] if log else None
            view = last.view if last is not None else None
            legal = last.legal if last is not None else ()
            line = said.get(viewer)
            log.append(Entry(self._seq, view=view, legal=legal, line=line, kind=kind, by=by))
        self._wake()
        if self.on_line is not None:
            self.on_line(self, said, kind, by)

    def public_entries(self) -> list[Entry]:
        """What a spectator may know of the whole game, from its start."""
        return self._log.get(SPECTATOR, [])

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
            if self._thinking:  # told once the bot thinking is done (``_answer``)
                self._heard.append((self._watching, list(events), game.card_check()))
            else:
                tell(self._watching, list(events), game.card_check())
        if game.over:
            self._end()
        self._wake()
        self._schedule()
        return self._seq

    def _end(self) -> None:
        self.stage = Stage.OVER
        self._stopped()
        # its result kept before the table is marked ended: a server killed between the
        # two brings the finished table back, and its end is told again (kept once)
        self.on_end(self)
        if self.journal is not None:
            self.journal.ended(self)

    def lines(self, said: dict[int, Line]) -> None:
        """A line of the table's own for some viewers alone (``said``: viewer -> line);
        the others' logs get the entry without a line.
        """
        self._told(said)

    def _wake(self) -> None:
        for wake in list(self._listeners):
            wake()
        if self.turn_seconds is not None or self._timer is not None:
            self._time_turn()

    # ----------------------------------------------------------------- the turn timer

    def _time_turn(self) -> None:
        if self._timer is None:
            self._timer = TurnTimer(self)
        self._timer.check()

    def warn_turn(self, seat: int, left: int) -> None:
        """The turn timer: ``seat`` alone is told how long is left."""
        self.lines({seat: Words(messages.net_timer_warning, (left,))})

    def _ran_out_lines(self, seat: int) -> None:
        name = self.places[seat].name
        self.lines(
            {
                viewer: Words(messages.net_time_ran_out, (name, viewer == seat))
                for viewer in (*range(len(self.places)), SPECTATOR)
            }
        )

    def time_out(self, seat: int) -> None:
        """The turn timer ran out: everyone is told, and ``seat``'s turn is passed with
        the actions the rules allow (``timer.passed_turn``), each saved as any other, the
        first marked as the timer's so that a restart tells it again.
        """
        game = self.game
        timer = self._timer
        if game is None or timer is None or self.stage is not Stage.PLAYING:
            return
        turn = timer.turn
        self._ran_out_lines(seat)
        first = True
        for _ in range(_MOST_PASSING):
            if game.over or game.view(seat).current != seat or timer.turn != turn:
                return
            action = passed_turn(game.legal_actions(seat))
            if action is None:
                return
            if self.journal is not None:
                self.journal.action(self, action, first)  # saved before it is applied
            first = False
            events = game.apply(action)
            if isinstance(events[0], Rejected):
                return
            self._append(events)

    # ----------------------------------------------------------------- people and bots

    def leave(self, name: str, seen: int = 0, dropped: bool = False) -> None:
        """A person leaves: before the game, their seat goes; during it, the seat is held
        for them until they come back (``rejoin``), ``seen`` the last entry they were
        told. One who quits has a bot stand in at once; one whose connection ``dropped``
        keeps the seat waiting, and after the grace the host is asked (``command``).
        """
        seat = self.seat_of(name)
        self.spectators.discard(name)
        if seat is None:
            return
        if self.stage is Stage.WAITING:
            del self.places[seat]
            self._changed()
            return
        place = self.places[seat]
        place.present = False
        place.seen = seen
        place.dropped = dropped
        place.asked = False
        if self.stage is not Stage.PLAYING:
            return
        alone = not self.people() and not any(p.person and p.dropped for p in self.places)
        if alone and self.tournament is None:
            self._end()  # bots alone do not play on (a tournament's table plays to its end)
            self.line(Words(messages.net_table_ended, (self.number,)))
        elif dropped:
            self.line(Words(messages.net_dropped, (place.name,)), Said.PRESENCE, but=seat)
            self._start_grace(seat)
        else:
            self._stand_in(seat)
            self.line(Words(messages.net_left_bot_plays, (place.name,)), Said.PRESENCE, but=seat)
        self._changed()

    def rejoin(self, name: str) -> int | None:
        """A person back at the seat held for them; the seat (None: there is none).
        A bot standing in gives the seat back; everyone is told.
        """
        if self.stage is Stage.OVER:
            return None
        seat = self.away_seat(name)
        if seat is None:
            return None
        place = self.places[seat]
        place.present = True
        place.dropped = place.asked = False
        self._stop_grace(seat)
        if self.stage is Stage.WAITING:
            self._changed()
            return seat
        had_standin = place.standin is not None
        place.standin = None
        gone = self._bots.pop(seat, None)
        if isinstance(gone, RemoteBot):
            gone.drop()  # its worker forgets it
        self._watching = watchers(self._bots.items())
        back = messages.net_back_from_bot if had_standin else messages.net_back
        self.line(Words(back, (place.name,)), Said.PRESENCE, but=seat)
        self._changed()
        for other, away in enumerate(self.places):  # a grace over with nobody to ask
            if away.person and not away.present and other not in self._graces:
                self._grace_over(other)
        self._schedule()  # the bots play on (after a restart they waited)
        return seat

    def remove_player(self, seat: int) -> None:
        """The host takes ``seat`` from its person during the game: a bot plays it to the
        end, and it is not theirs to take back (``away_seat``); their session, finding
        its seat gone, leaves the game (``lobby.TableGame.notices``)."""
        place = self.places[seat]
        place.present = False
        place.removed = True
        place.dropped = place.asked = False
        self._stop_grace(seat)
        if place.standin is None:
            self._stand_in(seat)
        self._changed()
        self._wake()

    def let_go(self) -> None:
        """The table given up by this server, unsaid (its lease lost: another server holds
        it now): its timers stopped, its bots let go, no one woken, nothing journaled."""
        self.journal = None
        self._listeners.clear()
        self._stopped()
        self.stage = Stage.OVER

    def _stopped(self) -> None:
        """Nothing of the table's own runs on: its bots let go (their worker forgets them),
        its graces and timers stopped. The timers let it go at once: each held the table
        (game, logs, bots) until it fired, and the empty server's collection found it still
        held (issue 24)."""
        for bot in self._bots.values():
            if isinstance(bot, RemoteBot):
                bot.drop()
        for seat in list(self._graces):
            self._stop_grace(seat)
        if self._drive is not None:
            self._drive.cancel()
            self._drive = None
        if self._timer is not None:
            self._timer.stop()

    def close(self) -> None:
        """The host ends the game: every person's seat is gone to them (their sessions
        leave it, ``lobby.TableGame.notices``), no one watches, and the table is over."""
        for place in self.places:
            if place.person:
                place.present = False
                place.removed = True
        self.spectators.clear()
        if self.stage is Stage.PLAYING:
            self._end()
        self._wake()

    def quit_away(self, name: str) -> None:
        """A person whose connection dropped turns out to have quit the game meanwhile
        (the full client, back in its lobby): a bot stands in at once, as for one who quits.
        """
        seat = self.away_seat(name)
        if seat is None or self.stage is not Stage.PLAYING or not self.places[seat].dropped:
            return
        place = self.places[seat]
        place.dropped = False
        self._stop_grace(seat)
        if place.standin is None:
            self._stand_in(seat)
            self.line(Words(messages.net_left_bot_plays, (place.name,)), Said.PRESENCE, but=seat)
        self._changed()

    def hold_seats(self, line: Line) -> None:
        """After a restart: every person's seat held for them until they come back
        (``rejoin``), as after a dropped connection; ``line`` is told to each first.
        The stand-ins the host chose before play on once someone is back.
        """
        for seat, place in enumerate(self.places):
            if place.person:
                place.present = False
                place.dropped = True
                if self.stage is Stage.PLAYING:
                    place.seen = self.latest(seat)
        if self.stage is not Stage.PLAYING:
            return
        self.line(line)
        for seat, place in enumerate(self.places):
            if place.person and place.standin is None:
                self._start_grace(seat)

    # ----------------------------------------------------------------- the host's choice

    def host(self) -> int | None:
        """The seat that chooses for a seat whose person is away: the table's maker, or
        while they are away the first person at the table.
        """
        present = [s for s, p in enumerate(self.places) if p.person and p.present]
        for seat in present:
            if self.places[seat].name == self.creator:
                return seat
        return present[0] if present else None

    def command(self, name: str, word: str, rest: str) -> str:
        """The host's commands (``STANDIN_WORD``, ``WAIT_WORD``, ``GRACE_WORD``): the answer
        for ``name`` ("" when a line told the whole table).
        """
        if word == GRACE_WORD:
            return self._set_grace(name, rest)
        if self.stage is not Stage.PLAYING:
            return messages.tr(messages.NET_NOT_PLAYING)
        host = self.host()
        if host is None or self.places[host].name != name:
            return messages.net_only_host(self.places[host].name if host is not None else "")
        away = [s for s, p in enumerate(self.places) if p.person and not p.present]
        if not away:
            return messages.tr(messages.NET_NOBODY_AWAY)
        typed = text.name(rest)
        if typed:
            chosen = [s for s in away if self.places[s].name.lower() == typed.lower()]
        else:
            chosen = away if len(away) == 1 else []
        if not chosen:
            names = [self.places[s].name for s in away]
            return messages.net_whom_away(text.shown(rest, 40), names, word)
        seat = chosen[0]
        place = self.places[seat]
        self._stop_grace(seat)
        place.asked = True
        if word == STANDIN_WORD:
            if place.standin is not None:
                return messages.net_standin_already(place.name)
            self._stand_in(seat)
            self.line(Words(messages.net_standin_plays, (place.name, name)))
        else:
            if place.standin is None:
                self.line(Words(messages.net_game_waits, (place.name, name)))
            else:
                place.standin = None
                self._bots.pop(seat, None)
                self._watching = watchers(self._bots.items())
                self.line(Words(messages.net_game_waits, (place.name, name)))
        self._changed()
        return ""

    def command_at(self, name: str, word: str, rest: str) -> None:
        """``command`` typed at the table: its answer told to that seat alone."""
        answer = self.command(name, word, rest)
        seat = self.seat_of(name)
        if answer and seat is not None and self.stage is Stage.PLAYING:
            self.line(answer, only=seat)

    def _set_grace(self, name: str, typed: str) -> str:
        if name != self.creator:
            return messages.net_only_host(self.creator)
        try:
            seconds = float(typed)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= MOST_GRACE:  # nan too
            return messages.net_grace_values(int(MOST_GRACE))
        self.grace = seconds
        self._changed()
        if self.stage is Stage.PLAYING:
            self.line(Words(messages.net_grace_set, (self.number, seconds)))
            return ""
        return messages.net_grace_set(self.number, seconds)

    def _start_grace(self, seat: int) -> None:
        self._stop_grace(seat)
        self._graces[seat] = self.loop.call_later(self.grace, self._grace_over, seat)

    def _stop_grace(self, seat: int) -> None:
        timer = self._graces.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _grace_over(self, seat: int) -> None:
        """A dropped seat's grace is over: the host is told, once, what they may type."""
        self._graces.pop(seat, None)
        place = self.places[seat]
        if place.present or place.standin is not None or place.asked:
            return
        if self.stage is not Stage.PLAYING or not place.dropped:
            return
        if self.tournament is not None:  # no host to ask: a bot plays until they come
            self._stand_in(seat)
            self.line(Words(messages.net_no_show, (place.name,)), Said.PRESENCE)
            self._changed()
            return
        host = self.host()
        if host is None:
            return  # nobody to ask: the seat waits; the host is asked when one is back
        place.asked = True
        self.line(Words(messages.net_grace_over, (place.name, self.grace)), only=host)

    def _stand_in(self, seat: int) -> None:
        place = self.places[seat]
        place.standin = DEFAULT_BOT
        self._bots[seat] = self._standin_bot(seat, DEFAULT_BOT)
        self._watching = watchers(self._bots.items())
        self._schedule()

    def _standin_bot(self, seat: int, strength: str) -> Bot:
        return self._seat_bot(strength, self.seed + seat)

    def _seat_bot(self, strength: str, seed: float) -> Bot:
        """The bot that plays a seat (a copy of the table elsewhere makes none that
        thinks: ``cluster.far``)."""
        return _make_bot(strength, seed)

    def _changed(self) -> None:
        if self.journal is not None:
            self.journal.changed(self)

    def people(self) -> list[str]:
        return [p.name for p in self.places if p.person and p.present]

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
        if self._thinking or game is None or game.over or not self.people():
            return  # (a bot thinking: its answer asks again if the table moved meanwhile)
        view = game.view(0)
        move = (view.round_number, view.plays, self._seq)
        asks: list[Ask] = []
        if move != self._asked:
            self._asked = move
            for seat in game.out_of_turn_order():
                if seat in self._bots and seat != game.view(seat).current:
                    legal = game.legal_actions(seat)
                    if any(isinstance(a, _OUT_OF_TURN) for a in legal):
                        asks.append((seat, legal, False))
        current = view.current
        if view.phase is not Phase.ROUND_OVER and current is not None and current in self._bots:
            asks.append((current, game.legal_actions(current), True))  # a person deals
        self._ask(asks)

    def _ask(self, asks: list[Ask]) -> None:
        """The first bot of ``asks`` chooses, in a worker thread; the rest wait their turn."""
        game = self.game
        assert game is not None
        while asks and not asks[0][1]:
            asks.pop(0)
        if not asks:
            return
        seat, legal, must = asks.pop(0)
        bot = self._bots[seat]
        view = game.view(seat) if bot.needs_view else None
        seq = self._seq
        loop = self.loop

        def answer(choice: Action | None) -> None:  # in a worker thread
            with contextlib.suppress(RuntimeError):  # the loop is closed: nothing to do
                loop.call_soon_threadsafe(self._answer, choice, seat, legal, must, seq, asks)

        def done(future: concurrent.futures.Future[Action | None]) -> None:
            try:
                choice = future.result()
            except Exception:  # a bot that fails chooses nothing
                choice = None
            answer(choice)

        self._thinking = True
        if isinstance(bot, RemoteBot):
            bot.ask(view, legal, answer)
            return
        try:
            bot_threads().submit(bot.choose, view, legal).add_done_callback(done)
        except RuntimeError:  # the workers are shut down: the server is stopping
            self._thinking = False

    def _answer(
        self,
        choice: Action | None,
        seat: int,
        legal: list[Action],
        must: bool,
        seq: int,
        asks: list[Ask],
    ) -> None:
        """On the loop: a bot's choice, applied if the table is as it was when asked."""
        self._thinking = False
        heard, self._heard = self._heard, []
        for watching, events, sizes in heard:
            tell(watching, events, sizes)
        game = self.game
        if self._seq != seq or game is None or game.over or seat not in self._bots:
            if self._drive is None:  # the table moved on and no drive waits: ask again
                self._bots_act()
            return
        if choice is None or isinstance(choice, NextRound):
            if not must:
                self._ask(asks)
                return
            turn = [a for a in legal if not isinstance(a, _OUT_OF_TURN)]
            choice = (turn or legal)[0]
        if self.journal is not None:
            self.journal.action(self, choice)  # saved before it is applied
        events = game.apply(choice)
        if isinstance(events[0], Rejected):
            self._ask(asks)
            return
        self._append(events)


MOST_SPEAKERS = 10_000  # people whose last chat lines are kept for a report


class NoTableNumber(Exception):
    """No table number can be had now (the cluster that gives them does not answer)."""


def _nothing_held(table: ServerTable | None) -> asyncio.Future[bool] | None:
    return None


class Elsewhere(Protocol):
    """The tables other servers of a cluster hold (``cluster.far``): listed, sat at and
    played from this server's lobby."""

    def listed(self) -> dict[int, ServerTable]:
        """The other servers' tables, as the lobby lists them."""
        ...

    async def command(self, person: Any, word: str, rest: str) -> list[str] | None:
        """A lobby command about a table held elsewhere, carried out (its answer); None
        when it is not one."""
        ...

    async def arrived(self, person: Any) -> list[str]:
        """A person come in, back at a seat held for them at a table held elsewhere
        (what they are told; none: no such seat)."""
        ...

    async def freed(self, name: str) -> None:
        """``name`` connects here: a seat here held for a server that no longer answers
        theirs again first."""
        ...

    def game(self, table: ServerTable, seat: int, since: int, person: Any) -> Any:
        """A seat's game at ``table`` (``lobby.TableGame``, or one for a table held
        elsewhere)."""
        ...

    def said(self, table: ServerTable, name: str, said: str) -> None:
        """``name`` said ``said`` at ``table``: for those at it from other servers."""
        ...

    def lobby_said(self, name: str, said: str) -> None:
        """``name`` said ``said`` in the lobby: for the people of the other servers."""
        ...

    def told_before(self, table: ServerTable, line: Heard, but: str) -> None:
        """``line`` (who came, went or watches, the host's choices) told at ``table``
        before its game: for those at it from other servers, but ``but``."""
        ...

    def people(self) -> set[str]:
        """Who is connected to the other servers of the cluster, as they last said."""
        ...

    def connected(self, name: str) -> bool:
        """Whether ``name`` is connected to another server of the cluster (``people``)."""
        ...

    def tell(self, reader: str, by: str, said: str, kept: Callable[[], object]) -> None:
        """A private message of ``by``'s to ``reader``, connected to another server: told
        there; ``kept`` (kept for their next login) if they are there no longer."""
        ...

    def leave(self, person: Any, table: ServerTable, seen: int, dropped: bool) -> bool:
        """``person`` leaves ``table`` if it is held elsewhere (its holder told); whether
        it was."""
        ...


class Where(Enum):
    """Where a person is, as their friends are told (``Lobby.where``)."""

    LOBBY = "lobby"
    TABLE = "table"
    WATCHING = "watching"
    AWAY = "away"  # not connected


@dataclass
class Lobby:
    """Every table of the server, and who is in the lobby."""

    loop: asyncio.AbstractEventLoop
    seed: int | None = None
    pace: float = 1.0
    tables: dict[int, ServerTable] = field(default_factory=dict)
    people: dict[str, Callable[[Line | Heard], None]] = field(default_factory=dict)  # name -> tell
    # the account of a name (its creation time; None: no such account, or not kept)
    account_of: Callable[[str], float | None] = field(default=lambda name: None, repr=False)
    name_taken: Callable[[str], bool] = field(default=lambda name: False, repr=False)
    # a name typed, as its account spells it (None: no such account)
    owner_of: Callable[[str], str | None] = field(default=lambda name: None, repr=False)
    # who told whom something last (in lower case): ``reply`` answers them
    last_told: dict[str, str] = field(default_factory=dict, repr=False)
    journal: Journal | None = None  # where the tables are saved (``net.saved``)
    # friends, blocks and letters (None: a lobby that keeps no accounts)
    social: Social | None = None
    moderation: Moderation | None = None  # roles, mutes, bans, reports (None: none kept)
    results: Results | None = None  # finished matches, ratings (None: none kept)
    tournaments: Tournaments | None = None  # the server's tournaments (None: none kept)
    # a person's session ended, told why (a ban; worded as it is told): the server fills it in
    end_session: Callable[[str, Callable[[], str]], None] = field(
        default=lambda name, why: None, repr=False
    )
    # each person's last chat lines as the server heard them (time.time, their words), for
    # a report on them
    said_lately: dict[str, deque[tuple[float, str]]] = field(default_factory=dict, repr=False)
    chat_limits: Limits = field(default_factory=chat_limits, repr=False)  # one per name
    code_limits: Limits = field(default_factory=code_limits, repr=False)  # wrong codes
    made_limits: Limits = field(default_factory=made_limits, repr=False)  # tournaments made
    # this process's lobby: a client connecting again after a restart starts anew
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    # the next table's number from elsewhere (None: none to be had now); unset, counted here
    numbers: Callable[[], int | None] | None = field(default=None, repr=False)
    # a finished match for the cluster to keep (None: kept here, ``results.record``)
    results_out: Callable[[Finished], None] | None = field(default=None, repr=False)
    # until a number is to be had (``numbers``), or the cluster has not answered in time
    number_ready: Callable[[], Awaitable[None]] | None = field(default=None, repr=False)
    # with a cluster: the other servers' addresses ("HOST:PORT"), told to each full client
    # so that it connects to one of them by itself when this server stops
    addresses: Callable[[], list[str]] | None = field(default=None, repr=False)
    # what is told of a table waits for this (``cluster.journal``: its entries in the log):
    # None, tell now; a future, tell once it is True, never if it is False
    held_for: Callable[[ServerTable | None], asyncio.Future[bool] | None] = field(
        default=_nothing_held, repr=False
    )
    # the tables other servers of the cluster hold (None: none, a server alone)
    far: Elsewhere | None = field(default=None, repr=False)
    # a line of a table's own told, for its people on other servers (``ServerTable``)
    on_line: Callable[[ServerTable, dict[int, Line], Said, str], None] | None = field(
        default=None, repr=False
    )
    _next: int = 1

    def new_table(self, creator: str, rules: RuleSet, spec: str) -> ServerTable:
        """A new table, numbered; ``NoTableNumber`` when no number can be had now."""
        if self.numbers is not None:
            given = self.numbers()
            if given is None:
                raise NoTableNumber
            number = given
        else:
            number = self._next
            self._next += 1
        seed = random.randrange(2**32) if self.seed is None else self.seed + number
        table = ServerTable(number, rules, spec, creator, seed, self.loop, self.pace)
        self.wire(table)
        table.journal = self.journal
        self.tables[number] = table
        table._changed()
        return table

    def wire(self, table: ServerTable) -> None:
        """What a table of this lobby asks of it: accounts, names, chat limits, blocks, and
        its result kept at its end."""
        table.account_of = self.account_of
        table.name_taken = self.name_taken
        table.chat_limits = self.chat_limits
        table.blocks = self.blocks
        table.on_end = self.match_ended
        table.on_line = self.on_line

    def match_ended(self, table: ServerTable) -> None:
        """A table's game ended: its result kept (on a cluster: given to ``results_out``,
        and kept on every server in one order), each rated person connected told their
        new rating (``stats`` says it to the others)."""
        results = self.results
        if results is None:
            return
        match = finished(table)
        if match is None:
            return
        if self.results_out is not None:
            self.results_out(match)
        else:
            self.rated(match, results.record(match))
        if self.tournaments is not None and table.tournament is not None:
            self.tournaments.table_ended(table, [seat.place for seat in match.seats])

    def rated(self, match: Finished, changes: dict[int, tuple[int, int]]) -> None:
        """Each rated person of ``match`` connected here told their rating's change."""
        for seat, (before, after) in changes.items():
            tell = self.people.get(match.seats[seat].name)
            if tell is not None:  # told wherever they are: the table's game is over
                line = Words(messages.net_rating_changed, (match.family, before, after))
                tell(Heard(line, Said.NOTICE))

    def private_code(self) -> str:
        """A new private table's code, of no other table."""
        taken = {t.code for t in self.tables.values()}
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def with_code(self, code: str) -> ServerTable | None:
        """The private table of ``code`` (typed in any case), None when there is none."""
        typed = code.strip().lower()
        for table in self.tables.values():
            if table.code is not None and secrets.compare_digest(
                table.code.encode(), typed.encode()
            ):
                return table
        return None

    def number_from(self, first: int) -> None:
        """New tables are numbered from ``first`` on (after those brought back)."""
        self._next = max(self._next, first)

    def say(self, line: Line | Heard, by: str = "") -> None:
        """``line`` to everyone connected; a chat line (``by`` who said it) to none who
        blocks them, nor to anyone playing a game who keeps the lobby's chat out of it."""
        if not by:
            for tell_one in list(self.people.values()):
                tell_one(line)
            return
        playing = self.playing()
        for name, tell_one in list(self.people.items()):
            if self.blocks(name, by):
                continue
            if name.lower() in playing and not self.lobby_chat_in_games(name):
                continue
            tell_one(line)

    def connected(self, name: str) -> str | None:
        """``name`` as it is connected (any case), None when it is not."""
        if name in self.people:
            return name
        lower = name.lower()
        return next((n for n in self.people if n.lower() == lower), None)

    def heard_from(self, name: str, said: str) -> None:
        """``name`` said ``said`` in a chat (the lobby's or a table's): kept for a report."""
        lately = self.said_lately.get(name.lower())
        if lately is None:
            if len(self.said_lately) >= MOST_SPEAKERS:  # the oldest speaker forgotten
                del self.said_lately[next(iter(self.said_lately))]
            lately = self.said_lately[name.lower()] = deque(maxlen=MOST_REPORTED_LINES)
        lately.append((time.time(), said))

    def said_by(self, name: str) -> list[tuple[float, str]]:
        """``name``'s last chat lines, oldest first."""
        return list(self.said_lately.get(name.lower(), ()))

    def blocks(self, name: str, other: str) -> bool:
        """Whether ``name`` blocks ``other`` (``social``)."""
        return self.social is not None and self.social.blocked(name, other)

    def lobby_chat_in_games(self, name: str) -> bool:
        """Whether ``name`` hears the lobby's chat during their games (off unless they
        chose it: ``lobbychat on``)."""
        social = self.social
        return social is not None and social.choice(name, LOBBY_CHAT_WORD) == "on"

    def playing(self) -> set[str]:
        """Who sits at a game in play (in lower case)."""
        return {
            place.name.lower()
            for table in self.tables.values()
            if table.stage is Stage.PLAYING
            for place in table.places
            if place.person and place.present
        }

    def where(self, name: str) -> tuple[Where, int]:
        """Where ``name`` is: at a table (its number), watching one, in the lobby, or
        not connected (0 for no table). Someone connected to another server of a cluster
        is at the table the cluster's list seats them at, else in the lobby."""
        found = self.connected(name)
        if found is None:
            if self.far is None or not self.far.connected(name):
                return Where.AWAY, 0
            lowered = name.lower()
            for number, table in sorted(self.far.listed().items()):
                if any(p.name.lower() == lowered and p.present for p in table.places):
                    return Where.TABLE, number
            return Where.LOBBY, 0
        for table in self.tables.values():
            if table.seat_of(found) is not None:
                return Where.TABLE, table.number
        for table in self.tables.values():
            if found in table.spectators:
                return Where.WATCHING, table.number
        return Where.LOBBY, 0
