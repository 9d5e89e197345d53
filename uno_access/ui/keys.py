"""The prompt_toolkit bindings that read the keys of the one command registry for keys and
typed words (``seat.keys``, with no I/O, where the registry and the inputs now live; its
names are given here too).

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
from functools import cache
from typing import Any

from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase, merge_key_bindings
from prompt_toolkit.keys import Keys

from .. import text
from ..seat.keys import (
    COLOR_KEYS,
    ENTRIES,
    MENU_FREE,
    MENU_KEYS,
    MENU_MOVES,
    NAMED_KEYS,
    PAUSE_AFTER_TOO_LONG,
    REGISTRY,
    WORDS,
    Entry,
    Key,
    Pressed,
    Read,
    Routed,
    TooLong,
    Typing,
    color_keys,
    key_help_lines,
    letter_key,
    typed_help_lines,
    unbound_key,
    words,
    yes_no_key,
)

__all__ = [  # the registry and the inputs are the seat's: named here for the ui's modules
    "COLOR_KEYS",
    "ENTRIES",
    "MENU_KEYS",
    "PAUSE_AFTER_TOO_LONG",
    "REGISTRY",
    "WORDS",
    "Entry",
    "Key",
    "Modes",
    "Pressed",
    "Read",
    "Routed",
    "TooLong",
    "Typing",
    "color_keys",
    "end_prompt",
    "key_bindings",
    "key_help_lines",
    "letter_key",
    "typed_help_lines",
    "words",
]


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


_NO_MODES = Modes()


def _modes() -> Modes:
    """The modes of the keyboard whose prompt is running (``Keyboard`` gives its
    application its own); a prompt of no keyboard takes keys alone."""
    modes = getattr(get_app(), "modes", None)
    return modes if isinstance(modes, Modes) else _NO_MODES


def _event_modes(event: KeyPressEvent) -> Modes:
    modes = getattr(event.app, "modes", None)
    return modes if isinstance(modes, Modes) else _NO_MODES


def key_bindings(keys: bool) -> KeyBindingsBase:
    """The game's bindings, and the only ones active: with ``keys`` each key ends the
    prompt with what it means; otherwise (and on the command line) a line is typed with
    plain editing: printable characters, Backspace, Delete, Left, Right, Home, End,
    Enter, Escape. Anything else ends the prompt as ``Key.UNKNOWN`` (the line kept).

    Made once for every keyboard alike (keys or not, the language's colour keys): each
    binding finds the prompt's modes and line through the application running it. About
    400 objects and 1.5 ms a keyboard otherwise, and a server makes a keyboard for every
    person in its lobby and at its tables.
    """
    return _shared_bindings(keys, tuple(color_keys().items()))


@cache
def _shared_bindings(
    keys: bool, colours: tuple[tuple[Key, tuple[str, ...]], ...]
) -> KeyBindingsBase:
    bindings = KeyBindings()
    keyed = Condition(lambda: keys)
    typing = ~keyed | Condition(lambda: _modes().command_line)
    yes_no = keyed & Condition(lambda: _modes().yes_no) & ~typing
    colors = keyed & Condition(lambda: _modes().colors) & ~typing & ~yes_no
    plain = keyed & ~typing & ~yes_no & ~colors
    picking = plain | colors
    menu = Condition(lambda: _modes().menu) & ~yes_no
    nothing_typed = Condition(lambda: not get_app().current_buffer.text)

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
        _event_modes(event).interrupted = True
        end_prompt(event.app, KeyboardInterrupt, "class:aborting")

    @bindings.add("c-d", save_before=_never)
    def _end(event: KeyPressEvent) -> None:
        """Ctrl-D ends the input, whatever the prompt is taking."""
        _event_modes(event).ended = True
        end_prompt(event.app, EOFError, "class:exiting")

    for name, key in NAMED_KEYS.items():  # the letters are read as they come (_other)
        for case in _cases(name):
            add(_NAMES.get(case, case), filter=plain)(press(key))
    for key, names in colours:
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
        event.app.exit(result=Pressed(yes_no_key(event.data if not isinstance(key, Keys) else "")))

    add(Keys.BracketedPaste, filter=yes_no)(press(Key.NO))

    @add(Keys.Any, filter=picking)
    def _other(event: KeyPressEvent) -> None:
        """A printable key with no meaning of its own asks for the command line; any other
        key with no meaning is said to have none.
        """
        key = event.key_sequence[0].key
        if key in _SILENT:
            return
        if isinstance(key, Keys):
            event.app.exit(result=Pressed(Key.UNKNOWN))
        else:  # a letter, the language's key for a command; or the command line asked for
            event.app.exit(result=unbound_key(event.data, _event_modes(event).colors))

    @add(Keys.BracketedPaste, filter=picking)
    def _paste_key(event: KeyPressEvent) -> None:
        """A paste at a key prompt is typed into the command line (too long: refused
        there, at Enter)."""
        pasted = text.shown(event.data, text.LINE_LIMIT + 1)
        if pasted.strip():
            event.app.exit(result=Typing(pasted))

    # ------------------------------------------------------------- typing a line

    def insert(event: KeyPressEvent, typed: str) -> None:
        modes, buffer = _event_modes(event), event.app.current_buffer
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
                insert(event, event.data)
        else:
            event.app.exit(result=Pressed(Key.UNKNOWN))  # the line is kept

    @add(Keys.BracketedPaste, filter=typing)
    def _paste(event: KeyPressEvent) -> None:
        pasted = text.shown(event.data, text.LINE_LIMIT + 1)
        if len(pasted) > text.LINE_LIMIT:
            modes = _event_modes(event)
            modes.too_long = modes.discard = True  # the rest of it is dropped, up to a key
        else:
            insert(event, pasted)

    @add(PAUSE_AFTER_TOO_LONG, filter=typing)
    def _pause_after_too_long(event: KeyPressEvent) -> None:
        """The input paused after a line went past the limit with no Enter (a paste
        without its brackets): refused now, so that the keys that follow work at once.
        """
        if not _event_modes(event).too_long:
            return
        clear(event)
        event.app.erase_when_done = True  # the refused line is not left on the screen
        event.app.exit(result=TooLong(paused=True))

    @add("c-h", filter=typing)  # Backspace
    def _backspace(event: KeyPressEvent) -> None:
        event.app.current_buffer.delete_before_cursor()

    @add("delete", filter=typing)
    def _delete(event: KeyPressEvent) -> None:
        event.app.current_buffer.delete()

    @add("left", filter=typing)
    def _left(event: KeyPressEvent) -> None:
        buffer = event.app.current_buffer
        buffer.cursor_position -= 1 if buffer.cursor_position > 0 else 0

    @add("right", filter=typing)
    def _right(event: KeyPressEvent) -> None:
        buffer = event.app.current_buffer
        buffer.cursor_position += 1 if buffer.cursor_position < len(buffer.text) else 0

    @add("home", filter=typing)
    def _home(event: KeyPressEvent) -> None:
        event.app.current_buffer.cursor_position = 0

    @add("end", filter=typing)
    def _line_end(event: KeyPressEvent) -> None:
        buffer = event.app.current_buffer
        buffer.cursor_position = len(buffer.text)

    @add("escape", filter=typing)
    def _close(event: KeyPressEvent) -> None:
        """Escape closes the command line (with keys) or clears the typed line."""
        clear(event)
        event.app.erase_when_done = True  # nothing was sent: no line is left behind
        event.app.exit(result=Pressed(Key.CLOSE))

    @add("enter", filter=typing)
    @add("c-j", filter=typing)
    def _send(event: KeyPressEvent) -> None:
        modes = _event_modes(event)
        too_long = modes.too_long
        line = text.shown(event.app.current_buffer.text)
        modes.too_long = modes.discard = False
        modes.sent = True  # the line stays on the screen as it was typed
        event.app.exit(result=TooLong() if too_long else line)

    def clear(event: KeyPressEvent) -> None:
        modes = _event_modes(event)
        modes.too_long = modes.discard = False
        event.app.current_buffer.reset()

    # ------------------------------------------------------------- a menu's keys
    # added last: on a typed line they come before the editing keys they share

    def move(key: Key) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            """A move through the menu: no line is left behind, nothing typed kept."""
            clear(event)
            event.app.erase_when_done = True
            event.app.exit(result=Pressed(key))

        return handler

    for name, key in MENU_MOVES.items():
        add(name, filter=menu & (colors | typing))(move(key))
    for name, key in MENU_FREE.items():  # where they are free: no line is being edited
        add(name, filter=menu & (colors | (typing & nothing_typed)))(move(key))

    return merge_key_bindings([load_cpr_bindings(), bindings])
