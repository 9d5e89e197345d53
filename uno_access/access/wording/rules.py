"""The rules documents: the cards in a rule's sentence, and reading a preset's
rules at the set-up's rules question and from the command line."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.cards import Card
from .cards import card_name


def rules_cards(cards: Iterable[Card]) -> str:
    """Cards inside a sentence of the rules: "Yellow 7 (y7) and Blue Draw Two (b+2)"."""
    names = [f"{card_name(card)} ({card.code})" for card in cards]
    if not names:
        return "no cards"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def setup_rules_read_hint(current: str) -> str:
    """After the presets' lines at the rules question: how to read a preset's rules."""
    return (
        f"Type ? and a preset, as ? {current}, to hear what it changes from the standard "
        f"rules; ?? and a preset for its whole rules (?? alone: those of {current})."
    )


def setup_rules_changes(rules: str) -> str:
    """Before the lines of what ``rules`` change."""
    return f"What the rules {rules} change from the standard rules:"


def setup_rules_unchanged(rules: str) -> str:
    return f"The rules {rules} are the standard ones, those of the Braille UNO sheet."


def setup_rules_whole(rules: str) -> str:
    """Before the whole rules of ``rules``, read at the set-up's rules question."""
    return f"The rules of {rules}, in full:"


def setup_rules_end(rules: str) -> str:
    """After the whole rules: where to read them again."""
    return f"End of the rules of {rules}. uno-access rules --rules {rules} gives them again."


def help_rules_document(presets: Iterable[str]) -> str:
    """``uno-access rules --rules``: whose rules to give."""
    return (
        "the rules to give: a preset (" + ", ".join(presets) + "), then any options, as "
        "--rules takes them for play; the standard rules with what they change, in place"
    )
