"""RULES.md, Named modes and options, `speed` (Speed UNO, seed 003): more decks, 10 cards,
drawing until a card can be played, UNO penalty 5, no going out on a Wild Draw Four,
Exact Match (jump-in), Double-Double, Dropping and Round-n-Round."""

from __future__ import annotations

from collections import Counter

from engine_helpers import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    card,
    cards,
    expected,
    position,
    refuse,
    summary,
)

from uno_access.access import messages
from uno_access.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Draw,
    JumpIn,
    Keep,
    Play,
    PlayDrawn,
)
from uno_access.engine.cards import Card, Color, standard_deck
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    DirectionChanged,
    DrawAccepted,
    DrawReason,
    HandDealt,
    HandReceived,
    HandsPassed,
    PlayerSkipped,
    Refusal,
    Rejected,
    StackGrew,
    TurnStarted,
    UnoCalled,
    UnoCaught,
    for_seat,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

SPEED = RuleSet.from_spec("speed")
PILE = ["y5", "y6", "y7", "y8", "y9", "b9", "b8", "r9", "r8", "r7"]


def refused(game: Game, action: Action) -> Rejected:
    """``refuse``, and the set of seats that drew since the last play is unchanged too
    (the snapshot of ``refuse`` keeps that set by reference)."""
    drew = set(game.state.drew)
    rejection = refuse(game, action)
    assert game.state.drew == drew
    return rejection


def _every_card(game: Game) -> Counter[Card]:
    s = game.state
    return Counter([c for hand in s.hands for c in hand] + s.draw_pile + s.discard)


# ------------------------------------------------------------------ the deal


def test_speed_plays_with_two_decks_and_one_more_per_four_players_beyond_four() -> None:
    for players, decks in {2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4}.items():
        assert SPEED.deck_count(players) == decks
        game = Game.new(players, SPEED, seed=players)
        assert game.cards_in_play() == 108 * decks
        assert _every_card(game) == Counter(standard_deck() * decks)


def test_speed_deals_ten_cards_to_each_player() -> None:
    game = Game.new(5, SPEED, seed=3)
    assert [len(hand) for hand in game.state.hands] == [10] * 5
    dealt = [e for e in game.opening if isinstance(e, HandDealt)]
    assert [(e.seat, e.count, len(e.cards)) for e in dealt] == [(s, 10, 10) for s in range(5)]


# ------------------------------------------------------------------ drawing, UNO, going out


def test_a_player_who_draws_draws_until_a_playable_card_comes_and_must_play_it() -> None:
    game = position(
        [["r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        "g3",
        ["y5", "b6", "g9", "y7"],
        rules=SPEED,
    )
    assert game.apply(Draw(0)) == [
        CardsDrawn(0, 3, DrawReason.TURN, tuple(cards("y5", "b6", "g9"))),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2", "y5", "b6", "g9"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["y7"],
        discard=["g3"],
        current=0,
        color=Color.GREEN,
        phase=Phase.DRAWN,
    )
    assert game.view(0).drawn == card("g9")
    refusal = refused(game, Keep(0))
    assert (refusal.reason, refusal.card) == (Refusal.MUST_PLAY_DRAWN, card("g9"))
    assert refused(game, Play(0, card("y5"))).reason is Refusal.ONLY_DRAWN_CARD
    assert refused(game, Draw(0)).reason is Refusal.ALREADY_DREW
    assert game.apply(PlayDrawn(0)) == [CardPlayed(0, card("g9"), 4), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "r2", "y5", "b6"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["y7"],
        discard=["g3", "g9"],
        current=1,
        color=Color.GREEN,
    )


def test_in_speed_a_player_caught_without_calling_uno_draws_five() -> None:
    game = position([["b7", "r5"], ["g2", "g3"], ["y1", "y2"]], "b3", PILE, rules=SPEED)
    assert game.apply(Play(0, card("b7"))) == [CardPlayed(0, card("b7"), 1), TurnStarted(1)]
    assert game.apply(Catch(2, 0)) == [
        UnoCaught(2, 0, 5),
        CardsDrawn(0, 5, DrawReason.UNO_PENALTY, tuple(cards(*PILE[:5]))),
    ]
    assert summary(game) == expected(
        hands=[["r5", *PILE[:5]], ["g2", "g3"], ["y1", "y2"]],
        draw_pile=PILE[5:],
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
    )


def test_in_speed_a_player_may_not_go_out_on_a_wild_draw_four() -> None:
    game = position([["wi+4"], ["g2", "g3"], ["y1", "y2"]], "b3", PILE, rules=SPEED)
    refusal = refused(game, Play(0, card("wi+4"), Color.RED))
    assert (refusal.reason, refusal.card) == (Refusal.NO_FOUR_FINISH, card("wi+4"))
    # nor by dropping the last two at once
    game = position([["wi+4", "wi+4"], ["g2", "g3"], ["y1", "y2"]], "b3", PILE, rules=SPEED)
    refusal = refused(game, Play(0, card("wi+4"), Color.RED, count=2))
    assert (refusal.reason, refusal.card) == (Refusal.NO_FOUR_FINISH, card("wi+4"))
    # with another card left it may be played
    game = position([["wi+4", "r1"], ["g2", "g3"], ["y1", "y2"]], "b3", PILE, rules=SPEED)
    assert game.apply(Play(0, card("wi+4"), Color.RED, uno=True))[:2] == [
        UnoCalled(0),
        CardPlayed(0, card("wi+4"), 1),
    ]


# ------------------------------------------------------------------ Exact Match (jump-in)


def test_exact_match_a_player_with_an_identical_card_plays_out_of_turn_and_play_continues_from_them() -> None:  # noqa: E501  # fmt: skip
    # seed 003's example: player 1 plays a Green 7, player 3 also has one and plays it out
    # of turn; player 4 plays next
    game = position(
        [["g7", "r1", "r2"], ["g4", "b2", "b3"], ["g7", "y1", "y2"], ["g5", "y4", "y5"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    assert game.apply(Play(0, card("g7"))) == [CardPlayed(0, card("g7"), 2), TurnStarted(1)]
    assert game.view(2).plays == 1
    assert game.apply(JumpIn(2, card("g7"), on=1)) == [
        CardPlayed(2, card("g7"), 2, jump_in=True),
        TurnStarted(3),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g4", "b2", "b3"], ["y1", "y2"], ["g5", "y4", "y5"]],
        draw_pile=PILE,
        discard=["g3", "g7", "g7"],
        current=3,
        color=Color.GREEN,
    )
    assert game.state.plays == 2
    # seat 1 lost its turn to the jump-in
    assert refused(game, Play(1, card("g4"))).reason is Refusal.NOT_YOUR_TURN


def test_an_exact_match_takes_effect_from_the_player_who_jumped_in() -> None:
    # a Skip: the player after the jumper is skipped
    game = position(
        [["gsk", "r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["gsk", "y4", "y5"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    assert game.apply(Play(0, card("gsk"))) == [
        CardPlayed(0, card("gsk"), 2),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert game.apply(JumpIn(3, card("gsk"), on=1)) == [
        CardPlayed(3, card("gsk"), 2, jump_in=True),
        PlayerSkipped(0),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["y4", "y5"]],
        draw_pile=PILE,
        discard=["g3", "gsk", "gsk"],
        current=1,
        color=Color.GREEN,
    )
    # a Reverse: the direction turns again, and play goes on from the jumper
    game = position(
        [["grv", "r1", "r2"], ["grv", "b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    assert game.apply(Play(0, card("grv"))) == [
        CardPlayed(0, card("grv"), 2),
        DirectionChanged(COUNTERCLOCKWISE),
        TurnStarted(3),
    ]
    assert game.apply(JumpIn(1, card("grv"), on=1)) == [
        CardPlayed(1, card("grv"), 2, jump_in=True),
        DirectionChanged(CLOCKWISE),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=PILE,
        discard=["g3", "grv", "grv"],
        current=2,
        color=Color.GREEN,
    )


def test_only_a_card_identical_to_the_top_card_may_jump_in() -> None:
    game = position(
        [["g7", "r1", "r2"], ["b1", "b2"], ["b7", "g8", "wi"], ["y3", "y4"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    game.apply(Play(0, card("g7")))
    for other in ("b7", "g8"):  # same number, same colour: not identical
        refusal = refused(game, JumpIn(2, card(other), on=1))
        assert (refusal.reason, refusal.card) == (Refusal.JUMP_IN_NOT_IDENTICAL, card(other))
    refusal = refused(game, JumpIn(2, card("wi"), Color.GREEN, on=1))
    assert refusal.reason is Refusal.JUMP_IN_NOT_IDENTICAL
    # identical, but not held
    refusal = refused(game, JumpIn(2, card("g7"), on=1))
    assert (refusal.reason, refusal.card) == (Refusal.NOT_IN_HAND, card("g7"))


def test_nobody_may_jump_in_before_the_first_play_of_the_round() -> None:
    # the start card is a Green 7 and seat 2 holds one
    game = position(
        [["r1", "r2"], ["b1", "b2"], ["g7", "g7", "y1"], ["y3", "y4"]],
        "g7",
        ["y5", "g7", "y7"],
        rules=SPEED,
    )
    refusal = refused(game, JumpIn(2, card("g7"), on=0))
    assert (refusal.reason, refusal.card) == (Refusal.JUMP_IN_NOT_YET, card("g7"))
    # the first player drawing is not yet a play
    assert game.apply(Draw(0)) == [CardsDrawn(0, 2, DrawReason.TURN, tuple(cards("y5", "g7")))]
    assert refused(game, JumpIn(2, card("g7"), on=0)).reason is Refusal.JUMP_IN_NOT_YET
    # once the first player has played, seat 2 may jump in
    assert game.apply(PlayDrawn(0)) == [CardPlayed(0, card("g7"), 3), TurnStarted(1)]
    assert game.apply(JumpIn(2, card("g7"), on=1)) == [
        CardPlayed(2, card("g7"), 2, jump_in=True),
        TurnStarted(3),
    ]


def test_a_player_who_drew_since_the_last_play_may_not_jump_in() -> None:
    game = position(
        [["g7", "r1", "r2"], ["g7", "b1"], ["y1", "y2"], ["g7", "y3", "y4"]],
        "g3",
        ["y5", "g9", "y7"],
        rules=SPEED,
    )
    game.apply(Play(0, card("g7")))
    # seat 1 draws instead of playing its Green 7: no speed rights until the next play
    assert game.apply(Draw(1)) == [CardsDrawn(1, 2, DrawReason.TURN, tuple(cards("y5", "g9")))]
    assert game.state.drew == {1}
    refusal = refused(game, JumpIn(1, card("g7"), on=1))
    assert (refusal.reason, refusal.card) == (Refusal.JUMP_IN_AFTER_DRAWING, card("g7"))
    # anyone else still may
    assert game.apply(JumpIn(3, card("g7"), on=1)) == [
        CardPlayed(3, card("g7"), 2, jump_in=True),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g7", "b1", "y5", "g9"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["y7"],
        discard=["g3", "g7", "g7"],
        current=0,
        color=Color.GREEN,
    )
    assert game.state.drew == set()


def test_a_player_may_not_jump_in_on_the_card_they_just_played() -> None:
    # RULES.md: Exact Match is for the other players; Dropping is for playing them together
    game = position(
        [["g7", "g7", "r2"], ["b1", "b2"], ["g7", "y1", "y2"], ["y3", "y4"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    game.apply(Play(0, card("g7")))
    refusal = refused(game, JumpIn(0, card("g7"), on=1))
    assert (refusal.reason, refusal.card) == (Refusal.JUMP_IN_OWN_CARD, card("g7"))
    assert messages.refusal(refusal.reason, refusal.card) == (
        "You played that card yourself: jumping in is for the others. To put identical "
        "cards down together, play them at once."
    )
    assert not any(isinstance(a, JumpIn) for a in game.legal_actions(0))
    # another player may; and then the first one may jump in on that card
    assert game.apply(JumpIn(2, card("g7"), on=1)) == [
        CardPlayed(2, card("g7"), 2, jump_in=True),
        TurnStarted(3),
    ]
    assert game.apply(JumpIn(0, card("g7"), on=2)) == [
        CardPlayed(0, card("g7"), 1, jump_in=True),
        TurnStarted(1),
    ]


def test_a_jumper_may_not_jump_in_again_on_their_own_jump_in() -> None:
    game = position(
        [["g7", "r1", "r2"], ["b1", "b2"], ["g7", "g7", "y2"], ["y3", "y4"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    game.apply(Play(0, card("g7")))
    game.apply(JumpIn(2, card("g7"), on=1))
    refusal = refused(game, JumpIn(2, card("g7"), on=2))
    assert refusal.reason is Refusal.JUMP_IN_OWN_CARD


def test_when_two_players_jump_in_on_the_same_card_the_second_is_too_late() -> None:
    game = position(
        [["g7", "r1", "r2"], ["b1", "b2"], ["g7", "y1", "y2"], ["g7", "y3", "y4"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    game.apply(Play(0, card("g7")))
    game.apply(JumpIn(2, card("g7"), on=1))
    refusal = refused(game, JumpIn(3, card("g7"), on=1))
    assert (refusal.reason, refusal.card) == (Refusal.JUMP_IN_TOO_LATE, card("g7"))
    # seat 3 may still jump in on the Green 7 that seat 2 put down
    assert game.apply(JumpIn(3, card("g7"), on=2)) == [
        CardPlayed(3, card("g7"), 2, jump_in=True),
        TurnStarted(0),
    ]
    assert game.state.plays == 3


def test_without_speed_nobody_may_jump_in() -> None:
    game = position([["g7", "r1"], ["b1", "b2"], ["g7", "y1"]], "g3", PILE)
    game.apply(Play(0, card("g7")))
    refusal = refuse(game, JumpIn(2, card("g7"), on=1))
    assert (refusal.reason, refusal.card) == (Refusal.NO_JUMP_IN, card("g7"))


# ------------------------------------------------------------------ Double-Double


def test_double_double_jump_ins_on_a_draw_two_add_up_and_the_player_after_the_last_jumper_draws_the_total() -> None:  # noqa: E501  # fmt: skip
    # seed 003's example: a Yellow Draw Two and three exact matches: the next player draws 8
    game = position(
        [["y+2", "r1", "r2"], ["y+2", "b1", "b2"], ["y+2", "b3", "b4"], ["y+2", "b5", "b6"]],
        "y3",
        PILE,
        rules=SPEED,
    )
    assert game.apply(Play(0, card("y+2"))) == [CardPlayed(0, card("y+2"), 2), TurnStarted(1)]
    assert (game.state.phase, game.state.stack, game.state.current) == (Phase.STACK, 2, 1)
    assert game.apply(JumpIn(2, card("y+2"), on=1)) == [
        CardPlayed(2, card("y+2"), 2, jump_in=True),
        StackGrew(3, 4),
        TurnStarted(3),
    ]
    assert game.apply(JumpIn(1, card("y+2"), on=2)) == [
        CardPlayed(1, card("y+2"), 2, jump_in=True),
        StackGrew(2, 6),
        TurnStarted(2),
    ]
    assert game.apply(JumpIn(3, card("y+2"), on=3)) == [
        CardPlayed(3, card("y+2"), 2, jump_in=True),
        StackGrew(0, 8),
        TurnStarted(0),
    ]
    assert (game.state.phase, game.state.stack, game.state.current) == (Phase.STACK, 8, 0)
    assert game.apply(Accept(0)) == [
        DrawAccepted(0, 8),
        CardsDrawn(0, 8, DrawReason.STACK, tuple(cards(*PILE[:8]))),
        PlayerSkipped(0),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2", *PILE[:8]], ["b1", "b2"], ["b3", "b4"], ["b5", "b6"]],
        draw_pile=PILE[8:],
        discard=["y3", "y+2", "y+2", "y+2", "y+2"],
        current=1,
        color=Color.YELLOW,
    )
    assert game.state.stack == 0


# ------------------------------------------------------------------ Dropping


def test_dropping_puts_down_several_identical_cards_at_once() -> None:
    # seed 003's example: green in play, three Green 6s played at once
    game = position(
        [["g6", "g6", "g6", "r1"], ["b1", "b2"], ["y1", "y2"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    refusal = refused(game, Play(0, card("g6"), count=4))
    assert (refusal.reason, refusal.card) == (Refusal.NOT_ENOUGH_COPIES, card("g6"))
    assert game.apply(Play(0, card("g6"), uno=True, count=3)) == [
        UnoCalled(0),
        CardPlayed(0, card("g6"), 1, 3),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r1"], ["b1", "b2"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["g3", "g6", "g6", "g6"],
        current=1,
        color=Color.GREEN,
    )
    # without Speed UNO one card at a time
    game = position([["g6", "g6", "r1"], ["b1", "b2"], ["y1", "y2"]], "g3", PILE)
    refusal = refuse(game, Play(0, card("g6"), count=2))
    assert (refusal.reason, refusal.card) == (Refusal.NO_DROPPING, card("g6"))


def test_dropped_draw_twos_add_two_each() -> None:
    game = position(
        [["g+2", "g+2", "r1"], ["b1", "b2"], ["y1", "y2"]],
        "g3",
        PILE,
        rules=SPEED,
    )
    assert game.apply(Play(0, card("g+2"), uno=True, count=2)) == [
        UnoCalled(0),
        CardPlayed(0, card("g+2"), 1, 2),
        StackGrew(1, 4),
        TurnStarted(1),
    ]
    assert (game.state.phase, game.state.stack) == (Phase.STACK, 4)
    assert game.apply(Accept(1)) == [
        DrawAccepted(1, 4),
        CardsDrawn(1, 4, DrawReason.STACK, tuple(cards(*PILE[:4]))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1"], ["b1", "b2", *PILE[:4]], ["y1", "y2"]],
        draw_pile=PILE[4:],
        discard=["g3", "g+2", "g+2"],
        current=2,
        color=Color.GREEN,
    )


def test_dropped_reverses_turn_the_play_once_each() -> None:
    hands = [["grv", "grv", "grv", "r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]]
    # two Reverses: the direction turns twice and stays clockwise
    game = position(hands, "g3", PILE, rules=SPEED)
    assert game.apply(Play(0, card("grv"), count=2)) == [
        CardPlayed(0, card("grv"), 3, 2),
        TurnStarted(1),
    ]
    assert summary(game)["direction"] is CLOCKWISE
    # three: counterclockwise
    game = position(hands, "g3", PILE, rules=SPEED)
    assert game.apply(Play(0, card("grv"), count=3)) == [
        CardPlayed(0, card("grv"), 2, 3),
        DirectionChanged(COUNTERCLOCKWISE),
        TurnStarted(3),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["b1", "b2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=PILE,
        discard=["g3", "grv", "grv", "grv"],
        current=3,
        color=Color.GREEN,
        direction=COUNTERCLOCKWISE,
    )


# ------------------------------------------------------------------ Round-n-Round


def test_round_n_round_on_a_zero_every_hand_passes_one_seat_in_the_direction_of_play() -> None:
    hands = [["g0", "r1", "r2"], ["b1", "b2"], ["y1", "y2", "y3", "y4"], ["b5", "b6", "b7"]]
    game = position(hands, "g3", PILE, rules=SPEED)
    result = game.apply(Play(0, card("g0")))
    assert result == [
        CardPlayed(0, card("g0"), 2),
        HandsPassed(CLOCKWISE),
        HandReceived(0, 3, 3, tuple(cards("b5", "b6", "b7"))),
        HandReceived(1, 0, 2, tuple(cards("r1", "r2"))),
        HandReceived(2, 1, 2, tuple(cards("b1", "b2"))),
        HandReceived(3, 2, 4, tuple(cards("y1", "y2", "y3", "y4"))),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["b5", "b6", "b7"], ["r1", "r2"], ["b1", "b2"], ["y1", "y2", "y3", "y4"]],
        draw_pile=PILE,
        discard=["g3", "g0"],
        current=1,
        color=Color.GREEN,
    )
    # each seat sees only the hand it was handed
    assert for_seat(result[3], 1) == result[3]
    assert for_seat(result[3], 0) == HandReceived(1, 0, 2, ())
    # counterclockwise (a Reverse turned up: the dealer, seat 3, plays first): to the right
    hands_ccw = [["g0", "r1", "r2"], ["b1", "b2"], ["y1", "y2", "y3", "y4"], ["g0", "b6", "b7"]]
    game = position(hands_ccw, "grv", PILE, rules=SPEED)
    assert game.apply(Play(3, card("g0"))) == [
        CardPlayed(3, card("g0"), 2),
        HandsPassed(COUNTERCLOCKWISE),
        HandReceived(0, 1, 2, tuple(cards("b1", "b2"))),
        HandReceived(1, 2, 4, tuple(cards("y1", "y2", "y3", "y4"))),
        HandReceived(2, 3, 2, tuple(cards("b6", "b7"))),
        HandReceived(3, 0, 3, tuple(cards("g0", "r1", "r2"))),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["b1", "b2"], ["y1", "y2", "y3", "y4"], ["b6", "b7"], ["g0", "r1", "r2"]],
        draw_pile=PILE,
        discard=["grv", "g0"],
        current=2,
        color=Color.GREEN,
        direction=COUNTERCLOCKWISE,
    )


def test_round_n_round_a_player_handed_a_single_card_must_call_uno_or_draw_five() -> None:
    hands = [["g0", "r1", "r2"], ["b1"], ["y1", "y2"], ["y3"]]
    game = position(hands, "g3", PILE, rules=SPEED)
    game.apply(Play(0, card("g0")))
    # seat 2 was handed seat 1's Blue 1, seat 0 seat 3's Yellow 3
    assert summary(game)["hands"] == [["y3"], ["r1", "r2"], ["b1"], ["y1", "y2"]]
    assert game.state.handed_one == (0, 2)
    assert game.view(3).handed_one == (0, 2)
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    assert refused(game, Catch(3, 0)).reason is Refusal.CATCH_SAFE
    assert game.apply(Catch(1, 2)) == [
        UnoCaught(1, 2, 5),
        CardsDrawn(2, 5, DrawReason.UNO_PENALTY, tuple(cards(*PILE[:5]))),
    ]
    assert summary(game) == expected(
        hands=[["y3"], ["r1", "r2"], ["b1", *PILE[:5]], ["y1", "y2"]],
        draw_pile=PILE[5:],
        discard=["g3", "g0"],
        current=1,
        color=Color.GREEN,
    )
    assert game.view(3).handed_one == ()
    # the window closes when the next player begins their turn
    game = position(hands, "g3", PILE, rules=SPEED)
    game.apply(Play(0, card("g0")))
    game.apply(Draw(1))
    assert game.state.handed_one == ()
    assert refused(game, Catch(3, 2)).reason is Refusal.CATCH_SAFE
    assert refused(game, CallUno(2)).reason is Refusal.UNO_NOT_NOW
