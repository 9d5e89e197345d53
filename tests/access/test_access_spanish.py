"""Spanish, complete (issue 15): its catalog translates every message and keeps every
placeholder, a missing translation falls back to English, its braille (real liblouis,
``es-g2.ctb``) puts the card codes in the first 20 cells, its speech is the Spanish voice,
and its keys do not collide.

The catalog is ``uno_access/locale/es/LC_MESSAGES/uno_access.po``, compiled by setup
(``scripts/catalogs.py compile``).
"""

from __future__ import annotations

import string
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from test_access_first_cells import CELLS, EVENTS, NAMES

from uno_access.access import braille, messages
from uno_access.access.render import Renderer
from uno_access.access.speech import Line
from uno_access.access.wording import language
from uno_access.access.wording.forms import Who
from uno_access.devices import speech as speech_device
from uno_access.engine.cards import Card

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "uno_access" / "locale" / "es" / "LC_MESSAGES" / "uno_access.po"
POT = ROOT / "uno_access" / "locale" / "uno_access.pot"


def _entries(path: Path) -> list[tuple[str | tuple[str, ...], str | tuple[str, ...]]]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return [
        (m.id if isinstance(m.id, str) else tuple(m.id), _said(m.string)) for m in catalog if m.id
    ]


def _said(string: object) -> str | tuple[str, ...]:
    if isinstance(string, str):
        return string
    return tuple(str(s) for s in string) if isinstance(string, tuple | list) else ""


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_the_spanish_catalog_has_every_message_of_the_template() -> None:
    template = {str(i) for i, _ in _entries(POT)}
    spanish = {str(i) for i, _ in _entries(CATALOG)}
    assert template - spanish == set(), "run scripts/catalogs.py update es"


def test_the_spanish_catalog_translates_every_message() -> None:
    """Every message id has its Spanish translation, both forms of every plural."""
    untranslated = [
        msgid
        for msgid, said in _entries(CATALOG)
        if not said or (isinstance(said, tuple) and not all(said))
    ]
    assert not untranslated, f"{len(untranslated)} untranslated, as {untranslated[:5]}"


def test_every_placeholder_survives_translation() -> None:
    """A translation holds the placeholders of its message, no more, no fewer (a
    singular may leave out ``{count}``: "a card")."""
    lost: list[tuple[object, str]] = []
    for msgid, said in _entries(CATALOG):
        if not said:
            continue
        if isinstance(msgid, str):
            if isinstance(said, str) and _fields(said) != _fields(msgid):
                lost.append((msgid, said))
            continue
        one, many = msgid[0], msgid[1]
        forms = said if isinstance(said, tuple) else (said,)
        for index, form in enumerate(forms):
            if not form:
                continue
            wanted = _fields(one if index == 0 else many)
            if _fields(form) - {"count"} != wanted - {"count"}:
                lost.append((msgid, form))
    assert not lost, lost[:10]


def _catalog_with(tmp_path: Path, translated: dict[str, str]) -> Path:
    """A compiled Spanish catalog holding only ``translated``."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    lines += [
        line
        for msgid, said in translated.items()
        for line in (f'msgid "{msgid}"', f'msgstr "{said}"', "")
    ]
    po = folder / "uno_access.po"
    po.write_text("\n".join(lines), encoding="utf-8")
    from babel.messages.mofile import write_mo

    with po.open("rb") as f:
        catalog = read_po(f)
    with (folder / "uno_access.mo").open("wb") as f:
        write_mo(f, catalog)
    return tmp_path


def test_a_missing_translation_falls_back_to_english_never_to_a_message_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locale = _catalog_with(tmp_path, {messages.YOU_CHOOSE: "Eliges {color}."})
    monkeypatch.setattr(language, "LOCALE_DIR", locale)
    language.catalog.cache_clear()
    try:
        with language.use("es"):
            assert messages.tr(messages.YOU_CHOOSE) == "Eliges {color}."
            assert messages.tr(messages.THEY_CHOOSE) == "{player} chooses {color}."
            assert messages.tr(messages.YOUR_TURN) == "Your turn."
        assert messages.tr(messages.YOU_CHOOSE) == "You choose {color}."  # English around it
    finally:
        language.catalog.cache_clear()


def test_each_viewer_is_rendered_in_their_own_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two renderers at one table, one English and one Spanish: each line in its own."""
    locale = _catalog_with(tmp_path, {messages.YOUR_TURN: "Tu turno."})
    monkeypatch.setattr(language, "LOCALE_DIR", locale)
    language.catalog.cache_clear()
    try:
        turn = Line.of(messages.turn_started, Who("You", True))
        english = Renderer(0, NAMES).line(turn)
        spanish = Renderer(0, NAMES, lang="es")
        said = spanish.line(turn)
        assert (english.text, said.text) == ("Your turn.", "Tu turno.")
        assert braille.unicode_to_ascii(said.braille) != braille.unicode_to_ascii(english.braille)
    finally:
        language.catalog.cache_clear()


def test_spanish_braille_is_made_with_the_spanish_tables_of_each_grade() -> None:
    with language.use("es"):
        assert braille.BrailleTable.UEB2.file == "es-g2.ctb"
        assert braille.BrailleTable.UEB1.file == "es-g1.ctb"
        spanish = braille.to_ascii("Comodín")
    assert braille.BrailleTable.UEB2.file == "en-ueb-g2.ctb"
    assert spanish != braille.to_ascii("Comodín")  # the accent is Spanish braille's own


@pytest.mark.parametrize(("event", "viewer", "essentials"), EVENTS)
def test_spanish_braille_puts_the_cards_and_names_in_the_first_20_cells(
    event: object, viewer: int, essentials: tuple[str | Card, ...]
) -> None:
    """Every message kind in Spanish through the real liblouis: the card codes are the
    deck's (``B#G``) in every language, and they and the names end within 20 cells."""
    message = Renderer(viewer, NAMES, lang="es").event(event)  # type: ignore[arg-type]
    assert message is not None
    line = message.braille
    with language.use("es"):
        for item in essentials:
            if isinstance(item, str) and item not in NAMES:
                continue  # an English word ("You"): said in Spanish here
            dots = (
                braille.card_unicode(item) if isinstance(item, Card) else braille.to_unicode(item)
            )
            at = line.find(dots)
            assert at >= 0, f"{item!r} is not in {braille.unicode_to_ascii(line)!r}"
            assert at + len(dots) <= CELLS, f"{item!r} ends at cell {at + len(dots)}"


def test_the_corner_codes_stay_the_decks_in_spanish() -> None:
    card = Card.from_code("b7")
    with language.use("es"):
        assert braille.card_brf(card) == "B#G"


def test_spanish_speech_is_synthesized_to_a_wav_with_the_spanish_voice(tmp_path: Path) -> None:
    voice = speech_device.voice_for_language("es")
    assert voice is not None and voice.split("/")[-1].startswith("es")
    with language.use("es"):
        said = messages.tr(messages.YOUR_TURN)
    path = speech_device.save_wav(
        said + " Azul 7.", tmp_path / "es.wav", speech_device.SpeechSettings(voice=voice)
    )
    with wave.open(str(path), "rb") as wav:
        assert wav.getnframes() > wav.getframerate() // 4  # a quarter second at least


def test_no_language_has_colliding_colour_keys_or_action_keys() -> None:
    """Each language names its four colour keys, all different, none a digit; with 1 to 4
    and the English letters that name no other colour, no key is two colours; and the
    action keys are all different."""
    from uno_access.ui.keys import REGISTRY, color_keys

    actions = [key.lower() for entry in REGISTRY for key in entry.keys if len(key) == 1]
    assert len(actions) == len(set(actions))
    for code, lang in language.LANGUAGES.items():
        own = list(lang.color_keys.values())
        assert len(own) == 4 and len(set(own)) == 4, code
        assert not any(key.isdigit() for key in own), code
        pressed = [name for names in color_keys(code).values() for name in names]
        assert len(pressed) == len(set(pressed)), code
        for digit, key in zip("1234", color_keys(code), strict=True):
            assert digit in color_keys(code)[key], code


def test_the_spanish_colour_question_says_which_key_is_which_colour() -> None:
    """ "Pulsa R para rojo, V para verde, A para azul o M para amarillo": each key named."""
    with language.use("es"):
        asked = messages.which_color(messages.KEYED)
        names = [messages.color_name(color).lower() for color in language.color_keys()]
    for key in language.color_keys("es").values():
        assert f" {key.upper()} " in asked, (key, asked)
    assert all(name in asked.lower() for name in names), asked


def test_the_spanish_cards_command_names_the_cards_in_spanish() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "uno_access", "cards", "--lang", "es"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "b7\tAzul 7\tB#G" in done.stdout
    assert 'wi+4\tComodín Roba Cuatro\tWI"6#D' in done.stdout


@pytest.mark.parametrize("code", sorted(language.LANGUAGES))
def test_every_language_has_its_voice_and_braille_tables_on_this_machine(code: str) -> None:
    """A language is a catalog, a voice and tables: the doctor finds them for each."""
    from uno_access.devices import doctor

    check = doctor.check_language(code)
    assert check.ok, check.detail


def test_the_doctor_says_the_spanish_voice_and_braille_tables() -> None:
    from uno_access.devices import doctor

    check = doctor.check_language("es")
    assert check.ok, check.detail
    assert "roa/es" in check.detail or "(es)" in check.detail
    assert "es-g1.ctb" in check.detail and "es-g2.ctb" in check.detail
    assert not check.needed  # without the language's voice the game still runs in English


def test_a_blank_cards_code_is_spelled_out_in_the_sentence_of_each_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The full verbosity's "(blank card bly7)" is spelled for speech in English, and its
    translation's code too ("(carta en blanco bly7)")."""
    locale = _catalog_with(
        tmp_path, {messages.BLANK_CARD_WITH_CODE: "{card} (carta en blanco {code})"}
    )
    monkeypatch.setattr(language, "LOCALE_DIR", locale)
    language.catalog.cache_clear()
    try:
        assert messages.spoken("Yellow 7 (blank card bly7).") == "Yellow 7, b l y 7."
        with language.use("es"):
            said = messages.spoken("Amarillo 7 (carta en blanco bly7).")
        assert said == "Amarillo 7, b l y 7."
    finally:
        language.catalog.cache_clear()


def test_spanish_brf_is_braille_ascii_and_says_what_its_dots_say() -> None:
    """The Spanish tables display dots and accented letters: BRF (embossed documents) is
    made with the Braille ASCII display, and is the same braille as the dots."""
    text = "Reglas de UNO: ¿qué carta? «Comodín» ñ, Azul 7."
    with language.use("es"):
        brf = braille.to_brf(text)
        dots = braille.to_unicode(text)
    assert brf.isascii() and brf == brf.upper()
    assert braille.ascii_to_unicode(brf) == dots


def test_speech_without_a_chosen_voice_speaks_in_the_languages_voice() -> None:
    """No ``voice`` setting: each utterance is in the voice of the language being said."""
    spanish = speech_device.voice_for_language("es")
    with speech_device._SYNTH_LOCK:
        english = speech_device._language_voice()
        with language.use("es"):
            said = speech_device._language_voice()
    assert said == spanish and english != spanish
