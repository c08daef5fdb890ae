"""Signals: a storm of SIGHUPs cannot wedge, kill or slow a real `gpumemd serve`; SIGTERM
always wins. The handlers only leave a byte in a wake-up pipe (gpumemd.daemon.SignalInbox);
reloads happen on the main loop, coalesced."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from tests.helpers import ROOT, free_port, samples, scrape, stop_process, wait_until_ready

CAPTURE = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
GOOD = b"sampler: {interval: 100ms}\n"
BAD = b"sampler: {interval: nope}\n"
OK = ("gpumemd_config_last_reload_successful", ())
STORM_SIGNALS = 3000
STORM_SECONDS = 3.0


def _put(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)  # the daemon reads a whole file, good or bad, never half of one


def _serve(cfg: Path) -> tuple[str, subprocess.Popen[bytes]]:
    port = free_port()
    cmd = [sys.executable, "-m", "gpumemd", "serve", "--web.listen-address", f"127.0.0.1:{port}",
           "--replay", str(CAPTURE), "--config.file", str(cfg), "--log.level", "warn"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    wait_until_ready(url, proc)
    return url, proc


def _wait_ok(url: str, want: float, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        got = samples(scrape(url + "/metrics", timeout=2.0)).get(OK)
        if got == want:
            return
        assert time.monotonic() < deadline, f"{OK[0]} is {got}, not {want}, {timeout}s after the last SIGHUP"
        time.sleep(0.05)  # the next sample carries the reload's result: an external process's state


def test_a_sighup_storm_alternating_good_and_bad_files_then_sigterm_exits_0(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_bytes(GOOD)
    url, proc = _serve(cfg)
    failures: list[str] = []
    scrapes = 0
    done = threading.Event()

    def scraper() -> None:
        nonlocal scrapes
        while not done.is_set():
            try:
                with urllib.request.urlopen(url + "/metrics", timeout=2.0) as resp:
                    assert resp.status == 200 and b"gpumemd_" in resp.read()
            except Exception as exc:  # every kind of failure is what this test counts
                failures.append(f"{type(exc).__name__}: {exc}")
            scrapes += 1

    thread = threading.Thread(target=scraper, daemon=True)
    try:
        thread.start()
        start = time.monotonic()
        for i in range(STORM_SIGNALS):
            _put(cfg, BAD if i % 2 else GOOD)
            proc.send_signal(signal.SIGHUP)
            # pace the storm over a few seconds (the scraper runs meanwhile)
            time.sleep(max(0.0, start + STORM_SECONDS * i / STORM_SIGNALS - time.monotonic()))
            assert proc.poll() is None, (
                f"the daemon died after {i + 1} SIGHUPs: {proc.stderr.read()[-2000:]!r}"
            )
        done.set()
        thread.join(5.0)
        assert not thread.is_alive(), "a scrape hung"
        assert scrapes > 10 and not failures, f"{len(failures)} of {scrapes} scrapes failed: {failures[:3]}"
        # still answering signals: the gauge follows the file of the last SIGHUP, each way
        _put(cfg, BAD)
        proc.send_signal(signal.SIGHUP)
        _wait_ok(url, 0.0)
        _put(cfg, GOOD)
        proc.send_signal(signal.SIGHUP)
        _wait_ok(url, 1.0)
        assert urllib.request.urlopen(url + "/-/healthy", timeout=2.0).status == 200
        began = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(5.0) == 0
        assert time.monotonic() - began < 5.0
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        assert "Traceback" not in err, err[-2000:]
    finally:
        done.set()
        stop_process(proc)
        if proc.stderr:
            proc.stderr.close()


def test_sigterm_during_a_sighup_storm_exits_0_within_the_bound(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_bytes(GOOD)
    url, proc = _serve(cfg)
    try:
        for i in range(1000):  # reloads are under way when SIGTERM comes
            proc.send_signal(signal.SIGHUP)
            if i == 500:
                proc.send_signal(signal.SIGTERM)
                began = time.monotonic()
            if proc.poll() is not None:
                break
        assert proc.wait(5.0) == 0
        assert time.monotonic() - began < 5.0
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        assert "Traceback" not in err, err[-2000:]
    finally:
        stop_process(proc)
        if proc.stderr:
            proc.stderr.close()


STUCK = """
import sys, time
from gpumemd import logs
from gpumemd.daemon import SignalInbox
logs.setup("info")
inbox = SignalInbox(stop_deadline=0.5)
inbox.install()
print("ready", flush=True)
time.sleep(60)  # a fake of a reload stuck in a library call: the main loop never comes back
"""


def test_sigterm_wins_over_a_main_thread_that_never_returns() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", STUCK],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        began = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(5.0) == 1
        assert time.monotonic() - began < 3.0
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        assert "shutdown did not finish within 0.5s of signal SIGTERM" in err and "Traceback" not in err, err
    finally:
        stop_process(proc)
        if proc.stderr:
            proc.stderr.close()
