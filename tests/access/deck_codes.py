"""The braille deck's corner codes, derived from the rule sheet's table (seed 000), and
Braille ASCII turned into Unicode dots: what the braille and parsing tests compare with.
"""

from __future__ import annotations

from uno_access.engine.cards import Card, Kind

DIGIT_LETTERS = "JABCDEFGHI"  # after the number sign: A-I are 1-9, J is 0

# North American Braille ASCII by dots, for the characters used below; a space is a blank cell
DOTS = {
    "a": "1",
    "b": "12",
    "c": "14",
    "d": "145",
    "e": "15",
    "f": "124",
    "g": "1245",
    "h": "125",
    "i": "24",
    "j": "245",
    "k": "13",
    "l": "123",
    "m": "134",
    "n": "1345",
    "o": "135",
    "p": "1234",
    "q": "12345",
    "r": "1235",
    "s": "234",
    "t": "2345",
    "u": "136",
    "v": "1236",
    "w": "2456",
    "x": "1346",
    "y": "13456",
    "z": "1356",
    "#": "3456",
    '"': "5",
    "6": "235",
    ",": "6",
    "+": "346",
    "5": "26",
    "4": "256",
    "$": "1246",
    ">": "345",
    "*": "16",
    "\\": "1256",
    " ": "",
}


def to_dots(brf: str) -> str:
    return "".join(chr(0x2800 + sum(1 << (int(d) - 1) for d in DOTS[ch])) for ch in brf.lower())


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
