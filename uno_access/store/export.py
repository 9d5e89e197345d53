"""``uno-access export``: a saved game, finished or not, as a scenario file."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from ..access import messages
from .database import Store, reason
from .paths import database_path
from .saved import SavedGameError

STANDARD_OUTPUT = "-"  # ``-o -``: standard output, as Unix tools take it


class ExportError(Exception):
    """The game cannot be exported; ``message`` is one line saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def export(number: int | None, output: str | None) -> list[str]:
    """Write game ``number`` (the latest by default) as scenario JSON to ``output``
    (standard output by default, and for ``-``); the lines to tell the person (on standard
    error): where it went, and, for a game read back only up to a damaged move, which move
    and why.
    """
    opened = Store.open(database_path())
    store = opened.store
    if store is None:
        raise ExportError(messages.cannot_read_games(opened.why or messages.explained(OSError())))
    try:
        if number is None:
            number = store.latest()
            if number is None:
                raise ExportError(messages.tr(messages.NO_SAVED_GAME))
        saved = store.load(number)
        if saved is not None:
            saved = saved.rebuild().saved
    except SavedGameError as error:
        assert number is not None
        raise ExportError(messages.saved_game_unreadable(number, str(error))) from None
    except sqlite3.Error as error:
        raise ExportError(messages.cannot_read_games(reason(error, database_path()))) from None
    finally:
        store.close()
    if saved is None:
        raise ExportError(messages.no_such_game(number))
    told = []
    if saved.damage is not None:
        told.append(messages.export_damaged(number, saved.damage.move, saved.damage.why))
    text = scenario_text(saved.scenario())
    if output is None or output == STANDARD_OUTPUT:
        sys.stdout.write(text)
        sys.stdout.flush()
        return told
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        why = messages.explained(error, output)
        raise ExportError(messages.export_unwritable(output, why)) from None
    return [*told, messages.exported(number, output)]


def scenario_text(scenario: dict[str, Any]) -> str:
    """Scenario JSON for people to read: one field, and one action, a line."""
    head = [
        f"  {json.dumps(key)}: {json.dumps(value)},"
        for key, value in scenario.items()
        if key != "actions"
    ]
    actions = ",\n".join(f"    {json.dumps(action)}" for action in scenario["actions"])
    body = f'  "actions": [\n{actions}\n  ]' if actions else '  "actions": []'
    return "{\n" + "\n".join(head) + "\n" + body + "\n}\n"
