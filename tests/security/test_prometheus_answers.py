"""`gpumemd explain --prometheus`: the Prometheus it reads may be broken, slow or not a
Prometheus at all. Whatever it answers, the command ends within its --timeout with one line
on stderr and exit 2 (or, for bad samples in a valid answer, skips them and says so)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.commands import jobview
from gpumemd.commands.client import Skips
from tests.helpers import ROOT
from tests.security.hostile_http import Hostile, answer, chunked_forever, huge, redirect, trickle


def _run(url: str, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    t = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "gpumemd", "explain", "--prometheus", url, "--job", "77",
                          "--timeout", "2s", *args], cwd=ROOT, capture_output=True, text=True, timeout=15)
    return out, time.monotonic() - t


def _vector(result: Any) -> bytes:
    return json.dumps({"status": "success", "data": {"resultType": "vector", "result": result}}).encode()


HOSTILE = {
    "not_json": answer(200, b"<html>hello</html>"),
    "a_list": answer(200, b"[1, 2, 3]"),
    "an_error": answer(422, json.dumps({"status": "error", "error": "bad\x1b[31m query"}).encode()),
    "status_missing": answer(200, json.dumps({"data": {"resultType": "vector", "result": []}}).encode()),
    "a_matrix": answer(200, json.dumps({"status": "success", "data": {"resultType": "matrix", "result": []}})
                       .encode()),
    "result_not_a_list": answer(200, json.dumps({"status": "success",
                                                 "data": {"resultType": "vector", "result": {}}}).encode()),
    "deep_nesting": answer(200, b"[" * 100_000 + b"]" * 100_000),
    "huge_body": huge(1 << 40),
    "endless_chunks": chunked_forever(10),
    "trickle": trickle(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", every=0.3, limit_s=10),
    "redirect": redirect("http://169.254.169.254/latest/meta-data/"),
    "server_error": answer(500, b"oops"),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_prometheus_gives_one_line_and_exit_2_within_the_timeout(kind: str) -> None:
    with Hostile(HOSTILE[kind]) as server:
        out, took = _run(server.url)
    assert out.returncode == 2, (out.stdout, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gpumemd explain: http://127.0.0.1:"), out.stderr
    assert "Traceback" not in out.stderr and "\x1b" not in out.stderr
    assert took < 2 + 3, took  # the timeout, plus the interpreter's start
    if kind == "redirect":
        assert "not followed" in lines[0] and len(server.requests) == 1


def test_bad_samples_are_skipped_nan_and_inf_never_reach_the_json() -> None:
    good = {
        "__name__": "gpumemd_process_rank_info",
        "rank": "0",
        "job_id": "77",
        "pid": "1",
        "instance": "a:1",
    }
    rows = [
        {"metric": good, "value": [1.0, "1"]},
        {"metric": {**good, "__name__": "gpumemd_allocator_step_peak_bytes"}, "value": [1.0, "NaN"]},
        {
            "metric": {**good, "__name__": "gpumemd_gpu_memory_total_bytes", "uuid": "G", "gpu": "0"},
            "value": [1.0, "+Inf"],
        },
        {"metric": {"rank": 5}, "value": [1.0, "1"]},
        {"metric": good, "value": [1.0, 1]},
        {"metric": good, "value": ["x", "1"]},
        {"metric": good},
        "a string",
    ]
    with Hostile(answer(200, _vector(rows), "application/json")) as server:
        out, _ = _run(server.url, "--json")
    # the one valid rank publishes on no valid GPU: a rank without a GPU, information (exit 0)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout, parse_constant=lambda c: pytest.fail(f"not strict JSON: {c}"))
    assert any("skipped" in n and "not [time" in n for n in doc["notes"]), doc["notes"]
    assert doc["ranks_without_gpu"] == ["0"]


_json = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=30,
)
_shaped = st.fixed_dictionaries(
    {
        "status": st.sampled_from(["success", "error", 1]),
        "data": st.fixed_dictionaries(
            {"resultType": st.sampled_from(["vector", "x"]), "result": st.lists(_json, max_size=5)}
        ),
    }
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_json, _shaped))
def test_parse_vector_raises_only_its_one_error(doc: Any) -> None:
    try:
        out = jobview.parse_vector(doc, Skips())
    except jobview.PrometheusAnswerError as exc:
        assert "\n" not in str(exc)
        return
    for labels, value in out:
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items())
        assert isinstance(value, float)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_top_on_a_hostile_prometheus_says_so_on_its_first_line_and_keeps_running(kind: str) -> None:
    # two refreshes, each bounded by --timeout: the view says why it has no figures, never ends on it
    t = time.monotonic()
    with Hostile(HOSTILE[kind]) as server:
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "gpumemd",
                "top",
                "--prometheus",
                server.url,
                "--job",
                "77",
                "--timeout",
                "1s",
                "--interval",
                "100ms",
                "--count",
                "2",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=15,
        )
    took = time.monotonic() - t
    assert out.returncode == 0, (out.stdout, out.stderr)
    frames = [f for f in out.stdout.split("\n\n") if f.strip()]
    assert len(frames) == 2, out.stdout
    for text in frames:
        first = text.splitlines()[0]
        assert first.startswith("Prometheus unreachable: "), text
        assert len(first) <= 80 and "\x1b" not in text
    assert "Traceback" not in out.stderr and "Traceback" not in out.stdout
    assert took < 2 * 1 + 0.1 + 4, took  # two reads of at most the timeout, the interval, the interpreter


def test_top_prometheus_without_a_job_is_one_line_and_exit_2() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "gpumemd", "top", "--prometheus", "http://127.0.0.1:9"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=15,
    )
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "--job" in out.stderr and "Traceback" not in out.stderr
