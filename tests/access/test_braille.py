"""Braille through the real liblouis (RULES.md "Braille corner codes", PLATFORM.md).

The expected card codes are derived here from the rule sheet's table (seed 000):
a colour letter, then ``#`` and the digit's letter for a number card (``B#J`` … ``B#I``),
``"6#B`` after the colour for Draw Two, ``RV`` and ``SK`` for Reverse and Skip,
``WI`` and ``WI"6#D`` for the wild cards. The sentences are phrases the sheet
itself prints in braille.
"""

from __future__ import annotations

import pytest

from uno_access.access import braille
from uno_access.engine.cards import Card, Kind, all_faces

DIGIT_LETTERS = "JABCDEFGHI"  # after the number sign: A-I are 1-9, J is 0

# North American Braille ASCII by dots, for the characters used below; a space is a blank cell
DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15", "f": "124", "g": "1245",
    "h": "125", "i": "24", "j": "245", "k": "13", "l": "123", "m": "134", "n": "1345",
    "o": "135", "p": "1234", "q": "12345", "r": "1235", "s": "234", "t": "2345", "u": "136",
    "v": "1236", "w": "2456", "x": "1346", "y": "13456", "z": "1356",
    "#": "3456", '"': "5", "6": "235", ",": "6", "+": "346", "5": "26", "4": "256",
    "$": "1246", ">": "345", "*": "16", "\\": "1256", " ": "",
}


def to_dots(brf: str) -> str:
    return "".join(
        chr(0x2800 + sum(1 << (int(d) - 1) for d in DOTS[ch])) for ch in brf.lower()
    )


def deck_code(card: Card) -> str:
    """The corner code printed on the braille deck, uppercase as the sheet prints it."""
    if card.kind is Kind.WILD:
        return "WI"
    if card.kind is Kind.WILD_DRAW_FOUR:
        return 'WI"6#D'
    assert card.color is not None
    up = card.color.value.upper()
    if card.kind is Kind.NUMBER:
        assert card.number is not None
        return f"{up}#{DIGIT_LETTERS[card.number]}"
    return up + {Kind.DRAW_TWO: '"6#B', Kind.REVERSE: "RV", Kind.SKIP: "SK"}[card.kind]


FACES = all_faces()
IDS = [card.code for card in FACES]


def test_liblouis_is_the_real_library() -> None:
    import louis

    assert str(louis.version()).startswith("3.")
    assert louis.translateString(["en-ueb-g2.ctb"], "b7") == "b#g"
    assert braille.to_ascii("Playing Green 9") == louis.translateString(
        ["en-ueb-g2.ctb"], "Playing Green 9"
    )


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_brf_is_the_code_printed_on_the_braille_deck(card: Card) -> None:
    assert braille.card_brf(card) == deck_code(card)


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_unicode_is_the_same_dots_as_the_deck_code(card: Card) -> None:
    assert braille.card_unicode(card) == to_dots(deck_code(card))


def test_the_sheets_examples_of_card_codes() -> None:
    codes = {card.code: braille.card_brf(card) for card in FACES}
    assert codes["b7"] == "B#G"
    assert codes["b0"] == "B#J" and codes["b9"] == "B#I"
    assert codes["g+2"] == 'G"6#B'
    assert codes["rrv"] == "RRV"
    assert codes["ysk"] == "YSK"
    assert codes["wi"] == "WI"
    assert codes["wi+4"] == 'WI"6#D'
    assert braille.card_unicode(Card.from_code("b7")) == "⠃⠼⠛"


@pytest.mark.parametrize(
    ("text", "brf"),
    [
        # the sheet: 8,PLAY+ ,GRE5 #I40 is "Playing Green 9." in quotes
        ("Playing Green 9", ",PLAY+ ,GRE5 #I"),
        ("Playing Red 5.", ",PLAY+ ,R$ #E4"),
        ("Wild Draw Four", ",WILD ,DRAW ,F\\R"),  # lowercase liblouis | is BRF \
        ("a blue 7", "A BLUE #G"),
        ("UNO", ",,UNO"),
        ("Card Check", ",C>D ,*ECK"),
    ],
)
def test_sentences_in_grade_2_braille_as_brf_and_unicode_dots(text: str, brf: str) -> None:
    assert braille.to_brf(text) == brf
    assert braille.to_unicode(text) == to_dots(brf)


def test_to_ascii_is_liblouis_lowercase_and_to_brf_its_uppercase_form() -> None:
    assert braille.to_ascii("Wild Draw Four") == ",wild ,draw ,f|r"
    assert braille.to_brf("Wild Draw Four") == ",WILD ,DRAW ,F\\R"
    assert braille.to_ascii("b+2") == 'b"6#b'
    text = "Playing Green 9"
    assert braille.to_brf(text) == braille.to_ascii(text).upper()
