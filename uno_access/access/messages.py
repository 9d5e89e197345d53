"""Every phrase the game says, shows or brails: the one façade over ``access/wording/``,
whose modules hold the wording by audience (see its ``__init__``). Import phrases from
here; every public name of every wording module is one of this module's names.

A block of new phrases appended below (by a branch, until the lead moves it into its
wording module) sees every name this module had before the split. A new kind of line
registers its forms together: ``register(phrase, braille=_b_phrase, brief=SAID_AS_BRAILLE)``
(``_BRIEF[phrase] = …`` still works, but the wording tests ask for ``register``).

The wording of the server's screens (the lobby, its people, moderation, standings, the
cluster, the web: ``_LATER``) is loaded when one of its names is first asked for, so
that a game at the keyboard reaches its first prompt without it; ``phrases()`` gives
every name, all loaded.
"""

from __future__ import annotations

# The names messages.py defined or imported itself before it was split, for blocks of
# phrases appended at the end of this file (the lead moves them into wording/ modules).
import re  # noqa: F401
from collections.abc import Callable, Iterable, Sequence  # noqa: F401
from dataclasses import dataclass  # noqa: F401
from typing import TYPE_CHECKING, Any  # noqa: F401

from .. import text as outside  # noqa: F401
from ..engine.cards import ANNIVERSARY, WILD_DRAW_FOUR, Card, Color, Kind  # noqa: F401
from ..engine.rules import DealError, RulesConflict, RulesError, RuleSet  # noqa: F401
from .message import Parts  # noqa: F401
from .wording.answers import *  # noqa: F403
from .wording.bots import *  # noqa: F403
from .wording.cards import *  # noqa: F403
from .wording.cli import *  # noqa: F403
from .wording.devices import *  # noqa: F403
from .wording.events import *  # noqa: F403
from .wording.events import _b_turn_started, _counts, _team_counts  # noqa: F401
from .wording.forms import *  # noqa: F403
from .wording.forms import _BRIEF, _BRIEF_WORDS, _capital, _with_cards  # noqa: F401
from .wording.history import *  # noqa: F403
from .wording.hot_seat import *  # noqa: F403
from .wording.house_rules import *  # noqa: F403
from .wording.keys import *  # noqa: F403
from .wording.language import *  # noqa: F403
from .wording.menus import *  # noqa: F403
from .wording.no_mercy import *  # noqa: F403
from .wording.play import *  # noqa: F403
from .wording.quoted import *  # noqa: F403
from .wording.rules import *  # noqa: F403
from .wording.setup import *  # noqa: F403
from .wording.sounds import *  # noqa: F403
from .wording.store import *  # noqa: F403
from .wording.store import _store_names  # noqa: F401
from .wording.trouble import *  # noqa: F403
from .wording.turn import *  # noqa: F403

_LATER = ("cluster", "moderation", "net", "social", "standings", "web")  # in order, as above
_loaded: list[bool] = []


def _load_later() -> None:
    """Each of ``_LATER``'s public names, as ``import *`` gives it (a name this module has
    of its own, or from a module before, kept)."""
    if _loaded:
        return
    import importlib

    _loaded.append(True)
    own = set(globals())
    for name in _LATER:
        module = importlib.import_module(f"{__package__}.wording.{name}")
        globals().update(
            (key, value)
            for key, value in vars(module).items()
            if not key.startswith("_") and key not in own
        )


def phrases() -> dict[str, object]:
    """Every name of this module, the wording of every screen loaded."""
    _load_later()
    return dict(globals())


if TYPE_CHECKING:  # every name, for mypy; at run time each when first asked for
    from .wording.cluster import *  # noqa: F403
    from .wording.moderation import *  # noqa: F403
    from .wording.net import *  # noqa: F403
    from .wording.social import *  # noqa: F403
    from .wording.standings import *  # noqa: F403
    from .wording.web import *  # noqa: F403
else:

    def __getattr__(name: str) -> object:
        if not _loaded and not name.startswith("__"):
            _load_later()
            if name in globals():
                return globals()[name]
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        _load_later()
        return sorted(globals())
