"""uno-access: the UNO card game for keyboard, speech, braille and large text."""

from __future__ import annotations

__version__ = "0.1.0"

from . import startup

startup.pause()  # while the engine's modules are loaded (``startup``)
try:
    from . import _compiled
finally:
    startup.resume()

COMPILED = _compiled.ACTIVE
