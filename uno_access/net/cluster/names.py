"""The names the servers of one service share over NATS, in one place: the key-value
buckets, the stream of the tables' logs, and the subjects.

Buckets (JetStream key-value stores, each replicated like the stream):

- ``uno-leases``: a table's id to the server holding it (``lease.Lease``). The bucket's
  TTL is the lease's life: a key not renewed within it is gone, and another server may
  take the table. One revision is kept (history 1): only the holder matters.
- ``uno-tables``: the table directory, a table's id to what the lobby lists of it.
- ``uno-presence``: who is here: ``server.<id>`` for each running server (its own TTL,
  renewed while it runs), and later the people, by name.
- ``uno-accounts``: the accounts, by name.

The tables' logs: one stream, ``UNO_TABLES``, taking the subjects ``uno.table.*.log``,
each table's entries on its own subject ``uno.table.<id>.log``. One stream, not a stream
per table: every JetStream stream replicated three ways is a Raft group of its own, with
its own heartbeats and elections, and a server with thousands of tables would run
thousands of them. One stream keeps one group however many tables there are, while each
table stays apart: JetStream keeps order per subject, a reader asks for one table's
subject alone (a consumer's filter subject), and the holder of a table's lease appends
with ``Nats-Expected-Last-Subject-Sequence`` set to the last entry it knows, so a server
that lost the lease without knowing it can never append after its successor. A finished
table's entries are purged by its subject.

Actions go to ``uno.table.<id>.act``, plain NATS request and reply, not stored: the one
server holding the table's lease answers (applied, or refused with a reason); an action
that reaches no one (no responders while the lease moves) is sent again by its seat.
Only what was applied matters, and that is in the log.

Each running server answers on ``uno.server.<id>.ping``: the holder of a table asks it
of the servers its people sit there from, and one nobody answers for (no responders: it
is gone) has its people's seats held for them, as for a dropped connection.

A table's id is one subject token and one key: letters, digits, ``-`` and ``_`` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LEASES = "uno-leases"
TABLES = "uno-tables"
PRESENCE = "uno-presence"
ACCOUNTS = "uno-accounts"
SOCIAL = "uno-social"  # friends, blocks, letters waiting, lobby choices (``social``)
MODERATION = "uno-moderation"  # roles, mutes, bans, reports, the log (``moderation``)
RESULTS = "uno-results"  # finished matches, kept by every server in one order (``results``)
SESSIONS = "uno-sessions"  # browsers' login sessions (``sessions``)
TOURNAMENTS = "uno-tournaments"  # each tournament, one record a key (``tournaments``)
REPLAYS = "uno-replays"  # finished matches' replays, by table (``replays``)

STREAM = "UNO_TABLES"
TABLE_PREFIX = "uno.table"
LOG_SUBJECTS = f"{TABLE_PREFIX}.*.log"  # every table's log: the stream's one subject filter

# seconds a lease lives unless renewed (renewed every sixth of it, ``holding``). Longer
# than a renewal's interval plus JetStream's longest election of a new leader (Raft's
# election timeout, 4 to 9 seconds in nats-server, measured 4.5 to 7 here once a node
# was SIGKILLed): a NATS node lost with the leases' leader must not take the tables
# from their servers. It is what a game server's death costs before its tables move.
LEASE_TTL = 15.0
PRESENCE_TTL = 30.0  # seconds a server's presence key lives unless renewed

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


class BadName(ValueError):
    """A table id or server id that is not one subject token and key."""


def token(value: str | int) -> str:
    """``value`` as one subject token and key, else ``BadName``."""
    text = str(value)
    if not _TOKEN.fullmatch(text):
        raise BadName(text)
    return text


def log_subject(table: str | int) -> str:
    """The subject of table ``table``'s log entries, in ``STREAM``."""
    return f"{TABLE_PREFIX}.{token(table)}.log"


def action_subject(table: str | int) -> str:
    """The subject a seat sends table ``table``'s actions to (request and reply)."""
    return f"{TABLE_PREFIX}.{token(table)}.act"


# the lobby's chat, heard by every server (published, not stored: a line said while a
# server is away is missed there, as by a person not connected)
LOBBY_CHAT = "uno.lobby.chat"
# who is in each server's lobby: each server publishes its people's names when they change
# and every few seconds (a server that stops publishing is forgotten)
LOBBY_PEOPLE = "uno.lobby.people"
# a private message for someone connected to another server (request and reply: answered
# by the server they are connected to, none if they left)
PERSON_TELL = "uno.person.tell"


def ping_subject(server: str) -> str:
    """The subject a running server answers on (request and reply, not stored): a server
    holding a table asks it of the servers its people sit there from."""
    return f"uno.server.{token(server)}.ping"


def lease_key(table: str | int) -> str:
    """Table ``table``'s key in ``LEASES`` (and in ``TABLES``)."""
    return token(table)


def server_key(server: str) -> str:
    """A running server's key in ``PRESENCE``."""
    return f"server.{token(server)}"


@dataclass(frozen=True, slots=True)
class Bucket:
    """A key-value bucket the service needs: its name, and the TTL of its keys (None:
    they live until deleted)."""

    name: str
    ttl: float | None = None


def buckets(lease_ttl: float = LEASE_TTL, presence_ttl: float = PRESENCE_TTL) -> tuple[Bucket, ...]:
    """Every bucket, in the order ``ensure`` makes them and the doctor checks them."""
    return (
        Bucket(LEASES, lease_ttl),
        Bucket(TABLES),
        Bucket(PRESENCE, presence_ttl),
        Bucket(ACCOUNTS),
        Bucket(SOCIAL),
        Bucket(MODERATION),
        Bucket(RESULTS),
        Bucket(SESSIONS),
        Bucket(TOURNAMENTS),
        Bucket(REPLAYS),
    )


def bucket_stream(bucket: str) -> str:
    """The JetStream stream holding key-value bucket ``bucket`` (NATS names it so)."""
    return f"KV_{bucket}"
