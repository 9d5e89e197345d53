"""Sound cues on one output stream kept open: the only module that imports miniaudio.

Every sound of ``assets/sounds`` is decoded once, at start, to 16-bit mono at the
mixer's rate; the device's own thread pulls the mixer (``devices.mixer``) a period
(``PERIOD_MS``) at a time, so a sound starts within one period of being asked for, over
whatever else is playing. ``backend="null"`` opens miniaudio's null backend in place of
the physical device: the same stream, pulled at the same pace, to no speaker (tests and
the latency benchmark); ``None`` lets miniaudio choose this machine's.

Without a sound device (or without miniaudio) ``start`` returns False and reports one
notice, as speech does; the game goes on and every line is still said and brailled.
"""

from __future__ import annotations

import contextlib
import os
import threading
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..access import messages
from ..access.message import Message
from .base import Notices
from .mixer import RATE, Mixer, Voice

DEVICE = "sound"
PERIOD_MS = 10
ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "sounds"


class SoundUnavailable(RuntimeError):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SoundSettings:
    enabled: bool = True
    volume: float = 0.8


def _miniaudio() -> Any:
    try:
        import miniaudio
    except ImportError as error:  # a broken install: the wheel is a dependency
        raise SoundUnavailable(
            messages.tr(messages.MINIAUDIO_MISSING).format(error=error)
        ) from None
    return miniaudio


def decode(path: Path) -> array[int]:
    """A sound file's samples as the mixer plays them; raises SoundUnavailable."""
    miniaudio = _miniaudio()
    try:
        decoded = miniaudio.decode_file(
            str(path), output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=RATE
        )
    except (miniaudio.DecodeError, OSError) as error:
        raise SoundUnavailable(f"{path.name}: {error}") from None
    samples: array[int] = decoded.samples
    return samples


def load_sounds(directory: Path = ASSETS) -> dict[str, array[int]]:
    """Every ``NAME.wav`` of ``directory``, decoded, by name."""
    return {path.stem: decode(path) for path in sorted(directory.glob("*.wav"))}


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """ALSA writes its complaints to file descriptor 2 while a device opens: keep them out
    of the player's terminal (the notice says it in words).
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


STAND_IN = "null"


def open_stream(mixer: Mixer, *, backend: str | None = None) -> Any:
    """A miniaudio playback device pulling ``mixer``, started; raises SoundUnavailable.
    ``backend``: a miniaudio backend by name ("null", "alsa", "pulseaudio"…), else any.
    """
    miniaudio = _miniaudio()
    try:
        backends = None if backend is None else [miniaudio.Backend[backend.upper()]]
    except KeyError:
        raise SoundUnavailable(messages.tr(messages.NO_SOUND_DEVICE)) from None
    try:
        with _quiet_stderr():
            device = miniaudio.PlaybackDevice(
                output_format=miniaudio.SampleFormat.SIGNED16,
                nchannels=1,
                sample_rate=RATE,
                buffersize_msec=PERIOD_MS,
                backends=backends,
                app_name="uno-access",
            )
            stream = mixer.stream()
            next(stream)
            device.start(stream)
    except miniaudio.MiniaudioError as error:
        raise SoundUnavailable(_reason(error)) from None
    return device


def _reason(error: Exception) -> str:
    args = getattr(error, "args", ())
    text = str(args[0]) if args else str(error)
    return text or messages.tr(messages.NO_SOUND_DEVICE)


class SoundDevice:
    """Sound cues for one player: ``show`` plays a message's sound beside its words."""

    def __init__(
        self,
        settings: SoundSettings | None = None,
        *,
        notices: Notices | None = None,
        backend: str | None = None,
        directory: Path = ASSETS,
    ) -> None:
        self._settings = settings or SoundSettings()
        self.notices = notices or Notices()
        self.mixer = Mixer()
        self._backend = backend
        self._directory = directory
        self._sounds: dict[str, array[int]] = {}
        self._device: Any = None
        self._closed = False
        self.tried = False  # ``start`` was called (it may still be opening)
        self._lock = threading.Lock()

    def start(self) -> bool:
        """Decode the sounds and open the stream; False, with one notice, without them."""
        self.tried = True
        try:
            sounds = load_sounds(self._directory)
            if not sounds:
                raise SoundUnavailable(
                    messages.tr(messages.NO_SOUND_FILES).format(folder=self._directory)
                )
            device = open_stream(self.mixer, backend=self._backend)
        except SoundUnavailable as error:
            self.notices.report(DEVICE, "unavailable", _unavailable(error.reason))
            return False
        with self._lock:
            if self._closed:  # closed while it was opening (``start_soon``)
                device.close()
                return False
            self._sounds, self._device = sounds, device
        return True

    def start_soon(self) -> threading.Thread:
        """``start`` on a thread of its own, so that the game's first prompt does not wait
        for it (finding no sound device can take a third of a second): a sound asked for
        before the stream is open is not heard (its words are), and a failure is told
        through the notices, as a device's own thread tells it.
        """
        thread = threading.Thread(target=self.start, name="uno-access-sound", daemon=True)
        thread.start()
        return thread

    @property
    def available(self) -> bool:
        return self._device is not None

    @property
    def enabled(self) -> bool:
        return self._settings.enabled

    @property
    def names(self) -> list[str]:
        return list(self._sounds)

    @property
    def backend(self) -> str:
        """The backend playing ("Alsa", "Null"…), "" when none."""
        return "" if self._device is None else str(self._device.backend)

    def toggle(self) -> bool:
        with self._lock:
            self._settings = replace(self._settings, enabled=not self._settings.enabled)
            enabled = self._settings.enabled
        if not enabled:
            self.mixer.stop_all("cue")
        return enabled

    def set_volume(self, volume: float) -> None:
        volume = max(0.0, min(1.0, volume))
        with self._lock:
            self._settings = replace(self._settings, volume=volume)

    def show(self, message: Message) -> None:
        if message.sound is not None:
            self.play(message.sound)

    def play(self, name: str) -> Voice | None:
        """Start the sound ``name`` now, over what plays; None when off or unknown."""
        if self._device is None or not self._settings.enabled:
            return None
        samples = self._sounds.get(name)
        return None if samples is None else self.mixer.play(samples, self._settings.volume)

    def play_file(self, path: Path) -> Voice | None:
        """A WAV file (an utterance of speech) through the same stream, at its own volume,
        beside the sounds; None without a stream. Raises SoundUnavailable.
        """
        if self._device is None:
            return None
        return self.mixer.play(decode(path), 1.0, "speech")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            device, self._device = self._device, None
        self.mixer.stop_all()
        if device is not None:
            with contextlib.suppress(Exception):
                device.close()


def _unavailable(reason: str) -> str:
    return messages.tr(messages.SOUND_UNAVAILABLE).format(reason=reason.rstrip("."))
