"""Property tests of every rules preset a single game plays (RULES.md "Named modes and options").

The random driver of the standard property tests (property_driver.py) plays seeded random
games under each preset, for the player counts the preset allows, with the actions of the
options mixed in: jump-ins by any seat with any card on any play, drops of several cards,
Anniversary plays with any target and card to keep, suggestions. After every action:

* every card of the deck(s) the rules play with (``build_deck``) is accounted for;
* a refused action changes nothing and gives a reason; under ``penalties`` a card of the
  player to move that does not match is taken back with 2 cards drawn instead;
* every action ``legal_actions`` lists is accepted;
* no view, and no event as a seat receives it, reveals another seat's hand (a hand passed
  on by Round-n-Round goes to its new owner, an Anniversary gift to the giver and receiver);
* a jump-in naming a play that another jump-in already answered is refused;
* every game ends with one winner: Challenge UNO's last one not eliminated, the winner's
  pair at or past the target in partners.

The partner schedules (``partners_rotation``, ``partners_two_tables``) are played by a
Match of several games (test_partner_schedules.py), not by one game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from property_driver import (
    ALL_CHECKS,
    Checks,
    check_cards,
    check_game_ended,
    check_wrong_card_penalty,
    clone,
    deck_codes,
    finish,
    is_refusal,
    random_game,
    snapshot,
    wrong_card,
)

from uno_access.bots import make_bot
from uno_access.engine import events as ev
from uno_access.engine.actions import Draw, JumpIn, Play, PlayDrawn
from uno_access.engine.cards import Card, standard_deck
from uno_access.engine.events import Refusal
from uno_access.engine.game import Game
from uno_access.engine.rules import PRESETS, PartnerSchedule, RuleSet
from uno_access.engine.state import Phase as GamePhase

SMALL_TARGET = 100
BLANKS = "standard,blank_cards=y7/g+2/rsk/b0"
COUNTS = (2, 3, 4, 10)

# (rules spec without the target, player counts); every preset a single game plays
CASES: list[tuple[str, tuple[int, ...]]] = [
    ("standard", COUNTS),
    ("lowest", COUNTS),
    ("anniversary", COUNTS),
    ("partners", (4,)),
    ("challenge_uno", COUNTS),
    ("speed", (2, 3, 4, 5, 9, 10)),  # 2 decks; 3 decks for 5 to 8 players; 4 for 9 and 10
    ("stacking", COUNTS),
    ("penalties", COUNTS),
    ("no_mercy", COUNTS),
    (BLANKS, COUNTS),
    # the house rules (RULES.md "House rules"), each alone and with presets
    ("standard,seven_o=on", COUNTS),
    ("standard,draw_responses=on", COUNTS),
    ("standard,force_play=on", COUNTS),
    ("standard,draw_to_match=on", COUNTS),
    ("standard,no_bluffing=on", COUNTS),
    ("standard,must_play=on", COUNTS),
    ("standard,draw_no_skip=on", COUNTS),
    ("standard,no_action_finish=on", COUNTS),
    ("speed,color_only=on", (2, 5)),
    ("standard,jump_in_any_color=on", COUNTS),
    ("standard,seven_o=on,seven_o_decline=on", COUNTS),
    ("standard,false_uno_penalty=on", COUNTS),
    ("speed,jump_in_penalty=on", (2, 5)),
    ("stacking,stack_deflect=on,stack_deflect_wild=on", COUNTS),
    ("standard,wild_shuffle_hands=on", COUNTS),
    ("standard,custom_wilds=everyone_draws", COUNTS),
    ("standard,custom_wilds=skip_everyone,jump_in=on", COUNTS),
    ("standard,custom_wilds=swap_hands,seven_o=on,seven_o_decline=on", COUNTS),
    ("speed,wild_shuffle_hands=on,seven_o=on", (2, 5)),
    ("anniversary,wild_shuffle_hands=on,stacking=on,stack_deflect=on,stack_deflect_wild=on", (3,)),
    ("standard,draw_responses=on,stack_deflect=on,no_bluffing=on,dropping=on", (2, 4)),
    ("standard,jump_in_any_color=on,jump_in_penalty=on,false_uno_penalty=on", COUNTS),
    ("challenge_uno,false_uno_penalty=on", (3,)),
    ("speed,jump_in_any_color=on,seven_o=on", (2, 5)),
    ("standard,straights=on", COUNTS),
    ("standard,draw_responses=on,stack_after_out=on", COUNTS),
    ("speed,draw_responses=on,stack_after_out=on,stack_deflect=on,dropping=on", (2, 5)),
    ("speed,straights=on,seven_o=on,dropping=on,penalties=on,blank_cards=r5/b5/g5/y5", (2, 5)),
    ("standard,color_only=on,must_play=on,draw_to_match=on", COUNTS),
    ("speed,no_action_finish=on,must_play=on", (2, 5)),
    ("stacking,draw_no_skip=on,must_play=on", (2, 4)),
    ("lowest,must_play=on,no_bluffing=on,wild_draw_four_finish=off", (2, 4)),
    ("speed,seven_o=on,no_bluffing=on,draw_responses=on", (2, 5)),
    ("anniversary,seven_o=on,force_play=on,draw_responses=on", (3, 4)),
    ("partners,seven_o=on,draw_to_match=on,no_bluffing=on", (4,)),
    ("challenge_uno,seven_o=on,draw_responses=on,force_play=on", (3,)),
    ("stacking,seven_o=on,draw_to_match=on,no_bluffing=on", (2, 4)),
]
PARAMS = [(spec, players) for spec, counts in CASES for players in counts]
IDS = [f"{spec.replace('standard,', '').replace('/', '-')}-{n}" for spec, n in PARAMS]

# no shrinking: a seed is a whole game, a smaller seed no simpler one; a failure is
# reported as drawn, and the file stays within its time even while something fails
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
VARIANT = settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=NO_SHRINK,
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
random_steps = st.integers(min_value=0, max_value=300)
targets = st.sampled_from([SMALL_TARGET, SMALL_TARGET, 300])  # 300: more rounds, eliminations


def rules_for(spec: str, target: int = SMALL_TARGET) -> RuleSet:
    """The rules of a preset spec, through the command line's own parser."""
    return RuleSet.from_spec(f"{spec},target_score={target}")


def test_the_cases_cover_every_preset_a_single_game_plays() -> None:
    single = {
        name
        for name, rules in PRESETS.items()
        if not (rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED)
    }
    assert {spec for spec, _ in CASES if "," not in spec} == single


# --------------------------------------------------------------------- the decks


def test_the_deck_of_each_preset() -> None:
    standard = Counter(card.code for card in standard_deck())
    assert sum(standard.values()) == 108
    for spec in ("standard", "lowest", "partners", "challenge_uno", "stacking", "penalties"):
        assert deck_codes(rules_for(spec), 4) == standard, spec
    assert deck_codes(rules_for("anniversary"), 3) == standard + Counter({"an": 4})
    for players, decks in ((2, 2), (4, 2), (5, 3), (8, 3), (9, 4), (10, 4)):
        speed = deck_codes(rules_for("speed"), players)
        assert speed == Counter({code: decks * k for code, k in standard.items()}), players
    blanks = deck_codes(rules_for(BLANKS), 3)
    written = {"y7": "bly7", "g+2": "blg+2", "rsk": "blrsk", "b0": "blb0"}
    expected = standard - Counter(written.keys()) + Counter(written.values())
    assert blanks == expected
    assert sum(blanks.values()) == 108 and blanks["b0"] == 0 and blanks["blb0"] == 1


@pytest.mark.parametrize(("spec", "players"), PARAMS, ids=IDS)
def test_a_new_game_holds_every_card_of_its_deck(spec: str, players: int) -> None:
    game = Game.new(players, rules_for(spec), seed=players)
    check_cards(game)
    size = game.state.rules.hand_size
    assert size == (10 if spec.startswith("speed") else 7)
    dealt = [e for e in game.opening if isinstance(e, ev.HandDealt)]
    assert [(e.seat, e.count, len(e.cards)) for e in dealt] == [
        (seat, size, size) for seat in range(players)
    ]


# --------------------------------------------------------------------- after every action


@pytest.mark.parametrize(("spec", "players"), PARAMS, ids=IDS)
@VARIANT
@given(seed=seeds, steps=random_steps, target=targets)
def test_cards_refusals_penalties_legal_actions_and_jump_in_races(
    spec: str, players: int, seed: int, steps: int, target: int
) -> None:
    """All cards accounted for; a refusal changes nothing (a wrong card under penalties:
    taken back, 2 drawn); every legal action accepted; a second jump-in on a play refused.
    """
    checks = Checks(cards=True, refusals=True, legal=True, queries=True, races=True)
    random_game(seed, players, rules_for(spec, target), steps, checks, variants=True)


@pytest.mark.parametrize(("spec", "players"), PARAMS, ids=IDS)
@VARIANT
@given(seed=seeds, steps=random_steps)
def test_no_view_or_event_reveals_another_seats_hand(
    spec: str, players: int, seed: int, steps: int
) -> None:
    checks = Checks(views=True, events=True, races=True)
    game, log, rng = random_game(seed, players, rules_for(spec), steps, checks, variants=True)
    finish(game, rng, log, checks)


@pytest.mark.parametrize(("spec", "players"), PARAMS, ids=IDS)
@VARIANT
@given(seed=seeds, steps=random_steps, target=targets)
def test_every_game_ends_with_one_winner(
    spec: str, players: int, seed: int, steps: int, target: int
) -> None:
    """Standard scoring: the winner at or past the target (partners: with the partner);
    lowest: the lowest total; Challenge UNO: the last one not eliminated.
    """
    rules = rules_for(spec, target)
    game, log, rng = random_game(seed, players, rules, steps, Checks(cards=True), variants=True)
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize(("spec", "players"), [("speed", 4), ("challenge_uno", 3)])
@settings(
    max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
@given(seed=seeds, steps=random_steps)
def test_every_check_at_once_to_the_end_of_a_game(
    spec: str, players: int, seed: int, steps: int
) -> None:
    game, log, rng = random_game(seed, players, rules_for(spec), steps, ALL_CHECKS, variants=True)
    finish(game, rng, log, ALL_CHECKS)
    check_game_ended(game, log)


# --------------------------------------------------------------------- Speed UNO's races


@pytest.mark.parametrize("players", [2, 4, 9])
@settings(
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
@given(seed=seeds)
def test_two_jump_ins_on_the_same_play_the_second_is_refused(players: int, seed: int) -> None:
    """Whenever two jump-ins are open on the same play, the first is accepted and every
    other one naming that play is then too late, and changes nothing.
    """
    rng = random.Random(seed)
    game = Game.new(players, rules_for("speed"), rng=random.Random(rng.random()))
    bots = [make_bot("random", random.Random(rng.random())) for _ in range(players)]
    s = game.state
    races = 0
    for _ in range(20_000):
        if s.phase is GamePhase.GAME_OVER or races >= 6:
            break
        open_ = [
            a for seat in range(players) for a in game.legal_actions(seat) if isinstance(a, JumpIn)
        ]
        if len({a.seat for a in open_}) >= 2:
            first = rng.choice(open_)
            plays = s.plays
            assert first.on == plays
            assert not is_refusal(game.apply(first)), first
            races += 1
            for second in open_:
                if second == first:
                    continue
                assert second.on == plays
                before = snapshot(game)
                result = game.apply(second)
                assert is_refusal(result), (first, second, result)
                assert snapshot(game) == before
                refusal = result[0]
                assert isinstance(refusal, ev.Rejected)
                if s.phase not in (GamePhase.ROUND_OVER, GamePhase.GAME_OVER):
                    assert refusal.reason is Refusal.JUMP_IN_TOO_LATE, (first, second)
            check_cards(game)
            continue
        seat = s.current if s.phase is not GamePhase.ROUND_OVER else s.dealer
        choice = bots[seat].choose(None, game.legal_actions(seat))
        assert choice is not None
        assert not is_refusal(game.apply(choice)), choice


# --------------------------------------------------------------------- penalties, exactly


def _penalties_game() -> Game:
    hands = [["y+2", "y+2", "b1"], ["r1", "r2"], ["g1", "g2"]]
    return Game.from_position(
        3,
        [[Card.from_code(c) for c in hand] for hand in hands],
        Card.from_code("g5"),
        [Card.from_code(c) for c in ("y9", "g6", "r7", "b8")],
        rules=rules_for("penalties"),
    )


def test_under_penalties_a_wrong_card_is_taken_back_with_two_cards() -> None:
    game = _penalties_game()
    before = clone(game)
    action = Play(0, Card.from_code("y+2"))
    assert wrong_card(game, action) is action.card
    check_wrong_card_penalty(game, before, 0, action.card, game.apply(action))
    assert [c.code for c in game.state.hands[0]] == ["y+2", "y+2", "b1", "y9", "g6"]


def test_under_penalties_a_drawn_card_that_does_not_match_is_a_wrong_card() -> None:
    game = _penalties_game()
    game.apply(Draw(0))  # Yellow 9 on Green 5
    drawn = game.state.drawn
    assert drawn is not None and drawn.code == "y9"
    before = clone(game)
    check_wrong_card_penalty(game, before, 0, drawn, game.apply(PlayDrawn(0)))


@pytest.mark.parametrize(
    ("code", "count"),
    [
        ("y+2", 2),  # two cards at once: no dropping under these rules
        ("r4", 2),  # not held at all
        ("r4", 0),
        ("y+2", -1),
        ("bly7", 2),  # a blank card, not even in this deck
    ],
)
def test_under_penalties_a_drop_is_refused_not_taken_for_a_wrong_card(
    code: str, count: int
) -> None:
    """Only a card the player holds and puts down is a wrong card: a drop, where the rules
    have none, or of cards not held, is refused like any other action, and changes nothing.
    """
    game = _penalties_game()
    before = snapshot(game)
    result = game.apply(Play(0, Card.from_code(code), count=count))
    assert is_refusal(result), result
    assert snapshot(game) == before


@pytest.mark.parametrize("on", [None, 0, 1, 5])
def test_without_the_exact_match_rule_a_jump_in_is_refused_as_such(on: int | None) -> None:
    """The reason is that the rules have no jump-ins, whatever play the jump-in names."""
    game = _penalties_game()
    game.apply(Play(0, Card.from_code("y+2")))  # a wrong card: play passes to seat 1
    before = snapshot(game)
    result = game.apply(JumpIn(2, Card.from_code("g5"), on=on))
    assert is_refusal(result) and snapshot(game) == before
    assert isinstance(result[0], ev.Rejected) and result[0].reason is Refusal.NO_JUMP_IN
