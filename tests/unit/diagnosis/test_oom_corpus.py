"""bench/oom_corpus.py's parts that need no GPU: the shards, the re-runs a diagnosis asks for,
and the tables rebuilt from several shards (the GPU runs are the lead's, on the device)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.helpers import ROOT


def corpus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("oom_corpus", ROOT / "bench" / "oom_corpus.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("oom_corpus", mod)  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


C = corpus()


def test_the_shards_cover_every_scenario_once_and_keep_a_programs_siblings_together() -> None:
    kept, _ = C.scenarios()
    shards = [C.shard(kept, f"{i}/4") for i in range(4)]
    ids = [s.id for sh in shards for s in sh]
    assert sorted(ids) == sorted(s.id for s in kept) and len(ids) == len(set(ids))
    where = {s: i for i, sh in enumerate(shards) for s in sh}
    for s in kept:
        for other in kept:
            if C.replace(other, conf="") == C.replace(s, conf=""):
                assert where[s] == where[other], (s.id, other.id)
    assert all(shards) and C.shard(kept, "1/4") == shards[1]  # the same shards on every GPU


def scenario(sid: str) -> Any:
    kept, _ = C.scenarios()
    return next(s for s in kept if s.id == sid)


def test_every_remedy_is_re_run_where_the_corpus_can_apply_it_even_for_a_cause_it_lacks() -> None:
    cap = scenario("capacity.native.mid_training.default.over_free")
    leak = next(s for s in C.scenarios()[0] if s.cause == "leak")
    frag = next(s for s in C.scenarios()[0] if s.cause == "fragmentation")

    def jobs(s: Any, remedy: dict[str, Any], cause: str = "capacity", dnh: tuple[str, ...] = ()) -> list:
        return C.remedy_jobs(s, {"remedy": remedy, "cause": cause, "does_not_help": list(dnh)})

    # a remedy of a cause the scenario lacks: applied (the same program), so a wrong one shows
    for remedy, change in (({"kind": "fix_leak"}, {"leak": False}),
                           ({"kind": "free_pools"}, {"release_pool": True}),
                           ({"kind": "free_other_processes"}, {"holder": False}),
                           ({"kind": "lift_limit", "fraction": 0.5}, {"fraction": None})):
        ((label, job),) = jobs(cap, remedy)
        assert job is not None and dict(job.change) == change and "not re-runnable" not in label, label
    ((_, job),) = jobs(leak, {"kind": "batch_fraction", "fraction": 0.5})
    assert job is not None and dict(job.change) == {"scale": 0.5}  # the leak's step batch scales
    ((label, job),) = jobs(frag, {"kind": "none"}, "fragmentation")
    assert job is not None and dict(job.change) == {"reorder": True}  # its fix: the order
    # only what the corpus truly cannot do
    ((label, job),) = jobs(cap, {"kind": "free_non_pytorch", "bytes": 1})
    assert job is None and "not re-runnable here" in label and "CuPy" in label
    assert jobs(cap, {"kind": "none"}) == [("none", None)]  # no remedy printed: the table says so
    # does-not-help: the user's own items kept, the backend's dropped (the setting is native)
    split = scenario("capacity.split64.mid_training.default.over_free")
    batch = {"kind": "batch_fraction", "fraction": 0.5}
    (_, (_, dnh)) = jobs(split, batch, dnh=("expandable_segments:True",))
    assert dnh.mod == "dnh" and dnh.conf == "max_split_size_mb:64,expandable_segments:True"
    async_ = scenario("capacity.async.mid_training.default.over_free")
    (_, (_, dnh)) = jobs(async_, batch, dnh=("expandable_segments:True",))
    assert dnh.conf == "expandable_segments:True"


def row(sid: str, said: str | None, seen: str | None) -> dict[str, Any]:
    s = scenario(sid)
    return {"scenario": sid, **C.asdict(s), "built_oom": True, "truth_rerun_oom": False, "cause_said": said,
            "reruns": [{"what": "batch_fraction 0.5", "conf": s.conf, "oom": False, "error": None,
                        "peak_reserved": None, "sim": None}],
            "sim_own": None, "siblings": [], "base": {}, "truth": {},
            "diagnosis": {"cause": said, "seen": seen} if said else {}}


def test_merge_rebuilds_one_table_from_the_shards(tmp_path: Path) -> None:
    a, b = tmp_path / "s1", tmp_path / "s2"
    rows_a = [row("capacity.native.mid_training.default.over_free", "capacity", "observer")]
    rows_b = [row("capacity.async.mid_training.default.over_free", "capacity", "raise"),
              row("limit.async.mid_training.fraction.over_limit", None, None)]
    for d, rows in ((a, rows_a), (b, rows_b)):
        d.mkdir()
        (d / "corpus.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "merged"
    assert C.merge([a, b], out) == 0
    md = (out / "corpus.md").read_text()
    assert md.startswith("# OOM corpus: 3 scenarios")
    assert "- cause right: 2 of 3 judged" in md  # the undiagnosed async OOM counts against
    assert "wrong (not diagnosed)" in md and "| raise |" in md and "| observer |" in md
    assert len((out / "corpus.jsonl").read_text().splitlines()) == 3


def test_the_rescore_replays_each_recorded_trace_and_marks_what_the_model_changed(tmp_path: Path) -> None:
    path = ROOT / "bench" / "oom_corpus_rescore.py"
    spec = importlib.util.spec_from_file_location("oom_corpus_rescore", path)
    assert spec is not None and spec.loader is not None
    rescore = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rescore)
    traces = ROOT / "tests" / "fixtures" / "torch"
    name = "h200__torch-2.11.0__corpus-fragmentation-pages-native.pickle"
    peak = 149445148672  # the expandable segments run's, and the replay's
    sim = {"verdict": "oom", "peak_reserved": peak, "early_ooms_fit": 0}
    r = {"scenario": "fragmentation.native.mid_training.pages.over_free", "cause": "fragmentation",
         "conf": "", "timing": "mid_training", "where": "pages", "size": "over_free",
         "base": {"oom": True, "trace": f"/elsewhere/{name}", "total": 150109880320, "fraction": None,
                  "peak_reserved": 149457731584 + 1494577316},  # a real peak 1 % over the replay's
         "sim_own": {**sim, "peak_reserved": 149457731584},
         "reruns": [{"conf": "expandable_segments:True", "oom": False, "sim": sim, "peak_reserved": peak}],
         "siblings": [{"conf": "max_split_size_mb:64", "oom": False, "sim": None}]}
    (tmp_path / "corpus.jsonl").write_text(json.dumps(r) + "\n")
    assert rescore.main(["--corpus", str(tmp_path / "corpus.jsonl"), "--replay", str(traces),
                         "--out", str(tmp_path)]) == 0
    lines = (tmp_path / "replay.csv").read_text().splitlines()
    assert lines[1:] == [
        "fragmentation.native.mid_training.pages.over_free,native,oom,oom,oom,yes,"
        f"{149457731584 + 1494577316},149457731584,-0.99 %,149457731584,,",
        "fragmentation.native.mid_training.pages.over_free,expandable_segments:True,fits,oom,fits,yes,"
        f"{peak},{peak},+0.00 %,{peak},a caught OOM came sooner: 1 allocation left out,yes",
    ]
    md = (tmp_path / "replay.md").read_text()
    assert md.startswith("replayed 2; verdict or peak reserved changed in 1")
    assert "verdict against the real run: 2 of 2 agree, 0 not judged" in md
    assert "within 2 % of the real run's in 2 of 2 (largest 0.99 %)" in md
