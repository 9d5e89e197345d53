"""What a plain ssh session is told reaches its terminal whole and in order, up to its
last word. The server holds what a session writes in one turn of its event loop and sends
it as one piece at the end of that turn (``net.server._ChannelOut``): nothing held may be
lost when the session ends in that same turn, nor come after what ends it.

The real OpenSSH client, fed from a pipe as a script feeds it (``printf ... | ssh -tt``),
and ``uno-access serve`` as a subprocess.
"""

from __future__ import annotations

import asyncio
import gc
import os
import pty
import re
import signal
import subprocess
import weakref
from pathlib import Path

import pytest
from net_ssh import ANSI, Server, keypair, ssh_arguments
from prompt_toolkit.application import application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from uno_access.access import messages
from uno_access.net import server as net_server
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.tables import Lobby
from uno_access.ui.terminal import Keyboard

BOUND = 60.0  # seconds: "not stuck", never speed


def test_a_script_is_answered_every_line_in_order_before_its_session_closes(
    open_server: Server, tmp_path: Path
) -> None:
    """Each line of a script is answered, the answers in the order of the lines, and the
    session then ends by itself (the end of the input), the last answer not lost."""
    key = keypair(tmp_path, "ann")
    script = b"keys off\rwho\rtables\rwho\rsay hello\rwho\r"
    done = subprocess.run(
        ["ssh", *ssh_arguments(open_server.port, key, "ann")],
        input=script,
        capture_output=True,
        timeout=BOUND,
    )
    told = ANSI.sub("", done.stdout.decode("utf-8", "replace"))
    assert done.returncode == 0, told
    who = messages.net_who(["ann"])
    answers = [
        messages.tr(messages.NET_KEYS_OFF),
        who,
        messages.tr(messages.NET_NO_TABLES),
        who,
        "ann says: hello.",
        who,  # the last line's answer, said as the input ends
    ]
    at = 0
    for answer in answers:
        found = told.find(answer, at)
        assert found >= 0, (answer, told[at:])
        at = found + len(answer)
    assert told.count(who) == 3, told


def test_no_ignore_packet_goes_before_each_packet_as_no_cbc_cipher_is_offered(
    open_server: Server, tmp_path: Path
) -> None:
    """An empty ignore packet before each packet only defends a CBC cipher, whose next IV
    is the last block sent (RFC 4251, 9.3.1); the server offers none, so it sends none:
    the real OpenSSH client, at its most verbose, names the cipher it got (CTR or GCM,
    never CBC) and receives answers with no ignore packet among them.
    """
    key = keypair(tmp_path, "ann")
    done = subprocess.run(
        ["ssh", "-vvv", *ssh_arguments(open_server.port, key, "ann")],
        input=b"keys off\rwho\rwho\rwho\r",
        capture_output=True,
        timeout=BOUND,
    )
    told = ANSI.sub("", done.stdout.decode("utf-8", "replace"))
    assert told.count(messages.net_who(["ann"])) == 3, told
    log = done.stderr.decode("utf-8", "replace")
    ciphers = re.findall(r"kex: server->client cipher: (\S+) MAC: (\S+)", log)
    assert ciphers and not any(cipher.endswith("-cbc") for cipher, _ in ciphers), ciphers
    # and no UMAC, which asyncssh computes at twice HMAC-SHA2's cost: HMAC-SHA2 (or none
    # for GCM, whose MAC is its own)
    assert all(mac.startswith("hmac-sha2") or "gcm" in cipher for cipher, mac in ciphers), ciphers
    assert "Received SSH2_MSG_IGNORE" not in log


def test_only_a_prompt_on_this_process_own_terminal_takes_its_sigwinch() -> None:
    """A session's prompt draws on a terminal far away: it takes no SIGWINCH of the
    server's (its size comes with each drawing); a prompt on this process's own terminal
    (a pseudo-terminal here) still takes it, and puts back what was there before."""

    def takes_sigwinch(output: Vt100_Output) -> bool:
        async def attached() -> bool:
            with create_pipe_input() as input:
                app = Keyboard(input=input, output=output)._app
                before = signal.getsignal(signal.SIGWINCH)
                with application.attach_winch_signal_handler(app._on_resize):
                    during = signal.getsignal(signal.SIGWINCH)
                assert signal.getsignal(signal.SIGWINCH) == before
                return during != before

        return asyncio.run(attached())

    away = net_server._ChannelOut(chan=None)
    session = Vt100_Output(away, lambda: Size(rows=24, columns=80), term="xterm")  # type: ignore[arg-type]
    assert not takes_sigwinch(session)
    leader, follower = pty.openpty()
    try:
        with os.fdopen(follower, "w", closefd=False) as terminal:
            assert takes_sigwinch(Vt100_Output.from_pty(terminal, term="xterm"))
    finally:
        os.close(leader)
        os.close(follower)


def test_while_it_serves_the_server_collects_cycles_seldom_then_as_before() -> None:
    """What the server is made of when it starts serving is frozen (never scanned by the
    cycle collector again) and the generations are collected seldom; once it stops, the
    process collects as before."""
    before = gc.get_threshold()
    with net_server._collected_seldom():
        assert gc.get_threshold() == net_server.COLLECT_AFTER
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


class _Cycle:
    """Garbage only the cycle collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def _server(folder: Path) -> net_server.Server:
    """A server's shared state alone (its accounts in ``folder``, an empty lobby), on the
    running loop: no connection of its own."""
    lobby = Lobby(asyncio.get_running_loop())
    return net_server.Server(Accounts(folder), lobby, True)


def test_once_everyone_has_left_the_cycles_they_left_are_collected_at_most_every_10_s(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[bool, bool, bool]:
        server = _server(tmp_path)
        server.connected()
        server.connected()
        first = weakref.ref(_Cycle())
        server.disconnected()
        await asyncio.sleep(0)
        kept_while_one_is_here = first() is not None
        server.disconnected()
        await asyncio.sleep(0)
        collected_when_empty = first() is None
        server.connected()
        again = weakref.ref(_Cycle())
        server.disconnected()  # empty again within EMPTY_COLLECT seconds: not again
        await asyncio.sleep(0)
        return kept_while_one_is_here, collected_when_empty, again() is not None

    gc.disable()  # only the server's own collection frees the cycles here
    try:
        assert asyncio.run(run()) == (True, True, True)
    finally:
        gc.enable()
        gc.collect()


def test_once_everyone_has_left_the_memory_freed_is_given_back_to_the_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """glibc keeps what was freed for the process's next allocation: an empty server asks
    it to give that back (``malloc_trim``), so it shrinks once its people have gone."""
    assert net_server._malloc_trim() is not None  # glibc, on the Linux this serves on
    trimmed: list[int] = []

    def trim(pad: int) -> int:
        trimmed.append(pad)
        return 1

    monkeypatch.setattr(net_server, "_malloc_trim", lambda: trim)

    async def run() -> list[int]:
        server = _server(tmp_path)
        server.connected()
        server.connected()
        server.disconnected()
        await asyncio.sleep(0)
        while_one_is_here = list(trimmed)
        server.disconnected()
        await asyncio.sleep(0)
        assert while_one_is_here == []
        return trimmed

    assert asyncio.run(run()) == [0]
