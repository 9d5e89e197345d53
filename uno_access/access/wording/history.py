"""The history review: its two buffers, their edges, the lines read back."""

from __future__ import annotations


def history_line(number: int, total: int, line: str) -> str:
    return f"{number} of {total}: {line}"


# the buffer names, as the edges and the switch say them
HISTORY_NAMES = {"game": "the game's history", "answers": "the answers"}


def history_edge(buffer: str, start: bool) -> str:
    """Page Up before the first line, or Page Down past the newest, of one buffer."""
    where = "Start" if start else "End"
    return f"{where} of {HISTORY_NAMES[buffer]}."


def history_empty(buffer: str) -> str:
    return f"Nothing in {HISTORY_NAMES[buffer]} yet."


def history_switched(buffer: str, count: int) -> str:
    """The other buffer is now the one Page Up reads."""
    lines = "1 line" if count == 1 else f"{count} lines"
    return f"Reading {HISTORY_NAMES[buffer]}: {lines}; Page Up reads back."
