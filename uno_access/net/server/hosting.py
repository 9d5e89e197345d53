"""The host's moderation of their table: ``kick NAME``, ``ban NAME``, ``unban NAME``,
``host NAME`` (the role passed on) and ``close``.

The host is the table's ``creator``; no one else may do any of these, whatever way in
they use. A person or bot is removed from a table before its game starts, and one
watching at any time; a player removed during the game leaves it, and a bot plays their
seat to the end (it is not theirs to take back). Whoever is removed is told by whom, everyone at the
table is told who; a banned name (any case) is refused at that table's ``join`` and
``watch`` in one sentence. Each runs on the server's event loop, and returns the lines
the host is told. Whom a session finds it is no longer at, it leaves on its own
(``Person._still_there``): the table is the truth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from ..wire.said import Heard, Said, Words
from . import people
from .tables import ServerTable, Stage

if TYPE_CHECKING:
    from .lobby import Person

Command = Callable[["Person", str], list[str]]


def _hosted(person: Person) -> tuple[ServerTable | None, str]:
    """This person's table if they host it; else None and why not."""
    table = person.table
    if table is None:
        return None, messages.tr(messages.NET_NOT_AT_TABLE)
    if table.tournament is not None:  # the server runs it: no one closes it or kicks
        return None, messages.net_tournament_table(table.tournament)
    if table.creator.lower() != person.name.lower():
        return None, messages.net_only_the_host(table.creator)
    return table, ""


def _target(person: Person, rest: str) -> tuple[ServerTable, str] | list[str]:
    """The table this person hosts and the name ``rest`` gives (not theirs); else the
    line that says why not."""
    table, why = _hosted(person)
    if table is None:
        return [why]
    typed = text.name(rest.strip())
    if not typed:
        return [messages.tr(messages.NET_MODERATE_HOW)]
    if typed.lower() == person.name.lower():
        return [messages.tr(messages.NET_THAT_IS_YOU)]
    return table, typed


def _to_everyone(person: Person, table: ServerTable, line: Words) -> None:
    """``line`` to everyone at ``table`` and watching it, the host too."""
    person._to_table(table, Heard(line, Said.PRESENCE), me_too=True)


def kick(person: Person, rest: str, ban: bool = False) -> list[str]:
    """``kick NAME`` (``ban NAME``: and kept out)."""
    found = _target(person, rest)
    if isinstance(found, list):
        return found
    table, typed = found
    lower = typed.lower()
    seat = next((s for s, p in enumerate(table.places) if p.name.lower() == lower), None)
    watching = next((n for n in table.spectators if n.lower() == lower), None)
    named = table.places[seat].name if seat is not None else watching
    if ban:
        named = named or person.lobby.owner_of(typed)
        if named is None:
            return [messages.net_no_such_person(text.shown(rest.strip(), 20))]
        table.banned.add(named.lower())
    place = table.places[seat] if seat is not None else None
    if place is not None and table.stage is Stage.OVER:
        return [messages.net_not_at_your_table(text.shown(rest.strip(), 20))]
    playing = place is not None and table.stage is Stage.PLAYING
    if playing and place is not None and (place.bot is not None or place.removed):
        return [messages.net_kick_playing(place.name)]  # a bot plays it to the end
    if named is None or (seat is None and watching is None):
        if ban and named is not None:
            return [messages.net_banned_away(named, table.number)]
        return [messages.net_not_at_your_table(text.shown(rest.strip(), 20))]
    told = Words(messages.net_kicked_you, (person.name, table.number, ban))
    people.tell_one(person.lobby, named, told, Said.PRESENCE)
    if playing and seat is not None:  # taken from them: a bot plays it to the end
        line = Words(messages.net_kicked_bot_plays, (named, table.number, ban))
        table.line(line, Said.PRESENCE, but=table.seat_of(named))
        table.remove_player(seat)
        return []
    if seat is not None:
        del table.places[seat]
        table._changed()
    if watching is not None:
        table.spectators.discard(watching)
    _to_everyone(person, table, Words(messages.net_kicked, (named, table.number, ban)))
    return []


def ban(person: Person, rest: str) -> list[str]:
    return kick(person, rest, ban=True)


def unban(person: Person, rest: str) -> list[str]:
    found = _target(person, rest)
    if isinstance(found, list):
        return found
    table, typed = found
    named = person.lobby.owner_of(typed) or typed
    were = named.lower() in table.banned
    table.banned.discard(named.lower())
    return [messages.net_unbanned(named, table.number, were)]


def pass_host(person: Person, rest: str) -> list[str]:
    """``host NAME``: a person at the table (seated, there) is its host now."""
    found = _target(person, rest)
    if isinstance(found, list):
        return found
    table, typed = found
    seat = table.seat_of(typed)
    if seat is None:
        return [messages.net_not_at_your_table(text.shown(rest.strip(), 20))]
    table.creator = table.places[seat].name
    table._changed()
    _to_everyone(person, table, Words(messages.net_host_passed, (table.creator, table.number)))
    return []


def close(person: Person, rest: str) -> list[str]:
    """``close``: the host ends the table, its game too; everyone at it is back in the
    lobby, and the table is no more."""
    table, why = _hosted(person)
    if table is None:
        return [why]
    _to_everyone(person, table, Words(messages.net_closed, (person.name, table.number)))
    person.lobby.tables.pop(table.number, None)
    if table.stage is Stage.WAITING:
        table.places.clear()
        table.spectators.clear()
        if table.journal is not None:
            table.journal.ended(table)
        return []
    table.close()
    return []


COMMANDS: dict[str, Command] = {
    messages.KICK_WORD: kick,
    messages.BAN_WORD: ban,
    messages.UNBAN_WORD: unban,
    messages.HOST_WORD: pass_host,
    messages.CLOSE_WORD: close,
}
