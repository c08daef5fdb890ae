"""SIGHUP on a real `gpumemd serve`: no file, however bad, kills the daemon or changes what
it runs; the log stays bounded; gpumemd_config_last_reload_* say what happened."""

from __future__ import annotations

import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpumemd import config as config_mod
from gpumemd.alerts.observer import AlertingFactory
from gpumemd.runtime import MAX_RELOAD_ERRORS, Runtime
from gpumemd.sources.base import Source
from tests.helpers import ROOT, gpumemd_process, samples, scrape

CAPTURE = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
GOOD = "sampler: {interval: 100ms}\nsources: {host: {enabled: true}}\n"
HOST = ("gpumemd_host_memory_total_bytes", ())
OK = ("gpumemd_config_last_reload_successful", ())
AT = ("gpumemd_config_last_reload_success_timestamp_seconds", ())
MAX_LINES_PER_RELOAD = MAX_RELOAD_ERRORS + 2  # the errors, "and K more", and the good reload's line


class LogTail:
    """The process's log, line by line, on a thread: waits have deadlines even when it is silent."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        assert proc.stdout is not None
        stdout = proc.stdout

        def pump() -> None:
            for raw in iter(stdout.readline, b""):
                self.lines.put(raw.decode(errors="replace"))

        threading.Thread(target=pump, daemon=True).start()

    def until(self, needle: str, timeout: float = 30.0) -> list[str]:
        """Every line up to and including the first that holds `needle`."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"{needle!r} not logged within {timeout}s; saw {seen[-20:]}"
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            seen.append(line)
            if needle in line:
                return seen


def _write(path: Path, data: bytes) -> None:
    if path.is_dir():
        path.rmdir()
    path.write_bytes(data)


def _directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _delete(path: Path) -> None:
    path.unlink()


def bad_files(tmp: Path) -> list[tuple[str, Callable[[Path], None]]]:
    """(name, how to spoil the config file) for each class of bad file."""
    web = tmp / "web.yml"
    web.write_text(f"tls_server_config:\n  cert_file: {tmp}/missing.crt\n  key_file: {tmp}/missing.key\n")
    rules = tmp / "rules.yaml"
    rules.write_bytes(b"groups:\n  - name: \xff\xfe\n")
    unknown = "".join(f"k{i}: 1\n" for i in range(200_000)).encode()
    return [
        ("invalid UTF-8", lambda p: _write(p, b"sampler: {interval: \xff\xfe}\n")),
        ("binary", lambda p: _write(p, bytes(range(256)) * 4)),
        ("deep nesting", lambda p: _write(p, b"[" * 10_000 + b"]" * 10_000)),
        ("duplicate keys", lambda p: _write(p, b"sampler: {interval: 1s}\nsampler: {interval: 2s}\n")),
        ("200,000 unknown keys", lambda p: _write(p, unknown)),
        ("60 unknown keys", lambda p: _write(p, "".join(f"k{i}: 1\n" for i in range(60)).encode())),
        (
            "rule file with invalid UTF-8",
            lambda p: _write(p, f"alerting: {{rule_files: [{rules}]}}\n".encode()),
        ),
        ("missing web certificate", lambda p: _write(p, f"web: {{config_file: {web}}}\n".encode())),
        ("a directory", _directory),
        ("a deleted file", _delete),
    ]


def reload_status(url: str) -> tuple[float, float, bool]:
    got = samples(scrape(url + "/metrics"))
    return got[OK], got[AT], HOST in got


def wait_status(url: str, ok: float, timeout: float = 10.0) -> tuple[float, float, bool]:
    """Scrape until the reload status reads `ok`: the next sample carries it (a deadline, no sleep
    of a guessed length)."""
    deadline = time.monotonic() + timeout
    while True:
        got = reload_status(url)
        if got[0] == ok:
            return got
        assert time.monotonic() < deadline, f"reload status still {got} after {timeout}s"
        time.sleep(0.05)


def test_every_bad_file_keeps_the_daemon_serving_the_running_config(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(GOOD)
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, proc):
        log = LogTail(proc)
        ok, last_success, host = reload_status(url)
        assert (ok, host) == (1.0, True) and last_success > 0
        for name, spoil in bad_files(tmp_path):
            spoil(cfg)
            proc.send_signal(signal.SIGHUP)
            failed = log.until("reload failed")
            ok, at, host = wait_status(url, 0.0)
            assert (at, host) == (last_success, True), name
            assert proc.poll() is None, f"{name}: the daemon died"
            # the good file again: the lines between are this reload's whole log
            _write(cfg, GOOD.encode())
            proc.send_signal(signal.SIGHUP)
            lines = failed + log.until("configuration reloaded")
            if name == "60 unknown keys":  # more errors than a reload logs
                errors = [line for line in lines if "reload failed" in line]
                assert len(errors) == MAX_RELOAD_ERRORS + 1 and "more" in errors[-1], errors
            assert len(lines) <= MAX_LINES_PER_RELOAD, f"{name}: {len(lines)} log lines: {lines[:15]}"
            assert not any("Traceback" in line for line in lines), name
            assert all(len(line) < 1200 for line in lines), name
            ok, at, host = wait_status(url, 1.0)
            assert at > last_success and host, name
            last_success = at
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0


def test_a_good_reload_applies_and_the_status_goes_1_0_1(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(GOOD)
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, proc):
        log = LogTail(proc)
        assert reload_status(url)[0] == 1.0
        cfg.write_bytes(b"\xff")
        proc.send_signal(signal.SIGHUP)
        log.until("reload failed")
        assert wait_status(url, 0.0)[2] is True
        cfg.write_text("sampler: {interval: 100ms}\nsources: {host: {enabled: false}}\n")
        proc.send_signal(signal.SIGHUP)
        log.until("configuration reloaded")
        assert wait_status(url, 1.0)[2] is False  # the new config runs: host series gone
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0


def test_a_failure_while_applying_keeps_the_running_sources_and_rules(caplog) -> None:  # type: ignore[no-untyped-def]
    """In-process: building the new sources raises (a fault no file can cause here)."""
    calls = {"n": 0}

    class Closing(Source[Any]):
        name = "c"

        def __init__(self) -> None:
            self.closed = False

        def read(self, cycle):  # type: ignore[no-untyped-def]
            return 1.0

        def families(self, reading):  # type: ignore[no-untyped-def]
            return ()

        def close(self) -> None:
            self.closed = True

    built: list[Closing] = []

    def sources(config: config_mod.Config) -> list[Closing]:
        calls["n"] += 1
        built.append(Closing())
        if calls["n"] == 2:
            raise MemoryError("no memory for the new sources")
        return [built[-1]]

    old = config_mod.loads(
        "alerting: {rules: [{alert: Keep, metric: gpumemd_build_info, op: '==', threshold: 1}]}"
    )
    alerting = AlertingFactory(watchdog=False)
    rt = Runtime(old, sources, build_observers=alerting, serve_http=False, config_reloads=True)
    new = config_mod.loads("sampler: {interval: 7s}\nalerting: {default_rules: false}")
    with caplog.at_level("INFO", logger="gpumemd"):
        assert rt.reload(new) is False
    assert rt.config is old and rt.sampler.interval == old.sampler.interval
    assert rt.sampler._sources == [built[0]] and not built[0].closed
    assert rt.reload_status.successful is False
    assert [r.getMessage() for r in caplog.records] == [
        "reload failed, keeping the running configuration: MemoryError: no memory for the new sources"
    ]
    # a failing rule set (half applied or not) leaves the running rules in place
    bad_rules = config_mod.loads("alerting: {default_rules: false}")
    assert alerting.observer is not None
    names_before = [r.name for r in alerting.observer.engine.rules]
    real = alerting.observer.reconfigure

    def broken(alerting_config, interval):  # type: ignore[no-untyped-def]
        real(alerting_config, interval)  # applied, then something fails after it (once)
        if alerting_config is bad_rules.alerting:
            raise RuntimeError("notifier thread cannot start")

    alerting.observer.reconfigure = broken  # type: ignore[method-assign]
    assert rt.reload(bad_rules) is False
    del alerting.observer.reconfigure
    assert [r.name for r in alerting.observer.engine.rules] == names_before
    assert rt.reload(new) is True and rt.reload_status.successful and rt.sampler.interval == 7.0
    assert built[0].closed  # the old sources close once the new ones run
    rt.stop()


def test_without_a_config_file_sighup_only_says_so() -> None:
    with gpumemd_process(["--replay", str(CAPTURE)]) as (url, proc):
        log = LogTail(proc)
        proc.send_signal(signal.SIGHUP)
        log.until("no --config.file to re-read")
        assert reload_status(url)[0] == 1.0
