"""``uno-access sounds``: every sound with its name; ``--wav FILE`` all of them in one file."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

from uno_access import listen
from uno_access.access import messages
from uno_access.access.sounds import Cue
from uno_access.devices.mixer import RATE
from uno_access.devices.sound import ASSETS, STAND_IN, decode

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=120,
    )


def test_sounds_wav_writes_every_sound_one_after_another_into_one_file(tmp_path: Path) -> None:
    path = tmp_path / "all.wav"
    done = run("sounds", "--wav", str(path))
    assert done.returncode == 0, done.stderr
    with wave.open(str(path), "rb") as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        frames = file.readframes(file.getnframes())
    written = decode(path)
    assert len(written) * 2 == len(frames)
    # each sound is in the file, in order, where its line says it begins
    lines = done.stdout.splitlines()
    assert len(lines) == len(Cue) + 1
    assert lines[-1] == messages.SOUNDS_WRITTEN.format(count=len(Cue), path=path)
    for cue, line in zip(Cue, lines, strict=False):
        assert line.endswith(messages.sound_line(cue.value, messages.SOUND_MEANINGS[cue.value]))
        start = round(float(line.split()[0]) * RATE)
        sound = decode(ASSETS / f"{cue.value}.wav")
        found = written[start : start + len(sound)]
        assert abs(len(found) - len(sound)) <= RATE // 100  # the time is to 10 ms
        nearby = written[max(0, start - RATE // 100) : start + len(sound) + RATE // 100]
        assert sound[:200].tobytes() in nearby.tobytes()


def test_sounds_wav_that_cannot_be_written_is_one_line_and_status_2(tmp_path: Path) -> None:
    done = run("sounds", "--wav", str(tmp_path / "no" / "such" / "folder.wav"))
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "cannot write" in done.stderr


def test_sounds_are_played_each_after_its_name() -> None:
    said: list[str] = []
    only = [Cue.YOUR_TURN, Cue.UNO_CALLED]
    assert listen.play_all(said.append, backend=STAND_IN, speak=False, only=only) is None
    assert said == [
        messages.sound_line("your_turn", messages.SOUND_MEANINGS["your_turn"]),
        messages.sound_line("uno_called", messages.SOUND_MEANINGS["uno_called"]),
        messages.SOUNDS_PLAYED.format(count=2),
    ]


def test_sounds_without_a_sound_device_say_so_in_one_line() -> None:
    said: list[str] = []
    why = listen.play_all(said.append, backend="jack", speak=False)
    assert why is not None and "no sound device" in why.lower()
    assert said == []
