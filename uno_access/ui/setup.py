"""Setting up a game: the players, the rules and the output profile, asked one question at
a time, each with its current answer kept by Enter alone; then kept in the settings file.

Typed lines only (no single keys), so that a screen reader, a braille keyboard and a
sighted player answer the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..access import messages
from ..access.message import Verbosity
from ..bots import BOT_NAMES
from ..engine.rules import PRESETS, RulesError, RuleSet
from ..settings import PERSON, BrailleDisplay, Settings, save
from .keys import Key, Pressed, TooLong
from .terminal import Keyboard, Screen

T = TypeVar("T")


class _Closed(Exception):
    """The input closed during set-up."""


def interactive() -> bool:
    """Whether a person is at a terminal (set-up is offered there, never to a pipe)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def set_up(
    settings: Settings, *, input: Input | None = None, output: Output | None = None,
    screen: Screen | None = None,
) -> Settings | None:
    """Ask for every choice of a game; the new settings, saved (None: the input closed)."""
    keyboard = Keyboard(input=input, output=output)
    screen = screen or Screen()
    try:
        return _ask_all(settings, keyboard, screen)
    except _Closed:
        screen.say(messages.INPUT_CLOSED)
        return None


def _refused(got: object) -> str:
    """What is said of a key or a line that answers no question."""
    if isinstance(got, TooLong):
        return messages.LINE_TOO_LONG
    if isinstance(got, Pressed) and got.key is Key.CLOSE:
        return messages.LINE_CLEARED
    return messages.NO_SUCH_KEY_TYPED


def _ask_all(s: Settings, keyboard: Keyboard, screen: Screen) -> Settings:
    def ask(question: str, default: str, read: Callable[[str], T]) -> T:
        while True:
            screen.say(messages.setup_question(question, default))
            try:
                got = keyboard.read(messages.SETUP_PROMPT)
            except EOFError:
                raise _Closed from None
            if not isinstance(got, str):  # a key that does nothing, Escape, a line too long
                screen.say(_refused(got))
                continue
            text = got.strip()
            try:
                return read(text or default)
            except ValueError as error:
                screen.say(str(error))

    screen.say(messages.SETUP_START)
    players = ask(messages.SETUP_PLAYERS, str(s.players), _players)
    name = ask(messages.SETUP_NAME, s.name or messages.YOU, _name)
    old_bots = s.bots.split(",")
    old_names = s.names.split(",")
    bots: list[str] = []
    names: list[str] = []
    for seat in range(1, players):
        default = old_bots[(seat - 1) % len(old_bots)]
        kind = ask(messages.setup_seat(seat + 1), default, _seat_kind)
        bots.append(kind)
        default_name = old_names[seat - 1] if seat - 1 < len(old_names) else ""
        if kind == PERSON:  # a person says their name; the bots take the table's names
            default_name = default_name or messages.TABLE_NAMES[seat - 1]
            default_name = ask(messages.setup_seat_name(seat + 1), default_name, _name)
        names.append(default_name)
    rules = ask(messages.setup_rules(PRESETS), s.rules, _rules)
    speech = ask(messages.SETUP_SPEECH, _on_off(s.speech), _yes)
    display = ask(messages.SETUP_BRAILLE, s.braille_display.value, BrailleDisplay)
    large = ask(messages.SETUP_LARGE, _on_off(s.large_text), _yes)
    verbosity = ask(messages.SETUP_VERBOSITY, s.verbosity.value, Verbosity)
    keys = ask(messages.SETUP_KEYS, _on_off(s.keys), _yes)
    pace = ask(messages.SETUP_PACE, f"{s.bot_pace:g}", _pace)
    chosen = replace(
        s, players=players, name=name, bots=",".join(bots), names=",".join(names),
        rules=rules, speech=speech, braille_display=display, large_text=large,
        verbosity=verbosity, keys=keys, bot_pace=pace,
    )
    problem = save(chosen)
    screen.say(problem or messages.SETUP_SAVED)
    return chosen


def _players(text: str) -> int:
    if text.isdigit() and 2 <= int(text) <= 10:
        return int(text)
    raise ValueError(messages.PLAYERS_RANGE_SENTENCE)


def _name(text: str) -> str:
    if text and "," not in text and len(text) <= 30:
        return text
    raise ValueError(messages.SETUP_BAD_NAME)


def _seat_kind(text: str) -> str:
    word = text.lower()
    if word in (*BOT_NAMES, PERSON):
        return word
    raise ValueError(messages.setup_bad_seat((*BOT_NAMES, PERSON)))


def _rules(text: str) -> str:
    try:
        RuleSet.from_spec(text)
    except RulesError as error:
        raise ValueError(messages.rules_error(error)) from None
    return text


def _yes(text: str) -> bool:
    word = text.lower()
    if word in ("on", "yes", "y"):
        return True
    if word in ("off", "no", "n"):
        return False
    raise ValueError(messages.SETUP_ON_OFF)


def _on_off(value: bool) -> str:
    return "on" if value else "off"


def _pace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(messages.PACE_RANGE_SENTENCE) from None
    if 0 <= seconds <= 5:
        return seconds
    raise ValueError(messages.PACE_RANGE_SENTENCE)
