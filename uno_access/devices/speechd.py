"""Speech through speech-dispatcher: the player's own screen reader's voice on Linux.

The only module that imports ``speechd`` (Debian's ``python3-speechd``, found by
``native.system_module`` from any Python, a pipx install's too). Orca speaks through
speech-dispatcher, so a message said here comes in the synthesizer, voice, rate and
language the player chose for their screen reader, and it is one voice, not two.

The ``Speaker`` keeps the queue and says one message at a time; each goes out with the
speech-dispatcher priority of its own (``PRIORITIES``), so that it also takes its place
among what the screen reader says: an urgent one ("important") is said at once, an
ordinary one ("message") waits its turn, a chatty one ("text") gives way to either.
Cutting off is SSIP's ``CANCEL``. The player's rate and volume are the screen reader's
unless the player set their own (``SpeechSettings.own``); the language is the game's.
"""

from __future__ import annotations

import threading
from types import ModuleType
from typing import Any

from .. import native
from ..access import messages
from ..access.message import Priority
from ..access.wording.forms import Line
from .base import Notices
from .speech import DEVICE, SpeechSettings, SpeechUnavailable, Utterance, Words

NAME = "speech-dispatcher"
CLIENT = "uno-access"

PRIORITIES = {Priority.URGENT: "important", Priority.NORMAL: "message", Priority.LOW: "text"}
"""Our priorities as speech-dispatcher's: "important" interrupts what the screen reader
says, "message" waits for it, "text" is dropped for anything newer of another client."""

WAIT_SLICE = 0.25  # seconds between looks at the connection while a message is said


def _module() -> ModuleType:
    try:
        return native.system_module("speechd")
    except ImportError:
        raise SpeechUnavailable(messages.tr(messages.SPEECHD_MISSING)) from None


def rate_of(words_a_minute: int) -> int:
    """A rate in words a minute as speech-dispatcher's -100 to 100 (175, espeak-ng's own
    default, is speech-dispatcher's 0)."""
    if words_a_minute >= 175:
        return min(100, round((words_a_minute - 175) * 100 / 275))
    return max(-100, round((words_a_minute - 175) * 100 / 95))


def reachable(address: str | None = None) -> bool:
    """Whether a speech-dispatcher runs that this player can reach (never starts one)."""
    route = SpeechdRoute(autospawn=False, address=address)
    try:
        route.check()
    except SpeechUnavailable:
        return False
    route.close()
    return True


class _Said:
    """One message given to speech-dispatcher, until its END or CANCEL event."""

    def __init__(self, route: SpeechdRoute, message: int) -> None:
        self._route = route
        self._message = message

    def wait(self) -> bool:
        return self._route.wait_for(self._message)

    def stop(self) -> None:
        self._route.cancel()


class SpeechdRoute:
    """Speech-dispatcher's client connection, as a ``speech.Route``."""

    name = NAME
    braille = False  # Orca brailles through brltty, which the game drives over BrlAPI

    def __init__(
        self,
        *,
        autospawn: bool = True,
        address: str | None = None,
        notices: Notices | None = None,
    ) -> None:
        self.notices = notices or Notices()
        self._autospawn = autospawn
        self._address = address  # None: SPEECHD_ADDRESS, else the user's own socket
        self._client: Any = None
        self._ended: dict[int, str] = {}  # message id -> "end" or "cancel"
        self._events = threading.Condition()
        self._sent: dict[str, object] = {}  # the settings given last, given again only changed

    def check(self) -> None:
        if self._client is not None:
            return
        speechd = _module()
        try:
            client = speechd.SSIPClient(
                CLIENT, component="game", address=self._address, autospawn=self._autospawn
            )
        except Exception as error:  # SSIPCommunicationError, SpawnError, OSError…
            raise SpeechUnavailable(f"{type(error).__name__}: {error}") from None
        # The client's own callbacks are registered after SPEAK is answered, and an END
        # that comes sooner is lost (its TODO says so): every event is taken here instead,
        # by message id, so that a short message's end is never missed.
        client._conn._callback = self._event
        self._client = client

    def _event(self, message: int, client: int, kind: str, **_: object) -> None:
        if kind in ("end", "cancel"):
            with self._events:
                self._ended[message] = kind
                self._events.notify_all()

    def prepare(self, text: str, settings: SpeechSettings, slot: int) -> object:
        return Words(text, settings)

    def begin(self, prepared: object, priority: Priority) -> Utterance | None:
        assert isinstance(prepared, Words)
        text, settings = prepared.text, prepared.settings
        from ..access.wording.language import current_language

        try:
            self._set("priority", PRIORITIES[priority])
            self._set("language", current_language().code)
            if settings.own:
                self._set("rate", rate_of(settings.rate))
                self._set("volume", round(settings.volume * 200) - 100)
            reply = self._client.speak(text)
        except Exception as error:  # the connection went away (speech-dispatcher ended)
            self._lose(error)
            return None
        return _Said(self, int(reply[2][0]))

    def _set(self, what: str, value: object) -> None:
        if self._sent.get(what) != value:
            getattr(self._client, f"set_{what}")(value)
            self._sent[what] = value

    def wait_for(self, message: int) -> bool:
        """Wait for the message's end (or its cut-off); False when the connection went."""
        thread = self._client._conn._communication_thread
        with self._events:
            while message not in self._ended:
                if not thread.is_alive():
                    self._lose(ConnectionError(NAME))
                    return False
                self._events.wait(WAIT_SLICE)
            self._ended.pop(message)
            for older in [m for m in self._ended if m < message]:
                del self._ended[older]  # the ends of messages cut off before they began
        return True

    def cancel(self) -> None:
        try:
            self._client.cancel()
        except Exception as error:
            self._lose(error)

    def silence(self) -> None:
        """Nothing more: the one message of ours speech-dispatcher has is the utterance
        being said, which ``_Said.stop`` cancels."""

    def show_braille(self, text: str) -> None:
        """None here: speech-dispatcher speaks."""

    def _lose(self, error: BaseException) -> None:
        """Told once: the screen reader's speech went away (the game goes on)."""
        self.notices.report(DEVICE, "lost", Line.of(messages.screenreader_lost))

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                client.close()
            except Exception:  # already gone
                return
