"""The one JSON form of the engine's values, both ways: saves, scenario files, exports
and the network all write and read cards, actions, rules, events and views here.

The forms (those of the scenario files, INTERFACE.md):

- a card is its print code (``"b7"``, ``"wi+4"``, ``"bly7"``); a colour its word
  (``"red"``); any other enum its value (``"turn"``, ``"play"``, ``-1``);
- an action is a scenario action object: ``{"seat": 0, "act": "play", "card": "b7"}``,
  with ``color``, ``uno``, ``target``, ``keep``, ``on`` when they are set, and several
  identical cards dropped at once as ``"cards": ["g6", "g6"]``;
- rules are the standard preset and the options that differ from it:
  ``{"preset": "standard", "uno_penalty": 4}``;
- an event is ``{"event": "card_played", "seat": 0, "card": "b7", "cards_left": 6}``, a
  field at its usual value left out (a ``count`` of 1); a refusal is
  ``{"event": "rejected", "seat": 0, "act": "play", "code": "does_not_match",
  "action": {…}}``, with the ``card`` concerned when there is one;
- a player's view is an object of its fields by name, those at their usual value left
  out.

Encoding takes the engine's values as they are and is total on them; an action is
checked first (``encodable``: its numbers within the bounds below), since people make
actions, and one out of bounds is refused with ``CodecError`` rather than written in a
form that would not read back. Everything that encodes reads back as exactly itself
(``tests/engine/test_engine_codec.py`` proves it for every kind of value).

Decoding takes data parsed from JSON that anyone may have written (a file a person
edited, a line from the network) and builds nothing but the engine's own values; on
anything else it raises ``CodecError``, and only that: a wrong type, an unknown act or
event, a number beyond ``MAX_NUMBER``, a text or a list too long, more than
``MOST_COPIES`` identical cards. Decoding follows the form it expects, so data nested
deeper than the form is refused at the first level where it does not fit; ``loads``
turns JSON text into data with the same one error. Keys a form does not name are
ignored (a scenario may note what it likes beside an action).

Standard library only, like the rest of the engine.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from . import actions as act
from . import events as ev
from .cards import Card, Color
from .events import Direction, DrawReason, Event, Refusal
from .rules import RulesError, RuleSet
from .state import Phase, PlayerView

MAX_NUMBER = 2**31 - 1
"""The largest whole number read or written (and its negative the smallest): no seat,
count, score or play number comes near it."""
MOST_COPIES = 1000
"""More copies of one card than any deck holds: a play of more is no action."""
CODE_LIMIT = 40
"""The longest card code or colour read ("blank yellow wild draw four" is 27 letters)."""
MOST_ITEMS = 10_000
"""The longest list read: a hand, a pile, the scores (a whole discard pile is some 400)."""
TEXT_LIMIT = 1000
"""The longest name read in a view."""

_E = TypeVar("_E", bound=Enum)
_T = TypeVar("_T")
_ABSENT: Any = object()  # a field with no default: it must be given
EMPTY = inspect.Parameter.empty


class CodecError(ValueError):
    """Data that is no engine value.

    ``where`` is the place in the data (``cards[2]``, ``""`` for the whole), ``wanted``
    what belongs there (``a card code``). For a name outside a known set (an act, an
    event), ``found`` is the name and ``known`` the names there are; ``limit`` is set for
    a text that is too long; ``rules`` for rules the engine refused (why, in its terms);
    ``why`` is a card reader's own reason.
    """

    def __init__(
        self,
        wanted: str,
        where: str = "",
        *,
        found: object = None,
        known: tuple[str, ...] = (),
        limit: int | None = None,
        rules: RulesError | None = None,
        why: str | None = None,
    ) -> None:
        super().__init__(wanted)
        self.wanted = wanted
        self.where = where
        self.found = found
        self.known = known
        self.limit = limit
        self.rules = rules
        self.why = why

    def within(self, outer: str) -> CodecError:
        """The same error, its place given inside ``outer`` (``actions[3]``, ``card``)."""
        inner = self.where
        if not inner:
            self.where = outer
        elif inner.startswith("["):
            self.where = outer + inner
        else:
            self.where = f"{outer}.{inner}" if outer else inner
        return self

    def __str__(self) -> str:
        place = self.where or "the value"
        if self.why is not None:
            return f"{place}: {self.why}"
        if self.known:
            found = repr(self.found)
            if len(found) > 40:
                found = found[:39] + "…"
            return f"{place} is {found}; it must be one of: {', '.join(self.known)}"
        if self.limit is not None:
            return f"{place} is longer than {self.limit} characters"
        if self.rules is not None:
            error = self.rules
            return f"{place}: {error.option} cannot be {str(error.value)[:40]}"
        return f"{place} must be {self.wanted}"


def loads(text: str | bytes) -> object:
    """JSON text as data; ``CodecError`` for text that is not JSON (nested too deeply for
    the parser, or a number too long to convert, included).
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise CodecError("JSON nested less deeply") from None
    except ValueError as error:  # not JSON, not text, a number of thousands of digits
        raise CodecError("JSON", why=str(error)[:80]) from None


# --------------------------------------------------------------------- plain values


def _int(raw: object, wanted: str = "a whole number") -> int:
    if type(raw) is int and -MAX_NUMBER <= raw <= MAX_NUMBER:
        return raw
    raise CodecError(wanted)


def _optional_int(raw: object) -> int | None:
    return None if raw is None else _int(raw)


def _bool(raw: object, wanted: str = "true or false") -> bool:
    if type(raw) is bool:
        return raw
    raise CodecError(wanted)


def _list(raw: object, wanted: str, most: int = MOST_ITEMS) -> list[Any]:
    if type(raw) is list and len(raw) <= most:
        return raw
    raise CodecError(wanted)


def _tuple_of(raw: object, read: Callable[[object], _T], wanted: str) -> tuple[_T, ...]:
    items = _list(raw, wanted)
    try:
        return tuple(map(read, items))
    except CodecError:
        pass
    for index, item in enumerate(items):  # which one, found only when one is wrong
        try:
            read(item)
        except CodecError as error:
            raise error.within(f"[{index}]") from None
    raise CodecError(wanted)  # a reader that fails only once: never so


def _ints(raw: object) -> tuple[int, ...]:
    return _tuple_of(raw, _int, "a list of whole numbers")


def _teams(raw: object) -> tuple[tuple[int, ...], ...]:
    return _tuple_of(raw, _ints, "a list of lists of seats")


def _text(raw: object) -> str:
    if type(raw) is str and len(raw) <= TEXT_LIMIT:
        return raw
    raise CodecError(f"a text of at most {TEXT_LIMIT} characters")


def _texts(raw: object) -> tuple[str, ...]:
    return _tuple_of(raw, _text, "a list of names")


# --------------------------------------------------------------------- cards, colours


def card_to_json(card: Card) -> str:
    """A card as its print code: ``b7``."""
    return card.code


def card_from_json(raw: object) -> Card:
    """A card from its print code, exactly (``CodecError`` for anything else)."""
    if type(raw) is str:
        if len(raw) > CODE_LIMIT:
            raise CodecError("a card code", limit=CODE_LIMIT)
        try:
            return Card.from_code(raw)
        except ValueError:
            pass
    raise CodecError("a card code")


_WORD: dict[Color, str] = {color: color.word for color in Color}
_COLOR: dict[str, Color] = {word: color for color, word in _WORD.items()}


def color_to_json(color: Color) -> str:
    """A colour as its word: ``red``."""
    return _WORD[color]


def color_from_json(raw: object) -> Color:
    """A colour from its word, exactly (``CodecError`` for anything else)."""
    if type(raw) is str:
        if len(raw) > CODE_LIMIT:
            raise CodecError("a colour", limit=CODE_LIMIT)
        color = _COLOR.get(raw)
        if color is not None:
            return color
    raise CodecError("a colour")


def enum_to_json(value: Enum) -> Any:
    """Any other enum (``Kind``, ``Phase``, ``DrawReason``…) as its value."""
    return value.value


def enum_from_json(kind: type[_E], raw: object) -> _E:
    """A member of ``kind`` from its value (``CodecError`` for anything else)."""
    members = _MEMBERS.get(kind)
    if members is None:
        members = _MEMBERS[kind] = {(type(m.value), m.value): m for m in kind}
    if type(raw) is str or type(raw) is int:
        member = members.get((type(raw), raw))
        if member is not None:
            return member  # type: ignore[return-value]
    raise CodecError(f"one of: {', '.join(str(m.value) for m in kind)}")


_MEMBERS: dict[type[Enum], dict[tuple[type, object], Enum]] = {}


CardReader = Callable[[object], Card]
ColorReader = Callable[[object], Color]


def _cards(raw: object) -> tuple[Card, ...]:
    return _tuple_of(raw, card_from_json, "a list of card codes")


def _optional_card(raw: object) -> Card | None:
    return None if raw is None else card_from_json(raw)


def _optional_color(raw: object) -> Color | None:
    return None if raw is None else color_from_json(raw)


# --------------------------------------------------------------------- actions

ACTS: dict[type, str] = {
    act.Play: "play",
    act.Draw: "draw",
    act.PlayDrawn: "play_drawn",
    act.Keep: "keep",
    act.CallUno: "uno",
    act.Catch: "catch",
    act.Challenge: "challenge",
    act.Accept: "accept",
    act.ChooseColor: "choose_color",
    act.NextRound: "next_round",
    act.CardCheck: "card_check",
    act.TouchTopCard: "touch",
    act.JumpIn: "jump_in",
    act.Suggest: "suggest",
}
"""Each action's ``act``, as scenario files name it."""
_ACT_NAMES = tuple(sorted(ACTS.values()))
_BY_ACT = {name: kind for kind, name in ACTS.items()}
_SEAT_ONLY: dict[str, Callable[[int], act.Action]] = {
    "draw": act.Draw,
    "keep": act.Keep,
    "uno": act.CallUno,
    "challenge": act.Challenge,
    "accept": act.Accept,
    "next_round": act.NextRound,
    "card_check": act.CardCheck,
    "touch": act.TouchTopCard,
    "suggest": act.Suggest,
}
# each action's fields after ``seat``, in order, as written (``count`` is the cards')
_ACTION_FIELDS: dict[type, tuple[str, ...]] = {
    kind: tuple(f.name for f in dataclasses.fields(kind) if f.name not in ("seat", "count"))
    for kind in ACTS
}


def _in_bounds(number: object) -> bool:
    return type(number) is int and -MAX_NUMBER <= number <= MAX_NUMBER


def encodable(action: act.Action) -> bool:
    """Whether ``action`` is written in a form that reads back as exactly itself: its
    seat, target and play number within ``MAX_NUMBER``, its count of cards from 1 to
    ``MOST_COPIES``. Only a play no deck could hold (``b7 x0``, ``r5 x99999``) is not;
    the check costs a few comparisons.
    """
    if not _in_bounds(action.seat):
        return False
    if isinstance(action, act.Play | act.JumpIn):
        count = action.count
        if type(count) is not int or not 0 < count <= MOST_COPIES:
            return False
        if isinstance(action, act.JumpIn) and action.on is not None and not _in_bounds(action.on):
            return False
        if isinstance(action, act.Play) and not _in_bounds(action.straight):
            return False
    target = getattr(action, "target", None)
    return target is None or _in_bounds(target)


def action_to_json(action: act.Action) -> dict[str, Any]:
    """An action as a scenario action object; ``CodecError`` when it is not ``encodable``."""
    if not encodable(action):
        raise CodecError("an action with its numbers in bounds", "action")
    out: dict[str, Any] = {"seat": action.seat, "act": ACTS[type(action)]}
    for name in _ACTION_FIELDS[type(action)]:
        value = getattr(action, name)
        if value is None or value is False or (name == "straight" and value == 0):
            continue
        if type(value) is Card:
            out[name] = value.code
        elif type(value) is Color:
            out[name] = _WORD[value]
        else:
            out[name] = value
    if isinstance(action, act.Play | act.JumpIn) and action.count != 1:
        del out["card"]
        out["cards"] = [action.card.code] * action.count
    return out


def actions_to_json(actions: Iterable[act.Action]) -> list[dict[str, Any]]:
    return [action_to_json(action) for action in actions]


def action_from_json(
    raw: object, card: CardReader = card_from_json, color: ColorReader = color_from_json
) -> act.Action:
    """An action from a scenario action object. ``card`` and ``color`` read a card and a
    colour (exact codes and words unless told: a scenario file takes what people type),
    raising ``CodecError``.
    """
    if not isinstance(raw, Mapping):
        raise CodecError("an object")
    seat = _field(raw, "seat", _seat)
    name = raw.get("act")
    if type(name) is not str or name not in _BY_ACT:
        raise CodecError("an act", "act", found=name, known=_ACT_NAMES)
    if name in _SEAT_ONLY:
        return _SEAT_ONLY[name](seat)
    colour = _optional(raw, "color", color)
    uno = _optional(raw, "uno", _bool, False)
    target = _optional(raw, "target", _seat)  # whom an Anniversary card gives to, a 7 swaps with
    if name in ("play", "jump_in"):
        played, count = _played(raw, card)
        if name == "jump_in":
            on = _optional(raw, "on", _play_number)
            return act.JumpIn(seat, played, colour, uno, count, on, target)
        keep = _optional(raw, "keep", card)
        straight = _optional(raw, "straight", _straight, 0)
        return act.Play(seat, played, colour, uno, count, target, keep, straight)
    if name == "play_drawn":
        return act.PlayDrawn(seat, colour, uno, target)
    if name == "catch":
        if target is None:
            raise CodecError("a seat number", "target")
        return act.Catch(seat, target)
    assert name == "choose_color"
    if colour is None:
        raise CodecError("a colour", "color")
    return act.ChooseColor(seat, colour)


def actions_from_json(raw: object) -> tuple[act.Action, ...]:
    """A list of actions (a seat's legal actions, say)."""
    return _tuple_of(raw, action_from_json, "a list of actions")


def _seat(raw: object) -> int:
    return _int(raw, "a seat number")


def _straight(raw: object) -> int:
    return _int(raw, "a number of cards played on, below 0 for the previous numbers")


def _play_number(raw: object) -> int:
    return _int(raw, "a play number")


def _field(raw: Mapping[str, Any], name: str, read: Callable[[object], _T]) -> _T:
    try:
        return read(raw.get(name))
    except CodecError as error:
        raise error.within(name) from None


def _optional(
    raw: Mapping[str, Any], name: str, read: Callable[[object], _T], default: Any = None
) -> Any:
    value = raw.get(name)
    if value is None:
        return default
    try:
        return read(value)
    except CodecError as error:
        raise error.within(name) from None


def _played(raw: Mapping[str, Any], card: CardReader) -> tuple[Card, int]:
    """``card``, or ``cards``: identical cards dropped at once (at most ``MOST_COPIES``)."""
    cards = raw.get("cards")
    if cards is None:
        played = raw.get("card")
        if type(played) is not str:
            raise CodecError("a card code", "card")
        return _field(raw, "card", card), 1
    wanted = f"a list of 1 to {MOST_COPIES} identical cards"
    if type(cards) is list and not 0 < len(cards) <= MOST_COPIES:
        raise CodecError(wanted, "cards")
    played = _field(raw, "cards", lambda items: _tuple_of(items, card, "a list of card codes"))
    first = played[0]
    if any(other is not first for other in played):
        raise CodecError(wanted, "cards")
    return first, len(played)


# --------------------------------------------------------------------- rules

_STANDARD = RuleSet()
_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(RuleSet))
_RULES_MADE: dict[RuleSet, dict[str, Any]] = {}  # each rule set's form, once made
_RULES_READ: dict[tuple[tuple[str, str, object], ...], RuleSet] = {}  # each form read, once


def _rules_form(rules: RuleSet) -> dict[str, Any]:
    form = _RULES_MADE.get(rules)
    if form is None:
        form = {"preset": "standard"}
        for name in _RULE_FIELDS:
            value = getattr(rules, name)
            if value != getattr(_STANDARD, name):
                if isinstance(value, tuple):
                    form[name] = [card.code for card in value]
                elif isinstance(value, Enum):
                    form[name] = value.value
                else:
                    form[name] = value
        if len(_RULES_MADE) > 256:
            _RULES_MADE.clear()
        _RULES_MADE[rules] = form
    return form


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    """Rules as a scenario's ``rules`` object: the standard preset and what differs."""
    return dict(_rules_form(rules))


def rules_from_json(raw: object) -> RuleSet:
    """Rules from a ``rules`` object: ``preset`` (standard when not named) and options,
    checked as the engine checks them (``CodecError`` with ``rules`` set when it refuses).
    """
    if not isinstance(raw, Mapping):
        raise CodecError("an object")
    key = _rules_key(raw)
    rules = _RULES_READ.get(key) if key is not None else None
    if rules is not None:
        return rules
    if len(raw) > len(_RULE_FIELDS) + 1:
        extra = next((k for k in raw if k != "preset" and k not in _RULE_FIELDS), "preset")
        raise CodecError("rules", rules=RulesError(str(extra), raw[extra], _RULE_FIELDS))
    try:
        rules = RuleSet.from_mapping(raw)
    except RulesError as error:
        raise CodecError("rules", rules=error) from None
    except (TypeError, ValueError, RecursionError):  # what from_mapping never meant to see
        raise CodecError("rules") from None
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        if type(value) is int and not _in_bounds(value):
            refused = RulesError(name, value, (f"at most {MAX_NUMBER}",))
            raise CodecError("rules", rules=refused)
    if key is not None:
        if len(_RULES_READ) > 256:
            _RULES_READ.clear()
        _RULES_READ[key] = rules
    return rules


def _rules_key(raw: Mapping[Any, Any]) -> tuple[tuple[str, str, object], ...] | None:
    """A rules object as a key of those read already (None: one not worth keeping)."""
    if len(raw) > len(_RULE_FIELDS) + 1:
        return None
    items: list[tuple[str, str, object]] = []
    for name, value in raw.items():
        if type(name) is not str:
            return None
        kind = type(value)
        if kind is list:
            if len(value) > 4 or not all(type(v) is str and len(v) <= CODE_LIMIT for v in value):
                return None
            value = tuple(value)
        elif not (kind is bool or kind is int or (kind is str and len(value) <= CODE_LIMIT)):
            return None
        items.append((name, kind.__name__, value))
    return tuple(sorted(items))


# --------------------------------------------------------------------- events, views


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    """One field of an event or a view: its name, how it is written and read, its
    usual value (``_ABSENT``: none, it is always written).
    """

    name: str
    write: Callable[[Any], Any] | None  # None: as it is
    read: Callable[[object], Any]
    default: Any


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def _code(card: Card) -> str:
    return card.code


def _optional_code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _optional_word(color: Color | None) -> str | None:
    return None if color is None else _WORD[color]


def _value(member: Enum) -> Any:
    return member.value


def _members(kind: type[_E]) -> Callable[[object], _E]:
    def read(raw: object) -> _E:
        return enum_from_json(kind, raw)

    return read


def _as_list(items: Sequence[Any]) -> list[Any]:
    return list(items)


def _lists(items: Sequence[Sequence[int]]) -> list[list[int]]:
    return [list(team) for team in items]


# how each kind of field is written and read: (write, read)
_INT = (None, _int)
_OPTIONAL_INT = (None, _optional_int)
_BOOL = (None, _bool)
_CARD = (_code, card_from_json)
_OPTIONAL_CARD = (_optional_code, _optional_card)
_CARDS = (_codes, _cards)
_COLOR_FIELD = (color_to_json, color_from_json)
_OPTIONAL_COLOR = (_optional_word, _optional_color)
_INTS = (_as_list, _ints)
_KINDS_BY_NAME: dict[str, tuple[Any, Callable[[object], Any]]] = {
    # an event field's kind, by its name: the same name is the same kind in every event
    "seat": _INT,
    "card": _CARD,
    "cards": _CARDS,
    "count": _INT,
    "number": _INT,
    "dealer": _INT,
    "cards_left": _INT,
    "jump_in": _BOOL,
    "straight": _BOOL,
    "total": _INT,
    "direction": (_value, _members(Direction)),
    "from_seat": _INT,
    "target": _INT,
    "seat_count": _INT,
    "target_count": _INT,
    "seat_cards": _CARDS,
    "target_cards": _CARDS,
    "score": _INT,
    "color": _COLOR_FIELD,
    "reason": (_value, _members(DrawReason)),
    "penalty": _INT,
    "to_seat": _INT,
    "guilty": _BOOL,
    "blocked": _BOOL,
    "winner": _INT,
    "hand_points": _INTS,
    "gained": _INTS,
    "scores": _INTS,
    "counts": _INTS,
}
_KIND_OF: dict[tuple[type, str], tuple[Any, Callable[[object], Any]]] = {
    (ev.TopCard, "color"): _OPTIONAL_COLOR,  # the colour in play: none on a Wild start
    (ev.FalseCallPenalty, "target"): _OPTIONAL_INT,  # none: a false UNO call
}
_VIEW_KINDS: dict[str, tuple[Any, Callable[[object], Any]]] = {
    "seat": _INT,
    "names": (_as_list, _texts),
    "rules": (_rules_form, rules_from_json),
    "hand": _CARDS,
    "hand_sizes": _INTS,
    "top": _CARD,
    "color": _OPTIONAL_COLOR,
    "current": _OPTIONAL_INT,
    "direction": (_value, _members(Direction)),
    "phase": (_value, _members(Phase)),
    "dealer": _INT,
    "draw_pile_size": _INT,
    "discard_pile_size": _INT,
    "scores": _INTS,
    "round_number": _INT,
    "drawn": _OPTIONAL_CARD,
    "exposed": _OPTIONAL_INT,
    "challenged_by": _OPTIONAL_INT,
    "round_winner": _OPTIONAL_INT,
    "winner": _OPTIONAL_INT,
    "stack": _INT,
    "plays": _INT,
    "played_by": _OPTIONAL_INT,
    "handed_one": _INTS,
    "eliminated": _INTS,
    "teams": (_lists, _teams),
    "discard": _CARDS,
}


def _fields(
    kind: type, kinds: Callable[[str], tuple[Any, Callable[[object], Any]]]
) -> tuple[_Field, ...]:
    out = []
    # an event's or action's defaults are its ``__init__``'s (its fields are ``Final``,
    # set there alone); a view's are its fields'
    given = inspect.signature(kind).parameters
    for f in dataclasses.fields(kind):
        write, read = kinds(f.name)
        default = f.default if f.default is not dataclasses.MISSING else _ABSENT
        parameter = given.get(f.name)
        if default is _ABSENT and parameter is not None and parameter.default is not EMPTY:
            default = parameter.default
        out.append(_Field(f.name, write, read, default))
    return tuple(out)


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


EVENTS: dict[type, str] = {kind: _snake(kind.__name__) for kind in typing.get_args(Event)}
"""Each event's name in its JSON form (``card_played``)."""
_EVENT_NAMES = tuple(sorted(EVENTS.values()))
_BY_EVENT = {name: kind for kind, name in EVENTS.items()}


def _event_kinds(kind: type) -> Callable[[str], tuple[Any, Callable[[object], Any]]]:
    def of(name: str) -> tuple[Any, Callable[[object], Any]]:
        return _KIND_OF.get((kind, name)) or _KINDS_BY_NAME[name]

    return of


_EVENT_FIELDS: dict[type, tuple[_Field, ...]] = {}  # each kind's, made when first written or read


def _event_fields(kind: type) -> tuple[_Field, ...] | None:
    """An event kind's fields as written (None: ``Rejected``, written apart). Made when
    first asked for: reading the defaults of 34 ``__init__`` methods at import would
    slow every start of the game by a few milliseconds."""
    fields = _EVENT_FIELDS.get(kind)
    if fields is None and kind is not ev.Rejected:
        fields = _EVENT_FIELDS[kind] = _fields(kind, _event_kinds(kind))
    return fields


_VIEW_FIELDS: list[tuple[_Field, ...]] = []  # made when first asked for, as an event's


def _view_fields() -> tuple[_Field, ...]:
    if not _VIEW_FIELDS:
        _VIEW_FIELDS.append(_fields(PlayerView, _VIEW_KINDS.__getitem__))
    return _VIEW_FIELDS[0]


def _write(value: object, fields: tuple[_Field, ...], out: dict[str, Any]) -> dict[str, Any]:
    for field in fields:
        item = getattr(value, field.name)
        default = field.default
        if default is not _ABSENT and (item is default or item == default):
            continue  # at its usual value: left out
        write = field.write
        out[field.name] = item if write is None else write(item)
    return out


def _read(kind: Callable[..., _T], raw: Mapping[str, Any], fields: tuple[_Field, ...]) -> _T:
    given: dict[str, Any] = {}
    for field in fields:
        item = raw.get(field.name, _ABSENT)
        if item is _ABSENT:
            if field.default is _ABSENT:
                raise CodecError("given", field.name)
            continue
        try:
            given[field.name] = field.read(item)
        except CodecError as error:
            raise error.within(field.name) from None
    return kind(**given)


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as ``{"event": "card_played", "seat": 0, "card": "b7", …}``."""
    kind = type(event)
    fields = _event_fields(kind)
    if fields is not None:
        return _write(event, fields, {"event": EVENTS[kind]})
    assert isinstance(event, ev.Rejected)
    action = action_to_json(event.action)
    out = {
        "event": "rejected",
        "seat": event.seat,
        "act": action["act"],
        "code": event.reason.value,
        "action": action,
    }
    if event.card is not None:
        out["card"] = event.card.code
    return out


def events_to_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [event_to_json(event) for event in events]


def event_from_json(raw: object) -> Event:
    """An event from its JSON form (``CodecError`` for anything else)."""
    if not isinstance(raw, Mapping):
        raise CodecError("an object")
    name = raw.get("event")
    kind = _BY_EVENT.get(name) if type(name) is str else None
    if kind is None:
        raise CodecError("an event", "event", found=name, known=_EVENT_NAMES)
    fields = _event_fields(kind)
    if fields is not None:
        event: Event = _read(kind, raw, fields)
        return event
    seat = _field(raw, "seat", _int)
    action = _field(raw, "action", action_from_json)
    reason = _field(raw, "code", _members(Refusal))
    card = _optional(raw, "card", card_from_json)
    return ev.Rejected(seat, action, reason, card)


def events_from_json(raw: object) -> tuple[Event, ...]:
    """A list of events."""
    return _tuple_of(raw, event_from_json, "a list of events")


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A seat's view as an object of its fields, those at their usual value left out."""
    return _write(view, _view_fields(), {})


def view_from_json(raw: object) -> PlayerView:
    """A seat's view from its JSON form (``CodecError`` for anything else)."""
    if not isinstance(raw, Mapping):
        raise CodecError("an object")
    return _read(PlayerView, raw, _view_fields())
