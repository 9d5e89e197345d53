"""``uno-access doctor --cluster URLS``, run as a host runs it, against real nats-servers:
all good on a healthy three-node cluster (three replicas each), the missing buckets named
with the command that makes them, JetStream off said, a server out of reach said in one
line, and an address that is not NATS refused in words. Exit status 0 when all is good,
1 when a part fails, 2 for a bad address; never a traceback."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from nats_cluster import NatsCluster, free_ports, nats_cluster, nats_single

from uno_access.access import messages
from uno_access.net.cluster.connect import close, connect, ensure

__all__ = ["nats_cluster", "nats_single"]  # the fixtures, used by name

PARTS = [
    "connection",
    "jetstream",
    "servers",
    "bucket:uno-leases",
    "bucket:uno-tables",
    "bucket:uno-presence",
    "bucket:uno-accounts",
    "bucket:uno-social",
    "bucket:uno-moderation",
    "bucket:uno-results",
    "bucket:uno-sessions",
    "bucket:uno-tournaments",
    "bucket:uno-replays",
    "stream:UNO_TABLES",
]


def doctor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "doctor", *args],
        capture_output=True, text=True, timeout=120, env={**os.environ, "LANG": "C.UTF-8"},
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def checks(result: subprocess.CompletedProcess[str]) -> dict[str, dict[str, Any]]:
    report = json.loads(result.stdout)
    return {check["part"]: check for check in report["checks"]}


def ensured(cluster: NatsCluster, replicas: int) -> None:
    async def run() -> None:
        client = await connect(cluster.urls)
        try:
            await ensure(client.jetstream(), replicas)
        finally:
            await close(client)

    asyncio.run(run())


def test_doctor_passes_on_a_healthy_three_node_cluster_and_reports_three_replicas(
    nats_cluster: NatsCluster,
) -> None:
    ensured(nats_cluster, 3)
    result = doctor("--cluster", nats_cluster.url, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    found = checks(result)
    assert list(found) == PARTS
    assert all(check["ok"] and check["needed"] for check in found.values()), found
    assert found["connection"]["detail"].startswith("nats-server 2.")
    servers = sorted(url.removeprefix("nats://") for url in nats_cluster.urls)
    assert found["servers"]["detail"] == (
        f"3 servers known: {', '.join(servers)}; each bucket and the stream keep 3 copies"
    )
    for part in PARTS[3:]:
        assert found[part]["detail"].startswith("3 replicas, 3 current, leader n"), found[part]

    text = doctor("--cluster", nats_cluster.url)
    assert text.returncode == 0
    lines = text.stdout.splitlines()
    assert lines[0] == f"uno-access doctor --cluster: the NATS servers at {nats_cluster.url}"
    assert "bucket uno-leases: ok: 3 replicas, 3 current, leader n" in text.stdout
    assert "stream UNO_TABLES: ok: 3 replicas, 3 current, leader n" in text.stdout
    assert lines[-1] == messages.CLUSTER_ALL_GOOD


def test_doctor_names_each_missing_bucket_and_the_command_that_makes_it(
    nats_cluster: NatsCluster,
) -> None:
    result = doctor("--cluster", nats_cluster.url)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "bucket uno-leases: FAILED: missing" in lines
    at = lines.index("stream UNO_TABLES: FAILED: missing")
    assert (
        lines[at + 1]
        == f"    fix: uno-access serve --cluster {nats_cluster.url} makes it, or sets its replicas"
    )
    assert lines[-1] == messages.CLUSTER_SOME_FAILED
    assert "Traceback" not in result.stdout + result.stderr


def test_doctor_on_one_server_reports_one_copy(nats_single: NatsCluster) -> None:
    ensured(nats_single, 1)
    result = doctor("--cluster", nats_single.url, "--json")
    assert result.returncode == 0, result.stdout
    found = checks(result)
    assert found["servers"]["detail"].startswith("1 server known: 127.0.0.1:")
    assert found["bucket:uno-leases"]["detail"] == "1 replica, 1 current, leader n1"


def test_doctor_fails_buckets_with_fewer_copies_than_the_cluster_can_keep(
    nats_cluster: NatsCluster,
) -> None:
    ensured(nats_cluster, 1)
    found = checks(doctor("--cluster", nats_cluster.url, "--json"))
    assert found["bucket:uno-tables"]["ok"] is False
    assert found["bucket:uno-tables"]["detail"] == "1 replica, where these servers can keep 3"


def test_doctor_says_jetstream_is_off_and_how_to_turn_it_on(tmp_path: Path) -> None:
    with NatsCluster(tmp_path / "nats", size=1, jetstream=False) as plain:
        result = doctor("--cluster", plain.url)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    at = lines.index("JetStream: FAILED: not enabled on these servers")
    assert lines[at + 1] == "    fix: " + messages.FIX_CLUSTER_JETSTREAM
    assert not any(line.startswith("bucket") for line in lines)  # nothing more to say


def test_doctor_fails_with_one_clear_line_when_no_server_answers() -> None:
    port = free_ports(1)[0]  # nothing listens there
    result = doctor("--cluster", f"nats://127.0.0.1:{port}")
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        f"uno-access doctor --cluster: the NATS servers at nats://127.0.0.1:{port}",
        "connection: FAILED: nothing listens there (the connection was refused)",
        "    fix: " + messages.FIX_CLUSTER_START,
        messages.CLUSTER_SOME_FAILED,
    ]


def test_doctor_refuses_an_address_that_is_not_nats_in_words() -> None:
    result = doctor("--cluster", "localhost:4222")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        "uno-access: localhost:4222 is not the address of a NATS server: write "
        "nats://HOST:PORT (or tls://HOST:PORT), with a port from 1 to 65535, several "
        "separated by commas.\n"
    )


def test_a_nats_server_before_2_9_21_is_refused_with_the_upgrade_to_make() -> None:
    """Before 2.9.21 a cluster does not serialize a subject's expected last sequence: two
    servers could take one table at once. The connection's line says so, with the fix."""
    from uno_access.net.cluster.doctor import connection_check, too_old

    assert [too_old(v) for v in ("2.9.10", "v2.9.20", "2.9.21", "2.10.7-beta", "2.15.1")] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert not too_old("unknown")  # not readable: taken as it is
    old = connection_check("2.9.10", "127.0.0.1:4222")
    assert not old.ok
    assert old.detail.startswith("nats-server 2.9.10 at 127.0.0.1:4222 is too old")
    assert old.fix is not None and "2.10 or later" in old.fix
    assert connection_check("2.15.1", "127.0.0.1:4222").ok
