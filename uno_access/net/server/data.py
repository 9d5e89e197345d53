"""The server's end of the data channel (``protocol``): the session of ``uno-access join``.

It runs on the server's event loop, the tables' one writer. Every line that comes in is
untrusted: a line too long, no JSON, no message, an action that is no action, for
another seat, or with no game to go to, is refused with its reason in a ``refused``
message, and nothing changes. Typed lobby commands are the plain-ssh lobby's own
(``lobby.Person._command``), carried out by a coroutine of the session's own, in order.
The entries sent are the table's log for this seat alone (``ServerTable.entries``).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Any

import asyncssh

from ... import text
from ...access import messages
from ...access.message import Priority
from ...access.problem import problem
from ...access.wording import language
from ...engine import codec
from ...engine.codec import CodecError
from ...seat.history import Buffer, History
from ...seat.outputs import Outputs
from ...settings import Settings
from ...ui.terminal import Screen
from ..wire import RESUME_ENV, RESUME_LOBBY, SPECTATOR, SUBSYSTEM
from ..wire.protocol import MAX_LINE, ProtocolError, dumps, entry_message, line_message, loads
from ..wire.said import Heard, Line, heard
from .lobby import Person
from .tables import Lobby, ServerTable, Stage

__all__ = ["RESUME_ENV", "RESUME_LOBBY", "SUBSYSTEM", "DataSession"]

MOST_ADDRESSES = 16  # the other servers' addresses told to a client, at most


class _DataPerson(Person):
    """The lobby's person, whose lines go out as ``line`` messages."""

    def __init__(self, name: str, lobby: Lobby, session: DataSession) -> None:
        self.name = name
        self.lobby = lobby
        self.loop = lobby.loop
        self.settings = Settings()
        self.screen = Screen(lambda line: None)
        self.outputs = Outputs(self.screen.say)
        self.chat = History(current=Buffer.CHAT)  # the client keeps its own; unused here
        self.table: ServerTable | None = None
        self.watching: ServerTable | None = None
        self.dropped = False
        self._session = session

    def tell(self, line: Line | Heard) -> None:
        with language.use(self.settings.lang or None):  # worded in this person's language
            self._session.send(line_message(heard(line)))

    def wake(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._session.pump)

    def _say(self, line: str, priority: Priority = Priority.NORMAL) -> None:
        if line:
            self.tell(line)


class DataSession:
    """One ``uno-access join`` connection's data channel."""

    def __init__(self, lobby: Lobby, name: str, chan: Any) -> None:
        self.lobby = lobby
        self.name = name
        self.chan = chan
        self.servers_taken = False  # the client takes ``servers`` (``SERVERS_ENV``)
        self.loop = lobby.loop
        self.person = _DataPerson(name, lobby, self)
        self._thread = threading.get_ident()
        # the lobby commands typed, carried out one after another by a coroutine of its own
        self._commands: asyncio.Queue[str] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        self._buffer = ""
        self._out: list[str] = []  # lines to go out at the end of this turn of the loop
        self._skipping = False  # a line too long: the rest of it is dropped
        self._seat: int | None = None  # the seat whose entries are being sent
        self._watched: ServerTable | None = None  # the table whose public entries are sent
        self._sent = 0
        self._closed = False
        self._gated = False  # waiting for the table's entries to be kept (``Person.held``)

    # ----------------------------------------------------------------- out

    def send(self, message: dict[str, Any]) -> None:
        """From any thread: one message, in order."""
        if threading.get_ident() == self._thread:
            self._write(dumps(message))
        else:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._write, dumps(message))

    def _write(self, line: str) -> None:
        """On the loop: ``line`` goes out with the others of this turn of the loop, in
        one write (one SSH packet, one system call, rather than one per line).
        """
        self._out.append(line)
        if len(self._out) == 1:
            self.loop.call_soon(self._flush)

    def _flush(self) -> None:
        """What is held, out; once the table's entries are kept (``Person.held``), and
        never if they are not (the table gone elsewhere)."""
        if self._gated:
            return
        gate = self.person.held()
        if gate is not None and self._out:
            self._gated = True
            held = len(self._out)  # what is held now: sent once its entries are kept
            gate.add_done_callback(lambda gate: self._gate_opened(gate, held))
            return
        self._send_out(len(self._out))

    def _send_out(self, count: int) -> None:
        """The first ``count`` lines held, to the channel."""
        out = self._out[:count]
        del self._out[:count]
        if out and not self._closed:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.write("".join(out))

    def _gate_opened(self, gate: asyncio.Future[bool], held: int) -> None:
        """The entries of what was held when the gate was asked are kept: that out, and
        what came since once its own are (never if they are not)."""
        self._gated = False
        if gate.result():
            self._send_out(held)
            self._flush()
        else:
            self._out.clear()  # moves the log does not hold: never told

    def _exit(self, status: int) -> None:
        self._flush()  # what was said goes first
        self.chan.exit(status)

    def refuse(self, reason: str) -> None:
        self.send({"t": "refused", "reason": reason})

    def end(self, why: Callable[[], str]) -> None:
        """The session sent away (a ban): told why, as the last word, then closed."""
        with language.use(self.person.settings.lang or None):
            self.send({"t": "refused", "reason": why(), "end": True})
        self._exit(1)
        self.closed()

    # ----------------------------------------------------------------- the session

    def start(self, resume: str | None = None, refusal: str | None = None) -> None:
        """The session begins: the lobby, or the seat held for this person (``resume``:
        the client connects again at a game, ``RESUME_ENV``); ``refusal``: why the name
        asked for cannot be had, said, and the session ends.
        """
        if refusal is not None:  # the last word: the client does not try again
            self.send({"t": "refused", "reason": refusal, "end": True})
            self._exit(1)
            return
        earlier = self.lobby.people.get(self.name)
        owner = getattr(earlier, "__self__", None)
        if resume is not None and isinstance(owner, _DataPerson):
            # the same key connects again at its game: the old connection is a dead one
            owner._session.closed()
            with contextlib.suppress(OSError, asyncssh.Error):
                owner._session.chan.close()
        if not self.name or self.name in self.lobby.people:
            self.refuse(messages.tr(messages.NET_ALREADY_CONNECTED))
            self._exit(1)
            return
        self.lobby.people[self.name] = self.person.tell
        if self.lobby.addresses is not None and self.servers_taken:  # where to go if it stops
            self.send({"t": "servers", "addresses": self.lobby.addresses()[:MOST_ADDRESSES]})
        if resume == RESUME_LOBBY:
            for table in self.lobby.tables.values():
                table.quit_away(self.name)  # the player left that game meanwhile
            for number in self.person._away_seats():
                self.person.tell(messages.net_seat_waits(number))
            return
        if resume is not None and self._resume(resume):
            return
        for line in self.person._arrival():
            self.person._say(line)
        self.person.came_in()  # messages kept, friends told, a mute said
        self.pump()

    def _resume(self, resume: str) -> bool:
        """Back at the game this client was at: the entries after the last one it
        received, then ``resumed``. False when the server was restarted since (a new
        start, with what the seat missed, follows).
        """
        epoch, seat, seen = [*resume.split(), "", "", ""][:3]
        if epoch != self.lobby.epoch or not seat.isdigit() or not seen.isdigit():
            return False
        self.person._return()
        table = self.person.table
        if table is None or table.seat_of(self.name) != int(seat):
            self.send({"t": "resumed", "seat": None})
            return True
        self._seat = int(seat)
        self._sent = min(int(seen), table.latest(self._seat))
        self.pump()
        self.send({"t": "resumed", "seat": self._seat})
        return True

    def received(self, data: str) -> None:
        self._buffer += data
        while True:
            line, newline, rest = self._buffer.partition("\n")
            if not newline:
                if len(self._buffer) > MAX_LINE:
                    self._buffer, self._skipping = "", True
                    self.refuse(messages.tr(messages.NET_REFUSED_TOO_LONG))
                return
            self._buffer = rest
            if self._skipping:
                self._skipping = False
                continue
            self._line(line)

    def closed(self) -> None:
        if self._closed:
            return
        self._closed = True
        person = self.person
        if person.table is not None or person.watching is not None:
            person._leave(self._sent, dropped=True)
        if self.lobby.people.get(self.name) == person.tell:
            self.lobby.people.pop(self.name, None)
        if self._worker is not None:
            self._worker.cancel()

    # ----------------------------------------------------------------- in

    def _line(self, line: str) -> None:
        try:
            message = loads(line)
        except ProtocolError as error:
            self.refuse(str(error))
            return
        kind = message["t"]
        if kind == "line":
            said = message.get("text")
            if not isinstance(said, str) or len(said) > text.LINE_LIMIT:
                self.refuse(messages.net_refused_line_text(text.LINE_LIMIT))
                return
            if self._worker is None:
                self._worker = self.loop.create_task(self._carry_out())
            self._commands.put_nowait(said)
        elif kind == "action":
            self._action(message)
        elif kind == "done":
            self._done()
        else:
            self.refuse(messages.net_refused_no_such_message(text.shown(kind, 20)))

    async def _carry_out(self) -> None:
        """The lobby commands, in order, as plain ssh's lobby takes them."""
        self.person.use_language()  # this coroutine speaks the person's language
        while True:
            line = await self._commands.get()
            going_on = await self.person._command(line)
            if self._closed:
                return
            # a seat taken up again (join N) starts no game: its entries go now
            if going_on:
                self.pump()
            else:
                self._exit(0)

    def _action(self, message: dict[str, Any]) -> None:
        number = message.get("id")
        if not isinstance(number, int) or isinstance(number, bool):
            self.refuse(messages.tr(messages.NET_REFUSED_NO_ID))
            return
        try:  # a count of cards out of range too (codec.MOST_COPIES)
            action = codec.action_from_json(message.get("action"))
        except CodecError as error:
            why = problem(error.within("actions[0]"))
            self.refuse(messages.net_refused_not_action(text.shown(why, 200)))
            return
        table = self.person.table
        seat = table.seat_of(self.name) if table is not None else None
        if table is None or seat is None or table.stage is not Stage.PLAYING:
            self.refuse(messages.tr(messages.NET_REFUSED_NO_GAME))
            return
        if action.seat != seat:
            self.refuse(messages.tr(messages.NET_REFUSED_NOT_YOUR_SEAT))
            return
        try:
            seq, events = table.send(seat, action)
        except Exception:  # the server stays up whatever one line does
            self.refuse(messages.tr(messages.NET_REFUSED_FAILED))
            return
        self.pump()  # the entries up to this action's go first
        self.send({"t": "reply", "id": number, "seq": seq, "events": codec.events_to_json(events)})

    def _done(self) -> None:
        """The client's game ended (or the person left it): back in the lobby."""
        person = self.person
        if person.table is None:
            self.refuse(messages.tr(messages.NET_NOT_AT_TABLE))
            return
        person.tell(person._leave(self._sent))
        self._seat = None
        self._sent = 0

    def pump(self) -> None:
        """Send what this seat's table logged for it since the last entry sent (or, to a
        spectator, what the watched table logged for everyone).
        """
        if self._closed:
            return
        self.person._still_there()  # removed by a host meanwhile: in the lobby
        if self._seat is not None and self.person.table is None:
            self._seat, self._sent = None, 0  # its game is gone for it: the client leaves it
            self.send({"t": "resumed", "seat": None})
        self._pump_watched()
        table = self.person.table
        if table is None or table.stage is Stage.WAITING:
            return
        seat = table.seat_of(self.name)
        if seat is None:
            return
        if self._seat is None:
            self._seat = seat
            back = table.places[seat].seen or None
            # ``upto``: the entries already logged for the seat, all sent next; the client
            # tells where the person is once it has them all, never from part of them
            self.send(
                {
                    "t": "start",
                    "seat": seat,
                    "back_from": back,
                    "epoch": self.lobby.epoch,
                    "upto": table.latest(seat),
                }
            )
        with language.use(self.person.settings.lang or None):  # its lines in their words
            for entry in table.entries(seat, self._sent + 1, self.name):
                self._sent = entry.seq
                self.send(entry_message(entry))

    def _pump_watched(self) -> None:
        watching = self.person.watching
        if watching is not self._watched and self._watched is not None:
            self._watched, self._sent = None, 0
            self.send({"t": "unwatch"})
        if watching is None or watching.stage is Stage.WAITING:
            return
        if self._watched is None:
            self._watched, self._sent = watching, 0
            names = [place.name for place in watching.places]
            self.send({"t": "watch", "names": names, "rules": codec.rules_to_json(watching.rules)})
        with language.use(self.person.settings.lang or None):  # its lines in their words
            for entry in watching.entries(SPECTATOR, self._sent + 1, self.name):
                self._sent = entry.seq
                self.send(entry_message(entry))
