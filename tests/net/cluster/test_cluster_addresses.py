"""The addresses of ``--cluster``: ``nats://HOST:PORT``, several separated by commas; anything
else refused in one sentence, before anything is reached or made."""

from __future__ import annotations

import pytest

from uno_access.access import messages
from uno_access.net.cluster.connect import ClusterError, parse_urls


def test_addresses_are_read_written_back_plainly_and_each_kept_once() -> None:
    given = " nats://127.0.0.1:4222, NATS://Node-2.example.org:4223 ,nats://127.0.0.1:4222,"
    assert parse_urls(given) == (
        "nats://127.0.0.1:4222",
        "nats://node-2.example.org:4223",
    )
    assert parse_urls("nats://[::1]:4222") == ("nats://[::1]:4222",)
    # TLS: the address's own scheme, kept as written (lowered)
    assert parse_urls("TLS://node-1.example.org:4222,nats://b:4222") == (
        "tls://node-1.example.org:4222",
        "nats://b:4222",
    )


@pytest.mark.parametrize(
    "given",
    [
        "127.0.0.1:4222",  # no scheme
        "http://127.0.0.1:4222",
        "nats://127.0.0.1",  # no port
        "nats://127.0.0.1:0",
        "nats://127.0.0.1:65536",
        "nats://127.0.0.1:port",
        "nats://:4222",
        "nats://user:secret@127.0.0.1:4222",  # a password would be shown wherever it is said
        "nats://127.0.0.1:4222/path",
        "nats://127.0.0.1:4222?x=1",
        "nats://127.0.0.1:4222,ws://127.0.0.1:4223",
        "nats://127.0.0.1:42\x1b[2J22",
    ],
)
def test_an_address_that_is_not_nats_host_port_is_refused_in_words(given: str) -> None:
    with pytest.raises(ClusterError) as refused:
        parse_urls(given)
    said = refused.value.message
    assert "is not the address of a NATS server: write nats://HOST:PORT" in said
    assert "\x1b" not in said and "\n" not in said


@pytest.mark.parametrize("given", ["", " ", ",", " , ,"])
def test_no_address_at_all_is_refused_in_words(given: str) -> None:
    with pytest.raises(ClusterError) as refused:
        parse_urls(given)
    assert refused.value.message == messages.CLUSTER_NO_ADDRESS
