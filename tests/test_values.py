"""``values.frozen`` makes the game's values as ``@dataclass(frozen=True)`` did, without
compiling their methods from source at import; and a start imports what its first
prompt needs only.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import subprocess
import sys
from collections.abc import Callable
from dataclasses import FrozenInstanceError, field
from typing import Any

import pytest

from uno_access.seat.asks import ReadKey
from uno_access.values import frozen


def twins(**options: Any) -> tuple[type[Any], type[Any]]:
    """The same class body made twice: by ``dataclasses`` (frozen) and by ``frozen``."""

    def body(made: Callable[[type[Any]], type[Any]]) -> type[Any]:
        @made
        class Hand:
            """A few fields of the kinds the game's values have."""

            seat: int
            cards: tuple[str, ...] = ()
            notes: list[str] = field(default_factory=list, hash=False)
            hidden: str = field(default="x", compare=False, repr=False)
            count: int = 1

        return Hand

    return body(dataclasses.dataclass(frozen=True, **options)), body(frozen(**options))


def outcome(call: Callable[[], Any]) -> Any:
    """What a call gives, or the type and words of the error it raises."""
    try:
        return call()
    except (TypeError, AttributeError) as error:
        return (type(error).__name__, str(error).replace("Hand.__init__()", "__init__()"))


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((1, ("r5",)), {}),
    ((1, ("r5", "b7"), ["n"], "h", 3), {}),
    ((), {"seat": 2, "count": 4}),
    ((1,), {"hidden": "y"}),
    ((), {}),
    ((1, (), [], "h", 3, 9), {}),
    ((1,), {"seat": 1}),
    ((1,), {"colour": "red"}),
]


@pytest.mark.parametrize("slots", [True, False])
def test_a_frozen_value_is_made_compared_hashed_and_shown_as_the_dataclass_was(
    slots: bool,
) -> None:
    old, new = twins(slots=slots)
    assert new.__match_args__ == old.__match_args__
    assert [(f.name, f.default, f.compare) for f in dataclasses.fields(new)] == [
        (f.name, f.default, f.compare) for f in dataclasses.fields(old)
    ]
    for args, kwargs in CALLS:
        made_old = outcome(lambda: old(*args, **kwargs))  # noqa: B023
        made_new = outcome(lambda: new(*args, **kwargs))  # noqa: B023
        if isinstance(made_old, tuple):
            assert made_new == made_old, (args, kwargs)
            continue
        assert repr(made_new) == repr(made_old).replace(old.__qualname__, new.__qualname__)
        assert hash(made_new) == hash(made_old)
        assert made_new == new(*args, **kwargs) and made_new != made_old
        assert made_new.notes is not new(1).notes  # a factory's value is made each time
        same = dataclasses.replace(made_new, count=7)
        assert same.count == 7 and same.seat == made_new.seat
        assert copy.deepcopy(made_new) == made_new == copy.copy(made_new)
        assert dataclasses.asdict(made_new) == dataclasses.asdict(made_old)


def test_a_frozen_value_cannot_be_changed_once_made() -> None:
    _, new = twins(slots=True)
    hand = new(1)
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'seat'"):
        hand.seat = 2
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'seat'"):
        del hand.seat
    with pytest.raises(FrozenInstanceError):
        hand.other = 2
    assert hand.seat == 1
    asked = ReadKey("uno> ", menu=True)  # pickled and copied through its slots
    assert pickle.loads(pickle.dumps(asked)) == asked == copy.deepcopy(asked)


def test_frozen_keeps_keyword_only_fields_post_init_and_identity_equality() -> None:
    @frozen(kw_only=True)
    class Spec:
        """As the settings table's."""

        key: str
        low: int = 0

    @frozen(eq=False)
    class Checked:
        """Equal to itself only, and made whole after its fields."""

        words: str
        seen: list[str] = field(default_factory=list)

        def __post_init__(self) -> None:
            object.__setattr__(self, "seen", [self.words.upper()])

    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        Spec("rate")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'key'"):
        Spec()  # type: ignore[call-arg]
    assert Spec(key="rate") == Spec(key="rate", low=0)
    checked = Checked("uno")
    assert checked.seen == ["UNO"] and checked == checked and checked != Checked("uno")
    assert hash(checked) == object.__hash__(checked)


def test_a_method_the_class_writes_itself_is_kept_as_dataclasses_keeps_it() -> None:
    @frozen(slots=True)
    class Face:
        """Shown by its code, hashed by it alone."""

        code: str
        points: int = 0

        def __repr__(self) -> str:
            return f"Face({self.code})"

        def __hash__(self) -> int:
            return hash(self.code)

    assert repr(Face("r5", 5)) == "Face(r5)"
    assert hash(Face("r5", 5)) == hash("r5") and Face("r5", 5) != Face("r5", 6)
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):

        @frozen
        class Changing:
            """Would change after all."""

            code: str

            def __setattr__(self, name: str, value: object) -> None:
                object.__setattr__(self, name, value)


def _in_a_new_python(code: str) -> Any:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(out.stdout)


def test_a_start_generates_methods_only_for_the_few_dataclasses_left() -> None:
    """The game's start compiles no method source for its values (``frozen``, and the
    engine's events and actions, ``engine.values``); only these few are still made by
    ``dataclasses`` (the engine's rules, state and cards, and three mutable records)."""
    made = _in_a_new_python(
        "import dataclasses, json, sys\n"
        "made = set()\n"
        "def create(name, *args, **kwargs):  # a method compiled from source\n"
        "    made.add(sys._getframe(2).f_locals['cls'].__qualname__)\n"
        "    return original(name, *args, **kwargs)\n"
        "original = dataclasses._create_fn\n"
        "dataclasses._create_fn = create\n"
        "import uno_access.__main__, uno_access.ui.play, uno_access.seat.table\n"
        "print(json.dumps(sorted(made)))\n"
    )
    assert set(made) <= {
        "Card",
        "RuleSet",
        "GameState",
        "PlayerView",
        "_Field",
        "Opened",
        "Session",
        "History",
    }


def test_the_offer_to_resume_needs_no_table_bots_network_or_documents() -> None:
    """What ``play`` imports before its first prompt: the seat's table, the bots'
    strategies, the network and the rules documents come when first used."""
    loaded = _in_a_new_python(
        "import json, sys\n"
        "import uno_access.__main__, uno_access.ui.play\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    late = [
        name
        for name in loaded
        if name.startswith(
            ("uno_access.net", "uno_access.seat.table", "uno_access.access.document")
        )
        or (name.startswith("uno_access.bots.") and name != "uno_access.bots.base")
    ]
    assert late == []
