"""What people type, turned into values: cards in every accepted form, and colours."""

from __future__ import annotations

import re

from ..engine.cards import COLORS, Card, Color, Kind, all_faces, extra_faces
from . import braille, messages
from .decks import DEFAULT_DECK


class ParseError(ValueError):
    """Text that names no card or colour; ``message`` says what is accepted."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _forms(card: Card) -> list[str]:
    """Every accepted spelling of ``card``, lowercase and without spaces."""
    code = card.code
    if card.blank_of is not None:  # a blank card: its code, or "blank" and the card's forms
        return [code] + ["blank" + form for form in _forms(card.blank_of)]
    forms = [code]
    printed = DEFAULT_DECK.code(card)
    if printed is not None:
        forms.append(printed)
    if card.kind is Kind.ANNIVERSARY:
        return forms + list(messages.KIND_WORDS[card.kind])
    if card.is_wild:
        forms += messages.KIND_WORDS[card.kind]
        if card.kind is Kind.WILD_DRAW_FOUR:
            forms += ["wi-#d", "wi-4", "w+4"]
        return forms
    assert card.color is not None
    letter = card.color.value
    colors = (messages.tr(messages.COLOR_NAMES[card.color]).lower(), letter)
    if card.kind is Kind.NUMBER:
        assert card.number is not None
        for color in colors:
            forms += [
                f"{color}{card.number}",
                f"{color}{messages.tr(messages.NUMBER_WORDS[card.number])}",
            ]
        return forms
    if card.kind is Kind.DRAW_TWO:
        forms += [f"{letter}-#b", f"{letter}-2"]
    for color in colors:
        forms += [f"{color}{word}" for word in messages.KIND_WORDS[card.kind]]
    return forms


_CARDS: dict[str, Card] = {
    form: card for card in (*all_faces(), *extra_faces()) for form in _forms(card)
}
_COLORS: dict[str, Color] = {}
for _color in COLORS:
    _COLORS[_color.value] = _color
    _COLORS[_color.word] = _color


def parse_card(text: str) -> Card:
    """The card ``text`` names: a code (``b7``), Braille ASCII (``B#G``, ``WI"6#D``),
    braille dots (``⠃⠼⠛``) or words (``blue 7``, ``Blue Seven``, ``wild draw four``).
    """
    key = re.sub(r"[\s_]+", "", braille.unicode_to_ascii(text).lower())
    card = _CARDS.get(key)
    if card is None:  # what a braille keyboard may type beyond the deck's codes
        printed = braille.card_print_code(key)
        card = _CARDS.get(printed) if printed else None
    if card is None:
        raise ParseError(messages.not_a_card(text.strip()))
    return card


def parse_color(text: str) -> Color:
    """The colour ``text`` names: ``blue`` or ``b``, in any case."""
    color = _COLORS.get(text.strip().lower())
    if color is None:
        raise ParseError(messages.not_a_color(text.strip()))
    return color
