"""The terminal's driver of a seat: it steps the seat's coroutine, carrying out each request
(``seat.asks``) on this keyboard, and sends the answer back in. A closed input, Ctrl-C or
anything else the keyboard raises goes back into the seat where it asked, as the blocking
read it replaced raised it there.
"""

from __future__ import annotations

import inspect
from typing import Any, TypeVar, cast

from ..seat.asks import (
    ClearScreen,
    DropTypeahead,
    Pause,
    ReadChoice,
    ReadKey,
    ReadLine,
    ReadWoken,
    Request,
    Seat,
)
from .terminal import Keyboard, Screen

T = TypeVar("T")


def drive(seat: Seat[T], keyboard: Keyboard, screen: Screen | None = None) -> T:
    """Run ``seat`` to its end on ``keyboard`` (and ``screen``, which a hot seat clears);
    its result."""
    answer: object = None
    error: BaseException | None = None
    while True:
        try:
            try:
                request = seat.send(answer) if error is None else seat.throw(error)
            except StopIteration as done:
                return cast(T, done.value)
            answer, error = None, None
            answer = carry_out(request, keyboard, screen)
        except BaseException as raised:
            if _ended(seat):  # the seat itself ended with it
                raise
            answer, error = None, raised  # back into the seat, where it asked (a Ctrl-C
            # in the driver's own lines too, as it came anywhere in the blocking table)


def _ended(seat: Seat[Any]) -> bool:
    return inspect.getcoroutinestate(seat) == inspect.CORO_CLOSED


def carry_out(request: Request[Any], keyboard: Keyboard, screen: Screen | None = None) -> object:
    """One request, read from ``keyboard``: its answer."""
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
    if isinstance(request, DropTypeahead):
        return keyboard.drop_typeahead()
    if isinstance(request, ClearScreen):
        return screen is not None and screen.clear()
    raise TypeError(f"no such request: {request!r}")


async def drive_async(seat: Seat[T], keyboard: Keyboard, screen: Screen | None = None) -> T:
    """``drive`` on the running event loop: each read awaited there (a server's session, a
    coroutine among all the others, with no thread of its own)."""
    answer: object = None
    error: BaseException | None = None
    while True:
        try:
            try:
                request = seat.send(answer) if error is None else seat.throw(error)
            except StopIteration as done:
                return cast(T, done.value)
            answer, error = None, None
            answer = await carry_out_async(request, keyboard, screen)
        except BaseException as raised:
            if _ended(seat):  # the seat itself ended with it
                raise
            answer, error = None, raised  # back into the seat, where it asked


async def carry_out_async(
    request: Request[Any], keyboard: Keyboard, screen: Screen | None = None
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
    return carry_out(request, keyboard, screen)  # nothing to wait for
