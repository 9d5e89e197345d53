"""``serve --cluster tls://…`` with ``--cluster-ca``, ``--cluster-user`` and
``--cluster-password-file``: a game server reaches NATS servers that ask for TLS and for
each game server's own user and password (the hosting guide's way). A real nats-server
with a configuration of its own (TLS with a certificate of a test authority, two users);
a wrong password, an untrusted certificate or a password file that cannot be read is
said in one sentence, and nothing is made."""

from __future__ import annotations

import datetime
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from nats_cluster import free_ports, nats_server
from net_ssh import ROOT

PASSWORDS = {"game-a": "first-secret", "game-b": "second-secret"}


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _authority(folder: Path) -> tuple[Path, Path, Path]:
    """A test authority's certificate, and a certificate for 127.0.0.1 it signed, with
    its key: the paths of the three PEM files."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("uno-access test authority"))
        .issuer_name(_name("uno-access test authority"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name("127.0.0.1"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "ca.pem", folder / "server.pem", folder / "server.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A nats-server with JetStream asking for TLS and a user and password (one a game
    server): its ``tls://`` address, and the test authority's certificate."""
    folder = tmp_path / "nats"
    folder.mkdir()
    ca, cert, key = _authority(folder)
    port = free_ports(1)[0]
    users = ", ".join(f'{{user: "{u}", password: "{p}"}}' for u, p in PASSWORDS.items())
    config = folder / "nats.conf"
    config.write_text(
        f"listen: 127.0.0.1:{port}\n"
        f'jetstream {{ store_dir: "{folder / "store"}" }}\n'
        f'tls {{ cert_file: "{cert}", key_file: "{key}" }}\n'
        f"authorization {{ users: [{users}] }}\n"
    )
    log = (folder / "log").open("wb")
    process = subprocess.Popen(
        [nats_server(), "-c", str(config)], stdout=log, stderr=log, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while True:  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, (folder / "log").read_text()
                assert time.monotonic() < deadline
                time.sleep(0.05)
        yield f"tls://127.0.0.1:{port}", ca
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)
        log.close()


def _password(folder: Path, text: str) -> Path:
    path = folder / "password"
    path.write_text(text + "\n")
    path.chmod(0o600)
    return path


def _serve(data: Path, *args: str, wait: bool = True) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "uno_access", "serve", "--port", "0", "--open"]
    return subprocess.Popen(
        [*command, "--data", str(data), *args],
        cwd=str(ROOT), env=dict(os.environ, PYTHONUNBUFFERED="1"), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_a_server_joins_nats_servers_asking_for_tls_and_its_own_password(
    guarded: tuple[str, Path], tmp_path: Path
) -> None:
    url, ca = guarded
    password = _password(tmp_path, PASSWORDS["game-b"])
    access = ("--cluster-ca", str(ca), "--cluster-user", "game-b")
    server = _serve(
        tmp_path / "b", "--cluster", url, *access, "--cluster-password-file", str(password)
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("Listening on 127.0.0.1:")
        joined = server.stdout.readline()
        assert joined.startswith(f"Joined the NATS cluster at {url} as server "), joined
    finally:
        server.terminate()
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert err == ""


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("wrong password", "it refused this server's user name or password"),
        ("untrusted certificate", "its TLS certificate is not one this server trusts"),
    ],
)
def test_a_wrong_password_or_an_untrusted_certificate_is_said_in_one_sentence(
    guarded: tuple[str, Path], tmp_path: Path, case: str, said: str
) -> None:
    url, ca = guarded
    secret = "not-it" if case == "wrong password" else PASSWORDS["game-a"]
    args = ["--cluster", url, "--cluster-user", "game-a"]
    args += ["--cluster-password-file", str(_password(tmp_path, secret))]
    if case == "wrong password":
        args += ["--cluster-ca", str(ca)]
    server = _serve(tmp_path / "a", *args)
    out, err = server.communicate(timeout=120)
    assert server.returncode == 1
    assert out == ""
    assert err.startswith(f"uno-access: No NATS server answered at {url} within 5 seconds: ")
    assert said in err and err.count("\n") == 1, err
    assert "secret" not in err and "not-it" not in err  # no password is ever said
    assert not (tmp_path / "a").exists()


def test_a_password_file_that_cannot_be_read_is_said_before_anything(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    empty = _password(tmp_path, "")
    for path, why in ((missing, "cannot be used: "), (empty, "its first line should be")):
        server = _serve(
            tmp_path / "a", "--cluster", "tls://127.0.0.1:4222", "--cluster-user", "game-a",
            "--cluster-password-file", str(path),
        )  # fmt: skip
        out, err = server.communicate(timeout=60)
        assert server.returncode == 2, err
        assert out == ""
        assert err.startswith(f"uno-access: {path} cannot be used: ") and why in err, err
        assert err.count("\n") == 1
    assert not (tmp_path / "a").exists()
