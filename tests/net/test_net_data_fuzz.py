"""10,000 random lines on the data channel of a running ``uno-access serve``: random
bytes, random JSON, valid JSON with wrong types, huge numbers, oversized lines. Each is
refused with a reason; nothing in the game changes (no entry is logged, each seat's
counts and top card are the same, every action saved meanwhile is one the rules refuse,
and the next play leads to the very position the engine deals from the seed); the server
stays up, and the other player at the table is served.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from net_client import Raw
from net_ssh import Server, table_game

from uno_access.engine import codec
from uno_access.engine.actions import Play
from uno_access.engine.cards import Kind
from uno_access.engine.events import Rejected
from uno_access.engine.state import Phase
from uno_access.net.wire.protocol import MAX_LINE
from uno_access.store.saved import decode_action

LINES = 10_000
NAMES = ("eve", "ann")  # two people at one table, eve to move


def _seed() -> tuple[int, Play]:
    for seed in range(1, 500):
        game = table_game(NAMES, "standard", seed)
        view = game.view(0)
        if view.current != 0 or view.phase is not Phase.PLAY:
            continue
        plays = [
            a
            for a in game.legal_actions(0)
            if isinstance(a, Play) and a.card.kind is Kind.NUMBER and not a.uno
        ]
        if plays:
            return seed, plays[0]
    raise AssertionError("no seed deals eve a first play")


def _huge(rng: random.Random) -> int | float:
    return rng.choice([10**30, -(10**30), 2**63, 10**300, 1e308, -1e308, 2**31])


def _wrong(rng: random.Random) -> Any:
    """A value of the wrong type for any field."""
    return rng.choice([None, True, 1.5, "x", [], {}, [1, "a"], {"t": "x"}, _huge(rng)])


def _junk(rng: random.Random) -> str:
    """One line no server may take from this seat: never a message it would carry out."""
    kind = rng.randrange(10)
    if kind == 0:  # random bytes, decoded with errors replaced, no newline
        return "".join(
            chr(rng.choice([rng.randrange(1, 10), rng.randrange(11, 0xD7FF)]))
            for _ in range(rng.randrange(1, 300))
        )
    if kind == 1:  # random JSON of any shape but a message's
        return json.dumps(_wrong(rng))
    if kind == 2:  # a message whose kind is no string, or no kind
        return json.dumps({"t": _wrong(rng), "text": "help"})
    if kind == 3:  # no such message
        return json.dumps({"t": "".join(rng.choice("xyzq\x1b\x07") for _ in range(6))})
    if kind == 4:  # a lobby line that is no string
        text: Any = rng.choice([None, True, 1.5, [], {}, ["help"], _huge(rng)])
        return json.dumps({"t": "line", "text": text})
    if kind == 5:  # an action with a bad id
        return json.dumps(
            {"t": "action", "id": rng.choice([None, "1", 1.5, True, []]), "action": {}}
        )
    if kind == 6:  # an action with fields of the wrong type
        field = rng.choice(["seat", "act", "card", "color", "target", "cards", "count", "uno"])
        action: dict[str, Any] = {"seat": 0, "act": "play", "card": "r5", field: _wrong(rng)}
        if field == "uno":
            action["card"] = "zz"
        return json.dumps({"t": "action", "id": rng.randrange(99), "action": action})
    if kind == 7:  # huge numbers where numbers go
        return json.dumps(
            rng.choice(
                [
                    {
                        "t": "action",
                        "id": _huge(rng),
                        "action": {"seat": _huge(rng), "act": "draw"},
                    },
                    {"t": "action", "id": 1, "action": {"seat": 1, "act": "catch", "target": 0}},
                    {
                        "t": "action",
                        "id": 2,
                        "action": {"seat": 0, "act": "play", "card": "r5", "count": _huge(rng)},
                    },
                    {"t": "action", "id": 3, "action": {"seat": _huge(rng), "act": "card_check"}},
                ]
            )
        )
    if kind == 8:  # a forged action for the other person's seat
        act = rng.choice(["draw", "uno", "card_check", "touch", "accept", "keep"])
        return json.dumps({"t": "action", "id": 4, "action": {"seat": 1, "act": act}})
    return "[" * rng.randrange(100, 5000)  # nested deeper than any parser takes


def _saved(folder: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{folder / 'tables.db'}?mode=ro", uri=True) as db:
        return db.execute("SELECT tab, n, action FROM actions ORDER BY tab, n").fetchall()


def test_ten_thousand_random_lines_are_each_refused_and_change_nothing_while_another_plays(
    tmp_path: Path,
) -> None:
    seed, play = _seed()
    data = tmp_path / "server"
    server = Server(data, "--open", "--seed", str(seed), "--bot-pace", "5")
    rng = random.Random(1810)
    lines = [_junk(rng) for _ in range(LINES - 10)]
    lines += ["y" * (MAX_LINE + 10 + k) for k in range(5)]  # oversized, each a line
    lines += ["{" + "z" * (2 * MAX_LINE + k) for k in range(5)]
    rng.shuffle(lines)
    assert all("\n" not in line for line in lines)

    async def run() -> None:
        eve = await Raw.open(server.port, "eve")
        ann = await Raw.open(server.port, "ann")
        await eve.until_line("Welcome")
        await ann.until_line("Welcome")
        eve.message({"t": "line", "text": "new standard"})
        await eve.until_line("You made table 1")
        ann.message({"t": "line", "text": "join 1"})
        await ann.until_line("You sit at table 1")
        eve.message({"t": "line", "text": "start"})
        await eve.next("start")
        await ann.next("start")
        eve_first = await eve.next("entry")
        ann_first = await ann.next("entry")

        async def asked(raw: Raw, act: str) -> Any:
            raw.message({"t": "action", "id": 900, "action": {"seat": 0, "act": act}})
            return (await raw.next("reply"))["events"]

        before = (await asked(eve, "card_check"), await asked(eve, "touch"))
        saved_before = _saved(data)
        for line in lines:
            eve.send(line)
        answers = [await eve.next(timeout=30) for _ in lines]
        for line, answer in zip(lines, answers, strict=True):
            if answer["t"] == "reply":  # the engine's refusal, with its reason
                events = codec.events_from_json(answer["events"])
                assert answer["seq"] == 0 and [type(e) for e in events] == [Rejected], line[:200]
            else:
                assert answer["t"] == "refused" and answer["reason"], (line[:200], answer)
        reasons = {a["reason"] for a in answers if a["t"] == "refused"}
        assert len(reasons) >= 8, reasons
        assert eve.queue.empty() and ann.queue.empty()  # no entry: nothing happened
        # what was saved meanwhile (the server saves each action before the engine sees
        # it) is only actions the rules refuse: replayed from the seed, none changes the game
        added = _saved(data)[len(saved_before) :]
        replayed = table_game(NAMES, "standard", seed)
        start = replayed.view(0), replayed.view(1)
        for _, _, text in added:
            assert isinstance(replayed.apply(decode_action(text))[0], Rejected), text
        assert (replayed.view(0), replayed.view(1)) == start
        assert (await asked(eve, "card_check"), await asked(eve, "touch")) == before
        # the other person is served, and the game goes on exactly as dealt
        ann.message({"t": "line", "text": "who"})
        assert "eve" in await ann.until_line("Connected")
        eve.message({"t": "action", "id": 901, "action": codec.action_to_json(play)})
        got = await eve.next("entry")
        assert got["seq"] == eve_first["seq"] + 1  # the first entry after the opening
        expected = table_game(NAMES, "standard", seed)
        expected.apply(play)
        assert codec.view_from_json(got["view"]) == expected.view(0)
        assert codec.view_from_json((await ann.next("entry"))["view"]) == expected.view(1)
        assert ann_first["seq"] == eve_first["seq"]
        eve.close()
        ann.close()

    try:
        asyncio.run(run())
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
