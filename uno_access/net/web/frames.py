"""The WebSocket's frames (docs/web.md), with no I/O: what the page sends, read as
values or refused with a reason in words; and what the server sends, as JSON objects.

Every frame from a browser is untrusted: at most ``FRAME_LIMIT`` bytes, one JSON object
of a known ``type`` whose fields have the right types, else one ``Refused`` with the
reason, and nothing else happens.

Every answer (``key``, ``line``, ``press``, ``card``, ``secret``) names the prompt it
answers: the ``number`` of the ``prompt`` frame the page showed when the person acted
(``prompt``). The keyboard takes it only while that prompt is still the one asked
(``keyboard``): an answer sent before the page had heard of a newer prompt is refused,
never read as the answer to a question the person has not seen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ... import text
from ...access import braille, messages
from ...access.braille import BrailleTable
from ...access.message import Message
from ...engine.cards import Card
from ...seat.keys import Key

FRAME_LIMIT = 4096  # bytes of one frame from a browser
# the keys that are no character, by the names the page gives them (prompt_toolkit's)
KEY_NAMES = frozenset(
    {
        "enter",
        "escape",
        "left",
        "right",
        "up",
        "down",
        "home",
        "end",
        "pageup",
        "pagedown",
        "space",
        "tab",
        "backspace",
        "delete",
        *(f"f{number}" for number in range(1, 13)),
    }
)
_QUOTED = 20  # characters of a bad value quoted back


@dataclass(frozen=True, slots=True)
class KeyFrame:
    """One key pressed: a printable character, or one of ``KEY_NAMES`` (``prompt``: the
    number of the prompt it answers, as for every frame below)."""

    key: str
    prompt: int


@dataclass(frozen=True, slots=True)
class LineFrame:
    """A typed line (a lobby command, a command-line command, chat)."""

    text: str
    prompt: int


@dataclass(frozen=True, slots=True)
class PressFrame:
    """A button: what the command's key does, whatever the language and keys on or off."""

    key: Key
    prompt: int


@dataclass(frozen=True, slots=True)
class CardFrame:
    """The hand's card ``index`` (0-based, as the last hand frame listed it) activated."""

    index: int
    prompt: int


@dataclass(frozen=True, slots=True)
class SecretFrame:
    """A password typed in the page's password field, taken at a password's prompt alone:
    never shown, said or kept anywhere (its ``repr`` hides it)."""

    text: str = field(repr=False)
    prompt: int


Frame = KeyFrame | LineFrame | PressFrame | CardFrame | SecretFrame


@dataclass(frozen=True, slots=True)
class Refused:
    """A frame not taken, and why (in the person's language)."""

    reason: str


def parse(data: str | bytes) -> Frame | Refused:
    """One frame from a browser, read; or refused with its reason."""
    size = len(data.encode("utf-8", "replace")) if isinstance(data, str) else len(data)
    if size > FRAME_LIMIT:
        return Refused(messages.web_refused_too_long(FRAME_LIMIT))
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return Refused(messages.tr(messages.WEB_REFUSED_UNREADABLE))
    if not isinstance(value, dict):
        return Refused(messages.tr(messages.WEB_REFUSED_UNREADABLE))
    kind = value.get("type")
    if not isinstance(kind, str):
        return Refused(messages.web_refused_field("type"))
    reader = _READERS.get(kind)
    if reader is None:
        return Refused(messages.web_refused_kind(text.shown(kind, _QUOTED)))
    number = value.get("prompt")
    if not _counted(number):
        return Refused(messages.web_refused_field("prompt"))
    return reader(value, number)


def _counted(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from 0 (JSON's true is no number here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _key(value: dict[str, Any], prompt: int) -> Frame | Refused:
    key = value.get("key")
    if not isinstance(key, str) or not key:
        return Refused(messages.web_refused_field("key"))
    if (len(key) == 1 and key.isprintable()) or key in KEY_NAMES:
        return KeyFrame(key, prompt)
    return Refused(messages.web_refused_key(text.shown(key, _QUOTED)))


def _line(value: dict[str, Any], prompt: int) -> Frame | Refused:
    typed = value.get("text")
    if not isinstance(typed, str):
        return Refused(messages.web_refused_field("text"))
    if len(typed) > text.LINE_LIMIT:
        return Refused(messages.line_too_long())
    return LineFrame(text.shown(typed), prompt)


def _press(value: dict[str, Any], prompt: int) -> Frame | Refused:
    command = value.get("command")
    if not isinstance(command, str):
        return Refused(messages.web_refused_field("command"))
    key = Key.__members__.get(command)
    if key is None or key is Key.UNKNOWN:
        return Refused(messages.web_refused_command(text.shown(command, _QUOTED)))
    return PressFrame(key, prompt)


def _card(value: dict[str, Any], prompt: int) -> Frame | Refused:
    index = value.get("index")
    if not _counted(index):
        return Refused(messages.web_refused_field("index"))
    return CardFrame(index, prompt)


def _secret(value: dict[str, Any], prompt: int) -> Frame | Refused:
    """A password: its printable characters, as the terminal's hidden prompt takes them
    (nothing of it is ever quoted back)."""
    typed = value.get("text")
    if not isinstance(typed, str):
        return Refused(messages.web_refused_field("text"))
    if len(typed) > text.LINE_LIMIT:
        return Refused(messages.line_too_long())
    return SecretFrame("".join(ch for ch in typed if ch.isprintable()), prompt)


_READERS: dict[str, Callable[[dict[str, Any], int], Frame | Refused]] = {
    "key": _key,
    "line": _line,
    "press": _press,
    "card": _card,
    "secret": _secret,
}


# ----------------------------------------------------------------- to the browser


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def hello(name: str, lang: str, braille_on: bool) -> dict[str, Any]:
    return {"type": "hello", "name": name, "lang": lang, "braille": braille_on}


def screen(where: str) -> dict[str, Any]:
    return {"type": "screen", "screen": where}


def message(said: Message, buffer: str, spoken: bool = True) -> dict[str, Any]:
    """One line the person is told, as the seat rendered it for them (``spoken`` False:
    their speech is off, the page's own voice says nothing)."""
    return {
        "type": "message",
        "print": said.text,
        "speech": said.speech if spoken else "",
        "braille": said.braille,
        "priority": said.priority.name.lower(),
        "buffer": buffer,
        "cue": said.sound,
    }


def prompt(said: str, ask: str, menu: bool, number: int) -> dict[str, Any]:
    """A prompt: its text, what it asks, whether a menu is open, and its ``number`` (each
    answer frame sends it back)."""
    return {"type": "prompt", "text": said, "ask": ask, "menu": menu, "number": number}


def card(face: Card, table: BrailleTable | None) -> dict[str, Any]:
    """A card as the page shows it: its name in the person's language, its code, its
    corner code as braille cells (none when braille is off), its colour."""
    return {
        "label": messages.card_name(face),
        "code": face.code,
        "braille": "" if table is None else braille.card_unicode(face, table),
        "color": "wild" if face.color is None else face.color.name.lower(),
    }


def hand(
    cards: Sequence[Card],
    selected: int | None,
    playable: Sequence[Card],
    table: BrailleTable | None,
) -> dict[str, Any]:
    marked = set(playable)
    return {
        "type": "hand",
        "cards": [{**card(face, table), "playable": face in marked} for face in cards],
        "selected": selected,
    }


def table(
    summary: str,
    top: Card | None,
    players: list[dict[str, Any]],
    braille_table: BrailleTable | None,
) -> dict[str, Any]:
    return {
        "type": "table",
        "summary": summary,
        "top": None if top is None else card(top, braille_table),
        "players": players,
    }


def refused(reason: str) -> dict[str, Any]:
    return {"type": "refused", "reason": reason}


def bye(reason: str) -> dict[str, Any]:
    return {"type": "bye", "reason": reason}
