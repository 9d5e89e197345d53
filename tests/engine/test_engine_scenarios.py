"""Rules shown through scenario files (INTERFACE.md): loaded with ``scenario.load`` and
replayed with ``scenario.replay``; the final ``state`` line is compared on the keys that
INTERFACE.md documents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from uno_access.scenario import load, replay

SCENARIOS = Path(__file__).parent / "scenarios"

# the keys of the state line that INTERFACE.md documents (the line may hold more)
STATE_KEYS = (
    "event",
    "current",
    "direction",
    "top",
    "color",
    "hands",
    "draw_pile",
    "discard_pile",
    "scores",
    "round_over",
    "winner",
)
# the keys of a rejected line that INTERFACE.md documents
REJECTED_KEYS = ("event", "seat", "act", "reason")


def _lines(name: str) -> list[dict[str, Any]]:
    return list(replay(load(SCENARIOS / name)))


def _state(lines: list[dict[str, Any]]) -> dict[str, Any]:
    assert lines[-1]["event"] == "state"
    assert all(line["event"] != "state" for line in lines[:-1])
    return {key: lines[-1][key] for key in STATE_KEYS}


def _rejected(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {key: line[key] for key in REJECTED_KEYS} for line in lines if line["event"] == "rejected"
    ]


def _events(lines: list[dict[str, Any]], *names: str) -> list[dict[str, Any]]:
    return [line for line in lines if line["event"] in names]


def test_interface_example_scenario_replays_to_the_documented_state() -> None:
    lines = _lines("interface_example.json")
    assert _state(lines) == {
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
    assert _rejected(lines) == []


def test_scenario_guilty_wild_draw_four_challenge_leaves_the_chosen_colour_for_the_challenger() -> (
    None
):
    lines = _lines("wild_draw_four_guilty.json")
    assert _rejected(lines) == [
        {"event": "rejected", "seat": 2, "act": "challenge", "reason": "It is not your turn."},
        {
            "event": "rejected",
            "seat": 1,
            "act": "play",
            "reason": "Blue 9 does not match the top card: match its colour, number or symbol, "
            "or play a Wild.",
        },
    ]
    assert _events(lines, "challenge_resolved", "cards_drawn") == [
        {"event": "challenge_resolved", "seat": 1, "target": 0, "guilty": True},
        {
            "event": "cards_drawn",
            "seat": 0,
            "count": 4,
            "reason": "challenge_guilty",
            "cards": ["y5", "y6", "y7", "y8"],
        },
    ]
    assert _state(lines) == {
        "event": "state",
        "current": 2,
        "direction": "clockwise",
        "top": "g1",
        "color": "green",
        "hands": [["b1", "r7", "y5", "y6", "y7", "y8"], ["y2", "b9"], ["y1", "y3"], ["r3", "r4"]],
        "draw_pile": 1,
        "discard_pile": 3,
        "scores": [0, 0, 0, 0],
        "round_over": False,
        "winner": None,
    }


def test_scenario_wild_start_colour_is_chosen_before_the_player_left_of_the_dealer_plays() -> None:
    lines = _lines("wild_start_choose_color.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 2,
            "act": "play",
            "reason": "First choose the colour for the Wild that started the pile.",
        },
    ]
    assert _events(lines, "color_chosen", "card_played", "card_count", "top_card") == [
        {"event": "color_chosen", "seat": 2, "color": "yellow"},
        {"event": "card_played", "seat": 2, "card": "y3", "cards_left": 1},
        {"event": "card_count", "seat": 3, "counts": [2, 1, 1, 1]},
        {"event": "top_card", "seat": 0, "card": "y3", "color": "yellow"},
    ]
    assert _state(lines) == {
        "event": "state",
        "current": 3,
        "direction": "clockwise",
        "top": "y3",
        "color": "yellow",
        "hands": [["r1", "g5"], ["r2"], ["b3"], ["r4"]],
        "draw_pile": 1,
        "discard_pile": 2,
        "scores": [0, 0, 0, 0],
        "round_over": False,
        "winner": None,
    }


def test_scenario_uno_called_right_after_is_safe_and_a_last_draw_two_counts_in_the_score() -> None:
    lines = _lines("uno_called_then_last_draw_two.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 2,
            "act": "catch",
            "reason": "That player is safe: they called UNO or do not hold one card.",
        },
    ]
    assert _events(lines, "uno_called", "round_ended") == [
        {"event": "uno_called", "seat": 0},
        {
            "event": "round_ended",
            "winner": 0,
            "hand_points": [0, 40, 56],
            "gained": [96, 0, 0],
            "scores": [96, 0, 0],
        },
    ]
    assert _state(lines) == {
        "event": "state",
        "current": None,
        "direction": "clockwise",
        "top": "b+2",
        "color": "blue",
        "hands": [[], ["g2", "r9", "g+2", "y9"], ["y1", "wi", "y5"]],
        "draw_pile": 1,
        "discard_pile": 4,
        "scores": [96, 0, 0],
        "round_over": True,
        "winner": 0,
    }


def test_scenario_uno_penalty_four_is_drawn_by_a_player_caught_once() -> None:
    lines = _lines("uno_caught_with_penalty_four.json")
    assert _events(lines, "uno_caught", "cards_drawn") == [
        {"event": "uno_caught", "seat": 1, "target": 0, "penalty": 4},
        {
            "event": "cards_drawn",
            "seat": 0,
            "count": 4,
            "reason": "uno_penalty",
            "cards": ["y5", "y6", "y7", "y8"],
        },
    ]
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 2,
            "act": "catch",
            "reason": "That player is safe: they called UNO or do not hold one card.",
        },
    ]
    assert _state(lines) == {
        "event": "state",
        "current": 2,
        "direction": "clockwise",
        "top": "b1",
        "color": "blue",
        "hands": [["r5", "y5", "y6", "y7", "y8"], ["g2"], ["y1", "y2"]],
        "draw_pile": 1,
        "discard_pile": 3,
        "scores": [0, 0, 0],
        "round_over": False,
        "winner": None,
    }


def test_scenario_rejected_play_of_the_drawn_card_is_reported_with_the_act_given() -> None:
    # INTERFACE.md: a refused action prints {"event": "rejected", "seat", "act", "reason"}
    # for that action, and the replay goes on
    lines = _lines("play_of_an_unplayable_drawn_card.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "play",
            "reason": "Red 9, the card you drew, does not match: keep it.",
        },
        {
            "event": "rejected",
            "seat": 0,
            "act": "play",
            "reason": "After drawing you may play only the card you drew, Red 9, or keep it.",
        },
    ]
    assert _state(lines) == {
        "event": "state",
        "current": 1,
        "direction": "clockwise",
        "top": "b3",
        "color": "blue",
        "hands": [["r1", "g2", "r9"], ["y1", "y2"], ["y3", "y4"]],
        "draw_pile": 1,
        "discard_pile": 1,
        "scores": [0, 0, 0],
        "round_over": False,
        "winner": None,
    }


def test_scenario_uno_called_just_before_the_next_to_last_card_is_safe() -> None:
    # "uno", then the play: heard once, at the call, and no one can catch the player;
    # two cards held out of turn is not "just before the card"
    lines = _lines("uno_called_before_the_card.json")
    assert _events(lines, "uno_called", "card_played") == [
        {"event": "uno_called", "seat": 0},
        {"event": "card_played", "seat": 0, "card": "b7", "cards_left": 1},
        {"event": "card_played", "seat": 1, "card": "b1", "cards_left": 2},
    ]
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 2,
            "act": "catch",
            "reason": "That player is safe: they called UNO or do not hold one card.",
        },
        {
            "event": "rejected",
            "seat": 1,
            "act": "uno",
            "reason": "Call UNO just before you play your next-to-last card, as you play it, "
            "or right after it.",
        },
    ]
    assert lines[-1]["uno_exposed"] is None
    assert _state(lines) == {
        "event": "state",
        "current": 2,
        "direction": "clockwise",
        "top": "b1",
        "color": "blue",
        "hands": [["r5"], ["g2", "r9"], ["y1", "wi", "y3"]],
        "draw_pile": 4,
        "discard_pile": 3,
        "scores": [0, 0, 0],
        "round_over": False,
        "winner": None,
    }


# --------------------------------------------------------------------- the house rules


def _state_of(lines: list[dict[str, Any]], *keys: str) -> dict[str, Any]:
    return {key: lines[-1][key] for key in keys}


def test_scenario_seven_o_a_seven_swaps_hands_with_the_player_named() -> None:
    lines = _lines("seven_o_seven_swaps_hands.json")
    reason = (
        "With Seven-O a 7 swaps your hand with another player's: name a player still in "
        "the game, as r7 Bob."
    )
    assert _rejected(lines) == [  # no player named among two, then the player herself
        {"event": "rejected", "seat": 0, "act": "play", "reason": reason},
        {"event": "rejected", "seat": 0, "act": "play", "reason": reason},
    ]
    assert _events(lines, "hands_swapped") == [
        {
            "event": "hands_swapped",
            "seat": 0,
            "target": 2,
            "seat_count": 4,
            "target_count": 2,
            "seat_cards": ["y1", "y2", "y3", "y4"],
            "target_cards": ["r1", "r2"],
        }
    ]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 1,
        "top": "r7",
        "hands": [["y1", "y2", "y3", "y4"], ["g1", "g2"], ["r1", "r2"]],
    }


def test_scenario_seven_o_a_zero_passes_every_hand_and_one_card_handed_must_call_uno() -> None:
    lines = _lines("seven_o_zero_passes_hands.json")
    assert _events(lines, "hands_passed") == [{"event": "hands_passed", "direction": 1}]
    assert _events(lines, "uno_caught") == [
        {"event": "uno_caught", "seat": 0, "target": 2, "penalty": 2}
    ]
    assert _state_of(lines, "current", "hands") == {
        "current": 1,
        "hands": [["y1", "y2", "y3", "y4"], ["r1", "r2"], ["g1", "y5", "g9"]],
    }


def test_scenario_draw_responses_a_wild_draw_four_answers_a_draw_two() -> None:
    lines = _lines("draw_responses_wild_draw_four_on_draw_two.json")
    assert _rejected(lines) == []
    assert _events(lines, "stack_grew", "draw_accepted") == [
        {"event": "stack_grew", "seat": 2, "total": 6},
        {"event": "draw_accepted", "seat": 2, "total": 6},
    ]
    assert _state_of(lines, "current", "top", "color", "stack") == {
        "current": 0,
        "top": "wi+4",
        "color": "red",
        "stack": 0,
    }
    assert len(lines[-1]["hands"][2]) == 8


def test_scenario_force_play_a_drawn_card_that_plays_is_played() -> None:
    lines = _lines("force_play_drawn_card_played.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "keep",
            "reason": "Force play: the card you drew can be played, so you must play it: Blue 9.",
        }
    ]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 1,
        "top": "b9",
        "hands": [["g1", "g2"], ["y1", "y2"], ["y3", "y4"]],
    }


def test_scenario_draw_to_match_draws_until_a_card_plays_outside_speed_uno() -> None:
    lines = _lines("draw_to_match_draws_until_playable.json")
    assert _events(lines, "cards_drawn") == [
        {
            "event": "cards_drawn",
            "seat": 0,
            "count": 3,
            "reason": "turn",
            "cards": ["r9", "y5", "b8"],
        }
    ]
    assert [line["reason"] for line in _rejected(lines)] == [
        "Draw to match: you drew until a card matched, so you must play it: Blue 8."
    ]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 1,
        "top": "b8",
        "hands": [["g1", "g2", "r9", "y5"], ["y1", "y2"], ["y3", "y4"]],
    }


def test_scenario_no_bluffing_an_illegal_wild_draw_four_is_refused_and_none_is_challenged() -> None:
    lines = _lines("no_bluffing_wild_draw_four_refused.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "play",
            "reason": "No bluffing: a Wild Draw Four may be played only when you hold no card "
            "of the colour in play.",
        },
        {
            "event": "rejected",
            "seat": 0,
            "act": "challenge",
            "reason": "No bluffing: a Wild Draw Four is played only when it is legal, so there "
            "is nothing to challenge; accept the cards.",
        },
    ]
    assert _events(lines, "draw_accepted") == [{"event": "draw_accepted", "seat": 0}]
    assert _state_of(lines, "current", "top", "color") == {
        "current": 1,
        "top": "wi+4",
        "color": "yellow",
    }


def test_scenario_a_round_no_one_can_finish_ends_won_by_the_hand_worth_least() -> None:
    """Both piles empty and every player in turn passing with no card to play: the round
    ends, and the hand worth least wins the others' points (docs/rules.md)."""
    lines = _lines("blocked_round_ends_lowest_hand_wins.json")
    assert _events(lines, "could_not_draw", "round_blocked") == [
        {"event": "could_not_draw", "seat": 0},
        {"event": "could_not_draw", "seat": 1},
        {"event": "could_not_draw", "seat": 2},
        {"event": "round_blocked", "seat": 0},
    ]
    assert _events(lines, "round_ended") == [
        {
            "event": "round_ended",
            "winner": 0,
            "hand_points": [3, 7, 18],
            "gained": [25, 0, 0],
            "scores": [25, 0, 0],
            "blocked": True,
        }
    ]
    assert _state_of(lines, "round_over", "winner", "hands") == {
        "round_over": True,
        "winner": 0,
        "hands": [["r1", "r2"], ["g3", "y4"], ["g5", "g6", "g7"]],
    }


def test_scenario_a_round_goes_on_when_a_player_passed_holding_a_card_to_play() -> None:
    """The same piles, but Ann drew holding Blue 2, which plays: she passed by choice, so
    the round is not blocked and comes back to her, nothing else changed."""
    lines = _lines("blocked_round_goes_on_when_one_could_play.json")
    assert _events(lines, "round_blocked", "round_ended") == []
    assert _state_of(lines, "current", "round_over", "scores", "hands") == {
        "current": 0,
        "round_over": False,
        "scores": [0, 0, 0],
        "hands": [["r1", "b2"], ["g3", "y4"], ["g5", "g6", "g7"]],
    }


def test_scenario_must_play_refuses_a_draw_while_a_card_plays_and_lets_one_draw_who_cannot() -> (
    None
):
    lines = _lines("must_play_draw_refused_while_a_card_plays.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "draw",
            "reason": "Must play: you may not draw while you hold a card you can play, such as "
            "Blue 2.",
        }
    ]
    assert _events(lines, "cards_drawn") == [
        {"event": "cards_drawn", "seat": 1, "count": 1, "reason": "turn", "cards": ["y8"]}
    ]
    assert _state_of(lines, "current", "top", "hands", "draw_pile") == {
        "current": 2,
        "top": "b2",
        "hands": [["r1", "g5"], ["g3", "y4", "y8"], ["y5", "g6", "g7"]],
        "draw_pile": 2,
    }


def test_scenario_draw_no_skip_a_draw_two_and_a_wild_draw_four_victim_draws_then_plays() -> None:
    lines = _lines("draw_no_skip_victims_draw_then_play.json")
    assert _events(lines, "player_skipped") == []
    assert [(line["seat"], line["count"]) for line in _events(lines, "cards_drawn")] == [
        (1, 2),
        (0, 4),
    ]
    assert [line["seat"] for line in _events(lines, "card_played")] == [0, 1, 2, 0]
    assert _state_of(lines, "current", "top", "color") == {
        "current": 1,
        "top": "g5",
        "color": "green",
    }


def test_scenario_color_only_speed_uno_matches_the_colour_alone() -> None:
    lines = _lines("color_only_matches_the_colour_alone.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "play",
            "reason": "Colour only: Blue 5 does not match the colour in play. Play a card of "
            "that colour, or a Wild.",
        }
    ]
    assert [line["card"] for line in _events(lines, "card_played")] == ["r9", "r2"]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 2,
        "top": "r2",
        "hands": [["b5", "g1"], ["y4", "y7"], ["g6", "g7", "g8"]],
    }


def test_scenario_jump_in_any_color_the_same_number_jumps_in_in_another_colour() -> None:
    lines = _lines("jump_in_any_color_same_number.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 2,
            "act": "jump_in",
            "reason": "Blue 4 cannot jump in: jump in with a card of the top card's number, in "
            "any colour, or with an action card identical to it.",
        }
    ]
    jumped = _events(lines, "card_played")[-1]
    assert (jumped["seat"], jumped["card"], jumped["jump_in"]) == (2, "b5", True)
    assert _state_of(lines, "current", "top", "color", "hands") == {
        "current": 0,
        "top": "b5",
        "color": "blue",
        "hands": [["g1", "g2"], ["y1", "y2", "y4"], ["b4", "g7"]],
    }


def test_scenario_seven_o_decline_a_seven_naming_its_player_keeps_the_hand() -> None:
    lines = _lines("seven_o_decline_keeps_the_hand.json")
    assert [line["reason"].split(":")[0] for line in _rejected(lines)] == [
        "With Seven-O a 7 swaps your hand with another player's"
    ]  # no player named among two
    assert _events(lines, "swap_declined") == [{"event": "swap_declined", "seat": 0}]
    assert _events(lines, "hands_swapped") == []
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 1,
        "top": "r7",
        "hands": [["r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]],
    }


def test_scenario_false_uno_penalty_a_false_call_and_a_wrong_catch_cost_two_cards() -> None:
    lines = _lines("false_uno_penalty_costs_two_cards.json")
    assert _events(lines, "false_call_penalty") == [
        {"event": "false_call_penalty", "seat": 1, "target": None, "count": 2},
        {"event": "false_call_penalty", "seat": 0, "target": 2, "count": 2},
    ]
    assert [line["reason"] for line in _rejected(lines)] == ["You cannot catch yourself."]
    assert _state_of(lines, "current", "hands") == {
        "current": 0,
        "hands": [["b5", "g1", "g2", "r8", "r9"], ["y1", "y2", "r6", "r7"], ["y3", "r4"]],
    }


def test_scenario_jump_in_penalty_a_wrong_jump_in_is_taken_back_with_two_cards() -> None:
    lines = _lines("jump_in_penalty_wrong_card_taken_back.json")
    assert [line["reason"].split(":")[0] for line in _rejected(lines)] == [
        "Green 9 is not identical to the top card"
    ]  # a card not held is only refused
    assert _events(lines, "wrong_card_penalty") == [
        {"event": "wrong_card_penalty", "seat": 2, "card": "b5", "jump_in": True}
    ]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 0,
        "top": "r5",
        "hands": [["g1", "g2"], ["y1", "y2", "y4"], ["b5", "g7", "y6", "y7"]],
    }


def test_scenario_stack_deflect_a_skip_of_the_colour_passes_the_stack_on() -> None:
    lines = _lines("stack_deflect_skip_passes_it_on.json")
    assert [line["act"] for line in _rejected(lines)] == ["play"]  # a Green Skip: no match
    assert _events(lines, "stack_grew") == [{"event": "stack_grew", "seat": 2, "total": 2}]
    assert [(line["seat"], line["count"]) for line in _events(lines, "cards_drawn")] == [(2, 2)]
    assert _state_of(lines, "current", "top", "hands") == {
        "current": 3,
        "top": "bsk",
        "hands": [["g1", "g2"], ["gsk", "y1"], ["y3", "y4", "y5", "g6", "g7"], ["r1", "r2", "r3"]],
    }


def test_scenario_wild_shuffle_hands_deals_every_hand_out_again() -> None:
    lines = _lines("wild_shuffle_hands_deals_every_hand_again.json")
    assert [line["reason"] for line in _rejected(lines)] == [
        "Choose a colour for Wild Shuffle Hands: blue, green, red or yellow."
    ]
    assert _events(lines, "hands_shuffled") == [
        {"event": "hands_shuffled", "seat": 0, "counts": [2, 3, 2]}
    ]
    dealt = sorted(code for line in _events(lines, "hand_dealt") for code in line["cards"])
    assert dealt == ["g1", "g2", "r1", "r2", "r3", "y1", "y2"]  # the same 7 cards
    assert _state_of(lines, "current", "top", "color") == {
        "current": 1,
        "top": "wish",
        "color": "red",
    }


def test_scenario_custom_wilds_a_wild_skip_everyone_lets_its_player_play_again() -> None:
    lines = _lines("custom_wilds_skip_everyone_plays_again.json")
    assert [line["reason"] for line in _rejected(lines)] == ["It is not your turn."]
    assert [line["seat"] for line in _events(lines, "player_skipped")] == [1, 2]
    assert [(line["seat"], line["card"]) for line in _events(lines, "card_played")] == [
        (0, "wisk"),
        (0, "r1"),
    ]
    assert _state_of(lines, "current", "top", "color") == {
        "current": 1,
        "top": "r1",
        "color": "red",
    }


def test_scenario_straights_a_number_card_plays_on_with_the_next_numbers_of_its_colour() -> None:
    lines = _lines("straights_play_on.json")
    assert _rejected(lines) == [
        {
            "event": "rejected",
            "seat": 0,
            "act": "play",
            "reason": "You do not hold Red 7: a straight goes on only with the next card you hold.",
        }
    ]
    played = [(e["card"], e.get("straight", False)) for e in _events(lines, "card_played")]
    assert played == [("r4", False), ("r5", True), ("r6", True)]
    assert _state_of(lines, "current", "top", "color", "hands") == {
        "current": 1,
        "top": "r6",
        "color": "red",
        "hands": [["r8", "g1"], ["y1", "y2", "y4"], ["r7", "b5", "g7"]],
    }


def test_scenario_stack_after_out_a_last_wild_draw_four_waits_for_its_answer() -> None:
    lines = _lines("stack_after_out_answered.json")
    assert [r["reason"] for r in _rejected(lines)] == [
        "Choose a colour for Wild Draw Four: blue, green, red or yellow."
    ]
    assert [e["seat"] for e in _events(lines, "out_pending")] == [0]
    ended = _events(lines, "round_ended")
    assert [e["winner"] for e in ended] == [0]
    drawn = [e for e in _events(lines, "cards_drawn") if e["seat"] == 1]
    assert sum(e["count"] for e in drawn) == 4


def test_scenario_no_mercy_draw_cards_stack_by_value_until_someone_draws_them() -> None:
    lines = _lines("no_mercy_stack_by_value.json")
    assert [(r["seat"], r["act"]) for r in _rejected(lines)] == [(2, "play")]
    drawn = [e for e in _events(lines, "cards_drawn") if e["seat"] == 0]
    assert [e["count"] for e in drawn] == [12]
    assert _state_of(lines, "current", "top", "color") == {
        "current": 1,
        "top": "wi+6",
        "color": "green",
    }
