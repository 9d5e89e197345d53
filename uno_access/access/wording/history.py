"""The history review: its two buffers, their edges, the lines read back; each line as
its sentence and its braille form side by side, registered together (see ``forms``).
"""

from __future__ import annotations

from ..message import Parts
from .forms import SAID_AS_BRAILLE, register
from .language import N_, NP_, tr, tr_n

# {buffer} is one of HISTORY_NAMES
HISTORY_NAMES = {"game": N_("the game's history"), "answers": N_("the answers")}
# the same in a braille form
B_HISTORY_NAMES = {"game": N_("game"), "answers": N_("answers")}
# Translators: the chat's history, as HISTORY_NAMES names the others ("Reading the chat:
# 3 lines").
HISTORY_NAMES["chat"] = N_("the chat")
B_HISTORY_NAMES["chat"] = N_("chat")
HISTORY_LINE = N_("{number} of {total}: {line}")  # {line}: the message read back
HISTORY_START = N_("Start of {buffer}.")
HISTORY_END = N_("End of {buffer}.")
HISTORY_EMPTY = N_("Nothing in {buffer} yet.")
HISTORY_SWITCHED = NP_(
    "Reading {buffer}: {count} line; Page Up reads back.",
    "Reading {buffer}: {count} lines; Page Up reads back.",
)  # a singular and plural pair
B_HISTORY_START = N_("Start of {buffer}")
B_HISTORY_END = N_("End of {buffer}")


def history_line(number: int, total: int, line: str) -> str:
    return tr(HISTORY_LINE).format(number=number, total=total, line=line)


def history_edge(buffer: str, start: bool) -> str:
    """Page Up before the first line, or Page Down past the newest, of one buffer."""
    return (tr(HISTORY_START) if start else tr(HISTORY_END)).format(
        buffer=tr(HISTORY_NAMES[buffer])
    )


def _b_history_edge(buffer: str, start: bool) -> Parts:
    said = tr(B_HISTORY_START) if start else tr(B_HISTORY_END)
    return (said.format(buffer=tr(B_HISTORY_NAMES[buffer])),)


register(history_edge, braille=_b_history_edge, brief=SAID_AS_BRAILLE)

B_HISTORY_EMPTY = N_("No {buffer} yet")


def history_empty(buffer: str) -> str:
    return tr(HISTORY_EMPTY).format(buffer=tr(HISTORY_NAMES[buffer]))


def _b_history_empty(buffer: str) -> Parts:
    return (tr(B_HISTORY_EMPTY).format(buffer=tr(B_HISTORY_NAMES[buffer])),)


register(history_empty, braille=_b_history_empty, brief=SAID_AS_BRAILLE)

B_HISTORY_SWITCHED = N_("Reading {buffer}: {count}")


def history_switched(buffer: str, count: int) -> str:
    """The other buffer is now the one Page Up reads."""
    said = tr_n(HISTORY_SWITCHED, count)
    return said.format(buffer=tr(HISTORY_NAMES[buffer]), count=count)


def _b_history_switched(buffer: str, count: int) -> Parts:
    return (tr(B_HISTORY_SWITCHED).format(buffer=tr(B_HISTORY_NAMES[buffer]), count=count),)


register(history_switched, braille=_b_history_switched, brief=SAID_AS_BRAILLE)
