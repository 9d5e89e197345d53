"""RULES.md, Cards, option `anniversary_cards`, and the `anniversary` preset (seed 002, the
30th Anniversary edition): 112 cards with 4 Anniversary cards worth 100, the 4-card UNO
penalty, the dealer chosen by points; the Anniversary card keeps one card, gives the rest of
the hand to another player, calls UNO and chooses the colour as with a Wild."""

from __future__ import annotations

from collections import Counter

from engine_helpers import card, cards, expected, position, refuse, summary

from uno_access.engine.actions import Catch, ChooseColor, Play
from uno_access.engine.cards import ANNIVERSARY, Card, Color, standard_deck
from uno_access.engine.events import (
    AnniversaryPlayed,
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    DealerDrew,
    DrawReason,
    Refusal,
    RoundEnded,
    TurnStarted,
    UnoCalled,
    UnoCaught,
    for_seat,
)
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet

AN = RuleSet.from_spec("anniversary")
PILE = ["y5", "y6", "y7", "y8", "y9", "b9"]


def test_the_anniversary_deck_has_112_cards_four_of_them_anniversary_cards_worth_100() -> None:
    assert (ANNIVERSARY.code, ANNIVERSARY.points) == ("an", 100)
    game = Game.new(4, AN, seed=5)
    s = game.state
    every = Counter([c for hand in s.hands for c in hand] + s.draw_pile + s.discard)
    assert game.cards_in_play() == 112
    assert every == Counter([*standard_deck(), ANNIVERSARY, ANNIVERSARY, ANNIVERSARY, ANNIVERSARY])


def test_the_anniversary_preset_has_a_four_card_uno_penalty_and_the_dealer_chosen_by_points() -> None:  # noqa: E501  # fmt: skip
    assert RuleSet(uno_penalty=4, dealer_by_points=True, anniversary_cards=True) == AN


def test_with_anniversary_cards_the_cards_drawn_for_dealer_come_from_the_112_card_deck() -> None:
    # "Each player draws a card. Player with the highest point value is the dealer" (002),
    # from the edition's 112 cards: an Anniversary card (100 points) may be drawn, and deals
    drawn: list[Card] = []
    for seed in range(100):
        game = Game.new(4, AN, seed=seed)
        drawn += [e.card for e in game.opening if isinstance(e, DealerDrew)]
    assert len(drawn) >= 400
    # 4 cards in 112 over 400 draws and more: drawn about 14 times; never is a sign
    # the cards are drawn from the 108-card deck without them
    assert ANNIVERSARY in drawn


def test_an_anniversary_card_keeps_one_card_gives_the_rest_to_the_target_and_changes_the_colour() -> None:  # noqa: E501  # fmt: skip
    game = position(
        [["an", "r1", "g2", "y3"], ["b1", "b2", "b4"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=AN,
    )
    refusal = refuse(game, Play(0, ANNIVERSARY, uno=True, target=2, keep=card("g2")))
    assert (refusal.reason, refusal.card) == (Refusal.NEED_COLOR, ANNIVERSARY)
    # "Happy Anniversary!", then UNO, then the colour
    assert game.apply(Play(0, ANNIVERSARY, Color.RED, uno=True, target=2, keep=card("g2"))) == [
        AnniversaryPlayed(0, 2, 2, tuple(cards("r1", "y3"))),
        UnoCalled(0),
        CardPlayed(0, ANNIVERSARY, 1),
        ColorChosen(0, Color.RED),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["g2"], ["b1", "b2", "b4"], ["y1", "y2", "r1", "y3"]],
        draw_pile=PILE,
        discard=["b3", "an"],
        current=1,
        color=Color.RED,
    )
    # red is what must be matched now
    assert refuse(game, Play(1, card("b1"))).reason is Refusal.DOES_NOT_MATCH


def test_an_anniversary_card_may_be_played_on_any_card() -> None:
    # on a Wild whose colour was named, while holding a card that matches
    game = position(
        [["an", "g5", "r1"], ["b1", "b2", "b4"], ["y1", "y2"]],
        "wi",
        PILE,
        rules=AN,
    )
    game.apply(ChooseColor(0, Color.GREEN))
    assert game.apply(Play(0, ANNIVERSARY, Color.BLUE, uno=True, target=1, keep=card("r1"))) == [
        AnniversaryPlayed(0, 1, 1, (card("g5"),)),
        UnoCalled(0),
        CardPlayed(0, ANNIVERSARY, 1),
        ColorChosen(0, Color.BLUE),
        TurnStarted(1),
    ]
    assert summary(game) == expected(
        hands=[["r1"], ["b1", "b2", "b4", "g5"], ["y1", "y2"]],
        draw_pile=PILE,
        discard=["wi", "an"],
        current=1,
        color=Color.BLUE,
    )
    # on a Skip of another colour
    game = position(
        [["b1", "b2"], ["an", "r7", "r8"], ["y1", "y2"]],
        "gsk",
        PILE,
        rules=AN,
    )
    assert game.state.current == 1
    assert game.apply(Play(1, ANNIVERSARY, Color.YELLOW, uno=True, target=0, keep=card("r8")))[
        -2:
    ] == [ColorChosen(1, Color.YELLOW), TurnStarted(2)]
    assert summary(game)["hands"] == [["b1", "b2", "r7"], ["r8"], ["y1", "y2"]]


def test_the_cards_given_are_known_only_to_the_giver_and_the_target() -> None:
    game = position(
        [["an", "r1", "g2", "y3"], ["b1", "b2", "b4"], ["y1", "y2"], ["g7", "g8"]],
        "b3",
        PILE,
        rules=AN,
    )
    given = game.apply(Play(0, ANNIVERSARY, Color.RED, uno=True, target=2, keep=card("g2")))[0]
    assert given == AnniversaryPlayed(0, 2, 2, tuple(cards("r1", "y3")))
    assert for_seat(given, 0) == given
    assert for_seat(given, 2) == given
    for other in (1, 3):
        assert for_seat(given, other) == AnniversaryPlayed(0, 2, 2, ())


def test_a_player_who_does_not_call_uno_after_an_anniversary_card_may_be_caught_for_four() -> None:
    game = position(
        [["an", "r1", "g2", "y3"], ["b1", "b2", "b4"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=AN,
    )
    assert game.apply(Play(0, ANNIVERSARY, Color.RED, target=2, keep=card("g2"))) == [
        AnniversaryPlayed(0, 2, 2, tuple(cards("r1", "y3"))),
        CardPlayed(0, ANNIVERSARY, 1),
        ColorChosen(0, Color.RED),
        TurnStarted(1),
    ]
    assert game.state.exposed == 0
    assert game.apply(Catch(1, 0)) == [
        UnoCaught(1, 0, 4),
        CardsDrawn(0, 4, DrawReason.UNO_PENALTY, tuple(cards("y5", "y6", "y7", "y8"))),
    ]
    assert summary(game) == expected(
        hands=[["g2", "y5", "y6", "y7", "y8"], ["b1", "b2", "b4"], ["y1", "y2", "r1", "y3"]],
        draw_pile=["y9", "b9"],
        discard=["b3", "an"],
        current=1,
        color=Color.RED,
    )


def test_an_anniversary_card_needs_another_player_to_give_the_hand_to() -> None:
    game = position(
        [["an", "r1", "g2", "y3"], ["b1", "b2", "b4"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=AN,
    )
    for target in (None, 0, 3, -1):  # nobody, the player, no such seat
        play = Play(0, ANNIVERSARY, Color.RED, uno=True, target=target, keep=card("g2"))
        refusal = refuse(game, play)
        assert (refusal.reason, refusal.card) == (Refusal.ANNIVERSARY_TARGET, ANNIVERSARY)


def test_an_anniversary_card_needs_the_card_kept_named_and_held() -> None:
    game = position(
        [["an", "r1", "g2", "y3"], ["b1", "b2", "b4"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=AN,
    )
    for keep in (None, card("b9"), ANNIVERSARY):  # not named; not held; the card played
        refusal = refuse(game, Play(0, ANNIVERSARY, Color.RED, uno=True, target=1, keep=keep))
        assert (refusal.reason, refusal.card) == (Refusal.ANNIVERSARY_KEEP, ANNIVERSARY)
    # with one other card, it is the one kept: there is nothing to give
    game = position([["an", "r1"], ["b1", "b2", "b4"], ["y1", "y2"]], "b3", PILE, rules=AN)
    assert game.apply(Play(0, ANNIVERSARY, Color.RED, uno=True, target=1)) == [
        AnniversaryPlayed(0, 1, 0, ()),
        UnoCalled(0),
        CardPlayed(0, ANNIVERSARY, 1),
        ColorChosen(0, Color.RED),
        TurnStarted(1),
    ]
    assert summary(game)["hands"] == [["r1"], ["b1", "b2", "b4"], ["y1", "y2"]]


def test_an_anniversary_card_is_played_on_the_players_own_turn() -> None:
    game = position(
        [["r1", "g2"], ["an", "b1", "b2"], ["y1", "y2"]],
        "b3",
        PILE,
        rules=AN,
    )
    refusal = refuse(game, Play(1, ANNIVERSARY, Color.RED, uno=True, target=2, keep=card("b1")))
    assert refusal.reason is Refusal.NOT_YOUR_TURN


def test_an_anniversary_card_left_in_a_hand_counts_100_points() -> None:
    game = position([["b7"], ["an", "r5"], ["y2"]], "b3", PILE, rules=AN)
    assert game.apply(Play(0, card("b7"))) == [
        CardPlayed(0, card("b7"), 0),
        RoundEnded(0, (0, 105, 2), (107, 0, 0), (107, 0, 0)),
    ]
