"""What keeps leaking memory alive (gpumemd/diagnosis/retainers.py, gpumemd/agent/retainers.py):
the walk from the objects that own leaking blocks up the real heap (gc) to a named holder.
CUDA tensors cannot exist on the CPU runner: `FakeCudaTensor` stands in for one (a storage
address and, for the autograd case, a grad_fn graph with saved tensors)."""

from __future__ import annotations

import sys
import threading
import time
import types

from gpumemd.agent.retainers import find_retainers
from gpumemd.diagnosis.oom import human_bytes
from gpumemd.diagnosis.retainers import Root, edge_label, growth_line, holder_path, walk_to_holder
from tests.fakes import HistoryApi
from tests.helpers import saved_blocks


class _Storage:
    def __init__(self, p: int) -> None:
        self.p = p

    def data_ptr(self) -> int:
        return self.p


class FakeCudaTensor:
    """A fake: a CUDA tensor's storage address, and optionally its grad_fn."""

    is_cuda = True

    def __init__(self, p: int, grad_fn: object = None) -> None:
        self.p, self.grad_fn = p, grad_fn

    def untyped_storage(self) -> _Storage:
        return _Storage(self.p)

    def data_ptr(self) -> int:
        return self.p


class FakeNode:
    """A fake autograd node: saved tensors and the next functions."""

    def __init__(self, saved: int, nxt: tuple = ()) -> None:
        self._ptr = saved
        self.next_functions = tuple((n, 0) for n in nxt)

    @property
    def _saved_self(self) -> FakeCudaTensor:  # unpacked anew on each access, as torch does
        return FakeCudaTensor(self._ptr)


TORCH = types.SimpleNamespace(Tensor=FakeCudaTensor)


class Mod:
    """Looks like an nn.Module to the walk (its dict has _modules and _parameters)."""

    def __init__(self) -> None:
        self._modules: dict = {}
        self._parameters: dict = {}


def _module(**globs: object) -> types.ModuleType:
    m = types.ModuleType("train")
    m.__file__ = __file__
    m.__dict__.update(globs)
    return m


def _blocks(base: int, n: int) -> list[tuple[int, int]]:
    return [(base + 100 * i, 100) for i in range(n)]


def test_a_global_list_dict_and_module_attribute_are_named() -> None:
    outputs = [FakeCudaTensor(1000 + 100 * i) for i in range(3)]
    cache = {i: FakeCudaTensor(5000 + 100 * i) for i in range(3)}
    model = Mod()
    model._modules["h"] = Mod()
    model._modules["h"].kept = [FakeCudaTensor(9000 + 100 * i) for i in range(3)]
    mod = _module(outputs=outputs, cache=cache, model=model)
    r = find_retainers([(_blocks(1000, 3), None), (_blocks(5000, 3), None), (_blocks(9000, 3), None)],
                       torch=TORCH, modules={"train": mod})
    assert 0 in r.holders, r
    assert (r.holders[0].kind, r.holders[0].name, r.holders[0].container) == ("global", "outputs", "list")
    assert (r.holders[1].kind, r.holders[1].name, r.holders[1].container) == ("global", "cache", "dict")
    assert (r.holders[2].kind, r.holders[2].name, r.holders[2].container) == (
        "module_attr",
        "model.h.kept",
        "list",
    )
    assert r.seconds >= r.gil_max_s > 0 and not r.notes


def test_a_closure_and_a_forward_hook_are_named() -> None:
    def make() -> object:
        held: list = []

        def hook(module: object, args: object, output: object) -> None:
            held.append(output)

        return hook

    hook = make()
    for i in range(3):
        hook(None, None, FakeCudaTensor(20000 + 100 * i))  # type: ignore[operator]
    r = find_retainers([(_blocks(20000, 3), None)], torch=TORCH, modules={})
    assert r.holders[0].kind == "closure" and r.holders[0].name.endswith("make.<locals>.hook.held")
    assert r.holders[0].line == growth_line(open(__file__).read().splitlines(), "held"), r.holders
    # registered on a module (its _forward_hooks), the module reachable from a global
    model = Mod()
    model._forward_hooks = {0: hook}
    del hook
    r = find_retainers([(_blocks(20000, 3), None)], torch=TORCH, modules={"train": _module(model=model)})
    assert r.holders[0].kind in ("closure", "hook")


def test_a_local_of_a_user_frame_in_another_thread_is_named_with_its_line() -> None:
    ready, done = threading.Event(), threading.Event()

    def train() -> None:
        losses = [FakeCudaTensor(30000 + 100 * i) for i in range(3)]
        ready.set()
        done.wait(5)
        assert losses

    t = threading.Thread(target=train)
    t.start()
    try:
        assert ready.wait(5)
        r = find_retainers([(_blocks(30000, 3), None)], torch=TORCH, modules={})
    finally:
        done.set()
        t.join(5)
    h = r.holders[0]
    assert (h.kind, h.name, h.function) == ("local", "losses", "train") and h.file == __file__


def test_an_accumulator_whose_graph_saves_the_blocks_is_named() -> None:
    node = None
    for i in range(3):
        node = FakeNode(40000 + 100 * i, (node,) if node else ())
    total = FakeCudaTensor(40000 + 300, grad_fn=node)  # its own storage: a small block of the site
    del node
    steady = FakeCudaTensor(2, grad_fn=FakeNode(99999))
    mod = _module(total=total, steady=steady)
    r = find_retainers(
        [([*_blocks(40000, 3), (40300, 4)], (__file__, 1))], torch=TORCH, modules={"train": mod}
    )
    h = r.holders[0]
    assert (h.kind, h.name, h.container) == ("autograd", "total", "Tensor")


def test_nothing_named_when_no_tensor_lies_in_the_blocks_and_the_budget_bounds_the_walk() -> None:
    keep = [FakeCudaTensor(1000)]
    r = find_retainers([(_blocks(70000, 3), None)], torch=TORCH, modules={"train": _module(keep=keep)})
    assert r.holders == {}
    # a chain deeper than the node budget: the walk stops, names nothing, does not raise
    chain: list = [FakeCudaTensor(80000)]
    for _ in range(50):
        chain = [chain]
    h, visited = walk_to_holder([chain], lambda f: [], lambda o, c, b: None, max_nodes=10)
    assert h is None and visited <= 10


def test_a_hostile_object_on_the_path_runs_no_code_and_does_not_raise() -> None:
    class Hostile(dict):
        def items(self):  # type: ignore[override]
            raise RuntimeError("no")

    assert edge_label(Hostile(a=1), 1) == "[=a]"  # dict.items, not the override
    r = find_retainers([(_blocks(1000, 1), None)], torch=types.SimpleNamespace(Tensor=object()), modules={})
    assert r.holders == {}


def test_growth_line_and_names() -> None:
    src = [
        "total = torch.zeros(())",
        "for i in x:",
        "    total = total + loss",
        "    outputs.append(o)",
        "    cache[i] = v  # cache[i] == 1",
        "    model.kept.append(y)",
        "    kept.append(z)",
        "    n += 1",
        "    history = torch.cat([history, x])",
        "    history == torch.cat([history])",
    ]
    assert growth_line(src, "total") == 3
    assert growth_line(src, "outputs") == 4
    assert growth_line(src, "cache") == 5
    assert growth_line(src, "model.kept") == 6
    assert growth_line(src, "kept", near=7) == 7
    assert growth_line(src, "n") == 8
    assert growth_line(src, "history") == 9  # a comparison is no growth
    assert growth_line(src, "absent") is None
    assert growth_line(src, "not a name") is None
    assert holder_path(["model", "._modules", ".h", ".5", "._modules", ".kept", "[]"]) == "model.h.5.kept"
    assert holder_path(["cache", "[3]"]) == "cache"
    assert Root("local", "x").value is False
    assert sys.getrecursionlimit()  # imports used


class FakeCudaApi(HistoryApi):
    """Snapshots list the blocks of `outputs` so far, allocated inside the model (a torch frame
    innermost) called from this file."""

    def __init__(self, outputs: list) -> None:
        super().__init__()
        self.outputs = outputs

    def snapshot(self) -> dict:
        torch_frame = {"filename": "/x/site-packages/torch/nn/linear.py", "line": 1, "name": "forward"}
        user = {"filename": __file__, "line": CALL_LINE, "name": "step"}
        blocks = [
            {"address": t.p, "size": 1 << 20, "state": "active_allocated", "frames": [torch_frame, user]}
            for t in self.outputs
        ]
        return {"segments": [{"device": 0, "blocks": blocks}]}


CALL_LINE = 7  # the line that "calls the model"


def test_the_leak_finder_reports_the_holder_in_json_and_on_stderr(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from gpumemd.agent.leakfind import LeakFinder

    said: list[str] = []
    kept: list = []
    finder = LeakFinder(
        FakeCudaApi(kept), out_dir=str(tmp_path), labels={"rank": "0"}, say=said.append, torch=TORCH
    )
    mod = _module(kept=kept)
    sys.modules["fake_train_for_retainers"] = mod
    try:
        assert finder.arm(every=1, snapshots=3)
        for i in range(3):
            kept.append(FakeCudaTensor((1 << 30) + (i << 20)))
            finder.on_step()
        assert finder.done.wait(10)
    finally:
        del sys.modules["fake_train_for_retainers"]
    report = json.loads(open(finder.report_path).read())  # type: ignore[arg-type]
    site = report["sites"][0]
    # the test function holds `kept` too: its local names it (a local ranks before a global)
    assert site["retained_by"]["kind"] == "local" and site["retained_by"]["name"] == "kept"
    assert set(report["costs"]) == {
        "snapshot_max_s",
        "snapshot_total_s",
        "diff_s",
        "retainer_s",
        "gil_max_s",
        "gil_total_s",
    }
    assert "held by local `kept`" in said[-1] and said[-1].startswith("leaking at test_retainers.py:7")


def test_a_small_tensor_in_a_reused_block_does_not_hide_the_list_holding_the_rest() -> None:
    """After the last snapshot a freed small block of the site is taken by the next step's
    `loss` (a local): the holder named is the list with the big blocks, not `loss`."""
    ready, done = threading.Event(), threading.Event()
    kept = [FakeCudaTensor(100_000 + 1000 * i) for i in range(3)]

    def step() -> None:
        loss = FakeCudaTensor(50_000)
        ready.set()
        done.wait(5)
        assert loss

    t = threading.Thread(target=step)
    t.start()
    try:
        assert ready.wait(5)
        blocks = [(50_000, 512), *((100_000 + 1000 * i, 1000) for i in range(3))]
        r = find_retainers([(blocks, None)], torch=TORCH, modules={"train": _module(kept=kept)})
    finally:
        done.set()
        t.join(5)
    assert (r.holders[0].kind, r.holders[0].name) == ("global", "kept")


def test_a_real_autograd_graph_kept_by_an_accumulator_is_named_on_the_cpu() -> None:
    """Real torch on the CPU: an evaluation loss summed without no_grad keeps each forward's
    saved activations in its graph; the blocks of those activations lead to `total`."""
    import torch

    net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.GELU(), torch.nn.Linear(64, 64))
    total = torch.zeros(())
    for _ in range(3):
        total = total + net(torch.randn(32, 64)).square().mean()
    params = {p.untyped_storage().data_ptr() for p in net.parameters()}  # allocated elsewhere: not the site's
    saved = saved_blocks(total.grad_fn, params, min_numel=64)
    assert len(saved) >= 6
    r = find_retainers(
        [(saved, None)], torch=torch, cuda=False, modules={"train": _module(total=total)}
    )
    assert 0 in r.holders, r
    assert 0 in r.holders, (r, len(saved))
    assert (r.holders[0].kind, r.holders[0].name) == ("autograd", "total"), r
    # the saved activations' Python objects lead nowhere: the graph, walked first, holds them all,
    # so no level-by-level scan of the heap runs (it ran 14 before; each holds the GIL throughout)
    assert r.heap_scans <= 3, r.heap_scans


def test_the_accumulator_wins_over_the_newer_local_holding_one_graph() -> None:
    """Issue 37: an evaluation loss accumulated with its graph was "held by autograd `val`"
    (the newest local, one step's graph) instead of the accumulator holding every step's."""
    import torch

    # a deep net: every step's graph together is larger than one walk's node budget on main
    net = torch.nn.Sequential(*(m for _ in range(400) for m in (torch.nn.Linear(16, 16), torch.nn.Tanh())))
    params = {p.untyped_storage().data_ptr() for p in net.parameters()}
    ready, done = threading.Event(), threading.Event()
    box: dict = {}

    def evaluate() -> None:
        total = torch.zeros(())
        for _ in range(12):
            val = net(torch.randn(32, 16)).square().mean()
            total = total + val
        box["total"] = total
        ready.set()
        done.wait(10)
        assert val is not None

    t = threading.Thread(target=evaluate)
    t.start()
    try:
        assert ready.wait(10)
        saved = saved_blocks(box.pop("total").grad_fn, params, min_numel=16)
        r = find_retainers([(saved, None)], torch=torch, cuda=False, modules={})
    finally:
        done.set()
        t.join(10)
    assert 0 in r.holders, (r, len(saved))
    assert (r.holders[0].kind, r.holders[0].name) == ("autograd", "total"), r


def test_state_created_for_another_sites_tensors_names_that_site_as_the_root() -> None:
    """Issue 37: parameters added to the optimizer each step grow its state at `opt.step()`;
    the root is the line that adds them: the state's dict is keyed by that site's tensors."""
    import torch

    opt = torch.optim.Adam([torch.nn.Parameter(torch.zeros(4))], lr=0.1)
    added = []
    for _ in range(3):
        p = torch.nn.Parameter(torch.randn(4096))
        added.append(p)
        opt.add_param_group({"params": [p]})
        p.grad = torch.ones_like(p)
        opt.step()
    del p
    state = [t for p in added for t in opt.state[p].values() if isinstance(t, torch.Tensor) and t.numel() > 1]
    state_blocks = sorted({(t.untyped_storage().data_ptr(), t.untyped_storage().nbytes()) for t in state})
    param_blocks = sorted({(p.untyped_storage().data_ptr(), p.untyped_storage().nbytes()) for p in added})
    del state
    r = find_retainers(
        [(state_blocks, None), (param_blocks, None)], torch=torch, cuda=False,
        modules={"train": _module(opt=opt, added=added)},
    )
    assert r.caused_by == {0: 1}, r
    assert r.holders[0].name.startswith("opt.state"), r.holders
    assert "[Parameter]" in r.holders[0].name or r.holders[0].name == "opt.state"

    from gpumemd.diagnosis.leak import Site, roots_first

    state_site = Site("/u/train.py", 30, "step", 3, 6, 2.0, (1, 2, 3), caused_by=("/u/train.py", 20))
    param_site = Site("/u/train.py", 20, "step", 1, 3, 1.0, (1, 2, 3))
    assert [s.line for s in roots_first([state_site, param_site])] == [20, 30]


def test_an_accumulator_rebound_while_the_search_runs_is_still_named(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """On the GPU the loop goes on during the search: `total = total + val` rebinds the global,
    and the tensor the graph walk chose is then held only inside the newer total's graph. The
    holder named is the tensor alive now whose graph reaches it."""
    import torch

    import gpumemd.agent.retainers as retainers

    net = torch.nn.Linear(16, 16)
    old = net(torch.randn(4, 16)).sum()
    total = old + net(torch.randn(4, 16)).sum()  # the rebound accumulator
    chosen = [old]
    head = old.grad_fn
    monkeypatch.setattr(retainers, "graph_holder", lambda *a: (chosen.pop(), head, 4096))
    r = find_retainers(
        [([(1, 8192)], None)], torch=torch, cuda=False, modules={"train": _module(total=total)}
    )
    assert (r.holders[0].kind, r.holders[0].name, r.holders[0].bytes) == ("autograd", "total", 4096), r
    assert old.grad_fn is not None


def test_an_accumulator_whose_chosen_tensor_died_during_the_search_is_still_named(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """On an H200 the accumulator was rebound between the graph walk and the naming: the chosen
    tensor's Python object was gone (only its graph's head node lives on, inside the newer
    total's graph) and no holder was named. The node leads to the tensor alive now."""
    import torch

    import gpumemd.agent.retainers as retainers

    net = torch.nn.Linear(16, 16)
    old = net(torch.randn(4, 16)).sum()
    node = old.grad_fn
    total = old + net(torch.randn(4, 16)).sum()
    del old  # `total = total + val`: the old tensor object died, its node did not
    monkeypatch.setattr(retainers, "graph_holder", lambda *a: (None, node, 4096))
    r = find_retainers(
        [([(1, 8192)], None)], torch=torch, cuda=False, modules={"train": _module(total=total)}
    )
    assert 0 in r.holders, r
    assert (r.holders[0].kind, r.holders[0].name, r.holders[0].bytes) == ("autograd", "total", 4096), r


_ACCUMULATE = """\
import torch

torch.manual_seed(0)
emb, norm, head = torch.nn.Embedding(512, 32), torch.nn.LayerNorm(32), torch.nn.Linear(32, 512)
total = torch.zeros(())


def step(ids):
    global total
    val = torch.nn.functional.cross_entropy(head(norm(emb(ids))), ids)  # the evaluation
    total = total + val
"""




def test_a_global_accumulator_of_main_rebound_while_the_search_runs_is_named(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 37 on the GPU: `total = total + val`, `total` a global of the script run as
    __main__ (GPT-2's node types: embedding, layer norm, matmul, cross entropy), the loop going
    on while the search runs: no holder and no note. Here the injected clock runs a step of the
    loop at each read, so the global is rebound between any two phases of the search (the
    walk up from a tensor read earlier finds it held by nobody); the holder is named top-down,
    from the global read at the naming, at the line that grows it."""
    import torch

    script = tmp_path / "train.py"
    script.write_text(_ACCUMULATE)
    main = types.ModuleType("__main__")
    main.__file__ = str(script)
    exec(compile(_ACCUMULATE, str(script), "exec"), main.__dict__)  # noqa: S102 - the user's script
    ids = torch.randint(0, 512, (64,))
    for _ in range(4):
        main.step(ids)
    params = {p.untyped_storage().data_ptr() for m in (main.emb, main.norm, main.head)
              for p in m.parameters()}
    blocks = saved_blocks(main.total.grad_fn, params)
    assert len(blocks) >= 8
    steps = [0]

    def clock() -> float:
        if steps[0] < 40:
            main.step(ids)
            steps[0] += 1
        return time.monotonic()

    r = find_retainers([(blocks, (str(script), 10))], torch=torch, cuda=False, modules={"__main__": main},
                       clock=clock, budget_s=60)
    assert steps[0] > 4, steps  # the loop went on during the search
    assert 0 in r.holders, r.notes
    h = r.holders[0]
    assert (h.kind, h.name, h.file, h.line) == ("autograd", "total", str(script), 11), r
    assert h.bytes == sum(n for _, n in blocks)  # the accumulator's graph, not one step's
    assert r.heap_scans == 1, r.heap_scans  # named top-down: no walk up the heap (each scan holds the GIL)


def test_a_site_left_without_a_holder_says_what_was_tried() -> None:
    """Never silent (issue 37: no holder and no note): a site no graph saves, and one a graph
    saves whose tensor nothing named holds (a local of the search's own thread is no root),
    each carry a note of what was tried and what each step found."""
    import torch

    net = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Tanh(), torch.nn.Linear(16, 16))
    params = {p.untyped_storage().data_ptr() for p in net.parameters()}
    kept = net(torch.randn(8, 16)).square().mean()
    blocks = saved_blocks(kept.grad_fn, params)
    saved = sum(n for _, n in blocks)
    r = find_retainers([(blocks, None), ([(1, 4096)], None)], torch=torch, cuda=False, modules={},
                       budget_s=60)  # what is said, not how fast: a loaded runner's heap scans are slow
    assert r.holders == {}, r.holders
    said = [n for n in r.notes if n.startswith("site ")]  # (the suite's heap may add others)
    assert len(said) == 2, r.notes
    graph, nothing = said
    head = f"site 1: no holder named for {human_bytes(saved)} in {len(blocks)} block(s)"
    assert graph.startswith(head), graph
    assert f"one graph saves {human_bytes(saved)} of them" in graph, graph
    assert "met no named holder" in graph, graph
    assert nothing.startswith("site 2: no holder named for 4.0 KiB in 1 block(s): 0 B lie in"), nothing
    assert nothing.endswith("no graph saves these blocks"), nothing
    assert kept.grad_fn is not None


def test_own_dicts_reads_each_dict_as_own_dict_does() -> None:
    from gpumemd.diagnosis.retainers import own_dict, own_dicts

    class Plain:
        def __init__(self, n: int) -> None:
            self.n = n

    class Guarded:  # its own __getattribute__: never read
        def __getattribute__(self, name: str) -> object:
            raise AssertionError("ran")

    plain = [Plain(i) for i in range(5)]
    assert own_dicts(plain) == [{"n": i} for i in range(5)] == list(map(own_dict, plain))
    mixed = [Plain(1), Guarded(), 3]
    assert own_dicts(mixed) == [{"n": 1}, None, None]
    assert own_dicts([Guarded(), Guarded()]) == [None, None]
