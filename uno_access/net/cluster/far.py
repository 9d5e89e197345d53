"""Tables held by another server of the cluster: listed in every lobby, sat at and played
from any server (``serve --cluster``).

- **One list**: the server holding a table keeps its line in the directory ``uno-tables``
  (``listing``: its rules, its seats, its stage, its timer, its code, its host and who is
  kept out), rewritten as it changes. Every server watches the directory (a key-value
  watcher, started again if it stops) and lists the other servers' tables beside its
  own, through the very ``_table_line`` and ``_hidden`` a table of its own goes through:
  a private table names its code to those at it alone, a host's block hides it.
- **Asked of the holder alone**: whatever changes a table held elsewhere (``join``, a
  seat's action, ``bot``, ``start``, ``leave``, the host's commands, a chat line) is a
  NATS request on the table's subject ``uno.table.<id>.act``, answered by the server
  holding its lease and by no other (each server hears the subjects of every table, and
  answers those it holds). The subject is the table's, not a server's: after a take-over
  the same requests reach the new holder. The holder carries a command out as its own
  lobby does for a person connected there (``Stand``: the person as the lobby's commands
  see them, without a connection), in the asker's language, so that a refusal is worded
  as on one server; it answers once the table's entries are written, with the sequence
  of the last one.
- **A copy, not a relay**: a server with a person seated at (or watching) a table held
  elsewhere keeps a copy of it (``Copy``), rebuilt from the table's log from its first
  entry and following it (an ordered consumer: nothing missed, nothing twice), as the
  restart path rebuilds a table. Each person's entries are made here from the copy, for
  their seat alone, by the very code that makes them on the holder: privacy holds as on
  one server, and nothing of a hand crosses between servers but the log, which is the
  servers' own (clients never reach NATS). Told after written holds by itself: the copy
  has only what the log acknowledged. Why a copy rather than the holder sending each
  seat's entries: the log is already there, replicated and ordered, and read from any
  sequence; a relay would be a second log per seat to keep, lose and replay.
- **An action**: a query (card check, top card) is answered from the copy. Any other is
  sent, and the seat is told nothing until its move comes back through the log, as
  everyone else's does; a refusal comes back as the holder's reason and is told to that
  seat alone (an entry of the copy for it, the very ``Rejected`` the rules gave), once,
  and nothing changed. A request nobody answers (the lease moving) is said in one
  sentence, and nothing was done. A seat the host took from its person during the game
  (``kick``) is known at their server when they next act: their game there is gone, as
  on one server (before the game, their seat leaves the copy with the table's setup).
- **A server gone**: the holder asks the servers its people sit from, every few
  seconds, whether they are there (``uno.server.<id>.ping``); the people of one nobody
  answers for have their seats held for them, as for a dropped connection, until they
  come back from any server (``join N``, or their next move).
- **Chat**: a chat line at a table held here is appended to its log too (``said``, not
  the game's: a table is rebuilt without it), and each copy tells it to its server's
  people at the table, as the holder tells its own: in the log of each viewer during the
  game, to each person before it, none who blocks its speaker told.

- **The table's lines**: its other lines of its own during the game (who came or went,
  the host's choices, the turn timer's warnings, the host asked about a seat whose grace
  is over) are appended to its log as well (``lines``: each viewer's, a phrase's name
  and what fills it in, worded at each copy in each hearer's language), and each copy
  tells them to its viewers as the holder tells its own.

- **Before the game**: who sat down, came back, left or watches, and the host's choices,
  are appended to its log as ``lines`` too (``told_before``), and each copy tells its
  people at the table (but the one a line is about), as the holder does.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ... import text
from ...access import messages
from ...access.wording import language
from ...bots import Bot
from ...bots.base import make_bot
from ...engine import codec
from ...engine.actions import QUERIES, Action, JumpIn, Play, PlayDrawn
from ...engine.cards import Color
from ...engine.events import Event, Refusal, Rejected, for_seat
from ...engine.rules import RuleSet
from ..seat import CHAT_LIMIT
from ..server import hosting, moderators, people, standings, tournament_commands
from ..server.lobby import Person, TableGame
from ..server.saved import PLAYING, WAITING, SavedTableError, read_action, read_setup
from ..server.tables import DEFAULT_BOT, Lobby, Place, ServerTable, Stage
from ..wire import GRACE_WORD, SPECTATOR, STANDIN_WORD, WAIT_WORD, Entry
from ..wire.said import Heard, Line, Said, Words
from . import names, replays
from .connect import REQUEST_WAIT
from .entries import ACTION, ENDED, KIND, LINES, SAID, SETUP, STATE
from .quiet import quietly

if TYPE_CHECKING:
    from nats.aio.client import Client
    from nats.aio.msg import Msg
    from nats.js import JetStreamContext
    from nats.js.kv import KeyValue

    from ...engine.game import Game
    from .holding import ClusterTables

ACTIONS = f"{names.TABLE_PREFIX}.*.act"  # every table's requests: each server hears them all
COMMAND_WORDS = ("bot", "start", "timer", "leave", STANDIN_WORD, WAIT_WORD, GRACE_WORD)
MISSED = 3  # pings of a server not answered in a row (no answer in time) before it is gone
SEATED_WAIT = 10.0  # seconds the copy has to reach the entry a request was answered with
PEOPLE_LOOK = 1.0  # seconds between two looks at who is in this server's lobby
PEOPLE_EVERY = 5.0  # seconds between two tellings of it, changed or not
PEOPLE_FORGOTTEN = 3 * PEOPLE_EVERY  # a server not heard from for this long has none
MOST_PEOPLE = 100_000  # names taken from one server's message, at most
WATCH_AGAIN = 1.0  # seconds before a watcher of the directory that stopped is started again


# ----------------------------------------------------------------- the directory's lines


def listing(table: ServerTable, server: str) -> bytes:
    """What the lobby's list says of ``table``, held by ``server``, as the directory
    keeps it."""
    return json.dumps(
        {
            "server": server,
            "spec": table.spec,
            "creator": table.creator,
            "stage": table.stage.value,
            "places": [[p.name, p.bot, p.present, p.standin, p.dropped] for p in table.places],
            "code": table.code,
            "timer": table.turn_seconds,
            "banned": sorted(table.banned),
            "tournament": table.tournament,
        }
    ).encode()


def listed_table(number: int, data: dict[str, Any], loop: asyncio.AbstractEventLoop) -> ServerTable:
    """A table of the directory as the lobby lists it (never played: no game, no seed)."""
    table = ServerTable(number, RuleSet(), str(data["spec"]), str(data["creator"]), 0, loop, 1.0)
    table.stage = Stage(data["stage"])
    for name, bot, present, standin, *dropped in data["places"]:
        place = Place(str(name), None if bot is None else str(bot), bool(present), standin)
        place.dropped = bool(dropped and dropped[0])
        table.places.append(place)
    table.code = data.get("code")
    table.turn_seconds = data.get("timer")
    table.banned = {str(name) for name in data.get("banned", [])}
    tournament = data.get("tournament")
    table.tournament = tournament if isinstance(tournament, int) and tournament > 0 else None
    return table


# ----------------------------------------------------------------- a table's lines

_phrases: dict[int, str] = {}  # a wording phrase (by identity) -> its name in ``messages``


def _phrase_name(phrase: object) -> str | None:
    if not _phrases:
        _phrases.update({id(o): n for n, o in messages.phrases().items() if callable(o)})
    name = _phrases.get(id(phrase))
    return name if name is not None and getattr(messages, name) is phrase else None


def lines_json(said: dict[int, Line], kind: Said, by: str) -> str | None:
    """A table's lines of its own (each viewer's), as its log keeps them: a line worded
    already as its text, a ``Words`` as its phrase's name and what fills it in (worded
    at each copy for each hearer); None when one cannot be kept so."""
    kept: dict[str, object] = {}
    for viewer, line in said.items():
        if isinstance(line, str):
            kept[str(viewer)] = {"text": line}
            continue
        name = _phrase_name(line.phrase)
        if name is None:
            return None
        kept[str(viewer)] = {"phrase": name, "args": list(line.args)}
    try:
        return json.dumps({"said": kept, "kind": kind.value, "by": by})
    except (TypeError, ValueError):  # what fills a phrase in is not plain data
        return None


def lines_read(text: str) -> tuple[dict[int, Line], Said, str] | None:
    """``lines_json``'s lines read back (None: not readable, told to no one)."""
    try:
        raw = json.loads(text)
        said: dict[int, Line] = {}
        for viewer, line in raw["said"].items():
            if "text" in line:
                said[int(viewer)] = str(line["text"])
                continue
            phrase = getattr(messages, str(line["phrase"]))
            if not callable(phrase) or _phrase_name(phrase) is None:
                return None
            said[int(viewer)] = Words(phrase, tuple(line["args"]))
        return said, Said(raw["kind"]), str(raw["by"])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


# ----------------------------------------------------------------- the copy


class Copy(ServerTable):
    """A table held by another server, as its log tells it: entries for every seat made
    here, nothing of its own run (no bot thinks, no timer, no grace), nothing journaled,
    no result kept. ``last``: the sequence of the log's last entry applied."""

    last: int = 0
    sent: Callable[[int, Action], None] | None = None  # an action to the holder (``Span``)
    _reached: list[tuple[int, asyncio.Future[None]]]

    @classmethod
    def empty(cls, number: int, lobby: Lobby) -> Copy:
        copy = cls(number, RuleSet(), "", "", 0, lobby.loop, lobby.pace)
        lobby.wire(copy)
        copy.on_end = lambda table: None  # its result is the holder's to keep
        copy.on_line = None  # its lines are the holder's, come through the log
        copy._reached = []
        return copy

    def _schedule(self) -> None:  # the holder's bots play
        pass

    def _start_grace(self, seat: int) -> None:  # the holder's graces run
        pass

    def _time_turn(self) -> None:  # the holder's timer runs
        pass

    def _seat_bot(self, strength: str, seed: float) -> Bot:
        return make_bot("random", random.Random(seed))  # never asked: the holder's plays

    def follow(self, kind: str, text: str, state: str, seq: int) -> None:
        """One entry of the log applied. One that does not read (a table's first setup,
        written before its maker sits, has no seat) changes nothing: its holder, which
        wrote it, is the one to look at it."""
        try:
            if kind == SETUP:
                self._setup(text, state)
            elif kind == ACTION and self.stage is Stage.PLAYING and self.game is not None:
                action, timeout = read_action(text)
                self.replay(action, timeout)  # a refused one is refused here too: no change
            elif kind == ENDED:
                self._ended()
            elif kind == SAID:
                self._said(text)
            elif kind == LINES and self.stage is Stage.PLAYING:
                lines = lines_read(text)
                if lines is not None:
                    self._told(*lines)
            elif kind == LINES and self.stage is Stage.WAITING:
                self._told_before(text)
        except SavedTableError:
            pass
        self.last = max(self.last, seq)
        reached = [(n, f) for n, f in self._reached if n <= self.last]
        self._reached = [(n, f) for n, f in self._reached if n > self.last]
        for _, future in reached:
            if not future.done():
                future.set_result(None)

    def _setup(self, text: str, state: str) -> None:
        saved = read_setup(self.number, text, [], waiting=state == WAITING)
        standins = dict(saved.standins)
        if self.stage is Stage.WAITING:
            self.rules, self.spec, self.creator, self.seed = (
                saved.rules,
                saved.spec,
                saved.creator,
                saved.seed,
            )
            self.places = [Place(name, bot) for name, bot in saved.places]
            self.code, self.turn_seconds, self.grace = saved.code, saved.turn_seconds, saved.grace
            self.tournament = saved.tournament
            for seat, place in enumerate(self.places):
                place.standin = standins.get(seat)
                place.present = place.standin is None
            if state == PLAYING:
                self.start()
            else:
                self._wake()
            return
        for seat, place in enumerate(self.places):
            if place.person and not place.removed:
                place.standin = standins.get(seat)
                place.present = place.standin is None
        self.grace = saved.grace
        self._wake()

    def _ended(self) -> None:
        """The table ended: a game played to its end is told to its end; a table ended
        before (its last person gone, its host closed it) is gone for everyone at it
        here, as it is at the holder (its seats taken from them, no one watching)."""
        game_over = self.game is not None and self.game.over
        if not game_over:
            for place in self.places:
                if place.person:
                    place.present = False
                    place.removed = True
            self.spectators.clear()
        self.stage = Stage.OVER
        self._wake()

    def _said(self, text: str) -> None:
        """A chat line at the table: in the log of each viewer during the game (told to
        none who blocks its speaker, ``entries``), to this server's people at it before."""
        try:
            raw = json.loads(text)
            by, said = str(raw["by"]), str(raw["said"])
        except (ValueError, KeyError, TypeError):
            return
        line = Words(messages.chat_line, (by, said))
        if self.stage is Stage.PLAYING:
            self.line(line, Said.CHAT, by=by)
        elif self.stage is Stage.WAITING:
            self.on_said(self, Heard(line, Said.CHAT), by)

    def _told_before(self, text: str) -> None:
        """A line before the game (who came, went or watches, the host's choices): to
        this server's people at the table but the one it leaves out (``Span.told_before``)."""
        lines = lines_read(text)
        line = None if lines is None else lines[0].get(SPECTATOR)
        if lines is not None and line is not None:
            self.on_said(self, Heard(line, lines[1]), "", but=lines[2])

    def on_said(self, table: Copy, line: Heard, by: str, but: str = "") -> None:
        """A line for this server's people at the table before its game (``Span``): none
        who blocks ``by``, not ``but``."""

    def reached(self, seq: int) -> asyncio.Future[None]:
        """Done once the log's entry ``seq`` is applied here."""
        future: asyncio.Future[None] = self.loop.create_future()
        if self.last >= seq:
            future.set_result(None)
        else:
            self._reached.append((seq, future))
        return future

    def send(self, seat: int, action: Action) -> tuple[int, list[Event]]:
        """A seat's action, whichever way in sends it (a plain ssh seat, the full client's
        data channel): a query answered from the copy (it changes nothing); any other
        sent to the holder (``sent``), and told as it comes back through the log, or
        refused (nothing now: no entry, no event)."""
        game = self.game
        mine = 0 <= seat < len(self.places) and self.places[seat].bot is None
        if game is None or action.seat != seat or not mine:
            return 0, [Rejected(seat, action, Refusal.NO_SUCH_SEAT)]
        if isinstance(action, QUERIES):
            events = game.apply(action)
            return 0, [e for e in (for_seat(ev, seat) for ev in events) if e is not None]
        asked = _asked_first(game, action)
        if asked is not None:  # the seat asks its colour first
            return 0, [asked]
        if self.sent is not None:
            self.sent(seat, action)
        return 0, []

    def told(self, seat: int, events: list[Event] | None = None, line: Line | None = None) -> None:
        """An entry for ``seat`` alone (the holder's answer to its action: a refusal, or
        none came); the other viewers' entry of that number says nothing."""
        self._seq += 1
        for viewer in self._log:
            log = self._log[viewer]
            last = log[-1] if log else None
            view = last.view if last is not None else None
            legal = last.legal if last is not None else ()
            mine = viewer == seat
            log.append(
                Entry(
                    self._seq,
                    tuple(events or ()) if mine else (),
                    view,
                    legal,
                    line=line if mine else None,
                )
            )
        self._wake()


class FarGame(TableGame):
    """A seat's game at a table held by another server: entries and actions through the
    copy (``Copy.send``: to the holder), its table commands and chat to the holder."""

    table: Copy

    def __init__(self, table: Copy, seat: int, since: int, person: Person, span: Span) -> None:
        super().__init__(table, seat, since, person)
        self._span = span

    def chat(self, name: str, said: str) -> str | None:
        self._span.later(self.person, messages.SAY_WORD, said)  # back through the log
        return None

    def host(self, name: str, word: str, rest: str) -> None:
        if word in COMMAND_WORDS or word in hosting.COMMANDS:
            self._span.later(self.person, word, rest)
            return
        super().host(name, word, rest)


# ----------------------------------------------------------------- a person, at the holder


class Stand(Person):
    """A person connected to another server, as this server's lobby commands see them
    at a table held here: their name, their table; told nothing (their own server tells
    them, from the log), never in this lobby's people."""

    def __init__(self, name: str, lobby: Lobby) -> None:  # no connection, no session
        self.name = name
        self.lobby = lobby
        self.loop = lobby.loop
        self.table = None
        self.watching = None
        self.dropped = False

    def wake(self) -> None:
        pass

    def tell(self, line: Line | Heard) -> None:
        pass


@dataclass(frozen=True, slots=True)
class Answer:
    """The holder's answer: done or not, the lines for the asker, the seat, and the
    refusal of an action (its reason's name)."""

    ok: bool
    said: tuple[str, ...] = ()
    seq: int = 0
    seat: int | None = None
    refusal: str = ""
    gone: bool = False  # the asker has no seat there at all (the host took it from them)

    def payload(self) -> bytes:
        return json.dumps(
            {
                "ok": self.ok,
                "said": list(self.said),
                "seq": self.seq,
                "seat": self.seat,
                "refusal": self.refusal,
                "gone": self.gone,
            }
        ).encode()

    @classmethod
    def read(cls, data: bytes) -> Answer:
        raw = json.loads(data)
        seat = raw.get("seat")
        return cls(
            bool(raw["ok"]),
            tuple(str(line) for line in raw.get("said", [])),
            int(raw.get("seq", 0)),
            seat if isinstance(seat, int) else None,
            str(raw.get("refusal", "")),
            raw.get("gone") is True,
        )


class Span:
    """This server's side of the tables held elsewhere, and its answers for those held
    here (``start``, then ``close`` as the server stops)."""

    def __init__(
        self,
        client: Client,
        js: JetStreamContext,
        lobby: Lobby,
        held: ClusterTables,
        directory: KeyValue,
    ) -> None:
        self.client = client
        self.js = js
        self.lobby = lobby
        self.held = held
        self.server = held.server
        self.directory = directory
        self._listed: dict[int, ServerTable] = {}  # the other servers' tables
        self.copies: dict[int, Copy] = {}
        self._following: dict[int, Any] = {}  # each copy's subscription to its log
        self._stands: dict[tuple[int, str], Stand] = {}
        self._here: dict[int, set[str]] = {}  # who of this server sits at each copy
        self._tasks: set[asyncio.Task[None]] = set()
        self._subscription: Any = None
        self._pinged: Any = None
        self._chatted: Any = None
        self._peopled: Any = None
        self._told: Any = None
        self._presence: asyncio.Task[None] | None = None
        # who each other server said is in its lobby, and when it last said so
        self._people: dict[str, tuple[float, frozenset[str]]] = {}
        self._watching: asyncio.Task[None] | None = None
        self._looking: asyncio.Task[None] | None = None
        # the people seated here from other servers: (table, name in lower case) -> the
        # server they sit from, and that server's pings not answered in a row
        self._from: dict[tuple[int, str], str] = {}
        self._unanswered: dict[str, int] = {}
        self._listing: dict[int, ServerTable] = {}  # held here, their line to write
        self._lister: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, client: Client, held: ClusterTables) -> Span:
        span = cls(client, held.js, held.lobby, held, held.directory)
        loop = asyncio.get_running_loop()
        span._subscription = await client.subscribe(ACTIONS, cb=span._asked)
        span._pinged = await client.subscribe(names.ping_subject(span.server), cb=span._ping)
        span._chatted = await client.subscribe(names.LOBBY_CHAT, cb=span._lobby_heard)
        span._peopled = await client.subscribe(names.LOBBY_PEOPLE, cb=span._people_heard)
        span._told = await client.subscribe(names.PERSON_TELL, cb=span._told_to)
        span._presence = loop.create_task(span._telling(), name="uno-access who is here")
        span._watching = loop.create_task(span._watch(), name="uno-access the tables' directory")
        span._looking = loop.create_task(span._look(), name="uno-access the people elsewhere")
        held.lobby.far = span
        held.lobby.on_line = span.lines
        for table in held.lobby.tables.values():  # (none made before, but to be sure)
            table.on_line = span.lines
        held.on_listed = span.relist
        return span

    async def close(self) -> None:
        # bounded, as the holding's are: a library call may take a cancellation for a
        # timeout, and its task go on
        tasks = [self._watching, self._looking, self._presence, self._lister]
        running = [task for task in tasks if task is not None]
        for task in running:
            task.cancel()
        if running:
            done, _ = await asyncio.wait(running, timeout=REQUEST_WAIT)
            for task in done:  # what one raised, taken (never said at the loop's end)
                if not task.cancelled():
                    task.exception()
        subs = [self._subscription, self._pinged, self._chatted, self._peopled, self._told]
        for sub in [*subs, *self._following.values()]:
            if sub is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sub.unsubscribe(), REQUEST_WAIT)

    # ------------------------------------------------------------- the list, written

    def relist(self, table: ServerTable) -> None:
        """``table`` (held here) listed anew in the directory: written by one task, in
        order, the latest line of each table."""
        self._listing[table.number] = table
        if self._lister is None or self._lister.done():
            self._lister = asyncio.get_running_loop().create_task(self._write_listings())

    async def _write_listings(self) -> None:
        while self._listing:
            number = next(iter(self._listing))
            table = self._listing.pop(number)
            if number not in self.held.held and number not in self.lobby.tables:
                continue  # let go or ended meanwhile
            if table.stage is Stage.OVER:
                continue  # its key is deleted as it ends
            with contextlib.suppress(Exception):  # not answering: written at its next change
                await self.directory.put(names.lease_key(number), listing(table, self.server))

    def said(self, table: ServerTable, name: str, said: str) -> None:
        """A chat line at a table held here, journaled for its people on other servers."""
        if not isinstance(table, Copy) and table.number in self.held.held:
            self.held.said(table, name, said)

    def lobby_said(self, name: str, said: str) -> None:
        """A lobby chat line said here (the chat's limits and mutes passed here), for the
        people of every other server: published on ``names.LOBBY_CHAT``."""
        data = json.dumps({"server": self.server, "name": name, "said": said}).encode()
        self._task(self.client.publish(names.LOBBY_CHAT, data))

    async def _lobby_heard(self, message: Msg) -> None:
        """A lobby chat line from another server, told to this server's people as its own
        lines are (none who blocks its speaker, none playing who keeps the lobby's chat out
        of their game), in each one's words. What is unreadable is dropped unsaid."""
        try:
            data = json.loads(message.data)
            server, name, said = data["server"], data["name"], data["said"]
        except (ValueError, KeyError, TypeError):
            return
        if not all(isinstance(v, str) for v in (server, name, said)) or server == self.server:
            return
        name, said = text.name(name), text.shown(said, CHAT_LIMIT).strip()
        if not name or not said:
            return
        if moderators.muted(self.lobby.moderation, name) is not None:
            return  # muted by this server's moderators: not heard here
        self.lobby.heard_from(name, said)
        line = Words(messages.chat_line, (name, said))
        self.lobby.say(Heard(line, Said.CHAT), by=name)

    def people(self) -> set[str]:
        """Who is in the other servers' lobbies, as each last said (within
        ``PEOPLE_FORGOTTEN`` seconds: a server that stopped saying so has stopped)."""
        now = asyncio.get_running_loop().time()
        found: set[str] = set()
        for when, names_there in self._people.values():
            if now - when <= PEOPLE_FORGOTTEN:
                found |= names_there
        return found

    def connected(self, name: str) -> bool:
        folded = name.lower()
        return any(p.lower() == folded for p in self.people())

    def tell(self, reader: str, by: str, said: str, kept: Callable[[], object]) -> None:
        """A private message to ``reader``, connected to another server (as it last said):
        a request on ``names.PERSON_TELL`` answered by the server they are connected to;
        none answering (they left meanwhile), ``kept`` keeps it for their next login."""
        data = json.dumps({"server": self.server, "to": reader, "by": by, "said": said})

        async def told() -> None:
            try:
                await self.client.request(names.PERSON_TELL, data.encode(), timeout=REQUEST_WAIT)
            except Exception:
                kept()

        self._task(told())

    async def _told_to(self, message: Msg) -> None:
        """A private message from another server's person to one connected here: told as
        this lobby's own (none who blocks its sender told, as if it went), and answered;
        not answered when they are not here. Anything unreadable dropped unsaid."""
        try:
            data = json.loads(message.data)
            server, to, by, said = data["server"], data["to"], data["by"], data["said"]
        except (ValueError, KeyError, TypeError):
            return
        if not all(isinstance(v, str) for v in (server, to, by, said)) or server == self.server:
            return
        to, by, said = text.name(to), text.name(by), text.shown(said, CHAT_LIMIT).strip()
        lobby = self.lobby
        if not to or not by or not said or lobby.connected(to) is None:
            return
        if not lobby.blocks(to, by):
            people.tell_one(lobby, to, Words(messages.net_tells_you, (by, said)), Said.CHAT)
            lobby.last_told[to.lower()] = by
        with contextlib.suppress(Exception):
            await message.respond(b"told")

    async def _telling(self) -> None:
        """This server's people, published when they change (looked at every
        ``PEOPLE_LOOK`` seconds) and every ``PEOPLE_EVERY`` seconds regardless, so that a
        server that starts learns them."""
        told: frozenset[str] | None = None
        last = 0.0
        loop = asyncio.get_running_loop()
        while True:
            here = frozenset(self.lobby.people)
            if here != told or loop.time() - last >= PEOPLE_EVERY:
                data = json.dumps({"server": self.server, "people": sorted(here)}).encode()
                with contextlib.suppress(Exception):  # not answering: told at the next look
                    await self.client.publish(names.LOBBY_PEOPLE, data)
                    told, last = here, loop.time()
            await asyncio.sleep(PEOPLE_LOOK)

    async def _people_heard(self, message: Msg) -> None:
        """Another server's people, as it said (an unreadable message dropped unsaid);
        the friends here of one who has just come in there told."""
        try:
            data = json.loads(message.data)
            server, listed = data["server"], data["people"]
        except (ValueError, KeyError, TypeError):
            return
        if not isinstance(server, str) or server == self.server or not isinstance(listed, list):
            return
        shown = frozenset(text.name(p) for p in listed[:MOST_PEOPLE] if isinstance(p, str))
        shown -= {""}
        before = self._people.get(server)
        elsewhere = {p.lower() for p in self.people()} | {p.lower() for p in self.lobby.people}
        self._people[server] = (asyncio.get_running_loop().time(), shown)
        if before is None:
            return  # a server first heard: who was there already did not just come in
        for name in shown - before[1]:
            if name.lower() not in elsewhere:  # not come from this server or another
                people.friends_told(self.lobby, name)

    def lines(self, table: ServerTable, said: dict[int, Line], kind: Said, by: str) -> None:
        """Lines of a table's own told here (who came or went, the host's choices, the
        turn timer's warnings), journaled for its people on other servers; not a chat
        line (``said`` journals those), nor the turn timer's "time ran out" (each copy
        says it as it applies the timer's action)."""
        if isinstance(table, Copy) or table.number not in self.held.held:
            return
        if kind is Said.CHAT or any(_ran_out(line) for line in said.values()):
            return
        text = lines_json(said, kind, by)
        if text is not None:
            self.held.lines(table, text)

    def told_before(self, table: ServerTable, line: Heard, but: str) -> None:
        """A line at a table held here before its game (who came, went or watches, the
        host's choices), journaled for its people on other servers (each told it but
        ``but``, ``Copy._told_before``)."""
        if isinstance(table, Copy) or table.number not in self.held.held:
            return
        if table.stage is not Stage.WAITING:
            return
        text = lines_json({SPECTATOR: line.text}, line.kind, but)
        if text is not None:
            self.held.lines(table, text)

    def _told_here(self, table: Copy, line: Heard, by: str, but: str = "") -> None:
        """A line at a copy before its game, to this server's people at it (none who
        blocks its speaker ``by``, not ``but``)."""
        lobby = self.lobby
        for name in {*self._here.get(table.number, set()), *table.spectators}:
            tell = lobby.people.get(name)
            if tell is not None and name != but and not (by and lobby.blocks(name, by)):
                tell(line)

    # ------------------------------------------------------------- the list, read

    def listed(self) -> dict[int, ServerTable]:
        """The tables the other servers hold, as the directory lists them."""
        mine = self.lobby.tables
        return {n: t for n, t in self._listed.items() if n not in mine}

    def _read_listing(self, key: str, value: bytes | None) -> None:
        if not key.isdigit():
            return
        number = int(key)
        if not value:
            self._listed.pop(number, None)
            return
        try:
            data = json.loads(value)
            if data.get("server") == self.server or "stage" not in data:
                self._listed.pop(number, None)
                return
            self._listed[number] = listed_table(number, data, self.lobby.loop)
        except (ValueError, KeyError, TypeError):
            self._listed.pop(number, None)  # a line this server cannot read: not listed

    async def _watch(self) -> None:
        """The directory watched, each change read as it comes; started again if the
        watcher stops (a NATS node lost)."""
        from nats.js.kv import KV_DEL, KV_PURGE

        while True:
            try:
                watcher = await self.directory.watchall()
                # its first values are the directory as it is: nothing kept from before
                # (a table ended while no watcher ran would stay listed)
                self._listed.clear()
                async for entry in watcher:
                    if entry is None:
                        continue  # the values there were: all read
                    gone = entry.operation in (KV_DEL, KV_PURGE)
                    self._read_listing(entry.key, None if gone else entry.value)
            except asyncio.CancelledError:
                raise
            except Exception:
                pass
            await asyncio.sleep(WATCH_AGAIN)

    async def _find(self, typed: str) -> ServerTable | None:
        """The table held elsewhere that ``typed`` (a number, or a code) names."""
        wanted = typed.strip().lstrip("#")
        if wanted.isdigit():
            number = int(wanted)
            if number in self.lobby.tables:
                return None
            found = self.listed().get(number)
            if found is None:  # listed a moment ago, not yet seen here: asked
                with contextlib.suppress(Exception):
                    entry = await self.directory.get(names.lease_key(number))
                    self._read_listing(str(number), entry.value)
                found = self.listed().get(number)
            return found
        if not wanted or self.lobby.with_code(wanted) is not None:
            return None
        code = wanted.lower()
        return next((t for t in self.listed().values() if t.code == code), None)

    # ------------------------------------------------------------- a person's commands

    def game(self, table: ServerTable, seat: int, since: int, person: Person) -> TableGame:
        """The seat's game: ``FarGame`` at a copy, else the lobby's own."""
        if isinstance(table, Copy):
            return FarGame(table, seat, since, person, self)
        return TableGame(table, seat, since, person)

    async def command(self, person: Person, word: str, rest: str) -> list[str] | None:
        """A lobby command about a table held elsewhere, carried out; None when it is
        not one (the lobby's own commands take it). A tournament's step too: made on the
        cluster, and answered as it is."""
        tournaments = self.lobby.tournaments
        if word == messages.TOURNAMENT_WORD and tournaments and tournaments.shared:
            return await tournament_commands.answered(person, rest)
        if word == messages.REPLAY_WORD:  # the match's replay, fetched from the cluster
            tab = standings.replay_table(person, rest)
            js = self.client.jetstream(timeout=REQUEST_WAIT)
            found = None if tab is None else await replays.fetched(js, tab)
            return standings.replay_told(person, rest, lambda _: found)
        if word in ("join", "watch"):
            by_code = not rest.strip().lstrip("#").isdigit()
            if by_code and self.lobby.code_limits.over(person.name):
                return None  # guessing codes too fast: the lobby's own answer says so
            table = await self._find(rest)
            if table is None:
                return None
            return await self._join(person, table, rest, word == "watch")
        here = person.table or person.watching
        if not isinstance(here, Copy):
            return None
        if word == "leave":
            if person.watching is here:
                self.let_go(person, here)
                return [messages.net_you_left(here.number)]
            answer = await self.ask(here.number, person, {"do": "leave"})
            if answer is None:
                return [messages.net_far_no_answer(here.number)]
            self.let_go(person, here)
            return list(answer.said)
        if word in COMMAND_WORDS or word in hosting.COMMANDS:
            answer = await self.ask(here.number, person, {"do": word, "rest": rest})
            if answer is None:
                return [messages.net_far_no_answer(here.number)]
            if answer.seq:
                await self._reached(here, answer.seq)
            return [line for line in answer.said if line]
        if word == messages.SAY_WORD:
            said = text.shown(rest, CHAT_LIMIT).strip()
            if not said:
                return []
            answer = await self.ask(here.number, person, {"do": word, "rest": said})
            if answer is None:
                return [messages.net_far_no_answer(here.number)]
            return [line for line in answer.said if line]
        return None

    async def _join(self, person: Person, table: ServerTable, typed: str, watch: bool) -> list[str]:
        number = table.number
        if person.table is not None:
            return [messages.net_already_at(person.table.number)]
        if person._hidden(table):
            return [messages.net_no_such_table(typed.strip()[:20])]
        by_number = typed.strip().lstrip("#").isdigit()
        if table.code is not None and by_number and not person._may_enter(table):
            return [messages.net_private_needs_code(number)]
        if watch:
            if person.name.lower() in table.banned:
                return [messages.net_kept_out(number)]
            copy = await self._copy(number)
            if copy is None:
                return [messages.net_far_no_answer(number)]
            copy.spectators.add(person.name)
            copy.listen(person.wake)
            person.watching = copy
            return [messages.net_you_watch(number)]
        answer = await self.ask(number, person, {"do": "join", "rest": typed})
        if answer is None:
            return [messages.net_far_no_answer(number)]
        if not answer.ok:
            return list(answer.said)
        copy = await self._copy(number)
        if copy is None or not await self._reached(copy, answer.seq):
            return [messages.net_far_no_answer(number)]
        if person.table is None:
            copy.listen(person.wake)
            person.table = copy
            person.watching = None
            self._here.setdefault(number, set()).add(person.name)
            seat = copy.seat_of(person.name)
            if seat is not None and copy.stage is Stage.PLAYING:  # back at a seat held
                copy.places[seat].seen = copy.latest(seat)  # told where they are
        return list(answer.said)

    async def arrived(self, person: Person) -> list[str]:
        """A person come in, back at a seat held for them since their connection dropped
        (their server died) at a table another server holds, as ``Person._return`` brings
        them back to one of this server's: what they are told."""
        name = person.name.lower()
        for number, table in sorted(self.listed().items()):
            dropped = any(
                p.person and not p.present and p.dropped and p.name.lower() == name
                for p in table.places
            )
            if table.stage is Stage.PLAYING and dropped and person.table is None:
                return await self._join(person, table, str(number), False)
        return []

    def let_go(self, person: Person, table: Copy) -> None:
        """``person`` no longer at (nor watching) the copy ``table``; the copy let go
        once nobody here is."""
        table.unlisten(person.wake)
        table.spectators.discard(person.name)
        self._here.get(table.number, set()).discard(person.name)
        if person.table is table:
            person.table = None
        if person.watching is table:
            person.watching = None
        self._task(self._maybe_drop(table))

    def leave(self, person: Person, table: ServerTable, seen: int, dropped: bool) -> bool:
        """``person`` leaves ``table`` if it is a copy (their game ended, their connection
        dropped): the holder is told, nobody waits for its answer; whether it was one."""
        if not isinstance(table, Copy):
            return False
        seated = person.table is table
        self.let_go(person, table)
        if seated:
            extra = {"do": "leave", "seen": seen, "dropped": dropped}
            self._task(self._asked_quietly(table.number, person, extra))
        return True

    async def _asked_quietly(self, number: int, person: Person, extra: dict[str, Any]) -> None:
        await self.ask(number, person, extra)

    def later(self, person: Person, word: str, rest: str) -> None:
        """A table command typed at a seat: asked of the holder, its answer told to
        ``person`` when it comes."""

        async def asked() -> None:
            here = person.table
            if not isinstance(here, Copy):
                return
            answer = await self.ask(here.number, person, {"do": word, "rest": rest})
            if answer is None:
                person.tell(messages.net_far_no_answer(here.number))
                return
            for line in answer.said:
                if line:
                    person.tell(line)

        self._task(asked())

    def act(self, table: Copy, seat: int, action: Action) -> None:
        """``action`` of ``seat`` sent to the holder; a refusal told to the seat alone,
        as an entry of the copy (none comes back for an action applied: its move does,
        through the log)."""
        text = codec.action_to_json(action) if codec.encodable(action) else None

        async def sent() -> None:
            if text is None:
                table.told(seat, [Rejected(seat, action, Refusal.NO_SUCH_SEAT)])
                return
            name = table.places[seat].name
            body = {"do": "act", "seat": seat, "action": text}
            answer = await self.ask(table.number, None, body, name)
            if answer is None:
                table.told(seat, line=Words(messages.net_far_no_answer, (table.number,)))
            elif answer.gone:  # the host took the seat from them: their game is gone
                place = table.places[seat]
                place.present, place.removed = False, True
                table._wake()
            elif not answer.ok:
                try:
                    reason = Refusal[answer.refusal]
                except KeyError:
                    reason = Refusal.NO_SUCH_SEAT
                card = getattr(action, "card", None)
                table.told(seat, [Rejected(seat, action, reason, card)])

        self._task(sent())

    async def ask(
        self, number: int, person: Person | None, extra: dict[str, Any], name: str = ""
    ) -> Answer | None:
        """A request on table ``number``'s subject, as ``person`` (in their language) or
        as ``name``; the holder's answer, None when none came."""
        lang = person.settings.lang if person is not None else None
        who = name or (person.name if person is not None else "")
        body = {"name": who, "lang": lang or "", "server": self.server, **extra}
        try:
            reply = await self.client.request(
                names.action_subject(number), json.dumps(body).encode(), timeout=REQUEST_WAIT
            )
            return Answer.read(reply.data)
        except Exception:  # no holder answering (its lease moving), or a reply unread
            return None

    async def _copy(self, number: int) -> Copy | None:
        """The copy of table ``number``, made and following its log if it was not."""
        copy = self.copies.get(number)
        if copy is not None:
            return copy
        copy = Copy.empty(number, self.lobby)
        copy.on_said = self._told_here  # type: ignore[method-assign]
        copy.sent = lambda seat, action: self.act(copy, seat, action)
        self.copies[number] = copy
        try:
            await self._follow(copy)
        except Exception:
            self.copies.pop(number, None)
            return None
        return copy

    async def _follow(self, copy: Copy) -> None:
        from nats.js.api import DeliverPolicy

        number = copy.number

        async def entry(message: Msg) -> None:
            headers = message.headers or {}
            seq = message.metadata.sequence.stream
            if seq <= copy.last:
                return
            copy.follow(
                headers.get(KIND, ""),
                message.data.decode("utf-8", "replace"),
                headers.get(STATE, ""),
                seq,
            )
            if copy.stage is Stage.OVER:  # nothing more comes: the copy followed no longer
                self._task(self._drop(copy))

        self._following[number] = await self.js.subscribe(
            names.log_subject(number),
            stream=names.STREAM,
            ordered_consumer=True,
            deliver_policy=DeliverPolicy.ALL,
            idle_heartbeat=max(REQUEST_WAIT / 2, 0.5),
            cb=entry,
        )

    async def _reached(self, copy: Copy, seq: int) -> bool:
        try:
            await asyncio.wait_for(copy.reached(seq), SEATED_WAIT)
        except TimeoutError:
            return False
        return True

    async def _maybe_drop(self, copy: Copy) -> None:
        """A copy nobody here sits at or watches: its log no longer followed."""
        if copy.spectators or self._here.get(copy.number):
            return
        await self._drop(copy)

    async def _drop(self, copy: Copy) -> None:
        """``copy`` no longer followed (the people still at it read what it has)."""
        if self.copies.get(copy.number) is copy:
            del self.copies[copy.number]
            self._here.pop(copy.number, None)
            sub = self._following.pop(copy.number, None)
            if sub is not None:
                with contextlib.suppress(Exception):
                    await sub.unsubscribe()

    def _task(self, work: Any) -> None:
        quietly(self._tasks, work)

    # ------------------------------------------------------------- answered here

    async def _asked(self, message: Msg) -> None:
        """A request on a table's subject: answered if this server holds the table, else
        left to the one that does."""
        try:
            number = int(message.subject.split(".")[2])
        except (IndexError, ValueError):
            return
        table = self.lobby.tables.get(number)
        if table is None or number not in self.held.held or isinstance(table, Copy):
            return
        try:
            body = json.loads(message.data)
            name = str(body["name"])
            lang = str(body.get("lang") or "")
        except (ValueError, KeyError, TypeError):
            return
        context = contextvars.copy_context()
        try:  # carried out at once, in the order the requests came
            answer = context.run(self._carried_out, table, name, lang, body)
        except Exception:  # the server stays up whatever one request does
            answer = Answer(False, (messages.tr(messages.NET_REFUSED_FAILED),))
        self._seated_from(table, name, body.get("server"))
        # answered once written, by a task of its own: the next request waits for none
        self._task(self._answered(message, number, answer))

    async def _answered(self, message: Msg, number: int, answer: Answer) -> None:
        if answer.ok or answer.seq:
            with contextlib.suppress(Exception):
                seq = await asyncio.wait_for(self.held.journal.written(number), REQUEST_WAIT)
                answer = replace(answer, seq=seq)
        with contextlib.suppress(Exception):
            await message.respond(answer.payload())

    def _carried_out(
        self, table: ServerTable, name: str, lang: str, body: dict[str, Any]
    ) -> Answer:
        """The request carried out in the asker's language, as this lobby carries out its
        own people's commands."""
        if lang:
            language.LANGUAGE.set(language.language_of(lang))
        do = str(body.get("do", ""))
        stand = self._stand(table, name)
        if do == "act":
            return self._act(table, name, body)
        rest = str(body.get("rest", ""))
        if do == "join":
            seated = table.seat_of(name)
            if seated is not None:  # still theirs (their server died unnoticed yet): back
                back = messages.net_you_are_back_waited if table.stage is Stage.PLAYING else None
                said = (back or messages.net_you_sit)(table.number, seated + 1)
                return Answer(True, (said,), 1, seated)
            stand.table = None  # come (back) as a new session comes
            said = stand._join(rest, False)
            seat = table.seat_of(name)
            return Answer(seat is not None, (said,), 1 if seat is not None else 0, seat)
        if stand.table is not table:
            return Answer(False, (messages.tr(messages.NET_NOT_AT_TABLE),))
        if do == "leave":
            # what they were told is counted on their server's copy: here, all of it
            seat = table.seat_of(name)
            seen = table.latest(seat) if seat is not None else 0
            said = stand._leave(seen, body.get("dropped") is True)
            self._stands.pop((table.number, name.lower()), None)
            return Answer(True, (said,), 1)
        if do == messages.SAY_WORD:
            told = stand._chat(text.shown(rest, CHAT_LIMIT).strip()) if rest.strip() else None
            return Answer(True, () if told is None else (told,), 1)
        if do == "bot":
            said = stand._bot(rest or DEFAULT_BOT)
        elif do == "start":
            said = stand._start()
        elif do == "timer":
            said = stand._timer(rest.lower())
        elif do in (STANDIN_WORD, WAIT_WORD, GRACE_WORD):
            said = stand._host(do, rest)
        elif do in hosting.COMMANDS:
            lines = hosting.COMMANDS[do](stand, rest)
            return Answer(True, tuple(str(line) for line in lines), 1)
        else:
            return Answer(False, (messages.net_unknown_command(do[:40]),))
        return Answer(True, (said,), 1)

    def _seated_from(self, table: ServerTable, name: str, server: object) -> None:
        """Who sits at ``table`` from which server, as their last request says."""
        key = (table.number, name.lower())
        if table.seat_of(name) is not None and isinstance(server, str) and server != self.server:
            self._from[key] = server
        else:
            self._from.pop(key, None)

    async def _ping(self, message: Msg) -> None:
        with contextlib.suppress(Exception):
            await message.respond(b"")

    async def _look(self) -> None:
        """Every few seconds, the servers this server's tables have people from are
        asked whether they are there; the people of one that is gone (no responders, or
        ``MISSED`` pings in a row) are away, their seats held as for a dropped
        connection."""
        while True:
            await asyncio.sleep(self.held.every)
            for server in sorted(set(self._from.values())):
                if not await self._there(server):
                    self._gone(server)

    async def _there(self, server: str) -> bool:
        from nats.errors import NoRespondersError

        try:
            await self.client.request(names.ping_subject(server), b"", timeout=REQUEST_WAIT)
        except NoRespondersError:
            return False
        except Exception:  # slow, or the cluster not answering: not known to be gone yet
            missed = self._unanswered.get(server, 0) + 1
            self._unanswered[server] = missed
            return missed < MISSED
        self._unanswered.pop(server, None)
        return True

    async def freed(self, name: str) -> None:
        """``name`` connects here while a table held here seats them from another server:
        that server asked whether it is there, and taken for gone if nobody answers for
        it (killed: its people's seats held for them at once, so that this person comes
        back to theirs as they arrive, not when the next look finds it gone)."""
        folded = name.lower()
        for server in {s for (_, n), s in self._from.items() if n == folded}:
            if not await self._there(server):
                self._gone(server)

    def _gone(self, server: str) -> None:
        """``server`` is gone: its people's seats at the tables held here are held for
        them, as for a dropped connection (``join N`` from any server, or their next move,
        brings them back)."""
        self._unanswered.pop(server, None)
        for (number, name), there in list(self._from.items()):
            if there != server:
                continue
            del self._from[(number, name)]
            table = self.lobby.tables.get(number)
            if table is None or isinstance(table, Copy) or number not in self.held.held:
                continue
            seat = table.seat_of(name)
            if seat is not None:
                self._stand(table, name)._leave(table.latest(seat), True)

    def _stand(self, table: ServerTable, name: str) -> Stand:
        key = (table.number, name.lower())
        stand = self._stands.get(key)
        if stand is None:
            stand = self._stands[key] = Stand(name, self.lobby)
        seated = table.seat_of(name) is not None or table.away_seat(name) is not None
        stand.table = table if seated else None
        stand.watching = None
        return stand

    def _act(self, table: ServerTable, name: str, body: dict[str, Any]) -> Answer:
        seat = body.get("seat")
        if not isinstance(seat, int):
            return Answer(False, refusal=Refusal.NO_SUCH_SEAT.name)
        if table.seat_of(name) is None and table.away_seat(name) == seat:
            # held for them since this server took the table over (its old holder
            # died): a person who plays from another server is evidently back
            table.rejoin(name)
        if table.seat_of(name) != seat:
            gone = table.seat_of(name) is None and table.away_seat(name) is None
            return Answer(False, refusal=Refusal.NO_SUCH_SEAT.name, gone=gone)
        try:
            action, _ = read_action(json.dumps(body.get("action")))
        except SavedTableError:
            return Answer(False, refusal=Refusal.NO_SUCH_SEAT.name)
        if action.seat != seat:
            return Answer(False, refusal=Refusal.NO_SUCH_SEAT.name)
        seq, events = table.send(seat, action)
        refused = next((e for e in events if isinstance(e, Rejected)), None)
        if refused is not None:
            return Answer(False, refusal=refused.reason.name)
        return Answer(True, seq=1 if seq else 0)


def _asked_first(game: Game, action: Action) -> Rejected | None:
    """A card played without its colour that the rules allow with one (a Wild): the
    refusal the holder would answer, so that the seat asks the colour and plays it again
    (``seat.table``), as at home. Here the holder's answer would come through the log,
    worded as a refusal, and nothing would be asked. None for any other action."""
    if not isinstance(action, Play | PlayDrawn | JumpIn) or action.color is not None:
        return None
    if isinstance(action, Play | JumpIn) and not action.card.is_wild:
        return None  # the common play: no colour to name
    legal = game.legal_actions(action.seat)
    for color in Color:
        coloured = replace(action, color=color)
        if coloured in legal or replace(coloured, uno=not coloured.uno) in legal:
            card = action.card if isinstance(action, Play | JumpIn) else None
            return Rejected(action.seat, action, Refusal.NEED_COLOR, card)
    return None


def _ran_out(line: Line) -> bool:
    return isinstance(line, Words) and line.phrase is messages.net_time_ran_out


__all__ = ["Copy", "FarGame", "Span", "Stand", "listed_table", "listing"]
