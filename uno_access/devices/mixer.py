"""The mixer: sums every sound playing into one stream of samples, so none waits.

Pure Python over ``array('h')``, 16-bit mono at ``RATE``. The output device pulls
``pull(frames)`` from its own thread, a period at a time; ``play`` adds a voice that the
next pull already mixes in. Two sounds overlap; a sound never queues behind another, nor
behind speech when speech plays through the same mixer. Each ``Voice`` notes when its
first sample left the mixer (``first_out``) and is set ``done`` at its end or when it is
stopped, which the latency benchmark and the tests read.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Callable, Generator

RATE = 22050
"""Samples a second: the sounds' own rate, and espeak-ng's, so neither is resampled."""

_HIGH = 32767
_LOW = -32768


class Voice:
    """One sound being played: its samples, where it is, its gain."""

    __slots__ = ("done", "first_out", "gain", "kind", "position", "queued", "samples", "stopped")

    def __init__(self, samples: array[int], gain: float, kind: str) -> None:
        self.samples = samples
        self.gain = gain
        self.kind = kind  # "cue" or "speech": what ``stop_all`` stops
        self.position = 0
        self.queued = time.perf_counter()
        self.first_out: float | None = None  # when its first sample was pulled
        self.done = threading.Event()
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True
        self.done.set()


Listener = Callable[[str, Voice], None]
"""Told ``("first", voice)`` when a voice's first sample is pulled, ``("done", voice)``
at its end (not when it is stopped): from the device's thread, so it must be quick."""


class Mixer:
    """The voices playing now, summed (and clipped) into each pulled block.

    ``record``: keep ``(when, peak)`` of each block pulled (``blocks``), which is what a
    speaker would play, for the tests and the benchmark.
    """

    def __init__(self, *, listener: Listener | None = None, record: bool = False) -> None:
        self._lock = threading.Lock()
        self._voices: list[Voice] = []
        self._listener = listener
        self._record = record
        self.blocks: list[tuple[float, int]] = []

    def play(self, samples: array[int], gain: float = 1.0, kind: str = "cue") -> Voice:
        """Start ``samples`` now at ``gain``, over whatever else is playing."""
        return self.add(Voice(samples, gain, kind))

    def add(self, voice: Voice) -> Voice:
        """Start ``voice`` now, over whatever else is playing."""
        if not voice.samples:
            voice.done.set()
            return voice
        with self._lock:
            self._voices.append(voice)
        return voice

    def stop_all(self, kind: str | None = None) -> None:
        """Stop every voice (of ``kind`` only, when given)."""
        with self._lock:
            stopped = [v for v in self._voices if kind is None or v.kind == kind]
            self._voices = [v for v in self._voices if v not in stopped]
        for voice in stopped:
            voice.stop()

    @property
    def active(self) -> int:
        with self._lock:
            return len(self._voices)

    def pull(self, frames: int) -> array[int]:
        """The next ``frames`` samples of the mix (silence when nothing plays)."""
        with self._lock:
            voices = [voice for voice in self._voices if not voice.stopped]
            self._voices = voices
        now = time.perf_counter()
        if not voices:
            if self._record:
                self.blocks.append((now, 0))
            return array("h", bytes(2 * frames))
        mixed = [0.0] * frames
        finished: list[Voice] = []
        for voice in voices:
            start = voice.position
            chunk = voice.samples[start : start + frames]
            gain = voice.gain
            for i, sample in enumerate(chunk):
                mixed[i] += sample * gain
            if voice.first_out is None:
                voice.first_out = now
                if self._listener is not None:
                    self._listener("first", voice)
            voice.position = start + len(chunk)
            if voice.position >= len(voice.samples):
                finished.append(voice)
        if finished:
            with self._lock:
                self._voices = [voice for voice in self._voices if voice not in finished]
            for voice in finished:
                voice.done.set()
                if self._listener is not None:
                    self._listener("done", voice)
        block = array("h", (_HIGH if s > _HIGH else _LOW if s < _LOW else int(s) for s in mixed))
        if self._record:
            self.blocks.append((now, max(block, default=0)))
        return block

    def stream(self) -> Generator[array[int], int, None]:
        """The generator an output device pulls: it is sent the frames it wants."""
        frames = yield array("h")
        while True:
            frames = yield self.pull(frames)
