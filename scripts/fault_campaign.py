"""The fault campaign: whatever a hostile or unlucky player types, presses or pastes into a
real pseudo-terminal, the game answers, never shows a traceback, never freezes, always
stops on Ctrl-C, and every game it saves reads back, exports, replays and keeps its cards.

    .venv/bin/python scripts/fault_campaign.py [--inputs 3000] [--seconds 3600] [--seed 2026]

``uno-access play`` (and now and then ``uno-access resume``) runs in a pseudo-terminal
(``TERM=xterm-256color``, speech and braille display off), in a temporary home with a
settings file (``--setup`` now and then, its questions answered), with keys on or off,
large text or not, various rules presets and numbers of players. Seeded by ``--seed``, it
sends, one input at a time: single keys (letters of both cases, digits, punctuation,
Enter, Space, Tab, arrows, Page Up/Down, Home/End, F1-F12, Insert, Delete), control keys
(Ctrl-A to Ctrl-Z, Ctrl-[ ] \\ ^ _; Ctrl-C and Ctrl-D only now and then, and then the game
is started again or resumed), raw escape sequences (CSI with odd parameters, OSC, mouse
reports, an unpaired bracketed-paste start, a paste with its end), pastes (up to 100,000
characters now and then, and of 1 MB), typed lines (card codes in every form, counts,
garbage, commands with arguments, unicode, braille dots), and now and then a legal move so
that games go on and end.

At random moments, not only at a prompt (``moment``): with the key that ends a prompt, a
few milliseconds after it, while the bots move between two prompts (the terminal found
out of raw mode by its termios state) or as the next prompt starts, it sends Ctrl-C or
Ctrl-\\ (the game must stop within the bound, status 130, saying its one stop line: else
a *lost Ctrl-C*) and Ctrl-S or Ctrl-Q (the terminal's XOFF and XON: the game must go on
and answer). And now and then it starts ``play``, ``resume`` or ``join`` with standard
input closed or /dev/null (*closed input*): one line, status 2 (join: 1), no traceback.

After each input the game must answer within the bound (``--bound``, 30 s: "not frozen",
not a measure of speed): something appears, and a prompt of the game
(``messages.*_PROMPT``) is drawn again; an input that leaves a typed line open (its echo
and nothing else) is followed by Enter, and then the prompt must come back. An input not
answered within the bound is a *frozen terminal*. When the game ends it must exit 0 (or
130 after Ctrl-C). At the end every game in the saved games file is exported (``uno-access
export``) and replayed (``uno-access scenario``) to the state the file gives, and replayed
move by move with its cards counted at each step.

It prints one ``name: N`` line per count, then the first problem inputs with what the
screen showed, and exits 1 when a count that must be 0 is not.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import random
import re
import select
import shlex
import signal
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
from campaign_common import (
    PROMPTS,
    ROOT,
    cards_in_state,
    cards_not_conserved,
    deck_size,
    export_and_replay,
    game_numbers,
    keys_for,
    saved_game,
)

from uno_access.access import messages

ANSWER_SECONDS = 30.0  # the bound: an input not answered within it is a frozen terminal
SLOW_SECONDS = 5.0  # answers slower than this are counted (not a problem: a busy machine)
QUIET_SECONDS = 0.25  # an echo and then this long of nothing: a typed line is open
PROGRAM = str(ROOT / ".venv" / "bin" / "uno-access")
DEVICES_OFF = ("--speech", "off", "--braille-display", "off", "--sounds", "off")
# a prompt drawn afresh: its text, then the cursor put back after it
_PROMPT_DRAWN = re.compile(
    "(" + "|".join(re.escape(p.rstrip()) for p in PROMPTS) + r")\x1b\[\d+D\x1b\[\d+C"
)
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|.)")
_TRACEBACK = re.compile(
    r"Traceback \(most recent call last\)|^\s*(\w+\.)*\w*(Error|Exception|Interrupt): "
    r"|Unhandled exception in event loop|^\s*File \"[^\"]+\", line \d+"
    r"|Press ENTER to continue|Exception ignored in|Application is not running",
    re.MULTILINE,
)
RULES = (
    "standard",
    "standard,target_score=50",
    "standard,hand_size=2,target_score=30",
    "speed",
    "stacking",
    "anniversary",
    "penalties",
    "lowest,target_score=60",
    "challenge_uno",
    "partners",
    "standard,blank_cards=y7/b+2",
    "speed,hand_size=3,target_score=40",
    "standard,hand_size=1,uno_penalty=4",
)
SETTINGS = (
    'keys = {keys}\nspeech = false\nsounds = false\nbraille_display = "off"\nbots = "{bots}"\n'
)

# ------------------------------------------------------------------- what is sent

SPECIAL_KEYS = (
    "\r",
    " ",
    "\t",
    "\x1b[A",
    "\x1b[B",
    "\x1b[C",
    "\x1b[D",
    "\x1b[5~",
    "\x1b[6~",
    "\x1b[H",
    "\x1b[F",
    "\x1b[1~",
    "\x1b[4~",
    "\x1bOP",
    "\x1bOQ",
    "\x1bOR",
    "\x1bOS",
    "\x1b[15~",
    "\x1b[17~",
    "\x1b[18~",
    "\x1b[19~",
    "\x1b[20~",
    "\x1b[21~",
    "\x1b[23~",
    "\x1b[24~",
    "\x1b[2~",
    "\x1b[3~",
    "\x1b[Z",
)
PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
# Ctrl-A .. Ctrl-Z but Ctrl-C and Ctrl-D, then Ctrl-[ ] ^ _ and Ctrl-@ (Ctrl-C and Ctrl-\
# stop the game: ``INTERRUPTS``)
CONTROL_KEYS = (
    *(chr(c) for c in range(1, 27) if c not in (3, 4)),
    "\x1b",
    "\x1d",
    "\x1e",
    "\x1f",
    "\x00",
    "\x7f",
    "\x08",
)
CARD_CODES = (
    "b7",
    "B#G",
    "b#g",
    "blue 7",
    "Blue Seven",
    "wi+4 r",
    "wi red",
    'WI"6#D',
    "WI-#D",
    "wi-4 b",
    "r5 uno",
    "g6 g6",
    "g6 x2",
    "b7 x0",
    "r5 x99999999999999999999",
    "y1 x100000000",
    "x0",
    "x99999999999999999999",
    "red skip",
    "wild draw four green",
    "y+2",
    "brv",
    "gsk",
    "bly7",
    "blank yellow 7",
    "⠃⠼⠛",
    "⠺⠊",
    "an red give bob keep r5 uno",
    "an",
    "j",
    "j red",
    "j x2",
    "j uno",
    "wi",
    "wi+4",
    "r10",
    "b-1",
    "z9",
    "wi purple",
)
COMMANDS = (
    "d",
    "draw",
    "p",
    "play",
    "k",
    "keep",
    "u",
    "uno",
    "c",
    "catch",
    "catch ann",
    "catch 99999999999999999999",
    "c -1",
    "ch",
    "challenge",
    "a",
    "accept",
    "h",
    "hand",
    "t",
    "top",
    "cc",
    "check",
    "s",
    "scores",
    "o",
    "order",
    "pile",
    "reference",
    "r",
    "repeat",
    "rate 250",
    "rate 99999999999999999999",
    "rate -5",
    "volume 0.8",
    "volume nan",
    "volume inf",
    "verbosity brief",
    "verbosity full",
    "verbosity x",
    "speech off",
    "speech on",
    "n",
    "next",
    "help",
    "?",
    "help help",
    "q",
    "quit",
    "",
    " ",
    "yes",
    "no",
    "y",
    "red",
    "1",
    "4",
    "5",
    "give bob",
    "keep r5",
)
GARBAGE = (
    "\u202e\u0301\u200b",
    "日本語のカード",
    "🃏🟥",
    "\ufeff",
    "\U0010ffff",
    "a" * 300,
    "%s%n%x",
    "'; DROP TABLE games; --",
    "${HOME}",
    "\\x1b[2J",
    "\x1b[2Jclear",
    "\x1b]0;owned\x07",
    "nul\x00byte",
    "tab\tinside",
    "¡b7!",
    "B 7",
    "blue\u00a07",
)


def single_key(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.35:
        return rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if kind < 0.45:
        return rng.choice("0123456789")
    if kind < 0.55:
        return rng.choice(PUNCTUATION)
    return rng.choice(SPECIAL_KEYS)


def escape_sequence(rng: random.Random) -> str:
    kind = rng.randrange(9)
    if kind == 0:  # CSI with odd parameters
        params = ";".join(
            str(rng.choice((0, 1, 9, 65535, 99999999999))) for _ in range(rng.randint(0, 6))
        )
        return "\x1b[" + rng.choice(("", "?", ">", "=")) + params + rng.choice("ABCDHJKmnRt~uqz@")
    if kind == 1:  # OSC, ended by BEL or ST, or never
        return (
            "\x1b]"
            + rng.choice(("0;title", "52;c;YjcK", "4;1;rgb:ff/00/00", "1337;x"))
            + rng.choice(("\x07", "\x1b\\", ""))
        )
    if kind == 2:
        return "\x1b[<0;1;1M"
    if kind == 3:
        return (
            "\x1b[<"
            + f"{rng.randint(0, 64)};{rng.randint(1, 300)};{rng.randint(1, 90)}"
            + rng.choice("Mm")
        )
    if kind == 4:
        return "\x1b[M" + "".join(chr(rng.randint(32, 126)) for _ in range(3))
    if kind == 5:
        return "\x1b[200~"  # a paste that never ends
    if kind == 6:
        return "\x1b[200~" + rng.choice(CARD_CODES) + "\x1b[201~"
    if kind == 7:  # Alt (Meta) and a key, SS3, a lone CSI
        return rng.choice(
            (
                "\x1b" + single_key(rng),
                "\x1bO" + rng.choice("ABCDxyz"),
                "\x1b[",
                "\x1bO",
                "\x1b\x1b",
                "\x1b[201~",
                "\x9b",
            )
        )
    return "\x1bP" + "q" * rng.randint(0, 20) + "\x1b\\"  # DCS


def paste_text(rng: random.Random, size: int = 0) -> str:
    size = size or (
        rng.choice((1, 5, 20, 80, 200, 1000))
        if rng.random() < 0.9
        else rng.choice((5000, 20000, 100000, MEGABYTE))
    )
    pieces: tuple[str, ...] = (*CARD_CODES, *COMMANDS, *GARBAGE, "\n", "\r\n", " ")
    low = 32  # C1 control characters too (keys: 0x9b is the 8-bit CSI)
    if size == MEGABYTE:  # one line of a megabyte, as a file pasted whole or a script sends
        pieces = tuple(piece for piece in pieces if piece.isprintable())
        low = 0xA0
    out: list[str] = []
    length = 0
    while length < size:
        piece = (
            rng.choice(pieces)
            if rng.random() < 0.7
            else "".join(chr(rng.randint(low, 0x2FFF)) for _ in range(rng.randint(1, 30)))
        )
        out.append(piece)
        length += len(piece)
    text = "".join(out)[:size]
    return "\x1b[200~" + text + "\x1b[201~" if rng.random() < 0.8 else text


MEGABYTE = 1_000_000


def typed_line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.45:
        line = rng.choice(CARD_CODES)
        line = line.upper() if rng.random() < 0.2 else line
    elif kind < 0.85:
        line = rng.choice(COMMANDS)
        if rng.random() < 0.2:
            line += " " + rng.choice((*CARD_CODES, *GARBAGE, "99999999999999999999", "-0"))
    else:
        line = rng.choice(GARBAGE)
    return line


INTERRUPTS = {"\x03": "Ctrl-C", "\x1c": "Ctrl-\\"}
FLOW = {"\x13": "Ctrl-S", "\x11": "Ctrl-Q"}
# when a key is sent (``Input.moment``): at the prompt; with the key that ends the prompt
# (one read); a few milliseconds after it; while the bots move between two prompts (the
# terminal out of raw mode); as the next prompt starts (back in raw mode)
MOMENTS = ("at the prompt", "with the key", "just after the key", "between prompts", "next prompt")


@dataclass
class Input:
    kind: str
    data: str
    moment: str = MOMENTS[0]


def next_input(rng: random.Random, keys: bool) -> Input:
    kind = rng.random()
    if kind < 0.40:
        return Input("key", single_key(rng))
    if kind < 0.55:
        return Input("control", rng.choice(CONTROL_KEYS))
    if kind < 0.56:
        return Input("stop", "\x04")  # Ctrl-D: the input ends
    if kind < 0.60:
        return Input("interrupt", rng.choice(list(INTERRUPTS)), rng.choice(MOMENTS))
    if kind < 0.64:
        return Input("flow", rng.choice(list(FLOW)), rng.choice(MOMENTS))
    if kind < 0.645:
        return Input("closed input", rng.choice(CLOSED))
    if kind < 0.648:  # a megabyte on one line, a few times in a campaign
        return Input("paste", paste_text(rng, MEGABYTE))
    if kind < 0.72:
        return Input("escape", escape_sequence(rng))
    if kind < 0.77:
        return Input("paste", paste_text(rng))
    return Input("line", ("/" if keys else "") + typed_line(rng) + "\r")


CLOSED = ("<&-", "</dev/null")  # standard input closed, or no terminal
# what may be started without a terminal to read keys from, each answered in one line
CLOSED_COMMANDS = (
    ("play", "--seed", "1"),
    ("play", "--setup"),
    ("resume",),
    ("join", "127.0.0.1:9"),
)
# the lines that say the game stopped (Ctrl-C): saved, not saved, outside a game
_STOPPED = re.compile(
    "|".join(
        re.escape(line).replace(re.escape("{number}"), r"\d+")
        for line in (
            messages.tr(messages.GAME_STOPPED_SAVED),
            messages.tr(messages.GAME_STOPPED_UNSAVED),
            messages.tr(messages.GAME_INTERRUPTED),
            messages.tr(messages.INTERRUPTED),
            # at brief verbosity (a settings file may choose it) the print is the brief form
            messages.tr(messages.B_GAME_STOPPED_SAVED),
            messages.tr(messages.B_GAME_STOPPED_UNSAVED),
            messages.tr(messages.B_GAME_INTERRUPTED),
        )
    )
)


# ------------------------------------------------------------------- the counts


@dataclass
class Counts:
    inputs: int = 0
    tracebacks: int = 0
    not_back: int = 0  # frozen terminals: no answer within the bound
    frozen: int = 0  # of which Enter did not bring the prompt back: the game was restarted
    lost_interrupts: int = 0  # Ctrl-C or Ctrl-\ that did not stop the game, saying so
    lost_by_key: dict[str, int] = field(default_factory=dict)
    flow_on: int = 0  # times the terminal was seen out of raw mode with XON/XOFF on
    bad_exits: int = 0
    interrupts: dict[str, int] = field(default_factory=dict)  # by moment
    flows: int = 0
    closed_inputs: int = 0
    megabyte_pastes: int = 0
    slow_answers: int = 0  # answered, but after more than SLOW_SECONDS
    slowest: float = 0.0
    campaign_errors: int = 0
    games_unreadable: int = 0
    not_conserved: int = 0
    steps_checked: int = 0
    games: int = 0
    starts: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, what: str) -> None:
        self.problems.append(what)


def shown(data: str, limit: int = 160) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[:limit] + f"... ({len(data)} characters)"


def screen_text(raw: str) -> str:
    return _ESCAPES.sub("", raw).replace("\r", "")


# ------------------------------------------------------------------- the campaign


class Campaign:
    def __init__(self, home: Path, rng: random.Random, deadline: float, budget: int) -> None:
        self.home = home
        self.rng = rng
        self.deadline = deadline
        self.budget = budget
        self.counts = Counts()
        self.config = home / "config" / "uno-access"
        self.config.mkdir(parents=True, exist_ok=True)
        self.db = home / "data" / "uno-access" / "games.db"
        self.env = dict(os.environ)
        self.env.update(
            HOME=str(home),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CONFIG_HOME=str(home / "config"),
            TERM="xterm-256color",
            PROMPT_TOOLKIT_NO_CPR="1",
            COLUMNS="120",
            LINES="40",
        )
        self.env.pop("NO_COLOR", None)
        self.child: pexpect.spawn[str] | None = None
        self.keys = True
        self.prompt: str | None = None
        self.recent: list[str] = []  # the last inputs of this game, for the problem report
        self.started_as = ""
        self.last_screen = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.read_log: list[str] = []  # everything this program wrote (``interrupt``)

    # --------------------------------------------------------------- the terminal

    def start(self) -> None:
        """A new program: ``play`` (a new game, or the offer of the unfinished one) or
        ``resume``, with options drawn at random.
        """
        rng = self.rng
        self.close()
        self.keys = rng.random() < 0.75
        bots = rng.choice(("easy", "easy", "normal", "hard:20"))
        (self.config / "settings.toml").write_text(  # the settings take no bot budget
            SETTINGS.format(keys=str(self.keys).lower(), bots=bots.split(":")[0]),
            encoding="utf-8",
        )
        args: list[str] = []
        if self.unfinished() and rng.random() < 0.35:
            args = ["resume"]
        else:
            args = ["play", "--seed", str(rng.randrange(10**6))]
            rules = rng.choice(RULES)
            players = 4 if rules.startswith("partners") else rng.choice((2, 2, 3, 4, 6, 10))
            if players == 10 and "hand_size" not in rules and not rules.startswith("speed"):
                rules += ",hand_size=7"
            args += ["--rules", rules, "--players", str(players), "--bots", bots]
            if rng.random() < 0.05:
                args.append("--setup")
        args += DEVICES_OFF
        if rng.random() < 0.3:
            args += ["--keys", "on" if self.keys else "off"]
        elif rng.random() < 0.1:
            self.keys = not self.keys
            args += ["--keys", "on" if self.keys else "off"]
        if rng.random() < 0.2:
            args.append("--large-text")
        self.started_as = " ".join(args)
        self.counts.starts += 1
        self.recent = [f"started: uno-access {self.started_as}"]
        self.child = pexpect.spawn(
            PROGRAM,
            args,
            cwd=str(ROOT),
            env=self.env,
            encoding="utf-8",
            timeout=ANSWER_SECONDS,
            dimensions=(40, 120),
        )
        self.child.delaybeforesend = 0
        os.set_blocking(self.child.child_fd, False)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.read_log = []
        answer = self.answer("", first=True)
        if answer != "prompt" and answer != "exit":
            self.not_back("the start", answer)

    def unfinished(self) -> bool:
        try:
            return self.db.exists() and not saved_game(self.db).finished
        except Exception:
            return False

    def close(self) -> None:
        """The program ended at once (SIGKILL: what it saved is all there is)."""
        child = self.child
        self.child = None
        if child is None:
            return
        if child.pid is not None and child.isalive():
            with contextlib.suppress(OSError):
                os.kill(child.pid, signal.SIGKILL)
        for _ in range(3):
            try:
                child.close(force=True)
                return
            except pexpect.ExceptionPexpect:
                time.sleep(0.5)

    def _read(self, timeout: float) -> str:
        """What the program wrote within ``timeout`` ("" for nothing; raises EOF)."""
        assert self.child is not None
        fd = self.child.child_fd
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return ""
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            return ""
        except OSError:  # the program closed the terminal (EIO)
            raise pexpect.EOF("closed") from None
        if not data:
            raise pexpect.EOF("closed")
        text = self.decoder.decode(data)
        self.read_log.append(text)
        return text

    def send(self, data: str) -> str:
        """Write ``data``, reading what comes back meanwhile so that neither side blocks;
        what was read.
        """
        assert self.child is not None
        fd = self.child.child_fd
        pending = data.encode("utf-8", "surrogatepass")
        got: list[str] = []
        stop = time.monotonic() + 60
        while pending and time.monotonic() < stop:
            readable, writable, _ = select.select([fd], [fd], [], 1.0)
            if readable:
                got.append(self._read(0))
            if writable:
                try:
                    written = os.write(fd, pending[:1024])
                except BlockingIOError:
                    continue
                pending = pending[written:]
        if pending:
            raise TimeoutError("the program stopped reading its input")
        return "".join(got)

    def answer(self, already: str, first: bool = False, sent: bool = False) -> str:
        """Wait for the answer to what was just sent: "prompt" (a prompt drawn again),
        "echo" (something came, no line and no prompt, then quiet: a typed line is open;
        never after a line ``sent`` with Enter), "exit" (the program ended), "silent"
        (nothing within the bound), "stuck" (lines but no prompt within the bound).
        """
        seen = already
        start = time.monotonic()
        last = start
        limit = ANSWER_SECONDS * (2 if first else 1)  # a start imports Python first
        try:
            while True:
                now = time.monotonic()
                if _PROMPT_DRAWN.search(seen):
                    seen += self._drain()
                    self.check_screen(seen)
                    self.prompt = _PROMPT_DRAWN.findall(seen)[-1] + " "
                    self._timed(now - start, first)
                    return "prompt"
                if now - start > limit:
                    self.check_screen(seen)
                    self.last_screen = seen
                    return "stuck" if "\n" in seen else ("echo" if seen else "silent")
                quiet = now - last > QUIET_SECONDS
                if seen and not seen.endswith("\n") and quiet and not (first or sent):
                    self.check_screen(seen)
                    return "echo"
                chunk = self._read(0.05)
                if chunk:
                    seen += chunk
                    last = time.monotonic()
        except pexpect.EOF:
            self.check_screen(seen)
            self.exited()
            return "exit"

    def _timed(self, seconds: float, first: bool) -> None:
        counts = self.counts
        if not first:
            counts.slowest = max(counts.slowest, seconds)
            counts.slow_answers += seconds > SLOW_SECONDS

    def _drain(self) -> str:
        """Whatever else comes at once (a key typed ahead answered too)."""
        got: list[str] = []
        while True:
            chunk = self._read(0.02)
            if not chunk:
                return "".join(got)
            got.append(chunk)

    def check_screen(self, raw: str) -> None:
        text = screen_text(raw)
        found = _TRACEBACK.search(text)
        self.last_screen = raw
        if found:
            self.counts.tracebacks += 1
            where = text[max(0, found.start() - 200) : found.end() + 600]
            self.counts.problem(f"traceback after {self.context()}:\n{where}")

    def exited(self) -> None:
        assert self.child is not None
        self.child.expect(pexpect.EOF, timeout=10)
        self.child.close()
        status = self.child.exitstatus
        signal_status = self.child.signalstatus
        self.child = None
        self.prompt = None
        if status not in (0, 130):
            self.counts.bad_exits += 1
            tail = screen_text("".join(self.read_log[-20:]))[-400:]
            self.counts.problem(
                f"exit status {status} (signal {signal_status}) after {self.context()}; "
                f"the screen ended: {tail!r}"
            )

    def context(self) -> str:
        return "; ".join(self.recent[-6:])

    def not_back(self, what: str, answer: str, count: bool = True) -> None:
        """A prompt that did not come back: counted (unless it was already), then the
        program is ended and another started.
        """
        self.counts.not_back += count
        tail = screen_text(self.last_screen)[-300:]
        self.counts.problem(
            f"prompt not back within {ANSWER_SECONDS:.0f} s ({answer}) after "
            f"{what}; {self.context()}; the screen ended: {tail!r}"
        )
        self.close()
        self.prompt = None

    # --------------------------------------------------------------- one input

    def step(self) -> None:
        if self.child is None:
            self.start()
            return
        rng = self.rng
        if self.prompt == "setup> ":
            item = Input(
                "setup answer",
                rng.choice(
                    ("", "", "", "2", "off", "easy", "x" * 40, "99999999999999999999", "⠃⠼⠛")
                )
                + "\r",
            )
        elif rng.random() < 0.2:
            item = Input("legal move", self.legal_move())
        else:
            item = next_input(rng, self.keys)
        self.counts.inputs += 1
        self.recent.append(f"{item.kind} {shown(item.data)} at {self.prompt!r} ({item.moment})")
        if item.kind == "interrupt":
            self.interrupt(item)
            return
        if item.kind == "flow":
            self.flow(item)
            return
        if item.kind == "closed input":
            self.closed_input(item.data)
            return
        if item.kind == "paste" and len(item.data) >= MEGABYTE:
            self.counts.megabyte_pastes += 1
        try:
            answer = self.answer(self.send(item.data))
        except TimeoutError:
            self.not_back(f"{item.kind} {shown(item.data)} (not read)", "input not read")
            return
        except pexpect.EOF:  # what was sent ended the program before all of it was
            self.ended_while_sending()  # written (a pasted "quit", then "y")
            return
        if answer in ("silent", "stuck"):  # the game said nothing, or did not finish
            self.counts.not_back += 1
            self.counts.problem(
                f"prompt not back within {ANSWER_SECONDS:.0f} s ({answer}) "
                f"after {item.kind} {shown(item.data)}; {self.context()}; "
                f"the screen ended: {screen_text(self.last_screen)[-300:]!r}"
            )
        counted = answer != "echo"
        if answer in ("echo", "silent", "stuck"):  # a typed line may be open: Enter sends it
            self.counts.inputs += 1
            self.recent.append("Enter after it")
            try:  # the line is sent: its answer and the prompt must come, however slowly
                answer = self.answer(self.send("\r"), sent=True)
            except TimeoutError:
                answer = "input not read"
            except pexpect.EOF:
                self.ended_while_sending()
                return
            if answer != "prompt" and answer != "exit":
                self.counts.frozen += 1
                self.not_back(
                    f"{item.kind} {shown(item.data)} and Enter", answer, count=not counted
                )

    def ended_while_sending(self) -> None:
        """The program ended while input was still being written: an exit like any other
        (its screen checked for a traceback, its status for a bad exit)."""
        self.check_screen("".join(self.read_log[-50:]))
        self.exited()

    # --------------------------------------------------------------- at random moments

    def _mode(self) -> tuple[bool, bool]:
        """The terminal now: (canonical mode, that is between two prompts; XON/XOFF on)."""
        assert self.child is not None
        iflag, _, _, lflag, *_ = termios.tcgetattr(self.child.child_fd)
        return bool(lflag & termios.ICANON), bool(iflag & termios.IXON)

    def until_mode(self, canonical: bool, limit: float = 2.0) -> str:
        """Read what comes until the terminal is in canonical mode (``canonical``: the
        bots move) or raw mode again (a prompt runs), for at most ``limit`` seconds (the
        moment may never come: the prompt came back at once); what was read. XON/XOFF
        seen on between prompts is counted: Ctrl-S would freeze the game there."""
        got: list[str] = []
        stop = time.monotonic() + limit
        told = False
        try:
            while time.monotonic() < stop:
                now_canonical, xon = self._mode()
                if now_canonical and xon and not told:  # once a moment
                    told = True
                    self.counts.flow_on += 1
                    self.counts.problem(f"flow control on between prompts; {self.context()}")
                if now_canonical == canonical:
                    break
                got.append(self._read(0.002))
        except (pexpect.EOF, termios.error, OSError):
            pass
        return "".join(got)

    def at_moment(self, item: Input) -> str:
        """Send ``item.data`` at ``item.moment``, after a legal move that ends the prompt
        (the bots then move); what was read meanwhile."""
        if item.moment == "at the prompt":
            return self.send(item.data)
        lead = self.legal_move()
        if self.prompt == "quit? " or self.prompt == "again? ":  # a key that goes on: not
            lead = {"quit? ": "n", "again? ": "y"}[self.prompt]  # one that ends the program
            lead += "" if self.keys else "\r"
        if item.moment == "with the key":
            return self.send(lead + item.data)
        got = self.send(lead)
        if item.moment == "just after the key":
            time.sleep(self.rng.random() * 0.05)  # a random moment (not a synchronisation)
        elif item.moment == "between prompts":
            got += self.until_mode(canonical=True)
        elif item.moment == "next prompt":
            got += self.until_mode(canonical=True)
            got += self.until_mode(canonical=False)
        return got + self.send(item.data)

    def interrupt(self, item: Input) -> None:
        """Ctrl-C or Ctrl-\\ at ``item.moment``: the game must end within the bound,
        status 130, having said its one stop line; else the interrupt was lost."""
        counts = self.counts
        counts.interrupts[item.moment] = counts.interrupts.get(item.moment, 0) + 1
        what = f"{INTERRUPTS[item.data]} {item.moment}"
        begin = len(self.read_log)
        stop = time.monotonic() + ANSWER_SECONDS
        try:
            with contextlib.suppress(TimeoutError):
                self.at_moment(item)
            while time.monotonic() < stop:
                self._read(0.05)
        except pexpect.EOF:
            seen = "".join(self.read_log[begin:])
            self.check_screen(seen)
            said = _STOPPED.findall(screen_text(seen))
            child = self.child
            self.exited()
            status = None if child is None else child.exitstatus
            if len(said) != 1:
                counts.lost_interrupts += 1
                key = INTERRUPTS[item.data]
                counts.lost_by_key[key] = counts.lost_by_key.get(key, 0) + 1
                counts.problem(
                    f"{what}: the game ended (status {status}) saying {len(said)} stop lines; "
                    f"{self.context()}; the screen ended: {seen[-600:]!r}"
                )
            return
        seen = "".join(self.read_log[begin:])
        counts.lost_interrupts += 1
        key = INTERRUPTS[item.data]
        counts.lost_by_key[key] = counts.lost_by_key.get(key, 0) + 1
        counts.problem(
            f"{what} lost: the game did not stop within {ANSWER_SECONDS:.0f} s; "
            f"{self.context()}; the screen ended: {screen_text(seen)[-300:]!r}"
        )
        self.close()
        self.prompt = None

    def flow(self, item: Input) -> None:
        """Ctrl-S or Ctrl-Q at ``item.moment``: nothing freezes; then a key is answered."""
        self.counts.flows += 1
        try:
            answer = self.answer(self.at_moment(item))
        except TimeoutError:
            answer = "input not read"
        except pexpect.EOF:  # the move before it ended the game
            self.ended_while_sending()
            return
        if answer == "exit":
            return
        if answer == "prompt":
            self._drain()  # the key's own answer, when it came after the prompt's
            follow = "w" if self.keys and self.prompt == "uno> " else "\r"
            self.recent.append(f"then {follow!r}")
            try:
                answer = self.answer(self.send(follow))
            except TimeoutError:
                answer = "input not read"
        if answer not in ("prompt", "exit", "echo"):
            self.counts.not_back += 1
            self.counts.frozen += 1
            self.not_back(f"{FLOW[item.data]} {item.moment}", answer, count=False)

    def closed_input(self, redirect: str) -> None:
        """A command that reads keys, started with standard input closed or /dev/null:
        one line, status 2 (join: 1), no traceback, within the bound."""
        self.counts.closed_inputs += 1
        args = self.rng.choice(CLOSED_COMMANDS)
        line = f"exec {shlex.quote(PROGRAM)} {shlex.join([*args, *DEVICES_OFF])} {redirect}"
        child = pexpect.spawn(
            "/bin/sh",
            ["-c", line],
            cwd=str(self.home),
            env=self.env,
            encoding="utf-8",
            timeout=ANSWER_SECONDS * 2,
            dimensions=(40, 120),
        )
        what = f"uno-access {' '.join(args)} {redirect}"
        try:
            child.expect(pexpect.EOF)
        except pexpect.TIMEOUT:
            self.counts.not_back += 1
            self.counts.problem(f"{what}: no end within {ANSWER_SECONDS * 2:.0f} s")
            child.close(force=True)
            return
        child.close()
        text = screen_text(child.before or "")
        if _TRACEBACK.search(text):
            self.counts.tracebacks += 1
            self.counts.problem(f"traceback after {what}:\n{text[-800:]}")
        lines = [said for said in text.split("\n") if said.strip()]
        wanted = 1 if args[0] == "join" else 2
        if child.exitstatus != wanted or len(lines) != 1:
            self.counts.bad_exits += 1
            self.counts.problem(f"{what}: status {child.exitstatus}, {len(lines)} lines: {text!r}")

    def legal_move(self) -> str:
        """A legal move read from the saved game, so that games go on and end."""
        try:
            saved = saved_game(self.db)
            keys = keys_for(saved.game(), self.rng)
        except Exception:
            keys = "d"
        if self.prompt in ("resume? ", "quit? ", "again? "):
            keys = self.rng.choice(("y", "n"))
        elif self.prompt == "colour> ":
            keys = self.rng.choice("rgby")
        elif self.prompt not in ("uno> ",):
            keys = " "
        if self.keys:
            return keys
        if keys.startswith("/"):
            return keys[1:]
        return {" ": "\r", "d": "d\r", "k": "k\r", "y": "y\r", "n": "n\r"}.get(keys, keys + "\r")

    # --------------------------------------------------------------- the end

    def check_games(self) -> None:
        """Every saved game exported and replayed, and its cards counted at every step."""
        self.close()
        for number in game_numbers(self.db):
            self.counts.games += 1
            problem, state = export_and_replay(self.env, self.db, self.home, number)
            if problem is not None:
                self.counts.games_unreadable += 1
                self.counts.problem(problem)
            try:
                saved = saved_game(self.db, number)
                steps, bad = cards_not_conserved(saved)
                if state is not None and cards_in_state(state) != deck_size(saved):
                    bad += 1
            except Exception as error:
                self.counts.not_conserved += 1
                self.counts.problem(f"game {number} cannot be counted: {error!r}")
                continue
            self.counts.steps_checked += steps
            if bad:
                self.counts.not_conserved += bad
                self.counts.problem(f"game {number}: cards not conserved at {bad} steps")


def main() -> int:
    global ANSWER_SECONDS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=3000, help="inputs to send")
    parser.add_argument(
        "--seconds",
        type=float,
        default=3600,
        help="stop sending after this long (the final checks come after)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--problems", type=int, default=8, help="problem inputs to print")
    parser.add_argument(
        "--bound", type=float, default=ANSWER_SECONDS, help="seconds an answer may take"
    )
    args = parser.parse_args()
    ANSWER_SECONDS = args.bound
    rng = random.Random(args.seed)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="uno-fault-") as folder:
        campaign = Campaign(Path(folder), rng, started + args.seconds, args.inputs)
        while campaign.counts.inputs < args.inputs and time.monotonic() < campaign.deadline:
            try:
                campaign.step()
            except Exception as error:  # the campaign's own failure: said, and on it goes
                campaign.counts.campaign_errors += 1
                campaign.counts.problem(f"campaign error {error!r} after {campaign.context()}")
                campaign.close()
                campaign.prompt = None
        sending = time.monotonic() - started
        campaign.check_games()
    counts = campaign.counts
    print(f"seed: {args.seed}")
    print(f"inputs sent: {counts.inputs}")
    print(f"tracebacks: {counts.tracebacks}")
    print(f"frozen terminals (no answer within {ANSWER_SECONDS:.0f} s): {counts.not_back}")
    print(f"  of which Enter did not bring the prompt back: {counts.frozen}")
    by_key = ", ".join(f"{n} {key}" for key, n in sorted(counts.lost_by_key.items()))
    print(f"lost Ctrl-C: {counts.lost_interrupts}" + (f" ({by_key})" if by_key else ""))
    print(f"flow control on between prompts: {counts.flow_on}")
    print(f"exits not as they should be: {counts.bad_exits}")
    print(f"campaign errors: {counts.campaign_errors}")
    print(f"games unreadable: {counts.games_unreadable}")
    print(f"cards not conserved: {counts.not_conserved}")
    print(f"steps checked: {counts.steps_checked}")
    print(f"games played: {counts.games}")
    print(f"programs started: {counts.starts}")
    moments = ", ".join(f"{n} {moment}" for moment, n in sorted(counts.interrupts.items()))
    print(f"Ctrl-C and Ctrl-\\ sent: {sum(counts.interrupts.values())} ({moments})")
    print(f"Ctrl-S and Ctrl-Q sent: {counts.flows}")
    print(f"closed inputs: {counts.closed_inputs}")
    print(f"pastes of 1 MB: {counts.megabyte_pastes}")
    print(f"answers slower than {SLOW_SECONDS:.0f} s: {counts.slow_answers}")
    print(f"slowest answer: {counts.slowest:.1f} s")
    print(f"seconds: {sending:.1f} sending, {time.monotonic() - started:.1f} in all")
    for problem in counts.problems[: args.problems]:
        print(f"problem: {problem}")
    if len(counts.problems) > args.problems:
        print(f"problems not shown: {len(counts.problems) - args.problems}")
    bad = (
        counts.tracebacks
        + counts.not_back
        + counts.lost_interrupts
        + counts.flow_on
        + counts.campaign_errors
        + counts.bad_exits
        + counts.games_unreadable
        + counts.not_conserved
    )
    return 1 if bad or counts.inputs < min(args.inputs, 1) else 0


if __name__ == "__main__":
    sys.exit(main())
