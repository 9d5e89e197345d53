"""The accounts of a cluster: one name, one key and one password on every server.

The cluster's accounts are the key-value bucket ``uno-accounts`` (replicated as the
others); each server's ``accounts.db`` is a copy of it, kept by a watcher, so that every
login is checked at once, on the server's own file, as a server alone checks it. Its
keys:

- ``name.<the name's hex>``: an account, as JSON: its name as spelt, its public key (or
  none), the argon2 hash of its password (or none), and when it was made (which account it
  is: a name removed and claimed again is another). The name is folded as the accounts
  file folds it (ASCII letters' case), so that ``Ann`` and ``ann`` are one key.
- ``key.<the public key's SHA-256>``: the name a public key belongs to (one key, one
  name on the whole cluster).
- ``invite``: the cluster's invite code, the one every server asks of a new person (the
  code of the first server that joined; each server offers its own as it starts, and
  the first offered is kept).

A claim creates the key's entry, then the name's (JetStream's create: exactly one of
two servers claiming one name at once has it), and is undone where the second fails; a
password changed updates the name's entry at the revision read (a change made meanwhile
elsewhere is not overwritten). A claim or change whose answer was lost (a NATS node
lost) and is tried again finds its own entry there and is taken as done. Each change
reaches the other servers' copies through their watchers within a moment; until it has,
a person logging in there is checked against the copy as it was.

Accounts a server had before it joined (its ``accounts.db`` from running alone) are
offered to the cluster as it first joins: each name the cluster does not have yet is
created; where it has one, the cluster's account replaces the one here. From then on the
file is marked a copy, and never offered again (a copy is the cluster's already).

Friends, blocks, messages waiting and lobby choices are shared as well (``social``), the
moderation (``moderation``), the results (``results``) and the browsers' sessions
(``sessions``) and the tournaments (``tournaments``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...access import messages
from ..server.accounts import COPY, fold
from . import mirror, names
from .connect import REQUEST_WAIT
from .mirror import FIRST_COPY_WAIT

if TYPE_CHECKING:
    from nats.js.client import JetStreamContext
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts
    from .connect import Access

NAME_PREFIX = "name."
KEY_PREFIX = "key."
INVITE_ENTRY = "invite"
INVITE_CODE = re.compile(r"[0-9A-Za-z_-]{1,64}")  # an invite code read: anything else forged


def name_entry(name: str) -> str:
    """The bucket's key of the account ``name``: folded as the accounts file folds it."""
    return NAME_PREFIX + fold(name).encode("utf-8").hex()


def key_entry(key: str) -> str:
    """The bucket's key of the public key ``key`` (``algorithm base64``)."""
    return KEY_PREFIX + hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Account:
    """One account as the cluster keeps it."""

    name: str
    key: str | None
    password: str | None  # the argon2 hash
    created: float

    def data(self) -> bytes:
        return json.dumps(
            {"name": self.name, "key": self.key, "password": self.password, "created": self.created}
        ).encode("utf-8")

    @classmethod
    def read(cls, data: bytes) -> Account | None:
        """The account in ``data``; None for anything else (never raises)."""
        try:
            raw = json.loads(data)
            name, key, password, created = (
                raw["name"],
                raw["key"],
                raw["password"],
                raw["created"],
            )
        except (ValueError, KeyError, TypeError):
            return None
        if not isinstance(name, str) or not name or not isinstance(created, int | float):
            return None
        if not isinstance(key, str | None) or not isinstance(password, str | None):
            return None
        return cls(name, key, password, float(created))


class SharedAccounts:
    """This server's part in the cluster's accounts: its copy kept, its changes made."""

    def __init__(self, js: JetStreamContext, bucket: KeyValue, accounts: Accounts) -> None:
        self.js = js
        self.bucket = bucket
        self.accounts = accounts
        self._watching: asyncio.Task[None] | None = None
        # entries this server is writing: made here as the write returns, not by the
        # watcher (which may see them first)
        self._writing: dict[str, bytes] = {}
        self._claiming: set[str] = set()  # names being claimed here: kept by ``keep_only``

    @classmethod
    async def start(
        cls, js: JetStreamContext, accounts: Accounts, patience: float = FIRST_COPY_WAIT
    ) -> SharedAccounts:
        """The accounts here offered to the cluster, then the cluster's copied here (once
        whole before this returns), and watched. A cluster whose JetStream is still
        electing its leaders (the whole cluster started again) is waited for, ``patience``
        seconds at most; then ``ClusterError`` says why."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        shared = cls(js, await js.key_value(names.ACCOUNTS), accounts)
        # offered once, as the server first joins; marked a copy (``is_copy``), so that
        # ``uno-access users remove`` then asks for the cluster
        await mirror.offered_once(accounts, COPY, shared._offer, deadline)
        await shared._offer_invite()
        copied: asyncio.Future[None] = loop.create_future()
        watching = mirror.watch(
            shared.bucket,
            shared._changed,
            shared._removed,
            lambda seen: shared._copied(seen, copied),
        )
        shared._watching = loop.create_task(watching, name="uno-access the cluster's accounts")
        why = messages.tr(messages.CLUSTER_ACCOUNTS_NOT_READ)
        await mirror.copied_by(copied, deadline, shared.close, why)
        return shared

    async def close(self) -> None:
        """The watcher stopped."""
        task, self._watching = self._watching, None
        await mirror.stop(task)

    # ------------------------------------------------------------------ the copy here

    async def _offer(self) -> None:
        """Each account here that the cluster does not have, created there."""
        from nats.js.errors import KeyWrongLastSequenceError

        for name, key, password, created in self.accounts.records():
            account = Account(name, key, password, created)
            with contextlib.suppress(KeyWrongLastSequenceError):
                await self.bucket.create(name_entry(name), account.data())
                if key is not None:
                    with contextlib.suppress(KeyWrongLastSequenceError):
                        await self.bucket.create(key_entry(key), name.encode("utf-8"))

    async def _offer_invite(self) -> None:
        """This server's invite code offered as the cluster's, kept only if it has none
        (not answering: the code the watcher reads, or this server's own until then)."""
        with contextlib.suppress(Exception):  # made already (the first kept), or no answer
            await self.bucket.create(INVITE_ENTRY, self.accounts.invite.encode("utf-8"))

    def _copied(self, seen: set[str], copied: asyncio.Future[None]) -> None:
        """The bucket read whole: the accounts it does not have removed here."""
        self.accounts.keep_only(seen | self._claiming)
        if not copied.done():
            copied.set_result(None)

    def _removed(self, entry: str) -> None:
        if entry.startswith(NAME_PREFIX):
            with contextlib.suppress(ValueError):
                self.accounts.remove(bytes.fromhex(entry[len(NAME_PREFIX) :]).decode("utf-8"))

    def _changed(self, entry: str, data: bytes) -> str | None:
        """An account of the bucket copied here; its name (None: not an account). The
        cluster's invite code taken as this server's."""
        if entry == INVITE_ENTRY:
            code = data.decode("utf-8", "replace")
            if INVITE_CODE.fullmatch(code):
                self.accounts.set_invite(code)
            return None
        account = Account.read(data) if entry.startswith(NAME_PREFIX) else None
        if account is None:
            return None
        if self._writing.get(entry) != data:  # not this server's own, made as it returns
            self.accounts.copy(account.name, account.key, account.password, account.created)
        return account.name

    # ---------------------------------------------------------- changes, made there

    async def claim(self, name: str, key: str | None, password: str | None) -> bool:
        """``name`` given to ``key`` (or the password of hash ``password``) on the whole
        cluster, and here; False when the name or the key is taken (or looks like a name
        taken, or the cluster cannot be reached: nothing is made)."""
        if self.accounts.exists(name) or self.accounts.name_refused(name) is not None:
            return False
        if key is not None and self.accounts.name_of(key) is not None:
            return False
        account = Account(name, key, password, time.time())
        self._writing[name_entry(name)] = account.data()
        self._claiming.add(name)
        try:
            return await self._claim(account)
        finally:
            self._writing.pop(name_entry(name), None)
            self._claiming.discard(name)

    async def _claim(self, account: Account) -> bool:
        """The key's entry, then the name's; the key's taken back if the name's is not
        made (taken, or no answer), so that no key is left to a name nobody has."""
        from nats.js.errors import KeyWrongLastSequenceError

        name, key = account.name, account.key
        key_made = False
        try:
            if key is not None:
                try:
                    await self.bucket.create(key_entry(key), name.encode("utf-8"))
                except KeyWrongLastSequenceError:
                    if not await self._holds(key_entry(key), name.encode("utf-8")):
                        return False
                key_made = True
            try:
                await self.bucket.create(name_entry(name), account.data())
            except KeyWrongLastSequenceError:
                if not await self._holds(name_entry(name), account.data()):
                    raise
        except Exception:
            if key_made and key is not None:
                with contextlib.suppress(Exception):
                    await self.bucket.delete(key_entry(key))
            return False
        return self.accounts.claim(name, key, account.password, created=account.created)

    async def _holds(self, entry: str, data: bytes) -> bool:
        """Whether the bucket's ``entry`` is ``data``: a write of ours whose answer was lost
        and that was tried again."""
        try:
            found = await self.bucket.get(entry)
        except Exception:
            return False
        return found.value == data

    async def set_password(self, name: str, password: str, keep: str | None = None) -> bool:
        """``name``'s password is the one of hash ``password`` on the whole cluster, and here
        (``Accounts.set_password``); False: no such account, or the cluster unreachable."""
        try:
            entry = await self.bucket.get(name_entry(name))
        except Exception:
            return False
        account = Account.read(entry.value or b"")
        if account is None:
            return False
        changed = Account(account.name, account.key, password, account.created)
        self._writing[name_entry(name)] = changed.data()
        try:
            await self.bucket.update(name_entry(name), changed.data(), last=entry.revision)
            return self.accounts.set_password(name, password, keep)
        except Exception:
            return False
        finally:
            self._writing.pop(name_entry(name), None)

    async def remove(self, name: str) -> str | None:
        """``name``'s account forgotten on the whole cluster, and here (``Accounts.remove``):
        the name as it was; None: no such account (or the cluster unreachable)."""
        gone = await forget(self.js, name)
        if gone is not None:
            self.accounts.remove(gone)
        return gone


async def forget(js: JetStreamContext, name: str) -> str | None:
    """``name``'s account, and its key's entry, deleted from the cluster's bucket (every
    server's watcher then forgets it), its friends, blocks, letters and choices from
    ``uno-social``, its role and sanctions from ``uno-moderation``, its browsers' sessions
    from ``uno-sessions``: the name as it was;
    None: no such account (or the cluster unreachable)."""
    from .moderation import forget_records
    from .sessions import forget_sessions
    from .social import forget_rows

    try:
        bucket = await js.key_value(names.ACCOUNTS)
        entry = await bucket.get(name_entry(name))
    except Exception:
        return None
    account = Account.read(entry.value or b"")
    if account is None:
        return None
    try:
        await bucket.delete(name_entry(name), last=entry.revision)
    except Exception:
        return None
    if account.key is not None:
        with contextlib.suppress(Exception):
            await bucket.delete(key_entry(account.key))
    with contextlib.suppress(Exception):
        await forget_rows(await js.key_value(names.SOCIAL), account.name)
    with contextlib.suppress(Exception):
        await forget_records(await js.key_value(names.MODERATION), account.name)
    with contextlib.suppress(Exception):
        await forget_sessions(await js.key_value(names.SESSIONS), account.name)
    return account.name


async def removed_from(
    urls: tuple[str, ...], access: Access | None, name: str
) -> tuple[bool, str | None]:
    """``uno-access users remove NAME --cluster URLS``: (whether the cluster answered, the
    name removed or None: no such account there)."""
    from .connect import close, connect

    try:
        client = await connect(urls, access=access)
    except Exception:
        return False, None
    try:
        return True, await forget(client.jetstream(timeout=REQUEST_WAIT), name)
    except Exception:
        return False, None
    finally:
        await close(client)
