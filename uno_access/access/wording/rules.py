"""The rules documents: the cards in a rule's sentence, and reading a preset's
rules at the set-up's rules question and from the command line.

``{rules}`` is the rules as typed (a preset, then any options: ``speed,uno_penalty=4``).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card
from .cards import CARD_WITH_CODE, card_name
from .forms import LIST_SEPARATOR, and_list
from .language import N_, tr

# a rule that names no cards (an empty list of blank cards)
RULES_NO_CARDS = N_("no cards")


def rules_cards(cards: Iterable[Card]) -> str:
    """Cards inside a sentence of the rules: "Yellow 7 (y7) and Blue Draw Two (b+2)"."""
    names = [tr(CARD_WITH_CODE).format(card=card_name(card), code=card.code) for card in cards]
    return and_list(names) if names else tr(RULES_NO_CARDS)


# Translators: {current} is the preset the player is on; "?" and "??" are typed.
SETUP_RULES_READ_HINT = N_(
    "Type ? and a preset, as ? {current}, to hear what it changes from the standard "
    "rules; ?? and a preset for its whole rules (?? alone: those of {current})."
)
# before the lines of what the rules change
SETUP_RULES_CHANGES = N_("What the rules {rules} change from the standard rules:")
SETUP_RULES_UNCHANGED = N_(
    "The rules {rules} are the standard ones, those of the Braille UNO sheet."
)
# before and after the whole rules, read at the set-up's rules question
SETUP_RULES_WHOLE = N_("The rules of {rules}, in full:")
SETUP_RULES_END = N_(
    "End of the rules of {rules}. uno-access rules --rules {rules} gives them again."
)
# Translators: the help of ``uno-access rules --rules``; {presets} the presets' names.
HELP_RULES_DOCUMENT = N_(
    "the rules to give: a preset ({presets}), then any options, as --rules takes them for "
    "play; the standard rules with what they change, in place"
)


def setup_rules_read_hint(current: str) -> str:
    """After the presets' lines at the rules question: how to read a preset's rules."""
    return tr(SETUP_RULES_READ_HINT).format(current=current)


def setup_rules_changes(rules: str) -> str:
    """Before the lines of what ``rules`` change."""
    return tr(SETUP_RULES_CHANGES).format(rules=rules)


def setup_rules_unchanged(rules: str) -> str:
    return tr(SETUP_RULES_UNCHANGED).format(rules=rules)


def setup_rules_whole(rules: str) -> str:
    """Before the whole rules of ``rules``, read at the set-up's rules question."""
    return tr(SETUP_RULES_WHOLE).format(rules=rules)


def setup_rules_end(rules: str) -> str:
    """After the whole rules: where to read them again."""
    return tr(SETUP_RULES_END).format(rules=rules)


def help_rules_document(presets: Iterable[str]) -> str:
    """``uno-access rules --rules``: whose rules to give."""
    return tr(HELP_RULES_DOCUMENT).format(presets=LIST_SEPARATOR.join(presets))
