"""``uno-access join HOST:PORT``: the full client, over the data channel (``protocol``).

The server's lobby is relayed line by line (the same typed commands as plain ssh); at a
game, the entries the server logs for this seat arrive as data and are told here by the
same ``Table`` as at home (``seat.NetTable``, with ``ClientGame`` as its game), through
the player's own speech, braille display, large text and settings; keys go up as
actions. Everything from the network is untrusted: every string shown is cleaned
(``text``), every value decoded is one of the engine's types or refused.

The client's SSH key is made on first use in the user's data folder (mode 0600); the
server's host key is pinned on first contact in a known-hosts file of the client's
own, and a changed one is refused, as ssh does.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import getpass
import os
import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import asyncssh
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .. import text
from ..access import messages
from ..access.message import Priority
from ..access.render import Renderer
from ..access.wording import language
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.rules import RuleSet
from ..engine.state import PlayerView
from ..scenario import action_json
from ..settings import Settings
from ..store.paths import data_dir
from ..ui.keys import Pressed, TooLong
from ..ui.profile import Session, open_session, plain_session
from ..ui.terminal import Screen
from .data import SUBSYSTEM
from .lobby import LOBBY_PROMPT, WATCH_PROMPT
from .protocol import MAX_LINE, ProtocolError, decode, dumps, loads
from .seat import NetKeyboard, NetTable, RemoteGame, Wake
from .tables import MOST_SEATS, SPECTATOR, Entry

KEY_NAME = "client_key"
KNOWN_HOSTS_NAME = "known_hosts"
EXIT_ERROR = 1
DEFAULT_PORT = 8022
SHOWN_LIMIT = 2000  # the longest line of the server's shown


class JoinError(Exception):
    """Why the client could not join (one line, for standard error)."""


def client_key(folder: Path) -> asyncssh.SSHKey:
    """The client's own key, made on first use, readable by its owner alone."""
    path = folder / KEY_NAME
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    return asyncssh.read_private_key(str(path))


def _key_text(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode("ascii").split()[1]


class _Pinning(asyncssh.SSHClient):
    """Trust on first contact: the host key is pinned, and a changed one refused."""

    def __init__(self, known: Path, where: str) -> None:
        self.known = known
        self.where = where
        self.changed = False
        self.new_key: str | None = None

    def _pinned(self) -> str | None:
        with contextlib.suppress(OSError):
            for line in self.known.read_text(encoding="utf-8").splitlines():
                where, _, key = line.partition(" ")
                if where == self.where:
                    return key.strip()
        return None

    def validate_host_public_key(self, host: str, addr: str, port: int, key: Any) -> bool:
        offered = _key_text(key)
        pinned = self._pinned()
        if pinned is None:
            self.new_key = offered  # pinned once the server proved it holds the key
            return True
        self.changed = pinned != offered
        return not self.changed

    def pin(self) -> None:
        if self.new_key is None:
            return
        self.known.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.known, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as out:
            out.write(f"{self.where} {self.new_key}\n")


class _Channel(asyncssh.SSHClientSession[str]):
    def __init__(self, link: Link) -> None:
        self.link = link
        self._buffer = ""

    def data_received(self, data: str, datatype: Any) -> None:
        self._buffer += data
        while True:
            line, newline, rest = self._buffer.partition("\n")
            if not newline:
                if len(self._buffer) > MAX_LINE:
                    self._buffer = ""  # an endless line is dropped
                return
            self._buffer = rest
            self.link.received(line)

    def connection_lost(self, exc: Exception | None) -> None:
        self.link.lost()


class Link:
    """The connection and its data channel, on an event loop in a thread of its own.

    What arrives is kept for the player's thread: lobby lines and game starts in
    ``inbox``, the table's entries in ``entries``, replies to actions by their id.
    ``on_data`` is called (from the link's thread) whenever anything arrived.
    ``seen_lines``, when set, is given every line as it came (tests keep them).
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.entries: list[Entry] = []
        self.on_data: Callable[[], None] = lambda: None
        self.seen_lines: Callable[[str], None] | None = None
        self.closed = threading.Event()
        self._lock = threading.Lock()
        self._replies: dict[int, concurrent.futures.Future[tuple[int, list[Event]]]] = {}
        self._next = 0
        self._chan: Any = None
        self._conn: Any = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="link", daemon=True)

    # ----------------------------------------------------------------- connecting

    def open(self, host: str, port: int, login: str, folder: Path) -> None:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._open(host, port, login, folder), self.loop)
        future.result()

    async def _open(self, host: str, port: int, login: str, folder: Path) -> None:
        where = f"[{host}]:{port}"
        pinning = _Pinning(folder / KNOWN_HOSTS_NAME, where)
        try:
            self._conn = await asyncio.wait_for(
                asyncssh.connect(
                    host,
                    port,
                    username=login,
                    client_keys=[client_key(folder)],
                    known_hosts=(),
                    client_factory=lambda: pinning,
                    agent_path=None,
                    password_auth=False,
                    kbdint_auth=False,
                ),
                30,
            )
        except (TimeoutError, OSError, asyncssh.Error) as error:
            if pinning.changed:
                raise JoinError(messages.net_host_key_changed(where, str(pinning.known))) from None
            if isinstance(error, asyncssh.PermissionDenied):
                raise JoinError(messages.net_join_denied(text.name(login))) from None
            why = text.shown(str(error) or type(error).__name__, 200)
            raise JoinError(messages.net_join_failed(where, why)) from None
        pinning.pin()
        self._chan, _ = await self._conn.create_session(
            lambda: _Channel(self), subsystem=SUBSYSTEM, encoding="utf-8", errors="replace"
        )

    def close(self) -> None:
        def shut() -> None:
            if self._conn is not None:
                self._conn.close()

        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(shut)

    # ----------------------------------------------------------------- out

    def send(self, message: dict[str, Any]) -> None:
        line = dumps(message)

        def write() -> None:
            with contextlib.suppress(OSError, asyncssh.Error):
                self._chan.write(line)

        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(write)

    def act(self, action: Action) -> tuple[int, list[Event]]:
        """Send an action and wait for the server's answer: its entry's number and events."""
        with self._lock:
            self._next += 1
            number = self._next
            future: concurrent.futures.Future[tuple[int, list[Event]]]
            future = concurrent.futures.Future()
            self._replies[number] = future
        self.send({"t": "action", "id": number, "action": action_json(action)})
        return future.result()

    # ----------------------------------------------------------------- in (link thread)

    def received(self, line: str) -> None:
        if self.seen_lines is not None:
            self.seen_lines(line)
        try:
            message = loads(line)
            self._take(message)
        except ProtocolError:
            pass  # a line of no use is dropped: nothing of it is shown
        self.on_data()

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind in ("line", "refused"):
            said = message.get("text" if kind == "line" else "reason")
            if isinstance(said, str):
                self.inbox.put({"t": "line", "text": text.shown(said, SHOWN_LIMIT)})
        elif kind == "start":
            seat, back = message.get("seat"), message.get("back_from")
            if isinstance(seat, int) and (back is None or isinstance(back, int)):
                with self._lock:
                    self.entries = []
                self.inbox.put({"t": "start", "seat": seat, "back_from": back})
        elif kind == "watch":
            names, rules = message.get("names"), decode(message.get("rules"))
            if isinstance(names, list) and isinstance(rules, RuleSet):
                with self._lock:
                    self.entries = []
                shown = [text.name(str(n)) for n in names[:MOST_SEATS]]
                self.inbox.put({"t": "watch", "names": shown, "rules": rules})
        elif kind == "unwatch":
            self.inbox.put({"t": "unwatch"})
        elif kind == "entry":
            entry = _entry(message)
            with self._lock:
                self.entries.append(entry)
        elif kind == "reply":
            number, seq = message.get("id"), message.get("seq")
            events = _events(message.get("events"))
            with self._lock:
                future = self._replies.pop(number, None) if isinstance(number, int) else None
            if future is not None and isinstance(seq, int):
                future.set_result((seq, list(events)))

    def lost(self) -> None:
        self.closed.set()
        with self._lock:
            replies, self._replies = self._replies, {}
        for future in replies.values():
            future.set_exception(EOFError())
        self.on_data()


def _events(raw: object) -> tuple[Event, ...]:
    values = decode(raw)
    if not isinstance(values, tuple):
        raise ProtocolError("events are a list")
    return values


def _entry(message: dict[str, Any]) -> Entry:
    seq = message.get("seq")
    if not isinstance(seq, int):
        raise ProtocolError("an entry is numbered")
    view = decode(message.get("view"))
    if view is not None and not isinstance(view, PlayerView):
        raise ProtocolError("a view is a PlayerView")
    if view is not None:  # names as they may be shown
        view = replace(view, names=tuple(text.name(str(n)) for n in view.names))
    legal = decode(message.get("legal"))
    line = message.get("line")
    return Entry(
        seq,
        _events(message.get("events")),
        view,
        legal if isinstance(legal, tuple) else (),
        text.shown(line, SHOWN_LIMIT) if isinstance(line, str) else None,
    )


class ClientGame(RemoteGame):
    """``RemoteGame`` whose table is across the network: the entries the link received,
    and actions sent as data.
    """

    def __init__(self, link: Link, seat: int) -> None:
        self.link = link
        self.seat = seat
        self._seen = 0
        self._earlier: list[Entry] = []
        first = self._wait_first()
        self.opening = first.events
        assert first.view is not None
        self._view = first.view
        self._legal = first.legal
        self._seen = first.seq

    def _wait_first(self) -> Entry:
        while True:
            for entry in self.pending():
                if entry.view is not None:
                    return entry
            if self.link.closed.wait(0.02):
                raise EOFError

    def pending(self) -> list[Entry]:
        with self.link._lock:
            entries = [entry for entry in self.link.entries if entry.seq > self._seen]
        if not entries and self.link.closed.is_set():
            raise EOFError  # the server is gone: the game ends here
        return entries

    def _send(self, action: Action) -> tuple[int, list[Event]]:
        return self.link.act(action)  # across the network


class ClientTable(NetTable):
    """The home table for this seat; a chat line goes to the server as ``say TEXT``."""

    game: ClientGame

    def _chat(self, line: str) -> bool:
        word, _, rest = line.strip().partition(" ")
        if word.lower() != messages.SAY_WORD:
            return False
        self.game.link.send({"t": "line", "text": f"{messages.SAY_WORD} {rest.strip()}"})
        return True


def split_address(address: str) -> tuple[str, int]:
    host, colon, port = address.rpartition(":")
    if not colon:
        return address, DEFAULT_PORT  # the port uno-access serve takes by default
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise JoinError(messages.net_bad_address(text.shown(address, 80)))
    return host.strip("[]") or "127.0.0.1", int(port)


def join(
    address: str,
    name: str | None,
    invite: str | None,
    settings: Settings | None,
    *,
    input: Input | None = None,
    output: Output | None = None,
    folder: Path | None = None,
) -> int:
    """Join a server's lobby and play at its tables; the exit status."""
    try:
        host, port = split_address(address)
        person = name or getpass.getuser()
        login = f"{person}+{invite}" if invite else person
        link = Link()
        link.open(host, port, login, folder or data_dir())
    except JoinError as error:
        print(f"uno-access: {error}", file=sys.stderr)
        return EXIT_ERROR
    game_keys = settings.keys if settings is not None else False
    game_keyboard = NetKeyboard(input=input, output=output, keys=game_keys)
    if settings is None:
        session = plain_session(game_keyboard, Screen())
    else:
        session = open_session(settings, game_keyboard)
    lobby_keyboard = NetKeyboard(input=input, output=output, keys=False)
    lobby_keyboard.take_input()
    keyboards = [lobby_keyboard]
    link.on_data = lambda: keyboards[0].wake()
    if language.current() != language.ENGLISH:  # the server's lines in the player's language
        link.send({"t": "line", "text": f"lang {language.current()}"})
    try:
        _lobby(link, session, keyboards, game_keyboard)
    except (EOFError, KeyboardInterrupt):
        pass
    finally:
        if link.closed.is_set():
            session.tell(messages.tr(messages.NET_SERVER_CLOSED))
        link.close()
        session.close()
    return 0


def _lobby(
    link: Link, session: Session, keyboards: list[NetKeyboard], game_keyboard: NetKeyboard
) -> None:
    lobby_keyboard = keyboards[0]
    watched: _Watched | None = None
    while not link.closed.is_set() or not link.inbox.empty():
        started: dict[str, Any] | None = None
        while not link.inbox.empty():
            message = link.inbox.get()
            if message["t"] == "start":
                started, watched = message, None
                break
            if message["t"] == "watch":
                watched = _Watched(message["names"], message["rules"], session)
            elif message["t"] == "unwatch":
                watched = None
            else:
                session.tell(message["text"])
        if watched is not None:
            watched.tell(link)
        if started is not None:
            keyboards[0] = game_keyboard
            try:
                _play(link, session, started["seat"], started["back_from"])
            finally:
                keyboards[0] = lobby_keyboard
                lobby_keyboard.take_input()
            continue
        session.screen.input_taken()
        got = lobby_keyboard.read_woken(LOBBY_PROMPT if watched is None else WATCH_PROMPT)
        if isinstance(got, Wake):
            continue
        if isinstance(got, str):
            if got.strip().lower() == "quit":
                return
            link.send({"t": "line", "text": got[: text.LINE_LIMIT]})
        elif isinstance(got, TooLong):
            session.outputs.say(messages.line_too_long(), Priority.URGENT)
        elif not isinstance(got, Pressed):
            session.outputs.say(messages.tr(messages.NO_SUCH_KEY_TYPED), Priority.URGENT)


class _Watched:
    """A table this person watches: its public entries, told as they come."""

    def __init__(self, names: list[str], rules: RuleSet, session: Session) -> None:
        self.session = session
        self.seen = 0
        self.renderer = Renderer(
            SPECTATOR, tuple(names), rules, verbosity=session.verbosity, with_braille=False
        )

    def tell(self, link: Link) -> None:
        with link._lock:
            entries = [entry for entry in link.entries if entry.seq > self.seen]
        for entry in entries:
            self.seen = entry.seq
            if entry.line is not None:
                self.session.outputs.say(entry.line)
            try:
                told = self.renderer.events(entry.events)
            except (IndexError, TypeError, ValueError, AttributeError):
                continue  # an event that names no seat of this table: nothing is told
            for message in told:
                self.session.outputs.show(message)


def _play(link: Link, session: Session, seat: int, back_from: int | None) -> None:
    """The game at this seat, told by the home table, until it ends or the person quits."""
    keyboard = session.keyboard
    assert isinstance(keyboard, NetKeyboard)
    keyboard.take_input()
    game = ClientGame(link, seat)
    table = ClientTable(
        game,
        {},
        keyboard,
        session.screen,
        seat,
        outputs=session.outputs,
        verbosity=session.verbosity,
        at_keyboard=(seat,),
    )
    table.back_from = back_from
    try:
        table.run()
    finally:
        link.send({"t": "done"})
