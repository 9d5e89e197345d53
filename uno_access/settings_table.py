"""Every setting once: its key, its type, the values it takes, its default, and the word
typed for it during a game or in the lobby.

Three places read this table and no other: the settings file (``settings.py``), the
settings typed during a game (``rate 250``, ``verbosity brief``: ``seat/commands.py``) and
the lobby's choices kept with a person's account (``keys off``: ``net/lobby.py``). So a
value is allowed, spelled and refused alike in each, and a refusal names what the
setting takes in the same words (``messages.setting_refused``; in the settings file's
problem line, ``allowed``). A refused value changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, TypeVar

from . import text as outside
from .access import messages
from .access.braille import BrailleTable
from .access.message import Verbosity
from .access.sounds import Cue, parse_cues
from .access.speech import Line
from .access.wording import language
from .bots import BOT_NAMES
from .engine.rules import RulesError, RuleSet
from .values import frozen

T = TypeVar("T")
E = TypeVar("E", bound=Enum)

PERSON = "person"  # a seat's "strength" for one more person at the keyboard (hot seat)


class BrailleDisplay(Enum):
    AUTO = "auto"
    BRLAPI = "brlapi"
    SCREEN = "screen"
    OFF = "off"


class SpeechRoute(Enum):
    """Which way speech goes (``devices.speech_route``): the screen reader's when one runs,
    the screen reader's, or the game's own voice."""

    AUTO = "auto"
    SCREENREADER = "screenreader"
    VOICE = "voice"


class Bad(ValueError):
    """A value a setting does not take."""


@frozen(kw_only=True)
class Spec(Generic[T]):
    """One setting: its key in the settings file, its default, and where it is typed.

    ``word`` is the English word typed for it (``rate``; a language's own through the
    typed words' catalog, ``velocidad``); ``game``: typed during a game (``rate 250``);
    ``lobby``: typed in the lobby and kept with the account (``keys off``). ``example``
    is an English value it takes, for the sentence that refuses one.
    """

    key: str
    default: T
    word: str = ""
    game: bool = False
    lobby: bool = False
    example: str = ""

    def from_file(self, value: object) -> T:
        """The value the settings file gives (decoded TOML), or ``Bad``."""
        raise NotImplementedError

    def allowed(self) -> str:
        """What the settings file may give, in words: "a whole number from 80 to 450"."""
        raise NotImplementedError

    def from_typed(self, text: str, english: bool = False) -> T:
        """The value a typed word gives (in the player's language or in English; only in
        English when ``english``, as in the lobby), or ``Bad``."""
        raise Bad

    def takes(self) -> messages.Takes:
        """What it takes when typed, to be said."""
        return messages.Takes()

    def typed(self, value: T) -> str:
        """``value`` as it is typed in English: ``250``, ``0.8``, ``on``, ``brief``."""
        return str(value)

    def refused(self, english: bool = False) -> Line:
        """The one sentence that refuses a typed value: what it takes, and an example."""
        return Line.of(messages.setting_refused, self.word, self.takes(), self.example, english)

    def kept(self, text: str) -> str | None:
        """A value typed in the lobby as it is kept with the account (English, as typed:
        ``on``, ``brief``), or None when the setting does not take it."""
        try:
            return self.typed(self.from_typed(text, english=True))
        except Bad:
            return None


@frozen(kw_only=True)
class Whole(Spec[int]):
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    def from_file(self, value: object) -> int:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
        ):
            return value
        raise Bad

    def allowed(self) -> str:
        return messages.takes(self.takes())

    def from_typed(self, text: str, english: bool = False) -> int:
        text = text.strip()
        if text.isdecimal() and len(text) <= len(str(self.high)) + 2:  # no huge numbers
            return self.from_file(int(text))
        raise Bad

    def takes(self) -> messages.Takes:
        return messages.Takes(low=self.low, high=self.high, whole=True)


_DECIMAL = re.compile(r"\d{1,6}(?:[.,]\d{1,6})?|[.,]\d{1,6}")  # 0.8, 0,8 (es, pt), .5, 1


@frozen(kw_only=True)
class Number(Spec[float]):
    """A number from ``low`` to ``high``."""

    low: float
    high: float

    def from_file(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Bad
        if self.low <= value <= self.high:
            return float(value)
        raise Bad

    def allowed(self) -> str:
        return messages.takes(self.takes())

    def from_typed(self, text: str, english: bool = False) -> float:
        text = text.strip()
        if _DECIMAL.fullmatch(text):
            return self.from_file(float(text.replace(",", ".")))
        raise Bad

    def takes(self) -> messages.Takes:
        return messages.Takes(low=self.low, high=self.high)

    def typed(self, value: float) -> str:
        return format(value, "g")


@frozen(kw_only=True)
class Flag(Spec[bool]):
    """True or false in the file; typed, ``on`` or ``off`` (or the words given)."""

    on: str = "on"
    off: str = "off"
    off_first: bool = False  # said "mute or unmute", not "unmute or mute"

    def from_file(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        raise Bad

    def allowed(self) -> str:
        return messages.tr(messages.ALLOWED_TRUE_FALSE)

    def from_typed(self, text: str, english: bool = False) -> bool:
        code = language.ENGLISH if english else None
        switch = messages.typed_value(text, (self.on, self.off), code)
        if switch is None:
            raise Bad
        return switch == self.on

    def takes(self) -> messages.Takes:
        words = (self.off, self.on) if self.off_first else (self.on, self.off)
        return messages.Takes(words=words)

    def typed(self, value: bool) -> str:
        return self.on if value else self.off


@frozen(kw_only=True)
class Choice(Spec[E]):
    """One of an enumeration's values."""

    choices: type[E]

    def from_file(self, value: object) -> E:
        for member in self.choices:
            if value == member.value:
                return member
        raise Bad

    def allowed(self) -> str:
        values = ", ".join(f'"{member.value}"' for member in self.choices)
        return messages.tr(messages.ALLOWED_ONE_OF).format(values=values)

    def from_typed(self, text: str, english: bool = False) -> E:
        code = language.ENGLISH if english else None
        value = messages.typed_value(text, [member.value for member in self.choices], code)
        if value is None:
            raise Bad
        return self.from_file(value)

    def takes(self) -> messages.Takes:
        return messages.Takes(words=tuple(member.value for member in self.choices))

    def typed(self, value: E) -> str:
        return str(value.value)


@frozen(kw_only=True)
class Lang(Spec[str]):
    """A language the game speaks, by its code; in the file, "" too: the system's."""

    def from_file(self, value: object) -> str:
        if isinstance(value, str) and (language.known(value) or not value.strip()):
            return value.strip().lower()
        raise Bad

    def allowed(self) -> str:
        codes = ", ".join(sorted(language.LANGUAGES))
        return messages.tr(messages.ALLOWED_LANGUAGE).format(codes=codes)

    def from_typed(self, text: str, english: bool = False) -> str:
        if language.known(text):
            return text.strip().lower()
        raise Bad

    def takes(self) -> messages.Takes:
        return messages.Takes(words=tuple(sorted(language.LANGUAGES)))


@frozen(kw_only=True)
class Checked(Spec[T]):
    """A text setting of the file alone, checked by ``check`` (``Bad`` when it does not
    take the value); ``told`` says what it takes."""

    check: Callable[[object], T]
    told: Callable[[], str]

    def from_file(self, value: object) -> T:
        return self.check(value)

    def allowed(self) -> str:
        return self.told()


def _text(value: object) -> str:
    if isinstance(value, str) and "\n" not in value and len(value) <= 100:
        return outside.shown(value, 100).strip()
    raise Bad


def _name(value: object) -> str:
    if isinstance(value, str) and "\n" not in value and len(value) <= 100:
        return outside.name(value)
    raise Bad


def _names(value: object) -> str:
    if isinstance(value, str) and "\n" not in value and len(value) <= 400:
        return ",".join(outside.name(part) for part in value.split(","))
    raise Bad


def _bots(value: object) -> str:
    if isinstance(value, str):
        names = [part.strip() for part in value.split(",") if part.strip()]
        if names and all(name in (*BOT_NAMES, PERSON) for name in names):
            return ",".join(names)
    raise Bad


def _sound_names(value: object) -> str:
    if isinstance(value, str) and "\n" not in value and len(value) <= 1000:
        try:
            return ",".join(cue.value for cue in parse_cues(value))
        except ValueError:
            pass
    raise Bad


def _rules(value: object) -> str:
    if isinstance(value, str):
        try:
            RuleSet.from_spec(value)
        except RulesError:
            raise Bad from None
        return value.strip()
    raise Bad


def _told(template: str, **names: str) -> Callable[[], str]:
    return lambda: messages.tr(template).format(**names)


NAME = Checked(key="name", default="", check=_name, told=_told(messages.ALLOWED_NAME))
NAMES = Checked(key="names", default="", check=_names, told=_told(messages.ALLOWED_NAMES))
PLAYERS = Whole(key="players", default=2, low=2, high=10)
BOTS = Checked(
    key="bots",
    default="normal",
    check=_bots,
    told=_told(messages.ALLOWED_BOTS, names=", ".join((*BOT_NAMES, PERSON))),
)
RULES = Checked(key="rules", default="standard", check=_rules, told=_told(messages.ALLOWED_RULES))
SPEECH = Flag(key="speech", default=True, word="speech", game=True, example="off")
SPEECH_ROUTE = Choice(key="speech_route", default=SpeechRoute.AUTO, choices=SpeechRoute)
SPEECH_RATE = Whole(
    key="speech_rate", default=175, low=80, high=450, word="rate", game=True, example="250"
)
VOICE = Checked(key="voice", default="", check=_text, told=_told(messages.ALLOWED_TEXT))
VOLUME = Number(
    key="volume", default=1.0, low=0.0, high=1.0, word="volume", game=True, example="0.8"
)
BRAILLE_DISPLAY = Choice(key="braille_display", default=BrailleDisplay.AUTO, choices=BrailleDisplay)
BRAILLE_TABLE = Choice(
    key="braille_table",
    default=BrailleTable.UEB2,
    choices=BrailleTable,
    word="braille",
    lobby=True,
    example="ueb2",
)
DISPLAY_WIDTH = Whole(key="display_width", default=0, low=0, high=160)
VERBOSITY = Choice(
    key="verbosity",
    default=Verbosity.NORMAL,
    choices=Verbosity,
    word="verbosity",
    game=True,
    lobby=True,
    example="brief",
)
LARGE_TEXT = Flag(key="large_text", default=False)
LARGE_BANNER = Flag(key="large_banner", default=True)
BOT_PACE = Number(key="bot_pace", default=0.0, low=0.0, high=5.0)
CATCH_GRACE = Number(key="catch_grace", default=1.5, low=0.0, high=5.0)
KEYS = Flag(key="keys", default=True, word="keys", lobby=True, example="off")
SPEECH_SEAT = Whole(key="speech_seat", default=0, low=0, high=9)
SOUNDS = Flag(key="sounds", default=True, word="sounds", game=True, example="off")
SOUND_VOLUME = Number(key="sound_volume", default=0.8, low=0.0, high=1.0)
SOUND_NEVER = Checked(
    key="sound_never",
    default="",
    check=_sound_names,
    told=_told(messages.ALLOWED_SOUNDS, names=", ".join(cue.value for cue in Cue)),
)
SOUND_NOT_MY_TURN = Checked(
    key="sound_not_my_turn",
    default="",
    check=_sound_names,
    told=_told(messages.ALLOWED_SOUNDS, names=", ".join(cue.value for cue in Cue)),
)
# typed "chat mute" and "chat unmute", in a game and the lobby (the words stay English)
CHAT_SPEECH = Flag(
    key="chat_speech",
    default=True,
    word="chat",
    lobby=True,
    on=messages.CHAT_MUTE_WORDS[1],
    off=messages.CHAT_MUTE_WORDS[0],
    off_first=True,
    example=messages.CHAT_MUTE_WORDS[0],
)
LANG = Lang(key="lang", default="", word="lang", lobby=True, example="es")

TABLE: dict[str, Spec[Any]] = {
    spec.key: spec
    for spec in (
        NAME,
        NAMES,
        PLAYERS,
        BOTS,
        RULES,
        SPEECH,
        SPEECH_ROUTE,
        SPEECH_RATE,
        VOICE,
        VOLUME,
        BRAILLE_DISPLAY,
        BRAILLE_TABLE,
        DISPLAY_WIDTH,
        VERBOSITY,
        LARGE_TEXT,
        LARGE_BANNER,
        BOT_PACE,
        CATCH_GRACE,
        KEYS,
        SPEECH_SEAT,
        SOUNDS,
        SOUND_VOLUME,
        SOUND_NEVER,
        SOUND_NOT_MY_TURN,
        CHAT_SPEECH,
        LANG,
    )
}
"""Every setting, by its key in the settings file, in the file's order."""

IN_GAME: tuple[Spec[Any], ...] = tuple(spec for spec in TABLE.values() if spec.game)
"""The settings typed during a game, each as its word and a value: ``rate 250``."""

IN_LOBBY: dict[str, Spec[Any]] = {spec.word: spec for spec in TABLE.values() if spec.lobby}
"""The lobby's choices kept with a person's account, by the English word typed for each."""


def typed_in_game(word: str) -> Spec[Any] | None:
    """The setting a word typed during a game names (``rate``, ``velocidad``), or None."""
    named = messages.typed_value(word, [spec.word for spec in IN_GAME])
    return next((spec for spec in IN_GAME if spec.word == named), None)
