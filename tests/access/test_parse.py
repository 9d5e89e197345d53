"""What people type, turned into cards and colours (INTERFACE.md "Card codes").

Wherever a person types a card the game accepts its print code in any case, its
Braille ASCII form as printed on the braille deck (and the ``-`` spellings of
Wild Draw Four), Unicode braille dots, and words. Anything else gets a message
saying what is accepted. The expected forms are derived here from the rule sheet,
not from the code under test.
"""

from __future__ import annotations

import pytest
from deck_codes import deck_code, to_dots

from uno_access.access.parse import ParseError, parse_card, parse_color
from uno_access.engine.cards import Card, Color, Kind, all_faces

COLOR_NAMES = {Color.BLUE: "Blue", Color.GREEN: "Green", Color.RED: "Red", Color.YELLOW: "Yellow"}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def print_code(card: Card) -> str:
    if card.kind is Kind.WILD:
        return "wi"
    if card.kind is Kind.WILD_DRAW_FOUR:
        return "wi+4"
    assert card.color is not None
    letter = card.color.value
    if card.kind is Kind.NUMBER:
        return f"{letter}{card.number}"
    return letter + {Kind.DRAW_TWO: "+2", Kind.REVERSE: "rv", Kind.SKIP: "sk"}[card.kind]


def words(card: Card) -> list[str]:
    """How a person says the card: "Blue 7", "Blue Seven", "red skip", "wild draw four"."""
    if card.kind is Kind.WILD:
        return ["Wild", "wild", "WILD"]
    if card.kind is Kind.WILD_DRAW_FOUR:
        return ["Wild Draw Four", "wild draw four", "WILD DRAW FOUR"]
    assert card.color is not None
    color = COLOR_NAMES[card.color]
    if card.kind is Kind.NUMBER:
        assert card.number is not None
        word = NUMBER_WORDS[card.number]
        return [
            f"{color} {card.number}",
            f"{color.lower()} {card.number}",
            f"{color} {word.title()}",
            f"{color.lower()} {word}",
            f"{color.upper()} {word.upper()}",
        ]
    name = {Kind.DRAW_TWO: "Draw Two", Kind.REVERSE: "Reverse", Kind.SKIP: "Skip"}[card.kind]
    return [f"{color} {name}", f"{color.lower()} {name.lower()}", f"{color.upper()} {name.upper()}"]


FACES = all_faces()
IDS = [print_code(card) for card in FACES]


def test_there_are_54_faces_each_with_its_print_code() -> None:
    assert len(FACES) == 54
    assert [card.code for card in FACES] == IDS


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_is_read_by_its_code_in_any_case(card: Card) -> None:
    code = print_code(card)
    for text in {code, code.upper(), code.capitalize(), code.swapcase()}:
        assert parse_card(text) is card, text


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_is_read_by_its_braille_ascii_form_upper_or_lower_case(card: Card) -> None:
    brf = deck_code(card)
    assert parse_card(brf) is card, brf
    assert parse_card(brf.lower()) is card, brf.lower()


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_is_read_by_its_unicode_braille_dots(card: Card) -> None:
    dots = to_dots(deck_code(card))
    assert parse_card(dots) is card, dots


@pytest.mark.parametrize("card", FACES, ids=IDS)
def test_every_card_is_read_in_words(card: Card) -> None:
    for text in words(card):
        assert parse_card(text) is card, text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("B#G", "b7"),
        ("b#g", "b7"),
        ('B"6#B', "b+2"),
        ('b"6#b', "b+2"),
        ("BRV", "brv"),
        ("BSK", "bsk"),
        ("WI", "wi"),
        ("G#J", "g0"),
        ("Y#I", "y9"),
        ('WI"6#D', "wi+4"),
        ('wi"6#d', "wi+4"),
        ("WI-#D", "wi+4"),
        ("wi-#d", "wi+4"),
        ("wi-4", "wi+4"),
        ("wi+4", "wi+4"),
        ("WI+4", "wi+4"),
        ("⠃⠼⠛", "b7"),
        ("⠺⠊", "wi"),
        ("blue 7", "b7"),
        ("Blue Seven", "b7"),
        ("red skip", "rsk"),
        ("wild draw four", "wi+4"),
        ("green draw two", "g+2"),
        ("yellow reverse", "yrv"),
        ("Wild", "wi"),
        ("  blue   7  ", "b7"),
        ("Red 5", "r5"),
        ("Green 9", "g9"),
    ],
)
def test_the_forms_named_in_the_interface_contract(text: str, code: str) -> None:
    assert parse_card(text) is Card.from_code(code)


GARBAGE = [
    "",
    "   ",
    "x",
    "b10",
    "b-1",
    "purple 7",
    "blue",
    "7",
    "seven",
    "skip",
    "draw two",
    "wi+5",
    "wi+2",
    "r+5",
    "g+3",
    'WI"6#E',
    "b#k",
    "B#",
    "blue eleven",
    "red 7 7",
    "wild five",
    "bb7",
    "⠃⠼⠛⠛",
    "🂡",
]


@pytest.mark.parametrize("text", GARBAGE)
def test_anything_else_is_refused_with_a_message_saying_what_is_accepted(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_card(text)
    message = caught.value.message
    assert message == str(caught.value)
    assert "\n" not in message
    # the message names every accepted kind of form by example
    for example in ("b7", "B#G", "blue 7", "wild draw four"):
        assert example in message, (example, message)


def test_a_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("nothing")


@pytest.mark.parametrize("color", list(Color), ids=[c.name.lower() for c in Color])
def test_colours_are_read_by_name_and_initial_in_any_case(color: Color) -> None:
    name = COLOR_NAMES[color]
    initial = name[0]
    for text in (name, name.lower(), name.upper(), f"  {name.lower()} ", initial, initial.lower()):
        assert parse_color(text) is color, text


@pytest.mark.parametrize("text", ["", "purple", "7", "wild", "bg", "blue green", "x"])
def test_anything_else_is_not_a_colour_and_the_message_lists_the_colours(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_color(text)
    message = caught.value.message
    assert "\n" not in message
    for name in ("blue", "green", "red", "yellow"):
        assert name in message.lower(), message


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("azul 7", "b7"),
        ("Azul Siete", "b7"),
        ("comodín roba cuatro", "wi+4"),
        ("Comodin Roba 4", "wi+4"),
        ("comodín", "wi"),
        ("roba dos rojo", "r+2"),
        ("rojo roba dos", "r+2"),
        ("salta verde", "gsk"),
        ("reversa amarilla", "yrv"),
        ("blue 7", "b7"),
        ("comodín baraja manos", "wish"),
        ("comodín salta a todos", "wisk"),
        ("wild swap hands", "wisw"),
        ("everyone draws", "wiev"),
    ],
)
def test_typed_cards_are_read_in_the_words_of_both_languages(typed: str, code: str) -> None:
    """A Spanish player types the card in Spanish (a kind before or after its colour, with
    or without accents) or in English; the corner codes are the deck's in both."""
    assert parse_card(typed) == Card.from_code(code)


def test_a_colour_is_read_in_spanish_and_by_the_spanish_colour_keys() -> None:
    from uno_access.access.wording import language

    assert parse_color("azul") is Color.BLUE
    assert parse_color("Amarilla") is Color.YELLOW
    with language.use("es"):
        keys = {key: parse_color(key) for key in ("r", "v", "a", "m")}
    assert keys == {"r": Color.RED, "v": Color.GREEN, "a": Color.BLUE, "m": Color.YELLOW}


@pytest.mark.parametrize(
    "typed", ["wish", "WISH", "WI%", "⠺⠊⠩", "shuffle hands", "wild shuffle hands", "shuffle"]
)
def test_the_wild_shuffle_hands_card_is_read_by_its_code_braille_and_words(typed: str) -> None:
    assert parse_card(typed) is Card.from_code("wish")
