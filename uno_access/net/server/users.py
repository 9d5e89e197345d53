"""``uno-access users list`` and ``uno-access users remove NAME``: the server's accounts,
read and changed in its data folder (``accounts.db``), while it runs or not.

A name removed is free again at once: its key, its password and its browsers' sessions
no longer log in (a connection already open stays until it ends).
"""

from __future__ import annotations

import getpass
import time
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from ... import text
from ...access import messages
from .accounts import ACCOUNTS_NAME, Accounts
from .moderation import Role

if TYPE_CHECKING:
    from ..cluster.connect import Access


class UsersError(ValueError):
    """What went wrong, in one line (``message``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _accounts(folder: Path) -> Accounts | None:
    if not folder.is_dir():
        raise UsersError(messages.users_no_folder(text.shown(str(folder), 200)))
    if not (folder / ACCOUNTS_NAME).exists():
        return None
    return Accounts(folder)


def fingerprint(key: str) -> str:
    """A public key (``algorithm base64``) as ``ssh-keygen -l`` names it (``SHA256:…``)."""
    try:
        return str(asyncssh.import_public_key(key).get_fingerprint())
    except (asyncssh.KeyImportError, ValueError):
        return text.shown(key, 60)


def listed(folder: Path) -> list[str]:
    """One line per account, by name; one line when there is none."""
    accounts = _accounts(folder)
    if accounts is None:
        return [messages.tr(messages.USERS_NONE)]
    try:
        users = accounts.users()
    finally:
        accounts.close()
    if not users:
        return [messages.tr(messages.USERS_NONE)]
    return [
        messages.users_line(
            text.name(user.name),
            None if user.key is None else fingerprint(user.key),
            user.password,
            None
            if user.seen is None
            else time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(user.seen)),
            user.role,
        )
        for user in users
    ]


def role_set(
    folder: Path,
    name: str,
    role: str,
    cluster: tuple[str, ...] | None = None,
    access: Access | None = None,
) -> str:
    """``name`` (any case) given ``role`` (operator, moderator, none: taken away), logged
    in the moderation log as done by the server's own user; the line that says so.
    ``UsersError``: no such name.

    The moderation of a server of a cluster is a copy of the cluster's: there, the role is
    set on the cluster too (``cluster``: its addresses), and every server's copy has it
    within a moment; without them, that is said and nothing is changed (a role set in the
    copy alone would be gone at the server's next start)."""
    from ..cluster.moderation import OFFERED

    accounts = _accounts(folder)
    owner = None if accounts is None else accounts.owner(text.name(name))
    made = []
    try:
        if accounts is None or owner is None:
            raise UsersError(messages.users_no_such(text.shown(name, 40)))
        if cluster is None and accounts.marked(OFFERED):
            raise UsersError(messages.users_role_cluster_copy(text.name(owner)))
        given = None if role == messages.ROLE_NONE else Role(role)
        accounts.moderation.on_row = lambda record, present: made.append((record, present))
        accounts.moderation.set_role(owner, given, getpass.getuser())
    finally:
        if accounts is not None:
            accounts.close()
    if cluster is not None:
        import asyncio

        from ..cluster.moderation import written_to

        if not asyncio.run(written_to(cluster, access, made)):
            raise UsersError(messages.users_cluster_unreachable(", ".join(cluster)))
    return messages.users_role_set(text.name(owner), role)


def removed(
    folder: Path,
    name: str,
    cluster: tuple[str, ...] | None = None,
    access: Access | None = None,
) -> str:
    """Forget ``name`` (any case); the line that says so. ``UsersError``: no such name.

    The accounts of a server of a cluster are a copy of the cluster's: there, a name is
    removed on the cluster (``cluster``: its addresses), and every server's copy forgets
    it within a moment; without them, that is said and nothing is changed."""
    accounts = _accounts(folder)
    gone = None
    if accounts is not None:
        try:
            if cluster is None and accounts.is_copy():
                raise UsersError(messages.users_cluster_copy(text.shown(name, 40)))
            if cluster is None:
                gone = accounts.remove(text.name(name))
        finally:
            accounts.close()
    if cluster is not None:
        import asyncio

        from ..cluster.accounts import removed_from

        answered, gone = asyncio.run(removed_from(cluster, access, text.name(name)))
        if not answered:
            raise UsersError(messages.users_cluster_unreachable(", ".join(cluster)))
    if gone is None:
        raise UsersError(messages.users_no_such(text.shown(name, 40)))
    return messages.users_removed(text.name(gone))
