"""Helpers for the HTTP endpoint tests: an app, a fake clock, certificates, raw clients."""

from __future__ import annotations

import datetime as dt
import http.client
import os
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from gpumemd.http.server import HttpServer, Request, Response
from gpumemd.http.webconfig import WebConfig, parse_web_config

METRICS = b"# TYPE up gauge\nup 1\n"
SECRET = "secret-traceback-marker"


def trivial_app(req: Request) -> Response:
    """What the tests serve: a metrics path, a crashing path, 404 elsewhere."""
    if req.path == "/metrics":
        return Response(200, METRICS, {"Content-Type": "text/plain; version=0.0.4"})
    if req.path == "/boom":
        raise RuntimeError(SECRET)
    if req.path == "/badheader":
        return Response(200, b"x", {"X-Evil": "a\r\nSet-Cookie: pwned=1"})
    return Response(404, b"not found\n")


class FakeClock:
    """An injected monotonic clock: tests move time instead of sleeping."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


# ----------------------------------------------------------------- certificates


@dataclass
class Pair:
    cert: x509.Certificate
    key: ec.EllipticCurvePrivateKey
    cert_path: Path
    key_path: Path


def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def make_pair(
    directory: Path,
    stem: str,
    cn: str,
    *,
    issuer: Pair | None = None,
    ca: bool = False,
    sans: list[x509.GeneralName] | None = None,
    client: bool = False,
) -> Pair:
    """An EC P-256 certificate (fast to make), self-signed when `issuer` is None."""
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.timezone.utc)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(cn))
        .issuer_name(issuer.cert.subject if issuer else _name(cn))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True
        )
    else:
        eku = x509.oid.ExtendedKeyUsageOID.CLIENT_AUTH if client else x509.oid.ExtendedKeyUsageOID.SERVER_AUTH
        builder = builder.add_extension(x509.ExtendedKeyUsage([eku]), critical=False)
    if sans:
        builder = builder.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    if issuer is not None:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), critical=False
        )
    builder = builder.add_extension(
        x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False
    )
    cert = builder.sign(issuer.key if issuer else key, hashes.SHA256())
    cert_path, key_path = directory / f"{stem}.crt", directory / f"{stem}.key"
    write_pair(cert, key, cert_path, key_path)
    return Pair(cert, key, cert_path, key_path)


def write_pair(
    cert: x509.Certificate, key: ec.EllipticCurvePrivateKey, cert_path: Path, key_path: Path
) -> None:
    """Write atomically (rename), as cert-manager and friends do on rotation."""
    for path, data in (
        (cert_path, cert.public_bytes(serialization.Encoding.PEM)),
        (
            key_path,
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            ),
        ),
    ):
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)


@dataclass
class Certs:
    dir: Path
    ca: Pair
    server: Pair
    client: Pair  # signed by ca, SAN prometheus.example
    client_other_san: Pair  # signed by ca, SAN intruder.example
    other_ca: Pair
    client_wrong_ca: Pair  # signed by other_ca, SAN prometheus.example


def tls_web_config(certs: Certs, **extra: object) -> WebConfig:
    tls = {"cert_file": str(certs.server.cert_path), "key_file": str(certs.server.key_path), **extra}
    return parse_web_config({"tls_server_config": tls})


def client_context(certs: Certs, client: Pair | None = None) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=str(certs.ca.cert_path))
    if client is not None:
        ctx.load_cert_chain(str(client.cert_path), str(client.key_path))
    return ctx


# ---------------------------------------------------------------------- servers

ServerFactory = Callable[..., HttpServer]


# ---------------------------------------------------------------------- clients


def get(
    srv: HttpServer,
    path: str = "/metrics",
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    ctx: ssl.SSLContext | None = None,
    timeout: float = 5.0,
) -> tuple[int, dict[str, str], bytes]:
    host, port = srv.address
    conn: http.client.HTTPConnection
    if ctx is not None:
        conn = http.client.HTTPSConnection(host, port, context=ctx, timeout=timeout)
    else:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, headers=headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def raw(srv: HttpServer, data: bytes, *, timeout: float = 3.0, half_close: bool = True) -> bytes:
    """Send bytes as they are; read until the server closes (or `timeout`)."""
    with socket.create_connection(srv.address, timeout=timeout) as s:
        s.sendall(data)
        if half_close:
            s.shutdown(socket.SHUT_WR)
        return read_all(s)


def read_all(s: socket.socket) -> bytes:
    out = b""
    while True:
        try:
            chunk = s.recv(65536)
        except (TimeoutError, ConnectionResetError):
            return out
        if not chunk:
            return out
        out += chunk


def status_of(response: bytes) -> int:
    line = response.split(b"\r\n", 1)[0]
    assert line.startswith(b"HTTP/1.1 "), response[:200]
    return int(line.split()[1])


def wait_for(cond: Callable[[], bool], timeout: float = 3.0) -> bool:
    """Poll a condition that the server's own thread makes true (no fixed sleeps)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.002)
    return cond()


def idle_conns(srv: HttpServer) -> int:
    """Connections back with the I/O thread waiting for a request (none with a worker)."""
    from gpumemd.http import connection

    conns = list(srv._conns)
    if srv._workers.returns or any(c.state != connection.READ for c in conns):
        return -1
    return len(conns)
