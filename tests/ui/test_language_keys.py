"""Keys and typed commands in the player's language (issue 23, item 7): a Spanish or
Portuguese player presses and types their own letters and words, English words are always
typed too, a letter means one command in each language, the same every time, and F1 and
help say the keys the player has; the card codes typed (b7, wi+4) keep working.

Through prompt_toolkit's real pipe input (the keys as a terminal sends them) and the real
compiled catalogs; one game in a real pseudo-terminal.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import START, bot, position
from test_play_keys import keyed
from test_play_terminal import DEVICES_OFF, SCENARIOS, Terminal

from uno_access.access import messages
from uno_access.access.message import Verbosity
from uno_access.access.parse import ParseError, parse_card, parse_color
from uno_access.access.wording import language
from uno_access.engine.actions import CallUno, CardCheck, Draw, Keep, Play, TouchTopCard
from uno_access.engine.cards import Card, Color
from uno_access.seat.commands import Ask, Do, Local, Query, Quit, Setting, parse
from uno_access.ui.keys import (
    REGISTRY,
    Key,
    Pressed,
    Typing,
    key_help_lines,
    typed_help_lines,
    words,
)
from uno_access.ui.play import play
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

LANGUAGES = ("en", "es", "pt")
LETTERED = [entry for entry in REGISTRY if any(len(k) == 1 and k.isalpha() for k in entry.keys)]
# the letters each catalog gives (the translators' choice, README "Keys in each language")
SPANISH = {
    Key.DRAW: "d",
    Key.KEEP: "q",
    Key.HAND: "m",
    Key.SCORES: "p",
    Key.PILE: "k",
    Key.SWITCH_HISTORY: "f",
    Key.SPEECH: "v",
    Key.QUIT: "s",
}
PORTUGUESE = {
    Key.DRAW: "c",
    Key.KEEP: "f",
    Key.CHALLENGE: "d",
    Key.CARD_CHECK: "q",
    Key.HAND: "m",
    Key.SCORES: "p",
    Key.PILE: "k",
    Key.SWITCH_HISTORY: "h",
    Key.SPEECH: "v",
    Key.QUIT: "s",
}


@pytest.fixture
def spanish() -> Iterator[None]:
    with language.use("es"):
        yield


def keys_read(sent: str, code: str, count: int | None = None) -> list[object]:
    """Each key of ``sent`` read at a key prompt, in language ``code``."""
    with language.use(code), create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        pipe.send_text(sent)
        return [keyboard.read("uno> ") for _ in range(count or len(sent))]


# ----------------------------------------------------------------- one letter, one command


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_gives_every_command_its_own_letter_and_none_to_card_codes(
    code: str,
) -> None:
    letters = messages.key_letters(code)
    named = [entry.name for entry in LETTERED]
    assert sorted(letters) == sorted(named), "a command without a letter"
    assert len(set(letters.values())) == len(letters), letters
    assert not set(letters.values()) & {"b", "g", "y"}


@pytest.mark.parametrize("code", ("es", "pt"))
def test_the_letters_are_the_catalogs_own_not_fallen_back_to_english(code: str) -> None:
    """Every letter the catalog gives is used as given: none collided or was refused."""
    for name, english in messages.KEY_LETTERS.items():
        given = language.tr_c(messages.KEY, english, code).lower()
        assert messages.key_letters(code)[name] == given, name


@pytest.mark.parametrize(("code", "expected"), [("es", SPANISH), ("pt", PORTUGUESE)])
def test_a_letter_key_asks_for_its_command_in_the_players_language(
    code: str, expected: dict[Key, str]
) -> None:
    sent = "".join(letter + letter.upper() for letter in expected.values())
    read = keys_read(sent, code)
    wanted = [Pressed(key) for key in expected for _ in (0, 1)]
    assert read == wanted


def test_an_english_letter_means_the_spanish_command_it_is_in_spanish() -> None:
    """S is Salir (quit) in Spanish, never Scores; L, which Spanish leaves free, keeps its
    English meaning (the hand, beside Spanish M), as English words are always taken; B,
    a card code's first letter, opens the command line in every language."""
    assert keys_read("slb", "es") == [Pressed(Key.QUIT), Pressed(Key.HAND), Typing("b")]
    assert keys_read("slb", "en") == [Pressed(Key.SCORES), Pressed(Key.HAND), Typing("b")]


def test_an_english_letter_the_portuguese_leave_free_keeps_its_meaning_typed_too() -> None:
    """L (the hand) and the typed letter l mean the hand in Portuguese, beside M."""
    assert keys_read("lm", "pt") == [Pressed(Key.HAND), Pressed(Key.HAND)]
    assert words("pt")["l"] is Key.HAND and words("pt")["m"] is Key.HAND


@pytest.mark.parametrize("code", LANGUAGES)
def test_card_codes_typed_at_a_key_prompt_still_open_the_command_line(code: str) -> None:
    assert keys_read("bgy", code) == [Typing("b"), Typing("g"), Typing("y")]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_typed_letter_means_what_its_key_means_in_each_language(code: str) -> None:
    view = position(START, "b2").view(0)
    with language.use(code):
        for name, letter in messages.key_letters().items():
            entry = next(e for e in REGISTRY if e.name == name)
            assert words()[letter] is entry.key, (name, letter)
            assert words()[letter.upper().lower()] is entry.key
        quit_letter = messages.key_letters()["quit"]
        assert parse(quit_letter.upper(), view) == Quit()


# ----------------------------------------------------------------- typed words


def test_spanish_words_are_typed_and_english_ones_always_too(spanish: None) -> None:
    view = position(START, "b2").view(0)
    assert parse("roba", view) == parse("robar", view) == parse("draw", view) == Do(Draw(0))
    assert parse("mano", view) == parse("hand", view) == Ask(Query.HAND)
    assert parse("ayuda", view) == parse("help", view) == Ask(Query.HELP)
    assert parse("salir", view) == parse("quit", view) == Quit()
    assert parse("contar cartas", view) == parse("card check", view) == Do(CardCheck(0))
    assert parse("toca la carta de arriba", view) == Do(TouchTopCard(0))
    assert parse("ordena", view) == parse("sort", view) == Local(Key.SORT)
    assert parse("metete", view) == parse("métete", view)  # with or without the accent
    assert parse("jugar b7", view) == parse("play b7", view) == Do(Play(0, Card.from_code("b7")))


def test_portuguese_words_are_typed_and_english_ones_always_too() -> None:
    view = position(START, "b2").view(0)
    with language.use("pt"):
        assert parse("compra", view) == parse("draw", view) == Do(Draw(0))
        assert parse("c", view) == Do(Draw(0))  # C is comprar in Portuguese
        assert parse("mão", view) == parse("mao", view) == Ask(Query.HAND)
        assert parse("quantas", view) == parse("check", view) == Do(CardCheck(0))
        assert parse("uno", view) == Do(CallUno(0))
        assert parse("fique", view) == parse("keep", view) == Do(Keep(0))


def test_a_command_word_followed_by_a_card_is_the_card(spanish: None) -> None:
    """Roba Dos is a Spanish card's name: "roba" alone draws, "roba dos rojo" plays the
    card, and so does the Portuguese Compre Duas."""
    view = position(["r+2 b7", "b3", "b1"], "r5").view(0)
    red_draw_two = Do(Play(0, Card.from_code("r+2")))
    assert parse("roba", view) == Do(Draw(0))
    assert parse("roba dos rojo", view) == red_draw_two
    with language.use("pt"):
        assert parse("compre duas vermelho", view) == red_draw_two


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_word_of_a_language_names_one_command_and_no_card(code: str) -> None:
    with language.use(code):
        for word, key in words().items():
            if word == "uno" or key is Key.ANNIVERSARY:  # UNO, and the card it names
                continue
            with pytest.raises(ParseError):
                parse_card(word)
            if len(word) > 1:  # a letter may be a colour's key (Spanish A: azul)
                with pytest.raises(ParseError):
                    parse_color(word)


@pytest.mark.parametrize("code", ("es", "pt"))
def test_every_english_word_keeps_its_english_command(code: str) -> None:
    english = words("en")
    theirs = words(code)
    for word, key in english.items():
        if len(word) > 1:
            assert theirs[word] is key, word


def test_the_card_codes_keep_working_typed_in_every_language() -> None:
    view = position(["b7 wi+4 g2", "b3", "b1"], "b2").view(0)
    for code in LANGUAGES:
        with language.use(code):
            assert parse("b7", view) == Do(Play(0, Card.from_code("b7")))
            assert parse("wi+4 r", view) == Do(Play(0, Card.from_code("wi+4"), Color.RED))
            assert parse("B#G", view) == Do(Play(0, Card.from_code("b7")))


# ----------------------------------------------------------------- what the player is told


def test_f1_says_the_keys_the_spanish_player_has(spanish: None) -> None:
    lines = key_help_lines()
    assert "M: toda tu mano, y lo que puedes jugar." in lines
    assert "S: sal de la partida (pregunta antes)." in lines
    assert "D: roba una carta; luego Intro la juega y Q te la quedas." in lines
    assert not any(line.startswith("L:") for line in lines)  # L is the hand in English only
    command_line = next(line for line in lines if line.startswith("barra:"))
    assert "(jugar b7, b#g, azul 7, pillar Ann)" in command_line


def test_help_names_the_letter_the_own_word_and_the_english_word(spanish: None) -> None:
    lines = typed_help_lines()
    assert any(line.startswith("d o robar o draw:") for line in lines)
    assert any(line.startswith("s o salir o quit:") for line in lines)
    assert any(line.startswith("m o mano o hand:") for line in lines)


def test_every_hint_names_the_languages_keys() -> None:
    with language.use("pt"):
        assert messages.KEYED.turn == (
            "Esquerda e Direita escolhem uma carta, Enter a joga, C compra, F1 para ajuda."
        )
        assert messages.KEYED.keep == "pressione F"
        assert messages.TYPED.turn == (
            "Digite uma carta para jogá-la, c para comprar, m para sua mão, ou ajuda."
        )
        assert messages.TYPED.play_drawn == "digite jogar"
        assert messages.KEYED.catch_named == "pressione barra e digite pegar e um nome"
        assert messages.KEYED.yes == "pressione S"


@pytest.mark.parametrize(("code", "yes"), [("es", "sí"), ("pt", "sim")])
def test_the_yes_key_is_the_languages_and_y_still_works(code: str, yes: str) -> None:
    with language.use(code), create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        pipe.send_text("sSyn")
        assert [keyboard.read_yes("? ") for _ in range(4)] == [True, True, True, False]
    with language.use(code), create_pipe_input() as pipe:
        typed = Keyboard(input=pipe, output=DummyOutput(), keys=False)
        pipe.send_text(f"{yes}\ryes\rno\r")
        assert [typed.read_yes("? ") for _ in range(3)] == [True, True, False]


def test_the_bluff_warning_names_the_colour_in_the_players_language(spanish: None) -> None:
    """ "(solo como farol: tienes red)": the colour held is said in Spanish."""
    wild_draw_four = Card.from_code("wi+4")
    said = messages.you_can_play([wild_draw_four], messages.KEYED, Color.RED)
    assert said == "Puedes jugar: Comodín Roba Cuatro (solo como farol: tienes rojo)."
    assert "rojo" in messages.card_at(wild_draw_four, 1, 3, True, None, Color.RED)
    assert "red" not in str(
        messages.FORMS[messages.card_at].braille(wild_draw_four, 1, 3, True, None, Color.RED)
    )


def test_a_spanish_game_by_keys_draws_keeps_and_asks_in_spanish(spanish: None) -> None:
    """O sorts (said in Spanish), D draws, Q keeps the drawn card, M says the hand, S and
    S leave: each answered."""
    game = position(["g5 r3", "b3 y5", "b1 y7"], "b2", pile="b9 g1 y9 g5 g8 y3")
    said = keyed(game, ["odqmss"])
    blue_nine = Card.from_code("b9")
    assert messages.drawn_playable(blue_nine, messages.KEYED) in said
    assert "Te quedas la carta." in said
    assert any(line.startswith("Tu mano, 3 cartas:") for line in said)
    assert messages.quit_confirm(messages.KEYED) in said
    assert "Tu mano está ordenada por número." in said  # not "por number"


# ----------------------------------------------------------------- a catalog's collision


def _catalog(tmp_path: Path, letters: dict[str, str]) -> Path:
    """A compiled Spanish catalog holding only these key letters (by English letter)."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for english, given in letters.items():
        lines += ['msgctxt "key"', f'msgid "{english}"', f'msgstr "{given}"', ""]
    po = folder / "uno_access.po"
    po.write_text("\n".join(lines), encoding="utf-8")
    with po.open("rb") as f:
        catalog = read_po(f)
    with (folder / "uno_access.mo").open("wb") as f:
        write_mo(f, catalog)
    return tmp_path


def test_a_catalog_letter_that_collides_or_is_a_card_code_falls_back_predictably(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Draw and the hand both given M: the first in the registry's order (draw) has it,
    the hand keeps its English L; a catalog's B (a card code) is refused for the English
    letter. The same every time, and help says so."""
    monkeypatch.setattr(language, "LOCALE_DIR", _catalog(tmp_path, {"D": "M", "L": "M", "S": "B"}))
    language.catalog.cache_clear()
    from uno_access.access.wording import keys as wording_keys
    from uno_access.seat import keys as seat_keys

    wording_keys._key_letters.cache_clear()
    wording_keys._command_words.cache_clear()
    seat_keys._words.cache_clear()
    try:
        letters = messages.key_letters("es")
        assert (letters["draw"], letters["hand"], letters["scores"]) == ("m", "l", "s")
        assert keys_read("mls", "es") == [Pressed(Key.DRAW), Pressed(Key.HAND), Pressed(Key.SCORES)]
    finally:
        language.catalog.cache_clear()
        wording_keys._key_letters.cache_clear()
        wording_keys._command_words.cache_clear()
        seat_keys._words.cache_clear()


# ----------------------------------------------------------------- a real terminal


def test_in_a_real_terminal_portuguese_keys_buy_a_card_and_leave(tmp_path: Path) -> None:
    """``--lang pt``: C buys (draws) a card, M says the hand, S asks to leave and S says
    yes; F1's lines are the Portuguese keys."""
    with language.use("pt"):
        cancelled = messages.tr(messages.QUIT_CANCELLED)
    game = Terminal(
        tmp_path,
        "--lang",
        "pt",
        "--scenario",
        str(SCENARIOS / "call_uno_and_go_out.json"),
        *DEVICES_OFF,
    )
    game.sees("Sua vez.")
    game.press("\x1bOP")  # F1
    game.sees("C: compre uma carta; depois Enter a joga, F fica com ela.")
    game.sees("S: saia (pergunta antes).")
    game.press("m")
    game.sees("Sua mão, 2 cartas:")
    game.press("s")
    game.press("n")
    game.sees(cancelled)
    game.press("s")
    game.press("s")
    game.ends()


# ----------------------------------------------------------------- settings, typed


def test_a_setting_is_typed_in_the_players_language_and_said_in_it(spanish: None) -> None:
    """ "detalle breve", "voz no": the settings' words in Spanish (English still taken),
    and the answer names them in Spanish, not "verbosity" or "brief"."""
    view = position(START, "b2").view(0)
    assert parse("detalle breve", view) == Setting("verbosity", Verbosity.BRIEF)
    rate = Setting("speech_rate", 250)
    assert parse("velocidad 250", view) == parse("rate 250", view) == rate
    game = position(START, "b2")
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("detalle breve\rverbosity full\rvoz quizás\r")
        pipe.close()
        play(
            game,
            {1: bot(1), 2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
        )
    # said at the verbosity it sets: brief, its brief form ("detalle breve en esta partida")
    assert "detalle breve en esta partida" in said
    assert "El ajuste detalle vale ahora completo en esta partida." in said
    assert "El ajuste voz admite sí o no, como en voz no; no se ha cambiado nada." in said


def test_the_setup_takes_its_answers_in_the_players_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sí and no, fácil and difícil, breve, pantalla: the Spanish setup asks in Spanish
    words and takes them (and the English ones); Enter keeps a default said in Spanish."""
    from uno_access.access.message import Verbosity
    from uno_access.settings import BrailleDisplay, Settings
    from uno_access.ui.setup import set_up

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    answers = ["es", "", "", "difícil", "", "", "no", "", "pantalla", "sí", "breve", "", ""]
    said: list[str] = []
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("".join(answer + "\r" for answer in answers))
            chosen = set_up(
                Settings(), input=pipe, output=DummyOutput(), screen=Screen(said.append)
            )
        assert chosen is not None
        assert chosen.bots == "hard" and chosen.speech is False and chosen.sounds is True
        assert chosen.braille_display is BrailleDisplay.SCREEN and chosen.large_text is True
        assert chosen.verbosity is Verbosity.BRIEF and chosen.keys is True
        assert "¿Leer en voz alta cada mensaje: sí o no? [sí]" in said
        assert "Se conserva: sí." in said  # the sounds' default, kept, said in Spanish
        assert not any(" on " in f" {line} " or "[on]" in line for line in said)
    finally:
        language.set_default("en")
