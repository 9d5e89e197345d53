"""A file's, a disk's or the system's trouble (``uno_access.trouble``) in our own words:
what happened (a phrase, placed in a sentence that says what it stopped and whether the
game is safe) and what to do (a sentence of its own). Never SQLite's or the system's
wording, which is English alone and says nothing of what to do.
"""

from __future__ import annotations

from pathlib import Path

from ... import text as outside
from ...trouble import Trouble, code_of, trouble_of
from ...values import frozen
from .language import N_, tr

# {path}: the file (or folder) concerned. Each is said in a sentence that says what it
# stopped and whether the game is safe ({why}), then what to do ({advice}: _WHAT_TO_DO).
_WHY = {
    Trouble.DISK_FULL: N_("the disk is full"),
    Trouble.NOT_ALLOWED: N_("the permissions of {path} do not allow it"),
    Trouble.READ_ONLY_DISK: N_("the disk that holds {path} can only be read"),
    Trouble.IN_USE: N_("{path} is in use by another program"),
    Trouble.FILE_IN_THE_WAY: N_("a file stands where a folder of {path} should be"),
    Trouble.IS_A_FOLDER: N_("{path} is a folder"),
    Trouble.MISSING: N_("{path} or a folder above it does not exist"),
    Trouble.DISK_ERROR: N_("the disk reported an error reading or writing {path}"),
    Trouble.DAMAGED: N_("{path} is damaged"),
    Trouble.CONFLICT: N_("another program changed the same game in {path}"),
    Trouble.TOO_MANY_FILES: N_("too many files are open"),
    Trouble.NO_MEMORY: N_("the computer ran out of memory"),
    Trouble.BAD_NAME: N_("the name {path} cannot be used"),
    Trouble.CLOSED: N_("it is closed"),
    Trouble.ADDRESS_IN_USE: N_("another program already listens at {path}"),
    Trouble.ADDRESS_NOT_HERE: N_("{path} is not an address of this computer"),
    # Translators: {code} is the system's name for the error, such as EXDEV.
    Trouble.OTHER: N_("the system refused it (error {code})"),
}
_WHAT_TO_DO = {
    Trouble.DISK_FULL: N_("Free some space on the disk."),
    Trouble.NOT_ALLOWED: N_("Change its permissions, or choose a place of your own."),
    Trouble.READ_ONLY_DISK: N_("Choose a place on another disk."),
    Trouble.IN_USE: N_("Close the other program, then try again."),
    Trouble.FILE_IN_THE_WAY: N_("Move or rename that file."),
    Trouble.IS_A_FOLDER: N_("Give the name of a file."),
    Trouble.MISSING: N_("Check the name, or make the folder first."),
    Trouble.DISK_ERROR: N_("Check the disk: it may be failing, or have been removed."),
    Trouble.DAMAGED: N_("Move it aside: a new one is started in its place."),
    Trouble.CONFLICT: N_("Play each game in one program at a time."),
    Trouble.TOO_MANY_FILES: N_("Close some programs, then try again."),
    Trouble.NO_MEMORY: N_("Close some programs, then try again."),
    Trouble.BAD_NAME: N_("Choose a shorter, plainer name."),
    Trouble.CLOSED: N_("Run it again with somewhere to write to."),
    Trouble.ADDRESS_IN_USE: N_("Stop that program, or choose another port with --port."),
    Trouble.ADDRESS_NOT_HERE: N_("Choose an address of this computer with --host."),
    Trouble.OTHER: N_("Try again; if it happens again, report it with that error."),
}


@frozen(slots=True)
class Reason:
    """Why something failed (``why``, a phrase) and what to do (``advice``, a sentence)."""

    why: str
    advice: str

    def __str__(self) -> str:
        return self.why


def reason_for(kind: Trouble, path: str = "", code: str = "") -> Reason:
    """The trouble ``kind`` with ``path`` (and, for a trouble of no kind of ours, the
    system's ``code``), in the current language."""
    return Reason(
        tr(_WHY[kind]).format(path=path, code=code or "?"),
        tr(_WHAT_TO_DO[kind]),
    )


def advice_for(kind: Trouble) -> str:
    """What to do about the trouble ``kind``."""
    return tr(_WHAT_TO_DO[kind])


def explained(error: BaseException, path: Path | str | None = None) -> Reason:
    """Why ``error`` happened to the file at ``path``, in our words."""
    shown = outside.shown(str(path), 200) if path is not None else ""
    return reason_for(trouble_of(error, path), shown, code_of(error))
