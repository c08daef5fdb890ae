"""The agent's endpoint process (agent.endpoint: process, the default): real processes on loopback.

A training process (scripts/endpoint_proc.py: the agent with replayed H200 allocator
readings) publishes; its endpoint process serves. Every wait polls against a deadline.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import logging
import os
import queue
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import bcrypt
import psutil
import pytest
import yaml
from cryptography import x509

from gpumemd import config as config_mod
from gpumemd.agent.agent import Agent
from gpumemd.agent.endpoint import PublishedSample
from gpumemd.spool.writer import SpoolWriter
from tests.helpers import ROOT, samples, scrape, wait_until_ready
from tests.helpers import agent_env as env
from tests.http_helpers import make_pair

SCRIPT = Path(__file__).parent / "scripts" / "endpoint_proc.py"
ALLOCATED = 268439552  # allocated bytes in the replayed reading (tests/fixtures/torch)
FIRING_RULE = {"alert": "AllocatedAboveOneByte", "metric": "gpumemd_allocator_allocated_bytes", "op": ">",
               "threshold": 1, "labels": {"severity": "info"}}


def until(cond: Callable[[], Any], timeout: float = 20.0) -> Any:
    """Poll what another process makes true; its last value (falsy at the deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.02)


def ended(p: psutil.Process) -> bool:
    """Exited (a zombie of a parent that does not reap counts: it serves nothing)."""
    try:
        return not p.is_running() or p.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def refused(address: str) -> bool:
    host, port = address.rsplit(":", 1)
    try:
        socket.create_connection((host, int(port)), timeout=1).close()
        return False
    except OSError:
        return True


class Training:
    """scripts/endpoint_proc.py in a process of its own: one JSON line per command."""

    def __init__(self, tmp_path: Path, **kwargs: Any) -> None:
        self.stderr_path = tmp_path / "training.stderr"
        with open(self.stderr_path, "wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, str(SCRIPT), json.dumps(kwargs)],
                cwd=ROOT,
                env=env(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
            )
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hello = self._answer()
        self.url = f"http://{self.hello['address']}"
        self.endpoint = psutil.Process(self.hello["endpoint_pid"])

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)

    def _answer(self, timeout: float = 30.0) -> dict[str, Any]:
        try:
            return dict(json.loads(self._lines.get(timeout=timeout)))
        except queue.Empty:
            raise AssertionError(f"no answer in {timeout}s: {self.stderr()}") from None

    def ask(self, command: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")[-3000:]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass


@pytest.fixture
def training(tmp_path: Path) -> Iterator[Callable[..., Training]]:
    started: list[Training] = []

    def start(**kwargs: Any) -> Training:
        t = Training(tmp_path, **kwargs)
        started.append(t)
        return t

    yield start
    for t in started:
        t.close()
        if not ended(t.endpoint):  # the test failed with it alive: end it (ours, by its pid)
            t.endpoint.kill()


def test_metrics_health_and_alerts_are_served_by_a_process_of_their_own(tmp_path: Path, training) -> None:
    cfg = tmp_path / "agent.yaml"
    cfg.write_text(yaml.safe_dump({"alerting": {"rules": [FIRING_RULE]}}))
    t = training(
        config=str(cfg), listen_address="127.0.0.1:0", spool_dir="", interval=0.02, spool_interval=0.1
    )
    wait_until_ready(t.url)
    pid = t.hello["pid"]
    assert t.endpoint.pid != pid and t.endpoint.ppid() == pid
    assert "gpumemd.agent.endpoint" in t.endpoint.cmdline()
    # the port is the endpoint process's; the training process holds no listening socket
    port = int(t.hello["address"].rsplit(":", 1)[1])
    assert any(c.laddr.port == port and c.status == psutil.CONN_LISTEN for c in t.endpoint.net_connections())
    assert not any(c.status == psutil.CONN_LISTEN for c in psutil.Process(pid).net_connections())
    assert "gpumemd-endpoint" in t.hello["threads"] and "gpumemd-http-io" not in t.hello["threads"]
    # torch is loaded in the training process, never in its endpoint process
    maps = Path(f"/proc/{t.endpoint.pid}/maps").read_text()
    assert "libtorch" in Path(f"/proc/{pid}/maps").read_text() and "libtorch" not in maps

    s = samples(scrape(t.url + "/metrics"))
    allocated = {dict(lab)["gpu"]: v for (n, lab), v in s.items() if n == "gpumemd_allocator_allocated_bytes"}
    assert allocated == {"0": ALLOCATED}
    assert s[("gpumemd_process_host_resident_bytes", (("pid", str(pid)),))] == 2_000_000_000
    assert [dict(lab)["pid"] for (n, lab) in s if n == "gpumemd_agent_info"] == [str(pid)]
    assert s[("gpumemd_collector_success", (("collector", "allocator"),))] == 1
    assert s[("gpumemd_collector_success", (("collector", "process"),))] == 1
    assert ("gpumemd_build_info", (("version", "0.1.0"),)) in s
    assert any(n == "gpumemd_alerts" and dict(lab)["alertname"] == FIRING_RULE["alert"] for (n, lab) in s)
    # fresh although the readings stand still: the sampler's own series move with each
    # publish (every spool_interval)
    first = s[("gpumemd_samples_total", ())]
    assert until(lambda: samples(scrape(t.url + "/metrics"))[("gpumemd_samples_total", ())] > first)
    stamp = samples(scrape(t.url + "/metrics"))[("gpumemd_last_sample_timestamp_seconds", ())]
    assert time.time() - stamp < 5

    assert scrape(t.url + "/-/healthy") == "Healthy\n"
    alerts = json.loads(scrape(t.url + "/api/v1/alerts"))
    assert alerts["status"] == "success"
    assert [a["labels"]["alertname"] for a in alerts["data"]["alerts"]] == [FIRING_RULE["alert"]]


def test_stop_ends_the_endpoint_process_and_removes_the_private_directory(training) -> None:
    t = training(listen_address="127.0.0.1:0", spool_dir="")
    private = Path(t.hello["private_dir"])
    assert private.parent == Path("/dev/shm") and private.name.startswith("gpumemd-agent-")
    assert Path(t.hello["published"]).parent == private and Path(t.hello["published"]).exists()
    wait_until_ready(t.url)
    left = t.ask("stop")
    assert left == {"errors": {}, "private_dir_exists": False, "endpoint_returncode": 0}
    assert not private.exists()
    # the training process runs on and has reaped its endpoint process: no zombie left
    assert t.proc.poll() is None
    with pytest.raises(psutil.NoSuchProcess):
        t.endpoint.status()
    assert refused(t.hello["address"])


def test_sigkill_of_the_training_process_ends_its_endpoint_process(training) -> None:
    t = training(listen_address="127.0.0.1:0", spool_dir="")
    wait_until_ready(t.url)
    t.proc.send_signal(signal.SIGKILL)
    t.proc.wait(10)
    assert until(lambda: ended(t.endpoint)), "the endpoint process outlived the training process"
    assert until(lambda: not os.path.exists(t.hello["private_dir"]))  # it removed the private directory
    assert refused(t.hello["address"])


def test_a_forked_child_does_not_keep_the_endpoint_process_alive(training) -> None:
    t = training(listen_address="127.0.0.1:0", spool_dir="")
    wait_until_ready(t.url)
    child = psutil.Process(t.ask("fork")["child"])
    try:
        assert scrape(t.url + "/-/ready") == "Ready\n"  # the fork changed nothing for the parent
        t.proc.send_signal(signal.SIGKILL)
        t.proc.wait(10)
        assert until(lambda: ended(t.endpoint)), "a forked child kept the endpoint process alive"
        assert not ended(child)  # it was alive all along
    finally:
        if not ended(child):
            child.kill()


def test_endpoint_process_death_is_counted_and_sampling_goes_on(tmp_path: Path, training) -> None:
    spool = tmp_path / "spool"
    t = training(listen_address="127.0.0.1:0", spool_dir=str(spool), interval=0.02, spool_interval=0.05)
    wait_until_ready(t.url)
    assert t.ask("state")["errors"] == {}
    t.endpoint.kill()
    assert until(lambda: t.ask("state")["errors"] == {"endpoint": 1})
    with pytest.raises(psutil.NoSuchProcess):  # reaped by the agent: no zombie
        until(lambda: not t.endpoint.status())
    before = t.ask("state")["samples"]
    assert until(lambda: t.ask("state")["samples"] > before)
    # the node daemon sees it: the spool file carries the error
    published = Path(t.hello["published"])
    key = ("gpumemd_agent_errors_total", (("pid", str(t.hello["pid"])), ("where", "endpoint")))
    assert until(lambda: spool_samples(published).get(key) == 1)


def spool_samples(path: Path) -> dict:
    sample = PublishedSample(path)
    snapshot = sample.latest()
    return samples(snapshot.exposition.body().decode()) if snapshot is not None else {}


def test_a_taken_port_leaves_the_agent_sampling_and_counts_the_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        agent = Agent(
            listen_address=f"127.0.0.1:{port}", spool_dir=str(tmp_path), interval=0.02, spool_interval=0.05
        ).start()
        try:
            assert agent.endpoint is not None
            assert agent.url_address is None
            assert until(lambda: agent.errors.counts == {"listen": 1})
            assert agent.runtime is not None and agent.runtime.server is None
            before = agent.runtime.sampler.cycle.samples_total
            assert until(lambda: agent.runtime.sampler.cycle.samples_total > before)
            key = ("gpumemd_agent_errors_total", (("pid", str(agent.pid)), ("where", "listen")))
            assert until(lambda: spool_samples(agent.spool.path).get(key) == 1)
        finally:
            agent.stop()
    assert agent.endpoint.returncode == 1


def _started_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("agent started in pid")]


def test_a_taken_port_is_said_once_known_and_leaves_no_private_directory(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The start line waits for the endpoint process's answer: never "serving" a port it could
    not bind. With the spool off, the private directory was the spool: gone after stop."""
    caplog.set_level(logging.INFO, logger="gpumemd")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        agent = Agent(listen_address=f"127.0.0.1:{port}", spool_dir="", interval=0.02, spool_interval=0.05)
        agent.start()
        assert agent.spool is not None
        private = agent.spool.directory
        assert private.name.startswith("gpumemd-agent-")
        try:
            assert until(lambda: agent.errors.counts == {"listen": 1})
            started = until(lambda: _started_lines(caplog))
            assert len(started) == 1, started
            assert f"no HTTP endpoint (127.0.0.1:{port} could not be served)" in started[0]
            assert "serving" not in started[0]
            before = agent.runtime.sampler.cycle.samples_total if agent.runtime else 0
            assert until(lambda: agent.runtime and agent.runtime.sampler.cycle.samples_total > before + 3)
        finally:
            agent.stop()
    assert not private.exists(), "an empty private directory left in /dev/shm"


def test_the_start_line_names_the_port_the_endpoint_process_bound(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="gpumemd")
    agent = Agent(listen_address="127.0.0.1:0", spool_dir="").start()
    try:
        started = until(lambda: _started_lines(caplog))
        assert agent.url_address is not None and not agent.url_address.endswith(":0")
        assert len(started) == 1 and f"serving http://{agent.url_address}/metrics" in started[0], started
    finally:
        agent.stop()


def test_the_web_config_tls_and_basic_auth_is_enforced_by_the_endpoint_process(tmp_path: Path) -> None:
    ca = make_pair(tmp_path, "ca", "test CA", ca=True)
    server = make_pair(
        tmp_path, "server", "localhost", issuer=ca, sans=[x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    )
    password = "s3cret"
    web = tmp_path / "web.yml"
    web.write_text(
        yaml.safe_dump(
            {
                "tls_server_config": {"cert_file": str(server.cert_path), "key_file": str(server.key_path)},
                "basic_auth_users": {
                    "prometheus": bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=4)).decode()
                },
            }
        )
    )
    cfg = tmp_path / "agent.yaml"
    cfg.write_text(yaml.safe_dump({"web": {"config_file": str(web)}}))
    agent = Agent(str(cfg), listen_address="127.0.0.1:0", spool_dir="").start()
    try:
        assert agent.url_address is not None
        url = f"https://{agent.url_address}/metrics"
        ctx = ssl.create_default_context(cafile=str(ca.cert_path))
        with pytest.raises(urllib.error.HTTPError) as denied:
            urllib.request.urlopen(url, context=ctx, timeout=5)
        assert denied.value.code == 401
        opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=ctx))
        basic = base64.b64encode(f"prometheus:{password}".encode()).decode()
        request = urllib.request.Request(url, headers={"Authorization": f"Basic {basic}"})
        with opener.open(request, timeout=5) as resp:
            assert resp.status == 200 and b"gpumemd_agent_info" in resp.read()
        with pytest.raises(OSError):  # plain HTTP is not served
            scrape(f"http://{agent.url_address}/metrics", timeout=3)
    finally:
        agent.stop()


def test_endpoint_thread_serves_from_the_training_process(tmp_path: Path) -> None:
    agent = Agent(listen_address="127.0.0.1:0", spool_dir="", endpoint="thread", interval=0.02).start()
    try:
        assert agent.endpoint is None and agent.runtime is not None and agent.runtime.server is not None
        assert agent.url_address is not None
        port = int(agent.url_address.rsplit(":", 1)[1])
        me = psutil.Process()
        assert any(c.laddr.port == port and c.status == psutil.CONN_LISTEN for c in me.net_connections())
        assert not any("gpumemd.agent.endpoint" in " ".join(c.cmdline()) for c in me.children())
        # the latest sample, not a published one
        s = samples(scrape(f"http://{agent.url_address}/metrics"))
        assert s[("gpumemd_collector_success", (("collector", "process"),))] == 1
    finally:
        agent.stop()
    assert agent._private_dir is None and refused(f"127.0.0.1:{port}")


def test_endpoint_setting_is_checked() -> None:
    with pytest.raises(config_mod.ConfigError) as err:
        config_mod.loads("agent: {endpoint: fork}")
    assert "agent.endpoint" in str(err.value)
    assert config_mod.Config().agent.endpoint == "process"


def test_published_sample_serves_the_last_good_file_and_follows_heartbeats(tmp_path: Path) -> None:
    writer = SpoolWriter(
        tmp_path,
        identity={"pid": "7"},
        interval=0.5,
        pid=7,
        everything=True,
        alerts=lambda: b'{"status":"success","data":{"alerts":[]}}',
    )
    from prometheus_client.core import GaugeMetricFamily

    g = GaugeMetricFamily(
        "gpumemd_build_info", "not an agent-owned family: published for the endpoint", labels=["v"]
    )
    g.add_metric(["1"], 1)
    writer.publish([g], alerts=b'{"status":"success","data":{"alerts":[1]}}')
    sample = PublishedSample(writer.path)
    first = sample.latest()
    assert first is not None and b'gpumemd_build_info{v="1"} 1.0' in first.exposition.body()
    assert json.loads(sample.alerts_json() or b"") == {"status": "success", "data": {"alerts": [1]}}
    assert sample.interval() == 0.5
    assert sample.latest() is first  # unchanged file: not parsed again
    os.utime(writer.path, (first.timestamp + 30, first.timestamp + 30))  # a heartbeat
    assert sample.latest().timestamp == pytest.approx(first.timestamp + 30)
    writer.path.write_text("{half")  # never happens (write-then-rename), and still harmless
    assert sample.latest().exposition.body() == first.exposition.body()
    if os.geteuid() == 0:  # another user's file in a shared spool directory is not served
        writer.publish([g])
        os.chown(writer.path, 12345, 12345)
        assert sample.latest().exposition.body() == first.exposition.body()
    writer.publish([g])
    assert sample.latest() is not first and sample.alerts_json() is None
    writer.path.unlink()
    assert sample.latest() is not None  # removed as the agent stops: the last one until we exit
