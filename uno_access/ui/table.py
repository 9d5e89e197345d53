"""The line-mode game: one person at the keyboard, bots in the other seats.

Every event the person may know is said as one line; bots move at once, with no
timers. The person is asked for a line on their turn, between rounds, and in the
UNO window: when another player is left with one card without calling UNO, the
person may catch them before the next player begins their turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    Keep,
    Play,
    PlayDrawn,
)
from ..engine.cards import Card, Color
from ..engine.events import (
    CardPlayed,
    Event,
    Refusal,
    Rejected,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from ..engine.game import Game
from ..engine.state import Phase, PlayerView
from .commands import Ask, Do, Invalid, Query, Quit, parse
from .terminal import Keyboard, Screen


class _Left(Exception):
    """The person chose to leave the game."""


class Table:
    """Runs ``game`` to its end: the person in ``seat``, a bot in every other seat."""

    def __init__(
        self, game: Game, bots: Mapping[int, Bot], keyboard: Keyboard, screen: Screen,
        seat: int = 0,
    ) -> None:
        self.game = game
        self.bots = bots
        self.keyboard = keyboard
        self.screen = screen
        self.me = seat
        self.names = game.view(seat).names
        self._announce = True  # say what to do when the person is next asked for a line
        self._window = False  # a card was just played that may leave someone without UNO

    # ----------------------------------------------------------------- the loop

    def run(self) -> int:
        """Play to the end of the game; the exit status (0, or 130 after Ctrl-C)."""
        try:
            view = self._view()
            others = [name for seat, name in enumerate(self.names) if seat != self.me]
            self.say(messages.welcome(others, view.rules.target_score))
            self._tell(self.game.opening)
            while not self.game.over:
                self._step()
        except _Left:
            self.say(messages.GAME_QUIT)
        except EOFError:
            self.say(messages.INPUT_CLOSED)
        except KeyboardInterrupt:
            self.say(messages.GAME_INTERRUPTED)
            return 130
        return 0

    def _step(self) -> None:
        view = self._view()
        if self._window:
            self._window = False
            if view.exposed is not None:
                self._uno_window(view.exposed)
                return
        if view.phase is Phase.ROUND_OVER or view.current == self.me:
            self._your_turn()
        else:
            assert view.current is not None
            self._bot_moves(view.current, must=True)

    def _uno_window(self, exposed: int) -> None:
        """Before the next player begins their turn, the others may catch ``exposed``
        and ``exposed`` may still call UNO: first those not to move, in turn order from
        the exposed player (as ``simulate.play_game``); the player to move may catch as
        part of their move.
        """
        n = len(self.names)
        current = self._view().current
        for k in range(1, n + 1):
            seat = (exposed + k) % n
            if self._view().exposed is None:
                return
            if seat == current:
                continue
            if seat != self.me:
                self._bot_moves(seat, must=False)
            elif exposed != self.me:
                self._your_window(exposed)

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
            command = parse(self._read(messages.PROMPT), self._view())
            if isinstance(command, Do):
                if self._do(command.action):
                    return
            else:
                self._answer(command)

    def _your_window(self, exposed: int) -> None:
        """One line from the person while ``exposed`` may be caught: c, or Enter to go on."""
        who = self._who(exposed)
        self.say(messages.exposed_window(who))
        while True:
            command = parse(self._read(messages.PROMPT), self._view())
            if isinstance(command, Ask) and command.query is Query.STATUS:
                return
            if isinstance(command, Do):
                action = command.action
                if isinstance(action, (Catch, *QUERIES)):
                    if self._do(action):
                        return
                else:
                    self.say(messages.not_your_turn_window(who))
            else:
                self._answer(command)

    def _do(self, action: Action) -> bool:
        """Carry out the person's action; whether it changed the game."""
        events = self.game.apply(action)
        if isinstance(action, QUERIES):
            self._tell(events)
            return False
        first = events[0]
        if isinstance(first, Rejected):
            if first.reason is not Refusal.NEED_COLOR or not isinstance(action, Play | PlayDrawn):
                self._tell(events)
                return False
            color = self._ask_color()
            if color is None:
                self.say(messages.NOTHING_PLAYED)
                return False
            return self._do(replace(action, color=color))
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
        if any(isinstance(a, PlayDrawn) for a in self.game.legal_actions(self.me)):
            self.say(messages.drawn_playable(drawn))
            return
        self.say(messages.drawn_kept(drawn))
        self._track(self.game.apply(Keep(self.me)))

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
            line = speech.describe_hand(view)
            if view.my_turn and view.phase is Phase.PLAY:
                line += " " + speech.describe_playable(self._playable())
            self.say(line)
        elif command.query is Query.SCORES:
            self.say(speech.describe_scores(view))
        elif command.query is Query.ORDER:
            self.say(speech.describe_order(view))
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
            return speech.describe_whose_turn(view) or messages.ROUND_OVER_HINT
        if phase is Phase.START_COLOR:
            return messages.YOUR_TURN_START_COLOR
        if phase is Phase.CHALLENGE and view.challenged_by is not None:
            return messages.your_turn_challenge(self._who(view.challenged_by))
        if phase is Phase.DRAWN and view.drawn is not None:
            return messages.drawn_playable(view.drawn)
        return messages.your_turn(speech.describe_top(view), len(view.hand))

    def _playable(self) -> list[Card]:
        """The cards the rules let the person play now (from the engine's legal actions)."""
        return [a.card for a in self.game.legal_actions(self.me) if isinstance(a, Play)]

    # ----------------------------------------------------------------- the bots

    def _bot_moves(self, seat: int, must: bool) -> None:
        """The bot in ``seat`` acts: its turn when ``must``, else a catch or a late UNO."""
        legal = self.game.legal_actions(seat)
        if not legal:
            return
        bot = self.bots[seat]
        choice = bot.choose(self.game.view(seat) if bot.needs_view else None, legal)
        if choice is None:
            if not must:
                return
            turn = [a for a in legal if not isinstance(a, Catch | CallUno)]
            choice = (turn or legal)[0]
        self._tell(self.game.apply(choice))

    # ----------------------------------------------------------------- lines in and out

    def say(self, line: str) -> None:
        self.screen.say(line)

    def _read(self, prompt: str) -> str:
        self.screen.input_taken()
        return self.keyboard.read(prompt)

    def _tell(self, events: Iterable[Event]) -> None:
        """Say the events the person may know (turns are said when the person is asked)."""
        events = list(events)
        self._track(events)
        shown = [e for e in events if not isinstance(e, TurnStarted)]
        for line in speech.narrate(shown, self.me, self.names):
            self.say(line)

    def _track(self, events: Iterable[Event]) -> None:
        for event in events:
            mine = isinstance(event, TurnStarted) and event.seat == self.me
            if mine or isinstance(event, RoundStarted | RoundEnded):
                self._announce = True
            elif isinstance(event, CardPlayed) and event.cards_left == 1:
                self._window = True

    def _view(self) -> PlayerView:
        return self.game.view(self.me)

    def _who(self, seat: int) -> messages.Who:
        return speech.who(seat, self.me, self.names)
