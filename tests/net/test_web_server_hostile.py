"""A browser's frames are never trusted, for real (the aiohttp server and client): every
frame too long, not JSON, of no known type, with a field missing or wrong, naming a
card of no hand, or answering a prompt that is no longer asked, gets exactly one
``refused`` with its reason, and changes nothing, while another person's game goes on;
more than fifty frames in one second are refused once; the same person connecting again
replaces their socket, their seat kept; and a socket that dropped comes back to what it
missed, told once, then where it is.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from web_client import (
    Browser,
    Frame,
    Player,
    people,
    round_over,
    run,
    site,
    table_of_two,
    table_with_bot,
)

from uno_access.access import messages
from uno_access.engine.actions import Action, Draw
from uno_access.engine.events import Event
from uno_access.net.web.connection import FRAMES_PER_SECOND
from uno_access.net.web.frames import FRAME_LIMIT

pytestmark = pytest.mark.network

FORGED = 10_000
BATCH = 200  # frames sent before their answers are waited for


def _junk(rng: random.Random, asked: int) -> str | bytes:
    """One frame the server must refuse: random bytes or text, JSON of the wrong shape, a
    known type with a field missing or wrong, a name of nothing, too long, or an answer
    to a prompt other than the one ``asked`` now."""
    kind = rng.randrange(16)
    word = "".join(rng.choice("abcdefXYZ_é\u2800 ") for _ in range(rng.randrange(1, 30)))
    number = rng.choice([asked, asked - 1, None])  # None: none (the other fields are wrong)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return word + "{"
    if kind == 2:
        return json.dumps(rng.choice([[1, 2], 3, "key", None, True, 1.5]))
    if kind == 3:
        return json.dumps({"kind": "key", "key": "d"})
    if kind == 4:
        return json.dumps({"type": rng.choice([3, None, ["key"], {"a": 1}])})
    if kind == 5:
        return json.dumps({"type": "x" + word})
    if kind == 6:
        key = rng.choice([None, 5, "", ["d"], "ctrl-alt-" + word])
        return _answer({"type": "key", "key": key}, number)
    if kind == 7:
        return _answer({"type": "line", "text": rng.choice([None, 7, ["say hi"]])}, number)
    if kind == 8:
        return _answer({"type": "line", "text": "say " + "a" * rng.randrange(500, 1000)}, number)
    if kind == 9:
        command = rng.choice(["draw", "NUKE", "UNKNOWN", 3, word])
        return _answer({"type": "press", "command": command}, number)
    if kind == 10:
        index = rng.choice([-1, "0", 1.5, True, None])
        return _answer({"type": "card", "index": index}, number)
    if kind == 11:  # no hand here
        return _answer({"type": "card", "index": rng.randrange(0, 200)}, number)
    if kind == 12:
        return json.dumps({"type": "line", "text": "x" * (FRAME_LIMIT + rng.randrange(1, 9000))})
    if kind == 13:  # a prompt's number that is none
        bad = rng.choice([-1, "3", 1.5, True, [asked], {"n": asked}])
        return json.dumps({"type": "key", "key": "t", "prompt": bad})
    if kind == 14:  # a sound answer to a prompt not asked now (an earlier one, or none yet)
        stale = rng.choice([asked - 1, asked + 10**6 + rng.randrange(10**6), 0])
        answer = rng.choice([{"type": "line", "text": "new"}, {"type": "press", "command": "HELP"}])
        return json.dumps({**answer, "prompt": stale})
    return _answer({"type": "key", "key": word * 50}, number)


def _answer(frame: Frame, number: int | None) -> str:
    """``frame`` as the page sends it, naming prompt ``number`` (None: naming none)."""
    return json.dumps(frame if number is None else {**frame, "prompt": number})


def test_ten_thousand_malformed_frames_are_each_refused_once_while_another_game_goes_on(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with (
            site(tmp_path, frames_per_second=FORGED * 2) as place,
            people(place, "vic", "eve") as (vic, eve),
        ):
            await table_with_bot(vic)
            player = Player(vic)
            await vic.line("start")
            table = place.server.lobby.tables[1]
            before = len(eve.frames)
            assert eve.count("refused") == 0 and eve.prompt is not None
            rng = random.Random(25)
            sent = 0
            while sent < FORGED:
                for _ in range(BATCH):
                    junk = _junk(rng, eve.prompt)
                    assert eve.socket is not None
                    if isinstance(junk, bytes):
                        await eve.socket.send_bytes(junk)
                    else:
                        await eve.socket.send_str(junk)
                sent += BATCH
                await _refusals(eve, sent)
            await round_over(table)
            assert player.sent
            got = eve.frames[before:]
            assert _refused(got) == FORGED
            assert all(f["reason"] for f in got if f["type"] == "refused")
            assert messages.tr(messages.WEB_REFUSED_STALE) in {f["reason"] for f in got}
            assert [f for f in got if f["type"] != "refused"] == []  # nothing else happened
            assert list(place.server.lobby.tables) == [1]
            assert table.places[0].name == "vic"
            assert "eve" in place.server.lobby.people
            # vic is refused only his own answers that a bot's move overtook
            stale = messages.tr(messages.WEB_REFUSED_STALE)
            assert {f["reason"] for f in vic.frames if f["type"] == "refused"} <= {stale}

    run(go())


async def _refusals(browser: Browser, wanted: int) -> None:
    """Until ``browser`` has had ``wanted`` refused frames."""
    await browser.wait_for(lambda: browser.count("refused") >= wanted)


def _refused(frames: list[Frame]) -> int:
    return sum(1 for f in frames if f["type"] == "refused")


def test_more_than_fifty_frames_in_one_second_are_refused_once_and_the_rest_dropped(
    tmp_path: Path,
) -> None:
    now = [100.0]

    async def go() -> None:
        async with (
            site(tmp_path, frames_per_second=FRAMES_PER_SECOND, clock=lambda: now[0]) as place,
            people(place, "ann", "bob") as (ann, bob),
        ):
            typed = ["s", "a", "y", "space"] + ["a"] * 196  # keys off in the lobby: typing
            for key in typed:
                await ann.send({"type": "key", "key": key})
            refused = await ann.until(lambda f: f["type"] == "refused")
            assert refused["reason"] == messages.web_refused_too_fast(FRAMES_PER_SECOND)
            now[0] += 1.0  # the next second
            await ann.send({"type": "key", "key": "enter"})
            said = "a" * (FRAMES_PER_SECOND - 4)
            await bob.told(messages.chat_line("ann", said))
            assert _refused(ann.frames) == 1

    run(go())


def test_a_second_socket_for_the_same_name_replaces_the_first_and_keeps_the_seat(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann") as (first,):
            await table_with_bot(first)
            await first.line("start")
            await first.until(lambda f: f.get("screen") == "table")
            await first.until(lambda f: f["type"] == "hand" and f["cards"])
            second = Browser(place, "ann")
            try:
                assert (await second.login())["ok"]  # another browser, its own cookie
                await second.connect()
                bye = await first.until(lambda f: f["type"] == "bye")
                assert bye["reason"] == messages.tr(messages.NET_REPLACED)
                await first.closed.wait()
                assert (await second.until(lambda f: f["type"] == "hello"))["name"] == "ann"
                await second.until(lambda f: f.get("screen") == "table")
                hand = await second.until(lambda f: f["type"] == "hand" and f["cards"])
                table = place.server.lobby.tables[1]
                assert table.places[0].name == "ann" and table.places[0].present
                assert len(hand["cards"]) == len(table.game.view(0).hand)  # type: ignore[union-attr]
            finally:
                await second.close()

    run(go())


def test_a_dropped_socket_coming_back_is_told_what_it_missed_once_then_where_it_is(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob") as (ann, bob):
            await table_of_two(ann, bob)
            await ann.line("start")
            await ann.until(lambda f: f["type"] == "hand" and f["cards"])
            await bob.until(lambda f: f["type"] == "hand" and f["cards"])
            assert ann.socket is not None
            mark_gone = len(bob.frames)
            await ann.socket.close()  # the connection drops
            await ann.closed.wait()
            table = place.server.lobby.tables[1]
            await bob.told(messages.net_dropped("ann"), mark_gone)  # her seat is held
            assert not table.places[0].present
            said = "are you there?"
            mark = len(bob.frames)
            await bob.line(f"say {said}")
            await bob.told(messages.chat_line("bob", said), mark)
            await ann.connect()  # back, with the same session
            back = await ann.told(messages.tr(messages.NET_SINCE_YOU_LEFT))
            told = [f["print"] for f in ann.frames if f["type"] == "message"]
            chat = messages.chat_line("bob", said)
            assert told.count(chat) == 1  # the missed line, once
            where = messages.tr(messages.WHERE_YOU_ARE).split("{")[0]
            after = told.index(chat)
            assert told.index(back["print"]) < after
            assert any(line.startswith(where) for line in told[after + 1 :])
            await ann.until(lambda f: f["type"] == "hand" and f["cards"])
            assert table.places[0].present

    run(go())


def test_an_answer_to_a_prompt_no_longer_asked_is_refused_once_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """Draw pressed at the prompt of ann's turn is taken; pressed again naming that same
    prompt once a newer one has come (her hand changed), it is refused with its reason and
    the table is sent nothing."""

    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann") as (ann,):
            await table_with_bot(ann)
            await ann.line("start")
            table = place.server.lobby.tables[1]
            sent: list[Action] = []
            sending = table.send

            def spied(seat: int, action: Action) -> tuple[int, list[Event]]:
                sent.append(action)
                return sending(seat, action)

            table.send = spied  # type: ignore[method-assign]
            turn = await ann.until(
                lambda f: f["type"] == "table" and any(p["you"] and p["turn"] for p in f["players"])
            )
            asked = await ann.until(lambda f: f["type"] == "prompt", ann.frames.index(turn))
            held = len(_last_hand(ann))  # the hand frame comes before the table's and prompt's
            number = asked["number"]
            while True:  # Draw at the latest prompt (a newer one may cross it: then again)
                mark = len(ann.frames)
                await ann.send({"type": "press", "command": "DRAW", "prompt": number})
                got = await ann.until(
                    lambda f: (
                        f["type"] == "refused" or (f["type"] == "hand" and len(f["cards"]) > held)
                    ),
                    mark,
                )
                if got["type"] == "hand":
                    break
                number = ann.prompt
            newer = await ann.until(
                lambda f: f["type"] == "prompt" and f["number"] > number, ann.frames.index(got)
            )
            assert any(isinstance(action, Draw) for action in sent)  # taken
            before, mark = len(sent), len(ann.frames)
            await ann.send({"type": "press", "command": "DRAW", "prompt": number})  # stale
            refused = await ann.until(lambda f: f["type"] == "refused", mark)
            assert refused["reason"] == messages.tr(messages.WEB_REFUSED_STALE)
            assert len(sent) == before  # the table was sent nothing
            assert _refused(ann.frames[mark:]) == 1
            mark = len(ann.frames)  # a card of no place, for that prompt: it is gone, first
            await ann.send({"type": "card", "index": 99, "prompt": number})
            refused = await ann.until(lambda f: f["type"] == "refused", mark)
            assert refused["reason"] == messages.tr(messages.WEB_REFUSED_STALE)
            assert newer["number"] > number

    run(go())


def _last_hand(browser: Browser) -> list[Frame]:
    hands = [f for f in browser.frames if f["type"] == "hand"]
    cards: list[Frame] = hands[-1]["cards"]
    return cards


def test_a_prompt_asked_again_with_nothing_changed_keeps_its_number_and_takes_the_answer(
    tmp_path: Path,
) -> None:
    """A chat line wakes ann's lobby prompt: it is asked again with the same number, so the
    line she typed meanwhile (naming it) is read, not refused."""

    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob") as (ann, bob):
            number = ann.prompt
            mark = len(ann.frames)
            await bob.line("say hello")
            await ann.told(messages.chat_line("bob", "hello"), mark)
            again = await ann.until(lambda f: f["type"] == "prompt", mark)
            assert again["number"] == number
            await ann.send({"type": "line", "text": "new", "prompt": number})
            await ann.told(messages.net_table_made(1), mark)
            assert _refused(ann.frames) == 0

    run(go())
