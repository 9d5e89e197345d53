"""The history review: its two buffers, their edges, the lines read back."""

from __future__ import annotations

# {buffer} is one of HISTORY_NAMES
HISTORY_NAMES = {"game": "the game's history", "answers": "the answers"}
HISTORY_LINE = "{number} of {total}: {line}"  # {line}: the message read back
HISTORY_START = "Start of {buffer}."
HISTORY_END = "End of {buffer}."
HISTORY_EMPTY = "Nothing in {buffer} yet."
HISTORY_SWITCHED = (
    "Reading {buffer}: {count} line; Page Up reads back.",
    "Reading {buffer}: {count} lines; Page Up reads back.",
)  # a singular and plural pair


def history_line(number: int, total: int, line: str) -> str:
    return HISTORY_LINE.format(number=number, total=total, line=line)


def history_edge(buffer: str, start: bool) -> str:
    """Page Up before the first line, or Page Down past the newest, of one buffer."""
    return (HISTORY_START if start else HISTORY_END).format(buffer=HISTORY_NAMES[buffer])


def history_empty(buffer: str) -> str:
    return HISTORY_EMPTY.format(buffer=HISTORY_NAMES[buffer])


def history_switched(buffer: str, count: int) -> str:
    """The other buffer is now the one Page Up reads."""
    said = HISTORY_SWITCHED[0] if count == 1 else HISTORY_SWITCHED[1]
    return said.format(buffer=HISTORY_NAMES[buffer], count=count)
