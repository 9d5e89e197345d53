"""Setting up a game: the players, the rules and the output profile, asked one question at
a time, each with its current answer kept by Enter alone; then kept in the settings file.

Typed lines only (no single keys), so that a screen reader, a braille keyboard and a
sighted player answer the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import replace
from enum import Enum
from typing import TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .. import text as outside
from ..access import messages
from ..access.message import Verbosity
from ..access.speech import Line
from ..access.wording import language
from ..bots import BOT_NAMES
from ..engine.rules import PRESETS, RulesError, RuleSet
from ..seat.menu import Highlight, Item, Menu
from ..settings import PERSON, BrailleDisplay, Settings, rules_for_players, save
from .keys import MENU_KEYS, Key, Pressed, TooLong
from .profile import Session, plain_session
from .terminal import Keyboard, Screen

T = TypeVar("T")


class _Closed(Exception):
    """The input closed during set-up."""


def interactive() -> bool:
    """Whether a person is at a terminal (set-up is offered there, never to a pipe)."""
    streams = (sys.stdin, sys.stdout)  # None when closed (``uno-access play <&-``)
    return all(stream is not None and stream.isatty() for stream in streams)


def set_up(
    settings: Settings,
    *,
    input: Input | None = None,
    output: Output | None = None,
    screen: Screen | None = None,
    session: Session | None = None,
) -> Settings | None:
    """Ask for every choice of a game; the new settings, saved (None: the input closed).

    Every line goes through ``session`` (speech and braille as the settings so far say),
    or, without one, to the screen alone.
    """
    if session is None:
        keyboard = Keyboard(input=input, output=output)
        session = plain_session(keyboard, screen or Screen())
    try:
        return _ask_all(settings, session)
    except _Closed:
        session.tell(Line.of(messages.input_closed))
        return None


class _Refused(ValueError):
    """An answer a question does not take; ``line`` says what it takes."""

    def __init__(self, line: Line) -> None:
        super().__init__(line.sentence())
        self.line = line


def _told(text: str) -> Line:
    """A line worded elsewhere (a rule option's error, as the command line says it), or
    one of the explanations ``?`` gives: read whole."""
    return Line.of(messages.setup_told, text)


def _refused(got: object) -> Line:
    """What is said of a key or a line that answers no question."""
    if isinstance(got, TooLong):
        return Line.of(messages.line_too_long)
    if isinstance(got, Pressed) and got.key is Key.CLOSE:
        return Line.of(messages.line_cleared)
    return Line.of(messages.no_such_key_typed)


def _ask_all(s: Settings, session: Session) -> Settings:
    keyboard = session.keyboard
    tell = session.tell

    def ask(
        question: Line,
        default: str,
        read: Callable[[str], T],
        explain: Sequence[str] = (),
        more: Callable[[str, str], Sequence[str]] | None = None,
        items: Sequence[Item[str]] = (),
    ) -> T:
        """``question``: asked with ``default``, the answer Enter alone keeps; ``more``:
        what ``?`` followed by words explains, given them and the default. ``items``: the
        question's choices, a menu (``seat.menu``) that opens on the default: Up and Down
        go through them, Enter on an empty line chooses the one reached (each item's value
        is what may be typed for it); typing works as before.
        """
        menu = Menu.of(with_default(items, default), at=default, leave=False) if items else None
        tell(question)
        while True:
            session.screen.input_taken()
            session.outputs.input_taken()
            try:
                with keyboard.menu() if menu is not None else nullcontext():
                    got = keyboard.read(messages.tr(messages.SETUP_PROMPT))
            except EOFError:
                raise _Closed from None
            step = None
            if menu is not None and isinstance(got, Pressed) and got.key in MENU_KEYS:
                step = menu.press(MENU_KEYS[got.key])
            if step is not None:
                menu, outcome = step
                if isinstance(outcome, Highlight):
                    session.show(outcome.line)
                continue
            if not isinstance(got, str):  # a key that does nothing, Escape, a line too long
                tell(_refused(got))
                continue
            text = got.strip()
            if text.startswith("?") and (text == "?" or more is not None):
                if text == "?":
                    lines = [_told(line) for line in explain] or [question]
                else:
                    assert more is not None
                    lines = [_told(line) for line in more(text[1:], default)]
                for line in lines:
                    tell(line)
                tell(question)
                continue
            chosen = menu.highlighted if menu is not None and not text else None
            if chosen is not None and chosen.value != default:
                text = chosen.value  # Enter on the choice reached: as if it were typed
            try:
                answer = read(text or default)
            except _Refused as error:
                tell(error.line)
                if explain:
                    tell(Line.of(messages.setup_help_hint))
                continue
            tell(
                Line.of(messages.setup_kept, default)
                if not text
                else Line.of(messages.setup_chosen, text)
            )
            return answer

    tell(Line.of(messages.setup_start))
    tell(Line.of(messages.setup_menus))
    languages = [(code, each.name) for code, each in language.LANGUAGES.items()]
    lang = ask(  # first: every question after it is asked in the language chosen
        Line.of(messages.setup_language_asked, languages, s.language),
        s.language,
        _language,
        (messages.tr(messages.SETUP_EXPLAIN_LANGUAGE),),
        items=_language_items(),
    )
    language.set_default(lang)
    players = ask(
        Line.of(messages.setup_players, str(s.players)),
        str(s.players),
        _players,
        (messages.tr(messages.SETUP_EXPLAIN_PLAYERS),),
        items=_players_items(),
    )
    default_name = s.name or messages.tr(messages.YOU)
    name = ask(
        Line.of(messages.setup_name, default_name),
        default_name,
        _name,
        (messages.tr(messages.SETUP_EXPLAIN_NAME),),
    )
    old_bots = s.bots.split(",")
    old_names = s.names.split(",")
    bots: list[str] = []
    names: list[str] = []
    for seat in range(1, players):
        default = messages.value_said(old_bots[(seat - 1) % len(old_bots)])
        kind = ask(
            Line.of(messages.setup_seat_asked, seat, default),
            default,
            _seat_kind,
            (messages.tr(messages.SETUP_EXPLAIN_SEAT),),
            items=_seat_items(),
        )
        bots.append(kind)
        default_name = old_names[seat - 1] if seat - 1 < len(old_names) else ""
        default_name = default_name or messages.TABLE_NAMES[seat - 1]
        names.append(
            ask(Line.of(messages.setup_seat_name_asked, seat, default_name), default_name, _name)
        )
    presets = list(PRESETS)
    rules = ask(
        Line.of(messages.setup_rules_asked, presets, s.rules),
        s.rules,
        lambda text: _rules(text, players),
        [
            *messages.setup_explain_rules(PRESETS),
            *messages.setup_explain_house_rules(),
            messages.setup_rules_read_hint(outside.shown(s.rules, 60)),
        ],
        _read_rules,
        items=_rules_items(),
    )
    speech = ask(
        Line.of(messages.setup_speech, _on_off(s.speech)),
        _on_off(s.speech),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_SPEECH),),
        items=_on_off_items(),
    )
    people = [0, *(seat for seat, kind in enumerate(bots, 1) if kind == PERSON)]
    speech_seat = s.speech_seat if s.speech_seat in people else 0
    if speech and len(people) > 1:  # hot seat: the room hears speech, so it speaks one seat's
        speech_seat = ask(
            Line.of(messages.setup_speech_seat_asked, people, str(speech_seat)),
            str(speech_seat),
            lambda text: _speech_seat(text, people),
            (messages.tr(messages.SETUP_EXPLAIN_SPEECH_SEAT),),
            items=_speech_seat_items(people, [name, *names]),
        )
    sounds = ask(
        Line.of(messages.setup_sounds, _on_off(s.sounds)),
        _on_off(s.sounds),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_SOUNDS),),
        items=_on_off_items(),
    )
    display = ask(
        Line.of(messages.setup_braille, messages.value_said(s.braille_display.value)),
        messages.value_said(s.braille_display.value),
        _one_of(BrailleDisplay),
        (messages.tr(messages.SETUP_EXPLAIN_BRAILLE),),
        items=_words(mode.value for mode in BrailleDisplay),
    )
    large = ask(
        Line.of(messages.setup_large, _on_off(s.large_text)),
        _on_off(s.large_text),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_LARGE),),
        items=_on_off_items(),
    )
    verbosity = ask(
        Line.of(messages.setup_verbosity, messages.value_said(s.verbosity.value)),
        messages.value_said(s.verbosity.value),
        _one_of(Verbosity),
        (messages.tr(messages.SETUP_EXPLAIN_VERBOSITY),),
        items=_words(level.value for level in Verbosity),
    )
    keys = ask(
        Line.of(messages.setup_keys, _on_off(s.keys)),
        _on_off(s.keys),
        _yes,
        (messages.keyed(messages.tr(messages.SETUP_EXPLAIN_KEYS)),),
        items=_on_off_items(),
    )
    pace = ask(
        Line.of(messages.setup_pace, f"{s.bot_pace:g}"),
        f"{s.bot_pace:g}",
        _pace,
        (messages.tr(messages.SETUP_EXPLAIN_PACE),),
        items=_pace_items(s.bot_pace),
    )
    chosen = replace(
        s,
        players=players,
        name=name,
        bots=",".join(bots),
        names=",".join(names),
        rules=rules,
        speech=speech,
        sounds=sounds,
        braille_display=display,
        large_text=large,
        verbosity=verbosity,
        keys=keys,
        bot_pace=pace,
        speech_seat=speech_seat,
        lang=lang,
    )
    problem = save(chosen)
    tell(Line.of(messages.file_notice, problem) if problem else Line.of(messages.setup_saved))
    return chosen


# --- the questions' choices: each item's value is what may be typed for it -------------------


def _words(values: Iterable[str]) -> list[Item[str]]:
    """Choices named as they are typed, in the player's language ("sí", "breve"), which is
    also how the question's default is said."""
    return [Item(said, said) for said in map(messages.value_said, values)]


def _on_off_items() -> list[Item[str]]:
    return _words(("on", "off"))


PACES = (0, 0.5, 1, 1.5, 2, 3, 4, 5)  # the pace's choices (any other is typed)


def with_default(items: Sequence[Item[str]], default: str) -> list[Item[str]]:
    """``items``, with the answer Enter alone keeps first when it is none of them (rules
    with options of their own, a name no longer offered)."""
    if any(item.value == default for item in items):
        return list(items)
    return [Item(default, default), *items]


def _language_items() -> list[Item[str]]:
    return [
        Item(code, messages.tr(messages.SETUP_LANGUAGE_ITEM).format(code=code, name=each.name))
        for code, each in language.LANGUAGES.items()
    ]


def _players_items() -> list[Item[str]]:
    return [Item(str(count), messages.setup_players_item(count)) for count in range(2, 11)]


def _seat_items() -> list[Item[str]]:
    kinds = (*(name for name in BOT_NAMES if messages.seat_kind(name)), PERSON)
    return [Item(kind, kind, messages.seat_kind(kind)) for kind in kinds]


def _rules_items() -> list[Item[str]]:
    return [Item(name, name, messages.preset_description(name)) for name in PRESETS]


def _speech_seat_items(people: Sequence[int], names: Sequence[str]) -> list[Item[str]]:
    return [Item(str(seat), names[seat], messages.setup_seat_item(seat)) for seat in people]


def _pace_items(current: float) -> list[Item[str]]:
    paces = sorted({*PACES, current})
    return [Item(f"{pace:g}", messages.setup_pace_item(f"{pace:g}", pace)) for pace in paces]


E = TypeVar("E", bound=Enum)


def _one_of(kind: type[E]) -> Callable[[str], E]:
    """A reader of one of an enum's values, any case, in the player's language or in
    English ("breve", "brief"); a clear sentence for anything else."""

    def read(text: str) -> E:
        value = messages.typed_value(text, [member.value for member in kind])
        for member in kind:
            if member.value == value:
                return member
        said = [messages.value_said(member.value) for member in kind]
        raise _Refused(Line.of(messages.setup_one_of, said))

    return read


def _language(text: str) -> str:
    if not language.known(text):
        known = sorted(language.LANGUAGES)
        raise _Refused(Line.of(messages.unknown_language, text.strip(), known))
    return text.strip().lower()


def _players(text: str) -> int:
    if text.isdigit() and 2 <= int(text) <= 10:
        return int(text)
    raise _Refused(Line.of(messages.players_range))


def _name(text: str) -> str:
    """A name as typed, made printable (no control characters or escape sequences)."""
    if len(text) <= 30:
        name = outside.name(text)
        if name and "," not in name:
            return name
    raise _Refused(Line.of(messages.setup_bad_name))


def _seat_kind(text: str) -> str:
    kind = messages.typed_value(text, (*BOT_NAMES, PERSON))
    if kind is not None:
        return kind
    said = [messages.value_said(k) for k in (*BOT_NAMES, PERSON)]
    raise _Refused(Line.of(messages.setup_one_of, said))


def _rules(text: str, players: int) -> str:
    """Rules as --rules takes them, that ``players`` can play (the hands fit in the deck,
    a partners preset has its seats).
    """
    try:
        RuleSet.from_spec(text)
    except RulesError as error:
        raise _Refused(_told(messages.rules_error(error))) from None
    problem = rules_for_players(text, players)
    if problem is not None:
        raise _Refused(_told(problem))
    return text


def _read_rules(asked: str, current: str) -> list[str]:
    """What the rules question says to ``?`` and words: ``? speed``, what the preset speed
    changes from the standard rules; ``?? speed`` its whole rules; ``??`` those of
    ``current``, the rules the player is on. Any rules ``--rules`` takes may be named.
    """
    whole = asked.startswith("?")
    spec = (asked[1:] if whole else asked).strip() or current
    try:
        chosen = RuleSet.from_spec(spec)
    except RulesError as error:
        return [messages.rules_error(error)]
    shown = outside.shown(spec, 60)
    from ..access import document  # the documents, loaded when first asked for

    if whole:
        lines = [block.text for block in document.rules(chosen=chosen)]
        return [messages.setup_rules_whole(shown), *lines, messages.setup_rules_end(shown)]
    changes = document.summary(chosen)
    if not changes:
        return [messages.setup_rules_unchanged(shown)]
    return [messages.setup_rules_changes(shown), *changes]


def _yes(text: str) -> bool:
    """On or off, in the player's language ("sí", "no") or in English."""
    switch = messages.typed_value(text, ("on", "off"))
    if switch is None:
        raise _Refused(Line.of(messages.setup_on_off))
    return switch == "on"


def _on_off(value: bool) -> str:
    """The default in brackets, as the player's language says it ("sí")."""
    return messages.value_said("on" if value else "off")


def _speech_seat(text: str, people: list[int]) -> int:
    """The seat, one of the people's, whose own lines speech speaks."""
    if text.isdigit() and int(text) in people:
        return int(text)
    raise _Refused(Line.of(messages.setup_speech_seat_refused, people))


def _pace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise _Refused(Line.of(messages.pace_range)) from None
    if 0 <= seconds <= 5:
        return seconds
    raise _Refused(Line.of(messages.pace_range))
