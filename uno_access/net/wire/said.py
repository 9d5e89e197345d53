"""What kind of line the server tells a person, beside its words: a chat line, someone
coming or going, or any other line (an answer, a notice).

The kind decides where the line is kept (a chat line in the chat's own history, apart
from the game's, ``seat.history.Buffer.CHAT``), whether speech says it (chat speech may be
muted; the line is still shown, brailled and kept), and the sound it makes: the data
channel names the sound (``"sound": "chat"``) and the full client plays it through its
own sound device, by its own sound settings. Engine events carry no kind: their sounds
are chosen on each side from the events themselves (``access.sounds.EVENT_CUES``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...access import messages
from ...access.sounds import Cue
from ...access.wording import forms


class Said(Enum):
    NOTICE = "notice"  # an answer, a notice of the server's: no sound of its own
    CHAT = "chat"  # a chat line, the lobby's or the table's
    PRESENCE = "presence"  # someone sat down, watches, left or came back


SOUNDS: dict[Said, Cue] = {Said.CHAT: Cue.CHAT, Said.PRESENCE: Cue.PRESENCE}


def said_named(name: object) -> Said | None:
    """The kind of that name, or None (a kind from elsewhere, unknown here)."""
    try:
        return Said(name)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Words:
    """A line said to several people, worded for each where it is told to them, in their
    own language: its phrase (a function of the wording) and what fills it in.
    """

    phrase: Callable[..., str]
    args: tuple[Any, ...] = ()

    def said(self) -> str:
        """The line in the language being said in now (the hearer's)."""
        return self.phrase(*self.args)


Line = str | Words
"""A line of the server's: worded already (a chat line's own words, an answer to one
person), or to be worded for each hearer (``Words``)."""


def worded(line: Line) -> str:
    """``line``'s words in the hearer's language (the current one)."""
    return line if isinstance(line, str) else line.said()


def heard_line(line: Line) -> forms.Line:
    """``line`` as the hearer's line: a ``Words`` of a phrase with its braille form keeps
    it; any other (a chat line, a line worded by the server) is a text read whole.
    """
    if isinstance(line, Words) and line.phrase in forms.FORMS:
        return forms.Line(line.phrase, line.args)
    return forms.Line.of(messages.net_told, worded(line))


@dataclass(frozen=True, slots=True)
class Heard:
    """A line for one person, made safe already, and its kind."""

    text: Line
    kind: Said = Said.NOTICE
    cue: Cue | None = None  # the sound the server named for it (the full client's)

    @property
    def sound(self) -> Cue | None:
        return self.cue if self.cue is not None else SOUNDS.get(self.kind)


def heard(line: Line | Heard) -> Heard:
    """A plain line is a notice."""
    return line if isinstance(line, Heard) else Heard(line)
