"""Speech: real pyttsx3 + espeak-ng audio, and a cut-off that really stops it.

The speaker (the physical world) is replaced by ``stand_in_player()``, which takes
as long as the WAV lasts; ``aplay`` with a device that does not exist stands for a
machine without a sound card.
"""

from __future__ import annotations

import array
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from uno_access.access import messages
from uno_access.access.message import Message, Priority
from uno_access.devices import speech
from uno_access.devices.base import Notices
from uno_access.devices.speech import (
    Speaker,
    SpeechSettings,
    engine_info,
    save_wav,
    stand_in_player,
    wav_seconds,
)

LONG = (
    "Bob plays a Wild Draw Four and chooses green. Ann, you may challenge it or accept it. "
    "If you accept, you draw four cards and lose your turn."
)


class Recorder:
    """Collects the speaker's ("started" | "finished" | "cut", text) events with times."""

    def __init__(self) -> None:
        self.events: list[tuple[float, str, str]] = []
        self._cond = threading.Condition()

    def __call__(self, what: str, text: str) -> None:
        with self._cond:
            self.events.append((time.perf_counter(), what, text))
            self._cond.notify_all()

    def wait(self, what: str, text: str, timeout: float = 10.0) -> float:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for at, w, t in self.events:
                    if (w, t) == (what, text):
                        return at
                left = deadline - time.monotonic()
                assert left > 0, f"never {what}: {text!r}; events: {self.events}"
                self._cond.wait(left)

    def said(self) -> list[tuple[str, str]]:
        with self._cond:
            return [(w, t) for _, w, t in self.events if w != "started"]


def samples(path: Path) -> tuple[float, array.array[int]]:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        seconds = wav.getnframes() / wav.getframerate()
        data = array.array("h", wav.readframes(wav.getnframes()))
    return seconds, data


def rms(data: array.array[int]) -> float:
    return float((sum(x * x for x in data) / max(1, len(data))) ** 0.5)


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def speaker(recorder: Recorder) -> Iterator[Speaker]:
    device = Speaker(player=stand_in_player(), on_event=recorder)
    assert device.start()
    yield device
    device.close()


def test_speech_is_real_audio_in_a_wav_file(tmp_path: Path) -> None:
    path = save_wav("Your turn. Play Blue 7 or draw.", tmp_path / "turn.wav")
    seconds, data = samples(path)
    assert 1.0 < seconds < 5.0
    assert rms(data) > 500  # speech, not silence
    assert max(abs(x) for x in data) > 5000


def test_every_utterance_has_sound_even_when_the_driver_writes_an_empty_file(
    tmp_path: Path,
) -> None:
    # pyttsx3's espeak driver writes a WAV with no frames about once in fifty
    # utterances (measured: 4 in 200); such a line would be silent in the game
    lengths = [wav_seconds(save_wav("Draw.", tmp_path / "draw.wav")) for _ in range(300)]
    assert min(lengths) > 0.2


def test_the_rate_the_player_sets_changes_how_long_speech_takes(tmp_path: Path) -> None:
    # one after another, as a player changes it (espeak-ng once kept a stale rate)
    seconds = {
        rate: samples(save_wav(LONG, tmp_path / f"{rate}.wav", SpeechSettings(rate=rate)))[0]
        for rate in (250, 300, 150, 400)
    }
    assert seconds[400] < seconds[300] < seconds[250] < seconds[150]
    assert seconds[150] / seconds[300] == pytest.approx(2.0, rel=0.2)


def test_the_volume_the_player_sets_changes_the_loudness(tmp_path: Path) -> None:
    _, loud = samples(save_wav("Blue seven", tmp_path / "loud.wav", SpeechSettings(volume=1.0)))
    _, soft = samples(save_wav("Blue seven", tmp_path / "soft.wav", SpeechSettings(volume=0.3)))
    assert rms(soft) < rms(loud) * 0.6


def test_the_voice_the_player_picks_is_used(tmp_path: Path) -> None:
    voices = {voice.id for voice in engine_info()[1]}
    assert {"gmw/en", "gmw/de"} <= voices
    english = samples(save_wav("Guten Tag", tmp_path / "en.wav", SpeechSettings(voice="gmw/en")))
    german = samples(save_wav("Guten Tag", tmp_path / "de.wav", SpeechSettings(voice="gmw/de")))
    assert english[1] != german[1]


def test_an_urgent_message_cuts_off_what_is_being_said(
    speaker: Speaker, recorder: Recorder
) -> None:
    speaker.say(LONG)
    speaker.say("Ann draws a card.")  # queued behind it: forgotten by the urgent one
    started = recorder.wait("started", LONG)
    time.sleep(0.3)
    asked = time.perf_counter()
    speaker.show(Message("Your turn.", "", "Your turn.", Priority.URGENT))
    stopped = recorder.wait("cut", LONG)
    recorder.wait("finished", "Your turn.")
    assert speaker.wait_idle()
    cut_ms = (stopped - asked) * 1000
    print(f"speech cut off {cut_ms:.1f} ms after the urgent message")
    assert stopped - started < 6.0  # LONG lasts about 8 s: it was cut, not played out
    assert recorder.said() == [("cut", LONG), ("finished", "Your turn.")]


def test_urgent_messages_do_not_cut_each_other_off(recorder: Recorder) -> None:
    device = Speaker(SpeechSettings(rate=450), player=stand_in_player(), on_event=recorder)
    assert device.start()
    try:
        device.say("Ann plays green 2.")
        caught = "Bob caught you without UNO: you draw two cards."
        device.say(caught, Priority.URGENT)
        recorder.wait("started", caught)
        device.say("Ann plays green 4.")  # forgotten when the next urgent one comes
        device.say("Your turn.", Priority.URGENT)
        recorder.wait("finished", "Your turn.")
        said = recorder.said()
        assert ("finished", caught) in said
        assert said[-2:] == [("finished", caught), ("finished", "Your turn.")]
        assert ("finished", "Ann plays green 4.") not in said
    finally:
        device.close()


def test_normal_messages_wait_their_turn(speaker: Speaker, recorder: Recorder) -> None:
    for text in ("Ann plays red 5.", "Bob draws a card.", "Cy plays red skip."):
        speaker.say(text)
    recorder.wait("finished", "Cy plays red skip.")
    assert recorder.said() == [
        ("finished", "Ann plays red 5."),
        ("finished", "Bob draws a card."),
        ("finished", "Cy plays red skip."),
    ]


def test_a_low_priority_message_gives_way_to_anything_newer(
    speaker: Speaker, recorder: Recorder
) -> None:
    speaker.say(LONG, Priority.LOW)
    recorder.wait("started", LONG)
    speaker.say("Bob says UNO.")
    recorder.wait("finished", "Bob says UNO.")
    assert recorder.said() == [("cut", LONG), ("finished", "Bob says UNO.")]


def test_one_key_silences_speech_and_restores_it(speaker: Speaker, recorder: Recorder) -> None:
    speaker.say(LONG)
    recorder.wait("started", LONG)
    assert speaker.toggle() is False
    recorder.wait("cut", LONG)
    speaker.say("Bob plays green 2.")  # silenced: not said
    assert speaker.wait_idle()
    assert speaker.toggle() is True
    speaker.say("Your turn.")
    recorder.wait("finished", "Your turn.")
    assert recorder.said() == [("cut", LONG), ("finished", "Your turn.")]


def test_rate_and_volume_set_on_the_speaker_are_kept_in_range() -> None:
    device = Speaker()
    device.set_rate(1000)
    device.set_volume(-1)
    device.set_voice("gmw/en-us")
    assert device.settings == SpeechSettings(rate=500, volume=0.0, voice="gmw/en-us", own=True)


def test_no_sound_device_is_told_once_and_the_game_goes_on() -> None:
    told: list[str] = []
    notices = Notices(lambda n: told.append(n.text))
    device = Speaker(player=["aplay", "-q", "-D", "hw:99"], notices=notices)
    assert device.start()
    for text in ("Ann plays red 5.", "Bob draws a card.", "Your turn."):
        device.say(text)
    assert device.wait_idle()
    device.close()
    assert told == [messages.SPEECH_NO_AUDIO]  # no aplay or ALSA words: doctor has them
    assert "aplay" not in told[0] and "hw:99" not in told[0]


def test_no_speech_engine_is_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise speech.SpeechUnavailable("libespeak-ng.so.1 cannot be loaded")

    monkeypatch.setattr(speech, "_engine", missing)
    told: list[str] = []
    device = Speaker(notices=Notices(lambda n: told.append(n.text)))
    assert not device.start()
    device.say("Your turn.")  # does nothing, raises nothing
    assert not device.speaking
    assert not device.start()
    assert told == [
        "Speech is not available on this machine; the game goes on without it. "
        "uno-access doctor says why."
    ]


def test_the_drivers_and_alsas_chatter_never_reaches_the_terminal() -> None:
    program = (
        "from uno_access.devices.speech import Speaker\n"
        "s = Speaker(); s.start()\n"
        "s.say('Your turn.'); s.say('Blue seven.')\n"
        "s.wait_idle(); s.say('Goodbye.')\n"  # exits while speaking: no traceback
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout == ""
    assert result.stderr == ""


def test_speech_to_a_device_or_a_link_is_refused_and_leaves_it_in_place(tmp_path: Path) -> None:
    from uno_access.devices.speech import SpeechUnavailable

    target = tmp_path / "kept.txt"
    target.write_text("mine")
    link = tmp_path / "link.wav"
    link.symlink_to(target)
    for path in (link, Path("/dev/null")):
        with pytest.raises(SpeechUnavailable):
            save_wav("Blue seven", path)
    assert link.is_symlink() and target.read_text() == "mine"
    assert Path("/dev/null").exists() and not Path("/dev/null").is_file()
