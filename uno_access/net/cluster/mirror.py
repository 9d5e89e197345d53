"""A key-value bucket of the cluster copied into a server's own file, as it changes: the
watcher behind the shared accounts (``accounts``) and the shared friends, blocks, letters
and choices (``social``).

``watch`` gives each entry to ``changed`` (its key and value; what it keeps, or None) or
``removed`` (its key) as the bucket has it, then as it changes, and once the bucket as it
was has been read whole, ``whole`` with what ``changed`` kept (so that what the copy has
and the bucket no longer has goes). The bucket counts as read once the watcher has given
the last message its stream had as the watch began, or one with nothing more pending
after it (nats-py's end-of-values marker may come before the values). Until then a
watcher silent for ``QUIET`` seconds is started again (one made as JetStream elects a
leader may never deliver); a watcher that stops (a NATS node lost) is started again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from .connect import REQUEST_WAIT

if TYPE_CHECKING:
    from nats.js.kv import KeyValue

WATCH_AGAIN = 1.0  # seconds before a watcher that stopped (a NATS node lost) starts again
QUIET = 5.0  # seconds a watcher may be silent before the bucket is read: then started again
LONG = 3600.0  # seconds a watcher is waited on once the bucket is read (then waited again)


async def watch(
    bucket: KeyValue,
    changed: Callable[[str, bytes], str | None],
    removed: Callable[[str], None],
    whole: Callable[[set[str]], None],
) -> None:
    """The bucket copied through ``changed`` and ``removed`` until cancelled; ``whole``
    called once, when it has been read whole."""
    from nats.errors import TimeoutError as NatsTimeout
    from nats.js.kv import KV_DEL, KV_PURGE

    read = False
    while True:
        watcher = None
        try:
            last = (await bucket.status()).stream_info.state.last_seq or 0
            watcher = await bucket.watchall()
            kept: set[str] = set()
            if last == 0 and not read:  # nothing there
                whole(kept)
                read = True
            while True:
                try:
                    entry = await watcher.updates(  # type: ignore[no-untyped-call]
                        LONG if read else QUIET
                    )
                except NatsTimeout:
                    if not read:
                        break  # silent before the bucket was read: started again
                    continue
                if entry is None:
                    continue
                if entry.operation in (KV_DEL, KV_PURGE):
                    removed(entry.key)
                else:
                    got = changed(entry.key, entry.value or b"")
                    if got is not None:
                        kept.add(got)
                if not read and (entry.revision >= last or entry.delta == 0):
                    whole(kept)
                    read = True
        except asyncio.CancelledError:
            raise
        except Exception:
            pass
        finally:
            if watcher is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(
                        watcher.stop(),  # type: ignore[no-untyped-call]
                        REQUEST_WAIT,
                    )
        await asyncio.sleep(WATCH_AGAIN)


async def stop(task: asyncio.Task[None] | None) -> None:
    """A watcher's task stopped (bounded: nats-py may take its cancellation for a
    timeout, and the task go on)."""
    if task is not None:
        task.cancel()
        await asyncio.wait([task], timeout=REQUEST_WAIT)
