"""A blind player at a 20-cell display, for the tests: the game asks (``Watched``, the
real keyboard, tells when it waits for a key or a line), the player reads every line said
since their last key on the real ``vr`` display, one window each, and checks that each
window holds the line's essential in its 20 cells: the card the line names first (its
corner code), the default of a set-up question (in brackets), the keys that answer a
question. What a window holds is read from the display's dots (back-translated by
liblouis where words are looked for), never from the game's own braille strings; the
game's print lines say what each window must hold.

The display is moved through its lines with the display's own commands (``HOME``, then
``LINE_UP``), given to the braille device as a display key gives them; after each the
reader waits until the real display shows the device's window (``sync``): on a loaded
machine it waits on the display's content, never on time.
"""

from __future__ import annotations

import queue
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import louis
from vr_brltty import VirtualDisplay

from uno_access.access import braille, messages
from uno_access.devices.braille_display import BrailleDisplay, with_cursor
from uno_access.devices.braille_views import BLANK, Key
from uno_access.engine.cards import Card, all_faces, extra_faces
from uno_access.ui.terminal import Keyboard

CELLS = 20
TIMEOUT = 60.0  # generous: the machine may be loaded


class Watched(Keyboard):
    """The real keyboard, which also tells ``asked`` each time the game waits for a key
    or a line (the prompt it shows), before it waits."""

    def __init__(self, asked: queue.Queue[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.asked = asked

    def read(self, prompt: str) -> Any:
        self.asked.put(prompt)
        return super().read(prompt)

    def read_line(self, prompt: str, start: str | None = None) -> Any:
        self.asked.put(prompt)
        return super().read_line(prompt, start)


def _names() -> list[tuple[str, Card]]:
    """Every card's name and the card, the longest names first (Wild Draw Four before Wild)."""
    cards = [*all_faces(), *extra_faces()]
    return sorted(((messages.card_name(c), c) for c in cards), key=lambda nc: -len(nc[0]))


CARD_NAMES = _names()


# before a card's name, a word that refers back to a card already told ("accepts the Wild
# Draw Four", "challenges your Wild Draw Four"): the line is about something else
REFERRING = re.compile(r"(\bthe|\byour|\ba|'s) $")
# the cards of a hand listed after their count ("you now hold 10 cards: …")
LISTED = re.compile(r"\b\d+ cards?: $")
# the verdict of a challenge: the essential of its line
VERDICTS = ("guilty", "innocent")


def first_card(text: str) -> Card | None:
    """The card a print line is about: the first it names (by its name, as the game says
    it), unless that one is only referred to, or listed in a hand."""
    found: tuple[int, int, Card] | None = None
    for name, card in CARD_NAMES:
        at = re.search(rf"\b{re.escape(name)}\b", text)
        if at is not None and (found is None or (at.start(), -len(name)) < found[:2]):
            found = (at.start(), -len(name), card)
    if found is None:
        return None
    before = text[: found[0]]
    if REFERRING.search(before) or LISTED.search(before):
        return None
    return found[2]


def words(cells: str) -> list[str]:
    """The words of a window, back-translated from its dots by liblouis (UEB grade 2)."""
    text = louis.backTranslateString(["en-ueb-g2.ctb"], cells.rstrip(BLANK))
    return [w.lower() for w in re.findall(r"[A-Za-z0-9+]+", text)]


@dataclass
class Reader:
    """Reads the lines said since the last key on the display, checking each window."""

    display: VirtualDisplay
    device: BrailleDisplay
    said: list[str]  # every print line of the phase, in order
    mark: int = 0
    problems: list[str] = field(default_factory=list)
    windows: int = 0  # how many windows were read and checked
    texts: set[int] = field(default_factory=set)  # print lines read whole: no card checked

    def sync(self) -> str:
        """The display's cells, once they are the device's window (what it must show)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            wanted = with_cursor(self.device.window()).rstrip(BLANK)
            shown = self.display.shown.rstrip(BLANK)
            if shown == wanted:
                return self.display.shown
            assert time.monotonic() < deadline, f"the display never showed {wanted}"
            time.sleep(0.005)

    def shown_now(self) -> str:
        """What the display ends on once the game waits: the answer to the last key."""
        return self.sync()

    def newest(self) -> str:
        """The newest line's window (the display's HOME)."""
        self.device.press(Key.HOME)
        return self.sync()

    def read_since(self, text_lines: bool = False) -> list[tuple[str, str]]:
        """Every line said since the last call, newest first, with the window the display
        shows for it (HOME, then LINE_UP), each checked for its essential."""
        now = len(self.said)
        new = self.said[self.mark : now]
        if text_lines:
            self.texts |= set(range(self.mark, now))
        self.mark = now
        if not new:
            return []
        read: list[tuple[str, str]] = []
        self.device.press(Key.HOME)
        for back in range(min(len(new), 49)):
            if back:
                self.device.press(Key.LINE_UP)
            window = self.sync()
            index = now - 1 - back
            text = self.said[index]
            read.append((text, window))
            self.windows += 1
            self.check(text, window, card=index not in self.texts)
        return read

    def check(self, text: str, window: str, card: bool = True, keys: Sequence[str] = ()) -> None:
        """The window of ``text`` holds its essential in its 20 cells."""
        cells = window[:CELLS]
        if card:
            named = first_card(text)
            if named is not None and braille.card_unicode(named) not in cells:
                self.fail(text, window, f"the code of {messages.card_name(named)}")
        default = re.search(r"\[([^\]]+)\]$", text)
        if default is not None and braille.to_unicode(f"[{default.group(1)}]") not in cells:
            self.fail(text, window, f"the default [{default.group(1)}]")
        shown = words(cells)
        for verdict in VERDICTS:
            if re.search(rf"\b{verdict}\b", text) and verdict not in shown:
                self.fail(text, window, f"the verdict {verdict}")
        for key in keys:
            if key.lower() not in shown:
                self.fail(text, window, f"the key {key}")

    def fail(self, text: str, window: str, what: str) -> None:
        self.problems.append(f"{what} is not in the first {CELLS} cells: {window!r} for {text!r}")


def answer_by(
    asked: queue.Queue[str],
    respond: Callable[[str], str | None],
    send: Callable[[str], None],
    done: Callable[[], bool],
) -> None:
    """Answer each time the game asks, until ``done`` (the phase is over)."""
    while not done():
        try:
            prompt = asked.get(timeout=0.2)
        except queue.Empty:
            continue
        keys = respond(prompt)
        if keys is not None:
            send(keys)
