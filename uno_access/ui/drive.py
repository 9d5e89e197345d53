"""The terminal's driver of a seat: it steps the seat's coroutine, carrying out each request
(``seat.asks``) on this keyboard and screen, with this machine's clock, settings file and
signals, and sends the answer back in. A closed input, Ctrl-C or anything else the
keyboard raises goes back into the seat where it asked, as the blocking read it replaced
raised it there.

``drive`` reads by blocking; ``drive_async`` awaits each read on the running event loop (a
server's session). Both step the seat the same way (``_Steps``): they differ only in how
a request is carried out.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Generic, Protocol, TypeVar, cast

from .. import interrupt, settings
from ..seat.asks import (
    Checkpoint,
    ClearScreen,
    DropTypeahead,
    InputTaken,
    Now,
    Pause,
    ReadChoice,
    ReadKey,
    ReadLine,
    ReadWoken,
    Request,
    SaveSettings,
    Seat,
    TakeInterrupt,
    Wake,
)
from ..seat.keys import Key, Read
from .terminal import Keyboard, Screen

T = TypeVar("T")


class AsyncKeyboard(Protocol):
    """What ``drive_async`` reads of a keyboard on the event loop: the terminal's over an
    ssh channel (``net.seat.NetKeyboard``), or a browser's over its WebSocket
    (``net.web.keyboard.WebKeyboard``)."""

    @property
    def keys(self) -> bool: ...

    def menu(self, on: bool = True) -> AbstractContextManager[None]: ...

    async def read_async(self, prompt: str) -> Read: ...

    async def read_color_async(self, prompt: str) -> Read: ...

    async def read_line_async(self, prompt: str, start: str | None = None) -> Read: ...

    async def wait_async(self, seconds: float, prompt: str) -> Read | None: ...

    async def read_choice_async(self, prompt: str) -> Key: ...

    async def read_woken_async(self, prompt: str) -> Read | Wake: ...

    def drop_typeahead(self) -> bool: ...


Clock = Callable[[], float]


class _Steps(Generic[T]):
    """A seat stepped by hand: the answer to its last request sent in (or what carrying it
    out raised, thrown in where it asked), and its next request taken out."""

    def __init__(self, seat: Seat[T]) -> None:
        self.seat = seat
        self.answer: object = None
        self.error: BaseException | None = None
        self.result: T | None = None

    def next(self) -> Request[Any] | None:
        """The seat's next request; None once it has ended (its value in ``result``). An
        exception it ends with is raised."""
        answer, error = self.answer, self.error
        self.answer, self.error = None, None
        try:
            return self.seat.send(answer) if error is None else self.seat.throw(error)
        except StopIteration as done:
            self.result = cast(T, done.value)
            return None

    def answered(self, answer: object) -> None:
        self.answer = answer

    def raised(self, error: BaseException) -> bool:
        """``error`` came while the seat was stepped: thrown back into it where it asked (a
        Ctrl-C in the driver's own lines too, as it came anywhere in the blocking table);
        False when the seat itself ended with it (then the driver raises it)."""
        if inspect.getcoroutinestate(self.seat) == inspect.CORO_CLOSED:
            return False
        self.answer, self.error = None, error
        return True


def drive(
    seat: Seat[T], keyboard: Keyboard, screen: Screen | None = None, clock: Clock = time.monotonic
) -> T:
    """Run ``seat`` to its end on ``keyboard`` (and ``screen``, which a hot seat clears);
    its result. ``clock``: what the seat's ``Now`` reads."""
    steps = _Steps(seat)
    while True:
        try:
            request = steps.next()
            while isinstance(request, ReadKey) and _read_through(request, keyboard):
                request = _through(steps, request, keyboard, screen, clock)
            if request is None:
                return cast(T, steps.result)
            steps.answered(carry_out(request, keyboard, screen, clock))
        except BaseException as error:
            if not steps.raised(error):
                raise


# what the seat may ask between two keys read through, carried out in the running prompt
_AT_ONCE = (Checkpoint, InputTaken, Now)


def _read_through(request: ReadKey, keyboard: Keyboard) -> bool:
    """Whether ``request`` is a key read that may go on in a running prompt: not a colour's
    (its keys and prompt are another prompt's), on a keyboard that reads so."""
    return not request.colors and keyboard.goes_on


def _through(
    steps: _Steps[Any], first: ReadKey, keyboard: Keyboard, screen: Screen | None, clock: Clock
) -> Request[Any] | None:
    """Keys read from ``first`` on in one running prompt (``Keyboard.read_through``): each
    sent into the seat as it comes, and the seat stepped on, carrying out what it asks
    at once (``_AT_ONCE``), to its next key read, on which the prompt goes on; the first
    other request ends the prompt, and is returned to be carried out as ever (None: the
    seat has ended). What the seat raises ends the prompt and is raised."""
    after: list[Request[Any] | None] = []

    def answered(read: Read) -> tuple[str, bool] | None:
        steps.answered(read)
        while True:
            request = steps.next()
            if isinstance(request, ReadKey) and _read_through(request, keyboard):
                return request.prompt, request.menu
            if isinstance(request, _AT_ONCE):
                try:
                    steps.answered(_effect(request, keyboard, screen, clock))
                except BaseException as error:  # thrown into the seat where it asked
                    if not steps.raised(error):
                        raise
                continue
            after.append(request)
            return None

    keyboard.read_through(first.prompt, first.menu, answered)
    return after[0]


async def drive_async(
    seat: Seat[T],
    keyboard: AsyncKeyboard,
    screen: Screen | None = None,
    clock: Clock = time.monotonic,
) -> T:
    """``drive`` on the running event loop: each read awaited there (a server's session, a
    coroutine among all the others, with no thread of its own)."""
    steps = _Steps(seat)
    while True:
        try:
            request = steps.next()
            if request is None:
                return cast(T, steps.result)
            steps.answered(await carry_out_async(request, keyboard, screen, clock))
        except BaseException as error:
            if not steps.raised(error):
                raise


def carry_out(
    request: Request[Any],
    keyboard: Keyboard,
    screen: Screen | None = None,
    clock: Clock = time.monotonic,
) -> object:
    """One request, carried out here (a read from ``keyboard``): its answer."""
    if isinstance(request, ReadKey):
        with keyboard.menu(request.menu):
            if request.colors:
                return keyboard.read_color(request.prompt)
            return keyboard.read(request.prompt)
    if isinstance(request, ReadLine):
        with keyboard.menu(request.menu):
            return keyboard.read_line(request.prompt, request.start)
    if isinstance(request, Pause):
        return keyboard.wait(request.seconds, request.prompt)
    if isinstance(request, ReadChoice):
        return keyboard.read_choice(request.prompt)
    if isinstance(request, ReadWoken):
        with keyboard.menu(request.menu):
            return keyboard.read_woken(request.prompt)
    return _effect(request, keyboard, screen, clock)


async def carry_out_async(
    request: Request[Any],
    keyboard: AsyncKeyboard,
    screen: Screen | None = None,
    clock: Clock = time.monotonic,
) -> object:
    """One request, read from ``keyboard`` on the running event loop: its answer."""
    if isinstance(request, ReadKey):
        with keyboard.menu(request.menu):
            if request.colors:
                return await keyboard.read_color_async(request.prompt)
            return await keyboard.read_async(request.prompt)
    if isinstance(request, ReadLine):
        with keyboard.menu(request.menu):
            return await keyboard.read_line_async(request.prompt, request.start)
    if isinstance(request, Pause):
        return await keyboard.wait_async(request.seconds, request.prompt)
    if isinstance(request, ReadChoice):
        return await keyboard.read_choice_async(request.prompt)
    if isinstance(request, ReadWoken):
        with keyboard.menu(request.menu):
            return await keyboard.read_woken_async(request.prompt)
    return _effect(request, keyboard, screen, clock)  # nothing to wait for


def _effect(
    request: Request[Any], keyboard: AsyncKeyboard | Keyboard, screen: Screen | None, clock: Clock
) -> object:
    """A request that reads no key, carried out at once: its answer."""
    if isinstance(request, Checkpoint):
        interrupt.check()  # a signal noted where it could not be raised: raised here
        return None
    if isinstance(request, InputTaken):
        if screen is not None:
            screen.input_taken()
        return None
    if isinstance(request, Now):
        return clock()
    if isinstance(request, DropTypeahead):
        return keyboard.drop_typeahead()
    if isinstance(request, ClearScreen):
        return screen is not None and screen.clear()
    if isinstance(request, SaveSettings):
        return settings.remember(sounds=request.sounds)
    if isinstance(request, TakeInterrupt):
        return interrupt.take()
    raise TypeError(f"no such request: {request!r}")
