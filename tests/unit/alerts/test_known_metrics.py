"""Every metric gpumemd renders is in the canonical list rules are checked against."""

from __future__ import annotations

import pytest

from gpumemd import config as config_mod
from gpumemd import known_metrics
from gpumemd.alerts.templates import (
    Context,
    TemplateError,
    compile_template,
    humanize,
    humanize1024,
    humanize_duration,
)
from gpumemd.backends.replay import load_capture
from gpumemd.daemon import build_runtime
from tests.helpers import CAPTURES, GOLDEN

CAPTURES = sorted(CAPTURES.glob("*.json"))


@pytest.mark.parametrize("capture", CAPTURES, ids=[c.stem for c in CAPTURES])
def test_every_rendered_name_is_known(capture):
    cfg = config_mod.Config()
    rt = build_runtime(cfg, load_capture(str(capture)))
    snap = rt.sampler.sample_once()
    names = {s.name for f in snap.exposition.families for s in f.samples}
    unknown = sorted(n for n in names if known_metrics.lookup(n) is None and not n.endswith("_created"))
    assert unknown == [], "add these to gpumemd/known_metrics.py"


@pytest.mark.parametrize("source,value,out", [
    ("{{ $value | humanize }}", 1.5e11, "150G"),
    ("{{ $value | humanize1024 }}", 1610612736, "1.5Gi"),
    ("{{ $value | humanizePercentage }}", 0.9623, "96.23%"),
    ("{{ $value | humanizeDuration }}", 5400.5, "1h 30m 0.5s"),
    ('{{ printf "%.1f" $value }} on {{ $labels.gpu }}', 2.25, "2.2 on 0"),
    ("{{- $labels.gpu -}} / {{ .Labels.uuid | toUpper }}", 0, "0/ GPU-A"),
    ("{{ $externalLabels.cluster }}", 0, "c1"),
    ("{{ if $labels.gpu }}GPU {{ $labels.gpu }}{{ else }}none{{ end }}", 0, "GPU 0"),  # "0" is a true string
    ("{{ if $labels.rank }}rank {{ $labels.rank }}{{ else }}pid {{ $labels.pid }}{{ end }}", 0, "pid "),
    ("{{ if $value }}{{ if $labels.uuid }}{{ $labels.uuid }}{{ end }}{{ else }}zero{{ end }}", 1, "GPU-a"),
    ("{{ if $value }}some{{ else }}zero{{ end }}", 0, "zero"),
    ("a {{- if $labels.gpu }} b {{ end -}} c", 0, "a b c"),
])
def test_templates_render_like_prometheus(source, value, out):
    ctx = Context({"gpu": "0", "uuid": "GPU-a"}, value, {"cluster": "c1"})
    assert compile_template(source).render(ctx) == out


@pytest.mark.parametrize(
    "bad",
    [
        "{{ $labels.gpu ",
        "{{ nope $value }}",
        "{{ }}",
        "{{ $what }}",
        "{{ $value | }}",
        "{{ end }}",
        "{{ else }}",
        "{{ if $value }}open",
        "{{ if }}{{ end }}",
        "{{ if $value }}{{ else }}{{ else }}{{ end }}",
    ],
)
def test_bad_templates_do_not_compile(bad):
    with pytest.raises(TemplateError):
        compile_template(bad)


def test_humanize_edges():
    assert humanize(0) == "0" and humanize(0.001) == "1m" and humanize1024(512) == "512"
    assert humanize_duration(0.25) == "250ms" and humanize_duration(90061) == "1d 1h 1m 1s"


GOLDEN = sorted(GOLDEN.glob("*.prom"))


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.stem for g in GOLDEN])
def test_every_name_in_the_golden_expositions_is_known(golden):
    """The agent's golden exposition and every daemon one (spool, kubelet labels included)."""
    names = {
        line.split("{")[0].split(" ")[0]
        for line in golden.read_text().splitlines()
        if line and not line.startswith("#")
    }
    assert names
    unknown = sorted(n for n in names if known_metrics.lookup(n) is None and not n.endswith("_created"))
    assert unknown == [], "add these to gpumemd/known_metrics.py"


def test_known_labels_cover_the_golden_series():
    """A label a series carries is one rules may match on (no false 'has no label' errors)."""
    from prometheus_client.parser import text_string_to_metric_families

    for golden in GOLDEN:
        for fam in text_string_to_metric_families(golden.read_text()):
            for s in fam.samples:
                info = known_metrics.lookup(s.name)
                if info is None:
                    continue
                extra = set(s.labels) - set(info.labels)
                if s.name == "gpumemd_alerts":  # like Prometheus's ALERTS, it carries the alert's own labels
                    extra -= {"severity", *known_metrics.lookup("gpumemd_oom_events_total").labels}
                assert not extra, f"{golden.name}: {s.name} has labels {sorted(extra)} not in known_metrics"


def test_the_agent_and_attribution_sources_are_known():
    from gpumemd.sources.slurm import SlurmReading, SlurmSource

    for name in (
        "gpumemd_gpu_pod_info",
        "gpumemd_process_slurm_job_info",
        "gpumemd_gpu_slurm_job_info",
        "gpumemd_allocator_limit_bytes",
        "gpumemd_agent_last_snapshot_info",
        "gpumemd_spool_ranks",
        "gpumemd_section_calls_total",
        "gpumemd_process_device_used_bytes",
    ):
        assert known_metrics.lookup(name) is not None, name
    fams = SlurmSource().families(SlurmReading({42: "7"}, (("0", "GPU-a", "7"),)))
    for fam in fams:
        for s in fam.samples:
            assert set(s.labels) <= set(known_metrics.lookup(s.name).labels)


def test_a_pid_label_is_an_int_from_1_to_the_kernels_ceiling():
    # the one check of NVML's answers and of the ranks' spool files (sources/nvml, spool/format)
    assert known_metrics.is_pid(1) and known_metrics.is_pid(known_metrics.MAX_PID)
    for bad in (0, -1, known_metrics.MAX_PID + 1, True, 1.0, "5", None, 1 << 70):
        assert not known_metrics.is_pid(bad), bad
