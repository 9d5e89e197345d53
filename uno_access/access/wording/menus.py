"""Menus: a question's choices, each said with its place ("Blue, 3 of 4."), the labels of
the set-up's choices, and the help that says how a menu is used (issue 23).
"""

from __future__ import annotations

from ...engine.cards import Card, Color
from ..message import Parts
from .cards import card_name, color_name
from .forms import Fixed, fill, register
from .language import N_, NP_, tr, tr_n
from .setup import PRESET_DESCRIPTIONS

Label = str | Card | Color
"""What a menu's item is called: a name or a word as it is said, a card (brailled as its
code) or a colour (said in the viewer's language)."""


def label_name(label: Label) -> str:
    """An item's label in words."""
    if isinstance(label, Card):
        return card_name(label)
    if isinstance(label, Color):
        return color_name(label)
    return label


# Translators: one choice of a menu, as Up and Down reach it: "Blue, 3 of 4."
MENU_ITEM = N_("{item}, {place} of {count}.")
# Translators: a choice with what it means: "speed, 8 of 10: Speed UNO: jump in …".
MENU_ITEM_DETAIL = N_("{item}, {place} of {count}: {detail}.")
# Translators: Up at the first choice, or Down at the last: {said} is one of the above.
MENU_EDGE = N_("{edge}: {said}")
MENU_EDGES = {"first": N_("First choice"), "last": N_("Last choice")}
# braille: "blue 3/4", "yellow 4/4, last", "speed 8/10: speed uno: …"; brief speech the
# same in words: "Yellow, 4 of 4, last."
# Translators: {place}/{count} is the choice's place among the choices ("3/4").
B_MENU_ITEM = N_("{item} {place}/{count}{edge}{detail}")
B_MENU_EDGE = N_(", {edge}")
B_MENU_EDGES = {"first": N_("first"), "last": N_("last")}
B_MENU_DETAIL = N_(": {detail}")
W_MENU_ITEM = N_("{item}, {place} of {count}{edge}.")


def menu_item(
    label: Label, place: int, count: int, detail: str = "", edge: str | None = None
) -> str:
    """The choice highlighted: its name, its place, what it means; at an ``edge`` ("first"
    or "last", reached by a key that went past it) that too.
    """
    said = tr(MENU_ITEM_DETAIL) if detail else tr(MENU_ITEM)
    said = said.format(item=label_name(label), place=place, count=count, detail=detail)
    if edge is not None:
        said = tr(MENU_EDGE).format(edge=tr(MENU_EDGES[edge]), said=said)
    return said


def _edge(edge: str | None) -> str:
    return tr(B_MENU_EDGE).format(edge=tr(B_MENU_EDGES[edge])) if edge is not None else ""


def _b_menu_item(
    label: Label, place: int, count: int, detail: str = "", edge: str | None = None
) -> Parts:
    item: str | Card = label if isinstance(label, Card) else label_name(label)
    more = tr(B_MENU_DETAIL).format(detail=detail) if detail else ""
    return fill(tr(B_MENU_ITEM), item=item, place=place, count=count, edge=_edge(edge), detail=more)


def _w_menu_item(
    label: Label, place: int, count: int, detail: str = "", edge: str | None = None
) -> str:
    return tr(W_MENU_ITEM).format(
        item=label_name(label), place=place, count=count, edge=_edge(edge)
    )


register(menu_item, braille=_b_menu_item, brief=_w_menu_item)


# --- the set-up's choices (their values are what may be typed, as before) ---------------
SETUP_PLAYERS_ITEM = NP_("{count} player", "{count} players")
SETUP_PACE_ITEM = NP_("{count} second", "{count} seconds")
# Translators: the detail of a seat's choice at the speech seat question ("seat 2").
SETUP_SEAT_ITEM = N_("seat {number}")
# what each kind of seat is, said after its name at the seat question
SEAT_KINDS = {
    "easy": N_("plays a random card and forgets UNO now and then"),
    "normal": N_("plays sensibly"),
    "hard": N_("thinks ahead"),
    "person": N_("one more person at this keyboard, who takes it for their turns"),
}
# said once, after the set-up's first line
SETUP_MENUS = N_(
    "Up and Down go through a question's choices, each said with its place; Enter "
    "chooses. Typing an answer works as well."
)
setup_menus = Fixed(SETUP_MENUS, N_("Up, Down: choices"))


def setup_players_item(count: int) -> str:
    return tr_n(SETUP_PLAYERS_ITEM, count).format(count=count)


def setup_pace_item(shown: str, seconds: float) -> str:
    """A pace's choice: ``shown`` its seconds as written ("1.5")."""
    return tr_n(SETUP_PACE_ITEM, 1 if seconds == 1 else 2).format(count=shown)


def setup_seat_item(number: int) -> str:
    return tr(SETUP_SEAT_ITEM).format(number=number)


def preset_description(name: str) -> str:
    """What a preset of the rules is, said after its name at the rules question."""
    return tr(PRESET_DESCRIPTIONS[name]) if name in PRESET_DESCRIPTIONS else ""


def seat_kind(kind: str) -> str:
    """What a kind of seat is ("" for one the game no longer offers by name)."""
    return tr(SEAT_KINDS[kind]) if kind in SEAT_KINDS else ""


# --- help: F1 (with keys), help (typed) ---------------------------------------------------
MENU_HELP_KEYS = N_(
    "In a question with choices (a Wild's colour, whom a 7 swaps hands with, an Anniversary "
    "card's choices): Up and Down, or Left and Right, go through them, each said with its "
    "place; Home and End go to the first and the last; Enter chooses; the letters and a "
    "typed answer work as well, and Escape chooses nothing."
)
MENU_HELP_TYPED = N_(
    "In a question with choices (a Wild's colour, whom a 7 swaps hands with, an Anniversary "
    "card's choices): Up and Down go through them, each said with its place, and Enter on "
    "an empty line chooses (Left, Right, Home and End too while nothing is typed); or type "
    "the answer."
)
BRAILLE_HAND_HELP = N_(
    "On a braille display's hand line, the cards you can play now have dot 8 under each "
    "cell; a routing key above a card selects it, a second press plays it."
)
