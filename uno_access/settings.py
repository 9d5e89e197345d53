"""The player's settings: a flat TOML file in the user's config folder, checked key by key.

A value that is not allowed (``settings_table`` says what each setting takes) is one line
naming the file, its line and what is allowed, and the default is used for it; a file
that cannot be read or is not TOML gives one line and the defaults. Command-line options
override the settings.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from . import settings_table as table
from . import text as outside
from .access import messages
from .access.braille import BrailleTable
from .access.message import Verbosity
from .access.sounds import Cue, When, parse_cues
from .access.wording import language
from .engine.rules import RulesError, RuleSet
from .files import read_regular
from .settings_table import PERSON as PERSON
from .settings_table import BrailleDisplay as BrailleDisplay
from .settings_table import SpeechRoute as SpeechRoute
from .store.paths import settings_path
from .values import frozen


@frozen(slots=True)
class Settings:
    """Every setting, at its default (``settings_table``, which says what each takes).
    ``display_width`` 0: as wide as the display says."""

    name: str = table.NAME.default
    names: str = table.NAMES.default  # the other seats' names, comma-separated by seat
    players: int = table.PLAYERS.default
    bots: str = table.BOTS.default  # a strength per seat after yours; "person": hot seat
    rules: str = table.RULES.default
    speech: bool = table.SPEECH.default
    speech_route: SpeechRoute = table.SPEECH_ROUTE.default  # the screen reader's or our voice
    speech_rate: int = table.SPEECH_RATE.default  # words a minute
    voice: str = table.VOICE.default  # "": the speech engine's default voice
    volume: float = table.VOLUME.default
    braille_display: BrailleDisplay = table.BRAILLE_DISPLAY.default
    braille_table: BrailleTable = table.BRAILLE_TABLE.default
    display_width: int = table.DISPLAY_WIDTH.default  # braille cells
    verbosity: Verbosity = table.VERBOSITY.default
    large_text: bool = table.LARGE_TEXT.default
    # large text's big letters for the top card; false: colours only
    large_banner: bool = table.LARGE_BANNER.default
    bot_pace: float = table.BOT_PACE.default  # seconds between bot moves: 0, no timers
    # without a pace, the seconds a bot waits before it catches you for not calling UNO,
    # as a person at the table would (your U in that moment makes you safe); 0: at once
    catch_grace: float = table.CATCH_GRACE.default
    keys: bool = table.KEYS.default  # one key per command; false: every command typed
    speech_seat: int = table.SPEECH_SEAT.default  # hot seat: the seat whose lines are spoken
    sounds: bool = table.SOUNDS.default  # sound cues beside the words (never instead)
    sound_volume: float = table.SOUND_VOLUME.default
    sound_never: str = table.SOUND_NEVER.default  # sounds never played, comma-separated
    # sounds played only when it is not the player's turn
    sound_not_my_turn: str = table.SOUND_NOT_MY_TURN.default
    # network play: chat lines spoken (false: shown and kept only)
    chat_speech: bool = table.CHAT_SPEECH.default
    lang: str = table.LANG.default  # the language the game speaks; "": the system locale's

    @property
    def language(self) -> str:
        """The language code in effect: the setting, else the system locale's (LANG)."""
        return language.language_of(self.lang) if self.lang else language.system_language()


DEFAULTS = Settings()


SIZE_LIMIT = 64 * 1024
"""The largest settings file read: a full one is under 1,000 bytes."""

UNKNOWN_NAMED = 3
"""How many unknown keys the one line about them names."""


def load(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings in ``path`` (the user's settings file by default), and one line for
    each problem found (the defaults are used where there is one). No file: the defaults.

    Whatever the file holds, this takes bounded time and memory and gives a few lines: a
    path that is not a regular file (a pipe, a device) or a file over ``SIZE_LIMIT`` is one
    line and the defaults; so is TOML nested too deeply; unknown keys are one line in all.
    """
    path = settings_path() if path is None else path
    where = outside.shown(str(path))
    try:
        raw = read_regular(path, SIZE_LIMIT)
    except FileNotFoundError:
        return DEFAULTS, []
    except OSError as error:
        return DEFAULTS, [messages.settings_unreadable(messages.explained(error, path))]
    if raw is None:
        return DEFAULTS, [messages.settings_not_regular(where)]
    if len(raw) > SIZE_LIMIT:
        return DEFAULTS, [messages.settings_too_big(where, SIZE_LIMIT)]
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark some editors write is no problem
    except UnicodeDecodeError:
        return DEFAULTS, [messages.settings_not_toml(where, "it is not UTF-8 text")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return DEFAULTS, [messages.settings_not_toml(where, messages.cut(str(error), 80))]
    except RecursionError:
        return DEFAULTS, [
            messages.settings_not_toml(where, messages.tr(messages.SETTINGS_TOO_DEEP))
        ]
    except ValueError as error:  # a number too long for Python to convert
        return DEFAULTS, [messages.settings_not_toml(where, messages.cut(str(error), 80))]
    return from_mapping(data, text, where)


def from_mapping(data: Mapping[str, Any], text: str, where: str) -> tuple[Settings, list[str]]:
    """Settings from decoded TOML; ``text`` (the file) gives the line numbers.

    Each key is checked, then the keys that depend on each other together (the rules
    with the number of players: a partners preset's seats, whether the hands can be dealt).
    """
    changes: dict[str, Any] = {}
    problems: list[str] = []
    lines = _lines_of(text)
    unknown: list[str] = []
    for key, value in data.items():
        spec = table.TABLE.get(key)
        if spec is None:
            unknown.append(key)
            continue
        try:
            changes[key] = spec.from_file(value)
        except table.Bad:
            problems.append(
                messages.settings_bad_value(
                    where,
                    lines.get(key),
                    key,
                    _written(value),
                    spec.allowed(),
                    _toml_value(spec.default),
                )
            )
    if len(unknown) == 1:
        problems.append(
            messages.settings_unknown_key(
                where, lines.get(unknown[0]), _key(unknown[0]), table.TABLE
            )
        )
    elif unknown:
        problems.append(
            messages.settings_unknown_keys(
                where, len(unknown), [_key(key) for key in unknown[:UNKNOWN_NAMED]], table.TABLE
            )
        )
    together = rules_for_players(
        changes.get("rules", DEFAULTS.rules), changes.get("players", DEFAULTS.players)
    )
    if together is not None:
        problems.append(
            messages.settings_rules_for_players(where, together, _toml_value(DEFAULTS.rules))
        )
        changes.pop("rules", None)
    return replace(DEFAULTS, **changes), problems


def _key(key: str) -> str:
    """A key from the file as a message names it: as written if it is plain, else quoted
    with its control characters spelled out.
    """
    plain = messages.cut(key)
    return plain if plain == key and key else messages.given(key)


def rules_for_players(spec: str, players: int) -> str | None:
    """Why the rules ``spec`` cannot be played by ``players`` (one sentence), or None."""
    try:
        rules = RuleSet.from_spec(spec)
        rules.check_deal(players)
    except RulesError as error:
        return messages.rules_error(error)
    wanted = rules.seats_allowed(players)
    if wanted is not None:
        return messages.rules_need_players(messages.cut(spec), wanted, players)
    return None


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write ``settings``, replacing the file at once; None, or the one line saying why it
    could not be written. A file the player wrote keeps its comments, its order and every
    value that did not change, exactly as written (``update_toml``).
    """
    path = settings_path() if path is None else path
    try:
        before = read_regular(path, SIZE_LIMIT)
    except OSError:
        before = None
    text = to_toml(settings)
    if before is not None and len(before) <= SIZE_LIMIT:
        text = update_toml(before.decode("utf-8-sig", errors="replace"), settings) or text
    temporary = path.with_name(path.name + ".new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        return messages.settings_unwritable(str(path), messages.explained(error, path))
    return None


def remember(path: Path | None = None, **changes: Any) -> str | None:
    """Keep ``changes`` (a key switched while playing) in the settings file, the rest as
    it is; not when the file has a problem (it was told at start, and is left as the
    player wrote it). None, or the one line saying why it could not be written.
    """
    settings, problems = load(path)
    if problems:
        return None
    return save(replace(settings, **changes), path)


def sound_choices(settings: Settings) -> dict[Cue, When]:
    """When each sound is heard, by the settings: never, not on my turn (else always)."""
    when = {cue: When.NOT_MY_TURN for cue in parse_cues(settings.sound_not_my_turn)}
    when.update({cue: When.NEVER for cue in parse_cues(settings.sound_never)})
    return when


def to_toml(settings: Settings) -> str:
    """The settings as flat TOML, one ``key = value`` a line, after a comment saying what
    the file is (a new file)."""
    head = "".join(f"# {line}\n" for line in messages.tr(messages.SETTINGS_FILE_HEAD).split("\n"))
    return head + "".join(
        f"{f.name} = {_toml_value(getattr(settings, f.name))}\n" for f in fields(Settings)
    )


def update_toml(text: str, settings: Settings) -> str | None:
    """``text`` (the settings file as the player wrote it) with ``settings`` in it: each
    changed value replaced where it stands, each missing key added at the end, comments,
    blank lines, order and unchanged values kept as they were (tomlkit). None when the
    text is not TOML that can be kept (it is then written anew)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import Item

    try:
        document = tomlkit.parse(text)
        for f in fields(Settings):
            value = _plain(getattr(settings, f.name))
            if f.name not in document:
                document[f.name] = value
                continue
            kept = document[f.name]
            kept = kept.unwrap() if isinstance(kept, Item) else kept
            if kept != value or isinstance(kept, bool) != isinstance(value, bool):
                document[f.name] = value
        return document.as_string()
    except (TOMLKitError, RecursionError, ValueError, TypeError):
        return None


def _plain(value: object) -> object:
    """A setting's value as TOML holds it (an enum as its value)."""
    return value.value if isinstance(value, Enum) else value


def _toml_value(value: object) -> str:
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):  # TOML's basic strings escape as JSON does (but DEL)
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    raise TypeError(f"not a flat TOML value: {value!r}")


def _written(value: object) -> str:
    """A value read from the file, as it would be written there, cut short and made safe."""
    try:
        return messages.cut(_toml_value(value))
    except TypeError:  # a table or a list
        pass
    except ValueError:  # a whole number too long to write out
        return messages.given(value)
    try:
        return messages.cut(json.dumps(value, ensure_ascii=False, default=str))
    except (RecursionError, ValueError):
        return messages.given(value)


_KEY_LINE = re.compile(
    r"""^[ \t]*(?:"([^"\\\n]*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))[ \t]*=""", re.MULTILINE
)


def _lines_of(text: str) -> dict[str, int]:
    """The line (from 1) where each top-level key is first set, found in one pass."""
    out: dict[str, int] = {}
    line = 1
    last = 0
    for match in _KEY_LINE.finditer(text):
        line += text.count("\n", last, match.start())
        last = match.start()
        key = next(group for group in match.groups() if group is not None)
        out.setdefault(key, line)
    return out
