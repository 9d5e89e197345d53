"""A setting takes the same values, spelled the same way, in the settings file, typed during
a game and chosen in the lobby: the three read one table (``settings_table.py``). A value a
setting does not take is refused in one sentence naming what it takes, the same in a game
and the lobby (the file's line names it in the same words), and changes nothing.

Driven for real: the settings file through ``settings.load``, a game through
prompt_toolkit's pipe input (``test_keys_never_trap.game_of``), the lobby through a
``Person`` of a real lobby (as ``tests/net/test_net_lobby.py`` does).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_keys_never_trap import TOP, after_turn, game_of
from test_play import START, position

from uno_access.access import messages
from uno_access.access.message import Verbosity
from uno_access.access.wording import language
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.lobby import Person
from uno_access.net.server.tables import Lobby
from uno_access.seat.commands import Invalid, Setting, parse
from uno_access.settings import Settings, load

NO_SPEECH = messages.tr(messages.SPEECH_NONE)  # a rate or volume taken, where none speaks


@pytest.fixture
def spanish() -> Iterator[None]:
    with language.use("es"):
        yield


@pytest.fixture
def lobby() -> Iterator[Lobby]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield Lobby(loop)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def _person(lobby: Lobby, said: list[str], accounts: Accounts | None = None) -> Person:
    with create_pipe_input() as pipe:
        person = Person("ann", lobby, pipe, DummyOutput(), said.append)
    person.accounts = accounts
    return person


def _typed(person: Person, line: str) -> bool:
    """A lobby command typed by ``person``, stepped here in this thread's context (the
    session's coroutine awaits nothing for it)."""
    running = person._command(line)
    try:
        running.send(None)
    except StopIteration as done:
        return bool(done.value)
    running.close()
    raise AssertionError(f"the command {line!r} waited for input")


def _in_lobby(lobby: Lobby, line: str) -> tuple[Person, str]:
    """The person after ``line`` typed in the lobby, and the one line they were told."""
    said: list[str] = []
    person = _person(lobby, said)
    _typed(person, line)
    (told,) = said
    return person, told


def _in_file(tmp_path: Path, line: str) -> tuple[Settings, list[str]]:
    path = tmp_path / "settings.toml"
    path.write_text(line + "\n", encoding="utf-8")
    return load(path)


def _at_table(line: str) -> str:
    """The answer to ``line`` typed at the table on the player's turn (then T: the top
    card, said after it, shows the line was answered once)."""
    _, said = game_of([f"{line}\r", "t\r"], typed=True)
    answer, then = after_turn(said)[:2]
    assert then == TOP
    return answer


def _not_allowed(tmp_path: Path, line: str, allowed: str, default: str) -> str:
    return (
        f"{tmp_path / 'settings.toml'}, line 1: {line} is not allowed ({allowed}); "
        f"the default, {default}, is used."
    )


# ----------------------------------------------------------------- the speech rate


@pytest.mark.parametrize(("rate", "taken"), [(79, False), (80, True), (450, True), (451, False)])
def test_the_speech_rate_range_is_the_same_in_the_settings_file_and_the_rate_command(
    tmp_path: Path, rate: int, taken: bool
) -> None:
    settings, problems = _in_file(tmp_path, f"speech_rate = {rate}")
    answer = _at_table(f"rate {rate}")
    if taken:
        assert (settings.speech_rate, problems) == (rate, [])
        assert answer == NO_SPEECH  # taken: there is just no speech here to change
    else:
        allowed = "a whole number from 80 to 450"
        line = f"speech_rate = {rate}"
        assert problems == [_not_allowed(tmp_path, line, allowed, "175")]
        assert settings.speech_rate == 175
        assert answer == f"rate takes {allowed}, as in rate 250; nothing was changed."


def test_a_rate_of_900_typed_at_the_table_is_refused_in_one_sentence_naming_the_range() -> None:
    answer = _at_table("rate 900")
    assert (
        answer == "rate takes a whole number from 80 to 450, as in rate 250; nothing was changed."
    )


# ----------------------------------------------------------------- the volume


@pytest.mark.parametrize(
    ("volume", "taken"), [("0", True), ("0.8", True), ("1", True), ("1.5", False)]
)
def test_the_volume_range_is_the_same_in_the_settings_file_and_the_volume_command(
    tmp_path: Path, volume: str, taken: bool
) -> None:
    settings, problems = _in_file(tmp_path, f"volume = {volume}")
    answer = _at_table(f"volume {volume}")
    if taken:
        assert (settings.volume, problems) == (float(volume), [])
        assert answer == NO_SPEECH
    else:
        allowed = "a number from 0 to 1"
        assert problems == [_not_allowed(tmp_path, f"volume = {volume}", allowed, "1.0")]
        assert answer == f"volume takes {allowed}, as in volume 0.8; nothing was changed."


def test_a_volume_typed_with_a_decimal_comma_is_the_same_volume(spanish: None) -> None:
    view = position(START, "b2").view(0)
    assert parse("volumen 0,8", view) == parse("volume 0.8", view) == Setting("volume", 0.8)


# ----------------------------------------------------------------- the verbosity


@pytest.mark.parametrize("level", list(Verbosity))
def test_the_verbosity_levels_are_the_same_in_the_settings_file_the_game_and_the_lobby(
    tmp_path: Path, lobby: Lobby, level: Verbosity
) -> None:
    settings, problems = _in_file(tmp_path, f'verbosity = "{level.value}"')
    assert (settings.verbosity, problems) == (level, [])
    view = position(START, "b2").view(0)
    assert parse(f"verbosity {level.value}", view) == Setting("verbosity", level)
    person, told = _in_lobby(lobby, f"verbosity {level.value}")
    assert person.settings.verbosity is level
    assert told == messages.net_verbosity_set(level.value)


def test_a_verbosity_it_does_not_take_is_refused_in_the_same_sentence_in_the_game_and_the_lobby(
    tmp_path: Path, lobby: Lobby
) -> None:
    refused = "verbosity takes brief, normal or full, as in verbosity brief; nothing was changed."
    assert _at_table("verbosity loud") == refused
    person, told = _in_lobby(lobby, "verbosity loud")
    assert told == refused
    assert person.settings.verbosity is Verbosity.NORMAL  # nothing changed
    _, problems = _in_file(tmp_path, 'verbosity = "loud"')
    allowed = 'one of "brief", "normal", "full"'
    assert problems == [_not_allowed(tmp_path, 'verbosity = "loud"', allowed, '"normal"')]


# ----------------------------------------------------------------- on and off


def test_on_and_off_are_typed_alike_at_the_table_and_in_the_lobby(lobby: Lobby) -> None:
    view = position(START, "b2").view(0)
    assert parse("speech yes", view) == parse("speech on", view) == Setting("speech", True)
    assert parse("sounds n", view) == Setting("sounds", False)
    person, told = _in_lobby(lobby, "keys no")
    assert person.settings.keys is False and told == messages.net_keys_set(False)
    person, told = _in_lobby(lobby, "keys maybe")
    assert told == "keys takes on or off, as in keys off; nothing was changed."
    assert person.settings.keys is True
    refused = parse("speech maybe", view)
    assert isinstance(refused, Invalid)
    assert str(refused.message) == "speech takes on or off, as in speech off; nothing was changed."


def test_chat_mute_is_refused_alike_at_the_table_and_in_the_lobby(lobby: Lobby) -> None:
    refused = "chat takes mute or unmute, as in chat mute; nothing was changed."
    assert _at_table("chat loud") == refused
    _, told = _in_lobby(lobby, "chat loud")
    assert told == refused


# ----------------------------------------------------------------- the language


def test_the_languages_taken_are_the_ones_the_game_speaks_in_the_file_and_the_lobby(
    tmp_path: Path, lobby: Lobby
) -> None:
    codes = sorted(language.LANGUAGES)
    for code in codes:
        assert _in_file(tmp_path, f'lang = "{code}"') == (Settings(lang=code), [])
    _, problems = _in_file(tmp_path, 'lang = "xx"')
    listed = ", ".join(codes)
    allowed = f'a language the game speaks, by its code ({listed}), or "" for the system\'s'
    assert problems == [_not_allowed(tmp_path, 'lang = "xx"', allowed, '""')]
    person, told = _in_lobby(lobby, "lang xx")
    assert told == "lang takes en, es or pt, as in lang es; nothing was changed."
    assert person.settings.lang == ""


# ----------------------------------------------------------------- kept with the account


def test_a_lobby_choice_is_kept_as_the_table_reads_it_and_made_again_next_time(
    tmp_path: Path, lobby: Lobby
) -> None:
    accounts = Accounts(tmp_path)
    with language.use("en"):  # lang pt below speaks Portuguese in this thread until then
        person = _person(lobby, [], accounts)
        for line in ("keys yes", "verbosity BRIEF", "chat mute", "lang PT", "verbosity loud"):
            _typed(person, line)
        again = _person(lobby, [], accounts)
        again._restore_preferences()
    assert dict(accounts.preferences("ann")) == {
        "chat": "mute",
        "keys": "on",
        "lang": "pt",
        "verbosity": "brief",  # the refused "loud" kept nothing
    }
    assert again.settings.verbosity is Verbosity.BRIEF
    assert (again.settings.keys, again.settings.lang) == (True, "pt")
    assert again.outputs.chat_speech is False


def test_the_range_is_named_in_the_same_words_in_the_players_language(
    tmp_path: Path, spanish: None
) -> None:
    _, problems = _in_file(tmp_path, "speech_rate = 900")
    assert "(un número entero de 80 a 450)" in problems[0]
    refused = parse("velocidad 900", position(START, "b2").view(0))
    assert isinstance(refused, Invalid)
    assert str(refused.message) == (
        "El ajuste velocidad admite un número entero de 80 a 450, como en velocidad 250; "
        "no se ha cambiado nada."
    )
