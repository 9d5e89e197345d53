"""Speech and braille through Prism: the player's screen reader on Windows, macOS and Linux.

The only module that imports ``prism`` (PyPI ``prismatoid``). Prism reaches NVDA, JAWS,
SAPI, OneCore, VoiceOver, Orca, speech-dispatcher and more, each a "backend"; the best
one running on this machine is asked for once. Its Linux wheel has the Orca and
speech-dispatcher backends alone, and asking for the best raises ``ValueError`` when
neither runs: the game's own voice speaks then (``devices.speech_route``).

Prism's ``speak`` takes an ``interrupt`` flag and nothing of priorities: an urgent message
interrupts, the others are handed on in order and the screen reader queues them. Where a
backend says whether it is speaking, each message is waited for as on the other routes.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from ..access import messages
from ..access.message import Priority
from ..access.wording.forms import Line
from .base import Notices
from .speech import DEVICE, SpeechSettings, SpeechUnavailable, Utterance, Words

SCREEN_READERS = frozenset(
    {
        "NVDA",
        "JAWS",
        "VOICE_OVER",
        "ORCA",
        "SPEECH_DISPATCHER",  # Orca's own way to speak on Linux
        "ANDROID_SCREEN_READER",
        "ZDSR",
        "ZOOM_TEXT",
        "BOY_PC_READER",
        "PC_TALKER",
        "SENSE_READER",
        "SYSTEM_ACCESS",
        "WINDOW_EYES",
        "SPIEL",
    }
)
"""The backends that are a screen reader (or its own route): ``auto`` takes these, not a
system voice such as SAPI, which would be a second voice beside the player's reader."""

POLL = 0.02  # seconds between asking a backend whether it is still speaking
START_GRACE = 0.3  # seconds a backend may take to start speaking what it was given


def _prism() -> Any:
    try:
        return importlib.import_module("prism")
    except ImportError:
        raise SpeechUnavailable(messages.tr(messages.PRISM_MISSING)) from None


class _Spoken:
    """A message handed to the backend: waited for while the backend says it speaks."""

    def __init__(self, route: PrismRoute) -> None:
        self._route = route
        self._stopped = False

    def wait(self) -> bool:
        if not self._route.knows_speaking:
            return True  # handed on: the screen reader queues it
        started = time.monotonic()
        while not self._stopped:
            speaking = self._route.speaking()
            if speaking is None:
                return False
            if not speaking and time.monotonic() - started > START_GRACE:
                break
            time.sleep(POLL)
        return True

    def stop(self) -> None:
        self._stopped = True
        self._route.silence()


class PrismRoute:
    """Prism's best backend here, as a ``speech.Route``; ``screen_readers_only`` (``auto``)
    refuses a backend that is a system voice rather than a screen reader."""

    def __init__(
        self,
        *,
        screen_readers_only: bool = False,
        notices: Notices | None = None,
        context: Any = None,
    ):
        self.notices = notices or Notices()
        self._only_readers = screen_readers_only
        self._given = context  # a Prism context of the caller's (its own registry)
        self._context: Any = None
        self._backend: Any = None
        self.name = "Prism"
        self.knows_speaking = False
        self._can_stop = False
        self._can_braille = False
        self._sent: dict[str, float] = {}

    def check(self) -> None:
        if self._backend is not None:
            return
        prism = _prism()
        try:
            context = self._given or prism.Context()
            backend = context.create_best()
        except (ValueError, RuntimeError, prism.PrismError) as error:
            raise SpeechUnavailable(messages.tr(messages.PRISM_NO_BACKEND)) from error
        kind = context.id_of(backend.name).name
        if self._only_readers and kind not in SCREEN_READERS:
            raise SpeechUnavailable(messages.tr(messages.PRISM_NO_SCREEN_READER))
        features = backend.features
        self.knows_speaking = bool(features.supports_is_speaking)
        self._can_stop = bool(features.supports_stop)
        self._can_braille = bool(features.supports_braille)
        self._context, self._backend = context, backend
        self.name = f"Prism: {backend.name}"

    @property
    def braille(self) -> bool:
        """Whether this screen reader shows text on its braille display (``show_braille``)."""
        return self._can_braille

    def show_braille(self, text: str) -> None:
        if self._can_braille and text.strip():
            self._call(self._backend.braille, text)

    def prepare(self, text: str, settings: SpeechSettings, slot: int) -> object:
        return Words(text, settings)

    def begin(self, prepared: object, priority: Priority) -> Utterance | None:
        assert isinstance(prepared, Words)
        text, settings = prepared.text, prepared.settings
        if settings.own:
            self._set("rate", max(0.0, min(1.0, 0.5 + (settings.rate - 175) / 550)))
            self._set("volume", settings.volume)
        if not self._call(
            self._backend.speak, text.replace("\x00", ""), priority is Priority.URGENT
        ):
            return None
        return _Spoken(self)

    def _set(self, what: str, value: float) -> None:
        if self._sent.get(what) != value:
            self._sent[what] = value
            try:
                setattr(self._backend, what, value)
            except Exception:  # a backend without it keeps its own
                return

    def speaking(self) -> bool | None:
        try:
            return bool(self._backend.speaking)
        except Exception as error:
            self._lose(error)
            return None

    def silence(self) -> None:
        if self._backend is not None and self._can_stop:
            try:
                self._backend.stop()
            except Exception:  # nothing was being said (Prism raises for that too)
                return

    def _call(self, call: Any, *args: object) -> bool:
        try:
            call(*args)
        except Exception as error:  # Prism's errors, an OSError from the screen reader
            self._lose(error)
            return False
        return True

    def _lose(self, error: BaseException) -> None:
        self.notices.report(DEVICE, "lost", Line.of(messages.screenreader_lost))

    def close(self) -> None:
        self._backend = None
        self._context = None
