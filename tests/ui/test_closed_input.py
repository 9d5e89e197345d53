"""A command that reads keys, started without a terminal to read them from (issue 23):
``uno-access play <&-``, ``resume <&-``, ``join … <&-`` (standard input closed) and
``play </dev/null`` (not a terminal) each say so in one sentence, exit 2 and change
nothing: no game saved, no saved game touched, no key made, no server called.

Run in a real pseudo-terminal (pexpect) whose output is the terminal and whose input is
closed or /dev/null, as a shell would start them.
"""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from test_play_terminal import game_env

from uno_access.access import messages
from uno_access.net import client
from uno_access.store import Store

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = str(ROOT / ".venv" / "bin" / "uno-access")
SETTINGS = 'keys = true\nspeech = false\nsounds = false\nbraille_display = "off"\n'
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _environment(home: Path) -> dict[str, str]:
    return game_env(home, SETTINGS)


def _in_terminal(home: Path, args: list[str], redirect: str) -> tuple[int | None, list[str]]:
    """``uno-access ARGS REDIRECT`` with its output on a pseudo-terminal; its exit status
    and the lines it wrote."""
    command = f"exec {shlex.quote(PROGRAM)} {shlex.join(args)} {redirect}"
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", command],
        cwd=str(home),
        env=_environment(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )
    child.expect(pexpect.EOF)
    child.close()
    text = _ESCAPES.sub("", child.before or "").replace("\r", "")
    return child.exitstatus, [line for line in text.split("\n") if line]


def _files(home: Path) -> dict[str, bytes]:
    data = home / "data"
    return {
        str(path.relative_to(home)): path.read_bytes() for path in data.rglob("*") if path.is_file()
    }


REDIRECTS = {"closed": "<&-", "/dev/null": "</dev/null"}


@pytest.mark.parametrize("redirect", list(REDIRECTS))
@pytest.mark.parametrize(
    "args",
    [["play", "--seed", "3"], ["play", "--setup"], ["play", "--scenario", "SCENARIO"]],
    ids=["play", "play --setup", "play --scenario"],
)
def test_play_without_a_terminal_says_so_in_one_sentence_exits_2_and_saves_nothing(
    tmp_path: Path, args: list[str], redirect: str
) -> None:
    scenario = tmp_path / "game.json"
    scenario.write_text('{"players": 2, "deal": "seed", "seed": 1}', encoding="utf-8")
    args = [str(scenario) if arg == "SCENARIO" else arg for arg in args]
    status, lines = _in_terminal(tmp_path, args, REDIRECTS[redirect])
    said = messages.needs_terminal("play", closed=redirect == "closed")
    assert (status, lines) == (2, [f"uno-access: {said}"])
    assert _files(tmp_path) == {}  # not even an empty file of saved games


def _unfinished_game(home: Path) -> None:
    """A game played a little in a real terminal, then stopped (saved, unfinished)."""
    child = pexpect.spawn(
        PROGRAM,
        ["play", "--seed", "4"],
        cwd=str(home),
        env=_environment(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )
    child.expect_exact("uno>")
    child.send("d")
    child.expect_exact("uno>")
    child.send("\x03")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.parametrize("redirect", list(REDIRECTS))
def test_resume_without_a_terminal_says_so_and_leaves_the_saved_game_as_it_was(
    tmp_path: Path, redirect: str
) -> None:
    _unfinished_game(tmp_path)
    before = _files(tmp_path)
    status, lines = _in_terminal(tmp_path, ["resume"], REDIRECTS[redirect])
    said = messages.needs_terminal("resume", closed=redirect == "closed")
    assert (status, lines) == (2, [f"uno-access: {said}"])
    opened = Store.open(tmp_path / "data" / "uno-access" / "games.db")
    assert opened.store is not None
    saved = opened.store.load(1)
    opened.store.close()
    assert saved is not None and not saved.finished
    assert _files(tmp_path).keys() == before.keys()


@pytest.mark.parametrize("redirect", list(REDIRECTS))
def test_join_without_a_terminal_says_so_and_neither_makes_a_key_nor_calls(
    tmp_path: Path, redirect: str
) -> None:
    with socket.socket() as listener:  # a server that would notice being called
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0)
        port = listener.getsockname()[1]
        status, lines = _in_terminal(tmp_path, ["join", f"127.0.0.1:{port}"], REDIRECTS[redirect])
        with pytest.raises(BlockingIOError):
            listener.accept()
    said = messages.needs_terminal("join", closed=redirect == "closed")
    assert (status, lines) == (client.EXIT_ERROR, [f"uno-access: {said}"])  # as any join error
    assert _files(tmp_path) == {}


def _run(home: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        cwd=home,
        env=_environment(home),
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def test_export_dash_o_dash_writes_standard_output_not_a_file_named_dash(tmp_path: Path) -> None:
    _unfinished_game(tmp_path)
    by_default = _run(tmp_path, "export")
    dashed = _run(tmp_path, "export", "-o", "-")
    assert dashed.returncode == 0 and dashed.stderr == b""
    assert dashed.stdout == by_default.stdout and dashed.stdout.startswith(b"{")
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("format", ["text", "brf"])
def test_rules_dash_o_dash_writes_standard_output_not_a_file_named_dash(
    tmp_path: Path, format: str
) -> None:
    by_default = _run(tmp_path, "rules", "--format", format)
    dashed = _run(tmp_path, "rules", "--format", format, "-o", "-")
    assert dashed.returncode == 0 and dashed.stdout == by_default.stdout
    assert dashed.stdout and dashed.stderr == b""
    assert not (tmp_path / "-").exists()


def test_rules_as_speech_dash_o_dash_writes_the_wav_to_standard_output(tmp_path: Path) -> None:
    dashed = _run(tmp_path, "rules", "--format", "wav", "--quick", "-o", "-")
    assert dashed.returncode == 0, dashed.stderr
    assert dashed.stdout[:4] == b"RIFF" and dashed.stdout[8:12] == b"WAVE"
    assert not (tmp_path / "-").exists() and not (tmp_path / "uno-access-rules.wav").exists()
