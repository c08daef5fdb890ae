"""The server's worker threads (gpumemd/http/workers.py) without a server: a bounded queue, each
request answered and written to its socket, the connection handed back with one wake-up per
batch, and a stop that ends every thread. (The lost wake-up against the I/O thread's drain is
tests/unit/http/test_gil.py's.)"""

from __future__ import annotations

import collections
import socket
import time
from collections.abc import Iterator

import pytest

from gpumemd.http.answers import Answers
from gpumemd.http.connection import Conn
from gpumemd.http.protocol import Parsed, ServerLimits, parse_head
from gpumemd.http.workers import Workers
from tests.http_helpers import METRICS, SECRET, trivial_app, wait_for


def parsed(path: str) -> Parsed:
    return parse_head(f"GET {path} HTTP/1.1\r\nHost: x".encode(), ServerLimits())


class Woken:
    def __init__(self) -> None:
        self.times = 0

    def __call__(self) -> None:
        self.times += 1


@pytest.fixture
def pair() -> Iterator[tuple[Conn, socket.socket]]:
    ours, client = socket.socketpair()
    conn = Conn(ours, 0.0, tls=False)
    yield conn, client
    ours.close()
    client.close()


def workers(count: int, queue_size: int, wake: Woken) -> Workers:
    stats: collections.Counter[str] = collections.Counter()
    return Workers(count, queue_size, Answers(trivial_app, None, (), stats, time.monotonic), stats, wake)


def test_the_queue_is_bounded_and_stop_ends_every_thread(pair: tuple[Conn, socket.socket]) -> None:
    conn, _ = pair
    w = workers(2, 1, Woken())
    assert w.submit(conn, parsed("/metrics"), None)
    assert not w.submit(conn, parsed("/metrics"), None)  # full: the server answers 503
    threads = w.threads()
    assert [t.name for t in threads] == ["gpumemd-http-0", "gpumemd-http-1"]
    w.queue.get_nowait()  # nothing to answer: only the stop
    for t in threads:
        t.start()
    w.stop()
    for t in threads:
        t.join(5)
    assert not any(t.is_alive() for t in threads)


def test_a_worker_answers_writes_and_hands_back_with_one_wake_up(pair: tuple[Conn, socket.socket]) -> None:
    conn, client = pair
    wake = Woken()
    w = workers(1, 4, wake)
    (thread,) = w.threads()
    thread.start()
    try:
        assert w.submit(conn, parsed("/metrics"), None) and w.submit(conn, parsed("/boom"), None)
        assert wait_for(lambda: len(w.returns) == 2)
        assert wake.times == 1  # the second hand-back rides on the first one's wake-up
        assert [(rest, keep) for _, rest, keep in w.returns] == [(b"", True), (b"", False)]
        client.settimeout(5)
        got = b""
        while got.count(b"HTTP/1.1 ") < 2:
            got += client.recv(65536)
        assert got.startswith(b"HTTP/1.1 200") and METRICS in got
        assert b"HTTP/1.1 500" in got and SECRET.encode() not in got  # the app's error stays here
        w.woken()
        w.returns.clear()
        w.hand_back(conn, b"", True)
        assert wake.times == 2  # drained: the next hand-back wakes the loop again
    finally:
        w.stop()
        thread.join(5)
