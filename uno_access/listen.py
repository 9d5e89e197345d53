"""``uno-access sounds``: every sound cue with its name and meaning, one after another.

Played: each line is printed and spoken (when speech works), then its sound plays, through
the one stream the game uses. ``--wav FILE``: every sound, one after another with a
short silence between, into one WAV file (16-bit mono, the mixer's rate), each line
printed with the second at which its sound begins.
"""

from __future__ import annotations

import io
import time
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

from .access import messages
from .access.sounds import Cue
from .devices.base import Notices
from .devices.mixer import RATE

GAP_SECONDS = 0.3


def lines() -> list[tuple[Cue, str]]:
    """Each sound and the line that names it, in the order they are played."""
    return [
        (cue, messages.sound_line(cue.value, messages.tr(messages.SOUND_MEANINGS[cue.value])))
        for cue in Cue
    ]


def write_wav(path: Path, say: Callable[[str], None], directory: Path | None = None) -> int:
    """Every sound into one WAV file at ``path``; ``say`` gets each line with its start.
    Raises OSError when the file cannot be written, SoundUnavailable when a sound does
    not decode.
    """
    from .devices import sound

    folder = directory or sound.ASSETS
    gap = array("h", bytes(2 * int(RATE * GAP_SECONDS)))
    pcm = array("h")
    said: list[str] = []
    for cue, line in lines():
        said.append(messages.sound_at(pcm_seconds(pcm), line))
        pcm.extend(sound.decode(folder / f"{cue.value}.wav"))
        pcm.extend(gap)
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(pcm.tobytes())
    path.write_bytes(out.getvalue())
    for line in said:  # once the file is written
        say(line)
    return len(Cue)


def pcm_seconds(pcm: array[int]) -> float:
    return len(pcm) / RATE


def play_all(
    say: Callable[[str], None],
    *,
    backend: str | None = None,
    speak: bool = True,
    only: Sequence[Cue] | None = None,
) -> str | None:
    """Each sound (or those of ``only``), its line said first (and spoken, with
    ``speak``); None, or the one line saying why nothing plays.
    """
    from .devices.sound import SoundDevice, SoundSettings
    from .devices.speech import Speaker, SpeechSettings

    notices = Notices()
    device = SoundDevice(SoundSettings(volume=1.0), notices=notices, backend=backend)
    if not device.start():
        return " ".join(notice.text for notice in notices.drain())
    speaker = Speaker(SpeechSettings(), notices=notices, sink=device)
    spoken = speak and speaker.start()
    try:
        for cue, line in lines():
            if only is not None and cue not in only:
                continue
            say(line)
            if spoken:
                speaker.say(line)
                speaker.wait_idle(15.0)
            voice = device.play(cue.value)
            if voice is not None:
                voice.done.wait(5.0)
            time.sleep(GAP_SECONDS)
    finally:
        speaker.close()
        device.close()
    say(messages.tr(messages.SOUNDS_PLAYED).format(count=len(Cue) if only is None else len(only)))
    return None
