"""Work a cluster server starts and does not wait for (``quietly``): a write to NATS whose
failure is made good later (a renewal, a look, another server), so it is not said."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


def quietly(tasks: set[asyncio.Task[None]], work: Coroutine[Any, Any, Any]) -> None:
    """``work`` done on the running loop, its failure kept quiet; its task kept in
    ``tasks`` until it is done (a task nothing refers to may be collected unfinished)."""

    async def done_quietly() -> None:
        with contextlib.suppress(Exception):
            await work

    task = asyncio.get_running_loop().create_task(done_quietly())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
