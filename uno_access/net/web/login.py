"""Logging in from a browser: a name and its password (argon2, checked off the event loop
as ssh checks it), or a new name with the invite code (none on an ``--open`` server) and
a password chosen; then a session, named by a random cookie (kept beside the accounts:
``net.server.sessions``).

Failed logins go through the server's one ``Limiter``, by address and by name, as over
ssh: a right password is answered at once, whoever failed before it from that address or
for that name; a wrong one is answered after a wait that grows with the failures of its
address and its name. An address past ``LIMITED_AFTER`` failures in the limiter's window
(a flood, not a mistake) is refused at once (429), its password not even checked, so
that it cannot keep the server busy hashing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from ... import text
from ...access import messages
from ..server import Server, moderators, passwords
from ..server.accounts import login_keys

COOKIE = "uno_session"
LIMITED_AFTER = 20  # failed logins from one address in the limiter's window: a flood
wait = asyncio.sleep  # the wait after a failure (a test records it instead)


@dataclass(frozen=True, slots=True)
class LoginAnswer:
    """A login's answer: its HTTP status, and the name logged in (None: refused, why)."""

    status: int
    name: str | None = None
    reason: str = ""

    def body(self) -> dict[str, Any]:
        if self.name is not None:
            return {"ok": True}
        return {"ok": False, "reason": self.reason}


def _refused(status: int, reason: str) -> LoginAnswer:
    return LoginAnswer(status, None, reason)


def _read(body: object) -> tuple[str, str, str | None] | None:
    """The name, password and invite code of a login's JSON; None when it is not one."""
    if not isinstance(body, dict):
        return None
    name, password, invite = body.get("name"), body.get("password"), body.get("invite")
    if not isinstance(name, str) or not isinstance(password, str):
        return None
    if invite is not None and not isinstance(invite, str):
        return None
    return name, password, (invite.strip() or None) if invite is not None else None


async def log_in(server: Server, address: str, body: object) -> LoginAnswer:
    """The login of ``body`` (``{"name", "password", "invite"?}``) from ``address``: its
    answer, in the current language."""
    read = _read(body)
    if read is None:
        return _refused(400, messages.tr(messages.WEB_LOGIN_UNREADABLE))
    typed, password, invite = read
    name = text.name(typed)
    if not name:
        return _refused(400, messages.tr(messages.WEB_LOGIN_NO_NAME))
    limiter = server.limiter
    keys = login_keys(address, name)
    if limiter.recent(address) >= LIMITED_AFTER:
        return _refused(429, messages.tr(messages.WEB_LOGIN_LIMITED))

    async def failed(reason: str) -> LoginAnswer:
        """Counted for the address and the name; answered after the wait they earned."""
        limiter.login_failed(keys)
        delay = limiter.login_delay(keys)
        if delay:
            await wait(delay)
        return _refused(401, reason)

    accounts = server.accounts
    loop = asyncio.get_running_loop()
    owner = accounts.owner(name)
    if owner is not None:
        stored = accounts.password_of(owner)  # None: a key's alone, never matched
        if await loop.run_in_executor(None, passwords.matches, stored, password):
            banned = moderators.banned(accounts.moderation, owner)
            if banned is not None:
                return _refused(403, banned)
            accounts.seen(owner)
            return LoginAnswer(200, owner)
        return await failed(messages.tr(messages.WEB_LOGIN_WRONG))
    if invite is None and not server.open:
        return _refused(401, messages.web_login_invite(name))
    if not accounts.invited(invite, server.open):
        return await failed(messages.tr(messages.WEB_LOGIN_BAD_INVITE))
    refused = accounts.name_refused(name)
    if refused is not None:
        return _refused(401, refused)
    why = passwords.refused(password, password)
    if why is not None:
        return _refused(401, why)
    digest = await loop.run_in_executor(None, passwords.hashed, password)
    if not await accounts.claimed(name, None, digest):
        return _refused(401, messages.tr(messages.WEB_LOGIN_TAKEN))
    return LoginAnswer(200, name)
