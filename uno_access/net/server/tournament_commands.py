"""The lobby's commands of tournaments (and a table's command line's): ``tournaments``,
``tournament N``, ``tournament join N``, ``tournament leave N``, ``tournament new …``,
``tournament start N`` and ``tournament cancel N``.

Each runs on the server's event loop and returns the lines its person is told. A person
signs up and withdraws themselves alone; only a tournament's host starts or cancels it;
a host has one tournament signing up or running at a time.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from ...engine.rules import RulesError, RuleSet
from .tournaments import (
    DEFAULT_GRACE,
    FORMATS,
    KNOCKOUT,
    MOST_PLACES,
    Record,
    State,
    Unanswered,
    now,
)
from .tournaments import Tournaments as Store

if TYPE_CHECKING:
    from .lobby import Person

Command = Callable[["Person", str], list[str]]
SETTINGS = ("size", "rounds", "players", "rules", "start", "grace")
MOST_ROUNDS = 20
MOST_GRACE = 600


def _store(person: Person) -> Store | None:
    return person.lobby.tournaments


def listed(person: Person, rest: str) -> list[str]:
    """``tournaments``: those signing up or running."""
    store = _store(person)
    if store is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    found = store.listed()
    if not found:
        return [messages.tr(messages.NET_TOURNAMENT_NONE)]
    return [_line(t) for t in found]


def _when(t: Record) -> str:
    if t.state is State.RUNNING:
        return messages.net_tournament_running(t.round, None if t.format == KNOCKOUT else t.rounds)
    if t.state is not State.SIGNUP:
        return messages.tr(messages.NET_TOURNAMENT_OVER)
    at = None if t.starts is None else time.strftime("%H:%M", time.gmtime(t.starts))
    return messages.net_tournament_when(at)


def _line(t: Record) -> str:
    return messages.net_tournament_listed(
        t.number, t.format, t.rules, t.size, len(t.entrants), t.places, _when(t)
    )


@dataclass(frozen=True, slots=True)
class Asked:
    """A command that changes a tournament, checked and not yet carried out: ``verb``
    (join, leave, start, cancel, new) of tournament ``number`` (0 for new) by ``name``;
    for new, what the tournament is to be."""

    verb: str
    number: int
    name: str
    made: tuple[str, int, int, str, int, float | None, float] | None = None


def tournament(person: Person, rest: str) -> list[str]:
    """``tournament …``: one's standings, signing up, withdrawing, making one, the host's
    start and cancel. With a cluster, the answer is told as the cluster makes the change
    (the lobby's command line awaits it instead: ``answered``)."""
    store = _store(person)
    if store is None or store.shared is None:
        return now(answered(person, rest))

    async def told() -> None:
        for line in await answered(person, rest):
            person.tell(line)

    store.carry(told())
    return []


async def answered(person: Person, rest: str) -> list[str]:
    """``tournament …``, its answer (a cluster's changes awaited: made there first)."""
    store = _store(person)
    if store is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    asked = _asked(store, person, rest)
    if not isinstance(asked, Asked):
        return asked
    return await _carried(store, person, asked)


def _asked(store: Store, person: Person, rest: str) -> Asked | list[str]:
    """What ``rest`` asks that changes a tournament, or the answer already (a listing,
    a refusal, how the command goes)."""
    words = rest.split()
    if not words:
        return [messages.tr(messages.NET_TOURNAMENT_HOW)]
    if words[0].lower() == messages.TOURNAMENT_NEW:
        return _new(store, person, words[1:])
    if len(words) == 1 and words[0].lstrip("#").isdigit():
        return _shown(store, int(words[0].lstrip("#")[:9]))
    if len(words) != 2 or not words[1].lstrip("#").isdigit():
        return [messages.tr(messages.NET_TOURNAMENT_HOW)]
    verb, number = words[0].lower(), int(words[1].lstrip("#")[:9])
    found = store.get(number)
    if found is None:
        return [messages.net_no_tournament(number)]
    name = person.name
    if verb in (messages.TOURNAMENT_JOIN, messages.TOURNAMENT_LEAVE):
        return Asked(verb, number, name)
    if verb in (messages.TOURNAMENT_START, messages.TOURNAMENT_CANCEL):
        if found.host.lower() != name.lower():
            return [messages.net_tournament_not_host(number, found.host)]
        return Asked(verb, number, name)
    return [messages.tr(messages.NET_TOURNAMENT_HOW)]


async def _carried(store: Store, person: Person, asked: Asked) -> list[str]:
    """``asked`` carried out, and its answer (a cluster not answering: nothing done)."""
    try:
        return await _done(store, person, asked)
    except Unanswered:
        if asked.made is not None:
            return [messages.tr(messages.NET_TOURNAMENT_NOT_MADE)]
        return [messages.net_tournament_no_answer(asked.number)]


async def _done(store: Store, person: Person, asked: Asked) -> list[str]:
    number, name = asked.number, asked.name
    if asked.made is not None:
        format_, size, rounds, rules, players, starts, grace = asked.made
        made = await store.made(name, format_, size, rounds, rules, players, starts, grace)
        person.lobby.made_limits.spend(name)
        return [messages.net_tournament_made(made)]
    if asked.verb == messages.TOURNAMENT_JOIN:
        if await store.joined(number, name):
            return [messages.net_tournament_joined(number)]
        return [messages.net_tournament_not_joined(number)]
    if asked.verb == messages.TOURNAMENT_LEAVE:
        if await store.left(number, name):
            return [messages.net_tournament_left(number)]
        return [messages.net_tournament_not_left(number)]
    if asked.verb == messages.TOURNAMENT_START:
        if await store.begun(number):
            return [messages.net_tournament_started(number)]
        return [messages.net_tournament_not_started(number)]
    if await store.ended(number):
        return [messages.net_tournament_cancelled(number)]
    return [messages.net_tournament_not_started(number)]


def _shown(store: Store, number: int) -> list[str]:
    found = store.get(number)
    if found is None:
        return [messages.net_no_tournament(number)]
    lines = [_line(found)]
    if found.state is State.OVER:
        rows = store.final(number)
    else:
        rows = [(s.place, s.name, s.points) for s in store.standings(number)]
    lines += [messages.net_tournament_standing(place, name, got) for place, name, got in rows]
    return lines


def _new(store: Store, person: Person, words: list[str]) -> Asked | list[str]:
    if not words or words[0].lower() not in FORMATS:
        return [messages.tr(messages.NET_TOURNAMENT_HOW)]
    mine = [t for t in store.listed() if t.host.lower() == person.name.lower()]
    if mine:
        return [messages.net_tournament_you_have_one(mine[0].number)]
    limits = person.lobby.made_limits
    if limits.over(person.name):
        return [messages.tr(messages.NET_TOURNAMENT_TOO_MANY)]
    chosen = {"size": "4", "rounds": "3", "players": "8", "rules": "standard", "start": "full"}
    chosen["grace"] = str(int(DEFAULT_GRACE))
    for word in words[1:]:
        key, _, value = word.partition("=")
        if key.lower() not in SETTINGS or not value:
            return [messages.net_tournament_bad(text.shown(word, 30))]
        chosen[key.lower()] = value
    try:
        size, rounds = _whole(chosen["size"], 2, 10), _whole(chosen["rounds"], 1, MOST_ROUNDS)
        players = _whole(chosen["players"], 2, MOST_PLACES)
        grace = _whole(chosen["grace"], 0, MOST_GRACE)
        rules = chosen["rules"]
        RuleSet.from_spec(rules)
        starts = _start(chosen["start"])
    except (ValueError, RulesError):
        return [messages.net_tournament_bad(text.shown(" ".join(words[1:]), 60))]
    made = (words[0].lower(), size, rounds, rules, players, starts, float(grace))
    return Asked(messages.TOURNAMENT_NEW, 0, person.name, made)


def _whole(typed: str, low: int, high: int) -> int:
    if not typed.isdigit() or len(typed) > 6 or not low <= int(typed) <= high:
        raise ValueError(typed)
    return int(typed)


def _start(typed: str, now: float | None = None) -> float | None:
    """``full``: None; ``HH:MM``: that time (UTC) today, or tomorrow when it has passed."""
    if typed.lower() == "full":
        return None
    hours, _, minutes = typed.partition(":")
    hour, minute = _whole(hours, 0, 23), _whole(minutes, 0, 59)
    now = time.time() if now is None else now
    today = time.gmtime(now)
    at = calendar.timegm((today.tm_year, today.tm_mon, today.tm_mday, hour, minute, 0))
    return float(at if at > now else at + 86_400)


COMMANDS: dict[str, Command] = {
    messages.TOURNAMENTS_WORD: listed,
    messages.TOURNAMENT_WORD: tournament,
}
