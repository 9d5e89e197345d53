"""Why a value read from outside (a scenario, a saved game, the data channel) is no engine
value, worded: one sentence from a ``CodecError``.

Apart from ``scenario`` so that reading a saved game loads nothing of the scenario files
(their card parser's tables) at the game's start.
"""

from __future__ import annotations

from ..engine.codec import CodecError
from . import messages


def problem(error: CodecError) -> str:
    """Why a value read from a scenario (or a saved game, or the data channel) is no
    engine value, in the scenario's words: where it is (``actions[3].card``) and what
    belongs there.
    """
    where = error.where
    if error.rules is not None:
        return messages.rules_error(error.rules)
    if error.known and where.endswith(".act"):
        return messages.scenario_unknown_act(where[: -len(".act")], error.found, list(error.known))
    if error.limit is not None:
        return messages.scenario_too_long(where, error.limit)
    if error.why is not None:
        return f"{where}: {error.why}"
    return messages.scenario_field(where, error.wanted)
