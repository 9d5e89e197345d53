"""The history review: its two buffers, their edges, the lines read back."""

from __future__ import annotations

from .language import N_, NP_, tr, tr_n

# {buffer} is one of HISTORY_NAMES
HISTORY_NAMES = {"game": N_("the game's history"), "answers": N_("the answers")}
HISTORY_LINE = N_("{number} of {total}: {line}")  # {line}: the message read back
HISTORY_START = N_("Start of {buffer}.")
HISTORY_END = N_("End of {buffer}.")
HISTORY_EMPTY = N_("Nothing in {buffer} yet.")
HISTORY_SWITCHED = NP_(
    "Reading {buffer}: {count} line; Page Up reads back.",
    "Reading {buffer}: {count} lines; Page Up reads back.",
)  # a singular and plural pair


def history_line(number: int, total: int, line: str) -> str:
    return tr(HISTORY_LINE).format(number=number, total=total, line=line)


def history_edge(buffer: str, start: bool) -> str:
    """Page Up before the first line, or Page Down past the newest, of one buffer."""
    return (tr(HISTORY_START) if start else tr(HISTORY_END)).format(
        buffer=tr(HISTORY_NAMES[buffer])
    )


def history_empty(buffer: str) -> str:
    return tr(HISTORY_EMPTY).format(buffer=tr(HISTORY_NAMES[buffer]))


def history_switched(buffer: str, count: int) -> str:
    """The other buffer is now the one Page Up reads."""
    said = tr_n(HISTORY_SWITCHED, count)
    return said.format(buffer=tr(HISTORY_NAMES[buffer]), count=count)
