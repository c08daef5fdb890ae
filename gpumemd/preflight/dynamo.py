"""Dynamo itself in the fake run: how it cuts a model into graphs (`Cut`, from one forward under
it, `Outside` counting the ops it leaves to run eagerly), its entry with a backend of ours
(`optimize`, each fake run's compiles a recompile region of their own) and the release of what
it cached of them (`release`), and the garbage its compile leaves, held as a job's first steps
hold it (`garbage_held`). compiled.py follows the cut; docs/preflight.md, "Graph breaks"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from torch.utils._python_dispatch import TorchDispatchMode

__all__ = ["Cut", "Outside", "first_line", "garbage_held", "optimize", "release"]


class Cut:
    """How dynamo cut a model, from one forward under it: its graphs (each one's node count), how
    many times they ran, the ops run outside them, and why it could not be followed where it
    could not."""

    def __init__(self) -> None:
        self.graphs: list[int] = []
        self.runs = 0
        self.eager_ops = 0
        self.unfollowed = ""

    @classmethod
    def one(cls) -> Cut:
        """One graph run once, dynamo not asked: the step traced as one graph (the cut's second
        reading, `Allocations.follow`)."""
        cut = cls()
        cut.graphs, cut.runs = [0], 1
        return cut

    @property
    def followed(self) -> bool:
        return not self.unfollowed

    @property
    def several(self) -> bool:
        """Not one graph run once with nothing outside it: several graphs, one run several times
        (a block's frame dynamo compiles apart), or ops dynamo left to run eagerly."""
        return len(self.graphs) != 1 or self.runs != 1 or self.eager_ops > 0


class Outside(TorchDispatchMode):
    """Counts the ops run outside dynamo's graphs during the probe (`inside` marks a graph's run)."""

    def __init__(self) -> None:
        super().__init__()
        self.ops = 0
        self._depth = 0

    @classmethod
    def ignore_compile_internals(cls) -> bool:
        return True  # on the stack only for the probe, which dynamo must trace

    @contextmanager
    def inside(self) -> Iterator[None]:
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        if not self._depth:
            self.ops += 1
        return func(*args, **(kwargs or {}))


@contextmanager
def garbage_held() -> Iterator[None]:
    """Python's automatic collections paused for a fake run (an explicit `gc.collect()` of the
    job's still collects), turned back on after if they were on. Dynamo's exceptions at a graph
    break keep the frames they were raised in, and the first step's tensors in them, in reference
    cycles old enough that only a full collection frees them; the collector starts one when enough
    new objects have outlived the younger ones, so when is a matter of how many Python objects the
    process makes, and the fake run makes far more than the job: on the CPU path it freed them
    where the job held them (docs/preflight.md, "Graph breaks"; not what GPT-2's miss on a GPU
    is). Paused, they are held to the run's end: the job's first steps as they run without a
    full collection, its worst case."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:300] if text else ""


_REGIONS: set[int] = set()  # dynamo's recompile regions of the fake runs' compiles not yet released


def optimize(backend: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """dynamo with `backend` (torch.compile stands in for it in the fake run, so its own entry),
    shapes static as the fake run's are, its recompiles apart from any other compile's (a region
    of its own, dropped by `release`)."""
    import torch._dynamo
    from torch._dynamo.eval_frame import OptimizeContext

    try:
        ctx = torch._dynamo.optimize(backend, dynamic=False, isolate_recompiles=True)
    except TypeError:  # a torch without recompile regions: `release` resets dynamo whole
        _REGIONS.add(-1)
        return torch._dynamo.optimize(backend, dynamic=False)
    if isinstance(ctx, OptimizeContext):  # else dynamo is off here: it captures nothing (`Cut`)
        _REGIONS.add(ctx._isolate_recompiles_id)
    return ctx


def release() -> None:
    """Drop what dynamo cached of the fake runs' compiles (each code object they compiled is
    compiled anew by a later torch.compile in this process): its cache holds the run's graphs
    and tracker alive, and counts toward its recompile limits, which a later run would hit."""
    if not _REGIONS:
        return
    import torch._dynamo
    from torch._dynamo import convert_frame

    try:
        from torch._dynamo.eval_frame import _get_cache_entries_for_region, reset_code
    except ImportError:
        _REGIONS.add(-1)
    if -1 in _REGIONS:  # no regions in this torch: all of dynamo's caches go
        torch._dynamo.reset()
        _REGIONS.clear()
        return
    for ref in [*convert_frame.input_codes.seen, *convert_frame.output_codes.seen]:
        code = ref()
        if code is not None and any(_get_cache_entries_for_region(code, r) for r in _REGIONS):
            reset_code(code)
    _REGIONS.clear()
