"""Interruptible speech: pyttsx3 makes the audio, a player process we own plays it.

The only module that imports pyttsx3. pyttsx3's own ``stop()`` does not cut off
speech with espeak-ng (PLATFORM.md), so each utterance is synthesized to a WAV file
(``save_to_file``, waiting on ``finished-utterance``) and played by a player process
(``aplay`` on Linux, ``afplay`` on macOS, ``winsound`` elsewhere) that the worker
owns; cutting speech off terminates that process.

How the ui uses it::

    speaker = Speaker(SpeechSettings(rate=200), notices=notices)
    speaker.start()                    # False (and one notice) when there is no engine
    speaker.show(message)              # Output protocol: message.speech at message.priority
    speaker.say("Your turn.", Priority.URGENT)
    speaker.stop()                     # the "be quiet" key: cut off, forget what is queued
    speaker.toggle()                   # the one key that silences / restores speech
    speaker.set_rate(250); speaker.set_volume(0.8); speaker.set_voice("gmw/en-us")
    speaker.close()

Priorities: ``URGENT`` cuts off what is being said and forgets everything queued
before it, except other urgent messages (urgent messages never cut each other off:
"UNO called on you" is heard before "your turn"); ``NORMAL`` waits its turn; ``LOW``
is dropped (or cut off) as soon as anything newer comes. ``stop()`` cuts off all.

With no sound device the player fails: that is told once (``Notices``) and speech
goes on trying quietly, so the game never stops.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import itertools
import os
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from ..access import messages
from ..access.message import Message, Priority
from ..access.wording.forms import Line
from .base import Notices

SYNTH_TIMEOUT = 10.0  # seconds to wait for one utterance's WAV
DEVICE = "speech"


class SpeechUnavailable(RuntimeError):
    """No speech engine: ``reason`` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SpeechSettings:
    """What the player sets: words per minute, volume 0.0 to 1.0, voice id (None: default)."""

    rate: int = 200
    volume: float = 1.0
    voice: str | None = None
    enabled: bool = True
    # the player's own rate and volume (set, or changed in the game): a screen reader's
    # route keeps its own unless this is True (the game's own voice always takes them)
    own: bool = False


@dataclass(frozen=True, slots=True)
class Voice:
    id: str
    name: str
    languages: tuple[str, ...]


def default_player() -> list[str]:
    """The command that plays a WAV file given as its last argument, on this system."""
    if sys.platform.startswith("linux"):
        return ["aplay", "-q"]
    if sys.platform == "darwin":
        return ["afplay"]
    return [
        sys.executable,
        "-c",
        "import sys, winsound; winsound.PlaySound(sys.argv[1], winsound.SND_FILENAME)",
    ]


def stand_in_player() -> list[str]:
    """A speaker stand-in (tests, benchmarks): plays nothing, for the WAV's real duration."""
    return [sys.executable, "-m", "uno_access.devices.null_player"]


# ------------------------------------------------------------------ the engine
_SYNTH_LOCK = threading.Lock()  # one engine per process (espeak initialises once)


@lru_cache(maxsize=1)
def _engine() -> Any:
    try:
        import pyttsx3
    except ImportError as error:
        raise SpeechUnavailable(messages.tr(messages.PYTTSX3_MISSING).format(error=error)) from None
    try:
        engine = pyttsx3.init()
    except Exception as error:  # the drivers raise anything: OSError, RuntimeError, KeyError
        raise SpeechUnavailable(f"{type(error).__name__}: {error}") from None
    # The espeak driver prints "Audio saved to …" to stdout after each file: keep it
    # out of the player's terminal, for this module only (not sys.stdout: threads).
    driver = sys.modules.get("pyttsx3.drivers.espeak")
    if driver is not None:
        driver.print = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    atexit.register(_release_engine)
    return engine


@lru_cache(maxsize=1)
def _default_voice() -> str:
    """The engine's voice before anyone changed it (call with _SYNTH_LOCK held)."""
    return str(_engine().getProperty("voice"))


def _release_engine() -> None:
    # Drop the engine while the interpreter still works: pyttsx3's DriverProxy.__del__
    # run during shutdown prints a traceback ("'NoneType' has no attribute 'suppress'").
    if _SYNTH_LOCK.acquire(timeout=1.0):
        try:
            _engine.cache_clear()
            gc.collect()
        finally:
            _SYNTH_LOCK.release()


def engine_info() -> tuple[str, list[Voice], str]:
    """(driver name, voices, default voice id); raises SpeechUnavailable."""
    with _SYNTH_LOCK:
        engine = _engine()
        voices = [
            Voice(str(v.id), str(v.name), tuple(str(lang) for lang in (v.languages or ())))
            for v in engine.getProperty("voices")
        ]
        default = _default_voice()
        driver = type(engine.proxy._driver).__name__ if hasattr(engine, "proxy") else "pyttsx3"
    return driver, voices, default


_LANGUAGE_VOICES: dict[str, str] = {}


def _language_voice() -> str:
    """The voice of the language being said (call with _SYNTH_LOCK held): the engine's
    default for English, the language's espeak-ng voice for another (``roa/es``)."""
    from ..access.wording.language import ENGLISH, current_language

    lang = current_language()
    default = _default_voice()  # read (and kept) before any other voice is set
    if lang.code == ENGLISH:
        return default
    if lang.code not in _LANGUAGE_VOICES:
        found = [
            str(v.id)
            for v in _engine().getProperty("voices")
            if lang.voice in (v.languages or ()) or str(v.id).rsplit("/", 1)[-1] == lang.voice
        ]
        _LANGUAGE_VOICES[lang.code] = found[0] if found else default
    return _LANGUAGE_VOICES[lang.code]


def voice_for_language(code: str) -> str | None:
    """The id of the engine's voice for a language (``roa/es`` for ``es``: the language's
    espeak-ng voice), or None when the engine has none; raises SpeechUnavailable."""
    from ..access.wording.language import LANGUAGES, language_of

    wanted = LANGUAGES[language_of(code)].voice
    _, voices, _ = engine_info()
    for voice in voices:
        if wanted in voice.languages or voice.id.rsplit("/", 1)[-1] == wanted:
            return voice.id
    return None


SYNTH_ATTEMPTS = 4


def save_wav(text: str, path: str | Path, settings: SpeechSettings | None = None) -> Path:
    """Synthesize ``text`` to the WAV file ``path`` and return it; raises SpeechUnavailable.

    pyttsx3's espeak driver now and then (about one utterance in fifty, measured)
    writes a WAV with no frames at all: that utterance would be silent, so it is
    made again, a few times at most.
    """
    settings = settings or SpeechSettings()
    path = Path(path)
    for _attempt in range(SYNTH_ATTEMPTS):
        _synthesize(text, path, settings)
        if not text.strip() or _has_frames(path):
            return path
    raise SpeechUnavailable(messages.tr(messages.SPEECH_NO_AUDIO_MADE))


def _has_frames(path: Path) -> bool:
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() > 0
    except (OSError, EOFError, wave.Error):
        return False


def _synthesize(text: str, path: Path, settings: SpeechSettings) -> None:
    with _SYNTH_LOCK:
        engine = _engine()
        done = threading.Event()
        token = engine.connect("finished-utterance", lambda **_: done.set())
        try:
            engine.setProperty("voice", settings.voice or _language_voice())
            # espeak-ng (synchronous mode) at times keeps the previous rate when it is set
            # once; setting a neighbour first makes it take (tests/devices checks lengths)
            engine.setProperty("rate", settings.rate + 1)
            engine.setProperty("rate", settings.rate)
            engine.setProperty("volume", settings.volume)
            if path.is_symlink() or (path.exists() and not path.is_file()):
                # a device (/dev/full) or a link is never replaced by the file we make
                raise SpeechUnavailable(messages.tr(messages.SPEECH_NOT_A_FILE))
            with contextlib.suppress(FileNotFoundError):
                path.unlink()  # so that the wait below sees the new file, not an old one
            engine.save_to_file(text, str(path))
            engine.runAndWait()
            if not done.wait(SYNTH_TIMEOUT):
                raise SpeechUnavailable(messages.tr(messages.SPEECH_UNFINISHED))
        except (RuntimeError, OSError, ValueError, TypeError) as error:  # from the driver
            if isinstance(error, SpeechUnavailable):
                raise
            raise SpeechUnavailable(f"{type(error).__name__}: {error}") from None
        finally:
            engine.disconnect(token)
    if not path.exists():
        raise SpeechUnavailable(messages.tr(messages.SPEECH_NO_AUDIO_MADE))


def wav_seconds(path: str | Path) -> float:
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes() / float(wav.getframerate())


# ------------------------------------------------------------------ the routes
class Utterance(Protocol):
    """One message being said by a route: ``wait`` until it ends (False: it could not be
    heard, and the route told why), ``stop`` to cut it off (from another thread)."""

    def wait(self) -> bool: ...

    def stop(self) -> None: ...


class Route(Protocol):
    """A way speech reaches the player: the game's own voice here (``VoiceRoute``), or the
    player's screen reader (``devices.speechd``, ``devices.prism``). The ``Speaker`` keeps
    the queue and the priorities, the same on every route; a route says one message at a
    time and cuts it off."""

    name: str  # said by the doctor and by the line telling which route speaks

    @property
    def braille(self) -> bool:
        """Whether the screen reader shows text on its braille display (``show_braille``)."""

    def check(self) -> None:
        """Raise ``SpeechUnavailable`` when this route cannot speak."""

    def prepare(self, text: str, settings: SpeechSettings, slot: int) -> object:
        """What ``begin`` needs (the game's voice: the WAV made); may take its time, and
        may raise ``SpeechUnavailable``. ``slot`` numbers the message (0 to 3)."""

    def begin(self, prepared: object, priority: Priority) -> Utterance | None:
        """Start saying it (quickly: the speaker's lock is held); None when it cannot."""

    def silence(self) -> None:
        """Cut off whatever this route is saying, begun or not (the quiet key)."""

    def show_braille(self, text: str) -> None:
        """Show ``text`` on the screen reader's braille display (when ``braille``)."""

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Words:
    """A message as a screen reader's route takes it: its text and the player's settings."""

    text: str
    settings: SpeechSettings


class Playing(Protocol):
    """An utterance playing through a shared stream: ``done`` is set at its end."""

    done: threading.Event

    def stop(self) -> None: ...


class Sink(Protocol):
    """A stream kept open that plays a WAV file beside other sounds (``SoundDevice``)."""

    def play_file(self, path: Path) -> Playing | None: ...


class _Through:
    """An utterance playing through the shared stream."""

    def __init__(self, voice: Playing, closed: Callable[[], bool]) -> None:
        self.voice = voice
        self._closed = closed

    def wait(self) -> bool:
        while not self.voice.done.wait(0.5) and not self._closed():
            pass  # a stream that stopped pulling: close() still ends the wait
        return True

    def stop(self) -> None:
        self.voice.stop()


class _Process:
    """An utterance played by a player process of its own."""

    def __init__(self, process: subprocess.Popen[bytes], route: VoiceRoute) -> None:
        self._process = process
        self._route = route
        self._stopped = False

    def wait(self) -> bool:
        _, err = self._process.communicate()
        if self._process.returncode != 0 and not self._stopped:
            self._route.no_audio(_last_line(err, self._route.player[0]))
            return False
        return True

    def stop(self) -> None:
        self._stopped = True
        if self._process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.terminate()


class VoiceRoute:
    """The game's own voice: pyttsx3 makes a WAV, the shared stream (``sink``) or a
    player process of our own plays it; cutting off stops the stream's voice or ends
    the process."""

    name = "pyttsx3"
    braille = False

    def __init__(
        self,
        player: Sequence[str] | None = None,
        sink: Sink | None = None,
        notices: Notices | None = None,
    ) -> None:
        self.player = list(player) if player is not None else default_player()
        self._sink = sink
        self.notices = notices or Notices()
        self._closed = False
        self._dir = tempfile.TemporaryDirectory(prefix="uno-access-speech-")

    def check(self) -> None:
        engine_info()

    def prepare(self, text: str, settings: SpeechSettings, slot: int) -> object:
        return save_wav(text, Path(self._dir.name) / f"u{slot}.wav", settings)

    def begin(self, prepared: object, priority: Priority) -> Utterance | None:
        assert isinstance(prepared, Path)
        if self._sink is not None:
            try:
                voice = self._sink.play_file(prepared)
            except RuntimeError:  # the file did not decode: the player process tries
                voice = None
            if voice is not None:
                return _Through(voice, lambda: self._closed)
        try:
            process = subprocess.Popen(
                [*self.player, str(prepared)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                # not in the terminal's process group: Ctrl-C is the game's to handle
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            self.no_audio(str(error))
            return None
        return _Process(process, self)

    def no_audio(self, reason: str) -> None:
        self.notices.report(DEVICE, "no-audio", _no_audio(reason))

    def silence(self) -> None:
        """Nothing beyond the utterance being played (``Utterance.stop``)."""

    def show_braille(self, text: str) -> None:
        """No braille display of its own."""

    def close(self) -> None:
        self._closed = True
        self._dir.cleanup()


# ------------------------------------------------------------------ the speaker
@dataclass(order=True)
class _Item:
    sort_key: tuple[int, int]  # (-priority, sequence): urgent first, then oldest first
    text: str = ""
    priority: Priority = Priority.NORMAL


class Speaker:
    """Speech with priorities and a real cut-off, on a worker thread of its own.

    ``route`` is the way speech reaches the player (the game's own voice by default:
    ``VoiceRoute(player, sink)``). ``player`` is the command that plays a WAV (its path
    is appended); tests and benchmarks pass ``stand_in_player()`` in place of the
    speaker. ``sink``: a stream kept open (the sound cues' mixer) that plays the speech
    in place of the player process, so that speech and sounds share the device and
    neither waits for the other; without one, or when it fails, the player process plays
    it. ``on_event`` is called from the worker with ("started", text) when saying begins,
    ("finished", text) when it ends by itself and ("cut", text) once a cut-off utterance
    has really stopped.
    """

    def __init__(
        self,
        settings: SpeechSettings | None = None,
        *,
        player: Sequence[str] | None = None,
        notices: Notices | None = None,
        on_event: Callable[[str, str], None] | None = None,
        sink: Sink | None = None,
        route: Route | None = None,
    ) -> None:
        self.notices = notices or Notices()
        self.route: Route = route or VoiceRoute(player, sink, self.notices)
        self._settings = settings or SpeechSettings()
        self._on_event = on_event
        self._cond = threading.Condition()
        self._queue: list[_Item] = []
        self._sequence = itertools.count()
        self._generation = 0  # bumped by each cut-off: older utterances are not said
        self._saying: Utterance | None = None
        self._current: _Item | None = None  # taken from the queue: being made or said
        self._current_generation = 0  # the generation it was taken in: older, it is cut
        self._closed = False
        self._available = False
        self._thread: threading.Thread | None = None
        # each message's line to the screen reader's braille display too (its route has
        # one, and no braille display of the game's own is driven: Windows, macOS)
        self.braille_too = False

    # -------------------------------------------------------------- control
    def start(self) -> bool:
        """Start the worker; False, with one notice, when the route cannot speak."""
        try:
            self.route.check()
        except SpeechUnavailable as error:
            self.notices.report(DEVICE, "unavailable", _unavailable(error.reason))
            return False
        self._available = True
        atexit.register(self.close)  # a worker mid-utterance at exit must finish first
        self._thread = threading.Thread(target=self._run, name="uno-access-speech", daemon=True)
        self._thread.start()
        return True

    @property
    def available(self) -> bool:
        return self._available

    @property
    def enabled(self) -> bool:
        return self._settings.enabled

    @property
    def settings(self) -> SpeechSettings:
        return self._settings

    def toggle(self) -> bool:
        """Silence speech or restore it; returns whether speech is now on."""
        with self._cond:
            enabled = not self._settings.enabled
            self._settings = replace(self._settings, enabled=enabled)
        if not enabled:
            self.stop()
        return enabled

    def set_rate(self, rate: int) -> None:
        with self._cond:
            self._settings = replace(self._settings, rate=max(80, min(500, rate)), own=True)

    def set_volume(self, volume: float) -> None:
        with self._cond:
            self._settings = replace(self._settings, volume=max(0.0, min(1.0, volume)), own=True)

    def set_voice(self, voice: str | None) -> None:
        with self._cond:
            self._settings = replace(self._settings, voice=voice)

    # -------------------------------------------------------------- speaking
    def show(self, message: Message) -> None:
        self.say(message.speech, message.priority)
        if self.braille_too and self._available:
            self.route.show_braille(message.text)

    def say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        """Queue ``text`` at ``priority`` (see the module's docstring)."""
        if not text.strip():
            return
        with self._cond:
            if self._closed or not self._available or not self._settings.enabled:
                return
            current = self._current
            if current is not None and self._current_generation != self._generation:
                current = None  # already cut off: once is enough
            if priority is Priority.URGENT:
                self._queue = [item for item in self._queue if item.priority is Priority.URGENT]
                if current is not None and current.priority is not Priority.URGENT:
                    self._cut_locked(forget=False)
            else:
                self._queue = [item for item in self._queue if item.priority > Priority.LOW]
                if current is not None and current.priority is Priority.LOW:
                    self._cut_locked(forget=False)
            item = _Item((-int(priority), next(self._sequence)), text, priority)
            self._queue.append(item)
            self._queue.sort()
            self._cond.notify()

    def stop(self) -> None:
        """Cut off what is being said and forget everything queued."""
        with self._cond:
            self._cut_locked()
            self.route.silence()

    def _cut_locked(self, *, forget: bool = True) -> None:
        """Stop the current utterance (and with ``forget``, everything queued)."""
        self._generation += 1
        if forget:
            self._queue.clear()
        if self._saying is not None:
            self._saying.stop()

    @property
    def speaking(self) -> bool:
        with self._cond:
            return self._current is not None or bool(self._queue)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is queued or playing; False on timeout."""
        deadline = time.monotonic() + timeout
        while self.speaking:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def close(self) -> None:
        atexit.unregister(self.close)
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cut_locked()
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self.route.close()

    # -------------------------------------------------------------- worker
    def _run(self) -> None:
        for n in itertools.count():
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                item = self._queue.pop(0)
                generation = self._generation
                settings = self._settings
                self._current = item
                self._current_generation = generation
            try:
                prepared = self.route.prepare(item.text, settings, n % 4)
                self._say(item, prepared, generation)
            except SpeechUnavailable as error:
                self.notices.report(DEVICE, "unavailable", _unavailable(error.reason))
            finally:
                with self._cond:
                    self._current = None

    def _say(self, item: _Item, prepared: object, generation: int) -> None:
        with self._cond:
            if generation != self._generation or self._closed:
                return  # cut off while it was being made
            saying = self.route.begin(prepared, item.priority)
            if saying is None:
                return
            self._saying = saying
        self._emit("started", item.text)
        saying.wait()
        with self._cond:
            self._saying = None
            cut = generation != self._generation
        self._emit("cut" if cut else "finished", item.text)

    def _emit(self, what: str, text: str) -> None:
        if self._on_event is not None:
            self._on_event(what, text)


def _unavailable(reason: str) -> Line:
    """No speech (the reason is ``uno-access doctor``'s to give)."""
    return Line.of(messages.speech_unavailable)


def _no_audio(reason: str) -> Line:
    """No sound device for speech (the reason is ``uno-access doctor``'s to give)."""
    return Line.of(messages.speech_no_audio)


def _last_line(err: bytes, player: str) -> str:
    lines = [line for line in err.decode(errors="replace").splitlines() if line.strip()]
    if lines:
        return lines[-1].strip()
    return messages.tr(messages.AUDIO_PLAYER_FAILED).format(player=os.path.basename(player))
