"""Where the game's messages go: the screen always, speech, braille and sounds when on.

The seat builds each ``Message`` once (``access.render``) and hands it here; this fans it
out to the devices its driver gave it, none of which knows the others. It does no I/O of
its own: it calls ``write`` and the devices, each seen through the small protocol below
of what it calls; braille dots are the accessibility layer's (liblouis), made only when
a braille output is given. A message's sound is started first
(it is the quickest to hear), beside its line, speech and braille, never instead; the
player's choice for that sound (never, not on my turn, always) decides whether it
plays. The hand and the table go to the braille display's own views, and to the large
text when it is on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from ..access import braille, messages
from ..access.braille import BrailleTable
from ..access.message import Message, Priority
from ..access.sounds import Cue, When, audible, cue_named
from ..access.speech import Line
from ..engine.cards import Card
from ..engine.state import PlayerView

# what ``Outputs`` calls of each device: the devices' own classes (``devices.speech.Speaker``,
# ``devices.braille_display``'s display and on-screen line, ``devices.screen.LargeText``,
# ``devices.sound.SoundDevice``) fit these as they are, and the seat imports none of them


class Speaker(Protocol):
    @property
    def available(self) -> bool: ...

    @property
    def enabled(self) -> bool: ...

    def show(self, message: Message) -> None: ...

    def toggle(self) -> bool: ...

    def set_rate(self, rate: int) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def close(self) -> None: ...


class BrailleOut(Protocol):
    def show(self, message: Message, follow: bool = True) -> None: ...

    def set_hand(self, cards: Sequence[str], selected: int | None = None) -> None: ...

    def set_table(self, dots: str) -> None: ...

    def clear(self) -> None: ...

    def close(self) -> None: ...


class LargeText(Protocol):
    def hand(
        self, cards: Sequence[Card], selected: int | None, playable: Iterable[Card] = ()
    ) -> None: ...

    def table(self, view: PlayerView) -> None: ...


class Sounds(Protocol):
    tried: bool  # ``start`` was called

    @property
    def available(self) -> bool: ...

    @property
    def enabled(self) -> bool: ...

    def start(self) -> bool: ...

    def play(self, name: str) -> object: ...

    def toggle(self) -> bool: ...

    def set_volume(self, volume: float) -> None: ...

    def close(self) -> None: ...


class Outputs:
    """The devices of one player at the keyboard; each may be None (off)."""

    def __init__(
        self,
        write: Callable[[str], None],
        *,
        speaker: Speaker | None = None,
        braille_out: BrailleOut | None = None,
        large: LargeText | None = None,
        table: BrailleTable = BrailleTable.UEB2,
        sounds: Sounds | None = None,
        sound_when: Mapping[Cue, When] | None = None,
    ) -> None:
        self.write = write
        self.sounds = sounds
        self.sound_when: Mapping[Cue, When] = sound_when or {}
        self.my_turn = False  # set by the table: a sound may be only for the others' turns
        # a terminal's bell at "your turn", for a plain ssh seat that asked for it (bell on),
        # and at the cues of ``bell_for`` (bell chat: the chat lines too)
        self.bell: Callable[[], None] | None = None
        self.bell_for: frozenset[Cue] = frozenset({Cue.YOUR_TURN})
        # network play: whether chat lines are spoken (muted, they are still shown,
        # brailled and kept), and whether the player was told once that they are not
        self.chat_speech = True
        self.chat_silence_told = False
        # False for a plain ssh session, whose terminal is what its screen reader speaks:
        # muted chat lines are then kept in the chat's history, not shown as they come
        self.chat_muted_shown = True
        self.speaker = speaker
        self.braille = braille_out
        self.large = large
        self.braille_table = table
        # what was shown since the person last typed, and before that (R says it again,
        # each message as each device showed it: its braille line, its speech, its print),
        # each with whether a braille display moved to it
        self._since_input: list[tuple[Message, bool]] = []
        self._last: list[tuple[Message, bool]] = []

    @property
    def last_said(self) -> tuple[tuple[Message, bool], ...]:
        """The messages shown after the person's last key or line but one, each with
        whether the display moved to it: what R repeats, and where the display rests."""
        return tuple(self._last)

    def input_taken(self) -> None:
        """The person is asked for a key or a line: what was shown since becomes the last."""
        if self._since_input:
            self._last, self._since_input = self._since_input, []

    def say(self, line: Line, priority: Priority = Priority.NORMAL) -> None:
        """A line of the session's own, before or beside a game (the offer to resume, the
        store's notices): the same one path to every device as the game's messages.
        """
        self.show(self.message(line, priority))

    def message(self, line: Line, priority: Priority = Priority.NORMAL) -> Message:
        """A line of the session's own as a message: its sentence for the screen and
        speech, its braille form for a display.
        """
        sentence = line.sentence()
        dots = braille.render(line.brief(), self.braille_table) if self.braille is not None else ""
        return Message(messages.spoken(sentence), dots, sentence, priority)

    def show(self, message: Message, speak: bool = True, follow: bool = True) -> None:
        """``message`` to every device; to speech only when ``speak`` (a hot-seat table
        speaks one seat's own lines alone: everyone in the room hears it). Not ``follow``:
        a braille display keeps showing what it shows (the answer to the person's last
        key), the message joining its lines to be read on.
        """
        self._since_input.append((message, follow))
        cue = None if message.sound is None else cue_named(message.sound)
        sounds = self.sounds
        if cue is not None and sounds is not None and audible(cue, self.sound_when, self.my_turn):
            sounds.play(cue.value)
        if cue is not None and cue in self.bell_for and self.bell is not None:
            self.bell()  # before the words, as a sound cue is
        self.write(message.text)
        if self.speaker is not None and speak:
            self.speaker.show(message)
        if self.braille is not None:
            self.braille.show(message, follow)

    def clear(self) -> None:
        """A hot seat's handover: the braille display keeps nothing of the last person's,
        and R nothing to repeat."""
        self._since_input, self._last = [], []
        if self.braille is not None:
            self.braille.clear()

    def hand(
        self,
        cards: Sequence[Card],
        selected: int | None,
        playable: Iterable[Card] = (),
        draw: bool = False,
    ) -> None:
        """The hand changed, or the selection: the braille hand line follows, each card
        the player can play now (``playable``) with dot 8 under its cells; large text
        draws the hand when ``draw``.
        """
        if self.braille is not None:
            marked = set(playable)
            table = self.braille_table
            dots = [
                braille.playable(braille.card_unicode(card, table))
                if card in marked
                else braille.card_unicode(card, table)
                for card in cards
            ]
            self.braille.set_hand(dots, selected)
        if draw and self.large is not None:
            self.large.hand(cards, selected, playable)

    def table(self, view: PlayerView, line: Message, draw: bool = False) -> None:
        """The table changed: ``line`` is its braille line (top card, colour, counts)."""
        if self.braille is not None:
            self.braille.set_table(line.braille)
        if draw and self.large is not None:
            self.large.table(view)

    def set_speech(
        self, on: bool | None = None, rate: int | None = None, volume: float | None = None
    ) -> bool:
        """Speech on or off, its rate or volume; False when there is no speech."""
        speaker = self.speaker
        if speaker is None or not speaker.available:
            return False
        if on is not None and on != speaker.enabled:
            speaker.toggle()
        if rate is not None:
            speaker.set_rate(rate)
        if volume is not None:
            speaker.set_volume(volume)
        return True

    def toggle_speech(self) -> bool | None:
        """Speech off or on again; None when there is no speech."""
        if self.speaker is None or not self.speaker.available:
            return None
        return self.speaker.toggle()

    def toggle_sounds(self) -> bool | None:
        """Sounds off or on again; None when no sound device plays them. Sounds that were
        off from the start have their stream opened now.
        """
        sounds = self.sounds
        if sounds is not None and not sounds.tried:
            sounds.start()
        if sounds is None or not sounds.available:
            return None
        return sounds.toggle()

    def set_sounds(self, on: bool | None = None, volume: float | None = None) -> bool:
        """Sounds on or off, their volume; False when there are no sounds."""
        sounds = self.sounds
        if sounds is not None and not sounds.tried and on:
            sounds.start()
        if sounds is None or not sounds.available:
            return False
        if on is not None and on != sounds.enabled:
            sounds.toggle()
        if volume is not None:
            sounds.set_volume(volume)
        return True

    def close(self) -> None:
        for device in (self.speaker, self.braille, self.sounds):
            if device is not None:
                device.close()
