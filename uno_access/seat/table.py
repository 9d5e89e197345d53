"""The game at one keyboard: the people in their seats, bots in the others.

Every event a person may know is said as one message (``access.render``): a line on
the screen, speech and braille (``seat.outputs``). Bots move at once, unless the player
set a pace. A person is asked for a key (or a typed command) on their turn and between
rounds. After every move, before the next player moves, the others may act out of turn
(as in ``simulate.play_game``): catch a player who did not call UNO, call UNO when
handed a single card (Round-n-Round), or jump in with a card identical to the top card
(Speed UNO). The person is told when they may, and asked once: the key, or Space
(Enter, when typing) to let play go on. A bot about to catch the person for not calling
UNO gives them a moment first, as a person at the table would (``_grace``).

With several people at the keyboard (hot seat), each is asked to take the keyboard
before their turn, and nothing of their hand is shown until they say they have it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..access import messages, speech
from ..access.message import Message, Priority
from ..access.sounds import Cue
from ..access.speech import Line
from ..engine.actions import (
    QUERIES,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
)
from ..engine.cards import Kind
from ..engine.events import (
    Event,
    Refusal,
    Rejected,
    TurnStarted,
)
from ..engine.rules import Scoring
from ..engine.seats import deal_order
from ..engine.state import Phase, PlayerView
from .answers import Answers
from .asks import Checkpoint, DropTypeahead, Now, Pause, SaveSettings, TakeInterrupt
from .commands import (
    Answer,
    Ask,
    Command,
    Do,
    Give,
    Invalid,
    Local,
    Query,
    Quit,
    Setting,
    for_key,
    jump_card,
    parse,
)
from .dialogs import Dialogs
from .history import Buffer
from .keys import Key, Pressed, Routed
from .navigation import _MOVES, Navigation
from .ports import Resumed
from .state import _Left

_OUT_OF_TURN = (Catch, CallUno, JumpIn, *QUERIES)


def _goes_on(command: Answer) -> bool:
    """Enter, Space or Tab where play may go on: what the person is asked to wait for
    (a bot's move, a chance out of turn) goes on."""
    return isinstance(command, Ask) and command.query in (Query.STATUS, Query.GO_ON)


# a colour the person names before anything else: a Wild's at the start, a roulette's
_COLOR_PHASES = (Phase.START_COLOR, Phase.ROULETTE)


class Table(Dialogs, Navigation, Answers):
    """Runs ``game`` to its end: the person in ``seat``, a bot in every other seat (the
    state and the lines in and out are ``Seat``'s).
    """

    async def play(self) -> int:
        """Play to the end of the game; the exit status (0, or 130 after Ctrl-C).

        Keys typed before the table opened (Enters pressed after the setup's last answer)
        are dropped, and that said: a key acts only on a prompt of this game.
        """
        try:
            if await DropTypeahead():  # (a Ctrl-C among them stops the game here)
                self._tell_unsaved(Line.of(messages.typeahead_dropped))
            if self.resumed is not None:
                self._resume(self.resumed)
            else:
                self._opening()
            while not self.game.over:
                await self._step()
        except _Left:  # the session's end, not the game's: told, not saved
            self._tell_unsaved(self._left())
        except EOFError:
            self._tell_unsaved(Line.of(messages.input_closed))
        except KeyboardInterrupt:
            status = await TakeInterrupt()  # more presses change nothing while it stops
            self._tell_unsaved(self._stopped(), Priority.URGENT)
            return status
        return 0

    def _left(self) -> Line:
        """What is said as the person leaves: that the game is saved and how to take it up
        again (``uno-access resume N``), when it is."""
        recorder = self.recorder
        if recorder is None or not recorder.saving or recorder.game is None or recorder.delayed:
            return Line.of(messages.game_quit)
        return Line.of(messages.game_left_saved, recorder.game)

    def _stopped(self) -> Line:
        """The one line after Ctrl-C: whether the game is saved, and how to take it up.
        (The Ctrl-C is taken already: no signal cuts the close in two.)"""
        recorder = self.recorder
        if recorder is None:
            return Line.of(messages.game_interrupted)
        recorder.close()  # what still waits for the file is written first
        return Line.of(messages.game_stopped, recorder.game if recorder.saving else None)

    def _opening(self) -> None:
        view = self._view()
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        if self.hot_seat:  # said to everyone: nobody holds the keyboard yet
            people = [self.names[seat] for seat in self.humans]
            bots = [name for seat, name in enumerate(self.names) if seat not in self.humans]
            welcome = Line.of(
                messages.hot_seat_welcome,
                people,
                bots,
                self.rules.target_score,
                self._scoring(),
                self.how,
            )
        else:
            welcome = Line.of(
                messages.welcome, others, self.rules.target_score, self._scoring(), self.how
            )
        self.say(welcome, Priority.NORMAL, Buffer.GAME)
        teams = speech.describe_teams(view)
        if teams is not None:
            self.say(teams, buffer=Buffer.GAME)
        intro = messages.rules_intro(self.rules) + messages.house_rules_intro(self.rules)
        for line in intro + messages.no_mercy_intro(self.rules):
            self.say(Line.of(messages.rule_told, line), buffer=Buffer.GAME)
        self._tell(self.game.opening)

    def _resume(self, saved: Resumed) -> None:
        """Say where a resumed game stopped. The game's history is rebuilt from its moves,
        as the person was told it; then what they did last and everything since is told
        again (the moves saved but never told, when the program stopped in between,
        included, and now saved as told): the game's events, not the questions and answers
        around them. A drawn card that cannot be played is kept, as it would have been.
        """
        view = self._view()
        rebuilt = saved.rebuild()
        if self.hot_seat:
            self._resume_hot_seat(saved)
            return
        self.history.extend(self._game_lines(rebuilt.game.opening), Buffer.GAME)
        for events in rebuilt.moves:
            self.history.extend(self._game_lines(events), Buffer.GAME)
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        self._tell_unsaved(
            Line.of(messages.resumed, saved.id, others, view.round_number), keep=False
        )
        recap = self._game_lines(rebuilt.recap(self.me))
        for message in recap:
            self._notices(message.priority)
            self.outputs.show(message)
        # then what the person was last told that is not the game's (an answer, what to
        # do), the lines saved but perhaps never shown included; then the moves never told
        told = {message.text for message in recap}
        for line in saved.last_told:
            if line not in told:
                self._tell_unsaved(Line.of(messages.told_again, line), keep=False)
        for message in self._game_lines(rebuilt.untold):
            self._notices(message.priority)
            self.outputs.show(message)
        if self.recorder is not None and rebuilt.untold:  # told now: not again next time
            self.recorder.said(*(m.text for m in self._game_lines(rebuilt.untold)))
        self._tell_unsaved(Line.of(messages.resumed_end), keep=False)
        if view.phase is Phase.DRAWN and view.my_turn:
            self._after_draw()
            self._announce = self._view().phase is not Phase.DRAWN

    def _resume_hot_seat(self, saved: Resumed) -> None:
        """A hot-seat game taken up again: each person's history rebuilt as they were told
        it, and only what the whole table may know said before the next person takes the
        keyboard (their own lines are told then).
        """
        rebuilt = saved.rebuild()
        batches = [list(rebuilt.game.opening), *(list(events) for events in rebuilt.moves)]
        for person in self.humans:
            renderer = replace(self.renderer, viewer=person)
            for events in batches:
                shown = [e for e in events if not isinstance(e, TurnStarted | Rejected)]
                self._histories[person].extend(renderer.events(shown), Buffer.GAME)
        self._tell_unsaved(
            Line.of(messages.resumed, saved.id, list(self.names), self._view().round_number),
            keep=False,
        )
        public = replace(self.renderer, viewer=-1)
        told = [*rebuilt.recap(self.me), *rebuilt.untold]
        shown = [e for e in told if not isinstance(e, TurnStarted | Rejected)]
        for person in self.humans:  # their own of these, told when they take the keyboard
            self._away[person] = replace(self.renderer, viewer=person).events(shown)
        for message in public.events(shown):
            self._notices(message.priority)
            self.outputs.show(message)
        self._tell_unsaved(Line.of(messages.resumed_end), keep=False)

    def _game_lines(self, events: Iterable[Event]) -> list[Message]:
        """The messages of ``events`` as the game's history holds them (no turn lines, no
        refusals: those are said when the person is asked, or are answers), told again on
        a resume: without their sounds, which are for a move as it happens.
        """
        shown = [e for e in events if not isinstance(e, TurnStarted | Rejected)]
        return [replace(message, sound=None) for message in self.renderer.events(shown)]

    def _scoring(self) -> str:
        if self.rules.challenge_uno:
            return "challenge"
        if self.rules.scoring is Scoring.LOWEST:
            return "lowest"
        return "partners" if self.teams else "standard"

    async def _step(self) -> None:
        await Checkpoint()  # a signal noted where it could not be raised (a finalizer)
        if self._moved:
            self._moved = False
            await self._out_of_turn()
            return
        view = self._view()
        person = self._person_to_act(view)
        if person is not None and person != self._holder:
            await self._hand_over(person)  # hot seat: the next person takes the keyboard first
            return
        if view.phase is Phase.ROUND_OVER and not self.game.legal_actions(self.me):
            await self._watch()
        elif view.phase is Phase.ROUND_OVER or view.current == self.me:
            await self._your_turn()
        elif view.current in self.humans:
            await self._hand_over(view.current)
            return
        else:
            assert view.current is not None
            await self._bot_moves(view.current, must=True)
            await self._pace()
        self._moved = True

    def _person_to_act(self, view: PlayerView) -> int | None:
        """Hot seat: the person who acts next (the keyboard's holder deals the next round
        when they may), or None when a bot does, or at a table of one person.
        """
        if not self.hot_seat:
            return None
        if view.phase is Phase.ROUND_OVER:
            dealers = [seat for seat in self.humans if self.game.legal_actions(seat)]
            if self._holder in dealers or not dealers:
                return self._holder
            if any(self.game.legal_actions(seat) for seat in self.bots):
                return self._holder  # the holder, out of the game, has a bot deal it
            return dealers[0]
        return view.current if view.current in self.humans else None

    async def _pace(self) -> None:
        """After a bot's move, the pace the player set (no timer by default): wait that
        long, or until a key; Space hears the next move at once, Tab skips ahead to the
        person's turn, and the other keys (card check, touch the top card…) are answered.
        """
        if self.pace <= 0 or self._skipping or self.game.over:
            return
        await self._input_taken(key=False)
        waited = await Pause(self.pace, messages.tr(messages.PACE_PROMPT))
        if waited is not None:
            self._key_came()
        if self._shared:  # a hot seat before anyone holds the keyboard: no one to answer
            return
        if waited is None:
            return
        got = await self._line(waited, messages.tr(messages.PACE_PROMPT))
        if got is None:
            return
        command = await self._command(got)
        if isinstance(command, Do) and isinstance(command.action, QUERIES):
            await self._do(command.action)
        elif isinstance(command, Ask | Quit | Invalid | Setting) and not _goes_on(command):
            await self._answer(command)

    async def _out_of_turn(self) -> None:
        """Between two moves the players not to move may act, once each, in turn order from
        the player to move (as ``simulate.play_game``); the player to move may do the same
        as part of their move. A person handed a single card is told at once.
        """
        order = self.game.out_of_turn_order()
        if not order:
            return
        holding = self._holder == self.me  # hot seat: only the keyboard's holder may act
        if holding and self.me in self._view().handed_one:
            await self._your_chance()
        for seat in order:
            current = self._view().current
            if current is None or seat == current:
                continue
            if seat == self.me and holding:
                await self._your_chance()
            elif seat in self.bots:
                await self._bot_moves(seat, must=False)

    async def _your_turn(self) -> None:
        """Read lines until one changes the game."""
        if self._announce:
            self._announce = False
            self._skipping = False
            view = self._view()
            self._present_turn(view)
            if view.exposed is not None and view.exposed != self.me:
                self.say(
                    Line.of(messages.exposed_on_your_turn, self._who(view.exposed), self.how),
                    buffer=Buffer.GAME,
                    going_on=True,
                )
            # between rounds the hint joins the history without moving the braille display
            # off the round's result
            hint = Priority.LOW if view.phase is Phase.ROUND_OVER else Priority.NORMAL
            turn = Cue.YOUR_TURN if view.my_turn and view.phase is not Phase.ROUND_OVER else None
            self.say(self._what_to_do(view), hint, Buffer.GAME, sound=turn, going_on=True)
            starting = view.phase in _COLOR_PHASES and view.my_turn
            if starting and await self._choose_start_color():
                return
        while True:
            view = self._view()
            command = await self._command(await self._read(messages.tr(messages.PROMPT)))
            if command is None:
                continue
            if isinstance(command, Do):
                if await self._turn_action(command.action, view):
                    return
            elif isinstance(command, Give):
                if await self._anniversary(command):
                    return
            else:
                await self._answer(command)

    async def _watch(self) -> None:
        """Between rounds, for a person out of the game: Enter has a bot deal the next one."""
        self._announce = False
        self.say(Line.of(messages.watch_next_round, self.how), buffer=Buffer.GAME, going_on=True)
        while True:
            command = await self._command(await self._read(messages.tr(messages.PROMPT)))
            if command is None:
                continue
            if _goes_on(command):
                break
            if isinstance(command, Do) and isinstance(command.action, QUERIES):
                await self._do(command.action)
            elif isinstance(command, Ask | Quit | Invalid | Setting):
                await self._answer(command)
            else:
                self.say(Line.of(messages.watch_next_round, self.how))
        for seat in deal_order(self._view().dealer, len(self.names)):
            if seat in self.bots and self.game.legal_actions(seat):
                await self._bot_moves(seat, must=True)
                return

    async def _turn_action(self, action: Action, view: PlayerView) -> bool:
        """An action typed on the person's turn; whether it changed the game."""
        drawn = view.drawn
        must = self._must_play_drawn(view)
        if isinstance(action, Draw) and must is not None:  # D again: what must be done now
            await self._do(action)  # the engine's refusal: drawn already
            self.say(Line.of(messages.drawn_must_play, must, self.how))
            return False
        if isinstance(action, PlayDrawn) and drawn is not None and drawn.kind is Kind.ANNIVERSARY:
            return await self._anniversary(Give(action.color, None, None, action.uno))
        if isinstance(action, Play):
            action = self._as_jump_in(action, view)
        elif isinstance(action, JumpIn):
            action = self._as_play(action)
        return await self._do(action)

    def _as_play(self, action: JumpIn) -> Action:
        """``j`` on the person's own turn, when the card may simply be played, plays it."""
        legal = self.game.legal_actions(self.me)
        if any(isinstance(a, JumpIn) and a.card is action.card for a in legal):
            return action
        if any(isinstance(a, Play) and a.card is action.card for a in legal):
            return Play(self.me, action.card, action.color, action.uno, action.count)
        return action

    def _as_jump_in(self, action: Play, view: PlayerView) -> Action:
        """A card typed when only jumping in can put it down (Double-Double, or out of
        turn) is a jump-in with it.
        """
        legal = self.game.legal_actions(self.me)
        if any(isinstance(a, Play) and a.card is action.card for a in legal):
            return action
        if any(isinstance(a, JumpIn) and a.card is action.card for a in legal):
            return JumpIn(self.me, action.card, action.color, action.uno, action.count, view.plays)
        return action

    async def _your_chance(self) -> None:
        """Tell the person what they may do out of turn now, if it is new, and read one line:
        the command, or Enter to let play go on.
        """
        view = self._view()
        if (view.round_number, view.plays) != self._offered_at:
            self._offered_at = (view.round_number, view.plays)
            self._offered.clear()
        legal = self.game.legal_actions(self.me)
        current = view.current == self.me
        lines: list[Line] = []
        call = self.me in view.handed_one and any(isinstance(a, CallUno) for a in legal)
        if call and self._offer("call"):
            lines.append(
                Line.of(messages.handed_one_window, self.rules.handed_one_penalty, self.how)
            )
        targets = [] if current else [a.target for a in legal if isinstance(a, Catch)]
        for target in targets:
            if self._offer("catch", target):
                if target == view.exposed:
                    lines.append(Line.of(messages.exposed_window, self._who(target), self.how))
                else:
                    lines.append(Line.of(messages.handed_one_catch, self._who(target), self.how))
        jump = None if current else jump_card(view)
        can_jump = jump is not None and any(isinstance(a, JumpIn) for a in legal)
        if can_jump and jump is not None and self._offer("jump"):
            identical = jump.base is view.top.base
            lines.append(Line.of(messages.jump_window, jump, self.how, identical))
        if not lines:
            return
        for line in lines:  # a chance to act now: the display shows it, as it shows an answer
            self.say(line, buffer=Buffer.GAME)
        catch = self._who(targets[0]) if targets else None
        while True:
            view = self._view()
            command = await self._command(await self._read(messages.tr(messages.PROMPT)))
            if command is None:
                continue
            if _goes_on(command):
                return
            if isinstance(command, Do):
                action = command.action
                if isinstance(action, Play):
                    action = self._as_jump_in(action, view)
                if isinstance(action, _OUT_OF_TURN):
                    if await self._do(action):
                        return
                    continue
            if isinstance(command, Ask | Quit | Invalid | Setting):
                await self._answer(command)
            else:
                self.say(Line.of(messages.not_your_turn_chances, can_jump, catch, call, self.how))

    async def _swap_with(self, action: Play | PlayDrawn | JumpIn) -> bool:
        """Seven-O: a 7 played without naming whom it swaps hands with: asked, then played."""
        view = self._view()
        targets = [s for s in range(len(self.names)) if s != self.me and s not in view.eliminated]
        card = view.drawn if isinstance(action, PlayDrawn) else action.card
        if view.rules.seven_o_decline and card is not None and card.kind is Kind.NUMBER:
            targets.append(self.me)  # keeping the same hand
        target = await self._ask_swap_target(targets)
        if target is None:
            self.say(Line.of(messages.nothing_swapped))
            return False
        return await self._do(replace(action, target=target))

    def _offer(self, *key: object) -> bool:
        """Whether this chance is new since the last play (then it counts as told)."""
        if key in self._offered:
            return False
        self._offered.add(key)
        return True

    async def _do(self, action: Action) -> bool:
        """Carry out the person's action; whether it changed the game."""
        events = self._apply(action)
        if isinstance(action, QUERIES):
            self._tell(events)
            return False
        first = events[0]
        if isinstance(first, Rejected):
            if first.reason is Refusal.NEED_COLOR and isinstance(action, Play | PlayDrawn | JumpIn):
                color = await self._ask_color()
                if color is None:
                    self.say(Line.of(messages.nothing_played))
                    return False
                return await self._do(replace(action, color=color))
            if (
                first.reason in (Refusal.SWAP_TARGET, Refusal.SWAP_WILD_TARGET)
                and isinstance(action, Play | PlayDrawn | JumpIn)
                and action.target is None
            ):  # a 7 under Seven-O: whom it swaps hands with, asked
                return await self._swap_with(action)
            self._tell(events)
            return False
        self._tell(events)
        if isinstance(action, Draw):
            self._after_draw()
        elif isinstance(action, Challenge | ChooseColor) and self._view().my_turn:
            self._announce = True  # a challenge won, or the start colour chosen: now play
        return True

    def _after_draw(self) -> None:
        """Offer the drawn card if it can be played; keep it at once if not."""
        view = self._view()
        drawn = view.drawn
        if view.phase is not Phase.DRAWN or drawn is None:
            return
        self.cursor.update(view.hand, drawn)  # Enter plays the card just drawn
        self.outputs.hand(self.cursor.cards, self.cursor.index, self._marks(view))
        legal = self.game.legal_actions(self.me)
        if drawn.kind is Kind.ANNIVERSARY and any(isinstance(a, Play) for a in legal):
            self.say(Line.of(messages.drawn_anniversary, self.how))
            return
        if any(isinstance(a, PlayDrawn) for a in legal):
            if any(isinstance(a, Keep) for a in legal):
                self.say(Line.of(messages.drawn_playable, drawn, self.how))
            else:
                self.say(Line.of(messages.drawn_must_play, drawn, self.how))
            return
        bluff = self._bluff(view) if drawn.kind is Kind.WILD_DRAW_FOUR else None
        if bluff is not None and self.rules.no_bluffing:  # it matches, but may not be played
            self.say(Line.of(messages.drawn_kept_no_bluffing, drawn, bluff))
        else:
            self.say(Line.of(messages.drawn_kept, drawn))
        self._track(self._apply(Keep(self.me)))

    async def _command(self, got: str | Pressed | Routed) -> Answer | None:
        """What a typed line or a key asks for (the same command for a key and its word,
        ``ui.keys.REGISTRY``); None when it was answered here (a move through the hand,
        the history, speech on or off, a key with no meaning).
        """
        view = self._view()
        command: Command | None
        if isinstance(got, Routed):
            self.select(got.index, got.play)
            command = await self._play_key(view) if got.play else None
        elif isinstance(got, str):
            command = parse(got, view)
        elif got.key is Key.PLAY:
            command = await self._play_key(view)
        else:
            command = for_key(got.key, view)
        if command is None:
            return None
        if isinstance(command, Local):
            return await self._local_key(command.key, view)
        return command

    async def _play_key(self, view: PlayerView) -> Command | None:
        """Enter: play the selected card (the card just drawn, after a draw); between rounds,
        deal the next; out of turn, let play go on.
        """
        if view.phase is Phase.ROUND_OVER:
            return self._go_on(view)
        if not view.my_turn or view.phase is Phase.CHALLENGE:
            return Ask(Query.STATUS)
        if view.phase in _COLOR_PHASES:
            color = await self._ask_color()
            return None if color is None else Do(ChooseColor(self.me, color))
        if view.phase is Phase.DRAWN:
            return Do(PlayDrawn(self.me))
        card = self.cursor.selected  # the card itself, with no text between the key and it
        if card is None:
            return Ask(Query.STATUS)
        if card.kind is Kind.ANNIVERSARY:
            return Give()  # its colour, whom to give the hand to and what to keep: asked
        straight = await self._play_on(card) if view.rules.straights else 0
        return Do(Play(self.me, card, straight=straight))

    def _go_on(self, view: PlayerView) -> Do | Ask:
        """Space (or n): deal the next round when it is the person's to deal; else whose
        turn it is, which lets play go on where the person is asked to act out of turn.
        """
        if view.phase is Phase.ROUND_OVER and self.game.legal_actions(self.me):
            return Do(NextRound(self.me))
        return Ask(Query.STATUS)

    async def _local_key(self, key: Key, view: PlayerView) -> Do | Ask | None:
        """The commands that change nothing in the game, answered here."""
        if key in (Key.GO_ON, Key.SKIP_AHEAD):
            self._skipping = key is Key.SKIP_AHEAD
            went = self._go_on(view)
            if key is Key.GO_ON and isinstance(went, Ask):  # on the person's own turn: short
                return Ask(Query.GO_ON)
            return went
        if key in _MOVES or key in (Key.FIRST, Key.LAST, Key.SORT):
            self._move(key, view)
        elif key in (Key.OLDER, Key.NEWER):
            self._review(-1 if key is Key.OLDER else 1)
        elif key is Key.SWITCH_HISTORY:
            self._switch_history()
        elif key is Key.CHAT_HISTORY:
            self._switch_history(Buffer.CHAT)
        elif key is Key.SPEECH:
            on = self.outputs.toggle_speech()
            self.say(
                Line.of(messages.speech_none)
                if on is None
                else Line.of(messages.speech_switched, on)
            )
        elif key is Key.SOUNDS:
            await self._toggle_sounds()
        elif key is not Key.CLOSE:  # a closed command line was said when it closed
            self.say(
                Line.of(messages.no_such_key)
                if self.how.keys
                else Line.of(messages.no_such_key_typed)
            )
        return None

    async def _toggle_sounds(self) -> None:
        """Sounds off or on, said in words, and remembered in the settings file (by the
        driver)."""
        on = self.outputs.toggle_sounds()
        if on is None:
            self.say(Line.of(messages.sounds_none))
            return
        self.say(Line.of(messages.sounds_switched, on))
        problem = await SaveSettings(sounds=on)
        if problem is not None:
            self.say(Line.of(messages.file_notice, problem))

    async def _bot_moves(self, seat: int, must: bool) -> None:
        """The bot in ``seat`` acts: its turn when ``must``, else a catch, a late UNO or a
        jump-in, or nothing.
        """
        legal = self.game.legal_actions(seat)
        if not legal:
            return
        bot = self.bots[seat]
        choice = bot.choose(self.game.view(seat) if bot.needs_view else None, legal)
        if (
            isinstance(choice, Catch)
            and await self._grace(choice.target)
            and choice not in self.game.legal_actions(seat)  # UNO called in the moment
        ):
            await self._bot_moves(seat, must)  # the bot thinks again: its turn, or nothing
            return
        if choice is None:
            if not must:
                return
            turn = [a for a in legal if not isinstance(a, _OUT_OF_TURN)]
            choice = (turn or legal)[0]
        self._tell(self._apply(choice), going_on=True)

    async def _grace(self, target: int) -> bool:
        """Before a bot catches the person for not calling UNO, the moment a person at the
        table would give them: the bots' pace, or the grace without one (none at 0). The
        person's U in that moment calls UNO and makes them safe; the questions (C, T, L…)
        are answered and the moment goes on; Space or Tab lets play go on at once. It is
        the bot's wait, not a timer on the person: when it runs out the bot catches, as
        it would have at once. Given once a play, and only to the person at the keyboard;
        whether it was given.
        """
        view = self._view()
        if target != self.me or view.exposed != self.me or self._skipping:
            return False
        moment = (view.round_number, view.plays)
        if moment == self._graced:
            return False
        self._graced = moment
        seconds = self.pace if self.pace > 0 else self.grace
        deadline = await Now() + seconds
        while (left := deadline - await Now()) > 0 and self._view().exposed == self.me:
            await self._input_taken(key=False)
            waited = await Pause(left, messages.tr(messages.PACE_PROMPT))
            if waited is None:
                break
            self._key_came()
            got = await self._line(waited, messages.tr(messages.PACE_PROMPT))
            command = None if got is None else await self._command(got)
            if command is None:
                continue
            if _goes_on(command):
                break  # Space, Tab, Enter: play goes on
            if isinstance(command, Do):
                action = command.action
                if isinstance(action, Play):  # Speed UNO: a card typed now jumps in
                    action = self._as_jump_in(action, self._view())
                await self._do(action)  # U calls UNO; the rest is answered, or refused with why
            elif isinstance(command, Give):
                await self._anniversary(command)
            else:
                await self._answer(command)
        return True
