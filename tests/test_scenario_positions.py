"""Scenario files must describe a position the rules' deck can hold (issue 14): more
copies of a card than the rules' decks have, more cards than the deck, a card the rules
do not play with, every hand empty, or an action by a seat that is not at the table, is
refused with exit status 2 and one line saying what is wrong. Through the real
``uno-access scenario`` command, on real files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(sys.executable).parent / "uno-access"
GOOD: dict[str, Any] = {
    "players": ["Ann", "Bob", "Cy"],
    "hands": [["b7", "r5"], ["g2", "b1", "r9"], ["y1", "wi", "y3"]],
    "start": "b3",
    "draw_pile": ["y5", "g+2", "y9", "r0"],
    "actions": [{"seat": 0, "act": "play", "card": "b7", "uno": True}],
}


def scenario(tmp_path: Path, **changes: object) -> subprocess.CompletedProcess[str]:
    data = {key: value for key, value in {**GOOD, **changes}.items() if value is not None}
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        HOME=str(tmp_path),
    )
    return subprocess.run(
        [str(SCRIPT), "scenario", str(path)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        cwd=tmp_path,
        env=env,
        check=False,
    )


def refused(tmp_path: Path, **changes: object) -> str:
    """The one line a refused scenario gives (status 2, nothing on standard output)."""
    result = scenario(tmp_path, **changes)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stderr, result.stdout[:300])
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_a_possible_position_still_replays(tmp_path: Path) -> None:
    result = scenario(tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout.splitlines()[-1])["event"] == "state"
    # the deck's two Blue 7s and four Wild Draw Fours, placed anywhere, are possible
    hands = [["b7", "wi+4", "wi+4"], ["b7", "wi+4"], ["wi+4", "y3"]]
    assert scenario(tmp_path, hands=hands).returncode == 0


def test_three_blue_sevens_are_more_than_the_deck_has(tmp_path: Path) -> None:
    line = refused(tmp_path, hands=[["b7", "r5"], ["b7", "b1"], ["y1", "b7"]])
    assert line == (
        "uno-access: In the scenario, hands[2][1] makes 3 of Blue 7, but these rules' deck has 2."
    )


def test_five_wild_draw_fours_are_more_than_the_deck_has(tmp_path: Path) -> None:
    line = refused(
        tmp_path, hands=[["wi+4", "wi+4"], ["wi+4", "b1"], ["wi+4", "y3"]], draw_pile=["y5", "wi+4"]
    )
    assert line == (
        "uno-access: In the scenario, draw_pile[1] makes 5 of Wild Draw Four, but these "
        "rules' deck has 4."
    )
    # the start card counts too
    line = refused(tmp_path, hands=[["b3", "r5"], ["b3", "b1"], ["y1", "y3"]])
    assert line == (
        "uno-access: In the scenario, start makes 3 of Blue 3, but these rules' deck has 2."
    )


def test_speed_uno_plays_with_two_decks_so_three_blue_sevens_are_possible(
    tmp_path: Path,
) -> None:
    hands = [["b7", "r5"], ["b7", "b1"], ["y1", "b7"]]
    assert scenario(tmp_path, hands=hands, rules={"preset": "speed"}).returncode == 0
    line = refused(tmp_path, hands=[["b7"] * 5, ["b1"], ["y1"]], rules={"preset": "speed"})
    assert line == (
        "uno-access: In the scenario, hands[0][4] makes 5 of Blue 7, but these rules' deck has 4."
    )


def test_a_five_thousand_card_hand_is_more_than_the_deck(tmp_path: Path) -> None:
    line = refused(tmp_path, hands=[["r5"] * 5000, ["b1"], ["y1"]])
    assert line == (
        "uno-access: In the scenario, the hands, start and draw_pile hold 5007 cards, but "
        "these rules play with a deck of 108."
    )


def test_an_anniversary_card_needs_the_anniversary_option(tmp_path: Path) -> None:
    line = refused(tmp_path, hands=[["b7", "an"], ["g2", "b1"], ["y1", "y3"]])
    assert line == (
        "uno-access: In the scenario, hands[0][1] is an Anniversary card, but these rules "
        "have none (the option anniversary_cards)."
    )
    rules = {"preset": "anniversary"}
    hands = [["b7", "an"], ["g2", "b1"], ["y1", "y3"]]
    assert scenario(tmp_path, hands=hands, rules=rules).returncode == 0


def test_a_blank_card_needs_the_blank_cards_option_naming_it(tmp_path: Path) -> None:
    hands = [["b7", "blb7"], ["g2", "b1"], ["y1", "y3"]]
    line = refused(tmp_path, hands=hands)
    assert line == (
        "uno-access: In the scenario, hands[0][1] is a blank card for Blue 7, but these "
        "rules have no such blank card (the option blank_cards)."
    )
    assert scenario(tmp_path, hands=hands, rules={"blank_cards": ["b7"]}).returncode == 0
    # the blank card replaces one Blue 7: two printed ones are now one too many
    line = refused(
        tmp_path, hands=[["b7", "blb7"], ["b7", "b1"], ["y1", "y3"]], rules={"blank_cards": ["b7"]}
    )
    assert line == (
        "uno-access: In the scenario, hands[1][0] makes 2 of Blue 7, but these rules' deck has 1."
    )


def test_a_position_where_every_hand_is_empty_is_refused(tmp_path: Path) -> None:
    line = refused(tmp_path, hands=[[], [], []], actions=[])
    assert line == (
        "uno-access: In the scenario, every hand is empty: at least one player must hold a card."
    )


def test_an_action_by_a_seat_that_is_not_at_the_table_is_refused(tmp_path: Path) -> None:
    for seat in (3, 7, -1, 10**30):
        actions = [{"seat": 0, "act": "play", "card": "b7"}, {"seat": seat, "act": "draw"}]
        line = refused(tmp_path, actions=actions)
        assert line == "uno-access: In the scenario, actions[1].seat must be a seat from 0 to 2."
    # the same for a game dealt by its seed
    line = refused(
        tmp_path,
        deal="seed",
        seed=3,
        hands=None,
        start=None,
        draw_pile=None,
        actions=[{"seat": 5, "act": "draw"}],
    )
    assert line == "uno-access: In the scenario, actions[0].seat must be a seat from 0 to 2."
