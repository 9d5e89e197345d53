"""Where the game's own files are: inside the package, beside this module, so that a
wheel installed anywhere (pipx, a venv, a clone's editable install) has its rules texts,
braille documents, sound cues and catalogs.

- ``ASSETS``: the rules, rule options and Quick Play Reference texts (``<lang>/`` for
  each translation) and ``sounds/``, the sound cues;
- ``BRAILLE``: the embossable BRF documents made from them (``scripts/make_braille.py``);
- ``LOCALE``: the gettext catalogs (``<lang>/LC_MESSAGES/uno_access.mo``; compiled by
  the wheel's build, and by ``scripts/setup.sh`` in a clone).

A package installed from a wheel is a folder on disk, so each is a plain ``Path`` (what
``importlib.resources.files`` would return for it, without the import of that module
and ``zipfile``, some milliseconds of every start).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).absolute().parent
ASSETS = PACKAGE / "assets"
SOUNDS = ASSETS / "sounds"
BRAILLE = PACKAGE / "braille"
LOCALE = PACKAGE / "locale"


def clone() -> Path | None:
    """The clone this game runs from (its ``scripts/setup.sh`` beside the package), or None
    for a game installed as a package (pipx, pip, a wheel): the fixes differ."""
    root = PACKAGE.parent
    return root if (root / "scripts" / "setup.sh").is_file() else None
