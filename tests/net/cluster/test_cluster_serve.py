"""``uno-access serve --cluster URLS``: the server joins the NATS cluster (the buckets and
the stream ensured), says so in one line, keeps its presence key while it serves as it
does without a cluster, and deletes the key as it stops. A cluster out of reach or an
address that is not NATS: one sentence, nothing made. Without ``--cluster`` nothing of
NATS is even loaded."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from nats_cluster import NatsCluster, free_ports, nats_cluster, until
from net_ssh import ROOT, Server

from uno_access.access import messages
from uno_access.net.cluster import names
from uno_access.net.cluster.connect import close, connect

__all__ = ["nats_cluster"]  # the fixture, used by name


async def presence(url: str) -> dict[str, Any]:
    """Every server present in the cluster, by its key, with what it said of itself."""
    from nats.js.errors import NoKeysError

    client = await connect(url.split(","))
    try:
        kv = await client.jetstream().key_value(names.PRESENCE)
        try:
            keys = await kv.keys()
        except NoKeysError:
            return {}
        return {key: json.loads((await kv.get(key)).value or b"") for key in keys}
    finally:
        await close(client)


def test_serve_with_a_cluster_joins_it_keeps_its_presence_and_removes_it_as_it_stops(
    nats_cluster: NatsCluster, tmp_path: Path
) -> None:
    server = Server(tmp_path / "server", "--open", "--cluster", nats_cluster.url)
    try:
        joined = server.line()
        found = re.fullmatch(
            rf"Joined the NATS cluster at {re.escape(nats_cluster.url)} as server "
            r"([A-Za-z0-9_-]+) \(3 NATS servers\); its tables are kept there, and another "
            r"server takes them over if this one stops\.\n",
            joined,
        )
        assert found, joined
        key = f"server.{found.group(1)}"
        assert found.group(1).endswith(f"-{server.port}")
        assert asyncio.run(presence(nats_cluster.url)) == {
            key: {"ssh": server.port, "web": None, "address": f"127.0.0.1:{server.port}"}
        }
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as ssh:
            assert ssh.recv(64).startswith(b"SSH-2.0-")  # serving as it does alone
    finally:
        err = server.stop()
    assert server.process.returncode == 0, err
    assert err == ""

    async def gone() -> None:
        assert await presence(nats_cluster.url) == {}

    asyncio.run(until(gone, timeout=30))


def test_serve_started_before_jetstream_answers_waits_for_it_then_joins(
    tmp_path: Path,
) -> None:
    """A cluster's nodes answer before their JetStream does (one node of three up: no
    leader can be elected): the game server says once that it waits, then joins as soon
    as the other nodes come, rather than stopping."""
    cluster = NatsCluster(tmp_path / "nats")
    try:
        first = cluster.launch(0)
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        command = [sys.executable, "-m", "uno_access", "serve", "--port", "0", "--open"]
        command += ["--data", str(tmp_path / "server"), "--cluster", first.url]
        server = subprocess.Popen(
            command, cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            waiting = server.stdout.readline()
            assert waiting == (
                f"The NATS servers at {first.url} answer, but their JetStream does not yet "
                "(they may still be starting): trying again every few seconds, for 120 "
                "seconds at most.\n"
            ), (
                waiting,
                server.stderr.read() if server.stderr and server.poll() is not None else "",
            )
            cluster.restart()  # the other two nodes: JetStream elects its leaders
            assert server.stdout.readline().startswith("Listening on 127.0.0.1:")
            joined = server.stdout.readline()
            assert joined.startswith(f"Joined the NATS cluster at {first.url} as server ")
        finally:
            server.terminate()
            _, err = server.communicate(timeout=60)
        assert server.returncode == 0, err
        assert err == ""
    finally:
        cluster.stop()


def serve(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "serve", "--port", "0", "--data", str(data), *args],
        cwd=str(ROOT), capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_serve_with_a_cluster_out_of_reach_says_so_in_one_line_and_makes_nothing(
    tmp_path: Path,
) -> None:
    port = free_ports(1)[0]  # nothing listens there
    done = serve(tmp_path / "server", "--open", "--cluster", f"nats://127.0.0.1:{port}")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        f"uno-access: No NATS server answered at nats://127.0.0.1:{port} within 5 seconds: "
        "nothing listens there (the connection was refused). Check that nats-server runs "
        "there with JetStream (see Many servers in the hosting guide).\n"
    )
    assert not (tmp_path / "server").exists()


def test_serve_with_a_cluster_without_jetstream_says_so_in_one_line(tmp_path: Path) -> None:
    with NatsCluster(tmp_path / "nats", size=1, jetstream=False) as plain:
        url = plain.url
        done = serve(tmp_path / "server", "--open", "--cluster", url)
    assert done.returncode == 1
    assert done.stderr == (
        f"uno-access: The NATS servers at {url} answer, but JetStream is not enabled "
        "on them: start each nats-server with -js.\n"
    )
    assert not (tmp_path / "server").exists()


def test_serve_refuses_a_cluster_address_that_is_not_nats_in_words(tmp_path: Path) -> None:
    done = serve(tmp_path / "server", "--cluster", "nats://127.0.0.1:99999")
    assert done.returncode == 2
    assert done.stderr == (
        "uno-access: nats://127.0.0.1:99999 is not the address of a NATS server: write "
        "nats://HOST:PORT (or tls://HOST:PORT), with a port from 1 to 65535, several "
        "separated by commas.\n"
    )
    assert not (tmp_path / "server").exists()


def test_serve_refuses_an_address_without_a_cluster_or_one_that_is_no_host_in_words(
    tmp_path: Path,
) -> None:
    alone = serve(tmp_path / "server", "--address", "play.example.org")
    assert alone.returncode == 2
    assert alone.stderr == f"uno-access: {messages.tr(messages.SERVE_ADDRESS_ALONE)}\n"
    bad = serve(tmp_path / "server", "--cluster", "nats://127.0.0.1:4222", "--address", "a b;c")
    assert bad.returncode == 2
    assert bad.stderr == f"uno-access: {messages.serve_bad_address('a b;c')}\n"
    assert not (tmp_path / "server").exists()


def test_playing_or_serving_alone_never_loads_nats() -> None:
    script = (
        "import sys\n"
        "from uno_access.__main__ import build_parser\n"
        "build_parser().parse_args(['play'])\n"
        "import uno_access.net.server, uno_access.ui.play\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'nats'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=str(ROOT), capture_output=True, text=True,
        timeout=120, check=True, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.stdout == "[]\n"
