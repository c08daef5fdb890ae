"""What configuration YAML costs per byte of the file (`yamlsafe.load_file`: tracemalloc's peak
over the file's size, the file's own bytes included) and how long it takes (best of 3, no
tracemalloc), on the project's own files and on files built to be large or costly.

Runs on any tree (`yamlsafe.estimate`, the price of what is built, only where the tree has it),
so the same command measures main and a branch:

    PYTHONPATH=<tree> python bench/yaml_budget.py --out <dir>/<tree>.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.parser_budget import peak, write_rows  # noqa: E402

MIB = 1 << 20
OURS = ["config.example.yaml", "gpumemd/alerts/defaults.yaml", "gpumemd/alerts/job_rules.yaml",
        "deploy/k8s/base/gpumemd.yaml", "deploy/k8s/components/pod-attribution/gpumemd.yaml"]


def up_to(line: str, size: int, start: str = "", count: int = 1 << 30) -> str:
    """`start`, then `line.format(i=i)` for i = 0, 1, ... while the text stays within `size` bytes
    (and `count` lines)."""
    parts, total, i = [start], len(start), 0
    while total + len(line.format(i=i)) <= size and i < count:
        parts.append(line.format(i=i))
        total += len(parts[-1])
        i += 1
    return "".join(parts)


def rule_file(n: int) -> str:
    import yaml  # noqa: PLC0415

    rules = yaml.safe_load((ROOT / "gpumemd/alerts/defaults.yaml").read_text())["rules"]
    out = [{**rules[i % len(rules)], "alert": f"{rules[i % len(rules)]['alert']}{i}"} for i in range(n)]
    return yaml.safe_dump(json.loads(json.dumps({"rules": out})), sort_keys=False, width=120)


TERSE = ("  - alert: Rule{i}\n    metric: gpumemd_gpu_memory_used_bytes\n    op: \">\"\n"
          "    threshold: {i}\n    for: 1m\n    labels: {{severity: warning}}\n")
BILLION_LAUGHS = (
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b]\n"
)


def cases() -> list[tuple[str, str, str]]:
    """(kind, name, text): the project's files, then built ones."""
    out = [("real", name, (ROOT / name).read_text()) for name in OURS]
    out += [
        ("legitimate", "600 rules (the default rules, renamed)", rule_file(600)),
        # 15 values a rule, 7 around them: as many as the node cap lets in (bench/config_load's)
        ("legitimate", "6,666 terse rules (bench/config_load's accepted-rules)",
         up_to(TERSE, MIB - 1, "alerting:\n  default_rules: false\n  rules:\n", count=(100_000 - 7) // 15)),
        ("legitimate", "long keys and values (1,000 characters) to 1 MiB",
         up_to("k{i:0>1000}: v{i:0>1000}\n", MIB)),
        ("legitimate", "nested 64 deep, once", "a: " + "[" * 61 + "{b: [1, 2.5, x]}" + "]" * 61 + "\n"),
        ("costly", "100,000 one-character scalars, flow", "[" + ",".join(["a"] * 99_999) + "]"),
        ("costly", "100,000 one-character scalars, block", "- a\n" * 99_999),
        ("costly", "nested 64 deep, repeated to 256 KiB",
         up_to("- " + "[" * 62 + "a{i}" + "]" * 62 + "\n", 256 << 10)),
        ("costly", "distinct short keys to 1 MiB (bench/config_load's unknown-keys)",
         up_to("k{i}: 1\n", MIB)),
        ("costly", "many tiny maps (a map a line)", "- {k: 1}\n" * 33_000),
        ("costly", "many empty maps, flow", "[" + ",".join(["{}"] * 99_000) + "]"),
        ("costly", "node cap: 150,000 small integers", "x: [" + "1," * 150_000 + "1]\n"),
        ("costly", "anchors and aliases: billion laughs", BILLION_LAUGHS),
        ("costly", "anchors and aliases: one anchor, 100,000 aliases",
         "a: &a x\nb: [" + ",".join(["*a"] * 100_000) + "]\n"),
    ]
    return out


def _best(read: Callable[[], Any], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            read()
        except Exception:  # noqa: BLE001,S110 (what the reader refuses is timed too)
            pass
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    from gpumemd.config import yamlsafe  # noqa: PLC0415

    estimate = getattr(yamlsafe, "estimate", None)  # getattr: a tree before issue 36's reader has none
    tmp = Path(tempfile.mkdtemp(prefix="yaml-budget-"))
    rows = []
    for kind, name, text in cases():
        path = tmp / "c.yaml"
        path.write_text(text)
        size = path.stat().st_size
        used, outcome, _ = peak(lambda p=path: yamlsafe.load_file(p))
        priced = None
        if estimate is not None and outcome == "read":
            priced = estimate(text)
        seconds = _best(lambda p=path: yamlsafe.load_file(p))
        rows.append({"kind": kind, "document": name, "bytes": size, "peak_bytes": int(used),
                     "peak_per_input_byte": round(used / size, 2), "priced_bytes": priced,
                     "priced_per_input_byte": None if priced is None else round(priced / size, 2),
                     "outcome": outcome, "seconds_best_of_3": round(seconds, 5)})
        shown = "" if priced is None else f"priced {priced / size:6.2f}x"
        print(f"{kind:10} {name[:60]:60} {size:>8} B  peak {used / size:7.2f}x {shown:15} "
              f"{seconds:8.4f}s  {outcome[:70]}", flush=True)
    write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
