"""Property-based fuzzing of raw request lines and headers sent over a socket."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.http.server import HttpServer
from gpumemd.http.webconfig import parse_web_config
from tests.http_helpers import SECRET, get, raw, trivial_app

STATUS_LINE = re.compile(rb"HTTP/1\.1 [1-5][0-9][0-9] [A-Za-z -]+\r\n")


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[tuple[HttpServer, _Errors]]:
    handler = _Errors()
    logging.getLogger("gpumemd.server").addHandler(handler)
    cfg = parse_web_config({"http_server_config": {"headers": {"X-Frame-Options": "deny"}}})
    srv = HttpServer("127.0.0.1:0", trivial_app, cfg)
    srv.start()
    yield srv, handler
    srv.stop()
    logging.getLogger("gpumemd.server").removeHandler(handler)


nasty = st.sampled_from(
    ["", " ", "\t", "\r", "\n", "\r\n", "\x00", ":", "\x7f", "\xff", "é", "\ud800", "%00", "?"]
)
text = st.lists(st.one_of(nasty, st.text(max_size=8)), max_size=6).map("".join)
methods = st.one_of(st.sampled_from(["GET", "HEAD", "POST", "get", "PRI", "OPTIONS", "GE T", ""]), text)
targets = st.one_of(
    st.sampled_from(["/metrics", "/", "*", "/boom", "http://h/metrics", "//x", "/a?b#c", "/" + "a" * 9000]),
    text,
)
versions = st.one_of(st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.10", "http/1.1", ""]), text)
names = st.one_of(
    st.sampled_from(
        [
            "Host",
            "Content-Length",
            "Transfer-Encoding",
            "Connection",
            "Authorization",
            "Expect",
            "Host ",
            " Host",
        ]
    ),
    text,
)
values = st.one_of(
    st.sampled_from(
        [
            "0",
            "1",
            "-1",
            "+0",
            "00",
            "0x1",
            "1e3",
            "\xb2",
            "\xb9",
            "1 1",
            "chunked",
            "close",
            "keep-alive",
            "x" * 20000,
        ]
    ),
    text,
)
eols = st.sampled_from(["\r\n", "\r\n", "\r\n", "\n", "\r", "\r\r\n"])


@st.composite
def requests(draw: st.DrawFn) -> bytes:
    eol = draw(eols)
    if draw(st.booleans()):  # half the time a valid request line, so the headers get parsed
        line = draw(st.sampled_from(["GET /metrics HTTP/1.1", "HEAD / HTTP/1.1", "GET /boom HTTP/1.0"]))
    else:
        line = f"{draw(methods)}{draw(st.sampled_from([' ', '  ', '']))}{draw(targets)} {draw(versions)}"
    known = st.sampled_from(["Host", "Content-Length", "Connection", "Authorization", "Expect", "X-A"])
    headers = draw(st.lists(st.tuples(st.one_of(known, names), values), max_size=6))
    if draw(st.booleans()):
        headers.insert(0, ("Host", "gpumemd"))
    seps = st.sampled_from([": ", ": ", ":", " : "])
    head = eol.join([line, *(f"{k}{draw(seps)}{v}" for k, v in headers)])
    tail = draw(st.sampled_from([eol + eol, eol, "", "\r\n\r\n"]))
    body = draw(st.binary(max_size=64))
    return head.encode("utf-8", "surrogatepass") + tail.encode() + body


@st.composite
def plausible_requests(draw: st.DrawFn) -> bytes:
    """A valid request with a few odd-but-printable headers: reaches the semantic checks."""
    line = draw(st.sampled_from(["GET /metrics HTTP/1.1", "HEAD / HTTP/1.1", "GET /x?y HTTP/1.0"]))
    printable = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=12)
    hdrs = draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    ["Host", "Content-Length", "Transfer-Encoding", "Connection", "Authorization"]
                ),
                st.one_of(
                    values.filter(lambda v: "\r" not in v and "\n" not in v and len(v) < 100), printable
                ),
            ),
            max_size=3,
        )
    )
    head = "\r\n".join([line, "Host: gpumemd", *(f"{k}: {v}" for k, v in hdrs)])
    return head.encode("latin-1", "replace") + b"\r\n\r\n"


@settings(
    database=None,
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.one_of(requests(), plausible_requests(), st.binary(max_size=600)))
def test_fuzz_requests(fuzz_server: tuple[HttpServer, _Errors], data: bytes) -> None:
    srv, errors = fuzz_server
    errors.records.clear()
    resp = raw(srv, data, timeout=5)
    # every answer is a well-formed status line, never a traceback or an exception text
    assert b"Traceback" not in resp and b'File "' not in resp and SECRET.encode() not in resp
    if resp:
        assert STATUS_LINE.match(resp), resp[:200]
        assert b"X-Frame-Options: deny\r\n" in resp
    assert not [r for r in errors.records if "boom" not in r.getMessage()], errors.records
    assert get(srv)[0] == 200  # and it still serves
