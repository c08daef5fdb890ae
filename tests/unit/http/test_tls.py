"""TLS: handshakes off the I/O path, versions, mTLS, allowed SANs, certificate rotation."""

from __future__ import annotations

import ipaddress
import logging
import socket
import ssl
import time

import pytest
from cryptography import x509

from gpumemd.http.server import HttpServer, ServerLimits
from gpumemd.http.webconfig import TLSContextProvider, WebConfigError, load_web_config
from tests.http_helpers import (
    METRICS,
    Certs,
    FakeClock,
    ServerFactory,
    client_context,
    get,
    make_pair,
    read_all,
    tls_web_config,
    wait_for,
    write_pair,
)

LOOPBACK = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]


def https_status(srv: HttpServer, ctx: ssl.SSLContext, path: str = "/metrics") -> int | None:
    """Status of one HTTPS scrape, or None if the TLS layer refused us."""
    try:
        return get(srv, path, ctx=ctx, timeout=3)[0]
    except (ssl.SSLError, ConnectionError, OSError):
        return None


def peer_serial(srv: HttpServer, ctx: ssl.SSLContext) -> int:
    with socket.create_connection(srv.address, timeout=3) as s:
        with ctx.wrap_socket(s, server_hostname="localhost") as t:
            der = t.getpeercert(binary_form=True)
            assert der is not None
            return x509.load_der_x509_certificate(der).serial_number


def test_https_scrape(serve: ServerFactory, certs: Certs) -> None:
    srv = serve(web_config=tls_web_config(certs))
    status, _, body = get(srv, ctx=client_context(certs))
    assert (status, body) == (200, METRICS)


def test_idle_tcp_connections_do_not_block_https_scrapes(serve: ServerFactory, certs: Certs) -> None:
    """prometheus_client's server stalls here: its accept loop waits for the ClientHello."""
    srv = serve(web_config=tls_web_config(certs))
    idle = [socket.create_connection(srv.address, timeout=5) for _ in range(5)]
    partial = socket.create_connection(srv.address, timeout=5)
    partial.sendall(b"\x16\x03\x01\x02\x00\x01")  # the first bytes of a ClientHello, then nothing
    ctx = client_context(certs)
    try:
        for _ in range(10):
            t0 = time.perf_counter()
            assert get(srv, ctx=ctx, timeout=2)[0] == 200
            assert time.perf_counter() - t0 < 0.1
    finally:
        for s in [*idle, partial]:
            s.close()


def test_handshake_timeout_closes_silent_connection(serve: ServerFactory, certs: Certs) -> None:
    clock = FakeClock()
    srv = serve(web_config=tls_web_config(certs), clock=clock)
    with socket.create_connection(srv.address, timeout=3) as s:
        assert wait_for(lambda: len(srv._conns) == 1)
        clock.advance(srv.limits.handshake_timeout + 0.5)
        srv.poke()
        assert read_all(s) == b""
    assert srv.stats["timeout_handshake"] == 1


@pytest.mark.filterwarnings("ignore:ssl.TLSVersion.TLSv1_1 is deprecated:DeprecationWarning")
def test_tls11_refused(serve: ServerFactory, certs: Certs) -> None:
    srv = serve(web_config=tls_web_config(certs))
    ctx = client_context(certs)
    ctx.set_ciphers("DEFAULT:@SECLEVEL=0")  # let the client really offer TLS 1.1
    ctx.minimum_version = ctx.maximum_version = ssl.TLSVersion.TLSv1_1
    with pytest.raises(ssl.SSLError) as exc:
        get(srv, ctx=ctx, timeout=3)
    assert "PROTOCOL_VERSION" in str(exc.value).upper() or "UNSUPPORTED_PROTOCOL" in str(exc.value).upper()
    assert wait_for(lambda: srv.stats["handshake_failed"] >= 1)
    assert get(srv, ctx=client_context(certs))[0] == 200  # TLS 1.2+ still fine


def test_tls13_only(serve: ServerFactory, certs: Certs) -> None:
    srv = serve(web_config=tls_web_config(certs, min_version="TLS13"))
    ctx = client_context(certs)
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    assert https_status(srv, ctx) is None
    assert https_status(srv, client_context(certs)) == 200


def test_mtls_required(serve: ServerFactory, certs: Certs) -> None:
    cfg = tls_web_config(
        certs, client_auth_type="RequireAndVerifyClientCert", client_ca_file=str(certs.ca.cert_path)
    )
    srv = serve(web_config=cfg)
    assert https_status(srv, client_context(certs)) is None  # no client certificate
    assert https_status(srv, client_context(certs, certs.client_wrong_ca)) is None
    assert https_status(srv, client_context(certs, certs.client)) == 200


def test_mtls_if_given(serve: ServerFactory, certs: Certs) -> None:
    cfg = tls_web_config(
        certs, client_auth_type="VerifyClientCertIfGiven", client_ca_file=str(certs.ca.cert_path)
    )
    srv = serve(web_config=cfg)
    assert https_status(srv, client_context(certs)) == 200
    assert https_status(srv, client_context(certs, certs.client_wrong_ca)) is None
    assert https_status(srv, client_context(certs, certs.client)) == 200


def test_client_allowed_sans(serve: ServerFactory, certs: Certs) -> None:
    cfg = tls_web_config(
        certs,
        client_auth_type="RequireAndVerifyClientCert",
        client_ca_file=str(certs.ca.cert_path),
        client_allowed_sans=["prometheus.example"],
    )
    srv = serve(web_config=cfg)
    assert https_status(srv, client_context(certs, certs.client)) == 200
    assert https_status(srv, client_context(certs, certs.client_other_san)) is None  # right CA, wrong SAN
    assert https_status(srv, client_context(certs, certs.client_wrong_ca)) is None  # right SAN, wrong CA


def test_certificate_rotation(serve: ServerFactory, certs: Certs, tmp_path) -> None:
    first = make_pair(tmp_path, "rot", "localhost", issuer=certs.ca, sans=LOOPBACK)
    clock = FakeClock()
    cfg = tls_web_config(certs, cert_file=str(first.cert_path), key_file=str(first.key_path))
    srv = serve(web_config=cfg, clock=clock, limits=ServerLimits(cert_check_interval=1.0))
    ctx = client_context(certs)
    assert peer_serial(srv, ctx) == first.cert.serial_number

    second = make_pair(tmp_path, "new", "localhost", issuer=certs.ca, sans=LOOPBACK)
    write_pair(second.cert, second.key, first.cert_path, first.key_path)  # rotate in place
    assert peer_serial(srv, ctx) == first.cert.serial_number  # files are checked at most once a second
    clock.advance(1.5)
    assert peer_serial(srv, ctx) == second.cert.serial_number
    assert get(srv, ctx=ctx)[0] == 200

    first.key_path.write_text("half-written garbage")  # a broken rotation keeps the last good pair
    clock.advance(1.5)
    assert peer_serial(srv, ctx) == second.cert.serial_number
    provider = srv.tls_provider
    assert isinstance(provider, TLSContextProvider) and provider.reloads == 1


def test_load_web_config_checks_files(certs: Certs, tmp_path) -> None:
    (tmp_path / "server.crt").write_bytes(certs.server.cert_path.read_bytes())
    (tmp_path / "server.key").write_bytes(certs.other_ca.key_path.read_bytes())  # not the cert's key
    path = tmp_path / "web.yml"
    path.write_text("tls_server_config:\n  cert_file: server.crt\n  key_file: server.key\n")
    with pytest.raises(WebConfigError) as exc:
        load_web_config(path)
    assert "tls_server_config" in exc.value.errors[0]
    (tmp_path / "server.key").write_bytes(certs.server.key_path.read_bytes())
    cfg = load_web_config(path)  # relative paths resolve against the config file's directory
    assert cfg.tls_server_config is not None
    assert cfg.tls_server_config.cert_file == str(tmp_path / "server.crt")
    path.write_text("tls_server_config:\n  cert_file: missing.crt\n  key_file: server.key\n")
    with pytest.raises(WebConfigError) as exc:
        load_web_config(path)
    assert exc.value.errors[0].startswith("tls_server_config.cert_file: cannot read")


def test_startup_log_and_config_path(serve: ServerFactory, certs: Certs, tmp_path, caplog) -> None:
    path = tmp_path / "web.yml"
    path.write_text(
        f"tls_server_config:\n  cert_file: {certs.server.cert_path}\n  key_file: {certs.server.key_path}\n"
        f"basic_auth_users:\n  prometheus: '{'$2b$04$' + 'a' * 53}'\n"
    )
    with caplog.at_level(logging.INFO, logger="gpumemd.server"):
        srv = serve(web_config=str(path))  # a path works as well as a WebConfig
    host, port = srv.address
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("listening on"))
    assert f"https://{host}:{port}" in line and "TLS on" in line and "basic auth on (1 users)" in line
    assert get(srv, ctx=client_context(certs))[0] == 401
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="gpumemd.server"):
        plain = serve()
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("listening on"))
    assert f"http://127.0.0.1:{plain.address[1]};" in line and "TLS off" in line and "basic auth off" in line
