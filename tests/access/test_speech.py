"""Golden spoken sentences: every engine event, said to the player concerned and to others.

Seats: Ann 0, Bob 1, Cy 2; whoever listens (the viewer) is "you".
"""

from __future__ import annotations

from typing import get_args

import pytest

from uno_access.access import speech
from uno_access.engine import events as ev
from uno_access.engine.actions import CallUno, Play
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, DrawReason, Event, Refusal
from uno_access.engine.game import Game

NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2


def c(code: str) -> Card:
    return Card.from_code(code)


def cs(codes: str) -> tuple[Card, ...]:
    return tuple(c(code) for code in codes.split())


# (event, viewer, the sentence) — None: nothing is said to that viewer
GOLDEN: list[tuple[Event, int, str | None]] = [
    (ev.Rejected(ANN, Play(ANN, c("r5")), Refusal.DOES_NOT_MATCH, c("r5")), ANN,
     "Red 5 does not match the top card: match its colour, number or symbol, or play a Wild."),
    (ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW), ANN,
     "Call UNO as you play your next-to-last card, or right after it."),
    (ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW), BOB, None),
    (ev.DealerDrew(ANN, c("g7")), ANN, "You draw Green 7 to choose the dealer."),
    (ev.DealerDrew(ANN, c("g7")), BOB, "Ann draws Green 7 to choose the dealer."),
    (ev.DealerChosen(ANN), ANN, "You have the highest card and deal."),
    (ev.DealerChosen(ANN), BOB, "Ann has the highest card and deals."),
    (ev.RoundStarted(1, ANN), ANN, "Round 1: you deal."),
    (ev.RoundStarted(2, BOB), ANN, "Round 2: Bob deals."),
    (ev.HandDealt(ANN, 3, cs("wi r5 b7")), ANN, "You are dealt 3 cards: Blue 7, Red 5, Wild."),
    (ev.HandDealt(ANN, 3, cs("wi r5 b7")), BOB, None),
    (ev.StartCardTurned(c("b+2")), ANN, "The start card is Blue Draw Two."),
    (ev.StartCardReturned(c("wi+4")), ANN,
     "Wild Draw Four turned up to start: it goes back into the deck, which is shuffled."),
    (ev.TurnStarted(ANN), ANN, "Your turn."),
    (ev.TurnStarted(BOB), ANN, "Bob's turn."),
    (ev.CardPlayed(ANN, c("b7"), 4), ANN, "You play Blue 7."),
    (ev.CardPlayed(ANN, c("b7"), 4), BOB, "Ann plays Blue 7."),
    (ev.CardPlayed(BOB, c("ysk"), 1), ANN, "Bob plays Yellow Skip and has one card left."),
    (ev.CardPlayed(ANN, c("grv"), 1), ANN, "You play Green Reverse and have one card left."),
    (ev.CardPlayed(BOB, c("wi+4"), 0), ANN, "Bob plays Wild Draw Four and goes out."),
    (ev.ColorChosen(ANN, Color.RED), ANN, "You choose Red."),
    (ev.ColorChosen(BOB, Color.YELLOW), ANN, "Bob chooses Yellow."),
    (ev.CardsDrawn(ANN, 1, DrawReason.TURN, cs("r5")), ANN, "You draw Red 5."),
    (ev.CardsDrawn(BOB, 1, DrawReason.TURN, cs("r5")), ANN, "Bob draws a card."),
    (ev.CardsDrawn(ANN, 2, DrawReason.DRAW_TWO, cs("y2 b4")), ANN,
     "You draw 2 cards: Blue 4, Yellow 2."),
    (ev.CardsDrawn(CY, 2, DrawReason.DRAW_TWO, cs("y2 b4")), ANN, "Cy draws 2 cards."),
    (ev.CardsDrawn(CY, 2, DrawReason.START_DRAW_TWO, cs("y2 b4")), ANN, "Cy draws 2 cards."),
    (ev.CardsDrawn(CY, 4, DrawReason.DRAW_FOUR, cs("y2 b4 g1 g2")), ANN, "Cy draws 4 cards."),
    (ev.CardsDrawn(ANN, 2, DrawReason.UNO_PENALTY, cs("y2 b4")), ANN,
     "You draw 2 cards: Blue 4, Yellow 2."),
    (ev.CardsDrawn(BOB, 2, DrawReason.UNO_PENALTY, cs("y2 b4")), ANN, None),
    (ev.CardsDrawn(BOB, 4, DrawReason.CHALLENGE_GUILTY, cs("y2 b4 g1 g2")), ANN, None),
    (ev.CardsDrawn(BOB, 6, DrawReason.CHALLENGE_LOST, cs("y2 b4 g1 g2 r1 r2")), ANN, None),
    (ev.CardsDrawn(BOB, 0, DrawReason.DRAW_TWO), ANN,
     "Bob draws nothing: both piles are empty."),
    (ev.CouldNotDraw(BOB), ANN,
     "Bob finds both piles empty, so the turn passes without a draw."),
    (ev.DrawnCardKept(ANN), ANN, "You keep the card."),
    (ev.DrawnCardKept(BOB), ANN, "Bob keeps the card."),
    (ev.PlayerSkipped(ANN), ANN, "You are skipped."),
    (ev.PlayerSkipped(BOB), ANN, "Bob is skipped."),
    (ev.DirectionChanged(Direction.COUNTERCLOCKWISE), ANN,
     "Play now goes to the right (counterclockwise)."),
    (ev.DirectionChanged(Direction.CLOCKWISE), ANN, "Play now goes to the left (clockwise)."),
    (ev.UnoCalled(ANN), ANN, "You call UNO!"),
    (ev.UnoCalled(ANN), BOB, "Ann calls UNO!"),
    (ev.UnoCaught(BOB, ANN, 2), ANN, "Bob catches you without UNO: you draw 2."),
    (ev.UnoCaught(BOB, ANN, 2), CY, "Bob catches Ann without UNO: Ann draws 2."),
    (ev.UnoCaught(ANN, BOB, 4), ANN, "You catch Bob without UNO: Bob draws 4."),
    (ev.ChallengeMade(ANN, BOB), ANN, None),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), ANN, "Bob shows you 2 cards: Blue 1, Yellow 5."),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), BOB, "You show Ann 2 cards."),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), CY, None),
    (ev.ChallengeResolved(ANN, BOB, True), ANN,
     "You challenge Bob's Wild Draw Four: Bob was guilty and draws 4."),
    (ev.ChallengeResolved(ANN, BOB, True), BOB,
     "Ann challenges your Wild Draw Four: you were guilty and draw 4."),
    (ev.ChallengeResolved(ANN, BOB, False), ANN,
     "You challenge Bob's Wild Draw Four: Bob was innocent, so you draw 6 and lose the turn."),
    (ev.ChallengeResolved(ANN, BOB, False), CY,
     "Ann challenges Bob's Wild Draw Four: Bob was innocent, so Ann draws 6 and loses the "
     "turn."),
    (ev.DrawAccepted(ANN), ANN, "You accept the Wild Draw Four."),
    (ev.DrawAccepted(CY), ANN, "Cy accepts the Wild Draw Four."),
    (ev.Reshuffled(40), ANN, "The DISCARD pile is shuffled into a new DRAW pile of 40 cards."),
    (ev.RoundEnded(ANN, (0, 50, 7), (57, 0, 0), (57, 0, 0)), BOB,
     "The round is over: Ann wins 57 points. Scores: Ann 57, you 0, Cy 0."),
    (ev.RoundEnded(ANN, (0, 50, 7), (57, 0, 0), (57, 0, 0)), ANN,
     "The round is over: you win 57 points. Scores: you 57, Bob 0, Cy 0."),
    (ev.RoundEnded(ANN, (0, 50, 7), (0, 50, 7), (10, 80, 7)), CY,
     "The round is over: Ann goes out. Scores: Ann 10, Bob 80, you 7."),
    (ev.GameEnded(BOB, (100, 512, 3)), ANN,
     "The game is over: Bob wins the game. Scores: you 100, Bob 512, Cy 3."),
    (ev.CardCount(ANN, (5, 3, 1)), ANN, "Card check: you 5, Bob 3, Cy 1."),
    (ev.CardCount(ANN, (5, 3, 1)), BOB, None),
    (ev.TopCard(ANN, c("wi+4"), Color.RED), ANN,
     "Top card: Wild Draw Four (wi+4), colour in play Red."),
    (ev.TopCard(ANN, c("wi"), None), ANN, "Top card: Wild (wi), no colour chosen yet."),
    (ev.TopCard(ANN, c("g+2"), Color.GREEN), ANN, "Top card: Green Draw Two (g+2)."),
]


@pytest.mark.parametrize(("event", "viewer", "said"), GOLDEN)
def test_each_event_is_one_sentence(event: Event, viewer: int, said: str | None) -> None:
    assert speech.describe(event, viewer, NAMES) == said


def test_every_kind_of_event_has_a_golden_sentence() -> None:
    covered = {type(event) for event, _, said in GOLDEN if said is not None}
    missing = {kind.__name__ for kind in get_args(Event)} - {k.__name__ for k in covered}
    assert missing == {"ChallengeMade"}  # said together with its verdict


def test_other_players_never_hear_a_drawn_card() -> None:
    for viewer in (BOB, CY):
        said = speech.describe(ev.CardsDrawn(ANN, 1, DrawReason.TURN, cs("wi")), viewer, NAMES)
        assert said == "Ann draws a card."


# --------------------------------------------------------------------- narrate: batches


def test_a_draw_two_is_one_sentence_with_losing_the_turn() -> None:
    batch: list[Event] = [
        ev.CardPlayed(ANN, c("r+2"), 5),
        ev.CardsDrawn(BOB, 2, DrawReason.DRAW_TWO, cs("g1 y3")),
        ev.PlayerSkipped(BOB),
        ev.TurnStarted(CY),
    ]
    assert speech.narrate(batch, CY, NAMES) == [
        "Ann plays Red Draw Two.",
        "Bob draws 2 cards and loses the turn.",
        "Your turn.",
    ]
    assert speech.narrate(batch, BOB, NAMES)[1] == (
        "You draw 2 cards and lose the turn: Green 1, Yellow 3."
    )


def test_a_skip_is_said_on_its_own() -> None:
    batch: list[Event] = [
        ev.CardPlayed(ANN, c("rsk"), 5), ev.PlayerSkipped(BOB), ev.TurnStarted(CY),
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "You play Red Skip.", "Bob is skipped.", "Cy's turn.",
    ]


def test_a_catch_says_the_penalty_once() -> None:
    batch: list[Event] = [
        ev.UnoCaught(BOB, ANN, 2), ev.CardsDrawn(ANN, 2, DrawReason.UNO_PENALTY, cs("b1 r2")),
    ]
    assert speech.narrate(batch, CY, NAMES) == ["Bob catches Ann without UNO: Ann draws 2."]
    assert speech.narrate(batch, ANN, NAMES) == [
        "Bob catches you without UNO: you draw 2.",
        "You draw 2 cards: Blue 1, Red 2.",
    ]


def test_a_lost_challenge_is_the_verdict_then_the_shown_hand() -> None:
    batch: list[Event] = [
        ev.ChallengeMade(ANN, BOB),
        ev.HandShown(BOB, ANN, 1, cs("y5")),
        ev.ChallengeResolved(ANN, BOB, False),
        ev.CardsDrawn(ANN, 6, DrawReason.CHALLENGE_LOST, cs("r1 r2 r3 r4 r5 r6")),
        ev.PlayerSkipped(ANN),
        ev.TurnStarted(BOB),
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "You challenge Bob's Wild Draw Four: Bob was innocent, so you draw 6 and lose the turn.",
        "Bob shows you 1 card: Yellow 5.",
        "You draw 6 cards: Red 1, Red 2, Red 3, Red 4, Red 5, Red 6.",
        "Bob's turn.",
    ]
    assert speech.narrate(batch, CY, NAMES) == [
        "Ann challenges Bob's Wild Draw Four: Bob was innocent, so Ann draws 6 and loses the "
        "turn.",
        "Bob's turn.",
    ]


def test_an_accepted_wild_draw_four() -> None:
    batch: list[Event] = [
        ev.DrawAccepted(BOB),
        ev.CardsDrawn(BOB, 4, DrawReason.DRAW_FOUR, cs("g1 g2 g3 g4")),
        ev.PlayerSkipped(BOB),
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "Bob accepts the Wild Draw Four.",
        "Bob draws 4 cards and loses the turn.",
    ]


# --------------------------------------------------------------------- queries on a view


def game() -> Game:
    return Game.from_position(
        NAMES, [cs("rsk b7 wi+4 b7 y0"), cs("g1 g2 g3"), cs("r1")], c("b3"), cs("y9 y8"),
    )


def test_your_hand_in_deck_order_with_codes() -> None:
    assert speech.describe_hand(game().view(ANN)) == (
        "Your hand, 5 cards: Blue 7 (b7), Blue 7 (b7), Red Skip (rsk), Yellow 0 (y0), "
        "Wild Draw Four (wi+4)."
    )


def test_what_you_can_play() -> None:
    assert speech.describe_playable(cs("wi+4 b7 b7")) == (
        "You can play: Blue 7 (b7), Wild Draw Four (wi+4)."
    )
    assert speech.describe_playable(()) == "None of your cards matches: type d to draw."


def test_card_check_top_card_scores_turn_and_order() -> None:
    view = game().view(BOB)
    assert speech.describe_card_check(view) == "Card check: Ann 5, you 3, Cy 1."
    assert speech.describe_top(view) == "Top card: Blue 3 (b3)."
    assert speech.describe_scores(view) == "Scores: Ann 0, you 0, Cy 0. First to 500 wins."
    assert speech.describe_whose_turn(view) == "It is Ann's turn."
    assert speech.describe_whose_turn(game().view(ANN)) == "It is your turn."
    assert speech.describe_order(view) == (
        "Play goes to the left (clockwise): Ann, then you, then Cy."
    )
