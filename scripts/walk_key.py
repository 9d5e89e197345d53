"""The walk of one keyed play: every call of the package's own code from the moment a key
is read to the moment the next key is asked for, counted.

    .venv/bin/python scripts/walk_key.py [--show]

A two-player game at this keyboard (real prompt_toolkit input through a pipe, keys on,
the braille line drawn on the screen through liblouis, sound cues named), the hand
``g2 r5 y9 b1`` on a Green 7: Right and Left come back to Green 2, then Enter plays
it. The walk is the Enter's: from its key read to the next prompt, with the bot's answer
(speech, braille, print, sound; the remote seat's entry when over the network) in it.
Printed: the calls made in ``uno_access`` modules, the modules they run in, how many
times the walk moves from one module to another, and how many of those moves go straight
back (A to B to A). ``--show`` lists the calls in order. Nothing is timed.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import random
import sys
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")

from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output import DummyOutput  # noqa: E402

from uno_access.bots.random_bot import RandomBot  # noqa: E402
from uno_access.devices.braille_display import ScreenBraille  # noqa: E402
from uno_access.engine.cards import Card  # noqa: E402
from uno_access.engine.game import Game  # noqa: E402
from uno_access.seat.outputs import Outputs  # noqa: E402
from uno_access.seat.table import Table  # noqa: E402
from uno_access.ui import terminal  # noqa: E402
from uno_access.ui.drive import drive  # noqa: E402

PACKAGE = str(ROOT / "uno_access")


class Walk:
    """The calls of the package's code made while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.calls: list[tuple[str, str]] = []  # (module, function)

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or not self.on:
            return
        path = frame.f_code.co_filename
        if not path.startswith(PACKAGE):
            return
        module = path[len(PACKAGE) + 1 :].removesuffix(".py").replace("/", ".")
        self.calls.append((module, frame.f_code.co_qualname))


class _Lines(io.StringIO):
    """The braille line's dots, written where the printed lines go."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self._lines = lines

    def write(self, text: str) -> int:
        self._lines.append(text)
        return len(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--show", action="store_true", help="list the calls in order")
    args = parser.parse_args()
    walk = Walk()
    reads = {"count": 0}
    keyed = 3  # Right, Left, Enter: the third key read is the one walked
    original = terminal.Keyboard.read

    def read(self: terminal.Keyboard, prompt: str) -> Any:
        walk.on = False  # the next key is asked for: the walk ends
        if reads["count"] == keyed:
            raise EOFError  # the walk is done: the game ends here
        got = original(self, prompt)
        reads["count"] += 1
        walk.on = reads["count"] == keyed
        return got

    terminal.Keyboard.read = read  # type: ignore[method-assign]
    hands = [[Card.from_code(c) for c in codes.split()] for codes in ("g2 r5 y9 b1", "g4 r1 b2")]
    game = Game.from_position(
        ["You", "Ann"],
        hands,
        Card.from_code("g7"),
        [Card.from_code(c) for c in ("r1", "g1", "y9", "g5", "g8", "y3")],
        seed=1,
    )
    printed: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("\x1b[C\x1b[D\r")  # Right, Left, Enter
        keyboard = terminal.Keyboard(pipe, DummyOutput(), keys=True)
        screen = terminal.Screen(printed.append)
        outputs = Outputs(screen.say, braille_out=ScreenBraille(_Lines(printed), 20))
        table = Table(game, {1: RandomBot(random.Random(1))}, keyboard, screen, outputs=outputs)
        sys.setprofile(walk.profile)
        try:
            drive(table.play(), keyboard, screen)
        finally:
            sys.setprofile(None)
    calls = walk.calls
    modules = [module for module, _ in calls]
    moves = sum(1 for a, b in itertools.pairwise(modules) if a != b)
    back = sum(
        1 for a, b, c in zip(modules, modules[1:], modules[2:], strict=False) if a != b and a == c
    )
    if args.show:
        for module, function in calls:
            print(f"  {module}: {function}")
    played = any("Green 2" in line for line in printed)
    print(f"one keyed play (Enter on Green 2; played: {'yes' if played else 'NO'}):")
    print(f"  calls in uno_access: {len(calls)}")
    print(f"  modules: {len(set(modules))}")
    print(f"  moves between modules: {moves}, straight back: {back}")
    return 0 if played else 1


if __name__ == "__main__":
    raise SystemExit(main())
