"""The server's moderation in the lobby: ``report NAME REASON`` for anyone, and the
moderators' ``mod mute|unmute|ban|unban NAME …``, ``mod reports`` and ``mod log``.

Roles are set outside (``uno-access users role``); a person without one is refused every
``mod`` command in one sentence, and learns nothing of reports or the log. A mute holds
at every line its person tries to say (``muted``: told them, reaching no one); a ban at
every login (``banned``), and a banned person connected is sent away at once. Each runs
on the server's event loop and returns the lines its person is told; each action is in
the moderation log (``moderation``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from ..wire.said import Said, Words
from . import people
from .moderation import Kind, Moderation, Role, Sanction

if TYPE_CHECKING:
    from .lobby import Person

Command = Callable[["Person", str], list[str]]
REASON_LIMIT = 200  # characters of a reason kept
LONGEST = 3650 * 24 * 3600.0  # seconds: ten years; past that, "forever"
_TIME = re.compile(r"(\d{1,6})([mhd])")
_UNITS = {"m": 60.0, "h": 3600.0, "d": 86400.0}


def when(at: float, now: float | None = None) -> str:
    """A time as the moderation says it, in UTC: its time of day alone when it is today's
    (brief in speech and on a braille display), else with its date."""
    moment = time.gmtime(at)
    today = time.gmtime(time.time() if now is None else now)
    same_day = moment[:3] == today[:3]
    return time.strftime(messages.TODAY_FORMAT if same_day else messages.TIME_FORMAT, moment)


def _until(sanction: Sanction) -> str | None:
    return None if sanction.until is None else when(sanction.until)


def _told(
    moderation: Moderation | None, kind: Kind, name: str, said: Callable[[str | None, str], str]
) -> str | None:
    """``name``'s sanction of ``kind`` in force, as ``said`` words it for them; None: none."""
    sanction = None if moderation is None else moderation.active(kind, name)
    return None if sanction is None else said(_until(sanction), sanction.reason)


def muted(moderation: Moderation | None, name: str) -> str | None:
    """What ``name`` is told when a line of theirs reaches no one (muted); None: not."""
    return _told(moderation, Kind.MUTE, name, messages.net_you_are_muted)


def _muted_words(moderation: Moderation, name: str) -> str:
    return muted(moderation, name) or ""


def banned(moderation: Moderation | None, name: str) -> str | None:
    """Why ``name`` may not log in, said to them; None: they may."""
    return _told(moderation, Kind.BAN, name, messages.net_you_are_banned)


def _duration(typed: str) -> float | None:
    """The seconds ``typed`` says (30m, 2h, 7d), None for good (forever, or past
    ``LONGEST``); ValueError: it says no time."""
    typed = typed.lower()
    if typed == messages.FOREVER_WORD:
        return None
    found = _TIME.fullmatch(typed)
    if found is None:
        raise ValueError(typed)
    seconds = int(found.group(1)) * _UNITS[found.group(2)]
    return None if seconds > LONGEST else seconds


def report(person: Person, rest: str) -> list[str]:
    """``report NAME REASON``: kept for the moderators, with NAME's last chat lines."""
    lobby = person.lobby
    moderation = lobby.moderation
    if moderation is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    typed, _, reason = rest.strip().partition(" ")
    reason = text.shown(reason, REASON_LIMIT).strip()
    if not typed or not reason:
        return [messages.tr(messages.NET_REPORT_HOW)]
    name = lobby.owner_of(text.name(typed))
    if name is None:
        return [messages.net_no_such_person(text.shown(typed, 20))]
    if name.lower() == person.name.lower():
        return [messages.tr(messages.NET_THAT_IS_YOU)]
    over = people.limited(lobby, person.name)  # reports are limited as chat lines are
    if over is not None:
        return over
    moderation.report(person.name, name, reason, lobby.said_by(name))
    line = Words(messages.net_report_came, (person.name, name))
    for moderator in moderation.with_a_role():
        people.tell_one(lobby, moderator, line, Said.PRESENCE)
    return [messages.net_report_kept(name)]


def mod(person: Person, rest: str) -> list[str]:
    """``mod …``: the moderators' commands."""
    moderation = person.lobby.moderation
    if moderation is None or moderation.role(person.name) is None:
        return [messages.tr(messages.NET_MOD_ONLY)]
    word, _, rest = rest.strip().partition(" ")
    word = word.lower()
    if word == messages.MOD_REPORTS:
        return _reports(moderation)
    if word == messages.MOD_LOG:
        return _log(moderation)
    if word not in (messages.MOD_MUTE, messages.MOD_UNMUTE, messages.MOD_BAN, messages.MOD_UNBAN):
        return [messages.tr(messages.NET_MOD_HOW)]
    typed, _, rest = rest.strip().partition(" ")
    if not typed:
        return [messages.tr(messages.NET_MOD_HOW)]
    lobby = person.lobby
    name = lobby.owner_of(text.name(typed))
    if name is None:
        return [messages.net_no_such_person(text.shown(typed, 20))]
    if not moderation.may_act_on(person.name, name):
        if name.lower() == person.name.lower():
            return [messages.tr(messages.NET_THAT_IS_YOU)]
        return [messages.net_mod_not_yours(name)]
    kind = Kind.MUTE if word in (messages.MOD_MUTE, messages.MOD_UNMUTE) else Kind.BAN
    if word in (messages.MOD_UNMUTE, messages.MOD_UNBAN):
        return [messages.net_lifted(name, kind.value, moderation.lift(kind, name, person.name))]
    typed_time, _, reason = rest.strip().partition(" ")
    reason = text.shown(reason, REASON_LIMIT).strip()
    try:
        seconds = _duration(typed_time)
    except ValueError:
        return [messages.tr(messages.NET_MOD_HOW)]
    if not reason:
        return [messages.tr(messages.NET_MOD_HOW)]
    until = None if seconds is None else moderation.clock() + seconds
    moderation.sanction(kind, name, until, reason, person.name)
    sanction = moderation.active(kind, name)
    assert sanction is not None
    connected = lobby.connected(name)
    if kind is Kind.BAN and connected is not None:
        lobby.end_session(connected, lambda: banned(moderation, name) or "")
    else:
        # worded in their language as they are told
        people.tell_one(lobby, name, Words(_muted_words, (moderation, name)), Said.NOTICE)
    return [messages.net_sanctioned(name, kind.value, _until(sanction), reason)]


def _reports(moderation: Moderation) -> list[str]:
    lines: list[str] = []
    for kept in moderation.reports():
        lines.append(
            messages.net_report_line(
                kept.number, when(kept.at), kept.reporter, kept.name, kept.reason
            )
        )
        if not kept.lines:
            lines.append(messages.net_report_nothing_said(kept.name))
        for at, said in kept.lines:
            lines.append(messages.net_report_said(when(at), kept.name, said))
    return lines or [messages.tr(messages.NET_REPORTS_NONE)]


def _log(moderation: Moderation) -> list[str]:
    lines = [
        messages.net_logged(
            when(logged.at),
            logged.by,
            logged.action.value,
            logged.name,
            None if logged.until is None else when(logged.until),
            logged.reason,
        )
        for logged in moderation.log()
    ]
    return lines or [messages.tr(messages.NET_LOG_NONE)]


def arrived(person: Person) -> None:
    """A muted person, as they come in, is told so."""
    told = muted(person.lobby.moderation, person.name)
    if told is not None:
        person.tell(told)


ROLES = {role.value: role for role in Role}

COMMANDS: dict[str, Command] = {
    messages.REPORT_WORD: report,
    messages.MOD_WORD: mod,
}
