"""Keys that never trap (issues 13 and 17): whatever is pressed, typed or pasted, the game
answers, Ctrl-C stops it, and a key and its typed letter mean the same thing.

Through prompt_toolkit's real pipe input, keys as a terminal sends them; the positions
are ``test_play``'s (you hold b7 g2 r5 y8 on Blue 2, Ann and Bob to play after you).
"""

from __future__ import annotations

import os
import threading
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.posix_pipe import PosixPipeInput
from prompt_toolkit.output import DummyOutput
from test_play import START, bot, position
from test_play_terminal import DEVICES_OFF, SCENARIOS, Terminal

from uno_access import text
from uno_access.access import messages
from uno_access.access.speech import Line
from uno_access.engine import codec
from uno_access.engine.actions import CardCheck, Challenge, Draw, TouchTopCard
from uno_access.engine.game import Game
from uno_access.seat.commands import Ask, Do, Invalid, Local, Query, for_key, parse
from uno_access.ui.keys import (
    COLOR_KEYS,
    REGISTRY,
    Key,
    Pressed,
    TooLong,
    Typing,
    key_help_lines,
    typed_help_lines,
)
from uno_access.ui.play import play
from uno_access.ui.terminal import Keyboard, Screen

os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

TOP = "Top card: Blue 2."
NOTHING = messages.NO_SUCH_KEY
NOTHING_TYPED = messages.NO_SUCH_KEY_TYPED
INTERRUPTED = messages.GAME_INTERRUPTED
OPEN, CLOSED = messages.COMMAND_LINE_OPEN, messages.COMMAND_LINE_CLOSED
CTRL = {name: chr(ord(name) - ord("a") + 1) for name in "abcdefghijklmnopqrstuvwxyz"}
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def game_of(
    keys: Sequence[str],
    *,
    typed: bool = False,
    later: Sequence[str] = (),
    when: str | None = None,
) -> tuple[int, list[str]]:
    """Send ``keys``, then each of ``later`` after a pause in the input, and close it; the
    exit status and every line said.

    A pause is only a pause once the game has read what came before it: each of ``later``
    waits until the input pipe is drained, then until a line beginning with ``when`` is
    said (the game's answer to the pause), or without it for longer than the input's own
    pause. Nothing here depends on how fast the machine is.
    """
    game = position(START, "b2")
    said: list[str] = []
    heard = threading.Condition()

    def say(line: str) -> None:
        with heard:
            said.append(line)
            heard.notify_all()

    with create_pipe_input() as pipe:
        assert isinstance(pipe, PosixPipeInput)
        read_fd = pipe.pipe.read_fd

        def drained() -> None:
            while _unread(read_fd):
                time.sleep(0.01)

        def send_later() -> None:  # a pipe holds 64 kB: sent as the game reads it
            pipe.send_text("".join(keys))
            for chunk in later:
                drained()
                if when is None:
                    time.sleep(PAUSE)
                else:
                    with heard:
                        assert heard.wait_for(lambda: _began(said, when), timeout=120), when
                pipe.send_text(chunk)
            pipe.close()

        sender = threading.Thread(target=send_later)
        sender.start()
        status = play(
            game,
            {1: bot(1), 2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(say),
            keys=not typed,
        )
        sender.join()
    return status, said


def _began(said: list[str], start: str) -> bool:
    return any(line.startswith(start) for line in said)


PAUSE = 1.5  # seconds: three times prompt_toolkit's flush of the input (ttimeoutlen 0.5 s)


def _unread(fd: int) -> int:
    """How many bytes wait unread in the pipe ``fd``."""
    import fcntl
    import struct
    import termios

    return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0])


def after_turn(said: list[str]) -> list[str]:
    start = next(i for i, line in enumerate(said) if line.startswith("Your turn."))
    return said[start + 1 :]


# ----------------------------------------------------------------- control keys


@pytest.mark.parametrize("name", ["r", "s", "q", "z", "x", "u", "v", "w", "y", "t", "o"])
def test_a_control_key_is_said_to_do_nothing_and_the_next_key_still_works(name: str) -> None:
    """Ctrl-R and Ctrl-S (history search), Ctrl-Q and Ctrl-V (quoted insert), Ctrl-Z,
    Ctrl-X, Ctrl-U, Ctrl-W, Ctrl-Y, Ctrl-T, Ctrl-O: nothing of prompt_toolkit's own."""
    _, said = game_of([CTRL[name], "t"])
    assert after_turn(said)[:2] == [NOTHING, TOP]


@pytest.mark.parametrize("key", ["\x1d", "\x1e", "\x1f", "\x00", "\x1b\x1b"])
def test_ctrl_bracket_and_the_other_control_keys_eat_no_key(key: str) -> None:
    """Ctrl-] (character search), Ctrl-^, Ctrl-_ (undo), Ctrl-@ (mark), Escape."""
    _, said = game_of([key, "t"])
    rest = after_turn(said)
    assert NOTHING in rest and TOP in rest
    assert rest[rest.index(TOP) - 1] == NOTHING


def test_every_control_key_then_t_still_touches_the_top_card() -> None:
    keys = [CTRL[name] for name in "abefgklnopqrstuvwxyz"]
    _, said = game_of([*keys, "t"])
    rest = after_turn(said)
    assert rest[: len(keys)] == [NOTHING] * len(keys)
    assert rest[len(keys)] == TOP


@pytest.mark.parametrize("name", ["r", "s", "q", "z", "v"])
def test_ctrl_c_stops_the_game_after_a_control_key(name: str) -> None:
    status, said = game_of([CTRL[name], "\x03", "t"])
    assert status == 130
    assert said[-1] == INTERRUPTED
    assert TOP not in said


@pytest.mark.parametrize(
    "keys",
    [
        ["/"],  # the command line
        ["/b7"],  # something typed in it
        ["d", "\r"],  # nothing to ask yet: the key prompt after a draw
        ["q"],  # the quit question
    ],
    ids=["command line", "typed text", "after a draw", "quit question"],
)
def test_ctrl_c_works_in_every_prompt(keys: list[str]) -> None:
    status, said = game_of([*keys, "\x03"])
    assert status == 130 and said[-1] == INTERRUPTED


def test_ctrl_c_works_while_a_colour_is_asked() -> None:
    game = position(["wi b7 g2", "b3 y5", "b1 y7"], "b2")
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("/wi\r\x03")  # the Wild typed: its colour is asked
        status = play(
            game,
            {1: bot(1), 2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
            keys=True,
        )
    assert status == 130
    assert said[-2:] == [messages.which_color(messages.KEYED), INTERRUPTED]


def test_ctrl_d_ends_the_input_even_with_a_line_typed() -> None:
    status, said = game_of(["/b7", "\x04"])
    assert status == 0 and said[-1] == messages.INPUT_CLOSED


# ----------------------------------------------------------------- bracketed paste


def test_a_paste_start_without_its_end_swallows_no_key_after_a_pause() -> None:
    _, said = game_of([PASTE_START], later=["t"])
    assert TOP in after_turn(said)


def test_ctrl_c_ends_an_unpaired_paste_and_still_stops_the_game() -> None:
    status, said = game_of([PASTE_START, "abc", "\x03", "t"])
    assert status == 130 and said[-1] == INTERRUPTED


def test_a_paste_is_typed_into_the_command_line() -> None:
    _, said = game_of([PASTE_START, "b7", PASTE_END, "\r"])
    assert after_turn(said)[:2] == [OPEN, "You play Blue 7."]


def test_a_paste_in_the_command_line_is_typed_there() -> None:
    _, said = game_of(["/", PASTE_START, "card check", PASTE_END, "\r"])
    assert after_turn(said)[:2] == [OPEN, "Card check: you 4 cards, Ann 3 cards, Bob 3 cards."]


# ----------------------------------------------------------------- over-long lines


def _measured(keys: Sequence[str], typed: bool = False) -> tuple[int, list[str]]:
    """The peak memory of a game given ``keys``, and every line said."""
    tracemalloc.start()
    _, said = game_of(keys, typed=typed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, said


@pytest.mark.parametrize("how", ["keys", "typed", "pasted"])
def test_a_line_of_100000_characters_is_refused_at_once_in_bounded_memory(how: str) -> None:
    line = "b7" * 50_000
    keys = {
        "keys": ["/", line, "\r", "t"],
        "typed": [line, "\r", "t\r"],
        "pasted": [PASTE_START, line, PASTE_END, "\r", "t"],
    }[how]
    peak, said = _measured(keys, typed=how == "typed")
    rest = after_turn(said)
    assert rest.count(messages.line_too_long()) == 1
    assert rest[rest.index(messages.line_too_long()) + 1] == TOP
    assert "You play Blue 7." not in rest
    # bounded memory is what keeps it quick too (it took 36-65 s with about 5 GB): the
    # memory is measured, the time is not (it depends on the machine)
    assert peak < 20 * 2**20, peak


def test_a_line_too_long_without_enter_is_refused_at_the_pause_and_keys_work_at_once() -> None:
    # an unbracketed paste: the first letter opens the command line, the line passes the
    # limit, and no Enter comes; the next key (after a pause) must work, not be dropped
    _, said = game_of(["b7" * 300], later=["t"], when=messages.line_too_long(closed=True))
    rest = after_turn(said)
    assert rest[:3] == [OPEN, messages.line_too_long(closed=True), TOP]


def test_a_typed_line_too_long_without_enter_is_refused_at_the_pause() -> None:
    _, said = game_of(["b7" * 300], typed=True, later=["t\r"], when=messages.line_too_long())
    rest = after_turn(said)
    assert rest[:2] == [messages.line_too_long(), TOP]
    assert "You play Blue 7." not in rest


def test_a_paste_without_brackets_is_typed_into_the_command_line_not_taken_as_keys() -> None:
    # 100 D keys in one read of the input are a paste (no one types that fast): typed as
    # one line, never 100 draws; odd characters in it cost nothing and are dropped
    _, said = game_of(["d" * 60 + "\u0378\u200b" + "d" * 40, "\r", "t"])
    rest = after_turn(said)
    assert rest[0] == OPEN
    assert not any(line.startswith("You draw") for line in rest)
    assert TOP in rest


def test_keys_typed_one_by_one_are_still_keys() -> None:
    _, said = game_of(["c"], later=["t"], when="Card check:")
    rest = after_turn(said)
    assert rest[0].startswith("Card check:") and TOP in rest


def test_a_typed_line_reaches_the_game_without_control_characters() -> None:
    _, said = game_of(["/", PASTE_START, "b\x1b[2J7\t", PASTE_END, "\r"])
    assert after_turn(said)[:2] == [OPEN, "You play Blue 7."]


def test_the_keyboard_never_holds_more_than_the_line_limit() -> None:
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=False)
        pipe.send_text("a" * (text.LINE_LIMIT + 10))
        pipe.send_text("\r" + "a" * text.LINE_LIMIT + "\r")
        assert keyboard.read("uno> ") == TooLong()
        assert keyboard.read("uno> ") == "a" * text.LINE_LIMIT


# ----------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    "line",
    [
        "r5 x99999999999999999999",
        "g2 x100000000",
        "b7 x0",
        "b7 x11",
        "g2 g2 x9",
        "j x99999999999999999999",
    ],
)
def test_a_count_out_of_range_says_the_range(line: str) -> None:
    view = position(START, "b2").view(0)
    started = time.perf_counter()
    assert parse(line, view) == Invalid(
        Line.of(messages.count_out_of_range, 10)
    ) or line.startswith("j")
    assert time.perf_counter() - started < 60  # a bound on hanging, not a speed


def test_huge_counts_in_a_game_are_refused_in_words() -> None:
    _, said = game_of(["r5 x99999999999999999999\r", "b7 x100000000\r", "t\r"], typed=True)
    rest = after_turn(said)
    assert rest[:3] == [messages.count_out_of_range(10)] * 2 + [TOP]


@pytest.mark.parametrize("seat", ["99999999999999999999", "0", "4", "\u00b2"])
def test_a_seat_number_out_of_range_names_the_range(seat: str) -> None:
    view = position(START, "b2").view(0)
    assert parse(f"catch {seat}", view) == Invalid(
        Line.of(messages.no_such_player, seat, ["Ann", "Bob"], 3)
    )


@pytest.mark.parametrize("value", ["9999999999999", "79", "451", "\u00b2", "1" * 400])
def test_a_rate_out_of_range_names_the_range(value: str) -> None:
    _, said = game_of([f"rate {value}\r", "t\r"], typed=True)
    refused = "rate takes a whole number from 80 to 450, as in rate 250; nothing was changed."
    assert after_turn(said)[:2] == [refused, TOP]


# ----------------------------------------------------------------- either case


@pytest.mark.parametrize(
    "entry",
    [e for e in REGISTRY if any(k.isalpha() and len(k) == 1 for k in e.keys)],
    ids=lambda e: e.key.name,
)
def test_every_letter_key_works_in_either_case(entry: object) -> None:
    assert hasattr(entry, "keys") and hasattr(entry, "key")
    letter = next(k for k in entry.keys if len(k) == 1 and k.isalpha())
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        pipe.send_text(letter.lower() + letter.upper())
        assert keyboard.read("uno> ") == Pressed(entry.key)
        assert keyboard.read("uno> ") == Pressed(entry.key)


def test_the_colour_and_yes_keys_work_in_either_case() -> None:
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        for key, names in COLOR_KEYS.items():
            letter = names[0]
            pipe.send_text(letter + letter.upper())
            assert keyboard.read_color("colour> ") == Pressed(key)
            assert keyboard.read_color("colour> ") == Pressed(key)
        pipe.send_text("Yy")
        assert keyboard.read_yes("quit? ") and keyboard.read_yes("quit? ")


def test_caps_lock_never_turns_a_key_into_typing() -> None:
    _, said = game_of(["T", "C", "L"])
    assert after_turn(said)[:2] == [TOP, "Card check: you 4 cards, Ann 3 cards, Bob 3 cards."]
    assert OPEN not in said


def test_a_printable_key_of_no_meaning_opens_the_command_line_in_either_case() -> None:
    with create_pipe_input() as pipe:
        keyboard = Keyboard(input=pipe, output=DummyOutput(), keys=True)
        pipe.send_text("bB/")
        assert keyboard.read("uno> ") == Typing("b")
        assert keyboard.read("uno> ") == Typing("B")
        assert keyboard.read("uno> ") == Pressed(Key.COMMAND_LINE)


def test_the_command_line_is_announced_and_its_closing_too() -> None:
    _, said = game_of(["/", "b7", "\x1b", "t"])
    assert after_turn(said)[:3] == [OPEN, CLOSED, TOP]


def test_a_braille_keyboard_types_a_code_after_an_announced_command_line() -> None:
    _, said = game_of(["B#G\r"])
    assert after_turn(said)[:2] == [OPEN, "You play Blue 7."]


def test_a_control_key_in_the_command_line_keeps_what_was_typed() -> None:
    _, said = game_of(["/b", CTRL["r"], "7\r"])
    assert after_turn(said)[:3] == [OPEN, NOTHING_TYPED, "You play Blue 7."]


def test_typed_mode_has_plain_editing_and_no_trap() -> None:
    keys = ["b8", "\x7f", CTRL["r"], "\x1b[D", "\x1b[C", "7\r", "t\r"]
    _, said = game_of(keys, typed=True)
    assert after_turn(said)[:3] == [NOTHING_TYPED, "You play Blue 7.", "Ann plays Blue 3."]


def test_escape_clears_a_typed_line_and_says_so() -> None:
    _, said = game_of(["b7\x1b", "t\r"], typed=True)
    assert after_turn(said)[:2] == [messages.LINE_CLEARED, TOP]


# ----------------------------------------------------------------- one registry


def _views() -> list[Game]:
    return [position(START, "b2"), position(["b7 g2", "b3", "b1"], "b2")]


@pytest.mark.parametrize(
    "entry",
    [e for e in REGISTRY if e.typed and any(len(k) == 1 for k in e.keys)],
    ids=lambda e: e.key.name,
)
def test_a_single_character_typed_means_what_its_key_means(entry: object) -> None:
    assert hasattr(entry, "keys") and hasattr(entry, "key")
    for game in _views():
        view = game.view(0)
        for char in (k for k in entry.keys if len(k) == 1):
            for case in {char.lower(), char.upper()}:
                if entry.key is Key.PLAY:
                    continue
                assert parse(case, view) == for_key(entry.key, view), case


def test_a_typed_letter_and_its_key_never_mean_opposite_things() -> None:
    view = position(START, "b2").view(0)
    assert parse("c", view) == Do(CardCheck(0)) == for_key(Key.CARD_CHECK, view)
    assert parse("h", view) == Do(Challenge(0)) == for_key(Key.CHALLENGE, view)
    assert parse("o", view) == Local(Key.SORT) == for_key(Key.SORT, view)
    assert parse("p", view) == Ask(Query.PILE) == for_key(Key.PILE, view)
    assert parse("t", view) == Do(TouchTopCard(0))
    assert parse("d", view) == Do(Draw(0))
    # the long words are kept
    assert parse("hand", view) == Ask(Query.HAND) == for_key(Key.HAND, view)
    assert parse("check", view) == parse("card check", view) == Do(CardCheck(0))
    assert parse("top", view) == parse("touch the top card", view) == Do(TouchTopCard(0))


def test_every_typed_word_names_one_command() -> None:
    seen: dict[str, Key] = {}
    for entry in REGISTRY:
        for word in entry.words:
            assert seen.setdefault(word, entry.key) is entry.key, word


def test_the_registry_acts_are_the_scenario_acts() -> None:
    acts = {entry.act for entry in REGISTRY if entry.act is not None}
    assert acts <= set(codec.ACTS.values())


def test_f1_and_help_are_made_from_the_registry() -> None:
    keyed = key_help_lines()
    typed = typed_help_lines()
    for entry in REGISTRY:
        if entry.keys:
            assert any(line.startswith(_key_shown(entry.keys[0])) for line in keyed), entry
        if entry.words and entry.key is not Key.NEWER:
            assert any(line.startswith(" or ".join(entry.words[:3]) + ":") for line in typed), entry
    assert not any("type " in line.lower() for line in keyed if line.startswith("D"))


def _key_shown(name: str) -> str:
    shown = {"pageup": "Page Up", "pagedown": "Page Down", "/": "slash"}
    return shown.get(name) or (name.upper() if len(name) == 1 else name.capitalize())


def test_key_mode_never_says_type_d_to_draw() -> None:
    game = position(["g5 r3", "b3 y5", "b1 y7"], "b2")
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("l")
        pipe.close()
        play(
            game,
            {1: bot(1), 2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
            keys=True,
        )
    assert not any("type d" in line.lower() for line in said)
    assert "None of your cards matches: you must draw." in " ".join(said)
    for field in (
        "draw",
        "keep",
        "uno",
        "catch",
        "challenge",
        "accept",
        "jump",
        "next_round",
        "go_on",
        "quit",
        "yes",
        "help",
        "play_drawn",
    ):
        assert not getattr(messages.KEYED, field).startswith("type"), field


# ----------------------------------------------------------------- a real terminal


def test_in_a_real_terminal_ctrl_r_leaves_t_working_and_ctrl_c_stops(tmp_path: Path) -> None:
    game = Terminal(
        tmp_path, "--scenario", str(SCENARIOS / "call_uno_and_go_out.json"), *DEVICES_OFF
    )
    game.sees("You hold 2 cards.")
    for key in (CTRL["r"], CTRL["s"], CTRL["q"], CTRL["z"], "\x1d"):
        game.press(key)
        game.sees(NOTHING)
        game.press("T")
        assert game.sees("Top card:").startswith("Top card: ")
    game.press(PASTE_START)  # a paste that never ends
    time.sleep(1)
    game.press("t")
    assert game.sees("Top card:").startswith("Top card: ")
    game.press(CTRL["r"])
    game.press("\x03")
    game.sees(INTERRUPTED)
    game.child.expect(pexpect.EOF)
    game.child.close()
    assert game.child.exitstatus == 130


def test_a_key_at_the_hot_seat_question_asks_again_in_words() -> None:
    game = position(START, "b2")
    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(" \rt ")  # you take the keyboard and play Blue 7; T; Space: Ann has it
        pipe.close()
        play(
            game,
            {2: bot(2)},
            input=pipe,
            output=DummyOutput(),
            screen=Screen(said.append),
            keys=True,
        )
    ask = messages.take_the_keyboard("Ann", messages.KEYED)
    rest = said[said.index(ask) + 1 :]
    assert rest[:2] == [ask, "Ann has the keyboard."]


def test_every_binding_is_one_key_so_no_key_waits_for_another() -> None:
    """The keyboards start no timer for a key sequence (``timeoutlen`` None): safe only
    while no binding, of any language's keys, on or off, is two keys long."""
    from uno_access.seat.keys import color_keys
    from uno_access.ui.keys import _shared_bindings
    from uno_access.ui.terminal import Keyboard

    with create_pipe_input() as pipe:
        assert Keyboard(input=pipe, output=DummyOutput())._app.timeoutlen is None
    for keys in (True, False):
        for code in ("en", "es", "pt"):
            bindings = _shared_bindings(keys, tuple(color_keys(code).items())).bindings
            assert len(bindings) > 20
            assert [b.keys for b in bindings if len(b.keys) != 1] == []
