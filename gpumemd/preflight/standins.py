"""What the job's own calls meet in preflight's fake run (`fake_cuda()` puts them in place and
back): CUDA's device calls and memory figures, `.cuda()`/`.to()` and module moves onto fake tensors
(on a CPU-only torch, CPU tensors stand for the GPU's: `remapped()`), data loaders in process,
`torch.compile` and `Module.compile` (a module becomes a compiled step, compiled.py), GradScaler's
step without its value read, the CUDA generator's state, SDPA as CUDA's fused kernels hold memory,
and torch.optim's foreach choice made for the GPU the job will run on."""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import torch
from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
from torch._subclasses.functional_tensor import FunctionalTensor
from torch.fx.experimental.proxy_tensor import get_proxy_mode
from torch.utils._python_dispatch import _disable_current_modes

from . import compiled as inductor

__all__ = ["CPU", "Tracker", "compile_stand_in", "fake_cuda", "fake_properties", "fused_attention",
           "module_compile_stand_in", "no_rng_state", "note", "optimizer_choice", "remapped", "scaled_step"]


CPU = torch.device("cpu")
_CUDA0 = torch.device("cuda", 0)
# in-place random fills: run on the fake tensor as ops (their values are never read)
# the fake GPU's properties, an H100 SXM's (inductor's heuristics read them: its L2 cache, its SMs);
# `FakeProperties` has every attribute torch's own class declares, these or 0
_PROPERTIES: dict[str, Any] = {
    "major": 9, "minor": 0, "multi_processor_count": 132, "is_integrated": 0, "is_multi_gpu_board": 0,
    "max_threads_per_multi_processor": 2048, "max_threads_per_block": 1024, "warp_size": 32,
    "regs_per_multiprocessor": 65536, "L2_cache_size": 50 * 2**20, "shared_memory_per_block": 48 * 2**10,
    "shared_memory_per_block_optin": 227 * 2**10, "shared_memory_per_multiprocessor": 228 * 2**10,
    "clock_rate": 1_980_000, "memory_clock_rate": 2_619_000, "memory_bus_width": 5120,
    "pci_bus_id": 0, "pci_device_id": 0, "pci_domain_id": 0, "gcnArchName": "", "uuid": "GPU-fake",
    "max_block_dim": (1024, 1024, 64), "max_grid_dim": (2**31 - 1, 65535, 65535),
}
_RANDOM_FILLS = ("uniform_", "normal_", "bernoulli_", "random_", "exponential_", "geometric_",
                 "log_normal_", "cauchy_")


class Tracker(inductor.Allocations, Protocol):
    """The fake run's tracker as the stand-ins see it: allocations, the count of compiled models,
    and the notes the report carries."""

    compiled: int
    notes: list[str]
    remap: bool  # CPU tensors stand for the GPU's (no CUDA build here)
    total: int
    peak: int
    fraction: float | None


def scaled_step(self: Any, optimizer: Any, optimizer_state: Any, *args: Any, **kwargs: Any) -> Any:
    """GradScaler's step without its `found_inf.item()` (a fake tensor has no values): the
    gradients taken as finite, so the optimizer steps and makes its state, as a run's steps do
    once the scale has settled."""
    return optimizer.step(*args, **kwargs)


def no_rng_state(*_: Any) -> torch.Tensor:
    """A CUDA generator's state where there is none: an empty real CPU tensor, never counted."""
    with _disable_current_modes():
        return torch.empty(0, dtype=torch.uint8, device="cpu")


def compile_stand_in(tracker: Tracker) -> Callable[..., Any]:
    """`torch.compile` in the fake run: a module becomes a compiled step as inductor holds its
    memory (compiled.py); a function, another backend or `disable=True` runs eagerly (said in
    a note: its figure is the eager one)."""

    def compile(model: Any = None, *, backend: Any = "inductor", disable: bool = False, **_: Any) -> Any:
        if model is None:  # @torch.compile(...) as a decorator factory
            return lambda m: compile(m, backend=backend, disable=disable)
        if disable:
            return model
        if backend != "inductor":
            note(tracker, f"torch.compile with the backend {backend!r}: ran eagerly (the eager figure)")
            return model
        if isinstance(model, torch.nn.Module):
            tracker.compiled += 1
            return inductor.wrap(model, tracker)
        note(tracker, "a torch.compile'd function (not a module) ran eagerly: its part of the figure is "
              "the eager one (docs/preflight.md, 'A compiled step')")
        return model

    return compile


def module_compile_stand_in(tracker: Tracker) -> Callable[..., None]:
    """`module.compile()`: the module's calls go through a compiled step as `_compile`'s do."""

    def compile(self: torch.nn.Module, *_: Any, backend: Any = "inductor", disable: bool = False,
                **__: Any) -> None:
        if disable or backend != "inductor":
            note(tracker, f"Module.compile with the backend {backend!r}: ran eagerly (the eager figure)")
            return
        tracker.compiled += 1
        # through the instance's dict: a module set as an attribute would become a child
        self.__dict__["_compiled_call_impl"] = inductor.CompiledModule(self, tracker)

    return compile


def note(tracker: Tracker, text: str) -> None:
    tracker.note(text)


def fused_attention(sdpa: Callable[..., Any]) -> Callable[..., Any]:
    """SDPA as CUDA's fused kernels hold memory, on the CPU tensors that stand for the GPU's:
    CUDA's flash and memory-efficient kernels apply attention dropout inside the kernel (a
    seed, no mask), where the CPU falls back to the math path with its seq² weights and mask;
    without dropout the CPU takes its flash kernel, whose saved output and log-sum-exp are
    the shapes CUDA's flash kernel saves. A mask whose last dimension is not contiguous (stride
    other than 1) keeps the dropout: CUDA's fused kernels refuse such a mask and CUDA too takes
    the math path (issue 38: transformers 5.17's BERT under dynamo, docs/preflight.md 'A compiled
    step')."""

    def attention(*args: Any, **kwargs: Any) -> Any:
        mask = args[3] if len(args) > 3 else kwargs.get("attn_mask")
        if isinstance(mask, torch.Tensor) and mask.dim() and mask.size(-1) > 1 and mask.stride(-1) != 1:
            return sdpa(*args, **kwargs)
        if len(args) > 4:
            args = (*args[:4], 0.0, *args[5:])
        kwargs["dropout_p"] = 0.0 if len(args) <= 4 else kwargs.get("dropout_p", 0.0)
        if len(args) > 4:
            kwargs.pop("dropout_p")
        return sdpa(*args, **kwargs)

    return attention


def optimizer_choice(remap: bool) -> Callable[..., tuple[bool, bool]]:
    """torch.optim's choice of its foreach (or fused) implementation, made for the GPU the job
    will run on: torch's own refuses every tensor subclass (a fake tensor included) and so
    falls back to the per-parameter loop, whose temporaries are one parameter's, where the
    foreach path's are every parameter's at once (AdamW's `_foreach_sqrt` of its second moment:
    the step's peak at a short batch)."""
    from torch.optim.optimizer import (
        _get_foreach_kernels_supported_devices,
        _get_fused_kernels_supported_devices,
    )

    def device(p: torch.Tensor) -> str:
        return "cuda" if remap else p.device.type

    def choose(params: list[Any], differentiable: bool, use_fused: bool = False) -> tuple[bool, bool]:
        if torch.jit.is_scripting() or differentiable:
            return False, False
        fused_ok = _get_fused_kernels_supported_devices()
        foreach_ok = _get_foreach_kernels_supported_devices()
        fused = use_fused and all(p is None or (device(p) in fused_ok and torch.is_floating_point(p))
                                  for p in params)
        foreach = not fused and all(p is None or device(p) in foreach_ok for p in params)
        return fused, foreach

    return choose


def _fill(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    def fill(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        if self.device.type == "cuda" and isinstance(self, FakeTensor):
            return self
        return original(self, *args, **kwargs)

    fill.__name__ = name
    return fill


def _in_process(loader: Any) -> Any:
    """A data loader's iterator in this process, unpinned (a loader made during the run)."""
    import torch.utils.data.dataloader as dl

    loader.num_workers, loader.pin_memory = 0, False
    return dl._SingleProcessDataLoaderIter(loader)


def _unfaked(load: Callable[..., Any]) -> Callable[..., Any]:
    """A data loader's sampling and collating, on real CPU tensors (its samplers read values:
    `randperm(...).tolist()`, a seed's `.item()`); the batch becomes fake where the job moves it."""

    def call(*args: Any, **kwargs: Any) -> Any:
        with _disable_current_modes(), torch.device("cpu"):
            return load(*args, **kwargs)

    return call


def _on_cpu(make: Callable[..., Any]) -> Callable[..., Any]:
    def on_cpu(*args: Any, **kwargs: Any) -> Any:
        device = kwargs.get("device")
        if device is not None and torch.device(device).type == "cuda":
            kwargs["device"] = CPU
        return make(*args, **kwargs)

    return on_cpu


def _device(device: Any) -> torch.device:
    d = torch.device("cuda", device) if isinstance(device, int) else torch.device(device or "cuda")
    return _CUDA0 if d.type == "cuda" and d.index is None else d


def _parse_tensor_to(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, Any, bool]:
    """(device, dtype, copy) of `Tensor.to`'s arguments. torch's parser is `Module.to`'s, which
    refuses `copy` (GradScaler's unscale passes `copy=True`): taken off first, by keyword or
    as the bool after `non_blocking`."""
    rest = dict(kwargs)
    copy = bool(rest.pop("copy", False))
    if len(args) >= 2 and type(args[-1]) is bool and type(args[-2]) is bool:
        copy, args = copy or args[-1], args[:-1]
    device, dtype, _, _ = torch._C._nn._parse_to(*args, **rest)
    return device, dtype, copy


def fake_properties(device_name: str, total: int) -> Any:
    """`torch.cuda.get_device_properties()` of the fake GPU: every attribute of torch's
    `_CudaDeviceProperties` (where this build has it) and of `_PROPERTIES`, read as plain values."""
    declared = vars(torch._C).get("_CudaDeviceProperties")  # absent from a CPU-only build
    names = {n for n in dir(declared) if not n.startswith("_")} if declared is not None else set()
    values = {n: 0 for n in names} | _PROPERTIES | {"name": device_name, "total_memory": total}
    return type("FakeProperties", (), values)()


def _worker_caches() -> list[dict[str, Any]]:
    """dynamo's caches of each device's properties and current device, where it is loaded."""
    module = sys.modules.get("torch._dynamo.device_interface")
    own = vars(module) if isinstance(module, types.ModuleType) else {}
    names = ("caching_worker_device_properties", "caching_worker_current_devices")
    return [c for c in (own.get(n) for n in names) if isinstance(c, dict)]


def remapped() -> bool:
    """True where CUDA cannot run here (a CPU-only torch, or no GPU): the fake GPU's tensors
    are then CPU tensors. Autograd's gradient accumulator asks the device guard of a leaf's
    device for a stream, which needs a CUDA device; a CPU-only build has none and aborts the
    process (a C++ exception through a destructor), so a fake CUDA leaf cannot be trained."""
    return not torch.cuda.is_available()


@contextlib.contextmanager
def fake_cuda(mode: FakeTensorMode, tracker: Tracker, device_name: str = "NVIDIA H100 80GB HBM3",
              total: int = 80 * 2**30) -> Iterator[None]:
    """One fake GPU for the duration: the stand-ins the module docstring lists, put back on exit."""
    remap = tracker.remap
    saved: list[tuple[Any, str, Any]] = []

    def put(owner: Any, name: str, value: Any) -> None:
        saved.append((owner, name, owner.__dict__.get(name, getattr(owner, name, None))))
        setattr(owner, name, value)

    def owned(t: torch.Tensor) -> bool:
        """Already the fake GPU's (a fake tensor), or the tracer's: inside a compiled step's trace
        (AOTAutograd's functionalisation, its proxies) every tensor, a traced one or a constant
        the model made, is the tracer's to own; faked here, it would be a fake tensor the tracer
        never saw, which AOTAutograd refuses."""
        return isinstance(t, (FakeTensor, FunctionalTensor)) or get_proxy_mode() is not None

    def to_fake(t: torch.Tensor) -> torch.Tensor:
        return t if owned(t) else mode.from_tensor(t)

    original_to = torch.Tensor.to

    def cuda(self: torch.Tensor, device: Any = None, non_blocking: bool = False, **_: Any) -> torch.Tensor:
        target = CPU if remap else _device(device)
        if self.device == target:
            return self
        return torch.ops.aten._to_copy.default(to_fake(self), device=target)

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
        device, dtype, copy = _parse_tensor_to(args, kwargs)
        if device is None or device.type != "cuda":
            if self.device.type == "cuda" and isinstance(self, FakeTensor) and device is None:
                if not copy and (dtype is None or dtype == self.dtype):
                    return self
                return torch.ops.aten._to_copy.default(self, dtype=dtype or self.dtype)
            return original_to(self, *args, **kwargs)
        device = CPU if remap else _device(device)
        if not copy and owned(self) and self.device == device and (dtype is None or dtype == self.dtype):
            return self
        return torch.ops.aten._to_copy.default(to_fake(self), dtype=dtype or self.dtype, device=device)

    def module_apply(self: torch.nn.Module, fn: Callable[[Any], Any], recurse: bool = True) -> Any:
        if recurse:
            for child in self.children():
                child._apply(fn)
        for key, p in list(self._parameters.items()):
            if p is None:
                continue
            with torch.no_grad():
                new = fn(p)
            if new is not p:
                replaced = torch.nn.Parameter(new, requires_grad=p.requires_grad)
                if p.grad is not None:
                    replaced.grad = fn(p.grad)
                self._parameters[key] = replaced
        for key, b in list(self._buffers.items()):
            if b is not None:
                self._buffers[key] = fn(b)
        return self

    def memory(_: Any = None) -> int:
        return tracker.total if tracker else 0

    def set_fraction(fraction: float, device: Any = None) -> None:
        if not isinstance(fraction, (int, float)) or not 0 <= fraction <= 1:
            raise ValueError(f"Invalid fraction value: {fraction}. Allowed range: 0~1")
        tracker.fraction = float(fraction)  # held in the verdict (preflight/report.py)

    def peak(_: Any = None) -> int:
        return tracker.peak if tracker else 0

    props = fake_properties(device_name, total)
    cached = _worker_caches()
    before = [dict(c) for c in cached]
    try:
        for name in _RANDOM_FILLS:
            put(torch.Tensor, name, _fill(name, getattr(torch.Tensor, name)))
        put(torch.Tensor, "cuda", cuda)
        put(torch.Tensor, "to", to)
        put(torch.Tensor, "pin_memory", lambda self, *a, **k: self)
        put(torch, "compile", compile_stand_in(tracker))
        put(torch.nn.Module, "compile", module_compile_stand_in(tracker))
        put(torch.nn.Module, "_apply", module_apply)
        put(torch.amp.GradScaler, "_maybe_opt_step", scaled_step)
        cu = torch.cuda
        for name, value in (
            ("is_available", lambda: True), ("device_count", lambda: 1), ("current_device", lambda: 0),
            ("set_device", lambda *_: None), ("synchronize", lambda *_: None),
            ("manual_seed", lambda *_: None), ("manual_seed_all", lambda *_: None),
            ("seed", lambda: None), ("seed_all", lambda: None), ("empty_cache", lambda: None),
            ("get_device_name", lambda *_: device_name), ("get_device_capability", lambda *_: (9, 0)),
            ("get_device_properties", lambda *_: props), ("is_bf16_supported", lambda *_: True),
            ("memory_allocated", memory), ("max_memory_allocated", peak),
            ("memory_reserved", memory), ("max_memory_reserved", peak),
            ("reset_peak_memory_stats", lambda *_: None), ("reset_max_memory_allocated", lambda *_: None),
            ("mem_get_info", lambda *_: (total - memory(), total)),
            ("set_per_process_memory_fraction", set_fraction),
        ):
            put(cu, name, value)
        # the generator's state, which AOTAutograd keeps across its trace of a compiled step:
        # none here, and none read where there is a GPU (reading it would initialise CUDA)
        for name, value in (("get_rng_state", no_rng_state), ("set_rng_state", lambda *_: None),
                            ("get_rng_state_all", lambda: [no_rng_state()]),
                            ("set_rng_state_all", lambda *_: None)):
            put(cu, name, value)
        if remap:  # no CUDA to initialise; where there is, the real initialisation stands
            for name, value in (("init", lambda: None), ("is_initialized", lambda: True),
                                ("_lazy_init", lambda: None)):
                put(cu, name, value)
        chooses = optimizer_choice(remap)
        # by the key and the module's own dict: sys.modules may hold any object (a lazy proxy,
        # a Cython object without __name__), whose attributes could run code or not exist
        for key, module in list(sys.modules.items()):
            named = type(key) is str and key.startswith("torch.optim")
            ours = named and issubclass(type(module), types.ModuleType)
            if ours and "_default_to_fused_or_foreach" in vars(module):
                put(module, "_default_to_fused_or_foreach", chooses)
        import torch.utils.data.dataloader as dl

        if remap:  # CUDA's autocast has no effect on the CPU tensors the job runs as: CPU's autocast
            autocast_init = torch.amp.autocast_mode.autocast.__init__

            def autocast(self: Any, device_type: str, *args: Any, **kwargs: Any) -> None:
                autocast_init(self, "cpu" if device_type == "cuda" else device_type, *args, **kwargs)

            put(torch.amp.autocast_mode.autocast, "__init__", autocast)
            for name in ("tensor", "as_tensor"):  # they initialise CUDA before any op is dispatched
                put(torch, name, _on_cpu(getattr(torch, name)))
            put(torch.nn.functional, "scaled_dot_product_attention",
                fused_attention(torch.nn.functional.scaled_dot_product_attention))

        put(dl.DataLoader, "_get_iterator", _in_process)
        put(dl.DataLoader, "__iter__", _unfaked(dl.DataLoader.__iter__))
        put(dl._BaseDataLoaderIter, "__next__", _unfaked(dl._BaseDataLoaderIter.__next__))
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
        # dynamo's device interface caches the properties (and the device) it read: the fake
        # GPU's must not outlive the run, nor hide a cache of the real GPU's
        for cache in _worker_caches():
            cache.pop("cuda", None)
        for cache, kept in zip(cached, before, strict=True):
            cache.update(kept)
