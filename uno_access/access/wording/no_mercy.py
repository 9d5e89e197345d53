"""UNO Show 'Em No Mercy (preset ``no_mercy``): its events (a Discard All's cards, a Wild
Colour Roulette's cards, a player knocked out by the Mercy rule), its refusals, the
roulette's turn, and its lines at the set-up and at the start of a game."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card, Color
from ...engine.events import Refusal
from ...engine.rules import MERCY_LIMIT, RuleSet
from ..message import Parts
from .cards import card_list, card_name, color_name
from .events import B_REFUSALS, REFUSALS
from .forms import SAID_AS_BRAILLE, Plural, Who, fill, pick, plural, register
from .language import N_, NP_, tr

REFUSALS.update(
    {
        Refusal.NAME_ROULETTE_COLOR: N_(
            "A Wild Colour Roulette is on you: first name a colour, then you turn up cards "
            "until one of it shows."
        ),
        Refusal.ROULETTE_NAMES_NO_COLOR: N_(
            "A Wild Colour Roulette is played without a colour: the next player names it."
        ),
        Refusal.KNOCKED_OUT: N_(
            "The Mercy rule knocked you out of this round: you are back in the next one."
        ),
    }
)
B_REFUSALS.update(
    {
        Refusal.NAME_ROULETTE_COLOR: N_("Roulette: name a colour"),
        Refusal.ROULETTE_NAMES_NO_COLOR: N_("Roulette: no colour"),
        Refusal.KNOCKED_OUT: N_("Out till next round"),
    }
)


# --- a Discard All: every card of its colour discarded with it ----------------------------
# {cards}: the cards' names ("Red 4, Red 7"); {color}: the colour's name
YOU_DISCARD_ALL = N_("You discard every {color} card with it: {cards}.")
THEY_DISCARD_ALL = N_("{player} discards every {color} card with it: {cards}.")
B_YOU_DISCARD_ALL = N_("You discard: {cards}")
B_THEY_DISCARD_ALL = N_("{player} discards: {cards}")


def hand_discarded(who: Who, cards: Iterable[Card]) -> str:
    """No Mercy's Discard All: ``who`` discarded ``cards``, all of its colour, with it."""
    shown = list(cards)
    color = shown[0].color
    said = pick(who, tr(YOU_DISCARD_ALL), tr(THEY_DISCARD_ALL))
    return said.format(
        player=who.name,
        color=color_name(color).lower() if color is not None else "",
        cards=card_list(card_name(c) for c in shown),
    )


def _b_hand_discarded(who: Who, cards: Iterable[Card]) -> Parts:
    said = pick(who, tr(B_YOU_DISCARD_ALL), tr(B_THEY_DISCARD_ALL))
    return fill(said, player=who.name, cards=list(cards))


register(hand_discarded, braille=_b_hand_discarded, brief=SAID_AS_BRAILLE)


# --- a Wild Colour Roulette: the colour named, the cards turned up -------------------------
# {color}: the colour's name ("Blue"), {lower} the same in lowercase ("blue")
YOU_TURN_ROULETTE: Plural = NP_(
    "You name {color} and turn up {count} card until one is {lower}: {cards}. You keep it "
    "and lose your turn.",
    "You name {color} and turn up {count} cards until one is {lower}: {cards}. You keep "
    "them all and lose your turn.",
)
THEY_TURN_ROULETTE: Plural = NP_(
    "{player} names {color} and turns up {count} card until one is {lower}: {cards}. "
    "{player} keeps it and loses the turn.",
    "{player} names {color} and turns up {count} cards until one is {lower}: {cards}. "
    "{player} keeps them all and loses the turn.",
)
B_YOU_TURN_ROULETTE = N_("You {color}: take {count}: {cards}")
B_THEY_TURN_ROULETTE = N_("{player} {color}: takes {count}")


def roulette_turned(who: Who, color: Color, cards: Iterable[Card]) -> str:
    """No Mercy's Wild Colour Roulette: ``who`` named ``color`` and took ``cards``."""
    shown = list(cards)
    said = plural(len(shown), YOU_TURN_ROULETTE if who.you else THEY_TURN_ROULETTE)
    return said.format(
        player=who.name,
        color=color_name(color),
        lower=color_name(color).lower(),
        count=len(shown),
        cards=card_list(card_name(c) for c in shown),
    )


def _b_roulette_turned(who: Who, color: Color, cards: Iterable[Card]) -> Parts:
    shown = list(cards)
    said = pick(who, tr(B_YOU_TURN_ROULETTE), tr(B_THEY_TURN_ROULETTE))
    return fill(
        said, player=who.name, color=color_name(color).lower(), count=len(shown), cards=shown
    )


register(roulette_turned, braille=_b_roulette_turned, brief=SAID_AS_BRAILLE)


# --- the Mercy rule: a player knocked out of the round ------------------------------------
YOU_KNOCKED_OUT = N_(
    "You hold {count} cards, {limit} or more: the Mercy rule knocks you out of this round, "
    "and your cards go back into the DRAW pile."
)
THEY_KNOCKED_OUT = N_(
    "{player} holds {count} cards, {limit} or more: the Mercy rule knocks {player} out of "
    "this round, and the cards go back into the DRAW pile."
)
B_YOU_KNOCKED_OUT = N_("You {count}: knocked out")
B_THEY_KNOCKED_OUT = N_("{player} {count}: knocked out")


def mercy_knockout(who: Who, count: int) -> str:
    """No Mercy's Mercy rule: ``who`` held ``count`` cards and is out of the round."""
    said = pick(who, tr(YOU_KNOCKED_OUT), tr(THEY_KNOCKED_OUT))
    return said.format(player=who.name, count=count, limit=MERCY_LIMIT)


def _b_mercy_knockout(who: Who, count: int) -> Parts:
    said = pick(who, tr(B_YOU_KNOCKED_OUT), tr(B_THEY_KNOCKED_OUT))
    return (said.format(player=who.name, count=count),)


register(mercy_knockout, braille=_b_mercy_knockout, brief=SAID_AS_BRAILLE)


# --- the roulette on you: the turn's line --------------------------------------------------
YOUR_TURN_ROULETTE = N_(
    "A Wild Colour Roulette is on you: name a colour, then you turn up cards until one of "
    "it shows, keep them all and lose your turn."
)
B_YOUR_TURN_ROULETTE = N_("Roulette: name a colour")


def your_turn_roulette() -> str:
    return tr(YOUR_TURN_ROULETTE)


def _b_your_turn_roulette() -> Parts:
    return (tr(B_YOUR_TURN_ROULETTE),)


register(your_turn_roulette, braille=_b_your_turn_roulette, brief=SAID_AS_BRAILLE)


# --- the set-up's descriptions and the lines at the start of a game ------------------------
INTRO_NO_MERCY = N_(
    "No Mercy: 168 cards. A Skip Everyone skips every other player; a Discard All takes "
    "every card of its colour in your hand with it; a Wild Reverse Draw Four turns play "
    "round, then the next player draws 4; a Wild Colour Roulette makes the next player name "
    "a colour and turn up cards until one of it shows. Any draw card answers a draw card of "
    "the same value or less, and the total grows until someone draws it all."
)
INTRO_MERCY_RULE = N_(
    "The Mercy rule: whoever holds {limit} cards or more is knocked out of the round; the "
    "last player left wins it, with the points of every hand knocked out."
)


def no_mercy_intro(rules: RuleSet) -> list[str]:
    """No Mercy's lines at the start of a game, when its deck or its Mercy rule is played."""
    lines: list[str] = []
    if rules.no_mercy:
        lines.append(tr(INTRO_NO_MERCY))
    if rules.mercy_rule:
        lines.append(tr(INTRO_MERCY_RULE).format(limit=MERCY_LIMIT))
    return lines
