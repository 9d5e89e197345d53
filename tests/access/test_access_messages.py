"""Every event in its three renderings, for the player concerned and for an onlooker
(DESIGN.md principles 4-6): speech, braille with the deck's corner codes, and the visual
line; none empty, none revealing a card the viewer may not see.

Seats: Ann 0, Bob 1, Cy 2. Ann acts in every sample; Cy looks on. The hidden cards are
Yellow 9 and Green 8, which nothing else in the samples names.
"""

from __future__ import annotations

from typing import get_args

import pytest

from uno_access.access import braille, messages, visual
from uno_access.access.braille import BrailleTable
from uno_access.access.message import Message, Priority, Verbosity
from uno_access.access.render import Renderer, parts_text
from uno_access.engine import events as ev
from uno_access.engine.actions import CallUno
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, DrawReason, Event, Refusal

NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2
HIDDEN = (Card.from_code("y9"), Card.from_code("g8"))


def c(code: str) -> Card:
    return Card.from_code(code)


# one of each kind of event; Ann (seat 0) is the player concerned
SAMPLES: list[Event] = [
    ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW),
    ev.DealerDrew(ANN, c("g7")),
    ev.DealerChosen(ANN),
    ev.RoundStarted(1, ANN),
    ev.HandDealt(ANN, 2, HIDDEN),
    ev.StartCardTurned(c("b5")),
    ev.StartCardReturned(c("wi+4")),
    ev.TurnStarted(ANN),
    ev.CardPlayed(ANN, c("b7"), 1),
    ev.CardPlayed(ANN, c("b8"), 0, straight=True),
    ev.ColorChosen(ANN, Color.RED),
    ev.CardsDrawn(ANN, 2, DrawReason.TURN, HIDDEN),
    ev.CouldNotDraw(ANN),
    ev.RoundBlocked(ANN),
    ev.SwapDeclined(ANN),
    ev.OutPending(ANN),
    ev.HandDiscarded(ANN, (c("r4"), c("rsk"))),
    ev.RouletteTurned(ANN, Color.BLUE, (c("r4"), c("g2"), c("b2"))),
    ev.MercyKnockout(ANN, 25),
    ev.HandsShuffled(ANN, (3, 2, 4)),
    ev.FalseCallPenalty(ANN, None, 2),
    ev.WrongCardPenalty(ANN, c("b5"), True),
    ev.FalseCallPenalty(ANN, BOB, 2),
    ev.DrawnCardKept(ANN),
    ev.PlayerSkipped(ANN),
    ev.DirectionChanged(Direction.COUNTERCLOCKWISE),
    ev.UnoCalled(ANN),
    ev.UnoCaught(BOB, ANN, 2),
    ev.ChallengeMade(ANN, BOB),
    ev.HandShown(BOB, ANN, 2, HIDDEN),
    ev.ChallengeResolved(ANN, BOB, True),
    ev.DrawAccepted(ANN),
    ev.Reshuffled(40),
    ev.RoundEnded(ANN, (0, 50, 7), (57, 0, 0), (57, 0, 0)),
    ev.GameEnded(ANN, (512, 100, 3)),
    ev.CardCount(ANN, (5, 3, 1)),
    ev.TopCard(ANN, c("wi+4"), Color.RED),
    ev.StackGrew(ANN, 4),
    ev.HandsPassed(Direction.CLOCKWISE),
    ev.HandReceived(ANN, CY, 2, HIDDEN),
    ev.HandsSwapped(ANN, BOB, 2, 3, HIDDEN, (c("r1"), c("b2"), c("g3"))),
    ev.AnniversaryPlayed(BOB, ANN, 2, HIDDEN),
    ev.WrongCardPenalty(ANN, c("r5")),
    ev.SuggestionPenalty(ANN),
    ev.PlayerEliminated(ANN, 512),
]
# an answer to a query and a refusal go to the player who asked or acted, and no one else
PRIVATE = (ev.Rejected, ev.CardCount, ev.TopCard)
# events whose hidden cards Ann may see: her own, or shown or given to her
ANN_SEES_HIDDEN = (
    ev.HandDealt,
    ev.CardsDrawn,
    ev.HandShown,
    ev.HandReceived,
    ev.HandsSwapped,
    ev.AnniversaryPlayed,
)
IDS = [type(event).__name__ for event in SAMPLES]


def renderings(message: Message) -> list[str]:
    return [
        message.speech,
        message.text,
        braille.unicode_to_ascii(message.braille),
        visual.render_text(visual.styled_line(message.text)),
    ]


def test_the_samples_hold_every_kind_of_event() -> None:
    assert {type(event) for event in SAMPLES} == set(get_args(Event))


@pytest.mark.parametrize("verbosity", list(Verbosity), ids=[v.value for v in Verbosity])
@pytest.mark.parametrize("event", SAMPLES, ids=IDS)
def test_every_event_has_speech_braille_and_visual_for_the_player_and_an_onlooker(
    event: Event, verbosity: Verbosity
) -> None:
    for viewer in (ANN, CY):
        message = Renderer(viewer, NAMES, verbosity=verbosity).event(event)
        if viewer == CY and isinstance(event, PRIVATE):
            assert message is None
            continue
        assert message is not None
        assert all(form.strip() for form in renderings(message))
        assert "\n" not in message.text and "\n" not in message.speech
        assert set(message.braille) <= {chr(code) for code in range(0x2800, 0x2900)}


@pytest.mark.parametrize("verbosity", list(Verbosity), ids=[v.value for v in Verbosity])
@pytest.mark.parametrize("event", SAMPLES, ids=IDS)
def test_no_rendering_reveals_a_card_the_viewer_may_not_see(
    event: Event, verbosity: Verbosity
) -> None:
    hidden_names = [messages.card_name(card) for card in HIDDEN]
    hidden_codes = [card.code for card in HIDDEN]
    hidden_braille = [braille.card_ascii(card) for card in HIDDEN]
    onlooker = Renderer(CY, NAMES, verbosity=verbosity).event(event)
    if onlooker is not None:
        text = " ".join(renderings(onlooker))
        for secret in (*hidden_names, *hidden_codes, *hidden_braille):
            assert secret not in text
    ann = Renderer(ANN, NAMES, verbosity=verbosity).event(event)
    assert ann is not None
    if isinstance(event, ANN_SEES_HIDDEN):  # the check above could fail: Ann does see them
        assert all(code in braille.unicode_to_ascii(ann.braille) for code in hidden_braille)
        assert all(name in ann.speech or name in ann.text for name in hidden_names)


def test_a_challenged_hand_is_shown_to_the_challenger_alone() -> None:
    shown = ev.HandShown(BOB, ANN, 2, HIDDEN)
    assert Renderer(ANN, NAMES).event(shown) == Message(
        "Bob shows you 2 cards: Green 8, Yellow 9.",
        braille.render(("Bob's hand: ", c("g8"), " ", c("y9"))),
        "Bob shows you 2 cards: Green 8, Yellow 9.",
        sound="answer",
    )
    for viewer, said in ((BOB, "You show Ann 2 cards."), (CY, "Bob shows Ann 2 cards.")):
        message = Renderer(viewer, NAMES).event(shown)
        assert message is not None and message.text == said


def test_others_hear_that_a_card_was_drawn_never_which() -> None:
    drawn = ev.CardsDrawn(ANN, 1, DrawReason.TURN, (c("y9"),))
    ann, cy = (Renderer(seat, NAMES).event(drawn) for seat in (ANN, CY))
    assert ann is not None and ann.text == "You draw Yellow 9."
    assert braille.unicode_to_ascii(ann.braille) == ",y draw y#i"
    assert cy is not None and cy.text == "Ann draws a card."
    assert braille.unicode_to_ascii(cy.braille) == ",ann draws #a"


# ------------------------------------------------------------------ the wording for one viewer


def test_you_play_for_yourself_and_the_name_for_the_others() -> None:
    play = ev.CardPlayed(ANN, c("b7"), 4)
    assert Renderer(ANN, NAMES).event(play) == Message(
        "You play Blue 7.",
        braille.to_unicode("You: ") + braille.card_unicode(c("b7")),
        "You play Blue 7.",
        sound="play_mine",
    )
    bob = Renderer(BOB, NAMES).event(play)
    assert bob is not None and bob.text == "Ann plays Blue 7."
    assert bob.sound == "play_other"


@pytest.mark.parametrize(
    ("verbosity", "text", "speech"),
    [
        (Verbosity.BRIEF, "Ann: Wild Draw Four", "Ann: Wild Draw Four"),
        (Verbosity.NORMAL, "Ann plays Wild Draw Four.", "Ann plays Wild Draw Four."),
        (
            Verbosity.FULL,
            "Ann plays Wild Draw Four (wi+4).",
            "Ann plays Wild Draw Four, w i plus 4.",
        ),
    ],
)
def test_three_verbosity_levels_say_a_play(verbosity: Verbosity, text: str, speech: str) -> None:
    message = Renderer(BOB, NAMES, verbosity=verbosity).event(ev.CardPlayed(ANN, c("wi+4"), 5))
    assert message is not None
    assert (message.text, message.speech) == (text, speech)
    assert braille.unicode_to_ascii(message.braille) == ',ann3 wi"6#d'  # the same at every level


def test_the_card_check_names_every_count_yours_too() -> None:
    message = Renderer(CY, NAMES).event(ev.CardCount(CY, (5, 1, 7)))
    assert message is not None
    assert message.speech == "Card check: Ann 5 cards, Bob 1 card, you 7 cards."
    assert braille.unicode_to_ascii(message.braille) == ",a#e ,b#a y#g"  # initials, then you
    assert message.priority is Priority.URGENT


def test_touching_the_top_card_says_the_card_and_the_colour_of_a_wild_its_code_in_braille() -> None:
    top = Renderer(ANN, NAMES).event(ev.TopCard(ANN, c("b7"), Color.BLUE))
    assert top is not None and top.speech == "Top card: Blue 7."  # no "b 7" at normal
    assert top.text == "Top card: Blue 7."  # nor "(b7)", read as "left paren b7 right paren"
    assert braille.unicode_to_ascii(top.braille) == ",top b#g"
    wild = Renderer(ANN, NAMES).event(ev.TopCard(ANN, c("wi"), Color.RED))
    assert wild is not None and wild.speech == "Top card: Wild, colour in play Red."
    assert braille.unicode_to_ascii(wild.braille) == ",top wi r$"
    full = Renderer(ANN, NAMES, verbosity=Verbosity.FULL).event(ev.TopCard(ANN, c("wi"), None))
    assert full is not None and full.speech == "Top card: Wild, w i, no colour chosen yet."


def test_the_calls_the_braille_rule_sheet_asks_for() -> None:
    said = [
        Renderer(BOB, NAMES).event(event)
        for event in (
            ev.CardPlayed(ANN, c("g9"), 3),
            ev.UnoCalled(ANN),
            ev.CardsDrawn(ANN, 1, DrawReason.TURN, (c("y2"),)),
        )
    ]
    assert [m.speech for m in said if m] == [
        "Ann plays Green 9.",
        "Ann calls UNO!",
        "Ann draws a card.",
    ]


def test_your_turn_an_error_and_being_caught_are_urgent_the_rest_waits() -> None:
    me = Renderer(ANN, NAMES)
    urgent: list[Event] = [
        ev.TurnStarted(ANN),
        ev.UnoCaught(BOB, ANN, 2),
        ev.Rejected(ANN, CallUno(ANN), Refusal.UNO_NOT_NOW),
    ]
    calm: list[Event] = [
        ev.TurnStarted(BOB),
        ev.UnoCaught(ANN, BOB, 2),
        ev.CardPlayed(BOB, c("b1"), 3),
    ]
    assert [me.priority(e) for e in urgent] == [Priority.URGENT] * 3
    assert [me.priority(e) for e in calm] == [Priority.NORMAL] * 3


# ------------------------------------------------------------------ braille: tersest first


@pytest.mark.parametrize("event", SAMPLES, ids=IDS)
def test_braille_is_never_longer_than_the_spoken_sentence(event: Event) -> None:
    message = Renderer(ANN, NAMES).event(event)
    assert message is not None
    assert len(message.braille) <= len(message.text)


@pytest.mark.parametrize(
    ("event", "first_cells", "whole"),
    [
        (ev.CardPlayed(BOB, c("b7"), 4), ",bob3 b#g", ",bob3 b#g"),
        (ev.CardPlayed(BOB, c("wi+4"), 1), ',bob3 wi"6#d', ',bob3 wi"6#d1 #a left'),
        (ev.CardPlayed(BOB, c("g+2"), 0), ',bob3 g"6#b', ',bob3 g"6#b1 |'),  # "out" is one cell
        (ev.CardsDrawn(BOB, 2, DrawReason.DRAW_TWO), ",bob draws #b", ",bob draws #b"),
        (ev.UnoCalled(BOB), ",bob3 ,,uno6", ",bob3 ,,uno6"),
        (ev.ColorChosen(BOB, Color.GREEN), ",bob3 gre5", ",bob3 gre5"),
    ],
)
def test_who_and_which_card_come_within_the_first_cells(
    event: Event, first_cells: str, whole: str
) -> None:
    message = Renderer(CY, NAMES).event(event)
    assert message is not None
    assert braille.unicode_to_ascii(message.braille) == whole
    assert whole.startswith(first_cells)
    assert len(first_cells) <= 14  # even a 14-cell display shows who and which card


def test_a_list_of_cards_is_spaced_in_braille_and_spoken_with_commas() -> None:
    parts = messages.brief(messages.hand_dealt, ([c("b1"), c("wi")], 2))
    assert parts_text(parts) == "You get 2: Blue 1, Wild"
    assert braille.render_ascii(parts) == ",y get #b3 b#a wi"


@pytest.mark.parametrize(
    ("table", "brl"),
    [
        (BrailleTable.UEB2, ",ann3 b#g1 #a left"),
        (BrailleTable.UEB1, ",ann3 b#g1 #a left"),
        (BrailleTable.COMPUTER, "Ann: b7, 1 left"),
    ],
)
def test_the_braille_table_is_a_setting(table: BrailleTable, brl: str) -> None:
    message = Renderer(CY, NAMES, table=table).event(ev.CardPlayed(ANN, c("b7"), 1))
    assert message is not None
    assert (
        braille.render_ascii(
            messages.brief(messages.card_played, (messages.Who("Ann", False), c("b7"), 1)), table
        )
        == brl
    )
    assert message.braille == braille.render(
        messages.brief(messages.card_played, (messages.Who("Ann", False), c("b7"), 1)), table
    )


def test_a_grade_2_sentence_uses_contractions_and_grade_1_does_not() -> None:
    assert braille.to_ascii("Ann has one card left.", BrailleTable.UEB2) == (
        ',ann has "o c>d left4'
    )
    assert braille.to_ascii("Ann has one card left.", BrailleTable.UEB1) == (
        ",ann has one card left4"
    )
