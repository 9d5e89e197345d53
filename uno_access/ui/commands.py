"""A typed line, turned into what the player wants: a game action, a question, or quit.

Parsing changes nothing: the line-mode game (``ui.table``) carries the command out.
The words are in ``messages.COMMAND_WORDS``; cards are read by ``access.parse``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..access import messages
from ..access.parse import ParseError, parse_card, parse_color
from ..engine.actions import (
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    TouchTopCard,
)
from ..engine.cards import Color
from ..engine.state import Phase, PlayerView


class Query(Enum):
    """Questions the table answers from the player's view (they change nothing)."""

    STATUS = "status"  # an empty line: whose turn it is and what to do
    HAND = "hand"
    SCORES = "scores"
    ORDER = "order"
    HELP = "help"
    REPEAT = "repeat"


@dataclass(frozen=True, slots=True)
class Do:
    """An action for the engine (card check and touching the top card included)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Ask:
    query: Query


@dataclass(frozen=True, slots=True)
class Quit:
    pass


@dataclass(frozen=True, slots=True)
class Invalid:
    """A line that means nothing here; ``message`` says what is accepted."""

    message: str


Command = Do | Ask | Quit | Invalid

_WORDS: dict[str, str] = {
    word: name for name, words in messages.COMMAND_WORDS.items() for word in words
}
_QUERIES = {
    "hand": Query.HAND, "scores": Query.SCORES, "order": Query.ORDER, "help": Query.HELP,
    "repeat": Query.REPEAT,
}


def parse(line: str, view: PlayerView) -> Command:
    """What ``line`` asks for, typed by the player whose view is ``view``."""
    text = line.strip()
    if not text:
        return Ask(Query.STATUS)
    seat = view.seat
    if view.phase is Phase.START_COLOR and view.my_turn:
        try:
            return Do(ChooseColor(seat, parse_color(text)))
        except ParseError:
            pass
    words = text.lower().split()
    name = _WORDS.get(words[0])
    if name is None:
        return _card(text, words, seat)
    rest = words[1:]
    if name == "play":
        return _play_drawn(text, rest, seat)
    if name == "catch":
        return _catch(" ".join(rest), view)
    if rest:
        return Invalid(messages.unknown_command(text))
    if name == "quit":
        return Quit()
    if name in _QUERIES:
        return Ask(_QUERIES[name])
    simple: dict[str, Action] = {
        "draw": Draw(seat), "keep": Keep(seat), "uno": CallUno(seat),
        "challenge": Challenge(seat), "accept": Accept(seat), "top": TouchTopCard(seat),
        "check": CardCheck(seat), "next": NextRound(seat),
    }
    return Do(simple[name])


def _card(text: str, words: list[str], seat: int) -> Command:
    """A card to play: ``b7``, ``blue 7``, ``wi red``, ``r5 uno``, ``wild draw four b uno``."""
    uno = len(words) > 1 and words[-1] == messages.UNO_WORD
    if uno:
        words = words[:-1]
    color: Color | None = None
    try:
        card = parse_card(" ".join(words))
    except ParseError:
        if len(words) < 2:
            return Invalid(messages.unknown_command(text))
        try:
            color = parse_color(words[-1])
            card = parse_card(" ".join(words[:-1]))
        except ParseError:
            return Invalid(messages.unknown_command(text))
        if not card.is_wild:
            return Invalid(messages.color_only_for_wild(card))
    return Do(Play(seat, card, color, uno))


def _play_drawn(text: str, rest: list[str], seat: int) -> Command:
    """``p``, ``p red``, ``play blue uno``: play the card just drawn."""
    color: Color | None = None
    uno = False
    for word in rest:
        if word == messages.UNO_WORD:
            uno = True
            continue
        try:
            color = parse_color(word)
        except ParseError:
            return Invalid(messages.unknown_command(text))
    return Do(PlayDrawn(seat, color, uno))


def _catch(target: str, view: PlayerView) -> Command:
    """``c``, ``c ann``, ``c 2``: catch the player holding one card without UNO."""
    seat = view.seat
    if not target:
        if view.exposed is None:
            return Invalid(messages.NOBODY_TO_CATCH)
        return Do(Catch(seat, view.exposed))
    found = find_player(target, view)
    if found is None:
        others = [name for index, name in enumerate(view.names) if index != seat]
        return Invalid(messages.no_such_player(target, others, len(view.names)))
    return Do(Catch(seat, found))


def find_player(text: str, view: PlayerView) -> int | None:
    """The seat ``text`` names: a seat number from 1, a name, or the start of one name."""
    text = text.strip().lower()
    n = len(view.names)
    if text.isdigit():
        number = int(text)
        return number - 1 if 1 <= number <= n else None
    if text in messages.SELF_WORDS:
        return view.seat
    names = [name.lower() for name in view.names]
    if text in names:
        return names.index(text)
    starts = [index for index, name in enumerate(names) if name.startswith(text)]
    return starts[0] if len(starts) == 1 else None
