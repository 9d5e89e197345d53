"""What one person does that others bear, limited (``net.server.limits``): a chat flood
reaches no one beyond a few lines at once, then one a second, its sender told once in a
sentence; guessed codes of private tables find none. The limits by a clock of the test's
own, then a real flood of 2,000 chat lines (in the lobby and at a table in play) and of
10,000 guessed codes over the real OpenSSH client.
"""

from __future__ import annotations

import random
import re
import subprocess
import time
from pathlib import Path

from net_ssh import ANSI, Server, Ssh, keypair, ssh_arguments, table_game

from uno_access.access import messages
from uno_access.engine.cards import Kind
from uno_access.engine.state import Phase
from uno_access.net.server.limits import BURST, CODE_EVERY, CODE_TRIES, EVERY, Chat, Limits
from uno_access.net.server.tables import CODE_LENGTH, CODE_LETTERS

FLOOD = 2_000
BOUND = 120.0  # seconds: "not stuck", never speed
TABLE_SEED = 2  # its first table starts on a Yellow 7


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_goes_out_then_one_line_a_second_and_the_sender_is_told_once() -> None:
    clock = Clock()
    limits = Limits(BURST, EVERY, clock)
    assert [limits.line("ann") for _ in range(BURST)] == [Chat.SENT] * BURST
    assert limits.line("ann") is Chat.DROPPED_TOLD
    assert [limits.line("Ann") for _ in range(50)] == [Chat.DROPPED] * 50  # case aside
    assert limits.line("bob") is Chat.SENT  # each person's own
    clock.now += EVERY
    assert limits.line("ann") is Chat.SENT  # one a second goes on
    assert limits.line("ann") is Chat.DROPPED  # the flood goes on: not told again
    clock.now += BURST * EVERY  # quiet for a whole burst
    assert [limits.line("ann") for _ in range(BURST)] == [Chat.SENT] * BURST
    assert limits.line("ann") is Chat.DROPPED_TOLD  # a new flood, told again


def _flood(port: int, key: Path, name: str, before: bytes = b"") -> tuple[str, float]:
    """``FLOOD`` chat lines typed as fast as ssh sends them; what the flooder was told,
    and how long it took."""
    script = b"keys off\r" + before + b"".join(b"say flood %d\r" % n for n in range(FLOOD))
    start = time.monotonic()
    done = subprocess.run(
        ["ssh", *ssh_arguments(port, key, name)],
        input=script + b"quit\r",
        capture_output=True,
        timeout=BOUND,
    )
    return ANSI.sub("", done.stdout.decode("utf-8", "replace")), time.monotonic() - start


def test_a_flood_of_2000_chat_lines_reaches_the_lobby_as_the_limit_allows(
    tmp_path: Path, open_server: Server
) -> None:
    ann = Ssh(open_server.port, keypair(tmp_path, "ann"), "ann")
    ann.sees("Welcome, ann")
    ann.prompt()
    told, took = _flood(open_server.port, keypair(tmp_path, "eve"), "eve")
    ann.line("who")
    ann.sees(re.escape(messages.net_who(["ann"])))
    heard = [line for line in ann.lines() if line.startswith("eve says: flood")]
    ann.close()
    assert BURST <= len(heard) <= BURST + int(took / EVERY) + 1, (len(heard), took)
    assert told.count(messages.tr(messages.NET_CHAT_TOO_FAST)) == 1, told[-2000:]


def test_a_flood_at_a_table_in_play_reaches_its_players_as_the_limit_allows(
    tmp_path: Path,
) -> None:
    # a seeded deal whose start card is a number: a Wild turned up would ask its chooser
    # the colour, and the flood would answer that question instead of chatting
    game = table_game(("ann", "eve"), "standard", TABLE_SEED)
    assert game.view(0).phase is Phase.PLAY and game.view(0).top.kind is Kind.NUMBER
    server = Server(tmp_path / "server", "--open", "--seed", str(TABLE_SEED))
    try:
        _flood_at_a_table(tmp_path, server)
    finally:
        assert "Traceback" not in server.stop()


def _flood_at_a_table(tmp_path: Path, server: Server) -> None:
    ann = Ssh(server.port, keypair(tmp_path, "ann"), "ann")
    eve = Ssh(server.port, keypair(tmp_path, "eve"), "eve")
    for who in (ann, eve):
        who.sees("Welcome")
        who.line("keys off")
    ann.line("new")
    ann.sees("You made table 1")
    eve.line("join 1")
    eve.sees("You sit at table 1")
    ann.line("start")
    eve.sees("The start card is")
    start = time.monotonic()
    eve.child.send("".join(f"say flood {n}\r" for n in range(FLOOD)))
    eve.child.expect_exact(messages.tr(messages.NET_CHAT_TOO_FAST), timeout=BOUND)
    eve.line("l")  # answered once every line before it is taken
    eve.child.expect_exact("Your hand", timeout=BOUND)
    took = time.monotonic() - start
    ann.line("l")
    ann.sees("Your hand")
    heard = [line for line in ann.lines() if "eve says: flood" in line]
    told = eve.text()
    ann.close()
    eve.close()
    assert BURST <= len(heard) <= BURST + int(took / EVERY) + 1, (len(heard), took)
    assert told.count(messages.tr(messages.NET_CHAT_TOO_FAST)) == 1, told[-2000:]


def test_wrong_codes_are_limited_and_a_code_past_the_limit_is_not_looked_at() -> None:
    clock = Clock()
    codes = Limits(CODE_TRIES, CODE_EVERY, clock)
    for _ in range(CODE_TRIES):
        assert not codes.over("eve")
        codes.spend("eve")
    assert codes.over("Eve") and not codes.over("ann")
    clock.now += CODE_EVERY
    assert not codes.over("eve")  # one more a while later
    codes.spend("eve")
    assert codes.over("eve")


def test_10000_guessed_codes_find_no_private_table(tmp_path: Path, open_server: Server) -> None:
    """Over the real ssh client, as fast as it sends them: at most the limit's codes are
    looked at; the private table is never found; every guess is answered in words."""
    ann = Ssh(open_server.port, keypair(tmp_path, "ann"), "ann")
    ann.sees("Welcome, ann")
    ann.line("keys off")
    ann.line("new private")
    ann.sees("Its code is [a-z]+")
    rng = random.Random(7)
    guesses = ["".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH)) for _ in range(10_000)]
    script = b"keys off\r" + "".join(f"join {g}\r" for g in guesses).encode() + b"quit\r"
    start = time.monotonic()
    done = subprocess.run(
        ["ssh", *ssh_arguments(open_server.port, keypair(tmp_path, "eve"), "eve")],
        input=script,
        capture_output=True,
        timeout=BOUND,
    )
    took = time.monotonic() - start
    told = ANSI.sub("", done.stdout.decode("utf-8", "replace"))
    ann.line("who")
    ann.sees(re.escape(messages.net_who(["ann"])))
    ann.close()
    looked_at = told.count("No table has the code")
    limited = told.count(messages.tr(messages.NET_CODES_TOO_FAST))
    assert "You sit at" not in told
    assert CODE_TRIES <= looked_at <= CODE_TRIES + int(took / CODE_EVERY) + 1, (looked_at, took)
    assert looked_at + limited == len(guesses), (looked_at, limited)
