"""Broken and hostile settings files (issue 17): whatever the file holds, the start takes
bounded time, says at most one line about each kind of problem (one line in all for a
file that cannot be used), never a traceback, never an escape sequence, and play goes on
with the defaults where the file could not say.

The kinds of the campaign: truncated, wrong types, huge numbers, NaN, negative, nested,
binary, empty, a byte-order mark, duplicate keys, thousands of unknown keys, a FIFO, a
device, a 10 MB value, escape sequences in names and keys.
"""

from __future__ import annotations

import os
import time
from dataclasses import fields
from pathlib import Path

import pytest
from store_pty import PtyGame

from uno_access import text
from uno_access.settings import DEFAULTS, SIZE_LIMIT, Settings, load

DEVICES_OFF = ["--speech", "off", "--braille-display", "off", "--sounds", "off"]

GOOD = 'name = "Ann"\nplayers = 3\nrules = "standard"\nspeech = false\nvolume = 0.5\n'
CLEAR = "\x1b[2J\x1b[H"  # clears the screen of whoever is shown it raw
CLEAR_TOML = "\\u001b[2J\\u001b[H"  # the same, as a TOML string writes it

# each file, and how many problem lines it must give (its defaults then used)
KINDS: dict[str, tuple[str | bytes, int]] = {
    "empty": ("", 0),
    "only a comment": ("# nothing\n", 0),
    "good": (GOOD, 0),
    "good with a byte-order mark": ("\ufeff" + GOOD, 0),
    "good with CRLF": (GOOD.replace("\n", "\r\n"), 0),
    "binary": (bytes(range(256)) * 4, 1),
    "latin-1": ('name = "Zo\xeb"\n'.encode("latin-1"), 1),
    "utf-16": (GOOD.encode("utf-16"), 1),
    "NUL bytes": (b"players = 3\x00\x00\n", 1),
    "truncated string": ('name = "Ann\n', 1),
    "truncated table": ("[rules\n", 1),
    "truncated array": ("players = [1, 2\n", 1),
    "truncated key": ("play", 1),
    "key without value": ("players =\n", 1),
    "duplicate keys": ("players = 3\nplayers = 4\n", 1),
    "duplicate quoted key": ('players = 3\n"players" = 4\n', 1),
    "not toml": ("speech = on\n", 1),
    "json": ('{"players": 3}\n', 1),
    "nested 100,000 arrays": ("players = " + "[" * 100_000 + "]" * 100_000 + "\n", 1),
    "nested 5,000 arrays": ("players = " + "[" * 5_000 + "]" * 5_000 + "\n", 1),
    "nested 900 arrays": ("players = " + "[" * 900 + "]" * 900 + "\n", 1),
    "nested 300 arrays": ("players = " + "[" * 300 + "]" * 300 + "\n", 1),
    "nested inline tables": ("players = " + "{a = " * 400 + "1" + "}" * 400 + "\n", 1),
    "deep table headers": ("[" + ".".join(["a"] * 3000) + "]\n", 1),
    "huge number": ("players = " + "9" * 400 + "\n", 1),
    "number over 4,300 digits": ("players = " + "9" * 5_000 + "\n", 1),
    "huge float": ("volume = 1e999\n", 1),
    "nan": ("volume = nan\n", 1),
    "negative nan": ("bot_pace = -nan\n", 1),
    "inf": ("bot_pace = inf\n", 1),
    "negative players": ("players = -3\n", 1),
    "zero players": ("players = 0\n", 1),
    "eleven players": ("players = 11\n", 1),
    "players as float": ("players = 3.0\n", 1),
    "players as text": ('players = "3"\n', 1),
    "players as bool": ("players = true\n", 1),
    "players as date": ("players = 1979-05-27\n", 1),
    "players as array": ("players = [3]\n", 1),
    "players as table": ("[players]\nx = 3\n", 1),
    "speech as text": ('speech = "yes"\n', 1),
    "speech as number": ("speech = 1\n", 1),
    "volume over": ("volume = 1.5\n", 1),
    "negative volume": ("volume = -0.1\n", 1),
    "negative rate": ("speech_rate = -175\n", 1),
    "huge display": ("display_width = 100000\n", 1),
    "bad verbosity": ('verbosity = "loud"\n', 1),
    "bad braille table": ('braille_table = "grade9"\n', 1),
    "bad display": ("braille_display = 3\n", 1),
    "bad bots": ('bots = "genius"\n', 1),
    "empty bots": ('bots = ""\n', 1),
    "bots with escapes": (f'bots = "normal,{CLEAR_TOML}"\n', 1),
    "raw escape in a value": (f'bots = "normal,{CLEAR}"\n', 1),
    "bad rules": ('rules = "standard,uno_penalty=3"\n', 1),
    "rules not a preset": ('rules = "nonsense"\n', 1),
    "rules with escapes": (f'rules = "{CLEAR_TOML}"\n', 1),
    "rules hand size 99999": ('rules = "standard,hand_size=99999"\n', 1),
    "10 players with 15 cards each": ('players = 10\nrules = "standard,hand_size=15"\n', 1),
    "anniversary 10 players with 11 cards": (
        'players = 10\nrules = "anniversary,hand_size=11"\n',
        1,
    ),
    "partners for 3 players": ('players = 3\nrules = "partners"\n', 1),
    "two tables for 4 players": ('players = 4\nrules = "partners_two_tables"\n', 1),
    "10 MB value": ('name = "' + "x" * 10_000_000 + '"\n', 1),
    "60 kB value": ('name = "' + "x" * 60_000 + '"\n', 1),
    "long voice": ('voice = "' + "v" * 5_000 + '"\n', 1),
    "long names": ('names = "' + "n," * 2_000 + '"\n', 1),
    "multi-line name": ('name = """Ann\nBob"""\n', 1),
    "one unknown key": ("colour = 1\n", 1),
    "3,000 unknown keys": ("".join(f"k{i} = {i}\n" for i in range(3_000)), 1),
    "500,000 unknown keys": ("".join(f"k{i} = {i}\n" for i in range(500_000)), 1),
    "unknown keys and bad values": ("a = 1\nb = 2\nplayers = 99\n", 2),
    "an unknown table": ("[section]\nplayers = 3\n", 1),
    "an array of tables": ("[[players]]\n", 1),
    "escape sequence key": (f'"{CLEAR_TOML}" = 1\n', 1),
    "raw escape sequence key": (f'"{CLEAR}" = 1\n', 1),
    "OSC title key": ('"\\u001b]0;owned\\u0007" = 1\n', 1),
    "many escape keys": ("".join(f'"\\u001b[{i}m" = 1\n' for i in range(50)), 1),
    "escape in a bad value": (f'verbosity = "{CLEAR_TOML}"\n', 1),
    "control character key": ('"\\u0007\\u0008" = 1\n', 1),
    "unicode keys": ("".join(f'"ключ{i}" = 1\n' for i in range(10)), 1),
    "spaces in key": ('"play ers" = 3\n', 1),
    "dotted key": ("players.count = 3\n", 1),
    "line of spaces": (" " * 60_000 + "\n", 0),
    "over the size limit": ("#" * (SIZE_LIMIT + 1), 1),
    "only a byte-order mark": ("\ufeff", 0),
    "two byte-order marks": ("\ufeff\ufeffplayers = 3\n", 1),
}
SAFE_NAMES: dict[str, tuple[str, str]] = {  # a file's names, and how they are read
    "clear screen": (f'name = "{CLEAR_TOML}Ann"\n', "Ann"),
    "OSC title": ('name = "\\u001b]0;owned\\u0007Bob"\n', "Bob"),
    "C1 CSI": ('name = "\\u009b2JCy"\n', "Cy"),
    "bell and backspace": ('name = "D\\u0007\\u0008an"\n', "Dan"),
    "delete": ('name = "Eve\\u007f"\n', "Eve"),
    "right-to-left override": ('name = "Fay\\u202e"\n', "Fay"),
    "tab": ('name = "Gus\\tGus"\n', "Gus Gus"),
}


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "settings.toml"
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def assert_safe_lines(problems: list[str], count: int) -> None:
    assert len(problems) == count, problems
    for line in problems:
        assert text.shown(line, 10_000) == line, line  # no control character, no escape
        assert "\n" not in line and len(line) < 600, line[:700]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_broken_settings_file_gives_a_line_for_each_problem_quickly_and_no_exception(
    tmp_path: Path,
    kind: str,
) -> None:
    content, count = KINDS[kind]
    path = write(tmp_path, content)
    start = time.perf_counter()
    settings, problems = load(path)
    took = time.perf_counter() - start
    assert took < 20, took  # a bound on hanging, not a speed
    assert isinstance(settings, Settings)
    assert_safe_lines(problems, count)
    for f in fields(Settings):  # every value is one a setting can take
        value = getattr(settings, f.name)
        assert type(value) is type(getattr(DEFAULTS, f.name)), (f.name, value)
        if isinstance(value, str):
            assert text.shown(value, 10_000) == value, (f.name, value)


def test_ten_players_with_fifteen_cards_each_in_the_settings_keep_the_players_and_the_default_rules(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, 'players = 10\nrules = "standard,hand_size=15"\n')
    settings, problems = load(path)
    assert (settings.players, settings.rules) == (10, "standard")
    assert problems == [
        f"{path}: the rules and the players do not go together: 10 players with 15 cards "
        "each need 150 cards, and 5 more must be left to turn a start card; the deck has "
        '108: at most 10 cards each. The default rules, "standard", are used.'
    ]


def test_thousands_of_unknown_keys_are_one_line_naming_three(tmp_path: Path) -> None:
    path = write(tmp_path, "".join(f"k{i} = {i}\n" for i in range(3_000)))
    _, problems = load(path)
    assert len(problems) == 1
    assert problems[0].startswith(
        f"{path}: 3,000 unknown settings ignored: k0, k1, k2 and "
        "2,997 more; the settings are name, names, players,"
    )


def test_a_huge_value_is_quoted_cut_to_a_few_dozen_characters(tmp_path: Path) -> None:
    path = write(tmp_path, 'verbosity = "' + "loud" * 5_000 + '"\n')
    _, problems = load(path)
    assert problems == [
        f'{path}, line 1: verbosity = "loudloudloudloudloudloudloudloudloudlo… is not allowed '
        '(one of "brief", "normal", "full"); the default, "normal", is used.'
    ]


def test_a_file_too_big_to_be_settings_is_one_line_and_the_defaults(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "' + "x" * 10_000_000 + '"\n')
    assert load(path) == (
        DEFAULTS,
        [
            f"{path} is larger than 65,536 bytes, too big to be a settings file: "
            "the default settings are used."
        ],
    )


def test_a_settings_path_that_is_a_fifo_is_said_once_and_never_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    os.mkfifo(path)
    start = time.perf_counter()
    assert load(path) == (DEFAULTS, [f"{path} is not a file: the default settings are used."])
    assert time.perf_counter() - start < 20  # never waited on: a bound, not a speed


def test_a_settings_path_that_is_a_device_is_said_once() -> None:
    assert load(Path("/dev/zero")) == (
        DEFAULTS,
        ["/dev/zero is not a file: the default settings are used."],
    )


def test_an_escape_sequence_key_is_named_with_its_escapes_spelled_out(tmp_path: Path) -> None:
    path = write(tmp_path, f'"{CLEAR_TOML}" = 1\n')
    _, problems = load(path)
    assert problems[0].startswith(f"{path}: there is no setting '\\x1b[2J\\x1b[H'; the settings")


@pytest.mark.parametrize("kind", sorted(SAFE_NAMES))
def test_names_from_the_settings_file_have_no_control_characters_or_escapes(
    tmp_path: Path,
    kind: str,
) -> None:
    content, name = SAFE_NAMES[kind]
    path = write(tmp_path, content + f'names = "{CLEAR_TOML}Bo\\u001b[31mb, Cy\\u0007"\n')
    settings, problems = load(path)
    assert problems == []
    assert settings.name == name
    assert settings.names == "Bob,Cy"


def test_a_game_started_with_a_fifo_for_settings_says_it_once_and_plays(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True)
    os.mkfifo(settings)
    game = PtyGame(
        tmp_path,
        ["play", "--seed", "5", "--keys", "off", *DEVICES_OFF],
    )
    try:
        said = game.wait()
        assert said[0] == f"uno-access: {settings} is not a file: the default settings are used."
        assert sum("settings" in line for line in said) == 1
        assert any(line.startswith("UNO against ") for line in said)
    finally:
        game.close()


def test_a_game_with_escape_sequences_in_the_settings_names_shows_none_of_them(
    tmp_path: Path,
) -> None:
    settings = tmp_path / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        'keys = false\nspeech = false\nsounds = false\nbraille_display = "off"\nplayers = 3\n'
        'name = "\\u001b[2JAnn"\nnames = "\\u001b]0;owned\\u0007Bob,Cy\\u001b[5m"\n'
        '"\\u001b[2J" = 1\n',
        encoding="utf-8",
    )
    game = PtyGame(tmp_path, ["play", "--seed", "5"])
    try:
        game.wait()
        before = game.child.before or ""
        assert "\x1b[2J" not in before and "\x1b]0" not in before and "\x1b[5m" not in before
        said = [line for line in before.replace("\r", "").split("\n") if line]
        assert sum("there is no setting" in line for line in said) == 1
        assert any("UNO against Bob and Cy" in line for line in said), said
    finally:
        game.close()


def test_ten_players_with_fifteen_cards_in_the_settings_say_one_line_and_play_on(
    tmp_path: Path,
) -> None:
    settings = tmp_path / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        'keys = false\nspeech = false\nsounds = false\nbraille_display = "off"\n'
        'players = 10\nrules = "standard,hand_size=15"\n',
        encoding="utf-8",
    )
    game = PtyGame(tmp_path, ["play", "--seed", "5"])
    try:
        said = game.wait()
        assert said[0].startswith(
            f"uno-access: {settings}: the rules and the players do not "
            "go together: 10 players with 15 cards each need 150 cards"
        )
        assert any(line.startswith("UNO against ") for line in said), said
        assert game.type("l")[0].startswith("Your hand, 7 cards")
    finally:
        game.close()


def test_names_from_the_command_line_reach_the_table_without_escape_sequences(
    tmp_path: Path,
) -> None:
    game = PtyGame(
        tmp_path,
        [
            "play",
            "--seed",
            "5",
            "--players",
            "3",
            "--name",
            "\x1b[2JZo\x07e",
            "--names",
            "\x1b]0;owned\x07Bob,C\x1b[5my",
        ],
    )
    try:
        game.wait()
        before = game.child.before or ""
        assert "\x1b[2J" not in before and "\x1b]0" not in before and "\x1b[5m" not in before
        assert "\x07" not in before
        assert "UNO against Bob and Cy" in before, before
    finally:
        game.close()
