"""preflight's model of inductor's reordering for peak memory (gpumemd/preflight/memorder.py)
beside inductor's own, on a CPU: for each graph of a compiled job, inductor's estimate of its
baseline order and of its three orders (read from `torch._inductor.memory`'s log while the job
compiles for real) and the model's (the fake run's plan of the same graph), and which order
each keeps.

    PYTHONPATH=$PWD[:<transformers>] python3 bench/memorder_cpu.py CONFIG [CONFIG ...] > OUT.md

CONFIG: a name of bench/preflight_compiled_cpu.py's table (small-adamw-bf16, encoder-adamw-bf16,
hf-gpt2-one-graph-adamw-bf16, ...). One step each (forward and backward compile there).
"""

from __future__ import annotations

import logging
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch  # noqa: E402

from bench.preflight_compiled_cpu import CONFIGS, _job  # noqa: E402
from gpumemd.preflight import buffers, fakerun, memorder  # noqa: E402

_LINE = re.compile(r"^(Baseline|topological_sort_(\w+)) peak memory: (\d+)$")


class _Estimates(logging.Handler):
    """inductor's per-graph estimates, from its memory log: [{"base": N, "lpmf": N, ...}, ...]."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.graphs: list[dict[str, int]] = []

    def emit(self, record: logging.LogRecord) -> None:
        m = _LINE.match(record.getMessage())
        if m is None:
            return
        if m.group(1) == "Baseline":
            self.graphs.append({"base": int(m.group(3))})
        elif self.graphs:
            self.graphs[-1][m.group(2)] = int(m.group(3))


def _real(name: str) -> list[dict[str, int]]:
    make, vocab, b, s, opt, bf16 = CONFIGS[name]
    log = logging.getLogger("torch._inductor.memory")
    handler = _Estimates()
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        torch._dynamo.reset()
        job = _job(make, vocab, "cpu", opt, bf16)
        model = torch.compile(job.model)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
            data = job.batch(b, s)
            out = model(**data) if isinstance(data, dict) else model(data)
            loss = (out if isinstance(out, torch.Tensor) else
                    out["loss"] if isinstance(out, dict) else out.loss)
        loss.backward()
    finally:
        log.removeHandler(handler)
        torch._dynamo.reset()
    return handler.graphs


def _model(name: str) -> list[dict[str, Any]]:
    make, vocab, b, s, opt, bf16 = CONFIGS[name]
    seen: list[dict[str, Any]] = []
    real = memorder.reorder

    def spy(gm: Any, groups: Any, reads: Any, outputs: Any, after: Any = None) -> bool:
        units, bufs = memorder.units_of(gm, groups, reads, outputs, after)
        row: dict[str, Any] = {"base": bufs.peak(units), "kernels": len(units)}
        row.update(lpmf=bufs.peak(memorder._lpmf(units, bufs)), bfs=bufs.peak(memorder._bfs(units)),
                   dfs=bufs.peak(memorder._dfs(units, bufs)))
        row["changed"] = real(gm, groups, reads, outputs, after)
        seen.append(row)
        return bool(row["changed"])

    buffers.reorder = spy
    try:
        fakerun.run(lambda: _job(make, vocab, "cuda", opt, bf16), b, s, remap=True, compiled=True,
                    steps=1)
    finally:
        buffers.reorder = real
    return seen


def _keeps(d: dict[str, Any]) -> str:
    """The order an estimate keeps: the lowest, the graph's own on a tie."""
    if not d:
        return "—"
    return min(("base", "lpmf", "bfs", "dfs"), key=lambda x: (d.get(x, 1 << 62), x != "base"))


def _row(name: str, k: int, ind: dict[str, int], mod: dict[str, Any]) -> str:
    cells = [" / ".join(f"{d.get(x, 0):,}" for x in ("base", "lpmf", "bfs", "dfs")) for d in (ind, mod)]
    apart = f"{mod['base'] - ind['base']:+,}" if ind and mod else "—"
    return f"| {name} | {k} | {cells[0]} | {cells[1]} | {apart} | {_keeps(ind)} | {_keeps(mod)} |"


def main() -> int:
    import os

    print("| config | graph | inductor: base / lpmf / bfs / dfs | model: base / lpmf / bfs / dfs "
          "| base apart | inductor keeps | model keeps |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = cache  # a fresh compile: nothing from a cache
        for name in sys.argv[1:]:
            ind, mod = _real(name), _model(name)
            for k in range(max(len(ind), len(mod))):
                print(_row(name, k, ind[k] if k < len(ind) else {}, mod[k] if k < len(mod) else {}),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
