"""Plain ssh people for the benches: the real OpenSSH client, driven as people use it.

Each person is ``ssh -tt NAME@127.0.0.1`` (the machine's own OpenSSH client) in a
pseudo-terminal of its own (120 columns, 40 rows, ``xterm-256color``), with a key of its
own. Many are driven by one asyncio process: the master end of each terminal is read as
it becomes readable, what it shows is cut into lines (the terminal's control sequences
and the prompts taken out), and every line is stamped with ``time.perf_counter()`` when
it arrives (``CLOCK_MONOTONIC``: one clock for every process of the machine).

A person types what a person types at a terminal, with ``keys off`` (every command typed
and sent with Enter): the lobby's commands, then at the table ``l`` on its turn to hear
its hand and what it can play, and a card's code (``r9``, ``wi red``, ``g2 uno``), ``d``
to draw, ``k`` or ``play`` for a drawn card, ``a`` to accept a Wild Draw Four, ``n`` to
deal the next round. From the moment it types an action to the line that says it at each
other person's terminal of the same table (``ann plays Red 9.``) is the latency measured.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import os
import pty
import random
import re
import shutil
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

from uno_access.access import messages  # noqa: E402
from uno_access.access.wording.cluster import NET_FAR_NO_ANSWER, NET_NO_TABLE_NUMBER  # noqa: E402
from uno_access.access.wording.events import REFUSALS  # noqa: E402
from uno_access.access.wording.net import NET_NO_SUCH_TABLE  # noqa: E402
from uno_access.access.wording.play import UNKNOWN_COMMAND  # noqa: E402
from uno_access.engine.cards import Card, all_faces  # noqa: E402

SSH = shutil.which("ssh") or "/usr/bin/ssh"
COLUMNS, ROWS = 120, 40
TICKS = os.sysconf("SC_CLK_TCK")
COLOURS = ("red", "green", "blue", "yellow")
SSH_OPTIONS = (
    "IdentitiesOnly=yes",
    "StrictHostKeyChecking=no",
    "UserKnownHostsFile=/dev/null",
    "LogLevel=ERROR",
    "BatchMode=yes",
)
# a terminal's control sequences: CSI, OSC, and the two-character ones
ANSI = re.compile(
    r"\x1b(?:\[[0-9;?<=>!]*[ -/]*[@-~]"  # CSI
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|[()#][0-9A-Za-z]|[=>78DEHMNOZc])"
)
_PROMPTS = sorted(
    {
        value.strip()
        for name, value in messages.phrases().items()
        if (name == "PROMPT" or name.endswith("_PROMPT")) and isinstance(value, str)
    }
    | {"lobby>", "watch>"},
    key=len,
    reverse=True,
)
PROMPT = re.compile("^(?:(?:" + "|".join(re.escape(p) for p in _PROMPTS) + ") ?)+")
# the card names a line may hold, longest first (Wild Draw Four before Wild)
_CARDS: dict[str, Card] = {messages.card_name(c): c for c in all_faces() if not c.blank_of}
_CARD_NAME = re.compile("|".join(re.escape(n) for n in sorted(_CARDS, key=len, reverse=True)))
_HAND = re.compile(r"Your hand, (\d+) cards?:")
# what says a typed action was refused: the longest words of each refusal's sentence
_REFUSED = [
    max(re.split(r"\{\w+\}", messages.tr(said)), key=len).strip()
    for said in (*REFUSALS.values(), UNKNOWN_COMMAND)
]
_MADE = re.compile(r"You made table (\d+)")
_NO_SUCH_TABLE = re.escape(messages.tr(NET_NO_SUCH_TABLE).split("{typed}")[0])
_NO_NUMBER = re.escape(messages.tr(NET_NO_TABLE_NUMBER).split(":")[0])
_NO_ANSWER_TEXT = messages.tr(NET_FAR_NO_ANSWER).split("{number}")[0]
_NO_ANSWER = re.escape(_NO_ANSWER_TEXT)
T = TypeVar("T")


def write_keys(folder: Path, names: list[str]) -> dict[str, Path]:
    """An ed25519 key of its own for each name, in OpenSSH's format (mode 0600)."""
    folder.mkdir(parents=True, exist_ok=True)
    keys = {}
    for name in names:
        path = folder / f"key_{name}"
        if not path.exists():
            key = asyncssh.generate_private_key("ssh-ed25519")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(key.export_private_key())
        keys[name] = path
    return keys


def cpu_seconds(pid: int) -> float:
    """Seconds of CPU (user + system) process ``pid`` has used (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_bytes(pid: int) -> int:
    """Process ``pid``'s resident memory (``VmRSS``), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def ssh_command(port: int, key: Path, user: str) -> list[str]:
    """``ssh -tt -p PORT -i KEY USER@127.0.0.1``, no host kept, no question asked."""
    options = [part for option in SSH_OPTIONS for part in ("-o", option)]
    return [SSH, "-tt", "-p", str(port), "-i", str(key), *options, f"{user}@127.0.0.1"]


class Screen:
    """A terminal's output cut into lines: control sequences, carriage returns and the
    prompts before a line taken out; what follows the last newline is ``partial``."""

    def __init__(self) -> None:
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._held = ""  # an escape sequence cut in two by the read
        self.partial = ""

    def feed(self, data: bytes) -> list[str]:
        text = self._held + self._decode.decode(data)
        self._held = ""
        cut = text.rfind("\x1b")
        if cut >= 0 and len(text) - cut < 64 and ANSI.match(text, cut) is None:
            text, self._held = text[:cut], text[cut:]
        text = ANSI.sub("", text).replace("\r", "").replace("\x07", "")
        *lines, self.partial = (self.partial + text).split("\n")
        return [PROMPT.sub("", line) for line in lines]

    def at_prompt(self) -> bool:
        return bool(self.partial) and PROMPT.fullmatch(self.partial.rstrip() + " ") is not None


@dataclass
class Waiter:
    pattern: re.Pattern[str]
    found: asyncio.Future[re.Match[str]]
    at: float = 0.0  # when the line came (``time.perf_counter``)


class Terminal:
    """One program in a pseudo-terminal of its own, read on the event loop: each line it
    shows handed to ``seen`` with its time, and waited for with ``expect``."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.process: subprocess.Popen[bytes] | None = None
        self.fd = -1
        self.screen = Screen()
        self.received = 0  # bytes
        self.closed = asyncio.Event()
        self.typed_last = ""
        self._waiters: list[Waiter] = []
        self._tail: list[str] = []  # the last lines, for what went wrong

    def start(self) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = dict(os.environ, TERM="xterm-256color")
        self.process = subprocess.Popen(
            self.argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self.fd = master
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        now = time.perf_counter()
        if not data:
            self._gone()
            return
        self.received += len(data)
        for line in self.screen.feed(data):
            self._tail = [*self._tail[-7:], line]
            self.seen(line, now)
            for waiter in list(self._waiters):
                found = waiter.pattern.search(line)
                if found and not waiter.found.done():
                    waiter.at = now
                    waiter.found.set_result(found)
                    self._waiters.remove(waiter)
        if self.screen.at_prompt():
            self.prompted(now)

    def seen(self, line: str, now: float) -> None:
        """A line shown, at ``now``."""

    def prompted(self, now: float) -> None:
        """A prompt shown, waiting for what is typed."""

    def _gone(self) -> None:
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.fd)
        self.closed.set()
        for waiter in self._waiters:
            if not waiter.found.done():
                waiter.found.set_exception(EOFError(self.tail()))
        self._waiters.clear()

    def tail(self) -> str:
        return " | ".join(self._tail)

    def type(self, text: str) -> float:
        """``text`` and Enter typed; the time it was."""
        self.typed_last = text
        now = time.perf_counter()
        with contextlib.suppress(OSError):
            os.write(self.fd, (text + "\r").encode())
        return now

    def send(self, data: bytes) -> None:
        """Bytes as they are, no Enter."""
        with contextlib.suppress(OSError):
            os.write(self.fd, data)

    async def expect(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """The next line matching ``pattern`` (a regular expression)."""
        return (await self._awaited(pattern, timeout)).found.result()

    async def arrival(self, pattern: str, timeout: float = 60) -> float:
        """When the next line matching ``pattern`` came (``time.perf_counter``)."""
        return (await self._awaited(pattern, timeout)).at

    async def _awaited(self, pattern: str, timeout: float) -> Waiter:
        waiter = Waiter(re.compile(pattern), asyncio.get_running_loop().create_future())
        self._waiters.append(waiter)
        try:
            await asyncio.wait_for(waiter.found, timeout)
            return waiter
        except TimeoutError:
            raise TimeoutError(f"{pattern!r} not seen; last: {self.tail()}") from None
        finally:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def cpu(self) -> float:
        """Seconds of CPU its program has used (0 once it has ended)."""
        if self.process is None:
            return 0.0
        try:
            return cpu_seconds(self.process.pid)
        except OSError:
            return 0.0

    def close(self) -> None:
        if self.fd >= 0 and not self.closed.is_set():
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                asyncio.get_running_loop().remove_reader(self.fd)
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


# --------------------------------------------------------------------------- the tables


@dataclass
class Act:
    """One action typed at the table: who, what, when, and when each other person saw it."""

    actor: str
    typed: str
    sent: float
    seen: dict[str, float] = field(default_factory=dict)
    reply: float | None = None


@dataclass
class SshTable:
    """One table of plain ssh people, and what was measured there."""

    index: int
    number: int = 0  # the server's number for it, once made
    people: list[SshPerson] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)
    open: dict[str, Act] = field(default_factory=dict)  # each person's last action
    queries: list[tuple[float, float]] = field(default_factory=list)  # (sent, took)

    def acted(self, act: Act) -> None:
        self.acts.append(act)
        self.open[act.actor] = act

    def line(self, viewer: str, line: str, now: float) -> None:
        """A line at ``viewer``'s terminal: the first one there that names a person whose
        action is open is that action, seen."""
        name = line.split(" ", 1)[0]
        act = self.open.get(name)
        if act is not None and name != viewer and viewer not in act.seen and now >= act.sent:
            act.seen[viewer] = now


class SshPerson(Terminal):
    """One person at a plain ssh terminal: logs in, sits, and plays its turns as a
    person types them, after thinking ``think`` seconds (0.5 to 1.5 times it)."""

    def __init__(self, port: int, key: Path, name: str, think: float, rng: random.Random) -> None:
        super().__init__(ssh_command(port, key, name))
        self.port = port  # its server's
        self.key = key
        self.name = name
        self.think = think
        self.rng = rng
        self.table: SshTable | None = None
        self.playing = False
        self.leaving = False
        self.cards = 0  # in hand, as ``l`` last said
        self.refused = 0  # lines that say a typed action was not taken
        self.nudged = 0  # Enter typed alone, nothing said for a while (``_watch``)
        self.refused_new = 0  # ``new`` refused: no table number to give (a cluster's)
        self.refused_join = 0  # ``join`` refused: the table's holder did not answer in time
        self._pending: asyncio.TimerHandle | None = None
        self._cue: str | None = None  # the last line that asked for something
        self._query: float | None = None  # ``l`` typed at
        self._stuck: asyncio.TimerHandle | None = None

    # ----------------------------------------------------------------- the lobby

    async def log_in(self, timeout: float = 120) -> None:
        """In the lobby, ``keys off``. One whose seat was held (a leave that failed) is
        taken back to it at once: it quits that game first."""
        self.start()
        await self.expect(r"Welcome, ", timeout)
        if not await self.prompt(timeout):
            await self.quit_table(timeout)
        self.type("keys off")
        await self.expect(r"^Keys off", timeout)

    async def prompt(self, timeout: float = 60) -> bool:
        """Wait for a prompt; whether it is the lobby's."""
        deadline = time.perf_counter() + timeout
        while not self.screen.at_prompt():
            if self.closed.is_set() or time.perf_counter() > deadline:
                raise TimeoutError(f"no prompt; last: {self.tail()}")
            await asyncio.sleep(0.05)
        return self.screen.partial.startswith("lobby>")

    async def make_table(self, timeout: float = 60) -> int:
        """``new standard``, typed again (after a moment) while a cluster's server has no
        table number to give (``refused_new`` counts those times)."""
        deadline = time.perf_counter() + timeout
        while True:
            answer = asyncio.ensure_future(self.expect(f"{_MADE.pattern}|{_NO_NUMBER}", timeout))
            self.type("new standard")
            made = _MADE.search((await answer).group(0))
            if made is not None:
                return int(made.group(1))
            self.refused_new += 1
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no table made at port {self.port}")
            await asyncio.sleep(0.5)

    async def add_bots(self, bots: int, bot: str, timeout: float = 60) -> None:
        for _ in range(bots):
            self.type(f"bot {bot}")
            await self.expect(r"^The bot ", timeout)

    async def join(self, number: int, timeout: float = 60) -> None:
        """``join N``, typed again while the server does not know table N yet (on a
        cluster, a table another server made reaches this one's list a moment later), or
        its holder did not answer in time (``refused_join`` counts those)."""
        deadline = time.perf_counter() + timeout
        while True:
            answer = asyncio.ensure_future(
                self.expect(rf"^You sit at table {number}|{_NO_SUCH_TABLE}|{_NO_ANSWER}", timeout)
            )
            self.type(f"join {number}")
            said = (await answer).group(0)
            if said.startswith("You sit"):
                return
            self.refused_join += said.startswith(_NO_ANSWER_TEXT)
            if time.perf_counter() > deadline:
                raise TimeoutError(f"table {number} unknown at port {self.port}")
            await asyncio.sleep(0.2)

    async def quit_table(self, timeout: float = 60) -> None:
        """``q`` and ``y``: out of the game (a bot plays on), back in the lobby. A question
        asked meanwhile (a Wild's colour) is answered first."""
        for _ in range(5):
            asked = asyncio.ensure_future(
                self.expect(r"^Quit the game\?|is not a colour|^You left", timeout)
            )
            self.type("q")
            said = (await asked).group(0)
            if said.startswith("You left"):
                return  # the game was over: q said no to another
            if said.startswith("Quit"):
                break
            self.type(self.rng.choice(COLOURS))
        left = asyncio.ensure_future(self.expect(r"^You left", timeout))
        self.type("y")
        await left

    async def leave(self, timeout: float = 60) -> bool:
        """Quit the game (asked first), then the server; whether ssh ended by itself."""
        self.playing, self.leaving = False, True
        self._cancel()
        if self._stuck is not None:
            self._stuck.cancel()
        try:
            if self.table is not None:
                await self.quit_table(timeout)
            self.type("quit")
            await asyncio.wait_for(self.closed.wait(), timeout)
            return True
        except (TimeoutError, EOFError):
            return False

    # ----------------------------------------------------------------- the game

    def start_playing(self) -> None:
        self.playing = True
        self._watch()
        if self._cue is not None:
            self._answer(self._cue)

    def stop_playing(self) -> None:
        self.playing = False
        self._cancel()
        if self._stuck is not None:
            self._stuck.cancel()

    def seen(self, line: str, now: float) -> None:
        table = self.table
        if table is None:
            return
        table.line(self.name, line, now)
        if line == self.typed_last:
            return  # the terminal's echo of what was typed
        own = table.open.get(self.name)
        if own is not None and own.reply is None and now >= own.sent:
            own.reply = now
        if self._query is not None and _HAND.search(line):
            table.queries.append((self._query, now - self._query))
            self._query = None
        if any(said in line for said in _REFUSED):
            self.refused += 1
        if self.leaving:
            return
        if self._is_cue(line):
            self._cue = line
            if self.playing:
                self._watch()
                self._answer(line)
        elif self.playing and self._stuck is not None:
            self._watch()

    @staticmethod
    def _is_cue(line: str) -> bool:
        return (
            "Your turn" in line
            or line.startswith(("Your hand", "None of your cards"))
            or "You may play" in line
            or "You must play" in line
            or "to deal the next round" in line
            or "Play another game" in line
            or line.startswith("Which colour?")
        )

    def _answer(self, line: str) -> None:
        """What a person types for ``line``."""
        if "to challenge it" in line:
            self._later("a")
        elif "to deal the next round" in line:
            self._later("n", measure=False)  # told as "Round 2: ... deals", to no one's name
        elif "Play another game" in line:
            self._later("y", measure=False)
        elif line.startswith("Which colour?"):
            self._later(self.rng.choice(COLOURS))
        elif "You may play" in line:
            drawn = _CARD_NAME.search(line.partition("You may play")[2])
            keep = self.rng.random() < 0.5
            self._later("k" if keep or drawn is None else self._play_word(_CARDS[drawn[0]]))
        elif "You must play" in line:
            drawn = _CARD_NAME.search(line.partition("You must play")[2])
            self._later("play" if drawn is None else self._play_word(_CARDS[drawn[0]]))
        elif (hand := _HAND.search(line)) is not None:
            self.cards = int(hand.group(1))
            self._choose(line)
        elif line.startswith("None of your cards"):
            self._later("d", 0)
        elif "Your turn" in line:
            self._later("l", query=True)

    def _choose(self, line: str) -> None:
        _, found, playable = line.partition("You can play: ")
        names = _CARD_NAME.findall(playable) if found else []
        if not names:
            self._later("d", 0)
            return
        card = _CARDS[self.rng.choice(names)]
        typed = card.code + (f" {self.rng.choice(COLOURS)}" if card.is_wild else "")
        self._later(typed + (" uno" if self.cards == 2 else ""), 0)

    def _play_word(self, card: Card) -> str:
        return "play" + (f" {self.rng.choice(COLOURS)}" if card.is_wild else "")

    def _later(
        self, typed: str, think: float | None = None, query: bool = False, measure: bool = True
    ) -> None:
        self._cancel()
        delay = self.think * (0.5 + self.rng.random()) if think is None else think
        self._pending = asyncio.get_running_loop().call_later(
            delay, self._act, typed, query, measure
        )

    def _act(self, typed: str, query: bool, measure: bool) -> None:
        self._pending = None
        if not self.playing or self.table is None:
            return
        self._cue = None
        if query:
            self._query = self.type(typed)
        elif measure:
            self.table.acted(Act(self.name, typed, self.type(typed)))
        else:
            self.type(typed)

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _watch(self) -> None:
        """Nothing said for a while: Enter alone asks whose turn it is and what to do (a
        typed action refused, or a question this person does not know)."""
        if self._stuck is not None:
            self._stuck.cancel()
        wait = 5 + 2 * self.think
        self._stuck = asyncio.get_running_loop().call_later(wait, self._nudge)

    def _nudge(self) -> None:
        self._stuck = None
        if self.playing and self._pending is None:
            self.nudged += 1
            nudges = os.environ.get("UNO_BENCH_NUDGES")  # a file: who waited, and on what
            if nudges:
                with contextlib.suppress(OSError), open(nudges, "a", encoding="utf-8") as out:
                    out.write(f"{time.time():.1f} {self.name} port {self.port}: {self.tail()}\n")
            self.type("")
        if self.playing:
            self._watch()


async def seat_table(
    people: list[SshPerson], table: SshTable, bots: int, bot: str, timeout: float = 120
) -> None:
    """The first person makes a table, the others sit, the bots are added, it starts."""
    maker = people[0]
    number = table.number = await maker.make_table(timeout)
    for person in people[1:]:
        await person.join(number, timeout)
    await maker.add_bots(bots, bot, timeout)
    for person in people:
        person.table = table
        table.people.append(person)
    started = [asyncio.ensure_future(p.expect(r"^UNO against ", timeout)) for p in people]
    maker.type("start")
    await asyncio.gather(*started)


def measured(
    tables: list[SshTable], opened: float, closed: float
) -> tuple[list[float], list[float], list[float], int, list[str]]:
    """From the actions typed within the window: (action -> each other person's line, s),
    (action -> the actor's own next line, s), (``l`` -> the hand, s), how many actions,
    and what was typed for those no other person was told."""
    others = [took for _, _, took in seen_by(tables, opened, closed)]
    replies: list[float] = []
    queries: list[float] = []
    actions = 0
    unseen: list[str] = []
    for table in tables:
        for act in table.acts:
            if not opened <= act.sent <= closed:
                continue
            actions += 1
            if not act.seen:
                unseen.append(act.typed)
            if act.reply is not None:
                replies.append(act.reply - act.sent)
        queries += [took for at, took in table.queries if opened <= at <= closed]
    return others, replies, queries, actions, unseen


def seen_by(
    tables: list[SshTable], opened: float, closed: float
) -> list[tuple[SshPerson, SshPerson, float]]:
    """For each action typed within the window and each other person of its table who was
    told it: (who typed it, who was told, the seconds between)."""
    pairs = []
    for table in tables:
        people = {p.name: p for p in table.people}
        for act in table.acts:
            if opened <= act.sent <= closed:
                actor = people[act.actor]
                pairs += [
                    (actor, p, act.seen[n] - act.sent) for n, p in people.items() if n in act.seen
                ]
    return pairs


async def log_in_all(
    people: list[list[SshPerson]],
    again: Callable[[SshPerson], SshPerson],
    at_once: int,
    tries: int = 3,
) -> int:
    """Everyone of ``people`` (a list a table) logged in, ``at_once`` at a time; one whose
    login fails is replaced by ``again(them)`` (a new terminal) and tried again, ``tries``
    times in all. How many logins were made again; RuntimeError when one never could."""
    retried = 0

    async def enter(group: list[SshPerson], index: int) -> None:
        nonlocal retried
        for tried in range(tries):
            try:
                await group[index].log_in()
                return
            except (TimeoutError, EOFError) as error:
                group[index].close()
                if tried == tries - 1:
                    raise RuntimeError(f"{group[index].name} could not log in: {error}") from None
                retried += 1
                group[index] = again(group[index])

    jobs = [(lambda g=group, i=i: enter(g, i)) for group in people for i in range(len(group))]
    for failed in await gated(jobs, at_once):
        if isinstance(failed, BaseException):
            raise failed
    return retried


async def play_for(
    everyone: Sequence[SshPerson], seconds: float
) -> tuple[float, float, float, float]:
    """Everyone plays for ``seconds`` (and goes on playing after): when the window opened
    and closed, this process's CPU seconds in it, and their ssh processes'."""
    opened, cpu = time.perf_counter(), time.process_time()
    ssh_cpu = sum(p.cpu() for p in everyone)
    for someone in everyone:
        someone.start_playing()
    await asyncio.sleep(seconds)
    closed, cpu = time.perf_counter(), time.process_time() - cpu
    ssh_cpu = sum(p.cpu() for p in everyone) - ssh_cpu
    return opened, closed, cpu, ssh_cpu


async def gated(
    jobs: Sequence[Callable[[], Awaitable[T]]], at_once: int
) -> list[T | BaseException]:
    """The coroutines ``jobs`` make, ``at_once`` of them running at a time; each one's
    result, or what it raised."""
    gate = asyncio.Semaphore(at_once)

    async def one(job: Callable[[], Awaitable[T]]) -> T:
        async with gate:
            return await job()

    return await asyncio.gather(*(one(job) for job in jobs), return_exceptions=True)
