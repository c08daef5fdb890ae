"""Configured regular expressions run in linear time (RE2) or are refused (issue 23).

Python's `re` backtracks and holds the GIL while it does: a rule matcher
`job_id=~".*-.*-.*-.*-prod"` against a published job_id of 1,000 dashes stopped every thread
of the daemon (/metrics, /-/healthy and the stale watchdog with it), and
`GPUMEMD_AGENT_SKIP='(a+)+$'` made an agent take 11 s to start. Every configured pattern now
goes through gpumemd.config.patterns.compile_pattern (RE2). Each test runs what could hang in
another process, under a timeout, so that a regression fails rather than blocks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, gpumemd_process, samples, scrape

BOOT = ROOT / "gpumemd" / "agent" / "boot"
MATCHER = 'gpumemd_allocator_allocated_bytes{job_id=~".*-.*-.*-.*-prod"}'
REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"


def _timed(code: str, timeout: float = 10.0) -> float:
    """Run `code` in a fresh interpreter (a hang there cannot block the suite); the seconds it printed."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, timeout=timeout, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def test_the_backtracking_matcher_against_long_labels_takes_milliseconds() -> None:
    seconds = _timed(
        "import time\n"
        "from gpumemd.alerts.rules import Selector\n"
        f"sel = Selector.parse({MATCHER!r})\n"
        "t = time.perf_counter()\n"
        "for n in (1_000, 100_000):\n"
        "    assert not sel.matches({'job_id': '-' * n})\n"
        "assert sel.matches({'job_id': 'a-b-c-d-prod'})\n"
        "print(time.perf_counter() - t)\n")
    assert seconds < 0.5


def test_agent_skip_pattern_that_backtracks_decides_at_once() -> None:
    """A real interpreter start with the agent's sitecustomize and the adversary's pattern."""
    env = {**os.environ, "PYTHONPATH": f"{BOOT}{os.pathsep}{ROOT}", "GPUMEMD_AGENT_SKIP": "(a+)+$|skipme"}
    env.pop("GPUMEMD_AGENT_DISABLE", None)
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-c", "import sys; print('ran')", "a" * 40 + "!", "skipme"],
                         env=env, capture_output=True, text=True, timeout=10)
    assert out.returncode == 0 and out.stdout.strip() == "ran", out.stderr
    assert "agent" not in out.stderr  # skipped: no agent, no complaint
    assert time.monotonic() - start < 5


def test_agent_skip_pattern_re2_refuses_starts_no_agent_with_one_line() -> None:
    from gpumemd.agent.boot.sitecustomize import should_start

    assert should_start([sys.executable, "train.py"], {"GPUMEMD_AGENT_SKIP": "nomatch"})
    assert not should_start([sys.executable, "train.py"], {"GPUMEMD_AGENT_SKIP": "tr(?=ain)"})


@pytest.mark.parametrize("pattern, reason", [
    ("(?=prod).*", "invalid perl operator"),
    ("(?<!x)prod", "invalid perl operator"),
    (r"(a)\\1", "invalid escape sequence"),  # the selector unescapes \\ to one backslash
    ("a{99999999999}", "invalid repetition size"),
    ("a" * 20_000, "longer than"),
])
def test_check_config_refuses_what_re2_cannot_run_with_one_line(
    tmp_path: Path, pattern: str, reason: str
) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(
        yaml.safe_dump(
            {
                "rules": [
                    {
                        "alert": "X",
                        "metric": f'gpumemd_allocator_allocated_bytes{{job_id=~"{pattern}"}}',
                        "threshold": 1,
                    }
                ]
            }
        )
    )
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(yaml.safe_dump({"alerting": {"rule_files": [str(rules)]}}))
    out = subprocess.run(
        [sys.executable, "-m", "gpumemd", "check-config", str(cfg)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 2, out
    lines = [line for line in out.stderr.splitlines() if "regular expression" in line]
    assert (
        len(lines) == 1
        and reason in lines[0]
        and f"{rules}: rules[0].metric: bad regular expression" in lines[0]
    )
    assert "Traceback" not in out.stderr and "re2.cc" not in out.stderr  # our line, not RE2's log


def test_patterns_are_anchored_and_dot_matches_newline_as_in_prometheus() -> None:
    from gpumemd.config.patterns import PatternError, compile_pattern

    p = compile_pattern("a.c")
    assert p.fullmatch("abc") and p.fullmatch("a\nc") and not p.fullmatch("xabc") and not p.fullmatch("abcx")
    assert p.search("xxabcxx")
    with pytest.raises(PatternError):
        compile_pattern("\ud800")  # a lone surrogate: not UTF-8, not a pattern


def test_text_that_is_not_utf8_is_matched_never_raised() -> None:
    """A rank's label or a command line with a lone surrogate (a non-UTF-8 file name) must not
    make the rule (and every rule sharing its signal) fail for every rank."""
    from gpumemd.agent.boot.sitecustomize import should_start
    from gpumemd.alerts.rules import Selector

    sel = Selector.parse('gpumemd_allocator_allocated_bytes{job_id=~"a.c"}')
    assert sel.matches({"job_id": "a\udcffc"}) and not sel.matches({"job_id": "\udcff"})
    assert not should_start([sys.executable, "train-\udcff.py"], {"GPUMEMD_AGENT_SKIP": "train"})


def test_a_real_daemon_keeps_sampling_and_answering_with_the_matcher_and_the_dashes(
    tmp_path: Path, two_ranks
) -> None:
    spool = tmp_path / "spool"
    spool.mkdir(mode=0o755)
    dashes = "-" * 1000
    from prometheus_client.core import Metric

    fam = Metric("gpumemd_allocator_allocated_bytes", "x", "gauge")
    fam.add_sample("gpumemd_allocator_allocated_bytes", {"rank": "0", "job_id": dashes, "gpu": "0"}, 5.0)
    SpoolWriter(spool, identity={"rank": "0", "job_id": dashes}, interval=30.0, pid=two_ranks[0]).publish(
        [fam]
    )
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        yaml.safe_dump(
            {
                "sampler": {"interval": "100ms"},
                "agent": {"spool_dir": str(spool)},
                "alerting": {
                    "notifiers": [],
                    "rules": [{"alert": "Prod", "metric": MATCHER, "threshold": 0}],
                },
            }
        )
    )
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, _proc):
        first = samples(scrape(url + "/metrics", timeout=2))
        assert any(
            n == "gpumemd_allocator_allocated_bytes" and dict(lab).get("job_id") == dashes for n, lab in first
        ), "the rank with the dashes must reach the engine"
        t0 = first[("gpumemd_last_sample_timestamp_seconds", ())]
        deadline = time.monotonic() + 5
        while (
            samples(scrape(url + "/metrics", timeout=2))[("gpumemd_last_sample_timestamp_seconds", ())]
            < t0 + 0.3
        ):
            assert time.monotonic() < deadline, "the sampler stopped"
            time.sleep(0.05)  # polling another process's samples
        assert scrape(url + "/-/healthy", timeout=2).strip() == "Healthy"
        assert scrape(url + "/-/ready", timeout=2).strip() == "Ready"


def test_the_remembered_answers_are_bounded_whatever_values_ranks_publish() -> None:
    from gpumemd.config.patterns import compile_pattern

    p = compile_pattern("churn-.*")
    for i in range(10_000):  # one rank churning label values
        assert p.fullmatch(f"churn-{i}")
    assert p.fullmatch("churn-" + "x" * 100_000) and not p.fullmatch("x" * 100_000)  # long: never remembered
    assert len(p._seen) <= 4096  # type: ignore[attr-defined]
