"""Sounds in a game: beside every line, never instead; Z switches them, and it is kept.

The game is real (pipe input, the table, the renderer, the mixer and a miniaudio stream);
only the loudspeaker is stood in for, by miniaudio's null backend.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from uno_access import settings as settings_file
from uno_access.access import messages
from uno_access.access.message import Message
from uno_access.access.sounds import Cue, When
from uno_access.devices.base import Notices
from uno_access.devices.sound import STAND_IN, PlayingVoice, SoundDevice, SoundSettings
from uno_access.engine.rules import RuleSet
from uno_access.seat.outputs import Outputs
from uno_access.ui.keys import key_help_lines
from uno_access.ui.play import run
from uno_access.ui.profile import Session
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


class HeardDevice(SoundDevice):
    """The real sound device on the stand-in stream, noting each sound it starts."""

    def __init__(self, enabled: bool = True) -> None:
        super().__init__(SoundSettings(enabled, volume=1.0), backend=STAND_IN)
        self.heard: list[str] = []

    def play(self, name: str) -> PlayingVoice | None:
        voice = super().play(name)
        if voice is not None:
            self.heard.append(name)
        return voice


def played(
    keys: str, when: Mapping[Cue, When] | None = None, enabled: bool = True
) -> tuple[list[str], HeardDevice, list[Message]]:
    """A game against one bot with sounds on: the lines, the sounds, the messages."""
    said: list[str] = []
    shown: list[Message] = []
    device = HeardDevice(enabled)
    assert device.start()

    class Watching(Outputs):
        def show(self, message: Message, speak: bool = True, follow: bool = True) -> None:
            shown.append(message)
            super().show(message, speak, follow)

    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        screen = Screen(said.append)
        outputs = Watching(screen.say, sounds=device, sound_when=when)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        session = Session(keyboard, screen, outputs, Notices())
        try:
            run(2, ["normal"], RuleSet(), 7, None, session=session)
        finally:
            device.close()
    return said, device, shown


def test_your_turn_sounds_beside_its_line() -> None:
    said, device, shown = played("t")
    assert "your_turn" in device.heard
    turn = next(m for m in shown if m.sound == "your_turn")
    assert turn.text.startswith("Your turn") and turn.text in said


def test_a_sound_is_never_without_its_words() -> None:
    said, _, shown = played("tcdkt")
    with_sound = [m for m in shown if m.sound is not None]
    assert with_sound
    assert all(m.text and m.text in said and m.speech for m in with_sound)


def test_a_refusal_sounds_as_not_allowed() -> None:
    _, device, shown = played("k")  # keep, with nothing drawn
    assert "refusal" in device.heard
    assert any(m.sound == "refusal" and m.text for m in shown)


def test_a_sound_set_to_never_is_not_played_but_its_line_is_said() -> None:
    said, device, _ = played("t", {Cue.YOUR_TURN: When.NEVER})
    assert "your_turn" not in device.heard
    assert any(line.startswith("Your turn") for line in said)


def test_a_sound_for_the_others_turns_only_is_not_played_on_yours() -> None:
    _, device, _ = played("t", {Cue.YOUR_TURN: When.NOT_MY_TURN, Cue.ANSWER: When.NOT_MY_TURN})
    assert "your_turn" not in device.heard and "answer" not in device.heard


def test_z_switches_sounds_off_and_on_said_in_words_and_kept_in_the_settings() -> None:
    said, device, _ = played("zt")
    assert messages.SOUNDS_OFF in said
    assert "answer" not in device.heard  # T's answer after Z: no sound, its line said
    assert any(line for line in said[said.index(messages.SOUNDS_OFF) + 1 :])
    assert settings_file.load()[0].sounds is False
    said, device, _ = played("nz", enabled=settings_file.load()[0].sounds)  # a new game
    assert messages.SOUNDS_ON in said
    assert settings_file.load()[0].sounds is True


def test_z_without_sounds_says_there_are_none(tmp_path: Path) -> None:
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("z")
        pipe.close()
        screen = Screen(said.append)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        session = Session(keyboard, screen, Outputs(screen.say), Notices())
        run(2, ["normal"], RuleSet(), 7, None, session=session)
    assert messages.SOUNDS_NONE in said


def test_f1_help_names_the_sounds_key() -> None:
    assert any(line.startswith("Z or F4") and "sound" in line for line in key_help_lines())


@pytest.mark.parametrize("value", ["on", "off"])
def test_typed_sounds_on_or_off_switches_them_for_this_game(value: str) -> None:
    said, device, _ = played(f"/sounds {value}\rt")
    assert messages.sounds_switched(value == "on") in said
    assert ("answer" in device.heard) is (value == "on")


def test_without_a_sound_device_the_game_says_so_once_and_goes_on() -> None:
    said: list[str] = []
    notices = Notices()
    device = SoundDevice(notices=notices, backend="jack")  # no JACK server here
    device.start_soon().join(10.0)
    with create_pipe_input() as pipe:
        pipe.send_text("tctdk")
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, sounds=device)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        run(2, ["normal"], RuleSet(), 7, None, session=Session(keyboard, screen, outputs, notices))
    told = [line for line in said if line == messages.SOUND_UNAVAILABLE]
    assert len(told) == 1
    assert said.index(told[0]) < len(said) - 3  # and the game went on after it
    assert any(line.startswith("You draw") for line in said)


def test_a_resumed_game_tells_its_moves_again_without_their_sounds() -> None:
    _, first, _ = played("d")  # a draw, the bot's moves, then the input closes
    assert "draw_one" in first.heard and "draw_two" in first.heard
    said, device, _ = played("y")  # resumed: the moves since the draw told again
    before = said.index(messages.RESUMED_END)
    assert any(line.startswith("You draw") for line in said[:before])
    assert device.heard == ["your_turn"]  # only the turn it resumes on


def test_sounds_off_from_the_start_open_their_stream_when_z_switches_them_on() -> None:
    said: list[str] = []
    device = SoundDevice(SoundSettings(False), backend=STAND_IN)  # not started: sounds off
    with create_pipe_input() as pipe:
        pipe.send_text("zt")
        pipe.close()
        screen = Screen(said.append)
        outputs = Outputs(screen.say, sounds=device)
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        try:
            run(
                2,
                ["normal"],
                RuleSet(),
                7,
                None,
                session=Session(keyboard, screen, outputs, Notices()),
            )
            assert device.enabled  # (the game closed the stream at its end)
        finally:
            device.close()
    assert messages.SOUNDS_ON in said
