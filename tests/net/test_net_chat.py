"""The chat over plain ssh, end to end: ``uno-access serve`` on 127.0.0.1 and the real
OpenSSH client in pseudo-terminals. Chat lines are kept in a history of their own, apart
from the game's, from the lobby to the table; muted chat is kept and not shown (the
terminal is what a screen reader speaks); the bell may ring for chat too.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import asyncssh.connection
import pytest
from net_client import Client, Raw
from net_ssh import Server, Ssh, keypair

from uno_access.access import messages

PAGE_UP = "\x1b[5~"
PAGE_DOWN = "\x1b[6~"


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("keys")
    return {name: keypair(folder, name) for name in ("ann", "bob", "cy")}


def _two(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server | Client]
) -> tuple[Server, Ssh, Ssh]:
    server = Server(tmp_path / "server", "--open", "--seed", "3", "--bot-pace", "5")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    bob = Ssh(server.port, keys["bob"], "bob")
    closing.append(bob)
    bob.prompt()
    return server, ann, bob


def test_chat_lines_are_kept_in_their_own_history_from_the_lobby_to_the_table_over_ssh(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server | Client]
) -> None:
    server, ann, bob = _two(tmp_path, keys, closing)
    ann.line("say hello")
    bob.sees(r"ann says: hello\.")  # one line that makes sense alone, a full stop added
    ann.line("say are you there?")
    bob.sees(r"ann says: are you there\?")
    bob.line("chat")
    bob.sees("Reading the chat: 2 lines")
    bob.line("[")  # the line before the newest, as Page Up gives it
    bob.sees(r"1 of 2: ann says: hello\.")
    bob.line("[")
    bob.sees("Start of the chat")
    # at the table, the chat's history is the same one, and the game's is apart from it
    ann.line("new")
    ann.sees("You made table 1")
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    ann.line("start")
    bob.sees("The start card is")
    bob.prompt("")  # the game's prompt
    ann.typed("say good luck")
    bob.sees(r"ann says: good luck\.")
    bob.press("i")
    bob.sees("Reading the chat: 3 lines")
    bob.press(PAGE_UP)
    bob.sees(r"2 of 3: ann says: are you there\?")
    bob.press("v")  # back to the game's history: no chat line in it
    found = bob.sees(r"Reading the game's history: (\d+) lines")
    total = int(found.split(": ")[1].split()[0])
    for _ in range(total):
        bob.press(PAGE_UP)
    bob.sees("Start of the game's history")
    shown = bob.text()
    game_review = shown[shown.rindex("Reading the game's history") :]
    assert "says:" not in game_review, game_review
    assert "The start card is" in game_review
    # the lobby's chat reaches a person at a table who chose it, into the same history
    bob.typed("lobbychat on")
    bob.sees("Lobby chat in your games: on")
    cy = Ssh(server.port, keys["cy"], "cy")
    closing.append(cy)
    cy.prompt()
    cy.line("say hi from the lobby")
    bob.sees(r"cy says: hi from the lobby\.")
    # muted at the table: kept in the chat's history, not shown as it comes
    bob.typed("chat mute")
    bob.sees("Chat muted")
    ann.typed("say hidden words")
    ann.sees(r"ann says: hidden words\.")
    bob.press("i")
    bob.sees("Reading the chat: 5 lines")
    bob.press(PAGE_UP)
    bob.press(PAGE_DOWN)
    bob.sees(r"5 of 5: ann says: hidden words\.")
    assert "hidden words" not in bob.text().split("Chat muted")[1].split("Reading the chat: 5")[0]


def test_muted_chat_over_ssh_is_kept_in_its_history_and_not_shown_as_it_comes(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server | Client]
) -> None:
    _, ann, bob = _two(tmp_path, keys, closing)
    bob.line("chat mute")
    bob.sees("Chat muted: your screen reader speaks what your terminal shows")
    ann.line("say secret plan")
    ann.sees(r"ann says: secret plan\.")  # her own line, told to her
    ann.line("say second")
    bob.line("who")  # the server answered bob after both lines reached him
    bob.sees("Connected: ann, bob")
    bob.line("chat")
    bob.sees("Reading the chat: 2 lines")
    bob.line("[")
    bob.sees(r"1 of 2: ann says: secret plan\.")
    before_review = bob.text().split("Reading the chat")[0]
    assert "secret plan" not in before_review
    assert "says: second" not in before_review
    bob.line("chat unmute")
    bob.sees("Chat unmuted")
    ann.line("say back again")
    bob.sees(r"ann says: back again\.")


def test_bell_chat_rings_the_terminal_at_each_chat_line_beside_the_words(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server | Client]
) -> None:
    _, ann, bob = _two(tmp_path, keys, closing)
    ann.line("say no bell yet")
    bob.sees("ann says: no bell yet")
    assert "\a" not in bob.received.getvalue()
    bob.line("bell chat")
    bob.sees("Bell on for your turn and for chat")
    ann.line("say ring")
    bob.sees(r"ann says: ring\.")
    raw = bob.received.getvalue()
    rung = raw[raw.index("Bell on for your turn") :]
    assert rung.count("\a") == 1 and rung.index("\a") < rung.index("ann says: ring")


# what no terminal of another player may be sent: a window title, a screen erase, a
# colour, the C1 control sequence introducer, a bell, a NUL
FORBIDDEN = ("\x1b]0;", "\x1b[2J", "\x1b[5;31m", "\x9b", "\x07", "\x00")
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[5;31m\x9b2J\x00"


def test_escape_sequences_in_a_name_and_a_chat_line_reach_no_ssh_or_client_terminal_raw(
    tmp_path: Path,
    keys: dict[str, Path],
    closing: list[Ssh | Server | Client],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Server(tmp_path / "server", "--open", "--seed", "3", "--bot-pace", "5")
    closing.append(server)
    bob = Ssh(server.port, keys["bob"], "bob")
    closing.append(bob)
    bob.prompt()
    zed = Client(server.port, tmp_path / "zed", "zed")
    closing.append(zed)
    zed.prompt()
    bob.line("new")
    bob.sees("You made table 1")
    zed.line("watch 1")
    zed.sees("You watch table 1")
    # a hostile client that sends its name as it likes (ssh and asyncssh refuse to)
    monkeypatch.setattr(asyncssh.connection, "saslprep", lambda name: name)

    async def hostile_name() -> None:
        with pytest.raises(asyncssh.Error):  # the server refuses the name itself
            await Raw.open(server.port, "mal" + HOSTILE)

    async def eve() -> None:  # a data connection that chats with escape sequences
        raw = await Raw.open(server.port, "eve")
        await raw.until_line("Welcome")
        raw.message({"t": "line", "text": "join 1"})
        await raw.until_line("You sit at table 1")
        raw.message({"t": "line", "text": "say hi" + HOSTILE + " there!" + HOSTILE})
        await raw.until_line("says:")
        raw.close()

    asyncio.run(hostile_name())
    asyncio.run(eve())
    for terminal in (bob, zed):
        terminal.sees(r"eve sits at table 1, seat 2\.")
        terminal.sees(r"eve says: hi there!")
    bob.line("who")
    bob.sees("Connected: bob, zed")  # eve has gone; the hostile name never came in
    for terminal in (bob, zed):
        raw = terminal.received.getvalue()
        assert "mal" not in terminal.text()
        for sequence in FORBIDDEN:
            assert sequence not in raw, (terminal, repr(sequence))


def test_braille_in_the_lobby_shows_each_line_of_a_plain_ssh_game_as_braille_dots_too(
    tmp_path: Path, keys: dict[str, Path], closing: list[Ssh | Server | Client]
) -> None:
    server = Server(tmp_path / "server", "--open", "--seed", "3", "--bot-pace", "5")
    closing.append(server)
    ann = Ssh(server.port, keys["ann"], "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("braille grade9")
    ann.sees(re.escape(messages.net_braille_values(["ueb2", "ueb1", "computer"])))
    ann.line("braille ueb2")
    ann.sees(re.escape(messages.net_braille_set("ueb2")))
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees("sits at table 1, seat 2")
    ann.line("start")
    ann.sees("The start card is ")
    dots = ann.sees("[\u2801-\u28ff][\u2800-\u28ff]+")  # the line's braille, as Unicode dots
    assert dots and all("\u2800" <= c <= "\u28ff" for c in dots)
    ann.sees("uno>")
    ann.press("q")
    ann.sees(r"Quit the game\?")
    ann.press("y")
    ann.sees(re.escape(messages.NET_BACK_IN_LOBBY))
    ann.line("braille off")
    ann.sees(re.escape(messages.net_braille_set(None)))
