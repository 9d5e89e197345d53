"""Small helpers for the engine rule tests: cards from codes, positions, exact state.

The module has a name of its own (not ``conftest``/``helpers``) so that it can be
imported as a top-level module without clashing with other test folders.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from uno_access.engine.actions import Action
from uno_access.engine.cards import Card, Color
from uno_access.engine.events import Direction, Event, Rejected
from uno_access.engine.game import Game
from uno_access.engine.rules import RuleSet
from uno_access.engine.state import GameState, Phase

CLOCKWISE = Direction.CLOCKWISE
COUNTERCLOCKWISE = Direction.COUNTERCLOCKWISE


def card(code: str) -> Card:
    """The card for a print corner code: ``card("b7")``, ``card("wi+4")``."""
    return Card.from_code(code)


def cards(*codes: str) -> list[Card]:
    """Cards from codes, in order: ``cards("b7", "r+2")``."""
    return [Card.from_code(code) for code in codes]


def codes(hand: Iterable[Card]) -> list[str]:
    """Cards as their codes, in order."""
    return [c.code for c in hand]


def position(
    hands: Sequence[Sequence[str]],
    start: str,
    draw_pile: Sequence[str] = (),
    *,
    players: int | Sequence[str] | None = None,
    rules: RuleSet | None = None,
    dealer: int | None = None,
    seed: int = 0,
    scores: Sequence[int] | None = None,
) -> Game:
    """``Game.from_position`` with every card given by its code (``draw_pile`` top first)."""
    return Game.from_position(
        len(hands) if players is None else players,
        [cards(*hand) for hand in hands],
        card(start),
        cards(*draw_pile),
        rules=rules,
        dealer=dealer,
        seed=seed,
        scores=scores,
    )


def hands(game: Game) -> list[list[str]]:
    """Every hand as a list of codes, seat by seat."""
    return [codes(hand) for hand in game.state.hands]


def draw_pile(game: Game) -> list[str]:
    """The DRAW pile as codes, its top card first (the order scenario files use)."""
    return codes(reversed(game.state.draw_pile))


def discard_pile(game: Game) -> list[str]:
    """The DISCARD pile as codes, from the bottom up: its top card is the last."""
    return codes(game.state.discard)


_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


def summary(game: Game) -> dict[str, Any]:
    """The state that the rules decide, to compare whole against an expected dict.

    ``current`` is ``None`` once the round is over (nobody is to act), as in the
    scenario ``state`` line and in every seat's view.
    """
    s = game.state
    return {
        "hands": hands(game),
        "draw_pile": draw_pile(game),
        "discard": discard_pile(game),
        "current": None if s.phase in _OVER else s.current,
        "color": s.color,
        "direction": Direction(s.direction),
        "phase": s.phase,
        "scores": list(s.scores),
        "exposed": s.exposed,
        "round_winner": s.round_winner,
        "winner": s.winner,
    }


def expected(
    hands: list[list[str]],
    draw_pile: list[str],
    discard: list[str],
    current: int | None,
    color: Color | None,
    phase: Phase = Phase.PLAY,
    direction: Direction = CLOCKWISE,
    scores: list[int] | None = None,
    exposed: int | None = None,
    round_winner: int | None = None,
    winner: int | None = None,
) -> dict[str, Any]:
    """An expected ``summary``: every key given (scores default to zeros)."""
    return {
        "hands": hands,
        "draw_pile": draw_pile,
        "discard": discard,
        "current": current,
        "color": color,
        "direction": direction,
        "phase": phase,
        "scores": [0] * len(hands) if scores is None else scores,
        "exposed": exposed,
        "round_winner": round_winner,
        "winner": winner,
    }


def snapshot(game: Game) -> dict[str, Any]:
    """Everything in the game, deeply copied: every state field and the random generator."""
    out: dict[str, Any] = {}
    for f in fields(GameState):
        value = getattr(game.state, f.name)
        if f.name == "hands":
            value = [codes(hand) for hand in value]
        elif f.name in ("draw_pile", "discard"):
            value = codes(value)
        elif isinstance(value, Card):
            value = value.code
        elif isinstance(value, list):
            value = list(value)
        out[f.name] = value
    out["rng"] = game.rng.getstate()
    return out


def refuse(game: Game, action: Action) -> Rejected:
    """Apply an action that must be refused: exactly one ``Rejected`` for that seat and
    action comes back, and nothing at all changed. Returns the refusal to inspect."""
    before = snapshot(game)
    result: list[Event] = game.apply(action)
    assert snapshot(game) == before, "a refused action changed the game"
    assert len(result) == 1, result
    refusal = result[0]
    assert isinstance(refusal, Rejected), result
    assert refusal.seat == action.seat
    assert refusal.action == action
    return refusal


def unchanged(game: Game, action: Action) -> list[Event]:
    """Apply a query: it must change nothing at all. Returns its events."""
    before = snapshot(game)
    result = game.apply(action)
    assert snapshot(game) == before, "a query changed the game"
    return result
