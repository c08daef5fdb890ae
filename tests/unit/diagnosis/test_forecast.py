"""The forecaster as a pure function: goldens for the three questions (headroom, a leak's
time to OOM, the peak at the largest shape), then properties over generated inputs: never
NaN or inf, robust to noise and outliers, a negative headroom never reported positive."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.diagnosis.forecast import MIN_SHAPES, headroom, leak_trend, rank_limit, shape_fit

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


def test_a_flat_noisy_peak_has_no_time_to_oom():
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


def test_too_few_points_or_one_step_is_none():
    assert leak_trend([1, 2, 3], [1, 2, 3], 10) is None
    assert leak_trend([5] * 20, list(range(20)), 100) is None  # no distinct steps: no slope


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
    assert fit.error == pytest.approx(0, abs=1)


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


def test_two_shapes_extrapolate_a_line_whose_error_is_the_whole_rise():
    # a run whose steps set only two new highs (the default's exact peaks in a random order):
    # a line through them, its error at least the extrapolated rise (its form is untested)
    fn = lambda t: GiB + 40_000 * t + 24 * t * t  # noqa: E731  (convex: the line underestimates)
    fit = shape_fit(_pairs(fn, [2048, 3072]), max_tokens=8192)
    assert fit is not None and fit.shapes == 2 and not fit.quadratic
    line = fn(3072) + (fn(3072) - fn(2048)) / 1024 * (8192 - 3072)
    assert fit.peak == pytest.approx(line, rel=1e-9)
    assert fit.error == pytest.approx(line - fn(3072), rel=1e-9)
    assert fit.peak < fn(8192) <= fit.peak + fit.error * 2  # within twice its stated error
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
    assert _finite_or_none(trend.slope, trend.low, trend.high, trend.level, trend.steps_to_oom,
                           trend.seconds_to_oom)
    if trend.steps_to_oom is not None:
        assert trend.steps_to_oom > 0 and trend.low > 0


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=1 << 20), st.integers(min_value=1, max_value=1 << 24),
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
