"""What every output shares: ``Output`` (show a Message, close) and ``Notices``.

A device that cannot work (no speech engine, no sound card, a braille display that
went away) does not stop the game: it reports a ``DeviceNotice`` once through
``Notices``, and the game goes on. Notices are reported from the devices' own
threads; the ui passes a sink that is safe to call from any thread (for
prompt_toolkit: ``loop.call_soon_threadsafe``), or reads ``Notices.drain()``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from ..access.message import Message
from ..access.wording.forms import Line
from ..values import frozen


class Output(Protocol):
    """A place messages go: speech, a braille display, the screen."""

    def show(self, message: Message) -> None:
        """Render ``message`` (never blocks the game for long, never raises)."""

    def close(self) -> None:
        """Release the device; further ``show`` calls do nothing."""


@frozen(slots=True)
class DeviceNotice:
    """A line for the player about a device: ``device`` is "speech" or "braille"."""

    device: str
    line: Line

    @property
    def text(self) -> str:
        """The notice's sentence, in the language being said now."""
        return self.line.sentence()


MACHINE_KINDS = frozenset({"unavailable", "no-audio", "none", "screen", "route"})
"""The notices that say what this machine has (no sound device, no braille display): they
do not change from one session to the next, so a run of the program tells each once."""


class Notices:
    """Collects device notices, each kind at most once until it is ``clear``-ed.

    ``kind`` names the situation ("unavailable", "lost"…): a display lost, back and
    lost again is told twice, but a retry that fails again is not told again.
    """

    def __init__(
        self,
        sink: Callable[[DeviceNotice], None] | None = None,
        told_before: set[tuple[str, str]] | None = None,
    ) -> None:
        self._sink = sink
        self._lock = threading.Lock()
        self._told: set[tuple[str, str]] = set()
        self._pending: list[DeviceNotice] = []
        # the machine's notices told by the sessions before this one in this run (the
        # setup's, then the game's): told once a run, not once a session
        self._told_before = told_before

    def report(self, device: str, kind: str, line: Line) -> bool:
        """Tell ``line`` unless this ``(device, kind)`` was told already (a situation of the
        machine, ``MACHINE_KINDS``, by any session sharing ``told_before``); True if told."""
        with self._lock:
            if (device, kind) in self._told:
                return False
            before = self._told_before
            if before is not None and kind in MACHINE_KINDS:
                if (device, kind) in before:
                    return False
                before.add((device, kind))
            self._told.add((device, kind))
            notice = DeviceNotice(device, line)
            self._pending.append(notice)
        if self._sink is not None:
            self._sink(notice)
        return True

    def clear(self, device: str, kind: str) -> None:
        """Let ``(device, kind)`` be told again (the situation is over)."""
        with self._lock:
            self._told.discard((device, kind))

    def drain(self) -> list[DeviceNotice]:
        """The notices told since the last drain, oldest first."""
        with self._lock:
            pending, self._pending = self._pending, []
        return pending
