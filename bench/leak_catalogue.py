"""The seeded-leak catalogue: a GPT-2 (124M) training loop per kind of leak
(tests/gpu/leak_scenario.py), each run RUNS times, scored on the top site and its holder.

    python3 bench/leak_catalogue.py --out DIR [--runs 2] [--every 10] [--wave 13]
    python3 bench/leak_catalogue.py --table-from DIR/leak-catalogue.jsonl   # the table again

Writes DIR/leak-catalogue.jsonl (one line per run) and DIR/leak-catalogue.md (the table).
tests/gpu/test_leak_finder_gpu.py runs the same catalogue through `run_catalogue` and asserts
what the table scores. A run's top site is right when it is the seeded line (or, where the
memory is allocated inside the model, the line that calls it; for state created as a side
effect, the line whose tensors the state is created for); its holder is right when kind, name
and the line that grows it are the expected ones (`None`: the catalogue makes no claim).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests/gpu/leak_scenario.py"
LINES = {line.split("# LEAK:")[1].strip(): n for n, line in enumerate(SCRIPT.read_text().splitlines(), 1)
         if "# LEAK:" in line}

# kind -> (the seeded line's marker, (holder kind, holder name, marker of the line that grows it)
# or None where no claim is made); None for the steady control (no site at all)
KINDS: dict[str, tuple[str, tuple[str, str, str | None] | None] | None] = {
    "steady": None,
    "accumulate": ("eval_call", ("autograd", "total", "accumulate")),  # a newer local `val` holds one graph
    "outputs_list": ("model_call", ("local", "outputs", "outputs_list")),
    "hook_cache": ("hook_cache", ("global", "hooked", "hook_cache")),
    "dict_cache": ("dict_cache", ("local", "cache", "dict_cache")),
    "module_attr": ("module_attr", ("module_attr", "model.kept", "module_attr")),
    "closure": ("closure", ("closure", "make_recorder.<locals>.record.seen", "closure")),
    "global_list": ("global_list", ("global", "kept_global", "global_list")),
    "growing_cat": ("growing_cat", ("global", "history", "growing_cat")),
    "opt_state": ("new_param", ("global", "opt.param_groups", None)),  # the root line first
    "lru_cache": ("lru_cache", None),  # functools' C cache: its dict is no attribute (no claim)
    "large_local": ("module_attr", ("module_attr", "model.kept", "module_attr")),
    "hostile": ("hostile", ("global", "blocking.kept", "hostile")),
}
LARGE_LOCAL = 256 << 20


def launch(jobs: list[tuple[str, Path]], *, every: int | None, limit_s: float, wave: int,
           results: Path | None = None) -> list[dict[str, Any]]:
    """One process per (kind, out dir), `wave` at a time (GPT-2 loads in each in parallel,
    the GPU is shared); each run's JSON line, or {"error": ...}."""
    got: list[dict[str, Any]] = []
    for start in range(0, len(jobs), wave):
        procs = []
        for kind, out in jobs[start:start + wave]:
            out.mkdir(parents=True, exist_ok=True)
            argv = [sys.executable, str(SCRIPT), kind, str(out), *([str(every)] if every else [])]
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            procs.append((kind, subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                 text=True, env=env)))
        deadline = time.monotonic() + limit_s
        for kind, proc in procs:
            try:
                stdout, stderr = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                stdout, stderr = proc.communicate()
            lines = stdout.strip().splitlines()
            try:
                out = json.loads(lines[-1]) if proc.returncode == 0 and lines else {"error": stderr[-4000:]}
            except ValueError:
                out = {"error": stderr[-4000:]}
            out["kind"] = kind
            out["stderr"] = stderr
            out.update(score(kind, out))
            got.append(out)
            if results is not None:
                with open(results / "leak-catalogue.jsonl", "a") as f:
                    f.write(json.dumps({k: v for k, v in out.items() if k != "stderr"}) + "\n")
    return got


def score(kind: str, out: dict[str, Any]) -> dict[str, Any]:
    """`site_ok`, `holder_ok` (None: no claim) and what was found, for one run."""
    report = out.get("report")
    if "error" in out or report is None:
        return {"site_ok": False, "holder_ok": False, "found_site": None, "found_holder": None}
    sites = report["sites"]
    want = KINDS[kind]
    if want is None:
        first = None if not sites else f"{sites[0]['file'].rsplit('/', 1)[-1]}:{sites[0]['line']}"
        return {"site_ok": sites == [], "holder_ok": sites == [], "found_site": first, "found_holder": None}
    if not sites:
        return {"site_ok": False, "holder_ok": False, "found_site": None, "found_holder": None}
    top = sites[0]
    held = top.get("retained_by")
    site_ok = top["file"].endswith("leak_scenario.py") and top["line"] == LINES[want[0]]
    holder_ok: bool | None = None
    if want[1] is not None:
        hk, hn, hline = want[1]
        holder_ok = held is not None and (held["kind"], held["name"]) == (hk, hn) and (
            hline is None or held["line"] == LINES[hline])
    found = None if held is None else f"{held['kind']} {held['name']} :{held['line']}"
    return {"site_ok": site_ok, "holder_ok": holder_ok, "found_site": f"leak_scenario.py:{top['line']}",
            "found_holder": found}


def run_catalogue(base: Path, *, runs: int = 2, every: int | None = 10, wave: int = 13,
                  limit_s: float = 150.0, results: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    jobs = [(kind, base / f"{kind}-{i}") for i in range(runs) for kind in KINDS]
    got: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
    outs = launch(jobs, every=every, limit_s=limit_s, wave=wave, results=results)
    for (kind, _), out in zip(jobs, outs, strict=True):
        got[kind].append(out)
    if results is not None:
        (results / "leak-catalogue.md").write_text(table(r for outs in got.values() for r in outs))
    return got


def table(rows: Iterable[dict[str, Any]]) -> str:
    """The catalogue as a Markdown table: per kind, its runs' scores and what was named."""
    by: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(r["kind"], []).append(r)
    out = ["| kind | runs | top site right | holder right | named (first run) | armed step / unarmed |",
           "|---|---|---|---|---|---|"]
    sites = holders = claimed = n_all = 0
    for kind, rs in by.items():
        ok_s = sum(bool(r.get("site_ok")) for r in rs)
        claims = [r for r in rs if r.get("holder_ok") is not None]
        ok_h = sum(bool(r.get("holder_ok")) for r in claims)
        sites += ok_s
        holders += ok_h
        claimed += len(claims)
        n_all += len(rs)
        first = rs[0]
        named = "error" if "error" in first else f"{first.get('found_site')} / {first.get('found_holder')}"
        ratio = ""
        if first.get("step_s_unarmed"):
            ratio = f"{first['step_s_armed'] / first['step_s_unarmed']:.2f}"
        out.append(f"| {kind} | {len(rs)} | {ok_s}/{len(rs)} | "
                   f"{f'{ok_h}/{len(claims)}' if claims else 'no claim'} | {named} | {ratio} |")
    out.append(f"\nTop site right in {sites} of {n_all} runs; holder right in {holders} of {claimed} "
               "claimed.\n")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path)
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--every", type=int, default=10)
    p.add_argument("--wave", type=int, default=13)
    p.add_argument("--limit-s", type=float, default=150.0)
    p.add_argument("--table-from", type=Path)
    a = p.parse_args(argv)
    if a.table_from is not None:
        rows = [json.loads(line) for line in a.table_from.read_text().splitlines() if line.strip()]
        sys.stdout.write(table(rows))
        return 0
    if a.out is None:
        p.error("--out or --table-from")
    a.out.mkdir(parents=True, exist_ok=True)
    got = run_catalogue(a.out / "runs", runs=a.runs, every=a.every, wave=a.wave, limit_s=a.limit_s,
                        results=a.out)
    sys.stdout.write(table(r for outs in got.values() for r in outs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
