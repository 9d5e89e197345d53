"""The data channel of ``uno-access join``: JSON lines, one message each, both ways.

The server sends (``"t"`` names the kind):

- ``{"t": "line", "text": …, "kind": …, "sound": …}``: a line of the lobby's: its kind
  (``said.Said``: ``notice``, ``chat``, ``presence``) and, for a chat line or someone
  coming or going, the name of the sound the client plays beside it (``"chat"``);
- ``{"t": "start", "seat": N, "back_from": N, "epoch": …}``: a game starts at this
  person's table (``back_from``: a seat taken up again, the last entry told before;
  ``epoch``: this server process, for connecting again, ``data.RESUME_ENV``);
- ``{"t": "entry", "seq": N, "events": […], "view": …, "legal": […], "line": …}``: one
  entry of the table's log as this seat may know it (``tables.Entry``), numbered; a line
  of the table's own (``line``) has its ``kind`` and ``sound`` as a lobby line has;
- ``{"t": "reply", "id": N, "seq": N, "events": […]}``: the answer to an action;
- ``{"t": "resumed", "seat": N}``: connected again at a game, every entry missed is
  sent (``null``: that game is gone);
- ``{"t": "refused", "reason": …}``: a line the server did not take, and why.

The client sends ``{"t": "line", "text": …}`` (a typed lobby command),
``{"t": "action", "id": N, "action": {…}}`` (a scenario action object, ``scenario.py``)
and ``{"t": "done", "seen": N}`` (the game is over for this seat, or it left).

Engine values (events, views, actions) travel in a tagged form: a dataclass as
``{"t": "CardPlayed", "f": {…}}``, a card as ``{"c": "b7"}``, an enum as
``{"e": "Color", "v": "red"}``, rules as ``{"rules": {…}}``. Decoding builds only the
engine's own types, listed here; anything else is refused (``ProtocolError``).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import math
import sys
import types
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import Any

from ..access import messages
from ..engine import actions, events, state
from ..engine.cards import Card, Color, Kind
from ..engine.rules import RulesError, RuleSet
from ..store.saved import rules_json
from .said import Heard, worded

MAX_LINE = 64 * 1024  # the longest line either side takes (a whole view fits in a few KB)
MAX_DEPTH = 12
_PACKAGE = Path(__file__).resolve().parents[1]
MAX_NUMBER = 2**31 - 1  # no count, score, seat or sequence number comes near it


class ProtocolError(ValueError):
    """A line that is no message of this protocol."""


def _dataclasses(module: object) -> dict[str, type]:
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type) and dataclasses.is_dataclass(value) and value is not Card
    }


def _enums(*modules: object) -> dict[str, type[Enum]]:
    found: dict[str, type[Enum]] = {}
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, Enum) and value is not Enum:
                found[name] = value
    return found


_TYPES: dict[str, type] = {
    **_dataclasses(events),
    **_dataclasses(actions),
    "PlayerView": state.PlayerView,
}
_ENUMS: dict[str, type[Enum]] = {
    **_enums(events, actions, state),
    "Color": Color,
    "Kind": Kind,
}


_PLAIN = (str, int, bool, float, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass -> its fields' names, once found


def encode(value: object) -> Any:
    """An engine value in the tagged JSON form."""
    kind = type(value)
    if kind in _PLAIN:  # exactly these types: an enum that is an int is not one
        return value
    if kind is tuple or kind is list:
        return [encode(v) for v in value]  # type: ignore[attr-defined]
    names = _FIELDS.get(kind)
    if names is not None:
        return {"t": kind.__name__, "f": {n: encode(getattr(value, n)) for n in names}}
    return _encode(value)


def _encode(value: object) -> Any:
    if isinstance(value, Card):
        return {"c": value.code}
    if isinstance(value, RuleSet):
        return {"rules": rules_json(value)}
    if isinstance(value, Enum):
        return {"e": type(value).__name__, "v": value.value}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[type(value)] = tuple(f.name for f in dataclasses.fields(value))
        return {"t": type(value).__name__, "f": {n: encode(getattr(value, n)) for n in names}}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise ProtocolError(f"no JSON form for {type(value).__name__}")


def decode(raw: object, depth: int = 0) -> Any:
    """The engine value of a tagged JSON form (``ProtocolError`` when it is none)."""
    if depth > MAX_DEPTH:
        raise ProtocolError("nested too deeply")
    if raw is None or isinstance(raw, bool | str):
        return raw
    if isinstance(raw, int | float):
        if not (math.isfinite(raw) and -MAX_NUMBER <= raw <= MAX_NUMBER):
            raise ProtocolError("a number out of range")
        return raw
    if isinstance(raw, list):
        return tuple(decode(v, depth + 1) for v in raw)
    if not isinstance(raw, Mapping):
        raise ProtocolError("not a value")
    try:
        if "c" in raw:
            return Card.from_code(str(raw["c"]))
        if "rules" in raw:
            return RuleSet.from_mapping(raw["rules"])
        if "e" in raw:
            return _ENUMS[str(raw["e"])](raw["v"])
        cls = _TYPES[str(raw["t"])]
        fields = raw["f"]
        if not isinstance(fields, Mapping):
            raise ProtocolError("fields are not an object")
        value = cls(**{str(k): decode(v, depth + 1) for k, v in fields.items()})
    except (KeyError, TypeError, ValueError, RulesError) as error:
        raise ProtocolError(f"not a value: {type(error).__name__}") from None
    for name, hint in _hints(cls).items():
        if not _fits(getattr(value, name), hint):
            raise ProtocolError(f"not a value: {cls.__name__}.{name}")
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The types of a dataclass's fields, as its source names them. The engine may be
    compiled (mypyc), which keeps no annotations worth the name (``type`` for ``Color |
    None``): they are read from the module's source and evaluated in the module itself.
    """
    module = sys.modules[cls.__module__]
    source = _PACKAGE / (cls.__module__.split(".", 1)[1].replace(".", "/") + ".py")
    try:
        tree = ast.parse(source.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}  # no source to read: the fields are not checked
    fields = {f.name for f in dataclasses.fields(cls)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {
                item.target.id: eval(ast.unparse(item.annotation), vars(module))
                for item in node.body
                if isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.target.id in fields
            }
    return {}


def _fits(value: object, hint: Any) -> bool:
    """Whether a decoded value is of the type its field says (an engine value is built
    with whatever fields it is given: a view whose hand is a number is refused here).
    """
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, option) for option in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0]) for item in value)
        return len(args) == len(value) and all(map(_fits, value, args))
    if origin is not None:  # a generic this protocol never sends (a dict, a list)
        return False
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, hint) if isinstance(hint, type) else False


def dumps(message: Mapping[str, Any]) -> str:
    """One message as one line (with its newline)."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def loads(line: str) -> dict[str, Any]:
    """One line as a message: an object with a string ``t`` (``ProtocolError`` otherwise)."""
    if len(line) > MAX_LINE:
        raise ProtocolError(messages.tr(messages.NET_REFUSED_TOO_LONG))
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError(messages.tr(messages.NET_REFUSED_NOT_JSON)) from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError(messages.tr(messages.NET_REFUSED_NOT_MESSAGE))
    return message


def _kind(line: Heard) -> dict[str, Any]:
    """A line's kind, and the sound it makes (named: the client plays it itself)."""
    cue = line.sound
    return {"kind": line.kind.value, **({"sound": cue.value} if cue is not None else {})}


def line_message(line: Heard) -> dict[str, Any]:
    """A line of the lobby's as a ``line`` message."""
    return {"t": "line", "text": worded(line.text), **_kind(line)}


def entry_message(entry: Any) -> dict[str, Any]:
    """A ``tables.Entry`` as an ``entry`` message."""
    message = {
        "t": "entry",
        "seq": entry.seq,
        "events": encode(entry.events),
        "view": encode(entry.view),
        "legal": encode(entry.legal),
        "line": None if entry.line is None else worded(entry.line),
    }
    if entry.line is not None:
        message.update(_kind(Heard(entry.line, entry.kind)))
    return message
