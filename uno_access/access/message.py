"""What the accessibility layer hands to the devices: one message in its renderings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Priority(IntEnum):
    """How a message competes with what is being said.

    ``URGENT`` (your turn, an error, UNO called on you) cuts off what is being said;
    ``NORMAL`` waits its turn; ``LOW`` (a repeat, the history) may be dropped when
    something newer comes.
    """

    LOW = 0
    NORMAL = 1
    URGENT = 2


@dataclass(frozen=True, slots=True)
class Message:
    """One event or answer for one viewer, in each of its renderings.

    ``speech`` is full words; ``braille`` is Grade 2 braille as Unicode dots, terse,
    the essential part first; ``text`` is the plain print line.
    """

    speech: str
    braille: str
    text: str
    priority: Priority = Priority.NORMAL
