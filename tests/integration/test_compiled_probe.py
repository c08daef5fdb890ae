"""bench/compiled_probe.py's parts that run without a GPU, so its one device call reads right:
the allocator history's replay (the peak, the blocks live there, the step each was made in),
each block's frames, and the README the lead reads first (a variant that failed says why)."""

from __future__ import annotations

from typing import Any

from bench import compiled_probe as probe

_GENERATED = "/tmp/torchinductor_u/ab/cabcdef.py"


def _alloc(addr: int, size: int, *frames: tuple[str, int, str]) -> dict[str, Any]:
    return {"action": "alloc", "addr": addr, "size": size,
            "frames": [{"filename": f, "line": line, "name": n} for f, line, n in frames]}


def _free(addr: int) -> dict[str, Any]:
    return {"action": "free_completed", "addr": addr}


def test_the_replay_finds_the_peak_its_blocks_and_their_steps() -> None:
    trace = [
        _alloc(1, 1000, (_GENERATED, 7, "call"), ("/x/torch/autograd/graph.py", 9, "_engine_run_backward")),
        _alloc(2, probe.MARK), _free(2),  # the end of step 1
        _alloc(3, 500, ("/x/transformers/models/bert/modeling_bert.py", 5, "forward")),
        _alloc(4, 200), _free(4),
        _free(1), _alloc(5, 100),
    ]
    r = probe.replay(trace, 7)
    assert r["peak"] == 7 + 1000 + 500 + 200 and r["base"] == 7
    assert [(b["bytes"], b["step"]) for b in r["blocks"]] == [(1000, 1), (500, 2), (200, 2)]
    assert r["blocks"][0]["inductor"].startswith("cabcdef.py:7 call")
    assert r["blocks"][0]["torch"] == "graph.py:9 _engine_run_backward"
    assert r["blocks"][1]["model"] == "modeling_bert.py:5 forward"
    assert not r["truncated"] and r["live_blocks"] == 3


def test_the_readme_lists_each_variant_and_says_why_one_failed() -> None:
    at_peak = probe.replay([_alloc(1, 4096, (_GENERATED, 3, "call"))], 0)
    rows = {"bert-compiled": {"peak_step1": 10, "peak_step2": 12, "peak": 12, "graphs": 1,
                              "graph_breaks": {"a reason": 2}, "inductor_counters": {"pad_mm_bench": 3},
                              "seconds": 40.0, "at_peak": at_peak, "code": {"cabcdef.py": {"pad": 0}}},
            "bert-eager": {"variant": "bert-eager", "error": "OutOfMemoryError: CUDA out of memory"},
            "predict-bert": {"batch": 16, "seq": 256, "compiled": {"peak_tensors": 9, "phase": "backward",
                                                                   "at_peak": {}}, "traced_ops": {"x": 1}}}
    text = probe.readme(rows)
    assert "| bert-compiled | 10 | 12 | 12 | 1 | 2 | 3 | 40.0 |" in text
    assert "| bert-eager | — | — | — | — | — | — | OutOfMemoryError: CUDA out of memory |" in text
    assert "- predict-bert: 16x256 compiled 9 (backward)" in text
    assert "| 4,096 (0.0 MiB) | 1 | cabcdef.py:3 call / " in text
    assert "graph breaks: a reason (x2)" in text
