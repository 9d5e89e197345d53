"""The settings file: each bad value is one line naming the file, the line and what is
allowed, and its default is used; the rest of the file still counts.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from store_pty import PtyGame

from uno_access.access import messages
from uno_access.access.braille import BrailleTable
from uno_access.access.message import Verbosity
from uno_access.settings import (
    BrailleDisplay,
    Settings,
    load,
    remember,
    save,
    to_toml,
)
from uno_access.trouble import Trouble

DEVICES_OFF = ["--speech", "off", "--braille-display", "off", "--sounds", "off"]

BAD = """\
name = "Zoë"
players = 12
verbosity = "loud"
speech = "yes"
large_text = true
volume = 1.5
colour = "red"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_each_bad_setting_is_named_with_its_line_and_its_default_is_used(tmp_path: Path) -> None:
    path = write(tmp_path, BAD)
    settings, problems = load(path)
    assert settings == Settings(name="Zoë", large_text=True)
    assert problems == [
        f"{path}, line 2: players = 12 is not allowed (a whole number from 2 to 10); "
        "the default, 2, is used.",
        f'{path}, line 3: verbosity = "loud" is not allowed '
        '(one of "brief", "normal", "full"); the default, "normal", is used.',
        f'{path}, line 4: speech = "yes" is not allowed (true or false); '
        "the default, true, is used.",
        f"{path}, line 6: volume = 1.5 is not allowed (a number from 0 to 1); "
        "the default, 1.0, is used.",
        f"{path}, line 7: there is no setting colour; the settings are name, names, players, "
        "bots, rules, speech, speech_route, speech_rate, voice, volume, braille_display, "
        "braille_table, display_width, verbosity, large_text, large_banner, bot_pace, "
        "catch_grace, keys, speech_seat, sounds, sound_volume, sound_never, sound_not_my_turn, "
        "chat_speech, lang.",
    ]


def test_rules_and_bots_in_the_settings_are_checked_as_on_the_command_line(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, 'rules = "standard,uno_penalty=3"\nbots = "random,genius"\n')
    settings, problems = load(path)
    assert settings == Settings()
    assert [p.split(":")[0] for p in problems] == [f"{path}, line 1", f"{path}, line 2"]
    assert 'rules = "standard,uno_penalty=3" is not allowed' in problems[0]
    assert 'bots = "random,genius" is not allowed' in problems[1]


def test_a_file_that_is_not_toml_gives_one_line_and_the_defaults(tmp_path: Path) -> None:
    path = write(tmp_path, "players = 3\nspeech = on\n")
    settings, problems = load(path)
    assert settings == Settings()
    assert len(problems) == 1
    assert problems[0].startswith(f"{path} is not a valid settings file (")
    assert "line 2" in problems[0] and problems[0].endswith("the default settings are used.")


def test_a_settings_file_that_cannot_be_read_gives_one_line_and_the_defaults(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.toml"
    path.mkdir()
    assert load(path) == (
        Settings(),
        [messages.settings_unreadable(messages.reason_for(Trouble.IS_A_FOLDER, str(path)))],
    )
    assert load(tmp_path / "none.toml") == (Settings(), [])


def test_settings_written_back_read_back_the_same(tmp_path: Path) -> None:
    chosen = Settings(
        name='Ann "the \\ best" Zoë\x7f',
        players=4,
        bots="random",
        rules="speed",
        speech=False,
        speech_rate=300,
        voice="en-gb",
        volume=0.25,
        braille_display=BrailleDisplay.BRLAPI,
        braille_table=BrailleTable.COMPUTER,
        display_width=40,
        verbosity=Verbosity.BRIEF,
        large_text=True,
        bot_pace=0.5,
    )
    path = tmp_path / "config" / "settings.toml"
    assert save(chosen, path) is None
    assert path.read_text(encoding="utf-8") == to_toml(chosen)
    # the DEL is written (escaped) but a name is read back printable (text.name)
    assert load(path) == (replace(chosen, name='Ann "the \\ best" Zoë'), [])


def test_a_game_with_an_invalid_settings_file_says_so_and_plays(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(BAD, encoding="utf-8")
    game = PtyGame(
        tmp_path,
        ["play", "--seed", "5", "--keys", "off", *DEVICES_OFF],
    )
    try:
        said = game.wait()
        assert said[0].startswith(f"uno-access: {settings}, line 2: players = 12 is not allowed")
        assert sum(f"{settings}, line " in line for line in said) == 5
        assert any(line.startswith("UNO against Ann: first to 500") for line in said)
        assert game.type("l")[0].startswith("Your hand, 7 cards")
    finally:
        game.close()


WRITTEN_BY_HAND = """\
# my settings: quiet and big
large_text = true   # I read the screen up close

# the others
players = 4
bots = "normal,hard,easy"
volume = 0.80
speech = false
"""


def test_a_changed_value_keeps_the_players_comments_order_and_other_values(
    tmp_path: Path,
) -> None:
    """Rewriting the file (the Z key, the setup) changes only what changed (tomlkit)."""
    path = tmp_path / "settings.toml"
    path.write_text(WRITTEN_BY_HAND, encoding="utf-8")
    assert remember(path, sounds=False) is None
    written = path.read_text(encoding="utf-8")
    assert written.startswith(WRITTEN_BY_HAND)  # every line as written, 0.80 too
    assert written[len(WRITTEN_BY_HAND) :].splitlines().count("sounds = false") == 1
    settings, problems = load(path)
    assert problems == [] and settings.sounds is False and settings.large_text is True


def test_a_value_changed_in_place_stays_on_its_line_with_its_comment(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(WRITTEN_BY_HAND, encoding="utf-8")
    settings, _ = load(path)
    assert save(replace(settings, large_text=False, players=3), path) is None
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:7] == [
        "# my settings: quiet and big",
        "large_text = false   # I read the screen up close",
        "",
        "# the others",
        "players = 3",
        'bots = "normal,hard,easy"',
        "volume = 0.80",
    ]
    assert load(path) == (replace(settings, large_text=False, players=3), [])


def test_a_new_settings_file_says_what_it_is_in_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    assert save(Settings(), path) is None
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# The settings of uno-access")
    assert load(path) == (Settings(), [])
