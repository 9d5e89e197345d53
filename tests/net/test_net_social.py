"""Between people on a server (``net.server.social``, ``net.server.people``): friends
agree both and see where each other is; a private message reaches its reader online, or
waits for their next login; a block is silent and whole (the blocked one's chat, private
messages, invitations, requests and tables never reach the blocker, and they are
answered as if they had); the lobby's chat is kept out of a game unless chosen. The
store's rules in a file of the test's own, then each over the real OpenSSH client, every
byte a person received captured.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

from net_client import Raw
from net_ssh import ANSI, Server, Ssh, entered, keypair, ssh_arguments
from web_client import people, site

from uno_access.access import messages
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.limits import BURST, EVERY
from uno_access.net.server.social import MOST_WAITING, Asked, Social


def _social(tmp_path: Path) -> Social:
    db = sqlite3.connect(tmp_path / "social.db")
    db.execute(
        "CREATE TABLE preferences (name TEXT, word TEXT, value TEXT, PRIMARY KEY (name, word))"
    )
    from uno_access.net.server import social

    db.executescript(social.SCHEMA)
    return Social(db, threading.Lock())


def test_friends_agree_both_and_unfriend_ends_it_for_both(tmp_path: Path) -> None:
    social = _social(tmp_path)
    assert social.ask("ann", "bob") is Asked.ASKED
    assert social.friends("ann") == [] and social.asking("bob") == ["ann"]
    assert social.asked("ann") == ["bob"]
    assert social.ask("ANN", "bob") is Asked.PENDING  # names match in any case
    assert social.ask("bob", "ann") is Asked.AGREED
    assert social.friends("ann") == ["bob"] and social.friends("bob") == ["ann"]
    assert social.asking("bob") == [] and social.asked("ann") == []
    assert social.ask("bob", "ann") is Asked.ALREADY
    assert social.unfriend("bob", "ann")
    assert social.friends("ann") == [] and social.friends("bob") == []
    assert not social.unfriend("bob", "ann")


def test_a_block_ends_a_friendship_and_hides_the_blocked_ones_request(tmp_path: Path) -> None:
    social = _social(tmp_path)
    social.ask("ann", "eve")
    social.ask("eve", "ann")
    assert social.block("ann", "eve") and not social.block("ann", "Eve")
    assert social.friends("ann") == [] and social.friends("eve") == []
    assert social.blocked("ANN", "eve") and not social.blocked("eve", "ann")
    social.ask("eve", "ann")
    assert social.asking("ann") == []  # never told
    assert social.blocked_by("ann") == ["eve"]
    assert social.unblock("ann", "eve") and not social.blocked("ann", "eve")
    assert social.asking("ann") == ["eve"]


def test_a_private_message_waits_once_and_a_reader_holds_at_most_a_hundred(
    tmp_path: Path,
) -> None:
    social = _social(tmp_path)
    for n in range(MOST_WAITING):
        assert social.post("ann", "bob", f"line {n}")
    assert not social.post("cy", "bob", "one too many")
    letters = social.letters("BOB")
    assert [letter.said for letter in letters] == [f"line {n}" for n in range(MOST_WAITING)]
    assert social.letters("bob") == []  # told once
    social.post("eve", "bob", "blocked meanwhile")
    social.block("bob", "eve")
    assert social.letters("bob") == []


def test_an_account_removed_takes_its_friends_blocks_and_messages_with_it(
    tmp_path: Path,
) -> None:
    accounts = Accounts(tmp_path)
    for name in ("ann", "bob"):
        assert accounts.claim(name, None, "hash")
    social = accounts.social
    social.ask("ann", "bob")
    social.ask("bob", "ann")
    social.block("bob", "eve")
    social.post("bob", "ann", "hello")
    accounts.remove("bob")
    assert accounts.claim("bob", None, "another hash")  # someone else now
    assert social.friends("ann") == [] and social.blocked_by("bob") == []
    assert social.letters("ann") == []
    accounts.close()


# ----------------------------------------------------------------- over the real ssh client


def _came_once(tmp_path: Path, server: Server, name: str) -> None:
    """``name``'s account made, then they leave."""
    person = entered(tmp_path, server, name)
    person.line("quit")
    person.child.expect("\\$|closed|$", timeout=20)
    person.close()


def test_two_friends_agree_and_see_where_each_other_is_and_who_comes_in(
    tmp_path: Path, open_server: Server
) -> None:
    ann = entered(tmp_path, open_server, "ann")
    bob = entered(tmp_path, open_server, "bob")
    ann.line("friend bob")
    ann.sees(re.escape(messages.net_friend_asked("bob")))
    bob.sees(re.escape(messages.net_friend_request("ann")))
    bob.line("friend ann")
    bob.sees(re.escape(messages.net_friend_agreed("ann")))
    ann.sees(re.escape(messages.net_friend_agreed("bob")))
    bob.line("new")
    bob.sees("You made table 1")
    ann.line("friends")
    ann.sees(re.escape(messages.net_friend_where("bob", "table", 1)))
    bob.line("quit")
    bob.close()
    ann.line("friends")
    ann.sees(re.escape(messages.net_friend_where("bob", "away", 0)))
    bob = entered(tmp_path, open_server, "bob")
    ann.sees(re.escape(messages.net_friend_came("bob")))
    bob.line("friends")
    bob.sees(re.escape(messages.net_friend_where("ann", "lobby", 0)))
    ann.line("friends off")
    ann.sees(re.escape(messages.net_arrivals_set(False)))
    bob.line("quit")
    bob.close()
    bob = entered(tmp_path, open_server, "bob")
    bob.line("say back")
    ann.sees("bob says: back")
    assert ann.text().count(messages.net_friend_came("bob")) == 1  # switched off
    for person in (ann, bob):
        person.close()


def test_a_private_message_reaches_its_reader_online_or_waits_for_their_login(
    tmp_path: Path, open_server: Server
) -> None:
    _came_once(tmp_path, open_server, "cy")
    ann = entered(tmp_path, open_server, "ann")
    bob = entered(tmp_path, open_server, "bob")
    ann.line("tell bob see you at table 2")
    bob.sees(re.escape(messages.net_tells_you("ann", "see you at table 2")))
    ann.sees(re.escape(messages.net_you_tell("bob", "see you at table 2")))
    bob.line("reply on my way")
    ann.sees(re.escape(messages.net_tells_you("bob", "on my way")))
    ann.line("tell cy are you there")
    ann.sees(re.escape(messages.net_tell_kept("cy")))
    ann.line("tell nobody-here hi")
    ann.sees(re.escape(messages.net_no_such_person("nobody-here")))
    ann.line("tell ann hi")
    ann.sees(re.escape(messages.tr(messages.NET_THAT_IS_YOU)))
    cy = Ssh(open_server.port, keypair(tmp_path, "cy"), "cy")
    cy.sees(re.escape(messages.net_told_while_away("ann", "are you there")))
    cy.line("reply yes")
    ann.sees(re.escape(messages.net_tells_you("cy", "yes")))
    cy.close()
    cy = Ssh(open_server.port, keypair(tmp_path, "cy"), "cy")  # told once, not again
    cy.sees("Welcome, cy")
    cy.line("who")
    cy.sees("Connected:")
    assert "told you while you were away" not in cy.text()
    for person in (ann, bob, cy):
        person.close()


def test_who_may_tell_you_things_friends_only_or_nobody(
    tmp_path: Path, open_server: Server
) -> None:
    ann = entered(tmp_path, open_server, "ann")
    bob = entered(tmp_path, open_server, "bob")
    eve = entered(tmp_path, open_server, "eve")
    ann.line("messages friends")
    ann.sees(re.escape(messages.net_messages_set("friends")))
    ann.line("friend bob")
    bob.line("friend ann")
    ann.sees(re.escape(messages.net_friend_agreed("bob")))
    eve.line("tell ann hello stranger")
    eve.sees(re.escape(messages.net_tell_refused("ann", friends_only=True)))
    bob.line("tell ann hello friend")
    ann.sees(re.escape(messages.net_tells_you("bob", "hello friend")))
    ann.line("messages nobody")
    ann.sees(re.escape(messages.net_messages_set("nobody")))
    bob.line("tell ann hello again")
    bob.sees(re.escape(messages.net_tell_refused("ann", friends_only=False)))
    ann.line("messages wrong")
    ann.sees(re.escape(messages.tr(messages.NET_MESSAGES_HOW)))
    ann.line("say done")
    ann.sees("ann says: done")
    assert "hello stranger" not in ann.text() and "hello again" not in ann.text()
    for person in (ann, bob, eve):
        person.close()


def test_a_blocked_persons_chat_messages_invitations_requests_and_tables_never_reach_you(
    tmp_path: Path, seeded_server: Server
) -> None:
    """eve is answered as if everything went, and ann's tables are not there for her;
    ann's captured bytes hold none of it; bob, who blocks no one, hears eve's lines (they
    were said)."""
    ann = entered(tmp_path, seeded_server, "ann")
    bob = entered(tmp_path, seeded_server, "bob")
    eve = entered(tmp_path, seeded_server, "eve")
    ann.line("block eve")
    ann.sees(re.escape(messages.net_blocked("eve", already=False)))
    eve.line("say lobby-from-eve")
    bob.sees("eve says: lobby-from-eve")
    eve.line("tell ann private-from-eve")
    eve.sees(re.escape(messages.net_you_tell("ann", "private-from-eve")))
    eve.line("friend ann")
    eve.sees(re.escape(messages.net_friend_asked("ann")))
    ann.line("new")  # a table ann hosts: not there, to eve
    ann.sees("You made table 1")
    eve.line("tables")
    eve.sees(re.escape(messages.tr(messages.NET_NO_TABLES)))
    eve.line("join 1")
    eve.sees(re.escape(messages.net_no_such_table("1")))
    eve.line("watch 1")
    eve.sees(re.escape(messages.net_no_such_table("1")))
    ann.line("leave")
    ann.sees("You left table 1")
    eve.line("new")
    eve.sees("You made table 2")
    eve.line("invite ann")
    eve.sees(re.escape(messages.net_invite_sent("ann", 2)))
    eve.line("leave")
    eve.sees("You left table 2")
    # at bob's table, waiting, then in play: eve's table chat reaches bob, never ann
    bob.line("new")
    bob.sees("You made table 3")
    for person in (ann, eve):
        person.line("join 3")
        person.sees("You sit at table 3")
    eve.line("say waiting-from-eve")
    bob.sees("eve says: waiting-from-eve")
    bob.line("start")
    for person in (ann, bob, eve):
        start = person.sees("The start card is [^.]*")
        assert "Wild" not in start, start
    eve.line("say playing-from-eve")
    bob.sees("eve says: playing-from-eve")
    bob.line("say after-eve")  # after eve's in the table's log
    ann.sees("bob says: after-eve")
    ann.line("friends")
    ann.sees(re.escape(messages.tr(messages.NET_FRIENDS_NONE)))
    received = ann.text()
    for said in ("from-eve", "eve says", "eve tells", "eve asks", "eve invites"):
        assert said not in received, said
    for person in (ann, bob, eve):
        person.close()


def test_the_lobbys_chat_is_kept_out_of_a_game_unless_its_player_chooses_it(
    tmp_path: Path, seeded_server: Server
) -> None:
    ann = entered(tmp_path, seeded_server, "ann")
    cy = entered(tmp_path, seeded_server, "cy")
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1")
    ann.line("start")
    start = ann.sees("The start card is [^.]*")
    assert "Wild" not in start, start  # no colour to choose first: the game's prompt
    cy.line("say lobby-one")
    cy.sees("cy says: lobby-one")
    cy.line("tell ann after-one")  # through the same way, after it
    ann.sees(re.escape(messages.net_tells_you("cy", "after-one")))
    assert "lobby-one" not in ann.text()
    ann.line("lobbychat on")  # at the table's command line
    ann.sees(re.escape(messages.net_lobby_chat_set(True)))
    cy.line("say lobby-two")
    ann.sees("cy says: lobby-two")
    for person in (ann, cy):
        person.close()


def test_over_the_data_channel_a_message_goes_as_typed_and_a_forged_one_changes_nothing(
    open_server: Server,
) -> None:
    """The full client's way in: ``tell`` is a typed line as in the lobby; messages made
    up for it (``tell``, ``block``, ``friend`` as kinds of their own, or with another
    sender) are refused with a reason, and reach no one; a block holds on this way too."""

    async def run() -> None:
        ann = await Raw.open(open_server.port, "ann")
        eve = await Raw.open(open_server.port, "eve")
        for raw in (ann, eve):
            await raw.until_line("Welcome")
        eve.message({"t": "line", "text": "tell ann typed-hello"})
        got = await ann.until_line("typed-hello")
        assert got == messages.net_tells_you("eve", "typed-hello")
        for forged in (
            {"t": "tell", "to": "ann", "text": "forged-1"},
            {"t": "block", "name": "ann"},
            {"t": "friend", "name": "ann", "from": "bob"},
            {"t": "line", "text": "tell ann forged-2", "from": "bob"},
        ):
            eve.message(forged)
        reasons = [(await eve.next("refused"))["reason"] for _ in range(3)]
        assert reasons == [
            messages.net_refused_no_such_message(kind) for kind in ("tell", "block", "friend")
        ]
        got = await ann.until_line("forged-2")  # a line is the sender's own, whatever it says
        assert got == messages.net_tells_you("eve", "forged-2")
        ann.message({"t": "line", "text": "block eve"})
        await ann.until_line(messages.net_blocked("eve", already=False))
        eve.message({"t": "line", "text": "tell ann after-block"})
        await eve.until_line(messages.net_you_tell("ann", "after-block"))
        eve.message({"t": "line", "text": "say lobby-after-block"})
        await eve.until_line("eve says: lobby-after-block")  # said: ann's next answer after it
        ann.message({"t": "line", "text": "who"})
        await ann.until_line("Connected:")
        ann.message({"t": "line", "text": "friends"})
        await ann.until_line(messages.tr(messages.NET_FRIENDS_NONE))
        for said in ("forged-1", "after-block"):  # the private message and the lobby's line
            assert said not in ann.bytes, said
        for raw in (ann, eve):
            raw.close()

    asyncio.run(run())


def test_in_a_browser_a_private_message_a_friend_and_a_block_work_as_over_ssh(
    tmp_path: Path,
) -> None:
    """The browser's way in: each message frame a person's page received, captured."""

    async def go() -> None:
        async with site(tmp_path) as place, people(place, "ann", "bob", "eve") as (ann, bob, eve):
            await ann.line("tell bob hello-from-a-browser")
            got = await bob.told("hello-from-a-browser")
            assert got["print"] == messages.net_tells_you("ann", "hello-from-a-browser")
            await bob.line("friend ann")
            await ann.told(messages.net_friend_request("bob"))
            await ann.line("friend bob")
            await bob.told(messages.net_friend_agreed("ann"))
            await ann.line("friends")
            await ann.told(messages.net_friend_where("bob", "lobby", 0))
            await ann.line("block eve")
            await ann.told(messages.net_blocked("eve", already=False))
            await eve.line("say from-eve-in-the-lobby")
            await bob.told("from-eve-in-the-lobby")
            await eve.line("tell ann from-eve-privately")
            await eve.told(messages.net_you_tell("ann", "from-eve-privately"))
            await ann.line("who")
            await ann.told("Connected:")
            assert not any("from-eve" in said for said in ann.printed())

    asyncio.run(go())


def test_a_name_removed_elsewhere_and_claimed_again_inherits_no_block_or_sanction(
    tmp_path: Path,
) -> None:
    """The server's memory of blocks and sanctions (read at every chat line) forgets a
    name claimed anew, though ``uno-access users remove`` ran in another process."""
    from uno_access.net.server.moderation import Kind

    server = Accounts(tmp_path)  # the running server's
    for name in ("ann", "eve"):
        server.claim(name, None, "hash")
    server.social.block("ann", "eve")
    server.moderation.sanction(Kind.MUTE, "eve", None, "spam", "mo")
    elsewhere = Accounts(tmp_path)  # uno-access users remove, in its own process
    elsewhere.remove("eve")
    elsewhere.close()
    assert server.claim("eve", None, "another hash")  # someone new
    assert not server.social.blocked("ann", "eve")
    assert server.moderation.active(Kind.MUTE, "eve") is None
    server.close()


def test_a_flood_of_2000_private_messages_reaches_its_reader_as_the_chat_limit_allows(
    tmp_path: Path, open_server: Server
) -> None:
    """Private messages spend the chat's own limit: a flooder's reader hears a burst, then
    one a second; the flooder is told once."""
    ann = entered(tmp_path, open_server, "ann")
    script = b"keys off\r" + b"".join(b"tell ann flood %d\r" % n for n in range(2_000))
    start = time.monotonic()
    done = subprocess.run(
        ["ssh", *ssh_arguments(open_server.port, keypair(tmp_path, "eve"), "eve")],
        input=script + b"quit\r",
        capture_output=True,
        timeout=120,
    )
    took = time.monotonic() - start
    ann.line("who")
    ann.sees("Connected:")
    heard = [line for line in ann.lines() if line.startswith("eve tells you: flood")]
    told = ANSI.sub("", done.stdout.decode("utf-8", "replace"))
    ann.close()
    assert BURST <= len(heard) <= BURST + int(took / EVERY) + 1, (len(heard), took)
    assert told.count(messages.tr(messages.NET_CHAT_TOO_FAST)) == 1, told[-2000:]
