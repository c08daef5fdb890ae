"""End to end: a real Prometheus scrapes `gpumemd serve --replay`, evaluates the exported
rules, and fires the same alert that gpumemd's own engine fires."""

from __future__ import annotations

import json
import time

import pytest

from gpumemd.cli import main
from tests.helpers import CAPTURES, gpumemd_process, scrape
from tests.integration.external import get_json, needs_prometheus, prometheus

pytestmark = [needs_prometheus, pytest.mark.e2e]

CAPTURE = CAPTURES / "h200__580.159.04__one-process-1GiB.json"
# The capture: 1 626 144 768 of 150 754 820 096 bytes used (1.08 %): above a 0.5 % threshold.
CONFIG = """
sampler: {interval: 500ms}
alerting:
  default_rules: false
  notifiers: []
  rules:
    - alert: GpuMemoryAboveTestLevel
      metric: gpumemd_gpu_memory_used_bytes
      divide_by: gpumemd_gpu_memory_total_bytes
      op: ">"
      threshold: 0.005
      for: 1s
      labels: {severity: test}
      annotations: {summary: "GPU {{ $labels.gpu }} is {{ $value | humanizePercentage }} full"}
"""


def _alerts(payload: dict) -> list[dict]:
    return [a for a in payload["data"]["alerts"] if a["labels"]["alertname"] == "GpuMemoryAboveTestLevel"]


def test_prometheus_fires_the_same_alert_as_the_engine(tmp_path):
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(CONFIG)
    rules = tmp_path / "rules.yml"
    assert main(["rules", "export", "--config.file", str(cfg), "-o", str(rules)]) == 0
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(CAPTURE)]) as (url, _proc):
        with prometheus(tmp_path, url.removeprefix("http://"), rules) as prom:
            deadline = time.monotonic() + 25
            theirs: list[dict] = []
            while time.monotonic() < deadline:
                theirs = [a for a in _alerts(get_json(f"{prom}/api/v1/alerts")) if a["state"] == "firing"]
                if theirs:
                    break
                time.sleep(0.2)
            assert theirs, "Prometheus did not fire the exported rule"
            mine = [a for a in _alerts(json.loads(scrape(url + "/api/v1/alerts"))) if a["state"] == "firing"]
            assert len(mine) == len(theirs) == 1
            (m,), (t,) = mine, theirs
            strip = {k: v for k, v in t["labels"].items() if k not in ("instance", "job")}
            assert strip == m["labels"]
            assert float(t["value"]) == pytest.approx(float(m["value"]), rel=1e-9)
            assert t["annotations"] == m["annotations"] == {"summary": "GPU 0 is 1.079% full"}
