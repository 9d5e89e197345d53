"""Write the braille documents kept in ``braille/``: the rules and the four Quick Play
Reference cards as embossable BRF files (40 cells by 25 lines a page, Grade 2 UEB).

    .venv/bin/python scripts/make_braille.py

Run it after changing ``assets/rules.md`` or ``assets/quick_reference.md``; a test checks
that the files in ``braille/`` are what this makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_access.access import document  # noqa: E402

DOCUMENTS = {
    "rules.brf": False,  # the rules, then the Quick Play Reference cards
    "quick_reference.brf": True,
}


def main() -> int:
    for name, quick in DOCUMENTS.items():
        path = ROOT / "braille" / name
        path.write_bytes(document.as_brf(document.rules(quick_only=quick)).encode("ascii"))
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
