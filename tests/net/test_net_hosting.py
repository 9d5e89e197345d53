"""The host's moderation of their table (``net.server.hosting``), over the real OpenSSH
client: the host alone removes a person, a bot or a spectator, keeps a name out, passes
the role on and closes a table; a removed person is back in the lobby, told by whom; a
banned one is refused at ``join`` and ``watch``; anyone else is refused in a sentence,
and a forged data-channel message for any of these changes nothing.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from net_client import Client, Raw
from net_ssh import Server, Ssh, entered

from uno_access.access import messages


def _back_in_lobby(person: Ssh) -> None:
    """The next prompt drawn is the lobby's (not the one of someone watching)."""
    person.line("who")
    person.sees("Connected:")
    assert person.sees("(lobby|watch)>") == "lobby>"


def test_the_host_removes_and_keeps_out_and_no_one_else_can(
    tmp_path: Path, open_server: Server
) -> None:
    ann = entered(tmp_path, open_server, "ann")
    eve = entered(tmp_path, open_server, "eve")
    bob = entered(tmp_path, open_server, "bob")
    ann.line("new")
    ann.sees("You made table 1")
    eve.line("join 1")
    eve.sees("You sit at table 1")
    bob.line("watch 1")
    bob.sees("You watch table 1")
    for word in ("kick ann", "ban ann", "host eve", "close"):
        eve.line(word)
        eve.told(messages.net_only_the_host("ann"))
    ann.line("kick eve")
    eve.told(messages.net_kicked_you("ann", 1, banned=False))
    ann.told(messages.net_kicked("eve", 1, banned=False))
    bob.told(messages.net_kicked("eve", 1, banned=False))
    eve.line("join 1")  # removed, not kept out
    eve.sees("You sit at table 1")
    ann.line("ban eve")
    eve.told(messages.net_kicked_you("ann", 1, banned=True))
    for word in ("join 1", "watch 1"):
        eve.line(word)
        eve.told(messages.net_kept_out(1))
    eve.line("who")  # in the lobby, answered there
    eve.sees("Connected:")
    ann.line("kick bob")  # one watching
    bob.told(messages.net_kicked_you("ann", 1, banned=False))
    _back_in_lobby(bob)
    ann.line("tables")
    ann.sees(r"Table 1, standard rules, waiting: ann; 9 seats free\.")
    ann.line("unban eve")
    ann.told(messages.net_unbanned("eve", 1, were=True))
    eve.line("join 1")
    eve.sees("You sit at table 1")
    ann.line("kick nobody-here")
    ann.told(messages.net_not_at_your_table("nobody-here"))
    for person in (ann, eve, bob):
        person.close()


def test_the_host_passes_the_role_removes_a_bot_and_closes_the_table(
    tmp_path: Path, open_server: Server
) -> None:
    ann = entered(tmp_path, open_server, "ann")
    eve = entered(tmp_path, open_server, "eve")
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    bot = ann.sees(r"The bot (\S+) sits").split()[2]
    ann.line(f"kick {bot}")
    ann.told(messages.net_kicked(bot, 1, banned=False))
    eve.line("join 1")
    eve.sees("You sit at table 1")
    ann.line("host eve")
    ann.told(messages.net_host_passed("eve", 1))
    eve.told(messages.net_host_passed("eve", 1))
    ann.line("kick eve")
    ann.told(messages.net_only_the_host("eve"))
    eve.line("close")
    ann.told(messages.net_closed("eve", 1))
    ann.line("tables")
    ann.told(messages.tr(messages.NET_NO_TABLES))
    ann.line("new")  # in the lobby, free to make another
    ann.sees("You made table 2")
    for person in (ann, eve):
        person.close()


def test_in_a_game_a_removed_player_leaves_it_and_a_bot_plays_their_seat(
    tmp_path: Path, seeded_server: Server
) -> None:
    """Over plain ssh: removed at the table's command line, in the game; the player is
    back in the lobby, told by whom; the others are told a bot plays the seat, and it
    does; a spectator removed too; a player banned in the game is kept out after."""
    ann = entered(tmp_path, seeded_server, "ann")
    eve = entered(tmp_path, seeded_server, "eve")
    bob = entered(tmp_path, seeded_server, "bob")
    cy = entered(tmp_path, seeded_server, "cy")
    ann.line("new")
    ann.sees("You made table 1")
    for person in (eve, cy):
        person.line("join 1")
        person.sees("You sit at table 1")
    ann.line("start")
    for person in (ann, eve, cy):
        start = person.sees("The start card is [^.]*")
        assert "Wild" not in start, start
    bob.line("watch 1")
    bob.sees("You watch table 1")
    ann.line("kick eve")  # at the table's command line
    eve.told(messages.net_kicked_you("ann", 1, banned=False))
    _back_in_lobby(eve)
    cy.told(messages.net_kicked_bot_plays("eve", 1, banned=False))
    ann.told(messages.net_kicked_bot_plays("eve", 1, banned=False))
    eve.line("join 1")  # the seat is not hers to take back
    eve.told(messages.net_table_started(1))
    ann.line("kick eve")
    ann.told(messages.net_kick_playing("eve"))
    ann.line("kick bob")
    bob.told(messages.net_kicked_you("ann", 1, banned=False))
    _back_in_lobby(bob)
    ann.line("ban cy")
    cy.told(messages.net_kicked_you("ann", 1, banned=True))
    _back_in_lobby(cy)
    cy.line("watch 1")
    cy.told(messages.net_kept_out(1))
    for person in (ann, eve, bob, cy):
        person.close()


def test_a_full_client_removed_in_a_game_is_told_its_game_is_gone(
    tmp_path: Path, seeded_server: Server
) -> None:
    """The data channel: the removed seat's client gets the host's line, then its game
    is gone (``resumed`` with no seat, as after a restart that lost it); nothing more of
    the table's log comes to it."""

    async def run() -> None:
        ann = await Raw.open(seeded_server.port, "ann")
        eve = await Raw.open(seeded_server.port, "eve")
        for raw in (ann, eve):
            await raw.until_line("Welcome")
        ann.message({"t": "line", "text": "new"})
        await ann.until_line("You made table 1")
        eve.message({"t": "line", "text": "join 1"})
        await eve.until_line("You sit at table 1")
        ann.message({"t": "line", "text": "bot"})
        await ann.until_line("sits at table 1")
        ann.message({"t": "line", "text": "start"})
        await eve.next("start")
        ann.message({"t": "line", "text": "kick eve"})
        await eve.until_line(messages.net_kicked_you("ann", 1, banned=False))
        gone = await eve.next("resumed")
        assert gone["seat"] is None
        eve.message({"t": "line", "text": "who"})
        await eve.until_line("Connected:")
        assert all(m["t"] != "entry" for m in _drained(eve))
        for raw in (ann, eve):
            raw.close()

    asyncio.run(run())


def _drained(raw: Raw) -> list[dict[str, object]]:
    got = []
    while not raw.queue.empty():
        got.append(raw.queue.get_nowait())
    return got


def test_a_forged_moderation_message_is_refused_and_changes_nothing(
    open_server: Server,
) -> None:
    async def run() -> None:
        ann = await Raw.open(open_server.port, "ann")
        eve = await Raw.open(open_server.port, "eve")
        for raw in (ann, eve):
            await raw.until_line("Welcome")
        ann.message({"t": "line", "text": "new"})
        await ann.until_line("You made table 1")
        eve.message({"t": "line", "text": "join 1"})
        await eve.until_line("You sit at table 1")
        for forged in (
            {"t": "kick", "name": "ann"},
            {"t": "ban", "name": "ann", "table": 1},
            {"t": "host", "name": "eve"},
            {"t": "close", "table": 1, "from": "ann"},
        ):
            eve.message(forged)
        reasons = [(await eve.next("refused"))["reason"] for _ in range(4)]
        assert reasons == [
            messages.net_refused_no_such_message(kind) for kind in ("kick", "ban", "host", "close")
        ]
        eve.message({"t": "line", "text": "kick ann", "from": "ann"})
        await eve.until_line(messages.net_only_the_host("ann"))
        ann.message({"t": "line", "text": "tables"})
        got = await ann.until_line("Table 1")
        assert "ann, eve" in got, got
        for raw in (ann, eve):
            raw.close()

    asyncio.run(run())


def test_the_full_client_removed_in_a_game_is_back_in_its_lobby_told_why(
    tmp_path: Path, seeded_server: Server
) -> None:
    """``uno-access join`` itself: its game gone, the host's line, its lobby's prompt."""
    ann = entered(tmp_path, seeded_server, "ann")
    eve = Client(seeded_server.port, tmp_path / "eve", "eve")
    try:
        eve.sees("lobby>")
        ann.line("new")
        ann.sees("You made table 1")
        eve.line("join 1")
        eve.sees("You sit at table 1")
        ann.line("start")
        start = eve.sees("The start card is [^.]*")
        assert "Wild" not in start, start
        ann.line("kick eve")
        gone = messages.tr(messages.NET_GAME_GONE)
        removed = messages.net_kicked_you("ann", 1, banned=False)
        # the game ends and who ended it is told, in the order the client took them
        first = eve.sees(f"{re.escape(gone)}|{re.escape(removed)}")
        eve.told(removed if first == gone else gone)
        eve.sees("lobby>")
        eve.line("who")
        eve.sees("Connected:")
        assert "Traceback" not in eve.text()
    finally:
        ann.close()
        eve.close()


def test_the_host_closes_a_table_in_play_and_everyone_at_it_is_back_in_the_lobby(
    tmp_path: Path, seeded_server: Server
) -> None:
    ann = entered(tmp_path, seeded_server, "ann")
    eve = entered(tmp_path, seeded_server, "eve")
    bob = entered(tmp_path, seeded_server, "bob")
    ann.line("new")
    ann.sees("You made table 1")
    eve.line("join 1")
    eve.sees("You sit at table 1")
    ann.line("start")
    for person in (ann, eve):
        start = person.sees("The start card is [^.]*")
        assert "Wild" not in start, start
    bob.line("watch 1")
    bob.sees("You watch table 1")
    eve.line("close")  # not hers to close
    eve.told(messages.net_only_the_host("ann"))
    ann.line("close")  # at the table's command line
    for person in (ann, eve, bob):
        person.told(messages.net_closed("ann", 1))
        _back_in_lobby(person)
    ann.line("tables")
    ann.told(messages.tr(messages.NET_NO_TABLES))
    eve.line("join 1")
    eve.told(messages.net_no_such_table("1"))
    for person in (ann, eve, bob):
        person.close()
