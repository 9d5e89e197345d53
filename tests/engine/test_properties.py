"""Property tests over many seeded random games (DESIGN.md principles 2 and 4, RULES.md).

A random driver lets every seat act, in turn or not, mostly legally (so that games
move on) and often illegally (random cards, colours, UNO flags, catches of seats
that do not exist, answers to challenges nobody made …). After every action the
invariants of the rules and of the engine's contract are checked:

* all 108 cards are always accounted for;
* a refused action changes nothing and says why; every listed legal action is accepted;
* no seat's view, and no event as a seat receives it, reveals another seat's hand;
* the queries anyone may make at any time (card check, touch the top card) change nothing;
* every game ends with exactly one winner, under standard and "lowest" scoring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from uno_access.bots import make_bot
from uno_access.engine import events as ev
from uno_access.engine.actions import (
    QUERIES,
    Accept,
    Action,
    CallUno,
    CardCheck,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Keep,
    NextRound,
    Play,
    PlayDrawn,
    TouchTopCard,
)
from uno_access.engine.cards import COLORS, Card, all_faces, standard_deck
from uno_access.engine.events import Event, Refusal, for_seat
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet, Scoring
from uno_access.engine.state import GameState, Phase
from uno_access.simulate import play_game

PLAYER_COUNTS = [2, 3, 4, 10]
DECK = Counter(card.code for card in standard_deck())
FACES = all_faces()
SMALL_TARGET = 100
FINISH_CAP = 200_000  # legal actions allowed to finish a game before it counts as never ending

PROPERTY = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
random_steps = st.integers(min_value=0, max_value=600)
targets = st.sampled_from([SMALL_TARGET, 500])  # 500 lets more rounds end and start


# --------------------------------------------------------------------- state snapshots


def _freeze(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def snapshot(game: Game) -> dict[str, object]:
    """Every field of the game state (lists frozen to tuples) and the random generator's state."""
    state = game.state
    out = {f.name: _freeze(getattr(state, f.name)) for f in fields(state)}
    out["rng"] = game.rng.getstate()
    return out


def _copy_lists(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_lists(v) for k, v in value.items()}
    return value


def clone(game: Game) -> Game:
    """An independent copy of ``game``: every list of the state copied (cards are immutable)."""
    s = game.state
    state = replace(s, **{f.name: _copy_lists(getattr(s, f.name)) for f in fields(s)})
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    copy = Game(state, rng)
    assert snapshot(copy) == snapshot(game)
    return copy


def is_refusal(result: list[Event]) -> bool:
    return len(result) == 1 and isinstance(result[0], ev.Rejected)


# --------------------------------------------------------------------- the random driver


def arbitrary_action(game: Game, rng: random.Random) -> Action:
    """Any action, legal or (mostly) not, by any seat, now and then by a seat that is not there."""
    n = len(game.state.hands)
    roll = rng.random()
    seat = rng.choice([-1, n]) if roll < 0.03 else rng.randrange(n)
    color = rng.choice([None, *COLORS])
    uno = rng.random() < 0.5
    kind = rng.randrange(12)
    if kind == 0:
        return Play(seat, rng.choice(FACES), color, uno)
    if kind == 1:
        return Draw(seat)
    if kind == 2:
        return PlayDrawn(seat, color, uno)
    if kind == 3:
        return Keep(seat)
    if kind == 4:
        return CallUno(seat)
    if kind == 5:
        return Catch(seat, rng.randrange(-2, n + 2))
    if kind == 6:
        return Challenge(seat)
    if kind == 7:
        return Accept(seat)
    if kind == 8:
        return ChooseColor(seat, rng.choice(COLORS))
    if kind == 9:
        return NextRound(seat)
    if kind == 10:
        return CardCheck(seat)
    return TouchTopCard(seat)


def seat_to_move(game: Game) -> int:
    s = game.state
    return s.dealer if s.phase is Phase.ROUND_OVER else s.current


def random_action(game: Game, rng: random.Random) -> Action:
    """Mostly (70%) a legal action of the seat to move, else a legal action of any seat
    (catching, calling UNO) or an arbitrary one."""
    roll = rng.random()
    if roll < 0.7:
        legal = game.legal_actions(seat_to_move(game))
    elif roll < 0.8:
        legal = game.legal_actions(rng.randrange(len(game.state.hands)))
    else:
        legal = []
    return rng.choice(legal) if legal else arbitrary_action(game, rng)


@dataclass(frozen=True)
class Checks:
    cards: bool = False
    refusals: bool = False
    legal: bool = False
    views: bool = False
    events: bool = False
    queries: bool = False


def check_cards(game: Game) -> None:
    assert game.cards_in_play() == 108
    s = game.state
    held = Counter(c.code for hand in s.hands for c in hand)
    held += Counter(c.code for c in s.draw_pile)
    held += Counter(c.code for c in s.discard)
    assert held == DECK


def check_every_legal_action_is_accepted(game: Game) -> None:
    for seat in range(len(game.state.hands)):
        for action in game.legal_actions(seat):
            result = clone(game).apply(action)
            assert not any(isinstance(e, ev.Rejected) for e in result), (action, result)


def _card_sequences(value: object, path: str) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every sequence of cards inside ``value`` (dataclasses and sequences walked)."""
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, Card) for v in value):
            yield path, tuple(value)
        for i, v in enumerate(value):
            yield from _card_sequences(v, f"{path}[{i}]")
    elif is_dataclass(value) and not isinstance(value, type | Card):
        for f in fields(value):
            yield from _card_sequences(getattr(value, f.name), f"{path}.{f.name}")


def check_views(game: Game) -> None:
    s = game.state
    n = len(s.hands)
    for seat in range(n):
        view = game.view(seat)
        assert view.seat == seat
        assert view.hand == tuple(s.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in s.hands)
        if view.drawn is not None:  # only the card this seat itself just drew
            assert s.phase is Phase.DRAWN and s.current == seat
            assert view.drawn is s.drawn and view.drawn in s.hands[seat]
        others = {o: tuple(s.hands[o]) for o in range(n) if o != seat and s.hands[o]}
        for f in fields(view):
            if f.name in ("hand", "drawn"):
                continue
            for path, cards in _card_sequences(getattr(view, f.name), f.name):
                for other, hand in others.items():
                    assert cards != hand, f"view of seat {seat}: {path} shows seat {other}'s hand"


def check_events_for_seats(events: list[Event], n: int) -> None:
    for event in events:
        for seat in range(n):
            seen = for_seat(event, seat)
            if isinstance(event, ev.Rejected | ev.CardCount | ev.TopCard):
                assert seen == (event if event.seat == seat else None)
            elif isinstance(event, ev.HandDealt | ev.CardsDrawn | ev.HandShown):
                # dealt and drawn cards go to their owner, a shown hand to the challenger alone
                owner = event.to_seat if isinstance(event, ev.HandShown) else event.seat
                assert isinstance(seen, type(event)), (seat, event, seen)
                if seat == owner:
                    assert seen == event
                else:
                    assert seen.cards == (), f"seat {seat} sees {event}"
                    assert replace(seen, cards=event.cards) == event  # count etc. stay public
            else:
                assert seen == event
                for path, cards in _card_sequences(event, type(event).__name__):
                    pytest.fail(f"public event carries a sequence of cards: {path} = {cards}")


def check_queries(game: Game, rng: random.Random) -> None:
    s = game.state
    seat = rng.randrange(len(s.hands))
    before = snapshot(game)
    counted = game.apply(CardCheck(seat))
    assert counted == [ev.CardCount(seat, tuple(len(h) for h in s.hands))]
    touched = game.apply(TouchTopCard(seat))
    assert touched == [ev.TopCard(seat, s.discard[-1], s.color)]
    assert snapshot(game) == before
    assert game.top_card() == (s.discard[-1], s.color)
    game.card_check()
    game.view(seat)
    game.legal_actions(seat)
    game.playable(rng.choice(FACES))
    assert snapshot(game) == before


def checked_step(game: Game, rng: random.Random, checks: Checks) -> list[Event]:
    """One random action, with the invariants of ``checks`` verified around it."""
    if checks.queries:
        check_queries(game, rng)
    if checks.legal and rng.random() < 0.25:
        check_every_legal_action_is_accepted(game)
    action = random_action(game, rng)
    n = len(game.state.hands)
    legal = game.legal_actions(action.seat) if 0 <= action.seat < n else []
    before = snapshot(game) if checks.refusals or checks.queries else None
    result = game.apply(action)
    assert result, f"{action} produced no events"
    if checks.cards:
        check_cards(game)
    if checks.refusals:
        rejected = [e for e in result if isinstance(e, ev.Rejected)]
        if rejected:
            assert len(result) == 1, f"a refusal came with other events: {result}"
            refusal = rejected[0]
            assert isinstance(refusal.reason, Refusal)
            assert refusal.seat == action.seat
            assert snapshot(game) == before, f"refused {action} changed the game"
    if checks.legal and action in legal:
        assert not is_refusal(result), f"legal {action} was refused: {result}"
    if checks.queries and isinstance(action, QUERIES):
        if 0 <= action.seat < n:
            assert not is_refusal(result)
        assert snapshot(game) == before, f"query {action} changed the game"
    if checks.views:
        check_views(game)
    if checks.events:
        check_events_for_seats(result, n)
    return result


def random_game(
    seed: int, players: int, rules: RuleSet, steps: int, checks: Checks,
) -> tuple[Game, list[Event], random.Random]:
    rng = random.Random(seed)
    game = Game.new(players, rules, rng=random.Random(rng.random()))
    log = list(game.opening)
    if checks.cards:
        check_cards(game)
    if checks.views:
        check_views(game)
    if checks.events:
        check_events_for_seats(log, players)
    for _ in range(steps):
        log += checked_step(game, rng, checks)
    return game, log, rng


def finish(game: Game, rng: random.Random, log: list[Event]) -> None:
    """Play on with random bots (legal actions only) until the game is over."""
    n = len(game.state.hands)
    bots = [make_bot("random", random.Random(rng.random())) for _ in range(n)]
    s = game.state
    for _ in range(FINISH_CAP):
        if s.phase is Phase.GAME_OVER:
            return
        if s.exposed is not None and rng.random() < 0.5:  # someone else may catch or call
            seat = rng.randrange(n)
        else:
            seat = seat_to_move(game)
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(None, legal) if legal else None
        if choice is None:
            continue
        result = game.apply(choice)
        assert not is_refusal(result), (choice, result)
        log += result
        check_cards(game)
    pytest.fail(f"no winner after {FINISH_CAP} legal actions")


def check_game_ended(game: Game, log: list[Event]) -> None:
    """Exactly one winner, who is at or past the target (standard) or lowest (lowest)."""
    s = game.state
    rules = s.rules
    n = len(s.hands)
    target = rules.target_score
    assert game.over and s.phase is Phase.GAME_OVER
    assert s.winner is not None and 0 <= s.winner < n
    ended = [i for i, e in enumerate(log) if isinstance(e, ev.GameEnded)]
    assert len(ended) == 1, [log[i] for i in ended]
    assert log[ended[0]] == ev.GameEnded(s.winner, tuple(s.scores))
    after = log[ended[0] + 1:]  # random seats may have gone on trying: only refusals and answers
    for event in after:
        assert isinstance(event, ev.CardCount | ev.TopCard) or (
            isinstance(event, ev.Rejected) and event.reason in (Refusal.GAME_OVER,
                                                                 Refusal.NO_SUCH_SEAT)
        ), event
    log = log[: ended[0] + 1]
    rounds = [e for e in log if isinstance(e, ev.RoundEnded)]
    assert rounds, "a game ended without a round ending"
    assert rounds[-1].scores == tuple(s.scores)
    totals = [0] * n
    for number, round_end in enumerate(rounds, start=1):
        assert round_end.hand_points[round_end.winner] == 0  # who went out holds nothing
        if rules.scoring is Scoring.STANDARD:
            expected = tuple(
                sum(round_end.hand_points) if seat == round_end.winner else 0
                for seat in range(n)
            )
        else:
            expected = round_end.hand_points
        assert round_end.gained == expected
        totals = [t + g for t, g in zip(totals, round_end.gained, strict=True)]
        assert tuple(totals) == round_end.scores
        if number < len(rounds):  # the game went on: nobody had reached the target
            assert max(round_end.scores) < target, round_end
    if rules.scoring is Scoring.STANDARD:
        assert s.winner == rounds[-1].winner == s.round_winner
        assert s.scores[s.winner] >= target
        assert all(score < target for seat, score in enumerate(s.scores) if seat != s.winner)
    else:
        assert max(s.scores) >= target
        assert s.scores[s.winner] == min(s.scores)
    # a finished game takes no more game actions; queries still answer
    for seat in range(n):
        assert game.legal_actions(seat) == []
        before = snapshot(game)
        for action in (Draw(seat), NextRound(seat), CallUno(seat), Play(seat, FACES[0])):
            result = game.apply(action)
            assert is_refusal(result)
            assert isinstance(result[0], ev.Rejected)
            assert result[0].reason is Refusal.GAME_OVER
        assert isinstance(game.apply(CardCheck(seat))[0], ev.CardCount)
        assert snapshot(game) == before


SMALL = RuleSet(target_score=SMALL_TARGET)
SMALL_LOWEST = RuleSet(target_score=SMALL_TARGET, scoring=Scoring.LOWEST)


# --------------------------------------------------------------------- the properties


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_all_108_cards_are_accounted_for_after_every_action(
    players: int, seed: int, steps: int, target: int
) -> None:
    rules = RuleSet(target_score=target)
    game, log, rng = random_game(seed, players, rules, steps, Checks(cards=True))
    finish(game, rng, log)  # checks the cards after every action too
    check_cards(game)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_a_refused_action_changes_nothing_and_gives_a_reason(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(refusals=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
@example(seed=560, steps=74, target=SMALL_TARGET)  # 4 players: Play of an unplayable drawn card
def test_a_refusal_names_the_action_that_was_refused(
    players: int, seed: int, steps: int, target: int
) -> None:
    """The scenario output prints the refused ``act``: it must be the one that was sent."""
    rng = random.Random(seed)
    game = Game.new(players, RuleSet(target_score=target), rng=random.Random(rng.random()))
    for _ in range(steps):
        action = random_action(game, rng)
        for event in game.apply(action):
            if isinstance(event, ev.Rejected):
                assert event.seat == action.seat
                assert event.action == action, f"{action} refused as {event.action}"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_every_listed_legal_action_is_accepted(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(legal=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_no_player_view_reveals_another_seats_hand(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(views=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_events_carry_drawn_dealt_and_shown_cards_only_to_their_owner(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(events=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps, target=targets)
def test_card_check_and_touching_the_top_card_change_nothing(
    players: int, seed: int, steps: int, target: int
) -> None:
    random_game(seed, players, RuleSet(target_score=target), steps, Checks(queries=True))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_every_game_ends_with_one_winner_at_the_target_score(
    players: int, seed: int, steps: int
) -> None:
    game, log, rng = random_game(seed, players, SMALL, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_lowest_scoring_ends_when_someone_reaches_the_target_and_the_lowest_total_wins(
    players: int, seed: int, steps: int
) -> None:
    game, log, rng = random_game(seed, players, SMALL_LOWEST, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize(
    ("players", "scoring"),
    [(2, Scoring.STANDARD), (4, Scoring.STANDARD), (3, Scoring.LOWEST), (10, Scoring.LOWEST)],
)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, steps=random_steps)
def test_a_game_to_the_default_500_points_ends_with_one_winner(
    players: int, scoring: Scoring, seed: int, steps: int
) -> None:
    rules = RuleSet(scoring=scoring)
    assert rules.target_score == 500
    game, log, rng = random_game(seed, players, rules, steps, Checks(cards=True))
    finish(game, rng, log)
    check_game_ended(game, log)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@PROPERTY
@given(seed=seeds, steps=random_steps)
def test_the_simulator_finishes_a_game_left_anywhere_by_random_play(
    players: int, seed: int, steps: int
) -> None:
    game, _, rng = random_game(seed, players, SMALL, steps, Checks(cards=True))
    bots = [make_bot("random", random.Random(rng.random())) for _ in range(players)]
    play_game(game, bots)
    assert game.over and game.state.winner is not None
    assert game.state.scores[game.state.winner] >= SMALL_TARGET
    check_cards(game)


def test_a_snapshot_sees_every_field_of_the_game_state() -> None:
    """The refusal and query properties compare snapshots: they must cover the whole state."""
    game = Game.new(3, SMALL, seed=1)
    names = {f.name for f in fields(GameState)}
    assert names <= set(snapshot(game))
    assert {"hands", "draw_pile", "discard", "current", "phase", "color", "direction",
            "scores", "exposed", "drawn", "round_number"} <= names
    copy = clone(game)
    copy.state.hands[0].pop()
    assert snapshot(copy) != snapshot(game)
