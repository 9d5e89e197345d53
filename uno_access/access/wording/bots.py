"""The bots' options on the command line."""

from __future__ import annotations

from .language import N_, tr

HELP_BOTS_STRENGTHS = N_(
    "bot strength per bot seat, comma-separated: easy, normal or hard (hard:MS gives the "
    "hard bot MS milliseconds a move); random is easy"
)


HELP_BOT_BUDGET = N_("the hard bot's time budget per move, in milliseconds (default 200)")


BOT_BUDGET_RANGE = N_("the bot budget is a number of milliseconds from 1 to 60000")


UNKNOWN_BOT_STRENGTH = N_(
    "There is no bot {name}; the bots are: {known}, and hard:MS for the hard bot with MS "
    "milliseconds a move."
)  # {name}: as given, quoted


def unknown_bot_strength(name: str, known: tuple[str, ...]) -> str:
    """A bot name the command line cannot take, as one line."""
    return tr(UNKNOWN_BOT_STRENGTH).format(name=repr(name), known=", ".join(known))
