#!/usr/bin/env python3
"""Scrape latency of an HTTP(S) metrics endpoint: unloaded, under a hammer, with idle connections.

Three phases, each reported as requests served, errors, p50/p90/p99/max latency, and (if
the target's pid is known and psutil is installed) the target's thread count and CPU time:

  unloaded   one Prometheus-like client scraping over a keep-alive connection, back to back
  hammer     a separate process hammers the URL at --rate requests/s (open loop, paced, on
             --hammer-connections keep-alive connections) while a probe scrapes every
             --probe-interval seconds; both are reported (the probe is "the scrape")
  idle       --idle TCP connections are opened and held while the probe scrapes; reports how
             many of them the server closed. --idle-mode silent (default): they never send a
             byte (a server may close them after its request timeout); keepalive: each makes
             one scrape first, then waits like a scraper between scrapes. With --idle-hold,
             connections the server closes are opened again, so that --idle stay held.

Every phase ends by a deadline whatever the server does: each request has --timeout
seconds, a phase at most its duration plus --grace seconds; an error is counted and
reported, never waited on. SIGTERM ends the run early, and the JSON written then holds
what was measured so far, with an "errors" list.

Targets (one of):
  --url URL                 a running endpoint (add --pid PID for thread/CPU figures)
  --cmd 'CMD ... {port}'    start CMD with {port} replaced by a free port, scrape
                            http://127.0.0.1:{port}{--path}, stop it afterwards; e.g. --cmd
                            'python -m gpumemd serve --replay CAPTURE --web.listen-address 127.0.0.1:{port}'
  --builtin                 start gpumemd.http.server in a child process serving a static body of
                            --body-bytes (no GPU, no sampler: the server's own floor)

Output: JSON on stdout, and to --out FILE if given. Standard library only; psutil optional.
The client is a minimal raw-socket HTTP/1.1 client (keep-alive, Content-Length or
read-to-close), so client overhead stays in the tens of microseconds.
"""

from __future__ import annotations

import argparse
import base64
import json
import multiprocessing as mp
import os
import platform
import queue
import shlex
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ------------------------------------------------------------------------- client


@dataclass
class Target:
    host: str
    port: int
    path: str
    tls: ssl.SSLContext | None = None
    server_hostname: str | None = None
    auth: str | None = None  # "user:password"

    @property
    def request(self) -> bytes:
        lines = [f"GET {self.path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept: */*"]
        if self.auth:
            lines.append("Authorization: Basic " + base64.b64encode(self.auth.encode()).decode())
        return ("\r\n".join(lines) + "\r\n\r\n").encode()


class ScrapeError(Exception):
    pass


class Terminated(Exception):
    """SIGTERM: stop, and write what was measured so far."""


class Client:
    """One keep-alive connection; reconnects when the server closes it."""

    def __init__(self, target: Target, timeout: float = 10.0) -> None:
        self.t = target
        self.timeout = timeout
        self.sock: socket.socket | None = None
        self.req = target.request
        self.reconnects = 0

    def _connect(self) -> socket.socket:
        s = socket.create_connection((self.t.host, self.t.port), timeout=self.timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.t.tls is not None:
            s = self.t.tls.wrap_socket(s, server_hostname=self.t.server_hostname or self.t.host)
        self.reconnects += 1
        return s

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def scrape(self) -> tuple[int, int]:
        """(status, body bytes); raises ScrapeError/OSError."""
        for attempt in (0, 1):
            fresh = self.sock is None
            if self.sock is None:
                self.sock = self._connect()
            try:
                self.sock.sendall(self.req)
                return self._read_response()
            except (ConnectionError, ScrapeError) as exc:
                self.close()
                # a reused keep-alive connection the server closed meanwhile: retry once
                stale = isinstance(exc, ConnectionError) or "before any response" in str(exc)
                if fresh or attempt == 1 or not stale:
                    raise
        raise ScrapeError("unreachable")

    def _read_response(self) -> tuple[int, int]:
        assert self.sock is not None
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ScrapeError("closed before any response" if not buf else "closed in the headers")
            buf += chunk
        head, _, body = buf.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/"):
            raise ScrapeError(f"bad status line {lines[0][:60]!r}")
        status = int(parts[1])
        hdrs = {}
        for line in lines[1:]:
            k, _, v = line.partition(b":")
            hdrs[k.strip().lower()] = v.strip().lower()
        close = (
            hdrs.get(b"connection") == b"close"
            or parts[0] == b"HTTP/1.0"
            and hdrs.get(b"connection") != b"keep-alive"
        )
        if b"transfer-encoding" in hdrs:
            raise ScrapeError("chunked responses are not supported by this client")
        if b"content-length" in hdrs:
            n = int(hdrs[b"content-length"])
            while len(body) < n:
                chunk = self.sock.recv(max(65536, n - len(body)))
                if not chunk:
                    raise ScrapeError("closed in the body")
                body += chunk
        else:  # read to close
            close = True
            while chunk := self.sock.recv(65536):
                body += chunk
        if close:
            self.close()
        return status, len(body)


# ------------------------------------------------------------------------ measuring


def summarize(latencies: list[float], errors: dict[str, int], duration: float) -> dict[str, Any]:
    lat = sorted(latencies)

    def q(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1e3, 4) if lat else None

    return {
        "requests": len(lat),
        "errors": sum(errors.values()),
        "error_kinds": errors,
        "p50_ms": q(0.50),
        "p90_ms": q(0.90),
        "p99_ms": q(0.99),
        "max_ms": round(lat[-1] * 1e3, 4) if lat else None,
        "mean_ms": round(statistics.fmean(lat) * 1e3, 4) if lat else None,
        "duration_s": round(duration, 3),
        "achieved_rps": round(len(lat) / duration, 1) if duration > 0 else None,
    }


def _record(errors: dict[str, int], kind: str) -> None:
    errors[kind] = errors.get(kind, 0) + 1


def run_sequential(target: Target, *, count: int, interval: float = 0.0, stop: threading.Event | None = None,
                   warmup: int = 20, timeout: float = 10.0,
                   deadline: float | None = None) -> dict[str, Any]:  # fmt: skip
    """Scrape `count` times over one keep-alive connection, every `interval` seconds, and
    stop at `deadline` (time.perf_counter()) even if fewer were made."""
    c = Client(target, timeout=timeout)
    end = deadline if deadline is not None else float("inf")
    for _ in range(warmup):
        if time.perf_counter() >= end:
            break
        try:
            c.scrape()
        except (OSError, ScrapeError):
            c.close()
    lat: list[float] = []
    errors: dict[str, int] = {}
    t_start = time.perf_counter()
    next_t = t_start
    for _ in range(count):
        if stop is not None and stop.is_set():
            break
        if time.perf_counter() >= end:
            _record(errors, "deadline")  # the rest were not even tried
            break
        if interval:
            delay = next_t - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            next_t += interval
        t0 = time.perf_counter()
        try:
            status, _ = c.scrape()
        except (OSError, ScrapeError) as exc:
            c.close()
            _record(errors, type(exc).__name__)
            continue
        dt = time.perf_counter() - t0
        if status == 200:
            lat.append(dt)
        else:
            _record(errors, f"status_{status}")
    out = summarize(lat, errors, time.perf_counter() - t_start)
    out["reconnects"] = max(0, c.reconnects - 1)
    c.close()
    return out


def _hammer_conn(target: Target, rate: float, t_start: float, duration: float, out: list[Any],
                 timeout: float = 10.0, grace: float = 5.0) -> None:  # fmt: skip
    """Open-loop pacing: request i is due at t_start + i/rate; latency is also taken from
    the due time, so a stalled server cannot hide behind a slowed-down client. Requests
    still due `grace` seconds after the end are counted as errors, not made."""
    c = Client(target, timeout=timeout)
    hard_end = t_start + duration + grace
    lat, lat_sched = [], []
    errors: dict[str, int] = {}
    i = 0
    while True:
        due = t_start + i / rate
        if due - t_start >= duration:
            break
        i += 1
        delay = due - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        elif time.perf_counter() >= hard_end:
            _record(errors, "deadline")
            continue
        t0 = time.perf_counter()
        try:
            status, _ = c.scrape()
        except (OSError, ScrapeError) as exc:
            c.close()
            _record(errors, type(exc).__name__)
            continue
        t1 = time.perf_counter()
        if status == 200:
            lat.append(t1 - t0)
            lat_sched.append(t1 - due)
        else:
            _record(errors, f"status_{status}")
    c.close()
    out.append((lat, lat_sched, errors))


def hammer_process(target_args: dict[str, Any], rate: float, conns: int, duration: float, start_at: float,
                   q: Any, timeout: float = 10.0, grace: float = 5.0) -> None:  # fmt: skip
    """Child process: `conns` threads share `rate` (one client per thread)."""
    target = make_target(**target_args)
    results: list[Any] = []
    # all processes agree on wall-clock start; convert to this process's perf_counter
    t_start = time.perf_counter() + max(0.0, start_at - time.time())
    threads = [
        threading.Thread(
            target=_hammer_conn,
            args=(target, rate / conns, t_start + k / rate, duration, results, timeout, grace),
            daemon=True,
        )
        for k in range(conns)
    ]
    for t in threads:
        t.start()
    end = time.perf_counter() + max(0.0, start_at - time.time()) + duration + grace + timeout + 5
    for t in threads:
        t.join(max(0.0, end - time.perf_counter()))
    stuck = sum(t.is_alive() for t in threads)
    lat = [x for r in list(results) for x in r[0]]
    lat_sched = [x for r in results for x in r[1]]
    errors: dict[str, int] = {}
    for r in list(results):
        for k, v in r[2].items():
            errors[k] = errors.get(k, 0) + v
    if stuck:
        errors["stuck_connections"] = stuck
    s = summarize(lat, errors, duration)
    s["from_due_time"] = {k: v for k, v in summarize(lat_sched, {}, duration).items() if k.endswith("_ms")}
    s["target_rps"] = rate
    q.put(s)


class ProcWatch:
    """Samples the target's thread count and CPU time (psutil, optional)."""

    def __init__(self, pid: int | None) -> None:
        self.proc = None
        if pid:
            try:
                import psutil

                self.proc = psutil.Process(pid)
            except Exception as exc:  # psutil missing or pid gone: figures are optional
                print(f"note: no process figures ({exc})", file=sys.stderr)
        self.max_threads = 0
        self._stop = threading.Event()
        self._t: threading.Thread | None = None
        self._cpu0 = 0.0

    def _cpu(self) -> float:
        if self.proc is None:
            return 0.0
        t = self.proc.cpu_times()
        return float(t.user + t.system)

    def __enter__(self) -> ProcWatch:
        if self.proc is not None:
            self._cpu0 = self._cpu()
            self.max_threads = self.proc.num_threads()
            self._t = threading.Thread(target=self._loop, daemon=True)
            self._t.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(0.05):
            try:
                self.max_threads = max(self.max_threads, self.proc.num_threads())  # type: ignore[union-attr]
            except Exception:
                return

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._t is not None:
            self._t.join()

    def figures(self) -> dict[str, Any]:
        if self.proc is None:
            return {}
        return {"server_threads_max": self.max_threads, "server_cpu_s": round(self._cpu() - self._cpu0, 4)}


# ---------------------------------------------------------------------- phases


def phase_unloaded(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    with ProcWatch(args.pid) as w:
        deadline = time.perf_counter() + args.unloaded_seconds
        out = run_sequential(target, count=args.unloaded_requests, timeout=args.timeout, deadline=deadline)
    out.update(w.figures())
    return out


def phase_hammer(target_args: dict[str, Any], target: Target, args: argparse.Namespace) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    start_at = time.time() + 1.0  # let the child start
    hammer_args = (target_args, args.rate, args.hammer_connections, args.duration, start_at, q, args.timeout,
                   args.grace)
    p = ctx.Process(target=hammer_process, args=hammer_args, daemon=True)
    p.start()
    time.sleep(max(0.0, start_at - time.time()))
    stop = threading.Event()
    out: dict[str, Any] = {}
    try:
        with ProcWatch(args.pid) as w:
            out["probe"] = run_sequential(
                target,
                count=int(args.duration / args.probe_interval),
                interval=args.probe_interval,
                stop=stop,
                warmup=2,
                timeout=args.timeout,
                deadline=time.perf_counter() + args.duration + args.grace,
            )
            # the hammer ends by its own deadline; this one is for a hammer that hangs
            wait = max(1.0, start_at - time.time()) + args.duration + 2 * args.grace + args.timeout + 10
            try:
                out["hammer"] = q.get(timeout=wait)
            except queue.Empty:
                out["hammer"] = {"error": f"the hammer process reported nothing within {wait:.0f} s"}
        out.update(w.figures())
    finally:
        p.join(5)
        if p.is_alive():
            p.kill()
            p.join(5)
    return out


class IdleHolder:
    """--idle connections held open: silent, or after one scrape (keep-alive). With `hold`,
    a thread checks them every second and opens again the ones the server closed."""

    def __init__(
        self, target: Target, n: int, mode: str, hold: bool, timeout: float, deadline: float
    ) -> None:
        self.target, self.mode, self.timeout = target, mode, timeout
        self.socks: list[socket.socket | None] = []
        self.refused = self.closed = self.reopened = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        for _ in range(n):
            if time.perf_counter() >= deadline:  # a server that accepts nothing: stop trying
                self.refused += n - len(self.socks)
                break
            s = self._open()
            self.socks.append(s)
            if s is None:
                self.refused += 1
        self._t = threading.Thread(target=self._hold, daemon=True) if hold else None
        if self._t is not None:
            self._t.start()

    def _open(self) -> socket.socket | None:
        try:
            if self.mode == "keepalive":
                c = Client(self.target, timeout=self.timeout)
                c.scrape()
                s = c.sock
                if s is None:  # the server closed it after the answer
                    return None
            else:
                s = socket.create_connection((self.target.host, self.target.port), timeout=self.timeout)
            s.setblocking(False)
            return s
        except (OSError, ScrapeError):
            return None

    @staticmethod
    def _is_closed(s: socket.socket) -> bool:
        try:
            return s.recv(1) == b""  # a silent server sends nothing: EAGAIN
        except BlockingIOError:
            return False
        except OSError:
            return True

    def _hold(self) -> None:
        while not self._stop.wait(1.0):
            for i, s in enumerate(self.socks):
                if self._stop.is_set():
                    return
                if s is not None and not self._is_closed(s):
                    continue
                if s is not None:
                    s.close()
                    self.closed += 1
                new = self._open()
                with self._lock:
                    self.socks[i] = new
                self.reopened += new is not None

    def close(self) -> dict[str, int]:
        self._stop.set()
        if self._t is not None:
            self._t.join(self.timeout + 5)
        with self._lock:
            for s in self.socks:  # how many did the server drop (timeouts, eviction)?
                if s is not None:
                    self.closed += self._is_closed(s)
                    s.close()
        return {"idle_opened": sum(s is not None for s in self.socks), "idle_refused": self.refused,
                "idle_closed_by_server": self.closed, "idle_reopened": self.reopened}  # fmt: skip


def phase_idle(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    t0 = time.perf_counter()
    holder = IdleHolder(target, args.idle, args.idle_mode, args.idle_hold, args.timeout,
                        deadline=t0 + max(10.0, args.grace))  # fmt: skip
    try:
        time.sleep(0.2)
        with ProcWatch(args.pid) as w:
            if args.idle_probe_interval:
                count, deadline = (
                    max(1, int(args.duration / args.idle_probe_interval)),
                    args.duration + args.grace,
                )
            else:
                count, deadline = args.unloaded_requests, args.unloaded_seconds
            out = run_sequential(target, count=count, interval=args.idle_probe_interval, timeout=args.timeout,
                                 deadline=time.perf_counter() + deadline)  # fmt: skip
        out.update(w.figures())
    finally:
        figures = holder.close()
    out.update(figures)
    out["idle_mode"] = args.idle_mode
    out["idle_open_seconds"] = round(time.perf_counter() - t0, 3)
    return out


# ----------------------------------------------------------------------- targets


def make_target(url: str, cacert: str | None = None, insecure: bool = False, cert: str | None = None,
                key: str | None = None, auth: str | None = None) -> Target:  # fmt: skip
    u = urllib.parse.urlsplit(url)
    if u.scheme not in ("http", "https") or not u.hostname:
        raise SystemExit(f"--url: expected http(s)://host:port/path, got {url!r}")
    ctx = None
    if u.scheme == "https":
        ctx = ssl.create_default_context(cafile=cacert)
        if insecure:
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE
        if cert:
            ctx.load_cert_chain(cert, key)
    port = u.port or (443 if u.scheme == "https" else 80)
    path = (u.path or "/") + (f"?{u.query}" if u.query else "")
    return Target(u.hostname, port, path, ctx, u.hostname, auth)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


BUILTIN = """
import sys, time
from gpumemd.http.server import HttpServer, Response
body = (b"# HELP x y\\n" + b"gpumemd_bench_metric{gpu=\\"0\\"} 1.0\\n" * 100000)[: int(sys.argv[2])]
def app(req):
    if req.path == "/metrics":
        return Response(200, body, {"Content-Type": "text/plain; version=0.0.4; charset=utf-8"})
    return Response(404, b"not found\\n")
s = HttpServer(sys.argv[1], app); s.start()
print("ready", flush=True)
while True:
    time.sleep(3600)
"""


def wait_ready(target: Target, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"target exited with {proc.returncode} before it answered")
        try:
            c = Client(target, timeout=2)
            status, _ = c.scrape()
            c.close()
            if status == 200:
                return
        except (OSError, ScrapeError) as exc:
            last = exc
        time.sleep(0.1)
    raise SystemExit(f"target not ready after {timeout} s: {last}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--url", help="scrape this running endpoint")
    g.add_argument("--cmd", help="start this command ({port} is replaced by a free port)")
    g.add_argument("--builtin", action="store_true", help="start gpumemd.http.server with a static body")
    ap.add_argument("--path", default="/metrics", help="path for --cmd/--builtin (default /metrics)")
    ap.add_argument("--pid", type=int, help="target pid for thread count and CPU time (psutil)")
    ap.add_argument("--body-bytes", type=int, default=60000, help="--builtin body size (default 60000)")
    ap.add_argument("--unloaded-requests", type=int, default=5000)
    ap.add_argument("--rate", type=float, default=500.0, help="hammer requests/s (default 500)")
    ap.add_argument("--hammer-connections", type=int, default=4)
    ap.add_argument("--duration", type=float, default=10.0, help="seconds for the hammer phase")
    ap.add_argument("--probe-interval", type=float, default=0.02, help="probe period under the hammer")
    ap.add_argument("--idle", type=int, default=300, help="idle connections held in the idle phase")
    ap.add_argument("--idle-probe-interval", type=float, default=0.0, help="0: back-to-back scrapes")
    ap.add_argument("--idle-mode", choices=("silent", "keepalive"), default="silent")
    ap.add_argument("--idle-hold", action="store_true", help="reopen idle connections the server closes")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds per request (connect, send, answer)")
    ap.add_argument("--grace", type=float, default=10.0, help="seconds a phase may overrun its duration")
    ap.add_argument("--unloaded-seconds", type=float, default=60.0, help="deadline of the unloaded phase")
    ap.add_argument("--phases", default="unloaded,hammer,idle")
    ap.add_argument("--cacert"), ap.add_argument("--cert"), ap.add_argument("--key")
    ap.add_argument("--insecure", action="store_true", help="skip TLS verification")
    ap.add_argument("--basic-auth", metavar="USER:PASSWORD")
    ap.add_argument("--label", help="free text stored in the result (e.g. the device name)")
    ap.add_argument("--out", help="also write the JSON here")
    args = ap.parse_args(argv)

    proc: subprocess.Popen[bytes] | None = None
    log_file: Any = None
    url = args.url
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if args.cmd or args.builtin:
        port = free_port()
        url = f"http://127.0.0.1:{port}{args.path}"
        if args.builtin:
            cmd = [sys.executable, "-c", BUILTIN, f"127.0.0.1:{port}", str(args.body_bytes)]
        else:
            cmd = [part.replace("{port}", str(port)) for part in shlex.split(args.cmd)]
        # the target's output goes to a file: a pipe nobody reads would block a chatty target
        log_file = tempfile.NamedTemporaryFile(prefix="http_load-target-", suffix=".log", delete=False)
        proc = subprocess.Popen(cmd, env=env, stdout=log_file, stderr=subprocess.STDOUT)
        if args.pid is None:
            args.pid = proc.pid
    target_args = dict(url=url, cacert=args.cacert, insecure=args.insecure, cert=args.cert, key=args.key,
                       auth=args.basic_auth)  # fmt: skip
    target = make_target(**target_args)
    result: dict[str, Any] = {
        "url": url,
        "label": args.label,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "client_host": {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
        },
        "target": {
            "pid": args.pid,
            "cmd": args.cmd,
            "builtin": args.builtin or None,
            "body_bytes": args.body_bytes if args.builtin else None,
        },  # fmt: skip
        "settings": {
            k: getattr(args, k)
            for k in (
                "unloaded_requests",
                "rate",
                "hammer_connections",
                "duration",
                "probe_interval",
                "idle",
                "idle_probe_interval",
                "idle_mode",
                "idle_hold",
                "timeout",
                "grace",
            )
        },  # fmt: skip
        "phases": {},
        "errors": [],
    }
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    for phase in phases:
        if phase not in ("unloaded", "hammer", "idle"):
            raise SystemExit(f"unknown phase {phase!r}")

    def terminated(signum: int, frame: Any) -> None:
        raise Terminated(f"signal {signum}")

    signal.signal(signal.SIGTERM, terminated)
    failed = False
    try:
        if proc is not None:
            wait_ready(target, proc)
        c = Client(target, timeout=args.timeout)
        try:
            _, result["target"]["response_bytes"] = c.scrape()
        except (OSError, ScrapeError) as exc:
            result["errors"].append(f"first scrape: {exc!r}")  # the phases count theirs
        c.close()
        for phase in phases:
            print(f"phase {phase} ...", file=sys.stderr, flush=True)
            name = {
                "unloaded": "unloaded",
                "hammer": f"hammer_{int(args.rate)}rps",
                "idle": f"idle_{args.idle}",
            }[phase]
            try:
                if phase == "unloaded":
                    result["phases"][name] = phase_unloaded(target, args)
                elif phase == "hammer":
                    result["phases"][name] = phase_hammer(target_args, target, args)
                else:
                    result["phases"][name] = phase_idle(target, args)
            except Exception as exc:  # report it, go on with the next phase
                failed = True
                result["phases"][name] = {"error": repr(exc)}
                result["errors"].append(f"{phase}: {exc!r}")
    except BaseException as exc:
        failed = True
        result["errors"].append(f"stopped: {exc!r}")
        if log_file is not None:
            log_file.flush()
            with open(log_file.name, errors="replace") as f:
                print("target output (tail):\n" + f.read()[-4000:], file=sys.stderr)
        if not isinstance(exc, (Terminated, KeyboardInterrupt)):
            raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        text = json.dumps(result, indent=2)
        print(text)
        if args.out:  # also on failure: what was measured is worth having
            with open(args.out + ".tmp", "w") as f:
                f.write(text + "\n")
            os.replace(args.out + ".tmp", args.out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
