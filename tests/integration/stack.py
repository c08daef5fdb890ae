"""A real monitoring stack on loopback, built from the shipped configs (tests and bench).

`Stack` starts Debian's `prometheus` and `prometheus-alertmanager` with
deploy/prometheus/prometheus.yml and deploy/alertmanager/alertmanager.yml, changed only
where loopback needs it (addresses, ports, paths) and in timing (intervals, group waits),
plus a webhook sink that records what Alertmanager delivers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import ROOT, free_port

DEPLOY = ROOT / "deploy"
PROMETHEUS_YML = DEPLOY / "prometheus" / "prometheus.yml"
RULES_YML = DEPLOY / "prometheus" / "gpumemd-rules.yml"
ALERTMANAGER_YML = DEPLOY / "alertmanager" / "alertmanager.yml"


def binary(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else None)
        if found:
            return found
    return None


def get_json(url: str, timeout: float = 10.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read())


def wait_for(what: str, check: Callable[[], Any], timeout: float, interval: float = 0.25) -> Any:
    """Poll `check` until it returns something truthy: a real process's state is only observable."""
    deadline = time.monotonic() + timeout
    last_exc: Exception | None = None
    while time.monotonic() < deadline:
        try:
            result = check()
            if result:
                return result
        except Exception as exc:  # not up yet
            last_exc = exc
        time.sleep(interval)
    raise TimeoutError(f"{what} not within {timeout}s (last error: {last_exc})")


class Sink:
    """Alertmanager's webhook receivers, on loopback: records every notification."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, Any]]] = []
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                sink.received.append((self.path, json.loads(body)))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def adapt_alertmanager(sink_url: str, group_wait: str = "1s") -> dict[str, Any]:
    cfg = yaml.safe_load(ALERTMANAGER_YML.read_text())
    for receiver in cfg["receivers"]:
        for hook in receiver.get("webhook_configs", []):
            path = urllib.parse.urlsplit(hook["url"]).path
            hook["url"] = sink_url + path
    cfg["route"]["group_wait"] = group_wait
    for route in cfg["route"].get("routes", []):
        if "group_wait" in route:
            route["group_wait"] = group_wait
    return dict(cfg)


def adapt_rules(fast: bool) -> dict[str, Any] | None:
    """The exported rules; `fast` drops `for`/`keep_firing_for` so an alert fires in seconds."""
    if not RULES_YML.exists():
        return None
    rules = yaml.safe_load(RULES_YML.read_text())
    if fast:
        for group in rules["groups"]:
            group["interval"] = "1s"
            for rule in group["rules"]:
                rule.pop("for", None)
                rule.pop("keep_firing_for", None)
    return dict(rules)


def adapt_prometheus(
    targets: Sequence[str],
    *,
    self_port: int,
    alertmanager: str | None,
    rule_files: Sequence[str],
    scrape_interval: str,
    evaluation_interval: str | None = None,
    scrape_timeout: str | None = None,
) -> dict[str, Any]:
    cfg = yaml.safe_load(PROMETHEUS_YML.read_text())
    cfg["global"]["scrape_interval"] = scrape_interval
    cfg["global"]["evaluation_interval"] = evaluation_interval or scrape_interval
    cfg["rule_files"] = list(rule_files)
    if alertmanager is None:
        cfg.pop("alerting", None)
    else:
        cfg["alerting"]["alertmanagers"][0]["static_configs"] = [{"targets": [alertmanager]}]
    jobs = []
    for job in cfg["scrape_configs"]:
        if job["job_name"] == "gpumemd":
            job["static_configs"] = [{"targets": list(targets)}]
            job["scrape_interval"] = scrape_interval
            job["scrape_timeout"] = scrape_timeout or scrape_interval
        elif job["job_name"] == "prometheus":
            job["static_configs"] = [{"targets": [f"127.0.0.1:{self_port}"]}]
        elif job["job_name"] == "alertmanager":
            if alertmanager is None:
                continue
            job["static_configs"] = [{"targets": [alertmanager]}]
        jobs.append(job)
    cfg["scrape_configs"] = jobs
    return dict(cfg)


class Process:
    """A child process whose output goes to a file we can show when something fails."""

    def __init__(self, args: Sequence[str], log: Path) -> None:
        self.log = log
        self._out = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(list(args), stdout=self._out, stderr=subprocess.STDOUT, cwd=log.parent)

    def tail(self, n: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()


class Alertmanager(Process):
    def __init__(self, exe: str, config: dict[str, Any], workdir: Path) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        path = workdir / "alertmanager.yml"
        path.write_text(yaml.safe_dump(config))
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.url = f"http://{self.address}"
        super().__init__(
            [
                exe,
                f"--config.file={path}",
                f"--storage.path={workdir / 'data'}",
                f"--web.listen-address={self.address}",
                "--cluster.listen-address=",
                "--log.level=warn",
            ],
            workdir / "alertmanager.log",
        )
        wait_for(
            "alertmanager ready",
            lambda: urllib.request.urlopen(self.url + "/-/ready", timeout=2).status == 200,
            30,
        )

    def alerts(self) -> list[dict[str, Any]]:
        return list(get_json(self.url + "/api/v2/alerts"))


class Prometheus(Process):
    def __init__(
        self, exe: str, config: dict[str, Any], workdir: Path, port: int, extra: Sequence[str] = ()
    ) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.config_path = workdir / "prometheus.yml"
        self.config_path.write_text(yaml.safe_dump(config))
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        super().__init__(
            [
                exe,
                f"--config.file={self.config_path}",
                f"--storage.tsdb.path={workdir / 'data'}",
                f"--web.listen-address=127.0.0.1:{port}",
                "--log.level=warn",
                *extra,
            ],
            workdir / "prometheus.log",
        )
        wait_for(
            "prometheus ready",
            lambda: urllib.request.urlopen(self.url + "/-/ready", timeout=2).status == 200,
            60,
        )

    def query(self, expr: str, time_: float | None = None) -> dict[str, Any]:
        """The API's whole answer (status, data or error) for an instant query."""
        params = {"query": expr}
        if time_ is not None:
            params["time"] = str(time_)
        url = self.url + "/api/v1/query?" + urllib.parse.urlencode(params)
        try:
            return dict(get_json(url))
        except urllib.error.HTTPError as exc:  # 400/422: a bad expression, with the reason in the body
            return dict(json.loads(exc.read()))

    def value(self, expr: str) -> list[dict[str, Any]]:
        answer = self.query(expr)
        assert answer["status"] == "success", answer
        return list(answer["data"]["result"])

    def targets(self) -> list[dict[str, Any]]:
        return list(get_json(self.url + "/api/v1/targets")["data"]["activeTargets"])
