"""RULES.md, A turn: matching, the action cards, Wild Draw Four and its challenge,
drawing, reneging, and rebuilding the DRAW pile."""

from __future__ import annotations

from collections import Counter

from engine_helpers import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    card,
    cards,
    codes,
    discard_pile,
    draw_pile,
    expected,
    hands,
    position,
    refuse,
    summary,
)

from uno_access.access import messages
from uno_access.engine.actions import (
    Accept,
    Challenge,
    ChooseColor,
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
    DirectionChanged,
    DrawAccepted,
    DrawnCardKept,
    DrawReason,
    HandShown,
    PlayerSkipped,
    Refusal,
    Reshuffled,
    TurnStarted,
    for_seat,
)
from uno_access.engine.game import Game
from uno_access.engine.state import Phase

# ------------------------------------------------------------------ order of play and matching


def test_play_goes_to_the_left() -> None:
    game = position(
        [["b5", "g1", "g5"], ["b1", "g2", "g6"], ["b9", "g3", "g7"], ["b2", "g4", "g8"]],
        "b3",
        ["y1"],
    )
    assert game.state.current == 0
    assert game.apply(Play(0, card("b5"))) == [CardPlayed(0, card("b5"), 2), TurnStarted(1)]
    assert game.apply(Play(1, card("b1"))) == [CardPlayed(1, card("b1"), 2), TurnStarted(2)]
    assert game.apply(Play(2, card("b9"))) == [CardPlayed(2, card("b9"), 2), TurnStarted(3)]
    assert game.apply(Play(3, card("b2"))) == [CardPlayed(3, card("b2"), 2), TurnStarted(0)]
    assert summary(game) == expected(
        hands=[["g1", "g5"], ["g2", "g6"], ["g3", "g7"], ["g4", "g8"]],
        draw_pile=["y1"],
        discard=["b3", "b5", "b1", "b9", "b2"],
        current=0,
        color=Color.BLUE,
    )


def test_a_card_of_the_same_colour_as_the_top_card_may_be_played() -> None:
    game = position([["b8", "r1", "g1"], ["r2", "g2"], ["r3", "g3"]], "b3", ["y1"])
    assert game.apply(Play(0, card("b8"))) == [CardPlayed(0, card("b8"), 2), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "g1"], ["r2", "g2"], ["r3", "g3"]],
        draw_pile=["y1"],
        discard=["b3", "b8"],
        current=1,
        color=Color.BLUE,
    )


def test_a_card_of_the_same_number_as_the_top_card_may_be_played() -> None:
    game = position([["r3", "r1", "g1"], ["r2", "g2"], ["b4", "g3"]], "b3", ["y1"])
    assert game.apply(Play(0, card("r3"))) == [CardPlayed(0, card("r3"), 2), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "g1"], ["r2", "g2"], ["b4", "g3"]],
        draw_pile=["y1"],
        discard=["b3", "r3"],
        current=1,
        color=Color.RED,
    )


def test_an_action_card_with_the_same_symbol_as_the_top_card_may_be_played() -> None:
    # a Blue Skip starts: seat 0 (left of dealer 2) is skipped; seat 1 answers with a Green Skip
    game = position([["r1", "g1"], ["gsk", "r2", "y2"], ["r3", "y3"]], "bsk", ["y1"])
    assert game.state.current == 1
    assert game.apply(Play(1, card("gsk"))) == [
        CardPlayed(1, card("gsk"), 2),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["r1", "g1"], ["r2", "y2"], ["r3", "y3"]],
        draw_pile=["y1"],
        discard=["bsk", "gsk"],
        current=0,
        color=Color.GREEN,
    )


def test_after_a_wild_the_chosen_colour_is_what_must_be_matched() -> None:
    game = position([["wi", "r1", "r9"], ["b3", "y2", "g5"], ["r3", "y3"]], "b3", ["y1"])
    assert game.apply(Play(0, card("wi"), Color.GREEN)) == [
        CardPlayed(0, card("wi"), 2),
        ColorChosen(0, Color.GREEN),
        TurnStarted(1),
    ]
    # Blue 3 matched the Blue 3 beneath the Wild, but green is in play now
    assert refuse(game, Play(1, card("b3"))).reason is Refusal.DOES_NOT_MATCH
    assert refuse(game, Play(1, card("y2"))).reason is Refusal.DOES_NOT_MATCH
    assert game.apply(Play(1, card("g5"))) == [CardPlayed(1, card("g5"), 2), TurnStarted(2)]
    assert summary(game) == expected(
        hands=[["r1", "r9"], ["b3", "y2"], ["r3", "y3"]],
        draw_pile=["y1"],
        discard=["b3", "wi", "g5"],
        current=2,
        color=Color.GREEN,
    )


def test_a_wild_may_be_played_while_holding_another_playable_card_and_may_name_the_colour_in_play() -> None:  # noqa: E501  # fmt: skip
    game = position([["b5", "wi", "r1"], ["r2", "g2"], ["r3", "g3"]], "b3", ["y1"])
    assert game.apply(Play(0, card("wi"), Color.BLUE)) == [
        CardPlayed(0, card("wi"), 2),
        ColorChosen(0, Color.BLUE),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["r2", "g2"], ["r3", "g3"]],
        draw_pile=["y1"],
        discard=["b3", "wi"],
        current=1,
        color=Color.BLUE,
    )


def test_a_wild_played_without_choosing_a_colour_is_refused_and_nothing_changes() -> None:
    game = position([["wi", "wi+4", "r1"], ["r2", "g2"], ["r3", "g3"]], "b3", ["y1"])
    refusal = refuse(game, Play(0, card("wi")))
    assert (refusal.reason, refusal.card) == (Refusal.NEED_COLOR, card("wi"))
    refusal = refuse(game, Play(0, card("wi+4")))
    assert (refusal.reason, refusal.card) == (Refusal.NEED_COLOR, card("wi+4"))


def test_a_card_that_does_not_match_is_refused_with_a_reason_and_nothing_changes() -> None:
    game = position([["r5", "g+2", "b5"], ["r2", "g2"], ["r3", "g3"]], "b3", ["y1"])
    refusal = refuse(game, Play(0, card("r5")))
    assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("r5"))
    assert messages.refusal(refusal.reason, refusal.card).startswith("Red 5 does not match")
    refusal = refuse(game, Play(0, card("g+2")))
    assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("g+2"))
    # the player still has their turn and plays a card that matches
    assert game.apply(Play(0, card("b5"))) == [CardPlayed(0, card("b5"), 2), TurnStarted(1)]


def test_a_card_not_in_the_players_hand_is_refused_and_nothing_changes() -> None:
    game = position([["r5", "g1"], ["b7", "g2"], ["r3", "g3"]], "b3", ["y1"])
    refusal = refuse(game, Play(0, card("b7")))
    assert (refusal.reason, refusal.card) == (Refusal.NOT_IN_HAND, card("b7"))


def test_only_the_player_whose_turn_it_is_may_play_or_draw() -> None:
    game = position([["r5", "g1"], ["b7", "g2"], ["r3", "g3"]], "b3", ["y1"])
    assert refuse(game, Play(1, card("b7"))).reason is Refusal.NOT_YOUR_TURN
    assert refuse(game, Draw(2)).reason is Refusal.NOT_YOUR_TURN
    assert refuse(game, Keep(1)).reason is Refusal.NOT_YOUR_TURN
    assert refuse(game, Play(3, card("b7"))).reason is Refusal.NO_SUCH_SEAT


def test_every_play_and_draw_is_announced_to_all_but_the_drawn_card_only_to_the_drawer() -> None:
    game = position([["b5", "g1"], ["r2", "g2"], ["r3", "g3"]], "b3", ["y9", "y8"])
    played = game.apply(Play(0, card("b5")))
    for seat in range(3):
        assert [for_seat(e, seat) for e in played] == played
    drawn = game.apply(Draw(1))
    assert drawn == [CardsDrawn(1, 1, DrawReason.TURN, (card("y9"),))]
    assert for_seat(drawn[0], 1) == drawn[0]
    assert for_seat(drawn[0], 0) == CardsDrawn(1, 1, DrawReason.TURN, ())
    assert for_seat(drawn[0], 2) == CardsDrawn(1, 1, DrawReason.TURN, ())
    assert game.view(1).drawn == card("y9")
    assert game.view(0).drawn is None
    assert game.view(0).hand_sizes == (1, 3, 2)


# ------------------------------------------------------------------ Draw Two, Reverse, Skip


def test_draw_two_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    game = position(
        [["b+2", "r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["r3", "r4"]],
        "b3",
        ["y5", "y6", "y7"],
    )
    assert game.apply(Play(0, card("b+2"))) == [
        CardPlayed(0, card("b+2"), 2),
        CardsDrawn(1, 2, DrawReason.DRAW_TWO, tuple(cards("y5", "y6"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2", "y5", "y6"], ["y1", "y2"], ["r3", "r4"]],
        draw_pile=["y7"],
        discard=["b3", "b+2"],
        current=2,
        color=Color.BLUE,
    )


def test_draw_two_is_playable_only_on_the_same_colour_or_another_draw_two() -> None:
    # on a Draw Two of another colour (turned up to start: seat 0 drew two and was skipped)
    game = position([["g1"], ["r+2", "g2", "r4"], ["y1", "y2"]], "b+2", ["y5", "y6", "y7", "y8"])
    assert game.state.current == 1
    game.apply(Play(1, card("r+2")))
    assert summary(game) == expected(
        hands=[["g1", "y5", "y6"], ["g2", "r4"], ["y1", "y2", "y7", "y8"]],
        draw_pile=[],
        discard=["b+2", "r+2"],
        current=0,
        color=Color.RED,
    )
    # on its own colour
    game = position([["r+2", "g1"], ["g2", "r4"], ["y1", "y2"]], "r5", ["y5", "y6"])
    game.apply(Play(0, card("r+2")))
    assert (discard_pile(game), game.state.color, game.state.current) == (
        ["r5", "r+2"],
        Color.RED,
        2,
    )
    # not on a number 2 of another colour, nor on another action of another colour
    for start, dealer in (("b2", 2), ("bsk", 1), ("brv", 0)):
        game = position(
            [["r+2", "g1"], ["g2", "r4"], ["y1", "y2"]],
            start,
            ["y5", "y6"],
            dealer=dealer,
        )
        assert game.state.current == 0
        refusal = refuse(game, Play(0, card("r+2")))
        assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("r+2"))


def test_reverse_changes_the_direction_of_play() -> None:
    game = position(
        [["brv", "r1", "r2"], ["g1", "g2", "g3"], ["gsk", "y2", "y3"], ["b7", "grv", "b9"]],
        "b3",
        ["y5"],
    )
    assert game.apply(Play(0, card("brv"))) == [
        CardPlayed(0, card("brv"), 2),
        DirectionChanged(COUNTERCLOCKWISE),
        TurnStarted(3),
    ]
    assert game.apply(Play(3, card("b7"))) == [CardPlayed(3, card("b7"), 2), TurnStarted(2)]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2", "g3"], ["gsk", "y2", "y3"], ["grv", "b9"]],
        draw_pile=["y5"],
        discard=["b3", "brv", "b7"],
        current=2,
        color=Color.BLUE,
        direction=COUNTERCLOCKWISE,
    )


def test_reverse_is_playable_only_on_the_same_colour_or_another_reverse() -> None:
    # on another Reverse: a Blue Reverse starts, the dealer (seat 2) plays a Red Reverse
    game = position([["g1", "g2"], ["g3", "g4"], ["rrv", "r4", "r5"]], "brv", ["y5"])
    assert (game.state.current, game.state.direction) == (2, -1)
    assert game.apply(Play(2, card("rrv"))) == [
        CardPlayed(2, card("rrv"), 2),
        DirectionChanged(CLOCKWISE),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["g1", "g2"], ["g3", "g4"], ["r4", "r5"]],
        draw_pile=["y5"],
        discard=["brv", "rrv"],
        current=0,
        color=Color.RED,
    )
    # on its own colour
    game = position([["rrv", "g1", "g2"], ["g3", "g4"], ["y1", "y2"]], "r5", ["y5"])
    game.apply(Play(0, card("rrv")))
    assert (discard_pile(game), game.state.current, game.state.direction) == (
        ["r5", "rrv"],
        2,
        -1,
    )
    # not on a number or another action of another colour
    for start, dealer in (("b5", 2), ("bsk", 1), ("b+2", 1)):
        game = position(
            [["rrv", "g1"], ["g2", "r4"], ["y1", "y2"]],
            start,
            ["y5", "y6"],
            dealer=dealer,
        )
        if start == "b+2":  # seat 2 drew two and was skipped
            assert hands(game)[2] == ["y1", "y2", "y5", "y6"]
        assert game.state.current == 0
        refusal = refuse(game, Play(0, card("rrv")))
        assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("rrv"))


def test_skip_makes_the_next_player_lose_the_turn() -> None:
    game = position(
        [["bsk", "r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["r3", "r4"]],
        "b3",
        ["y5"],
    )
    assert game.apply(Play(0, card("bsk"))) == [
        CardPlayed(0, card("bsk"), 2),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["r3", "r4"]],
        draw_pile=["y5"],
        discard=["b3", "bsk"],
        current=2,
        color=Color.BLUE,
    )


def test_skip_is_playable_only_on_the_same_colour_or_another_skip() -> None:
    # on another Skip: a Blue Skip starts (seat 0 skipped), seat 1 plays a Red Skip
    game = position([["g1", "g2"], ["rsk", "r4", "r5"], ["y1", "y2"]], "bsk", ["y5"])
    assert game.state.current == 1
    assert game.apply(Play(1, card("rsk"))) == [
        CardPlayed(1, card("rsk"), 2),
        PlayerSkipped(2),
        TurnStarted(0),
    ]
    assert summary(game) == expected(
        hands=[["g1", "g2"], ["r4", "r5"], ["y1", "y2"]],
        draw_pile=["y5"],
        discard=["bsk", "rsk"],
        current=0,
        color=Color.RED,
    )
    # on its own colour
    game = position([["rsk", "g1", "g2"], ["g3", "g4"], ["y1", "y2"]], "r5", ["y5"])
    game.apply(Play(0, card("rsk")))
    assert (discard_pile(game), game.state.current) == (["r5", "rsk"], 2)
    # not on a number or another action of another colour
    for start, dealer in (("b5", 2), ("brv", 0), ("b+2", 1)):
        game = position(
            [["rsk", "g1"], ["g2", "r4"], ["y1", "y2"]],
            start,
            ["y5", "y6"],
            dealer=dealer,
        )
        assert game.state.current == 0
        refusal = refuse(game, Play(0, card("rsk")))
        assert (refusal.reason, refusal.card) == (Refusal.DOES_NOT_MATCH, card("rsk"))


# ------------------------------------------------------------------ Wild Draw Four


def test_wild_draw_four_makes_the_next_player_draw_four_and_lose_the_turn() -> None:
    game = position(
        [["wi+4", "r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["b7", "b8"]],
        "b3",
        ["y5", "y6", "y7", "y8", "y9"],
    )
    assert game.apply(Play(0, card("wi+4"), Color.RED)) == [
        CardPlayed(0, card("wi+4"), 2),
        ColorChosen(0, Color.RED),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2"], ["y1", "y2"], ["b7", "b8"]],
        draw_pile=["y5", "y6", "y7", "y8", "y9"],
        discard=["b3", "wi+4"],
        current=1,
        color=Color.RED,
        phase=Phase.CHALLENGE,
    )
    assert game.apply(Accept(1)) == [
        DrawAccepted(1),
        CardsDrawn(1, 4, DrawReason.DRAW_FOUR, tuple(cards("y5", "y6", "y7", "y8"))),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[["r1", "r2"], ["g1", "g2", "y5", "y6", "y7", "y8"], ["y1", "y2"], ["b7", "b8"]],
        draw_pile=["y9"],
        discard=["b3", "wi+4"],
        current=2,
        color=Color.RED,
    )


def _challenge_verdict(game: Game, player: int, challenger: int, color: Color) -> bool:
    """``player`` plays Wild Draw Four naming ``color``; ``challenger`` challenges."""
    game.apply(Play(player, card("wi+4"), color))
    assert (game.state.phase, game.state.current) == (Phase.CHALLENGE, challenger)
    result = game.apply(Challenge(challenger))
    verdicts = [e for e in result if isinstance(e, ChallengeResolved)]
    assert len(verdicts) == 1
    return verdicts[0].guilty


def test_wild_draw_four_is_legal_only_without_a_card_of_the_colour_in_play() -> None:
    draw = ["y5", "y6", "y7", "y8", "y9", "g9", "g8"]
    # holding a Blue 1 while blue is in play: illegal
    game = position([["wi+4", "b1", "r7"], ["g1", "g2"], ["y1", "y2"]], "b7", draw)
    assert _challenge_verdict(game, 0, 1, Color.GREEN) is True
    # a matching number of another colour does not count: legal
    game = position([["wi+4", "r7", "wi"], ["g1", "g2"], ["y1", "y2"]], "b7", draw)
    assert _challenge_verdict(game, 0, 1, Color.GREEN) is False
    # a matching action of another colour does not count: legal
    game = position([["g1", "g2"], ["wi+4", "rsk", "r+2"], ["y1", "y2"]], "bsk", draw)
    assert _challenge_verdict(game, 1, 2, Color.RED) is False
    # after a Wild, the colour it named is the colour in play
    game = position([["wi", "r1", "r2"], ["wi+4", "b1", "b7"], ["y1", "y2"]], "b3", draw)
    game.apply(Play(0, card("wi"), Color.YELLOW))
    assert _challenge_verdict(game, 1, 2, Color.BLUE) is False
    game = position([["wi", "r1", "r2"], ["wi+4", "b1", "y7"], ["y1", "y2"]], "b3", draw)
    game.apply(Play(0, card("wi"), Color.YELLOW))
    assert _challenge_verdict(game, 1, 2, Color.BLUE) is True


def test_wild_draw_four_may_be_played_as_a_bluff_while_holding_the_colour_in_play() -> None:
    game = position(
        [["wi+4", "b1", "r7"], ["g1", "g2"], ["y1", "y2"]],
        "b7",
        ["y5", "y6", "y7", "y8"],
    )
    assert game.apply(Play(0, card("wi+4"), Color.GREEN)) == [
        CardPlayed(0, card("wi+4"), 2),
        ColorChosen(0, Color.GREEN),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["b1", "r7"], ["g1", "g2"], ["y1", "y2"]],
        draw_pile=["y5", "y6", "y7", "y8"],
        discard=["b7", "wi+4"],
        current=1,
        color=Color.GREEN,
        phase=Phase.CHALLENGE,
    )
    # unchallenged, the bluff stands: the next player draws four and loses the turn
    game.apply(Accept(1))
    assert summary(game) == expected(
        hands=[["b1", "r7"], ["g1", "g2", "y5", "y6", "y7", "y8"], ["y1", "y2"]],
        draw_pile=[],
        discard=["b7", "wi+4"],
        current=2,
        color=Color.GREEN,
    )


def test_only_the_player_who_must_draw_four_may_challenge() -> None:
    game = position(
        [["wi+4", "b1", "r7"], ["g1", "g2"], ["y1", "y2"], ["r1", "r2"]],
        "b7",
        ["y5", "y6", "y7", "y8"],
    )
    # no Wild Draw Four yet: nothing to challenge or accept
    assert refuse(game, Challenge(0)).reason is Refusal.NO_CHALLENGE
    assert refuse(game, Accept(0)).reason is Refusal.NO_CHALLENGE
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    for seat in (0, 2, 3):
        assert refuse(game, Challenge(seat)).reason is Refusal.NOT_YOUR_TURN
        assert refuse(game, Accept(seat)).reason is Refusal.NOT_YOUR_TURN
    # the player who must draw answers the challenge before anything else
    assert refuse(game, Play(1, card("g1"))).reason is Refusal.ANSWER_CHALLENGE
    assert refuse(game, Draw(1)).reason is Refusal.ANSWER_CHALLENGE
    assert refuse(game, Keep(1)).reason is Refusal.ANSWER_CHALLENGE
    assert refuse(game, ChooseColor(1, Color.RED)).reason is Refusal.NO_COLOR_TO_CHOOSE
    assert [e for e in game.apply(Challenge(1)) if isinstance(e, ChallengeMade)] == [
        ChallengeMade(1, 0),
    ]


def test_a_guilty_wild_draw_four_player_draws_four_and_the_challenger_plays_normally_with_the_chosen_colour() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["wi+4", "b1", "r7"], ["g1", "y2", "b9"], ["y1", "y3"], ["r3", "r4"]],
        "b7",
        ["y5", "y6", "y7", "y8", "y9"],
    )
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    assert game.apply(Challenge(1)) == [
        ChallengeMade(1, 0),
        HandShown(0, 1, 2, tuple(cards("b1", "r7"))),
        ChallengeResolved(1, 0, True),
        CardsDrawn(0, 4, DrawReason.CHALLENGE_GUILTY, tuple(cards("y5", "y6", "y7", "y8"))),
    ]
    assert summary(game) == expected(
        hands=[
            ["b1", "r7", "y5", "y6", "y7", "y8"],
            ["g1", "y2", "b9"],
            ["y1", "y3"],
            ["r3", "r4"],
        ],
        draw_pile=["y9"],
        discard=["b7", "wi+4"],
        current=1,
        color=Color.GREEN,
    )
    # the challenger plays normally, on green
    assert refuse(game, Play(1, card("b9"))).reason is Refusal.DOES_NOT_MATCH
    assert game.apply(Play(1, card("g1"))) == [CardPlayed(1, card("g1"), 2), TurnStarted(2)]
    assert summary(game) == expected(
        hands=[["b1", "r7", "y5", "y6", "y7", "y8"], ["y2", "b9"], ["y1", "y3"], ["r3", "r4"]],
        draw_pile=["y9"],
        discard=["b7", "wi+4", "g1"],
        current=2,
        color=Color.GREEN,
    )


def test_an_innocent_wild_draw_four_makes_the_challenger_draw_six_and_lose_the_turn() -> None:
    game = position(
        [["wi+4", "r7", "r1"], ["g1", "b2"], ["y1", "y3"], ["r3", "r4"]],
        "b7",
        ["y5", "y6", "y7", "y8", "y9", "g9", "g8"],
    )
    game.apply(Play(0, card("wi+4"), Color.RED))
    assert game.apply(Challenge(1)) == [
        ChallengeMade(1, 0),
        HandShown(0, 1, 2, tuple(cards("r7", "r1"))),
        ChallengeResolved(1, 0, False),
        CardsDrawn(
            1,
            6,
            DrawReason.CHALLENGE_LOST,
            tuple(cards("y5", "y6", "y7", "y8", "y9", "g9")),
        ),
        PlayerSkipped(1),
        TurnStarted(2),
    ]
    assert summary(game) == expected(
        hands=[
            ["r7", "r1"],
            ["g1", "b2", "y5", "y6", "y7", "y8", "y9", "g9"],
            ["y1", "y3"],
            ["r3", "r4"],
        ],
        draw_pile=["g8"],
        discard=["b7", "wi+4"],
        current=2,
        color=Color.RED,
    )


def test_the_challenged_hand_is_shown_to_the_challenger_alone() -> None:
    game = position(
        [["wi+4", "b1", "r7"], ["g1", "y2"], ["y1", "y3"], ["r3", "r4"]],
        "b7",
        ["y5", "y6", "y7", "y8"],
    )
    game.apply(Play(0, card("wi+4"), Color.GREEN))
    shown = [e for e in game.apply(Challenge(1)) if isinstance(e, HandShown)]
    assert shown == [HandShown(0, 1, 2, tuple(cards("b1", "r7")))]
    assert for_seat(shown[0], 1) == HandShown(0, 1, 2, tuple(cards("b1", "r7")))
    for other in (2, 3):
        assert for_seat(shown[0], other) == HandShown(0, 1, 2, ())
    # nor does any view show another seat's hand
    for seat in range(4):
        assert codes(game.view(seat).hand) == hands(game)[seat]


# ------------------------------------------------------------------ drawing and reneging


def test_a_player_who_cannot_play_draws_one_card_and_may_play_it_at_once() -> None:
    game = position([["r1", "g2"], ["y1", "y2"], ["y3", "y4"]], "b3", ["b8", "g9"])
    assert game.apply(Draw(0)) == [CardsDrawn(0, 1, DrawReason.TURN, (card("b8"),))]
    assert summary(game) == expected(
        hands=[["r1", "g2", "b8"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["g9"],
        discard=["b3"],
        current=0,
        color=Color.BLUE,
        phase=Phase.DRAWN,
    )
    assert game.apply(PlayDrawn(0)) == [CardPlayed(0, card("b8"), 2), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "g2"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["g9"],
        discard=["b3", "b8"],
        current=1,
        color=Color.BLUE,
    )


def test_a_drawn_card_that_cannot_be_played_is_kept_and_the_turn_passes() -> None:
    game = position([["r1", "g2"], ["y1", "y2"], ["y3", "y4"]], "b3", ["r9", "g9"])
    game.apply(Draw(0))
    refusal = refuse(game, PlayDrawn(0))
    assert (refusal.reason, refusal.card) == (Refusal.DRAWN_NOT_PLAYABLE, card("r9"))
    assert game.apply(Keep(0)) == [DrawnCardKept(0), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["r1", "g2", "r9"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["g9"],
        discard=["b3"],
        current=1,
        color=Color.BLUE,
    )
    # keeping or playing a drawn card needs a card drawn first
    assert refuse(game, Keep(1)).reason is Refusal.NOTHING_DRAWN
    assert refuse(game, PlayDrawn(1)).reason is Refusal.NOTHING_DRAWN


def test_only_one_card_is_drawn_in_a_turn() -> None:
    game = position([["r1", "g2"], ["y1", "y2"], ["y3", "y4"]], "b3", ["r9", "g9"])
    game.apply(Draw(0))
    refusal = refuse(game, Draw(0))  # refused, and nothing changed
    # the reason itself is checked by the next test
    assert refusal.reason in (Refusal.ALREADY_DREW, Refusal.ONLY_DRAWN_CARD)
    assert summary(game) == expected(
        hands=[["r1", "g2", "r9"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["g9"],
        discard=["b3"],
        current=0,
        color=Color.BLUE,
        phase=Phase.DRAWN,
    )
    # keeping the unplayable card ends the turn: no second card
    assert game.apply(Keep(0)) == [DrawnCardKept(0), TurnStarted(1)]
    assert draw_pile(game) == ["g9"]


def test_a_second_draw_in_a_turn_is_refused_as_already_drawn() -> None:
    game = position([["r1", "g2"], ["y1", "y2"], ["y3", "y4"]], "b3", ["r9", "g9"])
    game.apply(Draw(0))
    refusal = refuse(game, Draw(0))
    assert refusal.reason is Refusal.ALREADY_DREW
    assert messages.refusal(refusal.reason, refusal.card) == "You have already drawn this turn."


def test_a_player_who_reneges_must_draw_and_may_play_only_the_drawn_card() -> None:
    # a playable Blue 5 is held back: the player draws instead (allowed) and gets Green 7
    game = position([["b5", "r1"], ["y1", "y2"], ["y3", "y4"]], "b3", ["g7", "b8"])
    assert game.apply(Draw(0)) == [CardsDrawn(0, 1, DrawReason.TURN, (card("g7"),))]
    refusal = refuse(game, Play(0, card("b5")))
    assert (refusal.reason, refusal.card) == (Refusal.ONLY_DRAWN_CARD, card("g7"))
    assert game.apply(Keep(0)) == [DrawnCardKept(0), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["b5", "r1", "g7"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["b8"],
        discard=["b3"],
        current=1,
        color=Color.BLUE,
    )
    # drawing a playable Blue 8 instead: only the Blue 8 may be played, not the Blue 5
    game = position([["b5", "r1"], ["y1", "y2"], ["y3", "y4"]], "b3", ["b8", "g7"])
    game.apply(Draw(0))
    refusal = refuse(game, Play(0, card("b5")))
    assert (refusal.reason, refusal.card) == (Refusal.ONLY_DRAWN_CARD, card("b8"))
    assert game.apply(Play(0, card("b8"))) == [CardPlayed(0, card("b8"), 2), TurnStarted(1)]
    assert summary(game) == expected(
        hands=[["b5", "r1"], ["y1", "y2"], ["y3", "y4"]],
        draw_pile=["g7"],
        discard=["b3", "b8"],
        current=1,
        color=Color.BLUE,
    )


def test_an_empty_draw_pile_is_rebuilt_from_the_discard_pile_but_its_top_card_shuffled() -> None:
    # one card beneath the top: it becomes the whole DRAW pile, and is drawn
    game = position([["b7", "r1"], ["g1", "g2"], ["y1", "y2"]], "b3", [])
    game.apply(Play(0, card("b7")))
    assert game.apply(Draw(1)) == [
        Reshuffled(1),
        CardsDrawn(1, 1, DrawReason.TURN, (card("b3"),)),
    ]
    assert summary(game) == expected(
        hands=[["r1"], ["g1", "g2", "b3"], ["y1", "y2"]],
        draw_pile=[],
        discard=["b7"],
        current=1,
        color=Color.BLUE,
        phase=Phase.DRAWN,
        exposed=None,
    )
    # several cards beneath the top, rebuilt in the middle of a Draw Two
    beneath = ["b3", "b7", "b1", "b4", "b8"]
    orders = set()
    for seed in range(12):
        game = position(
            [["b7", "b8", "r1", "r2"], ["b1", "b+2", "g1"], ["b4", "y1", "y2"]],
            "b3",
            ["g9"],
            seed=seed,
        )
        for seat, code in ((0, "b7"), (1, "b1"), (2, "b4"), (0, "b8")):
            game.apply(Play(seat, card(code)))
        result = game.apply(Play(1, card("b+2")))
        drawn = [e for e in result if isinstance(e, CardsDrawn)]
        assert len(drawn) == 1 and len(drawn[0].cards) == 2
        second = drawn[0].cards[1].code
        assert result == [
            CardPlayed(1, card("b+2"), 1),
            Reshuffled(5),
            CardsDrawn(2, 2, DrawReason.DRAW_TWO, (card("g9"), card(second))),
            PlayerSkipped(2),
            TurnStarted(0),
        ]
        assert discard_pile(game) == ["b+2"]
        assert hands(game)[2] == ["y1", "y2", "g9", second]
        assert Counter([*draw_pile(game), second]) == Counter(beneath)
        orders.add((*draw_pile(game), second))
    assert len(orders) > 1, "the rebuilt DRAW pile is not shuffled"
