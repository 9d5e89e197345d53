"""A Swiss tournament of eight on a real ``uno-access serve``, SIGKILLed between rounds.

Seven people play over the data channel (the bench's simulated people: each its own ssh
connection and key, its moves chosen at random from what the server says is legal); the
eighth signs up and never comes, so a bot plays his seat after the grace. When the second
round is seated the server is killed (SIGKILL) before anyone sits; started again on the
same folder, each person who connects is put back at the seat held for them, and the
tournament goes on where it was: the same tables for round two, the same points, and the
final standings those the places give.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncssh
from net_client import Raw
from net_pairs import fewest_repeats
from net_ssh import Server

from uno_access.access import messages
from uno_access.engine import codec
from uno_access.engine.actions import QUERIES, CallUno, Catch, JumpIn
from uno_access.net.server.accounts import ACCOUNTS_NAME
from uno_access.net.server.pairing import points

SPEC = "standard,hand_size=2,target_score=1"
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")
ABSENT = "hal"  # signs up, and never comes
KILLED_AT = 2  # the round seated when the server is killed, before anyone sits
WAIT = 60.0  # seconds any one message may take on a loaded machine
_OUT_OF_TURN = (*QUERIES, Catch, CallUno, JumpIn)


def _pattern(said: str, *fields: str) -> re.Pattern[str]:
    """A line as said, each of ``fields`` (as it stands in ``said``) a group to read."""
    escaped = re.escape(said)
    for n, field in enumerate(fields):  # said again further on: the same again
        first, _, rest = escaped.partition(re.escape(field))
        escaped = f"{first}(?P<f{n}>.+?){rest.replace(re.escape(field), f'(?P=f{n})')}"
    return re.compile(escaped)


SEAT = _pattern(messages.net_tournament_seat(1, 98765, 43210), "98765", "43210")
FINAL = _pattern(
    messages.net_tournament_final(1, 98765, "Somebody", 43210), "98765", "Somebody", "43210"
)


class Entrant:
    """One person on the data channel: sits where told, plays, leaves at the table's end."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.rng = random.Random(seed)
        self.raw: Raw | None = None
        self.told: dict[int, int] = {}  # round -> table, as told
        self.lines: list[str] = []
        self.ended = 0  # games played to their end
        self._ids = 0

    async def connect(self, port: int) -> Raw:
        self.raw = await Raw.open(port, self.name, self.key)
        return self.raw

    def close(self) -> None:
        if self.raw is not None:
            self.raw.close()
            self.raw = None

    async def say(self, line: str, answer: str) -> None:
        assert self.raw is not None
        self.raw.message({"t": "line", "text": line})
        await self.raw.until_line(answer, WAIT)

    async def play(self, skip: int | None, until: asyncio.Event) -> None:
        """Sit at each round's table when told (round ``skip``'s only noted), play every
        game to its end, until ``until`` is set."""
        raw = self.raw
        assert raw is not None
        while not until.is_set():
            try:
                message = await raw.next(timeout=0.5)
            except TimeoutError:
                continue
            kind = message["t"]
            if kind == "line":
                self.lines.append(message["text"])
                found = SEAT.fullmatch(message["text"])
                if found:
                    round_, table = int(found.group(1)), int(found.group(2))
                    self.told[round_] = table
                    if round_ != skip:
                        raw.message({"t": "line", "text": f"join {table}"})
            elif kind == "entry":
                if message.get("line"):
                    self.lines.append(str(message["line"]))
                if any(e.get("event") == "game_ended" for e in message["events"]):
                    self.ended += 1
                    raw.message({"t": "done"})
                    continue
                legal = [
                    a
                    for a in codec.actions_from_json(message["legal"])
                    if not isinstance(a, _OUT_OF_TURN)
                ]
                if legal:
                    self._ids += 1
                    action = codec.action_to_json(self.rng.choice(legal))
                    raw.message({"t": "action", "id": self._ids, "action": action})


def _read(folder: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of the server's accounts file, read as another program would."""
    db = sqlite3.connect(f"file:{folder / ACCOUNTS_NAME}?mode=ro", uri=True)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def _rounds(folder: Path, number: int) -> dict[int, list[tuple[int, list[str], Any]]]:
    rows = _read(
        folder,
        "SELECT round, tab, seats, places FROM rounds WHERE tournament = ? ORDER BY round, rowid",
        number,
    )
    found: dict[int, list[tuple[int, list[str], Any]]] = {}
    for round_, tab, seats, places in rows:
        found.setdefault(int(round_), []).append(
            (int(tab), json.loads(seats), None if places is None else json.loads(places))
        )
    return found


def _points(folder: Path, number: int) -> dict[str, int]:
    rows = _read(folder, "SELECT name, points FROM entrants WHERE tournament = ?", number)
    return {str(n): int(p) for n, p in rows}


async def _until(check: Any, what: str, people: list[Entrant]) -> None:
    for _ in range(int(WAIT / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    told = {p.name: (p.told, p.ended, p.lines[-6:]) for p in people}
    raise AssertionError(f"waited {WAIT} s for {what}; the people told {told}")


def test_a_swiss_tournament_of_eight_goes_on_exactly_after_a_sigkill_between_rounds(
    tmp_path: Path, closing: list[Any]
) -> None:
    data = tmp_path / "server"
    args = ("--open", "--seed", "11", "--bot-pace", "0")
    server = Server(data, *args)
    closing.append(server)
    people = {name: Entrant(name, seed) for seed, name in enumerate(NAMES)}
    here = [people[name] for name in NAMES if name != ABSENT]

    # the people sit in round one at once, and in round two only after the restart
    async def round_one() -> None:
        for person in people.values():
            await person.connect(server.port)
            assert person.raw is not None
            await person.raw.next("line", WAIT)  # the welcome
        ann, hal = people["ann"], people[ABSENT]
        made = f"tournament new swiss size=4 rounds=3 players=8 rules={SPEC} grace=1"
        await ann.say(made, messages.net_tournament_made(1))
        await hal.say("tournament join 1", messages.net_tournament_joined(1))
        hal.close()  # signed up, and gone: he never comes
        for person in here[1:]:
            await person.say("tournament join 1", messages.net_tournament_joined(1))
        stop = asyncio.Event()
        playing = [asyncio.ensure_future(p.play(KILLED_AT, stop)) for p in here]
        assert ann.raw is not None
        ann.raw.message({"t": "line", "text": "tournament join 1"})  # full: it begins
        await _until(lambda: all(KILLED_AT in p.told for p in here), "round two to be seated", here)
        stop.set()
        await asyncio.gather(*playing)
        for person in here:
            person.close()

    asyncio.run(round_one())
    before = _rounds(data, 1)
    points_before = _points(data, 1)
    server.process.kill()  # SIGKILL: nothing closed, nothing ended
    server.process.wait()
    # round one: every table ended with its places, round two seated and not begun
    assert all(places is not None for _, _, places in before[1])
    assert all(places is None for _, _, places in before[KILLED_AT])
    told = {p.name: p.told[KILLED_AT] for p in here}
    for tab, seats, _ in before[KILLED_AT]:
        assert all(told[name] == tab for name in seats if name != ABSENT)
    no_show = messages.net_no_show(ABSENT)
    hal_table = next(seats for _, seats, _ in before[1] if ABSENT in seats)
    assert all(no_show in people[name].lines for name in hal_table if name != ABSENT)

    server = Server(data, *args)  # started again on the same folder
    closing.append(server)
    assert _rounds(data, 1)[KILLED_AT] == before[KILLED_AT]  # the same tables, not seated anew
    assert _points(data, 1) == points_before

    async def rounds_after() -> None:
        stop = asyncio.Event()
        for person in here:  # each put back at the seat held for them as they come in
            await person.connect(server.port)
        playing = [asyncio.ensure_future(p.play(None, stop)) for p in here]

        def all_told() -> bool:
            return all(sum(bool(FINAL.fullmatch(line)) for line in p.lines) >= 8 for p in here)

        await _until(all_told, "the final standings", here)
        stop.set()
        await asyncio.gather(*playing)
        for person in here:
            person.close()

    for person in here:
        person.lines.clear()
    asyncio.run(rounds_after())
    after = _rounds(data, 1)
    assert after[KILLED_AT][0][0] == before[KILLED_AT][0][0]
    assert [seats for _, seats, _ in after[KILLED_AT]] == [s for _, s, _ in before[KILLED_AT]]
    assert sorted(after) == [1, 2, 3] and all(
        places is not None for tables in after.values() for _, _, places in tables
    )
    # the standings: each person's points those their places gave, told in one line each
    expected = dict.fromkeys(NAMES, 0)
    for tables in after.values():
        for _, seats, places in tables:
            for name, got in zip(seats, points(places), strict=True):
                expected[name] += got
    assert _points(data, 1) == expected
    (state,) = _read(data, "SELECT state FROM tournaments WHERE id = 1")
    assert state == ("over",)
    for person in here:  # told in one line each, in their order
        said = [found.groups() for found in map(FINAL.fullmatch, person.lines) if found]
        assert [int(place) for place, _, _ in said] == sorted(int(p) for p, _, _ in said)
        assert {name: int(got) for _, name, got in said} == expected
        assert [int(got) for _, _, got in said] == sorted(expected.values(), reverse=True)
    rounds = [[seats for _, seats, _ in after[r]] for r in (1, 2, 3)]
    assert fewest_repeats(rounds, NAMES)
    assert "Traceback" not in server.stop()
