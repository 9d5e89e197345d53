"""Hot seat: several people at one keyboard, one screen, one braille display, one room.

Each person's hand stays theirs: the game's history is kept per person, the lines the
whole table may know name everyone ("Sam plays Blue 7"), and each person's own lines (their
deal, their draws, their answers) are in their history alone. At each handover the screen
and its scrollback and the braille display are cleared, said in words, and the next
person's lines are shown only once they say they hold the keyboard; the first deal too.
Speech, which the whole room hears, speaks one seat's own lines only.

Through prompt_toolkit's real pipe input, keys as a terminal sends them; Sam (seat 0) and
Max are people, Ann a bot (``test_play``'s random bot, seeded).
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_play import bot, cards

from uno_access import settings as settings_file
from uno_access.access import braille, messages
from uno_access.access.message import Message, Priority
from uno_access.access.speech import Line
from uno_access.devices.braille_display import ScreenBraille
from uno_access.devices.braille_views import BLANK, Key
from uno_access.devices.speech import Speaker
from uno_access.engine.cards import Card
from uno_access.engine.events import HandDealt
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.seat.history import Buffer
from uno_access.seat.outputs import Outputs
from uno_access.seat.table import Table
from uno_access.store import GameSetup
from uno_access.ui.drive import drive
from uno_access.ui.play import table_names
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

ENTER, SPACE = "\r", " "
PAGE_UP, PAGE_DOWN = "\x1b[5~", "\x1b[6~"
CLEARED = "<the terminal and its scrollback cleared>"
SAM, ANN, MAX = 0, 1, 2


def table(
    hands: Sequence[str] = ("b7 r5 g2 y8", "b3 y5 g9", "b1 y7 y2"),
    start: str = "b2",
    pile: str = "r1 g1 y9 g5 g8 y3",
) -> Game:
    """Sam, Ann and Max; Max deals, so Sam plays first."""
    return Game.from_position(
        ["Sam", "Ann", "Max"],
        [cards(h) for h in hands],
        Card.from_code(start),
        cards(pile),
        dealer=2,
        seed=1,
    )


class Run:
    """A hot-seat game played by ``keys``: every line written to the screen (and where the
    screen was cleared), the table afterwards for its histories."""

    def __init__(
        self,
        keys: Sequence[str],
        game: Game | None = None,
        *,
        bots: Sequence[int] = (ANN,),
        clears: bool = True,
        outputs: Callable[[Screen], Outputs] | None = None,
        speech_seat: int = 0,
        on_line: Callable[[str], None] | None = None,
    ) -> None:
        self.said: list[str] = []

        def write(line: str) -> None:
            if on_line is not None:
                on_line(line)
            self.said.append(line)

        def clear() -> bool:
            self.said.append(CLEARED)
            return clears

        screen = Screen(write, clear)
        game = game or table()
        with create_pipe_input() as pipe:
            pipe.send_text("".join(keys))
            pipe.close()
            keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
            self.table = Table(
                game,
                {seat: bot(seat) for seat in bots},
                keyboard,
                screen,
                outputs=outputs(screen) if outputs is not None else None,
                speech_seat=speech_seat,
            )
            drive(self.table.play(), keyboard, screen)

    def after(self, line: str) -> list[str]:
        return self.said[self.said.index(line) + 1 :]

    def before(self, line: str) -> list[str]:
        return self.said[: self.said.index(line)]

    def history(self, seat: int, buffer: Buffer = Buffer.GAME) -> list[str]:
        return [message.text for message in self.table._histories[seat].lines[buffer]]


def take(name: str) -> str:
    return messages.take_the_keyboard(name, messages.KEYED)


def holds(name: str) -> str:
    return messages.now_playing(name)


def names(codes: str) -> list[str]:
    return [messages.card_name(card) for card in cards(codes)]


def mentions(lines: Sequence[str], codes: str) -> list[str]:
    """The cards of ``codes`` that any of ``lines`` names."""
    return [name for name in names(codes) if any(name in line for line in lines)]


# Sam plays Blue 7, Ann Blue 3; Max takes the keyboard and reads everything back
SAM_PLAYS = [SPACE, "l", ENTER]
MAX_READS = [SPACE, *[PAGE_UP] * 12, "v", *[PAGE_UP] * 6, "v", *[PAGE_DOWN] * 12, "r", "l"]


def test_the_first_deal_is_shown_only_after_the_first_person_takes_the_keyboard() -> None:
    seed = hash(random.Random(14).random()) % 2**64  # as ``play --seed 14`` deals
    game = GameSetup(("Sam", "Max"), RuleSet(), seed, (None, None), 0).new_game()
    dealt = {e.seat: e.cards for e in game.opening if isinstance(e, HandDealt)}
    first = game.view(0).current
    assert first is not None
    other = 1 - first
    who, then = ("Sam", "Max") if first == 0 else ("Max", "Sam")
    run = Run([SPACE, "d", "k", SPACE], game, bots=())
    told = run.before(take(who))
    assert not [line for line in told if "dealt" in line], told
    deal = messages.hand_dealt(sorted(dealt[first], key=lambda c: (c.base.index, c.index)), 7)
    assert run.said.index(deal) > run.said.index(holds(who))
    theirs = messages.hand_dealt(sorted(dealt[other], key=lambda c: (c.base.index, c.index)), 7)
    assert run.said.index(theirs) > run.said.index(holds(then))


def test_the_lines_the_whole_table_knows_name_the_players() -> None:
    run = Run([*SAM_PLAYS, *MAX_READS])
    assert "Sam plays Blue 7." in run.said
    assert "Ann plays Blue 3." in run.said
    assert not [line for line in run.said if line.startswith("You play")]
    for seat in (SAM, MAX):
        assert "Sam plays Blue 7." in run.history(seat)


def test_each_person_reads_back_their_own_history_and_answers_alone() -> None:
    run = Run([*SAM_PLAYS, *MAX_READS])
    sam_hand = "r5 g2 y8"  # Sam's cards not played; Max holds none of them
    assert mentions(run.history(MAX), sam_hand) == []
    assert mentions(run.history(MAX, Buffer.ANSWERS), sam_hand) == []
    assert mentions(run.after(holds("Max")), sam_hand) == []
    assert "Start of the game's history." in run.after(holds("Max"))
    # and Sam's own are kept for Sam: his hand as he asked for it
    assert mentions(run.history(SAM, Buffer.ANSWERS), sam_hand) == names(sam_hand)


def test_the_screen_and_its_scrollback_are_cleared_at_the_handover_and_it_is_said() -> None:
    run = Run([*SAM_PLAYS, SPACE, "r"])
    rest = run.after(CLEARED)
    assert rest[0] == messages.screen_cleared("Max", "Sam")
    assert rest[0] == (
        "The screen is cleared for Max: nothing of Sam's hand is left on it, nor on the "
        "braille display, and Page Up reads only Max's own history."
    )
    assert rest[1] == take("Max")
    assert rest[2] == holds("Max")
    assert "Sam plays Blue 7." in run.before(CLEARED)
    # R repeats what Max was told since, nothing from before the clear
    assert mentions(rest, "r5 g2 y8") == []
    assert run.said.count(CLEARED) == 1  # nothing to clear before the first takes it


def test_a_terminal_that_cannot_be_cleared_is_said_to_be_so() -> None:
    run = Run([*SAM_PLAYS, SPACE], clears=False)
    assert run.after(CLEARED)[0] == messages.screen_not_cleared("Max", "Sam")


def test_the_next_persons_own_lines_come_only_after_they_say_they_hold_the_keyboard() -> None:
    # Sam's Draw Two on Max: the table hears that Max draws 2; Max alone, which cards,
    # once he holds the keyboard
    game = table(("b+2 b5 g2 y8", "b1 y7 y2", "b3 y5 g9"))
    # here Ann (seat 1) is the person: Sam plays the Draw Two, Max Blue 3, Sam Blue 5
    run = Run([SPACE, "/b+2\r", "/b5\r", SPACE], game, bots=(MAX,))
    own = "You draw 2 cards and lose the turn: Green 1, Red 1."
    assert "Ann draws 2 cards and loses the turn." in run.before(take("Ann"))
    assert own not in run.before(holds("Ann"))
    rest = run.after(holds("Ann"))
    assert rest[0] == messages.since_you_had_the_keyboard("Ann", len(rest[1:-2]))
    assert own in rest
    assert own in run.history(ANN)
    assert own not in run.history(SAM)


def test_the_braille_display_keeps_nothing_of_the_last_person_at_the_handover() -> None:
    dots = io.StringIO()
    shown: dict[str, object] = {}
    out: list[ScreenBraille] = []

    def outputs(screen: Screen) -> Outputs:
        out.append(ScreenBraille(dots))
        return Outputs(screen.say, braille_out=out[0])

    def on_line(line: str) -> None:
        if line == take("Max"):  # the handover question, as it is shown
            display = out[0]
            shown["hand"] = display.card_spans()
            display.press(Key.TOP)
            shown["top"] = display.window().cells.rstrip(BLANK)
            display.press(Key.BOTTOM)
            shown["table"] = display.window().cells.rstrip(BLANK)
            display.press(Key.HOME)

    Run([*SAM_PLAYS, SPACE], outputs=outputs, on_line=on_line)
    cleared = Line.of(messages.screen_cleared, "Max", "Sam")
    notice = braille.render(cleared.brief(), braille.BrailleTable.UEB2)
    assert shown["hand"] == []  # Sam's hand is gone from the hand line
    assert shown["table"] == ""
    assert notice.startswith(str(shown["top"]))  # the first line is the notice: nothing older


class Heard(Speaker):
    """The speech engine as the game drives it, with the room's ears in place of a
    loudspeaker: what it is asked to say is kept, nothing is synthesized.
    """

    def __init__(self) -> None:
        super().__init__()
        self._available = True
        self.heard: list[str] = []

    def say(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        self.heard.append(text)

    def show(self, message: Message) -> None:
        self.heard.append(message.text)


def test_speech_speaks_the_own_lines_of_the_speech_seat_alone() -> None:
    for speech_seat, speaks, silent in ((SAM, "Sam", "Max"), (MAX, "Max", "Sam")):
        ear = Heard()

        def outputs(screen: Screen, ear: Heard = ear) -> Outputs:
            return Outputs(screen.say, speaker=ear)

        # Max asks for his hand twice, then reads his answers back: the first again
        keys = [*SAM_PLAYS, SPACE, "l", "l", "v", PAGE_UP]
        run = Run(keys, outputs=outputs, speech_seat=speech_seat)
        heard = ear.heard
        assert "Sam plays Blue 7." in heard and "Ann plays Blue 3." in heard  # the table's
        assert take("Max") in heard
        own = {
            "Sam": "Your hand, 4 cards: Blue 7, Green 2, Red 5, Yellow 8.",
            "Max": "Your hand, 3 cards: Blue 1, Yellow 2, Yellow 7.",
        }
        assert any(line.startswith(own[speaks]) for line in heard)
        assert not any(own[silent] in line for line in heard)
        assert any(line.startswith(own[silent]) for line in run.said)  # shown, not spoken
        assert any(line.startswith("1 of 2: " + own["Max"]) for line in run.said)
        if silent == "Max":
            assert messages.speech_for_one_seat("Sam", "Max") in heard
        ear.close()


def test_nobody_is_you_to_everyone_at_a_hot_seat_table() -> None:
    assert table_names(2, None, ("Max",), hot_seat=True) == ["Ann", "Max"]
    assert table_names(2, "You", ("Max",), hot_seat=True) == ["Ann", "Max"]  # the set-up's
    assert table_names(2, None, ("Max",)) == ["You", "Max"]


def test_the_speech_seat_is_a_setting_and_an_option(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("speech_seat = 2\n")
    loaded, problems = settings_file.load(path)
    assert loaded.speech_seat == 2 and problems == []
    path.write_text("speech_seat = 12\n")
    loaded, problems = settings_file.load(path)
    assert loaded.speech_seat == 0 and len(problems) == 1
    done = subprocess.run(
        [sys.executable, "-m", "uno_access", "play", "--speech-seat", "12"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert messages.SPEECH_SEAT_RANGE in done.stderr


def test_a_resumed_hot_seat_game_shows_only_the_tables_lines_before_the_keyboard_is_taken() -> None:
    from uno_access.ui.play import resume, run

    def session(keys: str, again: bool) -> list[str]:
        said: list[str] = []
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            pipe.close()
            screen = Screen(said.append, lambda: False)
            if again:
                resume(None, input=pipe, output=DummyOutput(), screen=screen)
            else:
                run(
                    2,
                    ["person"],
                    RuleSet(),
                    14,
                    "Sam",
                    input=pipe,
                    output=DummyOutput(),
                    screen=screen,
                    names=["Max"],
                )
        return said

    # typed lines: Sam takes the keyboard and draws (the card is kept); at Max's question
    # the input closes
    first = session("\nd\n", again=False)
    drawn = next(line for line in first if line.startswith("You draw "))
    again = session("\n", again=True)
    before = again[: again.index(messages.take_the_keyboard("Max"))]
    assert "Sam draws a card." in before or "Sam keeps the card." in before
    assert not [line for line in before if "dealt" in line or line.startswith("You draw")]
    assert drawn.removeprefix("You draw ").rstrip(".") not in " ".join(before)


def test_setting_up_a_hot_seat_with_speech_asks_whose_lines_it_speaks() -> None:
    from uno_access.ui.setup import set_up

    answers = ["", "3", "Zoe", "person", "Max", "normal", "", "", "on", "2", "1"]
    answers += ["off", "off", "off", "", "", ""]
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in answers))
        pipe.close()
        chosen = set_up(
            settings_file.Settings(), input=pipe, output=DummyOutput(), screen=Screen(said.append)
        )
    assert chosen is not None, said
    question = messages.setup_speech_seat([0, 1])
    assert question.startswith("Speech is heard by everyone in the room, so use headphones")
    assert [line for line in said if line.startswith(question)] == [f"{question} [0]"]
    assert messages.setup_speech_seat_refused([0, 1]) in said  # seat 2 is a bot
    assert messages.setup_speech_seat_refused([0, 1]) == (
        "Speech speaks for a person at this keyboard: type the seat, 0 or 1."
    )
    assert chosen.speech_seat == 1
    assert settings_file.load()[0].speech_seat == 1
