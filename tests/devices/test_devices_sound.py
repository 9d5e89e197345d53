"""Sound cues on one stream kept open: the assets, the mixer, and sounds beside speech.

The physical device is the only stand-in: miniaudio's null backend pulls the same
stream, at the same pace, from its own thread, to no speaker. The mixer records what it
hands to the device, which is what a speaker would play.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from array import array
from pathlib import Path

import pytest

from uno_access.access import sounds
from uno_access.access.message import Message, Priority
from uno_access.access.sounds import Cue
from uno_access.devices import doctor
from uno_access.devices.base import Notices
from uno_access.devices.mixer import RATE, Mixer
from uno_access.devices.sound import ASSETS, STAND_IN, SoundDevice, SoundSettings, decode
from uno_access.devices.speech import Speaker, SpeechSettings, _Through, stand_in_player

ROOT = Path(__file__).resolve().parents[2]


def stand_in_device(notices: Notices | None = None, separate: bool = False) -> SoundDevice:
    """The real device on miniaudio's null backend, its mixer keeping each block's peak;
    ``separate``: the mixer in its process of its own, as the game plays it."""
    device = SoundDevice(
        SoundSettings(volume=1.0),
        notices=notices,
        backend=STAND_IN,
        separate=separate,
        record=True,
    )
    assert device.start()
    return device


BOTH = pytest.mark.parametrize("separate", [False, True], ids=["in-process", "sound-process"])


# ----------------------------------------------------------------- the assets


def test_every_sound_has_its_file_and_every_file_is_a_sound() -> None:
    assert {path.stem for path in ASSETS.glob("*.wav")} == {cue.value for cue in Cue}


@pytest.mark.parametrize("cue", list(Cue), ids=lambda cue: cue.value)
def test_each_sound_decodes_is_shorter_than_its_limit_and_is_not_silent(cue: Cue) -> None:
    samples = decode(ASSETS / f"{cue.value}.wav")
    ms = 1000 * len(samples) / RATE
    assert 30 < ms <= sounds.limit_ms(cue)
    peak = max(abs(s) for s in samples)
    rms = (sum(s * s for s in samples) / len(samples)) ** 0.5
    assert peak > 10000 and rms > 1000


def test_most_sounds_are_under_300_ms() -> None:
    long = [cue for cue in Cue if sounds.limit_ms(cue) > sounds.DEFAULT_LIMIT_MS]
    assert len(long) < len(Cue) / 4


def test_no_two_sounds_are_the_same() -> None:
    made = {(ASSETS / f"{cue.value}.wav").read_bytes() for cue in Cue}
    assert len(made) == len(Cue)


def test_the_script_remakes_every_sound_byte_for_byte() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_sounds.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# ----------------------------------------------------------------- the mixer


def test_two_sounds_at_once_are_summed_not_queued() -> None:
    mixer = Mixer()
    mixer.play(array("h", [1000] * 100))
    mixer.play(array("h", [200] * 50))
    block = mixer.pull(80)
    assert list(block[:50]) == [1200] * 50 and list(block[50:]) == [1000] * 30


def test_the_mix_is_clipped_at_full_scale_never_wrapped_round() -> None:
    mixer = Mixer()
    for _ in range(3):
        mixer.play(array("h", [30000, -30000]))
    assert list(mixer.pull(2)) == [32767, -32768]


def test_a_finished_sound_is_done_and_the_mix_is_silent_again() -> None:
    mixer = Mixer()
    voice = mixer.play(array("h", [500] * 10))
    mixer.pull(16)
    assert voice.done.is_set() and mixer.active == 0
    assert list(mixer.pull(4)) == [0, 0, 0, 0]


# ----------------------------------------------------------------- the stream


def test_a_sound_reaches_the_output_stream_within_a_few_periods() -> None:
    device = stand_in_device()
    try:
        voice = device.play("your_turn")
        assert voice is not None and voice.done.wait(2.0)
        assert voice.first_out is not None and voice.first_out - voice.queued < 0.05
        heard = [peak for t, peak in device.blocks() if t >= voice.first_out]
        assert any(peak > 5000 for peak in heard)
    finally:
        device.close()


@BOTH
def test_a_sound_reaches_the_output_while_a_long_speech_is_playing(separate: bool) -> None:
    """Mixing, not queueing: speech through the same stream, the sound on top of it."""
    device = stand_in_device(separate=separate)
    started = threading.Event()
    speaker = Speaker(
        SpeechSettings(rate=200),
        sink=device,
        on_event=lambda what, text: started.set() if what == "started" else None,
    )
    assert speaker.start()
    try:
        speaker.say("Bob plays a Wild Draw Four and chooses green. " * 4)
        assert started.wait(15.0)
        time.sleep(0.2)  # the speech is well under way
        saying = speaker._saying
        assert isinstance(saying, _Through)  # through the stream, not a player process
        speech = saying.voice
        assert not speech.done.is_set()
        cue = device.play("uno_called")
        assert cue is not None and cue.done.wait(2.0)
        # mixed, not queued behind the speech (seconds of it still to come)
        assert cue.first_out is not None and cue.first_out - cue.queued < 1.0
        assert not speech.done.is_set()  # the speech went on, not cut, not paused
        assert speaker.speaking
        # the blocks while both played hold more than the speech alone could: the sum
        both = [peak for t, peak in device.blocks() if cue.first_out <= t]
        assert both and max(both) > 5000
    finally:
        speaker.close()
        device.close()


@BOTH
def test_speech_through_the_stream_is_cut_off_by_an_urgent_line(separate: bool) -> None:
    device = stand_in_device(separate=separate)
    events: list[tuple[str, str]] = []
    started = threading.Event()

    def note(what: str, text: str) -> None:
        events.append((what, text))
        if what == "started":
            started.set()

    speaker = Speaker(SpeechSettings(rate=200), sink=device, on_event=note)
    assert speaker.start()
    try:
        speaker.say("A long sentence that goes on and on for a good while yet. " * 3)
        assert started.wait(15.0)
        speaker.say("Your turn.", priority=Priority.URGENT)
        assert speaker.wait_idle(20.0)
        assert events[0][0] == "started" and ("cut", events[0][1]) in events
        assert ("finished", "Your turn.") in events
    finally:
        speaker.close()
        device.close()


def test_sounds_off_play_nothing_and_on_again_play() -> None:
    device = stand_in_device()
    try:
        assert device.toggle() is False
        assert device.play("your_turn") is None
        assert device.toggle() is True
        assert device.play("your_turn") is not None
    finally:
        device.close()


def test_a_message_plays_its_sound() -> None:
    device = stand_in_device()
    try:
        device.show(Message("Bob calls UNO!", "", "Bob calls UNO!", sound="uno_called"))
        deadline = time.monotonic() + 2.0
        while not any(peak > 5000 for _, peak in device.blocks()):
            assert time.monotonic() < deadline, "the sound never reached the output"
            time.sleep(0.01)
    finally:
        device.close()


# ----------------------------------------------------------------- no device


def test_without_a_sound_device_it_is_said_once_and_nothing_plays() -> None:
    notices = Notices()
    device = SoundDevice(notices=notices, backend="jack")  # no JACK server here
    assert device.start() is False
    assert device.start() is False  # tried again: not told again
    told = notices.drain()
    assert len(told) == 1 and told[0].device == "sound"
    assert "no sound device" in told[0].text.lower()
    assert device.play("your_turn") is None
    device.close()


def test_without_the_sound_files_it_is_said_once(tmp_path: Path) -> None:
    notices = Notices()
    assert SoundDevice(notices=notices, backend=STAND_IN, directory=tmp_path).start() is False
    assert len(notices.drain()) == 1


def test_doctor_says_sounds_can_play_when_a_stream_opens() -> None:
    check = doctor.check_sound(backend=STAND_IN)
    assert check.ok and not check.needed
    assert f"{len(Cue)} sounds decoded" in check.detail


def test_doctor_says_sounds_cannot_play_without_a_device_and_how_to_fix_it() -> None:
    check = doctor.check_sound(backend="jack")
    assert not check.ok and not check.needed and check.fix
    assert "sound cues" in check.line()


def test_a_sound_never_waits_behind_speech_played_by_its_own_player() -> None:
    """Speech by its player process (before the stream is open, or without one), sounds
    on the stream."""
    device = stand_in_device()
    started = threading.Event()
    speaker = Speaker(
        SpeechSettings(rate=200),
        player=stand_in_player(),
        on_event=lambda what, text: started.set() if what == "started" else None,
    )
    assert speaker.start()
    try:
        speaker.say("Bob plays a Wild Draw Four and chooses green. " * 4)
        assert started.wait(15.0)
        cue = device.play("your_turn")
        assert cue is not None and cue.done.wait(2.0)
        assert cue.first_out is not None and cue.first_out - cue.queued < 0.05
        assert speaker.speaking  # the speech still going on
    finally:
        speaker.close()
        device.close()


# ----------------------------------------------------------------- the sound process
# The game's own arrangement: the mixer and the stream in a process of their own.


def separate_device(notices: Notices | None = None) -> SoundDevice:
    return stand_in_device(notices, separate=True)


def busy_interpreter(seconds: float) -> None:
    """Hold this process's interpreter lock in C code, as the hard bot's compiled search
    does: no other thread of this process runs Python meanwhile."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sum(range(2_000_000))


def test_a_sound_is_mixed_in_a_process_of_its_own_so_a_busy_game_cannot_hold_it_back() -> None:
    """The mixer runs in another process: the game's interpreter, busy (a bot thinking in
    compiled code holds it), has no part in the sound coming out, and every cue still
    plays to its end. How soon it comes out is measured by ``scripts/bench_latency.py``
    (event to sound), not asserted here."""
    device = separate_device()
    try:
        process = device._process
        assert process is not None and process.pid != os.getpid() and process.poll() is None
        for _ in range(3):
            cue = device.play("your_turn")
            assert cue is not None
            busy_interpreter(0.3)  # a bot thinking, right after the event's sound
            assert cue.done.wait(60)  # a bound against a hang, not a measure of speed
            assert cue.first_out is not None and cue.first_out >= cue.queued
    finally:
        device.close()


def test_when_the_sound_process_ends_it_is_said_once_and_the_game_goes_on() -> None:
    notices = Notices()
    device = separate_device(notices)
    try:
        device._process.kill()
        deadline = time.monotonic() + 5.0
        told = notices.drain()
        while not told:
            assert time.monotonic() < deadline, "the end of the sound process was not told"
            time.sleep(0.02)
            told = notices.drain()
        assert len(told) == 1 and told[0].device == "sound" and "stopped" in told[0].text
        assert device.play("your_turn") is None and not device.available
        assert notices.drain() == []
    finally:
        device.close()


def test_without_a_sound_device_the_sound_process_says_so_once() -> None:
    notices = Notices()
    device = SoundDevice(notices=notices, backend="jack", separate=True)  # no JACK here
    assert device.start() is False
    told = notices.drain()
    assert len(told) == 1 and told[0].device == "sound"
    assert device.play("your_turn") is None
    device.close()
