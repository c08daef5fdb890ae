"""A real `gpumemd serve` process, scraped over HTTP; signals; the torch-free promise."""

from __future__ import annotations

import gzip
import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import ROOT, gpumemd_process, samples, scrape

CAPTURE = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def wait_for_log(proc: subprocess.Popen[bytes], needle: str, timeout: float = 30) -> str:
    """Read the process's log until a line holds `needle` (an event, so no fixed sleep)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline().decode()
        seen.append(line)
        if needle in line:
            return line
    raise AssertionError(f"{needle!r} not logged; saw {seen}")


def test_replayed_h200_is_served_with_every_endpoint() -> None:
    with gpumemd_process(["--replay", str(CAPTURE)]) as (url, _):
        got = samples(scrape(url + "/metrics"))
        uuid = "GPU-50bfc93b-52b4-cb57-7e91-b4095c5b2f72"
        assert got[("gpumemd_gpu_memory_used_bytes", (("gpu", "0"), ("uuid", uuid)))] == 1626144768
        assert got[("gpumemd_collector_success", (("collector", "nvml"),))] == 1
        status, headers, body = get(url + "/")
        assert status == 200 and b"/metrics" in body
        assert get(url + "/-/healthy")[0] == 200
        assert get(url + "/-/ready")[0] == 200
        assert get(url + "/nope")[0] == 404
        status, _, body = get(url + "/api/v1/alerts")
        assert status == 200 and json.loads(body)["status"] == "success"


def test_content_negotiation_openmetrics_and_gzip() -> None:
    with gpumemd_process(["--replay", str(CAPTURE)]) as (url, _):
        status, headers, body = get(
            url + "/metrics", {"Accept": "application/openmetrics-text; version=1.0.0"}
        )
        assert headers["Content-Type"].startswith("application/openmetrics-text")
        assert body.rstrip().endswith(b"# EOF")
        status, headers, body = get(url + "/metrics", {"Accept-Encoding": "gzip"})
        assert headers.get("Content-Encoding") == "gzip"
        assert b"gpumemd_gpu_memory_total_bytes" in gzip.decompress(body)
        status, headers, body = get(url + "/metrics")
        assert headers["Content-Type"].startswith("text/plain; version=0.0.4")


def test_without_nvml_the_daemon_serves_host_metrics_and_says_why() -> None:
    """A node without an NVIDIA driver (this machine) is not an incident: the nvml collector
    succeeds with gpumemd_nvml_available 0, no GPU series and no pending collector alert,
    and one info line says why and where a GPU node's series can be seen."""
    with gpumemd_process([], env={"LD_LIBRARY_PATH": "/nonexistent"}) as (url, proc):
        got = samples(scrape(url + "/metrics"))
        if got[("gpumemd_nvml_available", ())] == 1:
            pytest.skip("this machine has a working NVML")
        assert got[("gpumemd_collector_success", (("collector", "nvml"),))] == 1
        assert got[("gpumemd_collector_success", (("collector", "host"),))] == 1
        assert ("gpumemd_host_memory_total_bytes", ()) in got
        assert not [k for k in got if k[0] in ("gpumemd_gpus", "gpumemd_gpu_info")]
        assert not [
            k for k in got if k[0] == "gpumemd_alerts" and ("alertname", "GpumemdCollectorFailing") in k[1]
        ]
        proc.terminate()
        assert proc.stdout is not None
        log = proc.stdout.read().decode()
    (line,) = [ln for ln in log.splitlines() if "nvml" in ln.lower() and "serving on" not in ln]
    assert "level=info" in line and "no NVIDIA driver on this node" in line and "--replay" in line
    assert "Traceback" not in log


def test_sigterm_stops_cleanly() -> None:
    with gpumemd_process(["--replay", str(CAPTURE)]) as (url, proc):
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0


def test_port_in_use_is_a_clear_error() -> None:
    with gpumemd_process(["--replay", str(CAPTURE)]) as (url, _):
        port = url.rsplit(":", 1)[1]
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "gpumemd",
                "serve",
                "--web.listen-address",
                f"127.0.0.1:{port}",
                "--replay",
                str(CAPTURE),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert result.returncode == 1
    assert "cannot listen on" in result.stderr and "Traceback" not in result.stderr


def test_sighup_reloads_and_a_bad_file_keeps_the_running_config(tmp_path: Path) -> None:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text("sources: {host: {enabled: true}}\n")
    with gpumemd_process(["--replay", str(CAPTURE), "--config.file", str(cfg)]) as (url, proc):
        assert ("gpumemd_host_memory_total_bytes", ()) in samples(scrape(url + "/metrics"))
        cfg.write_text("sources: {host: {enabled: true, bogus: 1}}\n")
        proc.send_signal(signal.SIGHUP)
        wait_for_log(proc, "sources.host.bogus: unknown key")
        assert ("gpumemd_host_memory_total_bytes", ()) in samples(scrape(url + "/metrics"))
        cfg.write_text("sources: {host: {enabled: false}}\n")
        proc.send_signal(signal.SIGHUP)
        wait_for_log(proc, "configuration reloaded")
        deadline = time.monotonic() + 10
        while ("gpumemd_host_memory_total_bytes", ()) in samples(scrape(url + "/metrics")):
            assert time.monotonic() < deadline, "host series still served after reload"
            time.sleep(0.1)


def test_daemon_never_imports_torch() -> None:
    code = (
        "import sys, gpumemd.daemon, gpumemd.cli\n"
        "from gpumemd import config\n"
        f"rt = gpumemd.daemon.build_runtime(config.Config(), gpumemd.daemon.load_capture({str(CAPTURE)!r}))\n"
        "rt.sampler.sample_once(); rt.sampler.sample_once()\n"
        "rt.sampler.latest.exposition.body()\n"
        "real = gpumemd.daemon.build_runtime(config.Config())\n"
        "real.sampler.sample_once()\n"
        "print('torch' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
