"""Ctrl-C, Ctrl-\\, Ctrl-S and SIGTERM in a real pseudo-terminal (pexpect), at the moments
that used to go wrong (issue 23): as a prompt ends, while the bots move between two
prompts (the terminal out of raw mode, where Ctrl-C is a signal and Ctrl-S the terminal's
XOFF), and as the next prompt starts.

The moments are found from the terminal's own state (``termios`` read on the master
side: canonical mode between prompts, raw mode at a prompt), never by sleeping.

Without a pace the bots move within the prompt still running (raw mode, where Ctrl-C is
a key, read once they have moved: ``Keyboard.read_through``); with one (``PACED``),
each move waits at a prompt of its own, and the bots move between two prompts.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from test_play_terminal import game_env

from uno_access.access import messages
from uno_access.store import Store

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = str(ROOT / ".venv" / "bin" / "uno-access")
SETTINGS = 'keys = true\nspeech = false\nsounds = false\nbraille_display = "off"\n'
PROMPT = re.compile(r"uno>\x1b\[\d+D\x1b\[\d+C")  # the prompt drawn afresh
BOUND = 60.0  # seconds: "not frozen", never a measure of speed
PACED = ("--bot-pace", "0.2")  # the bots move between two prompts (see above)
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
OFFER = re.compile(r"You may play .* now: .* to keep it\.")  # a card drawn, playable
_BROKEN = re.compile(r"Traceback|Exception|Error:|Press ENTER")


def _spawn(home: Path, *args: str) -> pexpect.spawn[str]:
    env = game_env(home, SETTINGS)
    child = pexpect.spawn(
        PROGRAM,
        ["play", *args],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=BOUND,
        dimensions=(40, 120),
    )
    child.delaybeforesend = 0
    return child


def _attrs(child: pexpect.spawn[str]) -> tuple[bool, bool]:
    """The terminal now: (in canonical mode, that is between two prompts; XON/XOFF on)."""
    iflag, _, _, lflag, *_ = termios.tcgetattr(child.child_fd)
    return bool(lflag & termios.ICANON), bool(iflag & termios.IXON)


def _until(child: pexpect.spawn[str], canonical: bool) -> str:
    """Read the game's output until the terminal is in canonical mode (``canonical``) or
    raw mode (a prompt is running); the output read meanwhile. XON/XOFF must be off
    whenever the game has the terminal out of raw mode. A card drawn that may be played
    is kept (K, at the prompt that offers it, which goes on from the turn's): the turn
    passes to the bots."""
    got: list[str] = []
    deadline = time.monotonic() + BOUND
    kept = False
    while True:
        now_canonical, ixon = _attrs(child)
        if now_canonical:
            assert not ixon, "flow control (IXON) is on while the game runs"
        if now_canonical == canonical:
            return "".join(got)
        assert time.monotonic() < deadline, "".join(got)[-500:]
        with contextlib.suppress(pexpect.TIMEOUT):
            got.append(child.read_nonblocking(65536, timeout=0.001))
        if not kept and OFFER.search(_screen("".join(got))):
            kept = True
            child.send("k")


def _screen(text: str) -> str:
    return _ESCAPES.sub("", text).replace("\r", "")


def _stopped(home: Path, child: pexpect.spawn[str], already: str, status: int = 130) -> str:
    """The game ended, within the bound: its status, its one stop line, no traceback, the
    game saved and the terminal's flow control put back as it was before (on)."""
    child.expect(pexpect.EOF)
    shown = _screen(already + (child.before or ""))
    assert termios.tcgetattr(child.child_fd)[0] & termios.IXON, "flow control not put back"
    child.close()
    assert child.signalstatus is None and child.exitstatus == status, shown[-800:]
    opened = Store.open(home / "data" / "uno-access" / "games.db")
    assert opened.store is not None
    number = opened.store.latest(unfinished=True)
    opened.store.close()
    assert number is not None
    assert shown.count(messages.game_stopped(number)) == 1, shown[-800:]
    assert not _BROKEN.search(shown), shown[-1500:]
    return shown


MOMENTS: dict[str, Callable[[pexpect.spawn[str]], str]] = {
    "with the key that ends the prompt": lambda child: "",
    "as the prompt ends": lambda child: "",
    "while the bots move": lambda child: _until(child, canonical=True),
    "as the next prompt starts": lambda child: (
        _until(child, canonical=True) + _until(child, canonical=False)
    ),
}


@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("seed", [3, 8])
def test_ctrl_c_at_any_moment_around_a_prompt_stops_the_game_saved_with_its_one_line(
    tmp_path: Path, moment: str, seed: int
) -> None:
    child = _spawn(tmp_path, "--seed", str(seed), "--players", "4", "--bots", "easy", *PACED)
    child.expect(PROMPT)
    if moment == "with the key that ends the prompt":
        child.send("d\x03")  # read in one piece: the prompt ends on D, Ctrl-C comes after
    else:
        child.send("d")
    already = MOMENTS[moment](child)
    if moment != "with the key that ends the prompt":
        child.send("\x03")
    _stopped(tmp_path, child, already)


@pytest.mark.parametrize("moment", ["at a prompt", "while the bots move"])
def test_ctrl_backslash_stops_the_game_saved_with_its_one_line_at_any_moment(
    tmp_path: Path, moment: str
) -> None:
    """Ctrl-\\ is SIGQUIT out of raw mode and a key at a prompt: it stops the game either
    way, as Ctrl-C does (never "does nothing" at one moment and stops at the next)."""
    child = _spawn(tmp_path, "--seed", "4", "--players", "10", "--bots", "easy", *PACED)
    child.expect(PROMPT)
    already = ""
    if moment == "while the bots move":
        child.send("d")
        already = _until(child, canonical=True)
    child.send("\x1c")
    _stopped(tmp_path, child, already)


def test_sigterm_stops_the_game_saved_and_puts_the_terminal_back(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "6")
    child.expect(PROMPT)
    assert child.pid is not None
    os.kill(child.pid, signal.SIGTERM)
    _stopped(tmp_path, child, "", status=128 + signal.SIGTERM)


def test_ctrl_s_between_prompts_freezes_nothing_and_is_a_key_with_no_meaning(
    tmp_path: Path,
) -> None:
    """Flow control is off for the whole session: Ctrl-S sent while the bots move (the
    terminal out of raw mode, between two of the pace's prompts) stops no output; the
    game goes on to the next prompt, which says the key does nothing; Ctrl-Q likewise;
    and the terminal's own flow control is put back when the game ends."""
    child = _spawn(tmp_path, "--seed", "4", "--players", "10", "--bots", "easy", *PACED)
    child.expect(PROMPT)
    assert _attrs(child)[1] is False  # at a prompt (raw mode) it is off in any case
    child.send("d")
    _until(child, canonical=True)  # between prompts: asserts IXON off
    child.send("\x13")  # Ctrl-S while the bots move
    child.expect_exact(messages.tr(messages.NO_SUCH_KEY))  # Ctrl-S, read at the next prompt
    child.expect(PROMPT)
    child.send("\x11")  # Ctrl-Q: no meaning either
    child.expect_exact(messages.tr(messages.NO_SUCH_KEY))
    child.expect(PROMPT)
    child.send("l")  # and the keys are answered
    child.expect_exact("Your hand, ")
    child.expect(PROMPT)
    child.send("\x03")
    _stopped(tmp_path, child, "")
