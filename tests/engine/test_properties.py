"""Property tests over many seeded random games (DESIGN.md principles 2 and 4, RULES.md).

The random driver (property_driver.py, shared with test_properties_variants.py) lets
every seat act, in turn or not, mostly legally (so that games move on) and often
illegally (random cards, colours, UNO flags, catches of seats that do not exist,
answers to challenges nobody made …). After every action the invariants of the rules
and of the engine's contract are checked, here under the standard rules:

* all 108 cards are always accounted for;
* a refused action changes nothing and says why; every listed legal action is accepted;
* no seat's view, and no event as a seat receives it, reveals another seat's hand;
* the queries anyone may make at any time (card check, touch the top card) change nothing;
* every game ends with exactly one winner, under standard and "lowest" scoring.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from property_driver import (
    Checks,
    check_cards,
    check_game_ended,
    clone,
    deck_codes,
    finish,
    random_action,
    random_game,
    snapshot,
)

from uno_access.bots import make_bot
from uno_access.engine import events as ev
from uno_access.engine.cards import standard_deck
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet, Scoring
from uno_access.engine.state import GameState
from uno_access.simulate import play_game

PLAYER_COUNTS = [2, 3, 4, 10]
DECK = Counter(card.code for card in standard_deck())
SMALL_TARGET = 100

PROPERTY = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
random_steps = st.integers(min_value=0, max_value=600)
targets = st.sampled_from([SMALL_TARGET, 500])  # 500 lets more rounds end and start


SMALL = RuleSet(target_score=SMALL_TARGET)
SMALL_LOWEST = RuleSet(target_score=SMALL_TARGET, scoring=Scoring.LOWEST)


# --------------------------------------------------------------------- the properties


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_cards_accounted_for_are_the_108_of_the_standard_deck(players: int) -> None:
    """The card check of the driver compares with ``build_deck``: it is the 108 cards."""
    for rules in (SMALL, SMALL_LOWEST, RuleSet()):
        assert deck_codes(rules, players) == DECK
    assert sum(DECK.values()) == 108
    game = Game.new(players, SMALL, seed=players)
    assert game.cards_in_play() == 108
    check_cards(game)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_all_108_cards_are_accounted_for_after_every_action(
    players: int, seed: int, steps: int, target: int
) -> None:
    rules = RuleSet(target_score=target)
    game, log, rng = random_game(seed, players, rules, steps, Checks(cards=True))
    finish(game, rng, log)  # checks the cards after every action too
    check_cards(game)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_a_refused_action_changes_nothing_and_gives_a_reason(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(refusals=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
@example(seed=560, steps=74, target=SMALL_TARGET)  # 4 players: Play of an unplayable drawn card
def test_a_refusal_names_the_action_that_was_refused(
    players: int, seed: int, steps: int, target: int
) -> None:
    """The scenario output prints the refused ``act``: it must be the one that was sent."""
    rng = random.Random(seed)
    game = Game.new(players, RuleSet(target_score=target), rng=random.Random(rng.random()))
    for _ in range(steps):
        action = random_action(game, rng)
        for event in game.apply(action):
            if isinstance(event, ev.Rejected):
                assert event.seat == action.seat
                assert event.action == action, f"{action} refused as {event.action}"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_every_listed_legal_action_is_accepted(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(legal=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_no_player_view_reveals_another_seats_hand(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(views=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_events_carry_drawn_dealt_and_shown_cards_only_to_their_owner(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(events=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_card_check_and_touching_the_top_card_change_nothing(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(queries=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_every_game_ends_with_one_winner_at_the_target_score(
    players: int, seed: int, steps: int
) -> None:
    game, log, rng = random_game(seed, players, SMALL, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_lowest_scoring_ends_when_someone_reaches_the_target_and_the_lowest_total_wins(
    players: int, seed: int, steps: int
) -> None:
    game, log, rng = random_game(seed, players, SMALL_LOWEST, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize(
    ("players", "scoring"),
    [(2, Scoring.STANDARD), (4, Scoring.STANDARD), (3, Scoring.LOWEST), (10, Scoring.LOWEST)],
)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, steps=random_steps)
def test_a_game_to_the_default_500_points_ends_with_one_winner(
    players: int, scoring: Scoring, seed: int, steps: int
) -> None:
    rules = RuleSet(scoring=scoring)
    assert rules.target_score == 500
    game, log, rng = random_game(seed, players, rules, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_the_simulator_finishes_a_game_left_anywhere_by_random_play(
    players: int, seed: int, steps: int
) -> None:
    game, _, rng = random_game(seed, players, SMALL, steps, Checks(cards=True))
    bots = [make_bot("random", random.Random(rng.random())) for _ in range(players)]
    play_game(game, bots)
    assert game.over and game.state.winner is not None
    assert game.state.scores[game.state.winner] >= SMALL_TARGET
    check_cards(game)


def test_a_snapshot_sees_every_field_of_the_game_state() -> None:
    """The refusal and query properties compare snapshots: they must cover the whole state."""
    game = Game.new(3, SMALL, seed=1)
    names = {f.name for f in fields(GameState)}
    assert names <= set(snapshot(game))
    assert {
        "hands",
        "draw_pile",
        "discard",
        "current",
        "phase",
        "color",
        "direction",
        "scores",
        "exposed",
        "drawn",
        "round_number",
    } <= names
    copy = clone(game)
    copy.state.hands[0].pop()
    assert snapshot(copy) != snapshot(game)
