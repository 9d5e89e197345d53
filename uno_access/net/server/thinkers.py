"""Where the server's slow bots think: processes of their own, off the event loop and
out of its interpreter lock.

The hard bot may take a quarter of a second a move. In a thread it would hold the
server's one interpreter lock all that time, and every table's actions would wait their
turn at it; so each hard bot lives in a worker process (``PROCESSES`` of them, started
on first use: ``python -m uno_access.net.server.thinkers``), made there from the same strength
and seed as it would be here, so that it chooses exactly as it would have. The table
talks to it by JSON lines on the worker's standard input and output, in order: what it
hears (``observe``), and a question (``ask``: its view and legal actions) whose answer
comes back to a callback, from a thread of this side. Engine values cross in the data
channel's tagged JSON form (``protocol``). A worker whose process is gone answers
nothing (``None``: the table plays the bot's first legal move when it must); a worker
ends when the server does, even killed (its standard input closes). The workers run at
a lower priority (``NICE``): when the cores are short, the people's actions go first.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from ...bots import make_bot
from ...bots.base import parse_bot
from ...engine import codec
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.state import PlayerView

PROCESSES = 2
NICE = 10  # the workers' lower priority: the event loop's process goes before them
SLOW = ("hard",)  # the bots that think in a process of their own

Answer = Callable[[Action | None], None]


def slow(strength: str) -> bool:
    """Whether a bot of this strength thinks in a worker process."""
    return parse_bot(strength)[0] in SLOW


def _work(lines: IO[str], out: IO[str]) -> None:
    """A worker process: its bots, made, told and asked as the lines say, in order."""
    bots: dict[int, Any] = {}
    for line in lines:
        try:
            message = json.loads(line)
            kind, number = message[0], message[1]
        except (ValueError, IndexError, TypeError):
            continue
        if kind == "make":
            bots[number] = make_bot(message[2], random.Random(message[3]))
        elif kind == "observe":
            bot = bots.get(number)
            if bot is not None:
                bot.observe(message[2], list(codec.events_from_json(message[3])), tuple(message[4]))
        elif kind == "choose":
            choice: Action | None = None
            bot = bots.get(number)
            with contextlib.suppress(Exception):  # a bot that fails chooses nothing
                if bot is not None:
                    raw = message[3]
                    view = codec.view_from_json(raw) if raw is not None else None
                    choice = bot.choose(view, list(codec.actions_from_json(message[4])))
            answer = None if choice is None else codec.action_to_json(choice)
            try:
                out.write(json.dumps(["chose", message[2], answer]) + "\n")
                out.flush()
            except OSError:
                return
        elif kind == "drop":
            bots.pop(number, None)


class _Worker:
    """One worker process, a thread writing to it (the loop never waits on a full pipe)
    and one reading its answers.
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uno_access.net.server.thinkers"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.alive = True
        self._out: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._waiting: dict[int, Answer] = {}
        self._lock = threading.Lock()
        threading.Thread(target=self._send, name="bots out", daemon=True).start()
        threading.Thread(target=self._read, name="bots in", daemon=True).start()

    def send(self, message: tuple[Any, ...]) -> None:
        self._out.put(message)

    def ask(self, question: int, answer: Answer, message: tuple[Any, ...]) -> None:
        with self._lock:
            if not self.alive:
                answer(None)
                return
            self._waiting[question] = answer
        self._out.put(message)

    def _send(self) -> None:
        lines = self.process.stdin
        assert lines is not None
        while True:
            message = self._out.get()
            try:
                lines.write(json.dumps(message) + "\n")
                if self._out.empty():
                    lines.flush()
            except (OSError, ValueError):
                self._gone()
                return

    def _read(self) -> None:
        lines = self.process.stdout
        assert lines is not None
        for line in lines:
            try:
                _, question, choice = json.loads(line)
                action = None if choice is None else codec.action_from_json(choice)
            except ValueError:  # a bad answer is no answer
                continue
            with self._lock:
                answer = self._waiting.pop(question, None)
            if answer is not None:
                answer(action)
        self._gone()

    def _gone(self) -> None:
        with self._lock:
            self.alive = False
            waiting, self._waiting = self._waiting, {}
        for answer in waiting.values():
            answer(None)


class Thinkers:
    """The worker processes, made on first use, and the bots that live in them."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self.processes = processes
        self._workers: list[_Worker] = []
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()

    def _worker(self, number: int) -> _Worker:
        with self._lock:
            while len(self._workers) < self.processes:
                self._workers.append(_Worker())
            return self._workers[number % self.processes]

    def bot(self, strength: str, seed: float) -> RemoteBot:
        """A bot of ``strength`` made in a worker, as ``make_bot(strength,
        random.Random(seed))`` makes it here.
        """
        number = next(self._numbers)
        worker = self._worker(number)
        worker.send(("make", number, strength, seed))
        return RemoteBot(worker, number, self._numbers)


class RemoteBot:
    """A bot in a worker process, as a table sees it: it hears, and is asked."""

    needs_view = True
    remote = True

    def __init__(self, worker: _Worker, number: int, questions: Iterable[int]) -> None:
        self._worker = worker
        self.number = number
        self._questions = iter(questions)

    def observe(self, seat: int, events: Iterable[Event], sizes: Sequence[int]) -> None:
        self._worker.send(("observe", self.number, seat, codec.events_to_json(events), list(sizes)))

    def ask(self, view: PlayerView | None, legal: Sequence[Action], answer: Answer) -> None:
        """The bot's choice, to ``answer`` (from another thread)."""
        question = next(self._questions)
        encoded = None if view is None else codec.view_to_json(view)
        message = ("choose", self.number, question, encoded, codec.actions_to_json(legal))
        self._worker.ask(question, answer, message)

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        """Asked and waited for (not on the event loop: ``ask`` is the way there)."""
        done = threading.Event()
        got: list[Action | None] = [None]

        def answer(choice: Action | None) -> None:
            got[0] = choice
            done.set()

        self.ask(view, legal, answer)
        done.wait()
        return got[0]

    def drop(self) -> None:
        self._worker.send(("drop", self.number))


_thinkers: Thinkers | None = None
_made = threading.Lock()


def thinkers() -> Thinkers:
    """The server's worker processes for slow bots (one set, made on first use)."""
    global _thinkers
    with _made:
        if _thinkers is None:
            _thinkers = Thinkers()
        return _thinkers


if __name__ == "__main__":
    with contextlib.suppress(OSError, AttributeError):  # (no nice on Windows)
        os.nice(NICE)  # the loop's people first: a bot's move may wait a little
    _work(sys.stdin, sys.stdout)
