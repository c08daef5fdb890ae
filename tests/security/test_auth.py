"""Basic auth is not a CPU lever: a real `gpumemd serve` (bcrypt cost 10) hammered by a
hundred clients guessing passwords keeps answering the scraper that knows its password,
every time and fast (gpumemd/http/webconfig.py BasicAuth, answers.py `Answers.auth_gate`)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import bcrypt

from gpumemd.http.webconfig import FAILURE_BURST, FAILURE_RATE, PENDING_TOTAL
from tests.helpers import ROOT, free_port, samples, stop_process

CAPTURE = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
PASSWORD = "right horse battery"
CLIENTS = 128
FLOOD_SECONDS = 3.0

# 128 keep-alive connections on threads of their own process, each sending requests with a
# new wrong password as fast as it is answered; prints {status: count}.
FLOOD = r"""
import base64, collections, json, os, socket, sys, threading, time
port, clients, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
counts = collections.Counter()
lock = threading.Lock()
end = time.monotonic() + seconds

def one() -> None:
    sock = None
    while time.monotonic() < end:
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            token = base64.b64encode(b"prometheus:" + os.urandom(12).hex().encode()).decode()
            sock.sendall(f"GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Basic {token}\r\n\r\n".encode())
            buf = b""
            while b"\r\n\r\n" not in buf:
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                buf += chunk
            head, _, body = buf.partition(b"\r\n\r\n")
            fields = [line.lower() for line in head.split(b"\r\n")]
            length = next((int(f.split(b":")[1]) for f in fields if f.startswith(b"content-length:")), 0)
            while len(body) < length:
                body += sock.recv(65536)
            status = head.split(b" ")[1].decode()
            if b"connection: close" in head.lower():
                sock.close(); sock = None
        except OSError as exc:
            status = type(exc).__name__
            if sock is not None:
                sock.close()
            sock = None
        with lock:
            counts[status] += 1

threads = [threading.Thread(target=one) for _ in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps(counts))
"""


def _basic(password: str) -> str:
    return "Basic " + base64.b64encode(f"prometheus:{password}".encode()).decode()


def _get(url: str, password: str, timeout: float = 5.0) -> int:
    req = urllib.request.Request(url, headers={"Authorization": _basic(password)})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            resp.read()
            return int(resp.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_a_password_guessing_flood_never_delays_the_scraper_that_knows_the_password(tmp_path: Path) -> None:
    web = tmp_path / "web.yml"
    hashed = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(rounds=10)).decode()
    web.write_text(f"basic_auth_users:\n  prometheus: '{hashed}'\n")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "serve",
            "--web.listen-address",
            f"127.0.0.1:{port}",
            "--replay",
            str(CAPTURE),
            "--web.config.file",
            str(web),
            "--log.level",
            "warn",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    flood = None
    try:
        deadline = time.monotonic() + 20
        while True:  # ready, and the scraper's credentials verified once (then cached)
            try:
                if _get(url + "/-/ready", PASSWORD, timeout=2) == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "the daemon did not become ready"
            time.sleep(0.05)  # polling an external process's readiness
        flood = subprocess.Popen(
            [sys.executable, "-c", FLOOD, str(port), str(CLIENTS), str(FLOOD_SECONDS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(0.5)  # the flood is under way before the first measured scrape
        latencies, statuses = [], []
        while flood.poll() is None and len(latencies) < 500:
            began = time.monotonic()
            statuses.append(_get(url + "/metrics", PASSWORD, timeout=5))
            latencies.append(time.monotonic() - began)
            time.sleep(0.02)  # a scraper's pace, well above Prometheus's
        out, err = flood.communicate(timeout=30)
        counts = json.loads(out)
        assert len(statuses) >= 20 and set(statuses) == {200}, (statuses, counts)
        latencies.sort()
        p99 = latencies[int(len(latencies) * 0.99) - 1]
        print(
            f"good scrapes {len(latencies)}: p50 {latencies[len(latencies) // 2]:.3f}s p99 {p99:.3f}s "
            f"max {latencies[-1]:.3f}s; flood {counts}"
        )
        assert p99 < 1.0, f"p99 {p99:.3f}s over {len(latencies)} scrapes (max {latencies[-1]:.3f}s); {counts}"
        # the guesses were answered, mostly without a bcrypt: 401 only for those verified
        assert counts.get("429", 0) > 100, counts
        verified = counts.get("401", 0)
        assert verified <= FAILURE_BURST + FAILURE_RATE * (FLOOD_SECONDS + 1) + PENDING_TOTAL, counts
        # and the daemon counts what it refused (one sample later)
        deadline = time.monotonic() + 5
        while True:
            req = urllib.request.Request(url + "/metrics", headers={"Authorization": _basic(PASSWORD)})
            with urllib.request.urlopen(req, timeout=5) as resp:
                got = samples(resp.read().decode())
            refused = got.get(("gpumemd_http_auth_refused_total", (("code", "429"),)), 0.0)
            if refused >= counts["429"] or time.monotonic() > deadline:
                break
            time.sleep(0.1)  # the next sample carries the counter
        assert refused >= counts["429"], (refused, counts)
        assert proc.poll() is None
    finally:
        if flood is not None and flood.poll() is None:
            flood.kill()
            flood.communicate()
        stop_process(proc)
        err_text = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
    assert "Traceback" not in err_text, err_text[-2000:]
