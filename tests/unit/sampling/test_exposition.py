"""The text cache writes the bytes generate_latest writes, whatever changed between samples."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, InfoMetricFamily, Metric

from gpumemd.sampling import exposition

LABEL = st.text(alphabet=st.sampled_from('ab z"\\\n\r\t=,{}é0'), max_size=6)
VALUE = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-(2**70), 2**70))
SERIES = st.lists(st.tuples(LABEL, VALUE), max_size=4)
# a family: its kind, its series (label value, value), and whether a sample carries a timestamp
FAMILY = st.tuples(st.sampled_from(["gauge", "counter", "info", "unknown"]), SERIES, st.booleans())


def build(kind: str, series: list[tuple[str, Any]], stamped: bool) -> Metric:
    if kind == "counter":
        fam: Metric = CounterMetricFamily("t_c", "a counter\nwith \\ help", labels=["k"], created=None)
        for label, value in series:
            fam.add_metric([label], abs(float(value)), created=12.5 if stamped else None)
        return fam
    if kind == "info":
        fam = InfoMetricFamily("t_i", "info", labels=["k"])
        for label, _ in series:
            fam.add_metric([label], {"v": label + "x"})
        return fam
    fam = GaugeMetricFamily("t_g", "", labels=["k", "a"]) if kind == "gauge" else Metric("t_u", "u", kind)
    for i, (label, value) in enumerate(series):
        if kind == "gauge":
            fam.add_metric([label, str(i)], value, timestamp=1.5 if stamped and i == 0 else None)
        else:
            fam.add_sample("t_u", {"k": label}, value)
    return fam


@settings(max_examples=300, deadline=None)
@given(st.lists(FAMILY, min_size=1, max_size=4),
       st.lists(st.one_of(st.none(), st.lists(VALUE, max_size=4), st.lists(FAMILY, min_size=1, max_size=4)),
                max_size=4))
def test_every_sample_renders_the_bytes_of_generate_latest(first: list[Any], then: list[Any]) -> None:
    """Each next sample: the same families again (None), the same series with new values
    (a list of values), or other families."""
    cache = exposition.TextCache()
    spec = first
    for change in [[], *then]:
        if change and isinstance(change[0], tuple):
            spec = change
        elif change:
            spec = [(kind, [(label, change[i % len(change)]) for i, (label, _) in enumerate(series)], stamped)
                    for kind, series, stamped in spec]
        families = [build(*f) for f in {f[0]: f for f in spec}.values()]  # one family per name
        want = exposition.prom_text.generate_latest(exposition._Families(families))
        assert cache.render(families) == want


def test_values_alone_changing_reuse_the_heads_and_a_bad_value_still_raises() -> None:
    def fam(value: Any) -> Metric:
        f = GaugeMetricFamily("t_g", "g", labels=["k"])
        f.add_metric(['a"b'], value)
        return f

    cache = exposition.TextCache()
    cache.render([fam(1.0)])
    assert cache.render([fam(2.5)]) == b'# HELP t_g g\n# TYPE t_g gauge\nt_g{k="a\\"b"} 2.5\n'
    try:
        cache.render([fam("not a number")])
    except ValueError:
        pass
    else:
        raise AssertionError("a value that is no number renders")


def test_a_line_whose_value_stands_is_not_written_again(monkeypatch: Any) -> None:
    """One rank's series moved among four: only its line is formatted; a zero's sign is kept."""

    def fam(values: list[float]) -> Metric:
        f = GaugeMetricFamily("t_g", "g", labels=["rank"])
        for rank, value in enumerate(values):
            f.add_metric([str(rank)], value)
        return f

    cache = exposition.TextCache()
    cache.render([fam([1.0, 2.0, 0.0, 4.0])])
    written: list[float] = []
    real = exposition.floatToGoString
    monkeypatch.setattr(exposition, "floatToGoString", lambda v: written.append(v) or real(v))
    for values in ([1.0, 2.5, 0.0, 4.0], [1.0, 2.5, -0.0, 4.0], [9.0, 2.5, -0.0, 4.0]):
        got = cache.render([fam(values)])
        assert got == exposition.prom_text.generate_latest(exposition._Families([fam(values)]))
    assert written == [2.5, 0.0, -0.0, 9.0, -0.0]  # the moved values and the zeros, nothing else
