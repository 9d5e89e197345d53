"""Large text for sighted and low-vision players: rich renderables, no devices.

Every card is shown with its colour's name as well as its colour, so nothing is told by
colour alone; the colours are a high-contrast theme (white or black letters on the
card's colour). The top card and the colour in play come in big letters from pyfiglet,
in the largest font that fits the width, and always with a plain line under them that
says the same in words. Rich leaves colour out by itself under ``NO_COLOR`` and
``TERM=dumb``; ``plain=True`` leaves out the big letters as well (only
``devices/screen.py`` owns a Console and chooses).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, partial
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text
from rich.theme import Theme

from ..engine.cards import COLORS, Card, Color, Kind, all_faces, extra_faces
from ..engine.state import PlayerView
from . import messages

# high contrast: letters in white or black, whichever stands out on the card's colour
THEME = Theme(
    {
        "card.blue": "bold bright_white on blue",
        "card.green": "bold black on bright_green",
        "card.red": "bold bright_white on red",
        "card.yellow": "bold black on bright_yellow",
        "card.wild": "bold black on bright_white",
        "card.selected": "reverse",
        "uno.heading": "bold underline",
    }
)
FONTS = ("big", "standard", "small", "mini")  # largest first; the first that fits is used


def color_style(color: Color | None) -> str:
    return f"card.{color.word}" if color is not None else "card.wild"


def card_style(card: Card) -> str:
    return color_style(card.color)


def card_label(card: Card, selected: bool = False) -> Text:
    """One card as a coloured label with its name: " Blue 7 " on blue."""
    style = card_style(card)
    text = Text(f" {messages.card_name(card)} ", style=style)
    if selected:
        text.stylize("card.selected")
    return text


@lru_cache(maxsize=1)
def _names_pattern() -> re.Pattern[str]:
    names = {messages.card_name(card) for card in (*all_faces(), *extra_faces())}
    names |= {messages.color_name(color) for color in COLORS}
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"\b({alternatives})\b")


@lru_cache(maxsize=1)
def _styles_by_name() -> dict[str, str]:
    styles = {messages.card_name(card): card_style(card) for card in (*all_faces(), *extra_faces())}
    styles |= {messages.color_name(color): color_style(color) for color in COLORS}
    return styles


def styled_line(line: str) -> Text:
    """A message line with every card and colour name in its card's colours (the words stay,
    so the line says the same without colour).
    """
    text = Text(line)
    styles = _styles_by_name()
    for match in _names_pattern().finditer(line):
        text.stylize(styles[match.group(1)], match.start(), match.end())
    return text


def short_label(card: Card) -> str:
    """What the big letters say: "Blue 7", "Red Skip", "Green +2", "Wild +4"."""
    if card.kind is Kind.WILD_DRAW_FOUR:
        return "Wild +4"
    if card.kind is Kind.ANNIVERSARY:
        return "Anniv."
    if card.kind is Kind.WILD_SHUFFLE:
        return "Shuffle"
    custom = {
        Kind.WILD_EVERYONE_DRAWS: "All +1",
        Kind.WILD_SKIP_EVERYONE: "Skip all",
        Kind.WILD_SWAP_HANDS: "Swap",
        Kind.WILD_REVERSE_DRAW_FOUR: "Wild Rev +4",
        Kind.WILD_DRAW_SIX: "Wild +6",
        Kind.WILD_DRAW_TEN: "Wild +10",
        Kind.WILD_COLOR_ROULETTE: "Roulette",
    }.get(card.kind)
    if custom is not None:
        return custom
    if card.is_wild:
        return "Wild"
    assert card.color is not None
    color = messages.color_name(card.color)
    if card.kind is Kind.NUMBER:
        return f"{color} {card.number}"
    kind = {
        Kind.DRAW_TWO: "+2",
        Kind.REVERSE: "Rev",
        Kind.SKIP: "Skip",
        Kind.DRAW_FOUR: "+4",
        Kind.SKIP_EVERYONE: "Skip all",
        Kind.DISCARD_ALL: "Disc. all",
    }[card.kind]
    return f"{color} {kind}"


BANNER_ROWS = 2  # a banner too wide for one row of big letters wraps onto two at most


@lru_cache(maxsize=512)
def big_letters(text: str, width: int) -> tuple[str, ...] | None:
    """``text`` in the largest figlet font whose lines fit ``width``, its words wrapped onto
    up to ``BANNER_ROWS`` rows of big letters (at 40 columns "Wild +4" over "Green" rather
    than all of it in a tiny font); None if no font fits.
    """
    import pyfiglet

    for font in FONTS:
        figlet = pyfiglet.Figlet(font=font, width=1000)
        rows = _wrapped(text.split(), partial(_figlet_lines, figlet), width)
        if rows is not None:
            return tuple(line for row in rows for line in row)
    return None


def _figlet_lines(figlet: Any, words: str) -> list[str]:
    lines = str(figlet.renderText(words)).rstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _wrapped(
    words: list[str], render: Callable[[str], list[str]], width: int
) -> list[list[str]] | None:
    """The words greedily in rows of big letters that each fit ``width`` (2 cells to spare),
    at most ``BANNER_ROWS`` of them; None when they do not fit.
    """

    def fits(lines: list[str]) -> bool:
        return bool(lines) and max(len(line) for line in lines) + 2 <= width

    rows: list[list[str]] = []
    row = ""
    for word in words:
        trial = f"{row} {word}" if row else word
        if fits(render(trial)):
            row = trial
            continue
        if not row or not fits(render(word)):
            return None
        rows.append(render(row))
        row = word
    rows.append(render(row))
    return rows if len(rows) <= BANNER_ROWS else None


class BigBanner:
    """Big letters on a block of one style, then the same words on one plain line."""

    def __init__(self, big: str, style: str, caption: str, plain: bool = False) -> None:
        self.big = big
        self.style = style
        self.caption = caption
        self.plain = plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = None if self.plain else big_letters(self.big, options.max_width)
        if lines is not None:
            wide = max(len(line) for line in lines) + 2
            for line in lines:
                yield Text(f" {line}".ljust(wide), style=self.style)
        yield styled_line(self.caption)


def top_card(card: Card, color: Color | None, plain: bool = False) -> BigBanner:
    """The top card in big letters on its colour, and the colour in play for a wild."""
    caption = messages.top_card(card, color)
    big = short_label(card)
    if card.is_wild and color is not None:
        big = f"{big} {messages.color_name(color)}"
    style = card_style(card) if not card.is_wild else color_style(color)
    return BigBanner(big, style, caption, plain)


class HandView:
    """The hand, each card a coloured label with its name and number in the hand; the
    selected card marked by ``>`` and reversed, the cards that can be played by ``*``.
    """

    def __init__(
        self,
        cards: Sequence[Card],
        selected: int | None = None,
        playable: Iterable[Card] = (),
    ) -> None:
        self.cards = cards
        self.selected = selected
        self.playable = set(playable)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(messages.hand_heading(len(self.cards)), style="uno.heading")
        entries = []
        for index, card in enumerate(self.cards):
            entry = Text(f"{'>' if index == self.selected else ' '}{index + 1}")
            entry.append_text(card_label(card, index == self.selected))
            entry.append("*" if card in self.playable else " ")
            entries.append(entry)
        yield Columns(entries, padding=(0, 1))  # a card is never split across lines
        if self.playable:
            yield Text(messages.tr(messages.HAND_LEGEND))


class TableView:
    """The table for one viewer: the top card in big letters, then whose turn (unless it
    is the viewer's: the turn line says so), the card counts and the draw pile, each a
    plain line. ``plain``: no big letters (the colours stay).
    """

    def __init__(self, view: PlayerView, plain: bool = False) -> None:
        self.view = view
        self.plain = plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from . import speech

        view = self.view
        yield top_card(view.top, view.color, self.plain)
        whose = speech.describe_whose_turn(view)
        if whose is not None and not view.my_turn:  # "Your turn." is the turn line's
            yield Text(whose.sentence(), style=Style(bold=True))
        yield Text(speech.describe_card_check(view).sentence())
        yield Text(messages.draw_pile(view.draw_pile_size))


def render_text(renderable: object, width: int = 80, color: bool = False) -> str:
    """A renderable as the text a terminal of ``width`` columns shows: for tests and the
    golden files (``color``: keep the ANSI colour codes).
    """
    console = Console(
        width=width,
        record=True,
        file=io.StringIO(),
        theme=THEME,
        color_system="truecolor" if color else None,
        force_terminal=color,
    )
    console.print(renderable)
    return console.export_text(styles=color)
