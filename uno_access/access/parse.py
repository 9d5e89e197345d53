"""What people type, turned into values: cards in every accepted form, and colours.

Cards and colours are read in the words of every language the game speaks, whatever the
player's (a Spanish player may type "azul 7", "comodín roba cuatro", "roba dos rojo" or
"blue 7"): the English words, and each other language's words below, with and without
accents, a kind before or after its colour.
"""

from __future__ import annotations

import re
import unicodedata

from ..engine.cards import COLORS, Card, Color, Kind, all_faces, extra_faces
from . import braille, messages
from .decks import DEFAULT_DECK
from .wording import language
from .wording.forms import Line

# the words of other languages people type for each card, lowercase, without spaces (the
# translated card names are read from the catalogs too); typed words are not translated
COLOR_WORDS: dict[str, dict[Color, tuple[str, ...]]] = {
    "es": {
        Color.BLUE: ("azul",),
        Color.GREEN: ("verde",),
        Color.RED: ("rojo", "roja"),
        Color.YELLOW: ("amarillo", "amarilla"),
    },
}
KIND_WORDS: dict[str, dict[Kind, tuple[str, ...]]] = {
    "es": {
        Kind.DRAW_TWO: ("robados", "roba2", "masdos", "más2", "mas2", "tomados", "toma2"),
        Kind.REVERSE: ("reversa", "reverso", "cambiodesentido", "cambiosentido"),
        Kind.SKIP: ("salta", "salto", "pierdeturno", "bloqueo"),
        Kind.WILD: ("comodín", "cambiodecolor", "cambiocolor"),
        Kind.WILD_DRAW_FOUR: (
            "comodínrobacuatro",
            "comodínroba4",
            "comodín+4",
            "comodínmascuatro",
            "robacuatro",
            "roba4",
            "mas4",
            "más4",
            "tomacuatro",
            "toma4",
        ),
        Kind.ANNIVERSARY: ("aniversario", "cartadeaniversario", "cartaaniversario"),
        Kind.WILD_SHUFFLE: ("comodínbarajamanos", "barajamanos", "barajarmanos"),
        Kind.WILD_EVERYONE_DRAWS: ("todosroban", "comodíntodosroban"),
        Kind.WILD_SKIP_EVERYONE: ("saltaatodos", "comodínsaltaatodos"),
        Kind.WILD_SWAP_HANDS: ("cambiamanos", "comodíncambiamanos"),
        Kind.DRAW_FOUR: ("robacuatro", "roba4"),
        Kind.SKIP_EVERYONE: ("saltaatodos",),
        Kind.DISCARD_ALL: ("descartatodo", "descartartodo"),
        Kind.WILD_REVERSE_DRAW_FOUR: ("comodínreversarobacuatro", "reversarobacuatro"),
        Kind.WILD_DRAW_SIX: ("comodínrobaseis", "robaseis", "roba6"),
        Kind.WILD_DRAW_TEN: ("comodínrobadiez", "robadiez", "roba10"),
        Kind.WILD_COLOR_ROULETTE: ("comodínruletadecolores", "ruletadecolores", "ruleta"),
    },
}
NUMBER_WORDS: dict[str, tuple[str, ...]] = {
    "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
}


def _bare(word: str) -> str:
    """A typed word lowercase, without spaces or accents ("Comodín" → "comodin")."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return re.sub(r"[\s_]+", "", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def _color_words(color: Color) -> list[str]:
    """A colour's words in every language: its name (English first), then typed words."""
    words: list[str] = []
    for code in language.LANGUAGES:
        words += [
            language.tr_in(code, messages.COLOR_NAMES[color]),
            *COLOR_WORDS.get(code, {}).get(color, ()),
        ]
    return list(dict.fromkeys(_bare(word) for word in words))


def _kind_words(kind: Kind) -> list[str]:
    words = list(messages.KIND_WORDS[kind])
    for code in language.LANGUAGES:
        said = language.tr_in(code, messages.KIND_NAMES[kind])
        words += [said, *KIND_WORDS.get(code, {}).get(kind, ())]
    return list(dict.fromkeys(_bare(word) for word in words))


def _number_words(number: int) -> list[str]:
    words: list[str] = []
    for code in language.LANGUAGES:
        words.append(language.tr_in(code, messages.NUMBER_WORDS[number]))
        words += NUMBER_WORDS.get(code, ())[number : number + 1]
    return list(dict.fromkeys(_bare(word) for word in words))


class ParseError(ValueError):
    """Text that names no card or colour; ``line`` says what is accepted (``message``: its
    sentence)."""

    def __init__(self, line: Line) -> None:
        self.line = line
        self.message = line.sentence()
        super().__init__(self.message)


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
        return forms + _kind_words(card.kind)
    if card.is_wild:
        forms += _kind_words(card.kind)
        if card.kind is Kind.WILD_DRAW_FOUR:
            forms += ["wi-#d", "wi-4", "w+4"]
        return forms
    assert card.color is not None
    letter = card.color.value
    colors = [*_color_words(card.color), letter]
    if card.kind is Kind.NUMBER:
        assert card.number is not None
        for color in colors:
            forms.append(f"{color}{card.number}")
            forms += [f"{color}{word}" for word in _number_words(card.number)]
        return forms
    if card.kind is Kind.DRAW_TWO:
        forms += [f"{letter}-#b", f"{letter}-2"]
    for color in colors:
        for word in _kind_words(card.kind):
            forms.append(f"{color}{word}")
            if color != letter:  # "roba dos rojo": the kind first, as Spanish says it
                forms.append(f"{word}{color}")
    return forms


_CARDS: dict[str, Card] = {}  # every spelling of every card, made when first read
_COLORS: dict[str, Color] = {}  # every spelling of every colour, likewise


def _cards() -> dict[str, Card]:
    """Every spelling of every card (made at the first card typed, not at every start:
    a thousand spellings in every language)."""
    if not _CARDS:  # made whole, then put in at once: a thread sees it empty or whole
        made: dict[str, Card] = {}
        for card in (*all_faces(), *extra_faces()):
            for form in _forms(card):
                made.setdefault(form, card)  # the English reading first, where two meet
        _CARDS.update(made)
    return _CARDS


def _colors() -> dict[str, Color]:
    if not _COLORS:
        made: dict[str, Color] = {}
        for color in COLORS:
            made[color.value] = color
            made[color.word] = color
            for word in _color_words(color):
                made.setdefault(word, color)
        _COLORS.update(made)
    return _COLORS


def parse_card(text: str) -> Card:
    """The card ``text`` names: a code (``b7``), Braille ASCII (``B#G``, ``WI"6#D``),
    braille dots (``⠃⠼⠛``) or words (``blue 7``, ``Blue Seven``, ``wild draw four``).
    """
    key = re.sub(r"[\s_]+", "", braille.unicode_to_ascii(text).lower())
    cards = _cards()
    card = cards.get(key) or cards.get(_bare(key))
    if card is None:  # what a braille keyboard may type beyond the deck's codes
        printed = braille.card_print_code(key)
        card = cards.get(printed) if printed else None
    if card is None:
        raise ParseError(Line.of(messages.not_a_card, text.strip()))
    return card


def parse_color(text: str) -> Color:
    """The colour ``text`` names: ``blue`` or ``b``, in any case, in any language's words
    (``azul``); a letter is the English one or the current language's colour key (``a``)."""
    typed = text.strip().lower()
    colors = _colors()
    color = colors.get(typed) or colors.get(_bare(typed))
    if color is None:
        keys = {key: color for color, key in language.color_keys().items()}
        color = keys.get(typed)
    if color is None:
        raise ParseError(Line.of(messages.not_a_color, text.strip()))
    return color
