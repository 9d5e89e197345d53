"""The braille lines that matter most put what matters in the first 20 cells (issue 13).

For every kind of event the engine makes (``engine/events.py``) and every answer the
game gives (the turn, the hand, a selection, whose turn, the scores, the card check,
the top card, the table line), the card codes and the name that matter are within the
first 20 cells of the braille line, through real liblouis, at every verbosity: a 20-cell
display shows them without panning. Key hints are never in braille, and the brief
verbosity is the tersest in speech and print too.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from uno_access.access import braille, messages, speech
from uno_access.access.message import Message, Verbosity
from uno_access.access.render import Renderer
from uno_access.engine import actions as act
from uno_access.engine import events as ev
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, DrawReason, Refusal
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import PlayerView

NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2
CELLS = 20
YOU = "You"


def c(code: str) -> Card:
    return Card.from_code(code)


def cells_of(item: str | Card) -> str:
    return braille.card_unicode(item) if isinstance(item, Card) else braille.to_unicode(item)


def assert_first_cells(message: Message, essentials: tuple[str | Card, ...]) -> None:
    """Each essential (a card's code, a name, a word) ends within the first 20 cells."""
    line = message.braille
    for item in essentials:
        dots = cells_of(item)
        at = line.find(dots)
        assert at >= 0, f"{item!r} is not in {braille.unicode_to_ascii(line)!r}"
        assert at + len(dots) <= CELLS, (
            f"{item!r} ends at cell {at + len(dots)} of {braille.unicode_to_ascii(line)!r}"
        )


# (event, viewer, what must be in the first 20 cells); every event kind at least once
EVENTS: list[tuple[ev.Event, int, tuple[str | Card, ...]]] = [
    (ev.Rejected(ANN, act.Play(ANN, c("b7")), Refusal.DOES_NOT_MATCH, c("b7")), ANN, (c("b7"),)),
    (ev.Rejected(ANN, act.Play(ANN, c("r5")), Refusal.NOT_IN_HAND, c("r5")), ANN, (c("r5"),)),
    (ev.Rejected(ANN, act.PlayDrawn(ANN), Refusal.DRAWN_NOT_PLAYABLE, c("g+2")), ANN, (c("g+2"),)),
    (
        ev.Rejected(ANN, act.Play(ANN, c("b7")), Refusal.ONLY_DRAWN_CARD, c("wi+4")),
        ANN,
        (c("wi+4"),),
    ),
    (ev.Rejected(ANN, act.Play(ANN, c("b7")), Refusal.MUST_PLAY_DRAWN, c("y+2")), ANN, (c("y+2"),)),
    (ev.Rejected(ANN, act.Play(ANN, c("wi")), Refusal.NEED_COLOR, c("wi+4")), ANN, (c("wi+4"),)),
    (
        ev.Rejected(ANN, act.JumpIn(ANN, c("b7")), Refusal.JUMP_IN_NOT_IDENTICAL, c("g+2")),
        ANN,
        (c("g+2"),),
    ),
    (
        ev.Rejected(ANN, act.Play(ANN, c("b7"), count=2), Refusal.NOT_ENOUGH_COPIES, c("b7")),
        ANN,
        (c("b7"),),
    ),
    (ev.Rejected(ANN, act.Draw(ANN), Refusal.NOT_YOUR_TURN), ANN, ("not",)),
    (ev.DealerDrew(BOB, c("y9")), ANN, ("Bob", c("y9"))),
    (ev.DealerChosen(CY), ANN, ("Cy",)),
    (ev.RoundStarted(2, CY), ANN, ("Cy",)),
    (ev.HandDealt(ANN, 7, (c("b7"), c("r5"), c("wi"))), ANN, (YOU, c("b7"))),
    (ev.HandDealt(BOB, 7), ANN, ("Bob",)),
    (ev.StartCardTurned(c("g+2")), ANN, (c("g+2"),)),
    (ev.StartCardReturned(c("wi+4")), ANN, (c("wi+4"),)),
    (ev.TurnStarted(BOB), ANN, ("Bob",)),
    (ev.TurnStarted(ANN), ANN, ("Your",)),
    (ev.CardPlayed(BOB, c("wi+4"), 1), ANN, ("Bob", c("wi+4"))),
    (ev.CardPlayed(ANN, c("y+2"), 0), ANN, (YOU, c("y+2"))),
    (ev.CardPlayed(BOB, c("g6"), 3, count=2), ANN, ("Bob", c("g6"))),
    (ev.CardPlayed(CY, c("rsk"), 3, jump_in=True), ANN, ("Cy", c("rsk"))),
    (ev.CardPlayed(CY, c("r5"), 1, straight=True), ANN, ("Cy", c("r5"))),
    (ev.ColorChosen(BOB, Color.YELLOW), ANN, ("Bob", "yellow")),
    (ev.CardsDrawn(BOB, 2, DrawReason.DRAW_TWO), ANN, ("Bob",)),
    (ev.CardsDrawn(ANN, 1, DrawReason.TURN, (c("wi+4"),)), ANN, (YOU, c("wi+4"))),
    (
        ev.CardsDrawn(ANN, 4, DrawReason.DRAW_FOUR, (c("b+2"), c("y6"), c("g1"), c("r0"))),
        ANN,
        (YOU, c("b+2")),
    ),
    (ev.CouldNotDraw(BOB), ANN, ("Bob",)),
    (ev.RoundBlocked(BOB), ANN, ("Blocked", "Bob")),
    (ev.SwapDeclined(BOB), ANN, ("Bob",)),
    (ev.OutPending(BOB), ANN, ("Bob",)),
    (ev.HandDiscarded(BOB, (c("r4"), c("rsk"))), ANN, ("Bob", c("r4"))),
    (ev.RouletteTurned(BOB, Color.BLUE, (c("r4"), c("b2"))), ANN, ("Bob",)),
    (ev.MercyKnockout(BOB, 26), ANN, ("Bob",)),
    (ev.HandsShuffled(BOB, (3, 2, 4)), ANN, ("Bob", "shuffles")),
    (ev.FalseCallPenalty(BOB, None, 2), ANN, ("Bob", "UNO")),
    (ev.FalseCallPenalty(BOB, ANN, 2), ANN, ("Bob", "catch")),
    (ev.DrawnCardKept(BOB), ANN, ("Bob",)),
    (ev.PlayerSkipped(CY), ANN, ("Cy",)),
    (ev.DirectionChanged(Direction.COUNTERCLOCKWISE), ANN, ("right",)),
    (ev.UnoCalled(BOB), ANN, ("Bob", "UNO")),
    (ev.UnoCaught(CY, BOB, 2), ANN, ("Bob", "Cy")),
    (ev.ChallengeMade(ANN, BOB), ANN, (YOU, "Bob")),
    (ev.HandShown(BOB, ANN, 3, (c("r5"), c("wi+4"), c("b+2"))), ANN, ("Bob", c("r5"))),
    (ev.HandShown(BOB, CY, 3), ANN, ("Bob", "Cy")),
    (ev.ChallengeResolved(ANN, BOB, True), ANN, ("Bob", "guilty")),  # the verdict first
    (ev.DrawAccepted(BOB, 4), ANN, ("Bob",)),
    (ev.Reshuffled(40), ANN, ("Reshuffled",)),
    (ev.RoundEnded(BOB, (5, 0, 30), (0, 35, 0), (10, 135, 0)), ANN, ("Bob",)),
    (ev.GameEnded(CY, (120, 80, 510)), ANN, ("Cy",)),
    (ev.CardCount(ANN, (5, 1, 7)), ANN, ("y5", "B1", "C7")),  # each after their initials
    (ev.TopCard(ANN, c("wi+4"), Color.YELLOW), ANN, (c("wi+4"), "yellow")),
    (ev.TopCard(ANN, c("g+2"), Color.GREEN), ANN, (c("g+2"),)),
    (ev.StackGrew(CY, 6), ANN, ("Cy",)),
    (ev.HandsPassed(Direction.CLOCKWISE), ANN, ("left",)),
    (ev.HandReceived(ANN, BOB, 3, (c("r5"), c("y0"), c("wi"))), ANN, (YOU, "Bob", c("r5"))),
    (ev.HandsSwapped(BOB, ANN, 3, 2, (), (c("g1"), c("wi"))), ANN, ("Bob", "you", c("g1"))),
    (ev.HandsSwapped(BOB, CY, 3, 2), ANN, ("Bob", "Cy")),
    (ev.AnniversaryPlayed(BOB, ANN, 2, (c("g1"), c("wi"))), ANN, ("Bob", c("an"), c("g1"))),
    (ev.WrongCardPenalty(BOB, c("y+2")), ANN, ("Bob", c("y+2"))),
    (ev.WrongCardPenalty(BOB, c("y5"), True), ANN, ("Bob", c("y5"))),
    (ev.SuggestionPenalty(CY), ANN, ("Cy",)),
    (ev.PlayerEliminated(BOB, 512), ANN, ("Bob",)),
]


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_a_draw_that_loses_the_turn_puts_the_cards_first_too(verbosity: Verbosity) -> None:
    drawn = ev.CardsDrawn(ANN, 2, DrawReason.DRAW_TWO, (c("wi+4"), c("b+2")))
    told = Renderer(ANN, NAMES, verbosity=verbosity).events([drawn, ev.PlayerSkipped(ANN)])
    assert len(told) == 1  # one line: the draw and the lost turn
    assert_first_cells(told[0], (YOU, c("b+2")))  # the first card (deck order) at once


def test_the_cases_cover_every_kind_of_event_of_the_engine() -> None:
    kinds = set(typing.get_args(ev.Event))
    assert {type(event) for event, _, _ in EVENTS} == kinds


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize(("event", "viewer", "essentials"), EVENTS)
def test_every_event_puts_its_cards_and_names_in_the_first_20_cells(
    event: ev.Event, viewer: int, essentials: tuple[str | Card, ...], verbosity: Verbosity
) -> None:
    message = Renderer(viewer, NAMES, verbosity=verbosity).event(event)
    assert message is not None
    assert_first_cells(message, essentials)


def view(hand: str = "b7 r5 wi+4 g+2 y0 brv ysk g2 b1", top: str = "b3") -> Game:
    game = Game.from_position(
        NAMES, [[c(x) for x in hand.split()], [c("g1")] * 3, [c("y1")] * 4], c(top),
        [c("y3")] * 10, dealer=CY, seed=1,
    )  # fmt: skip
    return game


def table_view(top: str, color: Color | None = None, seat: int = ANN) -> PlayerView:
    """A view with ``top`` on the DISCARD pile (a Wild too, with its colour)."""
    return dataclasses.replace(view().view(seat), top=c(top), color=color)


HINT = messages.KEYED.turn
WD4 = c("wi+4")


def answer(renderer: Renderer, event: ev.Event) -> Message:
    said = renderer.event(event)
    assert said is not None
    return said


def turn(top: str, color: Color | None = None, hint: str = HINT) -> speech.Line:
    return speech.describe_turn(table_view(top, color), hint)


ANSWERS: list[tuple[str, typing.Callable[[Renderer], Message], tuple[str | Card, ...]]] = [
    ("your turn", lambda r: r.line(turn("y0")), ("Your", c("y0"))),
    (
        "your turn after a Wild",
        lambda r: r.line(turn("wi", Color.YELLOW)),
        ("Turn", "yellow", c("wi")),
    ),
    (
        "your turn after a Wild Draw Four",
        lambda r: r.line(turn("wi+4", Color.YELLOW)),
        ("Turn", "yellow", WD4),  # the colour to match and the code, with the longest colour
    ),
    (
        "a Wild Draw Four on you",
        lambda r: r.line(
            speech.Line.of(
                messages.your_turn_challenge,
                messages.Who("Bob", False),
                4,
                False,
                None,
                messages.KEYED,
            )
        ),
        ("Bob", WD4),
    ),
    (
        "a stack on you",
        lambda r: r.line(
            speech.Line.of(messages.you_owe, 6, c("r+2"), None, False, messages.KEYED)
        ),
        (YOU, "6", c("r+2")),
    ),
    (
        "a drawn card to play or keep",
        lambda r: r.line(speech.Line.of(messages.drawn_playable, c("wi+4"), messages.KEYED)),
        (WD4,),
    ),
    (
        "a drawn card to play",
        lambda r: r.line(speech.Line.of(messages.drawn_must_play, c("g+2"), messages.KEYED)),
        (c("g+2"),),
    ),
    (
        "a drawn Anniversary card",
        lambda r: r.line(speech.Line.of(messages.drawn_anniversary, messages.KEYED)),
        (c("an"),),
    ),
    (
        "the hand (L)",
        lambda r: r.hand([c("b7"), c("r5"), WD4, c("g+2")], [c("b7")]),
        (c("b7"), c("r5"), WD4),
    ),
    ("a selection", lambda r: r.selected(c("g2"), 4, 9, True), (c("g2"), "4/9", "can")),
    ("a selection at the end", lambda r: r.selected(WD4, 12, 13, False, "last"), (WD4, "12/13")),
    (
        "a bluff Wild Draw Four selected",
        lambda r: r.line(
            speech.Line.of(messages.card_at, WD4, 4, 9, True, None, Color.GREEN), on_hand=True
        ),
        (WD4, "bluff", "4/9"),
    ),
    (
        "a bluff Wild Draw Four selected last",
        lambda r: r.line(
            speech.Line.of(messages.card_at, WD4, 12, 13, True, "last", Color.YELLOW), on_hand=True
        ),
        (WD4, "bluff"),
    ),
    (
        "the hand (L) with a bluff",
        lambda r: r.line(
            speech.Line.of(
                messages.hand_answer, [c("b7"), WD4], 2, [c("b7"), WD4], messages.KEYED, Color.BLUE
            )
        ),
        (c("b7"), WD4),
    ),
    ("whose turn (W)", lambda r: r.order(view().view(BOB)), ("Ann", "turn")),
    ("the scores", lambda r: r.scores(view().view(ANN)), (YOU, "Bob")),
    ("the card check (C)", lambda r: answer(r, ev.CardCount(ANN, (9, 3, 4))), ("y9", "B3", "C4")),
    (
        "the top card (T)",
        lambda r: answer(r, ev.TopCard(ANN, c("wi"), Color.GREEN)),
        (c("wi"), "green"),
    ),
    (
        "the table line",
        lambda r: r.table_line(table_view("wi+4", Color.YELLOW)),
        (WD4, "yellow", "B3"),  # then the others' counts (the viewer's is the hand line)
    ),
]


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize(
    ("what", "answer", "essentials"), ANSWERS, ids=[what for what, _, _ in ANSWERS]
)
def test_every_answer_puts_its_cards_and_names_in_the_first_20_cells(
    what: str,
    answer: typing.Callable[[Renderer], Message],
    essentials: tuple[str | Card, ...],
    verbosity: Verbosity,
) -> None:
    renderer = Renderer(ANN, NAMES, RuleSet(), verbosity=verbosity)
    assert_first_cells(answer(renderer), essentials)


def test_your_turn_in_braille_is_the_top_card_code_after_your_turn() -> None:
    renderer = Renderer(ANN, NAMES)
    assert (
        braille.ascii_to_brf(braille.unicode_to_ascii(renderer.line(turn("y0")).braille))
        == ",YR TURN4 Y#J"
    )
    assert (
        braille.ascii_to_brf(
            braille.unicode_to_ascii(renderer.line(turn("wi", Color.GREEN)).braille)
        )
        == ",TURN3 GRE5 WI"
    )


def test_a_selection_in_braille_is_its_code_its_place_and_whether_it_plays() -> None:
    message = Renderer(ANN, NAMES).selected(c("g2"), 4, 9, True)
    assert braille.ascii_to_brf(braille.unicode_to_ascii(message.braille)) == "G#B #D_/#I C PLAY"
    assert message.text == "Green 2, 4 of 9, can be played."
    assert message.on_hand


def test_key_hints_are_never_in_braille_but_are_said_and_printed() -> None:
    renderer = Renderer(ANN, NAMES)
    hinted, plain = renderer.line(turn("y0")), renderer.line(turn("y0", hint=""))
    assert hinted.braille == plain.braille
    assert HINT in hinted.text and HINT not in plain.text


def test_normal_speech_and_print_say_no_card_codes() -> None:
    message = Renderer(ANN, NAMES).line(turn("r9", hint=""))
    assert message.text == "Your turn. Top card: Red 9. You hold 9 cards."
    assert message.speech == message.text  # not "Red 9, r 9"
    full = Renderer(ANN, NAMES, verbosity=Verbosity.FULL).line(turn("r9", hint=""))
    assert full.text == "Your turn. Top card: Red 9 (r9). You hold 9 cards."


def test_brief_is_your_turn_and_the_top_card() -> None:
    brief = Renderer(ANN, NAMES, verbosity=Verbosity.BRIEF)
    assert brief.line(turn("g7")).text == "Your turn, Green 7."
    assert brief.line(turn("wi", Color.RED)).text == "Your turn, Wild, Red."


@pytest.mark.parametrize(("event", "viewer", "essentials"), EVENTS)
def test_brief_is_the_tersest_in_speech_and_print_for_every_event(
    event: ev.Event, viewer: int, essentials: tuple[str | Card, ...]
) -> None:
    said = {v: Renderer(viewer, NAMES, verbosity=v).event(event) for v in Verbosity}
    brief, normal = said[Verbosity.BRIEF], said[Verbosity.NORMAL]
    assert brief is not None and normal is not None
    assert len(brief.text) <= len(normal.text)
    assert len(brief.speech) <= len(normal.speech)


@pytest.mark.parametrize(
    ("what", "answer", "essentials"), ANSWERS, ids=[what for what, _, _ in ANSWERS]
)
def test_brief_is_the_tersest_in_speech_and_print_for_every_answer(
    what: str,
    answer: typing.Callable[[Renderer], Message],
    essentials: tuple[str | Card, ...],
) -> None:
    brief = answer(Renderer(ANN, NAMES, RuleSet(), verbosity=Verbosity.BRIEF))
    normal = answer(Renderer(ANN, NAMES, RuleSet()))
    assert len(brief.text) <= len(normal.text)
    assert len(brief.speech) <= len(normal.speech)
