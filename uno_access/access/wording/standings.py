"""Results on a server: ratings, statistics and leaderboards (``stats``, ``top``).

Every line names its person or its number first, so that a braille display's first
cells say what matters; ``{player}`` is a person's name, ``{family}`` a family of rules
(``FAMILY_NAMES``), ``{rating}`` a rating (a whole number near 1500).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..message import Parts
from .forms import LIST_SEPARATOR, SAID_AS_BRAILLE, Plural, plural, register
from .language import N_, NP_, tr

STATS_WORD = "stats"
TOP_WORD = "top"
HISTORY_WORD = "history"
REPLAY_WORD = "replay"
TOURNAMENT_WORD = "tournament"
TOURNAMENTS_WORD = "tournaments"
TOP_HIDE, TOP_SHOW = "hide", "show"  # ``top hide``: off the leaderboards; ``top show``: back
# the lobby's commands of results that a table's command line takes too
STANDINGS_WORDS = (
    STATS_WORD,
    TOP_WORD,
    HISTORY_WORD,
    REPLAY_WORD,
    TOURNAMENT_WORD,
    TOURNAMENTS_WORD,
)

STANDINGS_HELP = (
    N_(
        "stats: your results and ratings. stats NAME: someone else's. top: the leaderboard "
        "(top speed, top partners; top 2 for the next ten). top hide or top show: off the "
        "leaderboards, or back on them."
    ),
    N_(
        "history: your last ten matches. history NAME: someone else's. replay and a match's "
        "number: that match told again, as someone watching saw it, thirty lines at a time."
    ),
    N_(
        "tournaments: those signing up or running. tournament N: one's standings. tournament "
        "join N or tournament leave N: sign up or withdraw. tournament new swiss or "
        "tournament new knockout, then any of size=4 rounds=3 players=8 rules=standard "
        "start=full or start=HH:MM (UTC) grace=120: make one; tournament start N or "
        "tournament cancel N: its host's word."
    ),
)

FAMILY_NAMES = {
    "standard": N_("standard"),
    "speed": N_("Speed"),
    "partners": N_("partners"),
}


def family_name(family: str) -> str:
    return tr(FAMILY_NAMES.get(family, family))


# --- a rating changed, told at a match's end -----------------------------------------------
NET_RATING_UP = N_("Your {family} rating is now {rating}, up {change}.")
NET_RATING_DOWN = N_("Your {family} rating is now {rating}, down {change}.")
NET_RATING_SAME = N_("Your {family} rating stays {rating}.")
B_NET_RATING = N_("Rating {rating} {sign}{change}")


def net_rating_changed(family: str, before: int, after: int) -> str:
    change = after - before
    if change > 0:
        said = tr(NET_RATING_UP)
    elif change < 0:
        said = tr(NET_RATING_DOWN)
    else:
        said = tr(NET_RATING_SAME)
    return said.format(family=family_name(family), rating=after, change=abs(change))


def _b_net_rating_changed(family: str, before: int, after: int) -> Parts:
    change = after - before
    sign = "+" if change > 0 else "-" if change < 0 else ""
    return (tr(B_NET_RATING).format(rating=after, sign=sign, change=abs(change)),)


register(net_rating_changed, braille=_b_net_rating_changed, brief=SAID_AS_BRAILLE)


# --- stats ---------------------------------------------------------------------------------
NET_STATS_NONE = N_("{player} has played no match on this server yet.")
NET_STATS = N_("{player}: matches {matches}, wins {wins} ({percent}%), average points {points}.")
NET_STATS_PLAY = N_(
    "UNO calls {called}; catches {caught}; caught without UNO {missed}; challenges won {won}."
)
NET_STATS_FAVOURITE = N_("Favourite rules: {rules}.")
NET_STATS_RATING = N_("Rating ({family}): {rating}, after {matches} rated matches.")
NET_STATS_PROVISIONAL = N_(
    "Rating ({family}): {rating}, after {matches} rated matches: provisional, still settling."
)


def net_stats(player: str, matches: int, wins: int, points: float) -> str:
    percent = round(100 * wins / matches) if matches else 0
    return tr(NET_STATS).format(
        player=player, matches=matches, wins=wins, percent=percent, points=round(points)
    )


def net_stats_none(player: str) -> str:
    return tr(NET_STATS_NONE).format(player=player)


def net_stats_play(called: int, caught: int, missed: int, won: int) -> str:
    return tr(NET_STATS_PLAY).format(called=called, caught=caught, missed=missed, won=won)


def net_stats_favourite(rules: str) -> str:
    return tr(NET_STATS_FAVOURITE).format(rules=rules)


def net_stats_rating(family: str, rating: int, matches: int, provisional: bool) -> str:
    said = tr(NET_STATS_PROVISIONAL) if provisional else tr(NET_STATS_RATING)
    return said.format(family=family_name(family), rating=rating, matches=matches)


# --- top -----------------------------------------------------------------------------------
NET_TOP_TITLE = N_("The {family} leaderboard, {first} to {last} of {count}:")
NET_TOP_ROW = N_("{place}. {player}, {rating}.")
NET_TOP_ROW_PROVISIONAL = N_("{place}. {player}, {rating}, provisional.")
NET_TOP_EMPTY = N_("No one is on the {family} leaderboard yet.")
NET_TOP_PAGE_EMPTY = N_("The {family} leaderboard has {count} places; there is no page {page}.")
NET_TOP_YOURS = N_("You are number {place} of {count}, with {rating}.")
NET_TOP_NOT_YOU = N_("You are not on the {family} leaderboard yet: it takes one rated match.")
NET_TOP_YOU_HIDDEN = N_("You are hidden from the leaderboards; top show puts you back.")
NET_TOP_HIDDEN = N_("You are hidden from the leaderboards now; top show puts you back.")
NET_TOP_SHOWN = N_("You are on the leaderboards again.")
NET_TOP_HOW = N_(
    "top shows the standard leaderboard; top speed and top partners the others; a number "
    "after it the next ten (top 2, top speed 2); top hide keeps you off them, top show "
    "puts you back."
)


def net_top_title(family: str, first: int, last: int, count: int) -> str:
    return tr(NET_TOP_TITLE).format(family=family_name(family), first=first, last=last, count=count)


def net_top_row(place: int, player: str, rating: int, provisional: bool) -> str:
    said = tr(NET_TOP_ROW_PROVISIONAL) if provisional else tr(NET_TOP_ROW)
    return said.format(place=place, player=player, rating=rating)


def net_top_empty(family: str) -> str:
    return tr(NET_TOP_EMPTY).format(family=family_name(family))


def net_top_page_empty(family: str, count: int, page: int) -> str:
    return tr(NET_TOP_PAGE_EMPTY).format(family=family_name(family), count=count, page=page)


def net_top_yours(place: int, count: int, rating: int) -> str:
    return tr(NET_TOP_YOURS).format(place=place, count=count, rating=rating)


def net_top_not_you(family: str) -> str:
    return tr(NET_TOP_NOT_YOU).format(family=family_name(family))


# --- history -------------------------------------------------------------------------------
NET_HISTORY_TITLE = N_("{player}'s last matches, the newest first:")
# {when} is a date (2026-12-03); {winners} who won (a name, or partners' names)
NET_HISTORY_ROW = N_("Match {match}, {when}: {rules}; place {place} of {seats}; won by {winners}.")
NET_HISTORY_ROW_RATED = N_(
    "Match {match}, {when}: {rules}; place {place} of {seats}; won by {winners}; "
    "rating {after} ({sign}{change})."
)


def net_history_title(player: str) -> str:
    return tr(NET_HISTORY_TITLE).format(player=player)


def net_history_row(
    match: int,
    when: str,
    rules: str,
    place: int,
    seats: int,
    winners: str,
    before: int | None,
    after: int | None,
) -> str:
    if before is None or after is None:
        return tr(NET_HISTORY_ROW).format(
            match=match, when=when, rules=rules, place=place, seats=seats, winners=winners
        )
    change = after - before
    return tr(NET_HISTORY_ROW_RATED).format(
        match=match,
        when=when,
        rules=rules,
        place=place,
        seats=seats,
        winners=winners,
        after=after,
        sign="+" if change >= 0 else "-",
        change=abs(change),
    )


# --- replay --------------------------------------------------------------------------------
# {players}: the seats' names, in order
NET_REPLAY_TITLE = N_("Match {match}: {rules}, {players}. As someone watching saw it:")
NET_NO_MATCH = N_("There is no match {match} for you to replay.")
NET_REPLAY_GONE = N_("Match {match} cannot be replayed: its moves are not kept on this server.")
NET_REPLAY_HOW = N_("Type replay and a match's number; history gives the numbers.")
# a replay is told a page at a time: what follows a page, and the end
NET_REPLAY_MORE = N_(
    "Lines {first} to {last} of {count}. For the next, type replay {match} {next}."
)
NET_REPLAY_END = N_("Lines {first} to {last} of {count}: the end of match {match}.")
NET_REPLAY_NO_LINE = N_("Match {match} has {count} lines: type replay {match} and a line of them.")


def net_replay_title(match: int, rules: str, players: Sequence[str]) -> str:
    return tr(NET_REPLAY_TITLE).format(
        match=match, rules=rules, players=LIST_SEPARATOR.join(players)
    )


def net_no_match(match: int) -> str:
    return tr(NET_NO_MATCH).format(match=match)


def net_replay_gone(match: int) -> str:
    return tr(NET_REPLAY_GONE).format(match=match)


def net_replay_page(match: int, first: int, last: int, count: int) -> str:
    """What follows a page of a replay: where the next begins, or that it is the end."""
    if last < count:
        return tr(NET_REPLAY_MORE).format(
            first=first, last=last, count=count, match=match, next=last + 1
        )
    return tr(NET_REPLAY_END).format(first=first, last=last, count=count, match=match)


def net_replay_no_line(match: int, count: int) -> str:
    return tr(NET_REPLAY_NO_LINE).format(match=match, count=count)


# --- tournaments ---------------------------------------------------------------------------
# the words after "tournament" (typed, they stay English)
TOURNAMENT_NEW, TOURNAMENT_JOIN, TOURNAMENT_LEAVE = "new", "join", "leave"
TOURNAMENT_START, TOURNAMENT_CANCEL = "start", "cancel"
# Translators: {format} is swiss or knockout (typed words); {rules} the rules as typed
NET_TOURNAMENT_LISTED = N_(
    "Tournament {number}: {format}, {rules}, tables of {size}; {signed} of {places} signed "
    "up; {when}."
)
NET_TOURNAMENT_WHEN_FULL = N_("starts when full")
NET_TOURNAMENT_WHEN_AT = N_("starts at {time} UTC")
NET_TOURNAMENT_RUNNING = N_("round {round} of {rounds} in play")
NET_TOURNAMENT_RUNNING_KNOCKOUT = N_("round {round} in play")
NET_TOURNAMENT_OVER = N_("over")
NET_TOURNAMENT_NONE = N_("No tournament is signing up or running.")
NET_NO_TOURNAMENT = N_("There is no tournament {number}.")
NET_TOURNAMENT_MADE = N_(
    "You made tournament {number}; others sign up with: tournament join {number}."
)
NET_TOURNAMENT_NOT_MADE = N_(
    "The servers did not answer, so no tournament was made. Try again in a moment."
)
NET_TOURNAMENT_NO_ANSWER = N_(
    "The servers did not answer about tournament {number}, so nothing was done. "
    "Try again in a moment."
)
NET_TOURNAMENT_YOU_HAVE_ONE = N_(
    "You have tournament {number} signing up or running already; one at a time."
)
NET_TOURNAMENT_BAD = N_("{typed} is not a tournament's setting. {how}")
NET_TOURNAMENT_TOO_MANY = N_(
    "You have made several tournaments in a short time: make the next one in a few minutes."
)
NET_TOURNAMENT_HOW = N_(
    "Type tournament new swiss (or knockout), then any of size=4 rounds=3 players=8 "
    "rules=standard start=full or start=HH:MM grace=120."
)
NET_TOURNAMENT_JOINED = N_("You are signed up for tournament {number}.")
NET_TOURNAMENT_NOT_JOINED = N_(
    "You cannot sign up for tournament {number}: it is full, under way, or you are in it."
)
NET_TOURNAMENT_LEFT = N_("You are no longer signed up for tournament {number}.")
NET_TOURNAMENT_NOT_LEFT = N_("You are not signed up for tournament {number}, or it has begun.")
NET_TOURNAMENT_NOT_HOST = N_("Only tournament {number}'s host, {player}, may do that.")
NET_TOURNAMENT_STARTED = N_("Tournament {number} begins: round 1 is seated.")
NET_TOURNAMENT_NOT_STARTED = N_(
    "Tournament {number} cannot begin: it has begun already, or fewer than two signed up."
)
NET_TOURNAMENT_STANDING: Plural = NP_(
    "{place}. {player}, {points} point.", "{place}. {player}, {points} points."
)

NET_TOURNAMENT_SEAT = N_(
    "Tournament {number}, round {round}: your seat is at table {table}; type join {table}."
)
B_NET_TOURNAMENT_SEAT = N_("T{number} R{round}: table {table}")
NET_TOURNAMENT_TABLE_WAITS = N_(
    "Tournament {number}, round {round}: your table waits for a number, as the servers of "
    "this service do not answer one another just now; you are told it as soon as it is made."
)
B_NET_TOURNAMENT_TABLE_WAITS = N_("T{number} R{round}: table waits")
NET_TOURNAMENT_FINAL: Plural = NP_(
    "Tournament {number}: {place}. {player}, {points} point.",
    "Tournament {number}: {place}. {player}, {points} points.",
)
B_NET_TOURNAMENT_FINAL = N_("T{number}: {place}. {player} {points}")
NET_TOURNAMENT_CANCELLED = N_("Tournament {number} is cancelled by its host.")
B_NET_TOURNAMENT_CANCELLED = N_("T{number} cancelled")
NET_NO_SHOW = N_("{player} has not come: a bot plays for them until they do.")
B_NET_NO_SHOW = N_("{player}: bot plays")


def net_tournament_seat(number: int, round_: int, table: int) -> str:
    return tr(NET_TOURNAMENT_SEAT).format(number=number, round=round_, table=table)


def _b_net_tournament_seat(number: int, round_: int, table: int) -> Parts:
    return (tr(B_NET_TOURNAMENT_SEAT).format(number=number, round=round_, table=table),)


register(net_tournament_seat, braille=_b_net_tournament_seat, brief=SAID_AS_BRAILLE)


def net_tournament_table_waits(number: int, round_: int) -> str:
    return tr(NET_TOURNAMENT_TABLE_WAITS).format(number=number, round=round_)


def _b_net_tournament_table_waits(number: int, round_: int) -> Parts:
    return (tr(B_NET_TOURNAMENT_TABLE_WAITS).format(number=number, round=round_),)


register(net_tournament_table_waits, braille=_b_net_tournament_table_waits, brief=SAID_AS_BRAILLE)


def net_tournament_final(number: int, place: int, player: str, points: int) -> str:
    line = plural(points, NET_TOURNAMENT_FINAL)
    return line.format(number=number, place=place, player=player, points=points)


def _b_net_tournament_final(number: int, place: int, player: str, points: int) -> Parts:
    return (
        tr(B_NET_TOURNAMENT_FINAL).format(number=number, place=place, player=player, points=points),
    )


register(net_tournament_final, braille=_b_net_tournament_final, brief=SAID_AS_BRAILLE)


def net_tournament_cancelled(number: int) -> str:
    return tr(NET_TOURNAMENT_CANCELLED).format(number=number)


def _b_net_tournament_cancelled(number: int) -> Parts:
    return (tr(B_NET_TOURNAMENT_CANCELLED).format(number=number),)


register(net_tournament_cancelled, braille=_b_net_tournament_cancelled, brief=SAID_AS_BRAILLE)


def net_no_show(player: str) -> str:
    return tr(NET_NO_SHOW).format(player=player)


def _b_net_no_show(player: str) -> Parts:
    return (tr(B_NET_NO_SHOW).format(player=player),)


register(net_no_show, braille=_b_net_no_show, brief=SAID_AS_BRAILLE)


def net_tournament_listed(
    number: int, format_: str, rules: str, size: int, signed: int, places: int, when: str
) -> str:
    return tr(NET_TOURNAMENT_LISTED).format(
        number=number,
        format=format_,
        rules=rules,
        size=size,
        signed=signed,
        places=places,
        when=when,
    )


def net_tournament_when(starts: str | None) -> str:
    if starts is None:
        return tr(NET_TOURNAMENT_WHEN_FULL)
    return tr(NET_TOURNAMENT_WHEN_AT).format(time=starts)


def net_tournament_running(round_: int, rounds: int | None) -> str:
    if rounds is None:
        return tr(NET_TOURNAMENT_RUNNING_KNOCKOUT).format(round=round_)
    return tr(NET_TOURNAMENT_RUNNING).format(round=round_, rounds=rounds)


def net_no_tournament(number: int) -> str:
    return tr(NET_NO_TOURNAMENT).format(number=number)


def net_tournament_made(number: int) -> str:
    return tr(NET_TOURNAMENT_MADE).format(number=number)


def net_tournament_no_answer(number: int) -> str:
    return tr(NET_TOURNAMENT_NO_ANSWER).format(number=number)


def net_tournament_you_have_one(number: int) -> str:
    return tr(NET_TOURNAMENT_YOU_HAVE_ONE).format(number=number)


def net_tournament_bad(typed: str) -> str:
    return tr(NET_TOURNAMENT_BAD).format(typed=typed, how=tr(NET_TOURNAMENT_HOW))


def net_tournament_joined(number: int) -> str:
    return tr(NET_TOURNAMENT_JOINED).format(number=number)


def net_tournament_not_joined(number: int) -> str:
    return tr(NET_TOURNAMENT_NOT_JOINED).format(number=number)


def net_tournament_left(number: int) -> str:
    return tr(NET_TOURNAMENT_LEFT).format(number=number)


def net_tournament_not_left(number: int) -> str:
    return tr(NET_TOURNAMENT_NOT_LEFT).format(number=number)


def net_tournament_not_host(number: int, host: str) -> str:
    return tr(NET_TOURNAMENT_NOT_HOST).format(number=number, player=host)


def net_tournament_started(number: int) -> str:
    return tr(NET_TOURNAMENT_STARTED).format(number=number)


def net_tournament_not_started(number: int) -> str:
    return tr(NET_TOURNAMENT_NOT_STARTED).format(number=number)


def net_tournament_standing(place: int, player: str, points: int) -> str:
    return plural(points, NET_TOURNAMENT_STANDING).format(place=place, player=player, points=points)


NET_TOURNAMENT_TABLE = N_(
    "This is a table of tournament {number}: the server runs it, and no one hosts it."
)


def net_tournament_table(number: int) -> str:
    return tr(NET_TOURNAMENT_TABLE).format(number=number)
