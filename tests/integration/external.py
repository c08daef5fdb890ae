"""Start Debian's prometheus and alertmanager on loopback for end-to-end tests."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import free_port, stop_process, wait_until_ready

PROMETHEUS = shutil.which("prometheus")
ALERTMANAGER = shutil.which("prometheus-alertmanager") or shutil.which("alertmanager")
PROMTOOL = shutil.which("promtool")

needs_prometheus = pytest.mark.skipif(
    PROMETHEUS is None, reason="prometheus not installed (apt-get install prometheus)"
)
needs_alertmanager = pytest.mark.skipif(
    ALERTMANAGER is None, reason="alertmanager not installed (apt-get install prometheus-alertmanager)"
)
needs_promtool = pytest.mark.skipif(
    PROMTOOL is None, reason="promtool not installed (apt-get install prometheus)"
)


def get_json(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read())


wait_ready = wait_until_ready  # the suite's one readiness poll


@contextmanager
def _process(cmd: Sequence[str], url: str) -> Iterator[str]:
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_ready(url, proc)
        yield url
    finally:
        stop_process(proc)


@contextmanager
def alertmanager(tmp: Path) -> Iterator[str]:
    assert ALERTMANAGER is not None
    cfg = tmp / "alertmanager.yml"
    cfg.write_text(
        "route: {receiver: blackhole, group_wait: 0s, group_interval: 1s, repeat_interval: 1h}\n"
        "receivers: [{name: blackhole}]\n"
    )
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        ALERTMANAGER,
        f"--config.file={cfg}",
        f"--storage.path={tmp / 'am-data'}",
        f"--web.listen-address=127.0.0.1:{port}",
        "--cluster.listen-address=",
        "--log.level=warn",
    ]
    with _process(cmd, url):
        yield url


@contextmanager
def prometheus(tmp: Path, target: str, rule_file: Path) -> Iterator[str]:
    assert PROMETHEUS is not None
    cfg = tmp / "prometheus.yml"
    cfg.write_text(
        "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
        f"rule_files: ['{rule_file}']\n"
        f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: ['{target}']}}]}}]\n"
    )
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        PROMETHEUS,
        f"--config.file={cfg}",
        f"--web.listen-address=127.0.0.1:{port}",
        f"--storage.tsdb.path={tmp / 'prom-data'}",
        "--log.level=warn",
    ]
    with _process(cmd, url):
        yield url
