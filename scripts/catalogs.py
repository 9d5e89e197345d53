"""The gettext catalogs of the game's wording, through Babel (``pybabel``).

Usage: scripts/catalogs.py extract | update [LANG ...] | compile [--quiet] | merge LANG [DIR ...]

- ``extract``: every marked template of ``uno_access/access/wording`` (``N_("…")``,
  ``NP_("…", "…")`` for a count's singular and plural, and ``NC_("context", "…")`` for a
  word or key said in a context, gettext's ``msgctxt``) with its ``# Translators:``
  comment, into ``uno_access/locale/uno_access.pot``;
- ``update``: each language's catalog (``uno_access/locale/LANG/LC_MESSAGES/
  uno_access.po``) brought up to the template, made where it is missing (``update es``);
- ``compile``: every catalog into its ``.mo`` (setup runs this; the ``.mo`` files are not
  committed);
- ``merge LANG [DIR ...]``: the translations of the fragments in ``DIR/*.po`` (by default
  ``uno_access/locale/LANG/parts``) put into LANG's catalog, each by its message id (the
  English text); says how many it filled, which message ids are still untranslated, and
  which entries of the fragments match no message (left out).

Exit status 1 when pybabel fails or a fragment cannot be read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "uno_access" / "locale"
POT = LOCALE / "uno_access.pot"
DOMAIN = "uno_access"
SOURCES = ROOT / "uno_access" / "access" / "wording"
# the plural rule each language's catalog is written with (Babel's CLDR rule otherwise)
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "pt": "nplurals=2; plural=(n != 1);"}


def pybabel(*args: str) -> None:
    command = [str(Path(sys.executable).with_name("pybabel")), *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"catalogs: pybabel {args[0]} failed: {done.stderr.strip().splitlines()[-1:]}")


def catalog_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> None:
    LOCALE.mkdir(parents=True, exist_ok=True)
    pybabel(
        "extract",
        "--no-default-keywords",
        "-k",
        "N_",
        "-k",
        "NP_:1,2",
        "-k",
        "NC_:1c,2",
        "-c",
        "Translators:",
        "--sort-by-file",
        "--project",
        "uno-access",
        "--version",
        "0.1.0",
        "--copyright-holder",
        "the uno-access authors",
        "--no-location",
        "-w",
        "100",
        "-o",
        str(POT),
        str(SOURCES.relative_to(ROOT)),
    )


def _set_plural_forms(lang: str) -> None:
    from babel.messages.pofile import read_po, write_po

    rule = PLURAL_FORMS.get(lang)
    path = catalog_path(lang)
    if rule is None or not path.exists():
        return
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    if catalog.plural_forms == rule:
        return
    catalog.mime_headers = [("Plural-Forms", rule)]
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False)


def update(langs: list[str]) -> None:
    if not POT.exists():
        extract()
    for lang in langs or languages():
        command = "update" if catalog_path(lang).exists() else "init"
        args = ["-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, "-w", "100"]
        # a message no longer in the code is dropped, not kept as a "#~" entry
        pybabel(command, *args, *(["--ignore-obsolete"] if command == "update" else []))
        _set_plural_forms(lang)


def compile_all(quiet: bool = False) -> None:
    """Each catalog into its ``.mo``, when the ``.po`` is newer. The new file is written
    beside it and put in its place at once (``os.replace``): a game reading the catalog
    meanwhile (the test suite runs setup beside other tests) reads the old one or the new
    one, never a file half written."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for lang in languages():
        po = catalog_path(lang)
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=lang)
        made = mo.with_name(f".{mo.name}.{os.getpid()}")
        with made.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        os.replace(made, mo)
        if not quiet:
            print(f"catalogs: compiled {lang}")


def _fragment_translations(
    dirs: list[Path],
) -> tuple[dict[tuple[str | None, str], str], dict[tuple[str, str], tuple[str, str]], int]:
    """Every translated entry of the fragments: single messages (by their context and
    message id: "D" the key is not "D" the word), plural pairs, and how many files were
    read."""
    from babel.messages.pofile import read_po

    singles: dict[tuple[str | None, str], str] = {}
    pairs: dict[tuple[str, str], tuple[str, str]] = {}
    files = 0
    for folder in dirs:
        for path in sorted(folder.glob("*.po")):
            files += 1
            try:
                with path.open("rb") as f:
                    fragment = read_po(f)
            except Exception as error:  # a fragment that is not PO: said, and stop
                sys.exit(f"catalogs: {path} cannot be read: {error}")
            for message in fragment:
                if not message.id:
                    continue
                if not isinstance(message.id, str):
                    strings = message.string if isinstance(message.string, tuple) else ()
                    if len(strings) >= 2 and strings[0] and strings[1]:
                        pairs.setdefault((message.id[0], message.id[1]), (strings[0], strings[1]))
                elif isinstance(message.string, str) and message.string:
                    key = (message.context, message.id)
                    earlier = singles.setdefault(key, message.string)
                    if earlier != message.string:  # the first fragment's is kept, and said
                        print(f"catalogs: two translations of {message.id!r}; kept {earlier!r}")
    return singles, pairs, files


def merge(lang: str, dirs: list[Path]) -> None:
    from babel.messages.pofile import read_po, write_po

    if not catalog_path(lang).exists():
        update([lang])
    singles, pairs, files = _fragment_translations(dirs or [LOCALE / lang / "parts"])
    # a fragment may give two lines as a (singular, plural) pair: each is its own message
    for (one, other), (said_one, said_other) in pairs.items():
        singles.setdefault((None, one), said_one)
        singles.setdefault((None, other), said_other)
    path = catalog_path(lang)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    filled = 0
    used: set[object] = set()
    missing: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        if not isinstance(message.id, str):
            pair = (message.id[0], message.id[1])
            said = pairs.get(pair)
            if said is not None:
                message.string = said
                used.add(pair)
                filled += 1
            elif message.fuzzy or not (isinstance(message.string, tuple) and all(message.string)):
                message.string = ("", "")  # a fuzzy guess is no translation
                missing.append(message.id[0])
        elif (message.context, message.id) in singles:
            key = (message.context, message.id)
            message.string = singles[key]
            used.add(key)
            filled += 1
        elif not message.string or message.fuzzy:
            # a guess of pybabel update's (a fuzzy match) is no translation: left empty
            message.string = ""
            missing.append(message.id)
        message.flags.discard("fuzzy")
    left_out = [m[1] for m in singles if m not in used] + [p[0] for p in pairs if p not in used]
    with path.open("wb") as f:
        write_po(f, catalog, width=100)
    _set_plural_forms(lang)
    print(f"catalogs: {lang}: {filled} translations from {files} fragments into {path}")
    print(f"catalogs: {lang}: {len(missing)} messages still untranslated")
    for untranslated in missing:
        print(f"  untranslated: {untranslated!r}")
    # typed words and other machine tokens are not marked, so their entries match nothing
    print(f"catalogs: {lang}: {len(left_out)} fragment entries match no message (left out)")


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    command, rest = argv[0], argv[1:]
    if command == "extract":
        extract()
    elif command == "update":
        update(rest)
    elif command == "compile":
        compile_all(quiet="--quiet" in rest)
    elif command == "merge" and rest:
        merge(rest[0], [Path(d) for d in rest[1:]])
    else:
        sys.exit(f"catalogs: unknown command {' '.join(argv)!r} (try --help)")


if __name__ == "__main__":
    main(sys.argv[1:])
