"""Browsers' login sessions of a cluster: a browser logged in on one server is logged in
on every server, so that the web page behind one name (a proxy sending each request to
any server) keeps its person logged in.

The bucket ``uno-sessions`` (replicated as the others) keeps them, a session a key
(``sessions.<name>.<digest>``, the name folded as the accounts fold it, in hex; the
digest is the SHA-256 of the browser's token, all that any file keeps of it); the
``sessions`` table of each server's ``accounts.db`` is a copy of it, kept as the friends
are (``mirror.SharedRows``). A session begun, used (written at most once an hour),
logged out or ended with its password is so on every server within a moment. A password
changed ends its person's sessions on the server where it changed, but the one that
changed it, and those endings reach the others (which end none of their own for it).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from ...access import messages
from ..server.accounts import fold
from ..server.sessions import Session
from . import mirror, names

if TYPE_CHECKING:
    from nats.js.kv import KeyValue

    from ..server.accounts import Accounts

DIGEST = re.compile(r"[0-9a-f]{64}")


def session_key(session: Session) -> str:
    return f"sessions.{fold(session.name).encode('utf-8').hex()}.{session.digest}"


def session_data(session: Session) -> bytes:
    return json.dumps({"name": session.name, "begun": session.begun, "used": session.used}).encode(
        "utf-8"
    )


def session_read(key: str, data: bytes) -> Session | None:
    """The session under ``key``; None for anything else (never raises)."""
    digest = key.rpartition(".")[2]
    try:
        raw = json.loads(data)
        session = Session(digest, str(raw["name"]), float(raw["begun"]), float(raw["used"]))
    except (ValueError, KeyError, TypeError):
        return None
    if not DIGEST.fullmatch(digest) or not session.name:
        return None
    return session if session_key(session) == key else None  # a key not its own: forged


def _session_of(key: str) -> Session | None:
    """The session a key names (its digest, all that ending it needs)."""
    digest = key.rpartition(".")[2]
    return Session(digest, "", 0.0, 0.0) if DIGEST.fullmatch(digest) else None


class SharedSessions(mirror.SharedRows[Session]):
    """This server's part in the cluster's browsers' sessions."""

    BUCKET = names.SESSIONS
    OFFERED = "cluster-sessions"
    NOT_READ = messages.CLUSTER_SESSIONS_NOT_READ
    TASK = "the cluster's sessions"
    ROWS = mirror.Rows(session_key, session_data, session_read, _session_of)

    @classmethod
    def store_of(cls, accounts: Accounts) -> mirror.Store[Session]:
        return accounts.sessions


async def forget_sessions(bucket: KeyValue, name: str) -> None:
    """``name``'s sessions deleted from the cluster's bucket (their account removed)."""
    await mirror.forget_rows(bucket, name, fold)
