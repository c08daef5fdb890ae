"""Headroom and the OOM forecast, as pure functions: figures in, bytes and steps out.

Three questions a researcher asks of a training run (docs/forecast.md):

- **How much room is left?** `rank_limit` is the one place the bytes PyTorch may hold on a
  rank's GPU are computed (the OOM diagnosis uses it too); `headroom` is that limit minus
  the step peak minus the cached bytes a large request cannot reuse.
- **Is it leaking, and when does it run out?** `leak_trend`: the one leak verdict
  (diagnosis/leakverdict.py) over the step ends kept, and the steps (and seconds)
  until its growth per optimizer step meets the limit — defined only while it says leaking.
- **Will the longest batch fit?** `shape_fit`: the step peak against the batch's tokens,
  peak = a + b·tokens (+ c·tokens²), predicted at the largest shape seen or `max_tokens`,
  with an error estimate: half a 95 % interval that widens with the distance from the shapes
  seen. Two distinct shapes give a line whose error is at least the whole extrapolated rise
  (two points cannot test their own form); one shape answers only at that shape.

Every answer is a finite number or None: never NaN or inf, and a negative headroom stays
negative.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .leakverdict import leak_verdict

__all__ = ["MIN_SHAPES", "ShapeForecast", "Trend", "WINDOW", "headroom", "leak_trend", "rank_limit",
           "shape_fit"]

WINDOW = 64  # points a fit reads at most: the newest; bounds the O(n²) pairwise slopes
MIN_SHAPES = 2  # distinct token counts before the shape fit extrapolates (one answers only at itself)
MAX_SHAPES = 32  # distinct token counts a fit uses at most (evenly spread, the smallest and largest kept)
# the step peak's resolution as a fraction of it: the scatter of exact peaks about a smooth curve
# (the allocator's block rounding), the rms residual of the H100 curves (docs/forecast.md)
RESOLUTION = 0.001
_Z95 = 1.959963984540054  # the two-sided 95 % normal quantile (Sen's interval)
_MAX = 1 << 63  # larger figures are not a GPU's: left out (and float() stays finite)


def _ok(value: object, low: int = 0) -> bool:
    return type(value) is int and low <= value < _MAX


def rank_limit(total: int | None, *, fraction_limit: int | None = None, others: int | None = None,
               non_pytorch: int | None = None) -> int | None:
    """The bytes PyTorch may hold on this rank's device: the device's total less what other
    processes and this process's non-PyTorch memory (CUDA context, NCCL, other allocators)
    hold now, capped by the allocator's own limit (`set_per_process_memory_fraction`, which
    counts PyTorch's reserved bytes only). Unknown parts count as 0; None without a total."""
    if total is None or total <= 0:
        return fraction_limit if fraction_limit is not None and fraction_limit > 0 else None
    device = total - max(0, others or 0) - max(0, non_pytorch or 0)
    if fraction_limit is not None and fraction_limit > 0:
        return min(device, fraction_limit)
    return device


def headroom(limit: int, peak: int, unreusable: int = 0) -> int:
    """Bytes left at the step peak: `limit` − the step peak's allocated bytes − the cached
    bytes a new request cannot reuse (free pieces of split blocks: the allocator cannot
    release them to the driver). Negative when the peak is already over the limit."""
    return int(limit) - int(peak) - max(0, int(unreusable))


# --- the leak: the step ends' growth ---------------------------------------------------------


@dataclass(frozen=True)
class Trend:
    """The leak verdict over the window's step ends (diagnosis/leakverdict.py), with the steps
    and seconds until its growth meets a limit."""

    slope: float  # bytes a step: the verdict's growth per optimizer step (0.0 when not leaking)
    level: float  # the newest step end (bytes)
    leaking: bool  # the verdict
    rate: float | None  # optimizer steps a second over the window; None without timestamps
    since_step: int | None = None  # the verdict's: the optimizer step the growth began at
    steps_to_oom: float | None = None  # None unless leaking and the level is below the limit
    seconds_to_oom: float | None = None  # at `rate`

    def until(self, limit: int | None) -> Trend:
        """This trend with its steps and seconds to `limit` (a cached trend, a new limit)."""
        steps = seconds = None
        if limit is not None and self.leaking and self.level < limit:
            steps = (limit - self.level) / self.slope
            if not _finite(steps):
                steps = None
            elif self.rate is not None and _finite(steps / self.rate):
                seconds = steps / self.rate
        return dataclasses.replace(self, steps_to_oom=steps, seconds_to_oom=seconds)


def _slopes(xs: Sequence[float], ys: Sequence[float]) -> list[float]:
    out = []
    n = len(xs)
    for i in range(n):
        for j in range(i + 1, n):
            dx = xs[j] - xs[i]
            if dx != 0:
                out.append((ys[j] - ys[i]) / dx)
    out.sort()
    return out


def _finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


def leak_trend(steps: Sequence[int], ends: Sequence[int], limit: int | None, *,
               times: Sequence[float] | None = None, window: int | None = None) -> Trend | None:
    """The leak verdict over the newest `window` step ends (default: all, the caller's bounded
    history; `ends[i]`, the allocated bytes at the end of optimizer step `steps[i]`, at
    monotonic `times[i]`); None without an end."""
    n = min(len(steps), len(ends), len(steps) if window is None else window)
    if n < 1:
        return None
    s_tail, e_tail = list(steps)[-n:], list(ends)[-n:]
    if not all(_ok(v) for v in (*s_tail, *e_tail)):
        return None
    verdict = leak_verdict(list(zip(s_tail, e_tail, strict=True)))
    rate: float | None = None  # steps a second over the window
    if times is not None and len(times) >= n:
        ts = [float(t) for t in list(times)[-n:]]
        span, dt = s_tail[-1] - s_tail[0], ts[-1] - ts[0]
        if span > 0 and dt > 0 and _finite(span / dt):
            rate = span / dt
    return Trend(verdict.bytes_per_step, float(e_tail[-1]), verdict.leaking, rate,
                 verdict.since_step).until(limit)


# --- the shape: the step peak against the batch's tokens ----------------------------------


@dataclass(frozen=True)
class ShapeForecast:
    """The step peak predicted at `tokens` by a fit over the shapes seen."""

    tokens: int  # the shape predicted: max_tokens, else the largest seen
    peak: float  # bytes
    error: float  # bytes: half a 95 % interval about `peak`, wider the further `tokens` is (`_error`)
    quadratic: bool  # the c·tokens² term was chosen
    shapes: int  # distinct token counts the fit used (those on the floor left out)
    coefficients: tuple[float, float, float]  # a, b, c in bytes, bytes/token, bytes/token²


def _groups(pairs: Sequence[tuple[int, int]]) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for tokens, peak in pairs:
        groups.setdefault(tokens, []).append(peak)
    return groups


def _median_by_shape(pairs: Sequence[tuple[int, int]]) -> list[tuple[float, float]]:
    """One point per distinct token count: the median peak there (a noisy or outlying step
    among repeats of a shape does not move it)."""
    return sorted((float(t), float(statistics.median(p))) for t, p in _groups(pairs).items())


def _one_shape(pairs: Sequence[tuple[int, int]], target: int) -> ShapeForecast | None:
    """A run of one shape (a fixed sequence length): the median peak there, with half the
    peaks' spread as its error; None for any other target (nothing to extrapolate from)."""
    ((tokens, peaks),) = _groups(pairs).items()
    if target != tokens:
        return None
    peak = float(statistics.median(peaks))
    return ShapeForecast(tokens, peak, (max(peaks) - min(peaks)) / 2.0, False, 1, (peak, 0.0, 0.0))


def _theil_sen(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float] | None:
    slopes = _slopes([p[0] for p in pts], [p[1] for p in pts])
    if not slopes:
        return None
    b = statistics.median(slopes)
    a = statistics.median(y - b * x for x, y in pts)
    return a, b, 0.0


def _quadratic(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float] | None:
    """Least squares a + b·x + c·x² on the (per-shape median) points; x and y scaled to
    [0, 1] first so that huge values stay well conditioned. None when c < 0 (memory does not
    grow slower than linearly with a longer sequence: a concave fit is noise)."""
    xmax = max(abs(x) for x, _ in pts) or 1.0
    ymax = max(abs(y) for _, y in pts) or 1.0
    r = [0.0] * 3
    for x, y in pts:
        u, v = x / xmax, y / ymax
        for i, term in enumerate((1.0, u, u * u)):
            r[i] += term * v
    sol = _solve3(_design(pts, True, xmax), r)
    if sol is None:
        return None
    a, b, c = sol[0] * ymax, sol[1] * ymax / xmax, sol[2] * ymax / (xmax * xmax)
    if c < 0 or not _finite(a, b, c):
        return None
    return a, b, c


def _solve3(m: list[list[float]], r: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting; None when singular."""
    a = [row[:] + [r[i]] for i, row in enumerate(m)]
    for col in range(3):
        pivot = max(range(col, 3), key=lambda i: abs(a[i][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for i in range(col + 1, 3):
            f = a[i][col] / a[col][col]
            for j in range(col, 4):
                a[i][j] -= f * a[col][j]
    out = [0.0, 0.0, 0.0]
    for i in (2, 1, 0):
        out[i] = (a[i][3] - sum(a[i][j] * out[j] for j in range(i + 1, 3))) / a[i][i]
    return out


def _at(coef: tuple[float, float, float], x: float) -> float:
    return coef[0] + coef[1] * x + coef[2] * x * x


def _fit(pts: Sequence[tuple[float, float]], quadratic: bool) -> tuple[float, float, float] | None:
    return _quadratic(pts) if quadratic else _theil_sen(pts)


def _loo_error(pts: Sequence[tuple[float, float]], quadratic: bool) -> float | None:
    """Mean absolute error predicting each shape from the others (leave one out)."""
    errors = []
    for i in range(len(pts)):
        rest = [p for j, p in enumerate(pts) if j != i]
        coef = _fit(rest, quadratic)
        if coef is None:
            return None
        errors.append(abs(_at(coef, pts[i][0]) - pts[i][1]))
    return sum(errors) / len(errors)


def _design(pts: Sequence[tuple[float, float]], quadratic: bool, scale: float) -> list[list[float]]:
    """XᵀX of the least-squares design (1, u, u²) or (1, u), u = tokens / scale."""
    k = 3 if quadratic else 2
    m = [[0.0] * 3 for _ in range(3)]
    for x, _ in pts:
        u = x / scale
        basis = (1.0, u, u * u)
        for i in range(k):
            for j in range(k):
                m[i][j] += basis[i] * basis[j]
    if not quadratic:  # the line's 2x2 system solved as 3x3: the unused term is its own row
        m[2][2] = 1.0
    return m


def _leverage(pts: Sequence[tuple[float, float]], x: float, quadratic: bool) -> float | None:
    """The leverage of `x` in the fit's design: the variance of the prediction there in units
    of one point's. It grows with the distance from the shapes seen (its square for a line, its
    fourth power for the quadratic). None when the design is singular."""
    scale = max(abs(p[0]) for p in pts) or 1.0
    u = x / scale
    basis = [1.0, u, u * u if quadratic else 0.0]
    sol = _solve3(_design(pts, quadratic, scale), basis)
    if sol is None:
        return None
    h = sum(b * v for b, v in zip(basis, sol, strict=True))
    return max(0.0, h) if _finite(h) else None


def _t975(dof: int) -> float:
    """Student's t 97.5 % quantile (a two-sided 95 % interval) with `dof` ≥ 1 degrees of freedom."""
    if dof <= 2:
        return (12.706204736174704, 4.302652729749464)[max(dof, 1) - 1]
    z = _Z95  # the Cornish–Fisher expansion about the normal quantile (close enough from 3 on)
    return (z + (z ** 3 + z) / (4 * dof) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * dof ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * dof ** 3))


def _spread(pts: Sequence[tuple[float, float]], coef: tuple[float, float, float], x: float,
            quadratic: bool) -> float | None:
    """Half the 95 % prediction interval at `x` of a fit of this form: the points' scatter about
    `coef` × sqrt(1 + the leverage of `x`). The scatter is Student's t × the residuals' scale,
    and never less than the normal quantile × RESOLUTION of the largest peak: the step peak's
    own resolution (the allocator's block rounding), which exact-looking points still have.
    None when the design is singular (fewer distinct shapes than terms)."""
    h = _leverage(pts, x, quadratic)
    if h is None:
        return None
    scatter = _Z95 * RESOLUTION * max(abs(p[1]) for p in pts)
    dof = len(pts) - (3 if quadratic else 2)
    if dof > 0:
        scale = math.sqrt(sum((_at(coef, px) - py) ** 2 for px, py in pts) / dof)
        scatter = max(scatter, _t975(dof) * scale)
    half = scatter * math.sqrt(1.0 + h)
    return half if _finite(half) else None


def _steepest(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float] | None:
    """Through the smallest and largest shapes, the most convex curve memory can follow:
    a + c·tokens² (its slope at 0 tokens is 0; a larger c would make memory fall with more
    tokens somewhere below). None when the peak does not rise between them."""
    (x1, y1), (x2, y2) = pts[0], pts[-1]
    c = (y2 - y1) / (x2 * x2 - x1 * x1)
    if not c >= 0 or not _finite(c):
        return None
    return y2 - c * x2 * x2, 0.0, c


def _floor(pts: Sequence[tuple[float, float]]) -> tuple[list[tuple[float, float]], float | None]:
    """The shapes above the floor, and the floor (the highest peak left out; None if none).
    At the smallest shapes another phase of the step (the optimizer's update, a fixed buffer)
    can set the peak, not the batch. Left in, such points bend the fit (flat, then steep), which
    then over-predicts far out. A shape is on the floor when

    - it and the smallest shape have the same peak, within twice the step peak's resolution
      (memory the batch sets grows with the batch); the whole flat run is left out, at least
      two shapes kept; or
    - it is the smallest shape and its peak is above the quadratic fitted to the larger shapes
      by more than that fit's 95 % prediction interval there (memory is convex in the tokens:
      a point above the larger shapes' curve is not on it), while 4 larger shapes remain (a
      quadratic through 3 has no residual to judge its own scatter by).
    """
    first = pts[0][1]
    flat = 0
    while flat < len(pts) and pts[flat][1] <= first + 2 * _Z95 * RESOLUTION * abs(first):
        flat += 1
    if flat < 2 or len(pts) - flat < MIN_SHAPES:
        flat = 0
    floor = max((p[1] for p in pts[:flat]), default=None)
    rest = list(pts[flat:])
    while len(rest) >= 5:
        (x, y), larger = rest[0], rest[1:]
        coef = _quadratic(larger)
        half = None if coef is None else _spread(larger, coef, x, True)
        if coef is None or half is None or y <= _at(coef, x) + half:
            break
        floor = y if floor is None else max(floor, y)
        rest = larger
    return rest, floor


def _error(pts: Sequence[tuple[float, float]], coef: tuple[float, float, float], quadratic: bool,
           x: float, peak: float) -> float:
    """The forecast's error at `x`: half a 95 % interval about `peak` that grows with the
    distance from the shapes seen (docs/forecast.md, "Error estimate"). The largest of:

    - the fit's worst residual over the shapes;
    - its error predicting the largest shape from the smaller ones;
    - the prediction interval of the fit's form at `x` (`_spread`);
    - for a line, the convex alternative: the quadratic fitted to the same shapes (with two, the
      steepest memory can follow) differs from the line by this much at `x`, plus its own
      prediction interval. A line's form is tested only as far as the shapes reach.
    """
    residual = max(abs(_at(coef, px) - py) for px, py in pts)
    error = residual
    if len(pts) == 2:  # two shapes: the line's form is untested, so the whole extrapolated rise is in doubt
        error = max(error, abs(peak - pts[-1][1]))
    else:  # the extrapolation's own test, at the distance it could test
        held = _fit(pts[:-1], quadratic)
        if held is not None:
            error = max(error, abs(_at(held, pts[-1][0]) - pts[-1][1]))
    if any(px == x for px, _ in pts):  # a shape seen: its peak is known, not a new shape's
        return error
    error = max(error, _spread(pts, coef, x, quadratic) or 0.0)
    if not quadratic:
        # shapes that lean concave (c < 0) have the line as the most convex form they allow
        curved = _quadratic(pts) if len(pts) >= 3 else _steepest(pts)
        if curved is not None:
            spread = _spread(pts, curved, x, True) if len(pts) >= 3 else 0.0
            error = max(error, _apart(curved, coef, pts[-1][0], x) + (spread or 0.0))
    return error


def _apart(curved: tuple[float, float, float], line: tuple[float, float, float], start: float,
           x: float) -> float:
    """How far `curved` and `line` are apart at most between the largest shape and `x`: their
    difference is a quadratic, so at either end or at its vertex. Taking the most over the way
    there keeps the error from shrinking as the target moves further out."""
    dc, db = curved[2] - line[2], curved[1] - line[1]
    ends = [start, x] if x >= start else [x]
    if dc != 0 and min(ends) < -db / (2 * dc) < max(ends):
        ends.append(-db / (2 * dc))
    return max(abs(_at(curved, t) - _at(line, t)) for t in ends)


def shape_fit(pairs: Sequence[tuple[int, int]], *, max_tokens: int | None = None,
              window: int = WINDOW * 4) -> ShapeForecast | None:
    """Fit the step peak against the tokens of the step's batch and predict it at
    `max_tokens` (else the largest shape seen). The smallest shapes whose peak sits above the
    larger shapes' curve (a floor: the optimizer's update sets their peak) are left out of the
    fit, and the prediction is never below that floor. Linear (Theil–Sen over the per-shape
    medians) unless there are 4 or more shapes and the quadratic (least squares on the
    same medians, c ≥ 0) predicts each held-out shape better on average (leave-one-out):
    attention without a fused kernel holds a batch×heads×seq² score matrix.
    The error is half a 95 % interval that widens with the distance from the shapes seen
    (`_error`). With MIN_SHAPES (two) shapes the prediction is the line through them and its
    error at least the rise it extrapolates; one shape answers only at that shape; None
    without pairs that are positive integers."""
    clean = [(t, p) for t, p in list(pairs)[-window:] if _ok(t, 1) and _ok(p)]
    pts = _median_by_shape(clean)
    if len(pts) > MAX_SHAPES:  # the leave-one-out fits cost O(shapes³): spread a bounded subset
        last = len(pts) - 1
        pts = [pts[round(i * last / (MAX_SHAPES - 1))] for i in range(MAX_SHAPES)]
    target = max_tokens if max_tokens is not None and max_tokens > 0 else (int(pts[-1][0]) if pts else 0)
    if len(pts) == 1:
        return _one_shape(clean, target)
    if len(pts) < MIN_SHAPES:
        return None
    pts, floor = _floor(pts)
    quadratic = False
    if len(pts) >= 4:
        lin, quad = _loo_error(pts, False), _loo_error(pts, True)
        quadratic = lin is not None and quad is not None and quad < lin
    coef = _fit(pts, quadratic)
    if coef is None:
        return None
    x = float(target)
    peak = max(_at(coef, x), floor if floor is not None else -math.inf)
    error = _error(pts, coef, quadratic, x, peak)
    if not _finite(peak, error, *coef):
        return None
    return ShapeForecast(int(target), max(0.0, peak), error, quadratic, len(pts), coef)

