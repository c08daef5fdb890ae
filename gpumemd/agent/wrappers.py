"""What DDP and FSDP2 hold beside a model's tensors, found without calling the model's code.

FSDP2 keeps its parameter groups in each module's composable state (the module's own
`__dict__`); DDP keeps a C++ logger that recorded its gradient buckets' sizes. `structure()`
walks the module tree through the modules' own `_modules` dicts (bounded in modules and time),
`unsharded()` yields FSDP2's gathered tensors from each FSDPParam's own attributes, and
`read_buckets()` reads DDP's bucket sizes (on the thread that runs the step: the logger takes the
reducer's lock). The category pass (agent/categories.py) counts what these find as
`unsharded_parameters` and `comm_buckets`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import repeat
from typing import Any, NamedTuple

# the instance dict, a type's name and module: read without running code
from gpumemd.diagnosis.retainers import own_dict, own_dicts, type_module, type_name

__all__ = ["MAX_BUCKETS", "Sized", "Structure", "Unbounded", "bucket_sizes", "merged", "read_buckets",
           "state_groups", "structure", "unsharded"]


class Structure(NamedTuple):
    """What a model holds beyond its tensors, found once through the modules' own `__dict__`:
    FSDP2's parameter groups, and DDP's loggers (their bucket sizes) with the device of their
    buckets, for a DDP whose grads are not views of its buckets."""

    groups: list[Any]
    buckets: list[tuple[Any, str, int | None]]


class Unbounded(Exception):
    """A model's `parameters()`, `buffers()` or module tree went past watch()'s bounds."""


# torch.distributed._composable.contract keeps each module's composable states (FSDP2's
# FSDPState) in the module's own __dict__ under keys with this prefix
_STATE_KEY = "__composable_api_state_key"
_C10D = "torch._C._distributed_c10d"  # DDP's C++ Logger's module
MAX_BUCKETS = 1 << 16  # bucket sizes read from one DDP logger, at most


def state_groups(state: Any) -> list[Any]:
    """An FSDP2 state's parameter groups, from its own attributes in either layout torch has
    had: a list `_fsdp_param_groups` (per-parameter meshes: pytorch#173509), or before it the
    one group `_fsdp_param_group` (now a property of the class, so never in the instance
    dict: a torch with the list is not read twice)."""
    own = own_dict(state) or {}
    found = own.get("_fsdp_param_groups")
    if found is None:
        one = own.get("_fsdp_param_group")
        return [] if one is None else [one]
    return list(found) if type(found) is list or type(found) is tuple else []


def structure(obj: Any, limit: int, deadline: float, clock: Callable[[], float]) -> Structure:
    """FSDP2's parameter groups and DDP's bucket loggers under `obj`, through the modules' own
    `_modules` dicts (no module method called), at most `limit` modules before `deadline`."""
    groups: dict[int, Any] = {}
    buckets: list[tuple[Any, str, int | None]] = []
    stack, seen = [obj], set()
    while stack:
        m = stack.pop()
        if id(m) in seen:
            continue
        seen.add(id(m))
        if len(seen) > limit or (not len(seen) & 1023 and clock() > deadline):
            raise Unbounded("the model's modules went past watch()'s bounds")
        own = own_dict(m)
        if own is None:
            continue
        for key, value in list(own.items()):  # types by type(): no `__class__` property runs
            if type(key) is str and key.startswith(_STATE_KEY) and issubclass(type(value), dict):
                for state in list(dict.values(value)):
                    for g in state_groups(state):
                        groups.setdefault(id(g), g)
        logger: Any = own.get("logger")  # DDP's own attributes, checked by type below
        device: Any = own.get("device")
        if (type_module(type(logger)) == _C10D and type_name(type(logger)) == "Logger"
                and type_module(type(device)) == "torch" and type_name(type(device)) == "device"
                and not own.get("gradient_as_bucket_view") and not own.get("_use_python_reducer")):
            buckets.append((logger, str(device.type), device.index))
        children: Any = own.get("_modules")
        if issubclass(type(children), dict):
            stack.extend(v for v in list(dict.values(children)) if v is not None)
    return Structure(list(groups.values()), buckets)


def unsharded(groups: Iterable[Any]) -> Iterable[Any]:
    """FSDP2's unsharded tensors of `groups`, from each FSDPParam's own attributes: what FSDP2
    allocates to all-gather into and frees to reshard (`all_gather_outputs`, and a tensor
    subclass's `_unsharded_inner_tensors`; the unsharded parameter is a view of them) and the
    intermediate post-forward shard. A freed one has a storage of 0 bytes (FSDP2 resizes it
    to 0) and counts nothing."""
    fps = [fp for g in groups for fp in _list((own_dict(g) or {}).get("fsdp_params"))]
    owns = [own for own in own_dicts(fps) if own is not None]  # read at every step: one mapped read
    for key in ("all_gather_outputs", "_unsharded_inner_tensors"):
        for found in map(dict.get, owns, repeat(key, len(owns))):
            if type(found) is list or type(found) is tuple:
                yield from found
    yield from map(dict.get, owns, repeat("_sharded_post_forward_param_data", len(owns)))


def _list(found: Any) -> list[Any] | tuple[Any, ...]:
    return found if type(found) is list or type(found) is tuple else ()


Sized = tuple[str, int | None, list[int]]  # DDP's buckets: device type, index, each bucket's bytes


def bucket_sizes(logger: Any) -> list[int]:
    """DDP's bucket sizes in bytes, as its C++ logger recorded them: at construction, then
    after the reducer rebuilt its buckets in the second step's forward (recorded at the next
    sampled forward: one step end in between reads the first sizes, the same bytes split
    differently)."""
    data = logger._get_ddp_logging_data()
    strs, ints = data.strs_map, data.ints_map
    text = strs.get("rebuiltbucket_sizes") if ints.get("has_rebuilt_buckets") else None
    text = text or strs.get("bucket_sizes") or ""
    return [int(x) for x in text.split(",", MAX_BUCKETS)[:MAX_BUCKETS] if x.strip().isdigit()]


def read_buckets(loggers: Iterable[tuple[Any, str, int | None]], failed: list[str]) -> list[Sized]:
    """Each DDP logger's bucket sizes now; one that cannot be read is skipped, named in `failed`."""
    out: list[Sized] = []
    for logger, dtype, index in loggers:
        try:
            out.append((dtype, index, bucket_sizes(logger)))
        except Exception:  # another torch's logger, a reducer torn down
            failed.append("DistributedDataParallel")
    return out


def merged(parts: Iterable[Structure]) -> Structure:
    """Several models' structures as one, each group and logger once."""
    groups: dict[int, Any] = {}
    buckets: dict[int, tuple[Any, str, int | None]] = {}
    for part in parts:
        for g in part.groups:
            groups.setdefault(id(g), g)
        for b in part.buckets:
            buckets.setdefault(id(b[0]), b)
    return Structure(list(groups.values()), list(buckets.values()))
