"""The terminal's flow control (XON/XOFF) off for the whole of a session.

With it on (a terminal's default), Ctrl-S pressed while the game is busy between two
prompts (the bots moving) stops all output: the game blocks on its next line and seems
frozen until Ctrl-Q. prompt_toolkit turns it off only while a prompt runs. Here it is off
from the start of the session to its end, so Ctrl-S and Ctrl-Q are ordinary keys (which
mean nothing, and are said to), and the terminal's own settings are put back at the end:
a normal exit, Ctrl-C, a crash (the ``finally``) or SIGTERM (which ``interrupt`` turns
into a stop that unwinds through it).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

try:
    import termios
except ImportError:  # not on Windows: no such flow control there
    termios = None  # type: ignore[assignment]

_IFLAG = 0  # the index of c_iflag in termios's list


def _flags() -> int:
    return 0 if termios is None else termios.IXON | termios.IXOFF


@contextlib.contextmanager
def flow_control_off(stream: TextIO | None = None) -> Iterator[None]:
    """XON/XOFF off on the terminal of ``stream`` (standard input) until the block ends,
    then the terminal's settings as they were; nothing when it is no terminal."""
    stream = stream if stream is not None else sys.stdin
    fd = -1
    before: list[Any] | None = None
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if stream is not None and stream.isatty() and termios is not None:
            fd = stream.fileno()
            before = termios.tcgetattr(fd)
    if before is None or termios is None:
        yield
        return
    changed = list(before)
    iflag = before[_IFLAG]
    assert isinstance(iflag, int)
    changed[_IFLAG] = iflag & ~_flags()
    with contextlib.suppress(termios.error, OSError):
        termios.tcsetattr(fd, termios.TCSANOW, changed)
    try:
        yield
    finally:
        with contextlib.suppress(termios.error, OSError, ValueError):
            termios.tcsetattr(fd, termios.TCSANOW, before)
