"""Write the braille documents kept in ``braille/``: the rules of every preset and the
four Quick Play Reference cards as embossable BRF files (40 cells by 25 lines a page,
Grade 2 UEB).

    .venv/bin/python scripts/make_braille.py

``rules.brf`` is the standard rules, ``rules_PRESET.brf`` the rules of each other preset
(the standard rules with what the preset changes, in place), each followed by the Quick
Play Reference cards as those rules make them; ``quick_reference.brf`` is the four cards
of the standard rules alone. Run it after changing ``assets/rules.md``,
``assets/rule_options.md`` or ``assets/quick_reference.md``, or a preset; a test checks
that the files in ``braille/`` are what this makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access.access import document  # noqa: E402
from uno_access.engine.rules import PRESETS, RuleSet  # noqa: E402


def brf_name(preset: str) -> str:
    """The file in ``braille/`` that holds a preset's rules."""
    return "rules.brf" if preset == "standard" else f"rules_{preset}.brf"


def documents() -> dict[str, tuple[bool, RuleSet]]:
    """Every file this writes: its name, then whether it is the cards alone, and the rules."""
    made = {brf_name(name): (False, rules) for name, rules in PRESETS.items()}
    made["quick_reference.brf"] = (True, PRESETS["standard"])
    return made


def main() -> int:
    for name, (quick, rules) in documents().items():
        path = ROOT / "braille" / name
        blocks = document.rules(quick_only=quick, chosen=rules)
        path.write_bytes(document.as_brf(blocks).encode("ascii"))
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
