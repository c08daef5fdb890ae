"""The sampler cannot die silently: a dead or stalled thread makes /-/healthy 503 with the
reason, the thread restarts with backoff, and past its bound the daemon exits non-zero."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from typing import Any

from prometheus_client.core import GaugeMetricFamily, Metric

from gpumemd.config import Config
from gpumemd.http.endpoints import App
from gpumemd.http.server import HttpServer, Request
from gpumemd.runtime import Runtime
from gpumemd.sampling.exposition import Exposition
from gpumemd.sampling.sampler import MAX_WAIT, Sampler
from gpumemd.sources.base import Source
from tests.fakes import Faulty
from tests.helpers import ROOT, free_port, samples


class Hanging(Source[int]):
    """A source whose read blocks until released: a hung NVML call."""

    name = "hang"

    def __init__(self) -> None:
        self.entered, self.release = threading.Event(), threading.Event()
        self.hang = False

    def read(self, cycle: Mapping[str, Any]) -> float:
        if self.hang:
            self.entered.set()
            assert self.release.wait(10), "the test never released the hung read"
        return 1.0

    def families(self, reading: float) -> Iterable[Metric]:
        return ()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def healthy(app: App) -> tuple[int, str]:
    response = app(Request("GET", "/-/healthy", "", {}))
    return response.status, response.body.decode()


def wait_for(predicate: Any, timeout: float = 10.0, what: str = "condition") -> None:
    """Poll a state another thread sets (no event to wait on), against a deadline."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{what} not reached within {timeout}s"
        time.sleep(0.01)


def test_a_killed_loop_is_unhealthy_with_the_reason_then_restarts_and_recovers(caplog: Any) -> None:
    source = Faulty(bad=[1])  # the thread's first sample dies; the restarted loop samples on
    s = Sampler([source], interval=0.02, restart_backoff=(0.05, 0.05))
    app = App(lambda: s.latest, interval=lambda: s.sample_period, health=s.problem)
    seen: list[tuple[int, str]] = []

    class AtDeath(logging.Handler):
        # runs on the sampler thread right after the death is recorded, before the backoff
        def emit(self, record: logging.LogRecord) -> None:
            if "sampler thread died" in record.getMessage():
                seen.append(healthy(app))

    handler = AtDeath()
    logging.getLogger("gpumemd.sampler").addHandler(handler)
    try:
        s.sample_once()  # read 0: fine
        with caplog.at_level("INFO", logger="gpumemd.sampler"):
            s.start()
            wait_for(lambda: s.cycle.samples_total >= 3, what="samples after the restart")
            assert healthy(app) == (200, "Healthy\n")
    finally:
        s.stop()
        logging.getLogger("gpumemd.sampler").removeHandler(handler)
    assert len(seen) == 1
    status, body = seen[0]
    assert status == 503 and body.count("\n") == 1
    assert "sampler thread died in faulty (Fault: injected on read 1); restart 1 of 5 in 0.05s" in body
    assert s.restarts == 1 and not s.gave_up
    died = [r for r in caplog.records if "sampler thread died" in r.getMessage()]
    assert len(died) == 1 and died[0].levelname == "ERROR"


def test_past_its_restarts_the_sampler_gives_up_calls_on_death_and_health_stays_503() -> None:
    source = Faulty(always=True)
    dead = threading.Event()
    reasons: list[str] = []

    def on_death(reason: str) -> None:
        reasons.append(reason)
        dead.set()

    cfg = Config()
    rt = Runtime(cfg, lambda c: [source], eager_render=True, serve_http=False)
    rt.sampler.restart_backoff, rt.sampler.max_restarts, rt.sampler.on_death = (0.01, 0.02), 2, on_death
    port = free_port()
    server = HttpServer(f"127.0.0.1:{port}", rt.app)
    source.always = False
    rt.sampler.sample_once()  # a first sample: /-/ready holds
    source.always = True
    server.start()
    try:
        rt.sampler.start()
        assert dead.wait(10), "on_death never called"
        assert reasons and "gave up after 2 restarts without a sample" in reasons[0]
        assert "Fault: injected on read" in reasons[0]
        assert rt.sampler.gave_up and rt.sampler.restarts == 3
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/-/healthy", timeout=5)
            raise AssertionError("healthy answered 2xx")
        except urllib.error.HTTPError as err:
            assert err.code == 503
            body = err.read().decode()
        assert body == reasons[0] + "\n"
        # /metrics still serves the last sample; readiness is about having one
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/-/ready", timeout=5) as resp:
            assert resp.status == 200
    finally:
        server.stop()
        rt.stop()


def test_a_stalled_sampler_is_unhealthy_names_where_it_hangs_and_logs_once(caplog: Any) -> None:
    clock, wall = FakeClock(), FakeClock()
    source = Hanging()
    s = Sampler([source], interval=0.05, monotonic=clock, wall_clock=wall)
    app = App(lambda: s.latest, interval=lambda: s.sample_period, health=s.problem, clock=wall)
    s.sample_once()
    source.hang = True
    s.start()
    try:
        assert source.entered.wait(10)
        clock.now += 29.0  # under max(3 periods, 30 s): still healthy
        assert healthy(app) == (200, "Healthy\n")
        clock.now += 2.0
        with caplog.at_level("INFO", logger="gpumemd.sampler"):
            for _ in range(3):
                status, body = healthy(app)
                assert status == 503
                assert body == "sampler stalled: no sample completed for 31s (limit 30s), stuck in hang\n"
            done = s.cycle.samples_total
            source.hang = False
            source.release.set()
            wait_for(lambda: s.cycle.samples_total > done, what="a sample after the release")
        assert healthy(app) == (200, "Healthy\n")
    finally:
        source.release.set()
        s.stop()
    messages = [r.getMessage() for r in caplog.records]
    assert sum("sampler stalled" in m for m in messages) == 1
    assert any("sampler recovered" in m for m in messages)


def test_a_paused_or_stopped_sampler_is_not_stalled() -> None:
    clock = FakeClock()
    s = Sampler([Hanging()], interval=1.0, monotonic=clock)
    s.start()
    try:
        s.pause()
        clock.now += 1000
        assert s.problem() is None
        s.resume()  # the pause does not count as a stall
        assert s.problem() is None
    finally:
        s.stop()
    clock.now += 1000
    assert s.problem() is None


def test_without_a_sampler_health_falls_back_to_the_age_of_the_sample() -> None:
    # the agent's endpoint process serves a published sample: only its age tells
    wall = FakeClock()
    snap = Sampler([Hanging()], interval=1.0, wall_clock=wall).sample_once()
    app = App(lambda: snap, interval=lambda: 1.0, clock=wall)
    assert healthy(app)[0] == 200
    wall.now += 31
    assert healthy(app) == (503, "sampler is stuck: the last sample is 31s old (limit 30s)\n")


def test_absurd_intervals_never_overflow_a_wait_or_kill_the_thread() -> None:
    for interval in (1e20, float("inf"), float("nan"), 1e308, -1.0):
        s = Sampler([Faulty()], interval=interval, history=10**20, sample_every=1e300)
        assert 0 < s.interval <= 86400 and 0 <= s.sample_every <= 86400 and s.cycle.history.maxlen is not None
        s.start()
        wait_for(lambda s=s: s.cycle.samples_total >= 1, what=f"the first sample at interval {interval}")
        assert s._thread is not None and s._thread.is_alive() and s.problem() is None
        s.replace(interval=1e300)
        assert s.interval <= 86400
        started = time.monotonic()
        s.stop()
        assert time.monotonic() - started < 5 and not s.gave_up
    assert MAX_WAIT <= 3600


def test_a_sample_that_fails_logs_why_once_and_its_recovery(caplog: Any) -> None:
    failing = threading.Event()
    calls = threading.Semaphore(0)

    class Broken(Sampler):
        def sample_once(self, *, due_only: bool = False) -> Any:
            calls.release()
            if failing.is_set():
                raise RuntimeError("the exposition cannot be built")
            return super().sample_once(due_only=due_only)

    s = Broken([Faulty()], interval=0.01)
    failing.set()
    with caplog.at_level("INFO", logger="gpumemd.sampler"):
        s.start()
        try:
            for _ in range(6):  # six failed samples in a row
                assert calls.acquire(timeout=10)
            failing.clear()
            taken = s.cycle.samples_total
            wait_for(lambda: s.cycle.samples_total > taken, what="a sample after the fault cleared")
        finally:
            s.stop()
    messages = [r.getMessage() for r in caplog.records]
    assert messages.count("sample failed: RuntimeError: the exposition cannot be built") == 1
    assert messages.count("sampling recovered") == 1


def test_a_failing_listener_is_logged_once_with_its_reason(caplog: Any) -> None:
    def publish(snapshot: Any) -> None:
        raise OSError("disk full")

    s = Sampler([Faulty()], interval=1.0, listeners=[publish])
    with caplog.at_level("INFO", logger="gpumemd.sampler"):
        for _ in range(5):
            s.sample_once()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "OSError: disk full" in lines[0] and "publish" in lines[0]


def test_a_family_that_cannot_render_is_left_out_and_the_rest_is_served(caplog: Any) -> None:
    good = GaugeMetricFamily("test_good", "Fine.")
    good.add_metric([], 1.0)
    bad = GaugeMetricFamily("test_bad", "A value that is no number.")
    bad.add_metric([], "abc")  # type: ignore[arg-type]
    with caplog.at_level("INFO", logger="gpumemd.exposition"):
        for _ in range(3):
            for om in (False, True):
                body = Exposition([good, bad]).body(openmetrics_format=om).decode()
                assert "test_good 1.0" in body and "test_bad" not in body
    assert len([r for r in caplog.records if "test_bad left out" in r.getMessage()]) == 1
    assert samples(Exposition([good, bad]).body().decode()) == {("test_good", ()): 1.0}


FAULTY_DAEMON = """
import sys
import threading
from gpumemd import cli, daemon
from tests.fakes import Faulty

real = daemon.build_runtime

class OnTheThread(Faulty):
    def read(self, cycle):
        self.always = threading.current_thread() is not threading.main_thread()  # start-up reads fine
        return super().read(cycle)

def build_runtime(config, capture=None):
    rt = real(config, capture)
    rt.sampler.restart_backoff, rt.sampler.max_restarts = (0.01, 0.02), 2
    rt.sampler.replace(sources=[*rt.sampler._sources, OnTheThread()])
    return rt

daemon.build_runtime = build_runtime
sys.exit(cli.main(sys.argv[1:]))
"""


def test_the_daemon_exits_non_zero_when_its_sampler_gives_up() -> None:
    capture = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
    cmd = [sys.executable, "-c", FAULTY_DAEMON, "serve", "--web.listen-address", f"127.0.0.1:{free_port()}",
           "--replay", str(capture)]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    died = [line for line in result.stderr.splitlines() if "sampler thread died" in line]
    # restarts 1 and 2, then the give-up line and the exit line
    assert len(died) == 4, result.stderr[-3000:]
    assert "gave up after 2 restarts without a sample" in died[-1] and "exiting:" in died[-1]
