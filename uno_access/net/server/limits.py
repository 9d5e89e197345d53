"""How fast one person's chat goes out: ``BURST`` lines at once, then one line every
``EVERY`` seconds (a token bucket per name, so a new connection starts no new bucket).
A line over the limit reaches no one; its sender is told once, at the first line dropped,
and again only after they have been quiet long enough for a whole burst. A flood of 2,000
lines thus reaches the others as a few lines a second, and its sender as one sentence.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

BURST = 8  # lines sent at once before the limit
EVERY = 1.0  # seconds for each line after them
MOST_NAMES = 10_000  # names remembered before those with a full bucket are forgotten


class Chat(Enum):
    """What becomes of a chat line."""

    SENT = "sent"
    DROPPED = "dropped"  # over the limit, its sender told already
    DROPPED_TOLD = "dropped, told"  # over the limit: its sender is told now


@dataclass
class _Bucket:
    lines: float
    at: float
    told: bool = False


@dataclass
class ChatLimits:
    """Each person's chat lines, by name, on the server's event loop."""

    clock: Callable[[], float] = time.monotonic
    burst: int = BURST
    every: float = EVERY
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def line(self, name: str) -> Chat:
        """A chat line of ``name``'s, now: whether it goes out."""
        now = self.clock()
        key = name.lower()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MOST_NAMES:
                self._forget(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        bucket.lines = min(float(self.burst), bucket.lines + (now - bucket.at) / self.every)
        bucket.at = now
        if bucket.lines >= 1.0:
            if bucket.lines >= self.burst:  # calm again since: a next flood is told again
                bucket.told = False
            bucket.lines -= 1.0
            return Chat.SENT
        if bucket.told:
            return Chat.DROPPED
        bucket.told = True
        return Chat.DROPPED_TOLD

    def _forget(self, now: float) -> None:
        full = self.burst * self.every
        self._buckets = {k: b for k, b in self._buckets.items() if now - b.at < full}
