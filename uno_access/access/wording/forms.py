"""The forms of what is said: the player a sentence names, and the brief forms' registry."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...engine.cards import Card
from ..message import Parts


class Who:
    """A player as a phrase names them: "You" for the viewer, else their name."""

    __slots__ = ("name", "you")

    def __init__(self, name: str, you: bool) -> None:
        self.name = name
        self.you = you

    @property
    def subject(self) -> str:
        """At the start of a sentence: "You", "Ann"."""
        return "You" if self.you else self.name

    @property
    def obj(self) -> str:
        """Inside a sentence: "you", "Ann"."""
        return "you" if self.you else self.name

    @property
    def possessive(self) -> str:
        """Inside a sentence: "your", "Ann's"."""
        return "your" if self.you else f"{self.name}'s"

    def verb(self, third: str, base: str) -> str:
        """The verb that goes with this player: "Ann plays", "you play"."""
        return base if self.you else third


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _with_cards(lead: str, cards: Iterable[Card]) -> Parts:
    """``lead`` then the cards, separated by spaces: "Your 3 cards: b#g r#e wi"."""
    parts: list[str | Card] = [lead]
    for index, card in enumerate(cards):
        if index:
            parts.append(" ")
        parts.append(card)
    return tuple(parts)


_BRIEF: dict[Callable[..., str], Callable[..., Parts]] = {}


_BRIEF_WORDS: dict[Callable[..., str], Callable[..., str]] = {}


def brief(phrase: Callable[..., str], args: tuple[Any, ...]) -> Parts:
    """``phrase`` with ``args`` in its fewest words; a phrase with no brief form (a refusal, a
    prompt) is its whole sentence.
    """
    short = _BRIEF.get(phrase)
    return short(*args) if short is not None else (phrase(*args),)


def brief_words(phrase: Callable[..., str], args: tuple[Any, ...]) -> str | None:
    """``phrase`` in its fewest words where they differ from its braille form; None where
    the brief form's parts say it (each card by its name).
    """
    words = _BRIEF_WORDS.get(phrase)
    return words(*args) if words is not None else None
