"""What reading a configuration costs, at the limits the reader enforces (issue 14).

    python3 bench/config_load.py [--out bench/results/<date>-cpu/config-load.json] [--repeat 3]

Each case runs `gpumemd.config.load` in a fresh subprocess and reports its wall time and
the subprocess's peak RSS (`resource.getrusage(RUSAGE_SELF).ru_maxrss`), next to the peak
RSS of the same interpreter that only imported gpumemd.config (the baseline):

- example: config.example.yaml, every key at its default (a real file);
- accepted-rules: the largest file that passes: alerting.rules up to the reader's cap
  (1 MiB or 100,000 YAML values, whichever comes first; within its 4 times + 1 MiB);
- unknown-keys: just under 1 MiB of `kNNNNN: 1` lines (the most YAML nodes per byte a
  plain file has), refused by the reader's allowance as it builds them (before issue 36's
  reader: by the node cap);
- node-cap: a flow list of small integers, refused at the reader's node cap;
- refused-1GiB: a sparse 1 GiB file (truncate; no data written), refused unread.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpumemd.config import yamlsafe  # noqa: E402

LIMIT = yamlsafe.MAX_FILE_BYTES

_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from gpumemd import config
path = sys.argv[2]
outcome, errors = "ok", 0
t0 = time.perf_counter()
if path != "-":
    try:
        config.load(path)
    except config.ConfigError as exc:
        outcome, errors = "refused", exc.total()
        first = exc.lines()[0][:160]
    else:
        first = ""
else:
    first = ""
wall = time.perf_counter() - t0
print(json.dumps({"wall_s": wall, "peak_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "outcome": outcome, "errors": errors, "first_line": first}))
"""


def _run(path: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT), path], capture_output=True, text=True,
                         timeout=300, check=True)
    return dict(json.loads(out.stdout))


def _write_cases(d: Path) -> dict[str, Path]:
    cases = {"example": ROOT / "config.example.yaml"}
    rule = ("  - alert: Rule{i}\n    metric: gpumemd_gpu_memory_used_bytes\n    op: \">\"\n"
            "    threshold: {i}\n    for: 1m\n    labels: {{severity: warning}}\n")
    text = "alerting:\n  default_rules: false\n  rules:\n"
    parts, size, i = [text], len(text), 0
    # YAML values: 7 for the document around the list, 15 per rule; the reader caps both
    # the bytes and the values, so the largest accepted file meets the first of the two
    max_rules = (yamlsafe.MAX_NODES - 7) // 15
    while i < max_rules:
        r = rule.format(i=i)
        if size + len(r) >= LIMIT:
            break
        parts.append(r)
        size += len(r)
        i += 1
    (d / "accepted-rules.yaml").write_text("".join(parts))
    cases["accepted-rules"] = d / "accepted-rules.yaml"
    lines, size, i = [], 0, 0
    while size + 16 < LIMIT:
        ln = f"k{i}: 1\n"
        lines.append(ln)
        size += len(ln)
        i += 1
    (d / "unknown-keys.yaml").write_text("".join(lines))
    cases["unknown-keys"] = d / "unknown-keys.yaml"
    items = ",".join("1" for _ in range((LIMIT - 16) // 2))
    (d / "node-cap.yaml").write_text(f"x: [{items}]\n")
    cases["node-cap"] = d / "node-cap.yaml"
    big = d / "refused-1GiB.yaml"
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # sparse: no data blocks are written
    cases["refused-1GiB"] = big
    return cases


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument(
        "--out", default=str(ROOT / "bench" / "results" / f"{datetime.date.today()}-cpu" / "config-load.json")
    )
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cases = _write_cases(Path(tmp))
        base = [_run("-") for _ in range(args.repeat)]
        results["baseline"] = {"peak_rss_kib": statistics.median(int(str(r["peak_rss_kib"])) for r in base)}
        for name, path in cases.items():
            runs = [_run(str(path)) for _ in range(args.repeat)]
            results[name] = {
                "file_bytes": os.path.getsize(path),
                "wall_s_median": round(statistics.median(float(str(r["wall_s"])) for r in runs), 4),
                "peak_rss_kib_median": statistics.median(int(str(r["peak_rss_kib"])) for r in runs),
                "outcome": runs[0]["outcome"],
                "errors": runs[0]["errors"],
                "first_line": str(runs[0]["first_line"]).replace(tmp, "<tmp>"),
            }
            print(name, json.dumps(results[name]), flush=True)
    doc = {
        "what": "gpumemd.config.load at the reader's limits; wall time and peak RSS of a fresh subprocess",
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "repeat": args.repeat,
        "results": results,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
