"""`gpumemd explain` and `gpumemd top` as clients of a daemon that may be slow, broken or
hostile (a real server on 127.0.0.1 answering what a test chooses; the commands run as
processes): a trickle ends at the deadline with one line and exit 2; a total without a
uuid, non-finite and negative values, garbage lines and an alerts document of any shape
are skipped and noted, never a traceback; --json is strict JSON; failing collectors and
firing alerts are findings; `top` keeps running while the daemon is gone and recovers."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpumemd.commands import explain
from gpumemd.commands.node import Node
from tests.helpers import CAPTURES, ROOT, gpumemd_process
from tests.security.hostile_http import Hostile, answer, routes, trickle

ONE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"
GOOD = """\
# HELP gpumemd_gpu_memory_total_bytes x
# TYPE gpumemd_gpu_memory_total_bytes gauge
gpumemd_gpu_memory_total_bytes{gpu="0",uuid="GPU-a"} 1e10
gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-a"} 1e9
gpumemd_gpu_memory_free_bytes{gpu="0",uuid="GPU-a"} 9e9
gpumemd_gpu_info{gpu="0",uuid="GPU-a",name="H200"} 1
gpumemd_process_gpu_memory_used_bytes{gpu="0",uuid="GPU-a",pid="12"} 1e6
gpumemd_collector_success{collector="nvml"} 1
"""
HOSTILE = GOOD.replace('collector="nvml"} 1', 'collector="nvml"} 0') + """\
gpumemd_gpu_memory_total_bytes{gpu="1"} 1e10
gpumemd_gpu_memory_total_bytes{gpu="2",uuid="GPU-c"} +Inf
gpumemd_gpu_memory_total_bytes{gpu="x",uuid="GPU-d"} 1e10
gpumemd_gpu_memory_used_bytes{gpu="0",uuid="GPU-a"} NaN
gpumemd_process_gpu_memory_used_bytes{gpu="0",uuid="GPU-a",pid="13"} -5
gpumemd_process_gpu_memory_used_bytes{gpu="0",uuid="GPU-a",pid="14"} 1e300
gpumemd_process_info{pid="12",executable="\\u001b[2Jevil\\n"} 1
gpumemd_process_info{pid="12",executable="\x1b[2J\x07evil"} 1
this is { not a sample
gpumemd_collector_success{collector="host"} 1
"""
ALERTS = {
    "status": "success",
    "data": {
        "alerts": [
            {
                "labels": {"alertname": "GpumemdCollectorFailing", "collector": "nvml"},
                "state": "firing",
                "value": "1e+00",
                "annotations": {"summary": "nvml failing"},
            },
            {
                "labels": {"alertname": "PytorchOutOfMemory", "gpu": "0"},
                "state": "firing",
                "value": "1e+00",
                "annotations": {"summary": "rank 3 ran out of memory"},
            },
            {
                "labels": {"alertname": "PytorchMemoryLeak", "gpu": "0"},
                "state": "pending",
                "value": "NaN",
                "annotations": {"summary": "growing"},
            },
            {"labels": {"alertname": 7}, "state": "firing"},
            5,
            {"labels": "x"},
            {"state": "firing"},
        ]
    },
}
MALFORMED_ALERTS = [
    b"[]",
    b"{",
    b'{"data": 5}',
    b'{"data": {"alerts": {"a": 1}}}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"data": {"alerts": [null, "x", {"labels": {}, "state": 5}]}}',
    b"\xff\xfe",
    b"NaN",
]


def run(*args: str, timeout: float = 8.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
    )


def strict(text: str) -> Any:
    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def serving(metrics: str, alerts: bytes | None = None) -> Hostile:
    table = {"/metrics": answer(200, metrics.encode())}
    if alerts is not None:
        table["/api/v1/alerts"] = answer(200, alerts, "application/json")
    return Hostile(routes(table))


def test_a_trickling_daemon_is_a_clear_error_within_the_deadline() -> None:
    body = GOOD.encode()
    head = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body)
    with Hostile(trickle(head + body, every=0.1)) as daemon:
        started = time.monotonic()
        r = run("explain", "--url", daemon.url, "--timeout", "1s")
        took = time.monotonic() - started
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "timed out" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert took < 5  # process start + the 1 s deadline; the old client read on, one byte each 0.1 s


def test_a_hostile_answer_is_validated_skipped_and_said() -> None:
    with serving(HOSTILE, json.dumps(ALERTS).encode()) as daemon:
        text = run("explain", "--url", daemon.url)
        r = run("explain", "--url", daemon.url, "--json")
    for out in (text, r):
        assert out.returncode == 1 and "Traceback" not in out.stderr and out.stderr == "", out.stderr
    doc = strict(r.stdout)  # the old explain printed NaN (and first died of the total without a uuid)
    assert [g["uuid"] for g in doc["gpus"]] == ["GPU-a"]
    (gpu,) = doc["gpus"]
    assert gpu["used"] == 10**9 and [p["pid"] for p in gpu["processes"]] == [12]
    assert "\x1b" not in r.stdout + text.stdout and "\x07" not in text.stdout
    kinds = [f["kind"] for f in doc["findings"]]
    assert kinds.count("collector_failing") == 1 and kinds.count("alert") == 1 and "growing" in kinds
    assert any("nvml collector is failing" in f["message"] for f in doc["findings"])
    assert any("PytorchOutOfMemory" in f["message"] for f in doc["findings"])
    assert any(f["value"] is None for f in doc["findings"])  # the NaN alert value
    (note,) = doc["notes"]
    assert note.startswith("skipped ") and "without a uuid" in note
    assert "nvml collector is failing" in text.stdout and "skipped " in text.stdout


@pytest.mark.parametrize("alerts", MALFORMED_ALERTS, ids=range(len(MALFORMED_ALERTS)))
def test_alerts_of_any_shape_never_break_explain(alerts: bytes) -> None:
    with serving(GOOD, alerts) as daemon:
        r = run("explain", "--url", daemon.url, "--json")
    assert r.returncode == 0 and r.stderr == "", r.stderr  # the tree without alerts, and a note saying so
    doc = strict(r.stdout)
    assert doc["gpus"][0]["uuid"] == "GPU-a" and doc["notes"] and doc["notes"][0].startswith("skipped ")


def test_a_failing_collector_alone_is_a_finding_and_exit_1() -> None:
    with serving(GOOD.replace('collector="nvml"} 1', 'collector="nvml"} 0')) as daemon:
        r = run("explain", "--url", daemon.url)
    assert r.returncode == 1 and "findings: none" not in r.stdout and "nvml collector is failing" in r.stdout


def test_a_real_daemon_whose_nvml_collector_fails_is_a_finding(tmp_path: Path) -> None:
    capture = json.loads(ONE.read_text())
    for call in ("memory_info(0)", "memory_info_v2(0)"):  # the recorded driver answers an error
        capture["nvml"][call] = {"error": 999, "message": "Unknown Error"}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(capture))
    with gpumemd_process(["--replay", str(broken)]) as (url, _):
        text = run("explain", "--url", url)
        r = run("explain", "--url", url, "--json")
    assert text.returncode == r.returncode == 1, text.stderr  # the old explain: "findings: none", exit 0
    assert "findings: none" not in text.stdout and "the nvml collector is failing" in text.stdout
    assert [f["kind"] for f in strict(r.stdout)["findings"]] == ["collector_failing"]


def test_an_answer_that_is_not_gpumemd_is_one_line() -> None:
    with Hostile(routes({"/metrics": answer(200, b"<html>hello</html>")})) as daemon:
        r = run("explain", "--url", daemon.url)
    assert r.returncode == 2 and "no gpumemd series" in r.stderr and "Traceback" not in r.stderr


def test_top_keeps_running_while_the_daemon_is_gone_and_recovers() -> None:
    daemon = serving(GOOD)
    port = daemon.port
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "top",
            "--url",
            daemon.url,
            "--interval",
            "100ms",
            "--timeout",
            "500ms",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines: list[str] = []
    assert proc.stdout is not None
    out = proc.stdout
    threading.Thread(target=lambda: lines.extend(iter(out.readline, "")), daemon=True).start()

    def seen(text: str, after: int = 0, timeout: float = 5.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for i, line in enumerate(lines[after:], after):
                if text in line:
                    return i
            time.sleep(0.02)  # the other process's output: only observable
        raise AssertionError(f"{text!r} not shown; last lines: {lines[-6:]}")

    try:
        at = seen("GPU 0 H200")
        daemon.close()  # gone: connection refused
        at = seen("daemon unreachable: Connection refused", at)
        daemon = Hostile(trickle(b"HTTP/1.1 200 OK\r\n" + b"X: " + b"a" * 1000, every=0.1), port=port)
        at = seen("daemon unreachable: timed out", at)  # slow: each read bounded, top goes on
        daemon.close()
        daemon = Hostile(routes({"/metrics": answer(200, GOOD.encode())}), port=port)
        seen("GPU 0 H200", at)  # back
        assert proc.poll() is None
    finally:
        daemon.close()
        proc.terminate()
        proc.wait(5)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


# --- the parser, over arbitrary input ----------------------------------------------------

FUZZ = settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
NAMES = st.sampled_from(
    [
        "gpumemd_gpu_memory_total_bytes",
        "gpumemd_gpu_memory_used_bytes",
        "gpumemd_process_gpu_memory_used_bytes",
        "gpumemd_process_rank_info",
        "gpumemd_allocator_reserved_bytes",
        "gpumemd_allocator_limit_bytes",
        "gpumemd_collector_success",
        "gpumemd_gpu_memory_breakdown_bytes",
        "x",
    ]
)
LABELS = st.dictionaries(
    st.sampled_from(["gpu", "uuid", "pid", "rank", "job_id", "category", "collector"]),
    st.one_of(st.sampled_from(["0", "1", "GPU-a", "12", "", "-1", "٣"]), st.text(max_size=8)),
    max_size=5,
)
VALUES = st.one_of(
    st.sampled_from(["NaN", "+Inf", "-Inf", "-1", "1e300", "0", "1e9", "1_0", "0x10"]),
    st.floats(allow_nan=True).map(repr),
)


def _line(name: str, labels: dict[str, str], value: str) -> str:
    body = ",".join(
        f'{k}="{v.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"'
        for k, v in labels.items()
    )
    return f"{name}{{{body}}} {value}"


@FUZZ
@given(
    st.lists(
        st.one_of(st.tuples(NAMES, LABELS, VALUES).map(lambda t: _line(*t)), st.text(max_size=60)),
        max_size=30,
    )
)
def test_any_exposition_text_gives_a_valid_node(lines: list[str]) -> None:
    series, _ = explain.parse_exposition("\n".join(lines))
    node = Node.from_series(series, "fuzz")
    found = explain.findings(node)
    strict(explain.to_json(node, found))
    explain.render(node, found)
    for g in node.gpus:
        assert all(
            isinstance(v, int) and 0 <= v for v in (g.total, g.used, g.free, g.reserved, *g.parts.values())
        )
        for p in g.processes:
            assert all(
                isinstance(v, int) and v >= 0 for v in (p.used, p.allocated, p.reserved, p.non_pytorch)
            )


JSONS = st.recursive(
    st.one_of(st.none(), st.booleans(), st.floats(), st.integers(), st.text(max_size=10)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "data",
                    "alerts",
                    "labels",
                    "state",
                    "value",
                    "annotations",
                    "alertname",
                    "summary",
                    "gpu",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=30,
)


@FUZZ
@given(JSONS)
def test_any_alerts_document_gives_valid_alerts(doc: Any) -> None:
    alerts = explain.parse_alerts(doc)
    node = Node("fuzz", [], alerts)
    strict(explain.to_json(node, explain.findings(node)))
    for a in alerts:
        assert isinstance(a["state"], str) and (a["value"] is None or math.isfinite(a["value"]))
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in a["labels"].items())


def test_top_in_a_terminal_survives_the_daemon_going_away(tmp_path: Path) -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (make test installs it)")
    session = f"gpumemd-top-{uuid.uuid4().hex[:8]}"
    base = ["tmux", "-L", session, "-f", "/dev/null"]

    def tmux(*args: str) -> str:  # no check: once top exits, its session (and the pane) are gone
        return subprocess.run([*base, *args], capture_output=True, text=True, timeout=10).stdout

    def wait(what: str, check: Any, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check(tmux("capture-pane", "-p", "-t", session)):
                return
            time.sleep(0.05)  # a terminal's content: only observable
        raise AssertionError(f"timed out waiting for {what}: {tmux('capture-pane', '-p', '-t', session)}")

    daemon = serving(GOOD)
    port, status = daemon.port, tmp_path / "status"
    cmd = (
        f"cd {ROOT} && PYTHONPATH={ROOT} {sys.executable} -m gpumemd top --url {daemon.url} --interval 200ms "
        f"--timeout 500ms; echo $? > {status}"
    )
    try:
        tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-e", "TERM=xterm-256color", cmd)
        wait("the first frame", lambda s: "GPU 0 H200" in s)
        daemon.close()
        wait(
            "the daemon gone, said", lambda s: "daemon unreachable: Connection refused" in s and "GPU 0" in s
        )
        daemon = Hostile(routes({"/metrics": answer(200, GOOD.replace("H200", "B200").encode())}), port=port)
        wait("back, with the new answer", lambda s: "GPU 0 B200" in s and "unreachable" not in s)
        tmux("send-keys", "-t", session, "q")
        wait("exit status 0", lambda s: status.exists() and status.read_text().strip() == "0")
    finally:
        daemon.close()
        subprocess.run([*base, "kill-server"], capture_output=True, timeout=10)
