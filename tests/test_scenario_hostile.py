"""Malformed and hostile scenario files (issue 17): ``uno-access scenario FILE`` either
replays (status 0, JSON lines, nothing on standard error) or refuses the file with one
line on standard error and status 2 (INTERFACE.md, "A file that is not a valid scenario
exits with status 2 and a one-line reason"); never a traceback, never a wait on a pipe,
never an escape sequence or a huge value quoted back. Real files, real subprocesses of
the ``uno-access`` console script; one run replays them all through ``play --scenario``
as well.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_access import text
from uno_access.scenario import load

SCRIPT = Path(sys.executable).parent / "uno-access"
TIMEOUT = 60
GOOD: dict[str, Any] = {
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"preset": "standard"},
    "dealer": 2,
    "hands": [["r5", "b7"], ["g2", "g+2"], ["wi"]],
    "start": "b3",
    "draw_pile": ["y1", "g9", "r0"],
    "seed": 1,
    "actions": [{"seat": 0, "act": "play", "card": "b7"}, {"seat": 1, "act": "draw"}],
}
CLEAR = "\x1b[2J"


def changed(**changes: object) -> str:
    data = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def action(**fields: object) -> str:
    return changed(actions=[{"seat": 0, "act": "play", "card": "b7", **fields}])


# each file, and the exit status it must give (0: it replays; 2: one line)
KINDS: dict[str, tuple[str | bytes, int]] = {
    "good": (json.dumps(GOOD), 0),
    "good with a byte-order mark": ("\ufeff" + json.dumps(GOOD), 0),
    "empty": ("", 2),
    "whitespace": ("  \n\t", 2),
    "truncated": (json.dumps(GOOD)[:40], 2),
    "truncated at the end": (json.dumps(GOOD)[:-1], 2),
    "binary": (bytes(range(256)) * 8, 2),
    "utf-16": (json.dumps(GOOD).encode("utf-16"), 2),
    "null": ("null", 2),
    "a list": ("[1, 2, 3]", 2),
    "a number": ("3", 2),
    "a string": ('"scenario"', 2),
    "nested 100,000 arrays": ("[" * 100_000 + "]" * 100_000, 2),
    "nested 100,000 objects": ('{"a":' * 100_000 + "1" + "}" * 100_000, 2),
    "number over 4,300 digits": (changed(seed=0).replace('"seed": 0', '"seed": ' + "9" * 5000), 2),
    "NaN seed": (changed(seed=0).replace('"seed": 0', '"seed": NaN'), 2),
    "Infinity dealer": (changed(dealer=0).replace('"dealer": 0', '"dealer": Infinity'), 2),
    "huge seed": (changed(seed=10**40), 0),
    "negative seed": (changed(seed=-5), 0),
    "float seed": (changed(seed=1.5), 2),
    "duplicate keys": ('{"players": 2, "players": ["A", "B"], ' + json.dumps(GOOD)[1:], 0),
    "players missing": (changed(players=None), 2),
    "one player": (changed(players=["Ann"]), 2),
    "eleven players": (changed(players=[f"P{i}" for i in range(11)]), 2),
    "players a huge number": (changed(players=10**30), 2),
    "players negative": (changed(players=-3), 2),
    "players as text": (changed(players="three"), 2),
    "players with a number": (changed(players=["Ann", 7, "Cy"]), 2),
    "players with an empty name": (changed(players=["Ann", "", "Cy"]), 2),
    "players with only an escape": (changed(players=["Ann", CLEAR, "Cy"]), 2),
    "players with escape sequences": (
        changed(players=[f"{CLEAR}Ann", "B\x07ob", "C\x1b]0;x\x07y"]),
        0,
    ),
    "players with huge names": (changed(players=["A" * 100_000, "Bob", "Cy"]), 0),
    "rules a list": (changed(rules=[1]), 2),
    "rules unknown preset": (changed(rules={"preset": CLEAR + "x" * 1000}), 2),
    "rules unknown option": (changed(rules={"bogus" + CLEAR: 1}), 2),
    "rules hand size 0": (changed(rules={"hand_size": 0}), 2),
    "rules hand size huge": (changed(rules={"hand_size": 10**30}), 2),
    "rules hand size float": (changed(rules={"hand_size": 7.5}), 2),
    "rules hand size 15 for 10": (
        json.dumps({"players": 10, "rules": {"hand_size": 15}, "deal": "seed", "seed": 1}),
        2,
    ),
    "rules speed 15 for 10": (
        json.dumps(
            {
                "players": 10,
                "rules": {"preset": "speed", "hand_size": 15},
                "deal": "seed",
                "seed": 1,
            }
        ),
        0,
    ),
    "rules anniversary 11 for 10": (
        json.dumps(
            {
                "players": 10,
                "rules": {"preset": "anniversary", "hand_size": 11},
                "deal": "seed",
                "seed": 1,
            }
        ),
        2,
    ),
    "rules partners for 3": (changed(rules={"preset": "partners"}), 2),
    "rules blank cards wrong": (changed(rules={"blank_cards": ["wi", "zz"]}), 2),
    "rules scoring nested": (changed(rules={"scoring": [[[[["x"]]]]]}), 2),
    "dealer out of range": (changed(dealer=3), 2),
    "dealer negative": (changed(dealer=-1), 2),
    "hands too few": (changed(hands=[["r5"]]), 2),
    "hands not lists": (changed(hands=["r5", "b7", "wi"]), 2),
    "hands with a huge code": (changed(hands=[["r" * 100_000], ["g2"], ["wi"]]), 2),
    "hands with an escape code": (changed(hands=[[CLEAR], ["g2"], ["wi"]]), 2),
    "start missing": (changed(start=None), 2),
    "start a number": (changed(start=7), 2),
    "start a Wild Draw Four with no other card": (changed(start="wi+4", draw_pile=["wi+4"]), 2),
    "draw pile not a list": (changed(draw_pile="y1"), 2),
    "deal not seed": (json.dumps({"players": 2, "deal": "random", "seed": 1}), 2),
    "deal by seed with hands": (
        json.dumps({"players": 2, "deal": "seed", "seed": 1, "hands": []}),
        2,
    ),
    "deal by seed without seed": (json.dumps({"players": 2, "deal": "seed"}), 2),
    "actions not a list": (changed(actions={"seat": 0}), 2),
    "action not an object": (changed(actions=[7]), 2),
    "action seat missing": (changed(actions=[{"act": "draw"}]), 2),
    "action seat huge": (changed(actions=[{"seat": 10**30, "act": "draw"}]), 2),
    "action seat negative": (changed(actions=[{"seat": -1, "act": "draw"}]), 2),
    "action act a list": (changed(actions=[{"seat": 0, "act": ["play"]}]), 2),
    "action act an object": (changed(actions=[{"seat": 0, "act": {"a": 1}}]), 2),
    "action act huge": (changed(actions=[{"seat": 0, "act": "x" * 100_000}]), 2),
    "action act an escape": (changed(actions=[{"seat": 0, "act": CLEAR}]), 2),
    "action card huge": (action(card="b" * 100_000), 2),
    "action card an escape": (action(card=CLEAR + "b7"), 2),
    "action colour huge": (action(color="r" * 100_000), 2),
    "action colour a number": (action(color=3), 2),
    "action uno a string": (action(uno="yes"), 2),
    "action cards empty": (changed(actions=[{"seat": 0, "act": "play", "cards": []}]), 2),
    "action cards different": (
        changed(actions=[{"seat": 0, "act": "play", "cards": ["b7", "r5"]}]),
        2,
    ),
    # more copies than any deck holds (codec.MOST_COPIES), a seat beyond any number the
    # codec reads: refused as no action, as a saved game and the network refuse them
    "action cards many": (
        changed(actions=[{"seat": 0, "act": "play", "cards": ["b7"] * 10_000}]),
        2,
    ),
    "action cards as many as a deck could hold": (
        changed(actions=[{"seat": 0, "act": "play", "cards": ["b7"] * 1000}]),
        0,
    ),
    "action target huge": (action(target=10**30), 2),
    "action keep a number": (action(keep=5), 2),
    "many actions": (changed(actions=[{"seat": 1, "act": "draw"}] * 20_000), 0),
    "nested in an action": (
        changed(actions=[{"seat": 0, "act": "play", "card": [[[[[[["b7"]]]]]]]}]),
        2,
    ),
}


def run(home: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        HOME=str(home),
    )
    return subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=TIMEOUT,
        cwd=home,
        env=env,
        check=False,
    )


def check(result: subprocess.CompletedProcess[bytes], status: int) -> None:
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert result.returncode == status, (result.returncode, err[:500])
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1, err[:2000]
        assert text.shown(lines[0], 10_000) == lines[0], lines[0][:300]
        assert len(lines[0]) < 600, lines[0][:700]
        assert result.stdout == b""
    else:
        assert err == ""
        out = result.stdout.decode("utf-8")
        objects = [json.loads(line) for line in out.splitlines()]
        assert objects[-1]["event"] == "state"
        assert "\x1b" not in out and "\x07" not in out


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_malformed_scenario_replays_or_is_refused_in_one_line(tmp_path: Path, kind: str) -> None:
    content, status = KINDS[kind]
    path = tmp_path / "scenario.json"
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    check(run(tmp_path, "scenario", str(path)), status)


def test_a_scenario_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    os.mkfifo(path)
    result = run(tmp_path, "scenario", str(path))
    check(result, 2)
    assert result.stderr.decode() == (
        f"uno-access: The scenario {path} is not a file; a scenario is a JSON text file.\n"
    )


def test_a_scenario_that_is_a_device_is_refused_in_one_line(tmp_path: Path) -> None:
    for args in (("scenario", "/dev/zero"), ("play", "--scenario", "/dev/urandom")):
        check(run(tmp_path, *args), 2)


def test_player_names_in_a_scenario_are_made_safe_to_show(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(changed(players=[f"{CLEAR}Ann", "B\x07ob", "C\x1b]0;x\x07y"]), encoding="utf-8")
    assert load(path).players == ("Ann", "Bob", "Cy")
    check(run(tmp_path, "scenario", str(path)), 0)


def test_the_scenario_kinds_are_at_least_fifty_seven() -> None:
    assert len(KINDS) >= 57
