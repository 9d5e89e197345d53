"""Ctrl-C, Ctrl-\\ and a polite kill (SIGTERM) stop the game cleanly, whenever they come:
at a prompt, between two prompts while the bots move, while speech speaks.

Python's own handler raises ``KeyboardInterrupt`` wherever the main thread happens to be:
in a save half written (whose retry then fails on the rows already committed), in the
prompt's event loop as it closes (which then warns from ``BaseEventLoop.__del__``), in a
finalizer that swallows it (the Ctrl-C lost). Here the handler notes the signal first and
raises only where that is safe: at once in the game's own code; at the end of a piece of
work that must not be cut (``shielded``: a save, a prompt starting or ending); and a
running prompt is ended from its own event loop. A noted signal stays noted until the
game has taken it (``take``), so it is raised again at the next check (``check``) if
something swallowed it; once taken, more presses change nothing while the game stops.

Only the main thread has signals: elsewhere (a network seat's thread) every function
here does nothing, and a prompt's Ctrl-C key is handled by the keyboard alone.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

# the signals that stop a game as Ctrl-C does (Ctrl-\ is SIGQUIT: never a core dump)
SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGQUIT", "SIGTERM") if hasattr(signal, name)
)
INTERRUPTED = 130  # the exit status after Ctrl-C (128 + SIGINT), as a shell gives it


class _State:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.installed = False
        self.pending: int | None = None  # the signal noted and not yet taken
        self.taken = False
        self.shield = 0  # depth of ``shielded``
        self.prompt: Callable[[], None] | None = None  # ends the running prompt


_state = _State()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


# the modules whose code runs as a dying object's callback (a weak dictionary's ``remove``,
# ``weakref.finalize``): an exception raised there is swallowed as in ``__del__``
_CALLBACKS = ("weakref.py", "_weakrefset.py")


def _in_finalizer(frame: FrameType | None) -> bool:
    """Whether the interrupted code is a finalizer (``__del__``) or a weak reference's
    callback, which would swallow an exception raised in it (and Python would print
    "Exception ignored in ...", a traceback on the player's screen)."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or code.co_filename.endswith(_CALLBACKS):
            return True
        frame = frame.f_back
    return False


def _handler(signum: int, frame: FrameType | None) -> None:
    state = _state
    if state.taken:
        return  # the game is stopping already
    if state.pending is None or signum != signal.SIGINT:
        state.pending = signum  # a SIGTERM keeps its own exit status
    if state.prompt is not None:
        state.prompt()
        return
    if state.shield or _in_finalizer(frame):
        return  # raised where the shielded work ends, or at the next check
    raise KeyboardInterrupt


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """Ctrl-C, Ctrl-\\ and SIGTERM handled as this module says, for the length of an
    interactive command (the main thread only); the handlers before are put back after.
    """
    if not _main_thread() or _state.installed:
        yield
        return
    before: dict[int, Any] = {}
    for number in SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            before[number] = signal.signal(number, _handler)
    _state.reset()
    _state.installed = True
    try:
        yield
    finally:
        for number, handler in before.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)
        _state.reset()


def active() -> bool:
    """Whether the handlers are installed and this is the main thread."""
    return _state.installed and _main_thread()


def check() -> None:
    """Raise ``KeyboardInterrupt`` when a signal was noted and not yet taken."""
    if active() and _state.pending is not None and not _state.taken and not _state.shield:
        raise KeyboardInterrupt


def noted() -> bool:
    """Whether a signal was noted and not yet taken (a prompt about to start ends)."""
    return active() and _state.pending is not None and not _state.taken


def request(signum: int = signal.SIGINT) -> None:
    """A Ctrl-C read as a key at a prompt: noted as the signal would be (the keyboard
    ends its prompt itself)."""
    if active() and not _state.taken and _state.pending is None:
        _state.pending = signum


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Work that a signal must not cut in two (a save, a prompt starting or ending): a
    signal during it is raised as it ends (unless it ends by an exception of its own).
    """
    if not active():
        yield
        return
    _state.shield += 1
    try:
        yield
    finally:
        _state.shield -= 1
    check()


@contextlib.contextmanager
def prompting(end: Callable[[], None]) -> Iterator[None]:
    """A prompt is running: a signal calls ``end`` (from the handler, in the main thread;
    ``end`` must only schedule the prompt's end on its loop) instead of raising."""
    if not active():
        yield
        return
    _state.prompt = end
    try:
        yield
    finally:
        _state.prompt = None


def take() -> int:
    """The game stops for the noted signal: later presses are ignored; the exit status
    (130 for Ctrl-C and Ctrl-\\, 143 for SIGTERM)."""
    if not active():
        return INTERRUPTED
    signum = _state.pending
    _state.taken = True
    _state.pending = None
    if signum is None or signum in (signal.SIGINT, getattr(signal, "SIGQUIT", -1)):
        return INTERRUPTED
    return 128 + signum


def taken() -> bool:
    """Whether the game is stopping for a signal already."""
    return active() and _state.taken
