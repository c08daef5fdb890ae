"""Shared fakes and recorded readings for the tests, in one place (no test imports another
test module's fake): recorded H200 allocator readings replayed as captures or as a
TorchCudaApi, a fake torch for the OOM watcher, a faulty source, alert-engine builders, and
a webhook receiver.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

from gpumemd.alerts.engine import Engine, Notification
from gpumemd.alerts.rules import rule_from_dict
from gpumemd.backends.host import HostMemory
from gpumemd.backends.replay import FORMAT
from gpumemd.sources.base import Source
from tests.helpers import ROOT

READINGS = json.loads((ROOT / "tests/fixtures/torch/h200__torch-2.11__readings.json").read_text())
RECORDED = READINGS  # the profiler's replay reads the same recording
STATES = ("after_init", "after_256MiB_and_4000B", "after_free_256MiB", "after_oom")


# --- the allocator, replayed from the recording ----------------------------------------

UUID = "GPU-" + READINGS["properties"]["uuid"]  # as NVML spells it (the NVML captures agree)


def torch_calls(state: str) -> dict[str, Any]:
    r = READINGS[state]
    return {
        "is_initialized()": {"ok": True},
        "device_count()": {"ok": 1},
        "memory_stats(0)": {"ok": r["raw_memoryStats"]},
        "device_uuid(0)": {"ok": UUID},
        "memory_fraction(0)": {"ok": None},
        "total_memory(0)": {"ok": READINGS["properties"]["total_memory"]},
        "mem_get_info(0)": {"ok": r["mem_get_info"]},
        "allocator_backend()": {"ok": "native"},  # the recording's default allocator (not recorded then)
    }


def capture(state: str, nvml: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": FORMAT, "meta": {"description": f"H200 torch 2.11, {state}"}, "nvml": nvml or {},
            "host": {}, "torch": torch_calls(state)}


class TorchSequence:
    """A TorchCudaApi stepping through recorded states, one per `memory_stats` call."""

    def __init__(self, states: list[dict[str, Any]]) -> None:
        self._states, self._i = states, -1

    def is_initialized(self) -> bool:
        return True

    def device_count(self) -> int:
        return 1

    def memory_stats(self, device: int) -> dict[str, Any]:
        self._i = min(self._i + 1, len(self._states) - 1)
        return self._states[self._i]

    def device_uuid(self, device: int) -> str:
        return UUID

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return int(READINGS["properties"]["total_memory"])

    def mem_get_info(self, device: int) -> tuple[int, int]:
        return (1 << 30, 2 << 30)

    def allocator_backend(self) -> str | None:
        return "native"

    def device_memory_used(self, device: int) -> int | None:
        return None

    def host_memory_stats(self) -> dict[str, Any]:
        return {}

    def pool_segments(self) -> list[dict[str, Any]] | None:
        return None  # a torch without the allocator snapshot: no pool series

    def current_stream(self, device: int) -> int | None:
        return None  # a recording has no thread's stream

    def reset_peak_memory_stats(self, device: int) -> bool:
        return False  # a recording cannot be reset


def stats(current: int, peak: int, allocated: int, freed: int) -> dict[str, Any]:
    """A nested memory_stats dict with the allocated_bytes counters set (others from after_init)."""
    base = json.loads(json.dumps(READINGS["after_init"]["raw_memoryStats"]))
    base["allocated_bytes"]["all"] = {
        "current": current,
        "peak": peak,
        "allocated": allocated,
        "freed": freed,
    }
    return base


# --- the profiler's TorchCudaApi and host, replayed ------------------------------------


def raw(state: str) -> dict[str, Any]:
    """The nested `torch._C._cuda_memoryStats(0)` answer recorded at `state`."""
    return copy.deepcopy(RECORDED[state]["raw_memoryStats"])


def shifted(
    base: dict[str, Any],
    *,
    current: int = 0,
    allocated: int = 0,
    freed: int = 0,
    allocs: int = 0,
    frees: int = 0,
) -> dict[str, Any]:
    """A derived reading: allocated_bytes/allocation moved by these amounts, peak kept."""
    out = copy.deepcopy(base)
    ab = out["allocated_bytes"]["all"]
    ab["current"] += current
    ab["allocated"] += allocated
    ab["freed"] += freed
    ab["peak"] = max(ab["peak"], ab["current"])
    n = out["allocation"]["all"]
    n["allocated"] += allocs
    n["freed"] += frees
    n["current"] += allocs - frees
    return out


class ReplayCuda:
    """TorchCudaApi over recorded readings; `state` is what the next read returns.

    It has no reset method at all: a profiler that tried to reset peak statistics would
    fail with AttributeError.
    """

    def __init__(
        self, stats: dict[str, Any] | None = None, *, initialized: bool = True, devices: int = 1
    ) -> None:
        self.stats = stats if stats is not None else raw("after_init")
        self.initialized = initialized
        self.devices = devices
        self.reads = 0
        self.read_event = threading.Condition()
        self.properties = RECORDED["properties"]

    def set(self, state: str | dict[str, Any]) -> None:
        self.stats = raw(state) if isinstance(state, str) else state

    def wait_reads(self, n: int, timeout: float = 5.0) -> bool:
        """Block until `n` more reads happened (a background sampler's, in tests)."""
        with self.read_event:
            target = self.reads + n
            return self.read_event.wait_for(lambda: self.reads >= target, timeout)

    # TorchCudaApi
    def is_initialized(self) -> bool:
        return self.initialized

    def device_count(self) -> int:
        return self.devices

    def memory_stats(self, device: int) -> dict[str, Any]:
        assert self.initialized, "read before CUDA was initialised"
        assert 0 <= device < self.devices
        with self.read_event:
            self.reads += 1
            self.read_event.notify_all()
            return self.stats

    def device_uuid(self, device: int) -> str:
        return "GPU-" + str(self.properties["uuid"])

    def memory_fraction(self, device: int) -> float | None:
        return None

    def total_memory(self, device: int) -> int:
        return int(self.properties["total_memory"])


class FixedHost:
    """HostApi with a settable resident size (deterministic cpu_memory in replays)."""

    def __init__(self, rss: int = 1 << 30) -> None:
        self.rss = rss

    def memory(self) -> HostMemory:
        return HostMemory(1 << 40, 1 << 39, 1 << 39, 0, 0)

    def process_rss(self, pid: int) -> int:
        return self.rss


# --- a fake torch for the OOM watcher ------------------------------------------------------


class FakeTorch:
    def __init__(self, snapshot_bytes: int = 100) -> None:
        self.observer = None
        self.num = 0
        self.stats_ok = True
        self.history: list[tuple] = []
        self.snapshot_bytes = snapshot_bytes
        self.initialized = True

    def attach_oom_observer(self, fn: object) -> bool:
        self.observer = fn
        return True

    def oom_error_type(self) -> type[BaseException] | None:
        return None  # the observer is attached: no raise is watched

    def on_cuda_init(self, fn: Any) -> bool:
        self.init_hook = fn
        return True

    def num_ooms(self, device: int) -> int | None:
        if not self.stats_ok:
            raise RuntimeError("no stats")
        return self.num

    def is_initialized(self) -> bool:
        return self.initialized

    def dump_snapshot(self, path: str) -> None:
        with open(path, "wb") as f:
            pickle.dump({"segments": [], "device_traces": [], "pad": b"x" * self.snapshot_bytes}, f)

    def history_enabled(self) -> bool:  # as TorchOom's: the shape probe's trace is not "someone's"
        return any(kind != "trace" for _, kind in self.history)

    def record_history(self, max_entries: int, stacks: str) -> None:  # takes a probe's trace over
        self.history = [h for h in self.history if h[1] != "trace"] + [(max_entries, stacks)]

    def stop_history(self) -> None:
        self.history.clear()

    def record_history_state(self, max_entries: int) -> None:
        self.history = [h for h in self.history if h[1] != "trace"] + [(max_entries, "state")]

    def snapshot(self) -> dict:
        return {"segments": []}

    def record_trace(self, max_entries: int) -> None:
        self.history = [(max_entries, "trace")]

    def end_trace(self) -> bool:
        ours = self.history == [(self.history[0][0], "trace")] if self.history else False
        if ours:
            self.history.clear()
        return ours


# --- a fake torch module for accelerators this machine has not (XPU, MPS, ROCm) ----------


class FakeAcceleratorTorch:
    """A fake of the torch module's device-generic surface (torch.accelerator, the device
    module, torch.version), for accelerators no machine here has: it answers the public
    `memory_stats()` flat keys recorded on the H200 (`flat`), so an adapter over it can be
    compared with TorchCuda over the same recording. `device_type` None: a CPU-only torch;
    `missing` names functions this torch lacks ("accelerator" for all of torch.accelerator,
    "_accelerator_getDeviceStats" for the private nested stats, which the public call wraps).
    `calls` lists every device-touching call, in order."""

    def __init__(
        self,
        device_type: str | None = "xpu",
        *,
        hip: str | None = None,
        cuda: str | None = None,
        flat: dict[str, Any] | None = None,
        initialized: bool = False,
        missing: Iterable[str] = (),
        uuid: str | None = "a1b2c3d4-xpu",
    ) -> None:
        from types import SimpleNamespace

        self.device_type, self.initialized = device_type, initialized
        self.flat = flat if flat is not None else dict(READINGS["after_256MiB_and_4000B"]["memory_stats"])
        self.calls: list[str] = []
        self.uuid = uuid
        missing = set(missing)
        self.version = SimpleNamespace(hip=hip, cuda=cuda)
        acc = {
            "current_accelerator": self._current,
            "memory_stats": self._stats,
            "device_count": lambda: self._call("device_count", 1),
            "get_memory_info": lambda i: self._call("get_memory_info", (1 << 30, 2 << 30)),
        }
        if "accelerator" not in missing:
            self.accelerator = SimpleNamespace(**{k: v for k, v in acc.items() if k not in missing})
        module = {
            "is_initialized": lambda: self._call("is_initialized", self.initialized),
            "get_device_properties": self._properties,
        }
        self.module = SimpleNamespace(**{k: v for k, v in module.items() if k not in missing})
        private = {
            "_accelerator_isAllocatorInitialized": lambda: self._call(
                "allocator_initialized", self.initialized
            ),
            "_accelerator_getDeviceStats": self._raw,
        }
        self._C = SimpleNamespace(**{k: v for k, v in private.items() if k not in missing})
        self.cuda = SimpleNamespace(is_initialized=lambda: self._call("cuda.is_initialized", False))

    def get_device_module(self, device_type: str) -> Any:
        assert device_type == self.device_type
        return self.module

    def _call(self, name: str, value: Any) -> Any:
        self.calls.append(name)
        return value

    def _current(self, check_available: bool = False) -> Any:
        from types import SimpleNamespace

        assert not check_available, "a runtime check may touch the device"
        return None if self.device_type is None else SimpleNamespace(type=self.device_type)

    def _stats(self, device: int) -> dict[str, Any]:
        self.calls.append("memory_stats")
        assert self.initialized, "read before the program used the device"
        return dict(self.flat)

    def _raw(self, device: int) -> dict[str, Any]:
        from gpumemd.backends.torch_cuda import nest

        self.calls.append("raw_stats")
        assert self.initialized, "read before the program used the device"
        return nest(self.flat)  # the nested dict the public call flattens

    def _properties(self, device: int) -> Any:
        from types import SimpleNamespace

        self.calls.append("get_device_properties")
        assert self.initialized, "properties read before the program used the device"
        return SimpleNamespace(total_memory=64 << 30, **({} if self.uuid is None else {"uuid": self.uuid}))


# --- a source that fails on demand ---------------------------------------------------------


class Fault(BaseException):
    """A fake for a fault we cannot cause on demand: something escaping every `except
    Exception` (a library's SystemExit, a C extension's odd exception) inside the loop."""


class Faulty(Source[int]):
    """A source that raises `Fault` on the reads listed in `bad` (0-based), reads fine otherwise."""

    def __init__(self, bad: Iterable[int] | None = None, always: bool = False) -> None:
        self.name = "faulty"
        self.bad, self.always, self.reads = set(bad or ()), always, 0
        self.raised = threading.Event()

    def read(self, cycle: Mapping[str, Any]) -> float:
        n, self.reads = self.reads, self.reads + 1
        if self.always or n in self.bad:
            self.raised.set()
            raise Fault(f"injected on read {n}")
        return float(n)

    def families(self, reading: float) -> Iterable[Metric]:
        g = GaugeMetricFamily("test_faulty", "Reads so far.")
        g.add_metric([], reading)
        yield g


# --- alert engine builders ---------------------------------------------------------------

GPU0 = {"gpu": "0", "uuid": "GPU-a"}


def gauge(name: str, series: Iterable[tuple[Mapping[str, str], float]]) -> Metric:
    series = list(series)
    labels = list(series[0][0]) if series else []
    fam = GaugeMetricFamily(name, "test", labels=labels)
    for lab, value in series:
        fam.add_metric([lab[k] for k in labels], value)
    return fam


def counter(name: str, series: Iterable[tuple[Mapping[str, str], float]]) -> Metric:
    series = list(series)
    labels = list(series[0][0]) if series else []
    fam = CounterMetricFamily(name.removesuffix("_total"), "test", labels=labels)
    for lab, value in series:
        fam.add_metric([lab[k] for k in labels], value)
    return fam


def make_engine(rules: Sequence[Mapping[str, Any]], **kw: Any) -> Engine:
    return Engine([rule_from_dict(r) for r in rules], **kw)


def step(engine: Engine, families: Sequence[Metric], ts: float) -> list[Notification]:
    return engine.evaluate(engine.view(families), ts)


def states(engine: Engine) -> dict[str, str]:
    """alertname -> state of its (single) alert, for table tests."""
    return {r.name: a.state for r in engine.rules for a in r.active.values()}


# --- a webhook receiver --------------------------------------------------------------------


class Receiver:
    """Records POSTed JSON bodies; `status` and `delay` change how it answers."""

    def __init__(self, port: int = 0) -> None:
        self.bodies: list[Any] = []
        self.arrivals: list[float] = []  # perf_counter when each request arrived
        self.headers: list[dict[str, str]] = []
        self.status = 200
        self.delay = 0.0
        self.requests = 0
        self._cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                arrived = time.perf_counter()
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver._cond:
                    receiver.requests += 1
                    status, delay = receiver.status, receiver.delay
                if delay:
                    time.sleep(delay)  # a slow receiver (the sender's timeout must cut it)
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    return
                if status < 300:
                    with receiver._cond:
                        receiver.bodies.append(json.loads(body))
                        receiver.arrivals.append(arrived)
                        receiver.headers.append(dict(self.headers))
                        receiver._cond.notify_all()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    def wait_for(self, predicate, timeout: float = 5.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.bodies), timeout)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class HistoryApi:
    """A fake TorchOomApi for the leak finder (CUDA history cannot be recorded on a CPU): CUDA is
    up and allocation history is a flag; a test's subclass says what `snapshot` holds."""

    def __init__(self) -> None:
        self.history = False

    def is_initialized(self) -> bool:
        return True

    def history_enabled(self) -> bool:
        return self.history

    def record_history_state(self, max_entries: int) -> None:
        self.history = True

    def stop_history(self) -> None:
        self.history = False

    def snapshot(self) -> dict[str, Any]:
        return {"segments": []}


class FakeMpsNode:
    """An MPS node's control side for the CPU tests (tests/unit/sources/test_mps.py, preflight's):
    a short directory (UNIX socket paths are at most 108 bytes) with a FAKE
    `nvidia-cuda-mps-control` in bin/ (a shell script answering from a table, recording each
    call: a control daemon that answers is a fault this machine cannot cause), the pipe
    directory with a real `control` socket, and real processes named as NVIDIA's control daemon
    and server (`/bin/sh` and `sleep` behind links of those names: the kernel takes `comm` from
    the name executed)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bin = root / "bin"
        self.bin.mkdir()
        self.pipe = root / "pipe"
        self.pipe.mkdir(mode=0o755)
        os.chmod(self.pipe, 0o755)
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(self.pipe / "control"))  # the socket file stays after close
        sock.close()
        self.calls = root / "calls"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.answers({})

    def answers(self, table: dict[str, str]) -> None:
        """The FAKE CLI: `table` maps a command to its answer; SLEEP never answers, FLOOD answers
        without end, SLOW answers 8G after 0.4 s, FAIL exits 1 as the real one does where no daemon
        listens."""
        cases = []
        for cmd, answer in table.items():
            if answer == "SLEEP":
                body = "exec /bin/sleep 30"
            elif answer == "FLOOD":
                body = "exec /usr/bin/yes 8G"
            elif answer == "SLOW":  # in time, late: a limit after 0.4 s
                body = "/bin/sleep 0.4; printf '8G\\n'"
            elif answer == "FAIL":
                body = "echo 'Cannot find MPS control daemon process'; exit 1"
            else:
                body = f"printf '%s\\n' '{answer}'"
            cases.append(f"  '{cmd}') {body} ;;")
        script = self.bin / "nvidia-cuda-mps-control"
        script.write_text(
            "#!/bin/sh\n# FAKE nvidia-cuda-mps-control (tests/unit/sources/test_mps.py)\n"
            "read -r cmd\n"
            "printf '%s|%s|%s\\n' \"$cmd\" \"$CUDA_MPS_PIPE_DIRECTORY\" \"${GPUMEMD_TEST_LEAK-unset}\""
            f" >> '{self.calls}'\n"
            "case \"$cmd\" in\n" + "\n".join(cases) + "\n  *) echo 'unknown command'; exit 1 ;;\nesac\n")
        script.chmod(0o755)

    def serve(self, server: int, limit: str, threads: str) -> None:
        """The answers about a running server's device 0."""
        self.answers({f"get_device_pinned_mem_limit {server} 0": limit,
                      f"get_active_thread_percentage {server}": threads})

    def asked(self) -> list[str]:
        return self.calls.read_text().splitlines() if self.calls.exists() else []

    def daemon(self, pipe: Path | None, visible: str | None = None) -> int:
        """A stand-in control daemon (comm "nvidia-cuda-mps") with a stand-in server as its child:
        the server's pid once both environments are readable."""
        sh = self.root / "nvidia-cuda-mps-control"
        if not sh.exists():
            sh.symlink_to("/bin/sh")
            (self.root / "nvidia-cuda-mps-server").symlink_to(shutil.which("sleep") or "/bin/sleep")
        env = {"PATH": "/usr/bin:/bin", "SECRET": "hunter2"}
        if pipe is not None:
            env["CUDA_MPS_PIPE_DIRECTORY"] = str(pipe)
        if visible is not None:
            env["CUDA_VISIBLE_DEVICES"] = visible
        proc = subprocess.Popen([str(sh), "-c", f"'{self.root}/nvidia-cuda-mps-server' 60 & wait"], env=env)
        self.procs.append(proc)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the kernel starting two processes: no clock to inject
            kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
            if kids and Path(f"/proc/{kids[0]}/comm").read_bytes().strip() == b"nvidia-cuda-mps" \
                    and Path(f"/proc/{kids[0]}/environ").read_bytes():
                return int(kids[0])
            time.sleep(0.01)
        raise AssertionError("the stand-in MPS server did not start")

    def stop(self) -> None:
        for proc in self.procs:
            for kid in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split() \
                    if proc.poll() is None else ():
                try:
                    os.kill(int(kid), 9)
                except ProcessLookupError:
                    pass
            proc.kill()
            proc.wait(10)


@contextmanager
def fake_mps_node() -> Iterator[FakeMpsNode]:
    """A FakeMpsNode in a fresh directory under /tmp; its processes stopped, the directory gone."""
    root = Path(tempfile.mkdtemp(prefix="mps-", dir="/tmp"))
    os.chmod(root, 0o755)  # mkdtemp's 0700 is fine for root's tests; others must search it too
    node = FakeMpsNode(root)
    try:
        yield node
    finally:
        node.stop()
        shutil.rmtree(root, ignore_errors=True)
