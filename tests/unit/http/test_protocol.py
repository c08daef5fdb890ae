"""HTTP/1.1 behaviour of the endpoint: methods, limits, malformed input, timeouts, capacity."""

from __future__ import annotations

import http.client
import socket
import threading

import pytest

from gpumemd.http.protocol import HttpError, take_head
from gpumemd.http.server import Request, Response, ServerLimits, parse_listen_address
from gpumemd.http.webconfig import parse_web_config
from tests.http_helpers import (
    METRICS,
    SECRET,
    FakeClock,
    ServerFactory,
    get,
    idle_conns,
    raw,
    read_all,
    status_of,
    wait_for,
)


def test_get_and_head(serve: ServerFactory) -> None:
    srv = serve()
    status, headers, body = get(srv)
    assert (status, body) == (200, METRICS)
    assert headers["content-length"] == str(len(METRICS))
    assert headers["content-type"].startswith("text/plain")
    status, headers, body = get(srv, method="HEAD")
    assert status == 200 and body == b""
    assert headers["content-length"] == str(len(METRICS))
    # HEAD must not send a body on the wire either (http.client would hide it)
    resp = raw(srv, b"HEAD /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert resp.endswith(b"\r\n\r\n") and METRICS not in resp
    assert get(srv, "/nope")[0] == 404


def test_keep_alive_reuses_one_connection(serve: ServerFactory) -> None:
    srv = serve()
    conn = http.client.HTTPConnection(*srv.address, timeout=5)
    for _ in range(20):
        conn.request("GET", "/metrics")
        r = conn.getresponse()
        assert r.status == 200 and r.read() == METRICS
    conn.close()
    assert srv.stats["connections"] == 1
    assert srv.stats["requests"] == 20


def test_pipelined_requests_answered_in_order(serve: ServerFactory) -> None:
    srv = serve()
    req = (
        b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    resp = raw(srv, req)
    first, second = resp.split(b"HTTP/1.1 ")[1:]
    assert first.startswith(b"200") and second.startswith(b"404")


def test_http10_closes_unless_keep_alive(serve: ServerFactory) -> None:
    srv = serve()
    resp = raw(srv, b"GET /metrics HTTP/1.0\r\n\r\n", half_close=False)  # server must close
    assert status_of(resp) == 200 and b"Connection: close" in resp


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "FOO"])
def test_other_methods_get_405_with_allow(serve: ServerFactory, method: str) -> None:
    calls: list[Request] = []

    def app(req: Request) -> Response:
        calls.append(req)
        return Response(200, b"ok")

    srv = serve(app=app)
    resp = raw(srv, f"{method} /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".encode())
    assert status_of(resp) == 405
    assert b"\r\nAllow: GET, HEAD\r\n" in resp
    assert calls == []  # enforced before the app


def test_request_body_refused(serve: ServerFactory) -> None:
    srv = serve()
    assert status_of(raw(srv, b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789")) == 413
    assert (
        status_of(raw(srv, b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
        == 413
    )
    assert get(srv, headers={"Content-Length": "0"})[0] == 200


def test_oversized_request_line_and_headers(serve: ServerFactory) -> None:
    srv = serve()
    lim = srv.limits
    long_line = b"GET /" + b"a" * lim.max_request_line + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    assert status_of(raw(srv, long_line)) == 414
    # a request line that never ends is refused as soon as it passes the limit
    assert status_of(raw(srv, b"GET /" + b"a" * (lim.max_request_line + 10), half_close=False)) == 414
    big = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * lim.max_header_bytes + b"\r\n\r\n"
    assert status_of(raw(srv, big)) == 431
    many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(lim.max_headers + 1))
    assert status_of(raw(srv, many + b"\r\n")) == 431
    # just under the limits is fine
    ok = b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * (lim.max_header_bytes - 100) + b"\r\n\r\n"
    assert status_of(raw(srv, ok)) == 200


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET\r\n\r\n", 400),
        (b"GET /\r\n\r\n", 400),  # HTTP/0.9
        (b"GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),  # double space
        (b"GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
        (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        (b"GET / HTTX/1.1\r\nHost: x\r\n\r\n", 400),
        (b"G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (b"GET /\x7f HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\n\r\n", 400),  # HTTP/1.1 without Host
        (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),  # space before colon (smuggling)
        (b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),  # obs-fold
        (b"GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\rX: y\r\n\r\n", 400),  # bare CR
        (b"GET / HTTP/1.1\r\nHost: x\r\nX: a\x01b\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", 400),
        (b"GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),  # TLS on the plain port
    ],
)
def test_malformed_requests_get_4xx_without_detail(
    serve: ServerFactory, request_bytes: bytes, status: int
) -> None:
    srv = serve()
    resp = raw(srv, request_bytes)
    assert status_of(resp) == status
    assert b"Connection: close" in resp
    assert get(srv)[0] == 200  # and the server still serves


def test_lenient_where_the_rfc_allows(serve: ServerFactory) -> None:
    srv = serve()
    assert status_of(raw(srv, b"\r\n\r\nGET /metrics HTTP/1.1\nHost: x\n\n")) == 200  # bare LF, leading CRLF
    assert (
        status_of(raw(srv, b"GET http://x:9/metrics?a=b HTTP/1.1\r\nHost: x\r\n\r\n")) == 200
    )  # absolute form


def test_app_exception_is_500_without_traceback(serve: ServerFactory, error_logs: list) -> None:
    srv = serve()
    status, _, body = get(srv, "/boom")
    assert status == 500
    assert SECRET.encode() not in body and b"Traceback" not in body
    assert any(r.exc_info for r in error_logs)  # the traceback went to the log instead
    status, _, body = get(srv, "/badheader")  # response splitting attempt by the app
    assert status == 500 and b"pwned" not in body


def test_web_config_headers_on_every_response(serve: ServerFactory) -> None:
    cfg = parse_web_config(
        {
            "http_server_config": {
                "headers": {"X-Frame-Options": "deny", "Strict-Transport-Security": "max-age=1"}
            }
        }
    )
    srv = serve(web_config=cfg)
    for path in ("/metrics", "/nope"):
        _, headers, _ = get(srv, path)
        assert headers["x-frame-options"] == "deny" and headers["strict-transport-security"] == "max-age=1"
    assert b"X-Frame-Options: deny" in raw(srv, b"POST / HTTP/1.1\r\nHost: x\r\n\r\n")


def test_slow_request_head_gets_408(serve: ServerFactory) -> None:
    clock = FakeClock()
    srv = serve(clock=clock)
    with socket.create_connection(srv.address, timeout=3) as s:
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")  # ... and the rest never comes
        assert wait_for(lambda: any(c.inbuf for c in list(srv._conns)))  # the server has the bytes
        clock.advance(srv.limits.request_timeout - 1)
        srv.poke()
        s.sendall(b"X-Trickle: 1\r\n")  # trickling does not extend the deadline
        clock.advance(2)
        srv.poke()
        assert status_of(read_all(s)) == 408
    assert srv.stats["timeout_read"] == 1


def test_idle_keep_alive_connection_is_closed(serve: ServerFactory) -> None:
    clock = FakeClock()
    srv = serve(clock=clock)
    with socket.create_connection(srv.address, timeout=3) as s:
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        assert wait_for(lambda: idle_conns(srv) == 1)  # the worker handed it back
        clock.advance(srv.limits.idle_timeout - 1)
        srv.poke()
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")  # still open just before the limit
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        assert wait_for(lambda: idle_conns(srv) == 1)
        clock.advance(srv.limits.idle_timeout + 1)
        srv.poke()
        assert read_all(s) == b""  # closed, silently
    assert srv.stats["timeout_read"] == 1


def test_silent_new_connection_is_closed(serve: ServerFactory) -> None:
    clock = FakeClock()
    srv = serve(clock=clock)
    with socket.create_connection(srv.address, timeout=3) as s:
        assert wait_for(lambda: len(srv._conns) == 1)
        clock.advance(srv.limits.request_timeout + 1)
        srv.poke()
        assert read_all(s) == b""
    assert wait_for(lambda: len(srv._conns) == 0)


def test_queue_full_gets_503(serve: ServerFactory) -> None:
    release = threading.Event()
    entered = threading.Event()

    def app(req: Request) -> Response:
        if req.path == "/block":
            entered.set()
            release.wait(5)
        return Response(200, b"ok")

    srv = serve(app=app, limits=ServerLimits(workers=1, queue_size=1, inline_responses=False))
    blocked = [socket.create_connection(srv.address, timeout=5) for _ in range(2)]
    try:
        blocked[0].sendall(b"GET /block HTTP/1.1\r\nHost: x\r\n\r\n")  # occupies the one worker
        assert entered.wait(3)
        blocked[1].sendall(b"GET /block HTTP/1.1\r\nHost: x\r\n\r\n")  # fills the queue
        assert wait_for(lambda: srv._workers.queue.qsize() == 1)
        resp = raw(srv, b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        assert status_of(resp) == 503 and b"Retry-After: 1" in resp
    finally:
        release.set()
        for s in blocked:
            s.close()
    assert wait_for(lambda: get(srv)[0] == 200)


def test_connection_limit_evicts_the_longest_idle(serve: ServerFactory) -> None:
    srv = serve(limits=ServerLimits(max_connections=4))
    idle = [socket.create_connection(srv.address, timeout=3) for _ in range(4)]
    scrapers: list[http.client.HTTPConnection] = []
    try:
        assert wait_for(lambda: len(srv._conns) == 4)
        for _ in range(3):  # each new scraper, kept open, evicts one idle connection
            c = http.client.HTTPConnection(*srv.address, timeout=3)
            c.request("GET", "/metrics")
            assert c.getresponse().status == 200
            scrapers.append(c)
        assert srv.stats["evicted"] == 3
        for s in idle[:3]:  # the oldest went first
            assert read_all(s) == b""
        idle[3].sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        assert idle[3].recv(4096).startswith(b"HTTP/1.1 200")  # the youngest survived
        assert len(srv._conns) <= 4
    finally:
        for s in idle:
            s.close()
        for c in scrapers:
            c.close()


@pytest.mark.parametrize("inline", [True, False])
def test_thread_count_is_fixed(serve: ServerFactory, inline: bool) -> None:
    # The server's threads, not the process's count: threads other tests left behind start
    # and stop meanwhile (the count flaked by one in a full run).
    before = set(threading.enumerate())

    def started() -> list[threading.Thread]:
        return sorted(
            (t for t in threading.enumerate() if t not in before and t.name.startswith("gpumemd-http")),
            key=lambda t: t.name,
        )

    srv = serve(limits=ServerLimits(workers=3, inline_responses=inline))
    # inline (no basic auth): the I/O thread answers, no worker is started
    expected = 1 if inline else 4  # one I/O thread + 3 workers
    assert srv.thread_count == expected
    assert len(started()) == expected
    socks = [socket.create_connection(srv.address, timeout=3) for _ in range(50)]
    assert wait_for(lambda: len(srv._conns) == 50)
    assert get(srv)[0] == 200
    assert len(started()) == expected  # 50 connections, no thread for any of them
    for s in socks:
        s.close()
    srv.stop()
    assert wait_for(lambda: not any(t.is_alive() for t in started()))


def test_parse_listen_address() -> None:
    assert parse_listen_address("127.0.0.1:9") == ("127.0.0.1", 9)
    assert parse_listen_address(":9400") == ("0.0.0.0", 9400)
    assert parse_listen_address("[::1]:80") == ("::1", 80)
    with pytest.raises(ValueError):
        parse_listen_address("localhost")


def test_take_head_frames_one_head_at_a_time_and_skips_leading_blank_lines() -> None:
    buf = bytearray(b"\r\n\nGET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\nHost: x\n\nGET /c")
    limits = ServerLimits()
    assert take_head(buf, limits) == b"GET /a HTTP/1.1\r\nHost: x"
    assert take_head(buf, limits) == b"GET /b HTTP/1.1\nHost: x"
    assert take_head(buf, limits) is None and buf == bytearray(b"GET /c")  # incomplete: kept


@pytest.mark.parametrize(("head", "status"), [(b"GET /" + b"a" * 9000, 414),
                                              (b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 4000, 431)])
def test_take_head_refuses_a_line_or_head_past_its_limit_before_it_ends(head: bytes, status: int) -> None:
    with pytest.raises(HttpError) as exc:
        take_head(bytearray(head), ServerLimits())
    assert exc.value.status == status

