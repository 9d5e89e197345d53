"""One key for every action: the key map, and the prompt_toolkit bindings that read it.

A key pressed at an empty prompt is a ``Key`` at once (no Enter). ``/`` opens the command
line, where a whole command is typed and sent with Enter (``play b7``, ``b#g``,
``catch ann``); a printable key that has no meaning of its own opens the command line
with that character, so a braille keyboard can simply type ``b#g`` and Enter. Escape
leaves the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys


class Key(Enum):
    """What a key asks for."""

    PREVIOUS = "previous card"
    NEXT = "next card"
    FIRST = "first card"
    LAST = "last card"
    PLAY = "play"  # the selected card, or the card just drawn
    DRAW = "draw"
    KEEP = "keep"
    UNO = "uno"
    CATCH = "catch"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    JUMP = "jump"
    CARD_CHECK = "card check"
    TOUCH = "touch"
    HAND = "hand"
    WHOSE_TURN = "whose turn"
    SCORES = "scores"
    PILE = "draw pile"
    SORT = "sort"
    REPEAT = "repeat"
    OLDER = "history back"
    NEWER = "history forward"
    SWITCH_HISTORY = "switch history"  # the game's history, or the answers
    QUICK_REFERENCE = "quick reference"
    HELP = "help"
    SPEECH = "speech"
    GO_ON = "go on"  # let play go on; the next bot move; the next round
    SKIP_AHEAD = "skip ahead"
    QUIT = "quit"
    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"
    YES = "yes"
    NO = "no"
    UNKNOWN = "a key with no meaning"


# prompt_toolkit key names for each Key; the first is the one help shows
KEYMAP: dict[Key, tuple[str, ...]] = {
    Key.PREVIOUS: ("left",),
    Key.NEXT: ("right",),
    Key.FIRST: ("home",),
    Key.LAST: ("end",),
    Key.PLAY: ("enter",),
    Key.DRAW: ("d",),
    Key.KEEP: ("k",),
    Key.UNO: ("u",),
    Key.CATCH: ("x",),
    Key.CHALLENGE: ("h",),
    Key.ACCEPT: ("a",),
    Key.JUMP: ("j",),
    Key.CARD_CHECK: ("c",),
    Key.TOUCH: ("t",),
    Key.HAND: ("l",),
    Key.WHOSE_TURN: ("w",),
    Key.SCORES: ("s",),
    Key.PILE: ("p",),
    Key.SORT: ("o",),
    Key.REPEAT: ("r",),
    Key.OLDER: ("pageup", "up", "["),
    Key.NEWER: ("pagedown", "down", "]"),
    Key.SWITCH_HISTORY: ("v", "f3"),
    Key.QUICK_REFERENCE: ("f2", "e"),
    Key.HELP: ("f1", "?"),
    Key.SPEECH: ("m",),
    Key.GO_ON: ("space",),
    Key.SKIP_AHEAD: ("tab",),
    Key.QUIT: ("q",),
}
# while a colour is asked: its first letter or 1-4 (RULES.md: "choose a colour by its
# first letter"); these replace the keys above for that one answer
COLOR_KEYS: dict[Key, tuple[str, ...]] = {
    Key.RED: ("r", "1"),
    Key.GREEN: ("g", "2"),
    Key.BLUE: ("b", "3"),
    Key.YELLOW: ("y", "4"),
}
_NAMES = {"space": " ", "enter": Keys.ControlM, "tab": Keys.ControlI}
# keys that mean nothing in the game: said so (F3 to F12, Insert, Delete)
_NO_MEANING = (*(f"f{n}" for n in range(4, 13)), "insert", "delete")


@dataclass(frozen=True, slots=True)
class Pressed:
    """A key was pressed (as opposed to a typed command line, which is a ``str``)."""

    key: Key


@dataclass(frozen=True, slots=True)
class Routed:
    """A braille display's routing key over the hand's card ``index``: the first press
    selects it, a second press on it (``play``) plays it.
    """

    index: int
    play: bool


class Modes:
    """What the prompt is taking now: single keys, the colour keys, a yes or no, or a typed
    line (the command line).
    """

    def __init__(self) -> None:
        self.command_line = False
        self.colors = False
        self.yes_no = False


def key_bindings(modes: Modes) -> KeyBindings:
    """The bindings of the game's prompt: each key ends the prompt with ``Pressed``."""
    bindings = KeyBindings()
    empty = Condition(lambda: _buffer_empty())
    keys = Condition(
        lambda: not modes.command_line and not modes.colors and not modes.yes_no
    ) & empty
    colors = Condition(lambda: modes.colors and not modes.command_line) & empty
    yes_no = Condition(lambda: modes.yes_no)
    typing = Condition(lambda: modes.command_line)

    def press(key: Key) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.app.exit(result=Pressed(key))

        return handler

    for key, names in KEYMAP.items():
        for name in names:
            bindings.add(_NAMES.get(name, name), filter=keys)(press(key))
    for name in _NO_MEANING:  # prompt_toolkit would ignore these without a word
        bindings.add(name, filter=keys)(press(Key.UNKNOWN))
    for key, names in COLOR_KEYS.items():
        for name in names:
            bindings.add(name, filter=colors)(press(key))
    bindings.add("enter", filter=colors)(press(Key.PLAY))  # Enter alone: no colour
    bindings.add("y", filter=yes_no)(press(Key.YES))
    bindings.add(Keys.Any, filter=yes_no)(press(Key.NO))  # any other key: no

    @bindings.add("/", filter=keys | colors)
    def _open(event: KeyPressEvent) -> None:
        modes.command_line = True

    @bindings.add(Keys.Any, filter=keys | colors)
    def _start_typing(event: KeyPressEvent) -> None:
        """A printable key with no meaning of its own begins a typed command; any other key
        with no meaning is said to have none.
        """
        if event.data.isprintable():
            modes.command_line = True
            event.current_buffer.insert_text(event.data)
        else:
            event.app.exit(result=Pressed(Key.UNKNOWN))

    @bindings.add("escape", filter=typing, eager=True)
    def _close(event: KeyPressEvent) -> None:
        modes.command_line = False
        event.current_buffer.reset()

    @bindings.add("enter", filter=typing)
    def _send(event: KeyPressEvent) -> None:
        text = event.current_buffer.text
        modes.command_line = False
        event.current_buffer.reset()
        event.app.exit(result=text)

    return bindings


def _buffer_empty() -> bool:
    from prompt_toolkit.application.current import get_app

    return not get_app().current_buffer.text


def key_name(key: Key) -> str:
    """How help names the key: "Left", "D", "F1"."""
    names = KEYMAP.get(key) or COLOR_KEYS.get(key) or ("",)
    return " or ".join(_shown(name) for name in names)


def _shown(name: str) -> str:
    if len(name) == 1:
        return name.upper() if name.isalpha() else name
    return {"pageup": "Page Up", "pagedown": "Page Down"}.get(name, name.capitalize())
