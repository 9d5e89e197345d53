"""The terminal's driver of a seat: it steps the seat's coroutine, carrying out each request
(``seat.asks``) on this keyboard, and sends the answer back in. A closed input, Ctrl-C or
anything else the keyboard raises goes back into the seat where it asked, as the blocking
read it replaced raised it there.
"""

from __future__ import annotations

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
            request = seat.send(answer) if error is None else seat.throw(error)
        except StopIteration as done:
            return cast(T, done.value)
        answer, error = None, None
        try:
            answer = carry_out(request, keyboard, screen)
        except BaseException as raised:  # back into the seat, where it asked
            error = raised


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
