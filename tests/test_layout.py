"""The layout that keeps every way in small (issue 24): the full client loads nothing of the
server, and the seat's package no I/O. Each is checked in a fresh interpreter, by the
modules it has loaded, so an import added anywhere along the way is caught.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "uno_access"

# the server's package: the full client may load none of its modules
SERVER = "uno_access.net.server"
# what does I/O: a terminal, a network, a process, a database, a device, a clock's thread
IO = (
    "prompt_toolkit",
    "asyncssh",
    "asyncio",
    "socket",
    "selectors",
    "ssl",
    "subprocess",
    "sqlite3",
    "pyttsx3",
    "brlapi",
    "louis",
    "rich",
    "uno_access.ui",
    "uno_access.net",
    "uno_access.store",
    "uno_access.devices",
)


def _loaded(code: str) -> list[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    script = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=True,
    )
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_full_client_loads_no_module_of_the_server() -> None:
    """``uno-access join`` run through the program's own entry point, to the point where it
    refuses a standard input that is not a terminal (every module it needs is loaded)."""
    loaded = _loaded(
        "from uno_access.__main__ import main\n"
        "status = main(['join', '127.0.0.1:1', '--name', 'ann'])\n"
        "assert status != 0\n"
    )
    assert "uno_access.net.client" in loaded  # the client itself was loaded
    assert [name for name in loaded if name == SERVER or name.startswith(SERVER + ".")] == []


def test_the_seat_package_loads_no_terminal_network_database_or_device() -> None:
    seat = sorted(f"uno_access.seat.{path.stem}" for path in (PACKAGE / "seat").glob("*.py"))
    loaded = _loaded("\n".join(f"import {name}" for name in seat))
    assert set(seat) <= set(loaded)
    assert [name for name in loaded if name.split(".")[0] in IO or name.startswith(IO)] == []


def test_no_module_of_the_seat_package_imports_threads_or_the_clock() -> None:
    """(The standard library may load ``threading`` for its own use, as
    ``importlib.resources`` does; the seat itself starts no thread and reads no clock.)"""
    for path in (PACKAGE / "seat").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and not node.level
        }
        assert not imported & {"threading", "time", "os", "socket", "asyncio"}, path.name
