"""The rules and the Quick Play Reference cards as text, as an embossable BRF (40 cells by
25 lines a page, words unbroken, page numbers), and through ``uno-access rules``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_access import resources
from uno_access.__main__ import main
from uno_access.access import braille, document
from uno_access.access.document import BlockKind

ROOT = Path(__file__).resolve().parents[2]
BRF_CHARS = re.compile(r"^[ -\]^_]*$")  # uppercase Braille ASCII: space to underscore


def pages(brf: str) -> list[list[str]]:
    assert brf.endswith("\r\n")
    return [page.removesuffix("\r\n").split("\r\n") for page in brf.split("\f")]


def test_the_quick_play_reference_is_four_cards_of_one_short_step_each() -> None:
    blocks = document.rules(quick_only=True)
    headings = [b.text for b in blocks if b.kind is BlockKind.HEADING]
    assert headings == [
        "The Quick Play Reference cards",
        "Card 1: Match",
        "Card 2: Draw",
        "Card 3: UNO",
        "Card 4: Score",
    ]
    steps = [b.text for b in blocks if b.kind is BlockKind.PARAGRAPH]
    assert len(steps) == 4 and all(len(step) < 120 for step in steps)


def test_the_rules_text_has_every_part_of_a_game_then_the_reference_cards() -> None:
    text = document.as_text(document.rules())
    for heading in (
        "The object of the game",
        "The cards",
        "Getting ready",
        "Your turn",
        "The action cards",
        "UNO",
        "Scoring",
        "Card 4: Score",
    ):
        assert f"\n{heading}\n" in text
    assert "card check" in text and "touch the top card" in text


def test_every_brf_page_is_40_cells_by_25_lines_with_its_number_on_the_last_line() -> None:
    sheets = pages(document.as_brf(document.rules()))
    assert len(sheets) >= 3
    for number, page in enumerate(sheets, start=1):
        assert len(page) == 25
        assert all(len(line) <= 40 and BRF_CHARS.match(line) for line in page)
        assert page[-1] == braille.to_brf(str(number)).rjust(40)


def test_no_word_is_broken_across_lines_in_the_brf() -> None:
    blocks = document.rules()
    words = [w for block in blocks for w in braille.to_brf(block.text).split()]
    lines = [line for page in pages(document.as_brf(blocks)) for line in page[:-1]]
    assert [w for line in lines for w in line.split()] == words


def test_paragraphs_are_indented_two_cells_and_headings_centred() -> None:
    first = pages(document.as_brf(document.rules(quick_only=True)))[0]
    assert first[0] == ",! ,QK ,PLAY ,REF];E C>DS".center(40).rstrip()
    assert first[3].startswith("  ,ON YR TURN1 MAT* ! TOP C>D")


def test_long_words_are_the_only_thing_split() -> None:
    assert document._wrap("A " + "X" * 50 + " B", 40, 2, 0) == ["  A", "X" * 40, "X" * 10 + " B"]


def test_the_brf_files_kept_in_braille_are_what_the_texts_make() -> None:
    kept = (resources.BRAILLE / "rules.brf").read_bytes().decode("ascii")
    assert kept == document.as_brf(document.rules())
    quick = (resources.BRAILLE / "quick_reference.brf").read_bytes().decode("ascii")
    assert quick == document.as_brf(document.rules(quick_only=True))


def test_uno_access_rules_writes_text_and_brf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--quick"]) == 0
    assert "Card 3: UNO" in capsys.readouterr().out
    out = tmp_path / "quick.brf"
    assert main(["rules", "--format", "brf", "--quick", "-o", str(out)]) == 0
    assert out.read_bytes().decode("ascii") == document.as_brf(document.rules(quick_only=True))
    assert capsys.readouterr().out == f"Written: {out}\n"
    grade1 = document.as_brf(document.rules(quick_only=True), braille.BrailleTable.UEB1)
    assert main(["rules", "--format", "brf", "--quick", "--table", "ueb1", "-o", str(out)]) == 0
    assert out.read_bytes().decode("ascii") == grade1 != document.as_brf(document.rules(True))


def test_a_file_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "-o", str(tmp_path / "missing" / "rules.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("uno-access: cannot write ")


def test_uno_access_rules_speaks_them_into_a_real_wav(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import wave

    out = tmp_path / "quick.wav"
    assert main(["rules", "--format", "wav", "--quick", "-o", str(out)]) == 0
    with wave.open(str(out)) as audio:
        seconds = audio.getnframes() / audio.getframerate()
        frames = audio.readframes(audio.getnframes())
    assert seconds > 10  # four cards read aloud take a while
    assert max(frames) > 0 and len(set(frames)) > 100  # sound, not silence
    assert capsys.readouterr().out == f"Written: {out}\n"


def test_a_wav_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--format", "wav", "-o", str(tmp_path / "no" / "r.wav")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("uno-access: cannot write ")


def test_each_languages_brf_files_kept_in_braille_are_what_its_texts_make() -> None:
    """``uno_access/braille/`` for English, ``uno_access/braille/<lang>/`` for each language
    whose rules are in ``uno_access/assets/<lang>/``, made with that
    language's tables (scripts/make_braille.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_braille", ROOT / "scripts" / "make_braille.py"
    )
    assert spec is not None and spec.loader is not None
    make_braille = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_braille)
    for code, folder in make_braille.folders().items():
        for name, brf in make_braille.made(code).items():
            assert (folder / name).read_bytes() == brf, f"{folder / name}: run make_braille"


def test_the_rules_are_read_from_the_languages_folder_of_assets_when_it_has_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from uno_access.access.wording import language

    for name in ("rules.md", "quick_reference.md", "rule_options.md"):
        (tmp_path / name).write_text((document.ASSETS / name).read_text(encoding="utf-8"))
    (tmp_path / "es").mkdir()
    english = (document.ASSETS / "rules.md").read_text(encoding="utf-8")
    title = english.splitlines()[0]
    (tmp_path / "es" / "rules.md").write_text(english.replace(title, "# Reglas de UNO", 1))
    monkeypatch.setattr(document, "ASSETS", tmp_path)
    monkeypatch.setattr(document, "RULES", tmp_path / "rules.md")
    with language.use("es"):
        spanish = document.rules()
    assert spanish[0].text == "Reglas de UNO"
    assert document.rules()[0].text != "Reglas de UNO"  # English where no folder is said
    with language.use("es"):  # a text the folder lacks is the English one
        assert document.asset(document.QUICK_REFERENCE) == document.QUICK_REFERENCE


def _keys(path: Path) -> list[str]:
    return [block.key for block in document.read(path) if block.key]


def _option_shape(path: Path) -> list[tuple[str, list[tuple[str, str]], set[str]]]:
    _, sections = document.sections(path)
    return [
        (
            section.key,
            [(edit.where.value, edit.key) for edit in section.edits],
            set(re.findall(r"\{(\w+)\}", section.summary)),
        )
        for section in sections
    ]


def test_each_languages_documents_keep_the_english_keys_sections_and_placeholders() -> None:
    """``uno_access/assets/<lang>/`` has the same structure as ``uno_access/assets/``: the
    blocks' keys, the options' sections with their edits, the
    placeholders; Spanish and Portuguese have all three texts (issue 15), and the rules
    of every preset are made from them."""
    from uno_access.access.wording import language
    from uno_access.engine.rules import PRESETS

    for code, lang in language.LANGUAGES.items():
        if not lang.documents:
            continue
        folder = document.ASSETS / lang.documents
        texts = (document.RULES, document.QUICK_REFERENCE, document.OPTIONS)
        if code in ("es", "pt"):  # translated whole
            missing = [p.name for p in texts if not (folder / p.name).is_file()]
            assert not missing, f"uno_access/assets/{code}/ lacks {missing}"
        for english in texts:
            translated = folder / english.name
            if not translated.is_file():
                continue
            if english == document.OPTIONS:
                assert _option_shape(translated) == _option_shape(english), translated
            else:
                assert _keys(translated) == _keys(english), translated
        with language.use(code):
            for rules in PRESETS.values():
                assert document.rules(chosen=rules)
