"""The server's moderation (``net.server.moderation``, ``net.server.moderators``): roles
set with ``uno-access users role``; a moderator mutes (chat only) and bans (no login by
key, password or browser) for a time or for good, with a reason kept; anyone reports,
the report kept with the reported person's last chat lines as the server heard them;
every action in the log; a person without a role can do none of it, by any way in. The
store's rules by a clock of the test's own, then over the real OpenSSH client and the
data channel, every byte a person received captured.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from net_client import Raw
from net_ssh import ROOT, PasswordSsh, Server, Ssh, entered, keypair
from web_client import Browser, site

from uno_access.access import messages
from uno_access.net.server import moderators, passwords
from uno_access.net.server.accounts import Accounts
from uno_access.net.server.moderation import Action, Kind, Moderation, Role

HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _moderation(tmp_path: Path, clock: Clock) -> tuple[Accounts, Moderation]:
    accounts = Accounts(tmp_path)
    for name in ("op", "mo", "mia", "eve"):
        accounts.claim(name, None, "hash")
    moderation = Moderation(accounts._db, threading.Lock(), clock)
    moderation.set_role("op", Role.OPERATOR, "root")
    moderation.set_role("mo", Role.MODERATOR, "op")
    moderation.set_role("mia", Role.MODERATOR, "op")
    return accounts, moderation


def test_a_moderator_acts_on_people_without_a_role_an_operator_on_all_but_operators(
    tmp_path: Path,
) -> None:
    accounts, moderation = _moderation(tmp_path, Clock())
    assert moderation.may_act_on("mo", "eve") and moderation.may_act_on("MO", "Eve")
    assert not moderation.may_act_on("mo", "mia") and not moderation.may_act_on("mo", "op")
    assert moderation.may_act_on("op", "mo") and not moderation.may_act_on("op", "op")
    assert not moderation.may_act_on("eve", "mo") and not moderation.may_act_on("mo", "mo")
    moderation.set_role("mia", None, "op")
    assert moderation.role("mia") is None and moderation.may_act_on("mo", "mia")
    accounts.close()


def test_a_mute_or_ban_holds_until_its_time_and_every_action_is_logged(tmp_path: Path) -> None:
    clock = Clock()
    accounts, moderation = _moderation(tmp_path, clock)
    moderation.sanction(Kind.MUTE, "eve", clock.now + HOUR, "flooding", "mo")
    moderation.sanction(Kind.BAN, "Eve", None, "threats", "op")
    assert moderation.active(Kind.MUTE, "EVE") is not None
    clock.now += HOUR
    assert moderation.active(Kind.MUTE, "eve") is None  # its time is over
    assert moderation.active(Kind.BAN, "eve") is not None  # for good
    assert moderation.lift(Kind.BAN, "eve", "op") and not moderation.lift(Kind.BAN, "eve", "op")
    number = moderation.report("mia", "eve", "insults", [(clock.now, "you fool")])
    (report,) = moderation.reports()
    assert (report.number, report.reporter, report.name, report.lines) == (
        number,
        "mia",
        "eve",
        ((clock.now, "you fool"),),
    )
    actions = [(logged.by, logged.action, logged.name) for logged in moderation.log(20)]
    assert actions[:4] == [
        ("mia", Action.REPORT, "eve"),
        ("op", Action.UNBAN, "eve"),
        ("op", Action.BAN, "Eve"),
        ("mo", Action.MUTE, "eve"),
    ]
    again = Moderation(accounts._db, threading.Lock(), clock)  # kept: a restart keeps them
    assert again.active(Kind.BAN, "eve") is None and again.role("mo") is Role.MODERATOR
    accounts.close()


# ----------------------------------------------------------------- over the real ssh client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(tmp_path / "server", "--open")
    yield served
    assert "Traceback" not in served.stop()


def _users(server: Server, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "uno_access", "users", *args, "--data", str(server.data)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=str(ROOT),
        check=True,
    )
    return done.stdout


def test_mute_report_ban_and_the_log_over_ssh_and_no_one_without_a_role_can(
    tmp_path: Path, server: Server
) -> None:
    mo = entered(tmp_path, server, "mo")
    ann = entered(tmp_path, server, "ann")
    eve = entered(tmp_path, server, "eve")
    assert "moderator" in _users(server, "role", "mo", "moderator")
    assert "mo, moderator:" in _users(server, "list")
    for typed in ("mod mute ann 10m spam", "mod ban mo 1d spam", "mod reports", "mod log"):
        eve.line(typed)
        eve.told(messages.tr(messages.NET_MOD_ONLY))
    eve.line("say buy-gold-now")
    ann.sees("eve says: buy-gold-now")
    ann.line("report eve selling things in the chat")
    ann.told(messages.net_report_kept("eve"))
    mo.told(messages.net_report_came("ann", "eve"))
    mo.line("mod reports")
    mo.sees(r"Report \d+, [0-9: -]+UTC, ann on eve: selling things in the chat")
    mo.sees(r"UTC, eve said: buy-gold-now")
    mo.line("mod mute eve 30m flooding the lobby")
    mo.sees(r"eve is muted until [0-9: -]+UTC: flooding the lobby")
    eve.sees("Muted until [0-9: -]+UTC: flooding the lobby. Nothing you say reaches anyone.")
    eve.line("say muted-line")
    eve.sees("Muted until")
    eve.line("tell ann muted-tell")
    eve.sees("Muted until")
    ann.line("who")  # answered after eve's lines were taken
    ann.sees("Connected:")
    mo.line("mod unmute eve")
    mo.told(messages.net_lifted("eve", "mute", True))
    mo.line("mod ban eve 1d threats")
    mo.sees(r"eve is banned until [0-9: -]+UTC: threats")
    eve.sees(r"Banned from this server until [0-9: -]+UTC: threats")
    eve.child.expect(pexpect.EOF)
    again = Ssh(server.port, keypair(tmp_path, "eve"), "eve")
    again.sees(r"Banned from this server until [0-9: -]+UTC: threats")
    again.child.expect(pexpect.EOF)
    again.child.close()
    assert again.child.exitstatus == 1 and "Welcome" not in again.text()
    mo.line("mod log")
    for line in (
        r"mo banned eve until [0-9: -]+UTC: threats",
        r"mo unmuted eve\.",
        r"mo muted eve until [0-9: -]+UTC: flooding the lobby",
        r"ann reported eve: selling things in the chat",
        r"gave mo the role moderator\.",
    ):
        mo.sees(line)
    received = ann.text()
    assert "muted-line" not in received and "muted-tell" not in received
    for person in (mo, ann):
        person.close()


def test_a_banned_person_cannot_log_in_with_their_password(tmp_path: Path, server: Server) -> None:
    accounts = Accounts(server.data)  # as uno-access users does, beside the running server
    accounts.claim("dora", None, passwords.hashed("correct horse 7"))
    accounts.close()
    mo = entered(tmp_path, server, "mo")
    _users(server, "role", "mo", "moderator")
    mo.line("mod ban dora forever impersonation")
    mo.told(messages.net_sanctioned("dora", "ban", None, "impersonation"))
    dora = PasswordSsh(server.port, "dora")
    dora.told(messages.net_password_prompt("dora"))
    dora.line("correct horse 7")
    dora.told(messages.net_you_are_banned(None, "impersonation"))
    dora.child.expect(pexpect.EOF)
    assert "Welcome" not in dora.text()
    mo.line("mod unban dora")
    mo.told(messages.net_lifted("dora", "ban", True))
    dora = PasswordSsh(server.port, "dora")
    dora.told(messages.net_password_prompt("dora"))
    dora.line("correct horse 7")
    dora.sees("Welcome, dora")
    for person in (mo, dora):
        person.close()


def test_over_the_data_channel_moderation_is_a_typed_line_and_a_forged_one_changes_nothing(
    server: Server,
) -> None:
    async def run() -> None:
        eve = await Raw.open(server.port, "eve")
        ann = await Raw.open(server.port, "ann")
        for raw in (eve, ann):
            await raw.until_line("Welcome")
        for forged in (
            {"t": "mod", "text": "ban ann 1d x"},
            {"t": "ban", "name": "ann"},
            {"t": "report", "name": "ann", "reason": "x"},
            {"t": "line", "text": "mod ban ann 1d x", "role": "operator"},
        ):
            eve.message(forged)
        reasons = [(await eve.next("refused"))["reason"] for _ in range(3)]
        assert reasons == [
            messages.net_refused_no_such_message(kind) for kind in ("mod", "ban", "report")
        ]
        await eve.until_line(messages.tr(messages.NET_MOD_ONLY))
        ann.message({"t": "line", "text": "who"})
        await ann.until_line("Connected:")  # still in
        _users(server, "role", "eve", "moderator")
        ann.message({"t": "line", "text": "say hello"})  # a line of ann's, to report
        await ann.until_line("ann says: hello")
        eve.message({"t": "line", "text": "mod ban ann 2h spam"})
        got = await ann.next("refused")
        assert got["end"] is True
        assert got["reason"].startswith("Banned from this server until")
        await eve.until_line("ann is banned until")
        for raw in (eve, ann):
            raw.close()

    asyncio.run(run())


def test_a_banned_browser_is_refused_at_login_and_sent_away_if_logged_in(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with site(tmp_path) as place:
            ann = Browser(place, "ann")
            try:
                assert (await ann.login())["ok"]
                await ann.connect()
                await ann.until(lambda f: f["type"] == "prompt")
                moderation = place.server.accounts.moderation
                moderation.sanction(Kind.BAN, "ann", None, "spam", "op")
                place.server.end_session("ann", lambda: "Banned from this server for good: spam")
                bye = await ann.until(lambda f: f["type"] == "bye")
                assert bye["reason"] == messages.net_you_are_banned(None, "spam")
                again = Browser(place, "ann")
                refused = await again.login()
                assert refused["status"] == 403
                assert refused["reason"] == messages.net_you_are_banned(None, "spam")
                await again.http.close()
            finally:
                await ann.close()

    asyncio.run(go())


def test_a_time_of_today_is_said_without_its_date_as_brief_as_a_display_needs() -> None:
    noon = 1_800_000_000.0 - 1_800_000_000.0 % 86400 + 12 * HOUR  # a day's noon, UTC
    assert moderators.when(noon + HOUR, now=noon) == "13:00 UTC"
    assert moderators.when(noon + 24 * HOUR, now=noon).endswith(" 12:00 UTC")
    assert moderators.when(noon + 24 * HOUR, now=noon)[:4].isdigit()  # its date first
