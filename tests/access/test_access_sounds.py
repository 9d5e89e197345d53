"""Sound cues: every event kind has a sound, chosen per viewer, beside the words."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from pathlib import Path

import pytest

from uno_access.access import messages, sounds
from uno_access.access.render import Renderer
from uno_access.access.sounds import Cue, When
from uno_access.engine import events as ev
from uno_access.engine.actions import Draw
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, DrawReason, Refusal

NAMES = ("Ann", "Bob", "Cy")
ANN, BOB, CY = 0, 1, 2


def c(code: str) -> Card:
    return Card.from_code(code)


def event_kinds() -> list[type[object]]:
    """Every kind of event: the members of ``Event`` and every event class of the module."""
    kinds: list[type[object]] = list(typing.get_args(ev.Event))
    for _, value in inspect.getmembers(ev, inspect.isclass):
        if (
            dataclasses.is_dataclass(value)
            and value.__module__ == ev.__name__
            and value not in kinds
        ):
            kinds.append(value)
    return kinds


@pytest.mark.parametrize("kind", event_kinds(), ids=lambda kind: kind.__name__)
def test_every_event_kind_has_a_sound(kind: type[object]) -> None:
    assert kind in sounds.EVENT_CUES, f"{kind.__name__} has no sound cue"


def test_every_sound_has_its_meaning_in_words() -> None:
    assert set(messages.SOUND_MEANINGS) == {cue.value for cue in Cue}


def test_a_card_played_by_you_and_by_another_are_two_sounds() -> None:
    play = ev.CardPlayed(ANN, c("b7"), 4)
    assert sounds.cue_for(play, ANN) is Cue.PLAY_MINE
    assert sounds.cue_for(play, BOB) is Cue.PLAY_OTHER


@pytest.mark.parametrize(
    ("code", "cue"),
    [
        ("bsk", Cue.SKIP),
        ("grv", Cue.REVERSE),
        ("r+2", Cue.DRAW_TWO),
        ("wi", Cue.WILD),
        ("wi+4", Cue.WILD_DRAW_FOUR),
    ],
)
def test_an_action_card_has_its_own_sound_whoever_plays_it(code: str, cue: Cue) -> None:
    play = ev.CardPlayed(BOB, c(code), 4)
    assert sounds.cue_for(play, ANN) is cue
    assert sounds.cue_for(play, BOB) is cue


def test_a_jump_in_sounds_as_a_jump_in() -> None:
    assert sounds.cue_for(ev.CardPlayed(BOB, c("g6"), 3, jump_in=True), ANN) is Cue.JUMP_IN


def test_each_colour_chosen_has_its_own_sound() -> None:
    heard = {sounds.cue_for(ev.ColorChosen(ANN, color), BOB) for color in Color}
    assert len(heard) == 4


def test_one_card_drawn_and_several_are_two_sounds() -> None:
    assert sounds.cue_for(ev.CardsDrawn(ANN, 1, DrawReason.TURN), ANN) is Cue.DRAW_ONE
    assert sounds.cue_for(ev.CardsDrawn(ANN, 2, DrawReason.DRAW_TWO), ANN) is Cue.DRAW_MANY


def test_your_turn_and_another_players_turn_are_two_sounds() -> None:
    assert sounds.cue_for(ev.TurnStarted(ANN), ANN) is Cue.YOUR_TURN
    assert sounds.cue_for(ev.TurnStarted(BOB), ANN) is Cue.TURN_OTHER


def test_a_challenge_is_won_or_lost_for_the_viewer_in_it() -> None:
    guilty = ev.ChallengeResolved(ANN, BOB, guilty=True)  # Ann challenged Bob, rightly
    assert sounds.cue_for(guilty, ANN) is Cue.CHALLENGE_WON
    assert sounds.cue_for(guilty, BOB) is Cue.CHALLENGE_LOST
    innocent = ev.ChallengeResolved(ANN, BOB, guilty=False)
    assert sounds.cue_for(innocent, ANN) is Cue.CHALLENGE_LOST
    assert sounds.cue_for(innocent, BOB) is Cue.CHALLENGE_WON


def test_the_round_is_won_by_you_or_your_partner_and_lost_to_the_others() -> None:
    ended = ev.RoundEnded(BOB, (0, 0, 0, 0), (10, 0, 0, 0), (10, 0, 0, 0))
    assert sounds.cue_for(ended, BOB) is Cue.ROUND_WON
    assert sounds.cue_for(ended, ANN) is Cue.ROUND_LOST
    assert sounds.cue_for(ended, 3, teams=((0, 2), (1, 3))) is Cue.ROUND_WON


def test_uno_called_caught_a_refusal_and_the_game_over_each_sound() -> None:
    assert sounds.cue_for(ev.UnoCalled(ANN), BOB) is Cue.UNO_CALLED
    assert sounds.cue_for(ev.UnoCaught(BOB, ANN, 2), ANN) is Cue.UNO_CAUGHT
    refused = ev.Rejected(ANN, Draw(ANN), Refusal.NOT_YOUR_TURN)
    assert sounds.cue_for(refused, ANN) is Cue.REFUSAL
    assert sounds.cue_for(ev.GameEnded(ANN, (500, 0, 0)), BOB) is Cue.GAME_OVER


def test_the_message_carries_its_sound_beside_its_words() -> None:
    message = Renderer(ANN, NAMES).event(ev.UnoCalled(BOB))
    assert message is not None
    assert message.sound == "uno_called"
    assert message.text.strip() and message.speech.strip() and message.braille.strip()


def test_a_batch_plays_each_sound_once() -> None:
    """A Skip card and the player it skips are one sound, not two at once."""
    batch: list[ev.Event] = [
        ev.CardPlayed(ANN, c("bsk"), 4),
        ev.PlayerSkipped(BOB),
        ev.TurnStarted(CY),
    ]
    said = Renderer(ANN, NAMES).events(batch)
    heard = [message.sound for message in said if message.sound is not None]
    assert heard.count("skip") == 1
    assert all(message.text for message in said)  # every line is still said


def test_a_reverse_and_the_direction_it_changes_are_one_sound() -> None:
    batch: list[ev.Event] = [
        ev.CardPlayed(ANN, c("brv"), 4),
        ev.DirectionChanged(Direction.COUNTERCLOCKWISE),
    ]
    said = Renderer(ANN, NAMES).events(batch)
    assert [m.sound for m in said if m.sound is not None] == ["reverse"]


def test_a_sound_set_to_never_is_not_heard() -> None:
    assert not sounds.audible(Cue.PLAY_OTHER, {Cue.PLAY_OTHER: When.NEVER}, my_turn=False)


def test_a_sound_set_to_not_my_turn_is_heard_only_while_waiting() -> None:
    when = {Cue.PLAY_OTHER: When.NOT_MY_TURN}
    assert sounds.audible(Cue.PLAY_OTHER, when, my_turn=False)
    assert not sounds.audible(Cue.PLAY_OTHER, when, my_turn=True)


def test_every_sound_is_heard_always_by_default() -> None:
    assert all(sounds.audible(cue, {}, my_turn=True) for cue in Cue)


def test_sound_names_are_read_from_a_list_and_a_wrong_one_is_named() -> None:
    assert sounds.parse_cues("play_other, draw_one") == [Cue.PLAY_OTHER, Cue.DRAW_ONE]
    with pytest.raises(ValueError, match="beep"):
        sounds.parse_cues("play_other,beep")


def test_the_sound_cues_page_says_what_each_sound_means() -> None:
    """docs/sound-cues.md lists every sound with the meaning ``uno-access sounds`` says."""
    page = Path(__file__).resolve().parents[2] / "docs" / "sound-cues.md"
    said = page.read_text(encoding="utf-8")
    for cue in Cue:
        assert f"- `{cue.value}`: {messages.SOUND_MEANINGS[cue.value]}" in said
