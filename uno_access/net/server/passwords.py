"""Passwords for the people without an SSH key: argon2 (argon2-cffi), the hash alone kept.

A password is never logged, echoed or kept: ``hashed`` makes the argon2id hash that
``accounts`` stores, ``matches`` checks a password against it. Both take a good part of
a second on purpose; the server runs them off its event loop (``run_in_executor``).
"""

from __future__ import annotations

import argon2
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ...access import messages

SHORTEST = 8  # characters
LONGEST = 200  # characters; a longer one is refused (hashing it would cost for nothing)

_HASHER = argon2.PasswordHasher()


def hashed(password: str) -> str:
    return _HASHER.hash(password)


def matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one whose hash is ``stored`` (None: no password)."""
    if stored is None or len(password) > LONGEST:
        return False
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def refused(password: str, again: str) -> str | None:
    """Why a new password (typed twice) is not taken, in words; None when it is."""
    if password != again:
        return messages.tr(messages.NET_PASSWORDS_DIFFER)
    if len(password) < SHORTEST:
        return messages.net_password_too_short(SHORTEST)
    if len(password) > LONGEST:
        return messages.net_password_too_long(LONGEST)
    return None
