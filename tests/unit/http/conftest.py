"""Shared fixtures for the HTTP endpoint tests (helpers live in tests/http_helpers.py)."""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable, Iterator

import pytest
from cryptography import x509

from gpumemd.http.server import HttpServer, Request, Response, ServerLimits
from tests.http_helpers import Certs, ServerFactory, make_pair, trivial_app


@pytest.fixture(scope="session")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Certs:
    d = tmp_path_factory.mktemp("certs")
    loopback = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    ca = make_pair(d, "ca", "test CA", ca=True)
    other = make_pair(d, "other-ca", "other CA", ca=True)
    return Certs(
        dir=d,
        ca=ca,
        server=make_pair(d, "server", "localhost", issuer=ca, sans=loopback),
        client=make_pair(
            d, "client", "prom", issuer=ca, sans=[x509.DNSName("prometheus.example")], client=True
        ),
        client_other_san=make_pair(
            d, "client2", "intruder", issuer=ca, sans=[x509.DNSName("intruder.example")], client=True
        ),
        other_ca=other,
        client_wrong_ca=make_pair(
            d, "client3", "prom", issuer=other, sans=[x509.DNSName("prometheus.example")], client=True
        ),
    )


@pytest.fixture
def serve() -> Iterator[ServerFactory]:
    """Start servers on 127.0.0.1:0; all are stopped at teardown."""
    started: list[HttpServer] = []

    def start(
        web_config: object = None,
        limits: ServerLimits | None = None,
        clock: Callable[[], float] = time.monotonic,
        app: Callable[[Request], Response] = trivial_app,
    ) -> HttpServer:
        srv = HttpServer("127.0.0.1:0", app, web_config, limits=limits, clock=clock)
        srv.start()
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture
def error_logs() -> Iterator[list[logging.LogRecord]]:
    """ERROR records of gpumemd.server: a parser crash would show here."""
    records: list[logging.LogRecord] = []

    class H(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    h = H(level=logging.ERROR)
    lg = logging.getLogger("gpumemd.server")
    lg.addHandler(h)
    yield records
    lg.removeHandler(h)
