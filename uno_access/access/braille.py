"""Braille through liblouis: the one module that touches it (Grade 2 UEB, ``en-ueb-g2.ctb``).

Card corner codes come out exactly as printed on the braille deck: ``b7`` is
``B#G``, ``wi+4`` is ``WI"6#D``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine.cards import Card
from . import messages

TABLE = "en-ueb-g2.ctb"
UNICODE_TABLE = "unicode.dis"
# lowercase liblouis Braille ASCII → the uppercase forms BRF files use
_TO_BRF = str.maketrans("}|{`~", "]\\[@^")


class BrailleUnavailable(RuntimeError):
    """liblouis or its tables cannot be loaded; ``message`` says how to fix it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@lru_cache(maxsize=1)
def _louis() -> Any:
    try:
        import louis
    except ImportError:
        raise BrailleUnavailable(messages.LIBLOUIS_MISSING) from None
    return louis


@lru_cache(maxsize=4096)
def to_ascii(text: str) -> str:
    """Grade 2 braille of ``text`` in liblouis' lowercase Braille ASCII (``b#g``)."""
    try:
        return str(_louis().translateString([TABLE], text))
    except RuntimeError:
        raise BrailleUnavailable(messages.LIBLOUIS_TABLE_MISSING) from None


def to_brf(text: str) -> str:
    """Grade 2 braille of ``text`` as uppercase Braille ASCII, as in a BRF file (``B#G``)."""
    return to_ascii(text).upper().translate(_TO_BRF)


@lru_cache(maxsize=4096)
def to_unicode(text: str) -> str:
    """Grade 2 braille of ``text`` as Unicode braille dots (``⠃⠼⠛``)."""
    try:
        return str(_louis().translateString([UNICODE_TABLE, TABLE], text))
    except RuntimeError:
        raise BrailleUnavailable(messages.LIBLOUIS_TABLE_MISSING) from None


def card_brf(card: Card) -> str:
    """The card's corner code as printed on the braille deck."""
    return to_brf(card.code)


def card_unicode(card: Card) -> str:
    return to_unicode(card.code)


def liblouis_version() -> str:
    """The version of liblouis in use (for ``uno-access doctor``)."""
    return str(_louis().version())
