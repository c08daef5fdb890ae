"""bench/preflight_accuracy.py and bench/preflight_ranks.py end to end on a CPU, small (the
torch.nn decoder, a fake device total; gloo ranks), so the device's run works the first time:
every task dealt to exactly one shard, each row's figures present, MemTracker's peak beside
preflight's, the boundary searched on its grid, the merge's goals, the ranks' table."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.helpers import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import preflight_accuracy  # noqa: E402

GiB = 1 << 30


_ENV = {**os.environ, "PYTHONPATH": str(ROOT), "CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"}


def _run(args: list[str], timeout: int = 240) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=_ENV)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    return r


def _rows(root: Path) -> list[dict[str, Any]]:
    files = sorted(root.glob("shard-*/rows.jsonl"))
    return [json.loads(x) for f in files for x in f.read_text().splitlines()]


def test_every_task_is_dealt_once_and_the_shards_are_balanced() -> None:
    tasks = preflight_accuracy.tasks(["gpt2", "llama", "bert"])
    dealt = [preflight_accuracy.deal(tasks, i, 4) for i in range(4)]
    assert sorted(t for d in dealt for t in d) == sorted(tasks)
    loads = [sum(t[0] for t in d) for d in dealt]
    assert max(loads) - min(loads) <= max(t[0] for t in tasks), loads
    # the goals' coverage: four shapes a family, both optimizers, a compiled run, three boundaries
    acc = [t for t in tasks if t[1] == "accuracy" and not t[-1]]
    assert len(acc) == 24 and {t[3] for t in acc} == {"adamw", "sgd"}
    assert sum(1 for t in tasks if t[1] == "boundary") == 3
    assert any(t[1] == "accuracy" and t[-1] for t in tasks)
    # compiled alone: GPT-2's and BERT's compiled runs at two shapes each, nothing else
    alone = preflight_accuracy.tasks(["gpt2", "bert"], "compiled")
    assert all(t[1] == "accuracy" and t[-1] for t in alone)
    assert sorted((t[2], t[5], t[6]) for t in alone) == sorted(
        (f, b, s) for f in ("gpt2", "bert") for b, s in preflight_accuracy.COMPILED[f])
    assert {t[2] for t in alone} == {"gpt2", "bert"} and len(alone) >= 4


def test_two_shards_on_a_cpu_then_the_merge(tmp_path: Path) -> None:
    shards = [subprocess.Popen([sys.executable, "bench/preflight_accuracy.py", "--out", str(tmp_path),
                                "--shard", shard, "--models", "tiny", "--device-total", str(80 * GiB),
                                "--budget", "200"], cwd=ROOT, env=_ENV, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True) for shard in ("0/2", "1/2")]
    for proc in shards:  # side by side, as on the device's GPUs
        out, _ = proc.communicate(timeout=240)
        assert proc.returncode == 0, out[-4000:]
    rows = _rows(tmp_path)
    acc = [r for r in rows if r["kind"] == "accuracy"]
    assert len(acc) == len([t for t in preflight_accuracy.tasks(["tiny"]) if t[1] == "accuracy"])
    for r in acc:
        assert "pred_error" not in r, r
        assert r["pred_allocated"] >= r["pred_tensors"] > 0 and r["pred_fits"] is True and r["real"] is None
        if not r["compiled"]:
            assert r["memtracker"].get("peak", 0) > 0, r["memtracker"]  # the two steps ran under it
            assert "peak" in r["accelerate"] or "error" in r["accelerate"]
        else:  # the compiled model's prediction, eager's beside it
            assert r["pred_path"] == "cpu" and r["pred_eager_allocated"] > 0
    (head,) = [r for r in rows if r["kind"] == "boundary"]
    assert "error" not in head, head
    grid = head["grid"]
    _, lo, hi = preflight_accuracy.BOUNDARY["tiny"]
    assert grid[0] == lo and grid[-1] == hi
    assert all(b > a for a, b in zip(grid, grid[1:], strict=False))
    assert head["pred_largest"] is not None and -1 <= head["pred_largest"] < len(grid)
    checks = [r for r in rows if r["kind"] == "check"]
    p = head["pred_largest"]
    # the predicted verdict changes at the predicted boundary (the cap was set to put it in the grid)
    seen = [(c["index"], c["pred_fits"]) for c in checks]
    assert all(fits == (i <= p) for i, fits in seen), (p, seen)
    assert any(c["pred_fits"] for c in checks) and not all(c["pred_fits"] for c in checks)
    table = (tmp_path / "table.md").read_text()  # written by the last shard to end
    assert table.count("| tiny ") >= len(acc) and "The OOM boundary" in table
    junit = json.loads((tmp_path / "junit.json").read_text())
    (count,) = [c for c in junit["cases"] if c["name"] == "at least 30 verdicts checked"]
    assert count["status"] == "failed" and count["message"].startswith("0 checked")  # no GPU: nothing real


def _shard(root: Path, i: int, rows: list[dict[str, Any]]) -> None:
    d = root / f"shard-{i}"
    d.mkdir()
    (d / "rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_the_merge_fails_a_fits_that_oomed_and_a_peak_off_by_over_one_percent(tmp_path: Path) -> None:
    base = {"kind": "accuracy", "family": "gpt2", "optimizer": "adamw", "bf16": True, "seq": 512,
            "compiled": False}
    ran = {"oom": False, "allocated_peak": 1000, "reserved_peak": 1100}
    _shard(tmp_path, 0, [
        {**base, "batch": 1, "pred_allocated": 1005, "pred_fits": True, "real": ran, "err_gpumemd": 0.005},
        {**base, "batch": 2, "pred_allocated": 1030, "pred_fits": True, "real": ran, "err_gpumemd": 0.03},
    ])
    _shard(tmp_path, 1, [
        {"kind": "check", "family": "bert", "optimizer": "adamw", "bf16": True, "batch": 16, "seq": 512,
         "cap": 4 * GiB, "index": 9, "pred_fits": True, "pred_allocated": 1, "pred_reserved": 1,
         "real": {"oom": True}, "near_boundary": True, "err_gpumemd": None},
        {"kind": "boundary", "family": "bert", "optimizer": "adamw", "bf16": True, "batch": 16,
         "grid": [128, 136], "cap": 4 * GiB, "pred_largest": 1, "real_largest": 0, "pred_seq": 136,
         "real_seq": 128, "steps_apart": 1},
    ])
    assert preflight_accuracy.merge(tmp_path) == 0
    cases = {c["name"]: c for c in json.loads((tmp_path / "junit.json").read_text())["cases"]}
    assert cases["allocated within 1 %: gpt2 adamw bf16 1x512"]["status"] == "passed"
    assert cases["allocated within 1 %: gpt2 adamw bf16 2x512"]["status"] == "failed"
    assert cases[f"no fits-then-OOM: bert adamw 16x512 under {4 * GiB}"]["status"] == "failed"
    assert cases["no fits-then-OOM: gpt2 adamw bf16 1x512"]["status"] == "passed"
    assert cases["boundary within one grid step: bert"]["status"] == "passed"
    assert "predicted fits but OOMed: 1" in (tmp_path / "table.md").read_text()


def test_the_ranks_script_under_torchrun_on_gloo(tmp_path: Path) -> None:
    torchrun = shutil.which("torchrun", path=str(Path(sys.executable).parent))
    assert torchrun is not None
    _run([torchrun, "--standalone", "--nproc-per-node", "2", "bench/preflight_ranks.py",
          "--out", str(tmp_path), "--models", "tiny", "--batch", "2", "--seq", "32"])
    got = json.loads((tmp_path / "ranks.json").read_text())
    assert [r["rank"] for r in got["ranks"]] == [0, 1]
    for r in got["ranks"]:
        assert set(r["runs"]) == {"tiny/ddp", "tiny/fsdp2"}
        assert all(run.get("oom") is False and "error" not in run for run in r["runs"].values()), r["runs"]
    pred = got["predictions"]["tiny"]
    assert "error" not in pred, pred
    # FSDP2 shards the persistent bytes: its per-rank figure is under DDP's (which adds buckets)
    assert pred["fsdp2"]["allocated"] < pred["one_gpu_allocated"] < pred["ddp"]["allocated"]
    # predicted by rank 0's child (rank 0 itself runs only the job), with the model's two blocks
    assert len(pred["blocks"]) == 2 and pred["blocks"][0] == pred["blocks"][1] > 0
    assert "| step 1 peak | step 2 peak |" in (tmp_path / "ranks.md").read_text()
    assert len(got["rows"]) == 4 and (tmp_path / "ranks.md").exists() and (tmp_path / "junit.json").exists()


def test_the_device_script_parses_and_refuses_an_unknown_mode() -> None:
    script = str(ROOT / "bench" / "preflight_device.sh")
    assert subprocess.run(["bash", "-n", script], timeout=30).returncode == 0
    r = subprocess.run(["bash", script, "nothing"], capture_output=True, text=True, timeout=30,
                       env={**_ENV, "GPUMEMD_RESULTS": "/nonexistent-gpumemd-results"}, cwd=ROOT)
    assert r.returncode == 2 and "usage" in r.stderr


def test_the_merge_judges_compiled_steps_by_their_own_interval(tmp_path: Path) -> None:
    base = {"kind": "accuracy", "family": "gpt2", "optimizer": "adamw", "bf16": True, "seq": 512,
            "compiled": True, "pred_path": "cuda"}
    ran = {"oom": False, "allocated_peak": 1000, "reserved_peak": 1100}
    _shard(tmp_path, 0, [
        {**base, "batch": 4, "pred_allocated": 1050, "pred_eager_allocated": 1427, "real": ran,
         "err_gpumemd": 0.05, "err_eager": 0.427},
        {**base, "batch": 8, "pred_allocated": 800, "pred_eager_allocated": 1400, "real": ran,
         "err_gpumemd": -0.2, "err_eager": 0.4},
    ])
    assert preflight_accuracy.merge(tmp_path) == 0
    cases = {c["name"]: c for c in json.loads((tmp_path / "junit.json").read_text())["cases"]}
    within = f"compiled within {100 * preflight_accuracy.COMPILED_ERROR:.0f} %"
    assert cases[f"{within}: gpt2 adamw bf16 4x512"]["status"] == "passed"
    assert cases[f"{within}: gpt2 adamw bf16 8x512"]["status"] == "failed"
    assert "+42.70 %" in cases[f"{within}: gpt2 adamw bf16 4x512"]["message"]  # eager's beside it
    assert not any(name.startswith("allocated within 1 %") for name in cases)  # eager's goal is eager's
    table = (tmp_path / "table.md").read_text()
    assert "## Compiled steps" in table
    assert "| gpt2 adamw bf16 4x512 | 1,050 | 1,000 | +5.00 % | 1,427 |" in table
    assert "allocated step peak, compiled: 2 configurations" in table


def test_the_real_search_and_its_checks_against_a_stand_in_gpu(tmp_path: Path) -> None:
    """A stand-in for the GPU's real runs (a CPU cannot OOM as a GPU does: a fake, named as
    such) that runs every sequence up to 80 tokens and OOMs above: the search finds that size,
    the sizes around both boundaries run both ways, and the merge counts each as a verdict."""
    limit = 80

    def stand_in_gpu(factory: Any, batch: int, seq: int, compiled: bool = False) -> dict[str, Any]:
        if seq > limit:
            return {"oom": True}
        return {"oom": False, "allocated_peak": 1000 * seq, "reserved_peak": 1100 * seq}

    (tmp_path / "shard-0").mkdir()
    shard = preflight_accuracy.Shard(tmp_path / "shard-0", 200, 80 * GiB, measure=stand_in_gpu)
    shard.accuracy("tiny", "sgd", False, 2, 32, False)
    shard.boundary("tiny", "adamw", True)
    shard.close()
    rows = _rows(tmp_path)
    (head,) = [r for r in rows if r["kind"] == "boundary"]
    grid, r, p = head["grid"], head["real_largest"], head["pred_largest"]
    assert head["real_seq"] == max(g for g in grid if g <= limit) == grid[r]
    assert head["steps_apart"] == p - r
    checks = [c for c in rows if c["kind"] == "check"]
    assert {r - 1, r, r + 1} <= {c["index"] for c in checks}
    for c in checks:
        assert c["real"]["oom"] == (c["seq"] > limit) and c["near_boundary"] == (abs(c["index"] - r) <= 1)
    assert preflight_accuracy.merge(tmp_path) == 0
    cases = {c["name"]: c["status"] for c in json.loads((tmp_path / "junit.json").read_text())["cases"]}
    assert cases["boundary within one grid step: tiny"] == ("passed" if abs(p - r) <= 1 else "failed")
    assert sum(1 for name in cases if name.startswith("no fits-then-OOM")) == len(checks) + 1
    near = sum(1 for c in checks if c["near_boundary"])
    table = (tmp_path / "table.md").read_text()
    assert f"verdicts checked by a real run: {len(checks) + 1} ({near} within" in table
