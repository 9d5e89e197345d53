"""RULES.md, "House rules players bring from other audio card games": `seven_o`,
`draw_responses` (progressive), `force_play`, `draw_to_match` and `no_bluffing`, each a
field of the one rule set, off by default."""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    card,
    cards,
    expected,
    hands,
    position,
    refuse,
    summary,
)

from uno_access.access import messages
from uno_access.bots import make_bot
from uno_access.engine.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    Keep,
    Play,
    PlayDrawn,
)
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    ChallengeResolved,
    ColorChosen,
    DirectionChanged,
    DrawAccepted,
    DrawReason,
    FalseCallPenalty,
    HandDealt,
    HandReceived,
    HandShown,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    OutPending,
    PlayerSkipped,
    Refusal,
    StackGrew,
    SwapDeclined,
    TurnStarted,
    UnoCaught,
    WrongCardPenalty,
    for_seat,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RulesConflict, RulesError, RuleSet, RulesNeeds
from uno_access.engine.state import Phase

PILE = ["y5", "y6", "y7", "y8", "y9", "g9", "g8", "g7", "g6", "g5", "r9", "r8"]
SEVEN_O = RuleSet(seven_o=True)
RESPONSES = RuleSet(draw_responses=True)
FORCE = RuleSet(force_play=True)
MATCH = RuleSet(draw_to_match=True)
NO_BLUFF = RuleSet(no_bluffing=True)


def test_the_house_rules_are_off_by_default_and_set_as_the_command_line_sets_options() -> None:
    default = RuleSet()
    names = (
        "seven_o",
        "draw_responses",
        "force_play",
        "draw_to_match",
        "no_bluffing",
        "must_play",
        "draw_no_skip",
        "no_action_finish",
        "color_only",
        "jump_in_any_color",
        "seven_o_decline",
        "false_uno_penalty",
        "jump_in_penalty",
        "stack_deflect",
        "stack_deflect_wild",
        "wild_shuffle_hands",
        "straights",
        "stack_after_out",
    )
    assert [getattr(default, name) for name in names] == [False] * len(names)
    spec = "standard,seven_o=on,jump_in=on,draw_responses=on," + ",".join(
        f"{name}=on" for name in names
    )
    rules = RuleSet.from_spec(spec)
    assert [getattr(rules, name) for name in names] == [True] * len(names)
    assert RuleSet.from_mapping({"preset": "speed", "seven_o": True}).seven_o
    with pytest.raises(RulesError):
        RuleSet.from_mapping({"seven_o": "yes"})  # a scenario's rules take true or false


# ------------------------------------------------------------------ Seven-O


def test_seven_o_a_seven_swaps_hands_with_the_player_of_your_choice() -> None:
    game = position(
        [["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]], "r3", PILE, rules=SEVEN_O
    )
    result = game.apply(Play(0, card("r7"), target=2))
    assert result == [
        CardPlayed(0, card("r7"), 2),
        HandsSwapped(0, 2, 4, 2, tuple(cards("y1", "y2", "y3", "y4")), tuple(cards("r1", "r2"))),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["y1", "y2", "y3", "y4"], ["g1", "g2"], ["r1", "r2"]],
        draw_pile=PILE,
        discard=["r3", "r7"],
        current=1,
        color=Color.RED,
    )


def test_seven_o_a_seven_names_another_player_still_in_the_game() -> None:
    game = position([["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2"]], "r3", PILE, rules=SEVEN_O)
    for target in (None, 0, 3, -1):  # nobody named among two, yourself, no such seat
        assert refuse(game, Play(0, card("r7"), target=target)).reason is Refusal.SWAP_TARGET
    assert "r7 Bob" in messages.refusal(Refusal.SWAP_TARGET)
    # the legal actions name each other player once: Bob and Cy
    sevens = [a for a in game.legal_actions(0) if isinstance(a, Play) and a.card == card("r7")]
    assert sevens == [Play(0, card("r7"), target=1), Play(0, card("r7"), target=2)]


def test_seven_o_with_two_players_the_seven_swaps_with_the_opponent() -> None:
    game = position([["r7", "r1", "r2"], ["g1"]], "r3", PILE, rules=SEVEN_O)
    game.apply(Play(0, card("r7")))  # no target needed: there is only one
    assert hands(game) == [["g1"], ["r1", "r2"]]


def test_seven_o_without_the_option_a_seven_swaps_nothing() -> None:
    game = position([["r7", "r1", "r2"], ["g1", "g2"], ["y1"]], "r3", PILE)
    assert game.apply(Play(0, card("r7"))) == [CardPlayed(0, card("r7"), 2), TurnStarted(1)]
    assert hands(game) == [["r1", "r2"], ["g1", "g2"], ["y1"]]


def test_seven_o_going_out_on_a_seven_swaps_nothing() -> None:
    game = position([["r7"], ["g1", "g2"], ["y1", "y2"]], "r3", PILE, rules=SEVEN_O)
    result = game.apply(Play(0, card("r7")))
    assert not any(isinstance(e, HandsSwapped) for e in result)
    assert game.state.round_winner == 0


def test_seven_o_a_zero_passes_every_hand_in_the_direction_of_play() -> None:
    hands4 = [["g0", "r1", "r2"], ["b1", "b2"], ["y1", "y2", "y3", "y4"], ["b5", "b6", "b7"]]
    game = position(hands4, "g3", PILE, rules=SEVEN_O)
    assert game.apply(Play(0, card("g0"))) == [
        CardPlayed(0, card("g0"), 2),
        HandsPassed(CLOCKWISE),
        HandReceived(0, 3, 3, tuple(cards("b5", "b6", "b7"))),
        HandReceived(1, 0, 2, tuple(cards("r1", "r2"))),
        HandReceived(2, 1, 2, tuple(cards("b1", "b2"))),
        HandReceived(3, 2, 4, tuple(cards("y1", "y2", "y3", "y4"))),
        TurnStarted(1),
    ]
    # after a Reverse (turned up to start: the dealer, seat 3, plays first), to the right
    hands_ccw = [["g0", "r1", "r2"], ["b1", "b2"], ["y1", "y2", "y3", "y4"], ["g0", "b6", "b7"]]
    game = position(hands_ccw, "grv", PILE, rules=SEVEN_O)
    game.apply(Play(3, card("g0")))
    assert game.view(0).direction is COUNTERCLOCKWISE
    assert hands(game) == [["b1", "b2"], ["y1", "y2", "y3", "y4"], ["b6", "b7"], ["g0", "r1", "r2"]]


def test_seven_o_whoever_is_handed_a_single_card_must_call_uno_or_draw_the_uno_penalty() -> None:
    # Ann plays her next-to-last card, a 7, and calls UNO; the one card she is left with
    # goes to Cy, who must call UNO before anyone catches him; Ann holds Cy's three cards
    game = position([["r7", "r1"], ["g1", "g2"], ["y1", "y2", "y3"]], "r3", PILE, rules=SEVEN_O)
    game.apply(Play(0, card("r7"), uno=True, target=2))
    assert hands(game) == [["y1", "y2", "y3"], ["g1", "g2"], ["r1"]]
    assert game.state.handed_one == (2,) and game.state.exposed is None
    assert Catch(1, 2) in game.legal_actions(1)
    assert game.apply(Catch(1, 2))[0] == UnoCaught(1, 2, 2)  # the UNO penalty: 2
    assert hands(game)[2] == ["r1", "y5", "y6"]
    # called in time, Cy is safe
    game = position([["r7", "r1"], ["g1", "g2"], ["y1", "y2", "y3"]], "r3", PILE, rules=SEVEN_O)
    game.apply(Play(0, card("r7"), uno=True, target=2))
    game.apply(CallUno(2))
    assert refuse(game, Catch(1, 2)).reason is Refusal.CATCH_SAFE


def test_seven_o_a_drawn_seven_names_whom_it_swaps_with() -> None:
    game = position([["b1", "b2"], ["g1", "g2"], ["y1"]], "r3", ["r7", *PILE], rules=SEVEN_O)
    game.apply(Draw(0))
    assert [a for a in game.legal_actions(0) if isinstance(a, PlayDrawn)] == [
        PlayDrawn(0, target=1),
        PlayDrawn(0, target=2),
    ]
    assert refuse(game, PlayDrawn(0)).reason is Refusal.SWAP_TARGET
    game.apply(PlayDrawn(0, target=2))
    assert hands(game) == [["y1"], ["g1", "g2"], ["b1", "b2"]]


def test_seven_o_a_jump_in_seven_names_whom_it_swaps_with() -> None:
    rules = RuleSet.from_spec("speed,seven_o=on")
    game = position([["r7", "r1", "r2"], ["g1", "g2"], ["r7", "y2", "y3"]], "r3", PILE, rules=rules)
    game.apply(Play(0, card("r7"), target=1))
    assert hands(game)[:2] == [["g1", "g2"], ["r1", "r2"]]
    assert refuse(game, JumpIn(2, card("r7"), on=1)).reason is Refusal.SWAP_TARGET
    game.apply(JumpIn(2, card("r7"), on=1, target=0))
    assert hands(game) == [["y2", "y3"], ["r1", "r2"], ["g1", "g2"]]


def test_seven_o_each_seat_learns_only_the_hand_it_receives() -> None:
    game = position(
        [["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3"]], "r3", PILE, rules=SEVEN_O
    )
    swapped = game.apply(Play(0, card("r7"), target=2))[1]
    assert isinstance(swapped, HandsSwapped)
    ann, bob, cy = (for_seat(swapped, seat) for seat in range(3))
    assert ann == HandsSwapped(0, 2, 3, 2, tuple(cards("y1", "y2", "y3")), ())
    assert cy == HandsSwapped(0, 2, 3, 2, (), tuple(cards("r1", "r2")))
    assert bob == HandsSwapped(0, 2, 3, 2)  # the counts alone
    # and the views: each its own new hand, the others' sizes
    assert game.view(0).hand == tuple(cards("y1", "y2", "y3"))
    assert game.view(2).hand == tuple(cards("r1", "r2"))
    assert game.view(1).hand_sizes == (3, 2, 2)


def test_seven_o_the_normal_bot_swaps_with_the_fewest_cards_and_keeps_a_small_hand() -> None:
    bot = make_bot("normal", random.Random(1))
    game = position(
        [["r7", "r1", "r2", "r3", "r4"], ["g1", "g2", "g3"], ["y1"]], "r5", PILE, rules=SEVEN_O
    )
    choice = bot.choose(game.view(0), game.legal_actions(0))
    assert isinstance(choice, Play) and choice.card == card("r7") and choice.target == 2
    # with two cards, a 7 would take a hand of three: the bot plays the other card
    game = position(
        [["r7", "r1"], ["g1", "g2", "g3"], ["y1", "y2", "y3"]], "r5", PILE, rules=SEVEN_O
    )
    choice = bot.choose(game.view(0), game.legal_actions(0))
    assert choice == Play(0, card("r1"), uno=True)


# ------------------------------------------------------------------ progressive draw responses


def test_draw_responses_a_wild_draw_four_answers_a_draw_two_and_the_total_grows() -> None:
    game = position([["b+2", "r1"], ["wi+4", "g1"], ["y1", "y2"]], "b3", PILE, rules=RESPONSES)
    game.apply(Play(0, card("b+2")))
    assert game.state.phase is Phase.STACK
    assert game.apply(Play(1, card("wi+4"), Color.RED)) == [
        CardPlayed(1, card("wi+4"), 1),
        ColorChosen(1, Color.RED),
        StackGrew(2, 6),
        TurnStarted(2),
    ]
    assert game.view(2).phase is Phase.CHALLENGE  # a Wild Draw Four answer may be challenged
    assert game.apply(Accept(2)) == [
        DrawAccepted(2, 6),
        CardsDrawn(2, 6, DrawReason.STACK, tuple(cards(*PILE[:6]))),
        PlayerSkipped(2),
        TurnStarted(0),
    ]


def test_draw_responses_a_draw_two_answers_a_draw_two_but_not_a_wild_draw_four() -> None:
    game = position([["wi+4", "r1"], ["g+2", "g1"], ["y1"]], "b3", PILE, rules=RESPONSES)
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    assert refuse(game, Play(1, card("g+2"))).reason is Refusal.ANSWER_STACK
    assert not any(isinstance(a, Play) for a in game.legal_actions(1))
    game = position([["b+2", "r1"], ["g+2", "g1"], ["y1", "y2"]], "b3", PILE, rules=RESPONSES)
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("g+2")))
    assert (game.state.current, game.state.stack) == (2, 4)


def test_draw_responses_go_on_past_the_player_who_began() -> None:
    # unlike stacking's "+ card round", the player who began may answer again
    game = position([["b+2", "r+2", "r1"], ["g+2", "g1"]], "b3", PILE, rules=RESPONSES)
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("g+2")))
    assert game.state.current == 0
    assert Play(0, card("r+2")) in game.legal_actions(0)
    game.apply(Play(0, card("r+2")))
    assert (game.state.current, game.state.stack) == (1, 6)
    stacking = position(
        [["b+2", "r+2", "r1"], ["g+2", "g1"]], "b3", PILE, rules=RuleSet(stacking=True)
    )
    stacking.apply(Play(0, card("b+2")))
    stacking.apply(Play(1, card("g+2")))
    assert refuse(stacking, Play(0, card("r+2"))).reason is Refusal.STACK_CANNOT_ADD


def test_draw_responses_a_guilty_wild_draw_four_answer_draws_the_whole_total() -> None:
    # Bob holds blue, the colour of the Draw Two: his Wild Draw Four answer is a bluff
    game = position([["b+2", "r1"], ["wi+4", "b1"], ["y1", "y2"]], "b3", PILE, rules=RESPONSES)
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("wi+4"), Color.RED))
    result = game.apply(Challenge(2))
    assert result[:3] == [
        ChallengeMade(2, 1),
        HandShown(1, 2, 1, (card("b1"),)),
        ChallengeResolved(2, 1, True),
    ]
    assert result[3] == CardsDrawn(1, 6, DrawReason.CHALLENGE_GUILTY, tuple(cards(*PILE[:6])))


def test_draw_responses_and_stacking_together_are_refused_with_a_clear_message() -> None:
    with pytest.raises(RulesConflict) as raised:
        RuleSet.from_spec("stacking,draw_responses=on")
    said = messages.rules_error(raised.value)
    assert said == (
        "The rule options draw_responses and stacking cannot be played together: stacking is "
        'the "+ card round" (the stack goes round once), draw_responses the progressive '
        "form; choose one."
    )
    with pytest.raises(RulesConflict):
        Game.new(3, RuleSet(stacking=True, draw_responses=True), seed=1)


# ------------------------------------------------------------------ force play


def test_force_play_a_drawn_card_that_can_be_played_must_be_played() -> None:
    game = position([["g1", "g2"], ["y1"], ["y2"]], "b3", ["b9", *PILE], rules=FORCE)
    game.apply(Draw(0))
    assert Keep(0) not in game.legal_actions(0)
    refusal = refuse(game, Keep(0))
    assert (refusal.reason, refusal.card) == (Refusal.MUST_PLAY_DRAWN_CARD, card("b9"))
    assert game.apply(PlayDrawn(0))[0] == CardPlayed(0, card("b9"), 2)


def test_force_play_a_drawn_card_that_cannot_be_played_is_kept() -> None:
    game = position([["g1", "g2"], ["y1"], ["y2"]], "b3", ["r9", *PILE], rules=FORCE)
    game.apply(Draw(0))
    assert game.legal_actions(0) == [Keep(0)]
    game.apply(Keep(0))
    assert game.state.current == 1


def test_force_play_a_drawn_wild_draw_four_that_would_be_a_bluff_may_be_kept() -> None:
    game = position([["b1", "g2"], ["y1"], ["y2"]], "b3", ["wi+4", *PILE], rules=FORCE)
    game.apply(Draw(0))  # Ann holds blue, the colour in play
    assert Keep(0) in game.legal_actions(0)
    game.apply(Keep(0))
    assert hands(game)[0] == ["b1", "g2", "wi+4"]


# ------------------------------------------------------------------ draw to match


def test_draw_to_match_draws_until_a_card_can_be_played_then_it_must_be_played() -> None:
    game = position([["g1", "g2"], ["y1"], ["y2"]], "b3", ["r9", "y4", "b8", *PILE], rules=MATCH)
    assert game.state.rules.hand_size == 7  # outside Speed UNO: the standard deal
    result = game.apply(Draw(0))
    assert result == [CardsDrawn(0, 3, DrawReason.TURN, tuple(cards("r9", "y4", "b8")))]
    assert game.view(0).drawn == card("b8")
    assert game.legal_actions(0) == [PlayDrawn(0)]
    refusal = refuse(game, Keep(0))
    assert (refusal.reason, refusal.card) == (Refusal.DRAWN_TO_MATCH, card("b8"))
    assert "Speed" not in messages.refusal(refusal.reason, refusal.card)


def test_draw_to_match_with_no_bluffing_a_wild_draw_four_that_may_not_be_played_is_drawn_past() -> None:  # noqa: E501  # fmt: skip
    rules = RuleSet(draw_to_match=True, no_bluffing=True)
    game = position([["b1", "g2"], ["y1"], ["y2"]], "b3", ["r9", "wi+4", "b8", *PILE], rules=rules)
    game.apply(Draw(0))
    assert hands(game)[0] == ["b1", "g2", "r9", "wi+4", "b8"]
    assert game.view(0).drawn == card("b8")


# ------------------------------------------------------------------ no bluffing


def test_no_bluffing_a_wild_draw_four_while_holding_the_colour_in_play_is_refused() -> None:
    game = position([["wi+4", "b1", "g2"], ["y1"], ["y2"]], "b3", PILE, rules=NO_BLUFF)
    refusal = refuse(game, Play(0, card("wi+4"), Color.GREEN))
    assert refusal.reason is Refusal.NO_BLUFFING
    assert not any(isinstance(a, Play) and a.card == card("wi+4") for a in game.legal_actions(0))
    # without the option it is a bluff the rules allow
    bluff = position([["wi+4", "b1", "g2"], ["y1"], ["y2"]], "b3", PILE)
    assert Play(0, card("wi+4"), Color.GREEN) in bluff.legal_actions(0)


def test_no_bluffing_a_legal_wild_draw_four_has_nothing_to_challenge() -> None:
    game = position([["wi+4", "g2", "g3"], ["y1", "y3"], ["y2"]], "b3", PILE, rules=NO_BLUFF)
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    assert game.state.phase is Phase.STACK
    assert game.legal_actions(1) == [Accept(1)]
    assert refuse(game, Challenge(1)).reason is Refusal.NOTHING_TO_CHALLENGE
    assert game.apply(Accept(1)) == [
        DrawAccepted(1, 4),
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(cards(*PILE[:4]))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]


def test_no_bluffing_a_wild_draw_four_answer_to_a_draw_two_needs_no_card_of_its_colour() -> None:
    rules = RuleSet(draw_responses=True, no_bluffing=True)
    game = position(
        [["b+2", "r1", "r2"], ["wi+4", "b1", "g1"], ["y1", "y2"]], "b3", PILE, rules=rules
    )
    game.apply(Play(0, card("b+2")))
    assert refuse(game, Play(1, card("wi+4"), Color.RED)).reason is Refusal.NO_BLUFFING
    assert [a for a in game.legal_actions(1) if not isinstance(a, Accept)] == []


def test_draw_responses_the_normal_bot_answers_with_a_legal_wild_draw_four_not_a_bluff() -> None:
    bot = make_bot("normal", random.Random(1))
    bot.bluff = bot.bluff_near = 0.0  # type: ignore[attr-defined]
    legal = position(
        [["b+2", "r1", "r2"], ["wi+4", "g1", "g2"], ["y1", "y2"]], "b3", PILE, rules=RESPONSES
    )
    legal.apply(Play(0, card("b+2")))
    choice = bot.choose(legal.view(1), legal.legal_actions(1))
    assert isinstance(choice, Play) and choice.card == card("wi+4")
    # holding blue, the Draw Two's colour, the Wild Draw Four would be a bluff: accepted
    bluff = position(
        [["b+2", "r1", "r2"], ["wi+4", "b1", "g2"], ["y1", "y2"]], "b3", PILE, rules=RESPONSES
    )
    bluff.apply(Play(0, card("b+2")))
    assert bot.choose(bluff.view(1), bluff.legal_actions(1)) == Accept(1)


# ------------------------------------------------------------------ must play

MUST = RuleSet(must_play=True)


def test_must_play_a_draw_is_refused_and_not_offered_while_a_card_plays() -> None:
    game = position([["g1", "b2", "wi"], ["y1"], ["y2"]], "b3", list(PILE), rules=MUST)
    assert Draw(0) not in game.legal_actions(0)
    before = summary(game)
    refusal = refuse(game, Draw(0))
    assert (refusal.reason, refusal.card) == (Refusal.MUST_PLAY, card("b2"))
    assert summary(game) == before  # nothing changed


def test_must_play_a_wild_is_a_card_that_plays() -> None:
    game = position([["g1", "wi"], ["y1"], ["y2"]], "b3", list(PILE), rules=MUST)
    assert Draw(0) not in game.legal_actions(0)
    assert refuse(game, Draw(0)).card == card("wi")


def test_must_play_a_player_with_no_card_that_plays_draws() -> None:
    game = position([["g1", "r2"], ["y1"], ["y2"]], "b3", ["r9", *PILE], rules=MUST)
    assert Draw(0) in game.legal_actions(0)
    game.apply(Draw(0))
    assert game.state.phase is Phase.DRAWN and Keep(0) in game.legal_actions(0)


def test_must_play_a_last_wild_draw_four_that_may_not_go_out_lets_its_player_draw() -> None:
    rules = RuleSet(must_play=True, wild_draw_four_finish=False)
    game = position([["wi+4"], ["y1"], ["y2"]], "b3", ["r9", *PILE], rules=rules)
    assert game.legal_actions(0) == [Draw(0)]
    game.apply(Draw(0))
    assert game.state.phase is Phase.DRAWN


def test_without_must_play_a_player_may_draw_holding_a_card_that_plays() -> None:
    game = position([["g1", "b2"], ["y1"], ["y2"]], "b3", ["r9", *PILE])
    assert Draw(0) in game.legal_actions(0)


# ------------------------------------------------------------------ draw, no skip

NO_SKIP = RuleSet(draw_no_skip=True)


def test_draw_no_skip_a_draw_two_victim_draws_two_then_plays() -> None:
    game = position([["b+2", "g1"], ["b5", "y1"], ["y2"]], "b3", list(PILE), rules=NO_SKIP)
    events = game.apply(Play(0, card("b+2")))
    assert not any(isinstance(e, PlayerSkipped) for e in events)
    assert game.state.current == 1 and len(game.state.hands[1]) == 4
    assert Play(1, card("b5")) in game.legal_actions(1)
    before = summary(game)
    assert refuse(game, Play(2, card("y2"))).reason is Refusal.NOT_YOUR_TURN  # not Cy's turn
    assert summary(game) == before
    game.apply(Play(1, card("b5")))
    assert game.state.current == 2


def test_draw_no_skip_an_accepted_wild_draw_four_victim_draws_four_then_plays() -> None:
    game = position([["wi+4", "g1"], ["b5", "y1"], ["y2"]], "r3", list(PILE), rules=NO_SKIP)
    game.apply(Play(0, card("wi+4"), Color.BLUE))
    events = game.apply(Accept(1))
    assert not any(isinstance(e, PlayerSkipped) for e in events)
    assert events[-1] == TurnStarted(1)
    assert game.state.current == 1 and game.state.phase is Phase.PLAY
    assert len(game.state.hands[1]) == 6
    game.apply(Play(1, card("b5")))
    assert game.state.current == 2


def test_draw_no_skip_a_lost_challenge_still_costs_the_turn() -> None:
    game = position([["wi+4", "g1"], ["b5", "y1"], ["y2"]], "r3", list(PILE), rules=NO_SKIP)
    game.apply(Play(0, card("wi+4"), Color.BLUE))  # Ann holds no red: innocent
    events = game.apply(Challenge(1))
    assert PlayerSkipped(1) in events
    assert game.state.current == 2 and len(game.state.hands[1]) == 8


def test_draw_no_skip_a_draw_two_turned_up_to_start_is_drawn_then_its_victim_plays() -> None:
    deck = ["b+2", *PILE]
    game = position([["g1"], ["b5"], ["y2"]], "b+2", deck, rules=NO_SKIP, dealer=2)
    assert game.state.current == 0 and len(game.state.hands[0]) == 3
    assert not any(isinstance(e, PlayerSkipped) for e in game.opening)


def test_without_draw_no_skip_a_draw_two_victim_misses_the_turn() -> None:
    game = position([["b+2", "g1"], ["b5", "y1"], ["y2"]], "b3", list(PILE))
    events = game.apply(Play(0, card("b+2")))
    assert PlayerSkipped(1) in events and game.state.current == 2
    assert refuse(game, Play(1, card("b5"))).reason is Refusal.NOT_YOUR_TURN


# ------------------------------------------------------------------ no action finish

NO_ACTION = RuleSet(no_action_finish=True)


@pytest.mark.parametrize("last", ["bsk", "brv", "b+2", "wi", "wi+4"])
def test_no_action_finish_no_one_goes_out_on_an_action_card_or_a_wild(last: str) -> None:
    game = position([[last], ["y1"], ["y2"]], "b3", list(PILE), rules=NO_ACTION)
    assert game.legal_actions(0) == [Draw(0)]
    before = summary(game)
    assert refuse(game, Play(0, card(last), Color.RED)).reason is Refusal.NO_ACTION_FINISH
    assert summary(game) == before


def test_no_action_finish_a_number_card_goes_out() -> None:
    game = position([["b5"], ["y1"], ["y2"]], "b3", list(PILE), rules=NO_ACTION)
    game.apply(Play(0, card("b5")))
    assert game.state.phase is Phase.ROUND_OVER and game.state.round_winner == 0


def test_no_action_finish_an_action_card_not_the_last_plays_as_ever() -> None:
    game = position([["bsk", "g1"], ["y1"], ["y2"]], "b3", list(PILE), rules=NO_ACTION)
    events = game.apply(Play(0, card("bsk")))
    assert PlayerSkipped(1) in events and game.state.current == 2


def test_no_action_finish_with_must_play_a_last_action_card_lets_its_player_draw() -> None:
    rules = RuleSet(no_action_finish=True, must_play=True)
    game = position([["bsk"], ["y1"], ["y2"]], "b3", ["r9", *PILE], rules=rules)
    assert game.legal_actions(0) == [Draw(0)]
    game.apply(Draw(0))
    assert game.state.phase is Phase.DRAWN


# ------------------------------------------------------------------ colour only (Speed UNO)

COLOR_ONLY = RuleSet.from_spec("speed,color_only=on")


@pytest.mark.parametrize(("top", "played"), [("r5", "b5"), ("rsk", "bsk"), ("r+2", "y+2")])
def test_color_only_the_same_number_or_symbol_in_another_colour_does_not_match(
    top: str, played: str
) -> None:
    game = position([[played, "g1"], ["y1"], ["y2"]], "r3", list(PILE), rules=COLOR_ONLY)
    game.state.discard.append(card(top))  # as if just played: the turn is seat 0's
    assert game.legal_actions(0) == [Draw(0)]
    before = summary(game)
    assert refuse(game, Play(0, card(played))).reason is Refusal.COLOR_ONLY
    assert summary(game) == before


def test_color_only_the_colour_in_play_and_a_wild_match() -> None:
    game = position([["r9", "wi", "b5"], ["y1"], ["y2"]], "r5", list(PILE), rules=COLOR_ONLY)
    legal = game.legal_actions(0)
    assert Play(0, card("r9")) in legal
    assert Play(0, card("wi"), Color.BLUE) in legal
    assert all(not (isinstance(a, Play) and a.card is card("b5")) for a in legal)
    game.apply(Play(0, card("r9")))
    assert game.state.discard[-1] is card("r9")


def test_color_only_after_a_wild_the_chosen_colour_is_matched() -> None:
    game = position([["g4", "b5"], ["y1"], ["y2"]], "b3", list(PILE), rules=COLOR_ONLY)
    game.state.discard.append(card("wi"))  # as if just played, naming green
    game.state.color = Color.GREEN
    plays = {a.card for a in game.legal_actions(0) if isinstance(a, Play)}
    assert plays == {card("g4")}


def test_color_only_a_card_that_matches_nothing_is_refused_as_ever() -> None:
    game = position([["b4", "g1"], ["y1"], ["y2"]], "r5", list(PILE), rules=COLOR_ONLY)
    assert refuse(game, Play(0, card("b4"))).reason is Refusal.DOES_NOT_MATCH


def test_without_color_only_speed_uno_matches_number_and_symbol_too() -> None:
    game = position([["b5", "g1"], ["y1"], ["y2"]], "r5", list(PILE), rules=RuleSet.preset("speed"))
    assert Play(0, card("b5")) in game.legal_actions(0)


# ------------------------------------------------------------------ jump-in, any colour

ANY_COLOR = RuleSet(jump_in_any_color=True)


def _after_red_five(rules: RuleSet, third: list[str]) -> Game:
    """Ann plays Red 5; Bob is next; Cy holds ``third``."""
    game = position([["r5", "g1", "g2"], ["y1", "y2"], third], "r3", list(PILE), rules=rules)
    game.apply(Play(0, card("r5")))
    return game


def test_jump_in_any_color_the_same_number_in_another_colour_jumps_in() -> None:
    game = _after_red_five(ANY_COLOR, ["b5", "g7"])
    assert JumpIn(2, card("b5"), on=1) in game.legal_actions(2)
    events = game.apply(JumpIn(2, card("b5"), on=1))
    assert CardPlayed(2, card("b5"), 1, jump_in=True) in events
    assert game.state.color is Color.BLUE and game.state.current == 0
    assert game.state.hands[2] == [card("g7")]


@pytest.mark.parametrize("held", ["b4", "rsk", "wi"])
def test_jump_in_any_color_another_number_or_an_action_card_is_refused(held: str) -> None:
    game = _after_red_five(ANY_COLOR, [held, "g7"])
    assert not any(isinstance(a, JumpIn) for a in game.legal_actions(2))
    before = summary(game)
    refusal = refuse(game, JumpIn(2, card(held), Color.RED if held == "wi" else None))
    assert refusal.reason is Refusal.JUMP_IN_NOT_SAME_NUMBER
    assert summary(game) == before


def test_jump_in_any_color_an_action_card_jumps_in_on_its_identical_twin() -> None:
    hands = [["rsk", "g1", "g2"], ["y1", "y2"], ["y3", "y4"], ["rsk", "bsk", "g7"]]
    game = position(hands, "r3", list(PILE), rules=ANY_COLOR)
    game.apply(Play(0, card("rsk")))
    legal = [a.card for a in game.legal_actions(3) if isinstance(a, JumpIn)]
    assert legal == [card("rsk")]
    assert refuse(game, JumpIn(3, card("bsk"))).reason is Refusal.JUMP_IN_NOT_SAME_NUMBER


def test_without_jump_in_any_color_standard_rules_refuse_jumping_in() -> None:
    game = _after_red_five(RuleSet(), ["b5", "g7"])
    assert refuse(game, JumpIn(2, card("b5"))).reason is Refusal.NO_JUMP_IN


# ------------------------------------------------------------------ declining the Seven-O swap

DECLINE = RuleSet(seven_o=True, seven_o_decline=True)


def test_seven_o_decline_a_seven_naming_its_own_player_keeps_the_hand() -> None:
    hands = [["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]]
    game = position(hands, "r3", PILE, rules=DECLINE)
    assert Play(0, card("r7"), target=0) in game.legal_actions(0)
    result = game.apply(Play(0, card("r7"), target=0))
    assert result == [CardPlayed(0, card("r7"), 2), SwapDeclined(0), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]],
        draw_pile=PILE,
        discard=["r3", "r7"],
        current=1,
        color=Color.RED,
    )


def test_seven_o_decline_a_seven_still_swaps_with_the_player_named() -> None:
    hands = [["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]]
    game = position(hands, "r3", PILE, rules=DECLINE)
    result = game.apply(Play(0, card("r7"), target=1))
    assert isinstance(result[1], HandsSwapped) and game.state.hands[0] == cards("g1", "g2")


def test_without_seven_o_decline_a_seven_may_not_name_its_own_player() -> None:
    hands = [["r7", "r1", "r2"], ["g1", "g2"], ["y1", "y2", "y3", "y4"]]
    game = position(hands, "r3", PILE, rules=SEVEN_O)
    assert Play(0, card("r7"), target=0) not in game.legal_actions(0)
    before = summary(game)
    assert refuse(game, Play(0, card("r7"), target=0)).reason is Refusal.SWAP_TARGET
    assert summary(game) == before


def test_seven_o_decline_needs_seven_o() -> None:
    with pytest.raises(RulesNeeds) as raised:
        RuleSet.from_spec("standard,seven_o_decline=on")
    assert messages.rules_error(raised.value) == (
        "The rule option seven_o_decline changes seven_o, so it needs seven_o on too: "
        "standard,seven_o=on,seven_o_decline=on."
    )


def test_seven_o_decline_the_normal_bot_keeps_a_hand_smaller_than_every_other() -> None:
    hands = [["r7", "r1"], ["g1", "g2", "g3"], ["y1", "y2", "y3", "y4"]]
    game = position(hands, "r3", PILE, rules=DECLINE)
    bot = make_bot("normal", random.Random(1))
    choice = bot.choose(game.view(0), game.legal_actions(0))
    assert isinstance(choice, Play) and choice.card is card("r7") and choice.target == 0


# ------------------------------------------------------------------ false UNO calls and catches

FALSE_CALLS = RuleSet(false_uno_penalty=True)


def test_false_uno_penalty_a_uno_call_not_due_costs_two_cards() -> None:
    game = position([["b5", "g1", "g2"], ["y1", "y2"], ["y3"]], "b3", list(PILE), rules=FALSE_CALLS)
    events = game.apply(CallUno(1))
    assert events[0] == FalseCallPenalty(1, None, 2)
    assert events[1] == CardsDrawn(1, 2, DrawReason.UNO_PENALTY, tuple(cards(*PILE[:2])))
    assert len(game.state.hands[1]) == 4 and game.state.current == 0


def test_false_uno_penalty_catching_a_safe_player_costs_the_catcher_two_cards() -> None:
    game = position([["b5", "g1", "g2"], ["y1", "y2"], ["y3"]], "b3", list(PILE), rules=FALSE_CALLS)
    events = game.apply(Catch(0, 2))
    assert events[0] == FalseCallPenalty(0, 2, 2)
    assert [len(hand) for hand in game.state.hands] == [5, 2, 1]


def test_false_uno_penalty_a_due_call_and_a_fair_catch_cost_nothing_extra() -> None:
    game = position([["b5", "g1"], ["y1", "y2"], ["y3", "y4"]], "b3", list(PILE), rules=FALSE_CALLS)
    game.apply(Play(0, card("b5")))  # down to one card, UNO not called
    events = game.apply(Catch(1, 0))
    assert isinstance(events[0], UnoCaught) and len(game.state.hands[1]) == 2


def test_without_false_uno_penalty_a_false_call_is_refused_and_changes_nothing() -> None:
    game = position([["b5", "g1", "g2"], ["y1", "y2"], ["y3"]], "b3", list(PILE))
    before = summary(game)
    assert refuse(game, CallUno(1)).reason is Refusal.UNO_NOT_NOW
    assert refuse(game, Catch(0, 2)).reason is Refusal.CATCH_SAFE
    assert summary(game) == before


def test_false_uno_penalty_catching_yourself_is_still_refused() -> None:
    game = position([["b5", "g1", "g2"], ["y1", "y2"], ["y3"]], "b3", list(PILE), rules=FALSE_CALLS)
    before = summary(game)
    assert refuse(game, Catch(0, 0)).reason is Refusal.CATCH_SELF
    assert summary(game) == before


# ------------------------------------------------------------------ wrong jump-ins

WRONG_JUMPS = RuleSet(jump_in=True, jump_in_penalty=True)


def test_jump_in_penalty_a_card_that_may_not_jump_in_is_taken_back_with_two_more() -> None:
    game = _after_red_five(WRONG_JUMPS, ["b5", "g7"])
    events = game.apply(JumpIn(2, card("b5"), on=1))
    assert events[0] == WrongCardPenalty(2, card("b5"), True)
    assert isinstance(events[1], CardsDrawn) and events[1].reason is DrawReason.WRONG_CARD
    assert len(game.state.hands[2]) == 4 and card("b5") in game.state.hands[2]
    assert game.state.current == 1 and game.state.discard[-1] is card("r5")


def test_jump_in_penalty_a_late_jump_in_or_a_card_not_held_is_only_refused() -> None:
    game = _after_red_five(WRONG_JUMPS, ["r5", "b4"])
    before = summary(game)
    assert refuse(game, JumpIn(2, card("r5"), on=0)).reason is Refusal.JUMP_IN_TOO_LATE
    assert refuse(game, JumpIn(2, card("g9"), on=1)).reason is Refusal.JUMP_IN_NOT_IDENTICAL
    assert summary(game) == before


def test_jump_in_penalty_needs_jump_ins() -> None:
    with pytest.raises(RulesNeeds):
        RuleSet.from_spec("standard,jump_in_penalty=on")
    assert RuleSet.from_spec("standard,jump_in_any_color=on,jump_in_penalty=on").jump_in_penalty


def test_without_jump_in_penalty_a_wrong_jump_in_is_refused_and_changes_nothing() -> None:
    game = _after_red_five(RuleSet(jump_in=True), ["b5", "g7"])
    before = summary(game)
    assert refuse(game, JumpIn(2, card("b5"), on=1)).reason is Refusal.JUMP_IN_NOT_IDENTICAL
    assert summary(game) == before


# ------------------------------------------------------------------ stack deflection

DEFLECT = RuleSet(stacking=True, stack_deflect=True)
FOUR = [["b+2", "g1", "g2"], ["bsk", "brv", "y1"], ["y3", "y4", "y5"], ["r1", "r2", "r3"]]


def test_stack_deflect_a_skip_passes_the_stack_on_to_the_next_player() -> None:
    game = position(FOUR, "b3", list(PILE), rules=DEFLECT)
    game.apply(Play(0, card("b+2")))
    assert Play(1, card("bsk")) in game.legal_actions(1)
    events = game.apply(Play(1, card("bsk")))
    assert events == [CardPlayed(1, card("bsk"), 2), StackGrew(2, 2), TurnStarted(2)]
    assert (game.state.current, game.state.stack, game.state.phase) == (2, 2, Phase.STACK)
    game.apply(Accept(2))
    assert len(game.state.hands[2]) == 5 and game.state.current == 3


def test_stack_deflect_a_reverse_sends_the_stack_back() -> None:
    game = position(FOUR, "b3", list(PILE), rules=DEFLECT)
    game.apply(Play(0, card("b+2")))
    events = game.apply(Play(1, card("brv")))
    assert DirectionChanged(COUNTERCLOCKWISE) in events and StackGrew(0, 2) in events
    assert (game.state.current, game.state.stack) == (0, 2)


def test_stack_deflect_a_skip_of_another_colour_does_not_pass_it_on() -> None:
    hands = [["b+2", "g1", "g2"], ["gsk", "y1"], ["y3", "y4"], ["r1", "r2"]]
    game = position(hands, "b3", list(PILE), rules=DEFLECT)
    game.apply(Play(0, card("b+2")))
    assert Play(1, card("gsk")) not in game.legal_actions(1)
    before = summary(game)
    assert refuse(game, Play(1, card("gsk"))).reason is Refusal.ANSWER_STACK
    assert summary(game) == before


def test_stack_deflect_wild_a_wild_passes_it_on_naming_a_colour() -> None:
    hands = [["b+2", "g1", "g2"], ["wi", "y1"], ["y3", "y4"], ["r1", "r2"]]
    rules = RuleSet(stacking=True, stack_deflect=True, stack_deflect_wild=True)
    game = position(hands, "b3", list(PILE), rules=rules)
    game.apply(Play(0, card("b+2")))
    events = game.apply(Play(1, card("wi"), Color.YELLOW))
    assert ColorChosen(1, Color.YELLOW) in events and StackGrew(2, 2) in events
    without = position(hands, "b3", list(PILE), rules=DEFLECT)
    without.apply(Play(0, card("b+2")))
    assert refuse(without, Play(1, card("wi"), Color.YELLOW)).reason is Refusal.ANSWER_STACK


def test_stack_deflect_going_out_on_it_the_next_player_draws_the_stack() -> None:
    hands = [["b+2", "g1", "g2"], ["bsk"], ["y3", "y4"], ["r1", "r2"]]
    game = position(hands, "b3", list(PILE), rules=DEFLECT)
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("bsk")))
    assert game.state.phase is Phase.ROUND_OVER and len(game.state.hands[2]) == 4


def test_stack_deflect_needs_a_stack_to_deflect() -> None:
    with pytest.raises(RulesNeeds):
        RuleSet.from_spec("standard,stack_deflect=on")
    with pytest.raises(RulesNeeds):
        RuleSet.from_spec("stacking,stack_deflect_wild=on")


# ------------------------------------------------------------------ Wild Shuffle Hands

SHUFFLE = RuleSet(wild_shuffle_hands=True)


def test_wild_shuffle_hands_every_hand_is_dealt_out_again_from_the_players_left() -> None:
    hands = [["wish", "r1", "r2", "r3", "r4"], ["g1", "g2"], ["y1", "y2", "y3"]]
    game = position(hands, "b3", list(PILE), rules=SHUFFLE)
    before = sorted(c.code for hand in game.state.hands for c in hand if c.code != "wish")
    events = game.apply(Play(0, card("wish"), Color.GREEN))
    assert events[:3] == [
        CardPlayed(0, card("wish"), 4),
        ColorChosen(0, Color.GREEN),
        HandsShuffled(0, (3, 3, 3)),
    ]
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [(e.seat, e.count) for e in dealt] == [(0, 3), (1, 3), (2, 3)]
    after = sorted(c.code for hand in game.state.hands for c in hand)
    assert after == before  # the same cards, dealt out again
    assert game.state.current == 1 and game.state.color is Color.GREEN


def test_wild_shuffle_hands_the_deal_starts_left_and_ends_with_its_player() -> None:
    hands = [["wish", "r1", "r2", "r3"], ["g1", "g2"], ["y1", "y2"]]
    game = position(hands, "b3", list(PILE), rules=SHUFFLE)
    events = game.apply(Play(0, card("wish"), Color.RED))
    assert HandsShuffled(0, (2, 3, 2)) in events  # 7 cards: Bob, Cy, Ann, Bob, Cy, Ann, Bob


def test_wild_shuffle_hands_whoever_is_dealt_one_card_must_call_uno() -> None:
    hands = [["wish", "r1"], ["g1"], ["y1", "y2"]]
    game = position(hands, "b3", list(PILE), rules=SHUFFLE)
    game.apply(Play(0, card("wish"), Color.RED, uno=True))
    assert [len(hand) for hand in game.state.hands] == [1, 2, 1]
    assert set(game.state.handed_one) == {0, 2}


def test_wild_shuffle_hands_as_the_last_card_goes_out() -> None:
    game = position([["wish"], ["g1", "g2"], ["y1"]], "b3", list(PILE), rules=SHUFFLE)
    events = game.apply(Play(0, card("wish")))
    assert not any(isinstance(e, HandsShuffled) for e in events)
    assert game.state.phase is Phase.ROUND_OVER and game.state.round_winner == 0


def test_wild_shuffle_hands_adds_one_card_a_deck_worth_forty_points() -> None:
    assert SHUFFLE.deck_size(4) == 109 and card("wish").points == 40
    assert RuleSet.from_spec("speed,wild_shuffle_hands=on").deck_size(4) == 218
    game = Game.new(4, SHUFFLE, rng=random.Random(5))
    held = [c for hand in game.state.hands for c in hand] + game.state.draw_pile
    assert sum(1 for c in held + game.state.discard if c.code == "wish") == 1


def test_wild_shuffle_hands_the_normal_bot_shuffles_only_holding_more_than_the_others() -> None:
    bot = make_bot("normal", random.Random(1))
    big = position(
        [["wish", "g5", "g6", "g7", "y8", "y9"], ["r1", "r2"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=SHUFFLE,
    )
    choice = bot.choose(big.view(0), big.legal_actions(0))
    assert isinstance(choice, Play) and choice.card is card("wish")
    small = position(
        [["wish", "g5"], ["r1", "r2", "r3"], ["y1", "y2", "y4"]], "b3", PILE, rules=SHUFFLE
    )
    choice = bot.choose(small.view(0), small.legal_actions(0))
    assert not (isinstance(choice, Play) and choice.card is card("wish"))


# ------------------------------------------------------------------ customizable Wilds


def _custom(effect: str) -> RuleSet:
    return RuleSet.from_spec(f"standard,custom_wilds={effect}")


def test_custom_wilds_everyone_draws_every_other_player_draws_a_card() -> None:
    hands = [["wiev", "r1"], ["g1", "g2"], ["y1", "y2"]]
    game = position(hands, "b3", list(PILE), rules=_custom("everyone_draws"))
    events = game.apply(Play(0, card("wiev"), Color.RED))
    drawn = [(e.seat, e.count, e.reason) for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [(1, 1, DrawReason.EVERYONE_DRAWS), (2, 1, DrawReason.EVERYONE_DRAWS)]
    assert [len(hand) for hand in game.state.hands] == [1, 3, 3] and game.state.current == 1


def test_custom_wilds_skip_everyone_its_player_plays_again() -> None:
    hands = [["wisk", "r1", "r2"], ["g1", "g2"], ["y1", "y2"]]
    game = position(hands, "b3", list(PILE), rules=_custom("skip_everyone"))
    events = game.apply(Play(0, card("wisk"), Color.RED))
    assert [e.seat for e in events if isinstance(e, PlayerSkipped)] == [1, 2]
    assert events[-1] == TurnStarted(0) and game.state.current == 0


def test_custom_wilds_swap_hands_swaps_with_the_player_named() -> None:
    hands = [["wisw", "r1", "r2"], ["g1"], ["y1", "y2", "y3"]]
    game = position(hands, "b3", list(PILE), rules=_custom("swap_hands"))
    before = summary(game)
    refused = refuse(game, Play(0, card("wisw"), Color.RED)).reason
    assert refused is Refusal.SWAP_WILD_TARGET
    refused = refuse(game, Play(0, card("wisw"), Color.RED, target=0)).reason
    assert refused is Refusal.SWAP_WILD_TARGET
    assert summary(game) == before
    events = game.apply(Play(0, card("wisw"), Color.RED, target=2))
    assert any(isinstance(e, HandsSwapped) for e in events)
    assert game.state.hands[0] == cards("y1", "y2", "y3") and game.state.current == 1


def test_custom_wilds_three_a_deck_forty_points_each_named_by_the_table() -> None:
    rules = _custom("skip_everyone")
    assert rules.deck_size(4) == 111 and card("wisk").points == 40
    game = Game.new(4, rules, rng=random.Random(3))
    held = [c for hand in game.state.hands for c in hand] + game.state.draw_pile
    assert sum(1 for c in held + game.state.discard if c.code == "wisk") == 3
    assert messages.card_name(card("wisk")) == "Wild Skip Everyone"
    with pytest.raises(RulesError):
        RuleSet.from_spec("standard,custom_wilds=draw_ten")


def test_a_mistyped_option_is_answered_with_the_nearest_names() -> None:
    with pytest.raises(RulesError) as raised:
        RuleSet.from_spec("standard,shufle_hands=on")
    said = messages.rules_error(raised.value)
    assert said == "There is no rule option 'shufle_hands'; did you mean wild_shuffle_hands?"
    with pytest.raises(RulesError) as raised:
        RuleSet.from_spec("standard,zzz=on")
    said = messages.rules_error(raised.value)
    assert "hand_size" in said and "house rules" in said and "must_play" not in said


# ------------------------------------------------------------------ straights

STRAIGHTS = RuleSet(straights=True)
hands_of = hands  # (the tests name their hands "hands")


def test_straights_a_number_card_and_the_next_numbers_of_its_colour_go_down_as_one_play() -> None:
    hands = [["r4", "r5", "r6", "g1", "g2"], ["y1", "y2"], ["y3", "y4"]]
    game = position(hands, "r3", list(PILE), rules=STRAIGHTS)
    result = game.apply(Play(0, card("r4"), straight=2))
    assert result == [
        CardPlayed(0, card("r4"), 4),
        CardPlayed(0, card("r5"), 3, straight=True),
        CardPlayed(0, card("r6"), 2, straight=True),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["g1", "g2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=PILE,
        discard=["r3", "r4", "r5", "r6"],
        current=1,
        color=Color.RED,
    )
    assert game.state.plays == 3  # each card counts as played (a jump-in names the last)


def test_straights_run_down_too_and_9_and_0_follow_each_other() -> None:
    hands = [["g1", "g0", "g9", "g8", "y5"], ["y1", "y2"], ["y3", "y4"]]
    game = position(hands, "g3", list(PILE), rules=STRAIGHTS)
    legal = {
        a.straight for a in game.legal_actions(0) if isinstance(a, Play) and a.card == card("g1")
    }
    assert legal == {0, -1, -2, -3}  # g1 g0, g1 g0 g9, g1 g0 g9 g8
    game.apply(Play(0, card("g1"), straight=-3))
    assert hands_of(game)[0] == ["y5"] and game.state.discard[-1] == card("g8")
    up = position([["g9", "g0", "g1", "y5"], ["y1"], ["y3"]], "g3", list(PILE), rules=STRAIGHTS)
    assert Play(0, card("g9"), straight=2) in up.legal_actions(0)  # 9, 0, 1


def test_straights_the_last_card_acts_a_seven_swaps_under_seven_o() -> None:
    rules = RuleSet(straights=True, seven_o=True)
    hands = [["r5", "r6", "r7", "g1"], ["y1", "y2"], ["y3", "y4", "y5"]]
    game = position(hands, "r3", list(PILE), rules=rules)
    assert refuse(game, Play(0, card("r5"), straight=2)).reason is Refusal.SWAP_TARGET
    game.apply(Play(0, card("r5"), straight=2, target=2))
    assert hands_of(game)[0] == ["y3", "y4", "y5"] and hands_of(game)[2] == ["g1"]
    # a 7 inside a straight does not swap
    inside = position(
        [["r6", "r7", "r8", "g1"], ["y1", "y2"], ["y3"]], "r3", list(PILE), rules=rules
    )
    inside.apply(Play(0, card("r6"), straight=2))
    assert hands_of(inside)[0] == ["g1"]


def test_straights_going_out_on_a_straight_ends_the_round_and_uno_is_the_last_cards() -> None:
    game = position([["r4", "r5"], ["y1", "y2"]], "r3", list(PILE), rules=STRAIGHTS)
    assert game.state.phase is Phase.PLAY
    game.apply(Play(0, card("r4"), straight=1))
    assert game.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    game = position([["r4", "r5", "g1"], ["y1", "y2"]], "r3", list(PILE), rules=STRAIGHTS)
    plays = [a for a in game.legal_actions(0) if isinstance(a, Play) and a.straight == 1]
    assert {a.uno for a in plays} == {False, True}  # one card left after it: UNO or not
    events = game.apply(Play(0, card("r4"), uno=True, straight=1))
    assert [type(e).__name__ for e in events[:3]] == ["UnoCalled", "CardPlayed", "CardPlayed"]


@pytest.mark.parametrize(
    ("held", "played", "straight", "reason", "about"),
    [
        (["r4", "r5", "g1"], "r4", 2, Refusal.STRAIGHT_NOT_HELD, "r6"),
        (["r4", "b5", "g1"], "r4", 1, Refusal.STRAIGHT_NOT_HELD, "r5"),
        (["rsk", "r5", "g1"], "rsk", 1, Refusal.STRAIGHT_NUMBERS, "rsk"),
        (["r4", "r5", "g1"], "r4", 10, Refusal.STRAIGHT_NUMBERS, "r4"),
        (["b4", "b5", "g1"], "b4", 1, Refusal.DOES_NOT_MATCH, "b4"),
        (["g1", "r5", "r6"], "r4", 2, Refusal.NOT_IN_HAND, "r4"),
    ],
)
def test_straights_a_run_not_held_or_not_of_numbers_is_refused_and_changes_nothing(
    held: list[str], played: str, straight: int, reason: Refusal, about: str
) -> None:
    game = position([held, ["y1", "y2"]], "r3", list(PILE), rules=STRAIGHTS)
    before = summary(game)
    refusal = refuse(game, Play(0, card(played), straight=straight))
    assert (refusal.reason, refusal.card) == (reason, card(about))
    assert summary(game) == before
    assert messages.refusal(reason, card(about))


def test_straights_only_at_a_turns_start_and_only_where_the_table_plays_them() -> None:
    plain = position([["r4", "r5", "g1"], ["y1", "y2"]], "r3", list(PILE))
    assert not any(isinstance(a, Play) and a.straight for a in plain.legal_actions(0))
    assert refuse(plain, Play(0, card("r4"), straight=1)).reason is Refusal.NO_STRAIGHTS
    game = position([["r4", "r5", "g1"], ["y1", "y2"]], "r9", ["r6", *PILE], rules=STRAIGHTS)
    game.apply(Draw(0))  # draws r6, which plays: only it, alone
    assert refuse(game, Play(0, card("r6"), straight=-2)).reason is Refusal.ONLY_DRAWN_CARD
    assert not any(isinstance(a, Play) and a.straight for a in game.legal_actions(0))


def test_straights_each_card_of_a_straight_is_seen_by_every_seat() -> None:
    game = position([["r4", "r5", "g1"], ["y1", "y2"]], "r3", list(PILE), rules=STRAIGHTS)
    events = game.apply(Play(0, card("r4"), straight=1))
    for seat in (0, 1):
        seen = [for_seat(e, seat) for e in events]
        assert [e.card for e in seen if isinstance(e, CardPlayed)] == cards("r4", "r5")


# ------------------------------------------------- answering a stack after going out

AFTER_OUT = RuleSet(draw_responses=True, stack_after_out=True)


def test_stack_after_out_a_last_draw_two_is_answered_and_the_round_ends_when_it_is_drawn() -> None:
    game = position([["r+2"], ["b+2", "y1"], ["g1", "g2"]], "r3", list(PILE), rules=AFTER_OUT)
    result = game.apply(Play(0, card("r+2")))
    assert result == [CardPlayed(0, card("r+2"), 0), OutPending(0), TurnStarted(1)]
    assert game.state.phase is Phase.STACK and game.state.round_winner is None
    game.apply(Play(1, card("b+2")))  # answered: the stack grows and goes on
    assert (game.state.current, game.state.stack) == (2, 4)
    game.apply(Accept(2))
    assert game.state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert game.state.round_winner == 0 and len(game.state.hands[2]) == 6
    plain = position([["r+2"], ["b+2", "y1"], ["g1"]], "r3", list(PILE), rules=RESPONSES)
    plain.apply(Play(0, card("r+2")))  # without the option: drawn at once, the round over
    assert plain.state.round_winner == 0 and len(plain.state.hands[1]) == 4


def test_stack_after_out_the_stack_back_on_the_one_who_went_out_puts_them_back_in() -> None:
    game = position([["r+2"], ["b+2", "y1", "y2"]], "r3", list(PILE), rules=AFTER_OUT)
    game.apply(Play(0, card("r+2")))
    game.apply(Play(1, card("b+2")))  # back on Ann, who holds nothing to answer with
    assert game.legal_actions(0) == [Accept(0)]
    game.apply(Accept(0))
    assert game.state.phase is Phase.PLAY and game.state.round_winner is None
    assert len(game.state.hands[0]) == 4 and game.state.current == 1


def test_stack_after_out_a_last_wild_draw_four_names_a_colour_and_a_challenge_loses() -> None:
    game = position([["wi+4"], ["g1", "y1"], ["b1", "b2"]], "r3", list(PILE), rules=AFTER_OUT)
    assert refuse(game, Play(0, card("wi+4"))).reason is Refusal.NEED_COLOR  # nothing changed
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    assert game.state.color is Color.GREEN and game.state.phase is Phase.CHALLENGE
    game.apply(Challenge(1))  # a last card is never a bluff: the challenger draws 6
    assert game.state.round_winner == 0 and len(game.state.hands[1]) == 8


def test_stack_after_out_the_first_who_went_out_and_holds_no_card_wins() -> None:
    hands = [["r+2"], ["b+2"], ["g1", "g+2", "y5"]]
    game = position(hands, "r3", list(PILE), rules=AFTER_OUT)
    game.apply(Play(0, card("r+2")))
    game.apply(Play(1, card("b+2")))  # Bob goes out answering: he waits too
    game.apply(Play(2, card("g+2")))  # 6 on Ann, who went out first and holds nothing
    game.apply(Accept(0))  # Ann draws: back in; Bob still holds no card and wins
    assert game.state.round_winner == 1 and len(game.state.hands[0]) == 6


def test_stack_after_out_needs_draw_responses() -> None:
    with pytest.raises(RulesNeeds):
        RuleSet(stack_after_out=True).validate()
    with pytest.raises(RulesNeeds):
        RuleSet(stacking=True, stack_after_out=True).validate()  # the + card round: no
