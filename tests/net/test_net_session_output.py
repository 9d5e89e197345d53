"""What a plain ssh session is told reaches its terminal whole and in order, up to its
last word. The server holds what a session writes in one turn of its event loop and sends
it as one piece at the end of that turn (``net.server._ChannelOut``): nothing held may be
lost when the session ends in that same turn, nor come after what ends it.

The real OpenSSH client, fed from a pipe as a script feeds it (``printf ... | ssh -tt``),
and ``uno-access serve`` as a subprocess.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_ssh import ANSI, Server, keypair, ssh_arguments

from uno_access.access import messages

BOUND = 60.0  # seconds: "not stuck", never speed


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "server", "--open")
    yield server
    err = server.stop()
    assert "Traceback" not in err, err


def test_a_script_is_answered_every_line_in_order_before_its_session_closes(
    server: Server, tmp_path: Path
) -> None:
    """Each line of a script is answered, the answers in the order of the lines, and the
    session then ends by itself (the end of the input), the last answer not lost."""
    key = keypair(tmp_path, "ann")
    script = b"keys off\rwho\rtables\rwho\rsay hello\rwho\r"
    done = subprocess.run(
        ["ssh", *ssh_arguments(server.port, key, "ann")],
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
