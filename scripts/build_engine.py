"""Compile the rules engine and the random bot to C with mypyc, beside the sources.

    .venv/bin/python scripts/build_engine.py [--force] [--quiet]

The compiled modules go to ``build/compiled/`` with a manifest of the sources'
SHA-256 digests. ``uno_access/_compiled.py`` loads them only while every digest
still matches the source beside it (and ``UNO_ACCESS_PURE`` is not set), so an
edited source is never shadowed by a stale build: it simply runs as Python until
this script runs again (``scripts/setup.sh`` does, when something changed).

Compiled, the engine plays about twice as fast; the behaviour is the same, and
``scripts/test`` runs the engine's tests both ways. Without a C compiler the build
is skipped with a message and the game runs as plain Python.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access._compiled import (  # noqa: E402
    COMPILED_MODULES,
    MANIFEST,
    OUT,
    digests,
    is_current,
    stats,
)


def say(text: str, quiet: bool) -> None:
    if not quiet:
        print(f"uno-access: {text}")


def build(quiet: bool) -> int:
    # the sources' sizes and times before they are copied: a game's start compares them
    # alone (a source edited from here on no longer matches, and its digest decides)
    before = stats([ROOT / module for module in COMPILED_MODULES])
    with tempfile.TemporaryDirectory(prefix="uno-mypyc-") as tmp:
        work = Path(tmp)
        for module in COMPILED_MODULES:  # mypyc writes next to what it compiles: use a copy
            (work / module).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / module, work / module)
        # the digests of the very copies compiled: a source edited during the build no
        # longer matches, so the build is never used for it
        compiled_from = digests([work / module for module in COMPILED_MODULES], work)
        for init in (
            "uno_access/__init__.py",
            "uno_access/engine/__init__.py",
            "uno_access/bots/__init__.py",
            "uno_access/bots/base.py",
            "uno_access/_compiled.py",
        ):
            shutil.copy2(ROOT / init, work / init)
        shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
        mypyc = Path(sys.executable).with_name("mypyc")
        result = subprocess.run(
            [str(mypyc), *COMPILED_MODULES],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
            print(
                "uno-access: could not compile the engine (it needs a C compiler and the "
                "Python headers); it runs as plain Python, about half as fast. " + " | ".join(tail),
                file=sys.stderr,
            )
            return 1
        built = next((work / "build").glob("lib.*"))
        if OUT.exists():
            shutil.rmtree(OUT)
        shutil.copytree(built, OUT)
    MANIFEST.write_text(
        json.dumps(
            {"python": sys.implementation.cache_tag, "sources": compiled_from, "stats": before},
            indent=1,
        )
    )
    say(f"engine compiled with mypyc into {OUT.relative_to(ROOT)}", quiet)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument("--quiet", action="store_true", help="print only what changes")
    args = parser.parse_args()
    if is_current() and not args.force:
        say("compiled engine up to date", args.quiet)
        return 0
    say("compiling the engine with mypyc (about 30 seconds)", False)
    return build(args.quiet)


if __name__ == "__main__":
    sys.exit(main())
