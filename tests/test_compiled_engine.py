"""The compiled engine is used only when it was built from exactly the sources beside it."""

from __future__ import annotations

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
