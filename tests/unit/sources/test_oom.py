"""OOM evidence with a fake torch: de-duplicated counts, bounded snapshots, history arming."""

from __future__ import annotations

import pickle
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gpumemd.sources.oom import OomWatcher
from tests.fakes import FakeTorch


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def oom(fake: FakeTorch, device: int = 0, times: int = 1) -> None:
    fake.num += 1
    for _ in range(times):  # the observer may fire more than once for one OOM
        fake.observer(device, 1 << 40, 150 << 30, 149 << 30)  # type: ignore[misc]


def families(w: OomWatcher) -> dict[str, list]:
    return {f.name: [(s.name, s.labels, s.value) for s in f.samples] for f in w.families(w.read({}))}


def test_observer_is_attached_only_once_cuda_is_initialised() -> None:
    fake = FakeTorch()
    fake.initialized = False
    w = OomWatcher(fake)
    w.read({})
    assert fake.observer is None
    fake.initialized = True
    w.read({})
    assert fake.observer is not None
    assert families(w)["gpumemd_oom_observer_installed"][0][2] == 1


def test_one_oom_firing_twice_counts_once_and_writes_one_snapshot(tmp_path: Path) -> None:
    fake, clock = FakeTorch(), Clock()
    published = []
    w = OomWatcher(fake, snapshot_dir=str(tmp_path), labels={"rank": "1"}, clock=clock,
                   on_event=lambda: published.append(1))
    w.install()
    oom(fake, times=2)
    fams = families(w)
    once = ("gpumemd_oom_events_total", {"gpu": "0", "cause": "undiagnosed", "rank": "1"}, 1)
    assert fams["gpumemd_oom_events"] == [once]
    (path,) = tmp_path.glob("*.pickle")
    assert pickle.loads(path.read_bytes())["segments"] == []
    assert path.name.startswith("gpumemd-r1-") and path.name.endswith("-oom.pickle")
    info = fams["gpumemd_agent_last_snapshot_info"][0][1]
    assert info == {"path": str(path), "reason": "oom", "rank": "1"}
    assert fams["gpumemd_agent_last_snapshot_timestamp_seconds"][0][2] == clock.t
    assert published == [1]
    clock.t += 100
    oom(fake, device=1)
    assert families(w)["gpumemd_oom_events"][1][1]["gpu"] == "1"


def test_each_oom_is_counted_once_under_its_diagnosed_cause_or_undiagnosed() -> None:
    """One counter, `cause` a label: a diagnosis files the OOM under its cause, a failed one
    under `undiagnosed`; nothing else counts it (no second family for the diagnoses)."""
    from gpumemd.diagnosis.oom import diagnose as run_diagnosis
    from tests.unit.diagnosis.oomscenes import scenes

    fake, clock = FakeTorch(), Clock()
    answers: list[Any] = [run_diagnosis(scenes()["capacity"]), None, run_diagnosis(scenes()["capacity"])]
    w = OomWatcher(fake, clock=clock, diagnose=lambda *a: answers.pop(0), say=lambda line: None)
    w.install()
    for _ in range(3):
        oom(fake, times=2)
        clock.t += 100
    counted = [(s[1]["cause"], s[2]) for s in families(w)["gpumemd_oom_events"]]
    assert counted == [("capacity", 2), ("undiagnosed", 1)]
    assert not any("diagnoses" in name for name in families(w))
    assert families(w)["gpumemd_oom_last_diagnosis_info"][0][1]["cause"] == "capacity"


def test_every_cause_starts_at_zero_on_each_allocator_device_so_a_first_oom_is_an_increase() -> None:
    from gpumemd.diagnosis.oom import CAUSES

    fake = FakeTorch()
    w = OomWatcher(fake)
    w.install()
    assert families(w)["gpumemd_oom_events"] == []  # no device known yet: nothing to start

    class Reading:
        device = 1

    fams = {f.name: f for f in w.families(w.read({"allocator": (Reading(),)}))}
    counted = {(s.labels["gpu"], s.labels["cause"]): s.value for s in fams["gpumemd_oom_events"].samples}
    assert counted == {("1", c): 0 for c in (*CAUSES, "undiagnosed")}
    oom(fake, device=1)
    counted = {(s[1]["gpu"], s[1]["cause"]): s[2] for s in families(w)["gpumemd_oom_events"]}  # device kept
    assert counted[("1", "undiagnosed")] == 1 and sum(counted.values()) == 1
    assert len(counted) == len(CAUSES) + 1


def test_without_stats_repeats_within_a_second_are_one_event() -> None:
    fake, clock = FakeTorch(), Clock()
    fake.stats_ok = False
    w = OomWatcher(fake, clock=clock)
    w.install()
    oom(fake, times=3)
    clock.t += 5
    oom(fake)
    assert families(w)["gpumemd_oom_events"][0][2] == 2


def test_snapshots_are_bounded_in_number_size_and_rate(tmp_path: Path) -> None:
    fake, clock = FakeTorch(), Clock()
    w = OomWatcher(fake, snapshot_dir=str(tmp_path), max_snapshots=2, max_snapshot_bytes=10_000,
                   min_dump_interval=30, clock=clock)
    paths = []
    for i in range(4):
        clock.t += 31 if i else 0
        paths.append(w.dump_snapshot("manual"))
    assert all(paths)
    assert sorted(p.name for p in tmp_path.glob("*.pickle")) == sorted(Path(p).name for p in paths[-2:])
    assert w.dump_snapshot("too-soon") is None  # within min_dump_interval of the last one
    clock.t += 31
    fake.snapshot_bytes = 50_000
    assert w.dump_snapshot("big") is None
    assert not list(tmp_path.glob("*big*")) and not list(tmp_path.glob(".*tmp"))
    results = {s[1]["result"]: s[2] for s in families(w)["gpumemd_agent_snapshots"]}
    assert results == {"written": 4, "skipped": 1, "too_large": 1}


def test_dump_failure_is_counted_never_raised(tmp_path: Path) -> None:
    fake = FakeTorch()

    def boom(path: str) -> None:
        raise RuntimeError("CUDA error")

    fake.dump_snapshot = boom  # type: ignore[method-assign]
    w = OomWatcher(fake, snapshot_dir=str(tmp_path))
    w.install()
    oom(fake)  # the observer path swallows it
    assert w.dump_snapshot("x") is None
    assert {s[1]["result"]: s[2] for s in families(w)["gpumemd_agent_snapshots"]} == {"failed": 2}


class Loud:
    """A caller's object as a reason: any formatting of it is user code running."""

    def __str__(self) -> str:
        raise AssertionError("the caller's __str__ ran")

    __repr__ = __format__ = __str__  # type: ignore[assignment]


def test_a_callers_reason_reaches_the_label_as_the_file_names_it(tmp_path: Path) -> None:
    """`dump_snapshot(reason)` is public: the `reason` label is the file name's part (at most 40
    characters of [A-Za-z0-9_.-]), never the caller's text whole (a 100,000-character label)."""
    fake = FakeTorch()
    w = OomWatcher(fake, snapshot_dir=str(tmp_path), labels={"rank": "1"})
    w.install()
    path = w.dump_snapshot("before eval\n" + "x" * 100_000)
    assert path is not None
    reason = families(w)["gpumemd_agent_last_snapshot_info"][0][1]["reason"]
    assert re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", reason) and reason.startswith("before-eval-x")
    assert Path(path).name.endswith(f"-{reason}.pickle")


def test_a_reason_that_is_not_a_str_is_refused_before_anything_and_never_formatted(tmp_path: Path) -> None:
    fake = FakeTorch()
    w = OomWatcher(fake, snapshot_dir=str(tmp_path))
    w.install()
    for bad in (Loud(), 3, b"manual", None):
        with pytest.raises(TypeError, match="reason must be a str"):
            w.dump_snapshot(bad)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())
    assert "gpumemd_agent_snapshots" not in {f for f, samples in families(w).items() if samples}


def test_no_snapshot_dir_no_file_and_stopped_watcher_ignores_ooms(tmp_path: Path) -> None:
    fake = FakeTorch()
    w = OomWatcher(fake)
    w.install()
    assert w.dump_snapshot() is None
    w.active = False
    oom(fake)
    assert families(w)["gpumemd_oom_events"] == []


def test_memory_history_modes() -> None:
    off, armed, on = FakeTorch(), FakeTorch(), FakeTorch()
    assert OomWatcher(off, history="off").arm_memory_history() is False and off.history == []
    w = OomWatcher(armed, history="armed", history_max_entries=500)
    w.read({})
    assert armed.history == []
    assert w.arm_memory_history() is True and armed.history == [(500, "python")]
    assert families(w)["gpumemd_agent_memory_history_recording"][0][2] == 1
    w.disarm_memory_history()
    assert armed.history == []
    on.initialized = False
    w_on = OomWatcher(on, history="on")
    w_on.read({})
    assert on.history == []  # waits for the program to initialise CUDA
    on.initialized = True
    w_on.read({})
    assert on.history == [(20000, "python")]


# --- backend:cudaMallocAsync: the observer refused, the excepthooks chained ---

ASYNC_MESSAGE = (
    "Allocation on device 0 would exceed allowed memory. (out of memory)\n"
    "Currently allocated     : 30.00 GiB\nRequested               : 47.51 GiB\n"
    "Device limit            : 79.18 GiB\nFree (according to CUDA): 39.07 GiB\n"
    "PyTorch limit (set by user-supplied memory fraction)\n                        : {limit}"
)


class AsyncTorch(FakeTorch):
    """A fake for a fault a CPU cannot cause: cudaMallocAsync's TORCH_CHECK on
    attachOutOfMemoryObserver, and its num_ooms that never moves."""

    def attach_oom_observer(self, fn: object) -> bool:
        raise RuntimeError("cudaMallocAsync does not yet support attachOutOfMemoryObserver.")

    def num_ooms(self, device: int) -> int | None:
        return 0

    def oom_error_type(self) -> type[BaseException] | None:
        import torch

        return torch.OutOfMemoryError


def async_oom(limit: str = "17179869184.00 GiB") -> BaseException:
    import torch

    return torch.OutOfMemoryError(ASYNC_MESSAGE.format(limit=limit))


def test_the_async_message_gives_device_request_limit_and_free_as_it_rounds_them() -> None:
    from gpumemd.sources.oom import oom_from_message

    gib = 1 << 30
    no_fraction = ASYNC_MESSAGE.format(limit="17179869184.00 GiB")
    device, req, cap, free = oom_from_message(no_fraction) or (0, 0, 0, 0)
    assert device == 0 and abs(req - 47.515 * gib) < 1  # the request's upper bound
    assert abs(free - 39.07 * gib) < 1
    assert cap == round(79.185 * gib)  # no fraction: the total's upper bound, never a phantom limit
    assert oom_from_message(ASYNC_MESSAGE.format(limit="23.75 GiB"))[2] == round(23.75 * gib)  # type: ignore[index]
    native = ("CUDA out of memory. Tried to allocate 20.00 MiB. GPU 1 has a total capacity of 79.18 GiB "
              "of which 2.19 MiB is free.")
    mib = 1 << 20
    assert oom_from_message(native) == (1, round(20.005 * mib), round(79.185 * gib), round(2.19 * mib))
    assert oom_from_message("CUDA error: an illegal memory access") is None
    assert oom_from_message("Requested : 1.00 GiB" * 10_000) is None  # bounded, linear


def test_under_cudamallocasync_an_uncaught_oom_is_diagnosed_late_and_the_users_hook_still_runs(
    tmp_path: Path, monkeypatch: Any
) -> None:
    import json
    import sys
    import threading

    from gpumemd.diagnosis.oom import diagnose as run_diagnosis
    from tests.unit.diagnosis.oomscenes import scenes

    seen: list[tuple[int, int, int, int]] = []
    calls: list[Any] = []

    def users_hook(*args: Any) -> None:
        calls.append(args)

    monkeypatch.setattr(sys, "excepthook", users_hook)
    monkeypatch.setattr(threading, "excepthook", lambda args: calls.append(args.exc_value))

    def diagnose(*args: int) -> Any:
        seen.append(args)
        return run_diagnosis(scenes()["capacity"])

    w = OomWatcher(AsyncTorch(), snapshot_dir=str(tmp_path), diagnose=diagnose, say=lambda line: None)
    assert w.install() is False
    assert sys.excepthook is not users_hook  # chained
    exc = async_oom()
    sys.excepthook(type(exc), exc, None)
    assert calls == [(type(exc), exc, None)]  # the user's hook, with the same arguments
    assert seen and seen[0][0] == 0 and seen[0][1] == round(47.515 * (1 << 30))  # its upper bound
    (path,) = tmp_path.glob("*.diagnosis.json")
    doc = json.loads(path.read_text())
    assert doc["seen"] == "excepthook" and any("excepthook" in m for m in doc["missing"])
    fams = families(w)
    assert fams["gpumemd_oom_events"][0][2] == 1 and fams["gpumemd_oom_observer_installed"][0][2] == 0
    # a thread's uncaught OOM: counted too, the previous threading hook called
    t = threading.Thread(target=lambda: (_ for _ in ()).throw(async_oom()))
    t.start()
    t.join()
    assert families(w)["gpumemd_oom_events"][0][2] == 2 and isinstance(calls[-1], type(exc))
    # anything else passes straight through, and a hook that fails inside never stops the user's
    other = ValueError("not an OOM")
    sys.excepthook(ValueError, other, None)
    assert calls[-1] == (ValueError, other, None) and len(seen) == 2
    w._diagnose = lambda *a: 1 / 0  # type: ignore[assignment,misc]
    sys.excepthook(type(exc), exc, None)
    assert calls[-1] == (type(exc), exc, None)
    # removed: the user's hooks are back; a stopped watcher's hook passes through
    w.remove_excepthooks()
    assert sys.excepthook is users_hook


def test_a_hook_chained_after_ours_stays_and_ours_passes_through_once_stopped(monkeypatch: Any) -> None:
    import sys

    calls: list[Any] = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: calls.append("user"))
    w = OomWatcher(AsyncTorch(), diagnose=lambda *a: calls.append("diagnosed"), say=lambda line: None)
    w.install()
    ours = sys.excepthook

    def later(*args: Any) -> None:
        calls.append("later")
        ours(*args)

    sys.excepthook = later
    w.active = False
    w.remove_excepthooks()
    assert sys.excepthook is later  # not ours to take out
    exc = async_oom()
    sys.excepthook(type(exc), exc, None)
    assert calls == ["later", "user"]  # stopped: no diagnosis, the chain intact


def test_a_subclass_of_torchs_oom_is_never_read(monkeypatch: Any) -> None:
    """Its __str__ or args could be the program's code: only torch's own class is read."""
    import sys

    import torch

    class Mine(torch.OutOfMemoryError):
        pass

    monkeypatch.setattr(sys, "excepthook", lambda *a: None)
    seen: list[Any] = []
    w = OomWatcher(AsyncTorch(), diagnose=lambda *a: seen.append(a), say=lambda line: None)
    w.install()
    exc = Mine(ASYNC_MESSAGE.format(limit="1.00 GiB"))
    sys.excepthook(Mine, exc, None)
    assert seen == [] and "gpumemd_oom_events" not in {k for k, v in families(w).items() if v}
    w.remove_excepthooks()


HAS_MONITORING = sys.version_info >= (3, 12)


def test_under_cudamallocasync_an_oom_the_program_catches_is_diagnosed_at_the_raise_once(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Python 3.12 and later: the refused observer (the named fake, AsyncTorch) turns on
    sys.monitoring's RAISE event; a real torch.OutOfMemoryError raised and caught by the
    program's code (torch raises it at a CUDA OOM, which a CPU cannot cause) is diagnosed at
    the raise, once, though it unwinds through two frames and later reaches the excepthook."""
    if not HAS_MONITORING:
        pytest.skip("sys.monitoring is Python 3.12's; 3.11 has none (its path: the next test)")
    import json

    from gpumemd.diagnosis.oom import diagnose as run_diagnosis
    from tests.unit.diagnosis.oomscenes import scenes

    monkeypatch.setattr(sys, "excepthook", lambda *a: None)
    seen: list[tuple[int, ...]] = []

    def diagnose(*args: int) -> Any:
        seen.append(args)
        return run_diagnosis(scenes()["capacity"])

    w = OomWatcher(AsyncTorch(), snapshot_dir=str(tmp_path), diagnose=diagnose, say=lambda line: None)
    try:
        assert w.install() is False and w._raise_watch is not None
        tool = w._raise_watch.tool_id
        assert sys.monitoring.get_tool(tool) == "gpumemd"

        def allocate() -> None:
            raise async_oom()

        def one_step() -> None:
            allocate()

        caught = None
        try:
            one_step()
        except Exception as exc:  # the program's retry loop
            caught = exc
        assert caught is not None and len(seen) == 1 and seen[0][1] == round(47.51 * (1 << 30))
        (path,) = tmp_path.glob("*.diagnosis.json")
        doc = json.loads(path.read_text())
        assert doc["seen"] == "raise" and any("sys.monitoring" in m for m in doc["missing"])
        assert not any("not seen" in m for m in doc["missing"])
        sys.excepthook(type(caught), caught, None)  # the same exception, uncaught after all
        try:
            raise caught  # raised again: the same object
        except Exception:
            pass
        assert len(seen) == 1 and families(w)["gpumemd_oom_events"][0][2] == 1
        try:
            {}["a KeyError"]
        except KeyError:
            pass
        for _ in range(2):  # two OOMs, two diagnoses
            try:
                one_step()
            except Exception:
                pass
        assert len(seen) == 3
    finally:
        w.remove_excepthooks()
    assert sys.monitoring.get_tool(tool) is None  # released with the hooks (the agent's stop)
    try:
        one_step()
    except Exception:
        pass
    assert len(seen) == 3


def test_where_sys_monitoring_cannot_watch_a_caught_oom_is_said_not_seen(
    tmp_path: Path, monkeypatch: Any, caplog: Any
) -> None:
    """Python 3.11 has no sys.monitoring; on 3.12 the tool ids are taken here: once in the log,
    and in each diagnosis the excepthook makes."""
    import json
    import logging

    from gpumemd.backends.raise_watch import TOOL_IDS
    from gpumemd.diagnosis.oom import diagnose as run_diagnosis
    from tests.unit.diagnosis.oomscenes import scenes

    taken = [t for t in TOOL_IDS if sys.monitoring.get_tool(t) is None] if HAS_MONITORING else []
    for t in taken:
        sys.monitoring.use_tool_id(t, "the test's")
    monkeypatch.setattr(sys, "excepthook", lambda *a: None)
    w = OomWatcher(AsyncTorch(), snapshot_dir=str(tmp_path),
                   diagnose=lambda *a: run_diagnosis(scenes()["capacity"]), say=lambda line: None)
    try:
        with caplog.at_level(logging.WARNING, logger="gpumemd.oom"):
            w.install()
            w.install()
        said = [r.getMessage() for r in caplog.records if "not seen" in r.getMessage()]
        assert len(said) == 1
        assert ("has no sys.monitoring" if not HAS_MONITORING else "taken") in said[0]
        exc = async_oom()
        sys.excepthook(type(exc), exc, None)
        (path,) = tmp_path.glob("*.diagnosis.json")
        doc = json.loads(path.read_text())
        assert doc["seen"] == "excepthook"
        assert any(m.startswith("an OOM the program catches: not seen") for m in doc["missing"])
    finally:
        w.remove_excepthooks()
        for t in taken:
            sys.monitoring.free_tool_id(t)


def test_a_real_uncaught_oom_at_the_top_of_a_process_is_diagnosed_and_its_traceback_still_prints(
    tmp_path: Path
) -> None:
    """The chained hook in a real interpreter's exit path (the OOM raised by the program's top
    level, as torch raises it under cudaMallocAsync; the refused observer is the named fake)."""
    import json
    import os
    import subprocess
    import sys
    import textwrap

    from tests.helpers import ROOT

    script = textwrap.dedent(f"""
        import torch
        from gpumemd.diagnosis.oom import diagnose
        from gpumemd.sources.oom import OomWatcher
        from tests.unit.diagnosis.oomscenes import scenes
        from tests.unit.sources.test_oom import ASYNC_MESSAGE, AsyncTorch
        w = OomWatcher(AsyncTorch(), snapshot_dir={str(tmp_path)!r},
                       diagnose=lambda *a: diagnose(scenes()["capacity"]), say=print)
        w.install()
        raise torch.OutOfMemoryError(ASYNC_MESSAGE.format(limit="1.00 GiB"))
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 1
    assert "Traceback" in proc.stderr and "torch.OutOfMemoryError: Allocation on device 0" in proc.stderr
    assert "OOM on GPU 0: capacity" in proc.stdout
    (path,) = tmp_path.glob("*.diagnosis.json")  # once: on 3.12 at the raise, the hook then passes
    assert json.loads(path.read_text())["seen"] == ("raise" if HAS_MONITORING else "excepthook")


def test_the_shipped_oom_alert_fires_on_the_first_oom_of_each_cause_from_the_watchers_families() -> None:
    """The counter the alert reads exists at 0 before the OOM: the first OOM (diagnosed or not)
    is an increase, as the allocator's num_ooms was for the rule that read it before."""
    from gpumemd.alerts.rules import default_rule_mappings
    from gpumemd.diagnosis.oom import diagnose as run_diagnosis
    from tests.fakes import make_engine, step
    from tests.unit.diagnosis.oomscenes import scenes

    class Reading:
        device = 0

    fake, clock = FakeTorch(), Clock()
    answers: list[Any] = [None, run_diagnosis(scenes()["capacity"])]
    w = OomWatcher(fake, clock=clock, labels={"rank": "2"}, diagnose=lambda *a: answers.pop(0),
                   say=lambda line: None)
    w.install()
    engine = make_engine([r for r in default_rule_mappings() if r["alert"] == "PytorchOutOfMemory"])

    def sample(t: float) -> list[Any]:
        return step(engine, list(w.families(w.read({"allocator": (Reading(),)}))), t)

    assert sample(0) == []
    oom(fake)
    (first,) = sample(10)
    assert first.labels["cause"] == "undiagnosed" and first.labels["rank"] == "2"
    clock.t += 100
    oom(fake)
    (second,) = sample(20)
    assert second.labels["cause"] == "capacity" and second.annotations["cause"] == "capacity"
