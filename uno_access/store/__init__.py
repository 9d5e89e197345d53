"""Autosave, resume and the game record: every game is its setup and its actions, in SQLite.

Standard library only (``sqlite3``); no prompt_toolkit. The ui hands a ``Recorder`` each
action before applying it and each line before showing it.
"""

from __future__ import annotations

from .database import Store, StoreProblem
from .recorder import Recorder
from .saved import GameSetup, SavedGame

__all__ = ["GameSetup", "Recorder", "SavedGame", "Store", "StoreProblem"]
