"""Preflight calibrated by a running agent, on one GPU (issue 38.3; docs/preflight.md, "Where the
overheads come from"): a GPT-2 training process (AdamW, bf16 autocast, transformers' config, random
init, no download) runs its steps under the agent, which publishes its calibration into a node
spool; a `gpumemd serve` merges it; `gpumemd preflight --node` on the same model at the same shape
and at another then prints what it chose, beside the defaults' prediction and the real peaks.

    python3 bench/preflight_calibration.py --out DIR [--shape 8x512] [--other 4x512] [--steps 6] [--unwatched]

`--unwatched`: the training process never calls `gpumemd.watch()`; its agent keys the calibration by
the optimizer it sees stepping (agent/stepmodel.py), which must be preflight's fingerprint of the
same factory for the node's run to find it. `--ranks N` (N GPUs): N DDP ranks over NCCL, one a GPU,
each under its agent (world_size N); preflight runs with `--world N`, and passes where it took
NCCL's bytes from the ranks' measured non-PyTorch bytes; rank 0's real figures stand beside the
per-rank DDP prediction.

Writes DIR/calibration.json (every figure), DIR/report.md (the table), DIR/metrics.prom (the daemon's
scrape), DIR/preflight-{node,defaults}.json and the logs; prints the table. Exit 0 when the node's
run took this model's measured overheads at the measured shape, 1 otherwise, 2 when a part failed.
`--train` is the training process's own entry (the parent starts it)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
STEP_PEAK = "gpumemd_training_calibration_step_peak_bytes"
MiB = 1 << 20
DRY_PEAK = 73_779_200


def gpt2_job() -> Any:
    """The factory preflight runs (`preflight_calibration:gpt2_job`) and the trainer builds."""
    import preflight_accuracy

    return preflight_accuracy._family("gpt2", "adamw", True)()


def _shape(text: str) -> tuple[int, int]:
    b, _, s = text.lower().partition("x")
    return int(b), int(s)


def train(spool: str, shape: str, steps: int, watched: bool = True) -> int:
    """The training process: the agent started, the model watched (unless not `watched`), `steps`
    steps; then its real peaks on stdout (rank 0's, under DDP), alive (its spool file served) until
    stdin closes or 120 s pass. Under a launcher's WORLD_SIZE above 1: a DDP rank over NCCL, the
    group formed and the model wrapped before the agent starts (its non-PyTorch bytes then hold
    NCCL's from its first reading)."""
    import preflight_accuracy
    import torch

    import gpumemd

    batch, seq = _shape(shape)
    world, rank = int(os.environ.get("WORLD_SIZE", "1")), int(os.environ.get("RANK", "0"))
    if world > 1:
        import torch.distributed as dist

        device = torch.device("cuda", int(os.environ["LOCAL_RANK"]))
        torch.cuda.set_device(device)
        dist.init_process_group("nccl", device_id=device)
    with torch.device("cuda"):
        job = gpt2_job()  # CUDA is initialised: the agent's allocator reads can start
    if world > 1:  # DDP's construction broadcasts the parameters: NCCL's communicator is made
        job.model = torch.nn.parallel.DistributedDataParallel(job.model, device_ids=[device.index])
    gpumemd.start(spool_dir=spool, spool_interval=0.25, nvml_interval=0.25)
    time.sleep(2.0)  # its first sample installs the optimizer-step hook
    if watched:
        gpumemd.watch(job.model, job.optimizer)
    started = time.perf_counter()
    preflight_accuracy._steps(job, batch, seq, steps, "cuda")
    torch.cuda.synchronize()
    took = time.perf_counter() - started
    time.sleep(2.0)  # the spool's next publish carries the last steps
    if rank == 0:
        print(json.dumps({"pid": os.getpid(), "allocated_peak": torch.cuda.max_memory_allocated(),
                          "reserved_peak": torch.cuda.max_memory_reserved(), "steps": steps,
                          "seconds": round(took, 2), "torch": torch.__version__, "world": world,
                          "gpu": torch.cuda.get_device_name()}), flush=True)
    import select

    select.select([sys.stdin], [], [], 120.0)
    gpumemd.stop()
    return 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as resp:
        return str(resp.read().decode())


def _wait(what: str, check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.25)
    raise TimeoutError(f"{what}: not within {seconds:g} s")


def _preflight(factory: str, args: list[str], log: Path, env: dict[str, str]) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "gpumemd", "preflight", factory, "--json", *args]
    with log.open("w") as err:
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=err, text=True,
                              timeout=70)
    if done.returncode == 2 or not done.stdout.strip():
        raise RuntimeError(f"preflight {' '.join(args)}: exit {done.returncode} ({log})")
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc


def _gib(n: float | None) -> str:
    return "—" if n is None else f"{n / 2**30:.3f} GiB"


def _pct(pred: float, real: float) -> str:
    return f"{100 * (pred - real) / real:+.2f} %" if real else "—"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path)
    p.add_argument("--shape", default="8x512")
    p.add_argument("--other", default="4x512")
    p.add_argument("--steps", type=int, default=6)
    p.add_argument("--train", metavar="SPOOL")
    p.add_argument("--unwatched", action="store_true", help="the trainer never calls gpumemd.watch()")
    p.add_argument("--ranks", type=int, default=1, help="DDP ranks over NCCL, one a GPU (default 1)")
    p.add_argument("--dry-run", action="store_true",
                   help="on a CPU, the parent's path: the integration test's stand-in trainer "
                   "(tests/integration/scripts/calib_proc.py) and a replayed H200")
    a = p.parse_args()
    if a.train:
        return train(a.train, a.shape, a.steps, not a.unwatched)
    out: Path = a.out or Path(os.environ.get("GPUMEMD_RESULTS", ".")) / "preflight-calibration"
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "bench")]),
           "PYTHONUNBUFFERED": "1"}
    base = Path(tempfile.mkdtemp(prefix="gpumemd-calibration-"))
    spool = base / "spool"
    spool.mkdir(mode=0o700)
    cfg = base / "gpumemd.yaml"
    cfg.write_text(f"sampler: {{interval: 250ms}}\nagent: {{spool_dir: {spool}}}\n")
    factory, name = "preflight_calibration:gpt2_job", "GPT-2 124M, AdamW, bf16 autocast"
    serve_args = ["--config.file", str(cfg)]
    train_cmd = [sys.executable, str(ROOT / "bench/preflight_calibration.py"), "--train", str(spool),
                 "--shape", a.shape, "--steps", str(a.steps), *(["--unwatched"] if a.unwatched else [])]
    if a.dry_run:  # the tiny decoder's 2x16 step peak on the CPU path, as the stand-in trainer's
        factory, name = "tests.unit.preflight.models:tiny", "the CPU dry run's stand-ins"
        a.shape, a.other = "2x16", "1x16"
        recorded = ROOT / "tests/fixtures/captures/h200__580.159.04__one-process-1GiB.json"
        serve_args += ["--replay", str(recorded)]
        train_cmd = [sys.executable, str(ROOT / "tests/integration/scripts/calib_proc.py"), str(spool),
                     str(DRY_PEAK), "unwatched" if a.unwatched else "watched", str(a.ranks)]
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    result: dict[str, Any] = {"shape": a.shape, "other": a.other, "steps": a.steps, "node": url,
                              "watched": not a.unwatched}
    serve_log, train_log = (out / "serve.log").open("w"), (out / "train.log").open("w")
    serve = subprocess.Popen([sys.executable, "-m", "gpumemd", "serve", "--web.listen-address",
                              f"127.0.0.1:{port}", *serve_args],
                             cwd=ROOT, env=env, stdout=serve_log, stderr=subprocess.STDOUT)
    master = _free_port()
    trainers = [subprocess.Popen(train_cmd, cwd=ROOT, stdin=subprocess.PIPE, text=True,
                                 stdout=subprocess.PIPE if r == 0 else subprocess.DEVNULL, stderr=train_log,
                                 env={**env, **({} if a.ranks == 1 or a.dry_run else {
                                     "WORLD_SIZE": str(a.ranks), "RANK": str(r), "LOCAL_RANK": str(r),
                                     "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(master)})})
                for r in range(1 if a.dry_run else a.ranks)]
    trainer = trainers[0]
    code = 2
    try:
        _wait("gpumemd serve ready", lambda: _get(url + "/-/ready") is not None, 30)
        assert trainer.stdout is not None
        line = trainer.stdout.readline()
        if not line:
            raise RuntimeError(f"the training process ended early ({out / 'train.log'})")
        real = result["real"] = json.loads(line)
        if a.dry_run:
            real.update(allocated_peak=DRY_PEAK, reserved_peak=DRY_PEAK + 20 * MiB, gpu="none: stand-ins",
                        torch="(CPU)")
        try:
            _wait("the agent's calibration at the daemon", lambda: STEP_PEAK in _get(url + "/metrics"), 20)
        finally:  # what the agent did publish, either way (no exact step peak: its step series say why)
            metrics = _get(url + "/metrics")
            (out / "metrics.prom").write_text(metrics)
        result["published"] = [ln for ln in metrics.splitlines()
                               if ln.startswith(("gpumemd_training_calibration_", "gpumemd_allocator_step_"))]
        shapes = ["--shape", a.shape, "--shape", a.other, "--world", str(a.ranks)]
        node = _preflight(factory, [*shapes, "--node", url], out / "preflight-node.log", env)
        total = node["device"]["total"]
        defaults = _preflight(factory, [*shapes, "--total", str(total)], out / "preflight-defaults.log", env)
        (out / "preflight-node.json").write_text(json.dumps(node, indent=1))
        (out / "preflight-defaults.json").write_text(json.dumps(defaults, indent=1))
        non_pytorch = [float(ln.rsplit(" ", 1)[1]) for ln in result["published"]  # rank 0's
                       if ln.startswith("gpumemd_training_calibration_non_pytorch_bytes{")
                       and 'rank="0"' in ln]
        real["non_pytorch"] = non_pytorch[0] if non_pytorch else None
        real["total"] = real["reserved_peak"] + (real["non_pytorch"] or 0)
        rows = []
        for which, doc in (("defaults", defaults), ("calibrated (--node)", node)):
            for s in doc["shapes"]:
                at = f"{s['batch']}x{s['seq']}"
                measured = at == a.shape
                v = s.get("verdict") or {}
                if a.ranks > 1:  # a DDP rank's figures: the per-rank arithmetic, NCCL's bytes in its total
                    s = {**s, **{k: s["per_rank"]["ddp"][k] for k in ("allocated", "reserved", "total")}}
                    s["allocated_peak"], s["reserved_peak"] = s["allocated"], s["reserved"]
                rows.append({
                    "run": which, "shape": at, "model": s["model"],
                    "allocated": s["allocated_peak"], "reserved": s["reserved_peak"],
                    "non_pytorch": s["non_pytorch"], "total": s["total"],
                    "verdict": None if not v else ("FITS" if v["fits"] else "DOES NOT FIT"),
                    "sources": s["overheads"]["sources"],
                    "vs_real": None if not measured else {
                        "allocated": _pct(s["allocated_peak"], real["allocated_peak"]),
                        "reserved": _pct(s["reserved_peak"], real["reserved_peak"]),
                        "total": _pct(s["total"], real["total"])}})
        result["rows"] = rows
        chosen = next(r for r in rows if r["run"].startswith("calibrated") and r["shape"] == a.shape)
        said = chosen["sources"]["allocator"]
        ok = said.startswith("measured: ") and "at this shape" in said
        if a.ranks > 1:  # a rank's step peak holds DDP's buckets: the shape is not the question here
            said = chosen["sources"]["nccl"]
            ok = said.startswith("measured: in the non-PyTorch bytes")
        code = 0 if ok else 1
        how = ("never watched: its agent keyed the calibration by the optimizer it saw stepping"
               if a.unwatched else "watched")
        ranks = (f", {a.ranks} DDP ranks over NCCL (rank 0's figures; preflight's per-rank DDP)"
                 if a.ranks > 1 else "")
        head = f"# preflight calibrated by a running agent: {name}, {a.steps} steps ({how}){ranks}"
        where = (f"GPU: {real['gpu']}, torch {real['torch']}; node {url} (its verdict: the GPU with the most "
                 f"free memory); the training process: pid {real['pid']}")
        seen = (f"real at {a.shape}: allocated peak {_gib(real['allocated_peak'])}, reserved peak "
                f"{_gib(real['reserved_peak'])}, non-PyTorch {_gib(real['non_pytorch'])} (its agent's "
                f"median), total {_gib(real['total'])}")
        lines = [head, "", where, "", seen, "",
                 "(defaults: judged on an empty GPU of the node's total; calibrated: on the node, the "
                 "training process still on it)", "",
                 "| run | shape | allocated | reserved | non-PyTorch | total | vs real (alloc / reserved / "
                 "total) | verdict |", "|---|---|---|---|---|---|---|---|"]
        for r in rows:
            vs = " / ".join(r["vs_real"].values()) if r["vs_real"] else "no real run at this shape"
            lines.append(f"| {r['run']} | {r['shape']} | {_gib(r['allocated'])} | {_gib(r['reserved'])} | "
                         f"{_gib(r['non_pytorch'])} | {_gib(r['total'])} | {vs} | {r['verdict'] or '—'} |")
        lines += ["", "Where each overhead came from (the calibrated run):", ""]
        for r in rows:
            if r["run"].startswith("calibrated"):
                for k, v in r["sources"].items():
                    lines.append(f"- {r['shape']} {k}: {v}")
        lines += ["", "What the agent published:", "", "```", *result["published"], "```",
                  "", f"{'PASS' if ok else 'FAIL'}: the node's run took this model's measured "
                  + (f"NCCL bytes at world size {a.ranks}" if a.ranks > 1 else f"overheads at {a.shape}")
                  + ("" if ok else f" (it says: {said})")]
        text = "\n".join(lines) + "\n"
        (out / "report.md").write_text(text)
        print(text)
    except Exception as exc:  # one line and exit 2: the logs say the rest
        result["error"] = f"{type(exc).__name__}: {exc}"
        print(f"preflight_calibration: {result['error']}", file=sys.stderr)
    finally:
        for t in trainers:
            if t.stdin:
                t.stdin.close()
        for proc in (*trainers, serve):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        serve_log.close()
        train_log.close()
        shutil.rmtree(base, ignore_errors=True)  # the spool and the daemon's config
        result["exit"] = code
        (out / "calibration.json").write_text(json.dumps(result, indent=1))
    return code


if __name__ == "__main__":
    sys.exit(main())
