"""Browsers' login sessions as the server keeps them (``net.server.sessions``), in the
accounts' own file: the time of day stood in for by a clock the test moves, nothing
slept.
"""

from __future__ import annotations

from pathlib import Path

from uno_access.net.server.accounts import Accounts
from uno_access.net.server.sessions import IDLE, LONGEST, MOST_EACH, USE_WRITTEN, digest

START = 1_800_000_000.0  # a time of day, in seconds


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def _accounts(folder: Path) -> tuple[Accounts, Clock]:
    clock = Clock()
    accounts = Accounts(folder, clock)
    assert accounts.claim("Ann", None, "hash")
    return accounts, clock


def test_a_session_names_its_person_until_it_ends(tmp_path: Path) -> None:
    accounts, _ = _accounts(tmp_path)
    sessions = accounts.sessions
    token = sessions.begin("Ann")
    assert sessions.use(token) == "Ann"
    assert sessions.use(token + "x") is None
    assert sessions.use("") is None and sessions.use(None) is None
    sessions.end(token)
    assert sessions.use(token) is None
    accounts.close()


def test_a_session_unused_for_the_idle_period_has_ended_and_each_use_moves_it_on(
    tmp_path: Path,
) -> None:
    accounts, clock = _accounts(tmp_path)
    sessions = accounts.sessions
    kept, dropped = sessions.begin("Ann"), sessions.begin("Ann")
    for _ in range(2):  # used just in time, twice: still there (past IDLE since it began)
        clock.now += IDLE - USE_WRITTEN
        assert sessions.use(kept) == "Ann"
    assert sessions.use(dropped) is None  # unused all that time: ended
    clock.now += IDLE
    assert sessions.use(kept) is None
    accounts.close()


def test_a_session_ends_at_its_longest_however_often_it_is_used(tmp_path: Path) -> None:
    accounts, clock = _accounts(tmp_path)
    sessions = accounts.sessions
    token = sessions.begin("Ann")
    while clock.now + IDLE / 2 < START + LONGEST:
        clock.now += IDLE / 2
        assert sessions.use(token) == "Ann"
    clock.now = START + LONGEST
    assert sessions.use(token) is None
    accounts.close()


def test_a_changed_password_ends_every_session_but_the_one_that_changed_it(
    tmp_path: Path,
) -> None:
    accounts, _ = _accounts(tmp_path)
    sessions = accounts.sessions
    here, elsewhere = sessions.begin("Ann"), sessions.begin("ann")
    assert accounts.set_password("ann", "new hash", keep=digest(here))
    assert sessions.use(here) == "Ann"
    assert sessions.use(elsewhere) is None
    assert accounts.set_password("Ann", "newer hash")  # over ssh: no session kept
    assert sessions.use(here) is None
    accounts.close()


def test_a_removed_account_has_no_session_left(tmp_path: Path) -> None:
    accounts, _ = _accounts(tmp_path)
    token = accounts.sessions.begin("Ann")
    assert accounts.remove("ann") == "Ann"
    assert accounts.claim("ann", None, "another person's hash")  # the name, free again
    assert accounts.sessions.use(token) is None
    accounts.close()


def test_a_person_keeps_at_most_their_newest_sessions(tmp_path: Path) -> None:
    accounts, clock = _accounts(tmp_path)
    tokens = []
    for _ in range(MOST_EACH + 2):
        clock.now += 1
        tokens.append(accounts.sessions.begin("Ann"))
    assert [accounts.sessions.use(t) for t in tokens[:2]] == [None, None]
    assert all(accounts.sessions.use(t) == "Ann" for t in tokens[2:])
    accounts.close()


def test_sessions_are_kept_in_the_accounts_file_across_a_restart(tmp_path: Path) -> None:
    accounts, clock = _accounts(tmp_path)
    token = accounts.sessions.begin("Ann")
    accounts.close()
    again = Accounts(tmp_path, clock)
    assert again.sessions.use(token) == "Ann"
    again.close()


def test_the_file_holds_the_tokens_digest_and_never_the_token(tmp_path: Path) -> None:
    accounts, _ = _accounts(tmp_path)
    tokens = [accounts.sessions.begin("Ann") for _ in range(3)]
    accounts.close()
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("accounts.db*"))
    for token in tokens:
        assert token.encode() not in stored
        assert digest(token).encode() in stored
