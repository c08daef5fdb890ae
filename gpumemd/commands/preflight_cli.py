"""`gpumemd preflight`: will a training job fit, before it is launched (docs/preflight.md).

The job (a `module:function` factory, or a script) runs its first steps on fake tensors in
`gpumemd.preflight` (torch, loaded only here, when the command runs); the device it is judged
against is a named GPU, a total, a node's daemon (`--node URL`, read like `explain --url`), or
this machine's GPU sampled with the daemon's sources. The overheads come from what the agents
measured (that node's, a saved scrape's: `--calibration FILE`, or a fleet's in Prometheus:
`--prometheus URL`, `fleet.py`): the job's model's, nearest each shape, where an agent ran it
(`diagnosis.calibration`); else the node's processes' non-PyTorch bytes; else the documented
defaults.

Exit status: 0 fits, 1 does not fit (at the interval's top), 2 could not tell (no device,
the job could not run on fake tensors, a bad flag, an unreachable node).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from gpumemd import config as config_mod
from gpumemd.diagnosis.calibration import MAX_MEASUREMENTS, Measurement, measurements
from gpumemd.sources import mps_limit

from . import flags

if TYPE_CHECKING:  # imported where used: building `gpumemd`'s parser must not load the diagnoses
    from gpumemd.preflight import Device
    from gpumemd.preflight.padcache import Decisions

    from . import fleet

__all__ = ["add_arguments", "main"]

MAX_SHAPES = 32
MAX_STEPS = 8
MAX_WORLD = 1 << 16
MAX_TOTAL = 1 << 50  # a GPU of a pebibyte: past it, not a GPU's total
MAX_SIZE = 1 << 24  # a batch or sequence past this is not a shape anyone runs (the search's ceiling too)
MAX_SINCE = 366 * 86400.0  # --since: a year of runs at most
_NON_PYTORCH = "gpumemd_process_non_pytorch_bytes"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """preflight's flags on its subparser."""
    p.add_argument("target", metavar="MODULE:FUNCTION|SCRIPT.py",
                   help="a factory returning (model, optimizer, batch_fn) or a gpumemd.preflight.Job; "
                   "or a training script, run until its optimizer has stepped --steps times (its own "
                   "arguments after --)")
    p.add_argument("--shape", action="append", metavar="BxS",
                   help="batch x sequence to run (repeat for several; default 1x512; a script runs its own)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--gpu", metavar="NAME", help="a GPU from the table (H100-80GB, H200, A100-80GB, ...)")
    where.add_argument("--total", metavar="BYTES", help="a GPU of this many bytes")
    where.add_argument("--node", metavar="URL", help="a running gpumemd serve: its GPU's free memory, "
                       "other processes and the agents' measured non-PyTorch bytes")
    where.add_argument("--here", action="store_true", help="this machine's GPU (sampled as serve would)")
    p.add_argument("--gpu-index", metavar="N", help="with --node/--here: this GPU (default: the most free)")
    p.add_argument("--calibration", metavar="FILE",
                   help="a saved scrape (/metrics text, an agent's or a daemon's): the agents' calibration "
                   f"of this model by shape, and their {_NON_PYTORCH}")
    p.add_argument("--prometheus", metavar="URL",
                   help="a Prometheus that scrapes the fleet's daemons or agents: the agents' calibration of "
                   "this model, from every run within --since")
    p.add_argument("--match", action="append", metavar="MATCHER",
                   help='with --prometheus: only the series these label matchers select (cluster="a", '
                   'instance=~"gpu-node-.*"; repeat for more)')
    p.add_argument("--since", metavar="DURATION",
                   help="with --prometheus: runs whose last figures are this recent (default 7d)")
    p.add_argument("--alloc-conf", metavar="PYTORCH_CUDA_ALLOC_CONF",
                   help="the job's allocator settings (expandable_segments:True, max_split_size_mb:N, ...)")
    p.add_argument("--world", metavar="N", default="1",
                   help="ranks of the job (NCCL's bytes; per-rank figures)")
    p.add_argument("--search", choices=["batch", "seq"],
                   help="find the largest batch (or sequence) that fits at the last shape")
    p.add_argument("--steps", metavar="N", default="2", help="training steps to run (default 2: the "
                   "optimizer's state exists in the second)")
    p.add_argument("--compile", action="store_true",
                   help="the model runs torch.compile'd (found by itself where the job compiles it)")
    p.add_argument("--inductor-cache", metavar="DIR",
                   help="inductor's cache whose padding decisions (timed on the GPU where the job "
                   "compiled) a compiled step takes (default: the job's own, TORCHINDUCTOR_CACHE_DIR "
                   "or inductor's default; 'none': none)")
    p.add_argument("--timeout", default="5s", help="the longest the node's answer may take (default 5s)")
    p.add_argument("--json", action="store_true", help="JSON for scripts and schedulers")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="every figure of every shape and each note whole (default: one screen)")


def _shapes(values: list[str] | None) -> list[tuple[int, int]]:
    out = []
    for value in (values or ["1x512"])[:MAX_SHAPES + 1]:
        batch, sep, seq = value.lower().partition("x")
        if not sep:
            raise config_mod.ConfigError([f"--shape: {value[:40]!r}: expected BATCHxSEQUENCE, e.g. 8x1024"])
        b = flags.integer(batch, "--shape (batch)", 1, MAX_SIZE)
        s = flags.integer(seq, "--shape (sequence)", 1, MAX_SIZE)
        assert b is not None and s is not None
        out.append((b, s))
    if len(out) > MAX_SHAPES:
        raise config_mod.ConfigError([f"--shape: at most {MAX_SHAPES} shapes"])
    return out


def _measured(text: str, source: str) -> tuple[list[int], list[Measurement]]:
    """The non-PyTorch bytes of each process in a saved scrape (an agent's own series, or a
    daemon's: each agent's process as `explain` splits it) and the agents' calibration by model."""
    from .client import parse_exposition
    from .node import Node

    series, _ = parse_exposition(text)
    own = [int(v) for _, v in series.get(_NON_PYTORCH, []) if 0 < v < MAX_TOTAL]
    return own + _agents(Node.from_series(series, source)), measurements(series, source)[0]


def _agents(node: Any) -> list[int]:
    return [p.non_pytorch for g in node.gpus for p in g.processes if p.agent and p.non_pytorch > 0]


def _node_device(args: argparse.Namespace, index: int | None,
                 timeout: float) -> tuple[Any, list[int], list[Measurement]]:
    """The device, the measured non-PyTorch bytes and the agents' calibration by model from a
    daemon (--node) or this machine (--here)."""
    from gpumemd.preflight import Device

    from . import client, explain
    from .node import Node, series_of

    if args.node:
        got = client.read_daemon(args.node, timeout)
        node = Node.from_series(got.series, f"gpumemd serve at {got.base}", got.alerts, got.skips)
        series = got.series
    else:
        node, families = explain.local_families(config_mod.Config())
        series = series_of(families)
    gpus = [g for g in node.gpus if index is None or g.gpu == index]
    if not gpus:
        raise explain.NoGpu(f"no GPU {index}" if index is not None else "no GPU")
    g = max(gpus, key=lambda g: g.free)
    limit, by = _mps_limit(g.mps_limit, mps_limit.for_gpu(os.environ, g.gpu, g.uuid))
    whose = {"node": "the node's MPS control daemon", "job": f"{mps_limit.ENV_VAR} in this environment"}
    mps = "" if limit is None else f", an MPS client's limit {limit} B ({whose[by]})"
    mps += "" if g.mps_threads is None else f", {g.mps_threads:g} % of its threads under MPS"
    return (Device(g.name or f"GPU {g.gpu}", g.total, g.reserved, g.used,
                   source=f"GPU {g.gpu} of {node.source}: {g.free} B free{mps}",
                   free=g.free if g.free or g.used else None,  # both 0: the node exported neither
                   mps_limit=limit, mps_limit_by=by), _agents(node),
            measurements(series, node.source)[0])


def _mps_limit(node: int | None, job: int | None) -> tuple[int | None, str]:
    """The job's MPS limit: the smaller of the node's (its control daemon's, for a client of
    that GPU) and its own environment's (`CUDA_MPS_PINNED_DEVICE_MEM_LIMIT`, where set: a client's
    own limit below the server's holds, above it the server's does; docs/preflight.md), and whose
    ("node", "job"; "" without one)."""
    if job is not None and (node is None or job < node):
        return job, "job"
    return node, "" if node is None else "node"


def _pads(directory: str | None, gpu: str | None) -> Decisions:
    """--inductor-cache's decisions ('none': none), of the GPU `gpu` where it is named."""
    from gpumemd.preflight.padcache import Decisions, read_decisions

    return Decisions() if directory == "none" else read_decisions(directory or None, gpu)


def _gpu_name(args: argparse.Namespace, device: Device | None) -> str | None:
    """The target GPU's kind: --gpu's, or NVML's name of the node's GPU (None: --total, or a GPU
    the node did not name, shown as "GPU n")."""
    if args.gpu:
        return str(args.gpu)
    if device is None or not (args.node or args.here) or device.name.startswith("GPU "):
        return None
    return device.name


def _fleet(args: argparse.Namespace, timeout: float) -> fleet.Fleet | None:
    """--prometheus's source (None without it), its --match and --since checked; ConfigError."""
    from . import fleet

    match = fleet.matchers(args.match)
    since = config_mod.flag_duration(args.since or "7d", "--since", 1.0, MAX_SINCE)
    if not args.prometheus:
        if args.match or args.since:
            flag = "--match" if args.match else "--since"
            raise config_mod.ConfigError([f"{flag}: only with --prometheus URL"])
        return None
    return fleet.Fleet(args.prometheus, match, since, timeout)


def main(args: argparse.Namespace) -> int:
    """0 fits, 1 does not, 2 could not tell (see the module's docstring)."""
    from . import fleet

    try:
        shapes = _shapes(args.shape)
        world = flags.integer(args.world, "--world", 1, MAX_WORLD) or 1
        steps = flags.integer(args.steps, "--steps", 2, MAX_STEPS) or 2
        index = flags.integer(args.gpu_index, "--gpu-index", 0)
        total = flags.integer(args.total, "--total", 1, MAX_TOTAL)
        timeout = flags.timeout(args)
        fleet_source = _fleet(args, timeout)
    except config_mod.ConfigError as exc:
        return flags.report(exc)
    try:
        import gpumemd.preflight as pf
    except ImportError as exc:
        print(f"gpumemd preflight: needs torch ({exc})", file=sys.stderr)
        return 2
    overheads = pf.DEFAULT_OVERHEADS
    device = None
    calibration: list[Measurement] = []
    try:
        if args.gpu:
            device = pf.Device.named(args.gpu)
        elif total is not None:
            device = pf.Device(f"{total} B", total, source="--total")
        elif args.node or args.here:
            device, measured, calibration = _node_device(args, index, timeout)
            overheads = overheads.calibrated(measured, device.source)
    except KeyError as exc:
        print(f"gpumemd preflight: --gpu: {exc.args[0]}", file=sys.stderr)
        return 2
    except Exception as exc:  # an unreachable node, no GPU here: one line, never a traceback
        print(f"gpumemd preflight: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr)
        return 2
    if args.calibration:
        from gpumemd.config.yamlsafe import YamlError, read_limited

        try:
            text = read_limited(args.calibration, fleet.MAX_CALIBRATION_BYTES).decode("utf-8", "replace")
        except (OSError, YamlError) as exc:
            print(f"gpumemd preflight: --calibration: {exc}", file=sys.stderr)
            return 2
        measured, saved = _measured(text, args.calibration)
        overheads = overheads.calibrated(measured, args.calibration)
        calibration += saved
    script = args.target if args.target.endswith(".py") else None
    argv = list(getattr(args, "script_args", []))  # getattr: set by cli.main, after `--`
    try:
        report = pf.preflight(None if script else args.target, shapes, script=script, argv=argv,
                              device=device, overheads=overheads, world=world, search=args.search,
                              steps=steps, alloc_conf=args.alloc_conf or "", compiled=args.compile,
                              calibration=calibration[:MAX_MEASUREMENTS], lookup=fleet_source,
                              pads=_pads(args.inductor_cache, _gpu_name(args, device)))
    except fleet.Unreachable as exc:
        print(f"gpumemd preflight: {exc}", file=sys.stderr)
        return 2
    except pf.NotRunnable as exc:
        print(f"gpumemd preflight: could not run the job on fake tensors: {exc}", file=sys.stderr)
        return 2
    except (ImportError, AttributeError, ValueError) as exc:
        print(f"gpumemd preflight: {args.target}: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr)
        return 2
    from gpumemd.preflight.screen import render

    from .format import strict_json

    if fleet_source is not None:
        report.notes.extend(fleet_source.notes)

    sys.stdout.write(strict_json(report.to_json()) if args.json else render(report, args.verbose))
    return report.exit_code

