"""One command registry for keys and typed words, and the prompt_toolkit bindings that
read the keys.

Each action or question is one ``Key``. ``REGISTRY`` gives each its keys (a letter works
in either case, so Caps Lock and Shift change nothing), its typed words (every key that
is one character is typed as that character too, so a letter typed means what its key
means), and its scenario act name where it has one; F1's key help and the typed-command
help are made from it (``key_help_lines``, ``typed_help_lines``).

The letters and words are the player's language's (``messages.key_letters``,
``messages.command_words``: Spanish M for the hand, "robar" for draw), read as each key
comes, so that a seat speaking Spanish at a server where another speaks English has its
own; the English letters in ``REGISTRY`` stand for each command's letter. English words
are always taken too, and so are English letters the language leaves free (L for the
hand in Portuguese, beside its own M); a letter or word of the language never means an
English command instead, and no language gives B, G or Y a meaning (card codes, typed at
a key prompt).

A key pressed at an empty prompt is a ``Key`` at once (no Enter). ``/`` asks for the
command line (``Pressed(Key.COMMAND_LINE)``), and a printable key that has no meaning of
its own asks for it with that character (``Typing``), so a braille keyboard can simply
type ``b#g`` and Enter; the table announces the command line and reads the line
(``Keyboard.read_line``), where Escape closes it (``Pressed(Key.CLOSE)``).

Only these bindings are active (``Keyboard`` loads none of prompt_toolkit's own): every
other key ends the prompt as ``Key.UNKNOWN``, which the table says does nothing; Ctrl-C
(and Ctrl-\\) always interrupts and Ctrl-D always ends the input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase, merge_key_bindings
from prompt_toolkit.keys import Keys

from .. import text
from ..access import messages
from ..access.wording import language
from ..engine.cards import Color
from ..seat.menu import MenuKey


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


@dataclass(frozen=True, slots=True)
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
        if not any(_is_letter(name) for name in self.keys):
            return None
        return messages.key_letters().get(self.name)

    def keys_now(self) -> tuple[str, ...]:
        """Its keys in the current language: the letter the language gives in place of the
        English one (none when the language has none for it)."""
        letter = self.letter
        return tuple(
            (letter or "") if _is_letter(name) else name
            for name in self.keys
            if not _is_letter(name) or letter
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


def _is_letter(name: str) -> bool:
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
    name: entry.key for entry in REGISTRY for name in entry.keys if _is_letter(name)
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
    if not _is_letter(letter):
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
_MENU_MOVES = {"up": Key.OLDER, "down": Key.NEWER}  # always
_MENU_FREE = {"left": Key.PREVIOUS, "right": Key.NEXT, "home": Key.FIRST, "end": Key.LAST}

_NAMES = {"space": " ", "enter": Keys.ControlM, "tab": Keys.ControlI}
# keys that are no key press at all: answers of the terminal, nothing to say
_SILENT = (
    Keys.CPRResponse,
    Keys.Ignore,
    Keys.Vt100MouseEvent,
    Keys.ScrollUp,
    Keys.ScrollDown,
    Keys.WindowsMouseEvent,
)


@dataclass(frozen=True, slots=True)
class Pressed:
    """A key was pressed (as opposed to a typed command line, which is a ``str``)."""

    key: Key


@dataclass(frozen=True, slots=True)
class Typing:
    """A printable key with no meaning of its own, or a paste: the command line is asked
    for, beginning with ``text``.
    """

    text: str


@dataclass(frozen=True, slots=True)
class TooLong:
    """A typed or pasted line longer than ``text.LINE_LIMIT``: refused, nothing done.
    ``paused``: refused at the pause after it (no Enter came), the line erased.
    """

    paused: bool = False


# What the input's parser feeds at a pause in the input after a line went past the limit
# (a private-use character: no key makes it, and it is not printable)
PAUSE_AFTER_TOO_LONG = "\ue000"


@dataclass(frozen=True, slots=True)
class Routed:
    """A braille display's routing key over the hand's card ``index``: the first press
    selects it, a second press on it (``play``) plays it.
    """

    index: int
    play: bool


Read = str | Pressed | Routed | Typing | TooLong


class Modes:
    """What the prompt is taking now: single keys, the colour keys, a yes or no, or a typed
    line (the command line); ``menu``: a question with choices is asked, whose keys move
    through them (``MENU_KEYS``). ``too_long``: the line being typed went past the limit;
    ``discard``: the input's parser drops the printable characters that follow, up to
    the next other key (the rest of a long line costs nothing).
    """

    def __init__(self) -> None:
        self.command_line = False
        self.colors = False
        self.menu = False
        self.yes_no = False
        self.too_long = False
        self.discard = False
        self.sent = False  # a line was sent: it stays on the screen, and goes at the next read
        # Ctrl-C or Ctrl-D came as the prompt was ending already: raised once it has ended
        self.interrupted = False
        self.ended = False


def _cases(name: str) -> tuple[str, ...]:
    """A letter in both cases (Caps Lock and Shift change nothing); Enter as Ctrl-M (a
    terminal's Return) and Ctrl-J (a line feed); any other key alone.
    """
    if len(name) == 1 and name.isalpha():
        return (name.lower(), name.upper())
    if name == "enter":
        return (name, "c-j")
    return (name,)


def end_prompt(app: Any, exception: type[BaseException], style: str = "") -> bool:
    """End a running prompt with ``exception``; False when it is not running or is ending
    already (prompt_toolkit raises then: "Application is not running")."""
    future = getattr(app, "future", None)
    if future is None or future.done():
        return False
    app.exit(exception=exception, style=style)
    return True


def _never(event: KeyPressEvent) -> bool:
    return False  # nothing of ours goes on prompt_toolkit's undo stack


def key_bindings(modes: Modes, buffer: Buffer, keys: bool) -> KeyBindingsBase:
    """The game's bindings, and the only ones active: with ``keys`` each key ends the
    prompt with what it means; otherwise (and on the command line) a line is typed with
    plain editing: printable characters, Backspace, Delete, Left, Right, Home, End,
    Enter, Escape. Anything else ends the prompt as ``Key.UNKNOWN`` (the line kept).
    """
    bindings = KeyBindings()
    keyed = Condition(lambda: keys)
    typing = ~keyed | Condition(lambda: modes.command_line)
    yes_no = keyed & Condition(lambda: modes.yes_no) & ~typing
    colors = keyed & Condition(lambda: modes.colors) & ~typing & ~yes_no
    plain = keyed & ~typing & ~yes_no & ~colors
    picking = plain | colors
    menu = Condition(lambda: modes.menu) & ~yes_no
    nothing_typed = Condition(lambda: not buffer.text)

    def add(
        *names: str | Keys, filter: Filter
    ) -> Callable[[Callable[[KeyPressEvent], None]], Callable[[KeyPressEvent], None]]:
        return bindings.add(*names, filter=filter, save_before=_never)

    def press(key: Key) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.app.exit(result=Pressed(key))

        return handler

    @bindings.add("c-c", save_before=_never)
    @bindings.add("c-\\", save_before=_never)
    @bindings.add("<sigint>", save_before=_never)
    def _interrupt(event: KeyPressEvent) -> None:
        """Ctrl-C (or Ctrl-\\, which stops the game between prompts too, as SIGQUIT),
        whatever the prompt is taking; noted first, so that a prompt already ending (with
        a key read in the same moment) is interrupted as it ends."""
        modes.interrupted = True
        end_prompt(event.app, KeyboardInterrupt, "class:aborting")

    @bindings.add("c-d", save_before=_never)
    def _end(event: KeyPressEvent) -> None:
        """Ctrl-D ends the input, whatever the prompt is taking."""
        modes.ended = True
        end_prompt(event.app, EOFError, "class:exiting")

    for entry in REGISTRY:  # the letters are read as they come, in the language (_other)
        for name in entry.keys:
            if _is_letter(name):
                continue
            for case in _cases(name):
                add(_NAMES.get(case, case), filter=plain)(press(entry.key))
    for key, names in color_keys().items():
        for name in names:
            for case in _cases(name):
                add(case, filter=colors)(press(key))
    for case in _cases("enter"):
        add(case, filter=colors)(press(Key.PLAY))  # Enter alone: no colour
    add("/", filter=colors)(press(Key.COMMAND_LINE))

    for case in _cases("enter"):
        add(case, filter=yes_no)(press(Key.DEFAULT))  # Enter: the default, as the question says

    @add(Keys.Any, filter=yes_no)
    def _yes_no(event: KeyPressEvent) -> None:
        """Yes: the language's yes letter, or Y; any other key: no."""
        key = event.key_sequence[0].key
        if key in _SILENT:
            return
        said = event.data.lower() if not isinstance(key, Keys) else ""
        yes = said in messages.yes_letters()
        event.app.exit(result=Pressed(Key.YES if yes else Key.NO))

    add(Keys.BracketedPaste, filter=yes_no)(press(Key.NO))

    @add(Keys.Any, filter=picking)
    def _other(event: KeyPressEvent) -> None:
        """A printable key with no meaning of its own asks for the command line; any other
        key with no meaning is said to have none.
        """
        key = event.key_sequence[0].key
        if key in _SILENT:
            return
        named = None if isinstance(key, Keys) or modes.colors else letter_key(event.data)
        if named is not None:  # a letter, the language's key for a command
            event.app.exit(result=Pressed(named))
        elif not isinstance(key, Keys) and event.data.isprintable():
            event.app.exit(result=Typing(event.data))
        else:
            event.app.exit(result=Pressed(Key.UNKNOWN))

    @add(Keys.BracketedPaste, filter=picking)
    def _paste_key(event: KeyPressEvent) -> None:
        """A paste at a key prompt is typed into the command line (too long: refused
        there, at Enter)."""
        pasted = text.shown(event.data, text.LINE_LIMIT + 1)
        if pasted.strip():
            event.app.exit(result=Typing(pasted))

    # ------------------------------------------------------------- typing a line

    def insert(typed: str) -> None:
        if modes.too_long:
            return
        if len(buffer.text) + len(typed) > text.LINE_LIMIT:
            modes.too_long = True  # refused at Enter; the buffer stays bounded
            modes.discard = True
            return
        buffer.insert_text(typed)

    @add(Keys.Any, filter=typing)
    def _type(event: KeyPressEvent) -> None:
        key = event.key_sequence[0].key
        if key in _SILENT:
            return
        if not isinstance(key, Keys):
            # a character, not a key: typed, or dropped when it is not printable (a line
            # keeps no such character anyway), so that a paste of odd text costs nothing
            if event.data.isprintable():
                insert(event.data)
        else:
            event.app.exit(result=Pressed(Key.UNKNOWN))  # the line is kept

    @add(Keys.BracketedPaste, filter=typing)
    def _paste(event: KeyPressEvent) -> None:
        pasted = text.shown(event.data, text.LINE_LIMIT + 1)
        if len(pasted) > text.LINE_LIMIT:
            modes.too_long = modes.discard = True  # the rest of it is dropped, up to a key
        else:
            insert(pasted)

    @add(PAUSE_AFTER_TOO_LONG, filter=typing)
    def _pause_after_too_long(event: KeyPressEvent) -> None:
        """The input paused after a line went past the limit with no Enter (a paste
        without its brackets): refused now, so that the keys that follow work at once.
        """
        if not modes.too_long:
            return
        clear()
        event.app.erase_when_done = True  # the refused line is not left on the screen
        event.app.exit(result=TooLong(paused=True))

    @add("c-h", filter=typing)  # Backspace
    def _backspace(event: KeyPressEvent) -> None:
        buffer.delete_before_cursor()

    @add("delete", filter=typing)
    def _delete(event: KeyPressEvent) -> None:
        buffer.delete()

    @add("left", filter=typing)
    def _left(event: KeyPressEvent) -> None:
        buffer.cursor_position -= 1 if buffer.cursor_position > 0 else 0

    @add("right", filter=typing)
    def _right(event: KeyPressEvent) -> None:
        buffer.cursor_position += 1 if buffer.cursor_position < len(buffer.text) else 0

    @add("home", filter=typing)
    def _home(event: KeyPressEvent) -> None:
        buffer.cursor_position = 0

    @add("end", filter=typing)
    def _line_end(event: KeyPressEvent) -> None:
        buffer.cursor_position = len(buffer.text)

    @add("escape", filter=typing)
    def _close(event: KeyPressEvent) -> None:
        """Escape closes the command line (with keys) or clears the typed line."""
        clear()
        event.app.erase_when_done = True  # nothing was sent: no line is left behind
        event.app.exit(result=Pressed(Key.CLOSE))

    @add("enter", filter=typing)
    @add("c-j", filter=typing)
    def _send(event: KeyPressEvent) -> None:
        too_long = modes.too_long
        line = text.shown(buffer.text)
        modes.too_long = modes.discard = False
        modes.sent = True  # the line stays on the screen as it was typed
        event.app.exit(result=TooLong() if too_long else line)

    def clear() -> None:
        modes.too_long = modes.discard = False
        buffer.reset()

    # ------------------------------------------------------------- a menu's keys
    # added last: on a typed line they come before the editing keys they share

    def move(key: Key) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            """A move through the menu: no line is left behind, nothing typed kept."""
            clear()
            event.app.erase_when_done = True
            event.app.exit(result=Pressed(key))

        return handler

    for name, key in _MENU_MOVES.items():
        add(name, filter=menu & (colors | typing))(move(key))
    for name, key in _MENU_FREE.items():  # where they are free: no line is being edited
        add(name, filter=menu & (colors | (typing & nothing_typed)))(move(key))

    return merge_key_bindings([load_cpr_bindings(), bindings])


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
