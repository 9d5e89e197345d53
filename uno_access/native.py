"""Debian's Python bindings of liblouis and BrlAPI, found from any Python environment.

The bindings come with the system's packages (``python3-louis``, ``python3-brlapi``),
not from PyPI (PLATFORM.md). A clone's ``.venv`` links them in (``scripts/setup.sh``);
a game installed with pipx or pip, or run by a pyenv Python, does not see Debian's
``dist-packages`` at all. Rather than put that whole folder on ``sys.path`` (which
would mix Debian's copy of every module into ours), the one module asked for is loaded
from there by its own file: ``louis`` is pure Python over ``liblouis.so`` and loads in
any Python 3; ``brlapi`` is compiled, and loads only in the Python version it was built
for (``mismatch`` says which that is, for ``uno-access doctor``).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SYSTEM_FOLDERS = (Path("/usr/lib/python3/dist-packages"),)


def system_module(name: str) -> ModuleType:
    """The module ``name`` as this Python imports it, else Debian's copy of it; raises
    ``ImportError`` when neither is there (or Debian's is for another Python)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        found = _system_file(name)
        if found is None:
            raise
        return _load(name, found, error)


def mismatch(name: str) -> str | None:
    """The Python version (``3.11``) Debian's compiled ``name`` is built for, when it is
    there but built for another version than this Python; else None."""
    if _system_file(name) is not None:
        return None
    for folder in SYSTEM_FOLDERS:
        for path in sorted(folder.glob(f"{name}.cpython-3*-*.so")):
            tag = path.name.split(".")[1].split("-")[1]  # cpython-311-x86_64… → 311
            return f"{tag[0]}.{tag[1:]}"
    return None


def _system_file(name: str) -> Path | None:
    for folder in SYSTEM_FOLDERS:
        package = folder / name / "__init__.py"
        if package.is_file():
            return package
        for suffix in (*importlib.machinery.EXTENSION_SUFFIXES, ".py"):
            path = folder / f"{name}{suffix}"
            if path.is_file():
                return path
    return None


def _load(name: str, path: Path, error: ImportError) -> ModuleType:
    search = [str(path.parent)] if path.name == "__init__.py" else None
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=search)
    if spec is None or spec.loader is None:
        raise error
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as failed:  # a broken or foreign copy: as if it were not there
        del sys.modules[name]
        raise ImportError(f"{name}: {failed}") from failed
    return module
