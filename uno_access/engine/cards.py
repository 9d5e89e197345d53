"""Cards as values: colours, kinds, the 54 distinct faces and the 108-card deck.

Every card face exists once (``Card.of`` interns it), so two Blue 7s are the same
object: comparisons in hands and piles are identity checks, and a card never
changes (a played Wild keeps no colour; the colour in play lives in the game).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final


class Color(Enum):
    """The four colours, valued by their letter on the braille deck."""

    BLUE = "b"
    GREEN = "g"
    RED = "r"
    YELLOW = "y"

    # hashed by identity (Enum hashes its name in Python code): colours key the
    # engine's hot caches, and are compared by identity anyway
    __hash__ = object.__hash__

    @property
    def word(self) -> str:
        """The colour's lowercase name, as typed on the command line."""
        return self.name.lower()


COLORS: Final[tuple[Color, ...]] = tuple(Color)


class Kind(Enum):
    """What a card does, valued by its corner code (without the colour letter)."""

    NUMBER = "#"
    DRAW_TWO = "+2"
    REVERSE = "rv"
    SKIP = "sk"
    WILD = "wi"
    WILD_DRAW_FOUR = "wi+4"
    ANNIVERSARY = "an"  # the 30th Anniversary edition's card: on any card, like a Wild
    WILD_SHUFFLE = "wish"  # Mattel's current deck: every hand collected, shuffled, dealt out
    # Mattel's current deck's customizable Wilds, as the table names them (custom_wilds)
    WILD_EVERYONE_DRAWS = "wiev"  # every other player draws a card
    WILD_SKIP_EVERYONE = "wisk"  # every other player is skipped: its player plays again
    WILD_SWAP_HANDS = "wisw"  # its player swaps hands with a player of their choice
    # UNO Show 'Em No Mercy (2023): its coloured action cards and its Wilds (no_mercy)
    DRAW_FOUR = "+4"  # a coloured Draw Four: the next player draws 4 (no challenge)
    SKIP_EVERYONE = "ska"  # every other player is skipped: its player plays again
    DISCARD_ALL = "da"  # its player discards every card of its colour with it
    WILD_REVERSE_DRAW_FOUR = "wirv+4"  # play turns round; the next player then draws 4
    WILD_DRAW_SIX = "wi+6"
    WILD_DRAW_TEN = "wi+10"
    WILD_COLOR_ROULETTE = "wiro"  # the next player names a colour, turns up cards until it

    @property
    def is_wild(self) -> bool:
        """Played on any card, with a colour chosen."""
        return self in _WILDS

    @property
    def is_draw(self) -> bool:
        """Makes the next player draw: Draw Two, Wild Draw Four (and No Mercy's draws)."""
        return self in DRAW_COUNTS


_WILDS: Final = frozenset(
    {
        Kind.WILD,
        Kind.WILD_DRAW_FOUR,
        Kind.ANNIVERSARY,
        Kind.WILD_SHUFFLE,
        Kind.WILD_EVERYONE_DRAWS,
        Kind.WILD_SKIP_EVERYONE,
        Kind.WILD_SWAP_HANDS,
        Kind.WILD_REVERSE_DRAW_FOUR,
        Kind.WILD_DRAW_SIX,
        Kind.WILD_DRAW_TEN,
        Kind.WILD_COLOR_ROULETTE,
    }
)
CUSTOM_WILDS: Final = (Kind.WILD_EVERYONE_DRAWS, Kind.WILD_SKIP_EVERYONE, Kind.WILD_SWAP_HANDS)
ACTION_POINTS: Final = 20
WILD_POINTS: Final = 50
ANNIVERSARY_POINTS: Final = 100
SHUFFLE_POINTS: Final = 40  # Mattel's current sheet: Wild Shuffle Hands, 40 points
CUSTOM_POINTS: Final = 40  # and its customizable Wilds, 40 points each
DRAW_COUNTS: Final = {
    Kind.DRAW_TWO: 2,
    Kind.WILD_DRAW_FOUR: 4,
    Kind.DRAW_FOUR: 4,
    Kind.WILD_REVERSE_DRAW_FOUR: 4,
    Kind.WILD_DRAW_SIX: 6,
    Kind.WILD_DRAW_TEN: 10,
}
NO_MERCY_COLORED: Final = (Kind.DRAW_FOUR, Kind.SKIP_EVERYONE, Kind.DISCARD_ALL)
NO_MERCY_WILDS: Final = (
    Kind.WILD_REVERSE_DRAW_FOUR,
    Kind.WILD_DRAW_SIX,
    Kind.WILD_DRAW_TEN,
    Kind.WILD_COLOR_ROULETTE,
)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card face. Build it with ``Card.of`` or ``Card.from_code``, never directly.

    Faces are interned, so equality is identity and hashing is by identity too.
    A blank card (option ``blank_cards``) is a face of its own that acts as the
    card it was written to replace: ``blank_of`` is that card.
    """

    kind: Kind
    color: Color | None
    number: int | None
    code: str
    points: int
    is_wild: bool
    index: int  # the face's place in deck order: a stable sort key
    blank_of: Card | None = None

    @property
    def base(self) -> Card:
        """The card this face plays as: itself, or the card a blank card stands for."""
        return self.blank_of or self

    @classmethod
    def of(cls, kind: Kind, color: Color | None = None, number: int | None = None) -> Card:
        """The card face of this kind, colour and number (interned)."""
        key = (kind, color, number)
        face = _FACES.get(key)
        if face is None:
            raise ValueError(f"no such card: {kind.name} {color} {number}")
        return face

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card for a print corner code such as ``b7``, ``r+2``, ``gsk``, ``wi+4``.

        Only the canonical lowercase print code is accepted here; the forgiving
        parser for what people type lives in the accessibility layer.
        """
        face = _BY_CODE.get(code)
        if face is None:
            raise ValueError(f"not a card code: {code!r}")
        return face

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # copies and pickles come back as the same interned face
        return (Card.from_code, (self.code,))


_FACES: Final[dict[tuple[Kind, Color | None, int | None], Card]] = {}
_BY_CODE: Final[dict[str, Card]] = {}
_ALL: Final[list[Card]] = []  # every face, the blank ones and the Anniversary card too
_BLANKS: Final[dict[Card, Card]] = {}  # a coloured card -> the blank card written as it
BLANK_PREFIX: Final = "bl"


def _make(kind: Kind, color: Color | None, number: int | None) -> None:
    if kind is Kind.NUMBER:
        assert color is not None and number is not None
        code, points = f"{color.value}{number}", number
    elif kind is Kind.ANNIVERSARY:
        code, points = kind.value, ANNIVERSARY_POINTS
    elif kind is Kind.WILD_SHUFFLE:
        code, points = kind.value, SHUFFLE_POINTS
    elif kind in CUSTOM_WILDS:
        code, points = kind.value, CUSTOM_POINTS
    elif kind.is_wild:
        code, points = kind.value, WILD_POINTS
    else:
        assert color is not None
        code, points = f"{color.value}{kind.value}", ACTION_POINTS
    face = Card(kind, color, number, code, points, kind.is_wild, len(_ALL))
    _FACES[(kind, color, number)] = face
    _BY_CODE[code] = face
    _ALL.append(face)


def _make_blank(card: Card) -> None:
    face = Card(
        card.kind,
        card.color,
        card.number,
        BLANK_PREFIX + card.code,
        card.points,
        card.is_wild,
        len(_ALL),
        card,
    )
    _BLANKS[card] = face
    _BY_CODE[face.code] = face
    _ALL.append(face)


for _color in COLORS:
    for _n in range(10):
        _make(Kind.NUMBER, _color, _n)
    for _kind in (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP):
        _make(_kind, _color, None)
_make(Kind.WILD, None, None)
_make(Kind.WILD_DRAW_FOUR, None, None)
_STANDARD: Final = tuple(_ALL)
_make(Kind.ANNIVERSARY, None, None)
_make(Kind.WILD_SHUFFLE, None, None)
for _kind in CUSTOM_WILDS:
    _make(_kind, None, None)
for _card in _STANDARD:
    if _card.color is not None:
        _make_blank(_card)
for _color in COLORS:  # UNO Show 'Em No Mercy's faces, after every other
    for _kind in NO_MERCY_COLORED:
        _make(_kind, _color, None)
for _kind in NO_MERCY_WILDS:
    _make(_kind, None, None)

WILD: Final = Card.of(Kind.WILD)
WILD_DRAW_FOUR: Final = Card.of(Kind.WILD_DRAW_FOUR)
ANNIVERSARY: Final = Card.of(Kind.ANNIVERSARY)
WILD_SHUFFLE: Final = Card.of(Kind.WILD_SHUFFLE)


def blank_card(card: Card) -> Card:
    """The blank card written to stand for ``card`` (a coloured card)."""
    try:
        return _BLANKS[card.base]
    except KeyError:
        raise ValueError(f"a blank card has a colour: it cannot stand for {card.code}") from None


def playable_faces(top: Card, color: Color | None) -> frozenset[Card]:
    """Every face that may be played on ``top`` with ``color`` in play: the same colour,
    number or symbol, or a Wild.
    """
    key = (top, color)
    faces = _PLAYABLE.get(key)
    if faces is None:
        kind = top.kind
        faces = _PLAYABLE[key] = frozenset(
            card
            for card in _ALL
            if card.is_wild
            or card.color is color
            or (card.kind is kind and (kind is not Kind.NUMBER or card.number == top.number))
        )
    return faces


_PLAYABLE: Final[dict[tuple[Card, Color | None], frozenset[Card]]] = {}


def playable_mask(top: Card, color: Color | None) -> list[bool]:
    """``playable_faces`` as a list by face: ``mask[card.index]`` says whether ``card``
    may be played. The engine's hot paths read it by index, hashing nothing."""
    masks = _MASKS[top.index]
    slot = _slot(color)
    mask = masks[slot]
    if mask is None:
        faces = playable_faces(top, color)
        mask = masks[slot] = [card in faces for card in _ALL]
    return mask


def _slot(color: Color | None) -> int:
    if color is None:
        return 4
    if color is _BLUE:
        return 0
    if color is _GREEN:
        return 1
    return 2 if color is _RED else 3


_BLUE: Final = Color.BLUE
_GREEN: Final = Color.GREEN
_RED: Final = Color.RED


def all_faces() -> tuple[Card, ...]:
    """The 54 faces of the standard deck, in deck order (see ``extra_faces``)."""
    return _STANDARD


def extra_faces() -> tuple[Card, ...]:
    """The faces of the options: the Anniversary card, the Wild Shuffle Hands card, the
    customizable Wilds, then the blank cards."""
    return tuple(_ALL[len(_STANDARD) :])


def _build_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for color in COLORS:
        deck.append(Card.of(Kind.NUMBER, color, 0))
        for n in range(1, 10):
            deck += [Card.of(Kind.NUMBER, color, n)] * 2
        for kind in (Kind.DRAW_TWO, Kind.REVERSE, Kind.SKIP):
            deck += [Card.of(kind, color)] * 2
    deck += [WILD] * 4 + [WILD_DRAW_FOUR] * 4
    return tuple(deck)


_DECK: Final = _build_deck()


def _build_no_mercy_deck() -> tuple[Card, ...]:
    """UNO Show 'Em No Mercy's 168 cards, as its contents list: per colour two of each
    number 0 to 9, three Draw Twos, two Draw Fours, three Skips, two Skip Everyones, three
    Reverses and three Discard Alls; then 8 Wild Reverse Draw Fours, 4 Wild Draw Sixes,
    4 Wild Draw Tens and 8 Wild Colour Roulettes."""
    deck: list[Card] = []
    for color in COLORS:
        for n in range(10):
            deck += [Card.of(Kind.NUMBER, color, n)] * 2
        for kind, copies in (
            (Kind.DRAW_TWO, 3),
            (Kind.DRAW_FOUR, 2),
            (Kind.SKIP, 3),
            (Kind.SKIP_EVERYONE, 2),
            (Kind.REVERSE, 3),
            (Kind.DISCARD_ALL, 3),
        ):
            deck += [Card.of(kind, color)] * copies
    for kind, copies in (
        (Kind.WILD_REVERSE_DRAW_FOUR, 8),
        (Kind.WILD_DRAW_SIX, 4),
        (Kind.WILD_DRAW_TEN, 4),
        (Kind.WILD_COLOR_ROULETTE, 8),
    ):
        deck += [Card.of(kind)] * copies
    return tuple(deck)


_NO_MERCY_DECK: Final = _build_no_mercy_deck()
NO_MERCY_DECK_SIZE: Final = 168


def no_mercy_deck() -> list[Card]:
    """UNO Show 'Em No Mercy's 168 playing cards, in order."""
    return list(_NO_MERCY_DECK)


def standard_deck() -> list[Card]:
    """The 108 playing cards, in order (the braille deck's 4 reference cards are not dealt)."""
    return list(_DECK)


def dealer_rank(card: Card, by_points: bool) -> int:
    """A card's value when drawing for dealer: its number (actions 0), or its points."""
    if by_points:
        return card.points
    return card.number if card.number is not None else 0


# each face's masks by colour in play (``playable_mask``), made when first asked for
_MASKS: Final[list[list[list[bool] | None]]] = [[None] * 5 for _ in _ALL]
