"""One person connected over ssh: the lobby's typed commands, then the game at a table.

Each connection runs here in a thread of its own, with its own prompt_toolkit app
session over the ssh channel, so the home table's blocking loop (``ui.table``) runs
unchanged for each seat. Whatever changes the lobby or a table is done on the server's
event loop (``on_loop``), the one writer. Lines for this person from elsewhere (the
lobby's chat, who sat down) wait in ``inbox`` and wake the prompt.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable
from dataclasses import replace

from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .. import text
from ..access import messages
from ..access.message import Priority, Verbosity
from ..access.render import Renderer
from ..access.wording import language
from ..bots.base import BotNameError, parse_bot
from ..engine.rules import DealError, RulesError, RuleSet
from ..settings import Settings
from ..ui.keys import Key, Pressed, TooLong
from ..ui.outputs import Outputs
from ..ui.terminal import Screen
from .seat import CHAT_LIMIT, NetKeyboard, NetTable, RemoteGame, Wake, on_loop
from .tables import DEFAULT_BOT, MOST_SEATS, SPECTATOR, Lobby, ServerTable, Stage

LOBBY_PROMPT = "lobby> "
WATCH_PROMPT = "watch> "


class Person:
    """A person in the lobby, at a table, or watching one."""

    def __init__(
        self,
        name: str,
        lobby: Lobby,
        input: Input,
        output: Output,
        write: Callable[[str], None],
        settings: Settings | None = None,
    ) -> None:
        self.name = name
        self.lobby = lobby
        self.loop: asyncio.AbstractEventLoop = lobby.loop
        self.input = input
        self.output = output
        self.settings = settings or Settings()
        self._write = write
        self.screen = Screen(write)
        self.outputs = Outputs(self.screen.say)
        self.inbox: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.keyboard = NetKeyboard(input=input, output=output, keys=False)
        self.table: ServerTable | None = None
        self.watching: ServerTable | None = None

    # ----------------------------------------------------------------- from any thread

    def tell(self, line: str) -> None:
        self.inbox.put(line)
        self.keyboard.wake()

    def wake(self) -> None:
        self.keyboard.wake()

    # ----------------------------------------------------------------- the thread

    def run(self) -> None:
        self.use_language()
        with create_app_session(input=self.input, output=self.output):
            try:
                self._say(messages.net_welcome(self.name))
                for number in on_loop(self.loop, self._away_seats):
                    self._say(messages.net_seat_waits(number))
                self._lobby()
            except (EOFError, KeyboardInterrupt):
                pass
            finally:
                on_loop(self.loop, self._gone)

    def _say(self, line: str, priority: Priority = Priority.NORMAL) -> None:
        if line:
            self.outputs.say(line, priority)

    def _drain(self) -> None:
        while True:
            try:
                line = self.inbox.get_nowait()
            except queue.Empty:
                return
            self._say(line)

    def _lobby(self) -> None:
        while True:
            self._drain()
            table = self.table
            if table is not None and table.stage is Stage.PLAYING:
                seat = on_loop(self.loop, table.seat_of, self.name)
                if seat is not None:
                    self._play(table, seat)
                    continue
            if self.watching is not None and self.watching.stage is not Stage.WAITING:
                self._watch(self.watching)
                continue
            self.screen.input_taken()
            got = self.keyboard.read_woken(WATCH_PROMPT if self.watching else LOBBY_PROMPT)
            if not isinstance(got, str):
                self._not_a_line(got)
                continue
            if not self._command(got):
                return

    def _not_a_line(self, got: object) -> None:
        """A key that is no typed line, answered in words (a wake-up is not a key)."""
        if isinstance(got, TooLong):
            self._say(messages.line_too_long(), Priority.URGENT)
        elif isinstance(got, Pressed) and got.key is Key.CLOSE:
            self._say(messages.tr(messages.LINE_CLEARED), Priority.URGENT)
        elif not isinstance(got, Wake):
            self._say(messages.tr(messages.NO_SUCH_KEY_TYPED), Priority.URGENT)

    def _command(self, line: str) -> bool:
        """Carry out a lobby command; False to quit."""
        if len(line) > text.LINE_LIMIT:
            self._say(messages.line_too_long(), Priority.URGENT)
            return True
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        rest = rest.strip()
        if not word:
            self._say(messages.tr(messages.NET_LOBBY_HINT))
        elif word == "quit":
            return False
        elif word == "help":
            for help_line in messages.NET_LOBBY_HELP:
                self._say(messages.tr(help_line))
            self._say(messages.tr(messages.NET_LOBBY_HELP_LANG))
        elif word == "tables":
            for table_line in on_loop(self.loop, self._tables):
                self._say(table_line)
        elif word == "new":
            self._say(on_loop(self.loop, self._new, rest or "standard"))
        elif word in ("join", "watch"):
            self._say(on_loop(self.loop, self._join, rest, word == "watch"))
        elif word == "bot":
            self._say(on_loop(self.loop, self._bot, rest or DEFAULT_BOT))
        elif word == "start":
            self._say(on_loop(self.loop, self._start))
        elif word == messages.SAY_WORD:
            said = text.shown(rest, CHAT_LIMIT).strip()
            if said:
                on_loop(self.loop, self._chat, said)
        elif word == "leave":
            self._say(on_loop(self.loop, self._leave))
        elif word == "who":
            self._say(on_loop(self.loop, self._who))
        elif word in ("keys", "verbosity"):
            self._say(self._setting(word, rest.lower()))
        elif word == "bell":
            self._say(self._bell(rest.lower()))
        elif word == "lang":
            self._say(self._lang(rest.lower()))
        else:
            self._say(messages.net_unknown_command(text.shown(word, 40)), Priority.URGENT)
        return True

    def _setting(self, word: str, value: str) -> str:
        """``keys on``/``keys off``, ``verbosity brief``/``normal``/``full``: how this
        session's games take keys and speak, from the next game on.
        """
        if word == "keys" and value in ("on", "off"):
            self.settings = replace(self.settings, keys=value == "on")
            return messages.net_keys_set(self.settings.keys)
        if word == "verbosity" and value in {v.value for v in Verbosity}:
            self.settings = replace(self.settings, verbosity=Verbosity(value))
            return messages.net_verbosity_set(value)
        return messages.net_setting_values(word)

    def _bell(self, value: str) -> str:
        """``bell on``/``bell off``: the terminal's bell when it is this person's turn (a
        plain ssh seat has no sound cues of its own), beside the words, never instead.
        """
        if value not in ("on", "off"):
            return messages.tr(messages.NET_BELL_VALUES)
        self.outputs.bell = self._ring if value == "on" else None
        return messages.net_bell_set(value == "on")

    def _lang(self, value: str) -> str:
        """``lang es``: this session's language, for the lobby's lines and its games (each
        seat is rendered in its own, whatever the server's or the other players')."""
        if not language.known(value):
            return messages.net_lang_values(sorted(language.LANGUAGES))
        self.settings = replace(self.settings, lang=value)
        self.use_language()
        return messages.net_lang_set(language.LANGUAGES[value].name)

    def use_language(self) -> None:
        """This thread speaks the session's language (``lang``; else the server's)."""
        if self.settings.lang:
            language.LANGUAGE.set(language.language_of(self.settings.lang))

    def _ring(self) -> None:
        self._write("\a")

    # ----------------------------------------------------------------- on the loop

    def _away_seats(self) -> list[int]:
        """The tables where a bot stands in for this person."""
        return [
            t.number
            for t in self.lobby.tables.values()
            if t.stage is Stage.PLAYING
            and any(not p.present and p.name.lower() == self.name.lower() for p in t.places)
        ]

    def _tables(self) -> list[str]:
        tables = self.lobby.tables
        if not tables:
            return [messages.tr(messages.NET_NO_TABLES)]
        return [
            messages.net_table_line(
                t.number,
                t.spec,
                [messages.net_bot_name(p.name) if p.bot else p.name for p in t.places],
                MOST_SEATS - len(t.places),
                t.stage.value,
            )
            for t in tables.values()
        ]

    def _new(self, spec: str) -> str:
        if self.table is not None:
            return messages.net_already_at(self.table.number)
        try:
            rules = RuleSet.from_spec(spec)
        except RulesError as error:
            return messages.rules_error(error)
        table = self.lobby.new_table(self.name, rules, text.shown(spec, 60))
        table.sit(self.name)
        table.listen(self.wake)
        self.table = table
        self.watching = None
        return messages.net_table_made(table.number)

    def _join(self, number: str, watch: bool) -> str:
        table = self._find(number)
        if table is None:
            return messages.net_no_such_table(text.shown(number, 20))
        if self.table is not None:
            return messages.net_already_at(self.table.number)
        if watch:
            table.spectators.add(self.name)
            table.listen(self.wake)
            self.watching = table
            self._to_table(table, messages.net_watches(self.name, table.number))
            return messages.net_you_watch(table.number)
        if table.stage is Stage.PLAYING:
            seat = table.rejoin(self.name)
            if seat is not None:  # back at the seat a bot stood in for
                table.listen(self.wake)
                self.table = table
                self.watching = None
                return messages.net_you_are_back(table.number, seat + 1)
        if table.stage is not Stage.WAITING:
            return messages.net_table_started(table.number)
        if len(table.places) >= MOST_SEATS:
            return messages.net_table_full(table.number)
        seat = table.sit(self.name)
        table.listen(self.wake)
        self.table = table
        self.watching = None
        self._to_table(table, messages.net_sits(self.name, table.number, seat + 1))
        return messages.net_you_sit(table.number, seat + 1)

    def _find(self, number: str) -> ServerTable | None:
        try:
            return self.lobby.tables.get(int(number.strip().lstrip("#")))
        except ValueError:
            return None

    def _bot(self, strength: str) -> str:
        table = self.table
        if table is None or table.stage is not Stage.WAITING:
            return messages.tr(messages.NET_NOT_AT_WAITING_TABLE)
        try:
            parse_bot(strength)
        except BotNameError:
            return messages.net_unknown_bot(text.shown(strength, 20))
        if len(table.places) >= MOST_SEATS:
            return messages.net_table_full(table.number)
        name = table.add_bot(strength.strip().lower())
        line = messages.net_bot_sits(name, table.number, len(table.places))
        self._to_table(table, line)
        return line

    def _start(self) -> str:
        table = self.table
        if table is None or table.stage is not Stage.WAITING:
            return messages.tr(messages.NET_NOT_AT_WAITING_TABLE)
        if table.creator != self.name:
            return messages.net_only_creator(table.creator)
        if len(table.places) < 2:
            return messages.tr(messages.NET_TOO_FEW)
        try:
            table.rules.check_deal(len(table.places))
        except DealError as error:
            return messages.rules_error(error)
        table.start()
        return ""

    def _chat(self, said: str) -> None:
        line = messages.chat_line(self.name, said)
        table = self.table or self.watching
        if table is None:
            self.lobby.say(line)
        elif table.stage is Stage.PLAYING:
            table.line(line)
        else:
            self._to_table(table, line, me_too=True)

    def _to_table(self, table: ServerTable, line: str, me_too: bool = False) -> None:
        for name in {*table.people(), *table.spectators}:
            if name != self.name or me_too:
                tell = self.lobby.people.get(name)
                if tell is not None:
                    tell(line)

    def _leave(self, seen: int = 0) -> str:
        table = self.table or self.watching
        if table is None:
            return messages.tr(messages.NET_NOT_AT_TABLE)
        table.leave(self.name, seen)
        table.unlisten(self.wake)
        if table.stage is Stage.WAITING:
            self._to_table(table, messages.net_left(self.name, table.number))
        self.table = self.watching = None
        if not table.people() and table.stage is not Stage.PLAYING:
            self.lobby.tables.pop(table.number, None)
        return messages.net_you_left(table.number)

    def _who(self) -> str:
        return messages.net_who(sorted(self.lobby.people))

    def _gone(self) -> None:
        """The connection ended: out of the lobby, and out of the table (a bot plays on)."""
        if self.table is not None or self.watching is not None:
            self._leave()
        self.lobby.people.pop(self.name, None)

    # ----------------------------------------------------------------- at the table

    def _play(self, table: ServerTable, seat: int) -> None:
        """The game, exactly as ``uno-access play`` plays it, for this seat."""
        settings = self.settings
        keyboard = NetKeyboard(input=self.input, output=self.output, keys=settings.keys)
        keyboard.take_input()
        back_from = table.places[seat].seen or None  # a seat taken up again
        game = RemoteGame(table, seat, 1)
        seat_table = NetTable(
            game,
            {},
            keyboard,
            self.screen,
            seat,
            outputs=self.outputs,
            verbosity=settings.verbosity,
            at_keyboard=(seat,),
        )
        seat_table.back_from = back_from
        self.keyboard, lobby_keyboard = keyboard, self.keyboard
        try:
            seat_table.run()
        finally:
            self.keyboard = lobby_keyboard
            lobby_keyboard.take_input()
            on_loop(self.loop, self._leave, game.seen)
            self._say(messages.tr(messages.NET_BACK_IN_LOBBY))

    def _watch(self, table: ServerTable) -> None:
        """The public events of a table, as they come, and the lobby's commands."""
        renderer = Renderer(
            SPECTATOR,
            tuple(p.name for p in table.places),
            table.rules,
            verbosity=self.settings.verbosity or Verbosity.NORMAL,
            with_braille=False,
        )
        seen = 0
        while self.watching is table:
            self._drain()
            entries = on_loop(self.loop, table.entries, SPECTATOR, seen + 1)
            for entry in entries:
                seen = entry.seq
                if entry.line is not None:
                    self._say(entry.line)
                for message in renderer.events(entry.events):
                    self.outputs.show(message)
            if entries:
                continue
            self.screen.input_taken()
            got = self.keyboard.read_woken(WATCH_PROMPT)
            if not isinstance(got, str):
                self._not_a_line(got)
                continue
            if not self._command(got):
                raise EOFError
