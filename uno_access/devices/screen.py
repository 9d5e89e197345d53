"""The screen: the one owner of a rich ``Console``.

Plain mode prints each line as it is, for screen readers and ``TERM=dumb``. Large text
prints each line with its cards and colours in their high-contrast colours (the words
stay), and on request the table and the hand as ``access.visual`` draws them. Rich leaves
colour out under ``NO_COLOR``; under ``TERM=dumb`` the big letters are left out too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

from rich.console import Console

from ..access import visual
from ..engine.cards import Card
from ..engine.state import PlayerView


class LargeText:
    """Lines, the table and the hand in large, high-contrast text; ``banner`` False keeps
    the colours and leaves out the big letters of the top card.
    """

    def __init__(
        self, file: TextIO | None = None, width: int | None = None, banner: bool = True
    ) -> None:
        self.plain = os.environ.get("TERM") == "dumb" or not banner
        self.console = Console(
            file=file or sys.stdout,
            theme=visual.THEME,
            width=width,
            highlight=False,
            emoji=False,
            markup=False,
        )

    def line(self, text: str) -> None:
        self.console.print(visual.styled_line(text))

    def table(self, view: PlayerView) -> None:
        self.console.print(visual.TableView(view, plain=self.plain))

    def hand(
        self, cards: Sequence[Card], selected: int | None, playable: Iterable[Card] = ()
    ) -> None:
        self.console.print(visual.HandView(cards, selected, playable))
