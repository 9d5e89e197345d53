"""The real parts of network play for tests: ``uno-access serve`` as a subprocess on
127.0.0.1, and the real OpenSSH client in pseudo-terminals (pexpect), with keys made by
``ssh-keygen``. Every character each connection receives is kept (``Ssh.received``).
"""

from __future__ import annotations

import io
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Any

import pexpect

from uno_access.access import messages
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.events import GameEnded
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

ROOT = Path(__file__).resolve().parents[2]
FIGURE = r"(\d+(?:\.\d+)?)"  # a figure a bench prints
ENTER = "\r"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
ERASED = "\x1b[J"  # erase below the cursor: a prompt erased before a line is written over it


def run_script(name: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``scripts/NAME`` run to its end with ``args`` from the clone, which must succeed:
    what it printed (``stdout``, ``stderr``)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name), *args],
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, (done.stdout, done.stderr)
    return done


def keypair(folder: Path, name: str) -> Path:
    path = folder / f"key_{name}"
    if not path.exists():
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)],
            check=True,
            capture_output=True,
        )
    return path


class Server:
    """``uno-access serve --port 0 --data DIR ...`` until ``stop`` (with ``--web 0``, its
    web page's port is ``web_port``). Its output is read as it comes by two threads, so a
    server that writes much is never held on a full pipe, and a server that never says it
    is listening fails the test in ``STARTED`` seconds instead of holding the run."""

    STARTED = 240.0  # a cluster server waits up to 120 s for JetStream; twice that at most

    def __init__(self, data: Path, *args: str) -> None:
        self.data = data  # its folder (--data), which ``uno-access users`` reads and changes
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uno_access",
                "serve",
                "--port",
                "0",
                "--data",
                str(data),
                *args,
            ],
            cwd=str(ROOT),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._lines: queue.Queue[str] = queue.Queue()
        self._errors: list[str] = []
        self._readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self._lines.put)),
            threading.Thread(target=self._read, args=(self.process.stderr, self._errors.append)),
        ]
        for reader in self._readers:
            reader.daemon = True
            reader.start()
        first = self.line()
        waiting = messages.tr(messages.CLUSTER_WAITING).split("{")[0]  # its cluster starting
        while first.startswith(waiting):  # said once, then it listens
            first = self.line()
        found = re.fullmatch(r"Listening on 127\.0\.0\.1:(\d+)\n", first)
        assert found, (first, self.stop())
        self.port = int(found.group(1))
        self.web_port: int | None = None
        if "--web" in args:
            line = self.line()
            web = re.fullmatch(r"Web page on http://127\.0\.0\.1:(\d+)/\n", line)
            assert web, line
            self.web_port = int(web.group(1))
        self.invite: str | None = None
        if "--open" not in args:
            line = self.line()
            code = re.match(r"Invite code: (\w+)", line)
            assert code, line
            self.invite = code.group(1)

    @staticmethod
    def _read(stream: IO[str] | None, keep: Callable[[str], None]) -> None:
        assert stream is not None
        for line in stream:
            keep(line)
        keep("")  # the end: "" as a file's readline gives it

    def line(self, timeout: float = STARTED) -> str:
        """The server's next line on standard output ("" once it has ended); the test
        fails if none comes within ``timeout`` seconds."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(
                f"the server wrote no line in {timeout:.0f} s; its errors: {''.join(self._errors)}"
            ) from None
        if not line:
            self._lines.put(line)  # ended: every later call says so too
        return line

    def stop(self) -> str:
        """Stop the server; what it wrote on standard error."""
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for reader in self._readers:
            reader.join(timeout=30)  # a child that kept the pipes open cannot hold the test
        return "".join(self._errors)


class Terminal:
    """A program in a pseudo-terminal (``child``), everything it wrote kept in
    ``received``: what a player at that terminal does and reads.
    """

    child: pexpect.spawn[str]
    received: io.StringIO

    def sees(self, pattern: str) -> str:
        """Wait for ``pattern`` (a regular expression) in the output; what matched."""
        self.child.expect(pattern)
        return str(self.child.after)

    def told(self, line: str) -> str:
        """Wait for ``line``, word for word (no regular expression)."""
        return self.sees(re.escape(line))

    def prompt(self, name: str = "lobby") -> None:
        self.child.expect_exact(f"{name}>")

    def line(self, text: str) -> None:
        self.child.send(text + ENTER)

    def press(self, key: str) -> None:
        self.child.send(key)

    def typed(self, command: str) -> None:
        """At a key prompt: the command line (/), then ``command`` and Enter."""
        self.child.send("/")
        self.child.expect_exact("Command line")
        self.child.send(command + ENTER)

    def text(self) -> str:
        """Everything received, without the terminal's control sequences."""
        return ANSI.sub("", self.received.getvalue())

    def lines(self) -> list[str]:
        """Every whole line the terminal has shown so far, in order, as the screen shows it
        (what has come is read first, without waiting): each without what an erasing
        took away (a prompt erased before a line is told) and without control sequences.
        ``sees`` still finds what was read here."""
        while True:
            before = self.received.tell()
            self.child.expect(pexpect.TIMEOUT, timeout=0)  # reads what came; keeps it for sees
            if self.received.tell() == before:
                break
        rows = self.received.getvalue().split("\r\n")[:-1]  # the last is not whole yet
        return [ANSI.sub("", row.rsplit(ERASED, 1)[-1]) for row in rows]

    def close(self) -> None:
        self.child.close(force=True)


def ssh_arguments(port: int, key: Path, user: str) -> list[str]:
    """The real OpenSSH client's arguments for ``NAME@127.0.0.1`` with a key of the test's
    own: a terminal asked for, no known hosts kept, no question asked."""
    options = [
        "IdentitiesOnly=yes",
        "StrictHostKeyChecking=no",
        "UserKnownHostsFile=/dev/null",
        "LogLevel=ERROR",
        "BatchMode=yes",
    ]
    return [
        "-tt",
        "-p",
        str(port),
        "-i",
        str(key),
        *(part for option in options for part in ("-o", option)),
        f"{user}@127.0.0.1",
    ]


class Ssh(Terminal):
    """``ssh -p PORT -i KEY NAME@127.0.0.1`` in a pseudo-terminal of 120 columns."""

    def __init__(self, port: int, key: Path, user: str, timeout: float = 20) -> None:
        self.received = io.StringIO()
        self.child = pexpect.spawn(
            "ssh",
            ssh_arguments(port, key, user),
            encoding="utf-8",
            codec_errors="replace",
            timeout=timeout,
            dimensions=(40, 120),
            env=dict(os.environ, TERM="xterm-256color"),
        )
        self.child.logfile_read = self.received


class PasswordSsh(Terminal):
    """``ssh -p PORT NAME@127.0.0.1`` with no key at all: what a person without one does.
    ``method``: keyboard-interactive (what OpenSSH tries first) or password.
    """

    def __init__(self, port: int, user: str, method: str = "keyboard-interactive") -> None:
        self.received = io.StringIO()
        env = {k: v for k, v in os.environ.items() if k != "SSH_AUTH_SOCK"}
        self.child = pexpect.spawn(
            "ssh",
            [
                "-tt",
                "-F",
                "/dev/null",
                "-p",
                str(port),
                "-o",
                "PubkeyAuthentication=no",
                "-o",
                f"PreferredAuthentications={method}",
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
                "-o",
                "LogLevel=INFO",  # OpenSSH's default: it shows the server's instructions
                "-o",
                "NumberOfPasswordPrompts=3",
                f"{user}@127.0.0.1",
            ],
            encoding="utf-8",
            codec_errors="replace",
            timeout=60,
            dimensions=(40, 120),
            env=dict(env, TERM="xterm-256color"),
        )
        self.child.logfile_read = self.received


def entered(folder: Path, server: Server, name: str) -> Ssh:
    """``name`` logged in over ssh with a key of ``folder``'s, keys off (lines typed), at
    the lobby."""
    person = Ssh(server.port, keypair(folder, name), name)
    person.sees(f"Welcome, {name}")
    person.line("keys off")
    person.sees("keys off|Keys off|typed")
    return person


def refused(port: int, key: Path, user: str) -> tuple[bool, float, str]:
    """An ssh login that should fail: whether it was refused, how long it took, and what
    ssh said.
    """
    start = time.monotonic()
    done = subprocess.run(
        [
            "ssh",
            "-T",
            "-p",
            str(port),
            "-i",
            str(key),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "-o",
            "PreferredAuthentications=publickey",
            f"{user}@127.0.0.1",
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )
    return done.returncode == 255, time.monotonic() - start, done.stderr


CARD = r"(?:Red|Green|Blue|Yellow) (?:\d|Skip|Reverse|Draw Two)"  # a coloured card's name
# where a coloured card is shown to everyone: played, turned up to start, drawn for the dealer
SHOWN = (rf"(?:plays|start card is) ({CARD})", rf"draws? ({CARD}) to choose the dealer")


def shown_cards(seen: Iterable[str]) -> set[str]:
    """The names of the coloured cards shown to everyone in what was ``seen``."""
    return {name for text in seen for pattern in SHOWN for name in re.findall(pattern, text)}


def hidden_cards(game: Game, seat: int, known: set[str]) -> set[str]:
    """The names of the coloured cards the person at ``seat`` (-1: a spectator) of ``game``
    as dealt must never be sent: those dealt to the others or left in the draw pile, but
    those ``known`` (their own, and those shown to everyone)."""
    others = [c for s, hand in enumerate(game.state.hands) if s != seat for c in hand]
    cards = others + list(game.state.draw_pile)
    return {messages.card_name(c) for c in cards if c.color is not None} - known


def table_game(names: tuple[str, ...], spec: str, server_seed: int, number: int = 1) -> Game:
    """The game a table of ``serve --seed server_seed`` deals (``net.tables``)."""
    rng = random.Random(server_seed + number)
    return Game.new(names, RuleSet.from_spec(spec), rng=random.Random(rng.random()))


def ends_at_once(
    names: tuple[str, ...], spec: str, numbers: tuple[int, ...] = (1,)
) -> tuple[int, dict[int, tuple[int, Play]]]:
    """A server seed whose table of each of ``numbers`` (``names``, rules ``spec``) ends
    at its first play, a number card: the seed, and for each table the mover and card."""
    for seed in range(1, 20_000):
        found = {n: _first_play_ends(table_game(names, spec, seed, n)) for n in numbers}
        if all(found.values()):
            return seed, {n: move for n, move in found.items() if move is not None}
    raise AssertionError("no seed ends the match at once")


def _first_play_ends(game: Game) -> tuple[int, Play] | None:
    view = game.view(0)
    seat = view.current
    if view.phase is not Phase.PLAY or seat is None:
        return None
    for action in game.legal_actions(seat):
        if isinstance(action, Play) and action.card.kind is Kind.NUMBER:
            if any(isinstance(e, GameEnded) for e in game.apply(action)):
                return seat, action
            return None
    return None


def seated_on_two(
    url: str, folder: Path, closing: list[Any], seed: int, spec: str
) -> tuple[Ssh, Ssh]:
    """Servers A and B of the NATS cluster at ``url`` (``serve --seed seed``, open); ann
    on A makes table 1 of rules ``spec``, bob on B sits at it (told to ann): the two
    over the real OpenSSH client, everything put in ``closing``."""
    args = ("--open", "--seed", str(seed), "--cluster", url)
    a, b = (Server(folder / name, *args) for name in ("a", "b"))
    closing += [a, b]
    ann = Ssh(a.port, keypair(folder, "ann"), "ann", timeout=60)
    closing.append(ann)
    bob = Ssh(b.port, keypair(folder, "bob"), "bob", timeout=60)
    closing.append(bob)
    ann.prompt()
    bob.prompt()
    ann.line(f"new {spec}")
    ann.sees("You made table 1")
    for _ in range(50):  # B lists A's table a moment later
        bob.line("join 1")
        if bob.child.expect([re.escape(messages.net_you_sit(1, 2)), "There is no table"]) == 0:
            break
    ann.told("bob sits at table 1, seat 2")
    return ann, bob
