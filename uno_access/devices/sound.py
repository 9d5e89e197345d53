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
import queue
import socket
import subprocess
import sys
import threading
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import resources
from ..access import messages
from ..access.message import Message
from ..access.wording.forms import Line
from .base import Notices
from .mixer import RATE, Mixer, Voice

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

DEVICE = "sound"
PERIOD_MS = 10
ASSETS = resources.SOUNDS


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


class RemoteVoice:
    """A sound playing in the sound process (``SoundDevice(separate=True)``): as a mixer's
    ``Voice`` is seen from here (``first_out`` and ``done`` are told back by that process).
    """

    __slots__ = ("_device", "done", "first_out", "ident", "kind", "queued")

    def __init__(self, device: SoundDevice, ident: int, kind: str) -> None:
        self._device = device
        self.ident = ident
        self.kind = kind
        self.queued = time.perf_counter()
        self.first_out: float | None = None  # when its first sample left the mixer
        self.done = threading.Event()

    def stop(self) -> None:
        self.done.set()
        self._device._send(("stop", self.ident))


PlayingVoice = Voice | RemoteVoice


class SoundDevice:
    """Sound cues for one player: ``show`` plays a message's sound beside its words.

    ``separate``: the mixer and the stream run in a process of their own (``_serve``), so
    that nothing this process does can hold a sound back: the stream's callback is
    Python, and the hard bot's compiled search holds the interpreter for up to ~125 ms at
    a time (measured), during which no block would be mixed. Asking for a sound is then
    one message down a pipe; the game uses it, with speech through the same stream.
    ``record``: the mixer keeps each block's peak (``blocks``), for tests and benchmarks.
    """

    def __init__(
        self,
        settings: SoundSettings | None = None,
        *,
        notices: Notices | None = None,
        backend: str | None = None,
        directory: Path = ASSETS,
        separate: bool = False,
        record: bool = False,
    ) -> None:
        self._settings = settings or SoundSettings()
        self.notices = notices or Notices()
        self.mixer = Mixer(record=record)
        self._backend = backend
        self._directory = directory
        self._separate = separate
        self._record = record
        self._sounds: dict[str, array[int]] = {}
        self._names: list[str] = []
        self._device: Any = None
        self._backend_name = ""
        self._closed = False
        self.tried = False  # ``start`` was called (it may still be opening)
        self._lock = threading.Lock()
        # the sound process: its pipe, its voices by number, the blocks it sent back
        self._conn: Any = None
        self._process: Any = None
        self._voices: dict[int, RemoteVoice] = {}
        self._next = 0
        self._send_lock = threading.Lock()
        self._replies: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def start(self) -> bool:
        """Decode the sounds and open the stream; False, with one notice, without them."""
        self.tried = True
        if self._separate:
            return self._start_process()
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
            self._names, self._backend_name = list(sounds), str(device.backend)
        return True

    def _start_process(self) -> bool:
        # a process of its own, started as ``python -m uno_access.devices.sound`` (not
        # multiprocessing's spawn, which would run the game's main module again), talking
        # over one socket pair as a multiprocessing Connection
        ours_socket, theirs = socket.socketpair()
        command = [sys.executable, "-m", __name__, str(theirs.fileno()), str(self._directory)]
        command += [self._backend or "", "record" if self._record else ""]
        try:
            process = subprocess.Popen(
                command,
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,  # ALSA's complaints: the notice says it in words
                start_new_session=True,  # Ctrl-C is the game's to handle
            )
        except OSError as error:
            ours_socket.close()
            theirs.close()
            self.notices.report(DEVICE, "unavailable", _unavailable(str(error)))
            return False
        # multiprocessing (and pickle with it) loaded only when sounds are played
        from multiprocessing.connection import Connection

        ours = Connection(ours_socket.detach())
        theirs.close()
        reply: tuple[Any, ...]
        try:
            silent = ("failed", messages.tr(messages.SOUND_PROCESS_SILENT), "")
            reply = ours.recv() if ours.poll(START_TIMEOUT) else silent
        except (EOFError, OSError):
            reply = ("failed", messages.tr(messages.SOUND_PROCESS_ENDED), "")
        if reply[0] != "ready":
            ours.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(1.0)
            self.notices.report(DEVICE, "unavailable", _unavailable(str(reply[1])))
            return False
        with self._lock:
            if self._closed:
                ours.close()
                return False
            self._conn, self._process = ours, process
            self._names, self._backend_name = list(reply[1]), str(reply[2])
            self._device = process
        threading.Thread(target=self._listen, name="uno-access-sound-replies", daemon=True).start()
        return True

    def _listen(self) -> None:
        """What the sound process tells back: a voice's first sample out, its end."""
        conn = self._conn
        while True:
            try:
                reply = conn.recv()
            except (EOFError, OSError):
                break
            what = reply[0]
            if what == "blocks":
                self._replies.put(reply[1])
                continue
            voice = self._voices.get(reply[1])
            if voice is None:
                continue
            if what == "first":
                voice.first_out = reply[2]
            elif what == "done":
                self._voices.pop(reply[1], None)
                voice.done.set()
        with self._lock:
            closed, self._device = self._closed, None
        for voice in list(self._voices.values()):
            voice.done.set()
        self._voices.clear()
        if not closed:  # the process ended by itself: said once, the game goes on
            self.notices.report(DEVICE, "stopped", Line.of(messages.sounds_stopped))

    def _send(self, command: tuple[Any, ...]) -> bool:
        conn = self._conn
        if conn is None:
            return False
        try:
            with self._send_lock:
                conn.send(command)
        except (OSError, ValueError):  # the process is gone: ``_listen`` says so
            return False
        return True

    def _play_remote(self, command: str, payload: Any, gain: float, kind: str) -> RemoteVoice:
        with self._send_lock:
            self._next += 1
            ident = self._next
        voice = RemoteVoice(self, ident, kind)
        self._voices[ident] = voice
        if not self._send((command, ident, payload, gain, kind)):
            self._voices.pop(ident, None)
            voice.done.set()
        return voice

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
        return list(self._names)

    @property
    def backend(self) -> str:
        """The backend playing ("Alsa", "Null"…), "" when none."""
        return "" if self._device is None else self._backend_name

    def blocks(self) -> list[tuple[float, int]]:
        """Each block the mixer handed to the device so far, as (when, peak), with
        ``record``; from the sound process when it is separate.
        """
        if not self._separate:
            return list(self.mixer.blocks)
        if not self._send(("blocks",)):
            return []
        try:
            blocks: list[tuple[float, int]] = self._replies.get(timeout=START_TIMEOUT)
        except queue.Empty:
            return []
        return blocks

    def toggle(self) -> bool:
        with self._lock:
            self._settings = replace(self._settings, enabled=not self._settings.enabled)
            enabled = self._settings.enabled
        if not enabled:
            self.stop_all("cue")
        return enabled

    def set_volume(self, volume: float) -> None:
        volume = max(0.0, min(1.0, volume))
        with self._lock:
            self._settings = replace(self._settings, volume=volume)

    def stop_all(self, kind: str | None = None) -> None:
        if self._separate:
            self._send(("stop_all", kind))
            for voice in [v for v in self._voices.values() if kind is None or v.kind == kind]:
                voice.done.set()
        else:
            self.mixer.stop_all(kind)

    def show(self, message: Message) -> None:
        if message.sound is not None:
            self.play(message.sound)

    def play(self, name: str) -> PlayingVoice | None:
        """Start the sound ``name`` now, over what plays; None when off or unknown."""
        if self._device is None or not self._settings.enabled:
            return None
        if self._separate:
            if name not in self._names:
                return None
            return self._play_remote("play", name, self._settings.volume, "cue")
        samples = self._sounds.get(name)
        return None if samples is None else self.mixer.play(samples, self._settings.volume)

    def play_file(self, path: Path) -> PlayingVoice | None:
        """A WAV file (an utterance of speech) through the same stream, at its own volume,
        beside the sounds; None without a stream. Raises SoundUnavailable.
        """
        if self._device is None:
            return None
        samples = decode(path)
        if self._separate:
            return self._play_remote("samples", samples.tobytes(), 1.0, "speech")
        return self.mixer.play(samples, 1.0, "speech")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            device, self._device = self._device, None
        if self._separate:
            conn, process = self._conn, self._process
            if conn is not None:
                self._send(("close",))
                conn.close()
            if process is not None:
                try:
                    process.wait(1.0)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            for voice in list(self._voices.values()):
                voice.done.set()
            return
        self.mixer.stop_all()
        if device is not None:
            with contextlib.suppress(Exception):
                device.close()


START_TIMEOUT = 10.0
"""Seconds the sound process may take to decode the sounds and open its stream."""


def _serve(conn: Any, directory: str, backend: str | None, record: bool) -> None:
    """The sound process: the sounds decoded, the stream open, then each command from the
    game's process played at once; it ends when that process closes the pipe (or dies).
    """
    lock = threading.Lock()

    def tell(what: str, voice: Voice) -> None:
        ident = idents.get(id(voice))
        if ident is None:
            return
        try:
            with lock:
                conn.send((what, ident, voice.first_out) if what == "first" else (what, ident))
        except (OSError, ValueError):
            pass

    idents: dict[int, int] = {}
    mixer = Mixer(listener=tell, record=record)
    try:
        sounds = load_sounds(Path(directory))
        if not sounds:
            raise SoundUnavailable(messages.tr(messages.NO_SOUND_FILES).format(folder=directory))
        device = open_stream(mixer, backend=backend)
    except SoundUnavailable as error:
        conn.send(("failed", error.reason))
        conn.close()
        return
    conn.send(("ready", list(sounds), str(device.backend)))
    playing: dict[int, Voice] = {}
    try:
        while True:
            try:
                command = conn.recv()
            except (EOFError, OSError):
                break
            what = command[0]
            if what == "close":
                break
            if what in ("play", "samples"):
                _, ident, payload, gain, kind = command
                if what == "play":
                    samples = sounds.get(payload)
                else:
                    samples = array("h")
                    samples.frombytes(payload)
                if samples is None:
                    continue
                voice = Voice(samples, gain, kind)
                idents[id(voice)] = ident
                playing[ident] = voice
                mixer.add(voice)
                if not samples:
                    tell("done", voice)
            elif what == "stop":
                stopped = playing.pop(command[1], None)
                if stopped is not None:
                    stopped.stop()
            elif what == "stop_all":
                mixer.stop_all(command[1])
            elif what == "blocks":
                with lock:
                    conn.send(("blocks", list(mixer.blocks)))
            for ident in [i for i, v in playing.items() if v.done.is_set()]:
                idents.pop(id(playing.pop(ident)), None)
    finally:
        mixer.stop_all()
        with contextlib.suppress(Exception):
            device.close()


def _unavailable(reason: str) -> Line:
    """No sound device (the reason is ``uno-access doctor``'s to give)."""
    return Line.of(messages.sound_unavailable)


if __name__ == "__main__":  # the sound process (``SoundDevice(separate=True)``)
    from multiprocessing.connection import Connection

    _fd, _directory, _backend, _record = sys.argv[1:5]
    _serve(Connection(int(_fd)), _directory, _backend or None, _record == "record")
