"""A plain ssh session's input reaches its prompts with no file between (issue 24): what
comes before a prompt is read when it starts, in a terminal's pieces; the channel is held
while too much waits and let go as the prompt reads; its end ends the prompt once all is
read; and a session holds no file descriptor for its input at all.

Real prompt_toolkit prompts (the game's own ``Keyboard``) on the running loop, fed as the
server feeds them from ``data_received``.
"""

from __future__ import annotations

import asyncio
import os

import pytest
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import DummyOutput

from uno_access.net.seat import NetKeyboard
from uno_access.net.server.feed import FEED_HIGH, FEED_LOW, READ_SIZE, ChannelInput
from uno_access.seat.asks import WAKE
from uno_access.seat.keys import Pressed, TooLong
from uno_access.ui.keys import Key
from uno_access.ui.terminal import Keyboard


class Flow:
    """The channel's reading, as ``pause_reading``/``resume_reading`` leave it."""

    def __init__(self) -> None:
        self.reading = True
        self.pauses = 0

    def pause(self) -> None:
        self.reading = False
        self.pauses += 1

    def resume(self) -> None:
        self.reading = True


def _keyboard(flow: Flow, keys: bool = False) -> tuple[ChannelInput, Keyboard]:
    feed = ChannelInput(flow.pause, flow.resume)
    return feed, Keyboard(input=feed, output=DummyOutput(), keys=keys)


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_line_sent_before_the_prompt_is_read_when_it_starts() -> None:
    async def run() -> object:
        feed, keyboard = _keyboard(Flow())
        feed.send("who\r")
        return await keyboard.read_line_async("> ")

    assert asyncio.run(run()) == "who"


def test_a_line_sent_while_the_prompt_waits_ends_it() -> None:
    async def run() -> object:
        feed, keyboard = _keyboard(Flow())
        loop = asyncio.get_running_loop()
        loop.call_later(0.05, feed.send, "wh")
        loop.call_later(0.1, feed.send, "o\r")
        return await keyboard.read_line_async("> ")

    assert asyncio.run(run()) == "who"


def test_keys_typed_ahead_go_to_the_next_prompts_in_order() -> None:
    async def run() -> list[object]:
        feed, keyboard = _keyboard(Flow(), keys=True)
        feed.send("cd")
        return [await keyboard.read_async("> "), await keyboard.read_async("> ")]

    assert asyncio.run(run()) == [Pressed(Key.CARD_CHECK), Pressed(Key.DRAW)]


def test_a_long_line_before_the_prompt_is_refused_and_the_next_line_read() -> None:
    """70,000 characters and Enter, then ``who``: the prompt refuses the first, in a
    terminal's pieces (``READ_SIZE``) as a pasted line, and reads the next."""

    async def run() -> list[object]:
        feed, keyboard = _keyboard(Flow())
        feed.send("x" * 70_000 + "\r" + "who\r")
        first = await keyboard.read_line_async("> ")
        return [first, await keyboard.read_line_async("> ")]

    first, second = asyncio.run(run())
    assert isinstance(first, TooLong)
    assert second == "who"


def test_the_channel_is_held_while_too_much_waits_and_let_go_as_it_is_read() -> None:
    flow = Flow()
    feed = ChannelInput(flow.pause, flow.resume)
    feed.send("a" * FEED_HIGH)
    assert flow.reading  # up to the mark, the channel reads on
    feed.send("a" * (READ_SIZE + 1))
    assert not flow.reading
    feed.send("a" * READ_SIZE)
    assert flow.pauses == 1  # held once, however much more comes
    waiting = FEED_HIGH + 2 * READ_SIZE + 1
    while not flow.reading:
        assert len(feed.read_keys()) == READ_SIZE  # a terminal's piece at a time
        waiting -= READ_SIZE
    assert FEED_LOW - READ_SIZE < waiting <= FEED_LOW  # let go at the low mark


def test_the_end_of_the_input_ends_the_prompt_after_what_was_sent() -> None:
    async def run() -> list[object]:
        feed, keyboard = _keyboard(Flow())
        feed.send("who\r")
        feed.close()
        answers: list[object] = [await keyboard.read_line_async("> ")]
        try:
            await keyboard.read_line_async("> ")
        except EOFError:
            answers.append(EOFError)
        return answers

    assert asyncio.run(run()) == ["who", EOFError]


def test_a_session_that_ends_drops_what_waits_and_ends_the_prompt() -> None:
    async def run() -> None:
        feed, keyboard = _keyboard(Flow())
        asyncio.get_running_loop().call_later(0.05, feed.stop)
        feed.send("wh")
        with pytest.raises(EOFError):
            await keyboard.read_line_async("> ")
        feed.send("o\r")  # nothing more is taken
        assert feed.closed

    asyncio.run(run())


def test_a_session_input_holds_no_file_descriptor() -> None:
    async def run() -> tuple[int, int]:
        before = _open_fds()
        feeds = [ChannelInput(lambda: None, lambda: None) for _ in range(200)]
        for feed in feeds:
            feed.send("who\r")
        return before, _open_fds()

    before, after = asyncio.run(run())
    assert after == before


def test_prompts_on_one_loop_share_their_bindings_and_keep_their_own_modes() -> None:
    """A server's sessions all take keys through one set of bindings (``ui.keys``): one
    seat's command line open leaves another's single keys single keys."""

    async def key(keyboard: Keyboard) -> object:
        with create_app_session():  # each session's own, as the server gives it
            return await keyboard.read_async("> ")

    async def line(keyboard: Keyboard) -> object:
        with create_app_session():
            return await keyboard.read_line_async("> ", "")

    async def run() -> list[object]:
        feed_one, keyed = _keyboard(Flow(), keys=True)
        feed_two, typing = _keyboard(Flow(), keys=True)
        reads = asyncio.gather(key(keyed), line(typing))
        await asyncio.sleep(0.05)
        feed_one.send("c")
        feed_two.send("c\r")
        return list(await reads)

    assert asyncio.run(run()) == [Pressed(Key.CARD_CHECK), "c"]


class Sized(DummyOutput):
    """An output that counts how often its size is asked."""

    def __init__(self) -> None:
        self.asked = 0

    def get_size(self) -> Size:
        self.asked += 1
        return Size(rows=24, columns=80)


def test_a_prompt_told_its_size_never_polls_it_and_is_drawn_anew_when_told() -> None:
    """A server's prompt learns its terminal's size from the ssh client: polled, each
    prompt of each session would ask it twice a second."""

    async def run() -> tuple[int, int, int, object]:
        output = Sized()
        feed = ChannelInput(lambda: None, lambda: None)
        keyboard = Keyboard(input=feed, output=output, size_told=True)
        reading = asyncio.ensure_future(keyboard.read_line_async("> "))
        await asyncio.sleep(0.1)
        drawn = output.asked
        await asyncio.sleep(1.2)  # polled, it would have been asked twice more
        idle = output.asked
        keyboard.resized()
        told = output.asked
        feed.send("who\r")
        return drawn, idle, told, await reading

    drawn, idle, told, answer = asyncio.run(run())
    assert idle == drawn
    assert told > idle
    assert answer == "who"


def _kept(flow: Flow, keys: bool = False) -> tuple[ChannelInput, NetKeyboard]:
    feed = ChannelInput(flow.pause, flow.resume)
    return feed, NetKeyboard(input=feed, output=DummyOutput(), keys=keys, kept=True)


async def _woken(keys: bool, typed: str = "") -> tuple[ChannelInput, NetKeyboard, object]:
    """A kept prompt with ``typed`` in it, woken once by its table: its input, its
    keyboard, and what the read gave."""
    feed, keyboard = _kept(Flow(), keys=keys)
    feed.send(typed)
    asyncio.get_running_loop().call_later(0.05, keyboard.wake)
    return feed, keyboard, await keyboard.read_woken_async("> ")


def test_a_prompt_the_table_wakes_runs_on_with_what_was_typed() -> None:
    """The server's prompt is not ended by a wake: the lines are told above it, and what
    was half typed is still there to finish (a new prompt cost a busy server most of its
    time per move)."""

    async def run() -> list[object]:
        with create_app_session():
            feed, keyboard, first = await _woken(False, "tabl")
            keyboard.clear_prompt()
            asyncio.get_running_loop().call_later(0.05, feed.send, "es\r")
            second = await keyboard.read_woken_async("lobby> ")
            await keyboard.set_aside()
            return [first, second]

    assert asyncio.run(run()) == [WAKE, "tables"]


def test_a_key_pressed_while_the_lines_are_told_answers_the_next_read() -> None:
    async def run() -> list[object]:
        with create_app_session():
            feed, keyboard, first = await _woken(True)
            feed.send("c")  # card check, pressed as the lines are told
            await asyncio.sleep(0.05)
            return [first, await keyboard.read_woken_async("uno> ")]

    assert asyncio.run(run()) == [WAKE, Pressed(Key.CARD_CHECK)]


def test_a_prompt_kept_running_is_set_aside_for_another_and_its_answer_kept() -> None:
    """Another read (a colour, the command line, a password) ends the kept prompt first;
    a key that ended it in the same moment is not lost."""

    async def run() -> list[object]:
        with create_app_session():
            feed, keyboard, first = await _woken(True)
            asyncio.get_running_loop().call_later(0.05, feed.send, "c")
            return [first, await keyboard.read_async("uno> ")]

    assert asyncio.run(run()) == [WAKE, Pressed(Key.CARD_CHECK)]
