"""A signal (Ctrl-C out of raw mode, Ctrl-\\, SIGTERM) is never lost and never raised where
it breaks something (``uno_access.interrupt``): real signals sent to this process, through
a real prompt_toolkit prompt on a pipe input.
"""

from __future__ import annotations

import gc
import os
import signal
import weakref
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access import interrupt
from uno_access.ui.keys import Key, Pressed
from uno_access.ui.terminal import Keyboard

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


def _sigint() -> None:
    os.kill(os.getpid(), signal.SIGINT)


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with interrupt.installed(), create_pipe_input() as pipe:
        yield pipe


def test_a_signal_as_a_prompt_ends_on_a_key_is_raised_once_it_has_ended(
    pipe: PipeInput,
) -> None:
    keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
    app = keyboard._app
    # the moment the prompt's answer is set (D pressed), the signal comes
    app.pre_run_callables.append(
        lambda: app.future.add_done_callback(lambda _: _sigint())  # type: ignore[union-attr]
    )
    pipe.send_text("d")
    with pytest.raises(KeyboardInterrupt):
        keyboard.read("uno> ")
    assert interrupt.take() == 130


def test_a_signal_while_a_prompt_waits_ends_it_and_the_next_key_is_kept(
    pipe: PipeInput,
) -> None:
    keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
    keyboard._app.pre_run_callables.append(_sigint)
    with pytest.raises(KeyboardInterrupt):
        keyboard.read("uno> ")
    interrupt.take()
    pipe.send_text("d")
    assert keyboard.read("uno> ") == Pressed(Key.DRAW)  # taken: the keyboard works on


def test_a_signal_noted_before_a_prompt_starts_ends_it_before_a_key_is_read(
    pipe: PipeInput,
) -> None:
    keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
    pipe.send_text("d")
    with pytest.raises(KeyboardInterrupt), interrupt.shielded():
        _sigint()  # noted during work that must not be cut, which then asks for a key
        keyboard.read("uno> ")
    interrupt.take()
    assert keyboard.read("uno> ") == Pressed(Key.DRAW)  # the key is still there


def test_a_signal_in_shielded_work_is_raised_where_the_work_ends() -> None:
    done = []
    with interrupt.installed():
        with pytest.raises(KeyboardInterrupt), interrupt.shielded():
            _sigint()
            done.append("the rest of the work")
        assert done == ["the rest of the work"]
        assert interrupt.take() == 130


def test_a_signal_in_a_finalizer_is_not_swallowed_nor_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Finalized:
        def __del__(self) -> None:
            _sigint()
            self.after = "the finalizer ran to its end"

    with interrupt.installed():
        thing = Finalized()
        del thing
        gc.collect()
        with pytest.raises(KeyboardInterrupt):  # noted, and raised at the next check
            interrupt.check()
        interrupt.take()
    assert "Exception ignored" not in capsys.readouterr().err


def test_a_signal_in_a_weak_references_callback_is_not_swallowed_nor_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As a finalizer: a weak dictionary's entry removed as its value dies (the collector
    running), or ``weakref.finalize``, while Ctrl-C comes (seen once in the fault test of
    a fresh clone: "Exception ignored in: <function WeakValueDictionary…remove>")."""

    class Value:
        pass

    ran: list[str] = []

    def dying() -> None:
        _sigint()
        ran.append("the callback ran to its end")

    with interrupt.installed():
        kept: weakref.WeakValueDictionary[str, Value] = weakref.WeakValueDictionary()
        value = Value()
        kept["a"] = value
        weakref.finalize(value, dying)
        del value
        gc.collect()
        assert ran == ["the callback ran to its end"] and "a" not in kept
        with pytest.raises(KeyboardInterrupt):  # noted, and raised at the next check
            interrupt.check()
        interrupt.take()
    assert "Exception ignored" not in capsys.readouterr().err


def test_once_taken_more_signals_change_nothing_while_the_game_stops() -> None:
    with interrupt.installed():
        with pytest.raises(KeyboardInterrupt):
            _sigint()
            for _ in range(1000):  # the handler runs at the next instruction
                pass
        interrupt.take()
        _sigint()
        _sigint()
        interrupt.check()  # nothing raised
        assert interrupt.taken()


def test_sigterm_stops_as_ctrl_c_does_with_its_own_exit_status() -> None:
    with interrupt.installed():
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):
                pass
        assert interrupt.take() == 128 + signal.SIGTERM


def test_the_handlers_before_are_put_back() -> None:
    before = {number: signal.getsignal(number) for number in interrupt.SIGNALS}
    with interrupt.installed():
        assert signal.getsignal(signal.SIGINT) is not before[signal.SIGINT]
    assert {number: signal.getsignal(number) for number in interrupt.SIGNALS} == before
