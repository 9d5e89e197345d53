"""The fault campaign (``scripts/fault_campaign.py``) on a small budget, and what it found:
keys, control keys, escape sequences, pastes and typed lines into a real pseudo-terminal
(pexpect), then every saved game exported, replayed and its cards counted.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect

from uno_access.access import messages

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"uno>\x1b\[\d+D\x1b\[\d+C"  # the prompt drawn afresh
SETTINGS = 'keys = true\nspeech = false\nsounds = false\nbraille_display = "off"\n'


def _spawn(home: Path, *args: str) -> pexpect.spawn[str]:
    (home / "config" / "uno-access").mkdir(parents=True, exist_ok=True)
    (home / "config" / "uno-access" / "settings.toml").write_text(SETTINGS, encoding="utf-8")
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        TERM="xterm-256color",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return pexpect.spawn(
        str(ROOT / ".venv" / "bin" / "uno-access"),
        [*args, "--speech", "off", "--braille-display", "off", "--sounds", "off"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )


def test_ctrl_backslash_stops_the_game_as_ctrl_c_does_saved_and_with_status_130(
    tmp_path: Path,
) -> None:
    """Ctrl-\\ is SIGQUIT wherever the terminal is not in raw mode (while the bots play):
    it stops the game as Ctrl-C does, the game saved, never a core dump."""
    child = _spawn(tmp_path, "play", "--seed", "4")
    child.expect_exact("uno>")
    assert child.pid is not None
    os.kill(child.pid, signal.SIGQUIT)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None and child.exitstatus == 130
    again = _spawn(tmp_path, "resume")
    again.expect_exact("That is where the game stopped.")
    again.expect_exact("uno>")
    again.close(force=True)


def test_a_refused_pasted_line_is_told_in_one_short_line(tmp_path: Path) -> None:
    """The refusal names what was typed, cut to a few dozen characters: never the whole
    paste spoken, brailled and printed again; a paste of 100,000 is too long, said at once."""
    child = _spawn(tmp_path, "play", "--seed", "4")
    child.expect_exact("uno>")
    child.send("\x1b[200~" + "zq " * 150 + "\x1b[201~\r")  # 450 characters: a line
    child.expect_exact("is not a command or a card.", timeout=60)
    told = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before or "").split("\n")[-1]
    child.expect(PROMPT, timeout=60)
    child.send("\x1b[200~" + "zq " * 33_334 + "\x1b[201~\r")
    child.expect_exact(messages.line_too_long(), timeout=60)
    child.expect(PROMPT, timeout=60)
    child.close(force=True)
    assert told.startswith("'zq zq") and len(told) < 80, len(told)


def test_the_fault_campaign_finds_no_traceback_no_frozen_terminal_no_lost_ctrl_c() -> None:
    """``scripts/fault_campaign.py`` with a small budget: every count that must be 0 is 0
    (tracebacks, frozen terminals, lost Ctrl-C, bad exits; every game readable)."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "fault_campaign.py"),
            "--inputs",
            "300",
            "--seconds",
            "90",
            "--seed",
            "7",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
    )
    counts = dict(
        line.split(": ", 1)
        for line in result.stdout.splitlines()
        if ": " in line and not line.startswith(("problem", " "))
    )
    assert int(counts["inputs sent"]) >= 100, result.stdout
    for name in (
        "tracebacks",
        "frozen terminals (no answer within 30 s)",
        "lost Ctrl-C",
        "flow control on between prompts",
        "exits not as they should be",
        "campaign errors",
        "games unreadable",
        "cards not conserved",
    ):
        assert counts[name] == "0", result.stdout[-4000:]
    assert int(counts["games played"]) >= 1
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
