"""A whole game read from a real 20-cell braille display (brltty's ``vr`` driver), as a
blind player reads it (issue 23): the set-up, then a seeded game of four players under
the Anniversary rules with Seven-O and jumping in, quit (no, then yes), offered again and
declined, a second game quit, that one resumed and played to its end. Every dialog both
ways (the colour, a challenge, a catch, a jump-in, Seven-O, the Anniversary card, quit,
resume) and every query key.

After each key the player reads, on the display, every line said since: each window must
hold the line's essential in its 20 cells (``braille_reader``): the card the line names
first, the default of a set-up question, the keys that answer a question. Any window that
does not is a failure, listed with its dots.
"""

from __future__ import annotations

import os
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from braille_reader import Reader, Watched, answer_by
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from vr_brltty import Brltty, VirtualDisplay, brltty

from uno_access.access import messages
from uno_access.access.message import Verbosity
from uno_access.devices.base import Notices
from uno_access.devices.braille_display import BrailleDisplay
from uno_access.engine.actions import Accept, Action, CallUno, Catch, JumpIn, Keep, Play
from uno_access.engine.cards import ANNIVERSARY, Card, Kind
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import Phase, PlayerView
from uno_access.seat import table as seat_table
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.settings import Settings
from uno_access.ui import play
from uno_access.ui.profile import Session
from uno_access.ui.setup import set_up
from uno_access.ui.terminal import Screen

__all__ = ["brltty"]  # the fixture, used by name

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

CELLS = 20
TIMEOUT = 60.0
SEED = 1  # a game that meets every dialog both ways (the test fails saying which it missed)
RULES = "anniversary,seven_o=on,jump_in=on"
ENTER, SPACE = "\r", " "
LEFT, RIGHT, HOME, END = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F"
# every key that asks and changes nothing, pressed at the first turn of each game
QUERIES = (
    "l", "r", "c", "t", "w", "s", "p", "o", "o", RIGHT, LEFT, END, HOME,
    "[", "[", "]", "v", "[", "v", "e", "m", "z", "?", SPACE, "u",
)  # fmt: skip
# the set-up's answers, in the order it asks: one refused and answered again, a question
# explained, the rules typed with options
SETUP = (
    "", "11", "4", "Zoe", "?", "easy", "", "easy", "", "easy", "",
    RULES, "off", "off", "", "", "", "on", "",
)  # fmt: skip


@pytest.fixture
def display(brltty: Brltty) -> Iterator[VirtualDisplay]:
    shown = VirtualDisplay(brltty, cells=CELLS)
    shown.wait_for(lambda cells: True, timeout=30)  # brltty's display driver is up
    try:
        yield shown
    finally:
        brltty.stop()
        shown.close()


@dataclass
class Player:
    """What the player does each time the game asks, by the prompt and the game's state
    (as a player knows it: their hand and what can be played now)."""

    reader: Reader
    tables: list[Table]
    quits: list[str]  # the answers to give to "quit?", in order
    resume: str | None = None  # the answer to the offer to resume
    quit_at: tuple[int, ...] = ()  # the turns at which to press Q
    done: Counter[str] = field(default_factory=Counter)  # dialogs met, by kind and answer
    turns: int = 0
    queries: list[str] = field(default_factory=list)
    line: str | None = None  # a line to type once the command line is open
    setup: list[str] = field(default_factory=list)
    last: str = ""  # the last key sent
    errors: list[BaseException] = field(default_factory=list)

    def respond(self, prompt: str) -> str | None:
        try:
            return self._respond(prompt)
        except BaseException as error:  # told to the test's thread; the input closes
            self.errors.append(error)
            return None

    def _respond(self, prompt: str) -> str | None:
        reader = self.reader
        texts = self.last in ("?", "e") and prompt == messages.tr(messages.PROMPT)
        reader.read_since(text_lines=texts or prompt == messages.tr(messages.SETUP_PROMPT))
        if prompt == messages.tr(messages.SETUP_PROMPT):
            return self._send(self.setup.pop(0) + ENTER)
        if prompt == messages.tr(messages.RESUME_PROMPT):
            self._check_last(["y", "n"])
            assert self.resume is not None
            self.done["resume " + self.resume] += 1
            return self._send(self.resume)
        if prompt == messages.tr(messages.CONFIRM_PROMPT):
            self._check_last(["y"])
            answer = self.quits.pop(0)
            self.done["quit " + answer] += 1
            return self._send(answer)
        if prompt == messages.tr(messages.ANOTHER_PROMPT):
            self._check_last(["y", "n"])
            return self._send("n")
        if prompt == messages.tr(messages.COLOR_PROMPT):
            self._check_last(["r", "g", "b", "y"])
            return self._send(self._once("colour", ENTER, "r"))
        if prompt == messages.tr(messages.SWAP_PROMPT):
            names = self._others()
            self._check_last([names[0]])
            return self._send(self._once("swap", ENTER, names[0] + ENTER))
        if prompt == messages.tr(messages.WHOM_PROMPT):
            names = self._others()
            self._check_last([names[0]])
            return self._send(self._once("give", ENTER, names[-1] + ENTER))
        if prompt == messages.tr(messages.KEEP_PROMPT):
            hand = [card for card in self._view().hand if card is not ANNIVERSARY]
            self.reader.check(self.reader.said[-1], self.reader.newest())
            return self._send(hand[0].code + ENTER)
        if self.line is not None:  # the command line is open
            line, self.line = self.line, None
            return self._send(line + ENTER)
        return self._send(self._in_game())

    def _send(self, keys: str) -> str:
        self.last = keys
        return keys

    def _once(self, kind: str, first: str, then: str) -> str:
        """The first time a dialog of ``kind`` comes, ``first``; each time after, ``then``."""
        answer = first if not self.done[kind + " first"] else then
        self.done[kind + (" first" if answer is first else " then")] += 1
        return answer

    def _check_last(self, keys: list[str]) -> None:
        """The question just asked (the newest line) shows its answers in 20 cells."""
        self.reader.check(self.reader.said[-1], self.reader.newest(), card=False, keys=keys)

    def _view(self) -> PlayerView:
        return self.tables[-1].game.view(0)

    def _others(self) -> list[str]:
        view = self._view()
        return [name for seat, name in enumerate(view.names) if seat]

    def _in_game(self) -> str:
        table = self.tables[-1]
        view = table.game.view(0)
        legal = table.game.legal_actions(0)
        if view.phase is Phase.ROUND_OVER:
            return SPACE
        if 0 in view.handed_one and any(isinstance(a, CallUno) for a in legal):
            self._check_last(["u"])  # handed a single card (Seven-O's 0): call UNO
            return "u"
        if not view.my_turn:  # asked out of turn: a catch, a jump-in, UNO when handed one
            if any(isinstance(a, Catch) for a in legal):
                self._check_last(["x"])
                return self._once("catch", SPACE, "x")
            if any(isinstance(a, JumpIn) for a in legal):
                self._check_last(["j"])
                return self._once("jump", SPACE, "j")
            return SPACE
        if view.phase is Phase.CHALLENGE:
            self._check_last(["h", "a"])
            return self._once("challenge", "h", "a")
        if view.phase is Phase.DRAWN:
            if any(isinstance(a, Keep) for a in legal):
                self._check_last(["Enter", "k"])
                return self._once("drawn", "k", ENTER)
            return ENTER
        if view.phase is Phase.STACK:
            return "a" if any(isinstance(a, Accept) for a in legal) else "d"
        if self.queries:
            return self.queries.pop(0)
        self.turns += 1
        if self.turns in self.quit_at:
            return "q"
        return self._play(view, legal)

    def _play(self, view: PlayerView, legal: list[Action]) -> str:
        """A card by the command line: a 7 (Seven-O), the Anniversary card, a Wild first."""
        plays = [a.card for a in legal if isinstance(a, Play)]
        if not plays:
            return "d"

        def rank(card: Card) -> int:
            if card.kind is Kind.NUMBER and card.number == 7:
                return 0
            if card is ANNIVERSARY:
                return 1
            return 2 if card.is_wild else 3

        card = min(plays, key=rank)
        if card.kind is Kind.NUMBER and card.number == 7:
            self.done["seven"] += 1
        if card is ANNIVERSARY:
            self.done["anniversary"] += 1
        uno = " uno" if len(view.hand) == 2 else ""
        self.line = card.code + uno
        return "/"


def phase(
    display: VirtualDisplay,
    brltty: Brltty,
    keys: bool,
    body: Callable[[Session], object],
    make_player: Callable[[Reader], Player],
) -> tuple[Player, object]:
    """One run of the game (or the set-up) on this display, answered by a ``Player``."""
    asked: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    notices = Notices()
    with create_pipe_input() as pipe:
        keyboard = Watched(asked, input=pipe, output=DummyOutput(), keys=keys)
        device = BrailleDisplay(brltty.host, "none", notices=notices, retry_seconds=0.05)
        assert device.start(wait=60), device.last_error
        screen = Screen(said.append)
        outputs = Outputs(screen.say, braille_out=device)
        session = Session(keyboard, screen, outputs, notices, Verbosity.NORMAL)
        reader = Reader(display, device, said)
        player = make_player(reader)
        finished = threading.Event()

        def send(keys: str) -> None:
            if player.errors:
                pipe.close()
            else:
                pipe.send_text(keys)

        answering = threading.Thread(
            target=answer_by, args=(asked, player.respond, send, finished.is_set), daemon=True
        )
        answering.start()
        try:
            result = body(session)
        finally:
            finished.set()
            answering.join(timeout=TIMEOUT)
            device.close()
    if player.errors:
        raise player.errors[0]
    return player, result


def test_every_window_of_a_whole_game_holds_its_essential_in_20_cells(
    brltty: Brltty, display: VirtualDisplay, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables: list[Table] = []

    class Recorded(Table):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            tables.append(self)

    monkeypatch.setattr(seat_table, "Table", Recorded)
    met: Counter[str] = Counter()
    problems: list[str] = []
    windows = 0

    def player(**kwargs: Any) -> Callable[[Reader], Player]:
        def make(reader: Reader) -> Player:
            made = Player(reader, tables, **kwargs)
            return made

        return make

    # the set-up, by typed lines
    setup_player, chosen = phase(
        display,
        brltty,
        False,
        lambda session: set_up(Settings(), session=session),
        player(quits=[], setup=list(SETUP)),
    )
    assert isinstance(chosen, Settings) and chosen.rules == RULES and chosen.keys
    problems += setup_player.reader.problems
    windows += setup_player.reader.windows

    def game(session: Session) -> int:
        return play.run(
            chosen.players,
            chosen.bots.split(","),
            RuleSet.from_spec(chosen.rules),
            SEED,
            chosen.name,
            names=chosen.names.split(","),
            session=session,
        )

    plans: list[dict[str, Any]] = [
        {"quits": ["n", "y"], "quit_at": (3, 4), "queries": list(QUERIES)},
        {"quits": ["y"], "quit_at": (2,), "resume": "n", "queries": list(QUERIES)},
        {"quits": [], "resume": "y", "queries": []},
    ]
    for plan in plans:
        played, status = phase(display, brltty, True, game, player(**plan))
        assert status == 0
        met += played.done
        problems += played.reader.problems
        windows += played.reader.windows
    assert tables[-1].game.over  # the resumed game was played to its end
    wanted = {
        "quit n", "quit y", "resume n", "resume y", "colour first", "colour then",
        "swap first", "swap then", "give first", "give then", "catch first", "catch then",
        "jump first", "jump then", "challenge first", "challenge then", "drawn first",
        "drawn then",
    }  # fmt: skip
    assert wanted <= set(met), f"dialogs never met: {sorted(wanted - set(met))}"
    assert windows > 300, windows
    print(f"{windows} windows read, {sum(met.values())} dialogs met: {dict(met)}")
    assert not problems, "\n".join(problems)
