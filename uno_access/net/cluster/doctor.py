"""``uno-access doctor --cluster URLS``: whether the NATS servers there can carry many
uno-access servers as one service, and the command that fixes the rest.

The checks, in order, each a ``Check`` of the same shape as the machine's doctor
(``devices/doctor.py``): the connection (which server answered, its version: 2.9.21 or
later, ``SERIALIZED_SINCE``); JetStream enabled; the servers the cluster knows (and so
the copies it can keep: three from three servers on, else one); then each bucket and the
tables' stream of ``names``: present, with its replicas, how many of them are current,
and its leader. When the connection or JetStream fails, the checks after it would say
nothing more, and are left out. Every
request is bounded in time; the checks never raise and never hang.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ...access import messages
from . import names
from .connect import (
    CONNECT_WAIT,
    REQUEST_WAIT,
    Access,
    ClusterError,
    close,
    connect,
    jetstream_off,
    replicas_for,
    said,
    server_info,
    servers_known,
)

if TYPE_CHECKING:
    from nats.js import JetStreamContext

CONNECTION = "connection"
JETSTREAM = "jetstream"
SERVERS = "servers"
BUCKET = "bucket:"  # then the bucket's name
STREAM = "stream:"  # then the stream's name


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the report: ``part`` (``connection``, ``jetstream``, ``servers``,
    ``bucket:NAME``, ``stream:NAME``), whether it works, whether uno-access needs it (every
    part of the cluster is needed), what was found, and the fix when it does not work."""

    part: str
    ok: bool
    needed: bool
    detail: str
    fix: str | None = None

    def line(self) -> str:
        return messages.doctor_line(part_name(self.part), self.ok, self.detail)


def part_name(part: str) -> str:
    """A check's part, as the report names it."""
    if part.startswith(BUCKET):
        return messages.tr(messages.CLUSTER_PART_BUCKET).format(name=part[len(BUCKET) :])
    if part.startswith(STREAM):
        return messages.tr(messages.CLUSTER_PART_STREAM).format(name=part[len(STREAM) :])
    if part == CONNECTION:
        return messages.tr(messages.CLUSTER_PART_CONNECTION)
    if part == JETSTREAM:
        return messages.tr(messages.CLUSTER_PART_JETSTREAM)
    if part == SERVERS:
        return messages.tr(messages.CLUSTER_PART_SERVERS)
    return part


def run_checks(
    urls: Sequence[str], wait: float = CONNECT_WAIT, access: Access | None = None
) -> list[Check]:
    """Every check of the cluster at ``urls`` (reached as ``access`` says), each connection
    attempt ``wait`` seconds at most."""
    return asyncio.run(checks(urls, wait, access))


async def checks(
    urls: Sequence[str], wait: float = CONNECT_WAIT, access: Access | None = None
) -> list[Check]:
    try:
        client = await connect(urls, wait, access)
    except ClusterError as error:
        return [Check(CONNECTION, False, True, error.why, messages.tr(messages.FIX_CLUSTER_START))]
    try:
        info = server_info(client)
        address = client.connected_url.netloc if client.connected_url else "?"
        found = [connection_check(str(info.get("version", "?")), address)]
        if not found[0].ok:
            return found
        js = client.jetstream(timeout=REQUEST_WAIT)
        jetstream = await _jetstream(js)
        found.append(jetstream)
        if not jetstream.ok:
            return found
        known = servers_known(client)
        wanted = replicas_for(len(known))
        found.append(Check(SERVERS, True, True, messages.cluster_servers_detail(known, wanted)))
        here = messages.cut(str(info.get("server_name") or info.get("server_id") or "?"))
        streams = [(BUCKET + b.name, names.bucket_stream(b.name)) for b in names.buckets()]
        streams.append((STREAM + names.STREAM, names.STREAM))
        for part, stream in streams:
            found.append(await _stream(js, part, stream, wanted, urls, here))
        return found
    finally:
        await close(client)


# the first nats-server whose cluster serializes a subject's expected last sequence
# (nats-server issue 4320): before it two conditional appends sent at once may both be
# taken, and two servers hold one table, or give out one table number (``holding``)
SERIALIZED_SINCE = (2, 9, 21)


def connection_check(version: str, address: str) -> Check:
    """The connection's line: which nats-server answered, and whether it is recent enough
    (``SERIALIZED_SINCE``; a version that cannot be read is taken as it is)."""
    shown = messages.cut(version)
    if too_old(version):
        detail = messages.tr(messages.CLUSTER_TOO_OLD).format(version=shown, address=address)
        return Check(CONNECTION, False, True, detail, messages.tr(messages.FIX_CLUSTER_UPGRADE))
    detail = messages.tr(messages.CLUSTER_CONNECTED).format(version=shown, address=address)
    return Check(CONNECTION, True, True, detail)


def too_old(version: str) -> bool:
    """Whether nats-server ``version`` ("2.9.10", "v2.10.7-beta") is before
    ``SERIALIZED_SINCE``; False when it cannot be read."""
    parts = version.strip().lstrip("v").split("-")[0].split(".")
    try:
        numbers = tuple(int(part) for part in parts[:3])
    except ValueError:
        return False
    return len(numbers) == 3 and numbers < SERIALIZED_SINCE


async def _jetstream(js: JetStreamContext) -> Check:
    import nats.js.errors

    fix = messages.tr(messages.FIX_CLUSTER_JETSTREAM)
    try:
        account = await js.account_info()
    except Exception as error:
        if jetstream_off(error):
            return Check(JETSTREAM, False, True, messages.tr(messages.CLUSTER_JETSTREAM_OFF), fix)
        if not isinstance(error, nats.js.errors.APIError):
            return Check(JETSTREAM, False, True, said(error), fix)
        detail = messages.cut(str(error.description or error.code))
        return Check(JETSTREAM, False, True, detail, fix)
    return Check(JETSTREAM, True, True, messages.cluster_jetstream_on(account.streams))


async def _stream(
    js: JetStreamContext, part: str, stream: str, wanted: int, urls: Sequence[str], here: str
) -> Check:
    """Stream ``stream`` (a bucket's, or the tables'): present, with ``wanted`` replicas
    or more, and a leader (``here``, the server answering, when it is not clustered)."""
    import nats.js.errors

    make = messages.tr(messages.FIX_CLUSTER_MAKE).format(addresses=messages.addresses(urls))
    try:
        info = await js.stream_info(stream)
    except nats.js.errors.NotFoundError:
        return Check(part, False, True, messages.tr(messages.CLUSTER_MISSING), make)
    except Exception as error:
        if jetstream_off(error):
            return Check(part, False, True, messages.tr(messages.CLUSTER_JETSTREAM_OFF))
        if isinstance(error, nats.js.errors.APIError):
            return Check(part, False, True, messages.cut(str(error.description or error.code)))
        return Check(part, False, True, said(error))
    replicas = info.config.num_replicas or 1
    cluster = info.cluster
    if cluster is None:  # a single server, not clustered: it is the one copy
        leader: str | None = here
        current = replicas
    else:
        leader = messages.cut(cluster.leader) if cluster.leader else None
        peers = cluster.replicas or []
        current = (1 if leader else 0) + sum(1 for peer in peers if peer.current)
    if leader is None:
        detail = messages.cluster_no_leader(replicas)
        return Check(part, False, True, detail)
    if replicas < wanted:
        return Check(part, False, True, messages.cluster_too_few_replicas(replicas, wanted), make)
    return Check(part, True, True, messages.cluster_replicas(replicas, current, leader))


def all_needed_work(checks: list[Check]) -> bool:
    return all(check.ok for check in checks if check.needed)


def report_lines(urls: Sequence[str], checks: list[Check]) -> list[str]:
    lines = [messages.cluster_doctor_title(urls)]
    for check in checks:
        lines.append(check.line())
        if not check.ok and check.fix:
            lines.append("    " + messages.tr(messages.DOCTOR_FIX).format(command=check.fix))
    good = all_needed_work(checks)
    lines.append(messages.tr(messages.CLUSTER_ALL_GOOD if good else messages.CLUSTER_SOME_FAILED))
    return lines


def report_json(urls: Sequence[str], checks: list[Check]) -> dict[str, Any]:
    return {
        "ok": all_needed_work(checks),
        "cluster": list(urls),
        "checks": [asdict(check) for check in checks],
    }
