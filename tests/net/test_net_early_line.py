"""Nothing a connection sends can freeze the server (issues 23 and 24): a long line typed
the moment a plain ssh session opens, before its first prompt, is refused in one sentence
as at the prompt, pasted bare or in bracketed paste alike, while everyone else's commands
are answered and new people log in; so are they while a reader never reads what it is
told, and while many sessions each hold half a line.

The server used to write each session's input into a 64 KB pipe from its event loop: when
the session's thread was not reading (it was waiting for the loop itself, answering
``who``), the write blocked the loop, and with it every connection, for good.

The real OpenSSH client, a plain session (``ssh -tt``) fed from a pipe as a script or a
paste would feed it, and ``uno-access serve`` as a subprocess. The bound is generous: it
tests "not frozen", never speed. ``scripts/bench_stall.py`` measures the same attacks (and
more of them) against a table that plays on; its tiny run is here too.
"""

from __future__ import annotations

import os
import re
import subprocess
import threading
from pathlib import Path

import pytest
from net_ssh import Server, Ssh, keypair, run_script, ssh_arguments

from uno_access.access import messages

BOUND = 60.0  # seconds
TOO_LONG = messages.line_too_long()
HALF_LINES = 20  # sessions each holding half a line


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    names = ("ann", "bob", "eve", *(f"h{i}" for i in range(HALF_LINES)))
    return {name: keypair(folder, name) for name in names}


class Script:
    """``ssh -tt NAME@HOST`` with its standard input a pipe: ``data`` written into it at
    once (by a thread: ssh takes it only as fast as the server does), the pipe kept open;
    everything ssh prints kept."""

    def __init__(self, port: int, key: Path, user: str, data: bytes, read: bool = True) -> None:
        self.process = subprocess.Popen(
            ["ssh", *ssh_arguments(port, key, user)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self.output = bytearray()
        self.seen = threading.Condition()
        self.write(data)
        if read:  # else nothing reads what ssh prints: a reader that never keeps up
            threading.Thread(target=self._read, daemon=True).start()

    def write(self, data: bytes) -> None:
        """``data`` into ssh's input, in the background, as fast as ssh takes it."""
        threading.Thread(target=self._write, args=(data,), daemon=True).start()

    def _write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def _read(self) -> None:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while chunk := os.read(fd, 65536):
            with self.seen:
                self.output += chunk
                self.seen.notify_all()

    def sees(self, text: str, after: int = 0) -> None:
        """``text`` in what ssh printed (from byte ``after`` on)."""
        with self.seen:
            found = self.seen.wait_for(lambda: text.encode() in self.output[after:], timeout=BOUND)
        assert found, bytes(self.output[-600:])

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.mark.parametrize("size", [70_000, 1_000_000], ids=["70 KB", "1 MB"])
def test_a_long_line_sent_the_moment_a_session_opens_is_refused_and_freezes_no_one(
    open_server: Server, keys: dict[str, Path], size: int
) -> None:
    bob = Ssh(open_server.port, keys["bob"], "bob", timeout=BOUND)
    try:
        bob.prompt()
        # before ann's first prompt: a command, then a line of ``size`` characters
        ann = Script(open_server.port, keys["ann"], "ann", b"who\r" + b"say " + b"A" * size + b"\r")
        try:
            bob.line("who")  # answered while ann's line comes in
            bob.sees("Connected: ")
            bob.prompt()
            ann.sees(messages.line_too_long())  # refused in one sentence, as at the prompt
            assert ann.output.count(b"too long") == 1
            eve = Ssh(open_server.port, keys["eve"], "eve", timeout=BOUND)  # a new login
            try:
                eve.prompt()
                eve.line("who")
                eve.sees(r"Connected: ann, bob, eve\.")
            finally:
                eve.close()
            bob.line("who")
            bob.sees(r"Connected: ann, bob\.")
        finally:
            ann.close()
        assert "A" * 600 not in bob.text()  # nothing of it was said to anyone
    finally:
        bob.close()


def test_a_reader_that_never_reads_what_it_is_told_slows_no_one_else(
    open_server: Server, keys: dict[str, Path]
) -> None:
    """ann asks for the help 3,000 times and reads none of it: her answers wait for her
    (bounded), and bob's commands and a new login are answered meanwhile."""
    bob = Ssh(open_server.port, keys["bob"], "bob", timeout=BOUND)
    try:
        bob.prompt()
        ann = Script(open_server.port, keys["ann"], "ann", b"help\r" * 3000, read=False)
        try:
            listed = False
            for _ in range(200):  # each answered within the bound, until ann is in
                bob.line("who")
                listed = "ann" in bob.sees(r"Connected: [^\r\n]*\.")
                bob.prompt()
                if listed:
                    break
            assert listed
            for _ in range(3):  # and on, while her answers wait for her
                bob.line("who")
                bob.sees(r"Connected: ann, bob\.")
                bob.prompt()
            eve = Ssh(open_server.port, keys["eve"], "eve", timeout=BOUND)
            try:
                eve.prompt()
            finally:
                eve.close()
        finally:
            ann.close()
    finally:
        bob.close()


@pytest.mark.parametrize("bracketed", [False, True], ids=["bare", "bracketed paste"])
@pytest.mark.parametrize("size", [70_000, 1_000_000], ids=["70 KB", "1 MB"])
def test_a_long_line_pasted_at_the_prompt_is_refused_in_one_sentence_and_freezes_no_one(
    open_server: Server, keys: dict[str, Path], size: int, bracketed: bool
) -> None:
    bob = Ssh(open_server.port, keys["bob"], "bob", timeout=BOUND)
    try:
        bob.prompt()
        ann = Script(open_server.port, keys["ann"], "ann", b"")
        try:
            ann.sees("lobby>")
            line = b"x" * size
            ann.write((b"\x1b[200~" + line + b"\x1b[201~" if bracketed else line) + b"\r")
            bob.line("who")  # answered while ann's paste comes in
            bob.sees("Connected: ")
            bob.prompt()
            ann.sees(TOO_LONG)
            told = len(ann.output)
            ann.write(b"who\r")  # and her session goes on
            ann.sees("Connected: ann, bob.", after=told)
            assert ann.output.count(TOO_LONG.encode()) == 1  # said once
        finally:
            ann.close()
        assert "x" * 600 not in bob.text()
    finally:
        bob.close()


def test_many_sessions_each_holding_half_a_line_slow_no_one_else(
    open_server: Server, keys: dict[str, Path]
) -> None:
    """Each types half a line and stops, the connection held; bob's commands and a new
    login are answered while they hold."""
    bob = Ssh(open_server.port, keys["bob"], "bob", timeout=BOUND)
    holding: list[subprocess.Popen[bytes]] = []
    try:
        bob.prompt()
        names = [f"h{i}" for i in range(HALF_LINES)]
        for name in names:
            process = subprocess.Popen(
                ["ssh", *ssh_arguments(open_server.port, keys[name], name)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            assert process.stdin is not None
            process.stdin.write(b"say hello, every")  # no Enter: the pipe kept open
            process.stdin.flush()
            holding.append(process)
        everyone = ", ".join(sorted(["bob", *names]))
        listed = ""
        for _ in range(200):  # each who answered within the bound, until all are in
            bob.line("who")
            listed = bob.sees(r"Connected: [^\r\n]*\.")
            bob.prompt()
            if everyone in listed:
                break
        assert everyone in listed, listed
        eve = Ssh(open_server.port, keys["eve"], "eve", timeout=BOUND)  # a new login
        try:
            eve.prompt()
            eve.line("who")
            eve.sees("Connected: ")
        finally:
            eve.close()
    finally:
        for process in holding:
            process.kill()
            process.wait()
    try:
        for _ in range(200):  # they are gone: the lobby is bob's alone again
            bob.line("who")
            if "Connected: bob." in bob.sees(r"Connected: [^\r\n]*\."):
                break
            bob.prompt()
        assert "Connected: bob." in bob.text()
    finally:
        bob.close()


def test_bench_stall_prints_its_figures_for_a_tiny_run() -> None:
    """The stall bench, tiny: each attack's windows and outcome printed (speed is measured
    there, never asserted here)."""
    done = run_script(
        "bench_stall.py",
        *("--people", "2", "--seconds", "1", "--half-lines", "6"),
        *("--think", "0.2", "--bot-pace", "0.1"),
        *("--attacks", "early-1m,paste-70k,bracketed-1m,slow-reader,half-lines"),
    )
    out = done.stdout
    number = r"(?:\d+(?:\.\d+)?|nan)"
    for attack in (
        "1 MB line before any prompt",
        "70 KB line pasted at the prompt",
        "1 MB line in bracketed paste",
        "a reader that never reads",
        "half lines held",
    ):
        section = out.split(f"{attack}: before")[1]
        assert re.search(rf"who p95\s+{number}, max\s+{number} \(n=\d+\)", section), out
        assert re.search(r"outcome\s+\S", section), (attack, out)
    for line in ("1 MB line before any prompt", "70 KB line pasted", "1 MB line in bracketed"):
        outcome = re.search(rf"{line}.*?outcome\s+([^\n]*)", out, re.DOTALL)
        assert outcome is not None, (line, out)
        assert outcome.group(1) == "refused in one sentence; its session goes on", out
    assert re.search(r"half lines held.*\n.*connecting.*\n.*all held", out), out
    assert re.search(r"6 of 6 in the lobby", out), out
    assert re.search(r"the server at the end\s+up", out), out
    assert "Traceback" not in done.stderr, done.stderr
