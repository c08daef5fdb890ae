"""The leak finder on a real GPU: the seeded-leak catalogue (bench/leak_catalogue.py: a
GPT-2 (124M) training loop per kind, each run RUNS times, a wave at a time on the one GPU).
Per kind: the top site is the seeded line (or the line that calls the model, or the root line
of state created as a side effect), its holder is named at the line that grows it; the steady
control names no site. Every run: history is off afterwards, the user's peak is never reset,
the retainer search ran no user code. `large_local`: the loop's 256 MiB local is freed
after the search (the f_locals cache kept it); `hostile`: a lazy proxy in sys.modules and a
blocking `__class__` on the path, the answer within the search's budget."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from bench.leak_catalogue import KINDS, LARGE_LOCAL, launch, run_catalogue
from gpumemd.agent.retainers import BUDGET_S
from tests.gpu.conftest import HAS_GPU

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not HAS_GPU, reason="needs a CUDA GPU and NVML")]

RUNS = int(os.environ.get("GPUMEMD_LEAK_RUNS", "2"))
RESULTS = os.environ.get("GPUMEMD_RESULTS")
LIMIT_S = int(os.environ.get("GPUMEMD_LEAK_LIMIT_S", "150"))
EVERY = 10  # windows of 10 steps: the answer after 30 (the default, 25, is what the cost bench arms)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """Every kind RUNS times (the slow tier)."""
    return run_catalogue(tmp_path_factory.mktemp("leak"), runs=RUNS, every=EVERY, limit_s=LIMIT_S,
                         results=Path(RESULTS) if RESULTS else None)


# The fast tier (make gpu-fast) runs one seeded leak once; the full suite every kind RUNS times.
PARAMS = [
    pytest.param("accumulate", 1, id="accumulate-once"),
    *(pytest.param(kind, RUNS, id=kind, marks=pytest.mark.slow) for kind in KINDS),
]


@pytest.mark.timeout_s(2 * LIMIT_S + 30)
@pytest.mark.parametrize(("kind", "runs"), PARAMS)
def test_the_leak_finder_names_the_seeded_line(
    kind: str, runs: int, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    outs = (
        launch([(kind, tmp_path / "run0")], every=EVERY, limit_s=LIMIT_S, wave=1)
        if runs == 1
        else request.getfixturevalue("results")[kind]
    )
    assert len(outs) == runs
    for out in outs:
        check(kind, out)


def check(kind: str, out: dict[str, Any]) -> None:
    """One run's answer against the catalogue's claim, and the harm it must not do."""
    assert "error" not in out, out.get("error")
    report = out["report"]
    assert report is not None, out["stderr"][-2000:]
    assert out["history_after"] is False
    assert out["peak_after"] >= out["peak_before"]  # never reset
    assert not [f for f in out["ran"] if "/gpumemd/" in f], out["ran"]  # the search ran no user code
    assert out["site_ok"], (out["found_site"], report["sites"][:2])
    if KINDS[kind] is None:
        return
    assert out["holder_ok"] is not False, (out["found_holder"], report["notes"])
    top = report["sites"][0]
    assert top["bytes_per_step"] > 0
    assert out["report_path"] and Path(out["report_path"]).exists()
    assert "leaking at leak_scenario.py" in out["stderr"]
    assert report["costs"]["gil_max_s"] < 1.0  # one gc scan: the longest the training thread waited
    if kind == "large_local":
        assert out["freed"] == LARGE_LOCAL, out["freed"]  # nothing the loop frees stays allocated
    if kind == "hostile":
        assert report["costs"]["retainer_s"] < BUDGET_S + 1.0
        assert out["waited_s"] < BUDGET_S + 5.0
    if kind == "opt_state":  # the optimizer's state at opt.step() grows because of the new parameters
        from bench.leak_catalogue import LINES

        effects = [s for s in report["sites"] if s.get("caused_by")]
        assert effects and effects[0]["caused_by"][1] == LINES["new_param"], report["sites"][:3]
