"""Text that came from outside (a typed line, a name in a settings file, a scenario, a
network peer), made safe to show: the one place that decides what may reach a terminal.

A terminal obeys escape sequences in what it is sent: a name like ``"\\x1b[2J"`` would
clear the screen of whoever reads it. ``shown`` keeps only printable characters (each
control character, escape sequences included, becomes nothing; tabs and line breaks a
space) and caps the length, so every name and text a player or a file supplies can be
shown, spoken and brailled as it stands. It is a security rule: apply it wherever
outside text enters the program, not where it is printed.
"""

from __future__ import annotations

import re
import unicodedata

# a whole escape sequence (CSI, OSC, a two-character escape), so that its parameters
# ("[2J") do not stay behind once the ESC is gone
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]?)|\x9b[0-?]*[ -/]*[@-~]?"
)
_SPACES = re.compile(r"[\t\n\r\v\f\u2028\u2029]+")

NAME_LIMIT = 40
"""The longest name shown: a display of 40 cells shows it whole."""

LINE_LIMIT = 500
"""The longest typed line or text taken: far beyond any command."""


def shown(text: str, limit: int = LINE_LIMIT) -> str:
    """``text`` with no control characters or escape sequences, at most ``limit``
    characters (cut, not refused: a caller that must refuse compares lengths first).
    """
    text = text[: limit * 4]  # bounded work whatever comes in
    text = _ESCAPE.sub("", text)
    text = _SPACES.sub(" ", text)
    text = "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in text)
    return text[:limit]


def name(text: str) -> str:
    """A player's name as shown: composed (NFC, so that "José" typed either way is one
    name), printable, single spaces, at most ``NAME_LIMIT``."""
    composed = unicodedata.normalize("NFC", text[: NAME_LIMIT * 8])  # bounded work
    return " ".join(shown(composed, NAME_LIMIT * 2).split())[:NAME_LIMIT].strip()
