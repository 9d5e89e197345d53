"""The command line against a hostile user (issue 17): odd arguments to every command,
standard output closed, full or gone, rules that cannot be dealt. Every run is a real
subprocess of the ``uno-access`` console script with its own home.

Whatever happens: never a traceback; an error is one line on standard error and exit
status 2 (docs/keys-and-commands.md, "Errors are one line on standard error and exit
status 2"); "Written" only when it was; a closed pipe (``uno-access cards | head -1``)
ends quietly, as a Unix tool ended by SIGPIPE (status 141).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from uno_access import text

SCRIPT = Path(sys.executable).parent / "uno-access"
TIMEOUT = 120
CLEAR = "\x1b[2J"
LONG = "x" * 5_000


def home_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"), HOME=str(home)
    )
    return env


def run(
    home: Path, *args: str, stdout: int | None = subprocess.PIPE
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(SCRIPT), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,
        cwd=home,
        env=home_env(home),
        check=False,
    )


def error_line(result: subprocess.CompletedProcess[bytes], status: int = 2) -> str:
    """The one line on standard error of a run that failed with ``status``."""
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert result.returncode == status, (result.returncode, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert text.shown(line, 10_000) == line, line  # nothing raw reaches the terminal
    assert len(line) < 600, line
    return line


def assert_nothing_saved(home: Path) -> None:
    data = home / "data" / "uno-access"
    assert not (data / "games.db").exists(), sorted(data.iterdir())


# --------------------------------------------------------------------- rules that cannot be dealt

NOT_DEALT = (
    "uno-access: 10 players with 15 cards each need 150 cards, and 5 more must be "
    "left to turn a start card; the deck has 108: at most 10 cards each."
)


def test_ten_players_with_fifteen_cards_each_are_refused_in_one_line_before_anything_is_saved(
    tmp_path: Path,
) -> None:
    result = run(tmp_path, "--rules", "standard,hand_size=15", "--players", "10")
    assert error_line(result) == NOT_DEALT
    assert_nothing_saved(tmp_path)
    # and the next game starts as ever: nothing was left behind to lock the player out
    again = run(tmp_path, "simulate", "--players", "10", "--games", "1", "--json")
    assert again.returncode == 0, again.stderr


def test_players_from_the_settings_file_are_checked_with_the_rules_of_the_command_line(
    tmp_path: Path,
) -> None:
    settings = tmp_path / "config" / "uno-access" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text("players = 10\n", encoding="utf-8")
    result = run(tmp_path, "play", "--rules", "standard,hand_size=15")
    assert error_line(result) == NOT_DEALT
    assert_nothing_saved(tmp_path)


@pytest.mark.parametrize(
    ("rules", "players", "most"),
    [
        ("anniversary,hand_size=11", "10", 10),
        ("standard,hand_size=13", "8", 12),
        ("challenge_uno,hand_size=12", "9", 11),
        ("stacking,hand_size=14", "10", 10),
    ],
)
def test_rules_whose_hands_do_not_fit_the_deck_are_refused_by_play_and_simulate(
    tmp_path: Path,
    rules: str,
    players: str,
    most: int,
) -> None:
    for command in ("play", "simulate"):
        line = error_line(run(tmp_path, command, "--rules", rules, "--players", players))
        assert line.endswith(f"at most {most} cards each."), line
    assert_nothing_saved(tmp_path)


def test_a_scenario_whose_later_deals_cannot_fit_the_deck_exits_2_with_one_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ten.json"
    path.write_text(
        json.dumps(
            {
                "players": 10,
                "rules": {"hand_size": 15},
                "deal": "seed",
                "seed": 1,
            }
        ),
        encoding="utf-8",
    )
    for command in (("scenario", str(path)), ("play", "--scenario", str(path))):
        assert error_line(run(tmp_path, *command)) == NOT_DEALT


# --------------------------------------------------------------------- output that fails

PRINTING = [
    ("rules",),
    ("rules", "--format", "brf"),
    ("rules", "--quick"),
    ("doctor",),
    ("doctor", "--json"),
    ("cards",),
    ("cards", "--json"),
    ("simulate", "--games", "2"),
    ("simulate", "--games", "2", "--json"),
    ("--help",),
    ("simulate", "--help"),
]


@pytest.mark.parametrize("args", PRINTING, ids=" ".join)
def test_standard_output_closed_is_one_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    result = subprocess.run(
        [str(SCRIPT), *args],
        stdout=None,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,
        cwd=tmp_path,
        env=home_env(tmp_path),
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert error_line(result) == (
        "uno-access: cannot write to standard output: it is closed. "
        "Run it again with somewhere to write to."
    )


@pytest.mark.parametrize("args", [*PRINTING, ("scenario", "EXAMPLE")], ids=" ".join)
def test_standard_output_to_a_full_disk_is_one_line_and_status_2(
    tmp_path: Path,
    args: tuple[str, ...],
) -> None:
    if args[-1] == "EXAMPLE":
        example = tmp_path / "example.json"
        example.write_text(json.dumps({"players": 2, "deal": "seed", "seed": 1}), "utf-8")
        args = (*args[:-1], str(example))
    with open("/dev/full", "w") as full:
        result = run(tmp_path, *args, stdout=full.fileno())
    assert (
        error_line(result) == "uno-access: cannot write to standard output: "
        "the disk is full. Free some space on the disk."
    )


@pytest.mark.parametrize("format", ["text", "brf", "wav"])
def test_rules_to_a_full_disk_say_so_in_one_line_and_never_written(
    tmp_path: Path, format: str
) -> None:
    result = run(tmp_path, "rules", "--format", format, "-o", "/dev/full")
    assert error_line(result) == (
        "uno-access: cannot write /dev/full: the disk is full. Free some space on the disk."
    )
    assert b"Written" not in result.stdout
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # the device is left as it was


def test_rules_as_wav_are_written_to_the_file_named_and_only_then_said_written(
    tmp_path: Path,
) -> None:
    target = tmp_path / "rules.wav"
    result = run(tmp_path, "rules", "--format", "wav", "--quick", "-o", str(target))
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == f"Written: {target}\n"
    assert target.read_bytes()[:4] == b"RIFF"


@pytest.mark.parametrize("args", PRINTING, ids=" ".join)
def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path, args: tuple[str, ...]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before a byte is written: every write is EPIPE
    try:
        result = run(tmp_path, *args, stdout=write)
    finally:
        os.close(write)
    assert result.stderr == b""
    assert result.returncode == 141


def test_cards_into_head_prints_the_first_card_and_nothing_on_standard_error(
    tmp_path: Path,
) -> None:
    result = subprocess.run(
        f"'{SCRIPT}' rules | head -c 10; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
        env=home_env(tmp_path),
        check=False,
    )
    assert result.stdout == b"How to pla"
    assert result.stderr == b""
    assert result.returncode in (0, 141)


# --------------------------------------------------------------------- odd arguments

ODD = ["", "-1", "0", "99999999999999999999", "nan", "abc", CLEAR, LONG, "--", "2.5", "\uff11"]


def odd_runs() -> list[tuple[str, ...]]:
    """Runs that must each be refused with one line (status 2)."""
    out: list[tuple[str, ...]] = []
    for v in ODD:
        out += [("rules", "--format", v), ("rules", "--table", v), ("scenario", v or "/")]
        if v != "\uff11":  # a fullwidth 1 is a 1 to Python's int()
            out.append(("simulate", "--games", v))
        if v not in ("2.5", "\uff11", "0"):
            out.append(("simulate", "--bot-budget", v, "--games", "1"))
        if v not in ("",):
            out += [
                ("play", "--players", v),
                ("simulate", "--players", v, "--games", "1"),
                ("simulate", "--rules", v, "--games", "1"),
                ("play", "--bots", v, "--players", "3"),
                (v,),
            ]
        if v not in ("-1", "0", "99999999999999999999", "\uff11"):
            out.append(("simulate", "--seed", v, "--games", "1"))
        if v not in ("", "0", "2.5", "\uff11"):
            out.append(("play", "--bot-pace", v))
        if v:
            out += [("cards", v), ("doctor", v)]
        if v and v not in ("--", "\uff11", "99999999999999999999"):  # (the store's: a game)
            out += [("export", v), ("resume", v)]
    for spec in [
        "standard,hand_size=0",
        "standard,hand_size=99999999999999999999",
        "standard,hand_size=" + "9" * 5000,
        "standard,hand_size",
        "standard,=",
        ",,,x",
        "standard,blank_cards=zz/qq",
        "standard,blank_cards=wi",
        "standard,blank_cards=y7/y8",
        "standard,partners=maybe",
        f"standard,scoring={CLEAR}",
        f"{CLEAR},uno_penalty=4",
        "standard,target_score=0",
        "standard,uno_penalty=3",
        f"standard,bogus{CLEAR}=1",
        "standard,hand_size=15",
        "anniversary,hand_size=15",
        "partners",
        "partners_two_tables",
    ]:
        out.append(("play", "--players", "10", "--rules", spec))
        out.append(("simulate", "--players", "10", "--games", "1", "--rules", spec))
    out += [
        ("simulate", "--bots", "hard:0", "--games", "1"),
        ("simulate", "--bots", "hard:99999999999999999999", "--games", "1"),
        ("simulate", "--bots", "hard:nan", "--games", "1"),
        ("simulate", "--bots", ",,,", "--games", "1"),
        ("simulate", "--bots", f"normal,{CLEAR}", "--games", "1"),
        ("play", "--bots", f"person,{CLEAR}"),
        ("play", "--verbosity", "loud"),
        ("play", "--speech", "maybe"),
        ("play", "--braille-display", "x"),
        ("play", "--large-text", "x"),
        ("play", "--keys", "x"),
        ("play", "--braille-table", "x"),
        ("resume", "--speech", "x"),
        ("export", "--bogus"),
        ("play", "--players", "3", "--rules", "partners"),
        ("play", "--rules", "partners_rotation", "--players", "4"),
        ("rules", "-o", "/nonexistent/folder/rules.txt"),
        ("rules", "-o", "/"),
        ("rules", "--format", "brf", "-o", "/nonexistent/folder/rules.brf"),
        ("rules", "--format", "wav", "-o", "/nonexistent/folder/rules.wav"),
        ("rules", "--format", "wav", "-o", "/"),
        ("--bogus",),
        ("bogus",),
        ("scenario",),
        ("scenario", "a", "b"),
        ("scenario", "/dev/zero"),
        ("play", "--scenario", "/dev/zero"),
        ("play", "--scenario", "/"),
        ("export", "0"),
        ("simulate", "--games", "1", "--players", "4", "--rules", "partners_two_tables"),
    ]
    return out


ODD_RUNS = odd_runs()


@pytest.mark.parametrize("args", ODD_RUNS, ids=lambda a: text.shown(" ".join(a), 60))
def test_an_odd_command_line_is_refused_in_one_clear_line_with_status_2(
    tmp_path: Path,
    args: tuple[str, ...],
) -> None:
    error_line(run(tmp_path, *args))
    if args[0] not in ("resume", "export"):  # these open the saved games to look
        assert_nothing_saved(tmp_path)


def test_the_odd_command_lines_cover_every_command() -> None:
    assert len(ODD_RUNS) >= 150
    commands = {"play", "simulate", "scenario", "cards", "rules", "resume", "export", "doctor"}
    assert commands <= {args[0] for args in ODD_RUNS}
