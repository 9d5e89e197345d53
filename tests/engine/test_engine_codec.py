"""The one codec of the engine's values (``engine.codec``): every card, action, rule set,
event and view is written in one JSON form and reads back as exactly itself; an action
out of bounds is refused when written, so that whatever is saved reads back; and data
that is no engine value (random JSON, a valid form with one field spoiled, text that is
not JSON) is refused with ``CodecError`` and nothing else.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import random
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_driver import random_action

from uno_access.engine import actions as act
from uno_access.engine import codec
from uno_access.engine import events as ev
from uno_access.engine.cards import COLORS, Card, Color, Kind, all_faces, extra_faces
from uno_access.engine.codec import MAX_NUMBER, MOST_COPIES, CodecError
from uno_access.engine.events import Direction, DrawReason, Refusal, for_seat
from uno_access.engine.game import Game
from uno_access.engine.rules import (
    PRESETS,
    CustomWild,
    PartnerSchedule,
    RulesError,
    RuleSet,
    Scoring,
)
from uno_access.engine.state import Phase, PlayerView

ENGINE = Path(codec.__file__).resolve().parent
FACES = (*all_faces(), *extra_faces())
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(value: object) -> Any:
    """What the other end gets: the JSON text written, parsed again."""
    return json.loads(json.dumps(value))


# --------------------------------------------------------------------- strategies

cards = st.sampled_from(FACES)
colors = st.sampled_from(COLORS)
numbers = st.integers(min_value=-MAX_NUMBER, max_value=MAX_NUMBER)
seats = st.one_of(st.integers(min_value=0, max_value=9), numbers)
maybe_seats = st.none() | seats
copies = st.integers(min_value=1, max_value=MOST_COPIES)


def _action_strategy() -> st.SearchStrategy[act.Action]:
    plays = st.builds(
        act.Play,
        seats,
        cards,
        st.none() | colors,
        st.booleans(),
        copies,
        maybe_seats,
        st.none() | cards,
    )
    jumps = st.builds(
        act.JumpIn,
        seats,
        cards,
        st.none() | colors,
        st.booleans(),
        copies,
        maybe_seats,
        maybe_seats,
    )
    drawn = st.builds(act.PlayDrawn, seats, st.none() | colors, st.booleans(), maybe_seats)
    seat_only = st.sampled_from(
        [
            act.Draw,
            act.Keep,
            act.CallUno,
            act.Challenge,
            act.Accept,
            act.NextRound,
            act.CardCheck,
            act.TouchTopCard,
            act.Suggest,
        ]
    ).flatmap(lambda kind: st.builds(kind, seats))
    return st.one_of(
        plays,
        jumps,
        drawn,
        seat_only,
        st.builds(act.Catch, seats, seats),
        st.builds(act.ChooseColor, seats, colors),
    )


actions = _action_strategy()


def _rules_strategy() -> st.SearchStrategy[RuleSet]:
    """Every option at values the engine takes (``RuleSet.validate``)."""
    coloured = [card for card in all_faces() if card.color is not None]
    blanks = st.lists(st.sampled_from(coloured), max_size=4, unique_by=lambda c: c.color)
    options: dict[str, st.SearchStrategy[Any]] = {}
    for f in dataclasses.fields(RuleSet):
        default = getattr(RuleSet(), f.name)
        if f.name == "blank_cards":
            options[f.name] = blanks.map(tuple)
        elif f.name == "uno_penalty":
            options[f.name] = st.sampled_from([2, 4, 5])
        elif f.name == "hand_size":
            options[f.name] = st.integers(min_value=1, max_value=15)
        elif f.name == "target_score":
            options[f.name] = st.integers(min_value=1, max_value=100_000)
        elif isinstance(default, bool):
            options[f.name] = st.booleans()
        elif isinstance(default, int):
            options[f.name] = numbers
        elif isinstance(default, Scoring | PartnerSchedule | CustomWild):
            options[f.name] = st.sampled_from(list(type(default)))
        else:
            raise AssertionError(f"no strategy for the rule option {f.name}")
    made = st.fixed_dictionaries({}, optional=options).map(lambda kw: RuleSet(**kw))
    return made.filter(_playable)


def _playable(rules: RuleSet) -> bool:
    """Whether ``rules`` is a rule set a table could play (no two options in conflict, none
    without the option it changes)."""
    try:
        rules.validate()
    except RulesError:
        return False
    return True


rule_sets = _rules_strategy()
small = st.integers(min_value=0, max_value=500)
hand = st.lists(cards, max_size=30).map(tuple)
counts = st.lists(small, max_size=10).map(tuple)
_BY_TYPE: dict[str, st.SearchStrategy[Any]] = {
    # an event field's strategy, by the type the engine declares for it
    "int": numbers,
    "bool": st.booleans(),
    "Card": cards,
    "Card | None": st.none() | cards,
    "Color": colors,
    "Color | None": st.none() | colors,
    "tuple[Card, ...]": hand,
    "tuple[int, ...]": counts,
    "Direction": st.sampled_from(list(Direction)),
    "DrawReason": st.sampled_from(list(DrawReason)),
    "Refusal": st.sampled_from(list(Refusal)),
    "Action": actions,
    "int | None": st.none() | numbers,
    "tuple[str, ...]": st.lists(st.text(max_size=30), min_size=2, max_size=10).map(tuple),
    "RuleSet": rule_sets,
    "Phase": st.sampled_from(list(Phase)),
    "tuple[tuple[int, ...], ...]": st.lists(counts, max_size=4).map(tuple),
}


def declared(kind: type) -> dict[str, str]:
    """The type the engine's source declares for each field of ``kind``, as written (the
    compiled engine keeps no annotations worth reading, so the source is read).
    """
    module = kind.__module__.rsplit(".", 1)[1]
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == kind.__name__:
            return {
                item.target.id: ast.unparse(_unfinal(item.annotation))
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    raise AssertionError(f"no class {kind.__name__} in {module}.py")


def _unfinal(annotation: ast.expr) -> ast.expr:
    """``Final[int]`` read as ``int``: an event's fields are final, set in its ``__init__``."""
    if (
        isinstance(annotation, ast.Subscript)
        and isinstance(annotation.value, ast.Name)
        and annotation.value.id == "Final"
    ):
        return annotation.slice
    return annotation


def built(kind: type) -> st.SearchStrategy[Any]:
    """Any value of an engine dataclass, its fields drawn by their declared types."""
    types = declared(kind)
    fields = {f.name: _BY_TYPE[types[f.name]] for f in dataclasses.fields(kind)}
    return st.fixed_dictionaries(fields).map(lambda kw: kind(**kw))


EVENT_KINDS = typing.get_args(ev.Event)
events = st.sampled_from(EVENT_KINDS).flatmap(built)
views = built(PlayerView)


# --------------------------------------------------------------------- round trips


def test_every_card_and_colour_is_written_as_its_code_and_word_and_reads_back() -> None:
    for card in FACES:
        assert codec.card_to_json(card) == card.code
        assert codec.card_from_json(through_json(codec.card_to_json(card))) is card
    for color in COLORS:
        assert codec.color_to_json(color) == color.name.lower()
        assert codec.color_from_json(through_json(codec.color_to_json(color))) is color
    for enum in (Kind, Direction, DrawReason, Refusal, Phase, Scoring, PartnerSchedule):
        for member in enum:
            raw = through_json(codec.enum_to_json(member))
            assert codec.enum_from_json(enum, raw) is member


@PROPERTY
@given(actions)
def test_every_action_reads_back_as_exactly_itself(action: act.Action) -> None:
    assert codec.encodable(action)
    assert codec.action_from_json(through_json(codec.action_to_json(action))) == action


@PROPERTY
@given(rule_sets)
def test_every_rule_set_reads_back_as_exactly_itself(rules: RuleSet) -> None:
    assert codec.rules_from_json(through_json(codec.rules_to_json(rules))) == rules


def test_every_preset_reads_back_and_is_written_as_the_standard_preset_and_its_options() -> None:
    for name, rules in PRESETS.items():
        written = codec.rules_to_json(rules)
        assert written["preset"] == "standard"
        assert codec.rules_from_json(written) == rules == RuleSet.from_mapping(written), name
    assert codec.rules_to_json(RuleSet()) == {"preset": "standard"}


@PROPERTY
@given(events)
def test_every_event_reads_back_as_exactly_itself(event: ev.Event) -> None:
    assert codec.event_from_json(through_json(codec.event_to_json(event))) == event


@PROPERTY
@given(events | actions)
def test_every_event_and_action_is_equal_hashed_and_shown_by_its_fields_as_a_dataclass_was(
    value: ev.Event | act.Action,
) -> None:
    """``values.Value`` gives events and actions what ``@dataclass(unsafe_hash=True)``
    generated: equal by class and fields, the hash of the fields' tuple (a hash kept from
    before is the same), ``Class(field=value, ...)``; and ``match`` reads every field."""
    kind = type(value)
    names = [f.name for f in dataclasses.fields(kind)]
    assert kind.__match_args__ == tuple(names)
    got = [getattr(value, name) for name in names]
    same = kind(*got)
    assert same == value and same is not value
    assert (same != value) is False
    assert hash(same) == hash(value) == hash(tuple(got))
    shown = ", ".join(f"{name}={item!r}" for name, item in zip(names, got, strict=True))
    assert repr(value) == f"{kind.__qualname__}({shown})"
    assert value != tuple(got) and value != object()


def test_events_of_two_kinds_with_the_same_fields_are_not_equal() -> None:
    assert ev.DealerChosen(1) != ev.TurnStarted(1)
    assert act.Draw(0) != act.Draw(1) and act.Draw(0) == act.Draw(0)
    assert len({ev.TurnStarted(1), ev.TurnStarted(1), ev.DealerChosen(1)}) == 2


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views)
def test_every_view_reads_back_as_exactly_itself(view: PlayerView) -> None:
    assert codec.view_from_json(through_json(codec.view_to_json(view))) == view


@pytest.mark.parametrize("preset", [p for p in PRESETS if not p.startswith("partners_")])
def test_every_value_of_real_games_reads_back_exactly(preset: str) -> None:
    """Random games (legal moves, and random ones the rules refuse) under each preset and
    the house rules: each event as each seat knows it, each view, each legal action.
    """
    specs = [preset, f"{preset},seven_o=true,blank_cards=y7/b+2"] if preset != "speed" else [preset]
    for spec in specs:
        rules = RuleSet.from_spec(spec)
        players = 4
        rng = random.Random(len(spec))
        game = Game.new(players, rules, rng=random.Random(rng.random()))
        happened = list(game.opening)
        for _ in range(300):
            if game.over:
                break
            action = random_action(game, rng, variants=True)
            if not codec.encodable(action):  # a play of no cards: never sent, saved or told
                continue
            happened += game.apply(action)
            for seat in range(players):
                view = game.view(seat)
                assert codec.view_from_json(through_json(codec.view_to_json(view))) == view
                legal = tuple(game.legal_actions(seat))
                assert codec.actions_from_json(through_json(codec.actions_to_json(legal))) == legal
        seen = [for_seat(event, seat) for event in happened for seat in range(players)]
        assert any(isinstance(event, ev.Rejected) for event in happened)
        for event in [*happened, *(e for e in seen if e is not None)]:
            assert codec.event_from_json(through_json(codec.event_to_json(event))) == event


def test_the_codec_knows_every_event_and_every_action_of_the_engine() -> None:
    assert set(codec.EVENTS) == set(EVENT_KINDS)
    assert set(codec.ACTS) == set(typing.get_args(act.Action))
    assert len(set(codec.EVENTS.values())) == len(EVENT_KINDS)


def _read(kind: type, raw: object) -> object:
    return codec.view_from_json(raw) if kind is PlayerView else codec.event_from_json(raw)


def _written(value: object) -> dict[str, Any]:
    if isinstance(value, PlayerView):
        return codec.view_to_json(value)
    return codec.event_to_json(value)  # type: ignore[arg-type]


SPOILT = ([[["nested"]]], "x", 2**40, -(2**31), 1.5, True, {"a": 1})


@pytest.mark.parametrize("kind", [*EVENT_KINDS, PlayerView], ids=lambda k: k.__name__)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_field_is_checked_as_it_is_read(kind: type, data: st.DataObject) -> None:
    """A value with any one field spoilt (a list, text, a number beyond the bounds, a
    float) is refused, and one with a field it must have left out too.
    """
    value = data.draw(built(kind))
    written = _written(value)
    for name in written:
        if name == "event" or (kind is ev.Rejected and name == "act"):
            continue  # its name is checked apart; a refusal's act is the action's
        for junk in SPOILT:
            if junk is True and declared(kind).get(name) == "bool":
                continue
            with pytest.raises(CodecError):
                _read(kind, {**written, name: junk})
    given = inspect.signature(kind).parameters  # the defaults are the ``__init__``'s
    required = [name for name, p in given.items() if p.default is inspect.Parameter.empty]
    if kind is ev.Rejected:  # its reason is written as its code
        required = ["code" if name == "reason" else name for name in required]
    for name in required:
        with pytest.raises(CodecError):
            _read(kind, {k: v for k, v in written.items() if k != name})


# --------------------------------------------------------------------- bounds


@pytest.mark.parametrize(
    "action",
    [
        act.Play(0, Card.from_code("r5"), count=0),
        act.Play(0, Card.from_code("r5"), count=-3),
        act.Play(0, Card.from_code("r5"), count=MOST_COPIES + 1),
        act.Play(0, Card.from_code("r5"), count=10**20),
        act.JumpIn(0, Card.from_code("r5"), count=10**20),
        act.JumpIn(0, Card.from_code("r5"), on=2**40),
        act.Draw(MAX_NUMBER + 1),
        act.Catch(0, -(10**30)),
        act.Play(0, Card.from_code("an"), target=2**31),
    ],
    ids=repr,
)
def test_an_action_out_of_bounds_is_not_written_but_refused(action: act.Action) -> None:
    assert not codec.encodable(action)
    with pytest.raises(CodecError):
        codec.action_to_json(action)


def test_the_most_copies_of_a_card_are_written_and_read_and_one_more_is_refused() -> None:
    most = act.Play(1, Card.from_code("g6"), count=MOST_COPIES)
    written = codec.action_to_json(most)
    assert written["cards"] == ["g6"] * MOST_COPIES
    assert codec.action_from_json(written) == most
    with pytest.raises(CodecError, match="cards"):
        codec.action_from_json({**written, "cards": ["g6"] * (MOST_COPIES + 1)})
    with pytest.raises(CodecError, match="cards"):
        codec.action_from_json({**written, "cards": []})
    with pytest.raises(CodecError, match="identical"):
        codec.action_from_json({**written, "cards": ["g6", "g7"]})


def test_an_error_says_where_and_what_belongs_there() -> None:
    with pytest.raises(CodecError) as caught:
        codec.action_from_json({"seat": 0, "act": "play", "cards": ["g6", "zz"]})
    assert caught.value.where == "cards[1]" and caught.value.wanted == "a card code"
    assert str(caught.value) == "cards[1] must be a card code"
    with pytest.raises(CodecError) as caught:
        codec.action_from_json({"seat": 0, "act": "fly"})
    assert caught.value.where == "act" and caught.value.found == "fly"
    assert "play" in caught.value.known and "fly" in str(caught.value)
    with pytest.raises(CodecError) as caught:
        codec.event_from_json(
            {"event": "card_played", "seat": 0, "card": "b7", "cards_left": 10**12}
        )
    assert caught.value.where == "cards_left"
    with pytest.raises(CodecError) as caught:
        codec.rules_from_json({"uno_penalty": 3})
    assert isinstance(caught.value.rules, RulesError) and caught.value.rules.option == "uno_penalty"
    with pytest.raises(CodecError) as caught:
        codec.card_from_json("r" * 100_000)
    assert caught.value.limit == codec.CODE_LIMIT


def test_rules_with_a_penalty_beyond_the_bounds_are_refused() -> None:
    for option in ("round_n_round_penalty", "suggestion_penalty"):
        with pytest.raises(CodecError) as caught:
            codec.rules_from_json({option: 10**30})
        assert caught.value.rules is not None and caught.value.rules.option == option


# --------------------------------------------------------------------- junk

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["b7", "wi+4", "red", "play", "card_played", "seat", "standard"]),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(["seat", "act", "card", "cards", "event", "count", "color", "preset"])
            | st.text(max_size=8),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)
READERS = {
    "card": (codec.card_from_json, Card),
    "color": (codec.color_from_json, Color),
    "action": (
        codec.action_from_json,
        act.Play
        | act.Draw
        | act.PlayDrawn
        | act.Keep
        | act.CallUno
        | act.Catch
        | act.Challenge
        | act.Accept
        | act.ChooseColor
        | act.NextRound
        | act.CardCheck
        | act.TouchTopCard
        | act.JumpIn
        | act.Suggest,
    ),
    "actions": (codec.actions_from_json, tuple),
    "event": (codec.event_from_json, tuple(EVENT_KINDS)),
    "events": (codec.events_from_json, tuple),
    "rules": (codec.rules_from_json, RuleSet),
    "view": (codec.view_from_json, PlayerView),
}


def _read_or_refused(name: str, raw: object) -> None:
    """``raw`` read as ``name``: an engine value that writes and reads back, or refused."""
    read, kind = READERS[name]
    try:
        value = read(raw)
    except CodecError as error:
        assert str(error)  # it says why
        return
    assert isinstance(value, kind)
    writers: dict[str, Any] = {
        "card": codec.card_to_json,
        "color": codec.color_to_json,
        "action": codec.action_to_json,
        "actions": codec.actions_to_json,
        "event": codec.event_to_json,
        "events": codec.events_to_json,
        "rules": codec.rules_to_json,
        "view": codec.view_to_json,
    }
    assert read(through_json(writers[name](value))) == value


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=JSON)
def test_random_json_is_read_as_an_engine_value_or_refused_with_a_codec_error(
    name: str, raw: object
) -> None:
    _read_or_refused(name, raw)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=st.one_of(actions, events), data=st.data())
def test_a_valid_form_with_a_field_changed_at_random_is_read_or_refused_with_a_codec_error(
    value: object, data: st.DataObject
) -> None:
    name = "action" if isinstance(value, tuple(codec.ACTS)) else "event"
    written = codec.action_to_json(value) if name == "action" else codec.event_to_json(value)  # type: ignore[arg-type]
    key = data.draw(st.sampled_from(sorted(written)))
    _read_or_refused(name, {**written, key: data.draw(JSON)})


@pytest.mark.parametrize(
    "text",
    ["", "  ", "{", "[" * 100_000, '{"a":' * 100_000, "9" * 5000, b"\xff\xfe", "nope"],
    ids=["empty", "blank", "cut", "deep lists", "deep objects", "long number", "bytes", "word"],
)
def test_text_that_is_not_json_is_refused_with_a_codec_error(text: str | bytes) -> None:
    with pytest.raises(CodecError):
        codec.loads(text)


def test_numbers_json_allows_beyond_the_bounds_are_refused() -> None:
    for raw in ("NaN", "Infinity", "-Infinity", "1e400", "1.5", str(2**31), str(-(2**31))):
        with pytest.raises(CodecError):
            codec.action_from_json({"seat": codec.loads(raw), "act": "draw"})
    assert codec.action_from_json({"seat": MAX_NUMBER, "act": "draw"}) == act.Draw(MAX_NUMBER)
