"""One category pass: the storages behind the watched tensors, each claimed once by the first
category that holds it, summed per device; and the budget that spaces the passes.

The pass reads a type's tensors at a time: each read (`is_<device>`, `get_device()`,
`untyped_storage()`, the storage's `data_ptr()` and `nbytes()`) is torch's own C descriptor
mapped over them, and a category's storages are claimed by set operations per device, so a
pass of GPT-2's ~740 tensors runs no Python loop per tensor; a type whose reads raise (a
sparse tensor, a subclass without storage) is read one tensor at a time, skipping only those.
It runs in the user's optimizer step and runs no code of the user's types (issue 36): the
reads, and the types whose tensors are not read, are agent/tensorreads.py's; the tensors are
grouped by their type's id (never hashed or compared); an optimizer's lists come from its own
instance dict, or from the one of the optimizer a wrapper holds (`_own_lists`), never through
a property. Nothing is kept from one pass to the next but each type's reads: every pass reads
every storage as it is then (a parameter's storage replaced, freed or grown again in place,
grads dropped, the optimizer's state made). torch is never imported. agent/categories.py
decides what is watched, when a pass runs and what it exports.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, compress, repeat
from operator import is_
from typing import Any, NamedTuple

from gpumemd.agent.tensorreads import FLAGGED, SHARDED, TENSOR, USER, TypeReads, reads, storage_reads
from gpumemd.agent.wrappers import Sized, unsharded
from gpumemd.diagnosis.cudacaching import round_blocks
from gpumemd.diagnosis.retainers import own_dict, type_name
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


# per (device type, index or -1): pointers, bytes
_ByDevice = dict[tuple[str, int], tuple[list[int], list[int]]]


class _Counter:
    """Claims storages in category order; sums bytes per (device, category)."""

    def __init__(self, device_type: str | None) -> None:
        self.device_type = device_type
        self.seen: dict[tuple[str, int], set[int]] = {}  # per (device type, index or -1): data pointers
        self.out: dict[DeviceKey, dict[str, int]] = {}
        self.tensors = self.skipped = 0

    def reads(self, cls: type) -> TypeReads:
        return reads(cls, self.device_type)

    def add(self, category: str, tensors: Iterable[Any]) -> None:
        """Claim the storages behind `tensors` for `category`: each storage (device type,
        index, data pointer) once, in the first category that claims it; a storage on an
        accelerator in whole blocks. It runs in the optimizer-step hook: the tensors are read a
        type at a time, each read torch's C descriptor mapped over them (`tensorreads`: no
        attribute looked up, no code of the type runs; a type whose reads would run its own
        code is not read, its tensors skipped); a type whose reads raise is read one tensor at
        a time."""
        items = [t for t in tensors if t is not None]
        plain: list[tuple[TypeReads, list[Any]]] = []
        local: list[Any] = []
        for cls, group in _by_type(items):
            r = self.reads(cls)
            if not r.kind:
                continue
            self.tensors += len(group)
            if r.kind & USER:
                self.skipped += len(group)
            elif not r.kind & SHARDED:
                plain.append((r, group))
            else:  # a DTensor: its local shard holds this rank's memory
                self._unwrap(r, group, local)
        for cls, group in _by_type(local):
            r = self.reads(cls)
            if r.kind & TENSOR and not r.kind & (USER | SHARDED):
                plain.append((r, group))
            else:  # a local shard that is no plain tensor: not countable
                self.skipped += len(group)
        for r, group in plain:
            reads = self._mapped(r, group) if r.kind & FLAGGED else None
            if reads is None:
                reads = self._one_by_one(r, group)
            for (dtype, index), (ptrs, sizes) in reads.items():
                self._claim(category, dtype, index, ptrs, sizes)

    def _unwrap(self, r: TypeReads, group: list[Any], local: list[Any]) -> None:
        try:
            local.extend(list(map(r.local, group)))
        except Exception:
            for t in group:
                try:
                    local.append(r.local(t))
                except Exception:  # a wrapper without its local tensor: not countable
                    self.skipped += 1

    def _mapped(self, r: TypeReads, group: list[Any]) -> _ByDevice | None:
        """The data pointers and bytes of the storages of `group` (tensors of one type) on the
        device type counted, per (device type, index or -1), each read mapped over the group;
        None when one raised (a sparse tensor, a subclass without storage: read one at a time
        to skip only those)."""
        want = self.device_type or ""
        try:
            on = list(map(r.on, group))
            picked = group if all(on) else list(compress(group, on))
            storages = list(map(r.storage, picked))
            if not storages:
                return {}
            # torch's C methods of the first one's type: one of another type that is no storage
            # of torch's raises (the descriptor checks its argument), and the group is read one by one
            read = storage_reads(type(storages[0]))
            if read is None:
                return None
            ptrs, sizes = list(map(read[0], storages)), list(map(read[1], storages))
            if want == "cpu":  # no index: get_device() says -1 for each
                return {(want, -1): (ptrs, sizes)}
            index = list(map(r.get_device, picked))
        except Exception:
            return None
        devices = set(index)
        if len(devices) == 1:
            return {(want, devices.pop()): (ptrs, sizes)}
        out: _ByDevice = {}
        for i, ptr, n in zip(index, ptrs, sizes, strict=True):
            lists = out.setdefault((want, i), ([], []))
            lists[0].append(ptr)
            lists[1].append(n)
        return out

    def _one_by_one(self, r: TypeReads, group: list[Any]) -> _ByDevice:
        """As `_mapped`, a tensor at a time: one that cannot be read is skipped (counted)."""
        want = self.device_type
        flagged = want is not None and r.kind & FLAGGED
        out: _ByDevice = {}
        for t in group:
            try:
                dtype: str
                index: int | None
                if flagged:
                    if not r.on(t):
                        continue
                    dtype, index = want, r.get_device(t)  # type: ignore[assignment]  # flagged: a str
                else:
                    # `t.device.type` builds a string each time: the flags say the same where torch has them
                    device = r.device(t)
                    dtype, index = device.type, device.index
                    if dtype == "meta" or (want is not None and dtype != want):
                        continue
                s = r.storage(t)
                read = storage_reads(type(s))
                if read is None:
                    raise TypeError("a storage type without torch's reads")
                ptr, n = read[0](s), read[1](s)
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


def _by_type(items: list[Any]) -> list[tuple[type, list[Any]]]:
    """`items` grouped by their type, in the order each type first comes (one type: as is); types
    told apart by identity and id, never hashed or compared (a metaclass's `__hash__` or `__eq__`
    never runs; the items hold their types while the groups are read)."""
    if not items:
        return []
    first = type(items[0])
    if all(map(is_, map(type, items), repeat(first))):
        return [(first, items)]
    groups: dict[int, list[Any]] = {}
    for x in items:
        groups.setdefault(id(type(x)), []).append(x)
    return [(type(group[0]), group) for group in groups.values()]


def _own_lists(opt: Any) -> dict[str, Any]:
    """The instance dict holding an optimizer's `state` and `param_groups`: its own, or where it
    is a wrapper (accelerate's AcceleratedOptimizer, Lightning's LightningOptimizer forward them
    with properties) that of an object in its own dict; read without running code of either
    (`own_dict`: no property, no `__getattr__`). LookupError where there is none."""
    own = own_dict(opt)
    if own is not None and "param_groups" in own and "state" in own:
        return own
    for value in list(dict.values(own or {})):
        inner = own_dict(value)
        if inner is not None and "param_groups" in inner and "state" in inner:
            return inner
    raise LookupError("no optimizer lists in its own dict")


def _dicts(values: list[Any]) -> list[Any]:
    """The dicts among `values` (a type by `issubclass`, never `isinstance`: a `__class__`
    property never runs)."""
    if set(map(id, map(type, values))) <= {id(dict)}:  # torch's optimizers: as they are
        return values
    return [v for v in values if issubclass(type(v), dict)]


def _state_tensors(opt: Any) -> list[Any]:
    state = _own_lists(opt)["state"]
    if not issubclass(type(state), dict):
        raise LookupError("an optimizer state that is no dict")
    return list(chain.from_iterable(map(dict.values, _dicts(list(dict.values(state))))))


def group_params(opt: Any) -> list[Any]:
    """The parameters an optimizer's `param_groups` list (its own dict's, or the optimizer's it
    wraps: `_own_lists`); the groups that are dicts, their `params` where a list or a tuple.
    LookupError where its lists cannot be found so."""
    groups = _own_lists(opt)["param_groups"]
    if type(groups) is not list and type(groups) is not tuple:
        raise LookupError("param_groups that are no list")
    out: list[Any] = []
    for params in map(dict.get, _dicts(list(groups)), repeat("params")):
        if type(params) is list or type(params) is tuple:
            out.extend(params)
    return out


def _grads(c: _Counter, every: list[Any], failed: list[str]) -> list[Any]:
    """Each parameter's `.grad`, through torch's getter a type at a time (`tensorreads`); a type
    without it, or whose reads would run its own code, is named in `failed`."""
    out: list[Any] = []
    for cls, group in _by_type(every):
        r = c.reads(cls)
        if r.grad is None or r.kind & USER:
            failed.append(type_name(cls))
            continue
        try:
            out.extend(list(map(r.grad, group)))
        except Exception:  # a grad torch's getter refuses
            failed.append("gradients")
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
            failed.append(type_name(type(opt)))
    if not has_models:  # no model watched: the optimizer's parameters are the parameters
        params, extra = list({id(p): p for p in extra}.values()), []
    c.add("parameters", params)
    c.add("buffers", buffers)
    c.add("gradients", _grads(c, [p for p in params + extra if p is not None], failed))
    for opt in optimizers:
        try:
            c.add("optimizer_state", _state_tensors(opt))
        except Exception:
            failed.append(type_name(type(opt)))
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
