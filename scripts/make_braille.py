"""Write the braille documents kept in ``uno_access/braille/``: the rules of every preset and the
four Quick Play Reference cards as embossable BRF files (40 cells by 25 lines a page,
Grade 2 UEB).

    .venv/bin/python scripts/make_braille.py

``rules.brf`` is the standard rules, ``rules_PRESET.brf`` the rules of each other preset
(the standard rules with what the preset changes, in place), each followed by the Quick
Play Reference cards as those rules make them; ``quick_reference.brf`` is the four cards
of the standard rules alone. Run it after changing ``rules.md``, ``rule_options.md`` or
``quick_reference.md`` in ``uno_access/assets/``, or a preset; a test checks that the
files in ``uno_access/braille/`` are what this makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access import resources  # noqa: E402
from uno_access.access import document  # noqa: E402
from uno_access.access.wording import language  # noqa: E402
from uno_access.engine.rules import PRESETS, RuleSet  # noqa: E402


def brf_name(preset: str) -> str:
    """The file in ``uno_access/braille/`` that holds a preset's rules."""
    return "rules.brf" if preset == "standard" else f"rules_{preset}.brf"


def documents() -> dict[str, tuple[bool, RuleSet]]:
    """Every file this writes: its name, then whether it is the cards alone, and the rules."""
    made = {brf_name(name): (False, rules) for name, rules in PRESETS.items()}
    made["quick_reference.brf"] = (True, PRESETS["standard"])
    return made


def folders() -> dict[str, Path]:
    """Each language with its own rules in ``uno_access/assets/<lang>/``, and the folder of
    its BRF files (``uno_access/braille/`` for English, ``uno_access/braille/es/`` for
    Spanish, made with its tables)."""
    made = {language.ENGLISH: resources.BRAILLE}
    for code, lang in language.LANGUAGES.items():
        if lang.documents and (document.ASSETS / lang.documents / "rules.md").is_file():
            made[code] = resources.BRAILLE / lang.documents
    return made


def made(code: str) -> dict[str, bytes]:
    """The BRF files of one language: their names and bytes."""
    with language.use(code):
        return {
            name: document.as_brf(document.rules(quick_only=quick, chosen=rules)).encode("ascii")
            for name, (quick, rules) in documents().items()
        }


def main() -> int:
    for code, folder in folders().items():
        folder.mkdir(exist_ok=True)
        for name, brf in made(code).items():
            path = folder / name
            path.write_bytes(brf)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
