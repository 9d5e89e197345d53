"""What went wrong with a file, a disk or the system, as a value: the player is told it in
words of ours (``access.wording.trouble``), never SQLite's or the system's own
("UNIQUE constraint failed", "disk I/O error", "File exists.", "[Errno 98] ...").
"""

from __future__ import annotations

import errno
import os
import sys
from enum import Enum
from pathlib import Path


class Trouble(Enum):
    DISK_FULL = "disk full"
    NOT_ALLOWED = "not allowed"  # the permissions forbid it
    READ_ONLY_DISK = "read-only disk"
    IN_USE = "in use"  # another program holds it (a lock, a busy device)
    FILE_IN_THE_WAY = "file in the way"  # a file where a folder is needed
    IS_A_FOLDER = "is a folder"
    MISSING = "missing"
    DISK_ERROR = "disk error"
    DAMAGED = "damaged"
    CONFLICT = "conflict"  # another program changed the same game
    TOO_MANY_FILES = "too many files"
    NO_MEMORY = "no memory"
    BAD_NAME = "bad name"
    CLOSED = "closed"
    ADDRESS_IN_USE = "address in use"
    ADDRESS_NOT_HERE = "address not here"
    OTHER = "other"


_ERRNO = {
    errno.ENOSPC: Trouble.DISK_FULL,
    errno.EDQUOT: Trouble.DISK_FULL,
    errno.EFBIG: Trouble.DISK_FULL,
    errno.EACCES: Trouble.NOT_ALLOWED,
    errno.EPERM: Trouble.NOT_ALLOWED,
    errno.EROFS: Trouble.READ_ONLY_DISK,
    errno.EBUSY: Trouble.IN_USE,
    errno.ETXTBSY: Trouble.IN_USE,
    errno.EAGAIN: Trouble.IN_USE,
    errno.EEXIST: Trouble.FILE_IN_THE_WAY,
    errno.ENOTDIR: Trouble.FILE_IN_THE_WAY,
    errno.EISDIR: Trouble.IS_A_FOLDER,
    errno.ENOENT: Trouble.MISSING,
    errno.ENXIO: Trouble.MISSING,
    errno.ENODEV: Trouble.MISSING,
    errno.EIO: Trouble.DISK_ERROR,
    errno.EMFILE: Trouble.TOO_MANY_FILES,
    errno.ENFILE: Trouble.TOO_MANY_FILES,
    errno.ENOMEM: Trouble.NO_MEMORY,
    errno.ENAMETOOLONG: Trouble.BAD_NAME,
    errno.ELOOP: Trouble.BAD_NAME,
    errno.EINVAL: Trouble.BAD_NAME,
    errno.EILSEQ: Trouble.BAD_NAME,
    errno.EBADF: Trouble.CLOSED,
    errno.EPIPE: Trouble.CLOSED,
    errno.EADDRINUSE: Trouble.ADDRESS_IN_USE,
    errno.EADDRNOTAVAIL: Trouble.ADDRESS_NOT_HERE,
}
_SQLITE = (  # by the start of SQLite's error name (extended codes included)
    ("SQLITE_FULL", Trouble.DISK_FULL),
    ("SQLITE_BUSY", Trouble.IN_USE),
    ("SQLITE_LOCKED", Trouble.IN_USE),
    ("SQLITE_READONLY", Trouble.NOT_ALLOWED),
    ("SQLITE_PERM", Trouble.NOT_ALLOWED),
    ("SQLITE_AUTH", Trouble.NOT_ALLOWED),
    ("SQLITE_CANTOPEN", Trouble.NOT_ALLOWED),
    ("SQLITE_CORRUPT", Trouble.DAMAGED),
    ("SQLITE_NOTADB", Trouble.DAMAGED),
    ("SQLITE_FORMAT", Trouble.DAMAGED),
    ("SQLITE_CONSTRAINT", Trouble.CONFLICT),
    ("SQLITE_NOMEM", Trouble.NO_MEMORY),
    ("SQLITE_IOERR", Trouble.DISK_ERROR),
    ("SQLITE_PROTOCOL", Trouble.IN_USE),
)


def trouble_of(error: BaseException, path: Path | str | None = None) -> Trouble:
    """What ``error`` (an ``OSError``, or SQLite's) means for the file at ``path``. A
    disk error on a disk with no room left is a full disk (SQLite says "disk I/O error"
    when the disk fills as it writes its journal)."""
    kind = Trouble.OTHER
    if _from_sqlite(error):
        name = getattr(error, "sqlite_errorname", "") or ""
        kind = next((k for prefix, k in _SQLITE if name.startswith(prefix)), Trouble.OTHER)
        if kind is Trouble.OTHER and "not a database" in str(error):
            kind = Trouble.DAMAGED
    elif isinstance(error, OSError) and error.errno is not None:
        kind = _ERRNO.get(error.errno, Trouble.OTHER)
    if kind is Trouble.DISK_ERROR and path is not None and _no_room(Path(path)):
        return Trouble.DISK_FULL
    return kind


def code_of(error: BaseException) -> str:
    """The error's own code, named where nothing of ours says more (``EXDEV``,
    ``SQLITE_IOERR_SHORT_READ``): to give when reporting it."""
    if _from_sqlite(error):
        return getattr(error, "sqlite_errorname", "") or type(error).__name__
    number = getattr(error, "errno", None)
    if isinstance(number, int):
        return errno.errorcode.get(number, str(number))
    return type(error).__name__


def _from_sqlite(error: BaseException) -> bool:
    """Whether ``error`` is SQLite's; sqlite3 is not imported for this (what tells the
    player needs no database): an error of SQLite's exists only once it is."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(error, sqlite3.Error)


def _no_room(path: Path) -> bool:
    """Whether the disk holding ``path`` (or its nearest folder that exists) is full."""
    for folder in (path, *path.parents):
        try:
            found = os.statvfs(folder)
        except OSError:
            continue
        return found.f_bavail == 0
    return False
