"""Scenario files: an exact position and actions, replayed to JSON lines (INTERFACE.md)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from . import text as outside
from .access import messages
from .access.parse import ParseError, parse_card, parse_color
from .access.problem import problem
from .engine import actions as act
from .engine import codec
from .engine.cards import Card, Color, Kind
from .engine.codec import CODE_LIMIT, CodecError
from .engine.events import Event, Rejected
from .engine.game import Game
from .engine.rules import PartnerSchedule, RulesError, RuleSet
from .engine.setup import build_deck
from .engine.state import Phase
from .files import read_regular


class ScenarioError(ValueError):
    """A file that is not a valid scenario; ``message`` is one line saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Scenario:
    players: tuple[str, ...]
    rules: RuleSet
    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    start: Card | None  # None when dealt by the seed
    draw_pile: tuple[Card, ...]
    seed: int
    actions: tuple[act.Action, ...]
    dealt_by_seed: bool = False  # "deal": "seed": dealt as ``Game.new`` deals from the seed

    def game(self) -> Game:
        """The game at the scenario's position, before its actions."""
        if self.dealt_by_seed:
            return Game.new(self.players, self.rules, seed=self.seed)
        assert self.start is not None
        return Game.from_position(
            self.players,
            self.hands,
            self.start,
            self.draw_pile,
            rules=self.rules,
            dealer=self.dealer,
            seed=self.seed,
        )


SIZE_LIMIT = 32 * 1024 * 1024
"""The largest scenario file read: an exported game of a thousand rounds is under 5 MB."""


def load(path: str | Path) -> Scenario:
    """Read and check a scenario file (a regular file of at most ``SIZE_LIMIT`` bytes:
    a pipe or a device is refused at once rather than waited on).
    """
    where = outside.shown(str(path))
    try:
        raw = read_regular(path, SIZE_LIMIT)
    except OSError as error:
        raise ScenarioError(messages.scenario_unreadable(messages.explained(error, path))) from None
    if raw is None:
        raise ScenarioError(messages.scenario_not_regular(where))
    if len(raw) > SIZE_LIMIT:
        raise ScenarioError(messages.scenario_too_big(where, SIZE_LIMIT))
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark some editors write is no problem
    except UnicodeDecodeError:
        raise ScenarioError(messages.scenario_not_text(where)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(messages.scenario_not_json(error.lineno, error.msg)) from None
    except RecursionError:
        raise ScenarioError(messages.tr(messages.SCENARIO_TOO_DEEP)) from None
    except ValueError as error:  # a number too long for Python to convert
        raise ScenarioError(messages.scenario_not_json(1, messages.cut(str(error), 80))) from None
    return from_mapping(data)


def from_mapping(data: object) -> Scenario:
    """A scenario from its decoded JSON."""
    if not isinstance(data, Mapping):
        raise ScenarioError(messages.tr(messages.SCENARIO_NOT_OBJECT))
    players = _players(data.get("players"))
    try:
        rules = codec.rules_from_json(data.get("rules", {}))
    except CodecError as error:
        raise ScenarioError(problem(error.within("rules"))) from None
    if rules.partners and rules.partner_schedule is not PartnerSchedule.FIXED:
        raise ScenarioError(messages.tr(messages.SCENARIO_ONE_TABLE))
    wanted = rules.seats_allowed(len(players))
    if wanted is not None:
        raise ScenarioError(messages.scenario_players_for_rules(wanted))
    try:  # every later round is dealt: the hands must fit in the deck
        rules.check_deal(len(players))
    except RulesError as error:
        raise ScenarioError(messages.rules_error(error)) from None
    if "deal" in data:
        return _dealt_by_seed(data, players, rules)
    dealer = data.get("dealer")
    if dealer is not None and not (_is_int(dealer) and 0 <= dealer < len(players)):
        wanted = f"a seat from 0 to {len(players) - 1}"
        raise ScenarioError(messages.scenario_field("dealer", wanted))
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != len(players):
        raise ScenarioError(messages.scenario_field("hands", f"{len(players)} lists of cards"))
    parsed_hands = tuple(_cards(hand, f"hands[{i}]") for i, hand in enumerate(hands))
    start = data.get("start")
    if not isinstance(start, str):
        raise ScenarioError(messages.scenario_field("start", "a card code"))
    start_card = _card(start, "start")
    draw_pile = _cards(data.get("draw_pile", []), "draw_pile")
    four = Kind.WILD_DRAW_FOUR
    if start_card.kind is four and all(card.kind is four for card in draw_pile):
        raise ScenarioError(messages.tr(messages.SCENARIO_FOUR_START))
    _check_position(rules, len(players), parsed_hands, start_card, draw_pile)
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise ScenarioError(messages.scenario_field("seed", "a whole number"))
    actions = _actions(data.get("actions", []), len(players))
    return Scenario(players, rules, dealer, parsed_hands, start_card, draw_pile, seed, actions)


def _check_position(
    rules: RuleSet,
    players: int,
    hands: tuple[tuple[Card, ...], ...],
    start: Card,
    draw_pile: tuple[Card, ...],
) -> None:
    """Refuse a position the rules' deck cannot hold: more cards than the deck, more copies
    of a card than it has, a card it does not have at all, or no card in any hand.
    """
    deck = Counter(build_deck(rules, rules.table_size(players)))
    placed = [
        *((f"hands[{i}][{j}]", c) for i, hand in enumerate(hands) for j, c in enumerate(hand)),
        ("start", start),
        *((f"draw_pile[{k}]", c) for k, c in enumerate(draw_pile)),
    ]
    size = sum(deck.values())
    if len(placed) > size:
        raise ScenarioError(messages.scenario_more_cards_than_deck(len(placed), size))
    seen: Counter[Card] = Counter()
    for where, card in placed:
        seen[card] += 1
        allowed = deck[card]
        if allowed == 0 and (card.kind is Kind.ANNIVERSARY or card.blank_of is not None):
            raise ScenarioError(messages.scenario_card_not_in_deck(where, card))
        if seen[card] > allowed:
            raise ScenarioError(
                messages.scenario_more_copies_than_deck(where, card, seen[card], allowed)
            )
    if not any(hands):
        raise ScenarioError(messages.tr(messages.SCENARIO_NO_CARDS))


def _dealt_by_seed(data: Mapping[str, Any], players: tuple[str, ...], rules: RuleSet) -> Scenario:
    """``"deal": "seed"``: the game ``Game.new`` deals from ``seed`` (an exported game),
    so no hands, start card, draw pile or dealer of its own.
    """
    if data.get("deal") != "seed":
        raise ScenarioError(messages.scenario_field("deal", '"seed"'))
    for key in ("hands", "start", "draw_pile", "dealer"):
        if key in data:
            raise ScenarioError(messages.scenario_dealt_by_seed(key))
    seed = data.get("seed")
    if not _is_int(seed):
        raise ScenarioError(messages.scenario_field("seed", "a whole number"))
    actions = _actions(data.get("actions", []), len(players))
    return Scenario(players, rules, None, (), None, (), seed, actions, True)


def replay(scenario: Scenario) -> Iterator[dict[str, Any]]:
    """Every event as a JSON object, the opening first, then the final state."""
    game = scenario.game()
    for event in game.opening:
        yield event_json(event)
    for action in scenario.actions:
        for event in game.apply(action):
            yield event_json(event)
    yield state_json(game)


# --------------------------------------------------------------------- JSON out


def event_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object (``codec.event_to_json``): ``{"event": "card_played",
    "seat": 0, "card": "b7", …}``; a refusal with its ``reason`` in words beside its
    ``code``.
    """
    if isinstance(event, Rejected):
        out = codec.action_to_json(event.action)
        return {
            "event": "rejected",
            "seat": event.seat,
            "act": out["act"],
            "reason": messages.refusal(event.reason, event.card),
            "code": event.reason.value,
            "action": out,
        }
    return codec.event_to_json(event)


def state_json(game: Game) -> dict[str, Any]:
    """The final ``state`` line."""
    s = game.state
    over = s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    return {
        "event": "state",
        "current": None if over else s.current,
        "phase": s.phase.value,
        "direction": "clockwise" if s.direction == 1 else "counterclockwise",
        "top": s.discard[-1].code,
        "color": s.color.word if s.color is not None else None,
        "hands": [[c.code for c in hand] for hand in s.hands],
        "draw_pile": len(s.draw_pile),
        "discard_pile": len(s.discard),
        "scores": list(s.scores),
        "round": s.round_number,
        "dealer": s.dealer,
        "round_over": over,
        "winner": s.round_winner,
        "game_over": s.phase is Phase.GAME_OVER,
        "game_winner": s.winner,
        "uno_exposed": s.exposed,
        **_variant_state(s),
    }


def _variant_state(s: Any) -> dict[str, Any]:
    """What the options add to the state line, only where they are on."""
    out: dict[str, Any] = {}
    if s.stack or s.rules.deferred_draws:
        out["stack"] = s.stack
    if s.teams:
        out["teams"] = [list(team) for team in s.teams]
    if s.rules.challenge_uno:
        out["eliminated"] = [seat for seat, out_ in enumerate(s.eliminated) if out_]
    if s.handed_one:
        out["handed_one"] = list(s.handed_one)
    if s.uno_early:
        out["uno_called"] = list(s.uno_early)
    if s.rules.jump_ins:
        out["plays"] = s.plays
    return out


# --------------------------------------------------------------------- actions


def _actions(raw_actions: object, players: int) -> tuple[act.Action, ...]:
    if not isinstance(raw_actions, list):
        raise ScenarioError(messages.scenario_field("actions", "a list"))
    out = []
    wanted = f"a seat from 0 to {players - 1}"
    for i, raw in enumerate(raw_actions):
        try:
            action = codec.action_from_json(raw, _typed_card, _typed_color)
        except CodecError as error:
            if error.where == "seat" and _is_int(raw.get("seat")):  # a seat beyond any table
                raise ScenarioError(messages.scenario_field(f"actions[{i}].seat", wanted)) from None
            raise ScenarioError(problem(error.within(f"actions[{i}]"))) from None
        if not 0 <= action.seat < players:  # a seat at the table: no seat 7 of three players
            raise ScenarioError(messages.scenario_field(f"actions[{i}].seat", wanted))
        out.append(action)
    return tuple(out)


def _typed_card(raw: object) -> Card:
    """A card of an action as people type it (``b7``, ``Blue 7``, ``B#G``), for the codec."""
    if not isinstance(raw, str):
        raise CodecError("a card code")
    if len(raw) > CODE_LIMIT:
        raise CodecError("a card code", limit=CODE_LIMIT)
    try:
        return parse_card(raw)
    except ParseError as error:
        raise CodecError("a card code", why=error.message) from None


def _typed_color(raw: object) -> Color:
    """A colour of an action as people type it (``red``, ``R``), for the codec."""
    if not isinstance(raw, str):
        raise CodecError("a colour")
    if len(raw) > CODE_LIMIT:
        raise CodecError("a colour", limit=CODE_LIMIT)
    try:
        return parse_color(raw)
    except ParseError as error:
        raise CodecError("a colour", why=error.message) from None


def _players(value: object) -> tuple[str, ...]:
    if _is_int(value) and 2 <= value <= 10:
        return tuple(f"Player {i + 1}" for i in range(value))
    if isinstance(value, list) and 2 <= len(value) <= 10 and all(isinstance(v, str) for v in value):
        names = tuple(outside.name(v) for v in value)  # printable, no escape sequences
        if all(names):
            return names
    raise ScenarioError(messages.scenario_field("players", "a list of 2 to 10 names"))


def _card(text: str, where: str) -> Card:
    try:
        return _typed_card(text)
    except CodecError as error:
        raise ScenarioError(problem(error.within(where))) from None


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(messages.scenario_field(where, "a list of card codes"))
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(value))


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
