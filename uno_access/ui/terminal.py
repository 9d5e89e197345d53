"""The terminal, line by line: keys and typed lines in through prompt_toolkit, plain
lines out.

Output only ever appends one self-contained line at a time: no colours, no
cursor movement, no redraws, so a screen reader or braille display reads it
as it comes (and TERM=dumb or NO_COLOR need nothing special).

Input is one key per command (``ui.keys``), with a command line for typed commands;
or, with ``keys=False``, every command typed and sent with Enter. The prompt is an
``Application`` of our own with none of prompt_toolkit's default bindings (no history
search, no quoted insert, no Ctrl-Z): nothing typed can leave the terminal silent.
A bracketed paste is bounded text, never a state that swallows keys (``_PasteParser``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Hashable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import prompt_toolkit.application.application as _application
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Filter
from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase
from prompt_toolkit.key_binding.key_bindings import Binding, KeysTuple
from prompt_toolkit.key_binding.key_processor import KeyPress, KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import BufferControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import DummyOutput, Output, create_output
from prompt_toolkit.styles import BaseStyle, default_pygments_style, default_ui_style, merge_styles
from prompt_toolkit.utils import is_dumb_terminal

from .. import interrupt, startup, text
from ..access import messages
from ..seat.asks import Wake
from ..seat.keys import choice_of
from .keys import (
    PAUSE_AFTER_TOO_LONG,
    Key,
    Modes,
    Pressed,
    Read,
    Routed,
    TooLong,
    Typing,
    end_prompt,
    key_bindings,
)
from .line_render import Line, LineRenderer

# what the seat makes of an answer read through (``Keyboard.read_through``): the next
# prompt's text and whether it is a menu's, for the prompt to go on; None, it ends
Answered = Callable[[Read], tuple[str, bool] | None]
_THROUGH = object()  # a prompt read through ended: its answers were all given already


def _print(line: str) -> None:
    print(line, file=sys.stdout, flush=True)


# home, erase the screen, erase the scrollback (xterm's ED 3, which VTE, kitty, tmux and
# the Linux console take; a terminal without it keeps its scrollback)
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def _clear_terminal() -> bool:
    """Clear the terminal and its scrollback; False when standard output is no terminal
    that takes it (a pipe, a file, TERM=dumb).
    """
    stream = sys.stdout
    try:
        if not stream.isatty() or is_dumb_terminal():
            return False
        stream.write(CLEAR_SCREEN)
        stream.flush()
    except (OSError, ValueError):
        return False
    return True


def terminal_missing(command: str) -> str | None:
    """Why ``uno-access COMMAND`` cannot read keys here (its standard input closed, or not
    a terminal: a file, a pipe, /dev/null), in one line; None when it can. Asked before
    anything is opened, saved or connected, so that nothing is changed."""
    stream = sys.stdin
    try:
        if stream is None:
            raise ValueError
        fd = stream.fileno()
        os.fstat(fd)
    except (OSError, ValueError, AttributeError):
        return messages.needs_terminal(command, closed=True)
    if not os.isatty(fd):
        return messages.needs_terminal(command, closed=False)
    return None


class Screen:
    """Where the game's lines go (the terminal by default), remembering the last message.

    The last message is every line said since the player last typed before the
    line being answered now, so "repeat" says again what came after their last command.
    """

    def __init__(
        self,
        write: Callable[[str], None] | None = None,
        clear: Callable[[], bool] | None = None,
    ) -> None:
        self._write = write or _print
        self._clear = clear or _clear_terminal
        self._since_input: list[str] = []
        self._last: list[str] = []

    def clear(self) -> bool:
        """Clear the screen and its scrollback (hot seat: at each handover), and forget the
        last message; whether the terminal could be cleared.
        """
        self._since_input = []
        self._last = []
        return self._clear()

    def say(self, line: str) -> None:
        self._write(line)
        self._since_input.append(line)

    def input_taken(self) -> None:
        """The player typed a line: what was said before it becomes the last message."""
        if self._since_input:
            self._last = self._since_input
            self._since_input = []

    @property
    def last_message(self) -> tuple[str, ...]:
        return tuple(self._last)


class Keyboard:
    """Keys and typed lines through a line-mode prompt_toolkit ``Application`` (no full
    screen) whose only bindings are the game's (``ui.keys``). ``keys``: one key per
    command; otherwise every command is a typed line.

    Reading raises ``EOFError`` on Ctrl-D or closed input, ``KeyboardInterrupt`` on Ctrl-C.
    """

    def __init__(
        self,
        input: Input | None = None,
        output: Output | None = None,
        keys: bool = False,
        size_told: bool = False,
    ) -> None:
        """``size_told``: the terminal's new size is told (``resized``, as an ssh client
        tells it), never polled."""
        self._keys = keys
        self.modes = Modes()
        self._lock = threading.Lock()
        self._posted: list[Routed] = []
        self._timed: asyncio.TimerHandle | None = None  # the end of a ``wait``'s prompt
        self._prompt_text = ""
        self._buffer = Buffer(multiline=False)
        control = BufferControl(
            self._buffer,
            input_processors=[BeforeInput(lambda: self._prompt_text)],
            include_default_input_processors=False,
        )
        # a dumb terminal (TERM=dumb) takes no cursor movement: the prompt and what is
        # typed are written as plain text, and nothing is drawn (as PromptSession does)
        self._plain: Output | None = None
        if output is None and is_dumb_terminal():
            self._plain = create_output()
            output = DummyOutput()
            self._buffer.on_text_changed += self._echo
        self._app = line_application(
            control, key_bindings(keys), input, output, self.modes, self._line
        )
        if size_told:  # polled, a prompt would ask its size twice a second, every prompt
            self._app.terminal_size_polling_interval = None
        _bound_paste(self._app.input, self.modes)
        self._answered: Answered | None = None  # ``read_through``'s, while it reads
        self._app.went_on = self._went_on

    def _line(self) -> tuple[str, int]:
        """The prompt's line as drawn: its text and the cursor's index in it."""
        buffer = self._buffer
        return self._prompt_text + buffer.text, len(self._prompt_text) + buffer.cursor_position

    def resized(self) -> None:
        """The terminal's size changed: the running prompt is drawn anew for it."""
        if self._app.is_running:
            self._app._on_resize()

    @property
    def keys(self) -> bool:
        """One key per command (else every command is a typed line)."""
        return self._keys

    @keys.setter
    def keys(self, keys: bool) -> None:
        """Keys on or off from the next prompt on (``keys off`` typed in a lobby): the
        bindings made again for it."""
        if keys != self._keys:
            self._keys = keys
            self._app.key_bindings = key_bindings(keys)

    def read(self, prompt: str) -> Read:
        """A key, a typed line, or a braille display's routing key. With keys, the
        command line asked for (``Typing`` or ``Pressed(Key.COMMAND_LINE)``) is read by
        ``read_line``; ``TooLong`` when a line was refused.
        """
        posted = self._fresh()
        return posted if posted is not None else self._prompt(prompt)

    async def read_async(self, prompt: str) -> Read:
        """``read`` on the running event loop (a server's session)."""
        posted = self._fresh()
        return posted if posted is not None else _as_input(await self._run_async(prompt))

    @property
    def goes_on(self) -> bool:
        """Whether keys may be read one after another in one running prompt
        (``read_through``): with keys, on a terminal that draws (not dumb), by a keyboard
        that reads as this one does (one that reads otherwise is asked key by key)."""
        return self._keys and self._plain is None and type(self).read is Keyboard.read

    def read_through(self, prompt: str, menu: bool, answered: Answered) -> None:
        """Keys read at ``prompt`` (``read``'s, and a routing key posted), each given to
        ``answered`` as it comes, in the prompt still running: what it says is shown above
        the prompt, erased from its line as a key's end of it erases it, and drawn again
        after them with the next prompt's text and ``menu``, which ``answered`` returns.
        Ends when ``answered`` returns None (the prompt erased), or raises (raised here).

        Why: a prompt ended and begun again at each key (prompt_toolkit's raw mode left
        and taken again, its signal handler, its tasks, its first drawing) was most of the
        time from a key to its line beyond a bare prompt's (``scripts/bench_ui.py``); a
        card check or the top card asked at a turn's prompt now costs what the seat does
        with it, and one drawing.
        """
        posted = self._fresh()
        while posted is not None:  # a routing key posted before: answered at once
            following = answered(posted)
            if following is None:
                return
            prompt, menu = following
            posted = self._fresh()
        was = self.modes.menu
        self.modes.menu = menu
        self._answered = answered
        try:
            self._run(prompt)
        finally:
            self._answered = None
            self.modes.menu = was

    def _went_on(self, value: object) -> bool:
        """A key's answer, while ``read_through`` reads: given to its ``answered`` now, and
        the prompt goes on with the next prompt or ends, as that says (True). False: the
        answer ends the prompt as ever (nothing reads through, or a line is being typed:
        the command line's lines stay on the screen, and it is read by ``read_line``)."""
        answered = self._answered
        app = self._app
        if answered is None or self.modes.command_line or not app.erase_when_done:
            return False
        app.renderer.erase()  # as the prompt's end would: the lines said come in its place
        try:
            while True:
                following = answered(_as_input(value))
                if following is None:
                    break
                self._prompt_text, self.modes.menu = following
                posted = self._fresh()
                if posted is None:
                    app.invalidate()  # drawn after the lines, with the next prompt's text
                    return True
                value = posted
        except BaseException as error:  # raised where the prompt was run
            Application.exit(app, exception=error)
            return True
        Application.exit(app, result=_THROUGH)
        return True

    def _fresh(self) -> Read | None:
        """A new prompt begins: an empty line by keys; a routing key posted meanwhile, if
        one was (the answer at once)."""
        if self.keys:
            self._buffer.reset()
            self.modes.command_line = self.modes.too_long = self.modes.discard = False
        with self._lock:
            return self._posted.pop(0) if self._posted else None

    def read_line(self, prompt: str, start: str | None = None) -> Read:
        """The command line: a typed line from ``start`` (None: what was left in it), or
        ``Pressed(Key.CLOSE)`` (Escape), ``Pressed(Key.UNKNOWN)`` (the line kept),
        ``TooLong``, a routing key.
        """
        self._line_from(start)
        try:
            return self._prompt(prompt)
        finally:
            self.modes.command_line = False

    async def read_line_async(self, prompt: str, start: str | None = None) -> Read:
        """``read_line`` on the running event loop."""
        self._line_from(start)
        try:
            return _as_input(await self._run_async(prompt))
        finally:
            self.modes.command_line = False

    def _line_from(self, start: str | None) -> None:
        if start is not None:
            self._buffer.reset()
            self.modes.sent = False
            self._buffer.insert_text(start[: text.LINE_LIMIT])
            self.modes.too_long = len(start) > text.LINE_LIMIT
        self.modes.command_line = True

    def wait(self, seconds: float, prompt: str) -> Read | None:
        """Like ``read``, but None when nothing comes within ``seconds`` (the bots' pace:
        the one timer, and only when the player sets it).
        """
        posted = self._fresh()
        if posted is not None:
            return posted
        try:
            answer = self._run(prompt, self._timer(seconds))
        finally:
            self._stop_timer()
        return None if answer is None else _as_input(answer)

    async def wait_async(self, seconds: float, prompt: str) -> Read | None:
        """``wait`` on the running event loop."""
        posted = self._fresh()
        if posted is not None:
            return posted
        try:
            answer = await self._run_async(prompt, self._timer(seconds))
        finally:
            self._stop_timer()  # the loop lives on: a timer left would end a later prompt
        return None if answer is None else _as_input(answer)

    def _timer(self, seconds: float) -> Callable[[], None]:
        """What starts a prompt that ends by itself after ``seconds`` with nothing."""
        app = self._app

        def timed_out() -> None:
            app.erase_when_done = True  # nothing was typed: no "next?" line is left behind
            _exit(app, None)

        def pre_run() -> None:
            self._timed = asyncio.get_running_loop().call_later(seconds, timed_out)

        return pre_run

    def _stop_timer(self) -> None:
        if self._timed is not None:
            self._timed.cancel()
            self._timed = None

    def post(self, value: Routed) -> None:
        """From another thread (a braille display's keys): end the prompt now with ``value``,
        or keep it for the next read.
        """
        with self._lock:
            self._posted.append(value)
        app = self._app
        loop = getattr(app, "loop", None)
        if app.is_running and loop is not None:
            loop.call_soon_threadsafe(self._deliver)

    def _deliver(self) -> None:
        with self._lock:
            if not self._posted:
                return
            value = self._posted.pop(0)
        if not _exit(self._app, value):
            with self._lock:
                self._posted.insert(0, value)

    def read_color(self, prompt: str) -> Read:
        """A colour key (its first letter or 1-4; Enter: none), or a typed line."""
        self.modes.colors = True
        try:
            return self.read(prompt)
        finally:
            self.modes.colors = False

    async def read_color_async(self, prompt: str) -> Read:
        """``read_color`` on the running event loop."""
        self.modes.colors = True
        try:
            return await self.read_async(prompt)
        finally:
            self.modes.colors = False

    @contextmanager
    def menu(self, on: bool = True) -> Iterator[None]:
        """While a question with choices is asked (``on``): Up and Down, and Left, Right,
        Home and End where they are free, are its menu's keys (``ui.keys.MENU_KEYS``)."""
        was = self.modes.menu
        self.modes.menu = on
        try:
            yield
        finally:
            self.modes.menu = was

    def read_woken(self, prompt: str) -> Read | Wake:
        """``read``, or ``WAKE`` when a table had something for the seat meanwhile: this
        keyboard's seat has no table to wake it (``net.seat.NetKeyboard``'s has)."""
        return self.read(prompt)

    async def read_woken_async(self, prompt: str) -> Read | Wake:
        """``read_woken`` on the running event loop."""
        return await self.read_async(prompt)

    def read_yes(self, prompt: str) -> bool:
        """Yes (the language's yes key or Y, or a typed yes) or no (any other key or line,
        Enter too)."""
        return self.read_choice(prompt) is Key.YES

    def read_choice(self, prompt: str) -> Key:
        """A yes-or-no question's answer: ``Key.YES`` (the language's yes key or Y, or a
        typed yes), ``Key.DEFAULT`` (Enter, or an empty line: the default the question
        says) or ``Key.NO`` (any other key or line)."""
        self.modes.yes_no = True
        try:
            answer = self.read(prompt)
        finally:
            self.modes.yes_no = False
        return _choice(answer)

    async def read_choice_async(self, prompt: str) -> Key:
        """``read_choice`` on the running event loop."""
        self.modes.yes_no = True
        try:
            answer = await self.read_async(prompt)
        finally:
            self.modes.yes_no = False
        return _choice(answer)

    def drop_typeahead(self) -> bool:
        """Drop the keys a terminal holds that no prompt has read yet (typed ahead, as the
        Enters pressed after the setup's last answer while the game was being dealt), so
        that none acts on a prompt the person has not met; whether any were dropped. A
        pipe's input is left alone: what a program sends is meant to be read.
        """
        input = self._app.input
        try:
            fd = input.fileno()
            terminal = os.isatty(fd)
        except (OSError, ValueError, NotImplementedError):
            return False
        if not terminal:
            return False
        kept = get_typeahead(input)  # keys read with an earlier prompt's, kept
        dropped = bool(kept)
        if any(press.key in (Keys.ControlC, Keys.ControlBackslash) for press in kept):
            # Ctrl-C read with the key that ended the last prompt: never dropped with the
            # keys typed ahead, it stops the game as it would at any prompt
            interrupt.request()
            raise KeyboardInterrupt
        try:
            import fcntl  # POSIX: a Windows console keeps no keys typed ahead for us to drop
            import termios

            waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
            termios.tcflush(fd, termios.TCIFLUSH)
        except (ImportError, OSError):
            return dropped
        return dropped or waiting > 0

    def _prompt(self, prompt: str) -> Read:
        return _as_input(self._run(prompt))

    def _run(self, prompt: str, pre_run: Callable[[], None] | None = None) -> object:
        self._prompt_text = prompt
        if self.modes.sent:  # the line sent last time, left on the screen, is done with
            self.modes.sent = False
            self._buffer.reset()
        # a single key leaves no prompt line behind (a screen reader would read "uno>"
        # after every key); a typed line stays, as a shell's does
        self._app.erase_when_done = self.keys and not self.modes.command_line
        plain = self._plain

        def started() -> None:
            if interrupt.noted():  # a signal came as the prompt was starting
                end_prompt(self._app, KeyboardInterrupt)
                return
            if pre_run is not None:
                pre_run()
            self._watch_typeahead()
            startup.started()  # the first prompt is on its way to the screen

        interrupt.check()
        if plain is not None:
            plain.write(prompt + self._buffer.text)
            plain.flush()
        try:
            # the prompt starts and ends whole: a signal meanwhile ends it from its own
            # loop (prompt_toolkit's handler, which a signal at the prompt's end loses, is
            # not used), and is raised when it has ended
            with interrupt.shielded(), interrupt.prompting(self._signalled):
                answer = _run_on_loop(self._app.run_async(pre_run=started, handle_sigint=False))
        except BaseException as error:
            self.modes.interrupted = self.modes.ended = False
            if isinstance(error, KeyboardInterrupt):
                interrupt.request()
            raise
        finally:
            if plain is not None:
                plain.write("\r\n")
                plain.flush()
        return self._ended(answer)

    async def _run_async(self, prompt: str, pre_run: Callable[[], None] | None = None) -> object:
        """``_run`` on the running event loop (a server's session: no signals here, and
        never a dumb terminal of this process's)."""
        self._prompt_text = prompt
        if self.modes.sent:
            self.modes.sent = False
            self._buffer.reset()
        self._app.erase_when_done = self.keys and not self.modes.command_line

        def started() -> None:
            if pre_run is not None:
                pre_run()
            self._watch_typeahead()

        try:
            answer = await self._app.run_async(pre_run=started, handle_sigint=False)
        except BaseException:
            self.modes.interrupted = self.modes.ended = False
            raise
        return self._ended(answer)

    def _ended(self, answer: object) -> object:
        """``answer``, unless Ctrl-C or Ctrl-D came as the prompt was ending with it."""
        modes = self.modes
        if modes.interrupted:
            modes.interrupted = modes.ended = False
            interrupt.request()
            raise KeyboardInterrupt
        if modes.ended:
            modes.ended = False
            raise EOFError
        return answer

    def _signalled(self) -> None:
        """From the signal handler (the main thread, maybe inside the prompt's loop): end
        the prompt from its loop, the next thing it does."""
        app = self._app
        loop = app.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(end_prompt, app, KeyboardInterrupt)

    def _watch_typeahead(self) -> None:
        """A line that went past the limit in keys left over from the last prompt (the
        typeahead, processed before any input is read) gets no flush of the input from
        prompt_toolkit: give it the same pause, so that it is refused at once (and the
        keys that follow work) when nothing more comes.
        """
        app = self._app
        parser = getattr(app.input, "vt100_parser", None)

        def pause() -> None:
            if not app.is_running or app.is_done or not self.modes.too_long:
                return
            if isinstance(parser, _PasteParser) and (
                time.monotonic() - parser.fed_at < app.ttimeoutlen
            ):
                return  # input is coming: prompt_toolkit flushes it after its own pause
            self.modes.discard = False
            app.key_processor.feed(KeyPress(PAUSE_AFTER_TOO_LONG, ""))
            app.key_processor.process_keys()

        timer = asyncio.get_running_loop().call_later(app.ttimeoutlen, pause)
        if app.future is not None:  # the prompt's end cancels it: it held the whole session
            app.future.add_done_callback(lambda _: timer.cancel())

    def _echo(self, buffer: Buffer) -> None:
        """A dumb terminal: the character just typed, written as it comes."""
        if self._plain is not None and self._app.is_running:
            self._plain.write(buffer.document.text_before_cursor[-1:])
            self._plain.flush()


def line_application(
    control: BufferControl,
    bindings: KeyBindingsBase,
    input: Input | None,
    output: Output | None,
    modes: Modes | None = None,
    line: Line | None = None,
) -> _LineApplication:
    """A one-line prompt of ``control`` whose only key bindings are ``bindings`` (none of
    prompt_toolkit's own are made), with prompt_toolkit's look made once for all; the
    game's bindings (``ui.keys``) read what it takes now in its ``modes``."""
    with _no_default_bindings():
        app = _LineApplication(
            layout=Layout(Window(control, dont_extend_height=True)),
            key_bindings=bindings,
            input=input,
            output=output,
            erase_when_done=False,
            # drawn as soon as the loop gets to it: a server's loop, always busy, would
            # put each drawing off for up to 10 ms, asking again at every turn of it
            max_render_postpone_time=None,
        )
    app.modes = modes
    # the keys read through the application's bindings themselves: prompt_toolkit merges
    # them with the layout's (none here) and its page navigation (off: not full screen)
    # into a list new for each application, whose cache of the bindings for a key starts
    # empty: every binding looked through at each application's first press of each key
    app.key_processor = KeyProcessor(_OwnBindings(app))
    # every binding is one key, so no key waits for a longer sequence: prompt_toolkit would
    # start (and cancel) a timer task for each key pressed, in case one did
    app.timeoutlen = None  # type: ignore[assignment]  # (read as "no timer")
    if line is not None:  # drawn from its text alone (``line_render``)
        app.renderer = LineRenderer(
            app._merged_style, app.output, line, app.cpr_not_supported_callback
        )
    return app


class _LineApplication(Application[Any]):
    """A keyboard's ``Application``, with prompt_toolkit's own look: made once for every
    keyboard (each would otherwise build it anew, about 5 ms, at its first prompt)."""

    modes: Modes | None = None  # what the prompt takes now, read by the game's bindings
    # what an answer is given to first (``Keyboard.read_through``): True, it was taken
    # there and the prompt goes on or has ended already
    went_on: Callable[[object], bool] | None = None

    def exit(
        self,
        result: Any = None,
        exception: BaseException | type[BaseException] | None = None,
        style: str = "",
    ) -> None:
        """The prompt ends with ``result`` (or ``exception``), unless it goes on reading
        through (``went_on``)."""
        went_on = self.went_on
        future = self.future
        if (
            exception is None
            and went_on is not None
            and future is not None
            and not future.done()
            and went_on(result)
        ):
            return
        if exception is not None:
            super().exit(exception=exception, style=style)
        else:
            super().exit(result=result, style=style)

    def _create_merged_style(self, include_default_pygments_style: Filter) -> BaseStyle:
        return _line_style()

    def invalidate(self) -> None:
        """Drawn again at the loop's next turn. From the loop's own thread (every key
        typed, every wake on a server) without prompt_toolkit's two thread-safe calls,
        each a write to the loop's wake-up pipe: a system call for nothing."""
        loop = self.loop
        if self._invalidated or loop is None or not self._is_running or loop.is_closed():
            return
        if not _on(loop):
            super().invalidate()
            return
        self._invalidated = True
        if self.on_invalidate._handlers:
            loop.call_soon(self.on_invalidate.fire)
        loop.call_soon(self._redraw_invalidated)

    def redraw_now(self) -> None:
        """Drawn now, in this turn of the loop (with the lines told before it, one piece
        of output), and not again for an invalidation already asked."""
        self._invalidated = False
        self._redraw()

    def _update_invalidate_events(self) -> None:
        """The layout is one window of one buffer for the application's life: the events
        that draw it again (its text, its cursor) are taken once a run (prompt_toolkit
        drops them as the run ends), not looked for anew after every drawing."""
        if not self._invalidate_events:
            super()._update_invalidate_events()

    def _redraw_invalidated(self) -> None:
        if self._invalidated:
            self._invalidated = False
            self._redraw()


class _OwnBindings(KeyBindingsBase):
    """The bindings an application has now (``Keyboard.keys`` changes them), read
    directly: their cache of the bindings for each key is shared by every keyboard."""

    def __init__(self, app: Application[Any]) -> None:
        self._app = app

    def _now(self) -> KeyBindingsBase:
        return self._app.key_bindings or _NO_BINDINGS

    @property
    def _version(self) -> Hashable:
        return self._now()._version

    @property
    def bindings(self) -> list[Binding]:
        return self._now().bindings

    def get_bindings_for_keys(self, keys: KeysTuple) -> list[Binding]:
        return self._now().get_bindings_for_keys(keys)

    def get_bindings_starting_with_keys(self, keys: KeysTuple) -> list[Binding]:
        return self._now().get_bindings_starting_with_keys(keys)


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this code runs on ``loop`` (its thread, while it runs)."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


@cache
def _line_style() -> BaseStyle:
    return merge_styles([default_ui_style(), default_pygments_style()])


_NO_BINDINGS = KeyBindings()
_MAKING = threading.Lock()


@contextmanager
def _no_default_bindings() -> Iterator[None]:
    """prompt_toolkit makes its emacs, vi, search and paste bindings for every
    ``Application`` (about 4 ms, most of a keyboard's making: each ssh session makes one
    for the lobby and one for each table it sits at); only the game's may be active, so
    none are made while a keyboard is."""
    with _MAKING:
        module = vars(_application)  # the name ``Application.__init__`` calls
        made = module["load_key_bindings"]
        module["load_key_bindings"] = lambda: _NO_BINDINGS
        try:
            yield
        finally:
            module["load_key_bindings"] = made


# characters of text in one read of the input from which they are a paste, not typing
PASTE_RUN = 64


class _PasteParser(Vt100Parser):
    """prompt_toolkit's parser, with a paste that cannot swallow the keyboard: at most
    ``text.LINE_LIMIT + 1`` characters are kept of it, Ctrl-C ends it (and still
    interrupts), and so does a pause in the input (the flush after the escape timeout),
    so a paste start without its end swallows nothing typed after it. The rest of a line
    too long is dropped here, before it costs a key press each (``Modes.discard``).
    """

    _END = "\x1b[201~"

    def __init__(self, feed_key_callback: Callable[[KeyPress], None], modes: Modes) -> None:
        self._modes = modes
        self.fed_at = 0.0  # when input last came (time.monotonic)
        self.deliver = feed_key_callback
        self._run: list[KeyPress] = []  # the printable characters of this read, held back
        super().__init__(self._collect)

    def _collect(self, key_press: KeyPress) -> None:
        """Each key the parser makes: a character of text is held back until the read is
        over, so that a run of them too long to be typed is taken as one paste.
        """
        key = key_press.key
        if not isinstance(key, Keys) and len(key) == 1 and not _is_key(key):
            self._run.append(key_press)
            return
        self._release()
        self.deliver(key_press)

    def _release(self) -> None:
        """The characters held back: one by one as typed, or, when at least ``PASTE_RUN``
        came in one read (a paste without its brackets: no one types that fast), as one
        paste, which is typed into the command line (and refused there when too long)
        instead of being taken key by key as commands.
        """
        run, self._run = self._run, []
        if len(run) >= PASTE_RUN:
            pasted = "".join(key_press.data for key_press in run[: text.LINE_LIMIT + 1])
            self.deliver(KeyPress(Keys.BracketedPaste, pasted))
            return
        for key_press in run:
            self.deliver(key_press)

    def reset(self, request: bool = False) -> None:
        self._paste = ""
        self._carry = ""
        super().reset(request)

    def feed(self, data: str) -> None:
        self.fed_at = time.monotonic()
        try:
            self._feed(data)
        finally:
            self._release()

    def _feed(self, data: str) -> None:
        while data:
            if self._in_bracketed_paste:
                data = self._feed_paste(data)
                continue
            modes = self._modes
            for i, c in enumerate(data):
                if self._in_bracketed_paste:
                    data = data[i:]
                    break
                if modes.discard:  # the rest of a line too long, up to a key
                    if not _is_key(c):
                        continue
                    modes.discard = False
                self._input_parser.send(c)
            else:
                return

    def _feed_paste(self, data: str) -> str:
        """Take ``data`` into the paste; what follows the paste's end."""
        data = self._carry + data
        self._carry = ""
        end = data.find(self._END)
        stop = data.find("\x03")
        if stop >= 0 and (end < 0 or stop < end):
            self._keep(data[:stop])
            self._end_paste()
            return data[stop:]
        if end >= 0:
            self._keep(data[:end])
            self._end_paste()
            return data[end + len(self._END) :]
        for size in range(min(len(data), len(self._END) - 1), 0, -1):
            if self._END.startswith(data[-size:]):  # the end mark may be cut in two
                self._carry = data[-size:]
                data = data[:-size]
                break
        self._keep(data)
        return ""

    def _keep(self, data: str) -> None:
        room = text.LINE_LIMIT + 1 - len(self._paste)
        if room > 0:
            self._paste += data[:room]

    def _end_paste(self) -> None:
        pasted = self._paste
        self._paste = ""
        self._in_bracketed_paste = False
        self._release()
        self.deliver(KeyPress(Keys.BracketedPaste, pasted))

    def flush(self) -> None:
        if self._in_bracketed_paste:
            self._keep(self._carry)
            self._carry = ""
            self._end_paste()
            return
        super().flush()
        self._release()
        if self._modes.too_long:  # a pause after a line too long, and no Enter yet
            self._modes.discard = False
            self.deliver(KeyPress(PAUSE_AFTER_TOO_LONG, ""))


def _choice(answer: Read) -> Key:
    """A yes-or-no question's answer from what was read."""
    return choice_of(answer)


def _is_key(c: str) -> bool:
    """A character that the terminal sends for a key (Enter, Escape, Ctrl-C, Backspace,
    the 8-bit CSI), not text: a line too long is dropped up to one of these.
    """
    return ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F


def _bound_paste(input: Input, modes: Modes) -> None:
    """Give a terminal's (or a pipe's) input the bounded paste parser."""
    parser = getattr(input, "vt100_parser", None)
    if isinstance(parser, _PasteParser):  # a keyboard made before on this input
        parser.flush()
        deliver = parser.deliver  # the input's own, not the old parser's collector
    elif isinstance(parser, Vt100Parser):
        deliver = parser.feed_key_callback
    else:
        return
    input.vt100_parser = _PasteParser(deliver, modes)  # type: ignore[attr-defined]


def _as_input(answer: object) -> Read:
    if isinstance(answer, str | Pressed | Routed | Typing | TooLong):
        return answer
    return str(answer)


_LOOPS = threading.local()


class _PromptLoop(asyncio.SelectorEventLoop):
    """The prompts' event loop: a signal handler added or removed (prompt_toolkit's
    SIGWINCH, at every prompt's start and end) is checked against the signals known at
    start, not against ``signal.valid_signals()`` made anew each time, about a tenth of a
    millisecond a call, several a key. (``_check_signal`` is asyncio's own check, in
    Python 3.11 to 3.13; where it is not, this changes nothing.)
    """

    _VALID: frozenset[int] = frozenset(signal.valid_signals())

    def _check_signal(self, sig: int) -> None:
        if not isinstance(sig, int):
            raise TypeError(f"sig must be an int, not {sig!r}")
        if sig not in self._VALID:
            raise ValueError(f"invalid signal number {sig}")


def _run_on_loop(prompt: Coroutine[Any, Any, object]) -> object:
    """Run a prompt to its end on this thread's event loop, kept from one prompt to the
    next: ``Application.run`` makes and closes a loop for each prompt, about half a
    millisecond of every key. A prompt that ends by anything but its own answer or
    exception (a signal's, raised in the loop) leaves the loop closed, as that would.
    """
    loop: asyncio.AbstractEventLoop | None = getattr(_LOOPS, "loop", None)
    if loop is None or loop.is_closed():
        loop = _LOOPS.loop = _PromptLoop()
    task = loop.create_task(prompt)
    try:
        return loop.run_until_complete(task)
    finally:
        if not task.done():
            _close(loop)


def _close(loop: asyncio.AbstractEventLoop) -> None:
    """What ``asyncio.run`` does at its end: every task left cancelled, then the loop closed."""
    try:
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
    finally:
        loop.close()


def _exit(app: Any, value: object) -> bool:
    """End a running prompt with ``value``; False when it is not running or already ending."""
    if not app.is_running or app.future is None or app.future.done():
        return False
    app.exit(result=value)
    return True
