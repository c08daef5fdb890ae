"""`gpumemd preflight` through the command (cli.main, in process): exit codes 0/1/2, the JSON
schema, the one-screen text, calibration from a saved scrape and from a node's daemon, and one
line (never a traceback) for a bad flag, a job that cannot run and an unreachable node."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from gpumemd import cli
from tests.fakes import fake_mps_node
from tests.helpers import CAPTURES, ROOT, gpumemd_process

JOB = "tests.unit.preflight.models:tiny"
SCRAPE = ROOT / "tests" / "golden" / "h100__580.159.04__two-ranks-cupy.prom"  # a daemon's
AGENT = ROOT / "tests" / "golden" / "agent__h200__torch-2.11__after-256MiB.prom"  # an agent's, H200
MiB = 1 << 20


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["preflight", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_fits_exit_0_with_the_split(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "2x16", "--gpu", "H100-80GB")
    assert code == 0
    assert out.splitlines()[3].split()[:2] == ["2x16", "FITS"]  # the table's row
    assert "parameters" in out and "outside PyTorch" in out
    assert len(out.splitlines()) <= 24  # one screen


def test_four_shapes_at_four_ranks_with_a_search_fit_one_screen(capsys: pytest.CaptureFixture[str]) -> None:
    """The request that printed 29 lines, some 180 columns wide: one screen, every shape's verdict."""
    shapes = ["1x64", "2x64", "4x128", "8x512"]
    argv = [JOB, *(x for s in shapes for x in ("--shape", s)), "--world", "4", "--search", "batch",
            "--total", str(3060 * MiB)]
    code, out, _ = _run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("FITS (exit 0): 4 of 4 shape(s) fit as DDP ranks")
    assert len(lines) <= 24 and max(map(len, lines)) <= 100
    assert [line.split()[:2] for line in lines[3:7]] == [[s, "FITS"] for s in shapes]
    assert any(line.startswith("largest batch that fits (x512): ") for line in lines)
    code, verbose, _ = _run(capsys, *argv, "-v")  # every figure: each shape's split and per-rank figures
    assert code == 0 and verbose.count("per rank under FSDP2 (4 ranks, arithmetic, not run)") == 4
    assert verbose.count("once DDP's first buckets are let go)") == 4  # DDP's two answers, FSDP2's one


def test_does_not_fit_exit_1_and_the_edge_is_not_a_fit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "1x8", "--total", str(MiB))
    assert code == 1 and "DOES NOT FIT" in out
    # 900 MiB: fits with the default non-PyTorch bytes' middle, not at their top: "may not fit", exit 1
    code, out, _ = _run(capsys, JOB, "--shape", "1x8", "--total", str(900 * MiB))
    assert code == 1 and "MAY NOT FIT" in out


def test_what_to_change_when_it_does_not_fit(capsys: pytest.CaptureFixture[str]) -> None:
    total = str(900 * MiB + 160 * MiB)
    code, out, _ = _run(capsys, JOB, "--shape", "64x512", "--total", total, "--search", "batch", "--json")
    doc = json.loads(out)
    assert code == 1
    best = doc["largest"]["largest"]
    advice = " | ".join(doc["advice"])
    assert f"the largest batch that fits is {best}" in advice
    assert "activation checkpointing: activations are" in advice


def test_per_rank_figures_for_a_world(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "2x64", "--gpu", "H100-80GB", "--world", "4", "--json")
    shape = json.loads(out)["shapes"][0]
    ddp, fsdp = shape["per_rank"]["ddp"], shape["per_rank"]["fsdp2"]
    assert code == 0 and shape["nccl"] > 0
    assert fsdp["allocated"] < shape["allocated_peak"] < ddp["allocated"]
    code, text, _ = _run(capsys, JOB, "--shape", "2x64", "--gpu", "H100-80GB", "--world", "4")
    assert "DDP/rank  FSDP2/rank" in text.splitlines()[2]


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a GPU to read")
def test_here_without_a_gpu_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, JOB, "--shape", "1x8", "--here")
    assert code == 2 and err.startswith("gpumemd preflight: ") and len(err.strip().splitlines()) == 1


def test_without_a_device_exit_2_with_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "1x8")
    assert code == 2 and "figures only" in out


def test_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "1x8", "--shape", "2x32", "--gpu", "A10G", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["fits"] is True
    assert set(doc) == {"job", "fits", "device", "overheads", "world", "shapes", "largest", "advice",
                        "notes", "seconds"}
    assert [(s["batch"], s["seq"]) for s in doc["shapes"]] == [(1, 8), (2, 32)]
    shape = doc["shapes"][1]
    assert set(shape["categories"]) == {"parameters", "gradients", "optimizer_state", "activations",
                                        "temporaries", "other"}
    assert shape["tensors_peak"] <= shape["allocated_peak"] <= shape["reserved_peak"]
    assert shape["total"] == shape["reserved_peak"] + shape["non_pytorch"] + shape["nccl"]
    assert set(shape["verdict"]) == {"fits", "certain", "capacity", "headroom", "releases_cache", "notes",
                                     "bound"}
    assert shape["verdict"]["bound"] == "device total" and shape["bound_bytes"] == 0
    assert set(doc["device"]) == {"name", "total", "driver_reserved", "others", "fraction_limit", "free",
                                  "mps_limit", "mps_limit_by", "source"}
    if not torch.cuda.is_available():  # the CPU path: its wider interval, said
        assert doc["overheads"]["error"] == 0.10 and "±10 %" in doc["notes"][0]
        assert shape["error_bytes"] == int(0.10 * shape["allocated_peak"])


def test_search_finds_the_largest_batch_by_running_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    total = str(900 * MiB + 160 * MiB)  # a little room above the defaults' top
    code, out, _ = _run(capsys, JOB, "--shape", "1x512", "--total", total, "--search", "batch", "--json")
    doc = json.loads(out)
    best = doc["largest"]["largest"]
    assert code == 0 and best and best > 1 and doc["largest"]["exact"] is True
    code, over, _ = _run(capsys, JOB, "--shape", f"{best + 1}x512", "--total", total, "--json")
    assert code == 1 and json.loads(over)["fits"] is False  # one more does not fit


def test_search_finds_the_longest_sequence_by_running_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    total = str(900 * MiB + 160 * MiB)
    code, out, _ = _run(capsys, JOB, "--shape", "2x512", "--total", total, "--search", "seq", "--json")
    found = json.loads(out)["largest"]
    best = found["largest"]
    assert code == 0 and found["dimension"] == "seq" and found["at"] == {"batch": 2, "seq": 512}
    assert best > 512 and found["exact"] is True
    code, over, _ = _run(capsys, JOB, "--shape", f"2x{best + 1}", "--total", total, "--json")
    assert code == 1 and json.loads(over)["fits"] is False  # one token more does not fit


def test_calibration_from_a_saved_agent_scrape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "1x8", "--gpu", "H200", "--json", "--calibration", str(AGENT))
    over = json.loads(out)["overheads"]
    assert code == 0 and "measured: 1 process(es)" in over["source"]
    assert over["non_pytorch"] == 1346371584  # the agent's gpumemd_process_non_pytorch_bytes


@pytest.fixture
def daemon() -> Iterator[str]:
    body = SCRAPE.read_bytes()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            code, data = (200, body) if self.path == "/metrics" else (404, b"")
            self.send_response(code)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_node_gives_its_gpus_total_and_the_other_processes(capsys: pytest.CaptureFixture[str],
                                                              daemon: str) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "1x8", "--node", daemon, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["device"]["total"] == 85520809984 and doc["device"]["others"] > 4 * 1024 * MiB
    assert "80433577984 B free" in doc["device"]["source"]


def test_a_live_nodes_mps_limit_holds_the_verdict(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A real `gpumemd serve` replaying an H200 with 148 GB free, whose process (pid 450) stands
    as the GPU's MPS server in a /proc tree (`sources.mps.proc_root`), its parent (449) as the
    control daemon listening in a real pipe directory, answered by a FAKE
    `nvidia-cuda-mps-control` (tests/fakes.py: no control daemon can run here): the limit its
    control daemon gives the server's clients is exported, and preflight --node holds the job
    to it, saying so; a smaller limit in the job's own environment holds it instead, said too."""
    capture = CAPTURES / "h200__580.159.04__one-process-1GiB.json"
    with fake_mps_node() as node:
        for pid, ppid, env in ((449, 1, f"CUDA_MPS_PIPE_DIRECTORY={node.pipe}"), (450, 449, "HOME=/root")):
            proc = tmp_path / "proc" / str(pid)
            proc.mkdir(parents=True)
            (proc / "comm").write_bytes(b"nvidia-cuda-mps\n")
            (proc / "stat").write_bytes(f"{pid} (nvidia-cuda-mps) S {ppid} 1".encode())
            (proc / "environ").write_bytes(env.encode() + b"\0CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=0=64G\0")
        cfg = tmp_path / "gpumemd.yaml"
        cfg.write_text(f"sources: {{mps: {{proc_root: {tmp_path / 'proc'}, "
                       f"control: {node.bin / 'nvidia-cuda-mps-control'}}}}}\n")
        argv = [JOB, "--shape", "1x8", "--node"]
        # (the node's limit, the job's environment's, exit, whose limit held it)
        for limit, job, code_wanted, by in (("2G", None, 0, "node"), ("768M", None, 1, "node"),
                                            ("2G", "0=768M", 1, "job"), ("768M", "0=2G", 1, "node")):
            node.serve(450, limit, "50.0")
            if job is None:
                monkeypatch.delenv("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", raising=False)
            else:
                monkeypatch.setenv("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", job)
            with gpumemd_process(["--config.file", str(cfg), "--replay", str(capture)]) as (url, _):
                code, out, _ = _run(capsys, *argv, url, "--json")
                text_code, text, _ = _run(capsys, *argv, url)
            doc = json.loads(out)
            assert code == text_code == code_wanted
            assert doc["device"]["mps_limit"] == (2 << 30 if code_wanted == 0 else 768 * MiB)
            assert doc["device"]["mps_limit_by"] == by
            assert doc["device"]["free"] == 148483735552
            assert "50 % of its threads under MPS" in doc["device"]["source"]
            assert doc["shapes"][0]["verdict"]["bound"] == "MPS limit"
            assert f"held to the {by}'s MPS" in text.splitlines()[1]  # the screen's line may clip the rest
            whose = {"node": "(the node's MPS control daemon)",
                     "job": "(CUDA_MPS_PINNED_DEVICE_MEM_LIMIT in this environment)"}
            assert whose[by] in doc["device"]["source"]


def test_the_jobs_allocator_settings_are_replayed(capsys: pytest.CaptureFixture[str]) -> None:
    shape = ["--shape", "4x256", "--gpu", "H100-80GB", "--json"]
    code, out, _ = _run(capsys, JOB, *shape)
    native = json.loads(out)["shapes"][0]
    code2, out2, _ = _run(capsys, JOB, *shape, "--alloc-conf", "expandable_segments:True")
    expandable = json.loads(out2)["shapes"][0]
    assert code == code2 == 0 and expandable["tensors_peak"] == native["tensors_peak"]
    assert expandable["reserved_peak"] < native["reserved_peak"]  # pages, not 20 MiB segments


@pytest.mark.parametrize("argv, says", [
    (["--shape", "8by16"], "--shape"),
    (["--shape", "0x16"], "--shape (batch)"),
    (["--gpu", "Z9000"], "unknown GPU"),
    (["--world", "0"], "--world"),
    (["--node", "http://127.0.0.1:1"], "gpumemd preflight:"),
    (["--alloc-conf", "backend:cudaMallocAsync"], "not modelled by the replay"),
])
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, _, err = _run(capsys, JOB, *argv)
    assert code == 2 and says in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("target, says", [
    ("tests.unit.preflight.models:broken", "the factory's own bug"),
    ("tests.unit.preflight.models:reads_a_value", "a value steers memory"),
    ("no_such_module_here:f", "ModuleNotFoundError"),
])
def test_a_job_that_cannot_run_is_exit_2(capsys: pytest.CaptureFixture[str], target: str, says: str) -> None:
    code, _, err = _run(capsys, target, "--shape", "1x8", "--gpu", "H100-80GB")
    assert code == 2 and says in err and "Traceback" not in err


def test_a_script_runs_with_its_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(
        "import sys, torch\n"
        "width = int(sys.argv[1])\n"
        "model = torch.nn.Linear(width, width).cuda()\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for _ in range(10):\n"
        "    model(torch.randn(4, width, device='cuda')).sum().backward(); opt.step(); opt.zero_grad()\n")
    code, out, _ = _run(capsys, str(script), "--gpu", "H100-80GB", "--json", "--", "1024")
    doc = json.loads(out)
    assert code == 0
    assert doc["shapes"][0]["categories"]["parameters"] == (1024 * 1024 + 1024) * 4


def test_a_script_that_prints_its_loss_runs_and_its_prints_leave_the_json_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = ROOT / "tests" / "fixtures" / "preflight" / "scripts" / "logs_loss.py"
    code, out, err = _run(capsys, str(script), "--gpu", "H100-80GB", "--json")
    doc = json.loads(out)
    assert code == 0 and "loss 0.000" in err
    note = doc["notes"][0]
    assert note.startswith("2 value reads of fake tensors returned 0 (") and "logs_loss.py:10 x2" in note


def test_a_script_whose_size_comes_from_a_value_is_exit_2_naming_the_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = ROOT / "tests" / "fixtures" / "preflight" / "scripts" / "sized_by_value.py"
    code, out, err = _run(capsys, str(script), "--gpu", "H100-80GB")
    assert code == 2 and not out and "a value steers memory" in err and "sized_by_value.py:10 x2" in err


def test_a_boolean_mask_is_predicted_at_its_bound_and_bincount_is_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = str(ROOT / "tests" / "fixtures" / "preflight" / "scripts" / "sized_by_values.py")
    code, out, _ = _run(capsys, script, "--gpu", "H100-80GB", "--json", "--", "mask")
    doc = json.loads(out)
    assert code == 0 and doc["shapes"][0]["bound_bytes"] > 0
    [note] = [n for n in doc["notes"] if "sized by values taken at their bound" in n]
    lines = Path(script).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "logits[keep]" in text)
    assert f"sized_by_values.py:{line} (index) x4" in note
    assert " lower (the run with them empty)" in note and "reaches 0 B" not in note
    code, out, err = _run(capsys, script, "--gpu", "H100-80GB", "--", "bincount")
    assert code == 2 and not out and "aten.bincount" in err and "no bound" in err


def test_a_scripts_own_memory_fraction_is_held_in_the_verdict(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    """A script that caps itself with set_per_process_memory_fraction is judged under its cap:
    256 MiB of weights (and their gradients) fit a 3 GiB GPU, not its fifth."""
    body = ("import sys, torch\n"
            "torch.cuda.set_per_process_memory_fraction(float(sys.argv[1]))\n"
            "model = torch.nn.Linear(8192, 8192).cuda()\n"
            "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
            "for _ in range(3):\n"
            "    model(torch.randn(2, 8192, device='cuda')).sum().backward(); opt.step(); opt.zero_grad()\n")
    script = tmp_path / "capped.py"
    script.write_text(body)
    total = str(3 << 30)
    code, out, _ = _run(capsys, str(script), "--total", total, "--json", "--", "1.0")
    assert code == 0 and json.loads(out)["fits"] is True
    code, out, _ = _run(capsys, str(script), "--total", total, "--json", "--", "0.2")
    doc = json.loads(out)
    assert code == 1 and doc["fits"] is False
    assert doc["device"]["fraction_limit"] == int(0.2 * (3 << 30))
    assert any("set_per_process_memory_fraction(0.2)" in n for n in doc["notes"])


def test_compile_predicts_the_compiled_step_and_says_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, JOB, "--shape", "2x16", "--gpu", "H100-80GB", "--compile", "--json")
    doc = json.loads(out)
    assert code == 0
    assert any("torch.compile'd step" in n and "±10 %" in n for n in doc["notes"])
    code, _, err = _run(capsys, "train.py", "--gpu", "H100-80GB", "--compile")
    assert code == 2 and "a script's own torch.compile is seen by itself" in err


def test_inductor_cache_is_read_from_the_flags_directory_for_the_named_gpu_or_not_at_all(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir(mode=0o700)
    (tmp_path / "cache" / "h200").write_text(json.dumps({"system": {"device": {"name": "NVIDIA H200"}},
                                                         "cache": {"k": True}}))
    args = (JOB, "--shape", "2x16", "--gpu", "H100-80GB", "--compile", "--json")
    code, out, _ = _run(capsys, *args, "--inductor-cache", str(tmp_path))
    assert code == 0
    assert any(f"inductor's cache in {tmp_path}" in n and "another GPU's (NVIDIA H200)" in n
               for n in json.loads(out)["notes"])
    code, out, _ = _run(capsys, *args, "--inductor-cache", "none")
    assert code == 0 and not any("inductor's cache" in n for n in json.loads(out)["notes"])
