"""The forms of what is said, and the registry that keeps each line's forms together.

Every line said about the game (``speech.Line``: a sentence function and its arguments)
has three forms, defined side by side in its wording module and registered here with
:func:`register`:

- the **sentence**: whole words, for normal speech and print (the full verbosity adds
  each card's code);
- the **braille** form: the fewest words as text and cards (``Parts``), who and which card
  first; braille shows each card as its corner code;
- the **brief** form: the brief verbosity's words in speech and print; ``SAID_AS_BRAILLE``
  where it is the braille form with each card said by its name.

Every line a player is told, an event or not (a prompt, a question, an answer, a refusal,
a notice), is a ``Line`` of a registered phrase: the ways lines are said (``Table.say``,
``Outputs.say``, ``Session.tell``) take nothing else, so that a braille display always
shows a line's braille form, its essential (a card's code, the keys that answer, the
default) in the first cells. Two kinds of line are their own braille form, registered as
such with :func:`register_whole`: a sentence brief as it stands (``Whole.SHORT``: no
placeholder, and within one 20-cell display in every language, which a test checks), and
a text read whole (``Whole.TEXT``: the help, the rules, an explanation, text from
outside the game), where nothing comes before the rest. A phrase with no placeholder
and its own braille form is a :class:`Fixed` phrase: its two templates, one value.

The wording is whole-sentence templates with named placeholders (``"{player} plays
{card}."``), filled in with ``str.format``, so that a translator can reorder the words:

- a sentence that names a player has one template said to that player and one said about
  them to another (``YOU_PLAY`` "You play {card}.", ``THEY_PLAY`` "{player} plays
  {card}."): :func:`pick` chooses; a sentence about two players has one template for each
  of the three ways they can stand to the viewer (:func:`between`);
- a sentence that holds a count is a ``Plural``: its singular and plural forms, as
  ``ngettext`` takes them (:func:`plural`);
- ``{player}``, ``{target}`` and ``{giver}`` are names, ``{card}`` a card's name,
  ``{cards}`` a list of card names, ``{count}`` a number.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import Any, TypeVar

from ...engine.cards import Card
from ...engine.events import Event
from ...values import frozen
from ..message import Parts
from .language import N_, tr, tr_n


@frozen(slots=True)
class Who:
    """A player as one viewer knows them: their name, and whether they are that viewer.

    A phrase naming a player picks the whole sentence for each case (:func:`pick`); no
    sentence is assembled from a pronoun and a conjugated verb.
    """

    name: str
    you: bool


Plural = tuple[str, str]
"""A sentence holding a count, as its singular and its plural form (``ngettext``'s pair)."""


T = TypeVar("T")


def pick(who: Who, you: T, they: T) -> T:
    """``you`` when ``who`` is the viewer (said to them), else ``they`` (said about them)."""
    return you if who.you else they


def between(actor: Who, other: Who, you_them: T, them_you: T, them_them: T) -> T:
    """A sentence about two players: the viewer acts on another, another acts on the
    viewer, or the viewer is neither. ``{player}`` is the actor, ``{target}`` the other.
    """
    if actor.you:
        return you_them
    return them_you if other.you else them_them


def plural(count: int, forms: Plural) -> str:
    """The singular form for 1, the plural form for any other count (English's rule;
    ``ngettext`` gives each language its own)."""
    return tr_n(forms, count)


LIST_SEPARATOR = ", "
# Translators: the last two items of a list: "Ann, Bob and Cy".
LIST_AND = N_("{items} and {last}")


def and_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) == 1:
        return names[0]
    return tr(LIST_AND).format(items=LIST_SEPARATOR.join(names[:-1]), last=names[-1])


def capital(text: str) -> str:
    """``text`` with its first letter a capital (a sentence that begins with a list)."""
    return text[:1].upper() + text[1:]


_capital = capital  # the name appended blocks of messages.py know


def fill(template: str, **fields: object) -> Parts:
    """A braille form's template filled in: each ``Card`` field a part of its own (braille
    shows its code), a list of cards as its cards with a space between, anything else
    formatted into the text around it.
    """
    parts: list[str | Card] = []
    text = ""
    for literal, field, spec, _ in string.Formatter().parse(template):
        text += literal
        if field is None:
            continue
        value = fields[field]
        cards = [value] if isinstance(value, Card) else value
        if isinstance(cards, list | tuple) and all(isinstance(c, Card) for c in cards):
            for index, card in enumerate(cards):
                if index:
                    text += " "
                if text:
                    parts.append(text)
                parts.append(card)
                text = ""
        else:
            text += format(value, spec or "")
    if text:
        parts.append(text)
    return tuple(parts)


def _with_cards(lead: str, cards: Iterable[Card]) -> Parts:
    """``lead`` then the cards, separated by spaces: "Your 3 cards: b#g r#e wi"."""
    parts: list[str | Card] = [lead]
    for index, card in enumerate(cards):
        if index:
            parts.append(" ")
        parts.append(card)
    return tuple(parts)


SAID_AS_BRAILLE = None
"""A line's brief form where it is its braille form, each card said by its name."""


class Whole(Enum):
    """Why a line's braille form is its whole sentence (see the module's docstring)."""

    SHORT = "short"  # no placeholder, and brief as it stands: within 20 cells in every language
    TEXT = "text"  # a text read whole: the help, the rules, an explanation, outside text


@frozen(slots=True)
class Forms:
    """One kind of line, in each of its forms (see the module's docstring); ``whole``: its
    braille form is its sentence, and why.
    """

    sentence: Callable[..., str]
    braille: Callable[..., Parts]
    brief: Callable[..., str] | None
    whole: Whole | None = None


FORMS: dict[Callable[..., str], Forms] = {}
"""Every kind of line the renderers say, by its sentence function."""


def register(
    sentence: Callable[..., str],
    *,
    braille: Callable[..., Parts],
    brief: Callable[..., str] | None,
) -> Forms:
    """Keeps a line's three forms together; ``brief`` may be ``SAID_AS_BRAILLE``."""
    forms = Forms(sentence, braille, brief)
    FORMS[sentence] = forms
    return forms


def register_whole(sentence: Callable[..., str], why: Whole) -> Forms:
    """A line that is its own braille and brief form: ``Whole.SHORT`` or ``Whole.TEXT``."""

    def whole(*args: Any) -> Parts:
        return (sentence(*args),)

    forms = Forms(sentence, whole, SAID_AS_BRAILLE, why)
    FORMS[sentence] = forms
    return forms


@frozen(slots=True)
class Fixed:
    """A phrase without placeholders, said as it is: its sentence and its braille form (a
    template each, marked for translation), registered together as it is made. Called,
    it is its sentence in the current language. ``braille`` None: the sentence is brief
    as it stands (``Whole.SHORT``); ``text``: a text read whole (``Whole.TEXT``).
    """

    template: str
    braille: str | None = None
    text: bool = False

    def __post_init__(self) -> None:
        if self.braille is not None:
            FORMS[self] = Forms(self, self._braille, SAID_AS_BRAILLE)
        else:
            register_whole(self, Whole.TEXT if self.text else Whole.SHORT)

    def __call__(self) -> str:
        return tr(self.template)

    def _braille(self) -> Parts:
        assert self.braille is not None
        return (tr(self.braille),)

    @property
    def __name__(self) -> str:  # named by its sentence, as a phrase function by its name
        return self.template


# Brief forms added the old way, by a block appended to messages.py (phrase -> form).
_BRIEF: dict[Callable[..., str], Callable[..., Parts]] = {}
_BRIEF_WORDS: dict[Callable[..., str], Callable[..., str]] = {}


def brief(phrase: Callable[..., str], args: tuple[Any, ...]) -> Parts:
    """``phrase`` with ``args`` in its fewest words (its braille form); a phrase with no
    brief form registered is its whole sentence (the wording tests find none such).
    """
    forms = FORMS.get(phrase)
    short = forms.braille if forms is not None else _BRIEF.get(phrase)
    return short(*args) if short is not None else (phrase(*args),)


def brief_words(phrase: Callable[..., str], args: tuple[Any, ...]) -> str | None:
    """``phrase`` in its fewest words where they differ from its braille form; None where
    the braille form's parts say it (each card by its name).
    """
    forms = FORMS.get(phrase)
    words = forms.brief if forms is not None else _BRIEF_WORDS.get(phrase)
    return words(*args) if words is not None else None


@frozen(slots=True)
class Line:
    """One thing said: a phrase of ``messages`` and its arguments, and the event it says
    (None for a line that is no event's: a prompt, an answer, a notice).

    ``sentence`` is the phrase in full words; ``brief`` the same in the fewest words, as
    text and cards, which braille and the brief verbosity use.
    """

    phrase: Callable[..., str]
    args: tuple[Any, ...]
    event: Event | None = None

    @classmethod
    def of(cls, phrase: Callable[..., str], *args: Any) -> Line:
        return cls(phrase, args)

    def sentence(self) -> str:
        return self.phrase(*self.args)

    def __str__(self) -> str:
        return self.sentence()

    def brief(self) -> Parts:
        return brief(self.phrase, self.args)

    def brief_words(self) -> str | None:
        """The brief form in words where it differs from the braille parts, else None."""
        return brief_words(self.phrase, self.args)

    def cards(self) -> list[Card]:
        """The cards the line names, in order (for the full verbosity and large text)."""
        found: list[Card] = []
        for arg in self.args:
            if isinstance(arg, Card):
                found.append(arg)
            elif isinstance(arg, list | tuple):
                found += [item for item in arg if isinstance(item, Card)]
            elif isinstance(arg, Line):
                found += arg.cards()
        return found
