"""Where the memory went, on a real GPU: two ranks through `gpumemd run` (512 and 768 MiB
through torch) and a CuPy process (300 MiB) on GPU 0, one `gpumemd serve`; its breakdown and
`gpumemd explain --json` against what each process says it holds and what NVML says.

Leaves `explain-gpu.json` (figures), `captures/explain-two-ranks-cupy.json` and the ranks'
spool files under `captures/explain-spool/` in the results directory, for a CI replay.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT, gpumemd_process, samples, scrape

MiB = 1 << 20
HERE = Path(__file__).parent


def _start(cmd: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _own_sum(s: dict, rank: str) -> float:
    """A rank's own split of its memory as its agent published it, summed."""
    return sum(v for (n, lab), v in s.items()
               if n == "gpumemd_process_memory_breakdown_bytes" and dict(lab).get("rank") == rank)


def _nvml_used(s: dict, pid: int) -> float | None:
    """What NVML charges `pid` on GPU 0, as the daemon read it."""
    return next((v for (n, lab), v in s.items() if n == "gpumemd_process_gpu_memory_used_bytes"
                 and dict(lab)["gpu"] == "0" and dict(lab).get("pid") == str(pid)), None)


def _said(proc: subprocess.Popen[str]) -> dict:
    """The holder's one line: what it holds (it holds it until its stdin closes)."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"{proc.args} said nothing"
    return json.loads(line)


@pytest.mark.timeout_s(120)
def test_breakdown_and_explain_match_the_processes(tmp_path: Path, results_dir: Path) -> None:
    pytest.importorskip("cupy")
    spool = tmp_path / "spool"
    cfg = tmp_path / "gpumemd.yml"
    cfg.write_text(f"sampler: {{interval: 200ms}}\nagent: {{spool_dir: {spool}}}\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "GPUMEMD_SPOOL_DIR": str(spool),
        "CUDA_VISIBLE_DEVICES": "0",
    }
    procs: list[subprocess.Popen[str]] = []
    (results_dir / "captures").mkdir(parents=True, exist_ok=True)
    try:
        with gpumemd_process(["--config.file", str(cfg)]) as (url, _):
            # the three holders start together (each pays its imports and CUDA context at once)
            for rank, size in ((0, 512 * MiB), (1, 768 * MiB)):
                procs.append(
                    _start(
                        [
                            sys.executable,
                            "-m",
                            "gpumemd",
                            "run",
                            "--web.listen-address",
                            "",
                            "--",
                            sys.executable,
                            str(HERE / "rank_holder.py"),
                            str(size),
                        ],
                        {**env, "RANK": str(rank), "LOCAL_RANK": str(rank), "WORLD_SIZE": "2"},
                    )
                )
            procs.append(_start([sys.executable, str(HERE / "cupy_holder.py"), str(300 * MiB)], env))
            *ranks, cupy_said = [_said(p) for p in procs]
            held = {said["pid"]: said for said in ranks}
            deadline, s = time.monotonic() + 30, {}
            while time.monotonic() < deadline:  # both ranks merged and joined to their NVML processes
                s = samples(scrape(url + "/metrics"))
                if sum(v for (n, _), v in s.items() if n == "gpumemd_gpu_agent_processes") == 2:
                    break
                time.sleep(0.2)
            # a rank's own split is as of its agent's last NVML read (every nvml_interval, 1 s),
            # published at its next spool write (every spool_interval, 1 s): wait until each rank
            # has published one taken after it finished allocating (its own sum is NVML's now)
            deadline = time.monotonic() + 10
            while True:
                time.sleep(0.5)
                s = samples(scrape(url + "/metrics"))
                if time.monotonic() > deadline or all(_own_sum(s, said["rank"]) == _nvml_used(s, pid)
                                                      for pid, said in held.items()):
                    break
            explained = subprocess.run(
                [sys.executable, "-m", "gpumemd", "explain", "--url", url, "--json"],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
                env=env,
            )
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "gpumemd",
                    "capture",
                    "-o",
                    str(results_dir / "captures" / "explain-two-ranks-cupy.json"),
                    "--description",
                    "GPU 0: two torch ranks (512 and 768 MiB) through gpumemd run, CuPy holding 300 MiB",
                ],
                cwd=ROOT,
                check=True,
                capture_output=True,
                timeout=60,
                env=env,
            )
            shutil.copytree(spool, results_dir / "captures" / "explain-spool", dirs_exist_ok=True)
    finally:
        for p in procs:
            p.stdin.close()  # type: ignore[union-attr]
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
    parts = {
        dict(lab)["category"]: v
        for (n, lab), v in s.items()
        if n == "gpumemd_gpu_memory_breakdown_bytes" and dict(lab)["gpu"] == "0"
    }
    total = next(
        v for (n, lab), v in s.items() if n == "gpumemd_gpu_memory_total_bytes" and dict(lab)["gpu"] == "0"
    )
    nvml = {
        int(dict(lab)["pid"]): v
        for (n, lab), v in s.items()
        if n == "gpumemd_process_gpu_memory_used_bytes" and dict(lab)["gpu"] == "0"
    }
    j = json.loads(explained.stdout)
    figures = {
        "parts": parts,
        "total": total,
        "nvml_process_used": nvml,
        "ranks": held,
        "cupy": cupy_said,
        "explain_exit": explained.returncode,
        "explain_findings": [f["message"] for f in j["findings"]],
    }
    (results_dir / "explain-gpu.json").write_text(json.dumps(figures, indent=1, default=str) + "\n")
    assert sum(parts.values()) == total  # every byte in a category
    assert abs(sum(parts.values()) - total) <= 16 * MiB
    assert parts["pytorch_allocated"] == sum(h["allocated"] for h in held.values())
    reserved = sum(h["reserved"] for h in held.values())
    assert parts["pytorch_allocated"] + parts["pytorch_fragmented"] + parts["pytorch_cached"] == reserved
    assert parts["non_pytorch"] == sum(nvml[pid] for pid in held) - reserved
    assert parts["other_processes"] >= nvml[cupy_said["pid"]] >= 300 * MiB
    (g,) = [g for g in j["gpus"] if g["gpu"] == 0]
    assert g["parts"] == {k: int(v) for k, v in parts.items()}
    by_pid = {p["pid"]: p for p in g["processes"]}
    assert {by_pid[pid]["rank"] for pid in held} == {"0", "1"} and not by_pid[cupy_said["pid"]]["agent"]
    assert explained.returncode == 1 and any("no agent" in f for f in figures["explain_findings"])
    # each rank's own split (published by its agent, merged by the daemon) sums to what NVML charges it
    for pid in held:
        own = {
            dict(lab)["category"]: v
            for (n, lab), v in s.items()
            if n == "gpumemd_process_memory_breakdown_bytes" and dict(lab).get("rank") == held[pid]["rank"]
        }
        assert sum(own.values()) == nvml[pid] and own["pytorch_allocated"] == held[pid]["allocated"], own
