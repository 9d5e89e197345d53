"""A browser's key means what the same key means at the terminal: each key the page may
send, at a key prompt, a colour's question, a yes-or-no question and in a menu, read by
the browser's keyboard (``seat.keys.key_read``) and by the terminal's own prompt_toolkit
keyboard through its real pipe input, as a terminal sends the key, in each language.
"""

from __future__ import annotations

import os

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access.access.wording import language
from uno_access.seat.keys import Key, Pressed, Read, key_read
from uno_access.ui.terminal import Keyboard

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

# the keys as a terminal sends them (escape alone is left out: the terminal waits to
# tell it from the start of a sequence, which a pipe cannot show)
SENT = {
    "enter": "\r",
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "f3": "\x1bOR",
    "f4": "\x1bOS",
    "space": " ",
    "tab": "\t",
    "backspace": "\x7f",
    "delete": "\x1b[3~",
    **{c: c for c in "dDuUxXhHcCtTlLsSrRvVmMzZnNqQkKaAoOjJpPbByYgGeEiI1234579/?[]!"},
}


def _terminal(ask: str, menu: bool) -> dict[str, Read | Key]:
    """Each key of ``SENT`` read by one terminal keyboard, one prompt each."""
    read: dict[str, Read | Key] = {}
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        with keyboard.menu(menu):
            for name, sent in SENT.items():
                pipe.send_text(sent)
                if ask == "color":
                    read[name] = keyboard.read_color("colour> ")
                elif ask == "choice":
                    read[name] = keyboard.read_choice("yes? ")
                else:
                    read[name] = keyboard.read("uno> ")
    return read


def _browser(name: str, ask: str, menu: bool) -> Read | Key:
    got = key_read(name, colors=ask == "color", yes_no=ask == "choice", menu=menu)
    if ask == "choice":
        assert isinstance(got, Pressed)
        return got.key
    return got


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
@pytest.mark.parametrize(
    ("ask", "menu"),
    [("key", False), ("key", True), ("color", False), ("color", True), ("choice", False)],
)
def test_a_browsers_key_means_what_the_terminal_reads_for_it(
    lang: str, ask: str, menu: bool
) -> None:
    with language.use(lang):
        terminal = _terminal(ask, menu)
        browser = {name: _browser(name, ask, menu) for name in SENT}
    assert {n: (browser[n], terminal[n]) for n in SENT if browser[n] != terminal[n]} == {}
