"""The allocator-backed path, driven by torch.cuda readings recorded on an H200 (a replay)."""

from __future__ import annotations

import copy

import pytest

from gpumemd import GPUMemoryProfiler
from gpumemd.profiler import sections
from gpumemd.profiler.probes import RawReading
from gpumemd.profiler.results import peak_bounds
from tests.fakes import FixedHost, ReplayCuda, raw, shifted

MiB = 1 << 20
BIG = 268435456 + 4096  # the recorded 256 MiB tensor and the 4000-byte one (rounded to 4096)


def profiler(api: ReplayCuda, **kw: object) -> GPUMemoryProfiler:
    kw.setdefault("track_tensors", False)
    return GPUMemoryProfiler("cuda:0", cuda_api=api, host_api=FixedHost(), **kw)  # type: ignore[arg-type]


def test_allocation_is_exact_from_the_recorded_counters() -> None:
    api = ReplayCuda(raw("after_init"))
    p = profiler(api)
    r = p.profile_function(api.set, "after_256MiB_and_4000B")
    assert r.memory_allocated == BIG and r.memory_freed == 0 and r.memory_diff() == BIG
    assert r.peak_exact and r.peak_memory_usage() == BIG == r.peak_lower_bound == r.peak_upper_bound
    assert (r.allocations, r.frees) == (2, 0)
    after = r.memory_after
    assert (after.allocated_memory, after.reserved_memory, after.active_memory) == (BIG, 270532608, BIG)
    # issue 16: inactive_memory is the allocator's inactive-split figure (as the seed's
    # profiler reports it); reserved - active is cached_free_memory.
    assert after.cached_free_memory == 270532608 - BIG and after.inactive_memory == 2093056
    assert after.device_id == 0 and after.operation == "after_set" and r.function_name == "set"
    assert r.qualified_name is not None and r.qualified_name.endswith("ReplayCuda.set")
    assert after.max_memory_allocated == r.memory_peak.max_memory_allocated >= BIG
    assert r.memory_peak.reserved_memory == 270532608  # the reserved peak rose too: exact
    assert r.memory_before.cpu_memory == 1 << 30  # track_cpu_memory: from the host source


def test_free_is_exact_and_the_peak_is_the_level_before() -> None:
    api = ReplayCuda(raw("after_256MiB_and_4000B"))
    r = profiler(api).profile_function(api.set, "after_free_256MiB")
    assert r.memory_freed == 268435456 and r.memory_allocated == 0
    assert r.memory_diff() == -268435456
    assert r.peak_exact and r.peak_memory_usage() == BIG  # nothing allocated: peak = before
    assert (r.allocations, r.frees) == (0, 1)


def test_oom_retry_drops_reserved_not_allocated() -> None:
    api = ReplayCuda(raw("after_free_256MiB"))
    r = profiler(api).profile_function(api.set, "after_oom")
    assert r.memory_before.reserved_memory == 270532608 and r.memory_after.reserved_memory == 2097152
    assert r.memory_diff() == 0 and r.peak_exact and r.peak_memory_usage() == 4096


def test_alloc_and_free_under_the_lifetime_peak_gives_bounds_and_an_upper_estimate() -> None:
    base = raw("after_free_256MiB")  # 4096 allocated, lifetime peak BIG
    api = ReplayCuda(base)
    end = shifted(base, allocated=MiB, freed=MiB, allocs=1, frees=1)
    r = profiler(api).profile_function(api.set, end)
    assert not r.peak_exact
    assert (r.peak_lower_bound, r.peak_upper_bound) == (4096, 4096 + MiB)
    assert r.peak_memory_usage() == 4096 + MiB  # never an under-estimate
    assert (r.memory_allocated, r.memory_freed, r.memory_diff()) == (MiB, MiB, 0)


def test_the_peak_sampler_tightens_the_lower_bound_to_exact() -> None:
    base = raw("after_free_256MiB")
    api = ReplayCuda(base)
    mid = shifted(base, current=MiB, allocated=MiB, allocs=1)
    end = shifted(mid, current=-MiB, freed=MiB, frees=1)

    def work() -> None:
        api.set(mid)
        assert api.wait_reads(2), "the sampler did not read while the call ran"
        api.set(end)

    with profiler(api, peak_sampling_interval=0.001) as p:
        r = p.profile_function(work)
    assert r.peak_exact and r.peak_memory_usage() == 4096 + MiB


def test_before_cuda_is_initialised_nothing_is_read() -> None:
    api = ReplayCuda(raw("after_256MiB_and_4000B"), initialized=False)
    p = profiler(api)
    assert api.reads == 0 and p.baseline.allocated_memory == 0

    def init_and_allocate() -> None:
        api.initialized = True

    r = p.profile_function(init_and_allocate)
    assert r.memory_before.allocated_memory == 0
    assert r.memory_allocated == BIG and r.peak_exact and r.peak_memory_usage() == BIG


def test_a_peak_reset_by_the_program_during_the_call() -> None:
    api = ReplayCuda(raw("after_256MiB_and_4000B"))
    reset = raw("after_free_256MiB")
    reset["allocated_bytes"]["all"]["peak"] = 4096  # what reset_peak_memory_stats leaves
    r = profiler(api).profile_function(api.set, reset)
    assert r.peak_exact and r.peak_memory_usage() == BIG


def test_the_profiler_never_writes_the_readings_nor_resets_anything() -> None:
    # ReplayCuda has no reset method: any attempt would raise AttributeError.
    api = ReplayCuda(raw("after_init"))
    states = [raw(s) for s in ("after_256MiB_and_4000B", "after_free_256MiB")]
    pristine = copy.deepcopy(states)
    p = profiler(api, peak_sampling_interval=0.001)
    for s in states:
        p.profile_function(api.set, s)
    p.clear_results()
    p.get_summary()
    p.close()
    assert states == pristine


@pytest.mark.parametrize("device,index", [("cuda:1", 1), (1, 1), ("cuda", 0), (None, 0), ("CUDA:0", 0)])
def test_device_forms(device: object, index: int) -> None:
    p = GPUMemoryProfiler(device, cuda_api=ReplayCuda(devices=2), host_api=FixedHost())
    assert str(p.device) == f"cuda:{index}" and p.device_id == index
    assert (p.device.type, p.device.index) == ("cuda", index)


def test_torch_device_form() -> None:
    torch = pytest.importorskip("torch")
    p = GPUMemoryProfiler(torch.device("cuda:1"), cuda_api=ReplayCuda(devices=2), host_api=FixedHost())
    assert p.device == torch.device("cuda:1")  # a torch.device once torch is imported (issue 16)
    p = GPUMemoryProfiler(torch.device("cpu"))
    assert p.device == torch.device("cpu") and p.device.index is None


def test_current_device_comes_from_the_api_when_it_knows() -> None:
    api = ReplayCuda(devices=4)
    api.current_device = lambda: 3  # type: ignore[attr-defined]
    assert GPUMemoryProfiler(None, cuda_api=api, host_api=FixedHost()).device.index == 3


def test_bad_index_and_no_cuda_fail_at_construction() -> None:
    with pytest.raises(
        ValueError, match=r"cuda:2 does not exist; 2 CUDA device\(s\) visible: cuda:0..cuda:1"
    ):
        GPUMemoryProfiler("cuda:2", cuda_api=ReplayCuda(devices=2))
    with pytest.raises(RuntimeError, match="no CUDA device is visible.*device='cpu'"):
        GPUMemoryProfiler(0, cuda_api=ReplayCuda(devices=0))


def test_leak_hint_with_growth_per_call() -> None:
    api = ReplayCuda(raw("after_free_256MiB"))
    p = profiler(api)

    def leaky() -> None:  # keeps one more MiB each call
        api.set(shifted(api.stats, current=MiB, allocated=MiB, allocs=1))

    def clean() -> None:  # allocates and frees 2 MiB
        api.set(shifted(api.stats, allocated=2 * MiB, freed=2 * MiB, allocs=1, frees=1))

    for _ in range(5):
        p.profile_function(leaky)
        p.profile_function(clean)
    s = p.get_summary()
    assert s["total_function_calls"] == 10 and s["total_functions_profiled"] == 2
    assert s["net_memory_change"] == 5 * MiB == s["memory_change_from_baseline"]
    assert (s["total_memory_allocated"], s["total_memory_freed"]) == (15 * MiB, 10 * MiB)
    leaky_s = s["function_summaries"]["leaky"]
    assert leaky_s["leak_suspected"] and leaky_s["growth_per_call"] == MiB
    assert not s["function_summaries"]["clean"]["leak_suspected"]
    (hint,) = s["leak_hints"]
    assert (
        hint["growth_per_call"] == MiB and hint["calls_considered"] == 4 and hint["total_growth"] == 4 * MiB
    )
    assert "1.00 MiB per call" in hint["message"]


def test_a_one_off_first_call_growth_is_not_a_leak() -> None:
    api = ReplayCuda(raw("after_free_256MiB"))
    p = profiler(api)
    first = [True]

    def step() -> None:  # lazily creates state on the first call only (optimizer state)
        if first[0]:
            api.set(shifted(api.stats, current=8 * MiB, allocated=8 * MiB, allocs=1))
            first[0] = False

    for _ in range(6):
        p.profile_function(step)
    assert p.get_summary()["leak_hints"] == []


def test_sections_carry_peak_and_net_of_the_last_call() -> None:
    api = ReplayCuda(raw("after_init"))
    p = profiler(api)
    with p.profile_context("forward"):
        api.set("after_256MiB_and_4000B")
    with p.profile_context("backward"):
        api.set("after_free_256MiB")
    fwd = sections.REGISTRY.get("forward", "cuda:0")
    bwd = sections.REGISTRY.get("backward", "cuda:0")
    assert fwd is not None and (fwd.peak_bytes, fwd.net_bytes, fwd.calls) == (BIG, BIG, 1)
    assert bwd is not None and (bwd.peak_bytes, bwd.net_bytes, bwd.calls) == (BIG, -268435456, 1)


def _r(allocated: int, peak: int, total: int | None, freed: int | None) -> RawReading:
    return RawReading(allocated, 0, 0, 0, peak, 0, 0, total, freed, None, None)


@pytest.mark.parametrize(
    "before,after,sampled,expect",
    [
        (_r(10, 100, 0, 0), _r(10, 150, 200, 200), 0, (150, 150, True)),  # new high-water mark
        (_r(10, 100, 0, 0), _r(30, 100, 20, 0), 0, (30, 30, True)),  # nothing freed
        (_r(10, 100, 0, 0), _r(5, 100, 0, 5), 0, (10, 10, True)),  # nothing allocated
        (_r(10, 100, 0, 0), _r(10, 100, 40, 40), 0, (10, 50, False)),  # alloc+free under the peak
        (_r(10, 100, 0, 0), _r(10, 100, 40, 40), 50, (50, 50, True)),  # the sampler saw the top
        (_r(10, 100, 0, 0), _r(10, 100, 500, 500), 0, (10, 100, False)),  # the lifetime peak bounds it
        (_r(10, 100, None, None), _r(20, 100, None, None), 0, (20, 100, False)),  # CPU: no counters
        (_r(10, 100, None, None), _r(20, 120, None, None), 0, (120, 120, True)),  # CPU: high-water mark rose
    ],
)
def test_peak_bounds(
    before: RawReading, after: RawReading, sampled: int, expect: tuple[int, int, bool]
) -> None:
    assert peak_bounds(before, after, sampled) == expect
