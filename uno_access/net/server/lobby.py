"""One person connected over ssh (or a browser's WebSocket, by its own way in:
``ways``, ``net.web``): the lobby's typed commands, then the game at a table.

Each connection is a coroutine on the server's event loop (``run``), with its own
prompt_toolkit app session over the ssh channel; at a table it drives the home table's
seat (``seat.table``, a coroutine that awaits its keys: ``ui.drive.drive_async``) as the
terminal drives it at home. Whatever changes the lobby or a table is done by the
tables' one writer (``on_loop``: at once, on the loop). Lines for this person from
elsewhere (the lobby's chat, who sat down) wait in ``inbox`` and wake the prompt.
"""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable
from dataclasses import dataclass, replace

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ... import settings_table, text
from ...access import messages
from ...access.braille import BrailleTable
from ...access.message import Priority, Verbosity
from ...access.render import Renderer
from ...access.sounds import Cue
from ...access.wording import forms, language
from ...bots.base import BotNameError, parse_bot
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.rules import DealError, RulesError, RuleSet
from ...seat.asks import Wake
from ...seat.history import Buffer, History
from ...settings import Settings
from ...ui.drive import drive_async
from ...ui.keys import Key, Pressed, TooLong
from ..seat import (
    CHAT_LIMIT,
    NetTable,
    RemoteGame,
    chat_command,
    hear,
    on_loop,
    review,
)
from ..wire import (
    CHAT_WORD,
    GRACE_WORD,
    LOBBY_PROMPT,
    MOST_SEATS,
    REVIEW_WORDS,
    SPECTATOR,
    STANDIN_WORD,
    WAIT_WORD,
    WATCH_PROMPT,
    Entry,
)
from ..wire.notices import Connection, Gone, Notice
from ..wire.said import Heard, Line, Said, Words, heard, heard_line
from . import hosting, moderators, people, standings, tournament_commands
from .accounts import Accounts, Limiter
from .limits import Chat
from .password_change import change_password
from .received import Received, TableLog, told_from
from .tables import DEFAULT_BOT, Lobby, NoTableNumber, Place, ServerTable, Stage
from .timer import LONGEST_TURN, SHORTEST_TURN
from .ways import Place as Where
from .ways import TerminalWay, Way

BRAILLE_WORD = "braille"
INBOX_LIMIT = 10_000  # lines told from elsewhere waiting for one person's session


class Person:
    """A person in the lobby, at a table, or watching one: over plain ssh (``input``,
    ``output`` and ``write``, the terminal's way), or by the ``way`` their driver gives
    (a browser's)."""

    accounts: Accounts | None = None  # the server's, where ``password`` sets theirs
    # what their way in says it received before its connection dropped (a browser's page)
    received: Received | None = None
    limiter: Limiter | None = None  # the server's: a wrong current password is a failed login

    def __init__(
        self,
        name: str,
        lobby: Lobby,
        input: Input | None = None,
        output: Output | None = None,
        write: Callable[[str], None] | None = None,
        settings: Settings | None = None,
        *,
        way: Way | None = None,
    ) -> None:
        self.name = name
        self.lobby = lobby
        self.loop: asyncio.AbstractEventLoop = lobby.loop
        if way is None:
            assert input is not None and output is not None and write is not None
            way = TerminalWay(input, output, write)
        self.way = way
        self.settings = settings or Settings()
        self.screen = way.screen
        self.outputs = way.outputs()
        self.outputs.chat_muted_shown = False  # the terminal is what its screen reader speaks
        # the chat's own history (the lobby's and the table's lines), kept from the lobby
        # to the table and back: ``chat`` reads it, ``[`` and ``]`` step through it
        self.chat = History(current=Buffer.CHAT)
        self.inbox: queue.SimpleQueue[Heard] = queue.SimpleQueue()
        self.keyboard = way.keyboard(False)
        self.table: ServerTable | None = None
        self.watching: ServerTable | None = None
        self.dropped = False  # the connection dropped (not the person quitting)

    # ----------------------------------------------------------------- from elsewhere

    def resized(self) -> None:
        """The person's terminal has a new size: their prompt drawn anew for it."""
        self.keyboard.resized()

    def connection_lost(self) -> None:
        """The connection dropped: the person keeps their seat (``ServerTable.leave``)."""
        self.dropped = True

    def tell(self, line: Line | Heard) -> None:
        """From the event loop: a line for this person, kept until their session tells it
        (at most ``INBOX_LIMIT``: a session held up by a reader too slow for it makes the
        newest wait no longer, never the server's memory grow)."""
        if self.inbox.qsize() < INBOX_LIMIT:
            self.inbox.put(heard(line))
        self.keyboard.wake()

    def wake(self) -> None:
        self.keyboard.wake()

    def held(self) -> asyncio.Future[bool] | None:
        """What is to be sent to this person waits for this (``Lobby.held_for``: their
        table's entries not all kept yet); None: nothing to wait for."""
        return self.lobby.held_for(self.table or self.watching)

    # ----------------------------------------------------------------- the session

    async def run(self) -> None:
        """The session, a coroutine on the server's event loop: the lobby, and the games."""
        self._restore_preferences()
        self.use_language()
        with self.way.session():
            try:
                for line in on_loop(self.loop, self._arrival):
                    self._say(line)
                if self.lobby.far is not None and self.table is None:  # a seat elsewhere
                    for line in await self.lobby.far.arrived(self):
                        self._say(line)
                on_loop(self.loop, self.came_in)
                await self._lobby()
            except (EOFError, KeyboardInterrupt):
                pass
            finally:
                try:
                    await self.keyboard.set_aside()
                finally:
                    on_loop(self.loop, self._gone)

    def came_in(self) -> None:
        """After the welcome: the messages that waited, friends' requests and their friends
        told (``people``); a mute said (``moderators``)."""
        people.arrived(self)
        moderators.arrived(self)

    def _say(self, line: str, priority: Priority = Priority.NORMAL) -> None:
        if line:
            self.outputs.say(forms.Line.of(messages.net_told, line), priority)

    def _drain(self) -> None:
        for line in self._take_inbox():
            self._hear(line)

    def _take_inbox(self) -> list[Heard]:
        """The lines told from elsewhere (the lobby's chat, who sat down) not told yet."""
        taken: list[Heard] = []
        while True:
            try:
                taken.append(self.inbox.get_nowait())
            except queue.Empty:
                return taken

    def _hear(self, line: Heard) -> None:
        """A line from elsewhere: a chat line kept in the chat's history, with its sound."""
        message = self.outputs.message(heard_line(line.text))  # in this person's language
        hear(self.outputs, self.chat, message, line, self.outputs.say, others=None)

    async def _lobby(self) -> None:
        while True:
            self._drain()
            on_loop(self.loop, self._still_there)
            table = self.table
            if table is not None and table.stage is Stage.PLAYING:
                seat = on_loop(self.loop, table.seat_of, self.name)
                if seat is not None:
                    await self._play(table, seat)
                    continue
            if self.watching is not None and self.watching.stage is not Stage.WAITING:
                await self._watch(self.watching)
                continue
            self.way.place(Where.WATCHING if self.watching else Where.LOBBY)
            self.screen.input_taken()
            got = await self.keyboard.read_woken_async(
                WATCH_PROMPT if self.watching else LOBBY_PROMPT
            )
            if not isinstance(got, str):
                self._not_a_line(got)
                continue
            if not await self._command(got):
                return

    def _not_a_line(self, got: object) -> None:
        """A key that is no typed line, answered in words (a wake-up is not a key)."""
        if isinstance(got, TooLong):
            self._say(messages.line_too_long(), Priority.URGENT)
        elif isinstance(got, Pressed) and got.key is Key.CLOSE:
            self._say(messages.tr(messages.LINE_CLEARED), Priority.URGENT)
        elif not isinstance(got, Wake):
            self._say(messages.tr(messages.NO_SUCH_KEY_TYPED), Priority.URGENT)

    async def _command(self, line: str) -> bool:
        """Carry out a lobby command (``LOBBY_COMMANDS``); False to quit."""
        if len(line) > text.LINE_LIMIT:
            self._say(messages.line_too_long(), Priority.URGENT)
            return True
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word == QUIT_WORD:
            return False
        if word == PASSWORD_WORD:
            await self._password()
            return True
        if word == NEW_WORD and self.lobby.number_ready is not None:
            await self.lobby.number_ready()  # a burst of new tables: the cluster's next block
        far = self.lobby.far
        if far is not None:  # a table another server of the cluster holds
            answer = await far.command(self, word, rest)
            if answer is not None:
                for said in answer:
                    self._say(said)
                self._remember(word, rest.lower())
                return True
        command = LOBBY_COMMANDS.get(word)
        if command is None or (word in REVIEW_WORDS and rest):  # "[ x" is no step back
            self._say(messages.net_unknown_command(text.shown(word, 40)), Priority.URGENT)
            return True
        told = command(self, word, rest)
        if told is not None:
            for said in told.lines:
                self._say(said, Priority.URGENT if told.urgent else Priority.NORMAL)
        self._remember(word, rest.lower())
        return True

    def _preference_values(self) -> dict[str, Callable[[str], str | None]]:
        """The lobby's choices of how this person plays, kept for their next session: for
        each, a value as it is kept (None: one it does not take), by the settings table."""
        kept: dict[str, Callable[[str], str | None]] = {
            word: spec.kept for word, spec in settings_table.IN_LOBBY.items()
        }
        braille = kept[BRAILLE_WORD]
        kept[BRAILLE_WORD] = lambda v: "off" if v == "off" else braille(v)
        kept["bell"] = lambda v: v if v in ("on", "off", "chat") else None
        return kept

    def _remember(self, word: str, value: str) -> None:
        """A choice of how this person plays (``lang es``, ``keys off``…), kept with their
        account: the next time they come they find it as they left it."""
        valid = self._preference_values().get(word)
        kept = None if valid is None else valid(value)
        if kept is not None and self.accounts is not None:
            self.accounts.prefer(self.name, word, kept)

    def _restore_preferences(self) -> None:
        """This person's choices of their last sessions, made again, quietly."""
        if self.accounts is None:
            return
        handlers: dict[str, Callable[[str], str]] = {
            "lang": self._lang,
            "keys": lambda v: self._setting("keys", v),
            "verbosity": lambda v: self._setting("verbosity", v),
            "bell": self._bell,
            BRAILLE_WORD: self._braille,
            CHAT_WORD: self._chat_command,
        }
        kept = self._preference_values()
        for word, value in self.accounts.preferences(self.name):
            chosen = kept[word](value) if word in handlers else None
            if chosen is not None:
                handlers[word](chosen)

    def _setting(self, word: str, value: str) -> str:
        """``keys on``/``keys off``, ``verbosity brief``/``normal``/``full``: how this
        session's games take keys and speak, from the next game on.
        """
        setting = settings_table.IN_LOBBY[word]
        try:
            chosen = setting.from_typed(value, english=True)
        except settings_table.Bad:
            return setting.refused(english=True).sentence()
        self.settings = replace(self.settings, **{setting.key: chosen})
        if setting is settings_table.KEYS:
            return messages.net_keys_set(chosen)
        return messages.net_verbosity_set(setting.typed(chosen))

    def _braille(self, value: str) -> str:
        """``braille TABLE``: this session's lines followed by their braille as Unicode
        dots (as ``--braille-display screen`` shows it at home), the cards as the deck's
        corner codes, in that table; ``braille off`` stops it. From the next game on.
        """
        if value == "off":
            self.outputs.braille = None
            return messages.net_braille_set(None)
        try:
            table = settings_table.BRAILLE_TABLE.from_typed(value, english=True)
        except settings_table.Bad:
            return messages.net_braille_values([t.value for t in BrailleTable])
        self.outputs.braille_table = table
        if self.outputs.braille is None:
            self.outputs.braille = self.way.braille()
        return messages.net_braille_set(table.value)

    def _bell(self, value: str) -> str:
        """``bell on``/``bell off``: the terminal's bell when it is this person's turn (a
        plain ssh seat has no sound cues of its own), beside the words, never instead.
        """
        if value == "chat":  # at each chat line too
            self.outputs.bell = self._ring
            self.outputs.bell_for = frozenset({Cue.YOUR_TURN, Cue.CHAT})
            return messages.tr(messages.NET_BELL_CHAT)
        if value not in ("on", "off"):
            return messages.tr(messages.NET_BELL_VALUES_CHAT)
        self.outputs.bell = self._ring if value == "on" else None
        self.outputs.bell_for = frozenset({Cue.YOUR_TURN})
        return messages.net_bell_set(value == "on")

    def _chat_command(self, value: str) -> str:
        return chat_command(self.outputs, self.chat, value)

    def _review(self, delta: int) -> str:
        return review(self.chat, delta)

    def _lang(self, value: str) -> str:
        """``lang es``: this session's language, for the lobby's lines and its games (each
        seat is rendered in its own, whatever the server's or the other players')."""
        try:
            value = settings_table.LANG.from_typed(value, english=True)
        except settings_table.Bad:
            return settings_table.LANG.refused(english=True).sentence()
        self.settings = replace(self.settings, lang=value)
        self.use_language()
        return messages.net_lang_set(language.LANGUAGES[value].name)

    def use_language(self) -> None:
        """This session speaks its language (``lang``; else the server's)."""
        if self.settings.lang:
            language.LANGUAGE.set(language.language_of(self.settings.lang))

    def _ring(self) -> None:
        self.way.ring()

    async def _password(self) -> None:
        """``password``: the current password (when there is one), then a new one typed
        twice, never shown (``password_change``)."""
        if self.accounts is None:
            self._say(messages.tr(messages.NET_PASSWORD_NOT_HERE))
            return
        await change_password(
            self.name, self.way, self.accounts, self.limiter, self.loop, self._say
        )

    # ----------------------------------------------------------------- on the loop

    def _arrival(self) -> list[str]:
        """What a person is told as they come in. Back at the seat held for them since their
        connection dropped (``_return``): welcomed back, then at which table (the lobby's
        welcome would put them in the lobby, where they are not); else welcomed to the
        lobby. Then the tables where a seat they quit waits for them.
        """
        back = self._return()
        welcome = messages.net_welcome_back if self.table is not None else messages.net_welcome
        waiting = [messages.net_seat_waits(number) for number in self._away_seats()]
        return [welcome(self.name), back, *waiting]

    def _away_seats(self) -> list[int]:
        """The tables where a seat this person quit waits for them, a bot playing it."""
        return [
            t.number
            for t in self.lobby.tables.values()
            if t.stage is Stage.PLAYING
            and any(
                p.person and not p.present and not p.dropped and p.name.lower() == self.name.lower()
                for p in t.places
            )
        ]

    def _return(self) -> str:
        """Back at the seat held for this person since their connection dropped (or the
        server restarted), if there is one: what they are told ("" when none). What they
        missed is told from the last entry their way in says it received (``received``),
        else from the last the server told them.
        """
        if self.table is not None:
            return ""
        for table in self.lobby.tables.values():
            seat = table.away_seat(self.name)
            if seat is not None and table.places[seat].dropped:
                place = table.places[seat]
                log = TableLog(self.lobby.epoch, table.number)
                place.seen = told_from(self.received, log, place.seen)
                return self._join(str(table.number), watch=False)
        return ""

    def _host(self, word: str, rest: str) -> str:
        """The host's commands: ``standin NAME``, ``wait NAME``, ``grace SECONDS``."""
        table = self.table
        if table is None:
            return messages.tr(messages.NET_NOT_AT_TABLE)
        if table.stage is Stage.PLAYING and table.seat_of(self.name) is not None:
            table.command_at(self.name, word, rest)  # told at the table, in its log
            return ""
        return table.command(self.name, word, rest)

    def _tables(self) -> list[str]:
        listed = list(self.lobby.tables.values())
        if self.lobby.far is not None:  # the cluster's: the other servers' tables too
            both = {**self.lobby.far.listed(), **self.lobby.tables}
            listed = [both[number] for number in sorted(both)]
        tables = [t for t in listed if not self._hidden(t)]
        if not tables:
            return [messages.tr(messages.NET_NO_TABLES)]
        return [self._table_line(t) for t in tables]

    def _still_there(self) -> None:
        """The table this person sits at or watches, as the table says: one whose host
        removed them, or closed it, is left (``hosting``)."""
        table = self.table
        name = self.name
        if table is not None and table.seat_of(name) is None and table.away_seat(name) is None:
            table.unlisten(self.wake)
            self.table = None
        watching = self.watching
        if watching is not None and self.name not in watching.spectators:
            watching.unlisten(self.wake)
            self.watching = None

    def _hidden(self, table: ServerTable) -> bool:
        """Whether ``table`` is hidden from this person: its host blocks them (and they
        have no seat there), which they are never told: to them it is not there."""
        if not self.lobby.blocks(table.creator, self.name):
            return False
        return table.seat_of(self.name) is None and table.away_seat(self.name) is None

    def _table_line(self, table: ServerTable) -> str:
        """A table as the list says it: a private one names who sits there, and its code,
        to those at it alone.
        """
        names = [_listed(p) for p in table.places]
        free = MOST_SEATS - len(table.places)
        if table.code is None:
            line = messages.net_table_line(table.number, table.spec, names, free, table.stage.value)
        else:
            at_it = table in (self.table, self.watching) or self._may_enter(table)
            line = messages.net_private_table_line(
                table.number,
                table.spec,
                free,
                table.stage.value,
                table.code if at_it else None,
                names,
            )
        if table.turn_seconds is not None:
            line = f"{line} {messages.net_table_timer(table.turn_seconds)}"
        return line

    def _new(self, spec: str) -> str:
        if self.table is not None:
            return messages.net_already_at(self.table.number)
        first, _, more = spec.partition(" ")
        private = first.lower() == messages.PRIVATE_WORD
        if private:
            spec = more.strip() or "standard"
        try:
            rules = RuleSet.from_spec(spec)
        except RulesError as error:
            return messages.rules_error(error)
        try:
            table = self.lobby.new_table(self.name, rules, text.shown(spec, 60))
        except NoTableNumber:
            return messages.tr(messages.NET_NO_TABLE_NUMBER)
        if private:
            table.code = self.lobby.private_code()
        table.sit(self.name)
        table.listen(self.wake)
        self.table = table
        self.watching = None
        if table.code is not None:
            return messages.net_private_table_made(table.number, table.code)
        return messages.net_table_made(table.number)

    def _timer(self, value: str) -> str:
        """``timer SECONDS`` or ``timer off``: the host sets the turn timer of their table
        before it starts (off by default).
        """
        table = self.table
        if table is None or table.stage is not Stage.WAITING:
            return messages.tr(messages.NET_NOT_AT_WAITING_TABLE)
        if table.creator != self.name:
            return messages.net_timer_only_host(table.creator)
        if value == messages.TIMER_OFF_WORD:
            seconds = None
        elif value.isascii() and value.isdigit() and SHORTEST_TURN <= int(value) <= LONGEST_TURN:
            seconds = int(value)
        else:
            return messages.net_timer_values(SHORTEST_TURN, LONGEST_TURN)
        table.turn_seconds = seconds
        self._to_table(table, Words(messages.net_timer_set, (table.number, seconds)))
        return messages.net_timer_set(table.number, seconds)

    def _join(self, number: str, watch: bool) -> str:
        table = self._find(number)
        if table is None and number.strip() and not number.strip().lstrip("#").isdigit():
            codes = self.lobby.code_limits
            if codes.over(self.name):  # not even looked at: guessing takes years
                return messages.tr(messages.NET_CODES_TOO_FAST)
            table = self.lobby.with_code(number)
            if table is not None and self._hidden(table):
                table = None
            if table is None:
                codes.spend(self.name)
                return messages.net_no_such_code(text.shown(number.strip(), 20))
        elif table is not None and table.code is not None and not self._may_enter(table):
            return messages.net_private_needs_code(table.number)
        if table is None:
            return messages.net_no_such_table(text.shown(number, 20))
        if self.table is not None:
            return messages.net_already_at(self.table.number)
        if self.name.lower() in table.banned:
            return messages.net_kept_out(table.number)
        if watch:
            table.spectators.add(self.name)
            table.listen(self.wake)
            self.watching = table
            watches = Words(messages.net_watches, (self.name, table.number))
            self._to_table(table, Heard(watches, Said.PRESENCE))
            return messages.net_you_watch(table.number)
        away = table.away_seat(self.name)
        if away is not None:  # back at the seat held for them
            standin = table.places[away].standin is not None
            seat = table.rejoin(self.name)
            if seat is not None:
                table.listen(self.wake)
                self.table = table
                self.watching = None
                if table.stage is Stage.WAITING:
                    self._to_table(
                        table, Heard(Words(messages.net_back, (self.name,)), Said.PRESENCE)
                    )
                    return messages.net_you_sit(table.number, seat + 1)
                if standin:
                    return messages.net_you_are_back(table.number, seat + 1)
                return messages.net_you_are_back_waited(table.number, seat + 1)
        if table.stage is not Stage.WAITING:
            return messages.net_table_started(table.number)
        if len(table.places) >= MOST_SEATS:
            return messages.net_table_full(table.number)
        seat = table.sit(self.name)
        table.listen(self.wake)
        self.table = table
        self.watching = None
        sits = Words(messages.net_sits, (self.name, table.number, seat + 1))
        self._to_table(table, Heard(sits, Said.PRESENCE))
        return messages.net_you_sit(table.number, seat + 1)

    def _may_enter(self, table: ServerTable) -> bool:
        """A private table by its number: only for who has a seat there (held for them
        while they are away, a bot standing in).
        """
        name = self.name.lower()
        return any(
            p.name.lower() == name and (p.bot is None or not p.present) for p in table.places
        )

    def _find(self, number: str) -> ServerTable | None:
        try:
            table = self.lobby.tables.get(int(number.strip().lstrip("#")))
        except ValueError:
            return None
        return None if table is None or self._hidden(table) else table

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
        self._to_table(table, Words(messages.net_bot_sits, (name, table.number, len(table.places))))
        return messages.net_bot_sits(name, table.number, len(table.places))

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

    def _chat(self, said: str) -> str | None:
        """``said`` to the lobby, or to the table this person is at or watching, within
        the chat's limit (``limits``); what the sender is told (None: nothing)."""
        lobby = self.lobby
        muted = moderators.muted(lobby.moderation, self.name)
        if muted is not None:  # said to them, reaching no one
            return muted
        chat = lobby.chat_limits.line(self.name)
        if chat is not Chat.SENT:
            return _over_limit(chat)
        lobby.heard_from(self.name, said)
        line = Words(messages.chat_line, (self.name, said))  # "Sam says: …" in each one's words
        table = self.table or self.watching
        if table is None:
            self.lobby.say(Heard(line, Said.CHAT), by=self.name)
            if lobby.far is not None:  # one lobby: the other servers' people hear it too
                lobby.far.lobby_said(self.name, said)
            return None
        if table.stage is Stage.PLAYING:
            table.line(line, Said.CHAT, by=self.name)
        else:
            self._to_table(table, Heard(line, Said.CHAT), me_too=True, by=self.name)
        if lobby.far is not None:  # to those at the table from other servers too
            lobby.far.said(table, self.name, said)
        return None

    def _to_table(
        self, table: ServerTable, line: Line | Heard, me_too: bool = False, by: str = ""
    ) -> None:
        """``line`` to everyone at ``table`` (and watching it), but this person unless
        ``me_too``; a chat line (``by`` who said it) to none who blocks them. Who came or
        went (not a chat line, which ``far.said`` journals) reaches those at the table
        from the cluster's other servers too."""
        lobby = self.lobby
        for name in {*table.people(), *table.spectators}:
            if (name != self.name or me_too) and not (by and lobby.blocks(name, by)):
                tell = lobby.people.get(name)
                if tell is not None:
                    tell(line)
        if lobby.far is not None and not by:
            heard = line if isinstance(line, Heard) else Heard(line)
            lobby.far.told_before(table, heard, "" if me_too else self.name)

    def _leave(self, seen: int = 0, dropped: bool = False) -> str:
        table = self.table or self.watching
        if table is None:
            return messages.tr(messages.NET_NOT_AT_TABLE)
        far = self.lobby.far
        if far is not None and far.leave(self, table, seen, dropped):  # held elsewhere
            return messages.net_you_left(table.number)
        table.leave(self.name, seen, dropped)
        table.unlisten(self.wake)
        if table.stage is Stage.WAITING:
            left = Words(messages.net_left, (self.name, table.number))
            self._to_table(table, Heard(left, Said.PRESENCE))
        self.table = self.watching = None
        nobody = table.stage is Stage.OVER or not any(p.person for p in table.places)
        if nobody and self.lobby.tables.pop(table.number, None) is not None and table.journal:
            table.journal.ended(table)  # a table nobody sits at is not kept
        return messages.net_you_left(table.number)

    def _who(self) -> str:
        here = set(self.lobby.people)
        if self.lobby.far is not None:  # one lobby: the other servers' people too
            here |= self.lobby.far.people()
        return messages.net_who(sorted(here, key=str.lower))

    def _gone(self) -> None:
        """The connection ended: out of the lobby, and out of the table (a bot plays on)."""
        if self.table is not None or self.watching is not None:
            self._leave(dropped=self.dropped)
        self.lobby.people.pop(self.name, None)

    # ----------------------------------------------------------------- at the table

    async def _play(self, table: ServerTable, seat: int) -> None:
        """The game, exactly as ``uno-access play`` plays it, for this seat."""
        settings = self.settings
        await self.keyboard.set_aside()  # the lobby's prompt: the table's keyboard reads now
        keyboard = self.way.keyboard(settings.keys)
        keyboard.take_input()
        back_from = table.places[seat].seen or None  # a seat taken up again
        far = self.lobby.far
        game = TableGame(table, seat, 1, self) if far is None else far.game(table, seat, 1, self)
        seat_table = NetTable.seated(
            game,
            keyboard,
            self.screen,
            self.outputs,
            settings.verbosity,
            back_from=back_from,
            chat=self.chat,
            heard_from=self._take_inbox,
        )
        self.keyboard, lobby_keyboard = keyboard, self.keyboard
        self.way.place(Where.TABLE)
        self.way.seated(seat_table, TableLog(self.lobby.epoch, table.number))
        try:
            await drive_async(seat_table.play(), keyboard, self.screen)
        except Gone:
            pass  # the host took the seat: they said so, and a bot plays it
        finally:
            await keyboard.set_aside()
            self.way.seated(None)
            self.keyboard = lobby_keyboard
            lobby_keyboard.take_input()
            on_loop(self.loop, self._leave, game.seen, self.dropped)
            self._say(messages.tr(messages.NET_BACK_IN_LOBBY))

    async def _watch(self, table: ServerTable) -> None:
        """The public events of a table, as they come, and the lobby's commands."""
        renderer = Renderer(
            SPECTATOR,
            tuple(p.name for p in table.places),
            table.rules,
            verbosity=self.settings.verbosity or Verbosity.NORMAL,
            with_braille=False,
        )
        seen = 0
        self.way.place(Where.WATCHING)
        while self.watching is table:
            self._drain()
            on_loop(self.loop, self._still_there)
            if self.watching is not table:
                break
            entries = on_loop(self.loop, table.entries, SPECTATOR, seen + 1, self.name)
            for entry in entries:
                seen = entry.seq
                if entry.line is not None:
                    self._hear(Heard(entry.line, entry.kind))
                for message in renderer.events(entry.events):
                    self.outputs.show(message)
            if entries:
                continue
            self.screen.input_taken()
            got = await self.keyboard.read_woken_async(WATCH_PROMPT)
            if not isinstance(got, str):
                self._not_a_line(got)
                continue
            if not await self._command(got):
                raise EOFError


@dataclass(frozen=True, slots=True)
class Told:
    """A lobby command's answer: its lines, said at once when ``urgent`` (an answer to a
    key-like command: the chat's history, a step through it)."""

    lines: tuple[str, ...]
    urgent: bool = False

    @classmethod
    def of(cls, *lines: str, urgent: bool = False) -> Told:
        return cls(tuple(lines), urgent)


QUIT_WORD = "quit"
NEW_WORD = "new"
PASSWORD_WORD = "password"  # asked in the session's own prompt: awaited, not in the table


def _chat(person: Person, word: str, rest: str) -> Told | None:
    said = text.shown(rest, CHAT_LIMIT).strip()
    told = on_loop(person.loop, person._chat, said) if said else None
    return None if told is None else Told.of(told)


def _over_limit(chat: Chat) -> str | None:
    """What a person is told of a chat line of theirs (``limits``): nothing when it was
    sent, or when they were told already that it was over the limit."""
    return messages.tr(messages.NET_CHAT_TOO_FAST) if chat is Chat.DROPPED_TOLD else None


def _help(person: Person, word: str, rest: str) -> Told:
    """The lobby's commands; the moderators' too, to a person with a role."""
    lines = []
    for help_line in (
        *messages.NET_LOBBY_HELP,
        *messages.SOCIAL_HELP,
        *messages.STANDINGS_HELP,
        *messages.MODERATION_HELP,
    ):
        lines.append(messages.tr(help_line))
    lines.append(messages.tr(messages.REPORT_HELP))
    moderation = person.lobby.moderation
    if moderation is not None and moderation.role(person.name) is not None:
        lines.append(messages.tr(messages.MOD_HELP))
    return Told.of(*lines, messages.tr(messages.NET_LOBBY_HELP_LANG))


# Every lobby command but ``quit`` and ``password``: its word, and what it does with the rest
# of the line (the answer to tell). What changes the lobby or a table is done by the tables'
# one writer (``on_loop``).
LOBBY_COMMANDS: dict[str, Callable[[Person, str, str], Told | None]] = {
    "": lambda p, w, r: Told.of(messages.tr(messages.NET_LOBBY_HINT)),
    "help": _help,
    "tables": lambda p, w, r: Told.of(*on_loop(p.loop, p._tables)),
    NEW_WORD: lambda p, w, r: Told.of(on_loop(p.loop, p._new, r or "standard")),
    "timer": lambda p, w, r: Told.of(on_loop(p.loop, p._timer, r.lower())),
    "join": lambda p, w, r: Told.of(on_loop(p.loop, p._join, r, False)),
    "watch": lambda p, w, r: Told.of(on_loop(p.loop, p._join, r, True)),
    "bot": lambda p, w, r: Told.of(on_loop(p.loop, p._bot, r or DEFAULT_BOT)),
    "start": lambda p, w, r: Told.of(on_loop(p.loop, p._start)),
    messages.SAY_WORD: _chat,
    "leave": lambda p, w, r: Told.of(on_loop(p.loop, p._leave)),
    "who": lambda p, w, r: Told.of(on_loop(p.loop, p._who)),
    "keys": lambda p, w, r: Told.of(p._setting(w, r.lower())),
    "verbosity": lambda p, w, r: Told.of(p._setting(w, r.lower())),
    "bell": lambda p, w, r: Told.of(p._bell(r.lower())),
    BRAILLE_WORD: lambda p, w, r: Told.of(p._braille(r.lower())),
    **{
        word: lambda p, w, r: Told.of(on_loop(p.loop, p._host, w, r))
        for word in (STANDIN_WORD, WAIT_WORD, GRACE_WORD)
    },
    CHAT_WORD: lambda p, w, r: Told.of(p._chat_command(r.lower()), urgent=True),
    **{
        word: lambda p, w, r: Told.of(p._review(REVIEW_WORDS[w]), urgent=True)
        for word in REVIEW_WORDS
    },
    "lang": lambda p, w, r: Told.of(p._lang(r.lower())),
    **{
        word: lambda p, w, r: Told.of(*on_loop(p.loop, people.COMMANDS[w], p, r))
        for word in people.COMMANDS
    },
    **{
        word: lambda p, w, r: Told.of(*on_loop(p.loop, hosting.COMMANDS[w], p, r))
        for word in hosting.COMMANDS
    },
    **{
        word: lambda p, w, r: Told.of(*on_loop(p.loop, moderators.COMMANDS[w], p, r))
        for word in moderators.COMMANDS
    },
    **{
        word: lambda p, w, r: Told.of(*on_loop(p.loop, standings.COMMANDS[w], p, r))
        for word in standings.COMMANDS
    },
    **{
        word: lambda p, w, r: Told.of(*on_loop(p.loop, tournament_commands.COMMANDS[w], p, r))
        for word in tournament_commands.COMMANDS
    },
}


class TableGame(RemoteGame):
    """A seat's game at one of this server's tables: its entries and actions through the
    tables' one writer (``on_loop``)."""

    def __init__(self, table: ServerTable, seat: int, since: int, person: Person) -> None:
        self.table = table
        self.seat = seat
        self.person = person  # whose lobby commands the table's command line takes too
        self._hearer = table.places[seat].name
        self._gone = False  # the seat was taken from them, and they were told
        self._loop = table.loop
        self._seen = since - 1
        self._earlier = []
        first = self.pending()
        assert first, "the table has started"
        self._begin(first[0])

    def pending(self) -> list[Entry]:
        return on_loop(self._loop, self.table.entries, self.seat, self._seen + 1, self._hearer)

    def notices(self) -> list[Notice]:
        """The seat taken from this person by the host (``hosting``): the game is gone for
        them, once (the seat's driver leaves it)."""
        if self.table.places[self.seat].removed and not self._gone:
            self._gone = True
            return [Notice(Connection.GONE)]
        return []

    def _send(self, action: Action) -> tuple[int, list[Event]]:
        return on_loop(self._loop, self.table.send, self.seat, action)

    def chat(self, name: str, said: str) -> str | None:
        return on_loop(self._loop, self._chat, name, said)

    def _chat(self, name: str, said: str) -> str | None:
        lobby = self.person.lobby
        muted = moderators.muted(lobby.moderation, name)
        if muted is not None:  # said to them, reaching no one
            return muted
        chat = self.table.chat_limits.line(name)
        if chat is not Chat.SENT:
            return _over_limit(chat)
        lobby.heard_from(name, said)
        self.table.line(messages.chat_line(name, said), Said.CHAT, by=name)
        if lobby.far is not None:  # to those at the table from other servers too
            lobby.far.said(self.table, name, said)
        return None

    def host(self, name: str, word: str, rest: str) -> None:
        """A host's command for a seat away, answered in the table's log; or one of the
        lobby's between people (``people``) or of the table's moderation (``hosting``),
        answered to this person alone."""
        person = self.person
        command = (
            people.COMMANDS.get(word)
            or hosting.COMMANDS.get(word)
            or moderators.COMMANDS.get(word)
            or standings.COMMANDS.get(word)
            or tournament_commands.COMMANDS.get(word)
        )
        if command is None:
            on_loop(self._loop, self.table.command_at, name, word, rest)
            return
        for line in on_loop(self._loop, command, person, rest):
            person.tell(line)


def _listed(place: Place) -> str:
    """A seat as the lobby lists it: a bot, a person away (a bot playing or not)."""
    if place.bot is not None:
        return messages.net_bot_name(place.name)
    if not place.present:
        return messages.net_away_name(place.name, place.standin is not None)
    return place.name
