"""Bots play whole games, as fast as the engine goes: ``uno-access simulate``."""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from .bots import Bot, make_bot
from .bots.base import GameDidNotEnd, tell, watchers
from .engine.actions import Action
from .engine.events import Event
from .engine.game import Game
from .engine.match import Match
from .engine.rules import PartnerSchedule, RuleSet
from .engine.state import GameState, Phase

MAX_ACTIONS: Final = 1_000_000  # a game still going after this many actions counts as an error


class Observer(Protocol):
    """Told each bot's choices before it makes one, and what each action did (``tally``)."""

    def decision(self, game: Game, seat: int, legal: Sequence[Action]) -> None: ...

    def result(self, rules: RuleSet, events: Iterable[Event]) -> None: ...


@dataclass(frozen=True, slots=True)
class SimulationResult:
    games: int
    players: int
    seconds: float
    actions: int
    rounds: int
    wins: tuple[int, ...]
    errors: int
    first_error: str | None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0


def play_game(
    game: Game,
    bots: Sequence[Bot],
    rounds: int | None = None,
    observer: Observer | None = None,
) -> int:
    """Play ``game`` to its end with ``bots`` (one per seat), or to the end of round
    ``rounds``; return the number of actions. ``observer``, if any, is told each choice
    and each action's events.

    After every action, the players not to move may act out of turn, in turn order from
    the player to move: call UNO or catch someone who did not, or jump in (Speed UNO).
    The player to move does so, or not, as part of their move.
    """
    s = game.state
    actions = 0
    watching = watchers(enumerate(bots))
    if watching:
        tell(watching, game.opening, _sizes(s))
    while s.phase is not Phase.GAME_OVER:
        order = game.out_of_turn_order()
        if order:
            for seat in order:
                if seat == s.current or s.phase in _OVER:
                    continue
                choice = _choose(game, bots[seat], seat, observer)
                if choice is not None:
                    events = game.apply(choice)
                    if watching:
                        tell(watching, events, _sizes(s))
                    if observer is not None:
                        observer.result(s.rules, events)
                    actions += 1
            if game.over:
                break
        if rounds is not None and s.phase is Phase.ROUND_OVER and s.round_number >= rounds:
            break
        seat = s.current
        if s.phase is Phase.ROUND_OVER:  # the dealer deals next, if still playing
            seat = s.dealer if not s.eliminated[s.dealer] else s.eliminated.index(False)
        bot = bots[seat]
        legal = game.legal_actions(seat)
        if observer is not None and legal:
            observer.decision(game, seat, legal)
        choice = bot.choose(game.view(seat) if bot.needs_view else None, legal) if legal else None
        if choice is None:
            raise GameDidNotEnd(f"seat {seat} had no move in phase {s.phase.value}")
        events = game.apply(choice)
        if watching:
            tell(watching, events, _sizes(s))
        if observer is not None:
            observer.result(s.rules, events)
        actions += 1
        if actions > MAX_ACTIONS:
            raise GameDidNotEnd(f"no winner after {MAX_ACTIONS} actions")
    return actions


_OVER: Final = (Phase.ROUND_OVER, Phase.GAME_OVER)


def _sizes(s: GameState) -> list[int]:
    """How many cards each seat holds: public."""
    return [len(hand) for hand in s.hands]


def _play_match(
    players: int,
    rules: RuleSet,
    rng: random.Random,
    bots: Sequence[Bot],
    observer: Observer | None = None,
) -> tuple[int, int, int]:
    """A partner schedule, table by table: the winner, the actions and the hands played."""
    match = Match(tuple(f"Player {i + 1}" for i in range(players)), rules, rng)
    actions = hands = 0
    while True:
        for table, game in match.tables():
            seated = [bots[p] for p in table.players]
            actions += play_game(game, seated, match.hands, observer)
            hands += game.state.round_number
            match.record(table, game)
        if not match.next_block():
            return match.winner(), actions, hands


def _choose(game: Game, bot: Bot, seat: int, observer: Observer | None) -> Action | None:
    legal = game.legal_actions(seat)
    if not legal:
        return None
    if observer is not None:
        observer.decision(game, seat, legal)
    view = game.view(seat) if bot.needs_view else None
    return bot.choose(view, legal)


def simulate(
    players: int,
    games: int,
    rules: RuleSet | None = None,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    observer: Observer | None = None,
) -> SimulationResult:
    """Play ``games`` whole games between bots; count actions, rounds, wins and errors
    (``observer``, if any, is told every choice and action: ``tally.Tally``).

    Game ``i`` is seeded from ``seed`` and ``i`` alone, so any game can be replayed.
    """
    rules = rules or RuleSet()
    names = [bots[i % len(bots)] for i in range(players)]
    wins = [0] * players
    actions = rounds = errors = 0
    first_error: str | None = None
    started = time.perf_counter()
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        seated = [make_bot(name, random.Random(rng.random())) for name in names]
        try:
            if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
                winner, played, hands = _play_match(players, rules, rng, seated, observer)
            else:
                game = Game.new(players, rules, rng=rng)
                played = play_game(game, seated, None, observer)
                hands = game.state.round_number
                assert game.state.winner is not None
                winner = game.state.winner
        except Exception as error:  # a bug: count it, keep going, report the first
            errors += 1
            if first_error is None:
                first_error = f"game {index}: {type(error).__name__}: {error}"
            continue
        actions += played
        rounds += hands
        wins[winner] += 1
    seconds = time.perf_counter() - started
    return SimulationResult(
        games, players, seconds, actions, rounds, tuple(wins), errors, first_error
    )
