"""The layout that keeps every way in small (issue 24): the full client loads nothing of the
server, and the seat's package (the whole seat: its state, the table, dialogs, answers,
navigation, commands, outputs) no I/O. Each is checked in a fresh interpreter, by the
modules it has loaded, so an import added anywhere along the way is caught; and the
seat's source is read for imports the interpreter would not load (under
``TYPE_CHECKING``, or in a function not run).

The seat does use the accessibility layer, as it uses the wording: ``access.render`` and
``access.braille`` turn an event or a line into words and dots, a pure function of the
seat's view. Braille goes through liblouis (``louis``), which ``access.braille`` loads
only on its first translation, and the seat asks for braille only when its driver gave it
a braille output (``Outputs.braille``): so the seat's import loads no ``louis`` (checked
here), and a seat with no braille output never loads it (checked by playing one).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from uno_access.access import messages

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
    "signal",
    "uno_access.ui",
    "uno_access.net",
    "uno_access.store",
    "uno_access.devices",
    "uno_access.settings",  # the settings file (a key switched is kept by the driver)
    "uno_access.interrupt",  # signal handlers
)
# what the standard library may load for its own use, which the seat still never imports
NEVER_IMPORTED = ("threading", "time", "os", "socket", "asyncio", "signal")


def _io(name: str) -> bool:
    """Whether module ``name`` is one of ``IO`` or inside one."""
    return any(name == io or name.startswith(io + ".") for io in IO)


def _seat_modules() -> list[str]:
    return sorted(f"uno_access.seat.{path.stem}" for path in (PACKAGE / "seat").glob("*.py"))


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


POSIX_ONLY = frozenset({"fcntl", "termios", "resource", "pwd", "grp", "tty", "pty", "posix"})


def test_the_full_client_imports_no_posix_only_module_where_windows_would_fail() -> None:
    """The full client is for Windows and macOS too: no module of ours that ``join`` loads
    imports a POSIX-only module at its top level, outside a ``try`` (inside a function,
    or guarded, it is asked for where it exists)."""
    loaded = _loaded(
        "from uno_access.__main__ import main\n"
        "status = main(['join', '127.0.0.1:1', '--name', 'ann'])\n"
    )
    found = []
    for name in loaded:
        if name != "uno_access" and not name.startswith("uno_access."):
            continue
        path = ROOT / Path(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        if not path.is_file():
            continue  # a compiled module of the engine (mypyc): pure Python's imports
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            found += [f"{name}: {each}" for each in names if each.split(".")[0] in POSIX_ONLY]
    assert found == []


def _subclasses(base: str) -> dict[str, str]:
    """Every class of the package that derives from ``base`` (by name, through any number
    of steps), and the module it is defined in."""
    bases: dict[str, tuple[str, set[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                named = {
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                }
                module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                bases[node.name] = (module, named)
    found: dict[str, str] = {}
    grown = True
    while grown:
        grown = False
        for name, (module, named) in bases.items():
            if name not in found and named & {base, *found}:
                found[name] = module
                grown = True
    return found


def test_every_way_in_seats_the_one_table_with_no_subclass_per_way_in() -> None:
    """The home terminal and the hot seat play the home ``Table``; plain ssh and the full
    client both seat the network table (``net.seat.NetTable``): nothing else derives from
    the seat, so what differs per way in lives in its driver or its game, never in a
    subclass of the seat (issue 24)."""
    assert _subclasses("Table") == {"NetTable": "uno_access.net.seat"}
    client = (PACKAGE / "net" / "client" / "__init__.py").read_text(encoding="utf-8")
    assert "NetTable.seated(" in client


def test_the_seat_package_holds_the_whole_seat() -> None:
    """The seat is one package: the table and every layer of it, none left in ``ui``."""
    seat = set(_seat_modules())
    layers = ("state", "table", "dialogs", "answers", "navigation", "commands", "hand")
    assert {f"uno_access.seat.{name}" for name in (*layers, "history", "outputs")} <= seat
    ui = {path.stem for path in (PACKAGE / "ui").glob("*.py")}
    assert not ui & {*layers, "seat", "history", "outputs"}


def test_the_seat_package_loads_no_terminal_network_database_or_device() -> None:
    seat = _seat_modules()
    loaded = _loaded("\n".join(f"import {name}" for name in seat))
    assert set(seat) <= set(loaded)
    assert [name for name in loaded if _io(name)] == []


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, relative imports made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["uno_access", "seat"]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}  # a submodule
    return names


def test_no_module_of_the_seat_package_imports_io_threads_or_the_clock() -> None:
    """(The standard library may load ``threading`` for its own use, as
    ``importlib.resources`` does; the seat itself starts no thread and reads no clock: its
    driver answers ``seat.asks.Now``.) Imports for types alone count too: what the seat
    needs of a driver's object is a protocol of its own (``seat.ports``)."""
    for path in sorted((PACKAGE / "seat").glob("*.py")):
        imported = _imports(path)
        assert [name for name in imported if _io(name)] == [], path.name
        assert not {name.split(".")[0] for name in imported} & set(NEVER_IMPORTED), path.name


# a whole game at one seat, stepped by a plain loop that answers each request from a list:
# no terminal, no clock, no file; then the modules loaded
_PLAYED = """
import random
from uno_access.bots.random_bot import RandomBot
from uno_access.engine.game import Game
from uno_access.seat import asks
from uno_access.seat.keys import Key, Pressed
from uno_access.seat.table import Table

class Keys:
    keys = True

class Lines:
    def __init__(self):
        self.said = []

    def say(self, line):
        self.said.append(line)

lines = Lines()
game = Game.new(["You", "Ann", "Bob"], seed=7)
table = Table(game, {1: RandomBot(random.Random(1)), 2: RandomBot(random.Random(2))},
              Keys(), lines, pace=1.0, grace=1.0)
keys = [Pressed(Key.PLAY), Pressed(Key.DRAW), Pressed(Key.PLAY), Pressed(Key.SCORES)] * 25
asked = set()
seat = table.play()
answer, error = None, None
while True:
    try:
        request = seat.send(answer) if error is None else seat.throw(error)
    except StopIteration as done:
        status = done.value
        break
    asked.add(type(request).__name__)
    answer, error = None, None
    if isinstance(request, (asks.ReadKey, asks.ReadLine, asks.ReadWoken)):
        if keys:
            answer = keys.pop(0)
        else:
            error = EOFError()  # the input closed: the game ends there
    elif isinstance(request, asks.ReadChoice):
        answer = Key.NO
    elif isinstance(request, asks.Now):
        answer = 0.0
    elif isinstance(request, (asks.DropTypeahead, asks.ClearScreen)):
        answer = False
    elif isinstance(request, asks.TakeInterrupt):
        answer = 130
assert status == 0, status
assert not keys
print(json.dumps({"asked": sorted(asked), "said": lines.said}))
"""


def test_a_seat_plays_a_game_stepped_by_a_plain_loop_with_no_io_loaded() -> None:
    """The seat needs nothing of a driver but answers: a game played by keys from a list
    (Enter, D, Enter, S, then the input closed) in a fresh interpreter, with its lines
    written to a list, loads no terminal, network, database, device, settings file, signal
    handler, nor liblouis (no braille output was given)."""
    script = "import json\n" + _PLAYED + "print(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", "import sys\n" + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=True,
    )
    played, modules = (json.loads(line) for line in done.stdout.strip().splitlines()[-2:])
    assert {"ReadKey", "InputTaken", "Checkpoint"} <= set(played["asked"])
    said: list[str] = played["said"]
    assert said[0].startswith("UNO against Ann and Bob")  # the welcome
    assert any(line.startswith("You play") or line.startswith("You draw") for line in said)
    assert said[-1] == messages.tr(messages.INPUT_CLOSED)
    assert [name for name in modules if _io(name)] == []
