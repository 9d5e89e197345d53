"""Reading a file that came from outside (a settings file, a scenario) in bounded time and
memory: a pipe with no writer, a device or a huge file never hangs or fills the program.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_CHUNK = 1 << 20


def read_regular(path: str | Path, limit: int) -> bytes | None:
    """The first ``limit + 1`` bytes of the regular file ``path`` (more than ``limit``:
    too big, the caller says so); None when it is not a regular file (a pipe, a device,
    a socket), found without waiting on it. Raises ``OSError`` as ``open`` does (a folder:
    ``IsADirectoryError``).
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(limit + 1 - size, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)
