"""What a seat asks of the way in that drives it, and awaits: a key, a typed line, a colour,
a yes or no, a pause (the bots' pace), a prompt the table may wake; and what it has the
driver do for it: clear the screen, mark the input taken, read the clock, keep a setting
in the settings file, stop for a Ctrl-C. The seat holds no keyboard and does no I/O: it
is a coroutine that awaits these requests, and its driver (the terminal's, the hot
seat's, an ssh session's, the full client's) carries each out and sends the answer back
in (``drive`` in ``ui.drive``; a driver on an event loop awaits its own reads between
them). Nothing here touches asyncio: the coroutine is stepped by hand, with ``send`` and
``throw``, as sans-I/O protocol libraries are.

A request is awaited where the seat needs its answer::

    got = await ReadKey(prompt)

and the driver's closed input or Ctrl-C comes back into the seat at that point as the
``EOFError`` or ``KeyboardInterrupt`` it would have raised there.
"""

from __future__ import annotations

from collections.abc import Coroutine, Generator
from typing import Any, Generic, TypeVar, cast

from ..values import frozen
from .keys import Key, Read

T = TypeVar("T")


class Wake:
    """What a prompt the table may wake (``ReadWoken``) gives when the table logged something
    for this seat while the person was asked: the seat tells it, then asks again."""


WAKE = Wake()


class Request(Generic[T]):
    """One thing the seat asks its driver for; awaiting it gives the driver's answer."""

    def __await__(self) -> Generator[Request[Any], object, T]:
        answer = yield self
        return cast(T, answer)


@frozen(slots=True)
class ReadKey(Request[Read]):
    """A key, a typed line or a routing key at ``prompt``; ``colors``: a colour's keys
    answer (its first letter, 1 to 4); ``menu``: a question with choices is asked, whose
    keys move through them.
    """

    prompt: str
    colors: bool = False
    menu: bool = False


@frozen(slots=True)
class ReadLine(Request[Read]):
    """The command line: a typed line from ``start`` (None: what was left in it)."""

    prompt: str
    start: str | None = None
    menu: bool = False


@frozen(slots=True)
class ReadChoice(Request[Key]):
    """A yes-or-no question's answer: ``Key.YES``, ``Key.DEFAULT`` (Enter) or ``Key.NO``."""

    prompt: str


@frozen(slots=True)
class Pause(Request["Read | None"]):
    """``ReadKey``, or None when nothing comes within ``seconds`` (the bots' pace, and the
    moment a bot gives before it catches: the one timer, and only when the player sets a
    pace or a grace).
    """

    seconds: float
    prompt: str


@frozen(slots=True)
class ReadWoken(Request["Read | Wake"]):
    """``ReadKey``, or ``WAKE`` when the table logged something for this seat meanwhile."""

    prompt: str
    menu: bool = False


@frozen(slots=True)
class ClearScreen(Request[bool]):
    """Clear the screen and its scrollback (the hot seat's handover); whether it could be."""


@frozen(slots=True)
class DropTypeahead(Request[bool]):
    """Drop the keys typed before the table opened; whether any were."""


@frozen(slots=True)
class InputTaken(Request[None]):
    """The person is asked for a key or a line next: what the driver's screen showed since
    the last one becomes the last message (what "repeat" says again at a terminal)."""


@frozen(slots=True)
class Now(Request[float]):
    """The driver's clock (seconds, monotonic): the moment a bot gives the person before it
    catches them is timed by it (``Table._grace``); the seat reads no clock of its own."""


@frozen(slots=True)
class SaveSettings(Request["str | None"]):
    """Keep a setting the person switched while playing (Z: sounds on or off) in the
    driver's settings file, the rest as it is; None, or the one line saying why it could
    not be written."""

    sounds: bool


@frozen(slots=True)
class Checkpoint(Request[None]):
    """A point between two moves where the driver may stop the seat: a Ctrl-C (or a polite
    kill) noted where it could not be raised comes back in here as ``KeyboardInterrupt``."""


@frozen(slots=True)
class TakeInterrupt(Request[int]):
    """The seat stops for the Ctrl-C that came (or SIGTERM): the driver takes it, so that
    more presses change nothing while it stops; the exit status (130, or 143 for SIGTERM).
    """


Seat = Coroutine[Request[Any], object, T]
"""A seat's coroutine: it awaits requests and returns ``T`` (its exit status)."""
