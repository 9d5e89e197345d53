"""The codes printed on the corners of braille decks: one table per deck.

A deck's table maps each card's print code (``b7``) to the braille printed on its
corners, as liblouis writes Braille ASCII (lowercase, ``b#g``). Another deck's codes
are added as one more table; cards a deck does not have (the Anniversary card, blank
cards) are brailled from their print code by the braille table in use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from ..engine.cards import Card
from ..values import frozen


@frozen(eq=False)
class Deck:
    """One braille deck: its name and its corner codes by print code (each deck one value,
    compared and hashed by identity).
    """

    name: str
    codes: Mapping[str, str]
    _cards: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_cards", {brl: code for code, brl in self.codes.items()})

    def code(self, card: Card) -> str | None:
        """The braille on ``card``'s corners (Braille ASCII, lowercase), None if not printed."""
        return self.codes.get(card.code)

    def print_code(self, braille: str) -> str | None:
        """The print code of the card whose corners read ``braille`` (Braille ASCII)."""
        return self._cards.get(braille.lower())


def _table(text: str) -> dict[str, str]:
    pairs = (item.split("=") for item in text.split())
    return {code: brl for code, brl in pairs}


# Braille UNO, Mattel with the National Federation of the Blind (2019): the sheet's
# own table (seeds/000): a colour letter, the number sign and a digit's letter; Draw
# Two is dot 5 and "6" ("+") then #b; Reverse RV, Skip SK; Wild WI, Wild Draw Four WI"6#D.
BRAILLE_UNO_2019 = Deck(
    "Braille UNO (Mattel with the National Federation of the Blind, 2019)",
    _table(
        """
        b0=b#j b1=b#a b2=b#b b3=b#c b4=b#d b5=b#e b6=b#f b7=b#g b8=b#h b9=b#i
        b+2=b"6#b brv=brv bsk=bsk
        g0=g#j g1=g#a g2=g#b g3=g#c g4=g#d g5=g#e g6=g#f g7=g#g g8=g#h g9=g#i
        g+2=g"6#b grv=grv gsk=gsk
        r0=r#j r1=r#a r2=r#b r3=r#c r4=r#d r5=r#e r6=r#f r7=r#g r8=r#h r9=r#i
        r+2=r"6#b rrv=rrv rsk=rsk
        y0=y#j y1=y#a y2=y#b y3=y#c y4=y#d y5=y#e y6=y#f y7=y#g y8=y#h y9=y#i
        y+2=y"6#b yrv=yrv ysk=ysk
        wi=wi wi+4=wi"6#d
        """
    ),
)

DEFAULT_DECK = BRAILLE_UNO_2019
