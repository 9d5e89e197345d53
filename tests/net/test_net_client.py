"""``uno-access join``, the full client, against ``uno-access serve`` on 127.0.0.1: the
client itself in a pseudo-terminal, and bare connections to the data channel that keep
every character the server sends them.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path

import asyncssh
import pexpect
from net_client import Client, Raw
from net_ssh import Server, Ssh, table_game

from uno_access.access import messages
from uno_access.engine import codec
from uno_access.engine.actions import (
    Accept,
    Action,
    ChooseColor,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
)
from uno_access.engine.cards import Kind, all_faces, extra_faces
from uno_access.engine.events import CardPlayed, CardsDrawn, DealerDrew, StartCardTurned
from uno_access.engine.state import Phase
from uno_access.net.server.data import RESUME_ENV
from uno_access.net.wire.protocol import MAX_LINE

BOT = "Bob"  # the name the table gives the first bot beside ann


def _seed_with_first_play(spec: str, name: str = "ann") -> tuple[int, Play]:
    """A seed whose table deals ``name`` (seat 1 of 2, beside a bot) the first move, a
    number card.
    """
    for seed in range(1, 500):
        game = table_game((name, BOT), spec, seed)
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
    raise AssertionError("no seed deals ann a first play")


def _sit_with_a_bot(client: Client) -> None:
    client.sees("lobby>")
    client.line("new standard")
    client.sees("You made table 1")
    client.line("bot")
    client.sees(f"The bot {BOT} sits at table 1, seat 2")
    client.line("start")


def test_the_client_plays_a_card_and_answers_card_check_and_touch_over_the_data_channel(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    seed, play = _seed_with_first_play("standard")
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    ann = Client(server.port, tmp_path / "ann", "ann")
    closing.append(ann)
    _sit_with_a_bot(ann)
    ann.sees("Your turn")
    ann.press("c")
    ann.sees(f"Card check: you 7 cards, {BOT} 7 cards")
    ann.press("t")
    top = table_game(("ann", BOT), "standard", seed).view(0).top
    ann.sees(f"Top card: {re.escape(messages.card_name(top))}")
    ann.typed(play.card.code)
    ann.sees(f"You play {re.escape(messages.card_name(play.card))}\\.")
    ann.press("c")  # the server applied it: the count is the server's
    ann.sees(f"Card check: you 6 cards, {BOT} 7 cards")
    key = tmp_path / "ann" / "data" / "uno-access" / "client_key"
    assert key.stat().st_mode & 0o777 == 0o600  # the client's own key, made on first use
    known = tmp_path / "ann" / "data" / "uno-access" / "known_hosts"
    assert known.read_text().startswith(f"[127.0.0.1]:{server.port} ")


def test_a_changed_host_key_is_refused_with_one_line(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    first = Server(tmp_path / "first", "--open")
    ann = Client(first.port, tmp_path / "ann", "ann")
    ann.sees("lobby>")  # first contact: the host key is pinned
    ann.close()
    port = first.port
    assert "Traceback" not in first.stop()
    other = Server(tmp_path / "other", "--open", "--port", str(port))  # another host key
    closing.append(other)
    again = Client(port, tmp_path / "ann", "ann")
    again.child.expect(pexpect.EOF)
    again.child.close()
    lines = again.text().strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("uno-access: the server's host key for ")
    assert "has changed" in lines[0]
    assert again.child.exitstatus == 1


async def _at_a_game(port: int, name: str) -> Raw:
    """A bare data connection seated at a new table with a bot, the game started."""
    raw = await Raw.open(port, name)
    await raw.until_line("Welcome")
    raw.message({"t": "line", "text": "new standard"})
    await raw.until_line("You made table")
    raw.message({"t": "line", "text": "bot"})
    await raw.until_line("sits at table")
    raw.message({"t": "line", "text": "start"})
    start = await raw.next("start")
    assert start["seat"] == 0
    return raw


def _junk(rng: random.Random) -> str:
    """One line no server may take: never a valid message of this seat's."""
    kind = rng.randrange(8)
    if kind == 0:  # random bytes (no newline), decoded with errors replaced
        return "".join(
            chr(rng.choice([rng.randrange(1, 10), rng.randrange(11, 0x2FFF)]))
            for _ in range(rng.randrange(1, 200))
        )
    if kind == 1:  # JSON of the wrong shape
        return json.dumps(rng.choice([[], 1, "x", None, {"t": 5}, {"no": "t"}, [{"t": "line"}]]))
    if kind == 2:  # no such message
        return json.dumps({"t": "".join(rng.choice("xyzq") for _ in range(5))})
    if kind == 3:  # a forged action for the bot's seat
        return json.dumps(
            {
                "t": "action",
                "id": rng.randrange(9),
                "action": {
                    "seat": 1,
                    "act": rng.choice(["draw", "uno", "card_check", "touch", "accept"]),
                },
            }
        )
    if kind == 4:  # an action that is no action
        return json.dumps(
            {
                "t": "action",
                "id": 1,
                "action": rng.choice(
                    [
                        {"seat": 0, "act": "fly"},
                        {"seat": "0", "act": "draw"},
                        {"seat": 0, "act": "play", "card": "zz9"},
                        {"seat": 0, "act": "play", "cards": ["r5"] * 5000},
                        [],
                        None,
                        {"seat": 0, "act": "choose_color", "color": "plaid"},
                    ]
                ),
            }
        )
    if kind == 5:  # an action without a good id
        return json.dumps(
            {
                "t": "action",
                "id": rng.choice([None, "1", 1.5, True]),
                "action": {"seat": 0, "act": "draw"},
            }
        )
    if kind == 6:  # a lobby line that is no string, or too long
        return json.dumps({"t": "line", "text": rng.choice([None, 5, ["help"], "x" * 600])})
    return "[" * rng.randrange(2000, 5000) + "]" * 10  # nested past any parser's depth


def test_a_thousand_bad_lines_on_the_data_channel_are_each_refused_as_another_is_served(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    seed, _ = _seed_with_first_play("standard", "eve")  # eve to move: the bot waits for her
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    rng = random.Random(18)
    lines = [_junk(rng) for _ in range(998)] + ["y" * (MAX_LINE + 10), "{" + "z" * (2 * MAX_LINE)]

    async def run() -> None:
        eve = await _at_a_game(server.port, "eve")
        before = [await eve.next("entry")]
        other = await Raw.open(server.port, "ann")
        await other.until_line("Welcome")
        for line in lines:
            eve.send(line)
        reasons = [(await eve.next(timeout=60)) for _ in lines]
        assert all(r["t"] == "refused" and r["reason"] for r in reasons), [
            r for r in reasons if r["t"] != "refused"
        ][:3]
        assert {r["reason"] for r in reasons} >= {
            messages.NET_REFUSED_NOT_JSON,
            messages.NET_REFUSED_NOT_YOUR_SEAT,
            messages.NET_REFUSED_TOO_LONG,
        }
        other.message({"t": "line", "text": "tables"})  # the server serves on
        assert "standard" in await other.until_line("1")
        eve.message({"t": "action", "id": 7, "action": {"seat": 0, "act": "card_check"}})
        reply = await eve.next("reply")  # nothing changed: no entry after the opening
        assert reply["id"] == 7 and reply["seq"] == 0
        assert "counts" in json.dumps(reply["events"])
        assert eve.queue.empty() and before[0]["seq"] == 1
        eve.close()
        other.close()

    asyncio.run(run())


def _answer(legal: tuple[Action, ...]) -> Action:
    """The seat's move: accept what is owed, play the first card, or draw and keep."""
    for kind in (Accept, ChooseColor, Play, PlayDrawn, Keep, Draw, NextRound):
        for action in legal:
            if isinstance(action, kind) and not getattr(action, "uno", False):
                return action
    return legal[0]


def _strings(value: object) -> list[str]:
    """Every string value in parsed JSON, at any depth (not the keys)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    return []


def test_the_data_channel_sends_no_card_of_another_hand_before_it_is_played(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    seed = 11
    game = table_game(("eve", "Ann", BOT), "standard", seed)  # the bots the table names
    dealt = [[c.code for c in hand] for hand in game.state.hands]
    pile = [c.code for c in game.state.draw_pile]
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "0.05")
    closing.append(server)

    async def run() -> Raw:
        raw = await Raw.open(server.port, "eve")
        await raw.until_line("Welcome")
        raw.message({"t": "line", "text": "new standard"})
        await raw.until_line("You made table")
        for _ in range(2):
            raw.message({"t": "line", "text": "bot"})
            await raw.until_line("sits at table")
        raw.message({"t": "line", "text": "start"})
        await raw.next("start")
        moves, waiting, latest = 0, False, None
        while moves < 12:
            got = await raw.next()
            if got["t"] == "entry" and got["view"] is not None:
                latest = got
            elif got["t"] == "reply":
                waiting = False
            if waiting or latest is None or not raw.queue.empty():
                continue  # only the newest entry's view is the position now
            view = codec.view_from_json(latest["view"])
            legal = codec.actions_from_json(latest["legal"])
            if view.current == 0 and legal:
                moves += 1
                waiting, latest = True, None
                action = codec.action_to_json(_answer(legal))
                raw.message({"t": "action", "id": moves, "action": action})
        await asyncio.sleep(0.5)
        raw.close()
        return raw

    raw = asyncio.run(run())
    own = set(dealt[0])
    public: set[str] = set()
    for line in raw.bytes.splitlines():
        message = json.loads(line)
        for raw_event in message.get("events", []):
            event = codec.event_from_json(raw_event)
            if isinstance(event, CardPlayed | StartCardTurned | DealerDrew):
                public.add(event.card.code)
            elif isinstance(event, CardsDrawn) and event.seat == 0:
                own |= {c.code for c in event.cards}
    secret = {code for code in dealt[1] + dealt[2] + pile} - own - public
    assert len(secret) > 20, "the check has cards to look for"
    codes = {card.code for card in (*all_faces(), *extra_faces())}
    # every card named anywhere in what was sent
    sent = set(_strings([json.loads(line) for line in raw.bytes.splitlines()])) & codes
    assert sent, "cards are sent as data"
    assert not sent & secret, sorted(sent & secret)


def test_the_client_watches_a_table_and_is_told_its_public_events_alone(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    seed, _ = _seed_with_first_play("standard", "eve")  # eve moves first
    game = table_game(("eve", BOT), "standard", seed)
    shown = {  # to everyone: the start card, the cards drawn to choose the dealer
        e.card for e in game.opening if isinstance(e, StartCardTurned | DealerDrew)
    }
    hand = [c for c in game.view(0).hand if c.color is not None and c not in shown]
    secret = {messages.card_name(c) for c in hand}
    assert secret, "the check has cards to look for"
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    zed = Client(server.port, tmp_path / "zed", "zed")
    closing.append(zed)
    zed.sees("lobby>")

    async def play() -> None:
        eve = await _at_a_game(server.port, "eve")
        zed.line("watch 1")
        await asyncio.get_running_loop().run_in_executor(None, zed.sees, "You watch table 1")
        eve.message({"t": "action", "id": 1, "action": {"seat": 0, "act": "draw"}})
        await eve.next("reply")
        await asyncio.get_running_loop().run_in_executor(None, zed.sees, "eve draws a card")
        eve.close()

    asyncio.run(play())
    seen = zed.text()
    assert "The start card is" in seen
    assert not [name for name in secret if re.search(rf"\b{name}\b", seen)]


def test_over_the_data_channel_the_host_is_asked_after_the_grace_and_puts_in_a_stand_in(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    server = Server(tmp_path / "server", "--open", "--seed", "3", "--bot-pace", "0.2")
    closing.append(server)

    async def lines_until(raw: Raw, line: str) -> None:
        while True:
            got = await raw.next("entry")
            if got["line"] == line:
                return

    async def run() -> None:
        ann = await Raw.open(server.port, "ann")
        await ann.until_line("Welcome")
        ann.message({"t": "line", "text": "new standard"})
        await ann.until_line("You made table")
        ann.message({"t": "line", "text": "grace 0.2"})
        await ann.until_line(messages.net_grace_set(1, 0.2))
        bob = await Raw.open(server.port, "bob")
        await bob.until_line("Welcome")
        bob.message({"t": "line", "text": "join 1"})
        await bob.until_line("You sit at table 1")
        ann.message({"t": "line", "text": "start"})
        await ann.next("start")
        bob.close()  # his connection drops
        await lines_until(ann, messages.net_dropped("bob"))
        await lines_until(ann, messages.net_grace_over("bob", 0.2))
        ann.message({"t": "line", "text": "standin bob"})
        await lines_until(ann, messages.net_standin_plays("bob", "ann"))
        ann.close()

    asyncio.run(run())


def test_a_client_back_at_its_game_replaces_its_dead_connection_and_gets_the_entries_after_its_last(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    seed, _ = _seed_with_first_play("standard")
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def run() -> None:
        first = await Raw.open(server.port, "ann", key)
        await first.until_line("Welcome")
        for line in ("new standard", "bot", "start"):
            first.message({"t": "line", "text": line})
        start = await first.next("start")
        opening = await first.next("entry")
        first.message({"t": "line", "text": "say one"})
        said = await first.next("entry")
        assert said["line"] == "ann says: one." and said["seq"] == opening["seq"] + 1
        # the first connection is not closed: to the server it looks alive (a silent drop)
        resume = f"{start['epoch']} 0 {opening['seq']}"
        again = await Raw.open(server.port, "ann", key, {RESUME_ENV: resume})
        replayed = [await again.next()]
        while replayed[-1]["t"] != "resumed":
            replayed.append(await again.next())
        seqs = [m["seq"] for m in replayed[:-1]]
        assert seqs == list(range(said["seq"], said["seq"] + len(seqs)))  # after hers, each once
        assert replayed[0]["line"] == "ann says: one."
        # then the old connection's drop and her return, which say nothing to her
        assert all(m["line"] is None and m["events"] == [] for m in replayed[1:-1])
        again.message({"t": "action", "id": 1, "action": {"seat": 0, "act": "card_check"}})
        assert (await again.next("reply"))["id"] == 1  # the seat is played from here
        await asyncio.wait_for(first.chan.wait_closed(), 10)  # the dead one is closed
        again.close()

    asyncio.run(run())


def test_keys_off_typed_in_the_full_clients_lobby_holds_at_its_table(
    tmp_path: Path, closing: list[Client | Ssh | Server]
) -> None:
    """A client started with keys on: ``keys off`` in the lobby makes its table take every
    command as a typed line (the server's answer says so), so a typed word loses no letter
    to a key."""
    seed, play = _seed_with_first_play("standard")
    server = Server(tmp_path / "server", "--open", "--seed", str(seed), "--bot-pace", "5")
    closing.append(server)
    ann = Client(server.port, tmp_path / "ann", "ann")
    closing.append(ann)
    ann.sees("lobby>")
    ann.line("keys off")
    ann.sees("Keys off: at the table, every command is typed and sent with Enter")
    _sit_with_a_bot(ann)
    ann.sees("Type help at any time to hear the commands")  # not "Press F1… the keys"
    ann.sees("Your turn")
    ann.line("card check")  # by keys, C would answer at once and the rest go astray
    ann.sees(f"Card check: you 7 cards, {BOT} 7 cards")
    ann.line(play.card.code)
    ann.sees(f"You play {re.escape(messages.card_name(play.card))}\\.")
