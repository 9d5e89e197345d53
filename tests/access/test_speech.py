"""Golden spoken sentences: every engine event, said to the player concerned and to others.

Seats: Ann 0, Bob 1, Cy 2; whoever listens (the viewer) is "you".
"""

from __future__ import annotations

from typing import get_args

import pytest

from uno_access.access import speech
from uno_access.engine import events as ev
from uno_access.engine.actions import Accept, CallUno, Challenge, Play
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, DrawReason, Event, Refusal
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import PlayerView

NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2


def c(code: str) -> Card:
    return Card.from_code(code)


def cs(codes: str) -> tuple[Card, ...]:
    return tuple(c(code) for code in codes.split())


# (event, viewer, the sentence) — None: nothing is said to that viewer
GOLDEN: list[tuple[Event, int, str | None]] = [
    (
        ev.Rejected(ANN, Play(ANN, c("r5")), Refusal.DOES_NOT_MATCH, c("r5")),
        ANN,
        "Red 5 does not match the top card: match its colour, number or symbol, or play a Wild.",
    ),
    (
        ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW),
        ANN,
        "Call UNO just before you play your next-to-last card, as you play it, or right after it.",
    ),
    (ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW), BOB, None),
    (ev.DealerDrew(ANN, c("g7")), ANN, "You draw Green 7 to choose the dealer."),
    (ev.DealerDrew(ANN, c("g7")), BOB, "Ann draws Green 7 to choose the dealer."),
    (ev.DealerChosen(ANN), ANN, "You have the highest card and deal."),
    (ev.DealerChosen(ANN), BOB, "Ann has the highest card and deals."),
    (ev.RoundStarted(1, ANN), ANN, "Round 1: you deal."),
    (ev.RoundStarted(2, BOB), ANN, "Round 2: Bob deals."),
    (ev.HandDealt(ANN, 3, cs("wi r5 b7")), ANN, "You are dealt 3 cards: Blue 7, Red 5, Wild."),
    (ev.HandDealt(ANN, 3, cs("wi r5 b7")), BOB, "Ann is dealt 3 cards."),
    (ev.StartCardTurned(c("b+2")), ANN, "The start card is Blue Draw Two."),
    (
        ev.StartCardReturned(c("wi+4")),
        ANN,
        "Wild Draw Four turned up to start: it goes back into the deck, which is shuffled.",
    ),
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
    (
        ev.CardsDrawn(ANN, 2, DrawReason.DRAW_TWO, cs("y2 b4")),
        ANN,
        "You draw 2 cards: Blue 4, Yellow 2.",
    ),
    (ev.CardsDrawn(CY, 2, DrawReason.DRAW_TWO, cs("y2 b4")), ANN, "Cy draws 2 cards."),
    (ev.CardsDrawn(CY, 2, DrawReason.START_DRAW_TWO, cs("y2 b4")), ANN, "Cy draws 2 cards."),
    (ev.CardsDrawn(CY, 4, DrawReason.DRAW_FOUR, cs("y2 b4 g1 g2")), ANN, "Cy draws 4 cards."),
    (
        ev.CardsDrawn(ANN, 2, DrawReason.UNO_PENALTY, cs("y2 b4")),
        ANN,
        "You draw 2 cards: Blue 4, Yellow 2.",
    ),
    (ev.CardsDrawn(BOB, 2, DrawReason.UNO_PENALTY, cs("y2 b4")), ANN, None),
    (ev.CardsDrawn(BOB, 4, DrawReason.CHALLENGE_GUILTY, cs("y2 b4 g1 g2")), ANN, None),
    (ev.CardsDrawn(BOB, 6, DrawReason.CHALLENGE_LOST, cs("y2 b4 g1 g2 r1 r2")), ANN, None),
    (ev.CardsDrawn(BOB, 0, DrawReason.DRAW_TWO), ANN, "Bob draws nothing: both piles are empty."),
    (ev.CouldNotDraw(BOB), ANN, "Bob finds both piles empty, so the turn passes without a draw."),
    (
        ev.RoundBlocked(BOB),
        ANN,
        "No one can play or draw a card, so the round ends: Bob holds the fewest points and "
        "wins it.",
    ),
    (
        ev.RoundBlocked(ANN),
        ANN,
        "No one can play or draw a card, so the round ends: you hold the fewest points and win it.",
    ),
    (ev.SwapDeclined(BOB), ANN, "Bob keeps the same hand: no swap."),
    (
        ev.HandDiscarded(BOB, (c("r4"), c("rsk"))),
        ANN,
        "Bob discards every red card with it: Red 4, Red Skip.",
    ),
    (
        ev.RouletteTurned(ANN, Color.BLUE, (c("r4"), c("b2"))),
        ANN,
        "You name Blue and turn up 2 cards until one is blue: Red 4, Blue 2. You keep them all "
        "and lose your turn.",
    ),
    (
        ev.RouletteTurned(BOB, Color.GREEN, (c("g2"),)),
        ANN,
        "Bob names Green and turns up 1 card until one is green: Green 2. Bob keeps it and "
        "loses the turn.",
    ),
    (
        ev.MercyKnockout(BOB, 26),
        ANN,
        "Bob holds 26 cards, 25 or more: the Mercy rule knocks Bob out of this round, and the "
        "cards go back into the DRAW pile.",
    ),
    (
        ev.OutPending(BOB),
        ANN,
        "Bob has gone out, but the last card can still be answered: the round ends when "
        "someone draws the stack.",
    ),
    (
        ev.OutPending(ANN),
        ANN,
        "You have gone out, but your last card can still be answered: the round ends when "
        "someone draws the stack.",
    ),
    (
        ev.HandsShuffled(BOB, (3, 2, 4)),
        ANN,
        "Bob collects every hand, shuffles them and deals them out: you 3 cards, Bob 2 cards, "
        "Cy 4 cards.",
    ),
    (
        ev.FalseCallPenalty(ANN, None, 2),
        ANN,
        "You called UNO when it was not due: you draw 2 cards.",
    ),
    (
        ev.FalseCallPenalty(BOB, None, 2),
        ANN,
        "Bob called UNO when it was not due and draws 2 cards.",
    ),
    (ev.FalseCallPenalty(ANN, BOB, 2), ANN, "Bob was safe: a wrong catch, so you draw 2 cards."),
    (
        ev.FalseCallPenalty(BOB, ANN, 2),
        ANN,
        "Bob tried to catch you, but you were safe: Bob draws 2 cards.",
    ),
    (
        ev.FalseCallPenalty(BOB, CY, 2),
        ANN,
        "Bob tried to catch Cy, who was safe, and draws 2 cards.",
    ),
    (ev.SwapDeclined(ANN), ANN, "You keep your hand: no swap."),
    (ev.DrawnCardKept(ANN), ANN, "You keep the card."),
    (ev.DrawnCardKept(BOB), ANN, "Bob keeps the card."),
    (ev.PlayerSkipped(ANN), ANN, "You are skipped."),
    (ev.PlayerSkipped(BOB), ANN, "Bob is skipped."),
    (
        ev.DirectionChanged(Direction.COUNTERCLOCKWISE),
        ANN,
        "Play now goes to the right, counterclockwise.",
    ),
    (ev.DirectionChanged(Direction.CLOCKWISE), ANN, "Play now goes to the left, clockwise."),
    (ev.UnoCalled(ANN), ANN, "You call UNO!"),
    (ev.UnoCalled(ANN), BOB, "Ann calls UNO!"),
    (ev.UnoCaught(BOB, ANN, 2), ANN, "Bob catches you without UNO: you draw 2."),
    (ev.UnoCaught(BOB, ANN, 2), CY, "Bob catches Ann without UNO: Ann draws 2."),
    (ev.UnoCaught(ANN, BOB, 4), ANN, "You catch Bob without UNO: Bob draws 4."),
    (ev.ChallengeMade(ANN, BOB), ANN, "You challenge Bob's Wild Draw Four."),
    (ev.ChallengeMade(ANN, BOB), CY, "Ann challenges Bob's Wild Draw Four."),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), ANN, "Bob shows you 2 cards: Blue 1, Yellow 5."),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), BOB, "You show Ann 2 cards."),
    (ev.HandShown(BOB, ANN, 2, cs("y5 b1")), CY, "Bob shows Ann 2 cards."),
    (
        ev.ChallengeResolved(ANN, BOB, True),
        ANN,
        "You challenge Bob's Wild Draw Four: Bob was guilty and draws 4.",
    ),
    (
        ev.ChallengeResolved(ANN, BOB, True),
        BOB,
        "Ann challenges your Wild Draw Four: you were guilty and draw 4.",
    ),
    (
        ev.ChallengeResolved(ANN, BOB, False),
        ANN,
        "You challenge Bob's Wild Draw Four: Bob was innocent, so you draw 6 and lose the turn.",
    ),
    (
        ev.ChallengeResolved(ANN, BOB, False),
        CY,
        "Ann challenges Bob's Wild Draw Four: Bob was innocent, so Ann draws 6 and loses the turn.",
    ),
    (ev.DrawAccepted(ANN), ANN, "You accept the Wild Draw Four."),
    (ev.DrawAccepted(CY), ANN, "Cy accepts the Wild Draw Four."),
    (ev.Reshuffled(40), ANN, "The DISCARD pile is shuffled into a new DRAW pile of 40 cards."),
    (
        ev.RoundEnded(ANN, (0, 50, 7), (57, 0, 0), (57, 0, 0)),
        BOB,
        "The round is over: Ann wins 57 points (you 50, Cy 7). Scores: Ann 57, you 0, Cy 0.",
    ),
    (
        ev.RoundEnded(ANN, (0, 50, 7), (57, 0, 0), (57, 0, 0)),
        ANN,
        "The round is over: you win 57 points (Bob 50, Cy 7). Scores: you 57, Bob 0, Cy 0.",
    ),
    (
        ev.RoundEnded(ANN, (0, 50, 7), (0, 50, 7), (10, 80, 7)),
        CY,
        "The round is over: Ann goes out. Scores: Ann 10, Bob 80, you 7.",
    ),
    (
        ev.GameEnded(BOB, (100, 512, 3)),
        ANN,
        "The game is over: Bob wins the game. Scores: you 100, Bob 512, Cy 3.",
    ),
    (ev.CardCount(ANN, (5, 3, 1)), ANN, "Card check: you 5 cards, Bob 3 cards, Cy 1 card."),
    (ev.CardCount(ANN, (5, 3, 1)), BOB, None),
    (ev.TopCard(ANN, c("wi+4"), Color.RED), ANN, "Top card: Wild Draw Four, colour in play Red."),
    (ev.TopCard(ANN, c("wi"), None), ANN, "Top card: Wild, no colour chosen yet."),
    (ev.TopCard(ANN, c("g+2"), Color.GREEN), ANN, "Top card: Green Draw Two."),
    # the variants (RULES.md "Named modes and options")
    (ev.CardPlayed(ANN, c("g6"), 3, count=2), BOB, "Ann drops two Green 6s."),
    (ev.CardPlayed(ANN, c("g6"), 3, count=2), ANN, "You drop two Green 6s."),
    (
        ev.CardPlayed(CY, c("r+2"), 1, count=3),
        ANN,
        "Cy drops three Red Draw Twos and has one card left.",
    ),
    (ev.CardPlayed(BOB, c("g7"), 4, jump_in=True), ANN, "Bob jumps in with Green 7!"),
    (
        ev.CardPlayed(BOB, c("g8"), 4, straight=True),
        ANN,
        "Bob plays on with Green 8, in a straight.",
    ),
    (
        ev.CardPlayed(ANN, c("g8"), 0, straight=True),
        ANN,
        "You play on with Green 8, in a straight, and go out.",
    ),
    (ev.CardPlayed(BOB, c("g7"), 4, jump_in=True), BOB, "You jump in with Green 7!"),
    (
        ev.CardPlayed(BOB, c("y2"), 1, jump_in=True),
        CY,
        "Bob jumps in with Yellow 2 and has one card left!",
    ),
    (
        ev.CardPlayed(BOB, c("wi"), 0, count=2, jump_in=True),
        ANN,
        "Bob jumps in with two Wilds and goes out!",
    ),
    (ev.CardPlayed(ANN, c("an"), 0), BOB, "Ann plays Anniversary card and goes out."),
    (ev.CardPlayed(ANN, c("bly7"), 3), BOB, "Ann plays Yellow 7."),  # a blank card written as
    (ev.StackGrew(CY, 6), ANN, "The stack is now 6 cards, on Cy."),
    (ev.StackGrew(ANN, 8), ANN, "The stack is now 8 cards, on you."),
    (ev.DrawAccepted(CY, 6), ANN, "Cy accepts the stack and draws 6 cards."),
    (ev.DrawAccepted(ANN, 10), ANN, "You accept the stack and draw 10 cards."),
    (ev.DrawAccepted(BOB, 2), ANN, "Bob accepts the Draw Two."),
    (ev.CardsDrawn(CY, 6, DrawReason.STACK, cs("g1 g2 g3 g4 g5 g6")), ANN, None),
    (
        ev.CardsDrawn(ANN, 2, DrawReason.STACK, cs("g2 g1")),
        ANN,
        "You draw 2 cards: Green 1, Green 2.",
    ),
    (ev.HandsPassed(Direction.CLOCKWISE), ANN, "Every hand passes to the left."),
    (ev.HandsPassed(Direction.COUNTERCLOCKWISE), BOB, "Every hand passes to the right."),
    (
        ev.HandReceived(ANN, CY, 3, cs("r5 b1 wi")),
        ANN,
        "You receive Cy's hand: 3 cards: Blue 1, Red 5, Wild.",
    ),
    (ev.HandReceived(ANN, CY, 3, cs("r5 b1 wi")), BOB, "Ann receives Cy's hand: 3 cards."),
    (ev.HandReceived(BOB, ANN, 1, cs("g2")), ANN, "Bob receives your hand: 1 card."),
    (ev.HandReceived(BOB, ANN, 1, cs("g2")), BOB, "You receive Ann's hand: 1 card: Green 2."),
    (
        ev.HandsSwapped(ANN, BOB, 5, 1, cs("r1 b2 g3 y4 wi"), cs("g2")),
        ANN,
        "You swap hands with Bob: you now hold 5 cards: Blue 2, Green 3, Red 1, Yellow 4, "
        "Wild; Bob holds 1 card.",
    ),
    (
        ev.HandsSwapped(ANN, BOB, 5, 1, cs("r1 b2 g3 y4 wi"), cs("g2")),
        BOB,
        "Ann swaps hands with you: you now hold 1 card: Green 2; Ann holds 5 cards.",
    ),
    (
        ev.HandsSwapped(ANN, BOB, 5, 1, cs("r1 b2 g3 y4 wi"), cs("g2")),
        CY,
        "Ann swaps hands with Bob: Ann now holds 5 cards, Bob 1 card.",
    ),
    (
        ev.AnniversaryPlayed(ANN, BOB, 5, cs("r1 b2 g3 y4 wi")),
        CY,
        "Ann plays an Anniversary card: Happy Anniversary! Ann keeps one card and gives Bob "
        "5 cards.",
    ),
    (
        ev.AnniversaryPlayed(ANN, BOB, 5, cs("r1 b2 g3 y4 wi")),
        BOB,
        "Ann plays an Anniversary card: Happy Anniversary! Ann keeps one card and gives you "
        "5 cards: Blue 2, Green 3, Red 1, Yellow 4, Wild.",
    ),
    (
        ev.AnniversaryPlayed(ANN, BOB, 5, cs("r1 b2 g3 y4 wi")),
        ANN,
        "You play an Anniversary card: Happy Anniversary! You keep one card and give Bob "
        "5 cards: Blue 2, Green 3, Red 1, Yellow 4, Wild.",
    ),
    (
        ev.AnniversaryPlayed(CY, ANN, 0),
        BOB,
        "Cy plays an Anniversary card: Happy Anniversary! Cy keeps one card and gives Ann "
        "no cards.",
    ),
    (
        ev.WrongCardPenalty(ANN, c("r5")),
        BOB,
        "Ann played Red 5, which does not match: Ann takes it back and draws 2.",
    ),
    (
        ev.WrongCardPenalty(ANN, c("r5")),
        ANN,
        "You played Red 5, which does not match: you take it back and draw 2.",
    ),
    (ev.CardsDrawn(ANN, 2, DrawReason.WRONG_CARD, cs("y2 b4")), BOB, None),
    (ev.SuggestionPenalty(BOB), ANN, "Bob suggested a play and draws 2."),
    (ev.SuggestionPenalty(BOB), BOB, "You suggested a play and draw 2."),
    (ev.CardsDrawn(BOB, 2, DrawReason.SUGGESTION, cs("y2 b4")), ANN, None),
    (ev.PlayerEliminated(CY, 512), ANN, "Cy reaches 512 points and is out of the game."),
    (ev.PlayerEliminated(CY, 512), CY, "You reach 512 points and are out of the game."),
]


@pytest.mark.parametrize(("event", "viewer", "said"), GOLDEN)
def test_each_event_is_one_sentence(event: Event, viewer: int, said: str | None) -> None:
    assert speech.describe(event, viewer, NAMES) == said


def test_every_kind_of_event_has_a_golden_sentence() -> None:
    covered = {type(event) for event, _, said in GOLDEN if said is not None}
    missing = {kind.__name__ for kind in get_args(Event)} - {k.__name__ for k in covered}
    assert missing == set()


def test_other_players_never_hear_a_drawn_card() -> None:
    for viewer in (BOB, CY):
        said = speech.describe(ev.CardsDrawn(ANN, 1, DrawReason.TURN, cs("wi")), viewer, NAMES)
        assert said == "Ann draws a card."


# --------------------------------------------------------------------- the end of a round

PARTNERS = RuleSet.preset("partners")
NAMES4 = ("Ann", "Bob", "Cy", "Dee")
TEAMS = ((0, 2), (1, 3))
DEE = 3

# (event, viewer, rules, the sentence): the scoring of the rules decides the words
SCORING: list[tuple[Event, int, RuleSet, str]] = [
    (
        ev.RoundEnded(CY, (10, 20, 0, 27), (47, 0, 47, 0), (47, 0, 47, 0)),
        ANN,
        PARTNERS,
        "The round is over: Cy goes out, and you and Cy win 47 points. "
        "Scores: you and Cy 47, Bob and Dee 0.",
    ),
    (
        ev.RoundEnded(CY, (10, 20, 0, 27), (47, 0, 47, 0), (47, 0, 47, 0)),
        BOB,
        PARTNERS,
        "The round is over: Cy goes out, and Ann and Cy win 47 points. "
        "Scores: Ann and Cy 47, you and Dee 0.",
    ),
    (
        ev.RoundEnded(CY, (10, 20, 0, 27), (47, 0, 47, 0), (47, 0, 47, 0)),
        CY,
        PARTNERS,
        "The round is over: you go out, and you and Ann win 47 points. "
        "Scores: you and Ann 47, Bob and Dee 0.",
    ),
    (
        ev.RoundEnded(CY, (10, 20, 5, 27), (47, 0, 47, 0), (47, 0, 47, 0), blocked=True),
        BOB,
        PARTNERS,
        "The round is over: Ann and Cy win 47 points. Scores: Ann and Cy 47, you and Dee 0.",
    ),
    (
        ev.GameEnded(BOB, (120, 512, 120, 512)),
        ANN,
        PARTNERS,
        "The game is over: Bob and Dee win the game. Scores: you and Cy 120, Bob and Dee 512.",
    ),
    (
        ev.GameEnded(BOB, (120, 512, 120, 512)),
        DEE,
        PARTNERS,
        "The game is over: you and Bob win the game. Scores: Ann and Cy 120, you and Bob 512.",
    ),
    (
        ev.RoundEnded(ANN, (0, 50, 7, 0), (0, 50, 7, 0), (10, 80, 7, 3)),
        CY,
        RuleSet.preset("lowest"),
        "The round is over: Ann goes out. Points left in hands: Bob 50, you 7. "
        "Scores: Ann 10, Bob 80, you 7, Dee 3.",
    ),
    (
        ev.RoundEnded(ANN, (2, 50, 7, 9), (2, 50, 7, 9), (12, 80, 7, 12), blocked=True),
        CY,
        RuleSet.preset("lowest"),
        "The round is over. Points left in hands: Ann 2, Bob 50, you 7, Dee 9. "
        "Scores: Ann 12, Bob 80, you 7, Dee 12.",
    ),
    (
        ev.GameEnded(CY, (510, 80, 7, 30)),
        ANN,
        RuleSet.preset("lowest"),
        "The game is over: Cy wins the game with the lowest score. "
        "Scores: you 510, Bob 80, Cy 7, Dee 30.",
    ),
    (
        ev.RoundEnded(ANN, (0, 50, 7, 0), (0, 50, 7, 0), (10, 512, 7, 0)),
        CY,
        RuleSet.preset("challenge_uno"),
        "The round is over: Ann goes out. Points caught holding: Bob 50, you 7. "
        "Scores: Ann 10, Bob 512 (out), you 7, Dee 0.",
    ),
    (
        ev.GameEnded(ANN, (10, 512, 530, 600)),
        BOB,
        RuleSet.preset("challenge_uno"),
        "The game is over: Ann is the last player left and wins the game. "
        "Scores: Ann 10, you 512 (out), Cy 530 (out), Dee 600 (out).",
    ),
]


@pytest.mark.parametrize(("event", "viewer", "rules", "said"), SCORING)
def test_the_end_of_a_round_as_the_scoring_counts_it(
    event: Event, viewer: int, rules: RuleSet, said: str
) -> None:
    teams = TEAMS if rules.partners else ()
    assert speech.describe(event, viewer, NAMES4, rules=rules, teams=teams) == said


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
        ev.CardPlayed(ANN, c("rsk"), 5),
        ev.PlayerSkipped(BOB),
        ev.TurnStarted(CY),
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "You play Red Skip.",
        "Bob is skipped.",
        "Cy's turn.",
    ]


def test_a_catch_says_the_penalty_once() -> None:
    batch: list[Event] = [
        ev.UnoCaught(BOB, ANN, 2),
        ev.CardsDrawn(ANN, 2, DrawReason.UNO_PENALTY, cs("b1 r2")),
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
        "Ann challenges Bob's Wild Draw Four: Bob was innocent, so Ann draws 6 and loses the turn.",
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


def position(hands: list[str], start: str, rules: str, pile: str = "g1 g2 g3 g4 g5 g6") -> Game:
    return Game.from_position(
        NAMES, [cs(hand) for hand in hands], c(start), cs(pile), rules=RuleSet.preset(rules)
    )


def test_a_stack_grows_then_is_accepted_in_one_sentence() -> None:
    game = position(["r+2 r5 b1", "r+2 g4 y4", "y9 y8"], "r3", "stacking")
    game.apply(Play(ANN, c("r+2")))
    grew = game.apply(Play(BOB, c("r+2")))
    assert speech.narrate(grew, ANN, NAMES) == [
        "Bob plays Red Draw Two.",
        "The stack is now 4 cards, on Cy.",
        "Cy's turn.",
    ]
    accepted = game.apply(Accept(CY))
    assert speech.narrate(accepted, ANN, NAMES) == [
        "Cy accepts the stack and draws 4 cards.",
        "Your turn.",
    ]
    assert speech.narrate(accepted, CY, NAMES) == [
        "You accept the stack and draw 4 cards.",
        "You draw 4 cards: Green 1, Green 2, Green 3, Green 4.",
        "Ann's turn.",
    ]


def test_a_challenge_settles_a_stack_of_wild_draw_fours() -> None:
    game = position(
        ["wi+4 r5 b1", "wi+4 g4 y4", "y9 y8"], "r3", "stacking", "g1 g2 g3 g4 g5 g6 g7 g8 g9 y1 y2"
    )
    game.apply(Play(ANN, c("wi+4"), Color.BLUE))
    game.apply(Play(BOB, c("wi+4"), Color.GREEN))
    said = speech.narrate(game.apply(Challenge(CY)), ANN, NAMES)
    assert said == [
        "Cy challenges Bob's Wild Draw Four: Bob was innocent, so Cy draws 10 and loses the turn.",
        "Your turn.",
    ]


def test_an_anniversary_card_is_one_sentence_then_uno_and_the_colour() -> None:
    game = position(["an r5 b1 g3", "y4", "y9 y8"], "g3", "anniversary")
    batch = game.apply(Play(ANN, c("an"), Color.RED, True, 1, BOB, c("r5")))
    assert speech.narrate(batch, CY, NAMES) == [
        "Ann plays an Anniversary card: Happy Anniversary! Ann keeps one card and gives Bob "
        "2 cards.",
        "Ann calls UNO!",
        "Ann chooses Red.",
        "Bob's turn.",
    ]
    assert speech.narrate(batch, BOB, NAMES)[0].endswith("gives you 2 cards: Blue 1, Green 3.")


def test_a_straight_is_one_sentence_after_the_uno_call() -> None:
    batch: list[Event] = [
        ev.UnoCalled(BOB),
        ev.CardPlayed(BOB, c("r4"), 3),
        ev.CardPlayed(BOB, c("r5"), 2, straight=True),
        ev.CardPlayed(BOB, c("r6"), 1, straight=True),
        ev.TurnStarted(CY),
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "Bob calls UNO!",
        "Bob plays a straight: Red 4, Red 5, Red 6, and has one card left.",
        "Cy's turn.",
    ]
    assert speech.narrate(batch[1:3], BOB, NAMES) == ["You play a straight: Red 4, Red 5."]


def test_round_n_round_every_hand_passes() -> None:
    game = position(["g0 r5 b1", "y4", "y9 y8 g1 g2"], "g3", "speed")
    batch = game.apply(Play(ANN, c("g0")))
    assert speech.narrate(batch, BOB, NAMES) == [
        "Ann plays Green 0.",
        "Every hand passes to the left.",
        "Ann receives Cy's hand: 4 cards.",
        "You receive Ann's hand: 2 cards: Blue 1, Red 5.",
        "Cy receives your hand: 1 card.",
        "Your turn.",
    ]


def test_a_wrong_card_under_the_penalties() -> None:
    game = position(["r5 b1 g3", "y4", "y9 y8 g1 g2"], "g3", "penalties")
    batch = game.apply(Play(ANN, c("r5")))
    assert speech.narrate(batch, BOB, NAMES) == [
        "Ann played Red 5, which does not match: Ann takes it back and draws 2.",
        "Your turn.",
    ]
    assert speech.narrate(batch, ANN, NAMES) == [
        "You played Red 5, which does not match: you take it back and draw 2.",
        "You draw 2 cards: Green 1, Green 2.",
        "Bob's turn.",
    ]


def test_an_elimination_follows_the_end_of_the_round() -> None:
    game = Game.from_position(
        NAMES,
        [cs("r5"), cs("y4 y5"), cs("y9 y8 g1 g2 wi")],
        c("r3"),
        cs("g1 g2"),
        rules=RuleSet.preset("challenge_uno"),
        scores=[0, 470, 490],
    )
    said = speech.narrate(game.apply(Play(ANN, c("r5"))), BOB, NAMES, rules=game.state.rules)
    assert said == [
        "Ann plays Red 5 and goes out.",
        "The round is over: Ann goes out. Points caught holding: you 9, Cy 70. "
        "Scores: Ann 0, you 479, Cy 560 (out).",
        "Cy reaches 560 points and is out of the game.",
    ]


# --------------------------------------------------------------------- queries on a view


def game() -> Game:
    return Game.from_position(
        NAMES,
        [cs("rsk b7 wi+4 b7 y0"), cs("g1 g2 g3"), cs("r1")],
        c("b3"),
        cs("y9 y8"),
    )


def test_your_hand_in_deck_order_with_codes() -> None:
    assert speech.describe_hand(game().view(ANN)).sentence() == (
        "Your hand, 5 cards: Blue 7, Blue 7, Red Skip, Yellow 0, Wild Draw Four."
    )


def test_what_you_can_play() -> None:
    assert speech.describe_playable(cs("wi+4 b7 b7")).sentence() == (
        "You can play: Blue 7, Wild Draw Four."
    )
    assert speech.describe_playable(()).sentence() == "None of your cards matches: you must draw."


def test_card_check_top_card_scores_turn_and_order() -> None:
    view = game().view(BOB)
    assert speech.describe_card_check(view).sentence() == (
        "Card check: Ann 5 cards, you 3 cards, Cy 1 card."
    )
    assert speech.describe_top(view).sentence() == "Top card: Blue 3."
    assert speech.describe_scores(view).sentence() == (
        "Scores: Ann 0, you 0, Cy 0. First to 500 wins."
    )
    assert str(speech.describe_whose_turn(view)) == "It is Ann's turn."
    assert str(speech.describe_whose_turn(game().view(ANN))) == "It is your turn."
    assert speech.describe_order(view).sentence() == (
        "Play goes to the left, clockwise: Ann, then you, then Cy."
    )


def test_cards_of_the_options_sort_after_the_deck_and_beside_what_they_stand_for() -> None:
    assert speech.sorted_cards(cs("an bly7 wi y8 y7 b1")) == list(cs("b1 y7 bly7 y8 wi an"))
    assert speech.describe_playable(cs("bly7 an")).sentence() == (
        "You can play: Yellow 7, Anniversary card."
    )


def test_partners_are_named_and_score_as_a_pair() -> None:
    game = Game.from_position(
        NAMES4,
        [cs("b1"), cs("b2"), cs("b3"), cs("b4")],
        c("b5"),
        cs("g1"),
        rules=PARTNERS,
        scores=[40, 12, 40, 12],
    )
    view = game.view(BOB)
    assert str(speech.describe_teams(view)) == "You and Dee play against Ann and Cy."
    assert str(speech.describe_teams(game.view(ANN))) == "You and Cy play against Bob and Dee."
    assert speech.describe_scores(view).sentence() == (
        "Scores: Ann and Cy 40, you and Dee 12. The first pair to 500 wins."
    )
    assert speech.describe_teams(game_view_without_partners()) is None


def game_view_without_partners() -> PlayerView:
    return game().view(ANN)


def test_challenge_uno_totals_and_the_order_of_play_leave_out_who_is_out() -> None:
    rules = RuleSet.preset("challenge_uno")
    game = Game.from_position(
        NAMES4,
        [cs("r5"), cs("y4 y5"), cs("y9 y8 g1 g2 wi"), cs("b1")],
        c("r3"),
        cs("g1 g2"),
        rules=rules,
        scores=[0, 470, 490, 10],
    )
    game.apply(Play(ANN, c("r5")))  # Ann goes out: Cy reaches 560
    view = game.view(ANN)
    assert speech.describe_scores(view).sentence() == (
        "Scores: you 0, Bob 479, Cy 560 (out), Dee 11. Reaching 500 points puts a player "
        "out; the last one left wins."
    )
    assert speech.describe_order(view).sentence() == (
        "Play goes to the left, clockwise: you, then Bob, then Dee."
    )
