"""Accounts end to end: passwords (argon2) for those without a key, asked by the real
OpenSSH client in a pseudo-terminal (keyboard-interactive, as it asks first, and the plain
password method), the lobby's ``password`` command, and ``uno-access users list/remove``
on the data folder of a running server.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pexpect
import pytest
from net_ssh import ROOT, PasswordSsh, Server, Ssh, Terminal, keypair

from uno_access.access import messages
from uno_access.net import server as net_server
from uno_access.net.server import passwords
from uno_access.net.server.accounts import ACCOUNTS_NAME, MOST_DELAY, Accounts
from uno_access.net.server.tables import Lobby

SECRET = "correct horse 7"  # typed at the password prompts: it must never be shown


@pytest.fixture
def closing() -> Iterator[list[Terminal | Server]]:
    opened: list[Terminal | Server] = []
    yield opened
    for thing in reversed(opened):
        if isinstance(thing, Terminal):
            thing.close()
        else:
            err = thing.stop()
            assert "Traceback" not in err, err
            assert SECRET not in err


def _users(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_access", "users", *args, "--data", str(data)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=str(ROOT),
    )


def _choose_password(who: Terminal, first: str = SECRET, again: str = SECRET) -> None:
    who.sees("New password:")  # after the reason the last one was refused, if it was
    who.line(first)
    who.sees("The same password again:")
    who.line(again)


def test_a_new_person_without_a_key_gives_the_invite_code_then_chooses_a_password(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    data = tmp_path / "server"
    server = Server(data)
    closing.append(server)
    dora = PasswordSsh(server.port, "dora")
    closing.append(dora)
    dora.sees(re.escape(messages.net_invite_asked("dora")))
    dora.sees("Invite code: ")
    dora.line(server.invite or "")
    dora.sees(re.escape(messages.net_choose_password("dora", 8)))
    _choose_password(dora, "short", "short")  # refused in words, and asked again
    dora.sees(re.escape(messages.net_password_too_short(8)) + " New password: ")
    dora.line(SECRET)
    dora.sees("The same password again: ")
    dora.line(SECRET + "x")
    dora.sees(re.escape(messages.NET_PASSWORDS_DIFFER))
    _choose_password(dora)
    dora.sees("Welcome, dora")
    dora.prompt()
    dora.line("quit")
    dora.child.expect(pexpect.EOF)
    assert SECRET not in dora.text()  # never echoed
    # the file and its write-ahead log, whatever is not yet copied back from it
    stored = b"".join(path.read_bytes() for path in data.glob(ACCOUNTS_NAME + "*"))
    assert SECRET.encode() not in stored and b"$argon2id$" in stored  # the hash alone

    back = PasswordSsh(server.port, "dora")  # ever after: her password
    closing.append(back)
    back.sees(re.escape(messages.net_password_prompt("dora")))
    back.line(SECRET)
    back.sees("Welcome, dora")
    back.close()

    plain = PasswordSsh(server.port, "dora", "password")  # the plain password method too
    closing.append(plain)
    plain.sees("password: ")
    plain.line(SECRET)
    plain.sees("Welcome, dora")
    assert SECRET not in back.text() + plain.text()


def test_a_wrong_password_is_refused_and_repeated_failures_are_slowed(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    server = Server(tmp_path / "server", "--open")
    closing.append(server)
    dora = PasswordSsh(server.port, "dora")  # an open server: no invite code asked
    closing.append(dora)
    dora.sees(re.escape(messages.net_choose_password("dora", 8)))
    _choose_password(dora)
    dora.sees("Welcome, dora")
    dora.close()

    wrong = PasswordSsh(server.port, "dora")
    closing.append(wrong)
    for attempt in range(3):  # OpenSSH asks three times, then gives up
        wrong.sees(re.escape(messages.net_password_prompt("dora")))
        start = time.monotonic()
        wrong.line(f"not it {attempt}")
    wrong.sees("Permission denied")
    slowed = time.monotonic() - start
    assert slowed >= 1.0, slowed  # the third failure within a minute is answered after 1 s
    assert "Welcome" not in wrong.text()
    again = PasswordSsh(server.port, "dora")  # the right password: answered at once
    closing.append(again)
    again.sees(re.escape(messages.net_password_prompt("dora")))
    again.line(SECRET)
    again.sees("Welcome, dora")


def test_the_password_command_gives_a_key_account_a_password_typed_unseen(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    server = Server(tmp_path / "server", "--open")
    closing.append(server)
    key = keypair(tmp_path, "ann")
    ann = Ssh(server.port, key, "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("password")
    ann.sees(re.escape(messages.net_choose_password("ann", 8)))
    _choose_password(ann, SECRET, "something else")
    ann.sees(re.escape(messages.NET_PASSWORDS_DIFFER))
    ann.sees(re.escape(messages.NET_PASSWORD_UNCHANGED))
    ann.prompt()
    ann.line("password")
    arrow = SECRET[:4] + "\x1b[D" + SECRET[4:]  # a key that is no character adds none
    _choose_password(ann, arrow, SECRET)
    ann.sees(re.escape(messages.net_password_set("ann")))
    ann.prompt()
    assert SECRET not in ann.text()
    ann.line("quit")
    ann.child.expect(pexpect.EOF)

    keyless = PasswordSsh(server.port, "ann")  # from a computer without her key
    closing.append(keyless)
    keyless.sees(re.escape(messages.net_password_prompt("ann")))
    keyless.line(SECRET)
    keyless.sees("Welcome, ann")
    keyless.close()
    with_key = Ssh(server.port, key, "ann")  # and her key still logs her in
    closing.append(with_key)
    with_key.sees("Welcome, ann")


def test_the_password_command_asks_the_current_password_first_once_there_is_one(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    """The browser's ``password`` and this one are the same code: a wrong current password,
    typed unseen, changes nothing."""
    server = Server(tmp_path / "server", "--open")
    closing.append(server)
    ann = Ssh(server.port, keypair(tmp_path, "ann"), "ann")
    closing.append(ann)
    ann.prompt()
    ann.line("password")
    _choose_password(ann)
    ann.sees(re.escape(messages.net_password_set("ann")))
    ann.prompt()
    ann.line("password")
    ann.sees(re.escape(messages.net_choose_password("ann", 8)))
    ann.sees(re.escape(messages.tr(messages.NET_CURRENT_PASSWORD_PROMPT).strip()))
    ann.line("not my password")
    ann.sees(re.escape(messages.tr(messages.NET_CURRENT_PASSWORD_WRONG)))
    ann.sees(re.escape(messages.NET_PASSWORD_UNCHANGED))
    ann.prompt()
    assert "not my password" not in ann.text() and SECRET not in ann.text()


def test_users_list_and_remove_work_on_the_folder_of_a_running_server(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    data = tmp_path / "server"
    server = Server(data)
    closing.append(server)
    key = keypair(tmp_path, "ann")
    ann = Ssh(server.port, key, f"ann+{server.invite}")
    closing.append(ann)
    ann.sees("Welcome, ann")
    dora = PasswordSsh(server.port, f"dora+{server.invite}")  # the code given after the name
    closing.append(dora)
    _choose_password(dora)
    dora.sees("Welcome, dora")
    dora.line("quit")
    dora.child.expect(pexpect.EOF)

    listed = _users(data, "list")
    assert listed.returncode == 0 and listed.stderr == "", listed
    fingerprint = subprocess.run(
        ["ssh-keygen", "-l", "-f", f"{key}.pub"], capture_output=True, text=True, check=True
    ).stdout.split()[1]
    lines = listed.stdout.splitlines()
    assert len(lines) == 2, lines
    when = r"\d{4}-\d\d-\d\d \d\d:\d\d UTC"
    assert re.fullmatch(
        rf"ann: key {re.escape(fingerprint)}, no password, last seen {when}\.", lines[0]
    ), lines
    assert re.fullmatch(r"dora: no key, password set, last seen .+ UTC\.", lines[1]), lines

    gone = _users(data, "remove", "DORA")  # any case, as names are matched
    assert gone.returncode == 0 and gone.stdout.strip() == messages.users_removed("dora"), gone
    assert "dora" not in _users(data, "list").stdout
    bad = _users(data, "remove", "nobody")
    assert bad.returncode != 0 and bad.stdout == ""
    assert bad.stderr.strip() == "uno-access: " + messages.users_no_such("nobody")
    with sqlite3.connect(data / ACCOUNTS_NAME) as db:
        assert db.execute("SELECT count(*) FROM accounts").fetchone() == (1,)

    again = PasswordSsh(server.port, "dora")  # her password no longer logs her in:
    closing.append(again)
    for _ in range(3):
        again.sees("Invite code: ")  # the name is free again, for whoever has the code
        again.line(SECRET)
    again.sees("Permission denied")
    assert "Welcome" not in again.text()


def test_with_the_plain_password_method_a_new_person_gives_the_invite_code_then_a_new_one(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    data = tmp_path / "server"
    server = Server(data)
    closing.append(server)
    invite = server.invite or ""
    zed = PasswordSsh(server.port, "zed", "password")
    closing.append(zed)
    zed.sees("zed@127.0.0.1's password: ")
    zed.line(invite)  # the invite code as the password: the server asks for a new one
    zed.sees(re.escape(messages.net_choose_password("zed", 8)))
    zed.sees("old password: ")  # OpenSSH asks the old one again: the invite code
    zed.line(invite)
    zed.sees("new password: ")
    zed.line(SECRET)
    zed.sees("Retype [^\r\n]*new password: ")
    zed.line(SECRET)
    zed.sees("Welcome, zed")
    zed.close()
    back = PasswordSsh(server.port, "zed")
    closing.append(back)
    back.sees(re.escape(messages.net_password_prompt("zed")))
    back.line(invite)  # the invite code is no password of his
    back.sees(re.escape(messages.net_password_prompt("zed")))
    back.line(SECRET)
    back.sees("Welcome, zed")
    assert SECRET not in zed.text() + back.text()


def test_a_name_removed_and_claimed_again_by_another_key_is_not_given_the_old_seat(
    tmp_path: Path, closing: list[Terminal | Server]
) -> None:
    """A held seat is its account's, not its name's: nor its hand."""
    data = tmp_path / "server"
    server = Server(data, "--open", "--seed", "3", "--bot-pace", "5")
    closing.append(server)
    ann = Ssh(server.port, keypair(tmp_path, "ann"), "ann")
    bob = Ssh(server.port, keypair(tmp_path, "bob"), "bob")
    closing += [ann, bob]
    ann.prompt()
    bob.prompt()
    ann.line("new")
    ann.sees("You made table 1")
    bob.line("join 1")
    bob.sees("You sit at table 1, seat 2")
    ann.line("start")
    bob.sees("You are dealt 7 cards: ")
    bob.close()  # his connection drops: his seat is held for him
    ann.sees("bob's connection dropped")
    gone = _users(data, "remove", "bob")
    assert gone.returncode == 0, gone
    (tmp_path / "other").mkdir()
    other = Ssh(server.port, keypair(tmp_path / "other", "bob"), "bob")  # another key
    closing.append(other)
    other.sees("Welcome, bob")
    other.prompt()
    other.line("join 1")
    other.sees(re.escape(messages.net_table_started(1)))
    seen = other.text()
    assert "You are back" not in seen and "Your hand" not in seen and "dealt" not in seen


def test_the_owner_never_waits_for_failures_of_others_at_their_address_or_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Failures are answered after a wait (per address, and per name asked for); the
    owner's right key or password is answered at once, however many failed before it
    from the same address or for the same name. The waits are recorded, not slept."""
    waited: list[float] = []

    async def recorded(delay: float) -> None:
        waited.append(delay)

    monkeypatch.setattr(asyncio, "sleep", recorded)  # the server calls asyncio.sleep

    async def go() -> None:
        accounts = Accounts(tmp_path)
        lobby = Lobby(asyncio.get_running_loop())
        server = net_server.Server(accounts, lobby, open_=False)
        key = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
        stranger = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
        assert accounts.claim("ann", net_server._key_text(key))
        hashed = passwords.hashed(SECRET)
        assert accounts.claim("dora", None, hashed)
        try:
            for name in ("ann", "dora"):
                connection = net_server._Connection(server)
                connection.peer = "192.0.2.7"  # behind the same router
                for _ in range(6):
                    assert not await connection.validate_password(name, "a wrong guess")
                assert waited[-1] == MOST_DELAY  # each failure answered later and later
                waited.clear()
            owner = net_server._Connection(server)
            owner.peer = "192.0.2.7"
            assert await owner.validate_public_key("ann", key)
            assert await owner.validate_password("dora", SECRET)
            assert waited == []  # at once
            assert not await owner.validate_public_key("ann", stranger)
            assert waited == [MOST_DELAY]
        finally:
            accounts.close()

    asyncio.run(go())


def test_an_account_copied_from_a_cluster_leaves_no_write_open_on_the_file(
    tmp_path: Path,
) -> None:
    """A new account copied in (``Accounts.copy``, a cluster's watcher) forgets what an
    earlier one of that name left, and commits it: ``uno-access users`` writes the same
    file beside the running server, and was told it was in use by another program."""
    accounts = Accounts(tmp_path)
    accounts.copy("eve", None, None, 1000.0)
    assert not accounts._db.in_transaction
    beside = sqlite3.connect(tmp_path / ACCOUNTS_NAME, timeout=0.5)
    try:
        beside.execute("BEGIN IMMEDIATE")  # a writer beside it gets the file at once
        beside.rollback()
    finally:
        beside.close()
        accounts.close()
