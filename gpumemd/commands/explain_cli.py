"""`gpumemd explain`'s flags and what each combination runs: a node (explain.py), a torch
snapshot or a diff of them (offline), or a whole job from Prometheus (jobview.py).

Exit status: 0 nothing to report, 1 findings, 2 no answer or a bad flag (one line).
"""

from __future__ import annotations

import argparse
import sys

from gpumemd import config as config_mod

from . import flags

# explain, jobview and format are imported where used: building `gpumemd`'s parser (every
# command, serve and run too) must not load them.

__all__ = ["add_arguments", "main"]

# the failed request of a snapshot: at most an exbibyte
_MAX_REQUESTED = 2**60


def add_arguments(p: argparse.ArgumentParser) -> None:
    """explain's flags on its subparser."""
    flags.add_source_flags(p, "explain")
    p.add_argument("--gpu", metavar="N", help="only GPU N")
    p.add_argument("--json", action="store_true", help="JSON for scripts")
    p.add_argument(
        "--snapshot",
        metavar="FILE",
        help="diagnose the OOM of a torch memory snapshot "
        "(a .pickle from gpumemd, torch.cuda.memory._dump_snapshot or Stormlog); offline",
    )
    p.add_argument(
        "--diff",
        nargs="+",
        metavar="SNAPSHOT",
        help="which lines leak: the allocation sites whose live bytes grew from each snapshot "
        "(.pickle with allocation history, taken in order) to the next; offline",
    )
    p.add_argument(
        "--steps",
        metavar="N",
        help="with --diff: optimizer steps from the first snapshot to the last (growth per step)",
    )
    p.add_argument(
        "--what-if",
        action="store_true",
        help="with --snapshot: replay its allocation history under each allocator setting "
        "(would the OOM have happened; the peak reserved)",
    )
    p.add_argument(
        "--requested",
        metavar="BYTES",
        help="with --snapshot: the failed request's size, where the snapshot holds no OOM event",
    )
    p.add_argument(
        "--prometheus",
        metavar="URL",
        help="a whole job across nodes, read from this Prometheus (with --job; without it, the jobs it sees)",
    )
    p.add_argument("--job", metavar="ID", help="with --prometheus: the job_id to explain")


def main(args: argparse.Namespace) -> int:
    """0: nothing to report; 1: findings; 2: no answer (no daemon at --url, no NVML here) or a bad flag."""
    from . import explain

    try:  # every value checked before anything is read
        gpu = flags.integer(args.gpu, "--gpu", 0)
        steps = flags.integer(args.steps, "--steps", 1)
        requested = flags.integer(args.requested, "--requested", 1, _MAX_REQUESTED)
        timeout = flags.timeout(args)
    except config_mod.ConfigError as exc:
        return flags.report(exc)
    if args.what_if and not args.snapshot:
        print("gpumemd explain: --what-if: needs --snapshot FILE", file=sys.stderr)
        return 2
    if args.diff:
        return _diff(args, steps)
    if args.snapshot:
        return _what_if(args) if args.what_if else _snapshot(args, requested)
    if args.prometheus:
        return _job(args, timeout)
    got = flags.node_reader(args, "explain", timeout)
    if isinstance(got, int):
        return got
    read, close = got
    try:
        node = read()
    except (OSError, ValueError, explain.NoGpu) as exc:
        print(f"gpumemd explain: {explain.reachable_error(exc)}", file=sys.stderr)
        return 2
    finally:
        close()
    found = explain.findings(node)
    if gpu is not None and all(g.gpu != gpu for g in node.gpus):
        print(
            f"gpumemd explain: --gpu {gpu}: no such GPU (have: "
            f"{', '.join(str(g.gpu) for g in node.gpus) or 'none'})",
            file=sys.stderr,
        )
        return 2
    ascii_only = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") != "utf8"
    sys.stdout.write(
        explain.to_json(node, found, gpu)
        if args.json
        else explain.render(node, found, gpu=gpu, ascii_only=ascii_only)
    )
    return 1 if [f for f in found if gpu is None or f.gpu in (None, gpu)] else 0


def _snapshot(args: argparse.Namespace, requested: int | None) -> int:
    """`explain --snapshot FILE`: 1 with a diagnosis, 2 when the file is not a snapshot."""
    from gpumemd.diagnosis.snapshot import SnapshotUnreadable

    from . import snapshots
    from .format import strict_json

    try:
        d, lacking = snapshots.explain_snapshot(args.snapshot, requested)
    except SnapshotUnreadable as exc:
        print(f"gpumemd explain: {exc}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(strict_json({**d.to_json(), "lacking": list(lacking)}))
    else:
        print(f"cause: {d.cause}\n  {d.summary}\nfix: {d.fix}")
        for conf in d.does_not_help:
            print(f"does not help: PYTORCH_CUDA_ALLOC_CONF={conf}")
        for line in lacking:
            print(f"lacking: {line}")
    return 1


def _what_if(args: argparse.Namespace) -> int:
    """`explain --snapshot FILE --what-if`: 1 with an answer, 2 without one (what it lacks said)."""
    from gpumemd.diagnosis.snapshot import SnapshotUnreadable

    from . import whatif

    try:
        w = whatif.what_if_snapshot(args.snapshot)
    except SnapshotUnreadable as exc:
        print(f"gpumemd explain: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(whatif.to_json(w) if args.json else whatif.render(w))
    return 1 if w.outcomes else 2


def _diff(args: argparse.Namespace, steps: int | None) -> int:
    """`explain --diff A B [...]`: 1 with growing sites, 0 without, 2 when a file is not a snapshot."""
    from gpumemd.diagnosis.snapshot import SnapshotUnreadable

    from . import snapshots
    from .format import strict_json

    if not 2 <= len(args.diff) <= snapshots.MAX_DIFF_FILES:
        print(
            f"gpumemd explain: --diff: expected 2 to {snapshots.MAX_DIFF_FILES} snapshot files, in the order "
            "they were taken",
            file=sys.stderr,
        )
        return 2
    try:
        report = snapshots.explain_diff(args.diff, steps)
    except SnapshotUnreadable as exc:
        print(f"gpumemd explain: {exc}", file=sys.stderr)
        return 2
    per = "step" if steps is not None else "interval"  # growth per step, else per snapshot interval
    if args.json:
        sys.stdout.write(strict_json({**report.to_json(), "per": per}))
    else:
        sys.stdout.write(snapshots.render_diff(report, per=per))
    return 1 if report.sites else 0


def _job(args: argparse.Namespace, timeout: float) -> int:
    """`explain --prometheus URL [--job ID]`: 1 with an actionable finding (jobview.actionable:
    the job alerts' conditions), 0 without, 2 when Prometheus gives no readable answer (one
    line, never a traceback)."""
    from gpumemd.httpclient import redact

    from . import explain, jobview
    from .format import strict_json

    where = redact(args.prometheus)
    try:
        if args.job is None:
            seen, notes = jobview.jobs(args.prometheus, timeout)
            sys.stdout.write(
                strict_json({"source": where, "jobs": seen, "notes": notes})
                if args.json
                else jobview.render_jobs(seen, where)
            )
            return 0
        job = jobview.from_prometheus(args.prometheus, args.job, timeout)
    except (OSError, ValueError, RecursionError) as exc:
        print(f"gpumemd explain: {where}: {explain.reachable_error(exc)}", file=sys.stderr)
        return 2
    found = jobview.job_findings(job)
    sys.stdout.write(jobview.to_json(job, found) if args.json else jobview.render(job, found))
    return 1 if jobview.actionable(found) else 0
