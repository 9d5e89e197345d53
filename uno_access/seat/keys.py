"""The command registry and the inputs a seat takes, with no I/O: each action or question
is one ``Key``; ``REGISTRY`` gives each its keys (prompt_toolkit's names for them, as text),
its typed words in the player's language and its scenario act name. ``Pressed``,
``Typing``, ``TooLong``, ``Routed`` and a typed ``str`` are what a driver reads from a
person (``Read``). The bindings that read them at a terminal are ``ui.keys``'.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from ..access import messages
from ..access.wording import language
from ..engine.cards import Color
from ..values import frozen
from .menu import MenuKey


class Key(Enum):
    """What a key or a typed word asks for: the command registry's members."""

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
    ANNIVERSARY = "anniversary"
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
    CHAT_HISTORY = "chat history"  # the chat's history (network play)
    QUICK_REFERENCE = "quick reference"
    HELP = "help"
    SPEECH = "speech"
    SOUNDS = "sounds"
    GO_ON = "go on"  # let play go on; the next bot move; the next round
    SKIP_AHEAD = "skip ahead"
    QUIT = "quit"
    COMMAND_LINE = "command line"
    CLOSE = "close the command line"
    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"
    YES = "yes"
    NO = "no"
    DEFAULT = "the default answer"  # Enter at a yes-or-no question: its default, said
    UNKNOWN = "a key with no meaning"


@frozen(slots=True)
class Entry:
    """One command of the registry: its keys (prompt_toolkit names, the first is the one
    help names first), its typed words, and its scenario act name. ``typed``: whether it
    can be typed at all (the command line cannot be asked for from itself).
    """

    key: Key
    keys: tuple[str, ...] = ()
    act: str | None = None
    typed: bool = True

    @property
    def name(self) -> str:
        """The command's name in ``messages.COMMAND_WORDS`` and the help texts."""
        return self.key.name.lower()

    @property
    def letter(self) -> str | None:
        """Its letter key in the current language (lowercase), or None."""
        if not any(is_letter(name) for name in self.keys):
            return None
        return messages.key_letters().get(self.name)

    def keys_now(self) -> tuple[str, ...]:
        """Its keys in the current language: the letter the language gives in place of the
        English one (none when the language has none for it)."""
        letter = self.letter
        return tuple(
            (letter or "") if is_letter(name) else name
            for name in self.keys
            if not is_letter(name) or letter
        )

    @property
    def words(self) -> tuple[str, ...]:
        """What may be typed for it in the current language: each one-character key (its
        letter the language's), then its words (the language's, then English)."""
        if not self.typed:
            return ()
        chars = tuple(name for name in self.keys_now() if len(name) == 1)
        said = messages.command_words().get(self.name, ())
        return tuple(dict.fromkeys((*chars, *said)))

    def words_shown(self) -> tuple[str, ...]:
        """The words help names for it, three at most: its key's character, its first word
        in the language, then its English words ("d or robar or draw")."""
        said = self.words
        english = messages.COMMAND_WORDS.get(self.name, ())
        chars = [word for word in said if len(word) == 1]
        own = [word for word in said if len(word) > 1 and word not in english]
        mine = [word for word in english if word in said]
        return tuple(dict.fromkeys([*chars[:1], *own[:1], *mine]))[:3]


def is_letter(name: str) -> bool:
    return len(name) == 1 and "a" <= name <= "z"


# in the order help says them
REGISTRY: tuple[Entry, ...] = (
    Entry(Key.PREVIOUS, ("left",)),
    Entry(Key.NEXT, ("right",)),
    Entry(Key.FIRST, ("home",)),
    Entry(Key.LAST, ("end",)),
    Entry(Key.SORT, ("o",)),
    Entry(Key.PLAY, ("enter",), "play_drawn"),
    Entry(Key.DRAW, ("d",), "draw"),
    Entry(Key.KEEP, ("k",), "keep"),
    Entry(Key.UNO, ("u",), "uno"),
    Entry(Key.CATCH, ("x",), "catch"),
    Entry(Key.CHALLENGE, ("h",), "challenge"),
    Entry(Key.ACCEPT, ("a",), "accept"),
    Entry(Key.JUMP, ("j",), "jump_in"),
    Entry(Key.ANNIVERSARY),
    Entry(Key.CARD_CHECK, ("c",), "card_check"),
    Entry(Key.TOUCH, ("t",), "touch"),
    Entry(Key.HAND, ("l",)),
    Entry(Key.WHOSE_TURN, ("w",)),
    Entry(Key.SCORES, ("s",)),
    Entry(Key.PILE, ("p",)),
    Entry(Key.REPEAT, ("r",)),
    Entry(Key.OLDER, ("pageup", "up", "[")),
    Entry(Key.NEWER, ("pagedown", "down", "]")),
    Entry(Key.SWITCH_HISTORY, ("v", "f3")),
    Entry(Key.CHAT_HISTORY, ("i", "f6")),
    Entry(Key.QUICK_REFERENCE, ("f2", "e")),
    Entry(Key.SPEECH, ("m",)),
    Entry(Key.SOUNDS, ("z", "f4")),
    Entry(Key.GO_ON, ("space", "n"), "next_round"),
    Entry(Key.SKIP_AHEAD, ("tab",)),
    Entry(Key.COMMAND_LINE, ("/",), typed=False),
    Entry(Key.HELP, ("f1", "?")),
    Entry(Key.QUIT, ("q",)),
)
ENTRIES: dict[Key, Entry] = {entry.key: entry for entry in REGISTRY}
_BY_NAME: dict[str, Key] = {entry.name: entry.key for entry in REGISTRY}


# each English letter key and its command: a letter the player's language gives no command
# keeps its English meaning (L for the hand in Portuguese, whose own letter is M), as
# English words are always taken too; a letter the language uses is the language's
_ENGLISH_LETTERS: dict[str, Key] = {
    name: entry.key for entry in REGISTRY for name in entry.keys if is_letter(name)
}


@cache
def _words(code: str) -> dict[str, Key]:
    with language.use(code):
        said = {word: entry.key for entry in REGISTRY for word in entry.words}
    free = {letter: key for letter, key in _ENGLISH_LETTERS.items() if letter not in said}
    return {**said, **free}


def words(code: str | None = None) -> dict[str, Key]:
    """Every typed word or phrase of a language (the current one by default; lowercase,
    single spaces), and the command it names: one command each."""
    return _words(language.language_of(code) if code else language.current())


def letter_key(char: str, code: str | None = None) -> Key | None:
    """The command a letter key asks for in a language (the current one by default)."""
    letter = char.lower()
    if not is_letter(letter):
        return None
    for name, given in messages.key_letters(code).items():
        if given == letter and name in _BY_NAME:
            return _BY_NAME[name]
    return _ENGLISH_LETTERS.get(letter)  # a letter the language leaves free: English's


# the English words, for what reads no language (a scenario's acts, the tests' tables)
WORDS: dict[str, Key] = words(language.ENGLISH)

# while a colour is asked: its first letter or 1-4 (RULES.md: "choose a colour by its
# first letter"); these replace the keys above for that one answer
COLOR_KEYS: dict[Key, tuple[str, ...]] = {
    Key.RED: ("r", "1"),
    Key.GREEN: ("g", "2"),
    Key.BLUE: ("b", "3"),
    Key.YELLOW: ("y", "4"),
}
_COLOR_KEY_OF = {Color.RED: Key.RED, Color.GREEN: Key.GREEN, Color.BLUE: Key.BLUE}
_COLOR_KEY_OF[Color.YELLOW] = Key.YELLOW


def color_keys(code: str | None = None) -> dict[Key, tuple[str, ...]]:
    """The colour keys in a language (the current one by default): its own letters (the
    language table's, as its prompt says them: Spanish R, V, A, M), 1 to 4, and the
    English letters where they name no other colour."""
    own = {_COLOR_KEY_OF[color]: letter for color, letter in language.color_keys(code).items()}
    taken = set(own.values())
    return {
        key: tuple(
            dict.fromkeys(
                [own[key], *(name for name in names if name == own[key] or name not in taken)]
            )
        )
        for key, names in COLOR_KEYS.items()
    }


# a menu's keys (``seat.menu``) as the registry names them: in a question with choices Up
# and Down (the history's keys elsewhere), Left, Right, Home and End (the hand's), Enter
# and Escape are the menu's (``Modes.menu``)
MENU_KEYS: dict[Key, MenuKey] = {
    Key.OLDER: MenuKey.UP,
    Key.NEWER: MenuKey.DOWN,
    Key.PREVIOUS: MenuKey.LEFT,
    Key.NEXT: MenuKey.RIGHT,
    Key.FIRST: MenuKey.HOME,
    Key.LAST: MenuKey.END,
    Key.PLAY: MenuKey.ENTER,
    Key.CLOSE: MenuKey.ESCAPE,
}


@frozen(slots=True)
class Pressed:
    """A key was pressed (as opposed to a typed command line, which is a ``str``)."""

    key: Key


@frozen(slots=True)
class Typing:
    """A printable key with no meaning of its own, or a paste: the command line is asked
    for, beginning with ``text``.
    """

    text: str


@frozen(slots=True)
class TooLong:
    """A typed or pasted line longer than ``text.LINE_LIMIT``: refused, nothing done.
    ``paused``: refused at the pause after it (no Enter came), the line erased.
    """

    paused: bool = False


# What the input's parser feeds at a pause in the input after a line went past the limit
# (a private-use character: no key makes it, and it is not printable)
PAUSE_AFTER_TOO_LONG = "\ue000"


@frozen(slots=True)
class Routed:
    """A braille display's routing key over the hand's card ``index``: the first press
    selects it, a second press on it (``play``) plays it.
    """

    index: int
    play: bool


Read = str | Pressed | Routed | Typing | TooLong


# ----------------------------------------------------------------- one key, as a value
# What a key pressed at a prompt taking single keys asks for, by its name (a character, or
# prompt_toolkit's name: "enter", "left", "f1"): the terminal's bindings (``ui.keys``) and
# the browser's keys (``net.web``) read them alike.

# the registry's keys that are no letter (the letters are the language's: ``letter_key``)
NAMED_KEYS: dict[str, Key] = {
    name: entry.key for entry in REGISTRY for name in entry.keys if not is_letter(name)
}
_SPELLED = {" ": "space", "\t": "tab"}  # a character that is a named key

# in a question with choices: Up and Down always, Left, Right, Home and End where no line
# is being typed (``seat.menu``)
MENU_MOVES: dict[str, Key] = {"up": Key.OLDER, "down": Key.NEWER}
MENU_FREE: dict[str, Key] = {
    "left": Key.PREVIOUS,
    "right": Key.NEXT,
    "home": Key.FIRST,
    "end": Key.LAST,
}


def unbound_key(char: str, colors: bool = False) -> Read:
    """A character with no key of its own at a key prompt: a letter is the language's key
    for a command (not while a colour is asked), any other printable character asks for
    the command line with it (``Typing``); anything else is a key with no meaning.
    """
    named = None if colors else letter_key(char)
    if named is not None:
        return Pressed(named)
    if char.isprintable():
        return Typing(char)
    return Pressed(Key.UNKNOWN)


def yes_no_key(char: str) -> Key:
    """A key at a yes-or-no question: the language's yes letter (or Y) is yes, any other no
    (``char`` empty for a key that is no character)."""
    return Key.YES if char.lower() in messages.yes_letters() else Key.NO


def key_read(name: str, *, colors: bool = False, yes_no: bool = False, menu: bool = False) -> Read:
    """What the key ``name`` asks for at a prompt taking single keys (keys on, no line being
    typed): ``colors`` a colour is asked (its keys, Enter for none, ``/`` the command
    line); ``yes_no`` a yes-or-no question (Enter its default); ``menu`` a question with
    choices, whose keys move through them. As the terminal's bindings read it."""
    name = _SPELLED.get(name, name)
    if yes_no:
        if name == "enter":
            return Pressed(Key.DEFAULT)
        return Pressed(yes_no_key(name if len(name) == 1 else ""))
    if colors:
        for key, names in color_keys().items():
            if name.lower() in names:
                return Pressed(key)
        if name == "enter":
            return Pressed(Key.PLAY)
        if name == "/":
            return Pressed(Key.COMMAND_LINE)
        moved = (MENU_MOVES.get(name) or MENU_FREE.get(name)) if menu else None
        if moved is not None:
            return Pressed(moved)
    else:
        named = NAMED_KEYS.get(name)
        if named is not None:
            return Pressed(named)
    char = " " if name == "space" else name  # the one named key that is a character
    if len(char) == 1:
        return unbound_key(char, colors)
    return Pressed(Key.UNKNOWN)


def choice_of(answer: Read) -> Key:
    """A yes-or-no question's answer from what was read: ``Key.YES`` or ``Key.DEFAULT`` as
    pressed, an empty line the default, a typed yes (in the language or English) yes; any
    other key or line no."""
    if isinstance(answer, Pressed):
        return answer.key if answer.key in (Key.YES, Key.DEFAULT) else Key.NO
    typed = answer.strip().lower() if isinstance(answer, str) else None
    if typed == "":
        return Key.DEFAULT
    return Key.YES if typed in messages.part_words("yes") else Key.NO


def key_help_lines() -> list[str]:
    """F1 with keys: one line for each command that has a key."""
    lines = []
    for entry in REGISTRY:
        what = messages.keyed(messages.tr(messages.KEY_HELP.get(entry.name, "")))
        keys = entry.keys_now()
        if keys and what:
            lines.append(messages.key_help_line(messages.key_names(keys), what))
    return lines


def typed_help_lines() -> list[str]:
    """``help`` typed: the cards, then one line for each command that has words."""
    lines = [messages.tr(messages.TYPED_HELP_START[0]), messages.tr(messages.TYPED_HELP_START[1])]
    for entry in REGISTRY:
        what = messages.keyed(messages.tr(messages.TYPED_HELP.get(entry.name, "")), keys=False)
        if entry.words and what:
            lines.append(messages.typed_help_line(entry.words_shown(), what))
    lines += [messages.tr(messages.TYPED_HELP_END[0]), messages.tr(messages.TYPED_HELP_END[1])]
    return lines
