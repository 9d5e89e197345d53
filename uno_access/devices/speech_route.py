"""Which way speech reaches the player: their screen reader, or the game's own voice.

``--speech auto`` (the default) takes the screen reader's route when one is running, the
game's own voice otherwise, and says once which it took and how to change it;
``screenreader`` asks for the screen reader's route (and falls back to the game's voice,
saying so, when there is none); ``voice`` is the game's own voice. Never two voices.

The screen reader's routes, best first: speech-dispatcher (Orca's own way to speak on
Linux, ``devices.speechd``), then Prism (``devices.prism``: NVDA, JAWS, VoiceOver and the
others on Windows and macOS; on Linux only when Debian's speech-dispatcher module is not
there). "Running": a speech-dispatcher answers, Orca runs, or Prism finds a screen reader.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from ..access import messages
from ..access.wording.forms import Line
from ..settings_table import SpeechRoute
from .base import Notices
from .speech import DEVICE, Route, Sink, Speaker, SpeechSettings, SpeechUnavailable, VoiceRoute

ROUTE = "route"  # the notice's kind: which route speaks (told once a run)


def orca_running(proc: Path = Path("/proc")) -> bool:
    """Whether the Orca screen reader runs on this machine (Linux)."""
    try:
        entries = list(proc.iterdir())
    except OSError:
        return False
    for entry in entries:
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "orca":
                    return True
            except OSError:
                continue
    return False


def _speechd_there() -> bool:
    from .. import native

    try:
        native.system_module("speechd")
    except ImportError:
        return False
    return True


def screen_reader(
    *, running_only: bool, notices: Notices | None = None
) -> tuple[Route | None, str]:
    """The screen reader's route (None when there is none) and, without one, why.

    ``running_only`` (``auto``): a speech-dispatcher already running, or Orca, or a screen
    reader Prism finds; else speech-dispatcher may be started, and any Prism backend does.
    """
    reasons: list[str] = []
    if sys.platform.startswith("linux") and _speechd_there():
        from .speechd import SpeechdRoute

        spawn = not running_only or orca_running()
        route = SpeechdRoute(autospawn=spawn, notices=notices)
        try:
            route.check()
            return route, ""
        except SpeechUnavailable as error:
            reasons.append(f"speech-dispatcher: {error.reason}")
            if running_only:
                return None, "; ".join(reasons)  # Prism's Linux route is the same one
    from .prism import PrismRoute

    prism = PrismRoute(screen_readers_only=running_only, notices=notices)
    try:
        prism.check()
        return prism, ""
    except SpeechUnavailable as error:
        reasons.append(f"Prism: {error.reason}")
    return None, "; ".join(reasons)


@dataclass(frozen=True, slots=True)
class Chosen:
    """The route taken and the line that says so (None: nothing to say)."""

    route: Route
    line: Line | None


def choose(
    choice: SpeechRoute,
    *,
    notices: Notices | None = None,
    player: list[str] | None = None,
    sink: Sink | None = None,
) -> Chosen:
    """The route ``choice`` asks for on this machine."""
    voice = VoiceRoute(player, sink, notices)
    if choice is SpeechRoute.VOICE:
        return Chosen(voice, None)
    route, _why = screen_reader(running_only=choice is SpeechRoute.AUTO, notices=notices)
    if route is not None:
        return Chosen(route, Line.of(messages.speech_route_reader, route.name))
    if choice is SpeechRoute.AUTO:
        return Chosen(voice, Line.of(messages.speech_route_voice))
    return Chosen(voice, Line.of(messages.speech_route_fallback))


def open_speaker(
    choice: SpeechRoute,
    settings: SpeechSettings,
    *,
    notices: Notices,
    sink: Sink | None = None,
    player: list[str] | None = None,
) -> Speaker | None:
    """A started speaker on the route ``choice`` asks for (None, with the notice, when it
    cannot speak at all); which route speaks is told once (a ``Notices`` of the machine)."""
    chosen = choose(choice, notices=notices, player=player, sink=sink)
    speaker = Speaker(settings, notices=notices, route=chosen.route)
    if not speaker.start():
        return None
    if chosen.line is not None:
        notices.report(DEVICE, ROUTE, chosen.line)
    return speaker


@dataclass(frozen=True, slots=True)
class Survey:
    """What ``uno-access doctor`` says of the screen reader's routes: each one's finding in
    words, and what ``auto`` takes (a route's name, or None: the game's own voice)."""

    speechd: str
    prism: str
    auto: str | None


def survey() -> Survey:
    """Each route asked, as ``auto`` asks (nothing started that is not running)."""
    linux = sys.platform.startswith("linux")
    direct = linux and _speechd_there()
    if not linux:
        speechd = messages.tr(messages.ROUTE_NOT_ON_SYSTEM)
    elif not direct:
        speechd = messages.tr(messages.SPEECHD_MISSING)
    else:
        from .speechd import reachable

        speechd = (
            messages.route_reaches("speech-dispatcher", False)
            if reachable()
            else messages.tr(messages.ROUTE_NOT_RUNNING)
        )
    if direct:
        # Prism's Linux route is speech-dispatcher too; asking it would start one
        prism = messages.tr(messages.ROUTE_NOT_NEEDED)
        if importlib.util.find_spec("prism") is None:
            prism = messages.tr(messages.PRISM_MISSING)
    else:
        from .prism import PrismRoute

        found = PrismRoute()
        try:
            found.check()
            prism = messages.route_reaches(found.name, found.braille)
        except SpeechUnavailable as error:
            prism = error.reason
        found.close()
    route, _ = screen_reader(running_only=True)
    auto = None if route is None else route.name
    if route is not None:
        route.close()
    return Survey(speechd, prism, auto)
