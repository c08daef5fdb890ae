"""Re-score a committed OOM corpus offline: each row's recorded accounting, rebuilt from its
`.diagnosis.json` figures, diagnosed again by the current `diagnose` (no GPU, no torch).

    python3 bench/oom_corpus_rescore.py [--corpus bench/results/2026-11-28-h100-oom-corpus/corpus.jsonl]
                                        [--out DIR] [--replay TRACES]

A row is rebuilt only from what its diagnosis recorded (`figures`: the accounting summarised,
pools by (pool, stream), no block lists). Where a figure the model now reads was not recorded
(the small pool's share of a pool's free bytes, `small_free`, came later), the row is rebuilt
with it absent (0) and says so; where the row has no diagnosis at all, it is not rebuilt and
the reason is written. The truth is the scenario's own cause (bench/oom_corpus.md); the
re-run outcome of the new remedy is the corpus's where it re-ran that same remedy.

Writes DIR/rescore.csv and DIR/rescore.md (DIR: --out, else printed only).

`--replay TRACES [TRACES ...]` instead replays each row's recorded trace (found in TRACES by its
file name: the corpus's agent/traces, one directory per shard) through today's allocator
what-if, under every setting the corpus replayed it (`simulate`), and sets the verdict and peak
reserved beside those the corpus recorded and beside the real run's (`real`, `real_peak`: the
run under that setting, the row's own or a re-run or sibling): a change of the model shows as a
changed row, a replay the real run contradicts as `agrees` no. A graph_pools row adds its truth
re-run (the graph or MemPool dropped and the cache emptied before the request) against the
replay with the private pools released there (`+ pools released`). `--where graph,mempool`
keeps the rows whose memory sits there. Writes DIR/replay.csv and DIR/replay.md.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.oom_corpus import Scenario, simulate  # noqa: E402
from gpumemd.diagnosis.accounting import (  # noqa: E402
    AllocatorConfig,
    OomAccounting,
    OtherProcess,
    PoolAccount,
)
from gpumemd.diagnosis.oom import diagnose, remedy_fits  # noqa: E402
from gpumemd.fs.safe import write_user_file  # noqa: E402

DEFAULT = ROOT / "bench" / "results" / "2026-11-28-h100-oom-corpus" / "corpus.jsonl"

_POOL_FIELDS = {"pool", "stream", "segments", "reserved", "allocated", "free", "largest_free", "free_pages",
                "releasable", "small_free"}
_CONFIG_FIELDS = {"backend", "expandable_segments", "max_split_size", "uses_cuda_ipc", "text"}


def rebuild(diagnosis: Mapping[str, Any]) -> tuple[OomAccounting | None, list[str]]:
    """(the accounting a diagnosis recorded, what it lacked for today's model); None and the
    reason where it cannot be rebuilt."""
    figs = diagnosis.get("figures")
    if not isinstance(figs, dict) or not figs:
        return None, ["the diagnosis recorded no figures"]
    notes = []
    pools = None
    if isinstance(figs.get("pools"), list) and figs.get("default_free") is not None:
        pools = tuple(PoolAccount(**{k: v for k, v in p.items() if k in _POOL_FIELDS}) for p in figs["pools"])
        if any("small_free" not in p for p in figs["pools"]):
            notes.append("small_free absent")
    others = figs.get("others")
    cfg = figs.get("config") or {}
    acc = OomAccounting(
        requested=figs.get("requested"),
        device=figs.get("device") or 0,
        stream=figs.get("stream"),
        device_total=figs.get("device_total"),
        device_free=figs.get("device_free"),
        gpu_free=figs.get("gpu_free"),
        limit=figs.get("limit"),
        limit_by=figs.get("limit_by") or "fraction",
        mps_limit_by=figs.get("mps_limit_by") or "job",
        fraction_set_by=figs.get("fraction_set_by") or "call",
        allocated=figs.get("allocated"),
        reserved=figs.get("reserved"),
        pools=pools,
        process_used=figs.get("process_used"),
        context_baseline=figs.get("context_baseline"),
        others=None if others is None else tuple(
            OtherProcess(o["pid"], o["used_bytes"], o.get("rank"), o.get("name")) for o in others),
        config=AllocatorConfig(**{k: v for k, v in cfg.items() if k in _CONFIG_FIELDS}),
        step=figs.get("step"),
        step_ends=tuple((int(s), int(a)) for s, a in figs.get("step_ends") or ()),
        categories=tuple((str(c), int(n)) for c, n in figs.get("categories") or ()),
        missing=tuple(diagnosis.get("missing") or ()),
    )
    return acc, notes


def _remedy_text(remedy: Mapping[str, Any] | None) -> str:
    if not remedy:
        return ""
    kind = remedy.get("kind", "")
    extra = remedy.get("alloc_conf") or remedy.get("fraction")
    return f"{kind} {extra}" if extra is not None else str(kind)


def _rerun(row: Mapping[str, Any], remedy: Mapping[str, Any]) -> str:
    """The corpus's re-run of this same remedy: 'fit', 'oom', 'not run', or '' (none re-ran it)."""
    kind = remedy.get("kind")
    for r in row.get("reruns") or ():
        what = str(r.get("what", ""))
        if kind == "none" or not what.startswith(str(kind)):
            continue
        if r.get("error"):
            return "not run"
        return "oom" if r.get("oom") else "fit" if r.get("oom") is False else ""
    return ""


def rescore(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        before = row.get("diagnosis") or {}
        entry: dict[str, Any] = {
            "scenario": row.get("scenario"), "truth": row.get("cause"),
            "before": row.get("cause_said") or "", "before_remedy": _remedy_text(before.get("remedy")),
        }
        if not before:
            entry.update(after="", after_remedy="", rerun="", note="not rebuilt: no diagnosis was written "
                         f"(observer_installed {row.get('base', {}).get('observer_installed')})")
            out.append(entry)
            continue
        acc, notes = rebuild(before)
        if acc is None:
            entry.update(after="", after_remedy="", rerun="", note="not rebuilt: " + "; ".join(notes))
            out.append(entry)
            continue
        d = diagnose(acc)
        assert remedy_fits(acc, d.remedy)
        entry.update(after=d.cause, after_remedy=_remedy_text(d.remedy),
                     does_not_help=" ".join(d.does_not_help), rerun=_rerun(row, d.remedy),
                     note="; ".join(notes))
        out.append(entry)
    return out


COLUMNS = ["scenario", "truth", "before", "after", "before_remedy", "after_remedy", "does_not_help",
           "rerun", "note"]


def table(entries: list[dict[str, Any]]) -> str:
    built = [e for e in entries if e["after"]]
    right_before = sum(e["before"] == e["truth"] for e in built)
    right_after = sum(e["after"] == e["truth"] for e in built)
    lines = [f"rebuilt {len(built)} of {len(entries)}; cause right before {right_before}, "
             f"after {right_after} (of the rebuilt)", "",
             "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for e in entries:
        mark = "" if not e["after"] or e["after"] == e["truth"] else " (miss)"
        cells = [str(e.get(c, "")) + (mark if c == "after" else "") for c in COLUMNS]
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines) + "\n"


REPLAY_COLUMNS = ["scenario", "setting", "real", "recorded_verdict", "verdict", "agrees", "real_peak", "peak",
                  "peak_vs_real", "recorded_peak", "path", "changed"]


def _path(sim: Mapping[str, Any]) -> str:
    """How the replayed program's path left the recorded one."""
    notes = []
    if sim.get("early_ooms_fit"):
        notes.append(f"{sim['early_ooms_fit']} earlier caught OOMs fit (diverged)")
    if sim.get("caught_sooner"):
        n = sim["caught_sooner"]
        notes.append(f"a caught OOM came sooner: {n} allocation{'s' * (n != 1)} left out")
    return "; ".join(notes)


def _find(name: str, traces: list[Path]) -> Path | None:
    return next((d / name for d in traces if (d / name).is_file()), None)


def replay_rows(rows: list[dict[str, Any]], traces: list[Path],
                where: set[str] | None = None) -> list[dict[str, Any]]:
    """Each replay the corpus recorded (its own setting, each re-run's, each sibling's), again."""
    out = []
    for row in rows:
        base = row.get("base") or {}
        if not base.get("trace") or (where is not None and row.get("where") not in where):
            continue
        path = _find(Path(base["trace"]).name, traces)
        if path is None:
            continue
        local = {**base, "trace": str(path)}
        s = Scenario(row["cause"], row["conf"], row["timing"], row["where"], row["size"])
        recorded = [(row["conf"], row.get("sim_own"), base.get("oom"), base.get("peak_reserved"), False)]
        recorded += [(x["conf"], x.get("sim"), x.get("oom"), x.get("peak_reserved"), False)
                     for x in [*(row.get("reruns") or ()), *(row.get("siblings") or ())]]
        truth = row.get("truth") or {}
        if row.get("cause") == "graph_pools" and truth.get("oom") is not None:  # truth: the pools released
            recorded.append((row["conf"], {}, truth["oom"], truth.get("peak_reserved"), True))
        for conf, was, real, real_peak, released in recorded:
            if was is None or (not was and not released):
                continue
            now = simulate(local, s, conf, release_pools=released) or {}
            verdict, peak = now.get("verdict"), now.get("peak_reserved")
            real_verdict = {True: "oom", False: "fits"}.get(real, "")
            setting = (conf or "native") + (" + pools released" if released else "")
            entry = {"scenario": row["scenario"], "setting": setting, "real": real_verdict,
                     "recorded_verdict": was.get("verdict"), "verdict": verdict,
                     # a replay whose program diverged (an earlier caught OOM fits) is not judged
                     "agrees": "" if verdict not in ("oom", "fits") or not real_verdict
                     or now.get("early_ooms_fit") else "yes" if verdict == real_verdict else "no",
                     "real_peak": real_peak, "peak": peak,
                     "peak_vs_real": f"{100 * (peak - real_peak) / real_peak:+.2f} %"
                     if isinstance(peak, int) and isinstance(real_peak, int) and real_peak else "",
                     "recorded_peak": was.get("peak_reserved"), "path": _path(now)}
            same = all(was.get(k) == now.get(k) for k in ("verdict", "peak_reserved", "early_ooms_fit"))
            entry["changed"] = "" if same else "new" if released else "yes"
            out.append(entry)
    return out


def replay_table(entries: list[dict[str, Any]]) -> str:
    changed = sum(bool(e["changed"]) for e in entries)
    judged = [e for e in entries if e["agrees"]]
    agree = sum(e["agrees"] == "yes" for e in judged)
    devs = [abs(float(e["peak_vs_real"].split()[0])) for e in entries if e["peak_vs_real"]]
    within = sum(d <= 2.0 for d in devs)
    lines = [f"replayed {len(entries)}; verdict or peak reserved changed in {changed} (`changed`: verdict, "
             "peak reserved or earlier caught OOMs that fit differ from the corpus's replay)",
             f"verdict against the real run: {agree} of {len(judged)} agree, "
             f"{sum(not e['agrees'] for e in entries)} not judged (n/a, diverged or no real run); "
             f"peak reserved within 2 % of the real run's in {within} of {len(devs)}"
             + (f" (largest {max(devs):.2f} %)" if devs else ""), "",
             "| " + " | ".join(REPLAY_COLUMNS) + " |", "|" + "---|" * len(REPLAY_COLUMNS)]
    lines += ["| " + " | ".join(str(e.get(c) if e.get(c) is not None else "") for c in REPLAY_COLUMNS) + " |"
              for e in entries]
    return "\n".join(lines) + "\n"


def _write(out: Path, name: str, columns: list[str], entries: list[dict[str, Any]], md: str) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows(entries)
    write_user_file(out / f"{name}.csv", buf.getvalue().encode())
    write_user_file(out / f"{name}.md", md.encode())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--replay", type=Path, metavar="TRACES", nargs="+",
                    help="replay the recorded traces found in TRACES instead of re-diagnosing")
    ap.add_argument("--where", default="", help="with --replay: only rows whose memory sits there (a,b)")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in args.corpus.read_text().splitlines() if line.strip()]
    if args.replay is not None:
        replays = replay_rows(rows, args.replay, set(args.where.split(",")) if args.where else None)
        md = replay_table(replays)
        print(md)
        if args.out is not None:
            _write(args.out, "replay", REPLAY_COLUMNS, replays, md)
        return 0
    entries = rescore(rows)
    md = table(entries)
    print(md)
    if args.out is not None:
        _write(args.out, "rescore", COLUMNS, entries, md)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
