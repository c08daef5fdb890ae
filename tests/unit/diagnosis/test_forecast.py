"""The forecaster as a pure function: goldens for the three questions (headroom, a leak's
time to OOM from the leak verdict, the peak at the largest shape), then properties over
generated inputs: never NaN or inf, robust to noise and outliers, a negative headroom never
reported positive."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.forecast import MIN_SHAPES, headroom, leak_trend, rank_limit, shape_fit
from gpumemd.diagnosis.leakverdict import MIN_GROWTH

GiB = 1 << 30


# --- the limit and headroom: goldens ---

@pytest.mark.parametrize("kwargs, expected", [
    ({"total": 80 * GiB}, 80 * GiB),
    ({"total": 80 * GiB, "others": 10 * GiB, "non_pytorch": GiB}, 69 * GiB),
    # the fraction caps PyTorch's reserved bytes: the smaller of the two wins
    ({"total": 80 * GiB, "fraction_limit": 40 * GiB, "others": 10 * GiB}, 40 * GiB),
    ({"total": 80 * GiB, "fraction_limit": 75 * GiB, "others": 10 * GiB}, 70 * GiB),
    ({"total": None, "fraction_limit": 40 * GiB}, 40 * GiB),
    ({"total": None}, None),
    ({"total": 80 * GiB, "others": -5}, 80 * GiB),  # a negative reading counts as 0, never adds room
])
def test_rank_limit_goldens(kwargs, expected):
    assert rank_limit(**kwargs) == expected


def test_headroom_is_negative_when_the_peak_is_over():
    assert headroom(10 * GiB, 8 * GiB, GiB) == GiB
    assert headroom(10 * GiB, 11 * GiB) == -GiB
    assert headroom(10 * GiB, 10 * GiB, -3) == 0  # a negative unreusable figure adds nothing


# --- the leak: goldens ---

def test_a_steady_leak_meets_the_limit_when_the_line_says():
    steps = list(range(100, 132))
    peaks = [GiB + 4 * (1 << 20) * (s - 100) for s in steps]  # +4 MiB a step
    trend = leak_trend(steps, peaks, 2 * GiB, times=[0.5 * (s - 100) for s in steps])
    assert trend is not None
    assert trend.slope == 4 * (1 << 20)
    # level at step 131: 1 GiB + 124 MiB; (2 GiB - that) / 4 MiB = 225 steps, at 2 steps a second
    assert trend.steps_to_oom == pytest.approx(225.0)
    assert trend.seconds_to_oom == pytest.approx(112.5)


def test_a_flat_noisy_step_end_has_no_time_to_oom():
    rng = random.Random(7)
    steps = list(range(64))
    peaks = [GiB + rng.randint(-(1 << 20), 1 << 20) for _ in steps]
    trend = leak_trend(steps, peaks, 2 * GiB)
    assert trend is not None and trend.steps_to_oom is None and trend.seconds_to_oom is None


def test_an_outlier_does_not_make_or_hide_a_leak():
    steps = list(range(40))
    flat = [GiB] * 40
    flat[-1] = 3 * GiB  # one huge step (a long batch) at the end
    trend = leak_trend(steps, flat, 4 * GiB)
    assert trend is not None and trend.steps_to_oom is None
    leak = [GiB + (1 << 20) * s for s in steps]
    leak[5] = 0
    leak[30] = 10 * GiB
    trend = leak_trend(steps, leak, 4 * GiB)
    assert trend is not None and trend.slope == pytest.approx(1 << 20) and trend.steps_to_oom is not None


def test_no_end_is_none_and_one_step_counted_again_is_no_leak():
    assert leak_trend([], [], 10) is None
    trend = leak_trend([5] * 20, [GiB * i for i in range(20)], 100 * GiB)  # no distinct steps: no growth
    assert trend is not None and not trend.leaking and trend.steps_to_oom is None


def test_the_trend_is_the_leak_verdict_since_its_first_step():
    steps = list(range(100, 132))
    ends = [GiB] * 20 + [GiB + 3 * (1 << 20) * (s - 119) for s in steps[20:]]  # from step 119 on
    trend = leak_trend(steps, ends, 2 * GiB)
    assert trend is not None and trend.leaking and trend.slope == 3 * (1 << 20) and trend.since_step == 119


# --- the shape: goldens ---

def _pairs(fn, shapes, repeats=3, noise=0.0, seed=0):
    rng = random.Random(seed)
    return [(t, int(fn(t) * (1 + rng.uniform(-noise, noise)))) for t in shapes for _ in range(repeats)]


def test_linear_shapes_predict_the_unseen_max_tokens_exactly():
    fn = lambda t: 2 * GiB + 65536 * t  # noqa: E731
    fit = shape_fit(_pairs(fn, [512, 1024, 1536, 2048]), max_tokens=8192)
    assert fit is not None and not fit.quadratic
    assert fit.tokens == 8192
    assert fit.peak == pytest.approx(fn(8192), rel=1e-9)
    # exact-looking peaks still have the allocator's resolution, and a 4x extrapolation cannot rule
    # out the curvature hiding under it: the error is not 0 there, but it is at the shapes seen
    assert 0 < fit.error < 0.2 * fn(8192)
    at_largest = shape_fit(_pairs(fn, [512, 1024, 1536, 2048]))
    assert at_largest is not None and at_largest.error < 1


def test_attention_without_flash_is_fitted_quadratic():
    fn = lambda t: GiB + 40_000 * t + 24 * t * t  # noqa: E731  (a seq² score matrix)
    fit = shape_fit(_pairs(fn, [256, 512, 768, 1024, 1536, 2048]), max_tokens=4096)
    assert fit is not None and fit.quadratic
    assert fit.peak == pytest.approx(fn(4096), rel=1e-6)
    lin = shape_fit(_pairs(fn, [256, 512, 768]), max_tokens=4096)  # 3 shapes: linear only
    assert lin is not None and not lin.quadratic and lin.peak < fn(4096)


def test_the_largest_shape_seen_without_max_tokens():
    fit = shape_fit(_pairs(lambda t: 1000 + t, [10, 20, 30, 40]))
    assert fit is not None and fit.tokens == 40 and fit.peak == pytest.approx(1040)


def test_noise_and_outliers_within_a_shape_do_not_move_the_forecast():
    fn = lambda t: 4 * GiB + 100_000 * t  # noqa: E731
    pairs = _pairs(fn, [1000, 2000, 3000, 4000, 5000], repeats=5, noise=0.01, seed=3)
    pairs += [(3000, 40 * GiB), (1000, 0)]  # a glitch: one step's peak far off, twice
    fit = shape_fit(pairs, max_tokens=10_000)
    assert fit is not None
    assert abs(fit.peak - fn(10_000)) / fn(10_000) < 0.02
    assert fit.error < 0.05 * fn(10_000)


def test_one_shape_answers_only_at_itself():
    # a fixed-length run: its own peak is the forecast (a steady run has a headroom to show),
    # with half the spread of its peaks as the error; nothing to extrapolate to another shape
    fit = shape_fit([(512, GiB), (512, GiB + 2000), (512, GiB + 1000)] * 5)
    assert fit is not None and fit.tokens == 512 and fit.shapes == 1
    assert fit.peak == GiB + 1000 and fit.error == 1000
    assert shape_fit([(512, GiB)] * 50, max_tokens=512) is not None
    assert shape_fit([(512, GiB)] * 50, max_tokens=1024) is None
    assert shape_fit([(0, GiB), (-1, GiB), (True, GiB), (1.5, GiB), (3, -1)]) is None  # nothing valid
    assert shape_fit([]) is None


def test_two_shapes_extrapolate_a_line_whose_error_reaches_the_steepest_curve():
    # a run whose steps set only two new highs (the default's exact peaks in a random order):
    # a line through them; its form is untested, so its error is the larger of the extrapolated
    # rise and the distance to the most convex curve memory can follow through them (a + c·t²)
    fn = lambda t: GiB + 40_000 * t + 24 * t * t  # noqa: E731  (convex: the line underestimates)
    fit = shape_fit(_pairs(fn, [2048, 3072]), max_tokens=8192)
    assert fit is not None and fit.shapes == 2 and not fit.quadratic
    line = fn(3072) + (fn(3072) - fn(2048)) / 1024 * (8192 - 3072)
    assert fit.peak == pytest.approx(line, rel=1e-9)
    c = (fn(3072) - fn(2048)) / (3072 ** 2 - 2048 ** 2)
    steepest = fn(3072) + c * (8192 ** 2 - 3072 ** 2)
    assert fit.error == pytest.approx(max(line - fn(3072), steepest - line), rel=1e-9)
    assert fit.peak < fn(8192) <= fit.peak + fit.error  # within its stated error
    at_largest = shape_fit(_pairs(fn, [2048, 3072]))  # at the largest seen: the point itself
    assert at_largest is not None and at_largest.peak == pytest.approx(fn(3072)) and at_largest.error < 1


def test_many_distinct_shapes_are_bounded_and_fast():
    import time
    fn = lambda t: GiB + 1000 * t + t * t  # noqa: E731
    pairs = [(t, fn(t)) for t in range(100, 100 + 1024)]
    start = time.perf_counter()
    fit = shape_fit(pairs, max_tokens=4000)
    assert time.perf_counter() - start < 0.5
    assert fit is not None and fit.peak == pytest.approx(fn(4000), rel=1e-4)


def test_shapes_on_the_optimizer_floor_do_not_bend_the_fit():
    # the step peak is the larger of the optimizer's update (a floor: the same at every length)
    # and the forward/backward's (growing with seq²): the short shapes sit on the floor. Fitted
    # with them, the quadratic is flat then steep and over-predicts far out (+12 % at 2.67x on
    # the H100 curve); left out, the curve above the floor is what is extrapolated
    curve = lambda t: GiB + 2 * (1 << 20) * t + 300 * t * t  # noqa: E731
    floor = curve(700)
    fn = lambda t: max(floor, curve(t))  # noqa: E731
    shapes = [256 * k for k in range(1, 13)]  # 256..3072: the first two on the floor
    fit = shape_fit(_pairs(fn, shapes), max_tokens=8192)
    assert fit is not None and fit.quadratic and fit.shapes == len(shapes) - 2
    assert fit.peak == pytest.approx(fn(8192), rel=1e-6)
    below = shape_fit(_pairs(fn, shapes), max_tokens=256)  # at a floor shape: the floor, not the curve
    assert below is not None and below.peak == pytest.approx(floor)


def test_the_error_grows_with_the_distance_beyond_the_shapes():
    fn = lambda t: GiB + 40_000 * t + 24 * t * t  # noqa: E731
    cases = [
        _pairs(fn, [256, 512, 768, 1024, 1536, 2048], noise=0.003, seed=1),  # quadratic
        _pairs(lambda t: 2 * GiB + 65536 * t, [512, 1024, 1536, 2048], noise=0.003, seed=2),  # linear
        _pairs(fn, [1024, 1536, 2048]),  # three shapes: a line, its convex alternative
        _pairs(fn, [1536, 2048]),  # two shapes
    ]
    for pairs in cases:
        errors = []
        for target in (2048, 2732, 4096, 5464, 8192, 16384):
            fit = shape_fit(pairs, max_tokens=target)
            assert fit is not None
            errors.append(fit.error)
        assert errors == sorted(errors) and errors[-1] > 2 * errors[0], errors


# --- the shape: real step peaks (GPT-2, eager attention, AdamW; H100) ---

CURVES = Path(__file__).resolve().parents[3] / "bench" / "results" / "2026-11-25-h100-forecast-curve"


def _curve(name: str) -> dict[int, int]:
    """length → the true allocated step peak, from a committed curve file."""
    with open(CURVES / name) as f:
        rows = [json.loads(line) for line in f]
    return {r["length"]: r["allocated_peak"] for r in rows}


@pytest.mark.parametrize("name, batch, seens", [("curve-b4.jsonl", 4, (512, 640, 768)),
                                                 ("curve-b8.jsonl", 8, (384,))])
def test_the_stated_error_covers_the_true_peak_on_the_gpu_curves(name, batch, seens):
    # a run with step_peak_reset sees every length up to its longest: the truth at 1.33x, 2x and
    # 2.67x that length lies within the stated error, which widens with the distance
    truth = _curve(name)
    for seen in seens:
        pairs = [(batch * n, p) for n, p in truth.items() if n <= seen]
        widths = []
        for ratio in (4 / 3, 2, 8 / 3):
            length = round(seen * ratio / 64) * 64
            fit = shape_fit(pairs, max_tokens=batch * length)
            assert fit is not None
            assert abs(fit.peak - truth[length]) <= fit.error, (name, seen, length, fit, truth[length])
            assert fit.error < 0.08 * truth[length]  # an interval, not a shrug
            widths.append(fit.error)
        assert widths == sorted(widths)


@pytest.mark.parametrize("name, batch, seen", [("curve-b4.jsonl", 4, 768), ("curve-b8.jsonl", 8, 384)])
def test_the_stated_error_covers_sparse_runs_95_times_in_100(name, batch, seen):
    # runs that saw a random few of the lengths (2 to all of them, the longest always): a 95 %
    # interval, so coverage is counted, not asserted on each run (bench/forecast_error.py: all)
    truth = _curve(name)
    below = [n for n in truth if n < seen]
    rng = random.Random(11)
    covered = {ratio: 0 for ratio in (4 / 3, 2, 8 / 3)}
    runs = 150
    for _ in range(runs):
        lengths = rng.sample(below, rng.randint(1, len(below))) + [seen]
        pairs = [(batch * n, truth[n]) for n in lengths]
        for ratio in covered:
            length = round(seen * ratio / 64) * 64
            fit = shape_fit(pairs, max_tokens=batch * length)
            covered[ratio] += fit is not None and abs(fit.peak - truth[length]) <= fit.error
    assert all(c >= 0.95 * runs for c in covered.values()), covered


# --- properties ---

_INT = st.integers(min_value=0, max_value=(1 << 63) - 1)
_TOK = st.integers(min_value=1, max_value=1 << 40)


def _finite_or_none(*values):
    return all(v is None or math.isfinite(v) for v in values)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_TOK, _INT), max_size=60), st.none() | _TOK)
def test_shape_fit_is_finite_and_never_negative(pairs, max_tokens):
    fit = shape_fit(pairs, max_tokens=max_tokens)
    if fit is None:
        return
    assert fit.shapes >= MIN_SHAPES or (fit.shapes == 1 and fit.tokens == (max_tokens or fit.tokens))
    assert math.isfinite(fit.peak) and math.isfinite(fit.error) and fit.peak >= 0 and fit.error >= 0
    assert all(math.isfinite(c) for c in fit.coefficients)


@settings(max_examples=150, deadline=None)
@given(st.lists(_INT, min_size=0, max_size=70), st.none() | _INT)
def test_leak_trend_is_finite(peaks, limit):
    trend = leak_trend(list(range(len(peaks))), peaks, limit, times=[0.1 * i for i in range(len(peaks))])
    if trend is None:
        return
    assert _finite_or_none(trend.slope, trend.level, trend.steps_to_oom, trend.seconds_to_oom)
    if trend.steps_to_oom is not None:
        assert trend.steps_to_oom > 0 and trend.leaking and trend.slope >= MIN_GROWTH


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=1 << 20), st.integers(min_value=MIN_GROWTH, max_value=1 << 24),
       st.integers(min_value=1 << 20, max_value=1 << 36))
def test_a_monotone_leak_always_has_a_positive_time_to_oom(start, per_step, gap):
    peaks = [start + per_step * i for i in range(32)]
    trend = leak_trend(list(range(32)), peaks, peaks[-1] + gap)
    assert trend is not None and trend.steps_to_oom is not None
    assert trend.steps_to_oom == pytest.approx(gap / per_step, rel=1e-6)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=1 << 40), st.integers(min_value=1, max_value=1 << 22),
       st.lists(st.integers(min_value=16, max_value=1 << 16), min_size=3, max_size=12, unique=True),
       st.floats(min_value=0, max_value=0.02), st.integers(min_value=0, max_value=1000))
def test_linear_data_with_noise_is_predicted_within_its_error(base, per_token, shapes, noise, seed):
    fn = lambda t: base + per_token * t  # noqa: E731
    pairs = _pairs(fn, shapes, repeats=3, noise=noise, seed=seed)
    target = max(shapes) * 2
    fit = shape_fit(pairs, max_tokens=target)
    assert fit is not None
    # a relative noise of at most `noise` on every step: the prediction stays within the fit's
    # own error estimate plus a margin that grows with the extrapolation
    assert abs(fit.peak - fn(target)) <= fit.error * 4 + 4 * noise * fn(target) + 1


@settings(max_examples=100, deadline=None)
@given(_INT, _INT, st.integers(min_value=0, max_value=1 << 40))
def test_negative_headroom_is_never_positive(limit, peak, unreusable):
    room = headroom(limit, peak, unreusable)
    assert (room < 0) == (peak + unreusable > limit)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(min_value=1, max_value=1 << 20),
                          st.integers(min_value=0, max_value=1 << 40)), min_size=2, max_size=40),
       st.floats(min_value=1.0, max_value=8.0), st.floats(min_value=1.0, max_value=4.0))
def test_the_error_never_shrinks_further_from_the_shapes(pairs, first, further):
    largest = max(t for t, _ in pairs)
    near = shape_fit(pairs, max_tokens=int(largest * first))
    far = shape_fit(pairs, max_tokens=int(largest * first * further))
    if near is None or far is None:
        return
    assert far.error >= near.error * (1 - 1e-9)
