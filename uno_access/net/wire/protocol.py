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
- ``{"t": "refused", "reason": …}``: a line the server did not take, and why;
- ``{"t": "servers", "addresses": ["HOST:PORT", …]}``: a cluster's other servers, as the
  session begins, to a client that set ``SERVERS_ENV``: it connects to one of them by
  itself when this one stops.

The client sends ``{"t": "line", "text": …}`` (a typed lobby command),
``{"t": "action", "id": N, "action": {…}}`` (an action) and ``{"t": "done", "seen": N}``
(the game is over for this seat, or it left).

Engine values (events, views, actions, rules) travel in the one JSON form of the engine's
codec (``engine.codec``), that of the saved games and scenario files: a card as its code
(``"b7"``), an action as a scenario action object, an event as
``{"event": "card_played", …}``. Decoding builds only the engine's own values, each field
checked against what it must be; anything else is refused (``CodecError``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...access import messages
from ...engine import codec
from .said import Heard, worded

MAX_LINE = 64 * 1024  # the longest line either side takes (a whole view fits in a few KB)


class ProtocolError(ValueError):
    """A line that is no message of this protocol."""


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
        "events": codec.events_to_json(entry.events),
        "view": None if entry.view is None else codec.view_to_json(entry.view),
        "legal": codec.actions_to_json(entry.legal),
        "line": None if entry.line is None else worded(entry.line),
    }
    if entry.line is not None:
        message.update(_kind(Heard(entry.line, entry.kind)))
    return message
