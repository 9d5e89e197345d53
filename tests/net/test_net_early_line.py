"""Nothing a connection sends can freeze the server (issue 23): a long line typed the
moment a plain ssh session opens, before its first prompt, is refused in one sentence as
at the prompt, while everyone else's commands are answered and new people log in.

The server used to write each session's input into a 64 KB pipe from its event loop: when
the session's thread was not reading (it was waiting for the loop itself, answering
``who``), the write blocked the loop, and with it every connection, for good.

The real OpenSSH client, a plain session (``ssh -tt``) fed from a pipe as a script or a
paste would feed it, and ``uno-access serve`` as a subprocess. The bound is generous: it
tests "not frozen", never speed.
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_ssh import Server, Ssh, keypair, ssh_arguments

from uno_access.access import messages

BOUND = 60.0  # seconds


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    return {name: keypair(folder, name) for name in ("ann", "bob", "eve")}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "server", "--open")
    yield server
    err = server.stop()
    assert "Traceback" not in err, err


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
        threading.Thread(target=self._write, args=(data,), daemon=True).start()
        if read:  # else nothing reads what ssh prints: a reader that never keeps up
            threading.Thread(target=self._read, daemon=True).start()

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

    def sees(self, text: str) -> None:
        with self.seen:
            found = self.seen.wait_for(lambda: text.encode() in self.output, timeout=BOUND)
        assert found, bytes(self.output[-600:])

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.mark.parametrize("size", [70_000, 1_000_000], ids=["70 KB", "1 MB"])
def test_a_long_line_sent_the_moment_a_session_opens_is_refused_and_freezes_no_one(
    server: Server, keys: dict[str, Path], size: int
) -> None:
    bob = Ssh(server.port, keys["bob"], "bob", timeout=BOUND)
    try:
        bob.prompt()
        # before ann's first prompt: a command, then a line of ``size`` characters
        ann = Script(server.port, keys["ann"], "ann", b"who\r" + b"say " + b"A" * size + b"\r")
        try:
            bob.line("who")  # answered while ann's line comes in
            bob.sees("Connected: ")
            bob.prompt()
            ann.sees(messages.line_too_long())  # refused in one sentence, as at the prompt
            assert ann.output.count(b"too long") == 1
            eve = Ssh(server.port, keys["eve"], "eve", timeout=BOUND)  # a new login
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
    server: Server, keys: dict[str, Path]
) -> None:
    """ann asks for the help 3,000 times and reads none of it: her answers wait for her
    (bounded), and bob's commands and a new login are answered meanwhile."""
    bob = Ssh(server.port, keys["bob"], "bob", timeout=BOUND)
    try:
        bob.prompt()
        ann = Script(server.port, keys["ann"], "ann", b"help\r" * 3000, read=False)
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
            eve = Ssh(server.port, keys["eve"], "eve", timeout=BOUND)
            try:
                eve.prompt()
            finally:
                eve.close()
        finally:
            ann.close()
    finally:
        bob.close()
