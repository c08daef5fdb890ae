"""The allocator source on the real H200 readings (replayed), and the interval peak."""

from __future__ import annotations

import pytest

from gpumemd.backends.replay import torch_replayer
from gpumemd.backends.torch_cuda import TorchCuda
from gpumemd.sources.allocator import AllocatorSource, IntervalPeak
from tests.fakes import READINGS, STATES, TorchSequence, capture, stats

GiB = 1 << 30
MiB = 1 << 20


def read(state: str) -> dict[str, int | None]:
    (r,) = AllocatorSource(torch_replayer(capture(state))).read({})
    return r._asdict()


def test_a_256mib_and_a_4000_byte_tensor_as_the_allocator_counts_them() -> None:
    r = read("after_256MiB_and_4000B")
    # 4000 B rounds up to 512-byte blocks (4096); the small pool reserves a 2 MiB segment.
    assert (
        r["allocated_bytes"] == 256 * 2**20 + 4096 == READINGS["after_256MiB_and_4000B"]["memory_allocated"]
    )
    assert r["requested_bytes"] == 256 * 2**20 + 4000
    assert (
        r["reserved_bytes"]
        == 256 * 2**20 + 2 * 2**20
        == READINGS["after_256MiB_and_4000B"]["memory_reserved"]
    )
    assert r["inactive_split_bytes"] == 2 * 2**20 - 4096
    assert (r["allocations"], r["segments"], r["device_allocs"]) == (2, 2, 2)


def test_after_free_the_memory_stays_reserved_and_the_peak_remembers() -> None:
    r = read("after_free_256MiB")
    assert r["allocated_bytes"] == 4096
    assert r["reserved_bytes"] == 256 * 2**20 + 2 * 2**20
    assert r["allocated_peak_bytes"] == READINGS["after_free_256MiB"]["max_memory_allocated"]


def test_after_an_oom_the_counters_move() -> None:
    r = read("after_oom")
    assert (r["ooms"], r["alloc_retries"], r["device_frees"]) == (1, 1, 1)
    # The retry freed the cached 256 MiB segment before giving up.
    assert r["reserved_bytes"] == READINGS["after_oom"]["memory_reserved"] == 2 * 2**20


def test_cpu_only_torch_is_no_cuda_device_not_a_zero_reading() -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    assert AllocatorSource(TorchCuda()).read({}) == ()  # no series, and not a failing collector


def test_cpu_only_empty_stats_are_not_a_reading() -> None:
    class Empty(TorchSequence):
        def memory_stats(self, device: int) -> dict:
            return {}

    assert AllocatorSource(Empty([])).read({}) == ()


def test_interval_peak_through_the_recorded_states() -> None:
    states = [READINGS[s]["raw_memoryStats"] for s in STATES]
    src = AllocatorSource(TorchSequence(states), peak_window=30.0, monotonic=iter(range(100)).__next__)
    peaks = [src.read({})[0] for _ in STATES]
    assert [p.interval_peak_bytes for p in peaks] == [0, 268439552, 268439552, 4096]
    assert [p.interval_peak_exact for p in peaks] == [True, True, True, True]
    assert [p.window_peak_bytes for p in peaks] == [0, 268439552, 268439552, 268439552]


def test_a_spike_below_the_lifetime_peak_between_two_samples_is_caught() -> None:
    tracker = IntervalPeak(window=10.0)
    from gpumemd.sources.allocator import AllocatorReading

    def reading(s: dict) -> AllocatorReading:
        return AllocatorReading.from_stats(0, "GPU-x", s)

    base = 3 * GiB  # lifetime peak 8 GiB from an earlier phase; the spike (+1 GiB) stays below it
    first = tracker.update(reading(stats(base, 8 * GiB, 20 * GiB, 17 * GiB)), now=-20.0)
    assert first.interval_peak_bytes == 8 * GiB  # the first interval runs from process start
    r = tracker.update(reading(stats(base, 8 * GiB, 21 * GiB, 18 * GiB)), now=0.1)
    assert r.interval_peak_bytes == base + GiB
    assert r.interval_peak_exact is False  # allocations and frees in one interval: an upper bound
    quiet = tracker.update(reading(stats(base, 8 * GiB, 21 * GiB, 18 * GiB)), now=0.2)
    assert (quiet.interval_peak_bytes, quiet.interval_peak_exact) == (base, True)
    assert quiet.window_peak_bytes == base + GiB  # a scrape now still sees the spike
    later = tracker.update(reading(stats(base, 8 * GiB, 21 * GiB, 18 * GiB)), now=10.5)
    assert later.window_peak_bytes == base  # the window moved past it


def test_busy_interval_bound_never_exceeds_the_lifetime_peak() -> None:
    from gpumemd.sources.allocator import AllocatorReading

    tracker = IntervalPeak(window=10.0)
    tracker.update(AllocatorReading.from_stats(0, "u", stats(GiB, 2 * GiB, 0, 0)), now=0)
    r = tracker.update(AllocatorReading.from_stats(0, "u", stats(GiB, 2 * GiB, 50 * GiB, 50 * GiB)), now=1)
    assert r.interval_peak_bytes == 2 * GiB


def test_user_reset_of_accumulated_stats_falls_back_to_the_peak() -> None:
    from gpumemd.sources.allocator import AllocatorReading

    tracker = IntervalPeak(window=10.0)
    tracker.update(AllocatorReading.from_stats(0, "u", stats(GiB, 2 * GiB, 9 * GiB, 8 * GiB)), now=0)
    r = tracker.update(AllocatorReading.from_stats(0, "u", stats(GiB, 2 * GiB, 0, 0)), now=1)
    assert (r.interval_peak_bytes, r.interval_peak_exact) == (2 * GiB, False)


def test_families_carry_rank_labels_and_the_new_series() -> None:
    src = AllocatorSource(torch_replayer(capture("after_oom")), labels={"rank": "3"}, peak_window=5.0)
    fams = {f.name: f for f in src.families(src.read({}))}
    (s,) = fams["gpumemd_allocator_interval_peak_bytes"].samples
    assert s.labels == {"gpu": "0", "uuid": READINGS and s.labels["uuid"], "rank": "3"}
    assert (
        fams["gpumemd_allocator_bytes_allocated"].samples[0].name == "gpumemd_allocator_bytes_allocated_total"
    )
    assert fams["gpumemd_allocator_bytes_freed"].samples[0].value == 268435456


def test_devices_the_rank_never_used_are_left_out() -> None:
    used = READINGS["after_256MiB_and_4000B"]["raw_memoryStats"]
    untouched = READINGS["after_init"]["raw_memoryStats"]

    class TwoGpus(TorchSequence):
        def device_count(self) -> int:
            return 2

        def memory_stats(self, device: int) -> dict:
            return used if device == 1 else untouched

    assert [r.device for r in AllocatorSource(TwoGpus([])).read({})] == [1]

    class NoneUsed(TwoGpus):
        def memory_stats(self, device: int) -> dict:
            return untouched

    assert [r.device for r in AllocatorSource(NoneUsed([])).read({})] == [0, 1]


def test_ticks_between_samples_tighten_the_published_interval_peak() -> None:
    base = 3 * GiB  # lifetime peak 8 GiB from an earlier phase: the spike stays below it
    quiet = stats(base, 8 * GiB, 20 * GiB, 17 * GiB)
    spike = stats(base + GiB, 8 * GiB, 21 * GiB, 17 * GiB)  # a tick while 1 GiB is held
    freed = stats(base, 8 * GiB, 21 * GiB, 18 * GiB)
    src = AllocatorSource(
        TorchSequence([quiet, spike, freed, freed]), peak_window=30.0, monotonic=iter(range(100)).__next__
    )
    src.read({})
    src.tick()
    src.tick()
    (r,) = src.read({})  # one sample later: the ticks' exact peak, not the bound a lone read gives
    assert (r.interval_peak_bytes, r.interval_peak_exact) == (base + GiB, True)
    untick = AllocatorSource(TorchSequence([quiet, freed]), peak_window=30.0)
    untick.read({})
    (bound,) = untick.read({})
    assert (bound.interval_peak_bytes, bound.interval_peak_exact) == (base + GiB, False)
    (after,) = src.read({})  # the next interval starts afresh
    assert (after.interval_peak_bytes, after.interval_peak_exact) == (base, True)


def test_a_bound_above_every_exact_tick_peak_is_what_publishes() -> None:
    tracker = IntervalPeak(window=10.0)
    tracker.observe(0, GiB, 8 * GiB, 10 * GiB, 9 * GiB, 0.0)
    tracker.observe(0, 2 * GiB, 8 * GiB, 11 * GiB, 9 * GiB, 0.1, publish=False)  # exact: 2 GiB
    tracker.observe(0, GiB, 8 * GiB, 14 * GiB, 12 * GiB, 0.2, publish=False)  # churn: a bound of 5 GiB
    assert tracker.observe(0, GiB, 8 * GiB, 14 * GiB, 12 * GiB, 0.3)[:2] == (5 * GiB, False)


def test_a_tick_before_cuda_is_up_reads_nothing() -> None:
    class NotYet(TorchSequence):
        calls = 0

        def is_initialized(self) -> bool:
            return False

        def memory_stats(self, device: int) -> dict:
            NotYet.calls += 1
            return super().memory_stats(device)

    src = AllocatorSource(NotYet([stats(0, 0, 0, 0)]), peak_window=30.0)
    src.tick()  # before any sample
    assert src.read({}) == ()
    src.tick()  # a sample found CUDA not initialised: a tick must not touch it either
    assert NotYet.calls == 0


# --- the step peak: against a simulated allocator --------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gpumemd.sources.steppeak import StepPeak  # noqa: E402


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("alloc"), st.integers(1, 1 << 30)),
            st.tuples(st.just("free"), st.integers(0, 1 << 30)),
            st.tuples(st.just("read"), st.just(0)),
            st.tuples(st.just("step"), st.just(0)),
        ),
        max_size=60,
    )
)
def test_the_step_peak_is_never_below_the_true_peak_and_equals_it_when_exact(ops: list) -> None:
    current = peak = allocated = freed = 0
    tracker = StepPeak()
    tracker.observe((0, 0, 0, 0), (0, 0, 0, 0), 1)  # the first boundary
    true_peak, steps = 0, 0
    for op, n in ops:
        if op == "alloc":
            current += n
            allocated += n
            peak = max(peak, current)
            true_peak = max(true_peak, current)
        elif op == "free":
            n = min(n, current)
            current -= n
            freed += n
        else:
            steps += op == "step"
            counters = (current, peak, allocated, freed)
            r = tracker.observe(counters, counters, steps if op == "step" else 0)
            if op == "step":
                assert r is not None and r.steps == steps
                assert r.allocated_bytes >= true_peak and r.reserved_bytes >= true_peak
                if r.allocated_exact:
                    assert r.allocated_bytes == true_peak
                steps, true_peak = 0, current


def test_a_read_with_a_value_that_is_no_count_is_left_out_and_counted() -> None:
    # torch never answers so (a fake: named so); a bool, NaN or a negative count is no reading
    good = stats(GiB, 2 * GiB, 3 * GiB, 2 * GiB)
    spoiled = stats(GiB, 2 * GiB, 3 * GiB, 2 * GiB)
    spoiled["allocated_bytes"]["all"]["peak"] = float("nan")
    spoiled["num_ooms"] = True
    src = AllocatorSource(TorchSequence([good, spoiled, spoiled, good]), peak_window=30.0,
                          monotonic=iter(range(100)).__next__)
    (first,) = src.read({})
    assert first.allocated_bytes == GiB and src.invalid_answers == {}
    src.tick()  # a tick skips the spoiled read: nothing counted, nothing observed
    assert src.read({}) == ()
    assert src.invalid_answers == {"allocated_peak": 1, "ooms": 1}
    (last,) = src.read({})
    assert last.allocated_peak_bytes == 2 * GiB and last.interval_peak_exact


def test_a_boundary_applies_the_reads_done_before_it_drops_those_taken_during_it_keeps_later_ones() -> None:
    """The sampler's reads are handed to the boundary's thread numbered (StepPeak.split): one
    done before the boundary's read began splits that step; one begun before it ended but not
    done may have taken its counters after it (here: 512 MiB another thread allocated then),
    and is dropped; one begun after it waits for the next step."""
    tracker = StepPeak()
    tracker.split(1, (0, 0, 0, 0), (0, 0, 0, 0))  # before the first boundary: no span to split
    tracker.close((100 * MiB, 100 * MiB, 100 * MiB, 0), (0, 0, 0, 0), 1, done=1, begun=1)  # opens
    zero = (0, 0, 0, 0)
    tracker.split(2, (164 * MiB, 164 * MiB, 164 * MiB, 0), zero)  # done before the boundary's read
    tracker.split(3, (612 * MiB, 676 * MiB, 676 * MiB, 64 * MiB), zero)  # begun during it
    tracker.split(4, (100 * MiB, 676 * MiB, 676 * MiB, 576 * MiB), zero)  # begun after it
    end = (100 * MiB, 164 * MiB, 164 * MiB, 64 * MiB)
    r = tracker.close(end, zero, 1, done=2, begun=3)
    assert r is not None
    assert (r.allocated_bytes, r.allocated_exact, r.allocated_end_bytes) == (164 * MiB, True, 100 * MiB)
    r = tracker.close((100 * MiB, 676 * MiB, 676 * MiB, 576 * MiB), zero, 1, done=4, begun=4)
    assert r is not None and (r.allocated_bytes, r.allocated_exact, r.steps) == (676 * MiB, True, 1)


def test_a_spans_handed_over_reads_are_bounded() -> None:
    from gpumemd.sources.steppeak import MAX_SPLITS

    tracker = StepPeak()
    tracker.close((0, 0, 0, 0), (0, 0, 0, 0), 1, done=0, begun=0)
    for seq in range(1, 3 * MAX_SPLITS):  # a long step's ticks, no boundary
        tracker.split(seq, (seq, seq, seq, 0), (0, 0, 0, 0))
    assert len(tracker._splits) == MAX_SPLITS  # noqa: SLF001 - the bound itself
    n = 3 * MAX_SPLITS
    r = tracker.close((0, n, n, n), (0, 0, 0, 0), 1, done=n, begun=n)
    assert r is not None and r.allocated_bytes == n and r.allocated_exact and not tracker._splits  # noqa: SLF001
