"""The cards' and colours' names, in words and as typed; a card's code in a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ...engine.cards import Card, Color, Kind
from ..message import Parts
from .forms import SAID_AS_BRAILLE, register
from .language import N_, NP_, tr, tr_n
from .quoted import TYPED_LIMIT, cut

COLOR_NAMES: dict[Color, str] = {
    Color.BLUE: N_("Blue"),
    Color.GREEN: N_("Green"),
    Color.RED: N_("Red"),
    Color.YELLOW: N_("Yellow"),
}


NUMBER_WORDS = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
)


KIND_NAMES: dict[Kind, str] = {
    Kind.DRAW_TWO: N_("Draw Two"),
    Kind.REVERSE: N_("Reverse"),
    Kind.SKIP: N_("Skip"),
    Kind.WILD: N_("Wild"),
    Kind.WILD_DRAW_FOUR: N_("Wild Draw Four"),
    Kind.ANNIVERSARY: N_("Anniversary card"),
    Kind.WILD_SHUFFLE: N_("Wild Shuffle Hands"),
    # the customizable Wilds, as the table named them (custom_wilds)
    Kind.WILD_EVERYONE_DRAWS: N_("Wild Everyone Draws"),
    Kind.WILD_SKIP_EVERYONE: N_("Wild Skip Everyone"),
    Kind.WILD_SWAP_HANDS: N_("Wild Swap Hands"),
    # UNO Show 'Em No Mercy's cards (no_mercy)
    Kind.DRAW_FOUR: N_("Draw Four"),
    Kind.SKIP_EVERYONE: N_("Skip Everyone"),
    Kind.DISCARD_ALL: N_("Discard All"),
    Kind.WILD_REVERSE_DRAW_FOUR: N_("Wild Reverse Draw Four"),
    Kind.WILD_DRAW_SIX: N_("Wild Draw Six"),
    Kind.WILD_DRAW_TEN: N_("Wild Draw Ten"),
    Kind.WILD_COLOR_ROULETTE: N_("Wild Colour Roulette"),
}


# several cards of one face: "two Green 6s", "three Red Draw Twos"
KIND_PLURALS: dict[Kind, str] = {
    Kind.DRAW_TWO: N_("Draw Twos"),
    Kind.REVERSE: N_("Reverses"),
    Kind.SKIP: N_("Skips"),
    Kind.WILD: N_("Wilds"),
    Kind.WILD_DRAW_FOUR: N_("Wild Draw Fours"),
    Kind.ANNIVERSARY: N_("Anniversary cards"),
    Kind.WILD_SHUFFLE: N_("Wild Shuffle Hands cards"),
    Kind.WILD_EVERYONE_DRAWS: N_("Wild Everyone Draws cards"),
    Kind.WILD_SKIP_EVERYONE: N_("Wild Skip Everyone cards"),
    Kind.WILD_SWAP_HANDS: N_("Wild Swap Hands cards"),
    Kind.DRAW_FOUR: N_("Draw Fours"),
    Kind.SKIP_EVERYONE: N_("Skip Everyone cards"),
    Kind.DISCARD_ALL: N_("Discard All cards"),
    Kind.WILD_REVERSE_DRAW_FOUR: N_("Wild Reverse Draw Fours"),
    Kind.WILD_DRAW_SIX: N_("Wild Draw Sixes"),
    Kind.WILD_DRAW_TEN: N_("Wild Draw Tens"),
    Kind.WILD_COLOR_ROULETTE: N_("Wild Colour Roulettes"),
}


# other words people type for a kind, beside its name (lowercase, without spaces)
KIND_WORDS: dict[Kind, tuple[str, ...]] = {
    Kind.DRAW_TWO: ("drawtwo", "draw2", "+2", "plustwo", "plus2"),
    Kind.REVERSE: ("reverse", "rev", "rv"),
    Kind.SKIP: ("skip", "sk"),
    Kind.WILD: ("wild", "wi"),
    Kind.WILD_DRAW_FOUR: ("wilddrawfour", "wilddraw4", "wild+4", "wi+4", "wildplusfour", "wild4"),
    Kind.ANNIVERSARY: ("anniversary", "anniversarycard", "an"),
    Kind.WILD_SHUFFLE: ("wildshufflehands", "wildshuffle", "shufflehands", "shuffle", "wish"),
    Kind.WILD_EVERYONE_DRAWS: ("wildeveryonedraws", "everyonedraws", "wiev"),
    Kind.WILD_SKIP_EVERYONE: ("wildskipeveryone", "skipeveryone", "wisk"),
    Kind.WILD_SWAP_HANDS: ("wildswaphands", "swaphands", "wisw"),
    Kind.DRAW_FOUR: ("drawfour", "draw4", "+4", "plusfour", "plus4"),
    Kind.SKIP_EVERYONE: ("skipeveryone", "skipall", "ska"),
    Kind.DISCARD_ALL: ("discardall", "da"),
    Kind.WILD_REVERSE_DRAW_FOUR: (
        "wildreversedrawfour",
        "wildreversedraw4",
        "wildreverse+4",
        "reversedrawfour",
        "reverse+4",
        "wirv+4",
    ),
    Kind.WILD_DRAW_SIX: ("wilddrawsix", "wilddraw6", "wild+6", "wi+6", "drawsix", "draw6", "+6"),
    Kind.WILD_DRAW_TEN: (
        "wilddrawten",
        "wilddraw10",
        "wild+10",
        "wi+10",
        "drawten",
        "draw10",
        "+10",
    ),
    Kind.WILD_COLOR_ROULETTE: (
        "wildcolorroulette",
        "wildcolourroulette",
        "colorroulette",
        "colourroulette",
        "roulette",
        "wiro",
    ),
}


# a card's name: {color} from COLOR_NAMES, {kind} from KIND_NAMES ("Red Draw Two")
NUMBER_CARD = N_("{color} {number}")
COLORED_CARD = N_("{color} {kind}")
# several cards of one face; {count} is a word up to nine ("two Green 6s"), then digits
SEVERAL_NUMBER_CARDS = N_("{count} {color} {number}s")
SEVERAL_COLORED_CARDS = N_("{count} {color} {kinds}")
SEVERAL_WILDS = N_("{count} {kinds}")


def card_name(card: Card) -> str:
    """The spoken name: "Blue 7", "Red Draw Two", "Wild Draw Four"."""
    if card.is_wild:
        return tr(KIND_NAMES[card.kind])
    assert card.color is not None
    color = tr(COLOR_NAMES[card.color])
    if card.kind is Kind.NUMBER:
        return tr(NUMBER_CARD).format(color=color, number=card.number)
    return tr(COLORED_CARD).format(color=color, kind=tr(KIND_NAMES[card.kind]))


def cards_name(card: Card, count: int) -> str:
    """Several of one face: "two Green 6s", "three Red Draw Twos", "12 Wilds"."""
    number = tr(NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)
    if card.is_wild:
        return tr(SEVERAL_WILDS).format(count=number, kinds=tr(KIND_PLURALS[card.kind]))
    assert card.color is not None
    color = tr(COLOR_NAMES[card.color])
    if card.kind is Kind.NUMBER:
        return tr(SEVERAL_NUMBER_CARDS).format(count=number, color=color, number=card.number)
    return tr(SEVERAL_COLORED_CARDS).format(
        count=number, color=color, kinds=tr(KIND_PLURALS[card.kind])
    )


def color_name(color: Color) -> str:
    return tr(COLOR_NAMES[color])


CARD_FORMS_HELP = N_(
    "Type a card as its code (b7, r+2, gsk, yrv, wi, wi+4), its braille form "
    '(B#G, WI"6#D, WI-#D) or in words (blue 7, red skip, wild draw four).'
)


COLOR_FORMS_HELP = N_("A colour is blue, green, red or yellow.")


# {typed} is what was typed, quoted and cut short; {help} CARD_FORMS_HELP or COLOR_FORMS_HELP
NOT_A_CARD = N_("{typed} is not a card. {help}")
NOT_A_COLOR = N_("{typed} is not a colour. {help}")


B_NOT_A_CARD = N_("Not a card: {typed}")
B_NOT_A_COLOR = N_("Not a colour: {typed}")


def not_a_card(text: str) -> str:
    return tr(NOT_A_CARD).format(typed=repr(cut(text, TYPED_LIMIT)), help=tr(CARD_FORMS_HELP))


def _b_not_a_card(text: str) -> Parts:
    return (tr(B_NOT_A_CARD).format(typed=repr(cut(text, TYPED_LIMIT))),)


register(not_a_card, braille=_b_not_a_card, brief=SAID_AS_BRAILLE)


def not_a_color(text: str) -> str:
    return tr(NOT_A_COLOR).format(typed=repr(cut(text, TYPED_LIMIT)), help=tr(COLOR_FORMS_HELP))


def _b_not_a_color(text: str) -> Parts:
    return (tr(B_NOT_A_COLOR).format(typed=repr(cut(text, TYPED_LIMIT))),)


register(not_a_color, braille=_b_not_a_color, brief=SAID_AS_BRAILLE)


CARD_WITH_CODE = N_("{card} ({code})")
BLANK_CARD_WITH_CODE = N_("{card} (blank card {code})")


def card_with_code(card: Card) -> str:
    """A card with its code, for typing it back: "Blue 7 (b7)", "Yellow 7 (blank card bly7)"."""
    said = tr(BLANK_CARD_WITH_CODE) if card.blank_of is not None else tr(CARD_WITH_CODE)
    return said.format(card=card_name(card), code=card.code)


CARD_LIST_SEPARATOR = ", "


def card_list(names: Iterable[str]) -> str:
    return CARD_LIST_SEPARATOR.join(names)


CARD_COUNT = NP_("{count} card", "{count} cards")  # a singular and plural pair


def count_cards(count: int) -> str:
    return tr_n(CARD_COUNT, count).format(count=count)


# a card's code in brackets after its name: "Blue 7 (b7)", "Yellow 7 (blank card bly7)"
# (a pattern: its {blank} is what BLANK_CARD_WITH_CODE puts before the code, in the
# language being said: "blank card ")
_SPOKEN_CODE = r" \((?:{blank})?([a-z0-9+]{{2,6}})\)"


@lru_cache(maxsize=8)
def _spoken_pattern(blank_card: str) -> re.Pattern[str]:
    before_code = blank_card.partition("(")[2].partition("{code}")[0]
    return re.compile(_SPOKEN_CODE.format(blank=re.escape(before_code)))


def with_codes(sentence: str, cards: Iterable[Card]) -> str:
    """The full verbosity: each of ``cards`` named in ``sentence`` followed by its code
    ("Ann plays Blue 7 (b7)."), where the sentence does not give it already.
    """
    codes = {card_name(card): card.code for card in cards}
    if not codes:
        return sentence
    names = "|".join(re.escape(name) for name in sorted(codes, key=len, reverse=True))
    pattern = re.compile(rf"\b({names})(?![\w+]| \(| Draw)")
    return pattern.sub(lambda m: f"{m.group(1)} ({codes[m.group(1)]})", sentence)


def spoken(text: str) -> str:
    """A line as the speech engine should say it: a card's code in brackets is spelled out
    between commas ("Blue 7 (b7)." → "Blue 7, b 7."; "Wild (wi) and" → "Wild, w i, and").
    """
    return _spoken_pattern(tr(BLANK_CARD_WITH_CODE)).sub(_spoken_code, text)


def _spoken_code(match: re.Match[str]) -> str:
    more = match.string[match.end() : match.end() + 2]
    pause = "," if len(more) == 2 and more[0] == " " and more[1].isalnum() else ""
    return f", {_spell(match.group(1))}{pause}"


def _spell(code: str) -> str:
    words = []
    for ch in code:
        words.append("plus" if ch == "+" else ch)
    return " ".join(words)
