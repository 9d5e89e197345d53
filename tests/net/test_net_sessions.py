"""Browsers' login sessions as the server keeps them (``net.server.sessions``), in the
accounts' own file: the time of day stood in for by a clock the test moves, nothing
slept.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from uno_access.net.server.accounts import Accounts
from uno_access.net.server.sessions import (
    IDLE,
    LONGEST,
    MOST_EACH,
    USE_WRITTEN,
    Sessions,
    digest,
)

START = 1_800_000_000.0  # a time of day, in seconds


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@dataclass
class Kept:
    """An accounts file with Ann's account, its sessions and the clock they go by."""

    accounts: Accounts
    clock: Clock

    @property
    def sessions(self) -> Sessions:
        return self.accounts.sessions


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[Kept]:
    clock = Clock()
    accounts = Accounts(tmp_path, clock)
    assert accounts.claim("Ann", None, "hash")
    try:
        yield Kept(accounts, clock)
    finally:
        accounts.close()


def test_a_session_names_its_person_until_it_ends(kept: Kept) -> None:
    token = kept.sessions.begin("Ann")
    assert kept.sessions.use(token) == "Ann"
    assert kept.sessions.use(token + "x") is None
    assert kept.sessions.use("") is None and kept.sessions.use(None) is None
    kept.sessions.end(token)
    assert kept.sessions.use(token) is None


def test_a_session_unused_for_the_idle_period_has_ended_and_each_use_moves_it_on(
    kept: Kept,
) -> None:
    used, unused = kept.sessions.begin("Ann"), kept.sessions.begin("Ann")
    for _ in range(2):  # used just in time, twice: still there (past IDLE since it began)
        kept.clock.now += IDLE - USE_WRITTEN
        assert kept.sessions.use(used) == "Ann"
    assert kept.sessions.use(unused) is None  # unused all that time: ended
    kept.clock.now += IDLE
    assert kept.sessions.use(used) is None


def test_a_session_ends_at_its_longest_however_often_it_is_used(kept: Kept) -> None:
    token = kept.sessions.begin("Ann")
    while kept.clock.now + IDLE / 2 < START + LONGEST:
        kept.clock.now += IDLE / 2
        assert kept.sessions.use(token) == "Ann"
    kept.clock.now = START + LONGEST
    assert kept.sessions.use(token) is None


def test_a_changed_password_ends_every_session_but_the_one_that_changed_it(kept: Kept) -> None:
    here, elsewhere = kept.sessions.begin("Ann"), kept.sessions.begin("ann")
    assert kept.accounts.set_password("ann", "new hash", keep=digest(here))
    assert kept.sessions.use(here) == "Ann"
    assert kept.sessions.use(elsewhere) is None
    assert kept.accounts.set_password("Ann", "newer hash")  # over ssh: no session kept
    assert kept.sessions.use(here) is None


def test_a_removed_account_has_no_session_left(kept: Kept) -> None:
    token = kept.sessions.begin("Ann")
    assert kept.accounts.remove("ann") == "Ann"
    assert kept.accounts.claim("ann", None, "another person's hash")  # the name, free again
    assert kept.sessions.use(token) is None


def test_a_person_keeps_at_most_their_newest_sessions(kept: Kept) -> None:
    tokens = []
    for _ in range(MOST_EACH + 2):
        kept.clock.now += 1
        tokens.append(kept.sessions.begin("Ann"))
    assert [kept.sessions.use(t) for t in tokens[:2]] == [None, None]
    assert all(kept.sessions.use(t) == "Ann" for t in tokens[2:])


def test_sessions_are_kept_in_the_accounts_file_across_a_restart(
    kept: Kept, tmp_path: Path
) -> None:
    token = kept.sessions.begin("Ann")
    kept.accounts.close()
    kept.accounts = Accounts(tmp_path, kept.clock)  # closed by the fixture
    assert kept.sessions.use(token) == "Ann"


def test_the_file_holds_the_tokens_digest_and_never_the_token(kept: Kept, tmp_path: Path) -> None:
    tokens = [kept.sessions.begin("Ann") for _ in range(3)]
    kept.accounts.close()
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("accounts.db*"))
    for token in tokens:
        assert token.encode() not in stored
        assert digest(token).encode() in stored
