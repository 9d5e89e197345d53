"""RULES.md, Named modes and options, `stacking` (004's house rule "+ card round"): a Draw
Two may be answered with a Draw Two, a Wild Draw Four with a Wild Draw Four, adding up;
the stack goes round once, and the player who began it may not add but draws the total."""

from __future__ import annotations

from engine_helpers import card, cards, expected, position, refuse, summary

from uno_access.engine.actions import (
    Accept,
    Challenge,
    Draw,
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
    DrawAccepted,
    DrawReason,
    HandShown,
    PlayerSkipped,
    Refusal,
    RoundEnded,
    StackGrew,
    TurnStarted,
)
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

STACKING = RuleSet(stacking=True)
PILE = ["y5", "y6", "y7", "y8", "y9", "g9", "g8", "g7", "g6", "g5", "r9", "r8"]


def test_a_draw_two_leaves_its_victim_owing_two_and_accepting_draws_them_and_loses_the_turn() -> None:  # noqa: E501  # fmt: skip
    game = position([["b+2", "r1", "r2"], ["g1", "g2"], ["y1", "y2"]], "b3", PILE, rules=STACKING)
    assert game.apply(Play(0, card("b+2"))) == [CardPlayed(0, card("b+2"), 2), TurnStarted(1)]
    # nothing drawn yet: seat 1 owes the stack and answers it
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["b3", "b+2"],
        current=1,
        color=Color.BLUE,
        phase=Phase.STACK,
    )
    assert (game.state.stack, game.state.stack_starter) == (2, 0)
    assert game.view(2).stack == 2
    assert game.apply(Accept(1)) == [
        DrawAccepted(1, 2),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2", "y5", "y6"], ["y1", "y2"]],
        draw_pile=PILE[2:],
        discard=["b3", "b+2"],
        current=2,
        color=Color.BLUE,
    )
    assert (game.state.stack, game.state.stack_starter) == (0, None)


def test_a_draw_two_of_any_colour_adds_two_and_passes_the_whole_stack_to_the_next_player() -> None:
    game = position(
        [["b+2", "r1", "r2"], ["g+2", "g1", "g2"], ["y1", "y2"], ["r3", "r4"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("b+2")))
    assert game.apply(Play(1, card("g+2"))) == [
        CardPlayed(1, card("g+2"), 2),
        StackGrew(2, 4),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["r3", "r4"]],
        draw_pile=PILE,
        discard=["b3", "b+2", "g+2"],
        current=2,
        color=Color.GREEN,
        phase=Phase.STACK,
    )
    assert (game.state.stack, game.state.stack_starter) == (4, 0)
    # seat 2 holds no Draw Two: it accepts the whole stack and loses the turn
    assert game.apply(Accept(2)) == [
        DrawAccepted(2, 4),
        CardsDrawn(2, 4, DrawReason.STACK, tuple(cards("y5", "y6", "y7", "y8"))),
        PlayerSkipped(2),
        TurnStarted(3),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2", "y5", "y6", "y7", "y8"], ["r3", "r4"]],
        draw_pile=PILE[4:],
        discard=["b3", "b+2", "g+2"],
        current=3,
        color=Color.GREEN,
    )
    assert (game.state.stack, game.state.stack_starter) == (0, None)


def test_while_owing_a_stack_a_player_may_only_add_to_it_or_accept_it() -> None:
    game = position(
        [["b+2", "r1", "r2"], ["g1", "b5", "wi"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("b+2")))
    # a card of the colour, a Wild, a draw, a drawn card, a challenge: all refused
    assert refuse(game, Play(1, card("b5"))).reason is Refusal.ANSWER_STACK
    assert refuse(game, Play(1, card("wi"), Color.RED)).reason is Refusal.ANSWER_STACK
    assert refuse(game, Draw(1)).reason is Refusal.ANSWER_STACK
    assert refuse(game, PlayDrawn(1)).reason is Refusal.ANSWER_STACK
    assert refuse(game, Keep(1)).reason is Refusal.ANSWER_STACK
    assert refuse(game, Challenge(1)).reason is Refusal.NO_CHALLENGE
    assert refuse(game, Accept(2)).reason is Refusal.NOT_YOUR_TURN
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "b5", "wi"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["b3", "b+2"],
        current=1,
        color=Color.BLUE,
        phase=Phase.STACK,
    )
    assert game.state.stack == 2


def test_the_stack_goes_round_once_and_the_player_who_began_it_must_accept_the_whole_total() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["b+2", "r+2", "r1"], ["g+2", "g1", "g2"], ["y+2", "y1", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("g+2")))
    assert game.apply(Play(2, card("y+2"))) == [
        CardPlayed(2, card("y+2"), 2),
        StackGrew(0, 6),
        TurnStarted(0),
    ]
    assert (game.state.stack, game.state.stack_starter, game.state.current) == (6, 0, 0)
    # back to seat 0, who began it: its Red Draw Two may not be added
    refusal = refuse(game, Play(0, card("r+2")))
    assert (refusal.reason, refusal.card) == (Refusal.STACK_CANNOT_ADD, card("r+2"))
    assert game.apply(Accept(0)) == [
        DrawAccepted(0, 6),
        CardsDrawn(0, 6, DrawReason.STACK, tuple(cards(*PILE[:6]))),
        PlayerSkipped(0),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r+2", "r1", *PILE[:6]], ["g1", "g2"], ["y1", "y2"]],
        draw_pile=PILE[6:],
        discard=["b3", "b+2", "g+2", "y+2"],
        current=1,
        color=Color.YELLOW,
    )
    assert (game.state.stack, game.state.stack_starter) == (0, None)


def test_a_wild_draw_four_may_be_answered_with_a_wild_draw_four_adding_four() -> None:
    game = position(
        [["wi+4", "r1", "r2"], ["wi+4", "g1", "g2"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    assert game.apply(Play(0, card("wi+4"), Color.RED)) == [
        CardPlayed(0, card("wi+4"), 2),
        ColorChosen(0, Color.RED),
        TurnStarted(1),
    ]
    assert (game.state.phase, game.state.stack) == (Phase.CHALLENGE, 4)
    assert game.apply(Play(1, card("wi+4"), Color.GREEN)) == [
        CardPlayed(1, card("wi+4"), 2),
        ColorChosen(1, Color.GREEN),
        StackGrew(2, 8),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["b3", "wi+4", "wi+4"],
        current=2,
        color=Color.GREEN,
        phase=Phase.CHALLENGE,
    )
    assert (game.state.stack, game.state.stack_starter, game.state.four_player) == (8, 0, 1)
    assert game.apply(Accept(2)) == [
        DrawAccepted(2, 8),
        CardsDrawn(2, 8, DrawReason.STACK, tuple(cards(*PILE[:8]))),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2", *PILE[:8]]],
        draw_pile=PILE[8:],
        discard=["b3", "wi+4", "wi+4"],
        current=0,
        color=Color.GREEN,
    )


def test_a_guilty_challenge_of_a_stack_makes_the_last_wild_draw_four_player_draw_the_whole_stack() -> None:  # noqa: E501  # fmt: skip
    # seat 1 held a red card when red was in play: its Wild Draw Four was illegal
    game = position(
        [["wi+4", "r1", "r2"], ["wi+4", "r5", "g2"], ["y1", "g3", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("wi+4"), Color.RED))
    game.apply(Play(1, card("wi+4"), Color.GREEN))
    assert game.apply(Challenge(2)) == [
        ChallengeMade(2, 1),
        HandShown(1, 2, 2, tuple(cards("r5", "g2"))),
        ChallengeResolved(2, 1, True),
        CardsDrawn(1, 8, DrawReason.CHALLENGE_GUILTY, tuple(cards(*PILE[:8]))),
    ]
    # the challenger plays normally, on the colour seat 1 chose
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["r5", "g2", *PILE[:8]], ["y1", "g3", "y2"]],
        draw_pile=PILE[8:],
        discard=["b3", "wi+4", "wi+4"],
        current=2,
        color=Color.GREEN,
    )
    assert (game.state.stack, game.state.stack_starter) == (0, None)
    assert game.apply(Play(2, card("g3"))) == [CardPlayed(2, card("g3"), 2), TurnStarted(0)]


def test_an_innocent_challenge_of_a_stack_makes_the_challenger_draw_the_stack_and_two_more() -> None:  # noqa: E501  # fmt: skip
    # seat 1 held no red card when red was in play: its Wild Draw Four was legal
    game = position(
        [["wi+4", "r1", "r2"], ["wi+4", "g1", "g2"], ["y1", "g3", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("wi+4"), Color.RED))
    game.apply(Play(1, card("wi+4"), Color.GREEN))
    assert game.apply(Challenge(2)) == [
        ChallengeMade(2, 1),
        HandShown(1, 2, 2, tuple(cards("g1", "g2"))),
        ChallengeResolved(2, 1, False),
        CardsDrawn(2, 10, DrawReason.CHALLENGE_LOST, tuple(cards(*PILE[:10]))),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "g3", "y2", *PILE[:10]]],
        draw_pile=PILE[10:],
        discard=["b3", "wi+4", "wi+4"],
        current=0,
        color=Color.GREEN,
    )
    assert (game.state.stack, game.state.stack_starter) == (0, None)


def test_a_draw_two_may_not_be_stacked_on_a_wild_draw_four_nor_a_wild_draw_four_on_a_draw_two() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["wi+4", "r1", "r2"], ["r+2", "g1", "g2"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("wi+4"), Color.RED))
    refusal = refuse(game, Play(1, card("r+2")))
    assert (refusal.reason, refusal.card) == (Refusal.ANSWER_STACK, card("r+2"))
    assert game.apply(Accept(1)) == [
        DrawAccepted(1, 4),
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(cards("y5", "y6", "y7", "y8"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]

    game = position(
        [["b+2", "r1", "r2"], ["wi+4", "g1", "g2"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=STACKING,
    )
    game.apply(Play(0, card("b+2")))
    refusal = refuse(game, Play(1, card("wi+4"), Color.RED))
    assert (refusal.reason, refusal.card) == (Refusal.ANSWER_STACK, card("wi+4"))
    assert game.apply(Accept(1)) == [
        DrawAccepted(1, 2),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]


def test_going_out_on_a_draw_two_during_a_stack_makes_the_next_player_draw_the_whole_stack() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["b+2", "r1", "r2"], ["g+2"], ["y1", "y2"]],
        "b3",
        ["y5", "y6", "y7", "y8", "y9"],
        rules=STACKING,
    )
    game.apply(Play(0, card("b+2")))
    # 1 + 2 = 3 in seat 0; 1 + 2 + 5 + 6 + 7 + 8 = 29 in seat 2
    assert game.apply(Play(1, card("g+2"))) == [
        CardPlayed(1, card("g+2"), 0),
        CardsDrawn(2, 4, DrawReason.DRAW_TWO, tuple(cards("y5", "y6", "y7", "y8"))),
        RoundEnded(1, (3, 0, 29), (0, 32, 0), (0, 32, 0)),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], [], ["y1", "y2", "y5", "y6", "y7", "y8"]],
        draw_pile=["y9"],
        discard=["b3", "b+2", "g+2"],
        current=None,
        color=Color.GREEN,
        phase=Phase.ROUND_OVER,
        scores=[0, 32, 0],
        round_winner=1,
    )
    assert game.state.stack == 0
