"""Outbound HTTP (webhook and Alertmanager notifiers, through gpumemd.httpclient) against
receivers on 127.0.0.1 that misbehave: a huge body, an endless chunked body, a trickle, a
redirect to another host carrying the token, and 30 reloads of a real daemon while one
receiver trickles. Each request is bounded in time and bytes; a slow receiver delays no other."""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gpumemd import httpclient
from gpumemd.alerts.notify import AlertmanagerNotifier, Notifier, WebhookNotifier
from gpumemd.alerts.observer import AlertObserver
from gpumemd.alerts.rules import AlertingConfig
from tests.fakes import GPU0, Receiver, gauge
from tests.helpers import ROOT, gpumemd_process
from tests.security.hostile_http import Hostile, answer, chunked_forever, huge, redirect, trickle

RULE = {"alert": "Full", "metric": "gpumemd_gpu_memory_used_bytes", "threshold": 0.5}
NEVER_ENDING_HEAD = b"HTTP/1.1 200 OK\r\nX-Pad: " + b"a" * 100_000
MiB = 1 << 20


def fire(*notifiers: Notifier) -> AlertObserver:
    """An observer whose one rule fires at once, delivering to `notifiers`."""
    cfg = AlertingConfig(default_rules=False, rules=(RULE,), notifiers=(), resend_delay=60.0)
    obs = AlertObserver(cfg, interval=1.0, notifiers=list(notifiers), watchdog=False)
    obs.observe([gauge("gpumemd_gpu_memory_used_bytes", [(GPU0, 1.0)])], {}, time.time())
    return obs


def fast(cls: type[WebhookNotifier] | type[AlertmanagerNotifier], url: str, **kw: object) -> Notifier:
    return cls("hook", url, timeout=0.5, min_backoff=0.05, max_backoff=0.1, **kw)  # type: ignore[arg-type]


@contextmanager
def receiving() -> Iterator[Receiver]:
    rx = Receiver()
    try:
        yield rx
    finally:
        rx.close()


def until(cond: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():  # type: ignore[operator]
            return True
        time.sleep(0.01)  # an outside server's progress: only observable
    return False


@pytest.mark.parametrize(
    "behaviour", [huge(256 * MiB), chunked_forever()], ids=["1-gib-like", "endless-chunked"]
)
def test_a_huge_or_endless_answer_is_not_read(behaviour: object) -> None:
    with Hostile(behaviour) as rx:  # type: ignore[arg-type]
        n = fast(WebhookNotifier, rx.url + "/hook")
        obs = fire(n)
        try:
            assert until(lambda: n.sent == 1, 3), n.last_error  # the status said delivered
            time.sleep(0.2)  # what the receiver still manages to push after the client left
            assert rx.sent < 16 * MiB, rx.sent  # the old client read all of it (256 MiB, or forever)
        finally:
            obs.close()


def test_the_client_refuses_a_body_past_its_cap_unless_told_to_cut_it() -> None:
    with Hostile(huge(64 * MiB)) as rx, Hostile(chunked_forever()) as endless:
        for url in (rx.url, endless.url):
            with pytest.raises(httpclient.RequestFailed) as err:
                httpclient.request(url, timeout=2, max_bytes=1 * MiB)
            assert err.value.kind == "too_large"
            cut = httpclient.request(url, timeout=2, max_bytes=1 * MiB, truncate=True)
            assert cut.truncated and len(cut.body) == 1 * MiB
        assert rx.sent < 32 * MiB


@pytest.mark.parametrize("cls", [WebhookNotifier, AlertmanagerNotifier])
def test_a_trickling_receiver_ends_each_request_on_time_and_recovers(cls: type[WebhookNotifier]) -> None:
    with Hostile(trickle(NEVER_ENDING_HEAD, every=0.1)) as rx, receiving() as good:
        slow = fast(cls, rx.url)
        other = fast(WebhookNotifier, f"http://127.0.0.1:{good.port}/")
        started = time.monotonic()
        obs = fire(slow, other)
        try:
            # a slow receiver delays no other receiver
            assert good.wait_for(lambda b: len(b) == 1, timeout=1.0)
            assert until(lambda: slow.failed >= 1, 2.0), "a trickle held the request past its deadline"
            assert time.monotonic() - started < 1.5 and "timed out" in slow.last_error
            rx.behaviour = answer(200)  # it recovers: the next retry delivers
            assert until(lambda: slow.sent == 1, 2.0), slow.last_error
        finally:
            obs.close()


@pytest.mark.parametrize("cls", [WebhookNotifier, AlertmanagerNotifier])
def test_a_redirect_is_a_failed_delivery_and_the_token_goes_nowhere(cls: type[WebhookNotifier]) -> None:
    with Hostile(answer(200)) as elsewhere, Hostile(redirect("")) as rx:
        rx.behaviour = redirect(elsewhere.url + "/steal")
        n = fast(cls, rx.url, bearer_token="s3cret")
        obs = fire(n)
        try:
            assert until(lambda: n.failed >= 2, 3.0)
            assert (
                n.sent == 0
                and "redirect to http://127.0.0.1" in n.last_error
                and "not followed" in n.last_error
            )
            assert rx.requests[0].headers["authorization"] == "Bearer s3cret"
            assert (
                elsewhere.requests == []
            )  # the old client followed it (a GET with the token) and counted it sent
        finally:
            obs.close()


def test_closing_a_notifier_cancels_its_request_in_flight() -> None:
    with Hostile(trickle(NEVER_ENDING_HEAD, every=0.1)) as rx:
        n = WebhookNotifier("hook", rx.url, timeout=30)
        obs = fire(n)
        assert until(lambda: rx.requests, 2.0)
        before = time.monotonic()
        obs.close()
        assert n._thread is not None
        n._thread.join(2.0)
        assert not n._thread.is_alive() and time.monotonic() - before < 1.0  # not 30 s later


def _threads_and_fds(pid: int) -> tuple[int, int]:
    status = Path(f"/proc/{pid}/status").read_text()
    threads = int(next(line.split()[1] for line in status.splitlines() if line.startswith("Threads:")))
    return threads, len(os.listdir(f"/proc/{pid}/fd"))


def test_thirty_reloads_while_a_receiver_trickles_keep_threads_and_fds_bounded(tmp_path: Path) -> None:
    capture = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
    config = tmp_path / "gpumemd.yaml"

    def write(path: str) -> None:  # whole, or a reload could read half a file
        tmp = tmp_path / "next.yaml"
        tmp.write_text(
            "sampler: {interval: 100ms}\n"
            "alerting:\n  default_rules: false\n  resend_delay: 100ms\n"
            "  rules: [{alert: Used, metric: gpumemd_gpu_memory_used_bytes, threshold: 0}]\n"
            f"  notifiers:\n    - {{type: webhook, name: slow, url: '{rx.url}{path}', timeout: 20s}}\n"
            f"    - {{type: webhook, name: good, url: 'http://127.0.0.1:{good.port}/', timeout: 1s}}\n"
        )
        os.replace(tmp, config)

    with Hostile(trickle(NEVER_ENDING_HEAD, every=0.5)) as rx, receiving() as good:
        write("/0")
        with gpumemd_process(["--replay", str(capture), "--config.file", str(config)]) as (_, proc):
            assert proc.stdout is not None
            out = proc.stdout
            log: list[bytes] = []
            threading.Thread(target=lambda: log.extend(iter(out.readline, b"")), daemon=True).start()
            assert good.wait_for(lambda b: len(b) >= 1, timeout=5)
            assert until(lambda: rx.requests, 5)
            base = _threads_and_fds(proc.pid)
            for i in range(1, 31):
                write(f"/{i}")
                proc.send_signal(signal.SIGHUP)
                # each reload's notifier gets to start its request (the alert is resent every 100 ms)
                assert until(lambda i=i: any(r.path == f"/{i}" for r in rx.requests), 3), (i, log[-5:])
            time.sleep(0.5)
            threads, fds = _threads_and_fds(proc.pid)
            # each reload's old notifier thread and socket ended with it (the old code: +1 each)
            assert threads <= base[0] + 3 and fds <= base[1] + 3, (base, threads, fds)
            good.bodies.clear()
            assert good.wait_for(lambda b: len(b) >= 1, timeout=5)  # the good receiver still gets its resends


def test_a_tls_handshake_that_never_completes_ends_at_the_deadline() -> None:
    with Hostile(answer(200)) as silent:  # it waits for an HTTP head a TLS client never sends
        started = time.monotonic()
        with pytest.raises(httpclient.RequestFailed) as err:
            httpclient.request(f"https://127.0.0.1:{silent.port}/", timeout=0.5, max_bytes=1024)
        assert err.value.kind == "timeout" and time.monotonic() - started < 1.5


def test_an_unverified_certificate_gets_no_request(tmp_path: Path) -> None:
    import socket
    import ssl

    from tests.http_helpers import make_pair, write_pair

    pair = make_pair(tmp_path, "srv", "localhost")
    write_pair(pair.cert, pair.key, tmp_path / "srv.crt", tmp_path / "srv.key")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(tmp_path / "srv.crt", tmp_path / "srv.key")
    got: list[bytes] = []
    with socket.create_server(("127.0.0.1", 0)) as listener:

        def serve() -> None:
            conn, _ = listener.accept()
            with conn:
                try:
                    with ctx.wrap_socket(conn, server_side=True) as tls:
                        got.append(tls.recv(4096))
                except (OSError, ssl.SSLError):
                    pass  # the client refused our certificate

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        port = listener.getsockname()[1]
        with pytest.raises(httpclient.RequestFailed) as err:
            httpclient.request(
                f"https://127.0.0.1:{port}/",
                method="POST",
                body=b"{}",
                timeout=2,
                max_bytes=1024,
                headers={"Authorization": "Bearer s3cret"},
            )
        thread.join(2)
    assert err.value.kind == "tls" and got == []


def test_a_line_break_in_a_header_is_refused_before_connecting() -> None:
    with Hostile(answer(200)) as rx:
        with pytest.raises(httpclient.RequestFailed) as err:
            httpclient.request(
                rx.url, headers={"Authorization": "Bearer a\r\nX-Evil: 1"}, timeout=1, max_bytes=10
            )
        assert err.value.kind == "url" and "s3cret" not in str(err.value) and rx.requests == []


@pytest.mark.parametrize(
    "raw",
    [
        b"HTTP/1.1 100 Continue\r\n\r\n" * 20,
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"SSH-2.0-OpenSSH_9.6\r\n",
        b"HTTP/1.1 200 OK\r\n" + b"X: y\r\n" * 20_000 + b"\r\n",
    ],
    ids=["interim-forever", "two-lengths", "bad-chunk", "not-http", "headers-too-large"],
)
def test_a_malformed_answer_is_a_protocol_failure(raw: bytes) -> None:
    with Hostile(lambda ex: ex.send(raw)) as rx:  # type: ignore[arg-type, func-returns-value]
        with pytest.raises(httpclient.RequestFailed) as err:
            httpclient.request(rx.url, timeout=2, max_bytes=1 << 20)
        assert err.value.kind == "protocol", err.value


# --- name resolution on the request's clock -----------------------------------------------------

HANGS = "receiver.invalid"  # any name: the fake resolver below never answers for it
REAL_GETADDRINFO = socket.getaddrinfo


@pytest.fixture
def fake_hanging_resolver(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """FAKE (a fault loopback cannot cause): a system resolver that never answers (a dead DNS
    server, a hung NSS module). `socket.getaddrinfo` blocks for every name until the test ends
    (at most 20 s, so an older client's test ends too); a numeric lookup (AI_NUMERICHOST) is
    libc parsing a number, never a resolver, and is answered. Yields the names asked for."""
    real = REAL_GETADDRINFO
    release = threading.Event()
    asked: list[str] = []

    def hanging(host: object, *args: object, **kw: object) -> object:
        if int(kw.get("flags", 0)) & socket.AI_NUMERICHOST:  # type: ignore[call-overload]
            return real(host, *args, **kw)  # type: ignore[arg-type]
        asked.append(str(host))
        release.wait(20)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", hanging)
    try:
        yield asked
    finally:
        release.set()
        assert until(lambda: httpclient._resolver.running() == 0, 5)


def resolving_threads() -> int:
    return sum(t.name == "gpumemd-resolve" for t in threading.enumerate())


def test_a_resolver_that_never_answers_ends_each_request_at_its_deadline(
    fake_hanging_resolver: list[str],
) -> None:
    """Main waited for getaddrinfo outside the deadline: a request of 0.3 s took the resolver's
    whole time (20 s here). Ten requests end on time, and at most 4 lookups hold a thread."""

    def one() -> None:
        before = time.monotonic()
        with pytest.raises(httpclient.RequestFailed) as err:
            httpclient.request(f"http://{HANGS}:9/hook", timeout=0.3, max_bytes=1024)
        assert err.value.kind == "timeout" and "within 0.3s" in str(err.value)
        assert time.monotonic() - before < 1.0

    one()
    abandoned = httpclient._resolver.abandoned
    for _ in range(9):
        one()
    assert httpclient._resolver.running() == resolving_threads() == 4 == len(fake_hanging_resolver)
    assert httpclient._resolver.abandoned - abandoned == 3  # the other six waited for a slot, on time


def test_closing_a_notifier_ends_its_wait_for_a_name_at_once(fake_hanging_resolver: list[str]) -> None:
    n = WebhookNotifier("hook", f"http://{HANGS}/hook", timeout=30)
    obs = fire(n)
    assert until(lambda: fake_hanging_resolver, 2.0)
    before = time.monotonic()
    obs.close()
    assert n._thread is not None
    n._thread.join(2.0)
    assert not n._thread.is_alive() and time.monotonic() - before < 1.0  # not 30 s later


def test_an_address_is_never_looked_up_and_a_name_is_looked_up_on_time(
    fake_hanging_resolver: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Hostile(answer(200, b"ok")) as rx:
        before = time.monotonic()
        assert httpclient.request(rx.url + "/", timeout=2, max_bytes=1024).body == b"ok"
        assert time.monotonic() - before < 1.0 and fake_hanging_resolver == []
        monkeypatch.undo()  # the real resolver: localhost from /etc/hosts, on a thread of its own
        resp = httpclient.request(f"http://localhost:{rx.port}/", timeout=5, max_bytes=1024)
        assert resp.body == b"ok"
    assert until(lambda: resolving_threads() == 0, 2)


@pytest.mark.filterwarnings("ignore:.*multi-threaded.*:DeprecationWarning")  # the hung lookups' threads
def test_a_forked_child_resolves_while_its_parents_lookups_hang(fake_hanging_resolver: list[str]) -> None:
    """The parent's 4 slots are held by lookups that never end; the child has none of those
    threads, so it must not wait for their slots."""
    for _ in range(4):
        with pytest.raises(httpclient.RequestFailed):
            httpclient.request(f"http://{HANGS}/", timeout=0.05, max_bytes=1024)
    assert httpclient._resolver.running() == 4
    with Hostile(answer(200, b"child")) as rx:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: the real resolver, then one request by name
            code = 1
            try:
                socket.getaddrinfo = REAL_GETADDRINFO
                body = httpclient.request(f"http://localhost:{rx.port}/", timeout=3, max_bytes=1024).body
                code = 0 if body == b"child" else 2
            finally:
                os.write(w, bytes([code]))
                os._exit(code)
        os.close(w)
        status = os.read(r, 1)
        os.close(r)
        os.waitpid(pid, 0)
    assert status == b"\x00"
