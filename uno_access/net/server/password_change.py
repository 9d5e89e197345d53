"""``password`` in the lobby, the same whichever way the person came in: plain ssh (a
prompt that echoes nothing) or a browser (the page's password field), each asking by
its own ``ways.Way.read_hidden``.

The current password comes first, when the account has one: checked as a login checks
it (argon2, off the event loop), a wrong one counted as a failed login of that name, so
the next try, and the next login, waits longer (``accounts.Limiter``). Then the new one,
twice, held to the rules of ``passwords``. Of it only its argon2 hash is kept, and every
browser session of the person's ends but the one where it was changed
(``Accounts.set_password``). Nothing typed is ever said, shown or kept: the person hears
the outcome alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ...access import messages
from ..seat import awaited_on_loop, on_loop
from . import passwords
from .accounts import Accounts, Limiter, name_key
from .ways import Way

Say = Callable[[str], None]  # a line told to the person


async def change_password(
    name: str,
    way: Way,
    accounts: Accounts,
    limiter: Limiter | None,
    loop: asyncio.AbstractEventLoop,
    say: Say,
) -> None:
    """The ``password`` command of ``name``, asked by ``way``, told by ``say``."""
    unchanged = messages.tr(messages.NET_PASSWORD_UNCHANGED)
    say(way.choosing_password(name, passwords.SHORTEST))
    stored = on_loop(loop, accounts.password_of, name)
    if stored is not None:
        current = await way.read_hidden(messages.tr(messages.NET_CURRENT_PASSWORD_PROMPT), False)
        if current is None:
            say(unchanged)
            return
        if not await _matches(name, stored, current, limiter, loop):
            say(messages.tr(messages.NET_CURRENT_PASSWORD_WRONG))
            say(unchanged)
            return
    first = await way.read_hidden(messages.tr(messages.NET_NEW_PASSWORD_PROMPT), True)
    again = None
    if first is not None:
        again = await way.read_hidden(messages.tr(messages.NET_PASSWORD_AGAIN_PROMPT), True)
    if first is None or again is None:
        say(unchanged)
        return
    why = passwords.refused(first, again)
    if why is not None:
        say(why)
        say(unchanged)
        return
    digest = await asyncio.to_thread(passwords.hashed, first)  # a good part of a second
    if await awaited_on_loop(loop, accounts.password_changed(name, digest, way.kept_session)):
        say(messages.net_password_set(name))
    else:
        say(unchanged)


async def _matches(
    name: str,
    stored: str,
    typed: str,
    limiter: Limiter | None,
    loop: asyncio.AbstractEventLoop,
) -> bool:
    """Whether ``typed`` is ``name``'s password, after the wait their failed logins have
    earned; a wrong one is counted as one more."""
    key = name_key(name)
    if limiter is not None:
        delay = on_loop(loop, limiter.delay, key)
        if delay:
            await asyncio.sleep(delay)
    if await asyncio.to_thread(passwords.matches, stored, typed):
        return True
    if limiter is not None:
        on_loop(loop, limiter.failed, key)
    return False
