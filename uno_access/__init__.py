"""uno-access: the UNO card game for keyboard, speech, braille and large text."""

from __future__ import annotations

__version__ = "0.1.0"

from . import _compiled

COMPILED = _compiled.ACTIVE
