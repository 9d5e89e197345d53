"""Brazilian Portuguese, the second language: a catalog, a row of the languages' table
and a voice name were all it took (issue 15). Its catalog is complete and keeps every
placeholder; its cards, colour keys, braille and speech are its own.
"""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

from test_access_spanish import POT, ROOT, _entries, _fields

from uno_access.access import braille, messages
from uno_access.access.wording import language
from uno_access.devices import speech as speech_device
from uno_access.engine.cards import Card

CATALOG = ROOT / "uno_access" / "locale" / "pt" / "LC_MESSAGES" / "uno_access.po"


def test_the_portuguese_catalog_has_and_translates_every_message() -> None:
    template = {str(i) for i, _ in _entries(POT)}
    portuguese = dict(_entries(CATALOG))
    assert template - {str(i) for i in portuguese} == set(), "run scripts/catalogs.py update pt"
    untranslated = [
        msgid
        for msgid, said in portuguese.items()
        if not said or (isinstance(said, tuple) and not all(said))
    ]
    assert not untranslated, f"{len(untranslated)} untranslated, as {untranslated[:5]}"


def test_every_placeholder_survives_the_portuguese_translation() -> None:
    lost: list[tuple[object, str]] = []
    for msgid, said in _entries(CATALOG):
        if isinstance(msgid, str) and isinstance(said, str) and said:
            if _fields(said) != _fields(msgid) or said.count("%") != msgid.count("%"):
                lost.append((msgid, said))
        elif isinstance(msgid, tuple) and isinstance(said, tuple):
            for index, form in enumerate(said):
                wanted = _fields(msgid[0] if index == 0 else msgid[1]) - {"count"}
                if form and _fields(form) - {"count"} != wanted:
                    lost.append((msgid, form))
    assert not lost, lost[:10]


def test_portuguese_names_the_cards_and_says_which_key_is_which_colour() -> None:
    with language.use("pt"):
        assert messages.card_name(Card.from_code("b7")) == "Azul 7"
        assert messages.card_name(Card.from_code("rsk")) == "Pular Vermelho"
        asked = messages.which_color(messages.KEYED)
    for key in language.color_keys("pt").values():
        assert f" {key.upper()} " in asked, (key, asked)
    assert "vermelho" in asked.lower() and "amarelo" in asked.lower()


def test_portuguese_braille_keeps_the_decks_corner_codes() -> None:
    with language.use("pt"):
        dots = braille.render((messages.card_name(Card.from_code("b7")), " ", Card.from_code("b7")))
    assert dots.endswith(braille.card_unicode(Card.from_code("b7"), braille.BrailleTable.UEB2))


def test_portuguese_speech_is_synthesized_to_a_wav_with_the_portuguese_voice(
    tmp_path: Path,
) -> None:
    voice = speech_device.voice_for_language("pt")
    assert voice is not None and voice.split("/")[-1].lower().startswith("pt")
    with language.use("pt"):
        said = messages.tr(messages.YOUR_TURN)
    assert said == "Sua vez."
    path = speech_device.save_wav(
        said + " Azul 7.", tmp_path / "pt.wav", speech_device.SpeechSettings(voice=voice)
    )
    with wave.open(str(path), "rb") as wav:
        assert wav.getnframes() > wav.getframerate() // 4  # a quarter second at least


def test_the_portuguese_cards_command_names_the_cards_in_portuguese() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "uno_access", "cards", "--lang", "pt"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "b7\tAzul 7\tB#G" in done.stdout
    assert "wi+4\tCuringa Compre Quatro\t" in done.stdout
