"""scripts/catalogs.py, through the real pybabel: the template holds every marked
template, a language's catalog is made from it, translators' fragments are merged in by
message id (two lines given as a plural pair too), and the compiled catalog is what the
game says."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from uno_access.access import messages

ROOT = Path(__file__).resolve().parents[1]


def _catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    locale = tmp_path / "locale"
    locale.mkdir()
    shutil.copy(ROOT / "uno_access" / "locale" / "uno_access.pot", locale / "uno_access.pot")
    monkeypatch.setattr(catalogs, "LOCALE", locale)
    monkeypatch.setattr(catalogs, "POT", locale / "uno_access.pot")
    return catalogs


def test_the_committed_template_is_what_extraction_makes_of_the_wording(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs = _catalogs(tmp_path, monkeypatch)
    catalogs.extract()
    made = {m.id for m in read_po((tmp_path / "locale" / "uno_access.pot").open("rb"))}
    kept = {m.id for m in read_po((ROOT / "uno_access/locale/uno_access.pot").open("rb"))}
    assert made == kept, "run scripts/catalogs.py extract, then update es"
    spanish = read_po((ROOT / "uno_access/locale/es/LC_MESSAGES/uno_access.po").open("rb"))
    assert {m.id for m in spanish} >= made
    assert spanish.plural_forms == "nplurals=2; plural=(n != 1);"


def test_fragments_are_merged_by_message_id_and_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogs = _catalogs(tmp_path, monkeypatch)
    catalogs.update(["es"])
    parts = tmp_path / "parts"
    parts.mkdir()
    start, card = messages.TYPED_HELP_START  # two lines, once given as a (singular, plural)
    one, many = messages.CARD_COUNT
    (parts / "a.po").write_text(
        "\n".join(
            [
                'msgid ""',
                'msgstr ""',
                '"Content-Type: text/plain; charset=UTF-8\\n"',
                "",
                f'msgid "{messages.YOUR_TURN}"',
                'msgstr "Tu turno."',
                "",
                f'msgid "{one}"',
                f'msgid_plural "{many}"',
                'msgstr[0] "{count} carta"',
                'msgstr[1] "{count} cartas"',
                'msgstr[2] "{count} cartas"',
                "",
                f'msgid "{start}"',
                f'msgid_plural "{card}"',
                'msgstr[0] "Órdenes (en mayúsculas o minúsculas):"',
                'msgstr[1] "Una carta la juega."',
                "",
                'msgid "drawtwo"',
                'msgstr "robados"',
                "",
            ]
        ),
        encoding="utf-8",
    )
    catalogs.merge("es", [parts])
    catalogs.compile_all(quiet=True)
    said = gettext.translation("uno_access", str(tmp_path / "locale"), ["es"])
    assert said.gettext(messages.YOUR_TURN) == "Tu turno."
    assert said.ngettext(one, many, 1) == "{count} carta"
    assert said.ngettext(one, many, 2) == "{count} cartas"
    assert said.gettext(start) == "Órdenes (en mayúsculas o minúsculas):"
    assert said.gettext(card) == "Una carta la juega."
    assert said.gettext(messages.THEY_CHOOSE) == messages.THEY_CHOOSE  # untranslated: English
    assert said.gettext("drawtwo") == "drawtwo"  # a typed word is no message


def test_a_merge_leaves_no_fuzzy_guess_and_tells_a_key_from_a_word_by_its_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``update`` matches a changed message to a near one (a fuzzy guess: "Verbosity: …"
    given the translation of "Kept: …"); ``merge`` fills it from a fragment or leaves it
    untranslated, never keeps the guess. A fragment's entry with a context (the key "D")
    fills only the message of that context."""
    catalogs = _catalogs(tmp_path, monkeypatch)
    catalogs.update(["es"])
    path = tmp_path / "locale" / "es" / "LC_MESSAGES" / "uno_access.po"
    text = path.read_text(encoding="utf-8")
    guessed = f'#, fuzzy\nmsgid "{messages.SETUP_KEPT}"\nmsgstr "Se conserva: {{answer}}."'
    path.write_text(text.replace(f'msgid "{messages.SETUP_KEPT}"\nmsgstr ""', guessed))
    assert "#, fuzzy" in path.read_text(encoding="utf-8")
    parts = tmp_path / "parts"
    parts.mkdir()
    draw = messages.KEY_LETTERS["draw"]
    (parts / "a.po").write_text(
        "\n".join(
            [
                'msgid ""',
                'msgstr ""',
                '"Content-Type: text/plain; charset=UTF-8\\n"',
                "",
                'msgctxt "key"',
                f'msgid "{draw}"',
                'msgstr "R"',
                "",
            ]
        ),
        encoding="utf-8",
    )
    catalogs.merge("es", [parts])
    merged = read_po(path.open("rb"))
    kept, key = merged.get(messages.SETUP_KEPT), merged.get(draw, context="key")
    assert kept is not None and key is not None
    assert kept.string == ""  # the guess is no translation
    assert not [m for m in merged if m.fuzzy]
    assert key.string == "R"
