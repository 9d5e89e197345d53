"""RULES.md, UNO and going out: calling UNO, being caught, and the last card."""

from __future__ import annotations

from engine_helpers import card, cards, expected, position, refuse, summary, unchanged

from uno_access.engine.actions import (
    Accept,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    Keep,
    Play,
    PlayDrawn,
    TouchTopCard,
)
from uno_access.engine.cards import Color
from uno_access.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    DrawReason,
    PlayerSkipped,
    Refusal,
    RoundEnded,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase

SPEED = RuleSet.from_spec("speed")
HANDS = [["b7", "r5"], ["g2", "g+2", "b1"], ["y1", "y2", "b2"]]
DRAW = ["y5", "y6", "y7", "y8", "y9"]


def _start(rules: RuleSet | None = None) -> Game:
    return position(HANDS, "b3", DRAW, rules=rules)


def test_calling_uno_with_the_next_to_last_card_makes_the_player_safe() -> None:
    game = _start()
    result = game.apply(Play(0, card("b7"), uno=True))
    assert sorted(map(repr, result)) == sorted(
        map(repr, [UnoCalled(0), CardPlayed(0, card("b7"), 1), TurnStarted(1)])
    )
    assert summary(game) == expected(
        hands=[["r5"], ["g2", "g+2", "b1"], ["y1", "y2", "b2"]],
        draw_pile=DRAW,
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
        exposed=None,
    )
    for seat in (1, 2):
        assert refuse(game, Catch(seat, 0)).reason is Refusal.CATCH_SAFE
    assert refuse(game, CallUno(0)).reason is Refusal.UNO_NOT_NOW
    # the same with a card just drawn and played at once as the next-to-last card
    game = position([["r1"], ["g2", "b1"], ["y1", "y2"]], "b3", ["b8", "y9"])
    game.apply(Draw(0))
    result = game.apply(PlayDrawn(0, uno=True))
    assert sorted(map(repr, result)) == sorted(
        map(repr, [UnoCalled(0), CardPlayed(0, card("b8"), 1), TurnStarted(1)])
    )
    assert (game.state.exposed, game.state.current) == (None, 1)
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE


def test_uno_is_called_before_the_next_to_last_card_is_named() -> None:
    # RULES.md: call "UNO" as the card is played, "and then say the card: 'UNO', 'Playing Red 5'"
    game = _start()
    assert game.apply(Play(0, card("b7"), uno=True)) == [
        UnoCalled(0),
        CardPlayed(0, card("b7"), 1),
        TurnStarted(1),
    ]


def test_calling_uno_right_after_the_next_to_last_card_makes_the_player_safe() -> None:
    game = _start()
    assert game.apply(Play(0, card("b7"))) == [CardPlayed(0, card("b7"), 1), TurnStarted(1)]
    assert game.state.exposed == 0
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    assert summary(game) == expected(
        hands=[["r5"], ["g2", "g+2", "b1"], ["y1", "y2", "b2"]],
        draw_pile=DRAW,
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
        exposed=None,
    )
    for seat in (1, 2):
        assert refuse(game, Catch(seat, 0)).reason is Refusal.CATCH_SAFE


def test_a_player_caught_without_calling_uno_draws_two() -> None:
    game = _start()
    game.apply(Play(0, card("b7")))
    # any other player may catch, not only the next one
    assert game.apply(Catch(2, 0)) == [
        UnoCaught(2, 0, 2),
        CardsDrawn(0, 2, DrawReason.UNO_PENALTY, tuple(cards("y5", "y6"))),
    ]
    assert summary(game) == expected(
        hands=[["r5", "y5", "y6"], ["g2", "g+2", "b1"], ["y1", "y2", "b2"]],
        draw_pile=["y7", "y8", "y9"],
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
    )
    # caught once is enough, and it is too late to call
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE
    assert refuse(game, CallUno(0)).reason is Refusal.UNO_NOT_NOW


def test_uno_penalty_option_four_makes_a_caught_player_draw_four() -> None:
    game = _start(RuleSet(uno_penalty=4))
    game.apply(Play(0, card("b7")))
    assert game.apply(Catch(1, 0)) == [
        UnoCaught(1, 0, 4),
        CardsDrawn(0, 4, DrawReason.UNO_PENALTY, tuple(cards("y5", "y6", "y7", "y8"))),
    ]
    assert summary(game) == expected(
        hands=[["r5", "y5", "y6", "y7", "y8"], ["g2", "g+2", "b1"], ["y1", "y2", "b2"]],
        draw_pile=["y9"],
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
    )


def test_a_player_may_be_caught_only_after_the_next_to_last_card_is_down() -> None:
    game = position([["b7", "r5"], ["g2", "b1"], ["y1"]], "b3", DRAW)
    # two cards still held: nothing to catch, and no UNO to call out of turn
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE
    assert refuse(game, CallUno(1)).reason is Refusal.UNO_NOT_NOW
    # one card held, but not by playing the next-to-last card
    assert refuse(game, Catch(0, 2)).reason is Refusal.CATCH_SAFE
    game.apply(Play(0, card("b7")))
    assert game.state.exposed == 0
    assert refuse(game, Catch(1, 2)).reason is Refusal.CATCH_SAFE


def test_the_catch_window_stays_open_until_the_next_player_begins_their_turn() -> None:
    game = _start()
    game.apply(Play(0, card("b7")))
    # queries are not the start of a turn
    unchanged(game, CardCheck(1))
    unchanged(game, TouchTopCard(1))
    assert game.state.exposed == 0
    # the next player may catch before beginning their turn
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)
    assert game.state.current == 1
    # a Skip as next-to-last card: the player after the skipped one is the next player
    game = position([["bsk", "r5"], ["g2", "b1"], ["y1", "y2"]], "b3", DRAW)
    assert game.apply(Play(0, card("bsk"))) == [
        CardPlayed(0, card("bsk"), 1),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)


def test_the_catch_window_closes_when_the_next_player_plays() -> None:
    game = _start()
    game.apply(Play(0, card("b7")))
    game.apply(Play(1, card("b1")))
    assert game.state.exposed is None
    assert refuse(game, Catch(2, 0)).reason is Refusal.CATCH_SAFE
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE
    assert summary(game) == expected(
        hands=[["r5"], ["g2", "g+2"], ["y1", "y2", "b2"]],
        draw_pile=DRAW,
        discard=["b3", "b7", "b1"],
        current=2,
        color=Color.BLUE,
        exposed=None,
    )


def test_the_catch_window_closes_when_the_next_player_draws() -> None:
    game = _start()
    game.apply(Play(0, card("b7")))
    game.apply(Draw(1))
    assert game.state.exposed is None
    assert refuse(game, Catch(2, 0)).reason is Refusal.CATCH_SAFE
    assert summary(game) == expected(
        hands=[["r5"], ["g2", "g+2", "b1", "y5"], ["y1", "y2", "b2"]],
        draw_pile=["y6", "y7", "y8", "y9"],
        discard=["b3", "b7"],
        current=1,
        color=Color.BLUE,
        phase=Phase.DRAWN,
        exposed=None,
    )


def test_a_player_cannot_catch_themselves() -> None:
    game = _start()
    game.apply(Play(0, card("b7")))
    assert refuse(game, Catch(0, 0)).reason is Refusal.CATCH_SELF
    assert refuse(game, Catch(1, 5)).reason is Refusal.NO_SUCH_SEAT


def test_the_round_ends_when_a_hand_is_empty() -> None:
    game = position([["b7"], ["g2", "r9"], ["y1", "wi"]], "b3", DRAW)
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 11, 51), (62, 0, 0), (62, 0, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["g2", "r9"], ["y1", "wi"]],
        draw_pile=DRAW,
        discard=["b3", "b7"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[62, 0, 0],
        round_winner=0,
    )
    assert game.view(1).current is None
    assert refuse(game, Play(1, card("g2"))).reason is Refusal.ROUND_OVER
    assert refuse(game, Draw(1)).reason is Refusal.ROUND_OVER


def test_a_last_draw_two_is_still_drawn_by_the_next_player_and_counts_in_the_score() -> None:
    game = position([["b+2"], ["g2", "r9"], ["y1", "wi"]], "b3", ["y5", "g+2", "y9"])
    assert game.apply(Play(0, card("b+2"))) == [
        CardPlayed(0, card("b+2"), 0),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "g+2"))),
        RoundEnded(0, (0, 36, 51), (87, 0, 0), (87, 0, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["g2", "r9", "y5", "g+2"], ["y1", "wi"]],
        draw_pile=["y9"],
        discard=["b3", "b+2"],
        current=None,
        color=Color.BLUE,
        phase=Phase.ROUND_OVER,
        scores=[87, 0, 0],
        round_winner=0,
    )


def test_a_last_wild_draw_four_is_still_drawn_by_the_next_player_and_counts_in_the_score() -> None:
    game = position([["wi+4"], ["g2"], ["y1"]], "b3", DRAW)
    assert game.apply(Play(0, card("wi+4"), Color.RED)) == [
        CardPlayed(0, card("wi+4"), 0),  # the round is over: no colour is chosen
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(cards("y5", "y6", "y7", "y8"))),
        RoundEnded(0, (0, 28, 1), (29, 0, 0), (29, 0, 0)),
    ]
    assert summary(game) == expected(
        hands=[[], ["g2", "y5", "y6", "y7", "y8"], ["y1"]],
        draw_pile=["y9"],
        discard=["b3", "wi+4"],
        current=None,
        color=None,
        phase=Phase.ROUND_OVER,
        scores=[29, 0, 0],
        round_winner=0,
    )


def test_going_out_on_a_wild_chooses_no_colour() -> None:
    # the round is over with the last card: no colour is chosen, even if one was named
    for named in (Color.BLUE, None):
        game = position([["wi"], ["g2"], ["y1"]], "b3", DRAW)
        result = game.apply(Play(0, card("wi"), named))
        assert result == [
            CardPlayed(0, card("wi"), 0),
            RoundEnded(0, (0, 2, 1), (3, 0, 0), (3, 0, 0)),
        ]
        assert not any(isinstance(event, ColorChosen) for event in result)
        assert game.state.color is None
        assert game.state.phase is Phase.ROUND_OVER


def test_after_a_move_the_others_are_asked_round_the_table_from_the_player_to_move() -> None:
    game = _start()
    assert game.out_of_turn_order() == ()  # no one to catch, none handed one, no jump-ins
    game.apply(Play(0, card("b7")))  # the next-to-last card, UNO not called
    assert game.state.current == 1
    assert game.out_of_turn_order() == (2, 0)  # from Ann (to move) round the table
    speed = position(HANDS, "b3", DRAW, rules=RuleSet.preset("speed"))
    assert speed.out_of_turn_order() == (1, 2)  # jump-ins: everyone may, at any move


# ------------------------------------------------------------ UNO just before the card


def test_uno_called_just_before_the_next_to_last_card_counts_for_that_play() -> None:
    game = _start()
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    assert game.state.current == 0 and game.state.hands[0] == cards("b7", "r5")
    # the play need not say UNO again, and "UNO!" is not heard twice
    result = game.apply(Play(0, card("b7")))
    assert result == [CardPlayed(0, card("b7"), 1), TurnStarted(1)]
    assert game.state.exposed is None
    for seat in (1, 2):
        assert refuse(game, Catch(seat, 0)).reason is Refusal.CATCH_SAFE
    # the same when the play says UNO too: one call, heard once
    game = _start()
    game.apply(CallUno(0))
    assert game.apply(Play(0, card("b7"), uno=True)) == [
        CardPlayed(0, card("b7"), 1),
        TurnStarted(1),
    ]
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE


def test_uno_called_just_before_is_called_once() -> None:
    game = _start()
    game.apply(CallUno(0))
    assert refuse(game, CallUno(0)).reason is Refusal.UNO_NOT_NOW


def test_uno_called_after_drawing_to_two_cards_counts_for_the_drawn_card() -> None:
    game = position([["r1"], ["g2", "b1"], ["y1", "y2"]], "b3", ["b8", "y9"])
    game.apply(Draw(0))
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    assert game.apply(PlayDrawn(0)) == [CardPlayed(0, card("b8"), 1), TurnStarted(1)]
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE


def test_uno_called_before_drawing_lapses_with_the_draw() -> None:
    # called at two cards, then drew a third: the call was for a play that did not come
    hands = [["b7", "r5"], ["r3", "g2", "g4"], ["b2", "y1", "y3"]]
    game = position(hands, "b3", ["b8", "y9", "y8"])
    game.apply(CallUno(0))
    game.apply(Draw(0))  # b8 matches; three cards held now
    assert game.state.uno_early == ()
    game.apply(PlayDrawn(0))  # two left: no UNO to call, nothing to catch
    assert game.state.exposed is None
    game.apply(Draw(1))  # y9
    game.apply(Keep(1))
    game.apply(Play(2, card("b2")))
    # the next-to-last card now, without a new call: caught
    game.apply(Play(0, card("b7")))
    assert game.state.exposed == 0
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)


def test_uno_called_just_before_lapses_when_the_turn_ends_without_a_play() -> None:
    # one card, a draw that does not match: two held, UNO called, the card kept
    hands = [["r1"], ["r3", "g2", "g4"], ["r2", "y1", "y3"]]
    game = position(hands, "b3", ["y9", "y8", "y7"])
    game.apply(Draw(0))
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    game.apply(Keep(0))
    assert game.state.uno_early == ()
    game.apply(Play(1, card("r3")))
    game.apply(Play(2, card("r2")))
    game.apply(Play(0, card("r1")))  # the next-to-last card, on a later turn: no call
    assert game.state.exposed == 0
    assert game.apply(Catch(2, 0))[0] == UnoCaught(2, 0, 2)


def test_uno_called_just_before_lapses_when_someone_else_plays_first() -> None:
    # Speed UNO: the player to move calls, another player jumps in before the play
    hands = [["b9", "y1", "y2"], ["b7", "r5"], ["b9", "g1", "g2"]]
    game = position(hands, "b3", ["y9", "y8", "y7"], rules=SPEED)
    game.apply(Play(0, card("b9")))
    assert game.apply(CallUno(1)) == [UnoCalled(1)]
    game.apply(JumpIn(2, card("b9")))
    assert game.state.uno_early == ()


def test_uno_called_just_before_a_jump_in_counts_for_it() -> None:
    hands = [["b9", "y1", "y2"], ["b7", "r5", "r6"], ["b9", "g1"]]
    game = position(hands, "b3", ["y9", "y8", "y7"], rules=SPEED)
    game.apply(Play(0, card("b9")))
    assert game.apply(CallUno(2)) == [UnoCalled(2)]  # out of turn, about to jump in
    result = game.apply(JumpIn(2, card("b9")))
    assert UnoCalled(2) not in result
    assert game.state.exposed is None
    assert refuse(game, Catch(0, 2)).reason is Refusal.CATCH_SAFE


def test_uno_may_not_be_called_early_off_turn_or_holding_three() -> None:
    game = _start()
    assert refuse(game, CallUno(1)).reason is Refusal.UNO_NOT_NOW  # three cards, not to move
    game = position([["b7", "r5"], ["g2", "b1"], ["y1", "y2", "b2"]], "b3", DRAW)
    assert refuse(game, CallUno(1)).reason is Refusal.UNO_NOT_NOW  # two cards, not to move


# ------------------------------------------------ forced draws never begin a turn
# RULES.md: drawing for a Draw Two or a Wild Draw Four (accepted or after a lost
# challenge), accepting a stack, and answering a Wild Draw Four leave the catch window
# open; it closes only when a player begins a real turn by drawing or playing a card.

STACKING = RuleSet.from_spec("stacking")


def test_drawing_for_a_draw_two_leaves_the_catch_window_open() -> None:
    game = position([["b+2", "r5"], ["g2", "b1"], ["y1", "y2"]], "b3", DRAW)
    game.apply(Play(0, card("b+2")))  # no UNO: Ann draws 2 and is skipped
    assert game.state.current == 2 and game.state.exposed == 0
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)  # the victim may catch
    game = position([["b+2", "r5"], ["g2", "b1"], ["y1", "y2"]], "b3", DRAW)
    game.apply(Play(0, card("b+2")))
    assert game.apply(Catch(2, 0))[0] == UnoCaught(2, 0, 2)


def test_accepting_a_wild_draw_four_leaves_the_catch_window_open() -> None:
    game = position([["wi+4", "r5"], ["g2", "b1"], ["y1", "y2"]], "g3", DRAW)
    game.apply(Play(0, card("wi+4"), Color.RED))  # legal (no green held), UNO not called
    assert game.state.phase is Phase.CHALLENGE and game.state.exposed == 0
    game.apply(Accept(1))  # draws 4, loses the turn: no turn begun
    assert game.state.current == 2 and game.state.exposed == 0
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)


def test_drawing_after_a_lost_challenge_leaves_the_catch_window_open() -> None:
    game = position([["wi+4", "r5"], ["g2", "b1"], ["y1", "y2"]], "g3", [*DRAW, "b5", "b6"])
    game.apply(Play(0, card("wi+4"), Color.RED))  # innocent: no green held
    events = game.apply(Challenge(1))
    assert CardsDrawn(1, 6, DrawReason.CHALLENGE_LOST, tuple(game.state.hands[1][2:])) in events
    assert game.state.current == 2 and game.state.exposed == 0
    assert game.apply(Catch(2, 0))[0] == UnoCaught(2, 0, 2)


def test_a_wild_draw_four_found_guilty_leaves_its_player_nothing_to_be_caught_for() -> None:
    # answering it begins no turn, but its player draws the 4: they no longer hold one card
    game = position([["wi+4", "g5"], ["g2", "b1"], ["y1", "y2"]], "g3", DRAW)
    game.apply(Play(0, card("wi+4"), Color.RED))  # a bluff: green held
    game.apply(Challenge(1))
    assert len(game.state.hands[0]) == 5 and game.state.exposed is None
    assert refuse(game, Catch(2, 0)).reason is Refusal.CATCH_SAFE
    assert game.state.current == 1 and game.state.phase is Phase.PLAY


def test_accepting_a_draw_two_stack_leaves_the_catch_window_open() -> None:
    game = position([["b+2", "r5"], ["g2", "b1"], ["y1", "y2"]], "b3", DRAW, rules=STACKING)
    game.apply(Play(0, card("b+2")))  # UNO not called; Ann owes 2
    assert game.state.phase is Phase.STACK and game.state.exposed == 0
    game.apply(Accept(1))
    assert game.state.current == 2 and game.state.exposed == 0
    assert game.apply(Catch(2, 0))[0] == UnoCaught(2, 0, 2)


def test_adding_to_a_stack_is_a_play_and_closes_the_catch_window() -> None:
    hands = [["b+2", "r5"], ["g+2", "b1", "b4"], ["y1", "y2"]]
    game = position(hands, "b3", DRAW, rules=STACKING)
    game.apply(Play(0, card("b+2")))
    game.apply(Play(1, card("g+2")))  # Ann begins her turn by playing a card
    assert game.state.exposed is None
    assert refuse(game, Catch(2, 0)).reason is Refusal.CATCH_SAFE


def test_two_players_after_an_accepted_wild_draw_four_the_window_stays_open_for_its_player() -> (
    None
):
    # play comes back to the player of the Wild Draw Four: until they begin that turn
    # they may still be caught, or call UNO
    game = position([["wi+4", "r5"], ["g2", "b1"]], "g3", DRAW)
    game.apply(Play(0, card("wi+4"), Color.RED))
    game.apply(Accept(1))
    assert game.state.current == 0 and game.state.exposed == 0
    assert game.apply(Catch(1, 0))[0] == UnoCaught(1, 0, 2)
    game = position([["wi+4", "r5"], ["g2", "b1"]], "g3", DRAW)
    game.apply(Play(0, card("wi+4"), Color.RED))
    game.apply(Accept(1))
    assert game.apply(CallUno(0)) == [UnoCalled(0)]
    assert refuse(game, Catch(1, 0)).reason is Refusal.CATCH_SAFE
