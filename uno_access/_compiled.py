"""Use the mypyc-compiled engine when it matches the sources exactly (see scripts/build_engine.py).

Imported by ``uno_access/__init__.py`` before anything else. It never raises: when
anything is off (no build, an edited source, another Python, ``UNO_ACCESS_PURE``
set), the sources run as they are.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
MANIFEST = OUT / "manifest.json"
# the modules compiled, relative to the repository; package __init__ files stay Python
COMPILED_MODULES = (
    "uno_access/engine/actions.py",
    "uno_access/engine/cards.py",
    "uno_access/engine/events.py",
    "uno_access/engine/game.py",
    "uno_access/engine/match.py",
    "uno_access/engine/piles.py",
    "uno_access/engine/rules.py",
    "uno_access/engine/seats.py",
    "uno_access/engine/setup.py",
    "uno_access/engine/state.py",
    "uno_access/engine/turn.py",
    "uno_access/engine/values.py",
    "uno_access/bots/random_bot.py",
    "uno_access/bots/tactics.py",
    "uno_access/bots/normal.py",
    "uno_access/bots/determinize.py",
    "uno_access/bots/memory.py",
    "uno_access/bots/rollout.py",
    "uno_access/bots/hard.py",
    "uno_access/simulate.py",
)
PACKAGES = ("uno_access", "uno_access/engine", "uno_access/bots")


def digests(paths: Iterable[Path], root: Path | None = None) -> dict[str, str]:
    """Each file's SHA-256, by its path below ``root`` (the checkout by default)."""
    import hashlib  # (OpenSSL's, some milliseconds: only when a source's stat changed)

    root = ROOT if root is None else root
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest() for path in paths
    }


def stats(paths: Iterable[Path], root: Path | None = None) -> dict[str, list[int]]:
    """Each file's size and modification time (ns), by its path below ``root``."""
    root = ROOT if root is None else root
    found = {}
    for path in paths:
        stat = path.stat()
        found[str(path.relative_to(root))] = [stat.st_size, stat.st_mtime_ns]
    return found


def is_current() -> bool:
    """Whether the build in ``build/compiled`` was made from exactly these sources."""
    try:
        data = json.loads(MANIFEST.read_text())
        sources = [ROOT / module for module in COMPILED_MODULES]
        if data.get("python") != sys.implementation.cache_tag:
            return False
        # each source's size and time as they were when the build began: unchanged since,
        # so the same (a game's start reads no source); else its digest says
        if data.get("stats") == stats(sources):
            return True
        return bool(data.get("sources") == digests(sources))
    except (OSError, ValueError):
        return False


def activate() -> bool:
    """Put the compiled modules first on the engine's and bots' search paths, if current.

    Only the packages themselves are imported here (their ``__init__`` files stay
    Python); their modules are then found in the build first.
    """
    if os.environ.get("UNO_ACCESS_PURE") or not is_current():
        return False
    sys.path.append(str(OUT))  # the shared library of the compiled group
    for package in PACKAGES:  # the engine before the bots: the bots package imports it
        module = importlib.import_module(package.replace("/", "."))
        module.__path__.insert(0, str(OUT / package))
    return True


ACTIVE = activate()
