"""`gpumemd explain` shows a rank's allocated memory by category (gpumemd.watch) as a sub-tree
under its "PyTorch allocated", in text and in --json; a daemon's answer with an unknown
category, an unknown `at` or a value that is no size is skipped, never shown."""

from __future__ import annotations

import json

from prometheus_client.core import GaugeMetricFamily

from gpumemd.commands.explain import render, to_json
from gpumemd.commands.node import Node

MiB, GiB = 1 << 20, 1 << 30
UUID = "GPU-0000"
RANK = {"gpu": "0", "uuid": UUID, "rank": "0"}


def fam(name: str, rows: list[tuple[dict[str, str], float]]) -> GaugeMetricFamily:
    f = GaugeMetricFamily(name, "", labels=sorted({k for labels, _ in rows for k in labels}))
    for labels, value in rows:
        f.add_metric([labels[k] for k in f._labelnames], value)
    return f


def families(categories: list[tuple[str, str, float]]) -> list[GaugeMetricFamily]:
    out = [
        fam("gpumemd_gpu_memory_total_bytes", [({"gpu": "0", "uuid": UUID}, 80 * GiB)]),
        fam("gpumemd_gpu_memory_used_bytes", [({"gpu": "0", "uuid": UUID}, 12 * GiB)]),
        fam("gpumemd_process_gpu_memory_used_bytes", [({"gpu": "0", "uuid": UUID, "pid": "7"}, 12 * GiB)]),
        fam("gpumemd_process_rank_info", [({"rank": "0", "pid": "7"}, 1)]),
        fam("gpumemd_allocator_allocated_bytes", [(RANK, 8 * GiB)]),
        fam("gpumemd_allocator_reserved_bytes", [(RANK, 10 * GiB)]),
    ]
    if categories:
        out.append(fam("gpumemd_allocator_category_bytes",
                       [({**RANK, "category": c, "at": at}, v) for c, at, v in categories]))
    return out


CATS = [("parameters", "end", 2 * GiB), ("buffers", "end", 0), ("gradients", "end", 2 * GiB),
        ("optimizer_state", "end", 4 * GiB), ("other", "end", 64 * MiB),
        ("parameters", "peak", 2 * GiB), ("gradients", "peak", 2 * GiB), ("optimizer_state", "peak", 4 * GiB),
        ("other", "peak", 64 * MiB), ("activations", "peak", 6 * GiB)]


def test_the_categories_are_a_subtree_of_pytorch_allocated() -> None:
    text = render(Node.from_families(families(CATS), "test"), [])
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "PyTorch allocated" in line)
    assert lines[at].endswith("8.0 GiB  step peak +6.0 GiB activations"), lines[at]
    under = lines[at + 1:at + 5]
    names = [line.split("─ ")[-1].split()[0:2] for line in under]
    assert [n[0] for n in names] == ["optimizer", "parameters", "gradients", "other"], under  # biggest first
    assert all(len(line) - len(line.lstrip("│ ├└─")) > len(lines[at]) - len(lines[at].lstrip("│ ├└─"))
               for line in under)  # indented one level deeper than "PyTorch allocated"
    assert "buffers" not in text  # zero: left out
    assert "PyTorch cached" in lines[at + 5]  # the tree goes on after the sub-tree


def test_json_carries_both_moments() -> None:
    doc = json.loads(to_json(Node.from_families(families(CATS), "test"), []))
    (proc,) = doc["gpus"][0]["processes"]
    assert proc["categories"]["end"]["optimizer_state"] == 4 * GiB
    assert proc["categories"]["peak"]["activations"] == 6 * GiB


def test_without_categories_nothing_changes_and_bad_rows_are_skipped() -> None:
    plain = render(Node.from_families(families([]), "test"), [])
    assert "by category" not in plain and "step peak" not in plain
    bad = [("parameters", "end", float("nan")), ("secrets", "end", GiB), ("parameters", "later", GiB),
           ("gradients", "end", -1.0)]
    node = Node.from_families(families(bad), "test")
    assert node.gpus[0].processes[0].categories == {}
    assert "step peak" not in render(node, [])


# --- the agent's forecast in explain (docs/forecast.md) ---

FORECAST = [("gpumemd_headroom_bytes", 3 * GiB), ("gpumemd_forecast_tokens", 8192),
            ("gpumemd_forecast_peak_bytes", 90 * GiB), ("gpumemd_forecast_peak_error_bytes", GiB),
            ("gpumemd_forecast_headroom_bytes", -12 * GiB), ("gpumemd_forecast_steps_to_oom", 1200),
            ("gpumemd_forecast_seconds_to_oom", 1500), ("gpumemd_forecast_leak_bytes_per_step", 4 << 20),
            ("gpumemd_forecast_leak_since_step", 1810)]


def with_forecast(rows: list[tuple[str, float]]) -> list[GaugeMetricFamily]:
    return families([]) + [fam(name, [(RANK, value)]) for name, value in rows]


def test_a_rank_over_its_forecast_and_leaking_is_a_finding_with_its_figures() -> None:
    from gpumemd.commands.explain import findings

    node = Node.from_families(with_forecast(FORECAST), "test")
    (p,) = node.gpus[0].processes
    assert (p.headroom, p.forecast_headroom, p.steps_to_oom) == (3 * GiB, -12 * GiB, 1200)
    found = {f.kind: f for f in findings(node)}
    said = found["forecast_oom"].message
    assert "8192 tokens is predicted to peak at 90.0 GiB ± 1.0 GiB: 12.0 GiB more" in said
    assert found["leaking"].message.endswith(
        "leaking 4.0 MiB per optimizer step since step 1810 (its allocated memory at each step's end grows); "
        "at this rate it runs out in 1200 optimizer steps, about 25m 0s")
    text = render(node, findings(node))
    assert "3.0 GiB left at the step peak" in text
    doc = json.loads(to_json(node, findings(node)))
    assert doc["gpus"][0]["processes"][0]["forecast_headroom"] == -12 * GiB


def test_a_rank_whose_batches_fit_has_no_forecast_finding() -> None:
    from gpumemd.commands.explain import findings

    rows = [(n, v) for n, v in FORECAST if "to_oom" not in n and "leak" not in n]
    rows = [(n, 20 * GiB if n == "gpumemd_forecast_headroom_bytes" else v) for n, v in rows]
    node = Node.from_families(with_forecast(rows), "test")
    assert not {"forecast_oom", "leaking"} & {f.kind for f in findings(node)}
    over = [(n, -GiB if n == "gpumemd_headroom_bytes" else v) for n, v in rows]
    assert "1.0 GiB over at the step peak" in render(Node.from_families(with_forecast(over), "test"), [])


def test_forecast_values_that_are_not_figures_are_skipped() -> None:
    bad = [("gpumemd_headroom_bytes", float("nan")), ("gpumemd_forecast_headroom_bytes", float("-inf")),
           ("gpumemd_forecast_peak_bytes", -5.0), ("gpumemd_forecast_steps_to_oom", -1.0),
           ("gpumemd_forecast_seconds_to_oom", float("inf")), ("gpumemd_forecast_tokens", 1e300)]
    node = Node.from_families(with_forecast(bad), "test")
    (p,) = node.gpus[0].processes
    assert (p.headroom, p.forecast_headroom, p.forecast_peak, p.steps_to_oom, p.seconds_to_oom,
            p.forecast_tokens) == (None,) * 6
    assert node.notes  # counted in a note, never shown
