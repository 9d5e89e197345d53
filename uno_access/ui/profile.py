"""The output profile: the devices a player's settings ask for, opened for one game.

Speech, a braille display (or, asked for, the on-screen braille line) and large text are
each optional; whatever cannot be opened is said once (``Notices``), in plain words, and
the game goes on without it. ``auto`` without a display means braille off.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from ..access import messages
from ..access.message import Priority, Verbosity
from ..access.render import Renderer
from ..access.speech import Line
from ..devices.base import Notices
from ..seat.outputs import Outputs
from ..settings import DEFAULTS, BrailleDisplay, Settings, sound_choices
from .keys import Routed
from .terminal import Keyboard, Screen

if TYPE_CHECKING:
    from ..devices.braille_views import DisplayEvent


@dataclass(eq=False, repr=False)  # a value of none of them: only its fields are used
class Session:
    """One person's keyboard and outputs for a game, from their settings."""

    keyboard: Keyboard
    screen: Screen
    outputs: Outputs
    notices: Notices
    verbosity: Verbosity = Verbosity.NORMAL
    pace: float = 0.0
    grace: float = 0.0  # a bot's moment before it catches the person (tests: none)
    speech_seat: int = 0  # hot seat: the one seat whose own lines are spoken

    def close(self) -> None:
        self.outputs.close()

    def tell(self, line: Line) -> None:
        """A line outside the game: what the devices had to say first, then ``line``."""
        self.flush()
        self.outputs.say(line)

    def show(self, line: Line) -> None:
        """A line outside the game with its brief and braille forms (a menu's item): what
        the devices had to say first, then ``line``, urgent, as the answer to a key."""
        self.flush()
        outputs = self.outputs
        renderer = Renderer(
            0,
            (),
            verbosity=self.verbosity,
            table=outputs.braille_table,
            with_braille=outputs.braille is not None,
        )
        outputs.show(renderer.line(line, Priority.URGENT))

    def flush(self) -> None:
        """Tell what the devices and the store had to say and was not told yet."""
        for notice in self.notices.drain():
            self.outputs.say(notice.line)

    def notify(self, line: str) -> None:
        """A notice of the store's (the game is not being saved): told once, before the
        next line, as the devices' notices are.
        """
        self.notices.report("store", line, Line.of(messages.file_notice, line))


# the machine's notices told in this run of the program (``Notices.told_before``): the
# setup's session and the game's tell each once between them (issue 23)
_TOLD_THIS_RUN: set[tuple[str, str]] = set()


def plain_session(keyboard: Keyboard, screen: Screen) -> Session:
    """Typed lines and plain lines, no devices: what tests and scripts drive."""
    return Session(keyboard, screen, Outputs(screen.say), Notices())


def open_session(settings: Settings, keyboard: Keyboard, stream: TextIO | None = None) -> Session:
    """The screen and the devices the settings ask for; a braille display's routing keys
    reach the keyboard as ``Routed`` values.
    """
    stream = stream or sys.stdout
    notices = Notices(told_before=_TOLD_THIS_RUN)
    large = None
    if settings.large_text:  # rich only when it is used: the first prompt comes sooner
        from ..devices.screen import LargeText

        large = LargeText(stream, banner=settings.large_banner)
    screen = Screen(large.line if large is not None else None)
    # one stream kept open for the sounds and speech, opened while the game starts, in a
    # process of its own: the stream's callback is Python, and the hard bot's compiled
    # search holds this process's interpreter for up to ~125 ms at a time (measured),
    # which would hold sounds back and break speech up. With sounds off it is opened
    # (quietly: no notice) when Z first switches them on; until it is open, and without a
    # sound device, speech plays through its own player process.
    from ..devices.sound import SoundDevice, SoundSettings

    sounds = SoundDevice(
        SoundSettings(settings.sounds, settings.sound_volume),
        notices=notices if settings.sounds else Notices(),
        separate=True,
    )
    if settings.sounds:
        sounds.start_soon()
    speaker = None
    if settings.speech:
        from ..devices.speech import SpeechSettings
        from ..devices.speech_route import open_speaker

        speaker = open_speaker(
            settings.speech_route,
            SpeechSettings(
                rate=settings.speech_rate,
                volume=settings.volume,
                voice=settings.voice or None,
                own=(settings.speech_rate, settings.volume)
                != (DEFAULTS.speech_rate, DEFAULTS.volume),
            ),
            notices=notices,
            sink=sounds,
        )

    braille_out = None
    if (
        speaker is not None
        and speaker.route.braille
        and settings.braille_display is BrailleDisplay.AUTO
        and not sys.platform.startswith("linux")
    ):
        # no BrlAPI here (Windows, macOS): the screen reader's own braille shows each line
        speaker.braille_too = True
    elif settings.braille_display is not BrailleDisplay.OFF:
        from ..devices.braille_display import open_braille
        from ..devices.braille_views import CardChosen

        def routed(event: DisplayEvent) -> None:
            keyboard.post(Routed(event.index, isinstance(event, CardChosen)))

        braille_out = open_braille(
            settings.braille_display.value,
            stream=stream,
            notices=notices,
            on_event=routed,
            wait=0.3,
            width=settings.display_width,
        )
    outputs = Outputs(
        screen.say,
        speaker=speaker,
        braille_out=braille_out,
        large=large,
        table=settings.braille_table,
        sounds=sounds,
        sound_when=sound_choices(settings),
    )
    return Session(
        keyboard,
        screen,
        outputs,
        notices,
        settings.verbosity,
        settings.bot_pace,
        settings.catch_grace,
        settings.speech_seat,
    )
