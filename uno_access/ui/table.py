"""The line-mode game: one person at the keyboard, bots in the other seats.

Every event the person may know is said as one line; bots move at once, with no
timers. The person is asked for a line on their turn and between rounds. After
every move, before the next player moves, the others may act out of turn (as in
``simulate.play_game``): catch a player who did not call UNO, call UNO when handed
a single card (Round-n-Round), or jump in with a card identical to the top card
(Speed UNO). The person is told when they may, and asked for one line: the
command, or Enter to let play go on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ..access import messages, speech
from ..access.parse import ParseError, parse_color
from ..bots import Bot
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
    Play,
    PlayDrawn,
)
from ..engine.cards import ANNIVERSARY, Card, Color, Kind
from ..engine.events import (
    Event,
    PlayerEliminated,
    Refusal,
    Rejected,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from ..engine.game import Game
from ..engine.rules import Scoring
from ..engine.state import Phase, PlayerView
from ..store import Recorder, SavedGame
from .commands import (
    Ask,
    Do,
    Give,
    Invalid,
    Query,
    Quit,
    find_player,
    jump_card,
    parse,
    read_card,
)
from .terminal import Keyboard, Screen

_OUT_OF_TURN = (Catch, CallUno, JumpIn, *QUERIES)


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
    ) -> None:
        self.game = game
        self.recorder = recorder
        self.resumed = resumed
        self.bots = bots
        self.keyboard = keyboard
        self.screen = screen
        self.me = seat
        view = game.view(seat)
        self.names = view.names
        self.rules = view.rules
        self.teams = view.teams
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
        except _Left:  # the session's end, not the game's: shown, not saved
            self.screen.say(messages.GAME_QUIT)
        except EOFError:
            self.screen.say(messages.INPUT_CLOSED)
        except KeyboardInterrupt:
            self.screen.say(messages.GAME_INTERRUPTED)
            return 130
        return 0

    def _opening(self) -> None:
        view = self._view()
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        self.say(messages.welcome(others, self.rules.target_score, self._scoring()))
        teams = speech.describe_teams(view)
        if teams is not None:
            self.say(teams.sentence())
        for line in messages.rules_intro(self.rules):
            self.say(line)
        self._tell(self.game.opening)

    def _resume(self, saved: SavedGame) -> None:
        """Say where a resumed game stopped: what the person was last told (shown again,
        not saved again); a drawn card that cannot be played is kept, as it would have been.
        """
        view = self._view()
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        self.screen.say(messages.resumed(saved.id, others, view.round_number))
        for line in saved.last_told:
            self.screen.say(line)
        self.screen.say(messages.RESUMED_END)
        if view.phase is Phase.DRAWN and view.my_turn:
            self._after_draw()
            self._announce = self._view().phase is not Phase.DRAWN

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
        else:
            assert view.current is not None
            self._bot_moves(view.current, must=True)
        self._moved = True

    def _out_of_turn(self) -> None:
        """Between two moves the players not to move may act, once each, in turn order from
        the player to move (as ``simulate.play_game``); the player to move may do the same
        as part of their move. A person handed a single card is told at once.
        """
        view = self._view()
        if view.current is None:
            return
        if view.exposed is None and not view.handed_one and not self.rules.jump_in:
            return
        if self.me in view.handed_one:
            self._your_chance()
        first = view.current
        n = len(self.names)
        for k in range(1, n):
            seat = (first + k) % n
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
            view = self._view()
            if view.exposed is not None and view.exposed != self.me:
                self.say(messages.exposed_on_your_turn(self._who(view.exposed)))
            self.say(self._what_to_do(view))
        while True:
            view = self._view()
            command = parse(self._read(messages.PROMPT), view)
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
        self.say(messages.WATCH_NEXT_ROUND)
        while True:
            command = parse(self._read(messages.PROMPT), self._view())
            if isinstance(command, Ask) and command.query is Query.STATUS:
                break
            if isinstance(command, Do) and isinstance(command.action, QUERIES):
                self._do(command.action)
            elif isinstance(command, Ask | Quit | Invalid):
                self._answer(command)
            else:
                self.say(messages.WATCH_NEXT_ROUND)
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
        if isinstance(action, PlayDrawn) and drawn is not None and drawn.kind is Kind.ANNIVERSARY:
            return self._anniversary(Give(action.color, None, None, action.uno))
        if isinstance(action, Play):
            action = self._as_jump_in(action, view)
        elif isinstance(action, JumpIn):
            action = self._as_play(action)
        return self._do(action)

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
            lines.append(messages.handed_one_window(self.rules.round_n_round_penalty))
        targets = [] if current else [a.target for a in legal if isinstance(a, Catch)]
        for target in targets:
            if self._offer("catch", target):
                if target == view.exposed:
                    lines.append(messages.exposed_window(self._who(target)))
                else:
                    lines.append(messages.handed_one_catch(self._who(target)))
        jump = None if current else jump_card(view)
        can_jump = jump is not None and any(isinstance(a, JumpIn) for a in legal)
        if can_jump and jump is not None and self._offer("jump"):
            lines.append(messages.jump_window(jump))
        if not lines:
            return
        for line in lines:
            self.say(line)
        catch = self._who(targets[0]) if targets else None
        while True:
            view = self._view()
            command = parse(self._read(messages.PROMPT), view)
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
            if isinstance(command, Ask | Quit | Invalid):
                self._answer(command)
            else:
                self.say(messages.not_your_turn_chances(can_jump, catch, call))

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
        legal = self.game.legal_actions(self.me)
        if drawn.kind is Kind.ANNIVERSARY and any(isinstance(a, Play) for a in legal):
            self.say(messages.DRAWN_ANNIVERSARY)
            return
        if any(isinstance(a, PlayDrawn) for a in legal):
            if any(isinstance(a, Keep) for a in legal):
                self.say(messages.drawn_playable(drawn))
            else:
                self.say(messages.drawn_must_play(drawn))
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
        self.say(messages.WHICH_COLOR)
        while True:
            text = self._read(messages.COLOR_PROMPT).strip()
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
            text = self._read(messages.WHOM_PROMPT).strip()
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
            text = self._read(messages.KEEP_PROMPT).strip()
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

    def _answer(self, command: Ask | Quit | Invalid) -> None:
        view = self._view()
        if isinstance(command, Invalid):
            self.say(command.message)
        elif isinstance(command, Quit):
            self.say(messages.QUIT_CONFIRM)
            if self._read(messages.CONFIRM_PROMPT).strip().lower() in messages.YES_WORDS:
                raise _Left
            self.say(messages.QUIT_CANCELLED)
        elif command.query is Query.STATUS:
            self.say(self._what_to_do(view))
        elif command.query is Query.HAND:
            line = speech.describe_hand(view).sentence()
            if view.my_turn and view.phase is Phase.PLAY:
                line += " " + speech.describe_playable(self._playable()).sentence()
            self.say(line)
        elif command.query is Query.SCORES:
            self.say(speech.describe_scores(view).sentence())
        elif command.query is Query.ORDER:
            self.say(speech.describe_order(view).sentence())
        elif command.query is Query.HELP:
            for line in messages.HELP_LINES:
                self.say(line)
        else:  # REPEAT
            last = self.screen.last_message
            for line in last or (messages.NOTHING_TO_REPEAT,):
                self.say(line)

    def _what_to_do(self, view: PlayerView) -> str:
        """Whose turn it is and what the person can do now."""
        phase = view.phase
        if phase is Phase.ROUND_OVER:
            return messages.ROUND_OVER_HINT
        if not view.my_turn:
            whose = speech.describe_whose_turn(view)
            return messages.ROUND_OVER_HINT if whose is None else whose.sentence()
        if phase is Phase.START_COLOR:
            return messages.YOUR_TURN_START_COLOR
        legal = self.game.legal_actions(self.me)
        jump = next((a.card for a in legal if isinstance(a, JumpIn)), None)
        add = next((a.card for a in legal if isinstance(a, Play)), None)
        if phase is Phase.CHALLENGE and view.challenged_by is not None:
            return messages.your_turn_challenge(
                self._who(view.challenged_by), view.stack, add is not None, jump
            )
        if phase is Phase.STACK:
            came_back = (
                self.rules.stacking and add is None
                and any(card.kind is view.top.kind for card in view.hand)
            )
            return messages.you_owe(view.stack, add, jump, came_back)
        drawn = view.drawn
        if phase is Phase.DRAWN and drawn is not None:
            if drawn.kind is Kind.ANNIVERSARY:
                return messages.DRAWN_ANNIVERSARY
            if any(isinstance(a, Keep) for a in legal):
                return messages.drawn_playable(drawn)
            return messages.drawn_must_play(drawn)
        return messages.your_turn(speech.describe_top(view).sentence(), len(view.hand))

    def _playable(self) -> list[Card]:
        """The cards the rules let the person play now (from the engine's legal actions)."""
        return [a.card for a in self.game.legal_actions(self.me) if isinstance(a, Play)]

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
        """The one place the table changes the game: saved first, then applied."""
        if self.recorder is not None:
            self.recorder.record(action)
        return self.game.apply(action)

    def say(self, line: str) -> None:
        if self.recorder is not None:
            self.recorder.said(line)
        self.screen.say(line)

    def _read(self, prompt: str) -> str:
        self.screen.input_taken()
        if self.recorder is not None:
            self.recorder.input_taken()
        return self.keyboard.read(prompt)

    def _tell(self, events: Iterable[Event]) -> None:
        """Say the events the person may know (turns are said when the person is asked)."""
        events = list(events)
        self._track(events)
        shown = [e for e in events if not isinstance(e, TurnStarted)]
        for line in speech.narrate(shown, self.me, self.names, rules=self.rules, teams=self.teams):
            self.say(line)
        if any(isinstance(e, PlayerEliminated) and e.seat == self.me for e in events):
            self.say(messages.YOU_ARE_OUT)

    def _track(self, events: Iterable[Event]) -> None:
        for event in events:
            mine = isinstance(event, TurnStarted) and event.seat == self.me
            if mine or isinstance(event, RoundStarted | RoundEnded):
                self._announce = True

    def _view(self) -> PlayerView:
        return self.game.view(self.me)

    def _who(self, seat: int) -> messages.Who:
        return speech.who(seat, self.me, self.names)
