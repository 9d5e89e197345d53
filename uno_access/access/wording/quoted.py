"""What came from outside (a typed line, a file's value) quoted back in a message: made
safe, cut short.
"""

from __future__ import annotations

from ... import text as outside

GIVEN_LIMIT = 40


"""The most characters of a given value that a message quotes back."""


def given(value: object, limit: int = GIVEN_LIMIT) -> str:
    """``value`` as a message quotes it: its repr without control characters, cut to
    ``limit`` characters with an ellipsis.
    """
    try:
        written = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or an int too long to write
        written = f"<{type(value).__name__}>"
    return cut(written, limit)


TYPED_LIMIT = 40


"""The most of a typed line that a refusal names ("'zq zq…' is not a card"): a pasted line
of 100,000 characters is not spoken, brailled and printed again."""


def cut(text: str, limit: int = GIVEN_LIMIT) -> str:
    """Outside text shown in a message: made safe, at most ``limit`` characters."""
    safe = outside.shown(text, limit + 1)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"
