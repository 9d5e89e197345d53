"""Ctrl-C (or Ctrl-\\) at any moment of a save: the game was saved, and nothing says it is
not; the file and the recorder agree, no move is written twice and no game is started
twice (issue 23: "Your game is not being saved: UNIQUE constraint failed").

A real SIGINT is sent to this process at each step of the save in turn (a trace function
counts the lines run in ``uno_access/store`` and sends it at the chosen one), with the
game's own signal handling installed (``interrupt.installed``), as ``uno-access play``
has it.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from uno_access import interrupt
from uno_access.engine.actions import Draw
from uno_access.engine.rules import RuleSet
from uno_access.store import GameSetup, Recorder, Store

STORE = str(Path(__file__).resolve().parents[2] / "uno_access" / "store")
SETUP = GameSetup(("You", "Ann"), RuleSet(), 5, (None, "random"))

Trace = Callable[[FrameType, str, Any], Any]


def _open(path: Path) -> Store:
    opened = Store.open(path, durable=False)
    assert opened.store is not None, opened.notices
    return opened.store


def _save(recorder: Recorder) -> None:
    """What the table saves around one move: a line, the move, its lines, a finish."""
    recorder.said("Your turn.")
    recorder.input_taken()
    recorder.record(Draw(0))
    recorder.said("You draw Red 5.", "Ann plays Red 7.")
    recorder.record(Draw(1))
    recorder.finish()


def _in_store(local: Trace) -> Trace:
    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_filename.startswith(STORE):
            return local
        return None

    return trace


def _lines_run(folder: Path) -> int:
    """How many lines of the store's modules starting a game and ``_save`` run: the
    moments at which a signal is tried."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += event == "line"
        return local

    store = _open(folder / "count.db")
    sys.settrace(_in_store(local))
    try:
        _save(Recorder.start(store, SETUP, lambda line: None))
    finally:
        sys.settrace(None)
        store.close()
    return count


def _signal_at(step: int) -> Trace:
    """A trace function that sends SIGINT to this process at the ``step``-th line run in
    the store's modules."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
            if count == step:
                os.kill(os.getpid(), signal.SIGINT)
        return local

    return _in_store(local)


def test_ctrl_c_at_any_moment_of_a_save_never_says_the_game_is_not_saved(tmp_path: Path) -> None:
    steps = _lines_run(tmp_path)
    assert steps > 50, steps
    interrupted = 0
    for step in range(1, steps + 1):
        store = _open(tmp_path / f"games-{step}.db")
        told: list[str] = []
        recorder: Recorder | None = None
        with interrupt.installed():
            sys.settrace(_signal_at(step))
            try:
                recorder = Recorder.start(store, SETUP, told.append)
                _save(recorder)
            except KeyboardInterrupt:
                interrupted += 1
                interrupt.take()
            finally:
                sys.settrace(None)
            if recorder is not None:
                recorder.close()  # as the table does when it stops
        assert told == [], (step, told)  # no "not being saved"
        games = store.connection.execute("SELECT id FROM games").fetchall()
        assert len(games) <= 1, (step, games)  # the game was not started twice
        if recorder is not None and recorder.game is not None:
            saved = store.load(recorder.game)
            assert saved is not None and saved.damage is None, step
            assert len(saved.actions) <= 2
            again = Recorder.resume(store, saved, told.append)  # it goes on, saved
            again.record(Draw(0))
            assert told == [], (step, told)
            reloaded = store.load(recorder.game)
            assert reloaded is not None and len(reloaded.actions) == len(saved.actions) + 1
        store.close()
    assert interrupted == steps  # every signal stopped the save's caller: none was lost
