"""Per-call overhead of profile_function in a process with a real model's heap: gpumemd
against upstream Stormlog, side by side in one run, against the floor (the bare call
followed by torch.cuda.synchronize()).

    python3 bench/profiler_overhead.py --out FILE [--stormlog LABEL=DIR]... [--baseline-tree DIR]
                                       [--calls 400] [--rounds 3]

The heap: transformers is imported and GPT-2 small is built from its config (no download)
on the GPU and trained one step, so the garbage collector holds what a Hugging Face
training process holds. The function: ~0.1 ms of GPU work (torch.cuda._sleep, calibrated)
plus one small allocation, returned (profile_function drops it); it returns with that work
still queued, as a step that does not wait for its result does. The `_no_gpu_tail` variants
profile the same function followed by its own synchronize (as a step ending in `loss.item()`
does): nothing is left for the profiler's after-reading to overlap, and their floor is that
function alone. Each variant alternates
bare and profiled calls, and the variants take turns over --rounds rounds; the overhead is
the median over all pairs of (profiled - bare), in microseconds, with the medians of each
side, each round's overhead, and the ratio to gpumemd's default.

Upstream is imported from each --stormlog LABEL=DIR (a directory holding a `stormlog`
package: `pip install --no-deps --target DIR stormlog==0.4.3`, or the package directory of a
git checkout), with its own default and with track_tensors flipped; a copy that does not
import says why in its row. Variants that walk the heap run --slow-calls pairs.
With --baseline-tree (a `git archive` of an older gpumemd package) that tree's profiler runs
beside this one, in the same rounds: `baseline_default` and `baseline_default_no_gpu_tail`.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import inspect
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch  # noqa: E402

from bench.profiler_path import load_tree  # noqa: E402
from gpumemd.profiler import GPUMemoryProfiler, profile_function  # noqa: E402

TARGET_US = 100.0


def build_heap() -> dict[str, Any]:
    """GPT-2 small on the GPU, one training step done: a realistic Python heap."""
    import transformers

    model = transformers.GPT2LMHeadModel(transformers.GPT2Config()).to("cuda:0")
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    ids = torch.randint(0, 50257, (2, 128), device="cuda:0")
    model(ids, labels=ids).loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    torch.cuda.synchronize()
    gc.collect()
    # the model and optimizer stay referenced by the caller: they are the heap
    return {"model": model, "optimizer": opt, "transformers": transformers.__version__,
            "parameters": sum(p.numel() for p in model.parameters()), "gc_objects": len(gc.get_objects())}


def gpu_function(target_s: float = 1e-4) -> Callable[[], torch.Tensor]:
    """~target_s of GPU work and one small allocation (a 4 KiB tensor, returned)."""
    torch.cuda._sleep(1000)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(5):
        torch.cuda._sleep(1_000_000)
    torch.cuda.synchronize()
    cycles = int(target_s / ((time.perf_counter() - t0) / 5e6))
    buf = torch.zeros(1024, device="cuda:0")

    def work() -> torch.Tensor:
        torch.cuda._sleep(cycles)
        return buf + 1
    return work


def pairs(floor: Callable[[], Any], profiled: Callable[[], Any], calls: int,
          warmup: int) -> tuple[list[float], list[float]]:
    """Alternate floor and profiled calls: (floor seconds, profiled seconds)."""
    for _ in range(warmup):
        floor()
        profiled()
    bare, prof = [], []
    for _ in range(calls):
        t0 = time.perf_counter()
        floor()
        t1 = time.perf_counter()
        profiled()
        t2 = time.perf_counter()
        bare.append(t1 - t0)
        prof.append(t2 - t1)
    return bare, prof


def summarize(rounds: list[tuple[list[float], list[float]]]) -> dict[str, Any]:
    """Medians in microseconds over every pair of every round, and each round's overhead."""
    bare = [b for r in rounds for b in r[0]]
    prof = [p for r in rounds for p in r[1]]
    diff = [p - b for p, b in zip(prof, bare, strict=True)]
    return {"calls": len(diff), "floor_us": statistics.median(bare) * 1e6,
            "profiled_us": statistics.median(prof) * 1e6, "overhead_us": statistics.median(diff) * 1e6,
            "overhead_p90_us": statistics.quantiles(diff, n=10)[8] * 1e6,
            "overhead_by_round_us": [statistics.median([p - b for b, p in zip(*r, strict=True)]) * 1e6
                                     for r in rounds]}


def components(prof: GPUMemoryProfiler, n: int = 2000) -> dict[str, float]:
    """What one default profiled call is made of, each part timed alone (microseconds)."""
    def timed(f: Callable[[], Any]) -> float:
        for _ in range(50):
            f()
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        return (time.perf_counter() - t0) / n * 1e6

    torch.cuda.synchronize()
    sync = prof._sync
    return {
        "memory_stats_raw": timed(lambda: torch._C._cuda_memoryStats(0)),
        "device_read": timed(prof._probe.read),
        "synchronize_idle_profiler": timed(sync) if sync is not None else float("nan"),
        "synchronize_idle_torch": timed(torch.cuda.synchronize),
        "process_rss": timed(prof._cpu_probe.rss),
        "profile_function_noop": timed(lambda: prof.profile_function(lambda: None)),
    }


def load_stormlog(label: str, path: str) -> tuple[Any, str]:
    """(the GPUMemoryProfiler class of the `stormlog` package under `path`, or None; its
    version, or why it is missing). Each copy is imported on its own: the previous one's
    modules are dropped from sys.modules first (its classes stay alive)."""
    for name in [m for m in sys.modules if m == "stormlog" or m.startswith("stormlog.")]:
        del sys.modules[name]
    sys.path.insert(0, path)
    try:
        module = importlib.import_module("stormlog.profiler")
        init = sys.modules["stormlog"]
        return module.GPUMemoryProfiler, str(getattr(init, "__version__", "unknown"))  # getattr: any copy
    except Exception as exc:
        return None, f"{label}: import failed: {type(exc).__name__}: {exc}"
    finally:
        sys.path.remove(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--stormlog", action="append", default=[], metavar="LABEL=DIR",
                    help="a directory holding a stormlog package (repeatable)")
    ap.add_argument("--calls", type=int, default=400, help="pairs for the fast variants")
    ap.add_argument("--slow-calls", type=int, default=8, help="pairs for variants that walk the heap")
    ap.add_argument("--rounds", type=int, default=3, help="round-robin rounds over all variants")
    ap.add_argument("--baseline-tree", type=Path, help="a directory holding an older gpumemd package")
    args = ap.parse_args()
    torch.cuda.init()
    heap = build_heap()
    fn = gpu_function()
    out: dict[str, Any] = {
        "gpu": torch.cuda.get_device_name(0), "torch": torch.__version__, "python": platform.python_version(),
        "transformers": heap["transformers"], "gpt2_parameters": heap["parameters"],
        "gc_objects": heap["gc_objects"], "stormlog": {}, "target_overhead_us": TARGET_US, "variants": {},
    }

    gm = GPUMemoryProfiler("cuda:0", max_results=1000)
    gm_walk = GPUMemoryProfiler("cuda:0", track_tensors=True, max_results=1000)
    decorated = profile_function(fn, profiler=gm)

    def in_context() -> None:
        with gm.profile_context("block"):
            fn()

    def floor() -> None:  # the function followed by a synchronize
        fn()
        torch.cuda.synchronize()

    waited = floor  # the function that waits for its own GPU work: the no_gpu_tail variants' call and floor
    # (name, profiler, floor, call, walks the heap)
    variants: list[tuple[str, Any, Callable[[], Any], Callable[[], Any], bool]] = [
        ("gpumemd_default", gm, floor, lambda: gm.profile_function(fn), False),
        ("gpumemd_default_no_gpu_tail", gm, waited, lambda: gm.profile_function(waited), False),
        ("gpumemd_module_decorator", gm, floor, decorated, False),
        ("gpumemd_profile_context", gm, floor, in_context, False),
        ("gpumemd_track_tensors_true", gm_walk, floor, lambda: gm_walk.profile_function(fn), True),
    ]
    if args.baseline_tree:
        old = load_tree(args.baseline_tree.resolve())("cuda:0", max_results=1000)
        variants[2:2] = [
            ("baseline_default", old, floor, lambda: old.profile_function(fn), False),
            ("baseline_default_no_gpu_tail", old, waited, lambda: old.profile_function(waited), False),
        ]
        out["baseline_tree"] = str(args.baseline_tree)
    for spec in args.stormlog:
        label, _, path = spec.partition("=")
        cls, version = load_stormlog(label, path)
        out["stormlog"][label] = version
        if cls is None:
            out["variants"][f"{label}_default"] = {"missing": version}
            continue
        walks = inspect.signature(cls).parameters["track_tensors"].default is True
        try:
            default = cls("cuda:0")
            other = cls("cuda:0", track_tensors=not walks)
        except Exception as exc:  # a copy that cannot run here: its row says why
            out["variants"][f"{label}_default"] = {"missing": f"{type(exc).__name__}: {exc}"}
            continue
        variants.append((f"{label}_default", default, floor, functools.partial(default.profile_function, fn),
                         walks))
        variants.append((f"{label}_track_tensors_{str(not walks).lower()}", other, floor,
                         functools.partial(other.profile_function, fn), not walks))
    print({k: v for k, v in out.items() if k != "variants"}, flush=True)

    # Round-robin: every variant once per round, so a slow spell of the host hits all of them.
    collected: dict[str, list[tuple[list[float], list[float]]]] = {name: [] for name, *_ in variants}
    for round_no in range(args.rounds):
        for name, prof, bare, profiled, slow in variants:
            if name in out["variants"]:  # failed in an earlier round
                continue
            try:
                collected[name].append(pairs(bare, profiled, args.slow_calls if slow else args.calls,
                                             warmup=2 if slow else 50))
            except Exception as exc:  # one variant failing keeps the others' figures
                out["variants"][name] = {"missing": f"{type(exc).__name__}: {exc}"}
                print(name, "failed:", exc, flush=True)
                continue
            prof.results.clear()  # upstream's result lists may grow without bound
            print(f"round {round_no + 1} {name}: overhead "
                  f"{summarize(collected[name][-1:])['overhead_us']:.1f} us", flush=True)
    for name, _, _, _, slow in variants:
        if name not in out["variants"]:
            out["variants"][name] = {**summarize(collected[name]), "walks_heap": slow}

    out["components_us"] = components(gm)
    print("components", {k: round(v, 2) for k, v in out["components_us"].items()}, flush=True)

    base = out["variants"]["gpumemd_default"]["overhead_us"]
    for row in out["variants"].values():
        if "overhead_us" in row:
            row["overhead_vs_gpumemd_default"] = row["overhead_us"] / base if base > 0 else float("inf")
    out["meets_target"] = base <= TARGET_US
    no_tail = out["variants"]["gpumemd_default_no_gpu_tail"].get("overhead_us")
    out["meets_target_no_gpu_tail"] = no_tail is not None and no_tail <= TARGET_US
    Path(args.out).write_text(json.dumps(out, indent=1))
    print(f"\n{'variant':32} {'floor us':>10} {'profiled us':>12} {'overhead us':>12} {'x gpumemd':>10}")
    for name, row in out["variants"].items():
        if "overhead_us" in row:
            print(f"{name:32} {row['floor_us']:10.1f} {row['profiled_us']:12.1f} {row['overhead_us']:12.1f} "
                  f"{row['overhead_vs_gpumemd_default']:10.1f}")
        else:
            print(f"{name:32} missing: {row['missing']}")
    print(f"gc objects {out['gc_objects']}; gpumemd default overhead {base:.1f} us, "
          f"target <= {TARGET_US:.0f} us: {'met' if out['meets_target'] else 'NOT met'}; "
          f"with no GPU tail {no_tail if no_tail is None else round(no_tail, 1)} us: "
          f"{'met' if out['meets_target_no_gpu_tail'] else 'NOT met'}; wrote {args.out}")


if __name__ == "__main__":
    main()
