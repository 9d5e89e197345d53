"""``uno-access serve``: the game server, over SSH (asyncssh), one asyncio process.

The server never runs a shell or a command: every session is the lobby
(``lobby.Person``), a coroutine of its own over the channel, or, for the one subsystem
``uno-access`` (the data channel of ``uno-access join``), the same lobby and games as
JSON lines (``data``). Its host key is made on
the first start in the data folder (mode 0600). A login is a name and an SSH public
key (``accounts``): a known key logs in as its name; a new key claims a free name when
the server is ``--open``, or with the invite code (``ssh NAME+CODE@HOST``). Or a name
and its password (argon2, ``passwords``), asked by ssh itself; a new person without a
key gives the invite code, then chooses a password (``_Connection``). The tables
are saved in ``tables.db`` there (``saved``), each action before it is applied; on start
every unfinished table is brought back exactly, its people's seats held for them. With
``--cluster`` the tables are the cluster's instead (``cluster.holding``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import functools
import gc
import os
import resource
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh
from prompt_toolkit.application import application as _application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import typeahead
from prompt_toolkit.output.vt100 import Vt100_Output

from ...access import messages
from ...access.wording import language
from ...store.paths import data_dir
from ..wire import SERVERS_ENV
from . import moderators, passwords
from .accounts import Accounts, Limiter, login_keys, split_login
from .data import RESUME_ENV, SUBSYSTEM, DataSession
from .feed import ChannelInput
from .lobby import Person
from .pace import Paced, Pacer
from .saved import open_tables
from .tables import Lobby
from .ways import TerminalWay

if TYPE_CHECKING:
    from ..cluster.connect import Access
    from ..cluster.member import Member

HOST_KEY_NAME = "host_key"
# AES-GCM, which every ssh client since OpenSSH 6.2 offers, is done in one call of the
# cryptography library a packet; chacha20-poly1305 costs asyncssh about six times as
# much (two ciphers made in Python a packet), and ssh takes the client's first choice
# the server allows: so the server allows AES alone (OpenSSH itself takes CTR, which
# it lists before GCM, with a MAC of ``MACS``).
ENCRYPTION = (
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-ctr",
    "aes192-ctr",
    "aes256-ctr",
)


# SSH_MSG_IGNORE (RFC 4253, 11.2)
_MSG_IGNORE = 2


class _SshConnection(asyncssh.SSHServerConnection):
    """asyncssh's server connection without the empty ignore packet it sends before every
    packet once encrypting: a defence for CBC ciphers (their next IV is the last block
    sent, RFC 4251 9.3.1), which ``ENCRYPTION`` never offers. With CTR and GCM it only
    doubled the packets, their encryption and the system calls for every line sent.
    """

    def send_packet(self, pkttype: int, *args: bytes, handler: Any = None) -> None:
        if pkttype == _MSG_IGNORE:
            return
        super().send_packet(pkttype, *args, handler=handler)


# no UMAC, OpenSSH's first choice, which asyncssh computes through ctypes at twice the
# cost of HMAC-SHA2 (the cryptography library's) for each packet; every client of the
# last ten years offers HMAC-SHA2
MACS = (
    "hmac-sha2-256-etm@openssh.com",
    "hmac-sha2-512-etm@openssh.com",
    "hmac-sha2-256",
    "hmac-sha2-512",
    "hmac-sha1-etm@openssh.com",
    "hmac-sha1",
)


def default_data() -> Path:
    return data_dir() / "server"


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made on the first start, readable by its owner alone."""
    path = folder / HOST_KEY_NAME
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    return asyncssh.read_private_key(str(path))


EMPTY_COLLECT = 10.0  # seconds: the least time between two collections of an empty server


class Replaceable(Protocol):
    """A person's connection (a plain ssh session, a browser's WebSocket): the same person
    coming in again replaces it, their seat kept; a ban sends it away (``why``: the
    sentence that says so, worded in the person's language as it is called)."""

    def replaced(self, why: Callable[[], str] | None = None) -> None: ...


class Server:
    """What every connection shares: the accounts, the lobby, the failed logins."""

    def __init__(self, accounts: Accounts, lobby: Lobby, open_: bool) -> None:
        self.accounts = accounts
        self.lobby = lobby
        lobby.account_of = accounts.created  # a held seat is its account's, not its name's
        lobby.name_taken = accounts.taken  # no bot takes an account's name, or its look
        lobby.owner_of = accounts.owner  # a name typed, as its account spells it
        lobby.social = accounts.social  # friends, blocks, private messages waiting
        lobby.results = accounts.results  # finished matches, ratings
        lobby.tournaments = accounts.tournaments  # their rounds played at its tables
        accounts.tournaments.lobby = lobby
        lobby.moderation = accounts.moderation  # roles, mutes, bans, reports
        lobby.end_session = self.end_session  # a ban sends a session away
        self.open = open_
        self.limiter = Limiter()
        # the plain ssh session of each name: the same person logging in again replaces it
        self.sessions: dict[str, Replaceable] = {}
        self.connections = 0
        self.pacer: Pacer | None = None  # new connections served after the others
        self._collected = -EMPTY_COLLECT  # when the cycles were last collected (loop time)

    def connected(self) -> None:
        self.connections += 1

    def end_session(self, name: str, why: Callable[[], str]) -> None:
        """``name``'s session, whatever its way in, ended now, told ``why`` (a ban)."""
        session = self.sessions.get(name)
        if session is not None:
            session.replaced(why)
        tell = self.lobby.people.get(name)
        data = getattr(getattr(tell, "__self__", None), "_session", None)
        if isinstance(data, DataSession):
            data.end(why)

    def disconnected(self) -> None:
        """A connection has gone; once none is left, the cycles its sessions left behind
        (a prompt_toolkit application is full of them) are collected, at most once every
        ``EMPTY_COLLECT`` seconds: the collector runs seldom while the server serves
        (``_collected_seldom``), and an empty server would otherwise hold them until people
        come again.
        """
        self.connections -= 1
        loop = asyncio.get_running_loop()
        if self.connections == 0 and loop.time() - self._collected >= EMPTY_COLLECT:
            self._collected = loop.time()
            loop.call_soon(_collect_and_give_back)


def _collect_and_give_back() -> None:
    """The cycles collected, and the memory freed given back to the system: glibc's
    allocator keeps what was freed for the next allocation, so a server that held 200
    people would otherwise stay at their high-water mark once they have gone."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(ctypes.util.find_library("c")).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


def _key_text(key: asyncssh.SSHKey) -> str:
    algorithm, data = key.export_public_key("openssh").decode("ascii").split()[:2]
    return f"{algorithm} {data}"


_Challenge = tuple[str, str, str, list[tuple[str, bool]]]
_CHOOSE_TRIES = 3  # new passwords refused (not the same twice, too short) before giving up


class _Connection(asyncssh.SSHServer):
    """One SSH connection: its login, then its session.

    A login is by key (``validate_public_key``) or by password, asked the way OpenSSH
    asks first, keyboard-interactive (``get_kbdint_challenge``), or as a plain password
    (``validate_password``). A new person without a key gives the invite code (after
    the name, ``NAME+CODE``, or when asked; nothing on an ``--open`` server), then
    chooses a password, typed twice. Every wrong answer counts as a failed login.
    """

    def __init__(self, server: Server) -> None:
        self.server = server
        self.peer = ""
        self.name: str | None = None
        self._claim: tuple[str, str | None, str | None] | None = None  # name, key, hash
        self.claiming: asyncio.Future[bool] | None = None  # the cluster's answer to a claim
        self._conn: asyncssh.SSHServerConnection | None = None
        self._asked = ""  # what the keyboard-interactive login asked last
        self._tries = 0
        # why the name asked for cannot be a new account's: the login then passes only
        # for the session to say so in a sentence and end (ssh itself says only "denied")
        self.refusal: str | None = None
        self.paced: Paced | None = server.pacer.entering if server.pacer else None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self.server.connected()
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else ""

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.disconnected()

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def _failed(self, name: str = "") -> bool:
        """A failed login, counted for the address and for the name asked for, answered
        after the wait the failures of either call for. A right key or password is
        answered at once: the owner never waits for a stranger's mistakes, and a guesser
        waits at each wrong guess (``Limiter``)."""
        limiter, keys = self.server.limiter, login_keys(self.peer, name)
        limiter.login_failed(keys)
        delay = limiter.login_delay(keys)
        if delay:
            await asyncio.sleep(delay)
        return False

    def _name_refused(self, name: str) -> bool:
        """Whether ``name``, free, cannot be claimed (kept, or like another's): then the
        session only says why."""
        self.refusal = self.server.accounts.name_refused(name)
        if self.refusal is not None:
            self.name, self._claim = "", None
        return self.refusal is not None

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        server = self.server
        name, code = split_login(username)
        key_text = _key_text(key)
        owner = server.accounts.name_of(key_text)
        if owner is not None and name and owner.lower() == name.lower():
            self.name, self._claim = owner, None
            return True
        if owner is None and server.accounts.may_claim(name, key_text, code, server.open):
            if self._name_refused(name):
                return True
            self.name, self._claim = name, (name, key_text, None)
            return True
        if owner is None and server.accounts.password_of(name) is not None:
            return False  # a key this person has not given us: their password is asked next
        return await self._failed(name)

    # ----------------------------------------------------------------- by password

    async def get_kbdint_challenge(
        self, username: str, lang: str, submethods: str
    ) -> bool | _Challenge:
        accounts = self.server.accounts
        name, code = split_login(username)
        owner = accounts.owner(name) if name else None
        if owner is not None and accounts.password_of(owner) is not None:
            self._asked = "password"
            return ("", "", "", [(messages.net_password_prompt(owner), False)])
        if not name or owner is not None:  # no name, or a name of a key alone
            return await self._failed(name)
        if accounts.invited(code, self.server.open):
            return True if self._name_refused(name) else self._choose(name)
        self._asked = "invite"
        return (
            "",
            messages.net_invite_asked(name),
            "",
            [(messages.tr(messages.NET_INVITE_PROMPT), True)],
        )

    def _choose(self, name: str, why: str | None = None) -> _Challenge:
        """Asks for a new password, twice; ``why`` the last one was not taken, said in the
        first prompt itself (OpenSSH shows the instructions only at its default log level).
        """
        self._asked = "choose"
        first = messages.tr(messages.NET_NEW_PASSWORD_PROMPT)
        instructions = messages.net_choose_password(name, passwords.SHORTEST)
        if why is not None:
            first, instructions = f"{why} {first}", ""
        return (
            "",
            instructions,
            "",
            [(first, False), (messages.tr(messages.NET_PASSWORD_AGAIN_PROMPT), False)],
        )

    async def validate_kbdint_response(
        self, username: str, responses: Sequence[str]
    ) -> bool | _Challenge:
        accounts = self.server.accounts
        name, _ = split_login(username)
        asked, self._asked = self._asked, ""
        if asked == "password" and len(responses) == 1:
            return await self._by_password(name, responses[0])
        if asked == "invite" and len(responses) == 1 and not accounts.exists(name):
            if accounts.invited(responses[0].strip(), self.server.open):
                return True if self._name_refused(name) else self._choose(name)
            return await self._failed(name)
        if asked == "choose" and len(responses) == 2 and not accounts.exists(name):
            why = passwords.refused(responses[0], responses[1])
            if why is None:
                await self._new_password(name, responses[0])
                return True
            self._tries += 1
            if self._tries < _CHOOSE_TRIES:
                return self._choose(name, why)
        return await self._failed(name)

    async def validate_password(self, username: str, password: str) -> bool:
        accounts = self.server.accounts
        name, code = split_login(username)
        owner = accounts.owner(name) if name else None
        if owner is not None:
            return await self._by_password(owner, password)
        if name and accounts.invited(code or password.strip(), self.server.open):
            if self._name_refused(name):
                return True
            # a new person gave the invite code as their password: now they choose one
            raise asyncssh.PasswordChangeRequired(
                messages.net_choose_password(name, passwords.SHORTEST)
            )
        return await self._failed(name)

    async def change_password(self, username: str, old_password: str, new_password: str) -> bool:
        accounts = self.server.accounts
        name, code = split_login(username)
        if not name or accounts.exists(name):
            return await self._failed(name)  # a known name's password is changed in the lobby
        if not accounts.invited(code or old_password.strip(), self.server.open):
            return await self._failed(name)
        why = passwords.refused(new_password, new_password)
        if why is not None:
            raise asyncssh.PasswordChangeRequired(why)
        await self._new_password(name, new_password)
        return True

    async def _by_password(self, name: str, password: str) -> bool:
        accounts = self.server.accounts
        stored = accounts.password_of(name)
        loop = asyncio.get_running_loop()
        if await loop.run_in_executor(None, passwords.matches, stored, password):
            self.name, self._claim = accounts.owner(name), None
            return True
        return await self._failed(name)

    async def _new_password(self, name: str, password: str) -> None:
        loop = asyncio.get_running_loop()
        digest = await loop.run_in_executor(None, passwords.hashed, password)
        self.name, self._claim = name, (name, None, digest)

    def auth_completed(self) -> None:
        claim = self._claim
        accounts = self.server.accounts
        if claim is not None:  # a new account: its first login is said with it
            if accounts.shared is not None:  # the cluster's: the session waits for it
                self.claiming = asyncio.ensure_future(accounts.shared.claim(*claim))
            elif not accounts.claim(*claim) and self._conn:
                self._conn.close()  # the name was claimed by another meanwhile
        elif self.name:
            banned = moderators.banned(accounts.moderation, self.name)
            if banned is not None:  # the session says why, and ends
                self.refusal, self.name = banned, ""
                return
            accounts.seen(self.name)

    # no tunnels of any kind: a session is the lobby, and nothing else is served
    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False

    def session_requested(self) -> asyncssh.SSHServerSession[str]:
        session = _Session(self.server, self.name or "", self.paced, self.refusal)
        session.claiming = self.claiming
        return session


# a session's output waiting for a slow reader: past OUTPUT_LIMIT bytes held for it, or
# after OUTPUT_WAIT seconds in which the channel took nothing more, the connection is
# taken for dead and closed (the seat kept); the event loop never waits for it
OUTPUT_LIMIT = 1024 * 1024
OUTPUT_WAIT = 120.0


class _SessionOutput(Vt100_Output):
    """prompt_toolkit's terminal output, flushed straight into the session's
    ``_ChannelOut`` (prompt_toolkit's flush first asks a file descriptor, which a channel
    has none of, whether it blocks: most of a flush's cost, at every drawing)."""

    def flush(self) -> None:
        if self._buffer:
            data = "".join(self._buffer)
            self._buffer = []
            self.stdout.write(data)


class _ChannelOut:
    """A file for prompt_toolkit's output that writes to the channel, on the event loop (a
    session is a coroutine there), in order. A reader too slow for what is said never
    makes anyone wait: what waits for it is bounded (``OUTPUT_LIMIT``), and a channel that
    takes nothing for ``OUTPUT_WAIT`` seconds is closed (``_Session.pause_writing``).

    What one turn of the event loop writes goes out as one piece, at the end of that turn
    (``send``): a woken prompt's erasing, the lines told and the prompt drawn again are
    one ssh packet and one system call, not one each.
    """

    encoding = "utf-8"

    def __init__(self, chan: Any) -> None:
        self._chan = chan
        self._held: list[str] = []
        # what is held waits for this too (``Person.held``): told only once kept
        self.gate: Callable[[], asyncio.Future[bool] | None] = _no_gate
        self._gated = False  # waiting for the gate

    def write(self, data: str) -> int:
        if not self._held:
            try:
                asyncio.get_running_loop().call_soon(self.send)
            except RuntimeError:  # no loop running: at once
                self._held.append(data)
                self.send()
                return len(data)
        self._held.append(data)
        return len(data)

    def send(self) -> None:
        """What is held, to the channel now (before anything written to it directly);
        or once the gate opens, dropped if it never does (the table gone elsewhere)."""
        if not self._held or self._gated:
            return
        gate = self.gate()
        if gate is not None:
            self._gated = True
            held = len(self._held)  # what is held now: told once its entries are kept
            gate.add_done_callback(lambda gate: self._gate_opened(gate, held))
            return
        self._write(len(self._held))

    def _write(self, count: int) -> None:
        """The first ``count`` pieces held, to the channel."""
        data = "".join(self._held[:count])
        del self._held[:count]
        chan = self._chan
        with contextlib.suppress(OSError, asyncssh.Error):
            if chan.get_write_buffer_size() > OUTPUT_LIMIT:
                chan.close()  # a reader gone silent: closed (the seat's input then ends)
            else:
                chan.write(data.replace("\n", "\r\n"))

    def _gate_opened(self, gate: asyncio.Future[bool], held: int) -> None:
        """The entries of what was held when the gate was asked are kept: that out, and
        what came since once its own are (never if they are not)."""
        self._gated = False
        if gate.result():
            self._write(held)
            self.send()
        else:
            self._held.clear()  # moves the log does not hold: never told

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def _no_gate() -> asyncio.Future[bool] | None:
    return None


def _winch_of_this_terminal(
    attach: Callable[[Callable[[], None]], contextlib.AbstractContextManager[None]],
) -> Callable[[Callable[[], None]], contextlib.AbstractContextManager[None]]:
    """prompt_toolkit's ``attach_winch_signal_handler``, for the prompts of this process's
    own terminal alone. A session's prompt draws on a person's terminal far away, whose
    size comes with each drawing (``_Session._size``) and is polled while it waits: the
    server's SIGWINCH is not theirs. Attaching it for each prompt (asyncio's
    ``add_signal_handler``, then the one before put back) cost the server a tenth of its
    time, the prompts of a hundred people replacing one another's handler.
    """

    def attach_for(handler: Callable[[], None]) -> contextlib.AbstractContextManager[None]:
        app = getattr(handler, "__self__", None)
        if isinstance(getattr(getattr(app, "output", None), "stdout", None), _ChannelOut):
            return contextlib.nullcontext()
        return attach(handler)

    attach_for.attaches_for_this_terminal = True  # type: ignore[attr-defined]
    return attach_for


if not hasattr(_application.attach_winch_signal_handler, "attaches_for_this_terminal"):
    _application.attach_winch_signal_handler = _winch_of_this_terminal(  # type: ignore[assignment]
        _application.attach_winch_signal_handler
    )


REPLACE_WAIT = 5.0  # seconds a session replacing another waits for it to leave the lobby


class _Session(asyncssh.SSHServerSession[str]):
    """An interactive session: the lobby. No shell, no command; the one subsystem is the
    data channel.
    """

    def __init__(
        self, server: Server, name: str, paced: Paced | None = None, refusal: str | None = None
    ) -> None:
        self.server = server
        self.name = name
        self._refusal = refusal  # the name asked for cannot be had: said, and the session ends
        self._paced = paced  # its connection, served after others for a while yet
        self._chan: Any = None
        self._input: ChannelInput | None = None
        self._stalled: asyncio.TimerHandle | None = None  # a reader taking nothing, timed
        self._task: asyncio.Task[None] | None = None  # the session's coroutine
        self._data = False
        self._data_session: DataSession | None = None
        self._person: Person | None = None
        self._out: _ChannelOut | None = None  # the person's output, held to the loop's turn end
        self.claiming: asyncio.Future[bool] | None = None  # a new name, claimed on the cluster
        self._freed = False  # seats held for a dead server's connection looked at (cluster)

    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True  # the lobby, never a shell

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        # the one subsystem: the data channel of ``uno-access join`` (``data``)
        self._data = subsystem == SUBSYSTEM
        return self._data

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._person is not None:
            self._person.resized()

    def _size(self) -> Size:
        width, height = 80, 24
        if self._chan is not None:
            width, height, _, _ = self._chan.get_terminal_size()
        return Size(rows=height or 24, columns=width or 80)

    def session_started(self) -> None:
        claiming, self.claiming = self.claiming, None
        if claiming is not None:  # begun once the cluster has answered
            claiming.add_done_callback(self._claimed)
            return
        far = self.server.lobby.far
        if far is not None and not self._freed and self.name:
            # a seat here kept for a server that died with this person's connection:
            # theirs again before they arrive (``far.freed``), then the session begins
            self._freed = True
            freeing = asyncio.ensure_future(far.freed(self.name))
            freeing.add_done_callback(lambda _: self.session_started())
            return
        if self._paced is not None:
            self._paced.started()
        loop = asyncio.get_running_loop()
        chan = self._chan
        lobby = self.server.lobby
        if self._data:
            self._data_session = DataSession(lobby, self.name, chan)
            environment = chan.get_environment()
            self._data_session.servers_taken = environment.get(SERVERS_ENV) == "1"
            self._data_session.start(environment.get(RESUME_ENV), self._refusal)
            return
        if self._refusal is not None:
            chan.write(self._refusal + "\r\n")
            chan.exit(1)
            return
        earlier = self.server.sessions.get(self.name)
        if self.name and earlier is not None and earlier is not self:
            # the same person again (their key, or their password): a connection that died
            # without a word, or one left open elsewhere; it gives way, the seat kept
            earlier.replaced()
            self._when_free(loop.time() + REPLACE_WAIT)
            return
        if not self.name or self.name in lobby.people:
            chan.write(messages.tr(messages.NET_ALREADY_CONNECTED) + "\r\n")
            chan.exit(1)
            return
        self._begin(loop)

    def _claimed(self, claiming: asyncio.Future[bool]) -> None:
        """The cluster's answer to this new person's claim: the session begins, or says the
        name went to another meanwhile, and ends."""
        if not claiming.cancelled() and claiming.exception() is None and claiming.result():
            self.session_started()
        elif self._chan is not None and not claiming.cancelled():
            self._refusal = messages.tr(messages.NET_NAME_TAKEN_MEANWHILE)
            self.session_started()

    def _when_free(self, deadline: float) -> None:
        """Begin once the session this one replaces has left the lobby (its seat kept)."""
        loop = asyncio.get_running_loop()
        if self.name not in self.server.lobby.people:
            self._begin(loop)
        elif loop.time() > deadline:
            self._chan.write(messages.tr(messages.NET_ALREADY_CONNECTED) + "\r\n")
            self._chan.exit(1)
        else:
            loop.call_later(0.05, self._when_free, deadline)

    def replaced(self, why: Callable[[], str] | None = None) -> None:
        """The same person connected again (or was banned: ``why``): this session ends,
        told why, the seat kept."""
        if self.server.sessions.get(self.name) is self:
            del self.server.sessions[self.name]
        self._send_held()
        person = self._person
        with language.use(person.settings.lang if person is not None else None):
            said = messages.tr(messages.NET_REPLACED) if why is None else why()
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.write(said + "\r\n")
        self._end_input()

    def _begin(self, loop: asyncio.AbstractEventLoop) -> None:
        chan = self._chan
        lobby = self.server.lobby
        self.server.sessions[self.name] = self
        self._input = ChannelInput(chan.pause_reading, chan.resume_reading)
        out = self._out = _ChannelOut(chan)
        output = _SessionOutput(out, self._size, term=chan.get_terminal_type(), enable_cpr=False)  # type: ignore[arg-type]

        def write(line: str) -> None:
            output.write_raw(line + "\n")
            output.flush()

        person = Person(self.name, lobby, way=TerminalWay(self._input, output, write))
        out.gate = person.held
        person.accounts = self.server.accounts  # ``password`` sets this person's
        person.limiter = self.server.limiter
        self._person = person
        lobby.people[self.name] = person.tell

        async def run() -> None:
            try:
                await person.run()
            finally:
                self._close()

        self._task = loop.create_task(run(), name=f"seat {self.name}")

    def _close(self) -> None:
        """The person's session has ended: its input and the channel with it."""
        if self._input is not None:
            self._input.stop()
            # prompt_toolkit keeps each input's typeahead in a module-wide dict, by the
            # input's hash ("channel-N"): one key a session, forever, unless taken out
            typeahead._buffer.pop(self._input.typeahead_hash(), None)
        self._send_held()
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.exit(0)

    def _send_held(self) -> None:
        """The person's output held for this turn of the loop, out before what follows."""
        if self._out is not None:
            self._out.send()

    def data_received(self, data: str, datatype: Any) -> None:
        if self._data_session is not None:
            self._data_session.received(data)
        elif self._input is not None:
            self._input.send(data)

    def eof_received(self) -> bool:
        """The end of the input (a script's last line sent): what was sent is read and
        answered first, then the session ends as for a closed connection."""
        if self._input is not None and self._data_session is None:
            if self._person is not None:
                self._person.connection_lost()
            self._input.close()
            return True  # half open: the answers still go out, until the lobby ends it
        self._end_input()
        return False

    def pause_writing(self) -> None:
        """The channel holds much output for its reader: if it takes nothing more for
        ``OUTPUT_WAIT`` seconds, the connection is taken for dead."""
        if self._stalled is None:
            self._stalled = asyncio.get_running_loop().call_later(OUTPUT_WAIT, self._stall)

    def resume_writing(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _stall(self) -> None:
        self._stalled = None
        with contextlib.suppress(OSError, asyncssh.Error):
            self._chan.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._data_session is not None:
            self._data_session.closed()
        if self.server.sessions.get(self.name) is self:
            del self.server.sessions[self.name]
        self._end_input()

    def _end_input(self) -> None:
        if self._person is not None:
            self._person.connection_lost()  # first: the seat is kept for them
        self.resume_writing()  # no more waiting for a reader
        if self._input is not None:
            self._input.stop()  # the seat's prompt ends (EOFError)


def open_files() -> int:
    """The soft limit of open files raised to the hard one (each connection holds one):
    the limit now.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass(frozen=True, slots=True)
class WebOptions:
    """``--web PORT``: the web page served beside ssh (``--web-host``: its own address;
    ``--web-behind-proxy``: a TLS reverse proxy's ``X-Forwarded-Proto`` trusted)."""

    port: int
    host: str | None = None
    behind_proxy: bool = False


async def _serve(
    host: str,
    port: int,
    folder: Path,
    open_: bool,
    seed: int | None,
    pace: float,
    web: WebOptions | None = None,
    cluster: Sequence[str] | None = None,
    access: Access | None = None,
    address: str | None = None,
) -> None:
    member = None
    if cluster is not None:  # joined first: a cluster out of reach changes nothing here
        from ..cluster.member import Member  # only a server with --cluster loads nats-py

        member = await Member.join(cluster, access=access, say=lambda line: print(line, flush=True))
        member.address = address
    try:
        await _serving(host, port, folder, open_, seed, pace, web, member)
    finally:
        if member is not None:  # left already, unless serving failed before it began
            await member.leave()


async def _serving(
    host: str,
    port: int,
    folder: Path,
    open_: bool,
    seed: int | None,
    pace: float,
    web: WebOptions | None,
    member: Member | None,
) -> None:
    loop = asyncio.get_running_loop()
    open_files()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    accounts = Accounts(folder)
    lobby = Lobby(loop, seed, pace)
    server = Server(accounts, lobby, open_)
    tables = None
    if member is None:  # alone: the tables file (with a cluster, the tables are its own)
        tables = open_tables(folder)  # every unfinished table brought back, its seats held
        tables.restore(lobby)
        lobby.journal = tables
        accounts.tournaments.resume()  # their tables back: each tournament where it was
    pacer = server.pacer = Pacer(loop)
    # what ``asyncssh.create_server`` does, each connection paced (``pace``)
    options = await asyncssh.SSHServerConnectionOptions.construct(
        server_factory=lambda: _Connection(server),
        host=host,
        port=port,
        server_host_keys=[host_key(folder)],
        encryption_algs=ENCRYPTION,
        mac_algs=MACS,
        line_editor=False,
        errors="replace",
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        login_timeout=60,
        keepalive_interval=15,  # a connection gone silent is noticed: the seat is held
        keepalive_count_max=4,
    )

    def connection() -> asyncio.Protocol:
        return _SshConnection(loop, options)

    listener = await loop.create_server(
        lambda: pacer.protocol(connection), host, port, start_serving=False
    )
    bound = listener.sockets[0].getsockname()
    held = span = social = moderated = results = logins = contests = None
    if member is not None:  # the port known: this server's id, its tables on the cluster
        from ..cluster.accounts import SharedAccounts
        from ..cluster.far import Span
        from ..cluster.holding import ClusterTables
        from ..cluster.member import server_id
        from ..cluster.moderation import SharedModeration
        from ..cluster.results import SharedResults
        from ..cluster.sessions import SharedSessions
        from ..cluster.social import SharedSocial
        from ..cluster.tournaments import SharedTournaments

        # the cluster's accounts copied here before anyone logs in
        accounts.shared = await SharedAccounts.start(member.js, accounts)
        social = await SharedSocial.start(member.js, accounts)  # friends, blocks, letters
        moderated = await SharedModeration.start(member.js, accounts)  # roles, mutes, bans

        def banned_elsewhere(name: str) -> None:  # a ban made on another server, come here
            connected = lobby.connected(name)
            if connected is not None:
                lobby.end_session(connected, lambda: moderators.banned(moderation, name) or "")

        moderation = accounts.moderation
        moderation.on_banned = banned_elsewhere
        results = await SharedResults.start(member.js, accounts, lobby)  # one list, one order
        logins = await SharedSessions.start(member.js, accounts)  # browsers' sessions
        held = await ClusterTables.start(member.js, lobby, server_id(int(bound[1])))
        span = await Span.start(member.client, held)  # the other servers' tables too
        contests = await SharedTournaments.start(  # one record each, stepped there
            member.client, member.js, accounts, server_id(int(bound[1]))
        )
        accounts.tournaments.resume()  # their tables back: each tournament where it was
    # SIGTERM taken before anything says the server is ready: one sent the moment it says
    # so stops it as ever (its leases given up, its presence deleted), not by the default
    stop = asyncio.Event()
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    await listener.start_serving()
    print(messages.net_listening(str(bound[0]), int(bound[1])), flush=True)
    web_server = None
    web_port = 0
    if web is not None:
        from ..web import WebServer  # only a server with --web loads aiohttp

        web_server = WebServer(server, web.behind_proxy)
        web_host, web_port = await web_server.start(web.host or host, web.port)
        print(messages.web_listening(web_host, web_port), flush=True)
    if not open_:
        print(messages.net_invite(accounts.invite), flush=True)
    if member is not None:
        from ..cluster.member import server_id

        about: dict[str, object] = {"ssh": int(bound[1]), "web": web_port or None}
        public = member.address or (None if str(bound[0]) in ("0.0.0.0", "::") else str(bound[0]))
        if public is not None:  # where people reach it: told to the others' full clients
            about["address"] = f"[{public}]:{bound[1]}" if ":" in public else f"{public}:{bound[1]}"
        lobby.addresses = lambda: list(member.others)
        await member.keep(server_id(int(bound[1])), about)
        print(member.joined(), flush=True)
    try:
        with _collected_seldom():
            await stop.wait()
    finally:
        if tables is not None:
            tables.close()  # first: the people leaving as the server stops end no table
        if contests is not None:  # no step of a tournament's begun from here on
            await contests.close()
        if span is not None:  # no more answers for the tables held here
            await span.close()
        if held is not None:  # the same, and the leases given up for the others to take
            await held.close()
        listener.close()
        if web_server is not None:
            await web_server.stop()
        if accounts.shared is not None:
            await accounts.shared.close()
        if social is not None:
            await social.close()
        if moderated is not None:
            await moderated.close()
        if results is not None:
            await results.close()
        if logins is not None:
            await logins.close()
        if member is not None:  # before the sessions: their end cancels every other task
            await member.leave()
        await _sessions_ended()  # then the accounts: no session's end finds them closed
        accounts.close()


SESSIONS_END_WAIT = 5.0  # seconds the sessions have to end as the server stops


async def _sessions_ended() -> None:
    """Every other task of the server's loop (the sessions) cancelled and waited for, a
    few seconds at most, each one's failure taken (none is told as never retrieved)."""
    here = asyncio.current_task()
    others = [task for task in asyncio.all_tasks() if task is not here]
    for task in others:
        task.cancel()
    if not others:
        return
    done, _ = await asyncio.wait(others, timeout=SESSIONS_END_WAIT)
    for task in done:
        if not task.cancelled():
            task.exception()  # taken: a session that failed as it ended says nothing more


# the collector's thresholds while the server serves: young objects collected after 10,000
# allocations (prompt_toolkit's 700 is a tenth of a second of a busy server); the middle
# generation after 2 of those (each object is looked at there once whatever the number, so
# a small one makes short pauses: with 20, 1,000 people logging in at once made pauses of
# 100 ms, with 2 of 15 ms); the oldest after 200 of the middle one's, as rarely as before
COLLECT_AFTER = (10_000, 2, 200)


@contextlib.contextmanager
def _collected_seldom() -> Iterator[None]:
    """Python's cycle collector while the server serves: what the server is made of once it
    listens (its modules, its tables brought back) frozen, never scanned again, and the
    generations collected seldom. With 200 people at 50 tables and the defaults, a full
    collection came every 3 s and stopped the event loop for 240 ms (350 ms at worst),
    a young one 200 times a second: the tail of the time from a move to the line that
    tells it (p95 155 ms) was the collector's; with these, p95 42 ms, one full collection
    a run (``scripts/bench_net.py``). Objects are still freed as ever when their last
    reference goes; only cycles wait longer.
    """
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECT_AFTER)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def serve(
    host: str,
    port: int,
    folder: Path | None,
    open_: bool,
    seed: int | None,
    pace: float,
    web: WebOptions | None = None,
    cluster: Sequence[str] | None = None,
    access: Access | None = None,
    address: str | None = None,
) -> int:
    """The server, until SIGTERM or Ctrl-C; with ``cluster`` (the NATS servers' addresses),
    joined to them first, as ``access`` says (``ClusterError`` when it cannot be), and
    known to the others' full clients at ``address`` (the host people reach it at)."""
    data = folder or default_data()
    asyncio.run(_serve(host, port, data, open_, seed, pace, web, cluster, access, address))
    return 0
