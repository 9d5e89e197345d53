"""A tournament as one value (``Record``), and each of its steps as a function from one
record to the next (None: the step does not apply): signing up, withdrawing, cancelling,
beginning, a table's places counted (and the next round planned, or the end), a planned
table given its number.

The steps do nothing else: no table is made and nobody told here. The server alone keeps
the record in its accounts file (``tournaments``); the servers of a cluster keep it in a
key-value bucket, each step made at the revision read, so that two servers taking a step
at once cannot both have it (``cluster.tournaments``). Whoever makes a step that plans a
round makes its tables; every server tells its own people what the step changed
(``told``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from . import pairing

SWISS, KNOCKOUT = "swiss", "knockout"
FORMATS = (SWISS, KNOCKOUT)

Rating = Callable[[str], int]  # a person's rating in the tournament's family (0: none)


class State(Enum):
    SIGNUP = "signup"
    RUNNING = "running"
    OVER = "over"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Signed:
    """One person signed up: their points so far, and whether a knockout put them out."""

    name: str
    points: int = 0
    out: bool = False


@dataclass(frozen=True, slots=True)
class Slot:
    """A table of a round: its number (``-k`` while only planned, the round's ``k``-th),
    its seats in order, and its final places once it ended."""

    round: int
    tab: int
    seats: tuple[str, ...]
    places: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Record:
    number: int
    host: str
    format: str
    size: int
    rounds: int
    rules: str
    places: int
    starts: float | None  # time.time; None: when full (or the host's word)
    grace: float
    state: State = State.SIGNUP
    round: int = 0
    entrants: tuple[Signed, ...] = ()
    tables: tuple[Slot, ...] = ()
    standings: tuple[tuple[int, str, int], ...] | None = None  # (place, name, points)
    by: str = ""  # the server making the round's tables (a cluster's; "" for one alone)

    def signed(self, name: str) -> bool:
        folded = name.lower()
        return any(e.name.lower() == folded for e in self.entrants)

    def round_slots(self, round_: int | None = None) -> tuple[Slot, ...]:
        wanted = self.round if round_ is None else round_
        return tuple(s for s in self.tables if s.round == wanted)

    def planned(self) -> tuple[Slot, ...]:
        """The current round's tables not made yet."""
        return tuple(s for s in self.round_slots() if s.tab < 0)

    # ----------------------------------------------------------------- as JSON

    def data(self) -> bytes:
        return json.dumps(
            {
                "number": self.number,
                "host": self.host,
                "format": self.format,
                "size": self.size,
                "rounds": self.rounds,
                "rules": self.rules,
                "places": self.places,
                "starts": self.starts,
                "grace": self.grace,
                "state": self.state.value,
                "round": self.round,
                "entrants": [[e.name, e.points, e.out] for e in self.entrants],
                "tables": [[s.round, s.tab, list(s.seats), s.places] for s in self.tables],
                "standings": None if self.standings is None else [list(r) for r in self.standings],
                "by": self.by,
            }
        ).encode("utf-8")

    @classmethod
    def read(cls, data: bytes) -> Record | None:
        """The record in ``data``; None for anything else (never raises)."""
        try:
            raw: dict[str, Any] = json.loads(data)
            standings = raw["standings"]
            record = cls(
                number=_whole(raw["number"]),
                host=_text(raw["host"]),
                format=_text(raw["format"]),
                size=_whole(raw["size"]),
                rounds=_whole(raw["rounds"]),
                rules=_text(raw["rules"]),
                places=_whole(raw["places"]),
                starts=None if raw["starts"] is None else float(raw["starts"]),
                grace=float(raw["grace"]),
                state=State(raw["state"]),
                round=_whole(raw["round"]),
                entrants=tuple(Signed(_text(n), _whole(p), bool(o)) for n, p, o in raw["entrants"]),
                tables=tuple(
                    Slot(
                        _whole(r),
                        int(t),
                        tuple(_text(n) for n in seats),
                        None if places is None else tuple(_whole(p) for p in places),
                    )
                    for r, t, seats, places in raw["tables"]
                ),
                standings=None
                if standings is None
                else tuple((_whole(p), _text(n), _whole(s)) for p, n, s in standings),
                by=_text(raw.get("by", ""), empty=True),
            )
        except (ValueError, KeyError, TypeError):
            return None
        if record.format not in FORMATS or any(len(s.seats) < 2 for s in record.tables):
            return None
        return record


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return value


def _text(value: object, empty: bool = False) -> str:
    if not isinstance(value, str) or not (value or empty):
        raise TypeError(value)
    return value


# --------------------------------------------------------------------- the steps


def signed_up(record: Record, name: str) -> Record | None:
    """``name`` signed up (None: not signing up, full, or signed up already)."""
    if record.state is not State.SIGNUP or len(record.entrants) >= record.places:
        return None
    if record.signed(name):
        return None
    return replace(record, entrants=(*record.entrants, Signed(name)))


def withdrawn(record: Record, name: str) -> Record | None:
    if record.state is not State.SIGNUP or not record.signed(name):
        return None
    folded = name.lower()
    return replace(record, entrants=tuple(e for e in record.entrants if e.name.lower() != folded))


def cancelled(record: Record) -> Record | None:
    if record.state is not State.SIGNUP:
        return None
    return replace(record, state=State.CANCELLED)


def full(record: Record) -> bool:
    """Signing up with no time set, and every place taken: it begins."""
    return (
        record.state is State.SIGNUP
        and record.starts is None
        and len(record.entrants) >= record.places
    )


def begun(record: Record, rating: Rating, by: str = "") -> Record | None:
    """The first round planned (None: not signing up, or fewer than two signed up)."""
    if record.state is not State.SIGNUP or len(record.entrants) < 2:
        return None
    return _planned(replace(record, state=State.RUNNING), 1, rating, by)


def counted(
    record: Record, tab: int, places: list[int], rating: Rating, by: str = ""
) -> Record | None:
    """Table ``tab`` ended with these final places: its people's points (a knockout puts
    out all but its winner), then the next round planned, or the end, when it was the
    round's last table. None: not a running tournament's table, or counted already."""
    if record.state is not State.RUNNING:
        return None
    found = [s for s in record.round_slots() if s.tab == tab and tab > 0]  # numbers recur
    if not found or found[0].places is not None or len(places) != len(found[0].seats):
        return None
    slot = found[0]
    got = dict(zip((n.lower() for n in slot.seats), pairing.points(places), strict=True))
    lost = {
        n.lower()
        for n, place in zip(slot.seats, places, strict=True)
        if record.format == KNOCKOUT and place != 1
    }
    entrants = tuple(
        replace(
            e, points=e.points + got.get(e.name.lower(), 0), out=e.out or e.name.lower() in lost
        )
        for e in record.entrants
    )
    tables = tuple(replace(s, places=tuple(places)) if s is slot else s for s in record.tables)
    record = replace(record, entrants=entrants, tables=tables)
    return round_over(record, rating, by) or record


def round_over(record: Record, rating: Rating, by: str = "") -> Record | None:
    """Every table of the current round ended: the next round planned, or the end (None:
    a table still plays, or it is not running)."""
    slots = record.round_slots()
    if record.state is not State.RUNNING or not slots:
        return None
    if any(s.places is None for s in slots):
        return None
    still = still_in(record, rating)
    last = record.round >= record.rounds if record.format == SWISS else len(still) < 2
    if last:
        rows = standings(record, rating)
        return replace(
            record,
            state=State.OVER,
            standings=tuple((r.place, r.name, r.points) for r in rows),
        )
    return _planned(record, record.round + 1, rating, by)


def seated(record: Record, round_: int, planned: int, tab: int) -> Record | None:
    """The planned table ``planned`` (``-k``) of round ``round_`` is table ``tab`` (None:
    no such planned table: made already)."""
    hit = [s for s in record.tables if s.round == round_ and s.tab == planned and planned < 0]
    if not hit or record.state is not State.RUNNING:
        return None
    return replace(
        record, tables=tuple(replace(s, tab=tab) if s is hit[0] else s for s in record.tables)
    )


def claimed(record: Record, by: str) -> Record | None:
    """The round's tables not made yet are ``by``'s to make (None: none to make)."""
    if record.state is not State.RUNNING or not record.planned() or record.by == by:
        return None
    return replace(record, by=by)


# --------------------------------------------------------------------- reading


def entrants(record: Record, rating: Rating) -> list[pairing.Entrant]:
    return [pairing.Entrant(e.name, e.points, rating(e.name)) for e in record.entrants]


def still_in(record: Record, rating: Rating) -> list[pairing.Entrant]:
    out = {e.name.lower() for e in record.entrants if e.out}
    return [e for e in entrants(record, rating) if e.name.lower() not in out]


def standings(record: Record, rating: Rating) -> list[pairing.Standing]:
    return pairing.standings(entrants(record, rating), [list(s.seats) for s in record.tables])


def _planned(record: Record, round_: int, rating: Rating, by: str) -> Record:
    playing = still_in(record, rating)
    if record.format == SWISS:
        met = pairing.met_pairs([list(s.seats) for s in record.tables])
        tables = pairing.swiss(playing, record.size, met)
    else:
        tables = pairing.knockout(playing, record.size)
    slots = tuple(Slot(round_, -k, tuple(seats)) for k, seats in enumerate(tables, 1))
    return replace(record, round=round_, tables=record.tables + slots, by=by)
