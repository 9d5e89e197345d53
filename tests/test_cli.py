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
    "event": "state",
    "current": 2,
    "direction": "clockwise",
    "top": "b7",
    "color": "blue",
    "hands": [["r5"], ["g2", "g+2", "y1"], ["wi"]],
    "draw_pile": 2,
    "discard_pile": 2,
    "scores": [0, 0, 0],
    "round_over": False,
    "winner": None,
}


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        cwd=cwd,
        env=os.environ.copy(),
        check=False,
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
        [str(script), "scenario", str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        cwd=tmp_path,
        check=False,
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
    after = lines[lines.index(line) + 1 :]
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
    (
        "bad_colour",
        with_changes(actions=[{"seat": 0, "act": "play", "card": "b7", "color": "purple"}]),
        ("purple",),
    ),
    ("catch_without_target", with_changes(actions=[{"seat": 0, "act": "catch"}]), ("target",)),
    ("one_player", with_changes(players=["Ann"], hands=[["r5"]]), ("players",)),
    ("dealer_out_of_range", with_changes(dealer=3), ("dealer",)),
    ("unknown_preset", with_changes(rules={"preset": "nosuch"}), ("nosuch",)),
    ("unknown_rule_option", with_changes(rules={"bogus": 1}), ("bogus",)),
    ("bad_uno_penalty", with_changes(rules={"uno_penalty": 3}), ("uno_penalty",)),
    ("bad_blank_card", with_changes(rules={"blank_cards": ["wi"]}), ("blank_cards", "wi")),
    (
        "two_blank_cards_of_one_colour",
        with_changes(rules={"blank_cards": ["y7", "y8"]}),
        ("blank_cards",),
    ),
    ("rules_not_an_object", with_changes(rules="speed"), ("rules",)),
    ("partners_for_three_players", with_changes(rules={"preset": "partners"}), ("4",)),
    ("jump_in_without_card", with_changes(actions=[{"seat": 1, "act": "jump_in"}]), ("card",)),
    (
        "drop_of_different_cards",
        with_changes(actions=[{"seat": 0, "act": "play", "cards": ["r5", "b7"]}]),
        ("cards",),
    ),
    (
        "anniversary_keep_not_a_card",
        with_changes(
            actions=[{"seat": 0, "act": "play", "card": "wi", "target": 1, "keep": "zz9"}]
        ),
        ("zz9",),
    ),
    (
        "wild_draw_four_start_with_nothing_to_replace_it",
        with_changes(start="wi+4", draw_pile=[]),
        (),
    ),
]


@pytest.mark.parametrize(
    ("content", "mentions"),
    [(c, m) for _, c, m in BROKEN],
    ids=[name for name, _, _ in BROKEN],
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


# --------------------------------------------------------------------- presets and variant actions


def scenario(tmp_path: Path, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Replay ``data``: status 0, nothing on standard error, one JSON object per line."""
    result = run("scenario", str(write(tmp_path, data)))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = json_lines(result.stdout)
    assert lines[-1]["event"] == "state"
    assert [line["event"] for line in lines].count("state") == 1
    return lines


def rejections(lines: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    out = []
    for line in lines:
        if line["event"] == "rejected":
            assert isinstance(line["reason"], str) and line["reason"].strip(), line
            out.append((line["seat"], line["act"], line["code"]))
    return out


def preset_scenario(rules: dict[str, Any]) -> dict[str, Any]:
    """A small position for ``rules``, with the players its preset needs: seat 0 plays."""
    preset = rules.get("preset", "standard")
    players = {"partners": 4, "partners_rotation": 4, "partners_two_tables": 8}.get(preset, 3)
    hands = [["b8", "r5"], ["g2", "y9"], *([["r1", "g+2"]] * (players - 2))]
    return {
        "players": players,
        "rules": rules,
        "hands": hands,
        "start": "b3",
        "draw_pile": ["y1", "g9", "r0"],
        "actions": [{"seat": 0, "act": "play", "card": "b8"}],  # (no 7: Seven-O's swap)
    }


SCHEDULES = ("partners_rotation", "partners_two_tables")  # several tables: not one scenario
SCENARIO_RULES: list[dict[str, Any]] = [
    *({"preset": name} for name in PRESETS if name not in SCHEDULES),
    {"preset": "standard", "blank_cards": ["y7", "g+2", "rsk", "b0"]},
    {"preset": "speed", "uno_penalty": 2, "target_score": 200},
]


@pytest.mark.parametrize(
    "rules",
    SCENARIO_RULES,
    ids=["-".join(map(str, r.values())) for r in SCENARIO_RULES],
)
def test_a_scenario_plays_under_every_preset(tmp_path: Path, rules: dict[str, Any]) -> None:
    data = preset_scenario(rules)
    lines = scenario(tmp_path, data)
    assert rejections(lines) == []
    played = [line for line in lines if line["event"] == "card_played"]
    assert [(p["seat"], p["card"]) for p in played] == [(0, "b8")]
    state = lines[-1]
    assert state["top"] == "b8" and state["hands"][0] == ["r5"]
    assert len(state["hands"]) == data["players"]


@pytest.mark.parametrize("preset", SCHEDULES)
def test_a_partner_schedule_is_not_one_table_so_a_scenario_under_it_exits_2(
    tmp_path: Path, preset: str
) -> None:
    data = preset_scenario({"preset": preset})
    assert_one_line_error(run("scenario", str(write(tmp_path, data))), "partners preset")


def test_jump_in_race_the_second_jump_in_on_the_same_play_is_rejected(tmp_path: Path) -> None:
    """Speed UNO's Exact Match: Cy jumps in on Ann's Green 6 and play goes on from Cy; Bob,
    who jumped in on the same play, is too late.
    """
    data = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"preset": "speed"},
        "dealer": 2,
        "hands": [["g6", "r1", "b2"], ["g6", "y3", "y4"], ["g6", "b5", "r9"]],
        "start": "g5",
        "draw_pile": ["y1", "g9", "r0"],
        "actions": [
            {"seat": 0, "act": "play", "card": "g6"},
            {"seat": 2, "act": "jump_in", "card": "g6", "on": 1},
            {"seat": 1, "act": "jump_in", "card": "g6", "on": 1},
        ],
    }
    lines = scenario(tmp_path, data)
    assert rejections(lines) == [(1, "jump_in", "jump_in_too_late")]
    played = [line for line in lines if line["event"] == "card_played"]
    assert [(p["seat"], p["card"], p.get("jump_in", False)) for p in played] == [
        (0, "g6", False),
        (2, "g6", True),
    ]
    state = lines[-1]
    assert state["hands"] == [["r1", "b2"], ["g6", "y3", "y4"], ["b5", "r9"]]
    assert state["top"] == "g6" and state["discard_pile"] == 3
    assert state["current"] == 0  # play continues from Cy: Ann is next
    assert state["plays"] == 2


def test_jump_in_without_on_by_a_seat_without_the_card_is_rejected(tmp_path: Path) -> None:
    data = {
        "players": 3,
        "rules": {"preset": "speed"},
        "hands": [["g6", "r1"], ["y3", "y4"], ["g6", "b5"]],
        "start": "g5",
        "actions": [
            {"seat": 1, "act": "jump_in", "card": "g5"},  # the first play is not yet made
            {"seat": 0, "act": "play", "card": "g6"},
            {"seat": 1, "act": "jump_in", "card": "g6"},  # Bob holds no Green 6
            {"seat": 2, "act": "jump_in", "card": "g6"},
        ],
    }
    lines = scenario(tmp_path, data)
    assert [(seat, act) for seat, act, _ in rejections(lines)] == [(1, "jump_in"), (1, "jump_in")]
    assert lines[-1]["hands"] == [["r1"], ["y3", "y4"], ["b5"]]


def test_play_with_cards_drops_identical_cards_at_once(tmp_path: Path) -> None:
    data = {
        "players": 3,
        "rules": {"preset": "speed"},
        "hands": [["g6", "g6", "r1"], ["y3", "y4"], ["b5", "r9"]],
        "start": "g5",
        "actions": [{"seat": 0, "act": "play", "cards": ["g6", "g6"]}],
    }
    lines = scenario(tmp_path, data)
    assert rejections(lines) == []
    played = [line for line in lines if line["event"] == "card_played"]
    assert len(played) == 1
    assert (played[0]["seat"], played[0]["card"], played[0]["count"]) == (0, "g6", 2)
    state = lines[-1]
    assert state["hands"][0] == ["r1"] and state["discard_pile"] == 3 and state["current"] == 1


def test_play_with_cards_is_rejected_without_dropping_or_without_the_copies(
    tmp_path: Path,
) -> None:
    hands = [["g6", "g6", "r1"], ["y3", "y4"], ["b5", "r9"]]
    for rules, code in (
        ({"preset": "standard"}, "no_dropping"),
        ({"preset": "speed"}, "not_enough_copies"),
    ):
        drop = ["g6", "g6"] if code == "no_dropping" else ["g6", "g6", "g6"]
        data = {
            "players": 3,
            "rules": rules,
            "hands": hands,
            "start": "g5",
            "actions": [{"seat": 0, "act": "play", "cards": drop}],
        }
        lines = scenario(tmp_path, data)
        assert rejections(lines) == [(0, "play", code)]
        assert lines[-1]["hands"] == hands


STACKING = {
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"preset": "stacking"},
    "dealer": 2,
    "hands": [["r+2", "y+2", "b1"], ["g+2", "y5", "y6"], ["b+2", "r7", "r8"]],
    "start": "r3",
    "draw_pile": ["y1", "g9", "r0", "b4", "b5", "b6", "b7", "b8"],
}


@pytest.mark.parametrize(("plays", "owed", "owing"), [(1, 2, 1), (2, 4, 2), (3, 6, 0)])
def test_stacking_shows_the_stack_owed_in_the_state(
    tmp_path: Path, plays: int, owed: int, owing: int
) -> None:
    actions = [
        {"seat": 0, "act": "play", "card": "r+2"},
        {"seat": 1, "act": "play", "card": "g+2"},
        {"seat": 2, "act": "play", "card": "b+2"},
    ][:plays]
    lines = scenario(tmp_path, {**STACKING, "actions": actions})
    assert rejections(lines) == []
    assert not [line for line in lines if line["event"] == "cards_drawn"]
    state = lines[-1]
    assert state["stack"] == owed and state["current"] == owing
    assert state["phase"] == "stack"


def test_stacking_the_stack_goes_round_once_then_its_starter_draws_it_all(
    tmp_path: Path,
) -> None:
    actions = [
        {"seat": 0, "act": "play", "card": "r+2"},
        {"seat": 1, "act": "play", "card": "g+2"},
        {"seat": 2, "act": "play", "card": "b+2"},
        {"seat": 0, "act": "play", "card": "y+2"},  # back to Ann, who began it: may not add
        {"seat": 0, "act": "accept"},
    ]
    lines = scenario(tmp_path, {**STACKING, "actions": actions})
    assert rejections(lines) == [(0, "play", "stack_cannot_add")]
    drawn = [line for line in lines if line["event"] == "cards_drawn"]
    assert [(d["seat"], d["count"]) for d in drawn] == [(0, 6)]
    state = lines[-1]
    assert state["stack"] == 0 and state["current"] == 1
    assert state["hands"][0] == ["y+2", "b1", "y1", "g9", "r0", "b4", "b5", "b6"]


def test_anniversary_card_keeps_one_card_and_gives_the_rest(tmp_path: Path) -> None:
    """The player keeps ``keep``, gives the rest of the hand to ``target``, calls UNO and
    chooses the colour.
    """
    data = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"preset": "anniversary"},
        "dealer": 2,
        "hands": [["an", "r1", "b2", "g3"], ["y1", "y2"], ["b5"]],
        "start": "b3",
        "draw_pile": ["y4", "g9", "r0"],
        "actions": [
            {
                "seat": 0,
                "act": "play",
                "card": "an",
                "target": 2,
                "keep": "r1",
                "color": "red",
                "uno": True,
            },
        ],
    }
    lines = scenario(tmp_path, data)
    assert rejections(lines) == []
    given = [line for line in lines if line["event"] == "anniversary_played"]
    assert len(given) == 1
    assert (given[0]["seat"], given[0]["target"], given[0]["count"]) == (0, 2, 2)
    state = lines[-1]
    assert state["hands"] == [["r1"], ["y1", "y2"], ["b5", "b2", "g3"]]
    assert state["top"] == "an" and state["color"] == "red"
    assert state["current"] == 1 and state["uno_exposed"] is None


def test_anniversary_card_with_a_bad_target_or_keep_is_rejected(tmp_path: Path) -> None:
    data = {
        "players": 3,
        "rules": {"preset": "anniversary"},
        "hands": [["an", "r1", "b2"], ["y1", "y2"], ["b5"]],
        "start": "b3",
        "actions": [
            {"seat": 0, "act": "play", "card": "an", "keep": "r1", "color": "red"},
            {"seat": 0, "act": "play", "card": "an", "target": 0, "keep": "r1", "color": "red"},
            {"seat": 0, "act": "play", "card": "an", "target": 1, "keep": "g7", "color": "red"},
        ],
    }
    lines = scenario(tmp_path, data)
    assert [code for _, _, code in rejections(lines)] == [
        "anniversary_target",
        "anniversary_target",
        "anniversary_keep",
    ]
    assert lines[-1]["hands"] == data["hands"]


def test_partners_show_the_teams_and_the_pairs_score(tmp_path: Path) -> None:
    data = {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "rules": {"preset": "partners"},
        "dealer": 3,
        "hands": [["b7"], ["r5", "g2"], ["y9", "wi"], ["r+2"]],
        "start": "b3",
        "actions": [{"seat": 0, "act": "play", "card": "b7"}],
    }
    lines = scenario(tmp_path, data)
    state = lines[-1]
    assert state["teams"] == [[0, 2], [1, 3]]
    assert state["round_over"] is True and state["winner"] == 0
    assert state["scores"] == [27, 0, 27, 0]  # both opposing hands: r5 g2 r+2; not Cy's


def test_challenge_uno_shows_the_eliminated_seats(tmp_path: Path) -> None:
    data: dict[str, Any] = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"preset": "challenge_uno", "target_score": 10},
        "dealer": 2,
        "hands": [["b7"], ["r9", "g8"], ["y1"]],
        "start": "b3",
        "actions": [{"seat": 0, "act": "play", "card": "b7"}],
    }
    lines = scenario(tmp_path, data)
    assert [line["seat"] for line in lines if line["event"] == "player_eliminated"] == [1]
    state = lines[-1]
    assert state["eliminated"] == [1]
    assert state["scores"] == [0, 17, 1]  # each keeps the points left in their own hand
    assert state["round_over"] is True and state["game_over"] is False
    # the next round is dealt to the seats still playing
    data["actions"].append({"seat": 2, "act": "next_round"})
    state = scenario(tmp_path, data)[-1]
    assert state["eliminated"] == [1] and state["round"] == 2
    assert state["hands"][1] == [] and len(state["hands"][0]) >= 7 and len(state["hands"][2]) >= 7


def test_challenge_uno_the_last_one_not_eliminated_wins(tmp_path: Path) -> None:
    data = {
        "players": ["Ann", "Bob"],
        "rules": {"preset": "challenge_uno", "target_score": 10},
        "hands": [["b7"], ["r9", "g8"]],
        "start": "b3",
        "actions": [{"seat": 0, "act": "play", "card": "b7"}],
    }
    state = scenario(tmp_path, data)[-1]
    assert state["eliminated"] == [1]
    assert state["game_over"] is True and state["game_winner"] == 0


def test_penalties_a_wrong_card_is_taken_back_with_two_cards_and_a_suggestion_costs_two(
    tmp_path: Path,
) -> None:
    data = {
        "players": 3,
        "rules": {"preset": "penalties"},
        "dealer": 2,
        "hands": [["r5", "b7"], ["g2", "y9"], ["r1", "g+2"]],
        "start": "b3",
        "draw_pile": ["y1", "g9", "r0", "b4"],
        "actions": [
            {"seat": 0, "act": "play", "card": "r5"},  # does not match Blue 3
            {"seat": 2, "act": "suggest"},
            {"seat": 1, "act": "play", "card": "b7"},  # not in Bob's hand: refused
        ],
    }
    lines = scenario(tmp_path, data)
    assert rejections(lines) == [(1, "play", "not_in_hand")]
    assert [line["event"] for line in lines if line["event"].endswith("_penalty")] == [
        "wrong_card_penalty",
        "suggestion_penalty",
    ]
    state = lines[-1]
    assert state["hands"] == [["r5", "b7", "y1", "g9"], ["g2", "y9"], ["r1", "g+2", "r0", "b4"]]
    assert state["top"] == "b3" and state["current"] == 1


def test_a_blank_card_plays_as_the_card_it_stands_for(tmp_path: Path) -> None:
    """The state line names a blank card by its own code (``bly7``): a scenario must be able
    to name it too, or an exported game with blank cards would not replay.
    """
    data = {
        "players": 2,
        "rules": {"preset": "standard", "blank_cards": ["y7"]},
        "hands": [["bly7", "r5"], ["g2", "y9"]],
        "start": "y3",
        "actions": [{"seat": 0, "act": "play", "card": "bly7"}],
    }
    lines = scenario(tmp_path, data)
    assert rejections(lines) == []
    state = lines[-1]
    assert state["top"] == "bly7" and state["color"] == "yellow" and state["hands"][0] == ["r5"]


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


# the players each preset is simulated with: partners need 4, the two tables 8
PRESET_PLAYERS = {
    "standard": 4,
    "lowest": 3,
    "anniversary": 4,
    "partners": 4,
    "challenge_uno": 5,
    "speed": 6,
    "stacking": 3,
    "partners_rotation": 4,
    "partners_two_tables": 8,
    "penalties": 4,
    "no_mercy": 4,
}
BLANKS = "standard,blank_cards=y7/g+2/rsk/b0"
# the house rules (RULES.md "House rules"), each alone and with presets
HOUSE_RULES = [
    "standard,seven_o=on",
    "standard,draw_responses=on",
    "standard,force_play=on",
    "standard,draw_to_match=on",
    "standard,no_bluffing=on",
    "speed,seven_o=on,draw_responses=on,no_bluffing=on",
    "anniversary,seven_o=on,force_play=on,draw_to_match=on",
    "standard,must_play=on,color_only=on,jump_in_any_color=on,jump_in_penalty=on",
    "stacking,stack_deflect=on,stack_deflect_wild=on,draw_no_skip=on,no_action_finish=on",
    "standard,seven_o=on,seven_o_decline=on,wild_shuffle_hands=on,custom_wilds=swap_hands",
    "speed,color_only=on,false_uno_penalty=on,custom_wilds=skip_everyone",
    "standard,custom_wilds=everyone_draws",
]
SIMULATED = [*PRESETS, BLANKS, *HOUSE_RULES]


def test_every_preset_has_a_player_count_to_simulate() -> None:
    assert set(PRESET_PLAYERS) == set(PRESETS)


@pytest.mark.parametrize("rules", SIMULATED)
def test_simulate_plays_40_games_of_every_preset_without_an_error(rules: str) -> None:
    players = PRESET_PLAYERS.get(rules, 3)
    games = 40
    result = run(
        "simulate",
        "--rules",
        rules,
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        "7",
        "--json",
    )
    assert "Traceback" not in result.stderr, result.stderr
    record = json.loads(result.stdout)
    assert record["errors"] == 0, record["first_error"]
    assert result.returncode == 0, result.stderr
    assert record["rules"] == rules
    assert record["games"] == games and record["players"] == players
    assert record["errors"] == 0, record["first_error"]
    wins = record["wins"]
    assert len(wins) == players and sum(wins) == games
    assert isinstance(record["actions"], int) and record["actions"] > 0


@pytest.mark.parametrize(
    ("preset", "wanted"),
    [
        ("partners", "4"),
        ("partners_rotation", "4"),
        ("partners_two_tables", "8"),
    ],
)
def test_simulate_with_the_wrong_number_of_players_for_a_preset_exits_2_with_one_line(
    preset: str, wanted: str
) -> None:
    assert_one_line_error(
        run("simulate", "--players", "3", "--games", "1", "--rules", preset, "--json"),
        preset,
        wanted,
    )


BAD_RULES = [
    ("nosuch", ("nosuch", "standard", "speed")),  # says which presets there are
    ("standard,bogus=1", ("bogus", "uno_penalty")),  # … which options there are
    ("standard,uno_penalty=3", ("uno_penalty", "3", "2", "4", "5")),  # … which values
    ("standard,blank_cards=wi", ("blank_cards", "wi")),
    ("standard,blank_cards=y7/zz9", ("blank_cards", "zz9")),
    ("standard,uno_penalty", ("uno_penalty",)),
    ("speed,target_score=0", ("target_score",)),
    ("stacking,draw_responses=on", ("draw_responses", "stacking", "choose one")),
    ("standard,seven_o=maybe", ("seven_o", "maybe")),
]


@pytest.mark.parametrize(("rules", "mentions"), BAD_RULES, ids=[r for r, _ in BAD_RULES])
def test_simulate_with_bad_rules_exits_2_with_one_clear_line(
    rules: str, mentions: tuple[str, ...]
) -> None:
    assert_one_line_error(
        run("simulate", "--players", "3", "--games", "1", "--rules", rules, "--json"),
        *mentions,
    )


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


def test_cards_rules_lists_the_faces_of_that_deck_the_wild_shuffle_hands_too() -> None:
    result = run("cards", "--json", "--rules", "standard,wild_shuffle_hands=on")
    assert result.returncode == 0, result.stderr
    rows = {row["code"]: row for row in json.loads(result.stdout)}
    assert len(rows) == 55
    assert rows["wish"] == {
        "code": "wish",
        "name": "Wild Shuffle Hands",
        "brf": "WI%",
        "unicode": "⠺⠊⠩",
        "points": 40,
    }
    refused = run("cards", "--rules", "standard,shuffle=on")
    assert refused.returncode != 0 and "Traceback" not in refused.stderr


def test_cards_rules_no_mercy_lists_every_new_face_with_name_braille_and_points() -> None:
    result = run("cards", "--json", "--rules", "no_mercy")
    assert result.returncode == 0, result.stderr
    rows = {row["code"]: row for row in json.loads(result.stdout)}
    assert len(rows) == 4 * 16 + 4  # per colour 0-9, 6 action cards; 4 Wilds; no plain Wild
    assert "wi" not in rows and "wi+4" not in rows
    assert {
        code: (rows[code]["name"], rows[code]["brf"], rows[code]["points"])
        for code in ("b+4", "bska", "bda", "wirv+4", "wi+6", "wi+10", "wiro")
    } == {
        "b+4": ("Blue Draw Four", 'B"6#D', 20),
        "bska": ("Blue Skip Everyone", "BSKA", 20),
        "bda": ("Blue Discard All", "BDA", 20),
        "wirv+4": ("Wild Reverse Draw Four", 'WIRV"6#D', 50),
        "wi+6": ("Wild Draw Six", 'WI"6#F', 50),
        "wi+10": ("Wild Draw Ten", 'WI"6#AJ', 50),
        "wiro": ("Wild Colour Roulette", "WIRO", 50),
    }


def test_cards_says_1_point_and_2_points() -> None:
    result = run("cards")
    assert result.returncode == 0, result.stderr
    by_code = {line.split("\t")[0]: line for line in result.stdout.splitlines()}
    assert by_code["b1"].endswith("\t1 point")
    assert by_code["b2"].endswith("\t2 points") and by_code["b0"].endswith("\t0 points")


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


def test_the_command_lines_own_words_are_in_the_language_asked_for() -> None:
    """argparse's usage line, headings and errors too: nothing of it stays English."""
    wrong = run("play", "--lang", "es", "--bogus")
    assert wrong.returncode != 0 and wrong.stdout == ""
    assert "argumentos no reconocidos: --bogus" in wrong.stderr, wrong.stderr
    assert "unrecognized" not in wrong.stderr
    choice = run("rules", "--lang", "es", "--format", "nope")
    assert "opción no válida: 'nope' (elige entre" in choice.stderr, choice.stderr
    shown = run("cards", "--lang", "es", "--help")
    assert shown.returncode == 0
    assert shown.stdout.startswith("uso: uno-access cards")
    assert "opciones:" in shown.stdout and "muestra esta ayuda y sale" in shown.stdout
    english = run("cards", "--lang", "en", "--help")
    assert english.stdout.startswith("usage: ") and "show this help message" in english.stdout


def test_only_the_command_asked_for_has_its_arguments_made_and_each_still_parses() -> None:
    """Making every command's arguments was about 10 ms of each start: the command line's
    parser makes the asked command's alone, and names every command for the help."""
    import argparse

    from uno_access.__main__ import COMMAND_ARGUMENTS, build_parser

    def options(parser: argparse.ArgumentParser, command: str) -> set[str]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        assert set(sub.choices) == set(COMMAND_ARGUMENTS)  # every command named
        return {o for a in sub.choices[command]._actions for o in a.option_strings}

    only_play = build_parser("play")
    assert "--players" in options(only_play, "play")
    assert options(only_play, "serve") == {"-h", "--help"}
    assert build_parser("serve").parse_args(["serve", "--cluster", "nats://h:4222"]).cluster
    assert "--cluster" in options(build_parser(), "serve")  # None: every command's
