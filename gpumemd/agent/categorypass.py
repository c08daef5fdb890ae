"""One category pass: the storages behind the watched tensors, each claimed once by the first
category that holds it, summed per device; and the budget that spaces the passes.

The pass reads a type's tensors at a time: each read (`is_<device>`, `get_device()`,
`untyped_storage()`, the storage's `data_ptr()` and `nbytes()`) is the type's own method mapped
over them, and a category's storages are claimed by set operations per device, so a pass of
GPT-2's ~740 tensors runs no Python loop per tensor; a type whose reads raise (a sparse tensor,
a subclass without storage) is read one tensor at a time, skipping only those. Nothing is kept
from one pass to the next: every pass reads every storage as it is then (a parameter's storage
replaced, freed or grown again in place, grads dropped, the optimizer's state made). torch is
never imported. agent/categories.py decides what is watched, when a pass runs and what it
exports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain, compress
from operator import attrgetter
from typing import Any, NamedTuple

from gpumemd.agent.wrappers import Sized, unsharded
from gpumemd.diagnosis.cudacaching import round_blocks
from gpumemd.known_metrics import ALLOCATED_CATEGORIES

__all__ = ["COUNTED", "PassBudget", "Walk", "count", "group_params"]

# a pass counts these: the persistent four, FSDP2's unsharded parameters, DDP's buckets
COUNTED = ALLOCATED_CATEGORIES[:6]

DeviceKey = tuple[str, int]  # (device type, index)


class Walk(NamedTuple):
    """One pass's bytes by device and persistent category, and what it skipped."""

    bytes: dict[DeviceKey, dict[str, int]]
    tensors: int  # tensors looked at
    skipped: int  # tensors without a readable storage (sparse, a wrapper subclass)
    failed: tuple[str, ...] = ()  # the watched objects that could not be read (their type names)


# what a type is: a tensor, a DTensor (its local shard holds this rank's memory); _FLAGGED: it has
# `is_<device type>` and `get_device()` (a DTensor's flags are its local tensor's type's: checked there)
_TENSOR, _SHARDED, _FLAGGED = 1, 2, 4
_Reads = dict[tuple[str, int], tuple[list[int], list[int]]]  # per (device type, index or -1): pointers, bytes


class _Counter:
    """Claims storages in category order; sums bytes per (device, category)."""

    def __init__(self, device_type: str | None) -> None:
        self.device_type = device_type
        self.seen: dict[tuple[str, int], set[int]] = {}  # per (device type, index or -1): data pointers
        self.out: dict[DeviceKey, dict[str, int]] = {}
        self.tensors = self.skipped = 0
        self._kinds: dict[type, int] = {}  # per type, not per tensor: attribute probes are slow on tensors
        self._on_want = attrgetter(f"is_{device_type}") if device_type is not None else None

    def _kind(self, cls: type) -> int:
        kind = self._kinds.get(cls)
        if kind is None:
            kind = (_SHARDED if hasattr(cls, "_local_tensor") else
                    _TENSOR if hasattr(cls, "untyped_storage") else 0)
            if kind and self.device_type is not None and hasattr(cls, f"is_{self.device_type}") \
                    and hasattr(cls, "get_device"):
                kind |= _FLAGGED
            self._kinds[cls] = kind
        return kind

    def add(self, category: str, tensors: Iterable[Any]) -> None:
        """Claim the storages behind `tensors` for `category`: each storage (device type,
        index, data pointer) once, in the first category that claims it; a storage on an
        accelerator in whole blocks. It runs in the optimizer-step hook: the tensors are read a
        type at a time, each read mapped over them with the type's own method (no attribute
        looked up per tensor); a type whose reads raise is read one tensor at a time."""
        items = [t for t in tensors if t is not None]
        groups = _by_type(items)
        plain: list[tuple[type, list[Any]]] = []
        local: list[Any] = []
        for cls, group in groups:
            kind = self._kinds.get(cls)
            if kind is None:
                kind = self._kind(cls)
            if not kind:
                continue
            self.tensors += len(group)
            if not kind & _SHARDED:
                plain.append((cls, group))
                continue
            try:  # a DTensor: its local shard holds this rank's memory
                local.extend(list(map(_LOCAL, group)))
            except Exception:
                for t in group:
                    try:
                        local.append(t._local_tensor)
                    except Exception:  # a wrapper without its local tensor: not countable
                        self.skipped += 1
        for cls, group in plain + _by_type(local):
            kind = self._kinds.get(cls)
            if kind is None:
                kind = self._kind(cls)
            reads = self._mapped(cls, group) if kind & _FLAGGED else None
            if reads is None:
                reads = self._one_by_one(group)
            for (dtype, index), (ptrs, sizes) in reads.items():
                self._claim(category, dtype, index, ptrs, sizes)

    def _mapped(self, cls: type[Any], group: list[Any]) -> _Reads | None:
        """The data pointers and bytes of the storages of `group` (tensors of type `cls`) on the
        device type counted, per (device type, index or -1), each read mapped over the group;
        None when one raised (a sparse tensor, a subclass without storage: read one at a time
        to skip only those)."""
        want = self.device_type or ""
        try:
            on = list(map(self._on_want, group))  # type: ignore[arg-type]  # _FLAGGED: a device type
            picked = group if all(on) else list(compress(group, on))
            storages = list(map(cls.untyped_storage, picked))
            types = set(map(type, storages))
            if len(types) != 1:
                return None if types else {}
            storage: type[Any] = types.pop()
            ptrs, sizes = list(map(storage.data_ptr, storages)), list(map(storage.nbytes, storages))
            if want == "cpu":  # no index: get_device() says -1 for each
                return {(want, -1): (ptrs, sizes)}
            index = list(map(cls.get_device, picked))
        except Exception:
            return None
        devices = set(index)
        if len(devices) == 1:
            return {(want, devices.pop()): (ptrs, sizes)}
        out: _Reads = {}
        for i, ptr, n in zip(index, ptrs, sizes, strict=True):
            lists = out.setdefault((want, i), ([], []))
            lists[0].append(ptr)
            lists[1].append(n)
        return out

    def _one_by_one(self, group: list[Any]) -> _Reads:
        """As `_mapped`, a tensor at a time: one that cannot be read is skipped (counted)."""
        want, on_want = self.device_type, self._on_want
        out: _Reads = {}
        for t in group:
            try:
                dtype: str
                index: int | None
                if on_want is not None and want is not None and self._kind(type(t)) & _FLAGGED:
                    if not on_want(t):
                        continue
                    dtype, index = want, t.get_device()
                else:
                    # `t.device.type` builds a string each time: the flags say the same where torch has them
                    device = t.device
                    dtype, index = device.type, device.index
                    if dtype == "meta" or (want is not None and dtype != want):
                        continue
                s = t.untyped_storage()
                ptr, n = s.data_ptr(), s.nbytes()
            except Exception:  # a sparse tensor, a subclass without storage: not countable
                self.skipped += 1
                continue
            lists = out.setdefault((dtype, -1 if index is None else index), ([], []))
            lists[0].append(ptr)
            lists[1].append(n)
        return out

    def _claim(self, category: str, dtype: str, index: int, ptrs: list[int], sizes: list[int]) -> None:
        """The storages of one device not claimed yet (by data pointer), for `category`: set
        operations and a sum over the lists, no loop per tensor."""
        seen = self.seen.setdefault((dtype, index), set())
        distinct = set(ptrs)
        if len(distinct) == len(ptrs) and seen.isdisjoint(distinct):  # each a storage of its own, new
            seen |= distinct
            counted = sizes
        else:
            size = dict(zip(ptrs, sizes, strict=True))
            fresh = size.keys() - seen
            seen |= fresh
            counted = list(map(size.__getitem__, fresh))
        # an accelerator's storage counted as the caching allocator counts it in allocated_bytes
        # (kMinBlockSize), as MemTracker does (roundup_power2_divisions rounds further: not followed)
        n = sum(counted) if dtype == "cpu" else round_blocks(counted)
        place = (dtype, index if index > 0 else 0)
        per = self.out.get(place)
        if per is None:
            per = self.out[place] = dict.fromkeys(COUNTED, 0)
        per[category] += n

    def add_sizes(self, category: str, dtype: str, index: int | None, sizes: Iterable[int]) -> None:
        """Claim allocations known by their sizes only (no storage to read: DDP's buckets), each
        in whole blocks on an accelerator."""
        if self.device_type is not None and dtype != self.device_type:
            return
        positive = [s for s in sizes if s > 0]
        n = sum(positive) if dtype == "cpu" else round_blocks(positive)
        per = self.out.setdefault((dtype, index or 0), dict.fromkeys(COUNTED, 0))
        per[category] += n


_LOCAL, _GRAD = attrgetter("_local_tensor"), attrgetter("grad")


def _by_type(items: list[Any]) -> list[tuple[type, list[Any]]]:
    """`items` grouped by their type, in the order each type first comes (one type: as is)."""
    types = set(map(type, items))
    if len(types) <= 1:
        return [(types.pop(), items)] if types else []
    groups: dict[type, list[Any]] = {}
    for x in items:
        groups.setdefault(type(x), []).append(x)
    return list(groups.items())


def _state_tensors(opt: Any) -> list[Any]:
    state = getattr(opt, "state", None)  # getattr: an optimizer, or a wrapper that forwards it
    out: list[Any] = []
    if isinstance(state, Mapping):
        per_param = list(state.values())
        if set(map(type, per_param)) <= {dict}:  # torch's optimizers: read in one go
            return list(chain.from_iterable(map(dict.values, per_param)))
        for one in per_param:
            if isinstance(one, Mapping):
                out.extend(list(one.values()))
    return out


def group_params(opt: Any) -> list[Any]:
    """The parameters an optimizer's `param_groups` list (a duck-typed optimizer: what it has)."""
    out: list[Any] = []
    for group in list(getattr(opt, "param_groups", None) or ()):  # getattr: duck-typed optimizer
        if isinstance(group, Mapping):
            out.extend(group.get("params") or ())
    return out


def count(params: list[Any], buffers: list[Any], optimizers: list[Any], failed: list[str], *,
           device_type: str | None, has_models: bool, groups: Iterable[Any] = (),
           buckets: Iterable[Sized] = ()) -> Walk:
    """The pass: the persistent categories' bytes per device, each storage counted once (the
    module docstring), over tensors already found (no model's method is called here)."""
    c = _Counter(device_type)
    ids = set(map(id, params))
    extra: list[Any] = []
    for opt in optimizers:
        try:
            held = group_params(opt)
            if not ids.issuperset(map(id, held)):  # some are not a watched model's
                extra.extend(p for p in held if id(p) not in ids)
        except Exception:  # a user's optimizer, or a list changed under the pass
            failed.append(type(opt).__name__)
    if not has_models:  # no model watched: the optimizer's parameters are the parameters
        params, extra = list({id(p): p for p in extra}.values()), []
    c.add("parameters", params)
    c.add("buffers", buffers)
    every = params + extra
    try:
        try:
            grads = list(map(_GRAD, every))
        except AttributeError:  # getattr: anything an optimizer holds
            grads = [getattr(p, "grad", None) for p in every]
        c.add("gradients", grads)
    except Exception:  # a parameter-like object whose .grad raises
        failed.append("gradients")
    for opt in optimizers:
        try:
            c.add("optimizer_state", _state_tensors(opt))
        except Exception:
            failed.append(type(opt).__name__)
    c.add("optimizer_state", extra)  # master weights: an optimizer's own copy of the parameters
    try:
        c.add("unsharded_parameters", unsharded(groups))
    except Exception:  # FSDP2's internals changed under the pass, or another torch's
        failed.append("FSDPParamGroup")
    for dtype, index, sizes in buckets:
        c.add_sizes("comm_buckets", dtype, index, sizes)
    return Walk(c.out, c.tensors, c.skipped, tuple(failed))


class PassBudget:
    """Runs the passes within a share of the counting thread's time, as a debt: credit accrues
    at `share` seconds per second from `watch()`'s pass (or the first `due()`), each pass is
    charged what it took, and a pass is due only when the credit covers its expected cost (the
    last pass's; the first boundary's: `watch()`'s). So the passes' time stays within share x
    the time since watch(), up to what the last pass took beyond the one before it. The credit
    is capped at one pass: time without passes (an evaluation, a pause) buys no burst. With a
    `bank` (seconds) the cap is at least that, and the credit starts there: what is run may
    exceed the share by the bank, and one pass slower than the others is paid from it rather
    than by the next passes' (the step boundaries', stephook.py)."""

    __slots__ = ("bank", "credit", "estimate", "last")

    def __init__(self, bank: float = 0.0) -> None:
        self.bank = bank
        self.credit = bank
        self.estimate = 0.0  # seconds the next pass is expected to take
        self.last: float | None = None  # when the credit was last brought up to date

    def due(self, now: float, share: float) -> bool:
        """Whether a pass at `now` keeps the passes within `share` (infinite: every time; 0:
        never)."""
        if share == float("inf"):
            self.credit, self.last = self.bank, now
            return True
        if self.last is not None and now > self.last:
            self.credit = min(self.credit + share * (now - self.last), max(self.estimate, self.bank))
        self.last = now if self.last is None else max(self.last, now)
        return share > 0 and self.credit >= self.estimate

    def due_at(self, share: float) -> float:
        """The earliest time `due` can answer True (a caller may skip asking before it): the
        credit grows linearly until it covers the estimate, within its cap."""
        if share == float("inf") or self.last is None:
            return float("-inf")
        if not share > 0:
            return float("inf")
        return self.last + max(0.0, self.estimate - self.credit) / share

    def charge(self, took: float) -> None:
        """A pass due just now took `took` seconds."""
        self.credit -= took
        self.estimate = took

    def expect(self, now: float, took: float) -> None:
        """A pass outside the budget (`watch()`'s) began at `now` and took `took`: the next is
        expected as long; the first such pass starts the credit."""
        if self.last is None:
            self.last = now
        self.estimate = took
