"""Every test runs with its own data and config folders: no test reads or writes the
user's saved games (``$XDG_DATA_HOME/uno-access``) or settings (``$XDG_CONFIG_HOME``).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# The property tests draw their games at random: each local run explores new ones, while
# CI (``.ci/run`` sets UNO_CI) draws the same ones every time, so that a rare game found
# by exploring is a finding to follow up, never a red CI on an unrelated change.
if os.environ.get("UNO_CI"):
    settings.register_profile("ci", derandomize=True, database=None)
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _own_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(Path(home) / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(Path(home) / "config"))


# The slow groups, marked by what they drive (pyproject.toml lists the markers):
# ``scripts/test -m "not slow"`` runs the rest in a few minutes.
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.fspath))
        module = getattr(item, "module", None)
        groups = []
        if "net" in path.parts:
            groups.append("network")
        if "web" in path.parts:
            groups.append("browser")
        if module is not None and "pexpect" in vars(module):
            groups.append("terminal")
        if "campaign" in item.name:
            groups.append("campaign")
        if item.get_closest_marker("package") is not None:
            groups.append("package")
        for group in groups:
            item.add_marker(group)
        if groups:
            item.add_marker("slow")


@pytest.fixture
def open_server(tmp_path: Path) -> Iterator[Any]:
    """``uno-access serve --open`` in the test's folder (``net_ssh.Server``), stopped at
    the end with no traceback on its standard error."""
    from net_ssh import Server  # tests/net's helpers, on pytest's path

    server = Server(tmp_path / "server", "--open")
    yield server
    err = server.stop()
    assert "Traceback" not in err, err


@pytest.fixture
def seeded_server(tmp_path: Path) -> Iterator[Any]:
    """``uno-access serve --open --seed 3``: the games its tests start begin with no Wild
    (a colour to choose first would take the lines typed next)."""
    from net_ssh import Server

    server = Server(tmp_path / "server", "--open", "--seed", "3")
    yield server
    err = server.stop()
    assert "Traceback" not in err, err


@pytest.fixture
def closing() -> Iterator[list[Any]]:
    """Ssh sessions, full clients, browsers, proxies and servers a test opened: each
    closed at the end, the newest first; a server (anything with ``stop``) stopped, its
    error output holding no traceback (checked once every one is stopped)."""
    opened: list[Any] = []
    yield opened
    errors: list[str] = []
    for thing in reversed(opened):
        stop = getattr(thing, "stop", None)
        if callable(stop):
            said = stop()
            errors.append(said if isinstance(said, str) else "")
        else:
            thing.close()
    for err in errors:
        assert "Traceback" not in err, err


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop of the test's own (the server's tables run on one)."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


@pytest.fixture
def later() -> Iterator[asyncio.AbstractEventLoop]:
    """The loop of the server started again (a restart's)."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()
