"""Reaching the NATS servers of ``--cluster``: their addresses read and checked, the
connection made (nats-py, reconnecting by itself for as long as the server runs), and
``ensure``: the buckets and the stream of ``names`` made, or brought up to the replicas
asked, whoever comes first; a second call changes nothing.

nats-py is imported here and in the modules beside this one only, inside functions or
for the type checker: ``uno-access play`` never loads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import socket
import ssl
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ...access import messages
from . import names

if TYPE_CHECKING:
    from nats.aio.client import Client
    from nats.js import JetStreamContext
    from nats.js.api import StreamConfig

SCHEME = "nats"
TLS_SCHEME = "tls"  # an address whose server must be reached over TLS
CONNECT_WAIT = 5.0  # seconds to reach a first server, however many addresses are tried
REQUEST_WAIT = 5.0  # seconds JetStream has to answer one request
# JetStream's own codes for "not enabled" (for the account, on the server)
JETSTREAM_OFF = (10039, 10076)
FULL_REPLICAS = 3  # copies kept on a cluster of three servers or more: one may fail


class ClusterError(Exception):
    """The cluster cannot be used as asked: ``message`` says why, in one sentence;
    ``why``, where there is one, is its reason alone (a phrase, for the doctor's line)."""

    def __init__(self, message: str, why: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.why = why or message


class NotMade(Exception):
    """A bucket or the stream could not be made or changed: its ``name``, NATS's ``why``."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"{name}: {why}")
        self.name = name
        self.why = why


class NoJetStream(Exception):
    """The servers answer, but not JetStream's requests."""


def parse_urls(text: str) -> tuple[str, ...]:
    """The addresses of ``--cluster``: ``nats://HOST:PORT``, several separated by commas,
    each written back plainly (``nats://host:port``), each once; else ``ClusterError``.
    No user name or password in an address: they would be shown wherever it is said.
    """
    parts = [part.strip() for part in text.split(",")]
    urls = [_url(part) for part in parts if part]
    if not urls:
        raise ClusterError(messages.tr(messages.CLUSTER_NO_ADDRESS))
    return tuple(dict.fromkeys(urls))


def _url(text: str) -> str:
    bad = ClusterError(messages.cluster_bad_address(messages.cut(text)))
    try:
        split = urlsplit(text)
        port = split.port
    except ValueError:  # a port that is no number, or out of range
        raise bad from None
    host = split.hostname
    if (
        split.scheme.lower() not in (SCHEME, TLS_SCHEME)
        or not host
        or port is None
        or not 1 <= port <= 65535
        or split.username is not None
        or split.password is not None
        or split.path not in ("", "/")
        or split.query
        or split.fragment
        or any(char.isspace() for char in text)
    ):
        raise bad
    if ":" in host:  # an IPv6 address, written back in its brackets
        host = f"[{host}]"
    return f"{split.scheme.lower()}://{host}:{port}"


@dataclass(frozen=True)
class Access:
    """How this server proves itself to the NATS servers, and knows them: its user name and
    password there (each game server its own; read from a file, never an address, which
    is said wherever it is said), and the certificate authority whose certificates it
    trusts over TLS (None: the system's). TLS is used when a CA is given or an address
    is ``tls://``; a server that asks for TLS gets it either way."""

    user: str | None = None
    password: str | None = None
    ca: Path | None = None

    def tls(self, urls: Sequence[str]) -> ssl.SSLContext | None:
        """The TLS context to connect with (None: plain, unless a server asks for TLS)."""
        if self.ca is None and not any(url.startswith(f"{TLS_SCHEME}://") for url in urls):
            return None
        return ssl.create_default_context(cafile=None if self.ca is None else str(self.ca))


class _Troubles:
    """What nats-py reports as it connects and reconnects, kept (the last one) rather
    than logged: nothing of the library reaches the terminal. A refused login is kept
    apart: the server closes the connection after saying so, and what is reported last
    may be that closing."""

    def __init__(self) -> None:
        self.last: BaseException | None = None
        self.refused: BaseException | None = None

    async def report(self, error: Exception) -> None:  # nats-py wants a coroutine function
        self.last = error
        if _refused_login(error):
            self.refused = error


def _refused_login(error: BaseException) -> bool:
    import nats.errors

    return isinstance(error, nats.errors.AuthorizationError) or (
        "authorization" in str(error).lower()
    )


def _not_eof_over_tls(record: logging.LogRecord) -> bool:
    """asyncio warns, when the connection to a NATS server over TLS ends, that nats-py's
    protocol asks to keep it half open (``eof_received`` returning True), which TLS cannot:
    harmless, and nothing of the libraries reaches the terminal."""
    return "eof_received()" not in record.getMessage()


async def connect(
    urls: Sequence[str], wait: float = CONNECT_WAIT, access: Access | None = None
) -> Client:
    """A connection to the first of ``urls`` that answers within ``wait`` seconds (every
    address tried in turn, again and again), else ``ClusterError`` saying why. Once made it
    reconnects by itself, to any server of the cluster, for as long as it is open.
    """
    from nats.aio.client import Client

    access = access or Access()
    asyncio_log = logging.getLogger("asyncio")
    if _not_eof_over_tls not in asyncio_log.filters:
        asyncio_log.addFilter(_not_eof_over_tls)
    troubles = _Troubles()
    client = Client()
    proofs: dict[str, Any] = {}
    if access.user is not None:
        proofs = {"user": access.user, "password": access.password or ""}
    try:
        await asyncio.wait_for(
            client.connect(
                servers=list(urls),
                tls=access.tls(urls),
                **proofs,
                name="uno-access",
                error_cb=troubles.report,
                allow_reconnect=True,
                max_reconnect_attempts=-1,  # a server of a cluster comes back: keep trying
                reconnect_time_wait=1,
                connect_timeout=2,
                ping_interval=10,  # a server gone silent is noticed within 30 s
                max_outstanding_pings=3,
            ),
            wait,
        )
    except Exception as error:  # refused, unknown host, not NATS, no answer in time
        await close(client)
        why = said(troubles.refused or troubles.last or error)
        said_wait = math.ceil(wait)
        raise ClusterError(messages.cluster_unreachable(urls, said_wait, why), why) from None
    return client


async def close(client: Client) -> None:
    """The connection closed, whatever state it is in."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(client.close(), REQUEST_WAIT)


def said(error: BaseException) -> str:
    """Why a connection failed, as a phrase of ours."""
    import nats.errors

    if isinstance(error, ConnectionRefusedError):
        return messages.tr(messages.CLUSTER_WHY_REFUSED)
    if _refused_login(error):
        return messages.tr(messages.CLUSTER_WHY_LOGIN)
    if isinstance(error, ssl.SSLCertVerificationError):
        return messages.tr(messages.CLUSTER_WHY_CERTIFICATE)
    if isinstance(error, ssl.SSLError | nats.errors.SecureConnRequiredError):
        return messages.tr(messages.CLUSTER_WHY_TLS)
    if isinstance(error, socket.gaierror):
        return messages.tr(messages.CLUSTER_WHY_UNKNOWN_HOST)
    if isinstance(error, asyncio.TimeoutError | nats.errors.TimeoutError):
        return messages.tr(messages.CLUSTER_WHY_NO_ANSWER)
    if isinstance(error, OSError) and error.errno is not None:
        return messages.explained(error).why
    if isinstance(error, nats.errors.Error | ValueError | KeyError):
        return messages.tr(messages.CLUSTER_WHY_NOT_NATS)
    return messages.tr(messages.CLUSTER_WHY_NO_ANSWER)


def server_info(client: Client) -> dict[str, Any]:
    """What the server this client is connected to said of itself (its INFO: ``version``,
    ``server_name``, ``connect_urls``…); nats-py keeps it without a public name."""
    info = getattr(client, "_server_info", None)
    return info if isinstance(info, dict) else {}


def servers_known(client: Client) -> list[str]:
    """The client addresses of every server of the cluster, as the server this client is
    connected to advertises them (its INFO's ``connect_urls``, itself among them); the
    addresses given when nothing is advertised (a single server)."""
    advertised = [str(url) for url in server_info(client).get("connect_urls") or []]
    if advertised:
        return sorted(dict.fromkeys(advertised))
    connected = client.connected_url
    return [connected.netloc] if connected is not None else []


def replicas_for(servers: int) -> int:
    """The copies to keep of every bucket and of the stream on ``servers`` servers: three
    where there are three or more (one may fail, as Raft needs a majority), else one."""
    return FULL_REPLICAS if servers >= FULL_REPLICAS else 1


async def ensure(
    js: JetStreamContext,
    replicas: int,
    *,
    lease_ttl: float = names.LEASE_TTL,
    presence_ttl: float = names.PRESENCE_TTL,
) -> None:
    """Every bucket and the stream present with ``replicas`` copies or more and the TTLs
    asked: made where missing, changed where they differ. Copies are raised, never
    lowered (a server that starts while others are down must not take copies away). A
    second call changes nothing. ``NotMade`` names the one that could not be made,
    ``NoJetStream`` says JetStream did not answer.
    """
    for bucket in names.buckets(lease_ttl, presence_ttl):
        await _ensure_bucket(js, bucket, replicas)
    await _ensure_stream(js, replicas)


async def _ensure_bucket(js: JetStreamContext, bucket: names.Bucket, replicas: int) -> None:
    from nats.js.api import KeyValueConfig, StorageType

    stream = names.bucket_stream(bucket.name)
    for _ in range(2):  # two servers making it at once: the loser finds it made
        config = await _config(js, stream, bucket.name)
        try:
            if config is None:
                await js.create_key_value(
                    KeyValueConfig(
                        bucket=bucket.name,
                        ttl=bucket.ttl,
                        history=1,
                        replicas=replicas,
                        storage=StorageType.FILE,
                    )
                )
                return
            changed = _changed(config, replicas, bucket.ttl)
            if changed is not None:
                await js.update_stream(changed)
            return
        except Exception as error:
            last = _trouble(error, bucket.name)
    raise last


async def _ensure_stream(js: JetStreamContext, replicas: int) -> None:
    from nats.js.api import DiscardPolicy, RetentionPolicy, StorageType, StreamConfig

    for _ in range(2):
        config = await _config(js, names.STREAM, names.STREAM)
        try:
            if config is None:
                await js.add_stream(
                    StreamConfig(
                        name=names.STREAM,
                        description="uno-access: every table's log, a subject per table",
                        subjects=[names.LOG_SUBJECTS],
                        retention=RetentionPolicy.LIMITS,
                        discard=DiscardPolicy.OLD,
                        storage=StorageType.FILE,
                        num_replicas=replicas,
                        deny_delete=True,  # entries are never taken out one by one
                        duplicate_window=120,
                    )
                )
                return
            changed = _changed(config, replicas, None)
            if changed is not None:
                await js.update_stream(changed)
            return
        except Exception as error:
            last = _trouble(error, names.STREAM)
    raise last


async def _config(js: JetStreamContext, stream: str, shown: str) -> StreamConfig | None:
    """The configuration of ``stream``, None where there is none."""
    from nats.js.errors import NotFoundError

    try:
        info = await js.stream_info(stream)
    except NotFoundError:
        return None
    except Exception as error:
        raise _trouble(error, shown) from None
    return info.config


def _changed(config: StreamConfig, replicas: int, ttl: float | None) -> StreamConfig | None:
    """``config`` with ``replicas`` copies (at least) and the age ``ttl`` (``None``: the
    stream keeps its own), or None when it has them already."""
    wanted = max(replicas, config.num_replicas or 1)
    age = config.max_age or 0.0
    new_age = age if ttl is None else ttl
    if wanted == config.num_replicas and abs(new_age - age) < 0.001:
        return None
    config.num_replicas = wanted
    config.max_age = new_age
    if new_age and config.duplicate_window and config.duplicate_window > new_age:
        config.duplicate_window = new_age  # JetStream wants the window within the age
    return config


def jetstream_off(error: Exception) -> bool:
    """Whether ``error`` says JetStream is not enabled: no one answers its requests
    (nats-py says so as a 503 of no code), or JetStream's own codes for it."""
    import nats.errors
    import nats.js.errors

    if isinstance(error, nats.errors.NoRespondersError):
        return True
    if isinstance(error, nats.js.errors.ServiceUnavailableError) and error.err_code is None:
        return True
    return isinstance(error, nats.js.errors.APIError) and error.err_code in JETSTREAM_OFF


def _trouble(error: Exception, name: str) -> Exception:
    """A failure of JetStream's as ours: ``NoJetStream``, or ``NotMade`` with NATS's words."""
    import nats.errors
    import nats.js.errors

    if jetstream_off(error):
        return NoJetStream()
    if isinstance(error, nats.js.errors.APIError):
        return NotMade(name, messages.cut(str(error.description or error.code)))
    return NotMade(name, said(error))
