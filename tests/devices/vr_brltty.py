"""A real brltty with its virtual ``vr`` driver, and the test acting as its display.

``Brltty(directory).start()`` runs brltty on a free BrlAPI port (PLATFORM.md has the
command and its pitfalls); ``VirtualDisplay(brltty)`` connects to the driver's
socket as the display hardware would: it reads the dots brltty shows (``Braille
"12|3456|…"``) and presses keys (``LnDn``, ``Route 3``…). Used by the devices tests
and by scripts/bench_latency.py.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

BRLAPI_BASE_PORT = 4101


def free_port() -> int:
    """A BrlAPI port number N whose TCP port 4101+N is free on 127.0.0.1."""
    for _ in range(200):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        n = port - BRLAPI_BASE_PORT
        if 0 < n < 1000:
            return n
        with socket.socket() as probe:
            n = int.from_bytes(os.urandom(2), "big") % 900 + 50
            try:
                probe.bind(("127.0.0.1", BRLAPI_BASE_PORT + n))
            except OSError:
                continue
            return n
    raise RuntimeError("no free BrlAPI port")


def dots_to_unicode(field: str) -> str:
    """``12|3456|`` (vr's Braille line) → Unicode braille cells ``⠃⠼⠀``."""
    cells = []
    for cell in field.split("|"):
        bits = 0
        for digit in cell.strip():
            bits |= 1 << (int(digit) - 1)
        cells.append(chr(0x2800 + bits))
    return "".join(cells)


class Brltty:
    """One brltty process with the ``vr`` driver, serving BrlAPI on 127.0.0.1:N."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.directory = directory
        self.port = port if port is not None else free_port()
        self.socket_path = directory / "vr.sock"
        if len(str(self.socket_path)) > 100:  # a Unix socket's path has at most 107 bytes
            self.socket_path = Path(tempfile.mkdtemp(prefix="uno-vr-")) / "vr.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> Brltty:
        d = self.directory
        d.mkdir(parents=True, exist_ok=True)
        (d / "prefs.conf").touch()
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        command = [
            "brltty", "-n", "-e", "-q", "-M", "1", "--start-message=", "-f", "/dev/null",
            "-F", str(d / "prefs.conf"), "-W", str(d / "w"), "-U", str(d / "u"),
            "-P", str(d / "pid"), "-b", "vr", "-d", f"server:{self.socket_path}",
            "-x", "no", "-s", "no", "-A", f"auth=none,host=127.0.0.1:{self.port}",
        ]  # fmt: skip
        log = (d / "brltty.log").open("ab")
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True
        )
        log.close()
        deadline = time.monotonic() + 60
        while not self.socket_path.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"brltty did not start: {(d / 'brltty.log').read_text()}")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """SIGTERM (brltty obeys it once a display is connected), then SIGKILL."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=3)
        self.process = None


def _listening(port: int, timeout: float) -> None:
    """Wait until something accepts connections on 127.0.0.1:``port`` (brltty's BrlAPI
    server, which starts after its driver has a display): a bound against a hang, not a
    measure of speed."""
    deadline = time.monotonic() + timeout
    while True:
        with socket.socket() as probe:
            probe.settimeout(1)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"nothing listens on BrlAPI port {port}")
        time.sleep(0.02)


class VirtualDisplay:
    """The display hardware: reads the cells brltty shows, presses its keys."""

    def __init__(self, brltty: Brltty, cells: int = 40) -> None:
        self.cells = cells
        self._sock = socket.socket(socket.AF_UNIX)
        deadline = time.monotonic() + 60
        while True:  # brltty re-creates its socket after each display disconnect
            try:
                self._sock.connect(str(brltty.socket_path))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        self._cond = threading.Condition()
        self.lines: list[tuple[float, str]] = []  # (time shown, Unicode cells)
        self._sock.sendall(f"cells {cells}\n".encode())
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        _listening(BRLAPI_BASE_PORT + brltty.port, 60)  # BrlAPI serves once a display is in

    def _read(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            for raw in self._sock.makefile("rb"):
                line = raw.decode("utf-8", "replace").rstrip("\n")
                if line.startswith('Braille "') and line.endswith('"'):
                    cells = dots_to_unicode(line[len('Braille "') : -1])
                    with self._cond:
                        self.lines.append((time.perf_counter(), cells))
                        self._cond.notify_all()

    @property
    def shown(self) -> str:
        with self._cond:
            return self.lines[-1][1] if self.lines else ""

    def wait_for(
        self, predicate: Callable[[str], bool], timeout: float = 30.0, after: int = 0
    ) -> str:
        """The first cells (from line number ``after`` on) that satisfy ``predicate``."""
        deadline = time.monotonic() + timeout
        with self._cond:
            seen = after
            while True:
                for _, cells in self.lines[seen:]:
                    if predicate(cells):
                        return cells
                seen = len(self.lines)
                left = deadline - time.monotonic()
                if left <= 0:
                    shown = self.lines[-1][1] if self.lines else "nothing"
                    raise AssertionError(f"the display never showed that; last shown: {shown}")
                self._cond.wait(left)

    def shown_after(self, mark: int, timeout: float = 30.0) -> float:
        """When the display showed its first new cells after line number ``mark``."""
        with self._cond:
            if not self._cond.wait_for(lambda: len(self.lines) > mark, timeout):
                raise AssertionError("the display showed nothing new")
            return self.lines[mark][0]

    def mark(self) -> int:
        with self._cond:
            return len(self.lines)

    def press(self, key: str) -> None:
        """A vr key: ``LnUp``, ``LnDn``, ``FWinLt``, ``FWinRt``, ``Route 3``, ``Home``…

        ``Route N`` is the routing key above cell N counted from 0, but vr accepts only
        N >= 1: the first cell's routing key cannot be pressed.
        """
        self._sock.sendall(key.encode() + b"\n")

    def press_and_see(self, key: str, expected: str, timeout: float = 30.0) -> str:
        """Press ``key``, then wait until the display shows ``expected`` (see ``shows``).

        One key at a time: the vr driver drops a second key sent before brltty has
        read the first.
        """
        after = self.mark()
        self.press(key)
        return self.wait_for(shows(expected), timeout, after)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()


@pytest.fixture
def brltty(tmp_path: Path) -> Iterator[Brltty]:
    """A brltty of the test's own, stopped at the end."""
    server = Brltty(tmp_path / "brltty").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def vr_display(brltty: Brltty) -> Iterator[VirtualDisplay]:
    """The test as the display of ``brltty``: 40 cells."""
    display = VirtualDisplay(brltty, cells=40)
    display.wait_for(lambda cells: True, timeout=60)  # brltty's display driver is up
    try:
        yield display
    finally:
        brltty.stop()  # while the display is still connected: brltty obeys SIGTERM then
        display.close()


def shows(expected: str) -> Callable[[str], bool]:
    """A predicate: the display's cells begin with ``expected`` (the rest blank)."""
    return lambda cells: cells.rstrip("\u2800") == expected.rstrip("\u2800")
