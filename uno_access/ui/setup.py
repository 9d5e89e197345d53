"""Setting up a game: the players, the rules and the output profile, asked one question at
a time, each with its current answer kept by Enter alone; then kept in the settings file.

Typed lines only (no single keys), so that a screen reader, a braille keyboard and a
sighted player answer the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum
from typing import TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .. import text as outside
from ..access import document, messages
from ..access.message import Verbosity
from ..access.wording import language
from ..bots import BOT_NAMES
from ..engine.rules import PRESETS, RulesError, RuleSet
from ..settings import PERSON, BrailleDisplay, Settings, rules_for_players, save
from .keys import Key, Pressed, TooLong
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
        session.tell(messages.tr(messages.INPUT_CLOSED))
        return None


def _refused(got: object) -> str:
    """What is said of a key or a line that answers no question."""
    if isinstance(got, TooLong):
        return messages.line_too_long()
    if isinstance(got, Pressed) and got.key is Key.CLOSE:
        return messages.tr(messages.LINE_CLEARED)
    return messages.tr(messages.NO_SUCH_KEY_TYPED)


def _ask_all(s: Settings, session: Session) -> Settings:
    keyboard = session.keyboard
    tell = session.tell

    def ask(
        question: str,
        default: str,
        read: Callable[[str], T],
        explain: Sequence[str] = (),
        more: Callable[[str, str], Sequence[str]] | None = None,
    ) -> T:
        """``more``: what ``?`` followed by words explains, given them and the default."""
        tell(messages.setup_question(question, default))
        while True:
            session.screen.input_taken()
            try:
                got = keyboard.read(messages.tr(messages.SETUP_PROMPT))
            except EOFError:
                raise _Closed from None
            if not isinstance(got, str):  # a key that does nothing, Escape, a line too long
                tell(_refused(got))
                continue
            text = got.strip()
            if text.startswith("?") and (text == "?" or more is not None):
                if text == "?":
                    lines = list(explain or (question,))
                else:
                    assert more is not None
                    lines = list(more(text[1:], default))
                for line in lines:
                    tell(line)
                tell(messages.setup_question(question, default))
                continue
            try:
                answer = read(text or default)
            except ValueError as error:
                tell(str(error))
                if explain:
                    tell(messages.tr(messages.SETUP_HELP_HINT))
                continue
            tell(messages.setup_kept(default) if not text else messages.setup_chosen(text))
            return answer

    tell(messages.tr(messages.SETUP_START))
    lang = ask(  # first: every question after it is asked in the language chosen
        messages.setup_language((code, each.name) for code, each in language.LANGUAGES.items()),
        s.language,
        _language,
        (messages.tr(messages.SETUP_EXPLAIN_LANGUAGE),),
    )
    language.set_default(lang)
    players = ask(
        messages.tr(messages.SETUP_PLAYERS),
        str(s.players),
        _players,
        (messages.tr(messages.SETUP_EXPLAIN_PLAYERS),),
    )
    name = ask(
        messages.tr(messages.SETUP_NAME),
        s.name or messages.tr(messages.YOU),
        _name,
        (messages.tr(messages.SETUP_EXPLAIN_NAME),),
    )
    old_bots = s.bots.split(",")
    old_names = s.names.split(",")
    bots: list[str] = []
    names: list[str] = []
    for seat in range(1, players):
        default = old_bots[(seat - 1) % len(old_bots)]
        kind = ask(
            messages.setup_seat(seat),
            default,
            _seat_kind,
            (messages.tr(messages.SETUP_EXPLAIN_SEAT),),
        )
        bots.append(kind)
        default_name = old_names[seat - 1] if seat - 1 < len(old_names) else ""
        default_name = default_name or messages.TABLE_NAMES[seat - 1]
        names.append(ask(messages.setup_seat_name(seat), default_name, _name))
    rules = ask(
        messages.setup_rules_with_house(PRESETS),
        s.rules,
        lambda text: _rules(text, players),
        [
            *messages.setup_explain_rules(PRESETS),
            *messages.setup_explain_house_rules(),
            messages.setup_rules_read_hint(outside.shown(s.rules, 60)),
        ],
        _read_rules,
    )
    speech = ask(
        messages.tr(messages.SETUP_SPEECH),
        _on_off(s.speech),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_SPEECH),),
    )
    people = [0, *(seat for seat, kind in enumerate(bots, 1) if kind == PERSON)]
    speech_seat = s.speech_seat if s.speech_seat in people else 0
    if speech and len(people) > 1:  # hot seat: the room hears speech, so it speaks one seat's
        speech_seat = ask(
            messages.setup_speech_seat(people),
            str(speech_seat),
            lambda text: _speech_seat(text, people),
            (messages.tr(messages.SETUP_EXPLAIN_SPEECH_SEAT),),
        )
    sounds = ask(
        messages.tr(messages.SETUP_SOUNDS),
        _on_off(s.sounds),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_SOUNDS),),
    )
    display = ask(
        messages.tr(messages.SETUP_BRAILLE),
        s.braille_display.value,
        _one_of(BrailleDisplay),
        (messages.tr(messages.SETUP_EXPLAIN_BRAILLE),),
    )
    large = ask(
        messages.tr(messages.SETUP_LARGE),
        _on_off(s.large_text),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_LARGE),),
    )
    verbosity = ask(
        messages.tr(messages.SETUP_VERBOSITY),
        s.verbosity.value,
        _one_of(Verbosity),
        (messages.tr(messages.SETUP_EXPLAIN_VERBOSITY),),
    )
    keys = ask(
        messages.tr(messages.SETUP_KEYS),
        _on_off(s.keys),
        _yes,
        (messages.tr(messages.SETUP_EXPLAIN_KEYS),),
    )
    pace = ask(
        messages.tr(messages.SETUP_PACE),
        f"{s.bot_pace:g}",
        _pace,
        (messages.tr(messages.SETUP_EXPLAIN_PACE),),
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
    tell(problem or messages.tr(messages.SETUP_SAVED))
    return chosen


E = TypeVar("E", bound=Enum)


def _one_of(kind: type[E]) -> Callable[[str], E]:
    """A reader of one of an enum's values, any case; a clear sentence for anything else."""

    def read(text: str) -> E:
        for member in kind:
            if member.value == text.lower():
                return member
        raise ValueError(messages.setup_one_of(member.value for member in kind))

    return read


def _language(text: str) -> str:
    if not language.known(text):
        raise ValueError(messages.unknown_language(text.strip(), sorted(language.LANGUAGES)))
    return text.strip().lower()


def _players(text: str) -> int:
    if text.isdigit() and 2 <= int(text) <= 10:
        return int(text)
    raise ValueError(messages.tr(messages.PLAYERS_RANGE_SENTENCE))


def _name(text: str) -> str:
    """A name as typed, made printable (no control characters or escape sequences)."""
    if len(text) <= 30:
        name = outside.name(text)
        if name and "," not in name:
            return name
    raise ValueError(messages.tr(messages.SETUP_BAD_NAME))


def _seat_kind(text: str) -> str:
    word = text.lower()
    if word in (*BOT_NAMES, PERSON):
        return word
    raise ValueError(messages.setup_one_of((*BOT_NAMES, PERSON)))


def _rules(text: str, players: int) -> str:
    """Rules as --rules takes them, that ``players`` can play (the hands fit in the deck,
    a partners preset has its seats).
    """
    try:
        RuleSet.from_spec(text)
    except RulesError as error:
        raise ValueError(messages.rules_error(error)) from None
    problem = rules_for_players(text, players)
    if problem is not None:
        raise ValueError(problem)
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
    if whole:
        lines = [block.text for block in document.rules(chosen=chosen)]
        return [messages.setup_rules_whole(shown), *lines, messages.setup_rules_end(shown)]
    changes = document.summary(chosen)
    if not changes:
        return [messages.setup_rules_unchanged(shown)]
    return [messages.setup_rules_changes(shown), *changes]


def _yes(text: str) -> bool:
    word = text.lower()
    if word in ("on", "yes", "y"):
        return True
    if word in ("off", "no", "n"):
        return False
    raise ValueError(messages.tr(messages.SETUP_ON_OFF))


def _on_off(value: bool) -> str:
    return "on" if value else "off"


def _speech_seat(text: str, people: list[int]) -> int:
    """The seat, one of the people's, whose own lines speech speaks."""
    if text.isdigit() and int(text) in people:
        return int(text)
    raise ValueError(messages.setup_speech_seat_refused(people))


def _pace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(messages.tr(messages.PACE_RANGE_SENTENCE)) from None
    if 0 <= seconds <= 5:
        return seconds
    raise ValueError(messages.tr(messages.PACE_RANGE_SENTENCE))
