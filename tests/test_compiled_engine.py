"""The compiled engine is used only when it was built from exactly the sources beside it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import uno_access
from uno_access import _compiled


def fake_tree(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in _compiled.COMPILED_MODULES:
        (root / module).parent.mkdir(parents=True, exist_ok=True)
        (root / module).write_text(f"# {module}\n")
    out = root / "build" / "compiled"
    out.mkdir(parents=True)
    monkeypatch.setattr(_compiled, "ROOT", root)
    monkeypatch.setattr(_compiled, "OUT", out)
    monkeypatch.setattr(_compiled, "MANIFEST", out / "manifest.json")
    sources = [root / module for module in _compiled.COMPILED_MODULES]
    (out / "manifest.json").write_text(
        json.dumps(
            {
                "python": sys.implementation.cache_tag,
                "sources": _compiled.digests(sources),
            }
        )
    )


def test_a_build_from_the_same_sources_is_current(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_tree(tmp_path, monkeypatch)
    assert _compiled.is_current()


def test_an_edited_source_makes_the_build_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_tree(tmp_path, monkeypatch)
    (tmp_path / "uno_access/engine/turn.py").write_text("# edited\n")
    assert not _compiled.is_current()


def test_a_build_for_another_python_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_tree(tmp_path, monkeypatch)
    manifest = _compiled.MANIFEST
    data = json.loads(manifest.read_text())
    data["python"] = "cpython-39"
    manifest.write_text(json.dumps(data))
    assert not _compiled.is_current()


def test_a_missing_or_broken_manifest_means_plain_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_tree(tmp_path, monkeypatch)
    _compiled.MANIFEST.write_text("{not json")
    assert not _compiled.is_current()
    _compiled.MANIFEST.unlink()
    assert not _compiled.is_current()


def test_the_engine_in_use_is_the_compiled_one_exactly_when_the_build_is_current() -> None:
    from uno_access.engine import game

    compiled = game.__file__ is not None and game.__file__.endswith(".so")
    expected = _compiled.is_current() and not os.environ.get("UNO_ACCESS_PURE")
    assert uno_access.COMPILED is expected
    assert compiled is expected


def test_uno_access_pure_forces_plain_python() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import uno_access, uno_access.engine.game as g; print(uno_access.COMPILED, g.__file__)",  # noqa: E501
        ],
        env={**os.environ, "UNO_ACCESS_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    flag, path = out.stdout.split()
    assert flag == "False"
    assert path.endswith("game.py")


VALUES = (
    Path(uno_access.__file__).parent / "engine" / "events.py",
    Path(uno_access.__file__).parent / "engine" / "actions.py",
)


def _value_classes(path: Path) -> list[ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any("dataclass" in ast.unparse(d) for d in node.decorator_list)
    ]


def test_every_event_and_action_has_final_fields_set_in_its_own_init() -> None:
    """Events and actions are made by the million in a simulation: each sets its fields in
    an ``__init__`` of its own, which mypyc compiles to slot stores (a frozen dataclass's
    generated one stays interpreted, each field set through ``object.__setattr__``), and
    each field is ``Final``, so that mypy refuses any change after it is made."""
    for path in VALUES:
        classes = _value_classes(path)
        assert len(classes) > 10
        for node in classes:
            fields = [s for s in node.body if isinstance(s, ast.AnnAssign)]
            assert fields, node.name
            for field in fields:
                assert ast.unparse(field.annotation).startswith("Final["), (node.name, field)
                assert field.value is None, (node.name, field)  # a default is the __init__'s
            init = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
            assert init, node.name
            names = [a.arg for a in init[0].args.args[1:]]
            assert names == [ast.unparse(f.target) for f in fields], node.name


@pytest.mark.skipif(not uno_access.COMPILED, reason="the compiled engine's own guarantee")
def test_a_compiled_event_or_action_cannot_be_changed_once_made() -> None:
    from uno_access.engine import actions, events
    from uno_access.engine.cards import Card

    played = events.CardPlayed(0, Card.from_code("r5"), 3)
    play = actions.Play(1, Card.from_code("b7"))
    for value, field in ((played, "seat"), (play, "card")):
        with pytest.raises(AttributeError):
            setattr(value, field, 2)
    assert played == events.CardPlayed(0, Card.from_code("r5"), 3)
    assert hash(play) == hash(actions.Play(1, Card.from_code("b7")))
