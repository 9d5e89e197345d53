"""The data channel of ``uno-access join`` for tests: the client itself as a subprocess in
a pseudo-terminal (pexpect), with its own data and config folders, and ``Raw``, a bare
asyncssh connection to the data channel that keeps every line the server sends.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import asyncssh
import pexpect
from net_ssh import ROOT, Terminal

from uno_access.net.server.data import SUBSYSTEM


class Client(Terminal):
    """``uno-access join 127.0.0.1:PORT --name NAME`` with keys on and no devices."""

    def __init__(
        self,
        port: int,
        home: Path,
        name: str,
        *args: str,
        timeout: float = 20,
        env: dict[str, str] | None = None,
    ) -> None:
        self.received = io.StringIO()
        env = dict(
            os.environ,
            **(env or {}),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CONFIG_HOME=str(home / "config"),
            TERM="xterm-256color",
            PYTHONUNBUFFERED="1",
            PROMPT_TOOLKIT_NO_CPR="1",  # the pseudo-terminal answers no cursor position request
        )
        self.child = pexpect.spawn(
            sys.executable,
            [
                "-m",
                "uno_access",
                "join",
                f"127.0.0.1:{port}",
                "--name",
                name,
                "--speech",
                "off",
                "--sounds",
                "off",
                "--keys",
                "on",
                *(args or ("--braille-display", "off")),
            ],
            cwd=str(ROOT),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            timeout=timeout,
            dimensions=(40, 120),
        )
        self.child.logfile_read = self.received


class _Lines(asyncssh.SSHClientSession[str]):
    def __init__(self, raw: Raw) -> None:
        self.raw = raw
        self.buffer = ""

    def data_received(self, data: str, datatype: Any) -> None:
        self.raw.bytes += data
        self.buffer += data
        while "\n" in self.buffer:
            line, _, self.buffer = self.buffer.partition("\n")
            self.raw.queue.put_nowait(json.loads(line))


class Raw:
    """A bare connection to the data channel as ``name``: send lines, read messages."""

    def __init__(self) -> None:
        self.bytes = ""  # every character the data channel sent this connection
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.conn: Any = None
        self.chan: Any = None

    @classmethod
    async def open(
        cls,
        port: int,
        name: str,
        key: asyncssh.SSHKey | None = None,
        env: dict[str, str] | None = None,
    ) -> Raw:
        """Connected as ``name`` with ``key`` (a new one by default), the data channel's
        environment ``env``.
        """
        raw = cls()
        raw.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            client_keys=[key or asyncssh.generate_private_key("ssh-ed25519")],
            known_hosts=None,
            agent_path=None,
        )
        raw.chan, _ = await raw.conn.create_session(
            lambda: _Lines(raw), subsystem=SUBSYSTEM, env=env or {}
        )
        return raw

    def send(self, line: str) -> None:
        self.chan.write(line + "\n")

    def message(self, message: dict[str, Any]) -> None:
        self.send(json.dumps(message))

    async def next(self, kind: str | None = None, timeout: float = 30) -> dict[str, Any]:
        """The next message (of ``kind``), the others before it dropped."""
        while True:
            got = await asyncio.wait_for(self.queue.get(), timeout)
            if kind is None or got["t"] == kind:
                return got

    async def until_line(self, part: str, timeout: float = 30) -> str:
        while True:
            got = await self.next("line", timeout)
            if part in got["text"]:
                return str(got["text"])

    def close(self) -> None:
        self.conn.close()
