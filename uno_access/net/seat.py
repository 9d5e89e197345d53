"""A person's seat at a server table, played over plain ssh: the same ``Table`` as at
home (the same keys, typed commands and lines), rendered on the server for that seat.

The seat holds no game of its own. ``RemoteGame`` stands where the engine's ``Game``
stands at home: it knows only what the table's log gave this seat (its own events,
its ``PlayerView``, its legal actions) and sends every action to the table, which
applies it on the server's event loop (the only writer). ``NetTable`` is the home table
with one change: while it waits (for the others' moves, or for a key), what the table
logs for this seat wakes its prompt and is told, and out-of-turn chances are told
without stopping play; what a person does out of turn is applied in the order it
arrives at the server.

Every way in to a network table seats this one ``NetTable``, never a subclass: a plain
ssh session on the server (``server.lobby``, with ``TableGame``) and the full client
(``client``, with ``ClientGame``). What differs per way in is its game's, said as values
(``RemoteGame``): the connection's notices, an action not sent, a line's sound, entries
decoded from another machine's data (``wire.notices``, ``wire.Entry``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import threading
from collections.abc import Callable, Coroutine, Iterable
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any, Self, TypeVar

from .. import settings_table, text
from ..access import messages, speech
from ..access.message import Message, Priority, Verbosity
from ..engine.actions import Action, CallUno, Catch, JumpIn, Play
from ..engine.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColorChosen,
    DrawReason,
    Event,
)
from ..engine.state import Phase, PlayerView
from ..seat.asks import WAKE, ReadWoken, Wake
from ..seat.commands import Ask, Do, Invalid, Quit, Setting, jump_card
from ..seat.history import Buffer, Edge, History
from ..seat.outputs import Outputs
from ..seat.ports import Keyed
from ..seat.table import Table
from ..ui.keys import Pressed, Read, Routed
from ..ui.terminal import Keyboard, Screen, _as_input, _exit, _on
from .wire import TABLE_LOBBY_WORDS, Entry
from .wire.notices import Connection, Gone, Notice, NotSent, Restarted, notice_line
from .wire.said import Heard, Said, heard_line

T = TypeVar("T")

CHAT_LIMIT = 300  # the longest chat line passed on
CHAT_KEPT = 1000  # the chat lines a person's chat history keeps (the oldest go first)
_OUT_OF_TURN = (Catch, CallUno, JumpIn)


def on_loop(loop: asyncio.AbstractEventLoop, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(*args)`` on the server's event loop (the tables' one writer) and wait for it.
    On the loop itself (a session's coroutine) it runs at once, in a copy of the caller's
    context, as the loop would run it for a thread (its answers in the caller's language,
    and nothing it sets kept).
    """
    if _on(loop):
        return contextvars.copy_context().run(fn, *args)
    done: concurrent.futures.Future[T] = concurrent.futures.Future()

    def run() -> None:
        try:
            done.set_result(fn(*args))
        except BaseException as error:  # handed back to the caller's thread
            done.set_exception(error)

    loop.call_soon_threadsafe(run)
    return done.result()


async def awaited_on_loop(loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, T]) -> T:
    """``work`` run on the server's event loop, awaited from this one (a person's thread's
    loop, or the server's own)."""
    if _on(loop):
        return await work
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, loop))


def hear(
    outputs: Outputs,
    history: History,
    message: Message,
    line: Heard,
    notice: Callable[[speech.Line], None],
    others: Buffer | None = Buffer.GAME,
    follow: bool = True,
) -> None:
    """A line of the server's told: a chat line kept in the chat's history (and spoken
    unless chat speech is muted: then ``notice`` says so first, once), any other in
    ``others`` (None: not kept); with the sound its kind makes (a plain ssh seat: its
    bell, if asked for).
    Over plain ssh (``Outputs.chat_muted_shown`` False) the terminal is what the screen
    reader speaks: a muted chat line is kept, not shown.
    """
    cue = line.sound
    if cue is not None:
        message = replace(message, sound=cue.value)
    chat = line.kind is Said.CHAT
    speak = not chat or outputs.chat_speech
    if not speak and not outputs.chat_silence_told:
        outputs.chat_silence_told = True
        notice(speech.Line.of(messages.net_told, messages.tr(messages.NET_CHAT_SILENT)))
    if chat:
        history.add(message, Buffer.CHAT)
        del history.lines[Buffer.CHAT][:-CHAT_KEPT]  # bounded, whoever floods the chat
    elif others is not None:
        history.add(message, others)
    if speak or outputs.chat_muted_shown:
        outputs.show(message, speak, follow)


_SET_ASIDE = object()  # what a prompt kept running since a wake ends with when set aside


class NetKeyboard(Keyboard):
    """The home keyboard over an ssh channel, whose prompt the table can wake.

    ``kept`` (the server's sessions): a prompt the table wakes is not ended but kept
    running: its line is erased for the lines that tell what happened (``clear_prompt``)
    and drawn again, with the new prompt, at the next ``read_woken_async``. Ending a
    prompt and starting another cost a busy server most of its time per move (each of a
    table's people woken at every move); what is typed meanwhile stays in the line. Any
    other read, or ``set_aside``, ends it first.
    """

    def __init__(self, *args: Any, kept: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._woken = False
        self._wakeable = False
        self._wake_lock = threading.Lock()
        self._kept = kept
        self._running: asyncio.Task[object] | None = None  # the prompt kept running
        self._woken_now: asyncio.Future[None] | None = None  # its read, ended by a wake
        self._early: object = _SET_ASIDE  # a key's answer that came as it was set aside

    def take_input(self) -> None:
        """This keyboard reads the session's input now (each keeps its own paste limits)."""
        from ..ui.terminal import _bound_paste

        _bound_paste(self._app.input, self.modes)

    def wake(self) -> None:
        """From any thread: end the prompt now, or the next one as soon as it starts."""
        with self._wake_lock:
            self._woken = True
        app = self._app
        loop = getattr(app, "loop", None)
        if app.is_running and loop is not None:
            if _on(loop):  # the server's tables wake their seats from the loop itself
                loop.call_soon(self._deliver_wake)
            else:
                loop.call_soon_threadsafe(self._deliver_wake)

    def _deliver_wake(self) -> None:
        if not self._wakeable:
            return
        with self._wake_lock:
            if not self._woken:
                return
        if self._woken_now is not None:  # a kept prompt: its read ends, the prompt runs on
            if not self._woken_now.done():
                self._woken_now.set_result(None)
            return
        app = self._app
        if app.future is None or app.future.done():
            return  # ending already with a line sent: it stays as typed, the wake comes next
        app.erase_when_done = True  # a line half typed stays in the buffer, redrawn
        _exit(app, WAKE)

    def read_woken(self, prompt: str) -> Read | Wake:
        """``read``, or ``WAKE`` when the table had something for this seat."""
        if self._take_wake():
            return WAKE
        self._wakeable = True
        try:
            answer = self._run(prompt, self._wake_at_start)
        finally:
            self._wakeable = False
        return self._woken_or(answer)

    async def read_woken_async(self, prompt: str) -> Read | Wake:
        """``read_woken`` on the running event loop (the server's session)."""
        if self._kept:
            return await self._read_kept(prompt)
        if self._take_wake():
            return WAKE
        self._wakeable = True
        try:
            answer = await self._run_async(prompt, self._wake_at_start)
        finally:
            self._wakeable = False
        return self._woken_or(answer)

    async def _read_kept(self, prompt: str) -> Read | Wake:
        run = self._running
        if run is not None and run.done():  # ended by a key while the lines were told
            self._running = None
            return self._woken_or(self._ended(self._result(run)))
        if self._early is not _SET_ASIDE:
            return self._woken_or(self._ended(self._take_early()))
        if self._take_wake():
            return WAKE
        if run is None:
            self._start_kept(prompt)
            run = self._running
            assert run is not None
        else:  # the same prompt, drawn again where the lines told ended, with its new text
            self._prompt_text = prompt
            self._app.redraw_now()  # with the lines told, in one piece of output
        # one future for the key and the wake alike: ended by a wake, or by the prompt's
        # end (the callback below), what ``asyncio.wait`` would do at twice the cost
        woken = self._woken_now = asyncio.get_running_loop().create_future()

        def ended(_: object) -> None:
            if not woken.done():
                woken.set_result(None)

        run.add_done_callback(ended)
        self._wakeable = True
        self._wake_at_start()
        try:
            await woken
        except asyncio.CancelledError:
            await self.set_aside()
            raise
        finally:
            self._wakeable = False
            self._woken_now = None
            run.remove_done_callback(ended)
        if run.done():
            self._running = None
            return self._woken_or(self._ended(self._result(run)))
        with self._wake_lock:
            self._woken = False
        return WAKE

    def _start_kept(self, prompt: str) -> None:
        """The prompt started, to run until a key answers it or it is set aside."""
        self._prompt_text = prompt
        if self.modes.sent:
            self.modes.sent = False
            self._buffer.reset()
        self._app.erase_when_done = self.keys and not self.modes.command_line
        self._running = asyncio.ensure_future(
            self._app.run_async(pre_run=self._watch_typeahead, handle_sigint=False)
        )

    def _result(self, run: asyncio.Task[object]) -> object:
        try:
            return run.result()
        except BaseException:
            self.modes.interrupted = self.modes.ended = False
            raise

    def clear_prompt(self) -> None:
        """Lines are about to be told: the prompt kept running is erased first (drawn again
        at the next read)."""
        run = self._running
        if run is None or run.done():
            return
        renderer = self._app.renderer
        if renderer.last_rendered_screen is not None:
            renderer.erase()

    async def set_aside(self) -> None:
        """The prompt kept running, ended: another prompt (or none) comes next. A key's
        answer that ended it in the same moment is kept for the next read."""
        run, self._running = self._running, None
        if run is None:
            return
        if not run.done():
            self._app.erase_when_done = True
            _exit(self._app, _SET_ASIDE)
        try:
            answer = await asyncio.shield(run)
        except (EOFError, KeyboardInterrupt) as error:
            self.modes.interrupted = self.modes.ended = False
            self._early = error  # raised at the next read
            return
        if answer is not _SET_ASIDE:
            self._early = answer

    def _take_early(self) -> object:
        """The answer (or the end of the input, or Ctrl-C) that came as the prompt kept
        running was set aside: given to this read."""
        early, self._early = self._early, _SET_ASIDE
        if isinstance(early, BaseException):
            raise early
        return early

    async def _run_async(self, prompt: str, pre_run: Callable[[], None] | None = None) -> object:
        await self.set_aside()
        if self._early is not _SET_ASIDE:
            return self._take_early()
        return await super()._run_async(prompt, pre_run)

    def _take_wake(self) -> bool:
        """Whether a wake came before the prompt (then taken); else a fresh prompt."""
        with self._wake_lock:
            if self._woken:
                self._woken = False
                return True
        if self.keys and self._running is None:
            self._buffer.reset()
            self.modes.command_line = self.modes.too_long = self.modes.discard = False
        return False

    def _wake_at_start(self) -> None:
        asyncio.get_running_loop().call_soon(self._deliver_wake)

    def _woken_or(self, answer: object) -> Read | Wake:
        if answer is WAKE:
            with self._wake_lock:
                self._woken = False
            return WAKE
        return _as_input(answer)


class RemoteGame:
    """What one seat knows of a table's game that is played elsewhere (by the server's
    tables, or across the network), and the way its actions go there: ``pending``,
    ``_send``, ``chat`` and ``host`` say how (``net.lobby.TableGame`` on the server,
    ``net.client.ClientGame`` in the full client).

    What differs per way in is said here, as values, and the one seat (``NetTable``)
    acts on them: ``notices`` (what happened to the connection), ``_send`` raising
    ``NotSent`` (an action the connection could not carry), an entry's ``cue`` (the sound
    named for its line), and ``decoded`` (entries made from another machine's data).
    """

    # Entries decoded from another machine's data (the full client's): one whose events
    # this seat cannot tell (a seat of no table) is refused in one line, and the game goes
    # on. The server's own entries are its engine's, made for this seat: a failure to tell
    # one is a bug, left to surface, never worded as a bad line of the server's.
    decoded = False

    seat: int
    _seen: int
    _earlier: list[Entry]
    opening: tuple[Event, ...]
    _view: PlayerView
    _legal: tuple[Action, ...]

    def _begin(self, first: Entry) -> None:
        """The game as its first entry (the opening, with a view) tells it."""
        assert first.view is not None, "the table has started"
        self.opening = first.events
        self._view = first.view
        self._legal = first.legal
        self._seen = first.seq  # what came after the opening is told as it comes

    def pending(self) -> list[Entry]:
        """The entries logged for this seat since the last one taken (not taken yet)."""
        raise NotImplementedError

    def _send(self, action: Action) -> tuple[int, list[Event]]:
        """The action to the table: the number of its entry in the log (0: not logged)
        and its events as this seat knows them.
        """
        raise NotImplementedError

    def chat(self, name: str, said: str) -> str | None:
        """``say TEXT`` at the table, by ``name``; what ``name`` is told (None: nothing),
        such as their chat going too fast."""
        raise NotImplementedError

    def host(self, name: str, word: str, rest: str) -> None:
        """A host's command at the table (``standin NAME``, ``wait NAME``, ``grace S``)."""
        raise NotImplementedError

    def notices(self) -> list[Notice]:
        """What happened to the connection to the table since last asked (taken): none
        for a table on this server; the full client's link tells its drops and returns.
        """
        return []

    @property
    def seen(self) -> int:
        """The last entry taken (told)."""
        return self._seen

    def take(self, entry: Entry) -> None:
        self._seen = entry.seq
        if entry.view is not None:
            self._view = entry.view
            self._legal = entry.legal

    def take_earlier(self) -> list[Entry]:
        """The entries logged before this seat's last action was applied, to be told first."""
        earlier, self._earlier = self._earlier, []
        return earlier

    # ----------------------------------------------------------------- as ``Game``

    @property
    def over(self) -> bool:
        return self._view.phase is Phase.GAME_OVER

    def apply(self, action: Action) -> list[Event]:
        seq, events = self._send(action)
        if seq:
            logged = self.pending()
            self._earlier += [entry for entry in logged if entry.seq < seq]
            for entry in logged:
                if entry.seq == seq:
                    self.take(entry)
        return events

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal) if seat == self.seat else []

    def view(self, seat: int) -> PlayerView:
        return self._view

    def out_of_turn_order(self) -> tuple[int, ...]:
        return ()


class _Resync(Exception):
    """The table moved on while the person was asked: ask again from the new position."""


class NetTable(Table):
    """The home table for a seat of a server table (``RemoteGame`` as its game)."""

    game: RemoteGame
    back_from: int | None = None  # a seat taken up again: the last entry told before

    def _help(self, view: PlayerView) -> None:
        """F1 at a network table: the keys, then what is typed here alone (chat, and the
        host's choices for a seat whose player is away)."""
        super()._help(view)
        for line in messages.NET_TABLE_HELP:
            self.say(speech.Line.of(messages.help_told, messages.tr(line)), going_on=True)

    # the lines for this person from outside the table (the lobby's chat), taken as they come
    heard_from: Callable[[], list[Heard]] | None = None
    # The way in's hold on the lines of one entry of the table's log, called with its
    # number: the lines of each entry told (the others' moves, the answer to this seat's
    # own action) are told inside it. A browser's way sends them in one frame, received
    # whole or not at all (``net.web.way``); None: each line goes out as it is told.
    telling: Callable[[int], AbstractContextManager[object]] | None = None
    _answering: tuple[int, list[Event]] | None = None  # this seat's last action: entry, events
    # a draw of this seat's turn told from the table's log, not as its action's answer (a
    # table held by another server): the drawn card still to offer, or to keep (``_step``)
    _drawn_later: bool = False

    @classmethod
    def seated(
        cls,
        game: RemoteGame,
        keyboard: Keyed,
        screen: Screen,
        outputs: Outputs,
        verbosity: Verbosity,
        *,
        back_from: int | None,
        chat: History,
        heard_from: Callable[[], list[Heard]],
    ) -> Self:
        """The table for ``game``'s seat, one person at it: taken up again after entry
        ``back_from`` (None: a new game), its chat the person's own, and the lines from
        outside the table taken by ``heard_from``."""
        table = cls(
            game,
            {},
            keyboard,
            screen,
            game.seat,
            outputs=outputs,
            verbosity=verbosity,
            at_keyboard=(game.seat,),
        )
        table.back_from = back_from
        table.share_chat(chat)
        table.heard_from = heard_from
        return table

    def share_chat(self, chat: History) -> None:
        """The chat's history is the person's own, from the lobby to the table and back."""
        self.history.lines[Buffer.CHAT] = chat.lines[Buffer.CHAT]

    def _opening(self) -> None:
        """A new game: its opening, as at home. A seat taken up again: what happened since
        the person left (the entries after the last one told), then where they are.
        """
        back_from = self.back_from
        if back_from is None:
            super()._opening()
            return
        missed = self.game.pending()
        # entries with nothing for this seat (a line for the others alone) tell nothing
        told = [e for e in missed if e.seq > back_from and (e.events or e.line is not None)]
        self.say(
            speech.Line.of(messages.net_since_you_left)
            if told
            else speech.Line.of(messages.net_nothing_since),
            Priority.NORMAL,
            Buffer.GAME,
        )
        for entry in missed:
            self.game.take(entry)
            if entry.seq > back_from:
                self._tell_entry(entry)
        self._where_you_are()

    def _where_you_are(self) -> None:
        """The one line told on return: the hand, the top card (and colour), whose turn."""
        view = self._view()
        whose = None if view.current is None else speech.who(view.current, view.seat, view.names)
        line = speech.Line.of(
            messages.where_you_are,
            speech.sorted_cards(view.hand),
            len(view.hand),
            view.top,
            view.color,
            whose,
        )
        self._show(self.renderer.line(line), buffer=Buffer.GAME)
        self._announce = view.my_turn

    async def _step(self) -> None:
        try:
            if self._catch_up():
                return
            view = self._view()
            if self._drawn_later:  # offered or kept as an answered draw is (``_do``)
                self._drawn_later = False
                if view.phase is Phase.DRAWN and view.current == self.me:
                    self._after_draw()
                    return
            if view.phase is Phase.ROUND_OVER or view.current == self.me:
                await self._your_turn()
            else:
                await self._waiting()
        except _Resync:
            pass

    async def _waiting(self) -> None:
        """Another's turn: tell what this seat may do out of turn, and take one line."""
        self._chances()
        command = await self._command(await self._read(messages.tr(messages.PROMPT)))
        if command is None:
            return
        if isinstance(command, Do):
            action = command.action
            if isinstance(action, Play):
                action = self._as_jump_in(action, self._view())
            await self._do(action)  # the table refuses, with its reason, what is not allowed
        elif isinstance(command, Ask | Quit | Invalid | Setting):
            await self._answer(command)
        else:
            self.say(speech.Line.of(messages.not_your_turn_net))

    def _chances(self) -> None:
        """Say once what this seat may do out of turn now (as ``Table._your_chance``)."""
        view = self._view()
        if (view.round_number, view.plays) != self._offered_at:
            self._offered_at = (view.round_number, view.plays)
            self._offered.clear()
        legal = self.game.legal_actions(self.me)
        call = self.me in view.handed_one and any(isinstance(a, CallUno) for a in legal)
        if call and self._offer("call"):
            self.say(
                speech.Line.of(
                    messages.handed_one_window, self.rules.round_n_round_penalty, self.how
                ),
                buffer=Buffer.GAME,
            )
        for target in (a.target for a in legal if isinstance(a, Catch)):
            if self._offer("catch", target):
                if target == view.exposed:
                    line = speech.Line.of(messages.exposed_window, self._who(target), self.how)
                else:
                    line = speech.Line.of(messages.handed_one_catch, self._who(target), self.how)
                self.say(line, buffer=Buffer.GAME)
        jump = jump_card(view)
        if jump is not None and any(isinstance(a, JumpIn) for a in legal) and self._offer("jump"):
            self.say(
                speech.Line.of(messages.jump_window, jump, self.how, jump.base is view.top.base),
                buffer=Buffer.GAME,
            )

    def _apply(self, action: Action) -> list[Event]:
        """An action's answer, after what the table logged before it. One the connection
        could not carry (``NotSent``) is said, and the person is asked again where the
        table is. An engine answers every action with at least one event (at home and at
        the server); an answer with none is one that came in no readable form (the full
        client's link refused it in one line already): nothing is told of it, and the
        person is asked again where the table is.
        """
        seen = self.game.seen
        try:
            events = self.game.apply(action)
        except NotSent:
            self.say(speech.Line.of(messages.net_not_connected))
            raise _Resync from None
        for entry in self.game.take_earlier():
            self._tell_entry(entry)
        if not events:
            self._catch_up()
            raise _Resync
        if self.game.seen != seen:  # logged: its events are that entry's, told next
            self._answering = (self.game.seen, events)
        return events

    def _tell(self, events: Iterable[Event], going_on: bool = False) -> None:
        """The events told, as at home; the answer to this seat's own action (``_apply``)
        inside the way in's hold on its entry's lines (``telling``)."""
        answer, self._answering = self._answering, None
        if answer is not None and answer[1] is events:
            with self._entry_lines(answer[0]):
                super()._tell(events, going_on)
        else:
            super()._tell(events, going_on)

    def _entry_lines(self, seq: int) -> AbstractContextManager[object]:
        """The way in's hold on the lines of entry ``seq`` (``telling``), if it has one."""
        return contextlib.nullcontext() if self.telling is None else self.telling(seq)

    def _catch_up(self) -> bool:
        """Tell what happened to the connection (``RemoteGame.notices``), what the table
        logged for this seat since, and the lines from outside it (the lobby's chat);
        whether there was anything.
        """
        notices = self.game.notices()
        for notice in notices:
            self._tell_notice(notice)
        return self._catch_up_table() or bool(notices)

    def _tell_notice(self, notice: Notice) -> None:
        """One thing that happened to the connection. Back at the table: said, then what
        was missed and where the person is. A restart or a game gone ends the game here
        (``Restarted``, ``Gone``: its driver goes on). Any other: said at once.
        """
        if notice.kind is Connection.BACK:
            self.say(speech.Line.of(messages.net_back_at_table), Priority.NORMAL, Buffer.GAME)
            self._catch_up_table()
            self._where_you_are()
        elif notice.kind is Connection.RESTARTED:
            raise Restarted
        elif notice.kind is Connection.GONE:
            raise Gone
        else:
            self.say(speech.Line.of(messages.net_told, notice_line(notice)), Priority.URGENT)

    def _catch_up_table(self) -> bool:
        """Tell what the table logged for this seat since, and the lines from outside it
        (the lobby's chat); whether there was anything.
        """
        heard = self.heard_from() if self.heard_from is not None else []
        for line in heard:
            self._tell_heard(line)
        entries = self.game.pending()
        for entry in entries:
            self.game.take(entry)
            self._tell_entry(entry)
        return bool(entries or heard)

    def _tell_entry(self, entry: Entry) -> None:
        """What the table logged for this seat: the others' moves, and the answers to this
        seat's own actions (a move of its own answers the key that made it). An entry
        decoded from another machine's data (``RemoteGame.decoded``) whose events cannot
        be told here (a seat of no table) is refused in one line, and the game goes on.
        """
        with self._entry_lines(entry.seq):
            try:
                if entry.line is not None:
                    self._tell_heard(Heard(entry.line, entry.kind, entry.cue))
                if entry.events:
                    self._tell(entry.events, going_on=True)
                    self._drawn_later = self._drawn_later or any(
                        isinstance(e, CardsDrawn)
                        and e.seat == self.me
                        and e.reason is DrawReason.TURN
                        for e in entry.events
                    )
                    if self._still_mine(entry.events):  # as ``_do`` says after its answer
                        self._announce = True
            except (IndexError, KeyError, TypeError, ValueError, AttributeError):
                if not self.game.decoded:
                    raise
                refused = messages.net_client_refused(messages.net_client_bad_field("events"))
                self.say(speech.Line.of(messages.net_told, refused))

    def _still_mine(self, events: Iterable[Event]) -> bool:
        """Whether ``events``, told from the table's log, are this seat's start colour
        chosen or its challenge decided, its turn going on (to play now): what ``_do``
        announces after such an answer (a table held by another server answers through its
        log, and the seat waited in silence before)."""
        told = tuple(events)
        played = any(isinstance(e, CardPlayed) and e.seat == self.me for e in told)
        return (
            not played
            and self._view().my_turn
            and any(
                isinstance(e, ColorChosen | ChallengeResolved) and e.seat == self.me for e in told
            )
        )

    def _tell_heard(self, line: Heard) -> None:
        """A line of the server's (a chat line, someone come or gone, a notice): a chat
        line in the chat's history, the others in the game's; each with its sound.
        """
        self._notices()
        self.outputs.my_turn = self._view().current == self.me
        message = self.renderer.line(heard_line(line.text), Priority.NORMAL)  # this seat's words
        follow = not self._answered
        hear(self.outputs, self.history, message, line, lambda said: self.say(said), follow=follow)

    async def _read(self, prompt: str, menu: bool = False) -> str | Pressed | Routed:
        while True:
            if self._catch_up():
                raise _Resync
            await self._input_taken()
            got = await ReadWoken(prompt, menu)
            if isinstance(got, Wake):
                self._catch_up()
                raise _Resync
            line = await self._line(got, prompt, menu)
            if line is None:
                continue
            if isinstance(line, str) and (self._chat(line) or self._host_line(line)):
                continue
            return line

    def _host_line(self, line: str) -> bool:
        """The host's commands at the table (``standin NAME``, ``wait NAME``, ``grace
        SECONDS``), answered in the table's log, and the lobby's between people (``tell
        NAME TEXT``, ``friends``, ``block NAME``…), answered to this seat alone; whether
        the line was one.
        """
        word, _, rest = line.strip().partition(" ")
        if word.lower() not in TABLE_LOBBY_WORDS:
            return False
        self.game.host(self.names[self.me], word.lower(), rest.strip()[: text.LINE_LIMIT])
        return True

    def _chat(self, line: str) -> bool:
        """``say TEXT``: a chat line to the table; whether the line was one."""
        word, _, rest = line.strip().partition(" ")
        if word.lower() != messages.SAY_WORD:
            return False
        said = text.shown(rest, CHAT_LIMIT).strip()
        told = self.game.chat(self.names[self.me], said) if said else None
        if told is not None:
            self.say(speech.Line.of(messages.net_told, told))
        return True


def chat_command(outputs: Outputs, chat: History, value: str) -> str:
    """``chat``: the chat's history is the one ``[`` and ``]`` read; ``chat mute``,
    ``chat unmute``: chat lines spoken or not (still shown, brailled and kept). The answer.
    """
    if not value:
        return messages.history_switched(Buffer.CHAT.value, len(chat.lines[Buffer.CHAT]))
    setting = settings_table.CHAT_SPEECH
    try:
        spoken = setting.from_typed(value, english=True)
    except settings_table.Bad:
        return setting.refused(english=True).sentence()
    outputs.chat_speech = spoken
    outputs.chat_silence_told = True
    return messages.chat_muted(not spoken, outputs.chat_muted_shown)


def review(chat: History, delta: int) -> str:
    """``[`` and ``]`` in the lobby: back and forth through the chat's history."""
    got = chat.step(delta)
    if got.message is None:
        if not got.total:
            return messages.history_empty(Buffer.CHAT.value)
        return messages.history_edge(Buffer.CHAT.value, got.edge is Edge.START)
    return messages.history_line(got.number, got.total, got.message.text)
