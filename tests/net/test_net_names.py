"""Names that cannot pass for another (``net.server.names``, UTS #39's skeletons from
Unicode's ``confusables.txt``): a new account's name is refused, in a sentence, when it
looks like a name taken or a name kept for the server, over the real OpenSSH client (with
a key, and without one), the full client's data channel and the browser's login
(``test_web_server_login``); the account is never made.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
from pathlib import Path

import pexpect
import pytest
from net_client import Client
from net_ssh import PasswordSsh, Server, Ssh, keypair, ssh_arguments

from uno_access import text
from uno_access.access import messages
from uno_access.net.server import names
from uno_access.net.server.accounts import ACCOUNTS_NAME, Accounts

CYRILLIC_ANN = "\u0430nn"  # a Cyrillic "a", then Latin "nn": it looks exactly like "ann"
BOUND = 60.0  # seconds: "not stuck", never speed


@pytest.mark.parametrize(
    ("name", "like"),
    [
        (CYRILLIC_ANN, "ann"),
        ("\u0410NN", "ann"),  # Cyrillic capital A
        ("Bi11", "bill"),  # digits for letters
        ("BiII", "bill"),  # capital I for small l
        ("sarn", "Sam"),  # "rn" for "m"
        ("\uff41\uff4e\uff4e", "ann"),  # fullwidth letters (NFKC)
        ("Jose\u0301", "Jos\u00e9"),  # decomposed accent
    ],
)
def test_a_name_that_looks_like_one_taken_is_alike(name: str, like: str) -> None:
    assert names.alike(name, like) and names.alike(like, name)
    assert names.look_alike(name, ["bob", like]) == like


def test_names_that_only_differ_in_look_are_not_look_alikes() -> None:
    for name, other in (("ann", "anne"), ("bob", "rob"), ("ann", "an"), ("li", "lu")):
        assert not names.alike(name, other)
        assert names.look_alike(name, [other]) is None
    assert names.look_alike("Ann", ["ann"]) is None  # the same name, in another case


def test_the_names_kept_for_the_server_are_refused_as_they_look() -> None:
    for name in ("root", "Root", "r00t", "ADMIN", "adrnin", "Moderator", "server"):
        assert names.reserved(name), name
    for name in ("ann", "rooted", "administrators2", "bottle"):
        assert not names.reserved(name), name


def test_a_name_is_composed_so_an_accent_typed_either_way_is_one_name() -> None:
    assert text.name("Jose\u0301") == "Jos\u00e9"


def test_an_account_whose_name_looks_like_another_is_never_made(tmp_path: Path) -> None:
    accounts = Accounts(tmp_path)
    try:
        assert accounts.claim("ann", "ssh-ed25519 AAAAann")
        assert accounts.name_refused(CYRILLIC_ANN) == messages.net_name_looks_like(
            CYRILLIC_ANN, "ann"
        )
        assert accounts.name_refused("root") == messages.net_name_reserved("root")
        assert accounts.name_refused("bob") is None
        assert not accounts.claim(CYRILLIC_ANN, "ssh-ed25519 AAAAother")
        assert not accounts.claim("r00t", "ssh-ed25519 AAAAroot")
        assert [user.name for user in accounts.users()] == ["ann"]
    finally:
        accounts.close()


def _names(data: Path) -> list[str]:
    with sqlite3.connect(data / ACCOUNTS_NAME) as db:
        return [str(row[0]) for row in db.execute("SELECT name FROM accounts ORDER BY name")]


def test_over_ssh_a_key_asking_for_a_look_alike_is_told_why_and_no_account_is_made(
    tmp_path: Path, open_server: Server
) -> None:
    ann = Ssh(open_server.port, keypair(tmp_path, "ann"), "ann")
    ann.sees("Welcome, ann")
    ann.prompt()
    for asked, said in (
        (CYRILLIC_ANN, messages.net_name_looks_like(CYRILLIC_ANN, "ann")),
        ("root", messages.net_name_reserved("root")),
    ):
        done = subprocess.run(
            ["ssh", *ssh_arguments(open_server.port, keypair(tmp_path, f"k{len(said)}"), asked)],
            input=b"",
            capture_output=True,
            timeout=BOUND,
        )
        told = done.stdout.decode("utf-8", "replace")
        assert said in told, told
        assert "Welcome" not in told
        assert done.returncode == 1
    ann.line("who")  # the real ann goes on as before, alone
    ann.sees(re.escape(messages.net_who(["ann"])))
    ann.close()
    assert _names(tmp_path / "server") == ["ann"]


def test_without_a_key_a_look_alike_is_told_before_any_password_is_chosen(
    tmp_path: Path,
) -> None:
    data = tmp_path / "server"
    server = Server(data)
    try:
        ann = Ssh(server.port, keypair(tmp_path, "ann"), f"ann+{server.invite}")
        ann.sees("Welcome, ann")
        ann.close()
        imitator = PasswordSsh(server.port, CYRILLIC_ANN)
        imitator.sees("Invite code: ")
        imitator.line(server.invite or "")
        imitator.sees(re.escape(messages.net_name_looks_like(CYRILLIC_ANN, "ann")))
        imitator.child.expect(pexpect.EOF)
        assert "New password" not in imitator.text()
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
    assert _names(data) == ["ann"]


def test_the_full_client_asking_for_a_look_alike_is_told_why_and_ends(
    tmp_path: Path, open_server: Server
) -> None:
    """The refusal is the server's last word: said, the connection closed, and the client
    ends instead of connecting again to be refused again."""
    ann = Ssh(open_server.port, keypair(tmp_path, "ann"), "ann")
    ann.sees("Welcome, ann")
    imitator = Client(open_server.port, tmp_path / "imitator", CYRILLIC_ANN)
    imitator.sees(re.escape(messages.net_name_looks_like(CYRILLIC_ANN, "ann")))
    imitator.child.expect(pexpect.EOF)
    told = imitator.text()
    assert "Welcome" not in told and "Reconnecting" not in told, told
    ann.close()
    assert _names(tmp_path / "server") == ["ann"]


def test_a_bot_never_takes_the_name_of_an_account_or_one_that_looks_like_it(
    tmp_path: Path, open_server: Server
) -> None:
    """The first bot beside ann is Bob; with an account "bob" (away in the lobby or not
    logged in at all) it is the next free name, and never a name like a person's."""
    bob = Ssh(open_server.port, keypair(tmp_path, "bob"), "bob")  # the account is made
    bob.sees("Welcome, bob")
    bob.close()
    cy = Ssh(open_server.port, keypair(tmp_path, "cy"), "Cy")
    cy.sees("Welcome, Cy")
    ann = Ssh(open_server.port, keypair(tmp_path, "ann"), "ann")
    ann.sees("Welcome, ann")
    ann.line("keys off")
    ann.line("new")
    ann.sees("You made table 1")
    ann.line("bot")
    ann.sees(re.escape(messages.net_bot_sits("Dee", 1, 2)))
    assert "The bot Bob" not in ann.text() and "The bot Cy" not in ann.text()
    ann.close()
    cy.close()
