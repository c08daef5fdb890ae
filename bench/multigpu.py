"""Issue 19 on a multi-GPU node: torchrun DDP/FSDP ranks through one `gpumemd serve` target.

    python3 bench/multigpu.py --gpus 8 --mode ddp  --out bench/results/<date>-<kind>/ddp-8.json
    python3 bench/multigpu.py --gpus 8 --mode fsdp --oom-rank 3 --out .../fsdp-8.json
    python3 bench/multigpu.py --gpus 2 --share-one-gpu --steps 20 --out dry.json   # one GPU, two ranks

Starts one `gpumemd serve` (200 ms sampling, a private spool), then `gpumemd run -- torchrun
--nproc-per-node N bench/multigpu_train.py` (GPT-2-sized, random init, bf16 autocast, AdamW),
and while it trains and after, scrapes the daemon and records: every rank once with its
labels; ranks joined to NVML's pids; per GPU the breakdown against NVML's total (every
scrape); non-PyTorch bytes (NCCL, CUDA context) per rank; series per node; bytes per scrape,
plain and gzip; scrape p50/p99; the daemon's CPU; with `--oom-rank K` the OOM counted on rank
K only; with `--watch` each rank hands its model and optimizer to `gpumemd.watch` and logs
its storage truth at each step's end, and every scrape while training compares each rank's
categories (`at="end"`) with it (`categories_equal`: the % of readings equal to the truth
of a step end within `TRUTH_WINDOW_S` of the scrape); then SIGKILLs the last rank and times
its disappearance from the merge; `gpumemd explain --json` at rest names every rank. One JSON out.
With `--baseline-tree DIR`, a second daemon from an older tree merges the same spool and is
scraped right beside the first (in alternating order) while the ranks train: its tail is
`scrape_baseline`, the same machine state as `scrape.while_training`.
NVLink multicast is off in every process it starts. Exit 0 when every check held, 1 when one
failed (the JSON says which), 2 on a usage error (too few GPUs).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["main", "parse_args"]

ROOT = Path(__file__).resolve().parent.parent
TRAIN = ROOT / "bench" / "multigpu_train.py"
MULTICAST_OFF = {
    "NCCL_NVLS_ENABLE": "0",
    "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
    "NVSHMEM_DISABLE_NVLS": "1",
}
TOLERANCE = 16 << 20  # the breakdown against NVML's total, per GPU
# the categories counted at a step's end (gpumemd.agent.categorypass.COUNTED; not imported: the
# bench reads only the daemon's HTTP answer)
PERSISTENT = ("parameters", "buffers", "gradients", "optimizer_state", "unsharded_parameters", "comm_buckets")
# A reading is equal when it equals the truth of a step end logged within this many seconds
# before the scrape (or the one in effect then): a rank publishes every spool interval.
TRUTH_WINDOW_S = 5.0
EQUAL_GOAL = 99.0  # % of readings
SAMPLE_INTERVAL_S = 0.2  # the daemon's sampler interval here
# A scrape that began this soon after a sample started met the sampler's work (it holds the GIL):
# told apart from the others, whose tail is the host's (threads not scheduled, the client's own).
SAMPLE_WINDOW_S = 0.02


class PhaseTimeout(Exception):
    pass


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="multigpu.py", description=__doc__.splitlines()[0])
    ap.add_argument("--gpus", type=int, default=2, help="ranks (torchrun --nproc-per-node); default 2")
    ap.add_argument("--mode", choices=("ddp", "fsdp"), default="ddp")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument(
        "--oom-rank", type=int, default=-1, help="this rank allocates until OOM once after training"
    )
    ap.add_argument(
        "--share-one-gpu",
        action="store_true",
        help="every rank on cuda:0 over gloo (dry run on one GPU; use --mode ddp)",
    )
    ap.add_argument("--out", type=Path, help="the JSON (default: stdout only)")
    ap.add_argument("--watch", action="store_true",
                    help="gpumemd.watch in every rank; its categories compared with each rank's truth")
    ap.add_argument("--phase-timeout", type=float, default=300.0, help="seconds for each phase")
    ap.add_argument("--keep-unsharded", action="store_true",
                    help="FSDP2: set_reshard_after_backward(False), its gathered parameters kept")
    ap.add_argument("--scrape-every", type=float, default=0.2,
                    help="seconds between two scrapes while the ranks train (a p99 wants hundreds of them)")
    ap.add_argument("--baseline-tree", type=Path,
                    help="a second `gpumemd serve` from this older package's tree (a `git archive` of it), "
                         "merging the same spool, scraped beside the first while the ranks train: "
                         "the scrape tail before/after in one run (`scrape_baseline`)")
    args = ap.parse_args(argv)
    if args.gpus < 1:
        ap.error("--gpus must be at least 1")
    if args.oom_rank >= args.gpus:
        ap.error(f"--oom-rank {args.oom_rank}: there are ranks 0..{args.gpus - 1}")
    return args


def cuda_count() -> int:
    try:
        import torch
    except ImportError:
        return 0
    return int(torch.cuda.device_count()) if torch.cuda.is_available() else 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, timeout: float = 10.0) -> tuple[bytes, float]:
    t = time.perf_counter()
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        body = resp.read()
    return body, time.perf_counter() - t


def parse(text: str) -> list[tuple[str, dict[str, str], float]]:
    from prometheus_client.parser import text_string_to_metric_families

    return [
        (s.name, dict(s.labels), float(s.value))
        for f in text_string_to_metric_families(text)
        for s in f.samples
    ]


def wait(what: str, check: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(every)  # polling other processes: nothing to wait on but their output
    raise PhaseTimeout(f"not within {timeout:.0f}s: {what}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def stop_group(proc: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM the process group, SIGKILL after 15 s."""
    if proc is None or proc.poll() is not None and not _group_alive(proc.pid):
        return
    for sig, grace in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            continue
        if not _group_alive(proc.pid):
            return


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def analyse(rows: list[tuple[str, dict[str, str], float]], gpus: list[str]) -> dict[str, Any]:
    """One scrape: ranks, the pid join, the breakdown per GPU, non-PyTorch per rank, series."""
    rank_info = [lab for n, lab, _ in rows if n == "gpumemd_process_rank_info"]
    nvml_pids = {lab["pid"] for n, lab, _ in rows if n == "gpumemd_process_gpu_memory_used_bytes"}
    totals = {lab["gpu"]: v for n, lab, v in rows if n == "gpumemd_gpu_memory_total_bytes"}
    parts: dict[str, dict[str, float]] = {}
    for n, lab, v in rows:
        if n == "gpumemd_gpu_memory_breakdown_bytes":
            parts.setdefault(lab["gpu"], {})[lab["category"]] = v
    return {
        "ranks": sorted((lab["rank"] for lab in rank_info), key=int),
        "rank_info": rank_info,
        "joined": sorted(lab["rank"] for lab in rank_info if lab["pid"] in nvml_pids),
        "breakdown_off_bytes": {g: sum(parts.get(g, {}).values()) - totals.get(g, 0.0) for g in gpus},
        "breakdown": parts,
        "non_pytorch": {lab["rank"]: v for n, lab, v in rows if n == "gpumemd_process_non_pytorch_bytes"},
        "ooms": {  # gpumemd's count, every cause
            rank: sum(v for n, lab, v in rows if n == "gpumemd_oom_events_total" and lab["rank"] == rank)
            for rank in {lab["rank"] for n, lab, _ in rows if n == "gpumemd_oom_events_total"}
        },
        "allocator_ooms": {lab["rank"]: v for n, lab, v in rows if n == "gpumemd_allocator_ooms_total"},
        "series": len(rows),
    }


def categories_by_rank(rows: list[tuple[str, dict[str, str], float]]) -> dict[str, dict[str, int]]:
    """Each rank's persistent categories at its step end, as the daemon serves them."""
    out: dict[str, dict[str, int]] = {}
    for n, lab, v in rows:
        if n != "gpumemd_allocator_category_bytes" or lab.get("at") != "end":
            continue
        if lab.get("category") in PERSISTENT:
            out.setdefault(lab["rank"], {})[lab["category"]] = int(v)
    return out


def ranks_at_rest(rows: list[tuple[str, dict[str, str], float]]) -> set[str]:
    """The ranks with categories but no step peak yet: not counted at a step boundary since
    watch() (the budget spaces the passes from it), so showing watch()'s count."""
    ends, peaks = set(), set()
    for n, lab, _ in rows:
        if n == "gpumemd_allocator_category_bytes":
            (peaks if lab.get("at") == "peak" else ends).add(lab.get("rank", ""))
    return ends - peaks


class Truth:
    """A rank's truth file (`truth-<rank>.jsonl`: time, step, categories per step end), read
    as it grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self.lines: list[tuple[float, int, dict[str, int]]] = []

    def update(self) -> None:
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return
        end = data.rfind(b"\n") + 1  # a line being written stays for the next read
        self.offset += end
        for line in data[:end].splitlines():
            doc = json.loads(line)
            self.lines.append((float(doc["t"]), int(doc["step"]), doc["categories"]))

    def candidates(self, now: float, window: float) -> list[dict[str, int]]:
        """The truths a reading at `now` may show: the step ends of the last `window` seconds
        and the one in effect before them."""
        recent = [c for t, _, c in self.lines if now - window <= t <= now]
        before = [c for t, _, c in self.lines if t < now - window]
        return recent + before[-1:]


def compare(got: dict[str, dict[str, int]], truths: dict[str, Truth], now: float,
            tally: dict[str, Any], at_rest: set[str] | frozenset[str] = frozenset()) -> None:
    """One scrape: each rank's reading against its truth; counted in `tally`. A rank in
    `at_rest` (`ranks_at_rest`) may also show its first truth, logged at watch()."""
    for rank, truth in truths.items():
        truth.update()
        candidates = truth.candidates(now, TRUTH_WINDOW_S)
        if rank in at_rest and truth.lines:
            candidates.append(truth.lines[0][2])
        reading = got.get(rank)
        if not candidates or reading is None and truth.lines[0][0] > now - TRUTH_WINDOW_S:
            continue  # nothing to compare yet, or the rank has not published since it watched
        reading = reading or {}  # a rank without categories long after it watched: a miss
        tally["readings"] += 1
        if any(reading == c for c in candidates):
            tally["equal"] += 1
        elif len(tally["misses"]) < 20:
            tally["misses"].append({"rank": rank, "t": round(now, 3), "got": reading,
                                    "truth": candidates[-1]})
        for category in PERSISTENT:
            per = tally["by_category"].setdefault(category, [0, 0])
            per[0] += 1
            per[1] += any(reading.get(category) == c.get(category) for c in candidates)


def explained_ranks(doc: Any) -> dict[str, bool]:
    """`gpumemd explain --json`'s processes: rank -> whether it carries categories."""
    out: dict[str, bool] = {}
    stack = [doc]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if x.get("rank") and "categories" in x:
                out[str(x["rank"])] = bool(x["categories"].get("end"))
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def explain(url: str, env: dict[str, str]) -> dict[str, Any]:
    """`gpumemd explain --url URL --json` against the daemon: the ranks it names."""
    proc = subprocess.run([sys.executable, "-m", "gpumemd", "explain", "--url", url, "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    try:
        ranks = explained_ranks(json.loads(proc.stdout))
    except ValueError:
        return {"exit": proc.returncode, "error": proc.stderr[-2000:]}
    return {"exit": proc.returncode, "ranks": sorted(ranks, key=int), "with_categories": sorted(
        (r for r, c in ranks.items() if c), key=int)}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def split_by_sample(took: list[float], phase: list[float]) -> dict[str, Any]:
    """The scrapes that met a sample (began within SAMPLE_WINDOW_S of its start) and the others:
    count, p99 and how many over 2 ms, each."""
    out: dict[str, Any] = {"over_2ms": sum(1 for t in took if t > 0.002)}
    for name, keep in (("during_sample", lambda p: p < SAMPLE_WINDOW_S),
                       ("apart", lambda p: p >= SAMPLE_WINDOW_S)):
        xs = [t for t, p in zip(took, phase, strict=True) if keep(p)]
        out[name] = {"count": len(xs), "p99_ms": round(pct(xs, 0.99) * 1000, 2),
                     "max_ms": round(max(xs, default=float("nan")) * 1000, 2),
                     "over_2ms": sum(1 for t in xs if t > 0.002)}
    return out


def run(args: argparse.Namespace, work: Path, procs: list[subprocess.Popen[bytes]]) -> dict[str, Any]:
    env = {
        **os.environ,
        **MULTICAST_OFF,
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
    }
    spool, outdir, stop = work / "spool", work / "ranks", work / "stop"
    spool.mkdir(mode=0o700)
    outdir.mkdir()
    (work / "snapshots").mkdir()
    cfg = work / "gpumemd.yaml"
    cfg.write_text(
        f"sampler: {{interval: {SAMPLE_INTERVAL_S * 1000:.0f}ms}}\nagent: {{spool_dir: {spool}, "
        f"oom_snapshot_dir: {work / 'snapshots'}}}\n"
    )
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    doc: dict[str, Any] = {
        "bench": "multigpu",
        "date": time.strftime("%Y-%m-%d"),
        "gpus": args.gpus,
        "mode": args.mode,
        "steps": args.steps,
        "share_one_gpu": args.share_one_gpu,
        "oom_rank": args.oom_rank,
        "host": platform.node(),
        "env": MULTICAST_OFF,
        "work_dir": str(work),
        "checks": {},
        "phases_s": {},
    }
    serve_log = open(work / "serve.log", "wb")  # noqa: SIM115 (closed with the work dir's cleanup)
    serve = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpumemd",
            "serve",
            "--config.file",
            str(cfg),
            "--web.listen-address",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=serve_log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    procs.append(serve)
    base_url = ""
    if args.baseline_tree:
        base_port = free_port()
        base_url = f"http://127.0.0.1:{base_port}"
        base_log = open(work / "serve-baseline.log", "wb")  # noqa: SIM115
        procs.append(subprocess.Popen(
            [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv.pop(1)); "
             "from gpumemd.cli import main; sys.exit(main(sys.argv[1:]))", str(args.baseline_tree.resolve()),
             "serve", "--config.file", str(cfg), "--web.listen-address", f"127.0.0.1:{base_port}"],
            cwd=work, env={**env, "PYTHONPATH": str(args.baseline_tree.resolve())},
            stdout=base_log, stderr=subprocess.STDOUT, start_new_session=True,
        ))
    t0 = time.monotonic()

    def ready() -> bool:
        if serve.poll() is not None:
            raise RuntimeError(f"gpumemd serve exited {serve.returncode}: see {work / 'serve.log'}")
        try:
            return get(url + "/-/ready", 2)[0] is not None
        except OSError:
            return False

    wait("gpumemd serve ready", ready, 30)
    if base_url:
        def base_ready() -> bool:
            try:
                return get(base_url + "/-/ready", 2)[0] is not None
            except OSError:
                return False

        wait("the baseline gpumemd serve ready", base_ready, 30)
    doc["phases_s"]["serve_ready"] = round(time.monotonic() - t0, 2)
    train_cmd = [
        sys.executable,
        "-m",
        "gpumemd",
        "run",
        "--config.file",
        str(cfg),
        "--web.listen-address",
        "",
        "--",
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--nproc-per-node",
        str(args.gpus),
        "--master-port",
        str(free_port()),
        str(TRAIN),
        "--mode",
        args.mode,
        "--steps",
        str(args.steps),
        "--oom-rank",
        str(args.oom_rank),
        "--out",
        str(outdir),
        "--stop",
        str(stop),
        "--hold-s",
        str(args.phase_timeout),
    ]
    if args.share_one_gpu:
        train_cmd.append("--share-one-gpu")
    if args.watch:
        train_cmd.append("--watch")
    if args.keep_unsharded:
        train_cmd.append("--keep-unsharded")
    train_log = open(work / "train.log", "wb")  # noqa: SIM115
    train = subprocess.Popen(
        train_cmd,
        cwd=ROOT,
        env={**env, "GPUMEMD_SPOOL_DIR": str(spool)},
        stdout=train_log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    procs.append(train)
    gpus = [str(g) for g in range(1 if args.share_one_gpu else args.gpus)]
    want = [str(r) for r in range(args.gpus)]
    scrape_s: list[float] = []
    plain: list[int] = []
    zipped: list[int] = []
    worst_off: dict[str, float] = {g: 0.0 for g in gpus}
    last: dict[str, Any] = {}
    truths = {r: Truth(outdir / f"truth-{r}.jsonl") for r in want} if args.watch else {}
    tally: dict[str, Any] = {"readings": 0, "equal": 0, "by_category": {}, "misses": []}
    training = [False]  # between every rank merged and every rank done: readings compared
    training_scrape_s: list[float] = []
    training_phase_s: list[float] = []  # each one's time since the start of the sample it met
    training_series: list[int] = []
    base_s: list[float] = []  # the baseline daemon's scrapes while training, and their phases
    base_phase_s: list[float] = []
    base_errors: list[str] = []

    def scrape_baseline() -> None:
        began = time.time()
        try:
            body, took = get(base_url + "/metrics")
        except OSError as exc:  # the baseline's failure never costs the run its own figures
            base_errors.append(f"{type(exc).__name__}: {exc}")
            base_s.append(float("nan"))  # keeps the alternation going; left out of the figures
            base_phase_s.append(0.0)
            return
        stamp = next((float(line.split()[1]) for line in body.decode().splitlines()
                      if line.startswith("gpumemd_last_sample_timestamp_seconds ")), None)
        base_s.append(took)
        base_phase_s.append(SAMPLE_INTERVAL_S if stamp is None else (began - stamp) % SAMPLE_INTERVAL_S)

    def scrape() -> dict[str, Any]:
        nonlocal last
        if train.poll() is not None and not all((outdir / f"rank-{r}.json").exists() for r in want):
            raise RuntimeError(f"torchrun exited {train.returncode} early: see {work / 'train.log'}")
        turn = len(base_s) % 2 if base_url and training[0] else None  # which daemon is scraped first
        if turn == 1:
            scrape_baseline()
        began = time.time()
        body, took = get(url + "/metrics")
        now = time.time()
        if turn == 0:
            scrape_baseline()
        scrape_s.append(took)
        plain.append(len(body))
        zipped.append(len(gzip.compress(body)))
        rows = parse(body.decode())
        last = analyse(rows, gpus)
        if training[0]:
            training_scrape_s.append(took)
            # a scrape during a sample is served the one before: its phase is mod the interval
            stamp = next((v for n, _, v in rows if n == "gpumemd_last_sample_timestamp_seconds"), None)
            phase = SAMPLE_INTERVAL_S if stamp is None else (began - stamp) % SAMPLE_INTERVAL_S
            training_phase_s.append(phase)
            training_series.append(len(rows))
            if truths:
                compare(categories_by_rank(rows), truths, now, tally, ranks_at_rest(rows))
        for g, off in last["breakdown_off_bytes"].items():
            worst_off[g] = max(worst_off[g], abs(off)) if last["ranks"] else worst_off[g]
        return last

    t1 = time.monotonic()
    wait("every rank in the merge", lambda: scrape()["ranks"] == want, args.phase_timeout, 0.5)
    doc["phases_s"]["ranks_merged"] = round(time.monotonic() - t1, 2)
    cpu0, wall0 = cpu_seconds(serve.pid), time.monotonic()
    training[0] = True
    wait(
        "every rank trained",
        lambda: scrape() and all((outdir / f"rank-{r}.json").exists() for r in want),
        args.phase_timeout,
        args.scrape_every,
    )
    training[0] = False
    doc["phases_s"]["train"] = round(time.monotonic() - wall0, 2)
    doc["daemon_cpu_cores_while_training"] = round(
        (cpu_seconds(serve.pid) - cpu0) / (time.monotonic() - wall0), 4
    )
    doc["ranks"] = [json.loads((outdir / f"rank-{r}.json").read_text()) for r in want]
    time.sleep(3.0)  # let every rank publish its resting state (spool_interval 1 s) before the checks
    at_rest_s: list[float] = []
    cpu1, wall1 = cpu_seconds(serve.pid), time.monotonic()
    for _ in range(100):  # scrape latency at rest, back to back
        n = len(scrape_s)
        scrape()
        at_rest_s.extend(scrape_s[n:])
    doc["daemon_cpu_cores_100_scrapes"] = round(
        (cpu_seconds(serve.pid) - cpu1) / (time.monotonic() - wall1), 4
    )
    rest = last
    pids = {r["rank"]: str(r["pid"]) for r in doc["ranks"]}
    info = {lab["rank"]: lab for lab in rest["rank_info"]}
    doc["rank_info"] = rest["rank_info"]
    doc["non_pytorch_bytes_by_rank"] = rest["non_pytorch"]
    doc["breakdown_at_rest"] = rest["breakdown"]
    doc["series_per_node"] = rest["series"]
    doc["scrape"] = {
        "count": len(scrape_s),
        "plain_bytes_max": max(plain),
        "gzip_bytes_max": max(zipped),
        "p50_ms": round(pct(scrape_s, 0.5) * 1000, 2),
        "p99_ms": round(pct(scrape_s, 0.99) * 1000, 2),
        "at_rest_p50_ms": round(pct(at_rest_s, 0.5) * 1000, 2),
        "at_rest_p99_ms": round(pct(at_rest_s, 0.99) * 1000, 2),
    }
    doc["scrape"]["while_training"] = {
        "count": len(training_scrape_s),
        "p50_ms": round(pct(training_scrape_s, 0.5) * 1000, 2),
        "p99_ms": round(pct(training_scrape_s, 0.99) * 1000, 2),
        "max_ms": round(max(training_scrape_s, default=float("nan")) * 1000, 2),
        "series_max": max(training_series, default=0),
        **split_by_sample(training_scrape_s, training_phase_s),
    }
    if base_url:
        kept = [(t, p) for t, p in zip(base_s, base_phase_s, strict=True) if t == t]  # not the failed ones
        took_b, phase_b = [t for t, _ in kept], [p for _, p in kept]
        doc["scrape_baseline"] = {
            "tree": str(args.baseline_tree),
            "errors": len(base_errors),
            "first_error": base_errors[0] if base_errors else None,
            "while_training": {
                "count": len(took_b),
                "p50_ms": round(pct(took_b, 0.5) * 1000, 2),
                "p99_ms": round(pct(took_b, 0.99) * 1000, 2),
                "max_ms": round(max(took_b, default=float("nan")) * 1000, 2),
                **split_by_sample(took_b, phase_b),
            },
        }
    doc["per_rank"] = [
        {
            "rank": r["rank"],
            "step_ms_p50": r["step_ms_p50"],
            "category_passes": r.get("category_passes"),
            "category_last_pass_ms": r.get("category_last_pass_ms"),
            # the passes' share of the training time, in place: of the summed step times (the
            # bench's truth logging between steps left out), and of the training thread's time
            # since watch() (what the agent's budget holds to STEP_BUDGET; the logging in it)
            "category_pass_percent": (round(100 * r["category_pass_s"] / r["train_s"], 4)
                                      if r.get("category_pass_s") is not None and r.get("train_s") else None),
            "category_pass_percent_since_watch": (
                round(100 * r["category_pass_s"] / r["since_watch_s"], 4)
                if r.get("category_pass_s") is not None and r.get("since_watch_s") else None),
            "category_watch_pass_ms": r.get("category_watch_pass_ms"),
        }
        for r in doc["ranks"]
    ]
    doc["breakdown_worst_off_bytes"] = worst_off
    doc["explain"] = explain(url, env)
    c = doc["checks"]
    c["every_rank_once"] = rest["ranks"] == want
    c["rank_labels"] = all(
        info.get(str(r), {}).get("pid") == pids[r]
        and info[str(r)].get("world_size") == str(args.gpus)
        and info[str(r)].get("local_rank") == str(r)
        for r in range(args.gpus)
    )
    c["ranks_joined_to_nvml_pids"] = rest["joined"] == sorted(want)
    c["breakdown_sums_to_total_at_rest"] = all(
        abs(v) <= TOLERANCE for v in rest["breakdown_off_bytes"].values()
    )
    c["breakdown_sums_to_total_every_scrape"] = all(v <= TOLERANCE for v in worst_off.values())
    c["non_pytorch_every_rank"] = sorted(rest["non_pytorch"], key=int) == want and all(
        v > 0 for v in rest["non_pytorch"].values()
    )
    c["agent_in_every_rank"] = all(r["agent"] for r in doc["ranks"])
    c["explain_names_every_rank"] = doc["explain"].get("ranks") == want
    if args.watch:
        readings = tally["readings"]
        doc["categories_equal"] = {
            "readings": readings,
            "equal": tally["equal"],
            "percent": round(100 * tally["equal"] / readings, 2) if readings else None,
            "by_category_percent": {
                k: round(100 * v[1] / v[0], 2) for k, v in tally["by_category"].items() if v[0]
            },
            "misses": tally["misses"],
            "window_s": TRUTH_WINDOW_S,
        }
        c["categories_equal_the_truth"] = bool(readings) and 100 * tally["equal"] >= EQUAL_GOAL * readings
        c["explain_shows_every_ranks_categories"] = doc["explain"].get("with_categories") == want
    if args.oom_rank >= 0:
        oom = doc["ranks"][args.oom_rank]["oom"]
        c["oom_raised"] = bool(oom and oom["raised"])
        once = {r: (1.0 if r == str(args.oom_rank) else 0.0) for r in want}
        doc["ooms_by_rank"] = {"observer": rest["ooms"], "allocator": rest["allocator_ooms"]}
        # the OOM observer exports a rank's counter from its first event on: absent reads 0
        c["oom_counted_on_its_rank_only"] = all(
            rest["ooms"].get(r, 0.0) == n and rest["allocator_ooms"].get(r, 0.0) == n for r, n in once.items()
        )
        c["oom_snapshot_written"] = any((work / "snapshots").iterdir())
        c["daemon_alive_after_oom"] = serve.poll() is None
    # SIGKILL the last rank; time until the merge drops it (docs/agent.md: pid gone + one interval)
    victim = str(args.gpus - 1)
    os.kill(int(pids[int(victim)]), signal.SIGKILL)
    killed = time.monotonic()
    t2 = time.monotonic()
    wait("the killed rank leaves the merge", lambda: victim not in scrape()["ranks"], 30, 0.05)
    doc["killed_rank"] = {
        "rank": victim,
        "gone_after_s": round(time.monotonic() - killed, 3),
        "ranks_left_at_that_scrape": last["ranks"],
    }
    doc["phases_s"]["kill"] = round(time.monotonic() - t2, 2)
    c["killed_rank_gone_within_expiry"] = doc["killed_rank"]["gone_after_s"] <= 5 * 1.0 + 1.0
    c["daemon_alive_at_end"] = serve.poll() is None
    stop.touch()
    try:
        train.wait(60)  # torchrun sees a failed rank and stops the others: a non-zero exit is expected here
    except subprocess.TimeoutExpired:
        pass
    doc["torchrun_exit"] = train.poll()
    first = doc["ranks"][0]
    doc["versions"] = {
        "torch": first["torch"],
        "nccl": first["nccl"],
        "device": first["device_name"],
        "flavour": first["mode"],
        "python": platform.python_version(),
    }
    try:
        drv = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=20,
        )
        doc["versions"]["driver"] = drv.stdout.strip().splitlines()[0] if drv.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, IndexError):
        doc["versions"]["driver"] = None
    for f in (serve_log, train_log):
        f.close()
    return doc


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    need = 1 if args.share_one_gpu else args.gpus
    have = cuda_count()
    if have < need:
        print(f"multigpu.py: needs {need} GPUs (CUDA has {have})", file=sys.stderr)
        return 2
    procs: list[subprocess.Popen[bytes]] = []
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a SIGTERM still runs the cleanup below
    work = Path(tempfile.mkdtemp(prefix="gpumemd-multigpu-"))
    doc: dict[str, Any]
    try:
        doc = run(args, work, procs)
    except KeyboardInterrupt:
        print("multigpu.py: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 (a phase that failed: said in the JSON, its traceback there too)
        import traceback

        doc = {
            "bench": "multigpu",
            "error": f"{type(exc).__name__}: {exc}",
            "work_dir": str(work),
            "traceback": traceback.format_exc()[-4000:],
        }
        for name in ("serve.log", "train.log"):
            p = work / name
            if p.exists():
                doc[name] = p.read_text(errors="replace")[-4000:]
    finally:
        for p in reversed(procs):  # the ranks first, then the daemon
            stop_group(p)
    text = json.dumps(doc, indent=1, default=str)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)
    if "error" in doc:
        print(f"multigpu.py: {doc['error']}", file=sys.stderr)
        return 1
    failed = [k for k, v in doc["checks"].items() if not v]
    if failed:
        print(f"multigpu.py: failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
