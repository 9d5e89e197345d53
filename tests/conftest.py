"""Every test runs with its own data and config folders: no test reads or writes the
user's saved games (``$XDG_DATA_HOME/uno-access``) or settings (``$XDG_CONFIG_HOME``).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(Path(home) / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(Path(home) / "config"))
