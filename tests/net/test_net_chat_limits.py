"""A chat flood reaches no one beyond the limit (``net.server.limits``): a few lines at
once, then one a second; its sender told once, in a sentence. The limit by a clock of the
test's own, then a real flood of 2,000 lines over the real OpenSSH client, in the lobby
and at a table.
"""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from net_ssh import ANSI, Server, Ssh, keypair, ssh_arguments

from uno_access.access import messages
from uno_access.net.server.limits import BURST, EVERY, Chat, ChatLimits

FLOOD = 2_000
BOUND = 120.0  # seconds: "not stuck", never speed


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_goes_out_then_one_line_a_second_and_the_sender_is_told_once() -> None:
    clock = Clock()
    limits = ChatLimits(clock)
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
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "server", "--open")
    try:
        ann = Ssh(server.port, keypair(tmp_path, "ann"), "ann")
        ann.sees("Welcome, ann")
        ann.prompt()
        told, took = _flood(server.port, keypair(tmp_path, "eve"), "eve")
        ann.line("who")
        ann.sees(re.escape(messages.net_who(["ann"])))
        heard = [line for line in ann.lines() if line.startswith("eve says: flood")]
        ann.close()
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
    most = BURST + int(took / EVERY) + 1
    assert BURST <= len(heard) <= most, (len(heard), took)
    assert told.count(messages.tr(messages.NET_CHAT_TOO_FAST)) == 1, told[-2000:]


def test_a_flood_at_a_table_in_play_reaches_its_players_as_the_limit_allows(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "server", "--open")
    try:
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
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
    assert BURST <= len(heard) <= BURST + int(took / EVERY) + 1, (len(heard), took)
    assert told.count(messages.tr(messages.NET_CHAT_TOO_FAST)) == 1, told[-2000:]
