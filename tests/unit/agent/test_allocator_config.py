"""The allocator's configuration as a series, cudaMallocAsync, pinned host memory and the
training step, on CPU at the TorchCudaApi seam.

`FakeTorchCudaApi` stands in for states CPU torch cannot produce (cudaMallocAsync, a fraction,
pinned memory); its device stats are the real H200 recordings (tests/fixtures/torch).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gpumemd
from gpumemd.agent.agent import Agent
from gpumemd.agent.identity import Identity
from gpumemd.sources import alloc_conf
from gpumemd.sources.alloc_conf import AllocatorSettings, parse
from gpumemd.sources.allocator import AllocatorSource
from gpumemd.sources.process import ProcessSource, pinned_bytes
from gpumemd.spool.format import parse as parse_spool
from tests.fakes import READINGS, UUID

MiB = 1 << 20
TOTAL = int(READINGS["properties"]["total_memory"])


def native_stats(state: str = "after_256MiB_and_4000B") -> dict[str, Any]:
    return json.loads(json.dumps(READINGS[state]["raw_memoryStats"]))


def async_stats(used: int, reserved: int, used_peak: int | None = None,
                reserved_peak: int | None = None) -> dict[str, Any]:
    """What torch's cudaMallocAsync backend answers (CUDAMallocAsyncAllocator::getDeviceStats):
    the driver pool's used/reserved and their high-water marks (default: the current figures)
    in allocated/active/reserved bytes; every other statistic zero, the cumulative ones too."""
    stats = native_stats()

    def zero(node: Any) -> Any:
        return {k: zero(v) for k, v in node.items()} if isinstance(node, dict) else 0

    stats = zero(stats)
    for key, value, peak in (("allocated_bytes", used, used_peak), ("active_bytes", used, used_peak),
                             ("reserved_bytes", reserved, reserved_peak)):
        stats[key]["all"]["current"] = value
        stats[key]["all"]["peak"] = value if peak is None else peak
    return stats


class FakeTorchCudaApi:
    """A fake TorchCudaApi for what CPU torch cannot be: a backend, a fraction, pinned memory."""

    def __init__(self, *, backend: str | None = "native", stats: dict[str, Any] | None = None,
                 fraction: float | None = None, device_used: int | None = None,
                 host: dict[str, Any] | None = None) -> None:
        self.backend, self.stats, self.fraction = backend, stats or native_stats(), fraction
        self.device_used, self.host = device_used, host or {}
        self.calls: list[str] = []

    def is_initialized(self) -> bool:
        return True

    def device_count(self) -> int:
        return 1

    def memory_stats(self, device: int) -> dict[str, Any]:
        self.calls.append("memory_stats")
        return self.stats

    def device_uuid(self, device: int) -> str:
        return UUID

    def memory_fraction(self, device: int) -> float | None:
        self.calls.append("memory_fraction")
        return self.fraction

    def total_memory(self, device: int) -> int:
        return TOTAL

    def mem_get_info(self, device: int) -> tuple[int, int]:
        return (TOTAL // 2, TOTAL)

    def allocator_backend(self) -> str | None:
        self.calls.append("allocator_backend")
        if self.backend == "raise":
            raise RuntimeError("not in this torch")
        return self.backend

    def device_memory_used(self, device: int) -> int | None:
        self.calls.append("device_memory_used")
        return self.device_used

    def host_memory_stats(self) -> dict[str, Any]:
        self.calls.append("host_memory_stats")
        if self.host == {"raise": True}:
            raise AttributeError("_cuda_hostMemoryStats")
        return self.host

    def pool_segments(self) -> list[dict[str, Any]] | None:
        return None  # not what these tests read


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def rendered(source: Any, reading: Any) -> dict[str, list[tuple[dict[str, str], float]]]:
    return {f.name: [(s.labels, s.value) for s in f.samples] for f in source.families(reading)}


# --- the parser ---


@pytest.mark.parametrize(
    "text,expected",
    [
        ("", AllocatorSettings()),
        ("expandable_segments:True", AllocatorSettings(expandable_segments="true")),
        (
            "expandable_segments:False,garbage_collection_threshold:0.8",
            AllocatorSettings(garbage_collection_threshold="0.8"),
        ),
        ("backend:cudaMallocAsync", AllocatorSettings(backend="cudaMallocAsync")),
        ("max_split_size_mb:128", AllocatorSettings(max_split_size=str(128 * MiB))),
        (
            " max_split_size_mb : 512 , roundup_power2_divisions:[256:1,512:2,>:4], expandable_segments:true",
            AllocatorSettings(expandable_segments="true", max_split_size=str(512 * MiB)),
        ),
        ("per_process_memory_fraction:0.5", AllocatorSettings(memory_fraction="0.5")),
        (
            "garbage_collection_threshold:1.5,max_split_size_mb:-3,backend:mystery,expandable_segments:maybe",
            AllocatorSettings(
                backend="invalid",
                expandable_segments="invalid",
                garbage_collection_threshold="invalid",
                max_split_size="invalid",
            ),
        ),
        ("expandable_segments:True,expandable_segments:False", AllocatorSettings()),  # the last wins
        ("pinned_use_cuda_host_register:True,unknown_key:" + "x" * 500, AllocatorSettings()),  # not echoed
    ],
)
def test_the_configuration_string_parses_to_bounded_labels(text: str, expected: AllocatorSettings) -> None:
    assert parse(text) == expected


def test_the_new_variable_wins_over_the_deprecated_one() -> None:
    env = {
        "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
        "PYTORCH_ALLOC_CONF": "max_split_size_mb:64",
    }
    assert alloc_conf.from_env(env) == AllocatorSettings(max_split_size=str(64 * MiB))
    assert (
        alloc_conf.from_env({"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}).expandable_segments
        == "true"
    )


_SHAPES = {"", "true", "false", "invalid", "unlimited", "native", "cudaMallocAsync"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=300)
    | st.lists(
        st.sampled_from(
            [
                "expandable_segments",
                "backend",
                "garbage_collection_threshold",
                "max_split_size_mb",
                "per_process_memory_fraction",
                ":",
                ",",
                "[",
                "]",
                "True",
                "0.8",
                "1e308",
                "nan",
                "-1",
                "99999999999999",
                "cudaMallocAsync",
                " ",
            ]
        ),
        max_size=30,
    ).map("".join)
)
def test_any_string_parses_without_raising_to_short_known_shapes(text: str) -> None:
    out = parse(text)
    for value in out:
        assert value in _SHAPES or (
            len(value) <= 16 and value.replace(".", "").replace("e-", "").isdigit()
        ), out


def test_labels_from_torch_answers_are_bounded() -> None:
    assert alloc_conf.backend_label("cudaMallocAsync") == "cudaMallocAsync"
    assert alloc_conf.backend_label("some_future_backend") == "some_future_backend"
    assert alloc_conf.backend_label("x" * 33) == "invalid" and alloc_conf.backend_label('a"b') == "invalid"
    assert alloc_conf.backend_label(None) == "invalid"
    assert [alloc_conf.fraction_label(f) for f in (None, 1.0, 0.5, 1 / 3, float("nan"))] == [
        "",
        "",
        "0.5",
        "0.333333",
        "",
    ]


# --- the allocator source ---


def test_native_allocator_says_so_and_keeps_every_series() -> None:
    api = FakeTorchCudaApi()
    src = AllocatorSource(api, peak_window=30, env={"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"})
    fams = rendered(src, src.read({}))
    ((labels, value),) = fams["gpumemd_allocator_config_info"]
    assert value == 1 and labels["gpu"] == "0" and labels["uuid"] == UUID
    assert {k: labels[k] for k in AllocatorSettings._fields} == {
        "backend": "native",
        "expandable_segments": "true",
        "garbage_collection_threshold": "",
        "max_split_size": "unlimited",
        "memory_fraction": "",
    }
    assert [v for _, v in fams["gpumemd_allocator_stats_valid"]] == [1]
    assert fams["gpumemd_allocator_requested_bytes"] and fams["gpumemd_allocator_interval_peak_bytes"]
    assert fams["gpumemd_allocator_device_used_bytes"] == []  # only where stats are not valid
    assert "device_memory_used" not in api.calls


def test_the_backend_is_read_once_and_torchs_answer_wins_over_the_variable() -> None:
    api = FakeTorchCudaApi(backend="native")
    src = AllocatorSource(api, env={"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"})
    for _ in range(3):
        (r,) = src.read({})
    assert r.settings is not None and r.settings.backend == "native" and r.stats_valid
    assert api.calls.count("allocator_backend") == 1


def test_a_torch_without_the_backend_call_leaves_the_variables_word() -> None:
    src = AllocatorSource(
        FakeTorchCudaApi(backend="raise"), env={"PYTORCH_ALLOC_CONF": "backend:cudaMallocAsync"}
    )
    (r,) = src.read({})  # does not raise
    assert r.settings is not None and r.settings.backend == "cudaMallocAsync" and not r.stats_valid


def test_cuda_malloc_async_is_said_plainly_and_zeros_are_not_exported(
    caplog: pytest.LogCaptureFixture,
) -> None:
    api = FakeTorchCudaApi(
        backend="cudaMallocAsync", stats=async_stats(256 * MiB, 300 * MiB), device_used=900 * MiB
    )
    src = AllocatorSource(api, peak_window=30, env={})
    with caplog.at_level(logging.WARNING, logger="gpumemd.allocator"):
        for _ in range(3):
            reading = src.read({})
            src.tick()
    assert (
        len([r for r in caplog.records if "cudaMallocAsync" in r.getMessage()]) == 1
    )  # one line, not one a sample
    fams = rendered(src, reading)
    assert fams["gpumemd_allocator_stats_valid"][0][1] == 0
    assert fams["gpumemd_allocator_config_info"][0][0]["backend"] == "cudaMallocAsync"
    # the driver pool's figures stay; the counters that read zero there are left out
    assert fams["gpumemd_allocator_allocated_bytes"][0][1] == 256 * MiB
    assert fams["gpumemd_allocator_reserved_bytes"][0][1] == 300 * MiB
    for gone in (
        "requested_bytes",
        "inactive_split_bytes",
        "allocations",
        "segments",
        "inactive_splits",
        "alloc_retries",
        "ooms",
        "device_allocs",
        "device_frees",
        "bytes_allocated",
        "bytes_freed",
        "interval_peak_bytes",
        "interval_peak_exact",
        "window_peak_bytes",
    ):
        assert fams[f"gpumemd_allocator_{gone}"] == [], gone
    assert fams["gpumemd_allocator_device_used_bytes"][0][1] == 900 * MiB
    assert all(value != 0 for name, rows in fams.items() if name.endswith("_bytes") for _, value in rows)


def test_the_fraction_is_re_read_at_the_limits_pace() -> None:
    clock = Clock()
    api = FakeTorchCudaApi(fraction=0.5)
    src = AllocatorSource(api, env={}, monotonic=clock)
    (r,) = src.read({})
    assert r.settings is not None and r.settings.memory_fraction == "0.5" and r.limit_bytes == TOTAL // 2
    api.fraction = 0.25
    clock.now += 0.5
    (r,) = src.read({})
    assert r.settings.memory_fraction == "0.5"  # not yet: once a second
    clock.now += 0.6
    (r,) = src.read({})
    assert r.settings.memory_fraction == "0.25" and r.limit_bytes == TOTAL // 4
    assert api.calls.count("memory_fraction") == 2


# --- pinned host memory ---


def test_pinned_bytes_reads_both_layouts() -> None:
    old = {"allocated_bytes": {"current": 4 * MiB, "peak": 8 * MiB}, "reserved_bytes": {"current": 16 * MiB}}
    new = {
        "allocated_bytes": {"current": 16 * MiB},
        "active_bytes": {"current": 4 * MiB},
        "num_host_alloc": 3,
    }
    assert pinned_bytes(old) == pinned_bytes(new) == (4 * MiB, 16 * MiB)
    assert pinned_bytes({"allocated_bytes": "junk"}) == (None, None)


def _cycle() -> dict[str, Any]:
    return {"allocator": AllocatorSource(FakeTorchCudaApi(), env={}).read({})}


def test_pinned_host_memory_is_exported_with_identity_labels() -> None:
    host = {"allocated_bytes": {"current": 64 * MiB}, "active_bytes": {"current": 16 * MiB}}
    src = ProcessSource(nvml=None, torch_api=FakeTorchCudaApi(host=host), labels={"rank": "3"})
    fams = rendered(src, src.read(_cycle()))
    assert fams["gpumemd_host_pinned_memory_allocated_bytes"] == [({"rank": "3"}, 16 * MiB)]
    assert fams["gpumemd_host_pinned_memory_reserved_bytes"] == [({"rank": "3"}, 64 * MiB)]


def test_pinned_host_memory_is_absent_where_torch_lacks_it_and_not_asked_again() -> None:
    api = FakeTorchCudaApi(host={"raise": True})
    src = ProcessSource(nvml=None, torch_api=api)
    for _ in range(3):
        reading = src.read(_cycle())
    fams = rendered(src, reading)
    assert fams["gpumemd_host_pinned_memory_allocated_bytes"] == []
    assert api.calls.count("host_memory_stats") == 1


def test_pinned_host_memory_follows_the_process_sources_pace_in_the_agent() -> None:
    api = FakeTorchCudaApi(host={"allocated_bytes": {"current": MiB}, "active_bytes": {"current": MiB}})
    a = Agent(
        listen_address=None,
        spool_dir="",
        nvml=False,
        nvml_interval=3600,
        apis={"torch": api, "oom": _NoOom(), "env": {}},
    )
    runtime = a.build()
    for _ in range(4):
        runtime.sampler.sample_once(due_only=True)
    assert api.calls.count("memory_stats") >= 4  # the allocator every sample...
    assert api.calls.count("host_memory_stats") == 1  # ...pinned memory once per nvml_interval


class _NoOom:
    """A fake of torch's OOM hooks (gpumemd/backends/torch_oom.py) with nothing to attach."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)


# --- the training step, and what the daemon accepts ---


def _agent(**kw: Any) -> Agent:
    return Agent(
        listen_address=None,
        spool_dir="",
        nvml=False,
        identity=Identity(pid=450, rank=1, local_rank=1, world_size=2),
        apis={"torch": FakeTorchCudaApi(), "env": {}},
        **kw,
    )


def test_the_training_step_is_a_series_not_a_label() -> None:
    a = _agent()
    runtime = a.build()
    assert _step(runtime.sampler.sample_once()) == []  # nothing before the first step
    a.set_training_step(41)
    a.set_training_step(42)
    assert _step(runtime.sampler.sample_once()) == [({"rank": "1"}, 42)]
    for bad in ("x", -1, None):
        a.set_training_step(bad)  # type: ignore[arg-type]
    assert _step(runtime.sampler.sample_once()) == [({"rank": "1"}, 42)]
    assert a.errors.counts["step"] == 3


def _step(snapshot: Any) -> list[tuple[dict[str, str], float]]:
    fams = {f.name: f for f in snapshot.exposition.families}
    return [(s.labels, s.value) for s in fams["gpumemd_training_global_step"].samples]


def test_gpumemd_set_step_reaches_the_running_agent_and_is_a_no_op_without_one() -> None:
    gpumemd.set_step(5)  # no agent: nothing happens, nothing raises
    a = gpumemd.start(
        listen_address=None,
        spool_dir="",
        nvml=False,
        interval=60,
        identity=Identity(pid=__import__("os").getpid(), rank=0),
    )
    try:
        gpumemd.set_step(7)
        assert a.training.step == 7
        assert gpumemd.start() is a
    finally:
        gpumemd.stop()


def test_memory_figures_for_a_logger() -> None:
    a = _agent()
    a.runtime = a.build()
    assert a.memory_figures() == {}
    a.runtime.sampler.sample_once()
    figures = a.memory_figures()
    assert figures["allocated_bytes"] == READINGS["after_256MiB_and_4000B"]["memory_allocated"]
    assert set(figures) == {"allocated_bytes", "reserved_bytes", "window_peak_bytes"}


def test_the_daemon_accepts_an_agents_spool_file_with_its_info_series(tmp_path: Path) -> None:
    a = Agent(
        listen_address=None,
        spool_dir=str(tmp_path),
        nvml=False,
        identity=Identity(pid=__import__("os").getpid(), rank=0),
        apis={"torch": FakeTorchCudaApi(), "env": {}},
    )
    a.runtime = a.build()
    a._publish(a.runtime.sampler.sample_once())
    (path,) = tmp_path.glob("agent-*.json")
    result = parse_spool(path.read_bytes())
    names = {f[0] for f in getattr(result, "families", ())}
    assert {
        "gpumemd_agent_info",
        "gpumemd_allocator_config_info",
        "gpumemd_allocator_stats_valid",
    } <= names, result
