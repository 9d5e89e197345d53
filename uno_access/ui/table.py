"""The game at one keyboard: the people in their seats, bots in the others.

Every event a person may know is said as one message (``access.render``): a line on
the screen, speech and braille (``ui.outputs``). Bots move at once, unless the player
set a pace. A person is asked for a key (or a typed command) on their turn and between
rounds. After every move, before the next player moves, the others may act out of turn
(as in ``simulate.play_game``): catch a player who did not call UNO, call UNO when
handed a single card (Round-n-Round), or jump in with a card identical to the top card
(Speed UNO). The person is told when they may, and asked once: the key, or Space
(Enter, when typing) to let play go on.

With several people at the keyboard (hot seat), each is asked to take the keyboard
before their turn, and nothing of their hand is shown until they say they have it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ..access import document, messages, speech
from ..access.message import Message, Priority, Verbosity
from ..access.parse import ParseError, parse_color
from ..access.render import Renderer
from ..bots import Bot
from ..bots.base import tell, watchers
from ..devices.base import Notices
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
from ..engine.cards import ANNIVERSARY, Card, Color, Kind
from ..engine.events import (
    CardCount,
    Event,
    PlayerEliminated,
    Refusal,
    Rejected,
    RoundEnded,
    RoundStarted,
    TopCard,
    TurnStarted,
)
from ..engine.game import Game
from ..engine.rules import Scoring
from ..engine.state import Phase, PlayerView
from ..store import Recorder, SavedGame
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
    find_player,
    for_key,
    jump_card,
    parse,
    read_card,
)
from .hand import HandCursor
from .history import Buffer, Edge, History
from .keys import Key, Pressed, Read, Routed, TooLong, Typing, key_help_lines, typed_help_lines
from .outputs import Outputs
from .terminal import Keyboard, Screen

_OUT_OF_TURN = (Catch, CallUno, JumpIn, *QUERIES)
# events that answer the person (a refusal, card check, the top card): the answers' history
_ANSWERS = (Rejected, CardCount, TopCard)
_KEY_COLORS: dict[Key, Color] = {
    Key.RED: Color.RED, Key.GREEN: Color.GREEN, Key.BLUE: Color.BLUE, Key.YELLOW: Color.YELLOW,
}
_MOVES: dict[Key, int] = {Key.PREVIOUS: -1, Key.NEXT: 1}
HINTED_TURNS = 3  # the first turns of a game say what the keys do (always at full verbosity)


class _Left(Exception):
    """The person chose to leave the game."""


class Table:
    """Runs ``game`` to its end: the person in ``seat``, a bot in every other seat.

    The store's seam: ``recorder`` (when given) saves every action right before it is
    applied (``_apply``, the only caller of ``Game.apply``), every line right before it is
    shown (``say``) and each time the person is asked to type (``_read``). ``resumed`` is
    the saved game this one takes up again: its opening is not said again, but where it
    stopped.
    """

    def __init__(
        self, game: Game, bots: Mapping[int, Bot], keyboard: Keyboard, screen: Screen,
        seat: int = 0, *, recorder: Recorder | None = None, resumed: SavedGame | None = None,
        outputs: Outputs | None = None, verbosity: Verbosity = Verbosity.NORMAL,
        pace: float = 0.0, notices: Notices | None = None,
    ) -> None:
        self.game = game
        self.recorder = recorder
        self.resumed = resumed
        self.bots = bots
        # the bots that remember what happened: they hear it as their seat may know it
        self._watching = watchers(bots.items())
        if self._watching:
            tell(self._watching, game.opening, game.view(seat).hand_sizes)
        self.keyboard = keyboard
        self.screen = screen
        self.outputs = outputs or Outputs(screen.say)
        self.me = seat
        self.humans = [s for s in range(len(game.state.hands)) if s not in bots]
        self.pace = pace
        self.how = messages.KEYED if keyboard.keys else messages.TYPED
        view = game.view(seat)
        self.names = view.names
        self.rules = view.rules
        self.teams = view.teams
        self.renderer = Renderer.for_view(  # braille made only for a braille device
            view, verbosity, self.outputs.braille_table,
            with_braille=self.outputs.braille is not None,
        )
        self.cursor = HandCursor()
        self._cursors = {seat: self.cursor}  # hot seat: each person's own selection
        self.notices = notices
        self.history = History()  # every line said, for Page Up and Page Down
        self._skipping = False  # Tab: the bots' moves until the person's turn, at once
        self._uno_armed = False  # U pressed before playing the next-to-last card
        self._announce = True  # say what to do when the person is next asked for a line
        self._moved = False  # a move was made: the others may act before the next one
        self._offered: set[tuple[object, ...]] = set()  # out-of-turn chances already told
        self._offered_at: tuple[int, int] = (0, 0)  # the round and play they were told on

    # ----------------------------------------------------------------- the loop

    def run(self) -> int:
        """Play to the end of the game; the exit status (0, or 130 after Ctrl-C)."""
        try:
            if self.resumed is not None:
                self._resume(self.resumed)
            else:
                self._opening()
            while not self.game.over:
                self._step()
        except _Left:  # the session's end, not the game's: told, not saved
            self._tell_unsaved(messages.GAME_QUIT)
        except EOFError:
            self._tell_unsaved(messages.INPUT_CLOSED)
        except KeyboardInterrupt:
            self._tell_unsaved(messages.GAME_INTERRUPTED, Priority.URGENT)
            return 130
        return 0

    def _opening(self) -> None:
        view = self._view()
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        self.say(messages.welcome(others, self.rules.target_score, self._scoring(), self.how),
                 Priority.NORMAL, Buffer.GAME)
        teams = speech.describe_teams(view)
        if teams is not None:
            self.say(teams.sentence(), buffer=Buffer.GAME)
        for line in messages.rules_intro(self.rules):
            self.say(line, buffer=Buffer.GAME)
        self._tell(self.game.opening)

    def _resume(self, saved: SavedGame) -> None:
        """Say where a resumed game stopped. The game's history is rebuilt from its moves,
        as the person was told it; then what they did last and everything since is told
        again (the moves saved but never told, when the program stopped in between,
        included, and now saved as told): the game's events, not the questions and answers
        around them. A drawn card that cannot be played is kept, as it would have been.
        """
        view = self._view()
        rebuilt = saved.rebuild()
        self.history.extend(self._game_lines(rebuilt.game.opening), Buffer.GAME)
        for events in rebuilt.moves:
            self.history.extend(self._game_lines(events), Buffer.GAME)
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        self._tell_unsaved(messages.resumed(saved.id, others, view.round_number), keep=False)
        for message in self._game_lines(rebuilt.recap(self.me)):
            self._notices(message.priority)
            self.outputs.show(message)
        if self.recorder is not None and rebuilt.untold:  # told now: not again next time
            self.recorder.said(*(m.text for m in self._game_lines(rebuilt.untold)))
        self._tell_unsaved(messages.RESUMED_END, keep=False)
        if view.phase is Phase.DRAWN and view.my_turn:
            self._after_draw()
            self._announce = self._view().phase is not Phase.DRAWN

    def _game_lines(self, events: Iterable[Event]) -> list[Message]:
        """The messages of ``events`` as the game's history holds them (no turn lines, no
        refusals: those are said when the person is asked, or are answers).
        """
        shown = [e for e in events if not isinstance(e, TurnStarted | Rejected)]
        return self.renderer.events(shown)

    def _scoring(self) -> str:
        if self.rules.challenge_uno:
            return "challenge"
        if self.rules.scoring is Scoring.LOWEST:
            return "lowest"
        return "partners" if self.teams else "standard"

    def _step(self) -> None:
        if self._moved:
            self._moved = False
            self._out_of_turn()
            return
        view = self._view()
        if view.phase is Phase.ROUND_OVER and not self.game.legal_actions(self.me):
            self._watch()
        elif view.phase is Phase.ROUND_OVER or view.current == self.me:
            self._your_turn()
        elif view.current in self.humans:
            self._hand_over(view.current)
            return
        else:
            assert view.current is not None
            self._bot_moves(view.current, must=True)
            self._pace()
        self._moved = True

    def _hand_over(self, seat: int) -> None:
        """Hot seat: the next person takes the keyboard; nothing of their hand is shown
        until they say they have it.
        """
        self.say(messages.take_the_keyboard(self.names[seat], self.how), Priority.NORMAL,
                 Buffer.GAME)
        while True:
            got = self._read(messages.HAND_OVER_PROMPT)
            if got == "" or (isinstance(got, Pressed) and got.key in (Key.GO_ON, Key.PLAY)):
                break
            if isinstance(got, Pressed) and got.key is Key.QUIT:
                self._answer(Quit())
            else:  # every other key or line: asked again, in words
                self.say(messages.take_the_keyboard(self.names[seat], self.how), Priority.NORMAL)
        self.me = seat
        self.renderer = replace(self.renderer, viewer=seat)
        self.cursor = self._cursors.setdefault(seat, HandCursor())
        self._announce = True
        self.say(messages.now_playing(self.names[seat]), Priority.NORMAL, Buffer.GAME)

    def _pace(self) -> None:
        """After a bot's move, the pace the player set (no timer by default): wait that
        long, or until a key; Space hears the next move at once, Tab skips ahead to the
        person's turn, and the other keys (card check, touch the top card…) are answered.
        """
        if self.pace <= 0 or self._skipping or self.game.over:
            return
        self._input_taken()
        waited = self.keyboard.wait(self.pace, messages.PACE_PROMPT)
        got = None if waited is None else self._line(waited, messages.PACE_PROMPT)
        if got is None:
            return
        command = self._command(got)
        if isinstance(command, Do) and isinstance(command.action, QUERIES):
            self._do(command.action)
        elif isinstance(command, Ask | Quit | Invalid | Setting) and not (
            isinstance(command, Ask) and command.query is Query.STATUS
        ):
            self._answer(command)

    def _out_of_turn(self) -> None:
        """Between two moves the players not to move may act, once each, in turn order from
        the player to move (as ``simulate.play_game``); the player to move may do the same
        as part of their move. A person handed a single card is told at once.
        """
        order = self.game.out_of_turn_order()
        if not order:
            return
        if self.me in self._view().handed_one:
            self._your_chance()
        for seat in order:
            current = self._view().current
            if current is None or seat == current:
                continue
            if seat == self.me:
                self._your_chance()
            else:
                self._bot_moves(seat, must=False)

    # ----------------------------------------------------------------- the person

    def _your_turn(self) -> None:
        """Read lines until one changes the game."""
        if self._announce:
            self._announce = False
            self._skipping = False
            view = self._view()
            self._present_turn(view)
            if view.exposed is not None and view.exposed != self.me:
                self.say(messages.exposed_on_your_turn(self._who(view.exposed), self.how),
                         buffer=Buffer.GAME)
            # between rounds the hint joins the history without moving the braille display
            # off the round's result
            hint = Priority.LOW if view.phase is Phase.ROUND_OVER else Priority.NORMAL
            self.say(self._what_to_do(view), hint, Buffer.GAME)
        while True:
            view = self._view()
            command = self._command(self._read(messages.PROMPT))
            if command is None:
                continue
            if isinstance(command, Do):
                if self._turn_action(command.action, view):
                    return
            elif isinstance(command, Give):
                if self._anniversary(command):
                    return
            else:
                self._answer(command)

    def _watch(self) -> None:
        """Between rounds, for a person out of the game: Enter has a bot deal the next one."""
        self._announce = False
        self.say(messages.watch_next_round(self.how), buffer=Buffer.GAME)
        while True:
            command = self._command(self._read(messages.PROMPT))
            if command is None:
                continue
            if isinstance(command, Ask) and command.query is Query.STATUS:
                break
            if isinstance(command, Do) and isinstance(command.action, QUERIES):
                self._do(command.action)
            elif isinstance(command, Ask | Quit | Invalid | Setting):
                self._answer(command)
            else:
                self.say(messages.watch_next_round(self.how))
        n = len(self.names)
        dealer = self._view().dealer
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            if seat != self.me and self.game.legal_actions(seat):
                self._bot_moves(seat, must=True)
                return

    def _turn_action(self, action: Action, view: PlayerView) -> bool:
        """An action typed on the person's turn; whether it changed the game."""
        drawn = view.drawn
        if isinstance(action, CallUno) and self._may_arm_uno(view):
            self._uno_armed = True  # U before Enter: UNO is called with the play
            self.say(messages.UNO_ARMED)
            return False
        if self._uno_armed and isinstance(action, Play | PlayDrawn | JumpIn):
            action = replace(action, uno=True)
        if isinstance(action, PlayDrawn) and drawn is not None and drawn.kind is Kind.ANNIVERSARY:
            return self._anniversary(Give(action.color, None, None, action.uno))
        if isinstance(action, Play):
            action = self._as_jump_in(action, view)
        elif isinstance(action, JumpIn):
            action = self._as_play(action)
        return self._do(action)

    def _may_arm_uno(self, view: PlayerView) -> bool:
        """On your turn with two cards, U says UNO as the next card goes down (the rule:
        UNO is called as the next-to-last card is played)."""
        return (
            view.my_turn and len(view.hand) == 2
            and view.phase in (Phase.PLAY, Phase.DRAWN, Phase.STACK)
            and not any(isinstance(a, CallUno) for a in self.game.legal_actions(self.me))
        )

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

    def _your_chance(self) -> None:
        """Tell the person what they may do out of turn now, if it is new, and read one line:
        the command, or Enter to let play go on.
        """
        view = self._view()
        if (view.round_number, view.plays) != self._offered_at:
            self._offered_at = (view.round_number, view.plays)
            self._offered.clear()
        legal = self.game.legal_actions(self.me)
        current = view.current == self.me
        lines: list[str] = []
        call = self.me in view.handed_one and any(isinstance(a, CallUno) for a in legal)
        if call and self._offer("call"):
            lines.append(messages.handed_one_window(self.rules.round_n_round_penalty, self.how))
        targets = [] if current else [a.target for a in legal if isinstance(a, Catch)]
        for target in targets:
            if self._offer("catch", target):
                if target == view.exposed:
                    lines.append(messages.exposed_window(self._who(target), self.how))
                else:
                    lines.append(messages.handed_one_catch(self._who(target), self.how))
        jump = None if current else jump_card(view)
        can_jump = jump is not None and any(isinstance(a, JumpIn) for a in legal)
        if can_jump and jump is not None and self._offer("jump"):
            lines.append(messages.jump_window(jump, self.how))
        if not lines:
            return
        for line in lines:
            self.say(line, buffer=Buffer.GAME)
        catch = self._who(targets[0]) if targets else None
        while True:
            view = self._view()
            command = self._command(self._read(messages.PROMPT))
            if command is None:
                continue
            if isinstance(command, Ask) and command.query is Query.STATUS:
                return
            if isinstance(command, Do):
                action = command.action
                if isinstance(action, Play):
                    action = self._as_jump_in(action, view)
                if isinstance(action, _OUT_OF_TURN):
                    if self._do(action):
                        return
                    continue
            if isinstance(command, Ask | Quit | Invalid | Setting):
                self._answer(command)
            else:
                self.say(messages.not_your_turn_chances(can_jump, catch, call, self.how))

    def _offer(self, *key: object) -> bool:
        """Whether this chance is new since the last play (then it counts as told)."""
        if key in self._offered:
            return False
        self._offered.add(key)
        return True

    def _do(self, action: Action) -> bool:
        """Carry out the person's action; whether it changed the game."""
        events = self._apply(action)
        if isinstance(action, QUERIES):
            self._tell(events)
            return False
        if not isinstance(events[0], Rejected):
            self._uno_armed = False
        first = events[0]
        if isinstance(first, Rejected):
            if first.reason is Refusal.NEED_COLOR and isinstance(action, Play | PlayDrawn | JumpIn):
                color = self._ask_color()
                if color is None:
                    self.say(messages.NOTHING_PLAYED)
                    return False
                return self._do(replace(action, color=color))
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
        self.outputs.hand(self.cursor.cards, self.cursor.index)
        legal = self.game.legal_actions(self.me)
        if drawn.kind is Kind.ANNIVERSARY and any(isinstance(a, Play) for a in legal):
            self.say(messages.drawn_anniversary(self.how))
            return
        if any(isinstance(a, PlayDrawn) for a in legal):
            if any(isinstance(a, Keep) for a in legal):
                self.say(messages.drawn_playable(drawn, self.how))
            else:
                self.say(messages.drawn_must_play(drawn, self.how))
            return
        self.say(messages.drawn_kept(drawn))
        self._track(self._apply(Keep(self.me)))

    def _anniversary(self, command: Give) -> bool:
        """Play an Anniversary card, asking in turn for what the command left out: the
        colour, whom to give the other cards to, the card to keep. Enter plays nothing.
        """
        view = self._view()
        legal = [
            a for a in self.game.legal_actions(self.me)
            if isinstance(a, Play) and a.card is ANNIVERSARY
        ]
        typed = Play(self.me, ANNIVERSARY, command.color, command.uno, 1, command.target,
                     command.keep)
        if not legal:
            return self._do(typed)  # the engine says why not
        rest = list(view.hand)
        rest.remove(ANNIVERSARY)
        if not rest:  # the last card: going out, with nothing to give
            return self._do(legal[0])
        targets = list(dict.fromkeys(a.target for a in legal if a.target is not None))
        if command.target is not None and command.target not in targets:
            self.say(messages.refusal(Refusal.ANNIVERSARY_TARGET))
            return False
        if command.keep is not None and command.keep not in rest:
            self.say(messages.not_to_keep(command.keep))
            return False
        color = command.color if command.color is not None else self._ask_color()
        if color is None:
            self.say(messages.NOTHING_PLAYED)
            return False
        target = command.target if command.target is not None else self._ask_target(targets)
        if target is None:
            self.say(messages.NOTHING_GIVEN)
            return False
        keep = command.keep
        if keep is None:
            choices = speech.sorted_cards(dict.fromkeys(rest))
            keep = choices[0] if len(choices) == 1 else self._ask_keep(choices)
        if keep is None:
            self.say(messages.NOTHING_GIVEN)
            return False
        return self._do(replace(typed, color=color, target=target, keep=keep))

    def _ask_color(self) -> Color | None:
        """The colour for a Wild: the next line, asked again until it is one (Enter: none)."""
        self.say(messages.which_color(self.how))
        while True:
            self._input_taken()
            got = self._line(self.keyboard.read_color(messages.COLOR_PROMPT),
                             messages.COLOR_PROMPT)
            if got is None:
                continue
            if isinstance(got, Pressed):
                return _KEY_COLORS.get(got.key)  # Enter alone: no colour
            if isinstance(got, Routed):
                continue
            text = got.strip()
            if not text:
                return None
            try:
                return parse_color(text)
            except ParseError as error:
                self.say(error.message)

    def _ask_target(self, targets: Sequence[int]) -> int | None:
        """Whom an Anniversary card gives the other cards to (Enter: nobody)."""
        names = [self.names[seat] for seat in targets]
        self.say(messages.whom_to_give(names))
        while True:
            text = self._read_text(messages.WHOM_PROMPT).strip()
            if not text:
                return None
            seat = find_player(text, self._view())
            if seat in targets:
                return seat
            self.say(messages.no_such_player(text, names, len(self.names)))

    def _ask_keep(self, cards: Sequence[Card]) -> Card | None:
        """The card an Anniversary card's player keeps (Enter: none)."""
        self.say(messages.which_to_keep(cards))
        while True:
            text = self._read_text(messages.KEEP_PROMPT).strip()
            if not text:
                return None
            try:
                card = read_card(text, self._view())
            except ParseError as error:
                self.say(error.message)
                continue
            if card in cards:
                return card
            self.say(messages.not_to_keep(card))

    def _answer(self, command: Ask | Quit | Invalid | Setting) -> None:
        view = self._view()
        if isinstance(command, Setting):
            self._setting(command)
        elif isinstance(command, Invalid):
            self.say(command.message)
        elif isinstance(command, Quit):
            self.say(messages.quit_confirm(self.how))
            self._input_taken()
            if self.keyboard.read_yes(messages.CONFIRM_PROMPT):
                raise _Left
            self.say(messages.QUIT_CANCELLED)
        elif command.query is Query.STATUS:
            self.say(self._what_to_do(view))
        elif command.query is Query.HAND:  # in the order the player sorted it (O)
            self.cursor.update(view.hand)
            playable = self._playable() if view.my_turn and view.phase is Phase.PLAY else None
            self._show(self.renderer.hand(self.cursor.cards, playable, self.how))
        elif command.query is Query.SCORES:
            self._show(self.renderer.scores(view))
        elif command.query is Query.ORDER:  # whose turn it is, then the order of play
            self._show(self.renderer.order(view))
        elif command.query is Query.HELP:
            self._help(view)
        elif command.query is Query.PILE:
            self.say(messages.draw_pile(view.draw_pile_size))
        elif command.query is Query.REFERENCE:
            for heading, step in _quick_reference():
                self.say(messages.reference_card(heading, step))
        else:  # REPEAT
            last = self.screen.last_message
            for line in last or (messages.NOTHING_TO_REPEAT,):
                self.say(line)

    def _setting(self, command: Setting) -> None:
        """A setting changed for this game from the command line: the speech's rate or
        volume, speech on or off, the verbosity. A value out of range is said, not used.
        """
        name, value = command.name, command.value
        done = False
        if name == "verbosity" and value in {v.value for v in Verbosity}:
            self.renderer = replace(self.renderer, verbosity=Verbosity(value))
            done = True
        elif name == "speech" and value in ("on", "off"):
            done = self.outputs.set_speech(on=value == "on")
        elif name == "rate" and value.isdecimal() and len(value) < 4 and 80 <= int(value) <= 450:
            done = self.outputs.set_speech(rate=int(value))
        elif name == "volume" and _fraction(value) is not None:
            done = self.outputs.set_speech(volume=_fraction(value))
        else:
            self.say(messages.setting_usage(name))
            return
        self.say(messages.setting_changed(name, value) if done else messages.SPEECH_NONE)

    def _what_to_do(self, view: PlayerView) -> str:
        """Whose turn it is and what the person can do now: a sentence that keeps its brief
        form and braille (``speech.Said``). The turn line ends with the keys' hint on the
        first turns of the game (and always at full verbosity, or when asked again).
        """
        fresh, self._turn_fresh = self._turn_fresh, False  # said as the turn begins
        phase = view.phase
        if phase is Phase.ROUND_OVER:
            return messages.round_over_hint(self.how)
        if not view.my_turn:
            whose = speech.describe_whose_turn(view)
            return messages.round_over_hint(self.how) if whose is None else speech.Said(whose)
        if phase is Phase.START_COLOR:
            return speech.Said(speech.Line.of(messages.your_turn_start_color))
        legal = self.game.legal_actions(self.me)
        jump = next((a.card for a in legal if isinstance(a, JumpIn)), None)
        add = next((a.card for a in legal if isinstance(a, Play)), None)
        line: speech.Line
        if phase is Phase.CHALLENGE and view.challenged_by is not None:
            line = speech.Line.of(
                messages.your_turn_challenge,
                self._who(view.challenged_by), view.stack, add is not None, jump, self.how,
            )
            return speech.Said(line)
        if phase is Phase.STACK:
            came_back = (
                self.rules.stacking and add is None
                and any(card.kind is view.top.kind for card in view.hand)
            )
            line = speech.Line.of(messages.you_owe, view.stack, add, jump, came_back, self.how)
            return speech.Said(line)
        drawn = view.drawn
        if phase is Phase.DRAWN and drawn is not None:
            if drawn.kind is Kind.ANNIVERSARY:
                line = speech.Line.of(messages.drawn_anniversary, self.how)
            elif any(isinstance(a, Keep) for a in legal):
                line = speech.Line.of(messages.drawn_playable, drawn, self.how)
            else:
                line = speech.Line.of(messages.drawn_must_play, drawn, self.how)
            return speech.Said(line)
        if fresh:
            self._turns_told += 1
        hinted = (
            not fresh or self._turns_told <= HINTED_TURNS
            or self.renderer.verbosity is Verbosity.FULL
        )
        return speech.Said(speech.describe_turn(view, self.how.turn if hinted else ""))

    def _playable(self) -> list[Card]:
        """The cards the rules let the person play now (from the engine's legal actions)."""
        return [a.card for a in self.game.legal_actions(self.me) if isinstance(a, Play)]

    # ----------------------------------------------------------------- keys

    def _command(self, got: str | Pressed | Routed) -> Answer | None:
        """What a typed line or a key asks for (the same command for a key and its word,
        ``ui.keys.REGISTRY``); None when it was answered here (a move through the hand,
        the history, speech on or off, a key with no meaning).
        """
        view = self._view()
        command: Command | None
        if isinstance(got, Routed):
            self.select(got.index, got.play)
            command = self._play_key(view) if got.play else None
        elif isinstance(got, str):
            command = parse(got, view)
        elif got.key is Key.PLAY:
            command = self._play_key(view)
        else:
            command = for_key(got.key, view)
        if command is None:
            return None
        if isinstance(command, Local):
            return self._local_key(command.key, view)
        return command

    def _play_key(self, view: PlayerView) -> Command | None:
        """Enter: play the selected card (the card just drawn, after a draw); between rounds,
        deal the next; out of turn, let play go on.
        """
        if view.phase is Phase.ROUND_OVER:
            return self._go_on(view)
        if not view.my_turn or view.phase is Phase.CHALLENGE:
            return Ask(Query.STATUS)
        if view.phase is Phase.START_COLOR:
            color = self._ask_color()
            return None if color is None else Do(ChooseColor(self.me, color))
        if view.phase is Phase.DRAWN:
            return parse("play", view)
        card = self.cursor.selected
        return Ask(Query.STATUS) if card is None else parse(card.code, view)

    def _go_on(self, view: PlayerView) -> Do | Ask:
        """Space (or n): deal the next round when it is the person's to deal; else whose
        turn it is, which lets play go on where the person is asked to act out of turn.
        """
        if view.phase is Phase.ROUND_OVER and self.game.legal_actions(self.me):
            return Do(NextRound(self.me))
        return Ask(Query.STATUS)

    def _local_key(self, key: Key, view: PlayerView) -> Do | Ask | None:
        """The commands that change nothing in the game, answered here."""
        if key in (Key.GO_ON, Key.SKIP_AHEAD):
            self._skipping = key is Key.SKIP_AHEAD
            return self._go_on(view)
        if key in _MOVES or key in (Key.FIRST, Key.LAST, Key.SORT):
            self._move(key, view)
        elif key in (Key.OLDER, Key.NEWER):
            self._review(-1 if key is Key.OLDER else 1)
        elif key is Key.SWITCH_HISTORY:
            self._switch_history()
        elif key is Key.SPEECH:
            on = self.outputs.toggle_speech()
            self.say(messages.SPEECH_NONE if on is None else messages.speech_switched(on))
        elif key is not Key.CLOSE:  # a closed command line was said when it closed
            self.say(messages.NO_SUCH_KEY if self.how.keys else messages.NO_SUCH_KEY_TYPED)
        return None

    def _move(self, key: Key, view: PlayerView) -> None:
        """Left and Right through the hand, Home and End, O to sort it: each says the card."""
        cursor = self.cursor
        cursor.update(view.hand)
        if cursor.selected is None:
            self.say(messages.hand_heading(0))
            return
        edge = None
        if key is Key.FIRST:
            cursor.home()
        elif key is Key.LAST:
            cursor.end()
        elif key is Key.SORT:
            cursor.toggle_order()
            self.say(messages.hand_sorted(cursor.order.value))
        elif not cursor.move(_MOVES[key]):
            edge = "first" if _MOVES[key] < 0 else "last"
        self._say_selected(view, edge)

    def _say_selected(self, view: PlayerView, edge: str | None = None) -> None:
        card = self.cursor.selected
        if card is None:
            return
        place, count = self.cursor.position
        playable = None
        if view.my_turn and view.phase in (Phase.PLAY, Phase.STACK, Phase.CHALLENGE):
            playable = card in self._playable()
        # the braille hand line's cursor moves; a display showing that line stays on it
        self.outputs.hand(self.cursor.cards, self.cursor.index)
        self._show(self.renderer.selected(card, place, count, playable, edge))

    def select(self, index: int, play: bool = False) -> None:
        """A braille display's routing key chose the hand's card ``index`` (the cursor's
        order): the first press selects it, the second (``play``) plays it.
        """
        view = self._view()
        self.cursor.update(view.hand)
        if not 0 <= index < len(self.cursor.cards):
            return
        self.cursor.index = index
        if not play:
            self._say_selected(view)

    def _review(self, step: int) -> None:
        """Page Up and Page Down: the history being read, one line at a time (the first Page
        Up the line before the newest); told, not kept. Its ends are said.
        """
        got = self.history.step(step)
        buffer = got.buffer.value
        if got.message is None:
            line = (
                messages.history_empty(buffer) if not got.total
                else messages.history_edge(buffer, got.edge is Edge.START)
            )
            self.outputs.show(self.renderer.text(line, Priority.URGENT))
            return
        said = got.message
        self.outputs.show(Message(
            said.speech, said.braille,
            messages.history_line(got.number, got.total, said.text), Priority.URGENT,
        ))

    def _switch_history(self) -> None:
        """Page Up reads the other history now: the game's, or the answers."""
        buffer = self.history.switch()
        count = len(self.history.lines[buffer])
        self.outputs.show(self.renderer.text(
            messages.history_switched(buffer.value, count), Priority.URGENT
        ))

    def _help(self, view: PlayerView) -> None:
        """F1: what can be done now, then every key (or every typed command)."""
        self.say(messages.help_now(self._what_to_do(view)))
        for line in key_help_lines() if self.how.keys else typed_help_lines():
            self.say(line)

    _turns_told = 0  # turn lines said with their hint counted (``_what_to_do``)
    _turn_fresh = False  # the turn line about to be said begins a turn

    def _present_turn(self, view: PlayerView) -> None:
        """At the start of the person's turn: the hand and the table to braille and to large
        text; the selection kept on the same card when it is still held.
        """
        self._turn_fresh = True
        self.cursor.update(view.hand, view.drawn)
        playable = self._playable() if view.my_turn else []
        self.outputs.table(view, self.renderer.table_line(view), draw=True)
        self.outputs.hand(self.cursor.cards, self.cursor.index, playable, draw=True)

    # ----------------------------------------------------------------- the bots

    def _bot_moves(self, seat: int, must: bool) -> None:
        """The bot in ``seat`` acts: its turn when ``must``, else a catch, a late UNO or a
        jump-in, or nothing.
        """
        legal = self.game.legal_actions(seat)
        if not legal:
            return
        bot = self.bots[seat]
        choice = bot.choose(self.game.view(seat) if bot.needs_view else None, legal)
        if choice is None:
            if not must:
                return
            turn = [a for a in legal if not isinstance(a, _OUT_OF_TURN)]
            choice = (turn or legal)[0]
        self._tell(self._apply(choice))

    # ----------------------------------------------------------------- lines in and out

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
        self, line: str, priority: Priority = Priority.URGENT, buffer: Buffer = Buffer.ANSWERS
    ) -> None:
        """A line of the table's own (an answer, a prompt, an error): urgent unless told,
        since it answers what the person just did; kept in the answers' history unless
        it is part of the game (``buffer``).
        """
        self._show(self.renderer.text(line, priority), buffer=buffer)

    def _show(
        self, message: Message, saved: bool = False, buffer: Buffer = Buffer.ANSWERS
    ) -> None:
        """Show one message: saved first (unless ``saved`` already), then what the devices
        had to say since the last line, then the message itself, so that it, the answer or
        the turn, is what the display ends on.
        """
        if self.recorder is not None and not saved:
            self.recorder.said(message.text)
        self._notices(message.priority)
        self.history.add(message, buffer)
        self.outputs.show(message)

    def _tell_unsaved(
        self, line: str, priority: Priority = Priority.NORMAL, keep: bool = True
    ) -> None:
        """A line told but not saved: the session's own (where a resumed game stopped, the
        end of the session), not the game's; kept in the history unless not ``keep``.
        """
        self._notices(priority)
        message = self.renderer.text(line, priority)
        if keep:
            self.history.add(message, Buffer.GAME)
        self.outputs.show(message)

    def _read(self, prompt: str) -> str | Pressed | Routed:
        """A key, a typed command, or a braille display's routing key."""
        while True:
            self._input_taken()
            got = self._line(self.keyboard.read(prompt), prompt)
            if got is not None:
                return got

    def _line(self, got: Read, prompt: str) -> str | Pressed | Routed | None:
        """The command line when a key asked for it: announced, read, and its closing
        said; a line too long refused in words. None when nothing is left to do.
        """
        if isinstance(got, Pressed) and got.key is Key.COMMAND_LINE:
            got = Typing("")
        if isinstance(got, Typing):
            self.say(messages.COMMAND_LINE_OPEN)
            start: str | None = got.text
            while True:
                got = self.keyboard.read_line(prompt, start)
                start = None  # after a key that does nothing: the line as it was left
                if isinstance(got, Pressed) and got.key is Key.UNKNOWN:
                    self.say(messages.NO_SUCH_KEY_TYPED)
                    continue
                if isinstance(got, Pressed) and got.key is Key.CLOSE:
                    self.say(messages.COMMAND_LINE_CLOSED)
                    return None
                break
        if isinstance(got, TooLong):
            self.say(messages.LINE_TOO_LONG)
            return None
        if isinstance(got, Pressed) and got.key is Key.CLOSE:
            self.say(messages.LINE_CLEARED)  # Escape on a typed line
            return None
        return None if isinstance(got, Typing) else got  # (a line is never Typing)

    def _notices(self, priority: Priority = Priority.NORMAL) -> None:
        """What the devices (and the store) had to say (speech lost, a display gone or back,
        the game not being saved), once each, before the line about to be shown, and as
        urgent as it so that speech says both.
        """
        if self.notices is None:
            return
        for notice in self.notices.drain():
            # not saved: a device's or the store's situation is this session's, not the game's
            message = self.renderer.text(notice.text, max(priority, Priority.NORMAL))
            self.history.add(message, Buffer.ANSWERS)
            self.outputs.show(message)

    def _read_text(self, prompt: str) -> str:
        """A typed answer; a key alone (Enter, Space) is an empty one."""
        got = self._read(prompt)
        return got if isinstance(got, str) else ""

    def _input_taken(self) -> None:
        self.screen.input_taken()
        if self.recorder is not None:
            self.recorder.input_taken()

    def _tell(self, events: Iterable[Event]) -> None:
        """Say the events the person may know (turns are said when the person is asked)."""
        events = list(events)
        self._track(events)
        shown = [e for e in events if not isinstance(e, TurnStarted)]
        said = self.renderer.events(shown)
        if self.recorder is not None:  # the batch saved at once, before any of it is shown
            self.recorder.said(*(message.text for message in said))
        buffer = Buffer.ANSWERS if all(isinstance(e, _ANSWERS) for e in shown) else Buffer.GAME
        for message in said:
            self._show(message, saved=True, buffer=buffer)
        if any(isinstance(e, PlayerEliminated) and e.seat == self.me for e in events):
            self.say(messages.YOU_ARE_OUT, buffer=Buffer.GAME)

    def _track(self, events: Iterable[Event]) -> None:
        for event in events:
            mine = isinstance(event, TurnStarted) and event.seat == self.me
            if mine or isinstance(event, RoundStarted | RoundEnded):
                self._announce = True

    def _view(self) -> PlayerView:
        return self.game.view(self.me)

    def _who(self, seat: int) -> messages.Who:
        return speech.who(seat, self.me, self.names)


def _fraction(text: str) -> float | None:
    """A number from 0 to 1, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 <= value <= 1 else None


def _quick_reference() -> list[tuple[str, str]]:
    """The four Quick Play Reference cards: (heading, its one step)."""
    blocks = document.rules(quick_only=True)[1:]
    return [(blocks[i].text, blocks[i + 1].text) for i in range(0, len(blocks) - 1, 2)]
