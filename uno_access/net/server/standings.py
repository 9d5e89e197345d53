"""The lobby's commands of results (and a table's command line's): ``stats [NAME]``,
``history [NAME]``, ``replay MATCH``, ``top [FAMILY] [PAGE]``, ``top hide`` and
``top show``.

Each runs on the server's event loop and returns the lines its person is told; they
read ``results.Results`` and write nothing but the person's own choice to be hidden from
the leaderboards. What others see of a person leaves out the matches of private tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import text
from ...access import messages
from ...access.render import Renderer
from ..wire import SPECTATOR
from .results import FAMILIES, PAGE, Results

if TYPE_CHECKING:
    from .lobby import Person
    from .tables import Replay

Command = Callable[["Person", str], list[str]]
REPLAY_PAGE = 30  # the lines of a replay told at a time


def _results(person: Person) -> Results | None:
    return person.lobby.results


def _whose(person: Person, rest: str) -> tuple[Results, str, bool] | list[str]:
    """The results, the account ``rest`` names (the person's own when empty) and whether
    it is theirs; else the line that says why not."""
    results = _results(person)
    if results is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    typed = rest.strip()
    name = person.lobby.owner_of(text.name(typed)) if typed else person.name
    if name is None:
        return [messages.net_no_such_person(text.shown(typed, 20))]
    return results, name, name.lower() == person.name.lower()


def stats(person: Person, rest: str) -> list[str]:
    """``stats``: this person's results; ``stats NAME``: another's (public matches)."""
    found_whose = _whose(person, rest)
    if isinstance(found_whose, list):
        return found_whose
    results, name, mine = found_whose
    found = results.stats(name, mine)
    lines = []
    if not found.matches:
        lines.append(messages.net_stats_none(name))
    else:
        lines.append(messages.net_stats(name, found.matches, found.wins, found.points))
        lines.append(
            messages.net_stats_play(
                found.uno_called, found.caught, found.missed, found.challenges_won
            )
        )
        if found.favourite:
            lines.append(messages.net_stats_favourite(found.favourite))
    for family in FAMILIES:
        rating = found.ratings.get(family)
        if rating is not None:
            lines.append(
                messages.net_stats_rating(family, rating.rating, rating.matches, rating.provisional)
            )
    return lines


def top(person: Person, rest: str) -> list[str]:
    """``top [FAMILY] [PAGE]``: ten places of a leaderboard, and this person's own;
    ``top hide``/``top show``: off the leaderboards, or back on them."""
    results = _results(person)
    if results is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    words = rest.lower().split()
    if words in ([messages.TOP_HIDE], [messages.TOP_SHOW]):
        hidden = words[0] == messages.TOP_HIDE
        results.hide(person.name, hidden)
        return [messages.tr(messages.NET_TOP_HIDDEN if hidden else messages.NET_TOP_SHOWN)]
    family, page = "standard", 1
    for word in words:
        if word in FAMILIES and family == "standard":
            family = word
        elif word.isdigit() and len(word) <= 6 and page == 1:
            page = max(1, int(word))
        else:
            return [messages.tr(messages.NET_TOP_HOW)]
    rows, count = results.top(family, page)
    lines = []
    if not count:
        lines.append(messages.net_top_empty(family))
    elif not rows:
        lines.append(messages.net_top_page_empty(family, count, page))
    else:
        first = (page - 1) * PAGE + 1
        lines.append(messages.net_top_title(family, first, first + len(rows) - 1, count))
        lines += [messages.net_top_row(r.place, r.name, r.rating, r.provisional) for r in rows]
    if results.hidden(person.name):
        lines.append(messages.tr(messages.NET_TOP_YOU_HIDDEN))
    else:
        mine = results.place_of(person.name, family)
        if mine is None:
            lines.append(messages.net_top_not_you(family))
        else:
            lines.append(messages.net_top_yours(mine.place, count, mine.rating))
    return lines


def history(person: Person, rest: str) -> list[str]:
    """``history [NAME]``: the last ten matches, the newest first (another's: public)."""
    found_whose = _whose(person, rest)
    if isinstance(found_whose, list):
        return found_whose
    results, name, mine = found_whose
    played = results.history(name, mine)
    if not played:
        return [messages.net_stats_none(name)]
    return [messages.net_history_title(name)] + [
        messages.net_history_row(
            p.match,
            time.strftime("%Y-%m-%d", time.gmtime(p.ended)),
            p.rules,
            p.place,
            p.seats,
            ", ".join(p.winners),
            p.before,
            p.after,
        )
        for p in played
    ]


def replay(person: Person, rest: str) -> list[str]:
    """``replay MATCH [LINE]``: a finished match told again as a spectator saw it, its
    moves dealt again from the tables file (a private table's to its own players alone),
    ``REPLAY_PAGE`` lines at a time from line ``LINE`` (the first by default): a match of many
    rounds is hundreds of lines, more than anyone reads in one go."""
    journal = person.lobby.journal
    return replay_told(
        person, rest, lambda table: None if journal is None else journal.replay(table)
    )


def replay_table(person: Person, rest: str) -> int | None:
    """The table of the match ``replay`` asks for, when it may be told to this person
    (a cluster's server fetches its replay first); None else."""
    results = _results(person)
    typed = rest.strip().lstrip("#").partition(" ")[0]
    if results is None or not typed.isdigit() or len(typed) > 9:
        return None
    found = results.match(int(typed))
    mine = found is not None and person.name.lower() in (n.lower() for n in found[3])
    return None if found is None or (found[2] and not mine) else found[0]


def replay_told(person: Person, rest: str, replay_of: Callable[[int], Replay | None]) -> list[str]:
    """``replay``'s answer, the match's table dealt again by ``replay_of``."""
    results = _results(person)
    if results is None:
        return [messages.tr(messages.NET_SOCIAL_NOT_HERE)]
    typed, _, start = rest.strip().lstrip("#").partition(" ")
    start = start.strip() or "1"
    if not typed.isdigit() or len(typed) > 9 or not start.isdigit() or len(start) > 9:
        return [messages.tr(messages.NET_REPLAY_HOW)]
    number, first = int(typed), int(start)
    found = results.match(number)
    mine = found is not None and person.name.lower() in (n.lower() for n in found[3])
    if found is None or (found[2] and not mine):
        return [messages.net_no_match(number)]
    table, rules, _, names = found
    replayed = replay_of(table)
    if replayed is None:
        return [messages.net_replay_gone(number)]
    renderer = Renderer(
        SPECTATOR, replayed.names, replayed.rules, replayed.teams, with_braille=False
    )
    told = [message.text for message in renderer.events(replayed.events)]
    if not 1 <= first <= len(told):
        return [messages.net_replay_no_line(number, len(told))]
    page = told[first - 1 : first - 1 + REPLAY_PAGE]
    last = first + len(page) - 1
    title = [messages.net_replay_title(number, rules, names)] if first == 1 else []
    return [*title, *page, messages.net_replay_page(number, first, last, len(told))]


COMMANDS: dict[str, Command] = {
    messages.STATS_WORD: stats,
    messages.TOP_WORD: top,
    messages.HISTORY_WORD: history,
    messages.REPLAY_WORD: replay,
}
