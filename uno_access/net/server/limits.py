"""How fast one person may do what others bear the cost of: a token bucket per name (so a
new connection starts no new bucket), ``burst`` at once, then one every ``every`` seconds.

- Chat (``chat_limits``): 8 lines at once, then one a second. A line over the limit
  reaches no one; its sender is told once, at the first line dropped, and again only
  after they have been quiet long enough for a whole burst. A flood of 2,000 lines thus
  reaches the others as a few lines a second, and its sender as one sentence.
- Private tables' codes (``code_limits``): 5 wrong codes at once, then one every 20
  seconds; a code typed past the limit is not even looked at. With 8 letters of 23, a
  guesser needs years to find one table.
- Tournaments made (``made_limits``): 3 at once, then one every 10 minutes. A host has
  one tournament signing up or running at a time; this keeps making and cancelling one
  again and again from filling the server's data and everyone's ``tournaments``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

BURST = 8  # chat lines sent at once before the limit
EVERY = 1.0  # seconds for each chat line after them
CODE_TRIES = 5  # wrong codes of private tables tried at once before the limit
CODE_EVERY = 20.0  # seconds for each wrong code after them
MADE_AT_ONCE = 3  # tournaments made at once before the limit
MADE_EVERY = 600.0  # seconds for each tournament made after them
MOST_NAMES = 10_000  # names remembered before those with a full bucket are forgotten


class Chat(Enum):
    """What becomes of a chat line."""

    SENT = "sent"
    DROPPED = "dropped"  # over the limit, its sender told already
    DROPPED_TOLD = "dropped, told"  # over the limit: its sender is told now


@dataclass
class _Bucket:
    tokens: float
    at: float
    told: bool = False


@dataclass
class Limits:
    """Each person's bucket, by name, on the server's event loop."""

    burst: int
    every: float
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def _bucket(self, name: str) -> _Bucket:
        now = self.clock()
        key = name.lower()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MOST_NAMES:
                self._forget(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) / self.every)
        bucket.at = now
        return bucket

    def over(self, name: str) -> bool:
        """Whether ``name`` is over the limit now (nothing is spent)."""
        return self._bucket(name).tokens < 1.0

    def spend(self, name: str) -> None:
        """One of ``name``'s tokens spent (a wrong code, a tournament made)."""
        bucket = self._bucket(name)
        bucket.tokens = max(0.0, bucket.tokens - 1.0)

    def line(self, name: str) -> Chat:
        """A chat line of ``name``'s, now: whether it goes out, and whether they are told."""
        bucket = self._bucket(name)
        if bucket.tokens >= 1.0:
            if bucket.tokens >= self.burst:  # calm again since: a next flood is told again
                bucket.told = False
            bucket.tokens -= 1.0
            return Chat.SENT
        if bucket.told:
            return Chat.DROPPED
        bucket.told = True
        return Chat.DROPPED_TOLD

    def _forget(self, now: float) -> None:
        full = self.burst * self.every
        self._buckets = {k: b for k, b in self._buckets.items() if now - b.at < full}


def chat_limits() -> Limits:
    return Limits(BURST, EVERY)


def code_limits() -> Limits:
    return Limits(CODE_TRIES, CODE_EVERY)


def made_limits() -> Limits:
    return Limits(MADE_AT_ONCE, MADE_EVERY)
