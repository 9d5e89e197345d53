"""Private tables end to end, with the real ``uno-access serve`` and the real OpenSSH client:
made with ``new private``, listed to others without who sits there, joined only with
the code (``join CODE``; a wrong code, or the number alone, refused in words), and
saved and brought back after a SIGKILL as any other table, code and all.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pexpect
from net_ssh import Server, Ssh, keypair

from uno_access.access import messages
from uno_access.net.server.tables import CODE_LENGTH


def _listed(who: Ssh, number: int) -> str:
    """The line of table ``number`` that ``tables`` says to ``who``."""
    who.line("tables")
    return who.sees(rf"Table {number},[^\r\n]*")


def test_a_private_table_is_listed_without_its_names_and_joined_only_with_its_code(
    tmp_path: Path, closing: list[Ssh | Server]
) -> None:
    data = tmp_path / "server"
    args = ("--open", "--seed", "5", "--bot-pace", "0.3")
    server = Server(data, *args)
    closing.append(server)
    keys = {name: keypair(tmp_path, name) for name in ("ann", "bob", "eve")}
    ann = Ssh(server.port, keys["ann"], "ann")
    bob = Ssh(server.port, keys["bob"], "bob")
    closing += [ann, bob]
    ann.prompt()
    bob.prompt()
    ann.line("new private speed")
    made = ann.sees(r"You made private table 1 and sit in seat 1\. Its code is [a-z]+")
    code = made.rsplit(" ", 1)[1]
    assert re.fullmatch(f"[a-z]{{{CODE_LENGTH}}}", code), made
    assert _listed(bob, 1) == messages.net_private_table_line(1, "speed", 9, "waiting", None, [])
    bob.line("join 1")
    bob.sees(re.escape(messages.net_private_needs_code(1)))
    bob.line("watch 1")
    bob.sees(re.escape(messages.net_private_needs_code(1)))
    bob.line("join qwerty")
    bob.sees(re.escape(messages.net_no_such_code("qwerty")))
    bob.line(f"join {code.upper()}")  # a code is typed in any case
    bob.sees("You sit at table 1, seat 2")
    ann.sees("bob sits at table 1, seat 2")
    yours = messages.net_private_table_line(1, "speed", 8, "waiting", code, ["ann", "bob"])
    assert _listed(ann, 1) == yours
    assert _listed(bob, 1) == yours
    ann.line("start")
    ann.sees("UNO against bob")
    bob.sees("UNO against ann")

    os.kill(server.process.pid, signal.SIGKILL)  # saved as every started table is
    server.process.wait(10)
    ann.child.expect(["closed", pexpect.EOF])
    again = Server(data, *args)
    closing.append(again)
    eve = Ssh(again.port, keys["eve"], "eve")
    closing.append(eve)
    eve.prompt()
    assert _listed(eve, 1) == messages.net_private_table_line(1, "speed", 8, "playing", None, [])
    eve.line("watch 1")
    eve.sees(re.escape(messages.net_private_needs_code(1)))
    back = Ssh(again.port, keys["ann"], "ann")
    closing.append(back)
    back.sees(re.escape(messages.net_you_are_back_waited(1, 1)))  # back at her seat
    back.sees(re.escape(messages.NET_SERVER_RESTARTED))
    back.sees("Where you are: ")
    eve.line(f"watch {code}")  # with the code, as before the restart
    eve.sees("You watch table 1")
