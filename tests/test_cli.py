"""The command line for real (INTERFACE.md "Commands" and "Scenario files").

Every test runs ``python -m uno_access …`` (once the ``uno-access`` console script)
in a child process and reads what a user or a script would read: standard output,
standard error and the exit status.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_access.engine.rules import PRESETS

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120

# INTERFACE.md, "Scenario files": the example, word for word
EXAMPLE: dict[str, Any] = {
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"preset": "standard", "uno_penalty": 2},
    "dealer": 2,
    "hands": [["r5", "b7"], ["g2", "g+2"], ["wi"]],
    "start": "b3",
    "draw_pile": ["y1", "g9", "r0"],
    "seed": 1,
    "actions": [
        {"seat": 0, "act": "play", "card": "b7"},
        {"seat": 1, "act": "draw"},
        {"seat": 1, "act": "keep"},
    ],
}
# … and the state line it documents
EXAMPLE_STATE: dict[str, Any] = {
    "event": "state", "current": 2, "direction": "clockwise", "top": "b7", "color": "blue",
    "hands": [["r5"], ["g2", "g+2", "y1"], ["wi"]], "draw_pile": 2, "discard_pile": 2,
    "scores": [0, 0, 0], "round_over": False, "winner": None,
}


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args], capture_output=True, text=True,
        encoding="utf-8", timeout=TIMEOUT, cwd=cwd, env=os.environ.copy(), check=False,
    )


def write(tmp_path: Path, data: object, name: str = "scenario.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def json_lines(out: str) -> list[dict[str, Any]]:
    lines = out.splitlines()
    assert lines, "no output"
    objects = [json.loads(line) for line in lines]
    for obj in objects:
        assert isinstance(obj, dict) and isinstance(obj.get("event"), str), obj
    return objects


def assert_one_line_error(result: subprocess.CompletedProcess[str], *mentions: str) -> str:
    """Status 2, nothing on standard output, one line on standard error, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""
    line = lines[0]
    for text in mentions:
        assert text.lower() in line.lower(), (text, line)
    return line


def with_changes(**changes: object) -> dict[str, Any]:
    data = json.loads(json.dumps(EXAMPLE))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    assert isinstance(data, dict)
    return data


# --------------------------------------------------------------------- scenario


def test_scenario_prints_one_json_object_per_event_then_the_documented_state(
    tmp_path: Path,
) -> None:
    result = run("scenario", str(write(tmp_path, EXAMPLE)))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = json_lines(result.stdout)
    state = lines[-1]
    assert {key: state[key] for key in EXAMPLE_STATE} == EXAMPLE_STATE
    assert [line["event"] for line in lines].count("state") == 1
    events = lines[:-1]
    played = [e for e in events if e["event"] == "card_played"]
    assert len(played) == 1 and played[0]["seat"] == 0 and played[0]["card"] == "b7"
    drawn = [e for e in events if e["event"] == "cards_drawn"]
    assert len(drawn) == 1 and drawn[0]["seat"] == 1 and drawn[0]["count"] == 1
    assert not [e for e in events if e["event"] == "rejected"]


def test_scenario_through_the_uno_access_console_script(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "uno-access"
    assert script.exists(), f"the entry point uno-access is not installed beside {sys.executable}"
    path = write(tmp_path, EXAMPLE)
    result = subprocess.run(
        [str(script), "scenario", str(path)], capture_output=True, text=True, encoding="utf-8",
        timeout=TIMEOUT, cwd=tmp_path, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == run("scenario", str(path)).stdout
    state = json_lines(result.stdout)[-1]
    assert {key: state[key] for key in EXAMPLE_STATE} == EXAMPLE_STATE


def test_a_rejected_action_prints_a_rejected_line_and_the_replay_goes_on(tmp_path: Path) -> None:
    actions = [
        *EXAMPLE["actions"],
        {"seat": 0, "act": "play", "card": "r5"},  # not seat 0's turn: Cy (seat 2) plays
        {"seat": 2, "act": "play", "card": "wi", "color": "red"},  # Cy goes out
    ]
    result = run("scenario", str(write(tmp_path, with_changes(actions=actions))))
    assert result.returncode == 0, result.stderr
    lines = json_lines(result.stdout)
    rejected = [line for line in lines if line["event"] == "rejected"]
    assert len(rejected) == 1
    line = rejected[0]
    assert line["seat"] == 0 and line["act"] == "play"
    assert isinstance(line["reason"], str) and line["reason"].strip()
    after = lines[lines.index(line) + 1:]
    assert any(e["event"] == "card_played" and e["seat"] == 2 and e["card"] == "wi" for e in after)
    state = lines[-1]
    assert state["event"] == "state"
    assert state["hands"] == [["r5"], ["g2", "g+2", "y1"], []]
    assert state["round_over"] is True and state["winner"] == 2 and state["current"] is None
    assert state["scores"] == [0, 0, 5 + 2 + 20 + 1]  # r5, g2, g+2, y1 left in the other hands


def test_a_rejected_play_of_the_drawn_card_names_the_act_given(tmp_path: Path) -> None:
    actions = [
        {"seat": 0, "act": "play", "card": "b7"},
        {"seat": 1, "act": "draw"},  # y1 does not match Blue 7
        {"seat": 1, "act": "play", "card": "y1"},
        {"seat": 1, "act": "play_drawn"},
        {"seat": 1, "act": "keep"},
    ]
    result = run("scenario", str(write(tmp_path, with_changes(actions=actions))))
    assert result.returncode == 0, result.stderr
    lines = json_lines(result.stdout)
    rejected = [line for line in lines if line["event"] == "rejected"]
    assert [(r["seat"], r["act"]) for r in rejected] == [(1, "play"), (1, "play_drawn")]
    assert all(isinstance(r["reason"], str) and r["reason"] for r in rejected)
    state = lines[-1]
    assert {key: state[key] for key in EXAMPLE_STATE} == EXAMPLE_STATE


BROKEN: list[tuple[str, object, tuple[str, ...]]] = [
    ("not_json", '{"players": ["Ann", "Bob"', ("JSON",)),
    ("empty_file", "", ("JSON",)),
    ("not_an_object", "[1, 2, 3]", ()),
    ("missing_hands", with_changes(hands=None), ("hands",)),
    ("wrong_hand_count", with_changes(hands=[["r5"], ["g2"]]), ("hands",)),
    ("hands_not_lists", with_changes(hands=["r5", "g2", "wi"]), ("hands",)),
    ("bad_card_code", with_changes(hands=[["r5", "zz9"], ["g2"], ["wi"]]), ("zz9",)),
    ("bad_start_card", with_changes(start="b10"), ("b10",)),
    ("missing_start", with_changes(start=None), ("start",)),
    ("bad_draw_pile_card", with_changes(draw_pile=["y1", "purple"]), ("purple",)),
    ("unknown_act", with_changes(actions=[{"seat": 0, "act": "dance"}]), ("dance",)),
    ("action_without_seat", with_changes(actions=[{"act": "draw"}]), ("seat",)),
    ("play_without_card", with_changes(actions=[{"seat": 0, "act": "play"}]), ("card",)),
    ("bad_colour", with_changes(actions=[{"seat": 0, "act": "play", "card": "b7",
                                          "color": "purple"}]), ("purple",)),
    ("catch_without_target", with_changes(actions=[{"seat": 0, "act": "catch"}]), ("target",)),
    ("one_player", with_changes(players=["Ann"], hands=[["r5"]]), ("players",)),
    ("dealer_out_of_range", with_changes(dealer=3), ("dealer",)),
    ("unknown_preset", with_changes(rules={"preset": "nosuch"}), ("nosuch",)),
    ("unknown_rule_option", with_changes(rules={"bogus": 1}), ("bogus",)),
    ("bad_uno_penalty", with_changes(rules={"uno_penalty": 3}), ("uno_penalty",)),
    ("preset_not_playable_yet", with_changes(rules={"preset": "speed"}), ()),
    ("wild_draw_four_start_with_nothing_to_replace_it",
     with_changes(start="wi+4", draw_pile=[]), ()),
]


@pytest.mark.parametrize(
    ("content", "mentions"), [(c, m) for _, c, m in BROKEN], ids=[name for name, _, _ in BROKEN],
)
def test_a_broken_scenario_exits_2_with_one_line_and_no_traceback(
    tmp_path: Path, content: object, mentions: tuple[str, ...]
) -> None:
    assert_one_line_error(run("scenario", str(write(tmp_path, content))), *mentions)


def test_a_missing_scenario_file_exits_2_with_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-scenario.json"
    assert_one_line_error(run("scenario", str(missing)), "no-such-scenario.json")


def test_a_scenario_path_that_is_a_folder_exits_2_with_one_line(tmp_path: Path) -> None:
    assert_one_line_error(run("scenario", str(tmp_path)))


def test_a_scenario_file_that_is_not_utf8_text_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'\xff\xfe{"players": 2}')
    assert_one_line_error(run("scenario", str(path)))


def test_a_scenario_nested_too_deeply_exits_2_with_one_line(tmp_path: Path) -> None:
    assert_one_line_error(run("scenario", str(write(tmp_path, "[" * 100_000))))


# --------------------------------------------------------------------- simulate


def simulate(*args: str) -> dict[str, Any]:
    result = run("simulate", *args, "--json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout
    record = json.loads(lines[0])
    assert isinstance(record, dict)
    return record


@pytest.mark.parametrize("players", [2, 4, 10])
def test_simulate_json_reports_games_players_time_actions_wins_and_errors(players: int) -> None:
    games = 6
    record = simulate("--players", str(players), "--games", str(games), "--seed", "3")
    assert record["games"] == games
    assert record["players"] == players
    assert isinstance(record["seconds"], int | float) and record["seconds"] >= 0
    assert isinstance(record["games_per_second"], int | float) and record["games_per_second"] > 0
    assert isinstance(record["actions"], int) and record["actions"] > 0
    wins = record["wins"]
    assert isinstance(wins, list) and len(wins) == players
    assert all(isinstance(w, int) and w >= 0 for w in wins)
    assert sum(wins) == games
    assert record["errors"] == 0


def test_simulate_with_the_same_seed_plays_the_same_games() -> None:
    args = ("--players", "3", "--games", "8", "--seed", "42")
    first, second = simulate(*args), simulate(*args)
    assert first["wins"] == second["wins"]
    assert first["actions"] == second["actions"]


def test_simulate_plays_the_lowest_scoring_preset() -> None:
    record = simulate("--players", "4", "--games", "3", "--rules", "lowest")
    assert record["errors"] == 0 and sum(record["wins"]) == 3


def test_simulate_with_an_unknown_preset_exits_2_with_one_line() -> None:
    line = assert_one_line_error(
        run("simulate", "--players", "2", "--games", "1", "--rules", "nosuch", "--json"),
        "nosuch",
    )
    assert "standard" in line  # says which presets there are


NOT_PLAYABLE = sorted(name for name, rules in PRESETS.items() if rules.unsupported())


@pytest.mark.parametrize("preset", NOT_PLAYABLE)
def test_simulate_with_a_preset_not_playable_yet_exits_2_with_one_line(preset: str) -> None:
    line = assert_one_line_error(
        run("simulate", "--players", "4", "--games", "1", "--rules", preset, "--json")
    )
    assert "standard" in line  # says what can be played instead


USAGE_ERRORS = [
    ("simulate", "--players", "11", "--games", "1"),
    ("simulate", "--players", "1", "--games", "1"),
    ("simulate", "--players", "two", "--games", "1"),
    ("simulate", "--players", "2", "--games", "0"),
    ("simulate", "--players", "2", "--games", "1", "--bots", "nosuch"),
    ("frobnicate",),
    ("scenario",),
]


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=["_".join(a) for a in USAGE_ERRORS])
def test_a_usage_error_is_one_clear_line_and_a_non_zero_status(args: tuple[str, ...]) -> None:
    """INTERFACE.md: errors are one clear line on standard error, never a traceback."""
    result = run(*args)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stdout == ""


# --------------------------------------------------------------------- cards

DIGIT_LETTERS = "JABCDEFGHI"  # after the number sign, A-I are 1-9 and J is 0
COLOR_LETTERS = {"b": "Blue", "g": "Green", "r": "Red", "y": "Yellow"}


def expected_faces() -> dict[str, tuple[str, int]]:
    """Every face's code → (BRF as printed on the braille deck, points), from the rule sheet."""
    faces: dict[str, tuple[str, int]] = {}
    for letter in COLOR_LETTERS:
        up = letter.upper()
        for n in range(10):
            faces[f"{letter}{n}"] = (f"{up}#{DIGIT_LETTERS[n]}", n)
        faces[f"{letter}+2"] = (f'{up}"6#B', 20)
        faces[f"{letter}rv"] = (f"{up}RV", 20)
        faces[f"{letter}sk"] = (f"{up}SK", 20)
    faces["wi"] = ("WI", 50)
    faces["wi+4"] = ('WI"6#D', 50)
    return faces


def cards_json() -> list[dict[str, Any]]:
    result = run("cards", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert isinstance(rows, list)
    return rows


def test_cards_json_lists_the_54_faces_with_code_name_brf_unicode_points() -> None:
    rows = cards_json()
    assert len(rows) == 54
    for row in rows:
        assert {"code", "name", "brf", "unicode", "points"} <= set(row), row
        assert isinstance(row["name"], str) and row["name"]
        assert all(0x2800 <= ord(ch) <= 0x28FF for ch in row["unicode"]), row
    expected = expected_faces()
    assert sorted(row["code"] for row in rows) == sorted(expected)
    assert {row["code"]: (row["brf"], row["points"]) for row in rows} == expected


def test_cards_json_braille_codes_are_those_printed_on_the_braille_deck() -> None:
    by_code = {row["code"]: row for row in cards_json()}
    assert by_code["b7"]["brf"] == "B#G"
    assert by_code["b+2"]["brf"] == 'B"6#B'
    assert by_code["brv"]["brf"] == "BRV"
    assert by_code["bsk"]["brf"] == "BSK"
    assert by_code["wi"]["brf"] == "WI"
    assert by_code["wi+4"]["brf"] == 'WI"6#D'
    assert by_code["b0"]["brf"] == "B#J" and by_code["y9"]["brf"] == "Y#I"
    assert by_code["b7"]["unicode"] == "⠃⠼⠛"


def test_cards_json_names_are_spoken_in_full_words() -> None:
    by_code = {row["code"]: row for row in cards_json()}
    assert by_code["b7"]["name"] == "Blue 7"
    assert by_code["r+2"]["name"] == "Red Draw Two"
    assert by_code["gsk"]["name"] == "Green Skip"
    assert by_code["yrv"]["name"] == "Yellow Reverse"
    assert by_code["wi"]["name"] == "Wild"
    assert by_code["wi+4"]["name"] == "Wild Draw Four"


def test_cards_without_json_prints_one_line_per_face() -> None:
    result = run("cards")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 54
    for code, (brf, _) in expected_faces().items():
        assert any(code in line and brf in line for line in lines), code
