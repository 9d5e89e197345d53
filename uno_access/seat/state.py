"""A person's seat at the table: the state the table keeps for them, and the one way lines
go out (``say``, ``_show``, ``_tell``: saved first, then to every output, device notices
before them) and keys and lines come in (``_read``, with the command line announced).
The table is a coroutine with no I/O of its own: where it needs a key or a line, the
clock, the screen's last message marked, a setting kept in the settings file or a Ctrl-C
taken, it awaits a request (``seat.asks``), which its driver (``ui.drive`` at a
terminal) carries out; what it reads of the objects a driver hands it (the keyboard's
mode, the screen, the store's recorder, the devices' notices) is a protocol of
``seat.ports``.

The table is built up in layers, one concern a module: this one; ``answers`` (the
questions a person asks), ``navigation`` (the hand, the history, what the displays
show), ``dialogs`` (the questions the table asks back) and ``table`` (the loop).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from ..access import messages, speech
from ..access.message import Message, Priority, Verbosity
from ..access.render import Renderer
from ..access.sounds import Cue
from ..access.speech import Line
from ..bots import Bot
from ..bots.base import tell, watchers
from ..engine.actions import (
    QUERIES,
    Action,
    Keep,
    Play,
    PlayDrawn,
)
from ..engine.cards import Card, Color, Kind
from ..engine.events import (
    CardCount,
    Event,
    GameEnded,
    PlayerEliminated,
    Rejected,
    RoundEnded,
    RoundStarted,
    TopCard,
    TurnStarted,
)
from ..engine.state import Phase, PlayerView
from .asks import InputTaken, ReadKey, ReadLine
from .commands import Answer, Ask, Invalid, Quit, Setting
from .hand import HandCursor
from .history import Buffer, History
from .keys import Key, Pressed, Read, Routed, TooLong, Typing
from .outputs import Outputs
from .ports import Keyed, Lines, Notices, Recorder, Resumed

# events that answer the person (a refusal, card check, the top card): the answers' history
_ANSWERS = (Rejected, CardCount, TopCard)


class TableGame(Protocol):
    """What a seat needs of the game it plays: the engine's ``Game`` at this keyboard, or
    a server table's seat (``net.seat.RemoteGame``) holding only that seat's view.
    """

    opening: tuple[Event, ...]

    @property
    def over(self) -> bool: ...

    def apply(self, action: Action) -> list[Event]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def view(self, seat: int) -> PlayerView: ...

    def out_of_turn_order(self) -> tuple[int, ...]: ...


class _Left(Exception):
    """The person chose to leave the game."""


class Seat:
    """The state of one person's seat (``Table`` builds on it), and the lines in and out.

    The store's seam: ``recorder`` (when given) saves every action right before it is
    applied (``_apply``, the only caller of ``Game.apply``), every line right before it is
    shown (``say``) and each time the person is asked to type (``_read``). ``resumed`` is
    the saved game this one takes up again: its opening is not said again, but where it
    stopped.
    """

    def __init__(
        self,
        game: TableGame,
        bots: Mapping[int, Bot],
        keyboard: Keyed,
        screen: Lines,
        seat: int = 0,
        *,
        recorder: Recorder | None = None,
        resumed: Resumed | None = None,
        outputs: Outputs | None = None,
        verbosity: Verbosity = Verbosity.NORMAL,
        pace: float = 0.0,
        grace: float = 0.0,
        notices: Notices | None = None,
        speech_seat: int = 0,
        at_keyboard: Sequence[int] | None = None,
    ) -> None:
        self.game = game
        self.recorder = recorder
        self.resumed = resumed
        self.bots = bots
        # the bots that remember what happened: they hear it as their seat may know it
        self._watching = watchers(bots.items())
        if self._watching:
            tell(self._watching, game.opening, game.view(seat).hand_sizes)
        self.outputs = outputs or Outputs(screen.say)
        self.me = seat
        # the people at this keyboard: every seat that is not a bot, unless told (a
        # network seat is one person, whoever else sits at the table)
        self.humans = (
            list(at_keyboard)
            if at_keyboard is not None
            else [s for s in range(len(game.view(seat).names)) if s not in bots]
        )
        # hot seat: several people at this keyboard, one of whom holds it at a time (None:
        # nobody yet, before the first has taken it); each has a history of their own
        self.hot_seat = len(self.humans) > 1
        self._holder: int | None = None if self.hot_seat else seat
        people = self.humans or [seat]
        self.speech_seat = speech_seat if speech_seat in people else people[0]
        self._histories = {person: History() for person in people}
        # the lines each person was not shown while another held the keyboard (each
        # ``Message.private`` when it is their own), told when they take it
        self._away: dict[int, list[Message]] = {person: [] for person in self.humans}
        self._told_speech: set[int] = set()  # told that speech does not speak their lines
        self.pace = pace
        # the moment a bot gives the person to call UNO before it catches them, without a
        # pace (the bot's behaviour, not a timer on the person), timed by the driver's clock
        self.grace = grace
        self.how = messages.KEYED if keyboard.keys else messages.TYPED
        view = game.view(seat)
        self.names = view.names
        self.rules = view.rules
        self.teams = view.teams
        self.renderer = Renderer.for_view(  # braille made only for a braille device
            view,
            verbosity,
            self.outputs.braille_table,
            with_braille=self.outputs.braille is not None,
        )
        if self.hot_seat:
            self.renderer = replace(self.renderer, named=True)
        self.cursor = HandCursor()
        self._cursors = {seat: self.cursor}  # hot seat: each person's own selection
        self.notices = notices
        self._skipping = False  # Tab: the bots' moves until the person's turn, at once
        self._announce = True  # say what to do when the person is next asked for a line
        self._moved = False  # a move was made: the others may act before the next one
        self._offered: set[tuple[object, ...]] = set()  # out-of-turn chances already told
        self._offered_at: tuple[int, int] = (0, 0)  # the round and play they were told on
        self._graced: tuple[int, int] | None = None  # the round and play a grace was given on
        self._turns_told = 0  # turn lines said with their hint counted (``_what_to_do``)
        self._turn_fresh = False  # the turn line about to be said begins a turn
        # the answer to the person's last key was shown: what the game goes on to tell
        # after it (the bots' moves, the next turn) joins a braille display's lines without
        # moving it off that answer, to be read on by panning (``_show``'s ``going_on``)
        self._answered = False
        self._keyed = False  # the person was asked for a key once: lines since answer one
        self._hint_said: str | None = None  # the keys' hint last said as a turn began

    @property
    def history(self) -> History:
        """The history of the person at the keyboard: every line they were told, for Page
        Up and Page Down (at a hot seat, before anyone takes the keyboard, the first's).
        """
        return self._histories.get(self.me) or next(iter(self._histories.values()))

    @property
    def _shared(self) -> bool:
        """Whether what is said now is said to the whole table: a hot seat before anyone
        has taken the keyboard.
        """
        return self.hot_seat and self._holder is None

    def _speaks(self, message: Message) -> bool:
        """Whether speech says ``message``: at a hot-seat table, only the speech's seat's
        own lines, and the lines the whole table may know.
        """
        return not self.hot_seat or not message.private or self._holder == self.speech_seat

    def _apply(self, action: Action) -> list[Event]:
        """The one place the table changes the game: saved first, then applied. An action
        that would not read back once saved (a play of no cards, ``b7 x0``) is applied
        first: refused, as the rules always refuse it, it is not saved at all.
        """
        recorder = self.recorder
        later = False
        if recorder is not None and not isinstance(action, QUERIES):
            if recorder.readable(action):  # a query changes nothing: only its answer is kept
                recorder.record(action)
            else:
                later = True
        events = self.game.apply(action)
        if later and recorder is not None and not isinstance(events[0], Rejected):
            recorder.record(action)  # never happens; if it did, a resume stops before it
        if self._watching:
            tell(self._watching, events, self.game.view(self.me).hand_sizes)
        return events

    def say(
        self,
        line: Line,
        priority: Priority = Priority.URGENT,
        buffer: Buffer = Buffer.ANSWERS,
        sound: Cue | None = None,
        going_on: bool = False,
    ) -> None:
        """A line of the table's own (an answer, a prompt, an error): urgent unless told,
        since it answers what the person just did; kept in the answers' history unless
        it is part of the game (``buffer``). ``sound``: the sound played beside it.
        Only a ``Line`` is said: a phrase with its braille form beside its sentence.
        ``going_on``: not an answer to the person's last key, but the game going on (their
        next turn, a chance out of turn): see ``_show``.
        """
        message = self.renderer.line(line, priority)
        if sound is not None:
            message = replace(message, sound=sound.value)
        self._show(message, buffer=buffer, going_on=going_on)

    def _show(
        self,
        message: Message,
        saved: bool = False,
        buffer: Buffer = Buffer.ANSWERS,
        event: bool = False,
        going_on: bool = False,
    ) -> None:
        """Show one message: saved first (unless ``saved`` already), then what the devices
        had to say since the last line, then the message itself, so that it, the answer or
        the turn, is what the display ends on.

        The answer to the person's key is what a braille display ends on: a message the
        game tells as it goes on (``going_on``: the bots' moves, the next turn) moves it
        only until an answer was shown since the key; after one, it joins the display's
        lines, read on by panning. A chance to act at once (UNO when handed one card, a
        catch, a jump-in) is said as an answer is, and a round's result concludes its
        batch (``_tell``): the display shows them.

        At a hot-seat table a line of the table's own (not an ``event``'s) is the holder's
        alone (an answer, their turn), or everyone's before anyone holds the keyboard.
        """
        if self.recorder is not None and not saved:
            self.recorder.said(message.text)
        follow = not (going_on and self._answered)
        if not going_on and self._keyed and message.priority is not Priority.LOW:
            self._answered = True
        self._notices(message.priority, follow)
        if not self._shared:
            if self.hot_seat and not event:
                message = replace(message, private=True)
            self.history.add(message, buffer)
        elif not event:  # said to everyone (the events are in each history already)
            for history in self._histories.values():
                history.add(message, buffer)
        self.outputs.my_turn = self.game.view(self.me).current == self.me
        self.outputs.show(message, self._speaks(message), follow)

    def _tell_unsaved(
        self, line: Line, priority: Priority = Priority.NORMAL, keep: bool = True
    ) -> None:
        """A line told but not saved: the session's own (where a resumed game stopped, the
        end of the session), not the game's; kept in the history unless not ``keep``.
        """
        self._notices(priority)
        message = self.renderer.line(line, priority)
        if keep:
            self.history.add(message, Buffer.GAME)
        if self._keyed and priority is not Priority.LOW:
            self._answered = True
        self.outputs.show(message, self._speaks(message))

    async def _read(self, prompt: str, menu: bool = False) -> str | Pressed | Routed:
        """A key, a typed command, or a braille display's routing key; ``menu``: a
        question with choices is asked (its keys move through them)."""
        while True:
            await self._input_taken()
            got = await self._line(await ReadKey(prompt, menu=menu), prompt, menu)
            if got is not None:
                return got

    async def _line(
        self, got: Read, prompt: str, menu: bool = False
    ) -> str | Pressed | Routed | None:
        """The command line when a key asked for it: announced, read, and its closing
        said; a line too long refused in words. None when nothing is left to do.
        """
        if isinstance(got, Pressed) and got.key is Key.COMMAND_LINE:
            got = Typing("")
        if isinstance(got, Typing):
            self.say(Line.of(messages.command_line_open))
            start: str | None = got.text
            while True:
                got = await ReadLine(prompt, start, menu)
                start = None  # after a key that does nothing: the line as it was left
                if isinstance(got, Pressed) and got.key is Key.UNKNOWN:
                    self.say(Line.of(messages.no_such_key_typed))
                    continue
                if isinstance(got, Pressed) and got.key is Key.CLOSE:
                    self.say(Line.of(messages.command_line_closed))
                    return None
                if isinstance(got, TooLong) and got.paused:  # the keys work again at once
                    self.say(Line.of(messages.line_too_long, True))
                    return None
                break
        if isinstance(got, TooLong):
            self.say(Line.of(messages.line_too_long))
            return None
        if isinstance(got, Pressed) and got.key is Key.CLOSE:
            self.say(Line.of(messages.line_cleared))  # Escape on a typed line
            return None
        return None if isinstance(got, Typing) else got  # (a line is never Typing)

    def _notices(self, priority: Priority = Priority.NORMAL, follow: bool = True) -> None:
        """What the devices (and the store) had to say (speech lost, a display gone or back,
        the game not being saved), once each, before the line about to be shown, and as
        urgent as it so that speech says both; ``follow`` as that line does.
        """
        if self.notices is None:
            return
        for notice in self.notices.drain():
            # not saved: a device's or the store's situation is this session's, not the game's
            message = self.renderer.line(notice.line, max(priority, Priority.NORMAL))
            self.history.add(message, Buffer.ANSWERS)
            self.outputs.show(message, self._speaks(message), follow)

    async def _input_taken(self, key: bool = True) -> None:
        """The person is asked for a key or a line; ``key``: one is waited for (not a pace
        that may end with none), so that what comes next answers it.
        """
        await InputTaken()  # the driver's screen first
        self.outputs.input_taken()
        if key:
            self._key_came()
        if self.recorder is not None:
            self.recorder.input_taken()

    def _key_came(self) -> None:
        """A key is waited for, or came during a wait that might have ended with none (a
        pace, a grace): what is said next answers it."""
        self._answered = False
        self._keyed = True

    def _tell(self, events: Iterable[Event], going_on: bool = False) -> None:
        """Say the events the person may know (turns are said when the person is asked);
        ``going_on``: others' moves, not the answer to the person's key (``_show``).
        """
        events = list(events)
        self._track(events)
        shown = [e for e in events if not isinstance(e, TurnStarted)]
        buffer = Buffer.ANSWERS if all(isinstance(e, _ANSWERS) for e in shown) else Buffer.GAME
        said = self._lines_for_all(shown, buffer)
        if self.recorder is not None:  # the batch saved at once, before any of it is shown
            self.recorder.said(*(message.text for message in said))
        # a round's or the game's end concludes what came before it: the display shows it
        end = next((i for i, e in enumerate(shown) if isinstance(e, RoundEnded | GameEnded)), None)
        concluding = 0 if end is None else len(self.renderer.events(shown[end:]))
        for index, message in enumerate(said):
            # the answer to a key is its first line (the card played, the verdict): the
            # rest of the batch (the cards shown, the cards drawn) is read on from there
            result = index >= len(said) - concluding
            later = not result and (going_on or index > 0)
            self._show(message, saved=True, buffer=buffer, event=True, going_on=later)
        if shown:
            self._follow_hand()
        if any(isinstance(e, PlayerEliminated) and e.seat == self.me for e in events):
            self.say(Line.of(messages.you_are_out), buffer=Buffer.GAME, going_on=True)

    def _lines_for_all(self, shown: Sequence[Event], buffer: Buffer) -> list[Message]:
        """The messages of ``shown`` for the screen; at a hot-seat table, each person away
        from the keyboard gets their own (the table's lines, and theirs alone: the cards
        they were dealt or drew) in their history, told when they take the keyboard.
        """
        holder = self._holder
        if not self.hot_seat:
            return self.renderer.events(shown)
        for person in self.humans:
            if person == holder:
                continue
            theirs = replace(self.renderer, viewer=person).events(shown)
            self._histories[person].extend(theirs, buffer)
            self._away[person] += theirs
        if holder is None:  # nobody has the keyboard yet: only what the table may know
            return replace(self.renderer, viewer=-1).events(shown)
        return self.renderer.events(shown)

    def _track(self, events: Iterable[Event]) -> None:
        for event in events:
            mine = isinstance(event, TurnStarted) and event.seat == self.me
            if mine or isinstance(event, RoundStarted | RoundEnded):
                self._announce = True

    def _view(self) -> PlayerView:
        return self.game.view(self.me)

    def _who(self, seat: int) -> messages.Who:
        return speech.who(seat, self.me, self.names)

    def _playable(self) -> list[Card]:
        """The cards the rules let the person play now (from the engine's legal actions)."""
        return [a.card for a in self.game.legal_actions(self.me) if isinstance(a, Play)]

    def _bluff(self, view: PlayerView) -> Color | None:
        """The colour in play, when the person holds a card of it: a Wild Draw Four they
        may play now is then only a bluff (RULES.md: legal only without that colour).
        """
        color = view.color
        if color is None or not any(card.color is color for card in view.hand):
            return None
        return color

    def _must_play_drawn(self, view: PlayerView) -> Card | None:
        """The card drawn that must be played now (Speed UNO's draw until a card plays):
        playable, and not to be kept.
        """
        drawn = view.drawn
        if view.phase is not Phase.DRAWN or drawn is None or drawn.kind is Kind.ANNIVERSARY:
            return None
        legal = self.game.legal_actions(self.me)
        if any(isinstance(a, Keep) for a in legal) or not any(
            isinstance(a, PlayDrawn) for a in legal
        ):
            return None
        return drawn

    # ----------------------------------------------------------------- the layers' seams
    # what the layers call of one another, given by ``Table``

    async def _do(self, action: Action) -> bool:
        raise NotImplementedError

    def _follow_hand(self) -> None:
        """The braille hand line follows the hand and the turn (``Navigation``)."""
        raise NotImplementedError

    async def _command(self, got: str | Pressed | Routed) -> Answer | None:
        raise NotImplementedError

    async def _answer(self, command: Ask | Quit | Invalid | Setting) -> None:
        raise NotImplementedError
