"""Where the user's files live: the XDG data and config folders on Linux (and other
Unix), the system's own on Windows and macOS (platformdirs: ``%LOCALAPPDATA%`` and
``~/Library/Application Support``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "uno-access"
DB_NAME = "games.db"
SETTINGS_NAME = "settings.toml"


def _xdg(variable: str, default: str) -> Path:
    if sys.platform in ("win32", "darwin"):
        import platformdirs

        if variable == "XDG_DATA_HOME":
            return platformdirs.user_data_path(APP, appauthor=False)
        return platformdirs.user_config_path(APP, appauthor=False)
    value = os.environ.get(variable, "")
    base = Path(value) if value and os.path.isabs(value) else Path.home() / default
    return base / APP


def data_dir() -> Path:
    """``$XDG_DATA_HOME/uno-access`` (default ``~/.local/share/uno-access``)."""
    return _xdg("XDG_DATA_HOME", ".local/share")


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/uno-access`` (default ``~/.config/uno-access``)."""
    return _xdg("XDG_CONFIG_HOME", ".config")


def database_path() -> Path:
    return data_dir() / DB_NAME


def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME
