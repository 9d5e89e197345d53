"""The hard bot: determinized Monte Carlo search over its own ``PlayerView``.

Where its turn offers more than one sensible move (which card, which colour for a Wild,
whether to play a drawn card or keep it, whether to pass a stack on or to challenge), it
makes up worlds consistent with what it has seen (``determinize``) and with what it
remembers of the hand (``memory``: who drew rather than play or played a Wild, the colour
each named with a Wild, whose Wild Draw Four was likely fair, a hand shown in a
challenge), tries each move in every world
and plays the hand out to its end with sensible playouts (``rollout``, where each player
challenges a Wild Draw Four as often as it has been seen to), valuing the change in
score. Every move meets the same worlds and the same playout dice, so the comparison is
paired; the normal bot's choice stands unless another move beats it by more than one and
a half standard errors (playouts are noisy, and a rule of thumb is better than a coin
toss).

Its work is capped by a number of playouts, shared among the moves still in the running:
a move clearly behind the normal bot's choice is dropped and its playouts go to the close
ones (none are spent once no other move can catch up), so a seeded game replays exactly;
the per-move time budget is a safety cap on top.
Everything else (UNO, catching, colours at the start, jump-ins) it decides as the
normal bot does, but for bluffing a Wild Draw Four: never at a player seen to challenge
more often than not.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from ..engine.actions import Accept, Action, Challenge, Draw, JumpIn, Keep, Play, PlayDrawn
from ..engine.cards import Card, Kind
from ..engine.events import Event
from ..engine.state import Phase, PlayerView
from .determinize import deal_unseen, unseen_cards, world
from .memory import Memory
from .normal import BLUFF, BLUFF_NEAR, NormalBot
from .rollout import play_out, unfinished_value, value
from .tactics import color_before, color_counts, holds_color, seat_after

DEFAULT_BUDGET_MS: Final = 200.0
DEFAULT_PLAYOUTS: Final = 512  # per decision at most, shared among its moves
MIN_WORLDS: Final = 8
CHECK_EVERY: Final = 8  # worlds between checks which moves are still in the running
PLAYOUT_LIMIT: Final = 400  # actions: a hand still going after this is valued by hand sizes
SAFETY: Final = 0.85  # stop starting new worlds past this share of the budget
MARGIN: Final = 1.5  # standard errors by which a move must beat the normal bot's choice
BLUFF_LIMIT: Final = 0.5  # no bluff at a player more likely than this to challenge it

PlayLike = Play | PlayDrawn | JumpIn


class HardBot:
    """Searches its turn's real choices; the rest as the normal bot."""

    needs_view = True

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float = DEFAULT_BUDGET_MS,
        playouts: int = DEFAULT_PLAYOUTS,
        margin: float = MARGIN,
        smart: bool = True,
        remember: bool = True,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = rng
        self.clock = clock  # what the budget is counted in: wall time, or CPU time in a bench
        self.normal = NormalBot(rng)
        self.budget = budget_ms / 1000.0
        self.playouts = playouts
        self.margin = margin
        self.smart = smart  # playouts by likely rather than random cards
        self.remember = remember  # made-up hands agree with what others' draws showed
        self.memory: Memory | None = None
        self.color_only = False  # the rules' colour-only matching, as the last view told
        self.times: list[float] = []  # seconds taken by each move on its own turn
        self.searches = 0  # moves decided by search

    def choose(self, view: PlayerView | None, legal: Sequence[Action]) -> Action | None:
        assert view is not None, "the hard bot needs its view"
        self.color_only = view.rules.color_only
        if self.memory is not None:
            self.memory.color_only = self.color_only
        started = self.clock()
        self.bluffs(view)
        choice = self.normal.choose(view, legal)
        if view.my_turn and choice is not None:
            if isinstance(choice, Play | PlayDrawn | Draw | Keep | Accept | Challenge):
                moves = self.moves(view, legal, choice)
                if len(moves) > 1:
                    choice = self.search(view, moves, started)
            self.times.append(self.clock() - started)
        return choice

    def observe(self, seat: int, events: Iterable[Event], sizes: Sequence[int]) -> None:
        """What happened, as ``seat`` may know it (``engine.events.for_seat``), and the
        number of cards in each hand after it.
        """
        if not self.remember:
            return
        memory = self.memory
        if memory is None or memory.seat != seat:
            memory = self.memory = Memory(seat, self.color_only)
        memory.observe(events)
        memory.agrees(sizes)

    def bluffs(self, view: PlayerView) -> None:
        """Bluff a Wild Draw Four as the normal bot does, unless the player it would hit
        has been seen to challenge more often than not: a bluff caught costs four cards.
        (The playouts never challenge, so the search cannot weigh this itself.)
        """
        normal = self.normal
        memory = self.memory
        wary = (
            view.my_turn
            and memory is not None
            and memory.seat == view.seat
            and memory.challenge_chance(seat_after(view, view.seat)) > BLUFF_LIMIT
        )
        normal.bluff = 0.0 if wary else BLUFF
        normal.bluff_near = 0.0 if wary else BLUFF_NEAR

    # ----------------------------------------------------------------- the moves

    def moves(self, view: PlayerView, legal: Sequence[Action], default: Action) -> list[Action]:
        """The sensible moves worth comparing, the normal bot's choice first: each card that
        may be played (every copy dropped, UNO called; a Wild in each colour held), drawing
        when only Wilds match, keeping a drawn card, accepting a stack, challenging a Wild
        Draw Four when the card under it shows the colour it was played on.

        A Wild Draw Four played while holding the colour in play (a bluff) is searched only
        when the normal bot chose to bluff: the playouts never challenge.
        """
        normal = self.normal
        moves: list[Action] = [default]
        best: dict[tuple[Card, object], Action] = {}
        bluff = holds_color(view.hand, view.color)
        only_wilds = True
        other: list[Action] = []
        for action in legal:
            if isinstance(action, Play | PlayDrawn):
                card = normal.card_of(view, action)
                if card.kind is Kind.WILD_DRAW_FOUR and bluff and action != default:
                    continue
                if not self.well_formed(view, action, card):
                    continue
                if not card.is_wild:
                    only_wilds = False
                key = (card, action.color)
                count = 1 if isinstance(action, PlayDrawn) else action.count
                held = best.get(key)
                if held is None or (isinstance(held, Play) and held.count < count):
                    best[key] = action
            elif isinstance(action, Keep | Accept) or (
                isinstance(action, Draw) and view.phase is Phase.PLAY
            ):
                other.append(action)
            elif isinstance(action, Challenge) and color_before(view) is not None:
                other.append(action)  # the made-up hands say whether it was fair
        for action in best.values():
            if action != default:
                moves.append(action)
        for action in other:
            if action != default and (not isinstance(action, Draw) or only_wilds):
                moves.append(action)
        return moves

    def well_formed(self, view: PlayerView, action: PlayLike, card: Card) -> bool:
        """The forms of a card worth searching: the normal bot's, and for a plain Wild or
        Wild Draw Four also each other colour the hand holds.
        """
        if self.normal.well_formed(view, action):
            return True
        if not card.is_wild or card.kind is Kind.ANNIVERSARY or action.color is None:
            return False
        count = 1 if isinstance(action, PlayDrawn) else action.count
        if len(view.hand) - count == 1 and not action.uno:
            return False
        return color_counts(view.hand, card)[action.color] > 0

    # ----------------------------------------------------------------- the search

    def search(self, view: PlayerView, moves: list[Action], started: float) -> Action:
        """The move that does best over the same made-up worlds and playout dice.

        The normal bot's choice (the first move) stands unless another beats it by more
        than ``MARGIN`` standard errors of the paired differences: playouts are noisy, and
        a rule of thumb is better than a coin toss.
        """
        self.searches += 1
        rng = self.rng
        unseen = unseen_cards(view)
        count = len(moves)
        sums = [0.0] * count  # of each move's value less the first move's, world by world
        squares = [0.0] * count
        trials = [0] * count  # worlds each move has met (the first meets them all)
        live = [True] * count  # moves still in the running (the first always is)
        seat = view.seat
        deadline = started + self.budget * SAFETY
        spent = 0  # playouts, of at most ``self.playouts`` (but ``MIN_WORLDS`` worlds)
        done = 0
        values = [0.0] * count
        # told every event and each hand's size after it, so it adds up to the view's sizes
        memory = self.memory if self.memory is not None and self.memory.seat == seat else None
        challenges = None
        if memory is not None and not view.rules.no_bluffing:  # its own playouts accept
            challenges = [
                0.0 if other == seat else memory.challenge_chance(other)
                for other in range(len(view.names))
            ]
        while spent < self.playouts or done < MIN_WORLDS:
            if memory is not None:
                hands, pile = memory.deal_hands(seat, view.hand, view.hand_sizes, unseen, rng)
            else:
                hands, pile = deal_unseen(view, unseen, rng)
            dice = rng.random()
            for index in range(count):
                if not live[index]:
                    continue
                game = world(view, hands, pile, random.Random(dice))
                state = game.state
                before = list(state.scores)
                game.apply(moves[index])
                if play_out(game, PLAYOUT_LIMIT, self.smart, challenges):
                    values[index] = value(state, seat, before)
                else:
                    values[index] = unfinished_value(state, seat)
                spent += 1
            for index in range(1, count):
                if live[index]:
                    difference = values[index] - values[0]
                    sums[index] += difference
                    squares[index] += difference * difference
                    trials[index] += 1
            done += 1
            now = self.clock()
            if now + (now - started) / done > deadline:
                break  # the time budget, a safety cap: the count decides as a rule
            if (
                done >= 2 * MIN_WORLDS
                and done % CHECK_EVERY == 0
                and self.prune(sums, squares, trials, live)
            ):
                break
        best = 0
        best_mean = 0.0
        for index in range(1, count):
            if not live[index]:
                continue
            mean, error = _mean_error(sums[index], squares[index], trials[index])
            if mean > best_mean and mean > self.margin * error:
                best, best_mean = index, mean
        return moves[best]

    @staticmethod
    def prune(sums: list[float], squares: list[float], trials: list[int], live: list[bool]) -> bool:
        """Drop each move behind the first by more than two standard errors (the playouts
        left go to the close ones); whether none is left to compare with the first.
        """
        left = False
        for index in range(1, len(sums)):
            if not live[index]:
                continue
            mean, error = _mean_error(sums[index], squares[index], trials[index])
            if mean + 2.0 * error < 0.0:
                live[index] = False
            else:
                left = True
        return not left


def _mean_error(total: float, squares: float, count: int) -> tuple[float, float]:
    """The mean of ``count`` values from their sum and sum of squares, and its standard error."""
    mean = total / count
    spread = squares / count - mean * mean
    return mean, math.sqrt(max(spread, 0.0) / max(count - 1, 1))
