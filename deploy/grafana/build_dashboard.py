"""Write deploy/grafana/gpumemd-dashboard.json (and its copy in the kustomize base).

The dashboard is code here, JSON in the repo: a panel is a title, its PromQL and a unit,
and the layout follows from the order. `python deploy/grafana/build_dashboard.py` rewrites
both files; tests/deploy checks that the committed JSON is what this script writes and
runs every expression against a real Prometheus.

Variables: `datasource` (a datasource variable, not `${DS_PROMETHEUS}`, so the file works
when provisioned as well as imported), `job`, `instance`, `gpu`, `rank`, and `job_id` (the training job, for the job row).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "gpumemd-dashboard.json"
K8S_COPY = HERE.parent / "k8s" / "base" / "gpumemd-dashboard.json"

DS = {"type": "prometheus", "uid": "${datasource}"}
I = 'job=~"$job", instance=~"$instance"'  # noqa: E741 - the selector every query starts with
IG = I + ', gpu=~"$gpu"'
IGR = IG + ', rank=~"$rank"'
J = 'job_id=~"$job_id"'  # the job-wide rules' series (gpumemd/alerts/job_rules.yaml) carry no target labels


# (row title, [(panel title, type, unit, stacked, width, [(expr, legend)], description)])
ROWS: list[tuple[str, list[tuple[str, str, str, bool, int, list[tuple[str, str]], str]]]] = [
    ("Overview", [
        ("GPUs", "stat", "none", False, 4,
         [(f"count(gpumemd_gpu_memory_total_bytes{{{IG}}})", "")], "GPUs reporting."),
        ("Fullest GPU", "stat", "percentunit", False, 4,
         [(f"max(gpumemd_gpu_memory_used_bytes{{{IG}}} / gpumemd_gpu_memory_total_bytes{{{IG}}})", "")],
         "Device memory used / total, highest of the selected GPUs."),
        ("Firing alerts", "stat", "none", False, 4,
         [(f'sum(gpumemd_alerts{{{I}, alertstate="firing"}}) or vector(0)', "gpumemd"),
          ('count(ALERTS{alertstate="firing", job=~"$job", instance=~"$instance"}) or vector(0)', "Prometheus")],
         "Alerts firing in gpumemd's own engine and in Prometheus."),
        ("Targets down", "stat", "none", False, 4,
         [('count(up{job=~"$job", instance=~"$instance"} == 0) or vector(0)', "")], "gpumemd targets Prometheus cannot scrape."),
        ("Oldest sample", "stat", "s", False, 8,
         [(f"max(time() - gpumemd_last_sample_timestamp_seconds{{{I}}})", "")],
         "Age of the newest sample of the stalest daemon: more than a few intervals means the sampler is stuck."),
        ("Device memory used", "timeseries", "percentunit", False, 24,
         [(f"gpumemd_gpu_memory_used_bytes{{{IG}}} / gpumemd_gpu_memory_total_bytes{{{IG}}}",
           "{{instance}} GPU {{gpu}}")], "NVML used / total per GPU."),
    ]),
    ("Where the memory went", [
        ("Device memory by process", "timeseries", "bytes", True, 12,
         [(f"gpumemd_process_gpu_memory_used_bytes{{{IG}}}", "{{instance}} GPU {{gpu}} pid {{pid}} {{pod}}")],
         "NVML's per-process GPU memory (CUDA context included), stacked."),
        ("Every byte of GPU $gpu", "timeseries", "bytes", True, 12,
         [(f"sum by (instance, gpu, category) (gpumemd_gpu_memory_breakdown_bytes{{{IG}}})",
           "{{instance}} {{category}}")],
         "The daemon's breakdown: PyTorch allocated / fragmented / cached, non-PyTorch memory of agents' "
         "processes, other processes, unattributed, driver reserved and free; stacked, they reach the device's "
         "total. One panel per selected GPU."),
        ("Host memory of GPU processes", "timeseries", "bytes", True, 12,
         [(f"gpumemd_process_resident_memory_bytes{{{I}}}", "{{instance}} pid {{pid}}")],
         "Resident host memory of the processes on the GPUs (pinned buffers, dataloaders)."),
        ("Host memory", "timeseries", "bytes", False, 12,
         [(f"gpumemd_host_memory_available_bytes{{{I}}}", "{{instance}} available"),
          (f"gpumemd_host_memory_total_bytes{{{I}}}", "{{instance}} total"),
          (f"gpumemd_host_swap_used_bytes{{{I}}}", "{{instance}} swap used")], ""),
    ]),
    ("PyTorch allocator (agent)", [
        ("Fragmentation", "timeseries", "percentunit", False, 12,
         [(f"gpumemd_allocator_inactive_split_bytes{{{IGR}}} / gpumemd_allocator_reserved_bytes{{{IGR}}}",
           "{{instance}} GPU {{gpu}} rank {{rank}} inactive split"),
          (f"1 - gpumemd_allocator_allocated_bytes{{{IGR}}} / gpumemd_allocator_reserved_bytes{{{IGR}}}",
           "{{instance}} GPU {{gpu}} rank {{rank}} cached")],
         "Share of reserved memory in split blocks that cannot serve a large request; share cached but free."),
        ("Peaks vs device", "timeseries", "percentunit", False, 12,
         [(f"max by (instance, gpu, rank) (gpumemd_allocator_reserved_peak_bytes{{{IGR}}}) / on (instance, gpu) "
           f"group_left () max by (instance, gpu) (gpumemd_gpu_memory_total_bytes{{{IG}}})",
           "{{instance}} GPU {{gpu}} rank {{rank}} reserved peak"),
          (f"max by (instance, gpu, rank) (gpumemd_allocator_allocated_peak_bytes{{{IGR}}}) / on (instance, gpu) "
           f"group_left () max by (instance, gpu) (gpumemd_gpu_memory_total_bytes{{{IG}}})",
           "{{instance}} GPU {{gpu}} rank {{rank}} allocated peak")],
         "Peak since start (or the user's last reset) as a share of the device: headroom before an OOM."),
        ("Alloc retries and OOMs", "timeseries", "none", False, 24,
         [(f"increase(gpumemd_allocator_alloc_retries_total{{{IGR}}}[$__rate_interval])",
           "{{instance}} GPU {{gpu}} rank {{rank}} retries"),
          (f"increase(gpumemd_oom_events_total{{{IGR}}}[$__rate_interval])",
           "{{instance}} GPU {{gpu}} rank {{rank}} OOMs: {{cause}}")],
         "cudaMalloc retries after freeing the cache (thrashing before an OOM), and OOMs by diagnosed cause."),
    ]),
    ("Job (all ranks, across nodes)", [
        ("Worst rank", "table", "bytes", False, 12,
         [(f"job:gpumemd_rank_headroom_bytes:bottomk1{{{J}}}", "")],
         "Per job, the rank with the least headroom (its GPU's free memory plus its own cache, capped by its "
         "limit), with its node and GPU: the rank that will OOM first. From the exported job rules."),
        ("Imbalance: heaviest rank / median rank", "timeseries", "none", False, 12,
         [(f"job:gpumemd_allocated_bytes:imbalance{{{J}}}", "{{job_id}} allocated"),
          (f"job:gpumemd_step_peak_bytes:imbalance{{{J}}}", "{{job_id}} step peak")],
         "1 is balanced; GpumemdJobImbalance fires at 1.3. The step peak decides OOMs."),
        ("Ranks reporting, OOMs and missing ranks", "timeseries", "none", False, 12,
         [(f"job:gpumemd_ranks:count{{{J}}}", "{{job_id}} ranks reporting"),
          (f"job_rank_cause:gpumemd_oom_events:increase10m{{{J}}}", "{{job_id}} rank {{rank}} OOM: {{cause}}"),
          (f"job_rank:gpumemd_rank_missing:1h{{{J}}}", "{{job_id}} rank {{rank}} missing")],
         "A drop in ranks reporting while the job lives is a rank gone (GpumemdJobRankMissing)."),
        ("Worst-rank headroom", "timeseries", "bytes", False, 12,
         [(f"job:gpumemd_rank_headroom_bytes:min{{{J}}}", "{{job_id}}")], "The job's least headroom over time."),
        ("Step peak per rank", "heatmap", "bytes", False, 24,
         [(f"job_rank:gpumemd_step_peak_bytes:max{{{J}}}", "{{rank}}")],
         "One row per rank, the colour its last optimizer step's peak: a stage or expert heavier than the rest "
         "shows as a bright row."),
    ]),
    ("Alerts and collector health", [
        ("Firing alerts", "table", "none", False, 12,
         [(f'sum by (alertname, instance) (gpumemd_alerts{{{I}, alertstate="firing"}})', ""),
          ('sum by (alertname, instance, gpu, rank, severity) (ALERTS{alertstate="firing", job=~"$job", instance=~"$instance"})', "")],
         "gpumemd's own alert engine, and Prometheus's evaluation of the exported rules."),
        ("Collector success", "timeseries", "none", False, 12,
         [(f"gpumemd_collector_success{{{I}}}", "{{instance}} {{collector}}")],
         "1 if the collector's last read succeeded; 0 is logged by the daemon with the reason."),
        ("Collector duration", "timeseries", "s", False, 12,
         [(f"gpumemd_collector_duration_seconds{{{I}}}", "{{instance}} {{collector}}"),
          (f"gpumemd_sample_duration_seconds{{{I}}}", "{{instance}} whole sample")], ""),
        ("Sample staleness and scrapes", "timeseries", "s", False, 12,
         [(f"time() - gpumemd_last_sample_timestamp_seconds{{{I}}}", "{{instance}} sample age"),
          ('scrape_duration_seconds{job=~"$job", instance=~"$instance"}', "{{instance}} scrape duration")],
         "A sample age growing past the interval means the sampler is stuck; scrape duration is Prometheus's view."),
    ]),
]


def _panel(pid: int, title: str, typ: str, unit: str, stacked: bool, width: int,
           targets: list[tuple[str, str]], desc: str, x: int, y: int) -> dict[str, Any]:
    height = 4 if typ == "stat" else 8
    panel: dict[str, Any] = {
        "id": pid, "type": typ, "title": title, "description": desc, "datasource": DS,
        "gridPos": {"h": height, "w": width, "x": x, "y": y},
        "targets": [
            {"datasource": DS, "expr": expr, "legendFormat": legend or "__auto", "refId": chr(ord("A") + i),
             **({"instant": True, "format": "table"} if typ == "table" else {})}
            for i, (expr, legend) in enumerate(targets)
        ],
        "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
        "options": {},
    }
    if typ == "timeseries":
        panel["fieldConfig"]["defaults"]["custom"] = {
            "drawStyle": "line", "fillOpacity": 30 if stacked else 0, "lineWidth": 1,
            "stacking": {"mode": "normal" if stacked else "none", "group": "A"},
        }
        panel["options"] = {"legend": {"displayMode": "table", "placement": "right", "calcs": ["lastNotNull", "max"]},
                            "tooltip": {"mode": "multi", "sort": "desc"}}
    elif typ == "stat":
        panel["options"] = {"reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
                            "colorMode": "value", "graphMode": "area"}
    elif typ == "heatmap":  # each series (rank) a row, as it comes: nothing to bucket
        panel["options"] = {"calculate": False, "yAxis": {"axisPlacement": "left"}, "cellGap": 1,
                            "color": {"mode": "scheme", "scheme": "Oranges", "steps": 64}}
    elif typ == "table":
        panel["transformations"] = [{"id": "merge", "options": {}}]
    return panel


def _variable(name: str, query: str, label: str, include_all: bool = True) -> dict[str, Any]:
    return {
        "name": name, "label": label, "type": "query", "datasource": DS,
        "query": {"query": query, "refId": f"{name}-var"}, "definition": query,
        "refresh": 2, "sort": 3, "multi": True, "includeAll": include_all, "allValue": ".*",
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
    }


def build() -> dict[str, Any]:
    panels: list[dict[str, Any]] = []
    pid, y = 1, 0
    for row_title, row_panels in ROWS:
        panels.append({"id": pid, "type": "row", "title": row_title, "collapsed": False,
                       "gridPos": {"h": 1, "w": 24, "x": 0, "y": y}, "panels": []})
        pid, y, x, row_h = pid + 1, y + 1, 0, 0
        for title, typ, unit, stacked, width, targets, desc in row_panels:
            if x + width > 24:
                x, y, row_h = 0, y + row_h, 0
            p = _panel(pid, title, typ, unit, stacked, width, targets, desc, x, y)
            if "$gpu" in title:  # one panel per selected GPU
                p.update({"repeat": "gpu", "repeatDirection": "h", "maxPerRow": 2})
            panels.append(p)
            pid, x, row_h = pid + 1, x + width, max(row_h, p["gridPos"]["h"])
        y += row_h
    return {
        "uid": "gpumemd-node",
        "title": "gpumemd: GPU memory",
        "description": "Where did my GPU memory go, and will this job OOM? NVML per process, joined with "
                       "PyTorch's allocator per rank.",
        "tags": ["gpumemd", "gpu", "pytorch"],
        "editable": True, "graphTooltip": 1, "refresh": "30s", "schemaVersion": 39, "version": 1,
        "time": {"from": "now-1h", "to": "now"}, "timezone": "",
        "annotations": {"list": []},
        "links": [],
        "templating": {"list": [
            {"name": "datasource", "label": "Data source", "type": "datasource", "query": "prometheus",
             "current": {}, "hide": 0, "refresh": 1, "regex": ""},
            _variable("job", "label_values(gpumemd_build_info, job)", "Job"),
            _variable("instance", 'label_values(gpumemd_build_info{job=~"$job"}, instance)', "Node"),
            _variable("gpu", 'label_values(gpumemd_gpu_memory_total_bytes{job=~"$job", instance=~"$instance"}, gpu)', "GPU"),
            _variable("rank", 'label_values(gpumemd_allocator_reserved_bytes{job=~"$job", instance=~"$instance"}, rank)',
                      "Rank"),
            _variable("job_id", "label_values(job:gpumemd_ranks:count, job_id)", "Training job"),
        ]},
        "panels": panels,
    }


def render() -> str:
    return json.dumps(build(), indent=2) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        stale = [str(p) for p in (OUT, K8S_COPY) if not p.exists() or p.read_text() != text]
        for p in stale:
            print(f"{p} is out of date: run python deploy/grafana/build_dashboard.py", file=sys.stderr)
        return 1 if stale else 0
    for p in (OUT, K8S_COPY):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
