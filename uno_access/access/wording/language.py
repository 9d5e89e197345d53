"""The viewer's language: the markers the wording's templates carry, the one translation
call every use goes through, and the table of the languages the game speaks.

- At its definition a template is marked, so that ``scripts/catalogs.py extract`` (Babel)
  finds it: ``N_("You play {card}.")`` for a sentence, ``NP_("{count} card", "{count}
  cards")`` for a count's singular and plural pair (a ``Plural``). Both are no-ops: the
  constant stays its English text, which is its message id.
- Where it is said, it goes through :func:`tr` (or :func:`tr_n` for a pair and its count),
  which gives it in the language of the viewer it is said to: ``LANGUAGE``, a context
  variable the renderer sets for each viewer (``access/render.py``), so that each seat
  at one table (hot seat, network) hears their own. A message with no translation in the
  catalog is said in English, never as a message id.

The catalogs are ``uno_access/locale/<code>/LC_MESSAGES/uno_access.mo``, one gettext
domain, compiled by ``scripts/catalogs.py compile`` (run by ``scripts/setup.sh``).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from ... import resources
from ...engine.cards import Color
from ...values import frozen

__all__ = ["NC_", "NP_", "N_", "tr", "tr_c", "tr_n"]  # what the messages façade re-exports

DOMAIN = "uno_access"
LOCALE_DIR = resources.LOCALE
ENGLISH = "en"


def N_(message: str) -> str:
    """Marks a template for extraction; it stays its English text (its message id)."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks a template said in one ``context`` (gettext's ``msgctxt``): a word or a key
    whose English text alone could mean several things ("D" the key that draws). It stays
    its English text; :func:`tr_c` says it, with the same context.
    """
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a count's (singular, plural) pair for extraction, as ``ngettext`` takes it."""
    return (singular, plural)


@frozen(slots=True)
class Language:
    """What one language needs beside its catalog: adding a language is a catalog, this
    row, and the documents in ``assets/<code>/`` (optional: English until they come)."""

    code: str
    name: str  # in the language itself, as the setup and doctor say it
    voice: str  # espeak-ng's voice
    braille: Mapping[str, str]  # liblouis table by the braille grade setting's value
    color_keys: Mapping[Color, str]  # the Wild's colour keys, one letter each (1-4 too)

    @property
    def documents(self) -> str:
        """The folder of ``assets/`` its rules and reference cards are in ("" for English)."""
        return "" if self.code == ENGLISH else self.code


LANGUAGES: dict[str, Language] = {
    "en": Language(
        "en",
        "English",
        "en",
        {"ueb2": "en-ueb-g2.ctb", "ueb1": "en-ueb-g1.ctb", "computer": "en-us-comp8.ctb"},
        {Color.RED: "r", Color.GREEN: "g", Color.BLUE: "b", Color.YELLOW: "y"},
    ),
    "es": Language(
        "es",
        "español",
        "es",
        {"ueb2": "es-g2.ctb", "ueb1": "es-g1.ctb", "computer": "en-us-comp8.ctb"},
        # rojo, verde, azul, aMarillo: Azul and Amarillo begin alike
        {Color.RED: "r", Color.GREEN: "v", Color.BLUE: "a", Color.YELLOW: "m"},
    ),
    # started: its catalog is being translated (Brazilian; Portugal's braille tables)
    "pt": Language(
        "pt",
        "português",
        "pt-br",
        {"ueb2": "pt-pt-g2.ctb", "ueb1": "pt-pt-g1.utb", "computer": "en-us-comp8.ctb"},
        # veRmelho, Verde, Azul, aMarelo: Vermelho and Verde, Azul and Amarelo begin alike
        {Color.RED: "r", Color.GREEN: "v", Color.BLUE: "a", Color.YELLOW: "m"},
    ),
}


def language_of(code: str | None) -> str:
    """The code of the language a setting or a locale names (``es``, ``es_ES.UTF-8``,
    ``Spanish`` no), or None-like English when the game does not speak it."""
    if not code:
        return ENGLISH
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else ENGLISH


def known(code: str) -> bool:
    """Whether ``code`` is one of the languages the game speaks."""
    return code.strip().lower() in LANGUAGES


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system locale's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    the first set), where the game speaks it; else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value and value not in ("C", "POSIX"):
            return language_of(value.split(":")[0])
    return ENGLISH


_default = ENGLISH
LANGUAGE: ContextVar[str | None] = ContextVar("uno_access_language", default=None)
"""The viewer's language where one is being rendered for; else the process's default."""


def set_default(code: str) -> None:
    """The language of this process's player (``--lang``, the ``lang`` setting): what is
    said where no viewer's language is set (threads too, which start with no context)."""
    global _default
    _default = language_of(code)


def current() -> str:
    """The language being said in now."""
    return LANGUAGE.get() or _default


def current_language() -> Language:
    return LANGUAGES[current()]


@contextmanager
def use(code: str | None) -> Iterator[None]:
    """Says everything inside in ``code`` (None: as around it)."""
    if code is None:
        yield
        return
    token = LANGUAGE.set(language_of(code))
    try:
        yield
    finally:
        LANGUAGE.reset(token)


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code``; English, or a catalog not compiled, says every
    message in English."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(LOCALE_DIR), [code], fallback=True)


def tr(message: str) -> str:
    """``message`` (a marked template, in English) in the current language."""
    code = current()
    if code == ENGLISH or not message:
        return message
    return catalog(code).gettext(message)


def tr_c(context: str, message: str, code: str | None = None) -> str:
    """``message`` of ``context`` (marked ``NC_``) in the language ``code`` (by default the
    current one); English, or a message the catalog does not translate, as it is."""
    code = language_of(code) if code else current()
    if code == ENGLISH or not message:
        return message
    return catalog(code).pgettext(context, message)


def tr_n(forms: tuple[str, str], count: int) -> str:
    """A count's pair in the current language, the form its plural rule gives ``count``."""
    code = current()
    if code == ENGLISH:
        return forms[0] if count == 1 else forms[1]
    return catalog(code).ngettext(forms[0], forms[1], count)


def tr_in(code: str, message: str) -> str:
    """``message`` in the language ``code``, whatever the current one (typed words)."""
    with use(code):
        return tr(message)


def color_keys(code: str | None = None) -> dict[Color, str]:
    """The Wild's colour keys of a language (the current one by default)."""
    language = LANGUAGES[language_of(code) if code else current()]
    return dict(language.color_keys)
