"""Templates are bounded and one alert's template never stops another's delivery (issue 23).

`{{ printf "%200000000d" $value }}` in a 30-byte rule passed check-config and rendered 200 MB;
3,000 nested `{{ if }}` passed check-config and the alert never fired; one rule whose
template raised stopped every alert of that evaluation from being sent. Now check-config
refuses templates over the bounds (size, nesting, printf widths) with one line, and a value
a template cannot format renders `<error: …>` for that alert alone, counted and logged once.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gpumemd.alerts.engine import MAX_ALERT_TEXT, Engine
from gpumemd.alerts.rules import rule_from_dict
from gpumemd.alerts.templates import MAX_RENDERED, Context, compile_template, printf
from tests.fakes import Receiver, gauge
from tests.helpers import ROOT, gpumemd_process, samples, scrape

REPLAY = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
NESTED_3000 = "{{ if $value }}" * 3000 + "x" + "{{ end }}" * 3000
NESTED_100 = "{{if 1}}" * 100 + "x" + "{{end}}" * 100  # short enough that only the nesting is wrong


def _check_config(tmp_path: Path, template: str) -> subprocess.CompletedProcess[str]:
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(yaml.safe_dump({"alerting": {"rules": [
        {"alert": "T", "metric": "gpumemd_gpus", "annotations": {"summary": template}}]}}))
    return subprocess.run(
        [sys.executable, "-m", "gpumemd", "check-config", str(cfg)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=20,
    )


@pytest.mark.parametrize(
    "template, reason",
    [
        ('{{ printf "%200000000d" $value }}', "printf width or precision 200000000 is over the maximum 256"),
        ('{{ printf "%.99999f" $value }}', "printf width or precision 99999 is over the maximum 256"),
        ("{{ printf `%-9999s` $value }}", "printf width or precision 9999 is over the maximum 256"),
        (NESTED_3000, "over the maximum 8192"),
        (NESTED_100, "{{ if }} nested more than 16 deep"),
        ("{{ $value }}" + "x" * 9000, "over the maximum 8192"),
        ("x" * 5000, "over the maximum 4096 of a rendering"),
    ],
    ids=["width", "precision", "raw-width", "3000-ifs", "100-ifs", "size", "static-size"],
)
def test_check_config_refuses_templates_over_the_bounds_with_one_line(
    tmp_path: Path, template: str, reason: str
) -> None:
    out = _check_config(tmp_path, template)
    assert out.returncode == 2, out
    lines = [line for line in out.stderr.splitlines() if "annotations.summary" in line]
    assert len(lines) == 1 and "annotations.summary: template refused: " in lines[0], out.stderr
    assert reason in lines[0] and len(lines[0]) < 400
    assert "Traceback" not in out.stderr


def test_what_stays_inside_the_bounds_passes_check_config(tmp_path: Path) -> None:
    ok = "{{if 1}}" * 16 + '{{ printf "%256.256f" $value }}' + "{{end}}" * 16
    assert _check_config(tmp_path, ok).returncode == 0


# --- rendering, directly -------------------------------------------------------------------


def test_printf_widths_from_a_label_are_bounded_at_render_time() -> None:
    t = compile_template("{{ printf $labels.fmt $value }} after")
    out = t.render(Context({"fmt": "%200000000d"}, 1.0, {}))
    assert out == "<error: printf width or precision 200000000 is over the maximum 256> after"
    assert t.failures == 1


def test_a_rendering_is_cut_at_the_bound() -> None:
    t = compile_template("{{ $labels.big }}{{ $labels.big }}")
    out = t.render(Context({"big": "x" * 1_000_000}, 1.0, {}))
    assert len(out) == MAX_RENDERED + 1 and out.endswith("…")


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="%-+# 0123456789.vdfegsxXqt%a", max_size=40),
    st.one_of(st.floats(), st.integers(-(10**400), 10**400), st.text(max_size=20)),
)
def test_printf_never_raises_anything_but_a_template_error_and_stays_small(fmt: str, value: Any) -> None:
    t = compile_template("{{ printf $labels.fmt $value }}")
    out = t.render(Context({"fmt": fmt}, value, {}))
    assert len(out) <= MAX_RENDERED + 1


@pytest.mark.parametrize(
    "value", [math.inf, -math.inf, math.nan, 1e308, -1e308, 10**400, 0.0], ids=lambda v: repr(v)[:12]
)
@pytest.mark.parametrize(
    "fn",
    [
        "humanize",
        "humanize1024",
        "humanizePercentage",
        "humanizeDuration",
        'printf "%d"',
        'printf "%x"',
        'printf "%.3f"',
        'printf "%e"',
        'printf "%v"',
    ],
)
def test_every_function_renders_any_value_without_raising(fn: str, value: Any) -> None:
    out = compile_template(f"{{{{ $value | {fn} }}}}").render(Context({}, value, {}))
    assert 0 < len(out) <= MAX_RENDERED + 1


def test_printf_d_of_infinity_is_a_placeholder_as_go_would_not_format_it() -> None:
    with pytest.raises(ValueError, match=r"%d cannot format \+Inf"):
        printf("%d", math.inf)


def test_one_alerts_labels_and_annotations_share_a_total_bound() -> None:
    wide = "{{ $labels.big }}"
    rule = {
        "alert": "Many",
        "metric": "gpumemd_gpu_memory_used_bytes",
        "op": ">",
        "threshold": 0,
        "annotations": {f"a{i}": wide for i in range(20)},
    }
    engine = Engine([rule_from_dict(rule)])
    (note,) = engine.evaluate(
        engine.view([gauge("gpumemd_gpu_memory_used_bytes", [({"gpu": "0", "big": "y" * 100_000}, 1.0)])]),
        0.0,
    )
    assert sum(len(v) for v in note.annotations.values()) <= MAX_ALERT_TEXT + 20


# --- a real daemon: one alert's failure, another's delivery ----------------------------------

RULES = [
    {
        "alert": "Fine",
        "metric": "gpumemd_gpu_memory_total_bytes",
        "op": ">",
        "threshold": 0,
        "annotations": {"summary": "GPU {{ $labels.gpu }} is {{ $value | humanize1024 }}B"},
    },
    # used bytes / agent processes (none): +Inf, which %d cannot format (the rule raised before, and every
    # alert of the evaluation was lost)
    {
        "alert": "InfRatio",
        "metric": "gpumemd_gpu_memory_used_bytes",
        "divide_by": "gpumemd_gpu_agent_processes",
        "op": ">",
        "threshold": 1,
        "annotations": {"summary": '{{ printf "%d" $value }} times'},
    },
    {
        "alert": "Wide",
        "metric": "gpumemd_gpu_memory_total_bytes",
        "op": ">",
        "threshold": 0,
        "labels": {"wide": '{{ printf "%250d" $value }}' * 40},
        "annotations": {"summary": '{{ printf "%250d" $value }}' * 40},
    },
    {
        "alert": "Unconvertible",
        "metric": "gpumemd_gpu_memory_total_bytes",
        "op": ">",
        "threshold": 0,
        "annotations": {"summary": "{{ $labels.uuid | humanize }}"},
    },
]


def test_a_real_daemon_sends_every_alert_when_some_templates_cannot_render(tmp_path: Path) -> None:
    rx = Receiver()
    cfg = tmp_path / "gpumemd.yaml"
    cfg.write_text(
        yaml.safe_dump(
            {
                "sampler": {"interval": "100ms"},
                "alerting": {
                    "default_rules": False,
                    "resend_delay": "1h",
                    "rules": RULES,
                    "notifiers": [{"type": "webhook", "url": rx.url, "min_backoff": "50ms"}],
                },
            }
        )
    )
    try:
        with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, proc):

            def sent() -> dict[str, Any]:
                return {a["labels"]["alertname"]: a for b in rx.bodies for a in b["alerts"]}

            assert rx.wait_for(lambda _: set(sent()) == {r["alert"] for r in RULES}, timeout=8), sorted(
                sent()
            )
            got = sent()
            assert got["Fine"]["annotations"]["summary"].startswith("GPU 0 is ")
            assert got["InfRatio"]["annotations"]["summary"] == "<error: %d cannot format +Inf> times"
            assert got["Unconvertible"]["annotations"]["summary"].startswith("<error: cannot convert 'GPU-")
            wide = got["Wide"]
            assert len(wide["annotations"]["summary"]) == MAX_RENDERED + 1
            assert len(wide["labels"]["wide"]) == MAX_RENDERED + 1
            body = scrape(url + "/metrics")
            assert len(body) < 200_000
            s = samples(body)
            failures = {
                dict(lab)["alertname"]: v
                for (n, lab), v in s.items()
                if n == "gpumemd_rule_template_failures_total"
            }
            assert set(failures) == {"InfRatio", "Unconvertible"}
            assert not any(n == "gpumemd_rule_evaluation_failures_total" for n, _ in s)
            assert s[("gpumemd_collector_success", (("collector", "alerts"),))] == 1.0
            proc.terminate()
            log = proc.communicate(timeout=10)[0].decode(errors="replace")
        assert log.count("alert InfRatio: template summary could not render") == 1, log
        assert "Traceback" not in log
    finally:
        rx.close()


def test_a_failing_template_is_counted_each_time_and_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    rule = {
        "alert": "Printed",
        "metric": "gpumemd_gpu_memory_used_bytes",
        "op": "!=",
        "threshold": 0,
        "annotations": {"summary": '{{ printf "%d" $value }}'},
    }
    engine = Engine([rule_from_dict(rule)])
    for t, value in enumerate([math.inf, -math.inf, math.nan, math.inf, -math.inf]):
        engine.evaluate(
            engine.view([gauge("gpumemd_gpu_memory_used_bytes", [({"gpu": "0"}, value)])]), float(t)
        )
    (compiled,) = engine.rules
    assert compiled.template_failures >= 4 and compiled.failures == 0
    assert len([r for r in caplog.records if "could not render" in r.getMessage()]) == 1


def test_serve_refuses_the_wide_printf_at_start_and_a_reload_keeps_the_running_rules(tmp_path: Path) -> None:
    import signal

    wide = {
        "alert": "T",
        "metric": "gpumemd_gpus",
        "annotations": {"summary": '{{ printf "%200000000d" $value }}'},
    }
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"alerting": {"rules": [wide]}}))
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "serve",
            "--config.file",
            str(bad),
            "--replay",
            str(REPLAY),
            "--web.listen-address",
            "127.0.0.1:0",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert (
        out.returncode == 2
        and "template refused: printf width or precision 200000000" in out.stderr + out.stdout
    )

    cfg = tmp_path / "gpumemd.yaml"
    good = {
        "sampler": {"interval": "100ms"},
        "alerting": {"default_rules": False, "notifiers": [], "rules": [RULES[0]]},
    }
    cfg.write_text(yaml.safe_dump(good))
    with gpumemd_process(["--config.file", str(cfg), "--replay", str(REPLAY)]) as (url, proc):
        cfg.write_text(yaml.safe_dump({**good, "alerting": {**good["alerting"], "rules": [RULES[0], wide]}}))
        proc.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 8
        while samples(scrape(url + "/metrics")).get(("gpumemd_config_last_reload_successful", ())) != 0.0:
            assert time.monotonic() < deadline, "the reload was not refused"
            time.sleep(0.05)  # polling another process's reload
        assert {
            a["labels"]["alertname"] for a in json.loads(scrape(url + "/api/v1/alerts"))["data"]["alerts"]
        } == {"Fine"}
