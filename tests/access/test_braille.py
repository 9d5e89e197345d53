"""Braille through the real liblouis (RULES.md "Braille corner codes", PLATFORM.md).

The expected card codes are derived here from the rule sheet's table (seed 000):
a colour letter, then ``#`` and the digit's letter for a number card (``B#J`` … ``B#I``),
``"6#B`` after the colour for Draw Two, ``RV`` and ``SK`` for Reverse and Skip,
``WI`` and ``WI"6#D`` for the wild cards. The sentences are phrases the sheet
itself prints in braille.
"""

from __future__ import annotations

import pytest
from deck_codes import deck_code, to_dots

from uno_access.access import braille
from uno_access.engine.cards import Card, all_faces

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


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_printed_code_back_translates_to_its_card(card: Card) -> None:
    from uno_access.access.parse import parse_card

    printed = deck_code(card)
    assert braille.card_print_code(printed) == card.code
    assert braille.card_print_code(to_dots(printed)) == card.code
    assert parse_card(to_dots(printed)) is card
    assert braille.back_translate(printed.lower()) == card.code  # liblouis agrees


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_the_deck_table_is_what_grade_2_makes_of_each_print_code(card: Card) -> None:
    from uno_access.access.decks import BRAILLE_UNO_2019

    assert BRAILLE_UNO_2019.code(card) == braille.to_ascii(card.code)


def test_a_braille_keyboard_may_type_a_blank_card_by_back_translation() -> None:
    from uno_access.access.parse import parse_card

    assert parse_card("blb#g") is Card.from_code("blb7")  # not on the deck: liblouis reads it


def test_computer_braille_shows_a_card_as_its_print_code() -> None:
    table = braille.BrailleTable.COMPUTER
    assert braille.card_ascii(Card.from_code("b7"), table) == "b7"
    assert braille.card_unicode(Card.from_code("b7"), table) == braille.to_unicode("b7", table)
    assert braille.to_unicode("b7", table) != braille.card_unicode(Card.from_code("b7"))
