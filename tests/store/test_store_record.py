"""The record: every action saved is the game; exported, it replays to the same state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from uno_access.engine import codec
from uno_access.engine.actions import Action, Catch, JumpIn, Play
from uno_access.engine.cards import Card
from uno_access.engine.rules import PRESETS, RuleSet
from uno_access.engine.state import Phase
from uno_access.scenario import ScenarioError, from_mapping, replay, state_json
from uno_access.store import GameSetup, Recorder, Store

PLAYABLE = [name for name in PRESETS if name not in ("partners_rotation", "partners_two_tables")]


def open_store(path: Path) -> Store:
    opened = Store.open(path, durable=False)
    assert opened.store is not None and opened.notices == []
    return opened.store


def record_random_game(store: Store, rules: RuleSet, seed: int, players: int) -> int:
    """Random legal actions (and some refused ones) to the end of the game, each recorded
    before it is applied, as the table does; the game's number.
    """
    names = tuple(f"P{seat}" for seat in range(players))
    setup = GameSetup(names, rules, seed, (None,) + ("random",) * (players - 1))
    recorder = Recorder.start(store, setup, pytest.fail)
    game = setup.new_game()
    rng = random.Random(seed)
    while not game.over:
        seat = game.state.current
        action: Action = (
            Play(seat, Card.from_code("r5"))  # often refused: saved too
            if rng.random() < 0.05
            else rng.choice(game.legal_actions(seat))
        )
        recorder.record(action)
        for event in game.apply(action):
            recorder.said(repr(event))
    recorder.finish()
    assert recorder.game is not None
    return recorder.game


@pytest.mark.parametrize("preset", PLAYABLE)
def test_an_exported_game_replays_to_the_same_final_state(tmp_path: Path, preset: str) -> None:
    rules = RuleSet.from_spec(f"{preset},target_score=150")
    players = 4 if rules.partners else 3
    store = open_store(tmp_path / "games.db")
    number = record_random_game(store, rules, seed=len(preset), players=players)
    saved = store.load(number)
    assert saved is not None and saved.finished
    scenario = from_mapping(json.loads(json.dumps(saved.scenario())))
    assert list(replay(scenario))[-1] == state_json(saved.game())
    assert saved.game().state.phase is Phase.GAME_OVER


def test_the_rules_of_every_preset_are_saved_and_read_back_the_same() -> None:
    for preset in PRESETS.values():
        assert RuleSet.from_mapping(codec.rules_to_json(preset)) == preset
    blanks = RuleSet.from_spec("standard,blank_cards=y7/b+2,uno_penalty=4")
    assert RuleSet.from_mapping(codec.rules_to_json(blanks)) == blanks


def test_a_scenario_dealt_by_its_seed_has_no_hands_of_its_own() -> None:
    with pytest.raises(ScenarioError, match="hands"):
        from_mapping({"players": 2, "deal": "seed", "seed": 1, "hands": [["b1"], ["b2"]]})
    with pytest.raises(ScenarioError, match="deal"):
        from_mapping({"players": 2, "deal": "shuffle", "seed": 1})


def test_a_game_is_saved_line_by_line_with_the_person_s_last_message(tmp_path: Path) -> None:
    store = open_store(tmp_path / "games.db")
    setup = GameSetup(("You", "Ann"), RuleSet(), 7, (None, "random"))
    recorder = Recorder.start(store, setup, pytest.fail)
    for line in ("one", "two", None, "three", None):
        if line is None:
            recorder.input_taken()
        else:
            recorder.said(line)
    assert recorder.game is not None
    saved = store.load(recorder.game)
    assert saved is not None
    assert saved.history == ["one", "two", "three"]
    assert saved.last_told == ["three"]
    assert not saved.finished and store.latest(unfinished=True) == recorder.game


def test_an_action_naming_seat_0_keeps_its_seat_when_saved() -> None:
    for action in (
        Catch(2, 0),
        Play(1, Card.from_code("an"), target=0),
        JumpIn(1, Card.from_code("r5"), on=0),
    ):
        assert codec.action_from_json(codec.action_to_json(action)) == action


def test_a_move_waits_for_the_disk_and_a_line_or_a_new_game_alone_does_not(
    tmp_path: Path,
) -> None:
    """Durable: each move's commit is synced (SQLite's ``synchronous`` FULL); a commit of
    lines alone (a card check's answer), or of a new game's setup, is not (NORMAL), and
    the next move syncs it too.
    """
    opened = Store.open(tmp_path / "games.db")  # as the game opens it: durable
    store = opened.store
    assert store is not None and store.durable
    committed: list[int] = []  # the synchronous setting at each commit

    def traced(statement: str) -> None:
        if statement == "COMMIT":
            committed.append(store.connection.execute("PRAGMA synchronous").fetchone()[0])

    setup = GameSetup(("You", "Ann"), RuleSet(), 7, (None, "random"))
    store.connection.set_trace_callback(traced)
    recorder = Recorder.start(store, setup, pytest.fail)
    game = setup.new_game()
    recorder.said("Card check: you 7 cards, Ann 7 cards.")
    action = game.legal_actions(game.state.current)[0]
    recorder.record(action)
    recorder.said("Top card: Blue 7.")
    store.connection.set_trace_callback(None)
    full, normal = 2, 1
    assert committed == [normal, normal, full, normal]  # the new game, line, move, line
    saved = store.load(recorder.game or 0)
    assert saved is not None and len(saved.history) == 2 and len(saved.actions) == 1
