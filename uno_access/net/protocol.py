"""The data channel of ``uno-access join``: JSON lines, one message each, both ways.

The server sends (``"t"`` names the kind):

- ``{"t": "line", "text": …}``: a line of the lobby's (an answer, a chat line);
- ``{"t": "start", "seat": N, "rules": {…}}``: a game starts at this person's table;
- ``{"t": "entry", "seq": N, "events": […], "view": …, "legal": […], "line": …}``: one
  entry of the table's log as this seat may know it (``tables.Entry``), numbered;
- ``{"t": "reply", "id": N, "seq": N, "events": […]}``: the answer to an action;
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

import dataclasses
import json
from collections.abc import Mapping
from enum import Enum
from typing import Any

from ..access import messages
from ..engine import actions, events, state
from ..engine.cards import Card, Color, Kind
from ..engine.rules import RulesError, RuleSet
from ..store.saved import rules_json

MAX_LINE = 64 * 1024  # the longest line either side takes (a whole view fits in a few KB)
MAX_DEPTH = 12


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


def encode(value: object) -> Any:
    """An engine value in the tagged JSON form."""
    if isinstance(value, Card):
        return {"c": value.code}
    if isinstance(value, RuleSet):
        return {"rules": rules_json(value)}
    if isinstance(value, Enum):
        return {"e": type(value).__name__, "v": value.value}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"t": type(value).__name__, "f": fields}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise ProtocolError(f"no JSON form for {type(value).__name__}")


def decode(raw: object, depth: int = 0) -> Any:
    """The engine value of a tagged JSON form (``ProtocolError`` when it is none)."""
    if depth > MAX_DEPTH:
        raise ProtocolError("nested too deeply")
    if raw is None or isinstance(raw, bool | int | float | str):
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
        return cls(**{str(k): decode(v, depth + 1) for k, v in fields.items()})
    except (KeyError, TypeError, ValueError, RulesError) as error:
        raise ProtocolError(f"not a value: {type(error).__name__}") from None


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


def entry_message(entry: Any) -> dict[str, Any]:
    """A ``tables.Entry`` as an ``entry`` message."""
    return {
        "t": "entry",
        "seq": entry.seq,
        "events": encode(entry.events),
        "view": encode(entry.view),
        "legal": encode(entry.legal),
        "line": entry.line,
    }
