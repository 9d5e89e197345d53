"""The server's moderation: roles, mutes, bans, reports and the moderation log.

``{player}`` is the person moderated or reported, ``{by}`` and ``{reporter}`` who did it,
``{reason}`` the reason as it was typed, ``{when}`` and ``{until}`` a time of day in UTC
("2026-12-02 21:35 UTC"), ``{role}`` a role as typed (operator, moderator, none).
"""

from __future__ import annotations

from .language import N_, tr

MOD_WORD = "mod"  # the moderators' commands: mod mute, mod ban…
REPORT_WORD = "report"
MOD_MUTE, MOD_UNMUTE, MOD_BAN, MOD_UNBAN = "mute", "unmute", "ban", "unban"
MOD_REPORTS, MOD_LOG = "reports", "log"
FOREVER_WORD = "forever"
ROLE_NONE = "none"
TIME_FORMAT = "%Y-%m-%d %H:%M UTC"  # a time, as the moderation says it
TODAY_FORMAT = "%H:%M UTC"  # a time of today's (UTC): brief on a braille display

REPORT_HELP = N_(
    "report NAME REASON: tells the server's moderators about NAME, with their last chat lines."
)
MOD_HELP = N_(
    "Moderators: mod mute NAME TIME REASON, mod unmute NAME, mod ban NAME TIME REASON, mod "
    "unban NAME, mod reports, mod log; TIME is 30m, 2h, 7d or forever."
)
NET_MOD_ONLY = N_("Only the server's moderators can do that.")
NET_MOD_NOT_YOURS = N_("{player} cannot be moderated by you: their role is above yours.")
NET_MOD_HOW = N_(
    "Type mod mute or mod ban, a name, a time (30m, 2h, 7d or forever) and a reason: mod mute "
    "eve 30m flooding. Or mod unmute NAME, mod unban NAME, mod reports, mod log."
)
NET_MUTED_UNTIL = N_("{player} is muted until {until}: {reason}")
NET_MUTED_FOR_GOOD = N_("{player} is muted for good: {reason}")
NET_BANNED_UNTIL = N_("{player} is banned until {until}: {reason}")
NET_BANNED_FOR_GOOD = N_("{player} is banned for good: {reason}")
NET_UNMUTED = N_("{player} is no longer muted.")
NET_NOT_MUTED = N_("{player} is not muted.")
NET_UNBANNED_SERVER = N_("{player} is no longer banned.")
NET_NOT_BANNED_SERVER = N_("{player} is not banned.")
# Translators: to the person muted, at each line they try to say and as they come in.
NET_YOU_ARE_MUTED_UNTIL = N_("Muted until {until}: {reason}. Nothing you say reaches anyone.")
NET_YOU_ARE_MUTED = N_("Muted for good: {reason}. Nothing you say reaches anyone.")
# Translators: to the person banned, at their login (then the connection closes).
NET_YOU_ARE_BANNED_UNTIL = N_("Banned from this server until {until}: {reason}")
NET_YOU_ARE_BANNED = N_("Banned from this server for good: {reason}")
NET_REPORT_KEPT = N_("{player} is reported: your report is kept for the moderators.")
NET_REPORT_HOW = N_("Type report, a name, then why: report eve insults in the chat.")
# Translators: to each moderator connected, as a report comes.
NET_REPORT_CAME = N_("{reporter} reports {player}: type mod reports to read it.")
NET_REPORT_LINE = N_("Report {number}, {when}, {reporter} on {player}: {reason}")
# Translators: one of the reported person's chat lines kept with a report.
NET_REPORT_SAID = N_("{when}, {player} said: {said}")
NET_REPORT_NOTHING_SAID = N_("{player} had said nothing in the chat.")
NET_REPORTS_NONE = N_("No reports.")
NET_LOG_NONE = N_("The moderation log is empty.")
NET_LOG_MUTE_UNTIL = N_("{when}: {by} muted {player} until {until}: {reason}")
NET_LOG_MUTE = N_("{when}: {by} muted {player} for good: {reason}")
NET_LOG_BAN_UNTIL = N_("{when}: {by} banned {player} until {until}: {reason}")
NET_LOG_BAN = N_("{when}: {by} banned {player} for good: {reason}")
NET_LOG_UNMUTE = N_("{when}: {by} unmuted {player}.")
NET_LOG_UNBAN = N_("{when}: {by} unbanned {player}.")
NET_LOG_REPORT = N_("{when}: {by} reported {player}: {reason}")
NET_LOG_ROLE = N_("{when}: {by} gave {player} the role {role}.")
# ``uno-access users role NAME ROLE``
HELP_USERS_ROLE = N_("give NAME a role on the server: operator, moderator, or none")
HELP_USERS_ROLE_NAME = N_("operator, moderator or none")
USERS_ROLE_SET = N_("{player} is now: {role}.")


def net_sanctioned(name: str, kind: str, until: str | None, reason: str) -> str:
    """What the moderator is told: ``name`` muted or banned (``kind``) until a time, or
    for good (``until`` None)."""
    if kind == MOD_MUTE:
        if until is None:
            return tr(NET_MUTED_FOR_GOOD).format(player=name, reason=reason)
        return tr(NET_MUTED_UNTIL).format(player=name, until=until, reason=reason)
    if until is None:
        return tr(NET_BANNED_FOR_GOOD).format(player=name, reason=reason)
    return tr(NET_BANNED_UNTIL).format(player=name, until=until, reason=reason)


def net_lifted(name: str, kind: str, were: bool) -> str:
    if kind == MOD_MUTE:
        return tr(NET_UNMUTED if were else NET_NOT_MUTED).format(player=name)
    return tr(NET_UNBANNED_SERVER if were else NET_NOT_BANNED_SERVER).format(player=name)


def net_mod_not_yours(name: str) -> str:
    return tr(NET_MOD_NOT_YOURS).format(player=name)


def net_you_are_muted(until: str | None, reason: str) -> str:
    if until is None:
        return tr(NET_YOU_ARE_MUTED).format(reason=reason)
    return tr(NET_YOU_ARE_MUTED_UNTIL).format(until=until, reason=reason)


def net_you_are_banned(until: str | None, reason: str) -> str:
    if until is None:
        return tr(NET_YOU_ARE_BANNED).format(reason=reason)
    return tr(NET_YOU_ARE_BANNED_UNTIL).format(until=until, reason=reason)


def net_report_kept(name: str) -> str:
    return tr(NET_REPORT_KEPT).format(player=name)


def net_report_came(reporter: str, name: str) -> str:
    return tr(NET_REPORT_CAME).format(reporter=reporter, player=name)


def net_report_line(number: int, when: str, reporter: str, name: str, reason: str) -> str:
    return tr(NET_REPORT_LINE).format(
        number=number, when=when, reporter=reporter, player=name, reason=reason
    )


def net_report_said(when: str, name: str, said: str) -> str:
    return tr(NET_REPORT_SAID).format(when=when, player=name, said=said)


def net_report_nothing_said(name: str) -> str:
    return tr(NET_REPORT_NOTHING_SAID).format(player=name)


def net_logged(when: str, by: str, action: str, name: str, until: str | None, reason: str) -> str:
    """One line of the moderation log (``action``: mute, unmute, ban, unban, report,
    role; for a role, ``reason`` is the role given)."""
    if action == MOD_MUTE:
        if until is None:
            return tr(NET_LOG_MUTE).format(when=when, by=by, player=name, reason=reason)
        return tr(NET_LOG_MUTE_UNTIL).format(
            when=when, by=by, player=name, until=until, reason=reason
        )
    if action == MOD_BAN:
        if until is None:
            return tr(NET_LOG_BAN).format(when=when, by=by, player=name, reason=reason)
        return tr(NET_LOG_BAN_UNTIL).format(
            when=when, by=by, player=name, until=until, reason=reason
        )
    if action == MOD_UNMUTE:
        return tr(NET_LOG_UNMUTE).format(when=when, by=by, player=name)
    if action == MOD_UNBAN:
        return tr(NET_LOG_UNBAN).format(when=when, by=by, player=name)
    if action == REPORT_WORD:
        return tr(NET_LOG_REPORT).format(when=when, by=by, player=name, reason=reason)
    return tr(NET_LOG_ROLE).format(when=when, by=by, player=name, role=reason)


def users_role_set(name: str, role: str) -> str:
    return tr(USERS_ROLE_SET).format(player=name, role=role)
