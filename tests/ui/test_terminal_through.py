"""Keys read through one running prompt (``Keyboard.read_through``, ``drive``): a key that
the seat answers with another key read goes on in the same prompt, never ended and begun
again; anything else the seat asks ends it, and is carried out as ever.
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import START, bot, position

from uno_access.seat.asks import ReadChoice, ReadKey
from uno_access.seat.keys import Key, Pressed
from uno_access.seat.table import Table
from uno_access.ui.drive import drive
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

RIGHT = "\x1b[C"


def counted(keyboard: Keyboard) -> list[int]:
    """How many prompts the keyboard has run so far (one item, counted as each starts)."""
    runs = [0]
    app: Any = keyboard._app
    run_async = app.run_async

    def counting(*args: Any, **kwargs: Any) -> Any:
        runs[0] += 1
        return run_async(*args, **kwargs)

    app.run_async = counting
    return runs


def test_keys_answered_at_a_turn_are_read_in_one_running_prompt() -> None:
    said: list[tuple[int, str]] = []
    with create_pipe_input() as pipe:
        pipe.send_text("ct" + RIGHT + "c")
        pipe.close()
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        runs = counted(keyboard)
        screen = Screen(lambda line: said.append((runs[0], line)))
        table = Table(position(START, "b2"), {1: bot(1), 2: bot(2)}, keyboard, screen)
        drive(table.play(), keyboard, screen)
    answers = [
        (run, line)
        for run, line in said
        if line.startswith(("Card check:", "Top card:", "Green 2, 2 of 4"))
    ]
    assert [line.split(":")[0].split(",")[0] for _, line in answers] == [
        "Card check",
        "Top card",
        "Green 2",
        "Card check",
    ]
    assert {run for run, _ in answers} == {1}  # all four in the turn's first prompt


def test_another_request_ends_the_prompt_and_is_carried_out_as_ever() -> None:
    asked: list[object] = []

    async def seat() -> list[object]:
        asked.append(await ReadKey("one> "))
        asked.append(await ReadKey("two> "))
        asked.append(await ReadChoice("sure? "))  # not a key read: a prompt of its own
        return asked

    with create_pipe_input() as pipe:
        pipe.send_text("cty")
        pipe.close()
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        runs = counted(keyboard)
        assert drive(seat(), keyboard) == [
            Pressed(Key.CARD_CHECK),
            Pressed(Key.TOUCH),
            Key.YES,
        ]
    assert runs[0] == 2  # the two key reads in one prompt, the question in another


def test_what_the_seat_raises_between_two_keys_ends_the_prompt_and_is_raised() -> None:
    async def seat() -> None:
        got = await ReadKey("one> ")
        raise ValueError(got)

    with create_pipe_input() as pipe:
        pipe.send_text("c")
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        with pytest.raises(ValueError, match="card check"):
            drive(seat(), keyboard)
        assert not keyboard._app.is_running


def test_a_keyboard_that_reads_otherwise_is_asked_key_by_key() -> None:
    class Counting(Keyboard):
        prompts: ClassVar[list[str]] = []

        def read(self, prompt: str) -> Any:
            self.prompts.append(prompt)
            return super().read(prompt)

    async def seat() -> None:
        await ReadKey("one> ")
        await ReadKey("two> ")

    with create_pipe_input() as pipe:
        pipe.send_text("ct")
        keyboard = Counting(input=pipe, output=DummyOutput(), keys=True)
        assert not keyboard.goes_on
        drive(seat(), keyboard)
    assert keyboard.prompts == ["one> ", "two> "]
