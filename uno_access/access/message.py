"""What the accessibility layer hands to the devices: one message in its renderings."""

from __future__ import annotations

from enum import Enum, IntEnum

from ..engine.cards import Card
from ..values import frozen

Parts = tuple["str | Card", ...]
"""A message in its fewest words, as text and the cards it names: braille shows each card
as its corner code, brief speech says its name.
"""


class Verbosity(Enum):
    """How much is said: a setting."""

    BRIEF = "brief"  # the fewest words: "Ann: Blue 7"
    NORMAL = "normal"  # whole sentences: "Ann plays Blue 7."
    FULL = "full"  # sentences, and each card's code: "Ann plays Blue 7 (b7)."


class Priority(IntEnum):
    """How a message competes with what is being said.

    ``URGENT`` (your turn, an error, UNO called on you) cuts off what is being said;
    ``NORMAL`` waits its turn; ``LOW`` (a repeat, the history) may be dropped when
    something newer comes.
    """

    LOW = 0
    NORMAL = 1
    URGENT = 2


@frozen(slots=True)
class Message:
    """One event or answer for one viewer, in each of its renderings.

    ``speech`` is full words; ``braille`` is Grade 2 braille as Unicode dots, terse,
    the essential part first; ``text`` is the plain print line. ``on_hand``: the card
    selected in the hand, which a braille display showing the hand line tells by moving
    its cursor, staying on that line. ``private``: at a hot-seat table, what only its
    viewer may know (their hand, the cards they draw, an answer to them): kept in their
    own history alone, never left on a shared screen, spoken only for the speech's seat.
    ``sound``: the name of the sound cue played beside the words (``access.sounds.Cue``),
    never instead of them.
    """

    speech: str
    braille: str
    text: str
    priority: Priority = Priority.NORMAL
    on_hand: bool = False
    private: bool = False
    sound: str | None = None
