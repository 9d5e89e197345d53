"""A typed line, turned into what the player wants: a game action, a question, or quit.

Parsing changes nothing: the table (``seat.table``) carries the command out.
A typed word and a key name the same command (``ui.keys.REGISTRY``, its words in
``messages.command_words``: the player's language's, then English), and both become a
``Command`` here (``for_key``); cards are read by ``access.parse``. A command's word followed
by words it does not take is read as a card when it is one (Spanish "roba dos rojo" is a
Draw Two, "roba" alone draws). Every number typed is bounded, and said so when out of range.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache
from itertools import pairwise
from typing import Any

from .. import settings_table
from ..access import messages
from ..access.parse import ParseError, parse_card, parse_color
from ..access.speech import Line
from ..access.wording import language
from ..engine.actions import (
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    Play,
    PlayDrawn,
    TouchTopCard,
)
from ..engine.cards import ANNIVERSARY, BLANK_PREFIX, Card, Color, Kind, blank_card
from ..engine.events import Refusal
from ..engine.rules import CustomWild
from ..engine.state import Phase, PlayerView
from ..values import frozen
from .keys import Key, words


class Query(Enum):
    """Questions the table answers from the player's view (they change nothing)."""

    STATUS = "status"  # an empty line: whose turn it is and what to do
    GO_ON = "go on"  # Space or N: play goes on; on the person's own turn, it waits for them
    HAND = "hand"
    SCORES = "scores"
    ORDER = "order"
    HELP = "help"
    REPEAT = "repeat"
    PILE = "pile"  # the DRAW pile's size
    REFERENCE = "reference"  # the Quick Play Reference cards


@frozen(slots=True)
class Do:
    """An action for the engine (card check and touching the top card included)."""

    action: Action


@frozen(slots=True)
class Give:
    """An Anniversary card, with what was typed of it; the table asks for the rest."""

    color: Color | None = None
    target: int | None = None
    keep: Card | None = None
    uno: bool = False


@frozen(slots=True)
class Ask:
    """A question about the game (the hand, the top card, the scores): nothing changes."""

    query: Query


@frozen(slots=True)
class Quit:
    """Leave the game (it asks first)."""


@frozen(slots=True)
class Setting:
    """A setting changed for this game: ``rate 250``, ``volume 0.8``, ``verbosity brief``,
    ``speech off``, ``chat mute``: its key in the settings table and the value typed, read
    as the table reads it (250, 0.8, ``Verbosity.BRIEF``, False)."""

    key: str
    value: Any


@frozen(slots=True)
class Local:
    """A command the table answers by itself, changing nothing in the game: a move through
    the hand, the history, speech on or off, go on."""

    key: Key


@frozen(slots=True)
class Invalid:
    """A line that means nothing here; ``message`` says what is accepted."""

    message: Line


Answer = Do | Give | Ask | Quit | Invalid | Setting
Command = Answer | Local

_QUERIES = {
    Key.HAND: Query.HAND,
    Key.SCORES: Query.SCORES,
    Key.WHOSE_TURN: Query.ORDER,
    Key.HELP: Query.HELP,
    Key.REPEAT: Query.REPEAT,
    Key.PILE: Query.PILE,
    Key.QUICK_REFERENCE: Query.REFERENCE,
}
_ACTIONS: dict[Key, Callable[[int], Action]] = {
    Key.DRAW: Draw,
    Key.KEEP: Keep,
    Key.UNO: CallUno,
    Key.CHALLENGE: Challenge,
    Key.ACCEPT: Accept,
    Key.TOUCH: TouchTopCard,
    Key.CARD_CHECK: CardCheck,
}


@cache
def _phrases(code: str) -> list[tuple[tuple[str, ...], Key]]:
    """A language's typed phrases of more than one word, the longest first: "touch the top
    card"."""
    return sorted(
        ((tuple(word.split()), key) for word, key in words(code).items() if " " in word),
        key=lambda item: -len(item[0]),
    )


_TIMES = re.compile("[" + re.escape("".join(messages.TIMES_MARKS)) + r"]\s*(\d+)")
MAX_COUNT = 10
"""The most identical cards dropped at once (``g6 x2``): more than any deck holds alike."""


def parse(line: str, view: PlayerView) -> Command:
    """What ``line`` asks for, typed by the player whose view is ``view``."""
    text = line.strip()
    if not text:
        return Ask(Query.STATUS)
    seat = view.seat
    if view.phase in (Phase.START_COLOR, Phase.ROULETTE) and view.my_turn:
        try:
            return Do(ChooseColor(seat, color_answer(text)))
        except ParseError:
            pass
    typed = text.lower().split()
    setting = settings_table.typed_in_game(typed[0])  # rate, velocidad…
    if setting is not None:
        return _setting(setting, typed)
    code = language.current()
    named = words(code)
    key = named.get(typed[0]) or named.get(messages.bare(typed[0]))
    rest = typed[1:]
    for phrase, said in _phrases(code):  # "card check", "touch the top card"…
        if tuple(typed[: len(phrase)]) == phrase:
            key, rest = said, typed[len(phrase) :]
            break
    try:
        if key is None:
            return _card(text, typed, view)
        asked = command(key, rest, text, view)
        if isinstance(asked, Invalid) and rest:  # "roba dos rojo": a card, not "roba"
            card = _card(text, typed, view)
            if not isinstance(card, Invalid):
                return card
        return asked
    except _BadCount:
        return Invalid(Line.of(messages.count_out_of_range, MAX_COUNT))


class _BadCount(Exception):
    """A count of identical cards out of range: ``g6 x0``, ``g6 x99999999999999999999``."""


def _count(digits: str) -> int:
    """A typed count, from 1 to ``MAX_COUNT``; else ``_BadCount``."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > 3 or not 1 <= int(digits) <= MAX_COUNT:
        raise _BadCount
    return int(digits)


def for_key(key: Key, view: PlayerView) -> Command:
    """What a key asks for: the same command as its typed word alone."""
    return command(key, [], key.value, view)


def command(key: Key, rest: list[str], text: str, view: PlayerView) -> Command:
    """The command ``key`` names, with the words typed after it (``rest``); ``text`` is
    the whole line, for the messages."""
    seat = view.seat
    if key is Key.PLAY:
        drawn = _play_drawn(text, rest, seat, view)
        if isinstance(drawn, Invalid) and rest:  # "play b7": a card from the hand
            return _card(text, rest, view)
        return drawn
    if key is Key.CATCH:
        return _catch(" ".join(rest), view)
    if key is Key.JUMP:
        return _jump(text, rest, view)
    if key is Key.ANNIVERSARY:
        return _anniversary(text, rest, view)
    if key is Key.CHAT_HISTORY and rest:  # chat mute, chat unmute (the words English)
        return _setting(settings_table.CHAT_SPEECH, [key.value, *rest], english=True)
    if rest:
        return Invalid(Line.of(messages.unknown_command, text))
    if key is Key.QUIT:
        return Quit()
    if key in _QUERIES:
        return Ask(_QUERIES[key])
    if key in _ACTIONS:
        return Do(_ACTIONS[key](seat))
    return Local(key)


_COLOR_NUMBERS = {"1": Color.RED, "2": Color.GREEN, "3": Color.BLUE, "4": Color.YELLOW}


def color_answer(text: str) -> Color:
    """The colour a typed answer to "Which colour?" names: a colour's word or first letter,
    or its number 1-4 (red, green, blue, yellow), as the colour keys take them.
    """
    color = _COLOR_NUMBERS.get(text.strip())
    return color if color is not None else parse_color(text)


def read_card(text: str, view: PlayerView) -> Card:
    """The card ``text`` names, as the player holds it: ``y7`` is the blank card written as
    Yellow 7 when that is the one in hand; ``bly7`` names the blank card itself; ``an`` the
    Anniversary card.
    """
    key = text.strip().lower()
    if re.sub(r"[\s_]+", "", key) in messages.KIND_WORDS[Kind.ANNIVERSARY]:
        return ANNIVERSARY
    try:
        card = parse_card(key)
    except ParseError:
        if not key.startswith(BLANK_PREFIX):
            raise
        try:
            return blank_card(parse_card(key[len(BLANK_PREFIX) :]))
        except (ParseError, ValueError):
            raise ParseError(Line.of(messages.not_a_card, text.strip())) from None
    if card in view.hand or card.color is None:
        return card
    try:
        blank = blank_card(card)
    except ValueError:  # a face no blank card stands for (UNO Show 'Em No Mercy's)
        return card
    return blank if blank in view.hand else card


def _cards(words: list[str], view: PlayerView) -> tuple[Card, int] | None:
    """One card, or several identical ones to drop: ``g6``, ``blue 7``, ``g6 g6``, ``g6 x2``."""
    count = 1
    if len(words) > 1:
        times = _TIMES.fullmatch(words[-1])
        if times is not None:
            count = _count(times.group(1))
            words = words[:-1]
    try:
        return read_card(" ".join(words), view), count
    except ParseError:
        pass
    n = len(words)
    for copies in range(2, n + 1):  # the same card typed again: g6 g6, blue 7 blue 7
        if n % copies:
            continue
        size = n // copies
        chunks = {" ".join(words[i : i + size]) for i in range(0, n, size)}
        if len(chunks) == 1:
            if copies * count > MAX_COUNT:
                raise _BadCount
            try:
                return read_card(chunks.pop(), view), copies * count
            except ParseError:
                return None
    return None


def _run(words: list[str], view: PlayerView) -> list[Card] | None:
    """Two or more cards typed one after another, each in one to three words (``r4 r5 r6``,
    ``red 4 red 5``); None unless every word is part of one."""
    ends: dict[int, list[Card]] = {0: []}
    for end in range(1, len(words) + 1):
        for size in (1, 2, 3):
            start = end - size
            if start < 0 or start not in ends:
                continue
            try:
                card = read_card(" ".join(words[start:end]), view)
            except ParseError:
                continue
            ends[end] = [*ends[start], card]
            break
    cards = ends.get(len(words))
    return cards if cards is not None and len(cards) > 1 else None


def straight_of(cards: Sequence[Card]) -> int | None:
    """The ``Play.straight`` of ``cards`` played in this order: number cards of one colour,
    each the next number (then above 0) or each the previous one (below 0), 9 and 0
    following each other; None when they are not a straight."""
    first = cards[0].base
    if first.kind is not Kind.NUMBER:
        return None
    numbers: list[int] = []
    for card in cards:
        base = card.base
        if base.kind is not Kind.NUMBER or base.color is not first.color or base.number is None:
            return None
        numbers.append(base.number)
    steps = {(after - before) % 10 for before, after in pairwise(numbers)}
    if steps == {1}:
        return len(cards) - 1
    if steps == {9}:
        return 1 - len(cards)
    return None


def _card(text: str, words: list[str], view: PlayerView) -> Command:
    """A card to play: ``b7``, ``blue 7``, ``wi red``, ``r5 uno``, ``wild draw four b uno``,
    several identical cards dropped at once: ``g6 g6``, ``g6 x2 uno``; a straight (option
    ``straights``): ``r4 r5 r6``.
    """
    uno = len(words) > 1 and words[-1] == messages.UNO_WORD
    if uno:
        words = words[:-1]
    swap = _swap_words(words, view, sevens_only=True)
    if isinstance(swap, Invalid):
        return swap
    words, target = swap
    color: Color | None = None
    found = _cards(words, view)
    run = _run(words, view) if found is None else None
    if run is not None:  # a straight: r4 r5 r6
        straight = straight_of(run)
        if straight is None:
            if view.rules.straights:
                return Invalid(Line.of(messages.not_a_straight, run))
            return Invalid(Line.of(messages.unknown_command, text))
        return Do(Play(view.seat, run[0], None, uno, 1, target, None, straight))
    if found is None:
        if len(words) < 2:
            return Invalid(Line.of(messages.unknown_command, text))
        try:
            color = parse_color(words[-1])
        except ParseError:
            return Invalid(Line.of(messages.unknown_command, text))
        found = _cards(words[:-1], view)
        if found is None:
            return Invalid(Line.of(messages.unknown_command, text))
        if not found[0].is_wild:
            return Invalid(Line.of(messages.color_only_for_wild, found[0]))
    card, count = found
    return Do(Play(view.seat, card, color, uno, count, target))


def _swap_words(
    words: list[str], view: PlayerView, sevens_only: bool
) -> tuple[list[str], int | None] | Invalid:
    """Seven-O: the player a 7 swaps hands with, typed after it: ``r7 with bob``,
    ``r7 bob``, ``r7 2`` (``sevens_only``: a bare name only after a card that is a 7);
    the words left, and the seat (None when no player is named).
    """
    rules = view.rules
    if not (rules.seven_o or rules.custom_wilds is CustomWild.SWAP_HANDS) or len(words) < 2:
        return words, None
    if len(words) > 2 and words[-2] in messages.part_words("swap"):
        seat = find_player(words[-1], view)
        if seat is None:
            return Invalid(_not_a_player(words[-1], view))
        return words[:-2], seat
    seat = find_player(words[-1], view)
    if seat is None:
        return words, None
    if sevens_only:
        found = _cards(words[:-1], view)
        run = _run(words[:-1], view) if found is None else None
        card = found[0] if found is not None else (run[-1] if run else None)  # a straight's 7
        swaps = card is not None and (
            card.kind is Kind.WILD_SWAP_HANDS
            or (rules.seven_o and card.kind is Kind.NUMBER and card.number == 7)
        )
        if not swaps:
            return words, None
    return words[:-1], seat


def _setting(setting: settings_table.Spec[Any], words: list[str], english: bool = False) -> Command:
    """``rate 250``, ``volume 0.8``, ``verbosity brief``, ``speech on``: the value read as
    the settings table reads it, else the one sentence saying what the setting takes."""
    if len(words) == 2:
        try:
            return Setting(setting.key, setting.from_typed(words[1], english))
        except settings_table.Bad:
            pass
    return Invalid(setting.refused(english))


def _play_drawn(text: str, rest: list[str], seat: int, view: PlayerView) -> Command:
    """``p``, ``p red``, ``play blue uno``, ``p with bob`` (a 7 under Seven-O): play the card
    just drawn.
    """
    color: Color | None = None
    uno = False
    target: int | None = None
    if view.phase is Phase.DRAWN and rest:
        swap = _swap_words(["p", *rest], view, sevens_only=False)
        if isinstance(swap, Invalid):
            return swap
        rest, target = swap[0][1:], swap[1]
    for word in rest:
        if word == messages.UNO_WORD:
            uno = True
            continue
        try:
            color = parse_color(word)
        except ParseError:
            return Invalid(Line.of(messages.unknown_command, text))
    return Do(PlayDrawn(seat, color, uno, target))


def jump_card(view: PlayerView) -> Card | None:
    """The card in hand identical to the top card (the same face first), else (jump-in any
    colour) one of the same number, if any.
    """
    top = view.top
    if top in view.hand:
        return top
    rules = view.rules
    identical = next((card for card in view.hand if card.base is top.base), None)
    if identical is not None:
        return identical
    return next((card for card in view.hand if rules.jumps_on(top, card)), None)


def _jump(text: str, rest: list[str], view: PlayerView) -> Command:
    """``j``, ``j red``, ``j uno``, ``j x2``, ``j g7``: jump in with a card identical to the
    top card (Speed UNO's Exact Match), on the play the player saw.
    """
    if not view.rules.jump_ins:
        return Invalid(Line.of(messages.refusal, Refusal.NO_JUMP_IN))
    uno = bool(rest) and rest[-1] == messages.UNO_WORD
    if uno:
        rest = rest[:-1]
    swap = _swap_words(["j", *rest], view, sevens_only=False)
    if isinstance(swap, Invalid):
        return swap
    rest, target = swap[0][1:], swap[1]
    color: Color | None = None
    if rest:
        try:
            color = parse_color(rest[-1])
            rest = rest[:-1]
        except ParseError:
            pass
    card = jump_card(view)
    count = 1
    times = _TIMES.fullmatch(rest[0]) if len(rest) == 1 else None
    if times is not None:
        count = _count(times.group(1))
    elif rest:
        found = _cards(rest, view)
        if found is None:
            return Invalid(Line.of(messages.unknown_command, text))
        card, count = found
    if card is None:
        return Invalid(Line.of(messages.nothing_to_jump_in, view.top, view.rules.jump_in_any_color))
    if color is not None and not card.is_wild:
        return Invalid(Line.of(messages.color_only_for_wild, card))
    return Do(JumpIn(view.seat, card, color, uno, count, view.plays, target))


def _anniversary(text: str, rest: list[str], view: PlayerView) -> Command:
    """``an red give bob keep r5 uno``, in any order; ``to`` for ``give``; a colour, a name and
    a card may stand alone too (``an red bob r5``). What is left out, the table asks.
    """
    color: Color | None = None
    target: int | None = None
    keep: Card | None = None
    uno = False
    i = 0
    while i < len(rest):
        word = rest[i]
        if word == messages.UNO_WORD:
            uno = True
            i += 1
            continue
        if word in messages.part_words("give") and i + 1 < len(rest):
            target = find_player(rest[i + 1], view)
            if target is None:
                return Invalid(_not_a_player(rest[i + 1], view))
            i += 2
            continue
        if word in messages.part_words("keep") and i + 1 < len(rest):
            taken = _card_at(rest, i + 1, view)
            if taken is None:
                return Invalid(Line.of(messages.not_a_card, " ".join(rest[i + 1 :])))
            keep, i = taken
            continue
        if color is None:
            try:
                color = parse_color(word)
                i += 1
                continue
            except ParseError:
                pass
        taken = _card_at(rest, i, view)
        if taken is not None and keep is None:
            keep, i = taken
            continue
        seat = find_player(word, view)
        if seat is not None and target is None:
            target = seat
            i += 1
            continue
        return Invalid(Line.of(messages.unknown_command, text))
    return Give(color, target, keep, uno)


def _card_at(words: list[str], start: int, view: PlayerView) -> tuple[Card, int] | None:
    """The longest card named from ``words[start]`` on (up to three words), and where it ends."""
    for end in range(min(len(words), start + 3), start, -1):
        try:
            return read_card(" ".join(words[start:end]), view), end
        except ParseError:
            continue
    return None


def _catch(target: str, view: PlayerView) -> Command:
    """``c``, ``c ann``, ``c 2``: catch the player holding one card without UNO."""
    seat = view.seat
    if not target:
        catchable = catchable_seats(view)
        if not catchable:
            return Invalid(Line.of(messages.nobody_to_catch))
        if len(catchable) > 1:
            return Invalid(Line.of(messages.catch_whom, [view.names[s] for s in catchable]))
        return Do(Catch(seat, catchable[0]))
    found = find_player(target, view)
    if found is None:
        return Invalid(_not_a_player(target, view))
    return Do(Catch(seat, found))


def catchable_seats(view: PlayerView) -> list[int]:
    """Who may be caught without UNO now, but the player: the one who played their
    next-to-last card, and whoever was handed a single card (Round-n-Round).
    """
    seats = [] if view.exposed is None else [view.exposed]
    seats += [seat for seat in view.handed_one if seat not in seats]
    return [seat for seat in seats if seat != view.seat]


def _not_a_player(text: str, view: PlayerView) -> Line:
    others = [name for index, name in enumerate(view.names) if index != view.seat]
    return Line.of(messages.no_such_player, text, others, len(view.names))


def find_player(text: str, view: PlayerView) -> int | None:
    """The seat ``text`` names: a seat number from 1, a name, or the start of one name."""
    text = text.strip().lower()
    n = len(view.names)
    if text.isdecimal():  # "²" is a digit, but no number int() reads
        if len(text.lstrip("0")) > 3:
            return None
        number = int(text)
        return number - 1 if 1 <= number <= n else None
    if text in messages.part_words("self"):
        return view.seat
    names = [name.lower() for name in view.names]
    if text in names:
        return names.index(text)
    starts = [index for index, name in enumerate(names) if name.startswith(text)]
    return starts[0] if len(starts) == 1 else None
