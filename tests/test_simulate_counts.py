"""``uno-access simulate --counts``: each card and each rule seen at work (issue 30), and
the counting changes no game."""

from __future__ import annotations

import json
import subprocess
import sys

from uno_access.engine.rules import RuleSet
from uno_access.simulate import simulate
from uno_access.tally import Tally, probed_options

SIMULATE = (sys.executable, "-m", "uno_access", "simulate")
HOUSE = "standard,must_play=on,color_only=on,jump_in_any_color=on,seven_o=on,seven_o_decline=on"


def test_counting_changes_no_game() -> None:
    rules = RuleSet.from_spec(HOUSE + ",draw_no_skip=on")
    plain = simulate(4, 6, rules, seed=3)
    tally = Tally()
    counted = simulate(4, 6, rules, seed=3, observer=tally)
    assert (counted.actions, counted.rounds, counted.wins) == (
        plain.actions,
        plain.rounds,
        plain.wins,
    )
    assert counted.errors == 0


def test_each_option_on_is_seen_changing_choices() -> None:
    rules = RuleSet.from_spec(HOUSE + ",draw_no_skip=on,no_action_finish=on")
    tally = Tally()
    simulate(4, 10, rules, seed=1, observer=tally)
    assert set(tally.rules) == set(probed_options(rules))
    assert tally.events["swap_declined"] > 0 and tally.events["card_played:jump_in"] > 0
    assert set(tally.cards) == {
        "number",
        "skip",
        "reverse",
        "draw_two",
        "wild",
        "wild_draw_four",
    }


def test_an_option_that_is_off_is_not_counted() -> None:
    tally = Tally()
    simulate(3, 4, RuleSet(), seed=2, observer=tally)
    assert not tally.rules


def test_the_command_line_prints_the_counts() -> None:
    out = subprocess.run(
        [*SIMULATE, "--players", "4", "--games", "4", "--counts", "--json", "--rules", HOUSE],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    counts = json.loads(out)["counts"]
    assert counts["rules"]["must_play"] > 0 and counts["cards"]["number"] > 0
    command = [*SIMULATE, "--players", "2", "--games", "2", "--counts", "--lang", "en"]
    lines = subprocess.run(
        [*command, "--rules", "standard,must_play=on"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.splitlines()
    assert lines[1].startswith("Cards played, by kind: number ")
    assert lines[2].startswith("Events, by kind: ")
    assert lines[3].startswith("Choices each option of the rules changed: must_play ")
