"""``uno-access join HOST:PORT``: the full client, over the data channel (``protocol``).

The server's lobby is relayed line by line (the same typed commands as plain ssh); at a
game, the entries the server logs for this seat arrive as data and are told here by the
seat a plain ssh session has on the server (``seat.NetTable``, the home ``Table`` at a
network table), not a subclass of it: what differs here is said by its game
(``ClientGame``), as values. It speaks through the player's own speech, braille
display, large text and settings; keys go up as actions. Everything from the network
is untrusted: every string shown is cleaned (``text``), every value decoded is one of
the engine's types or refused.

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
from typing import Any, TypeGuard

import asyncssh
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ... import settings_table, text
from ...access import messages
from ...access.message import Priority, Verbosity
from ...access.render import Renderer
from ...access.sounds import Cue, cue_named
from ...access.speech import Line
from ...access.wording import language
from ...engine import codec
from ...engine.actions import Action
from ...engine.codec import CodecError
from ...engine.events import Event
from ...engine.rules import RuleSet
from ...engine.state import PlayerView
from ...seat.asks import Wake
from ...seat.history import Buffer, History
from ...settings import Settings
from ...store.paths import data_dir
from ...ui.drive import drive
from ...ui.keys import Pressed, TooLong
from ...ui.profile import Session, open_session, plain_session
from ...ui.terminal import Screen, terminal_missing
from ..seat import NetKeyboard, NetTable, RemoteGame, chat_command, hear, review
from ..wire import (
    CHAT_WORD,
    LOBBY_PROMPT,
    MOST_SEATS,
    RESUME_ENV,
    RESUME_LOBBY,
    REVIEW_WORDS,
    SERVERS_ENV,
    SPECTATOR,
    SUBSYSTEM,
    WATCH_PROMPT,
    Entry,
)
from ..wire.notices import Connection, Gone, Notice, NotSent, Restarted, notice_line
from ..wire.protocol import MAX_LINE, ProtocolError, dumps, loads
from ..wire.said import Heard, Said, heard_line, said_named

KEY_NAME = "client_key"
KNOWN_HOSTS_NAME = "known_hosts"
EXIT_ERROR = 1
DEFAULT_PORT = 8022
REPLY_TIMEOUT = 30.0  # seconds: a server that never answers an action does not freeze us
SHOWN_LIMIT = 2000  # the longest line of the server's shown
FIRST_RETRY = 0.25  # seconds before the first try to connect again; doubled each time
LAST_RETRY = 4.0  # the longest wait between two tries
LONG_GONE = 10.0  # seconds without the server before the player is told it does not answer


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

    What arrives is kept for the player's thread: the lines to tell (the lobby's, the
    server's refusals, and this client's own refusal of each line it does not take) in
    ``heard``, game starts and watching in ``inbox``, the table's entries in ``entries``,
    replies to actions by their id.
    ``on_data`` is called (from the link's thread) whenever anything arrived.
    ``seen_lines``, when set, is given every line as it came (tests keep them).

    When the connection drops, the link connects again by itself, waiting a little longer
    after each failed try (``FIRST_RETRY`` doubling up to ``LAST_RETRY``), until the
    player quits (``close``). At a game it asks the server for the entries after the last
    one it received (``RESUME_ENV``); they are held until the server says all are sent
    (``resumed``), so that the player's thread tells them in one go, after "Back at the
    table". An entry numbered no higher than one received is dropped: none is told twice.
    What the player is told of all this waits in ``take_notices``.
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.heard: queue.SimpleQueue[Heard] = queue.SimpleQueue()
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
        self._where: tuple[str, int, str, Path] | None = None
        # a cluster's other servers, as this one last said (``servers``): tried in turn
        # when it no longer answers
        self._others: list[tuple[str, int]] = []
        self._closing = False  # the player quits: no connecting again
        self.down = False  # the connection dropped, not yet back
        self._notices: list[Notice] = []
        self._game: tuple[str, int] | None = None  # (server epoch, seat) of the game on
        self._last = 0  # the number of the last entry received
        self._resuming = False  # entries held until the server says all are sent
        self._held: list[Entry] = []
        self._told_refused = False
        self._reconnecting = False
        self._wait = FIRST_RETRY
        self._down_since = 0.0
        self._told_long = False

    # ----------------------------------------------------------------- connecting

    def open(self, host: str, port: int, login: str, folder: Path) -> None:
        self._where = (host, port, login, folder)
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._open(host, port, login, folder), self.loop)
        future.result()

    async def _open(
        self, host: str, port: int, login: str, folder: Path, env: dict[str, str] | None = None
    ) -> None:
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
                    keepalive_interval=10,  # a connection gone silent is noticed
                    keepalive_count_max=3,
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
            lambda: _Channel(self),
            subsystem=SUBSYSTEM,
            encoding="utf-8",
            errors="replace",
            env={SERVERS_ENV: "1", **(env or {})},  # the cluster's others: taken here
        )

    async def _reconnect(self) -> None:
        """Connect again until it works or the player quits, each failure told once: to
        this server, else to each of the cluster's others in turn (the first that answers
        is this client's server from then on)."""
        assert self._where is not None
        while not self._closing:
            await asyncio.sleep(self._wait)
            self._wait = min(self._wait * 2, LAST_RETRY)
            host, port, login, folder = self._where
            with self._lock:
                game, last = self._game, self._last
            resume = f"{game[0]} {game[1]} {last}" if game is not None else RESUME_LOBBY
            env = {RESUME_ENV: resume}
            error: JoinError | None = None
            for there in [(host, port), *[o for o in self._others if o != (host, port)]]:
                try:
                    with self._lock:
                        self._resuming, self._held = game is not None, []
                    await self._open(there[0], there[1], login, folder, env)
                except JoinError as failed:
                    error = failed
                    continue
                error = None
                if there != (host, port):
                    self._where = (there[0], there[1], login, folder)
                    self._notice(Connection.MOVED, _shown_address(there))
                break
            if error is not None:
                if not self._told_long and self.loop.time() - self._down_since >= LONG_GONE:
                    self._told_long = True
                    self._notice(Connection.TRYING, str(error))
                continue
            self._reconnecting = False
            if self._closing:
                self._conn.close()
                return
            if game is None:
                self.down = False
                self._notice(Connection.RECONNECTED)
            return  # at a game: back once the server has sent what was missed (``resumed``)
        self._reconnecting = False

    def take_notices(self) -> list[Notice]:
        """What happened to the connection since last asked (with the words given)."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def _notice(self, kind: Connection, why: str = "") -> None:
        with self._lock:
            self._notices.append(Notice(kind, why))
        self.on_data()

    def close(self) -> None:
        self._closing = True

        def shut() -> None:
            if self._conn is not None:
                self._conn.close()

        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(shut)

    # ----------------------------------------------------------------- out

    def send(self, message: dict[str, Any]) -> None:
        if message.get("t") == "done":
            with self._lock:
                self._game = None
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
        if self.down:
            with self._lock:
                self._replies.pop(number, None)
            raise NotSent
        self.send({"t": "action", "id": number, "action": codec.action_to_json(action)})
        try:
            return future.result(REPLY_TIMEOUT)
        except concurrent.futures.TimeoutError:
            with self._lock:
                self._replies.pop(number, None)
            self.refuse(messages.tr(messages.NET_CLIENT_NO_ANSWER))
            return 0, []  # told nothing: the table asks again (``NetTable._apply``)

    # ----------------------------------------------------------------- in (link thread)

    def received(self, line: str) -> None:
        if self.seen_lines is not None:
            self.seen_lines(line)
        try:
            message = loads(line)
        except ProtocolError as error:
            self.refuse(_WHY.get(str(error), messages.tr(messages.NET_CLIENT_NOT_JSON)))
        else:
            try:
                self._take(message)
            except ProtocolError as error:
                self.refuse(str(error))
        self.on_data()

    def refuse(self, why: str) -> None:
        """A line of the server's not taken: told in one line, and nothing of it is shown."""
        self.heard.put(Heard(messages.net_client_refused(why)))

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "refused" and message.get("end") is True:
            self._closing = True  # the server's last word (a name refused): not tried again
            self._resuming = False
        if kind == "refused" and self._resuming:
            said = message.get("reason")
            if isinstance(said, str) and not self._told_refused:
                self._told_refused = True  # told once; the link goes on trying
                self._notice(Connection.REFUSED, text.shown(said, SHOWN_LIMIT))
        elif kind == "line":
            self.heard.put(_line(message))
        elif kind == "refused":
            said = message.get("reason")
            if not isinstance(said, str):
                raise ProtocolError(messages.net_client_bad_field("reason"))
            self.heard.put(Heard(text.shown(said, SHOWN_LIMIT)))
        elif kind == "start":
            seat, back = message.get("seat"), message.get("back_from")
            epoch, upto = message.get("epoch"), message.get("upto", 0)
            if not (_number(seat) and (back is None or _number(back)) and _number(upto)):
                raise ProtocolError(messages.net_client_bad_field("start"))
            with self._lock:
                self.entries, self._last = [], 0
                self._game = (text.shown(str(epoch), 64), seat)
                restarted, self._resuming = self._resuming, False
            if restarted:  # the server was restarted: the game comes again, anew
                self.down = False
                self._notice(Connection.RESTARTED)
            self.inbox.put({"t": "start", "seat": seat, "back_from": back, "upto": upto})
        elif kind == "resumed":
            seat = message.get("seat")
            if seat is not None and not _number(seat):
                raise ProtocolError(messages.net_client_bad_field("resumed"))
            with self._lock:
                if self._held:
                    self._last = self._held[-1].seq
                self.entries += self._held
                self._held, self._resuming = [], False
                self._told_refused = False
                if seat is None:
                    self._game = None
            self.down = False
            self._notice(Connection.BACK if isinstance(seat, int) else Connection.GONE)
        elif kind == "watch":
            names, rules = (
                message.get("names"),
                _decoded(message.get("rules"), "rules", codec.rules_from_json),
            )
            if not (isinstance(names, list) and isinstance(rules, RuleSet)):
                raise ProtocolError(messages.net_client_bad_field("watch"))
            with self._lock:
                self.entries, self._last = [], 0
            shown = [text.name(str(n)) for n in names[:MOST_SEATS]]
            self.inbox.put({"t": "watch", "names": shown, "rules": rules})
        elif kind == "unwatch":
            self.inbox.put({"t": "unwatch"})
        elif kind == "servers":
            addresses = message.get("addresses")
            if not isinstance(addresses, list):
                raise ProtocolError(messages.net_client_bad_field("servers"))
            self._others = [
                found
                for found in (_address_of(a) for a in addresses[:MOST_OTHERS])
                if found is not None
            ]
        elif kind == "entry":
            entry = _entry(message)
            with self._lock:
                held = self._held if self._resuming else None
                newest = held[-1].seq if held else self._last
                if entry.seq <= newest:
                    if held is None:  # a number told already, out of a resume: refused
                        raise ProtocolError(messages.net_client_bad_field("seq"))
                    return  # received before the connection dropped: never told twice
                if held is None:
                    self._last = entry.seq
                    self.entries.append(entry)
                else:  # kept for the player once all are in; asked for again if lost
                    held.append(entry)
        elif kind == "reply":
            number, seq = message.get("id"), message.get("seq")
            if not (_number(number) and _number(seq)):
                raise ProtocolError(messages.net_client_bad_field("reply"))
            with self._lock:
                future = self._replies.pop(number, None)
            try:
                events = list(_events(message.get("events")))
            except ProtocolError:  # an answer that cannot be told still ends the wait
                if future is not None:
                    future.set_result((seq, []))
                raise
            if future is not None:
                future.set_result((seq, events))
        else:
            raise ProtocolError(messages.net_client_no_such_message(text.shown(kind, 20)))

    def lost(self) -> None:
        with self._lock:
            replies, self._replies = self._replies, {}
        for future in replies.values():
            future.set_exception(NotSent())
        if self._closing or self._where is None:
            self.closed.set()
            self.on_data()
            return
        with contextlib.suppress(Exception):
            self._conn.close()  # what is left of it
        if not self.down:
            self.down, self._down_since = True, self.loop.time()
            self._wait, self._told_long = FIRST_RETRY, False
            self._notice(Connection.LOST)
        if not self._reconnecting:
            self._reconnecting = True
            self.loop.create_task(self._reconnect())


_WHY = {
    messages.NET_REFUSED_TOO_LONG: messages.NET_CLIENT_TOO_LONG,
    messages.NET_REFUSED_NOT_JSON: messages.NET_CLIENT_NOT_JSON,
    messages.NET_REFUSED_NOT_MESSAGE: messages.NET_CLIENT_NOT_MESSAGE,
}


def _number(value: object) -> TypeGuard[int]:
    """A whole number this protocol can mean (a seat, an id, a sequence number)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def _decoded(raw: object, field: str, read: Callable[[object], Any]) -> Any:
    """An engine value of a message's ``field`` (None: none); ProtocolError naming it."""
    if raw is None:
        return None
    try:
        return read(raw)
    except CodecError:
        raise ProtocolError(messages.net_client_bad_field(field)) from None


def _events(raw: object) -> tuple[Event, ...]:
    values = _decoded(raw, "events", codec.events_from_json)
    if not isinstance(values, tuple) or not all(isinstance(v, Event) for v in values):
        raise ProtocolError(messages.net_client_bad_field("events"))
    return values


def _line(message: dict[str, Any]) -> Heard:
    """A ``line`` message: its text made safe, its kind, the sound the server named."""
    said = message.get("text")
    if not isinstance(said, str):
        raise ProtocolError(messages.net_client_bad_field("text"))
    kind, cue = _kind(message)
    return Heard(text.shown(said, SHOWN_LIMIT), kind, cue)


def _kind(message: dict[str, Any]) -> tuple[Said, Cue | None]:
    """A line's kind (a notice when not named) and the sound named for it (None: the
    kind's own); ProtocolError for a kind or a sound this client does not know.
    """
    kind = said_named(message.get("kind", Said.NOTICE.value))
    if kind is None:
        raise ProtocolError(messages.net_client_bad_field("kind"))
    sound = message.get("sound")
    cue = cue_named(sound) if isinstance(sound, str) else None
    if sound is not None and cue is None:
        raise ProtocolError(messages.net_client_bad_field("sound"))
    return kind, cue


def _view_fits(view: PlayerView) -> bool:
    """A view this client can tell: its seats within its table."""
    seats = len(view.names)
    within = (view.seat, view.dealer, view.current, view.exposed, view.challenged_by)
    return (
        2 <= seats <= MOST_SEATS
        and len(view.hand_sizes) == seats
        and len(view.scores) == seats
        and all(seat is None or 0 <= seat < seats for seat in within)
        and all(0 <= seat < seats for seat in (*view.handed_one, *view.eliminated))
        and (view.played_by is None or 0 <= view.played_by < seats)
    )


def _entry(message: dict[str, Any]) -> Entry:
    seq = message.get("seq")
    if not _number(seq):
        raise ProtocolError(messages.net_client_bad_field("seq"))
    view = _decoded(message.get("view"), "view", codec.view_from_json)
    if view is not None and not (isinstance(view, PlayerView) and _view_fits(view)):
        raise ProtocolError(messages.net_client_bad_field("view"))
    if view is not None:  # names as they may be shown
        view = replace(view, names=tuple(text.name(str(n)) for n in view.names))
    legal = _decoded(message.get("legal"), "legal", codec.actions_from_json)
    if legal is not None and not (
        isinstance(legal, tuple) and all(isinstance(a, Action) for a in legal)
    ):
        raise ProtocolError(messages.net_client_bad_field("legal"))
    line = message.get("line")
    if line is not None and not isinstance(line, str):
        raise ProtocolError(messages.net_client_bad_field("line"))
    kind, cue = _kind(message) if line is not None else (Said.NOTICE, None)
    return Entry(
        seq,
        _events(message.get("events")),
        view,
        legal or (),
        text.shown(line, SHOWN_LIMIT) if line is not None else None,
        kind,
        cue,
    )


class ClientGame(RemoteGame):
    """``RemoteGame`` whose table is across the network: the entries the link received
    (decoded from the server's data: one whose events cannot be told is refused in one
    line by the seat, ``decoded``), actions sent as data (``NotSent`` while the
    connection is down), and the link's notices of the connection.
    """

    decoded = True

    def __init__(self, link: Link, seat: int, upto: int = 0) -> None:
        self.link = link
        self.seat = seat
        self._seen = 0
        self._earlier: list[Entry] = []
        self._begin(self._wait_first(upto))

    def _wait_first(self, upto: int) -> Entry:
        """The opening, once every entry the server had logged for this seat when the game
        started here (``upto``) has come: where the person is is told from all of them."""
        while True:
            entries = self.pending()
            first = next((entry for entry in entries if entry.view is not None), None)
            if first is not None and entries[-1].seq >= upto:
                return first
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

    def chat(self, name: str, said: str) -> str | None:
        self.link.send({"t": "line", "text": f"{messages.SAY_WORD} {said}"})
        return None  # the server answers as it answers a lobby line

    def host(self, name: str, word: str, rest: str) -> None:
        self.link.send({"t": "line", "text": f"{word} {rest}".strip()})

    def notices(self) -> list[Notice]:
        return self.link.take_notices()


MOST_OTHERS = 16  # a cluster's other servers kept, at most


def _address_of(told: object) -> tuple[str, int] | None:
    """A server's ``HOST:PORT`` as another told it (None: not one)."""
    if not isinstance(told, str) or len(told) > 300:
        return None
    host, colon, port = told.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    if not all(c.isalnum() or c in ".-:" for c in host):
        return None
    return host, int(port)


def _shown_address(where: tuple[str, int]) -> str:
    host, port = where
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


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
    session: Session | None = None,
) -> int:
    """Join a server's lobby and play at its tables; the exit status. ``session``: the
    keyboard and devices to use (tests), in place of those the settings open.
    """
    try:
        host, port = split_address(address)
        if input is None and session is None:
            missing = terminal_missing("join")  # before a key is made or a server called
            if missing is not None:
                raise JoinError(missing)
        person = name or getpass.getuser()
        login = f"{person}+{invite}" if invite else person
        link = Link()
        link.open(host, port, login, folder or data_dir())
    except JoinError as error:
        print(f"uno-access: {error}", file=sys.stderr)
        return EXIT_ERROR
    game_keys = settings.keys if settings is not None else False
    if session is not None:
        assert isinstance(session.keyboard, NetKeyboard)
        game_keyboard = session.keyboard
    else:
        game_keyboard = NetKeyboard(input=input, output=output, keys=game_keys)
        if settings is None:
            session = plain_session(game_keyboard, Screen())
        else:
            session = open_session(settings, game_keyboard)
    if settings is not None:
        session.outputs.chat_speech = settings.chat_speech
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
            session.tell(Line.of(messages.net_server_closed))
        link.close()
        session.close()
    return 0


def _take_heard(link: Link) -> list[Heard]:
    """The lines the link received to be told, not told yet."""
    taken: list[Heard] = []
    while True:
        try:
            taken.append(link.heard.get_nowait())
        except queue.Empty:
            return taken


def _hear(session: Session, chat: History, line: Heard) -> None:
    """A line of the server's told: a chat line kept in the chat's history, with the sound
    the server named, played here by this player's own sound device and settings.
    """
    session.flush()
    message = session.outputs.message(heard_line(line.text))
    hear(session.outputs, chat, message, line, session.outputs.say, others=None)


def _local(line: str, session: Session, chat: History) -> bool:
    """The lobby's commands answered here, never sent: ``chat`` (``chat mute``, ``chat
    unmute``), ``[`` and ``]``; whether ``line`` was one.
    """
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip().lower()
    if word == CHAT_WORD:
        said = chat_command(session.outputs, chat, rest)
        session.outputs.say(Line.of(messages.net_told, said), Priority.URGENT)
    elif word in REVIEW_WORDS and not rest:
        said = review(chat, REVIEW_WORDS[word])
        session.outputs.say(Line.of(messages.net_told, said), Priority.URGENT)
    else:
        return False
    return True


def _mirror(line: str, session: Session, game_keyboard: NetKeyboard) -> None:
    """The lobby's choices of how this person plays that this client's own table makes:
    ``keys on``/``keys off`` and the verbosity, from the next game on, as the server says
    in its answer (which keeps them with the account)."""
    word, _, rest = line.strip().partition(" ")
    setting = settings_table.IN_LOBBY.get(word.lower())
    if setting not in (settings_table.KEYS, settings_table.VERBOSITY):
        return
    try:
        chosen = setting.from_typed(rest.strip(), english=True)
    except settings_table.Bad:
        return  # the server says why, in one line
    if setting is settings_table.KEYS:
        game_keyboard.keys = bool(chosen)
    else:
        session.verbosity = Verbosity(chosen)


def _lobby(
    link: Link, session: Session, keyboards: list[NetKeyboard], game_keyboard: NetKeyboard
) -> None:
    lobby_keyboard = keyboards[0]
    watched: _Watched | None = None
    chat = History(current=Buffer.CHAT)  # the chat's own history, lobby and table alike
    while not link.closed.is_set() or not link.inbox.empty() or not link.heard.empty():
        started: dict[str, Any] | None = None
        for notice in link.take_notices():
            if notice.kind is not Connection.RESTARTED:  # a game's start follows in the inbox
                session.tell(Line.of(messages.net_told, notice_line(notice)))
        for line in _take_heard(link):
            _hear(session, chat, line)
        while not link.inbox.empty():
            message = link.inbox.get()
            if message["t"] == "start":
                started, watched = message, None
                break
            if message["t"] == "watch":
                watched = _Watched(message["names"], message["rules"], session, chat)
            elif message["t"] == "unwatch":
                watched = None
        if watched is not None:
            watched.tell(link)
        if started is not None:
            keyboards[0] = game_keyboard
            try:
                _play(
                    link,
                    session,
                    chat,
                    started["seat"],
                    started["back_from"],
                    started["upto"],
                )
            finally:
                keyboards[0] = lobby_keyboard
                lobby_keyboard.take_input()
            continue
        if link.closed.is_set() and link.inbox.empty() and link.heard.empty():
            break  # it closed before anything could wake the prompt (at its very start)
        session.screen.input_taken()
        got = lobby_keyboard.read_woken(LOBBY_PROMPT if watched is None else WATCH_PROMPT)
        if isinstance(got, Wake):
            continue
        if isinstance(got, str):
            if got.strip().lower() == "quit":
                return
            if not _local(got, session, chat):
                _mirror(got, session, game_keyboard)
                link.send({"t": "line", "text": got[: text.LINE_LIMIT]})
        elif isinstance(got, TooLong):
            session.outputs.say(Line.of(messages.line_too_long), Priority.URGENT)
        elif not isinstance(got, Pressed):
            session.outputs.say(Line.of(messages.no_such_key_typed), Priority.URGENT)


class _Watched:
    """A table this person watches: its public entries, told as they come."""

    def __init__(self, names: list[str], rules: RuleSet, session: Session, chat: History) -> None:
        self.session = session
        self.chat = chat
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
                _hear(self.session, self.chat, Heard(entry.line, entry.kind, entry.cue))
            try:
                told = self.renderer.events(entry.events)
            except (IndexError, TypeError, ValueError, AttributeError):
                continue  # an event that names no seat of this table: nothing is told
            for message in told:
                self.session.outputs.show(message)


def _play(
    link: Link,
    session: Session,
    chat: History,
    seat: int,
    back_from: int | None,
    upto: int = 0,
) -> None:
    """The game at this seat, told by the home table, until it ends or the person quits."""
    keyboard = session.keyboard
    assert isinstance(keyboard, NetKeyboard)
    keyboard.take_input()
    game = ClientGame(link, seat, upto)
    table = NetTable.seated(
        game,
        keyboard,
        session.screen,
        session.outputs,
        session.verbosity,
        back_from=back_from,
        chat=chat,
        heard_from=lambda: _take_heard(link),
    )
    try:
        drive(table.play(), keyboard, session.screen)
    except Restarted:
        return  # the server deals it again: its ``start`` is in the inbox
    except Gone:
        session.tell(Line.of(messages.net_game_gone))
        return
    link.send({"t": "done"})
