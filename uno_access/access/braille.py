"""Braille through liblouis: the one module that touches it.

Text is Grade 2 UEB by default (``en-ueb-g2.ctb``); UEB Grade 1 and computer braille
are settings (``BrailleTable``). Cards come out as the codes printed on the braille
deck's corners (``decks.py``): ``b7`` is ``B#G``, ``wi+4`` is ``WI"6#D``; with
computer braille, a card is its print code in computer braille.

Three forms: liblouis' lowercase Braille ASCII (``b#g``), the uppercase ASCII of BRF
files (``B#G``), and Unicode braille dots (``⠃⠼⠛``) for displays. Every translation
is cached, so a message costs dictionary look-ups after its first time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from enum import Enum
from functools import lru_cache
from typing import Any

from .. import native
from ..engine.cards import Card
from . import messages
from .decks import DEFAULT_DECK, Deck
from .message import Parts
from .wording import language

UNICODE_TABLE = "unicode.dis"
# North American Braille ASCII, indexed by the dot pattern (dot 1 = bit 0 … dot 6 = bit 5)
BRAILLE_ASCII = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="
_UNICODE_BASE = 0x2800
_DOTS_OF = {ch: chr(_UNICODE_BASE + dots) for dots, ch in enumerate(BRAILLE_ASCII)}
# lowercase liblouis Braille ASCII → the uppercase forms BRF files use
_TO_BRF = str.maketrans("}|{`~", "]\\[@^")
_FROM_BRF = str.maketrans("]\\[@^", "}|{`~")


class BrailleTable(Enum):
    """The braille code for text, a setting."""

    UEB2 = "ueb2"  # Unified English Braille, Grade 2 (contracted): the default
    UEB1 = "ueb1"  # Unified English Braille, Grade 1 (uncontracted)
    COMPUTER = "computer"  # eight-dot computer braille: print, letter for letter

    @property
    def file(self) -> str:
        """The liblouis table of this grade in the language being said (``es-g2.ctb``)."""
        return language.current_language().braille.get(self.value, _TABLE_FILES[self])

    @property
    def deck_codes(self) -> bool:
        """Whether cards show as the deck's corner codes (else as their print code)."""
        return self is not BrailleTable.COMPUTER


_TABLE_FILES = {
    BrailleTable.UEB2: "en-ueb-g2.ctb",
    BrailleTable.UEB1: "en-ueb-g1.ctb",
    BrailleTable.COMPUTER: "en-us-comp8.ctb",
}
TABLE = _TABLE_FILES[BrailleTable.UEB2]  # the default table's file (English)


class BrailleUnavailable(RuntimeError):
    """liblouis or its tables cannot be loaded; ``message`` says how to fix it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@lru_cache(maxsize=1)
def _louis() -> Any:
    try:
        return native.system_module("louis")
    except ImportError:
        raise BrailleUnavailable(messages.tr(messages.LIBLOUIS_MISSING)) from None


def liblouis_version() -> str:
    """The version of liblouis in use (for ``uno-access doctor``)."""
    return str(_louis().version())


# liblouis keeps working buffers of its own between calls, and its Python binding lets go
# of the GIL while it translates: two threads translating at once (a seat's output and a
# braille display's, say) can each read the other's text. One call at a time.
_LOUIS_LOCK = threading.Lock()


@lru_cache(maxsize=8192)
def _translate(tables: tuple[str, ...], text: str) -> str:
    try:
        with _LOUIS_LOCK:
            return str(_louis().translateString(list(tables), text))
    except RuntimeError:
        raise BrailleUnavailable(messages.liblouis_table_missing(tables[-1])) from None


@lru_cache(maxsize=4096)
def _back(table: str, text: str) -> str:
    try:
        with _LOUIS_LOCK:
            return str(_louis().backTranslateString([table], text))
    except RuntimeError:
        raise BrailleUnavailable(messages.liblouis_table_missing(table)) from None


def table_loads(table: str) -> bool:
    """Whether liblouis loads the table ``table`` (a file name, as ``es-g2.ctb``)."""
    try:
        _translate((table,), "b7")
    except BrailleUnavailable:
        return False
    return True


# the display table of North American Braille ASCII, for the tables that display their
# dots otherwise (the Spanish ones show dots and accented letters): the English tables
# display Braille ASCII themselves
BRF_DISPLAY = "en-us-brf.dis"


def to_ascii(text: str, table: BrailleTable = BrailleTable.UEB2) -> str:
    """``text`` in braille, as liblouis' lowercase Braille ASCII (``b#g``)."""
    file = table.file
    if file in _TABLE_FILES.values():
        return _translate((file,), text)
    return brf_to_ascii(_translate((BRF_DISPLAY, file), text))


def to_brf(text: str, table: BrailleTable = BrailleTable.UEB2) -> str:
    """``text`` in braille as uppercase Braille ASCII, as in a BRF file (``B#G``)."""
    return ascii_to_brf(to_ascii(text, table))


def to_unicode(text: str, table: BrailleTable = BrailleTable.UEB2) -> str:
    """``text`` in braille as Unicode braille dots (``⠃⠼⠛``)."""
    return _translate((UNICODE_TABLE, table.file), text)


def back_translate(braille: str, table: BrailleTable = BrailleTable.UEB2) -> str:
    """Print text for what was typed in Braille ASCII or dots: ``b#g`` → ``b7``."""
    return _back(table.file, unicode_to_ascii(braille))


def ascii_to_brf(text: str) -> str:
    return text.upper().translate(_TO_BRF)


def ascii_to_unicode(text: str) -> str:
    """Six-dot Braille ASCII (either case) as Unicode dots; other characters stay."""
    brf = ascii_to_brf(text)
    return "".join(_DOTS_OF.get(ch, ch) for ch in brf)


def brf_to_ascii(text: str) -> str:
    """Uppercase (BRF) Braille ASCII as liblouis' lowercase form: ``B#G`` → ``b#g``."""
    return text.lower().translate(_FROM_BRF)


def unicode_to_ascii(text: str) -> str:
    """Unicode six-dot braille as liblouis' lowercase Braille ASCII (``⠃⠼⠛`` → ``b#g``);
    other characters stay as they are.
    """
    out = []
    for ch in text:
        code = ord(ch) - _UNICODE_BASE
        out.append(BRAILLE_ASCII[code] if 0 <= code < 64 else ch)
    return brf_to_ascii("".join(out))


# --------------------------------------------------------------------- cards


def card_ascii(
    card: Card, table: BrailleTable = BrailleTable.UEB2, deck: Deck = DEFAULT_DECK
) -> str:
    """The card as brailled: its deck's corner code (``b#g``), or its print code when the
    deck does not have it or the table is computer braille.
    """
    if table.deck_codes:
        code = deck.code(card)
        if code is not None:
            return code
    return to_ascii(card.code, table)


def card_brf(card: Card, deck: Deck = DEFAULT_DECK) -> str:
    """The card's corner code as printed on the braille deck (``B#G``)."""
    return ascii_to_brf(card_ascii(card, BrailleTable.UEB2, deck))


def card_unicode(
    card: Card, table: BrailleTable = BrailleTable.UEB2, deck: Deck = DEFAULT_DECK
) -> str:
    if table.deck_codes and deck.code(card) is not None:
        return ascii_to_unicode(card_ascii(card, table, deck))
    return to_unicode(card.code, table)


PLAYABLE_DOTS = 0x80  # dot 8 (the display's cursor is dots 7 and 8)


def playable(dots: str) -> str:
    """A card's cells with dot 8 added under each: on the braille hand line, a card the
    player can play now (it costs no cell; the cursor, dots 7 and 8, stays distinct).
    """
    return "".join(
        chr(ord(cell) | PLAYABLE_DOTS)
        if _UNICODE_BASE <= ord(cell) < _UNICODE_BASE + 0x100
        else cell
        for cell in dots
    )


def card_print_code(
    braille: str, table: BrailleTable = BrailleTable.UEB2, deck: Deck = DEFAULT_DECK
) -> str | None:
    """The print code of the card typed in braille (``b#g``, ``⠃⠼⠛``), or None.

    The deck's own codes first, then liblouis' back-translation (``blb#g`` → ``blb7``).
    """
    typed = unicode_to_ascii(braille.strip())
    code = deck.print_code(typed)
    if code is not None:
        return code
    try:
        return back_translate(typed, table).lower()
    except BrailleUnavailable:
        return None


# --------------------------------------------------------------------- messages


def render(parts: Parts, table: BrailleTable = BrailleTable.UEB2, deck: Deck = DEFAULT_DECK) -> str:
    """A message given as text and cards, in braille dots: the text in ``table`` (of the
    language being said), each card as its corner code.
    """
    return _render(parts, table, deck, language.current())


@lru_cache(maxsize=8192)
def _render(parts: Parts, table: BrailleTable, deck: Deck, lang: str) -> str:
    return "".join(
        to_unicode(part, table) if isinstance(part, str) else card_unicode(part, table, deck)
        for part in parts
    )


def render_ascii(parts: Iterable[str | Card], table: BrailleTable = BrailleTable.UEB2) -> str:
    """The same message as lowercase Braille ASCII."""
    return "".join(
        to_ascii(part, table) if isinstance(part, str) else card_ascii(part, table)
        for part in parts
    )
