"""A round played at a table as people play it, by what each is told, whatever their way
in: a seat (``Player``) is asked whether it is asked to move and to make one move; a
terminal's seat (``TerminalPlayer``: plain ssh, or the full client, both a ``Terminal``)
by keys, reading the lines as they come. ``play`` runs moves until the round's end;
``about_alone`` and ``this_round`` pick out the lines two viewers must share (those about
a third player, neither of them), for tests that compare ways in line for line
(tests/web/test_web_mixed_table.py, the cluster's tables).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from net_ssh import Terminal

T = TypeVar("T")
WAIT = 60.0  # seconds for any one thing awaited
MOST_MOVES = 120  # a bound: the round ends long before
YOU = re.compile(r"\b[Yy]ou(?:r|rs)?\b")
HOME, RIGHT, ENTER = "\x1b[H", "\x1b[C", "\r"
SELECTED = r", \d+ of \d+, (?:can be played|cannot be played now)\.$"


def wait_for(what: str, check: Callable[[], T | None], timeout: float = WAIT) -> T:
    """``check()``'s first true answer, asked again until ``timeout``; else a failure that
    says what was awaited."""
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.05)


class Player(Protocol):
    """A seat played as a person would, by what they were told."""

    name: str

    def ready(self) -> bool:
        """Asked to move now."""
        ...

    def move(self) -> str:
        """One move, its answer awaited; what was done."""
        ...

    def round_over(self) -> bool: ...


@dataclass
class TerminalPlayer:
    """A person at the terminal, by keys, reading the lines as they come: on their turn,
    Home then Right to the first card that can be played (U first on the next-to-last
    card), Enter, R at the colour's question; else D, and Enter on the card drawn when it
    can be played; A when a Wild Draw Four is played on them."""

    name: str
    ssh: Terminal
    mark: int = 0  # the lines read up to here

    def ready(self) -> bool:
        return any(line.startswith("Your turn") for line in self.ssh.lines()[self.mark :])

    def round_over(self) -> bool:
        return any(line.startswith("The round is over") for line in self.ssh.lines())

    def move(self) -> str:
        lines = self.ssh.lines()
        turn = next(line for line in reversed(lines) if line.startswith("Your turn"))
        self.mark = len(lines)
        if "Wild Draw Four on you" in turn:
            self._key("a", r"^You accept ")
            return "accept"
        said = self._key(HOME, SELECTED)
        while "cannot" in said and not re.search(r"(\d+) of \1,", said):
            said = self._key(RIGHT, SELECTED)
        count = int(re.findall(r"of (\d+),", said)[0])
        if "cannot" not in said:
            return self._play(count, "card")
        self._key("d", r"^You draw ")
        if "so you keep it" in self._next(r"press Enter to play it|so you keep it"):
            return "draw"
        return self._play(count + 1, "draw")

    def _play(self, count: int, done: str) -> str:
        if count == 2:
            self._key("u", r"^You call UNO")
            done = f"uno, {done}"
        if self._key(ENTER, r"^You play |^Which colour").startswith("Which"):
            self._key("r", r"^You play ")
        return done

    def _key(self, key: str, answer: str) -> str:
        """A key pressed; the first line after it that matches ``answer``."""
        self.mark = len(self.ssh.lines())
        self.ssh.press(key)
        return self._next(answer)

    def _next(self, answer: str) -> str:
        def found() -> tuple[int, str] | None:
            lines = self.ssh.lines()
            return next(
                (
                    (at, lines[at])
                    for at in range(self.mark, len(lines))
                    if re.search(answer, lines[at])
                ),
                None,
            )

        at, line = wait_for(f"{self.name}'s terminal to show {answer!r}", found)
        self.mark = at + 1
        return line


def play(players: list[Player], stop: Callable[[list[str]], bool]) -> list[str]:
    """Moves, each by whoever is asked to move, until ``stop(moves)`` or the round's end:
    the moves ("ann: card")."""
    moves: list[str] = []

    def asked() -> tuple[Player | None] | None:
        """(the player to move,), or (None,) at the end; None while nobody is asked."""
        if stop(moves) or any(player.round_over() for player in players):
            return (None,)
        mover = next((player for player in players if player.ready()), None)
        return None if mover is None else (mover,)

    for _ in range(MOST_MOVES):
        (mover,) = wait_for("a player asked to move, or the end", asked)
        if mover is None:
            return moves
        moves.append(f"{mover.name}: {mover.move()}")
    raise AssertionError(f"no end after {len(moves)} moves: {moves}")


def _names(line: str, name: str) -> bool:
    return re.search(rf"\b{name}\b", line) is not None


def about_alone(lines: list[str], player: str, viewers: tuple[str, str]) -> list[str]:
    """The lines about ``player`` alone: naming them, and neither viewer (by name, or as
    "you")."""
    return [
        line
        for line in lines
        if _names(line, player)
        and not YOU.search(line)
        and not any(_names(line, viewer) for viewer in viewers)
    ]


def this_round(lines: list[str]) -> list[str]:
    """The lines from the game's first ("UNO against …") to the round's end."""
    start = next(at for at, line in enumerate(lines) if line.startswith("UNO against"))
    end = next(at for at, line in enumerate(lines) if line.startswith("The round is over"))
    return lines[start : end + 1]
