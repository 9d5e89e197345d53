"""The garbage collector held back while the program starts, until its first prompt.

Starting the game makes some hundred thousand objects that live as long as it does (the
modules, their classes, the wording) and almost no garbage. Each 700 of them made, the
collector looks through the young ones: 65 times, about 10 ms of the 40 between
launching the game and its first prompt beyond Python's and prompt_toolkit's own start
(``scripts/bench_ui.py``), time a blind player spends waiting for the first spoken line.
So the collector waits (``pause``) while the package and the command line are loaded,
and again from the command line's start until the first prompt is on the screen or the
command ends (``started``); each time it goes on (``resume``), what was made meanwhile is
set aside as permanent (``gc.freeze``: the collector never looks through it again, as a
server does with what it made before its first connection). Objects are freed as always
when their last reference goes; only cycles wait.

Once the program has started, ``pause`` holds nothing back: a test that calls ``main``
again and again collects as ever, and sets none of its garbage aside.
"""

from __future__ import annotations

import gc

_paused = False
_started = False


def pause() -> None:
    """Hold the collector back while the program starts (nothing once it has)."""
    global _paused
    if not _started and not _paused and gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Let the collector go again, what was made meanwhile set aside, if ``pause`` held
    it; otherwise nothing."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


def started() -> None:
    """The program has started (its first prompt is on its way, or its command ended):
    the collector goes on, and is held back no more."""
    global _started
    resume()
    _started = True
