"""Every finished match kept, each person rated: results, ratings and statistics.

Kept beside the accounts (tables ``matches``, ``match_seats`` and ``ratings`` of
``accounts.db``), so that a restart loses none of them. The one module that imports
``openskill``.

- **Results**: a match that ended (its table's game over) is one row of ``matches`` (the
  table, the rules, its family, whether it was private, each round's points, its end and
  duration) and a row per seat (name, account or bot, final place, score, UNO called,
  catches made and suffered, challenges won, the rating before and after). The actions
  stay in the tables file, so a match can be replayed.
- **Ratings**: OpenSkill's Plackett-Luce model, once per finished match, the seats
  ranked by their final place (ties as ties; partners as one team), the people alone
  (a bot is never rated, and a match with fewer than two people rates no one). A rating
  is said as one number: the conservative ``mu - 3 sigma``, scaled to the familiar range
  of chess ratings (``RATING_BASE + RATING_SCALE * (mu - 3 sigma)``: 1500 to begin
  with), and called provisional while sigma is above ``PROVISIONAL_SIGMA``.
- **Families**: one rating per family of rules whose game differs (``family``):
  ``standard`` (every rule set without the two below: the house rules change details,
  not what wins), ``speed`` (reaction and tempo) and ``partners`` (play for a team).
- **Privacy**: a private table's match (one joined by its code) is never rated and never
  shown to anyone but its own players: it counts in their own ``stats``, not in what
  others see of them. A person may hide themselves from the leaderboards (``top hide``).
- Only the server records a result, from its own table's game: no command or message
  of a person's writes one.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...engine import events as ev
from ...engine.rules import RuleSet, Scoring

if TYPE_CHECKING:
    from .tables import ServerTable

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    tab INTEGER NOT NULL,
    family TEXT NOT NULL,
    rules TEXT NOT NULL,
    private INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    ended REAL NOT NULL,
    seconds REAL,
    rounds TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_by_table ON matches (tab);
CREATE TABLE IF NOT EXISTS match_seats (
    match INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    account REAL,
    bot TEXT,
    place INTEGER NOT NULL,
    score INTEGER NOT NULL,
    uno_called INTEGER NOT NULL,
    caught INTEGER NOT NULL,
    missed INTEGER NOT NULL,
    challenges_won INTEGER NOT NULL,
    before INTEGER,
    after INTEGER,
    PRIMARY KEY (match, seat)
);
CREATE INDEX IF NOT EXISTS seats_of ON match_seats (name);
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT NOT NULL COLLATE NOCASE,
    family TEXT NOT NULL,
    account REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (name, family)
);
"""

FAMILIES = ("standard", "speed", "partners")
RATING_BASE = 1500
RATING_SCALE = 20
PROVISIONAL_SIGMA = 5.0  # OpenSkill's sigma begins at 25/3: about ten matches bring it below
HIDE_WORD = "leaderboard"  # the lobby choice: "hidden" keeps a person off the leaderboards
PAGE = 10  # leaderboard rows at a time


def family_of(rules: RuleSet) -> str:
    """The family of rules a match is rated in."""
    if rules.partners:
        return "partners"
    if rules.speed:
        return "speed"
    return "standard"


def shown_rating(mu: float, sigma: float) -> int:
    """A rating as one number: the conservative estimate, in the range people know."""
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a finished match."""

    name: str
    account: float | None  # None: a bot's seat (or a server that keeps no accounts)
    bot: str | None  # the bot's strength
    place: int  # 1: won; seats that tie share a place
    score: int
    uno_called: int = 0
    caught: int = 0  # catches this seat made
    missed: int = 0  # times this seat was caught without UNO
    challenges_won: int = 0


@dataclass(frozen=True, slots=True)
class Finished:
    """A match as it ended, read from its table."""

    table: int
    family: str
    rules: str
    private: bool
    seats: tuple[Seat, ...]
    teams: tuple[tuple[int, ...], ...]  # partners' seats; () when each plays alone
    rounds: tuple[tuple[int, ...], ...]  # the points each seat gained, round by round
    seconds: float | None

    @property
    def people(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.bot is None and seat.account]


def finished(table: ServerTable, now: float | None = None) -> Finished | None:
    """The match of ``table``, which has just ended (None: it has no game or no end)."""
    game = table.game
    if game is None or not game.over:
        return None
    public = [e for entry in table.public_entries() for e in entry.events]
    ended = next((e for e in reversed(public) if isinstance(e, ev.GameEnded)), None)
    if ended is None:
        return None
    count = len(table.places)
    called, caught, missed, won = Counter[int](), Counter[int](), Counter[int](), Counter[int]()
    rounds: list[tuple[int, ...]] = []
    for event in public:
        if isinstance(event, ev.UnoCalled):
            called[event.seat] += 1
        elif isinstance(event, ev.UnoCaught):
            caught[event.seat] += 1
            missed[event.target] += 1
        elif isinstance(event, ev.ChallengeResolved):
            won[event.seat if event.guilty else event.target] += 1
        elif isinstance(event, ev.RoundEnded):
            rounds.append(tuple(event.gained))
    teams = tuple(game.view(0).teams)
    places = _places(ended, table.rules.scoring, teams, count)
    seats = tuple(
        Seat(
            place.name,
            place.account,
            # a seat taken from its person by the host was played by a bot: not rated
            place.bot if place.bot is not None else ("removed" if place.removed else None),
            places[i],
            ended.scores[i],
            called[i],
            caught[i],
            missed[i],
            won[i],
        )
        for i, place in enumerate(table.places)
    )
    started = table.started_at
    seconds = None if started is None else max(0.0, (now or time.time()) - started)
    return Finished(
        table.number,
        family_of(table.rules),
        table.spec,
        table.code is not None,
        seats,
        teams,
        tuple(rounds),
        seconds,
    )


def _places(
    ended: ev.GameEnded, scoring: Scoring, teams: tuple[tuple[int, ...], ...], count: int
) -> list[int]:
    """Each seat's final place: the winner (and their partner) first, then by score (the
    higher the better, or the lower with the lowest-score rules); equal scores tie."""
    groups = [list(team) for team in teams] if teams else [[seat] for seat in range(count)]
    low = scoring is Scoring.LOWEST

    def key(group: list[int]) -> tuple[int, int]:
        best = min if low else max
        score = best(ended.scores[seat] for seat in group)
        return (0 if ended.winner in group else 1, score if low else -score)

    ordered = sorted(groups, key=key)
    places = [0] * count
    place = 0
    last: tuple[int, int] | None = None
    for n, group in enumerate(ordered, start=1):
        if key(group) != last:
            place, last = n, key(group)
        for seat in group:
            places[seat] = place
    return places


@dataclass(frozen=True, slots=True)
class Rating:
    rating: int
    provisional: bool
    matches: int


@dataclass(frozen=True, slots=True)
class Stats:
    """What ``stats`` says of one person."""

    matches: int = 0
    wins: int = 0
    points: float = 0.0  # average final score
    uno_called: int = 0
    caught: int = 0
    missed: int = 0
    challenges_won: int = 0
    favourite: str | None = None  # the rules played most
    ratings: dict[str, Rating] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Played:
    """One match in a person's history."""

    match: int
    rules: str
    ended: float  # time.time
    place: int
    seats: int
    winners: tuple[str, ...]
    before: int | None  # the rating before and after (None: not rated)
    after: int | None


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a leaderboard."""

    place: int
    name: str
    rating: int
    matches: int
    provisional: bool


class Results:
    """The results, ratings and statistics in ``db`` (the accounts' connection, its
    ``lock`` shared)."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock
        self._model: Any = None

    def _openskill(self) -> Any:
        if self._model is None:
            from openskill.models import PlackettLuce

            self._model = PlackettLuce()
        return self._model

    # ----------------------------------------------------------------- recording

    def record(self, match: Finished, now: float | None = None) -> dict[int, tuple[int, int]]:
        """Keep ``match`` and rate its people, in one transaction; each rated seat's
        (before, after). A table's match is kept once: told again (its end brought back
        after a restart that came before the table was marked ended), it changes nothing.
        """
        people = match.people
        rated = len(people) >= 2 and not match.private
        with self._lock, self._db:
            kept = self._db.execute("SELECT 1 FROM matches WHERE tab = ?", (match.table,))
            if kept.fetchone() is not None:
                return {}
            changes = self._rate(match, people) if rated else {}
            cursor = self._db.execute(
                "INSERT INTO matches (tab, family, rules, private, rated, ended, seconds, rounds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match.table,
                    match.family,
                    match.rules,
                    int(match.private),
                    int(rated),
                    now or time.time(),
                    match.seconds,
                    json.dumps(match.rounds),
                ),
            )
            number = cursor.lastrowid
            for i, seat in enumerate(match.seats):
                before, after = changes.get(i, (None, None))
                self._db.execute(
                    "INSERT INTO match_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        number,
                        i,
                        seat.name,
                        seat.account,
                        seat.bot,
                        seat.place,
                        seat.score,
                        seat.uno_called,
                        seat.caught,
                        seat.missed,
                        seat.challenges_won,
                        before,
                        after,
                    ),
                )
        return changes

    def last_table(self) -> int:
        """The highest table number a kept match was played at (0: none): new tables are
        numbered past it, so that a number names one match even when the tables file was
        set aside."""
        with self._lock:
            row = self._db.execute("SELECT max(tab) FROM matches").fetchone()
        return int(row[0] or 0)

    def _rate(self, match: Finished, people: list[int]) -> dict[int, tuple[int, int]]:
        """The new ratings written (in the caller's transaction, its lock held)."""
        model = self._openskill()
        known = {i: self._row(match.seats[i].name, match.family) for i in people}
        ratings = {
            i: model.rating(mu=row[0], sigma=row[1]) if row else model.rating()
            for i, row in known.items()
        }
        if match.teams:
            groups = [[i for i in team if i in ratings] for team in match.teams]
        else:
            groups = [[i] for i in people]
        groups = [group for group in groups if group]
        if len(groups) < 2:
            return {}
        ranks = [min(match.seats[i].place for i in group) for group in groups]
        new = model.rate([[ratings[i] for i in group] for group in groups], ranks=ranks)
        changes: dict[int, tuple[int, int]] = {}
        for group, rated in zip(groups, new, strict=True):
            for i, after in zip(group, rated, strict=True):
                seat = match.seats[i]
                before = ratings[i]
                changes[i] = (
                    shown_rating(before.mu, before.sigma),
                    shown_rating(after.mu, after.sigma),
                )
                self._db.execute(
                    "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 1) "
                    "ON CONFLICT (name, family) DO UPDATE SET mu = excluded.mu, "
                    "sigma = excluded.sigma, account = excluded.account, "
                    "matches = matches + 1",
                    (seat.name, match.family, seat.account, after.mu, after.sigma),
                )
        return changes

    def rating(self, name: str, family_name: str) -> int | None:
        """``name``'s rating in ``family_name``, as said (None: not rated there yet)."""
        row = self._rating_row(name, family_name)
        return None if row is None else shown_rating(*row)

    def _rating_row(self, name: str, family_name: str) -> tuple[float, float] | None:
        with self._lock:
            return self._row(name, family_name)

    def _row(self, name: str, family_name: str) -> tuple[float, float] | None:
        """``name``'s mu and sigma in ``family_name`` (the lock held by the caller)."""
        row = self._db.execute(
            "SELECT mu, sigma FROM ratings WHERE name = ? AND family = ?", (name, family_name)
        ).fetchone()
        return None if row is None else (float(row[0]), float(row[1]))

    # ----------------------------------------------------------------- reading

    def stats(self, name: str, mine: bool) -> Stats:
        """``name``'s statistics; ``mine``: asked by ``name``, private matches counted."""
        where = "s.name = ? AND s.bot IS NULL" + ("" if mine else " AND m.private = 0")
        with self._lock:
            row = self._db.execute(
                "SELECT count(*), sum(s.place = 1), avg(s.score), sum(s.uno_called), "
                "sum(s.caught), sum(s.missed), sum(s.challenges_won) "
                f"FROM match_seats s JOIN matches m ON m.id = s.match WHERE {where}",
                (name,),
            ).fetchone()
            favourite = self._db.execute(
                "SELECT m.rules, count(*) AS n FROM match_seats s JOIN matches m "
                f"ON m.id = s.match WHERE {where} GROUP BY m.rules ORDER BY n DESC, m.rules "
                "LIMIT 1",
                (name,),
            ).fetchone()
            rows = self._db.execute(
                "SELECT family, mu, sigma, matches FROM ratings WHERE name = ?", (name,)
            ).fetchall()
        ratings = {
            str(fam): Rating(shown_rating(mu, sigma), sigma > PROVISIONAL_SIGMA, int(n))
            for fam, mu, sigma, n in rows
        }
        count = int(row[0] or 0)
        if not count:
            return Stats(ratings=ratings)
        return Stats(
            count,
            int(row[1] or 0),
            float(row[2] or 0.0),
            int(row[3] or 0),
            int(row[4] or 0),
            int(row[5] or 0),
            int(row[6] or 0),
            None if favourite is None else str(favourite[0]),
            ratings,
        )

    def history(self, name: str, mine: bool, limit: int = PAGE) -> list[Played]:
        """``name``'s last matches, the newest first; ``mine``: private ones too."""
        where = "s.name = ? AND s.bot IS NULL" + ("" if mine else " AND m.private = 0")
        with self._lock:
            rows = self._db.execute(
                "SELECT m.id, m.rules, m.ended, s.place, s.before, s.after, "
                "(SELECT count(*) FROM match_seats o WHERE o.match = m.id), "
                "(SELECT group_concat(o.name, ', ') FROM match_seats o "
                "WHERE o.match = m.id AND o.place = 1) "
                f"FROM match_seats s JOIN matches m ON m.id = s.match WHERE {where} "
                "ORDER BY m.id DESC LIMIT ?",
                (name, limit),
            ).fetchall()
        return [
            Played(
                int(number),
                str(rules),
                float(ended),
                int(place),
                int(seats),
                tuple(str(winners or "").split(", ")),
                None if before is None else int(before),
                None if after is None else int(after),
            )
            for number, rules, ended, place, before, after, seats, winners in rows
        ]

    def match(self, number: int) -> tuple[int, str, bool, tuple[str, ...]] | None:
        """Match ``number``'s table, rules, whether it was private, and its seats' names
        (None: no such match)."""
        with self._lock:
            row = self._db.execute(
                "SELECT tab, rules, private FROM matches WHERE id = ?", (number,)
            ).fetchone()
            if row is None:
                return None
            names = self._db.execute(
                "SELECT name FROM match_seats WHERE match = ? ORDER BY seat", (number,)
            ).fetchall()
        return int(row[0]), str(row[1]), bool(row[2]), tuple(str(n[0]) for n in names)

    def top(self, family_name: str, page: int = 1) -> tuple[list[Row], int]:
        """A page of the leaderboard of ``family_name`` (``PAGE`` rows), and its length;
        a person who hides is left out."""
        rows = self._board(family_name)
        start = (max(1, page) - 1) * PAGE
        return rows[start : start + PAGE], len(rows)

    def place_of(self, name: str, family_name: str) -> Row | None:
        """``name``'s row of the leaderboard (None: not on it, or hidden)."""
        lower = name.lower()
        return next((row for row in self._board(family_name) if row.name.lower() == lower), None)

    def _board(self, family_name: str) -> list[Row]:
        with self._lock:
            found = self._db.execute(
                "SELECT name, mu, sigma, matches FROM ratings WHERE family = ? AND NOT EXISTS "
                "(SELECT 1 FROM preferences p WHERE p.name = ratings.name AND p.word = ? "
                "AND p.value = 'hidden')",
                (family_name, HIDE_WORD),
            ).fetchall()
        scored = sorted(
            ((shown_rating(mu, sigma), str(name), int(n), sigma) for name, mu, sigma, n in found),
            key=lambda item: (-item[0], item[1].lower()),
        )
        rows: list[Row] = []
        for n, (rating, name, matches, sigma) in enumerate(scored, start=1):
            place = rows[-1].place if rows and rows[-1].rating == rating else n
            rows.append(Row(place, name, rating, matches, sigma > PROVISIONAL_SIGMA))
        return rows

    def hide(self, name: str, hidden: bool) -> None:
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO preferences VALUES (?, ?, ?) "
                "ON CONFLICT (name, word) DO UPDATE SET value = excluded.value",
                (name, HIDE_WORD, "hidden" if hidden else "shown"),
            )

    def hidden(self, name: str) -> bool:
        with self._lock:
            row = self._db.execute(
                "SELECT value FROM preferences WHERE name = ? AND word = ?", (name, HIDE_WORD)
            ).fetchone()
        return row is not None and row[0] == "hidden"

    def forget(self, name: str) -> None:
        """An account removed (in the caller's transaction): its ratings go; the matches
        it played stay in the others' history, under the name it had."""
        self._db.execute("DELETE FROM ratings WHERE name = ?", (name,))
