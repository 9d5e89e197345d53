"""A table's lease: which server holds the table, in the key-value bucket ``uno-leases``.

The one server holding a table's lease applies its actions and appends to its log. The
lease is a key (the table's id) whose value is the holder's id, and JetStream's own
optimistic concurrency decides every race, with no consensus of ours:

- ``take``: ``create`` writes the key only if it is not there (or was deleted); of two
  servers taking one table at once, one wins and the other is told it is held;
- ``renew``: ``update`` with the revision the holder last wrote; anyone else's write since,
  or the key gone, and the holder learns it has lost the lease (``LeaseLost``);
- ``release``: ``delete`` with that revision, so a lease lost meanwhile is left alone;
- a lease not renewed lapses by itself: the bucket's TTL (``names.LEASE_TTL``) takes the
  key away, and the next ``take`` anywhere succeeds.

A holder renews well within the TTL (every sixth of it, ``holding``). Nothing here knows a
game: this is the ownership alone, over the bucket it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import names

if TYPE_CHECKING:
    from nats.js.kv import KeyValue

# JetStream's codes for "the subject's last sequence is not the one expected"
WRONG_LAST_SEQUENCE = (10071, 10164)


@dataclass(frozen=True, slots=True)
class Held:
    """A lease this server holds: the table, and the revision it last wrote."""

    table: str
    revision: int


class LeaseLost(Exception):
    """The lease was taken by another server, or lapsed, since it was last written."""

    def __init__(self, table: str) -> None:
        super().__init__(table)
        self.table = table


class Leases:
    """The tables' leases in ``kv`` (the bucket ``uno-leases``), as server ``owner``."""

    def __init__(self, kv: KeyValue, owner: str) -> None:
        self._kv = kv
        self.owner = names.token(owner)

    async def holder(self, table: str | int) -> str | None:
        """The server holding ``table`` now, None when no one does."""
        from nats.js.errors import KeyNotFoundError

        try:
            entry = await self._kv.get(names.lease_key(table))
        except KeyNotFoundError:  # never taken, released, or lapsed
            return None
        return (entry.value or b"").decode("utf-8", "replace") or None

    async def take(self, table: str | int) -> Held | None:
        """The lease of ``table`` taken if no one holds it (or this server already did:
        renewed then), else None."""
        from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError, NotFoundError

        key = names.lease_key(table)
        try:
            revision = await self._kv.create(key, self.owner.encode())
        # refused: someone holds it. (nats-py's ``create`` then reads the key, to retake a
        # deleted one; read from a copy that has not got the winner's write yet, it is not
        # found: the race was lost all the same.)
        except (KeyWrongLastSequenceError, NotFoundError):
            try:
                entry = await self._kv.get(key)
            except KeyNotFoundError:  # it lapsed between the two: the next take wins it
                return None
            if entry.value != self.owner.encode():
                return None
            try:  # this server's own, from before: renewed
                revision = await self._kv.update(key, self.owner.encode(), last=entry.revision)
            except KeyWrongLastSequenceError:
                return None
        return Held(key, revision)

    async def renew(self, held: Held, unsure: bool = False) -> Held:
        """``held`` renewed for another TTL, else ``LeaseLost``.

        ``unsure``: the renewal before this one had no answer (a NATS node died with it,
        a leader was being elected), so it may have been written all the same, and
        ``held``'s revision be written over by this server itself. Then a refusal is
        checked: the key still naming this server is its own lease (no other server
        writes this server's name), renewed from the revision found; anything else is
        lost."""
        from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError

        try:
            revision = await self._kv.update(held.table, self.owner.encode(), last=held.revision)
        except KeyWrongLastSequenceError:
            if not unsure:
                raise LeaseLost(held.table) from None
            try:
                entry = await self._kv.get(held.table)
            except KeyNotFoundError:  # lapsed meanwhile
                raise LeaseLost(held.table) from None
            if entry.value != self.owner.encode() or entry.revision is None:
                raise LeaseLost(held.table) from None
            return await self.renew(Held(held.table, entry.revision))
        return Held(held.table, revision)

    async def release(self, held: Held) -> bool:
        """``held`` given up, so another server may take the table at once; False when it
        was no longer this server's (lost or lapsed: nothing is changed then)."""
        from nats.js.errors import APIError

        try:
            await self._kv.delete(held.table, last=held.revision)
        except APIError as error:  # nats-py's delete passes JetStream's refusal on as it is
            if error.err_code in WRONG_LAST_SEQUENCE:
                return False
            raise
        return True
