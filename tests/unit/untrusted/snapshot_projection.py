"""A snapshot as `pickle.loads` builds it, projected onto what `untrusted.columns` keeps: the
reference the column reader is checked against (the same checks, written out on dicts)."""

from __future__ import annotations

from typing import Any

from gpumemd.untrusted.columns import NO_LINE, Columns


def _uint(v: Any) -> int | None:
    return v if type(v) is int and 0 <= v < 1 << 63 else None


def _str(v: Any) -> str | None:
    return v if type(v) is str else None


def _frames(frames: Any) -> tuple[tuple[Any, ...], ...] | None:
    if not isinstance(frames, list):
        return None
    return tuple(
        (_str(f.get("filename")),
         f.get("line") if type(f.get("line")) is int and NO_LINE < f["line"] < 1 << 63 else NO_LINE,
         _str(f.get("name")))
        for f in frames
        if isinstance(f, dict)
    )


def project(doc: Any) -> dict[str, Any]:
    """What the columns of `doc` (a snapshot dict or segment list) must hold."""
    segs = doc if isinstance(doc, list) else doc.get("segments") if isinstance(doc, dict) else None
    out: dict[str, Any] = {"has_segments": isinstance(segs, list), "segments": [], "devices": None,
                           "settings": None}
    for seg in segs if isinstance(segs, list) else ():
        if not isinstance(seg, dict):
            continue
        blocks = seg.get("blocks")
        out["segments"].append((
            _uint(seg.get("device")), _uint(seg.get("address")), _uint(seg.get("total_size")),
            _uint(seg.get("stream")), _str(seg.get("segment_type")), seg.get("segment_pool_id"),
            seg.get("is_expandable") is True, isinstance(blocks, list),
            tuple(
                (_uint(b.get("address")), _uint(b.get("size")), _uint(b.get("requested_size")),
                 _str(b.get("state")), _frames(b.get("frames")))
                for b in (blocks if isinstance(blocks, list) else ()) if isinstance(b, dict)
            ),
        ))
    if isinstance(doc, dict):
        traces = doc.get("device_traces")
        if isinstance(traces, list):
            out["devices"] = [
                None if not isinstance(t, list) else tuple(
                    None if not isinstance(e, dict) else (
                        _str(e.get("action")), _uint(e.get("addr")), _uint(e.get("size")),
                        _uint(e.get("stream")), _uint(e.get("device_free")))
                    for e in t
                )
                for t in traces
            ]
        s = doc.get("allocator_settings")
        out["settings"] = s if isinstance(s, dict) else None
    return out


def columns_projected(c: Columns) -> dict[str, Any]:
    """The same projection read from columns, through their readers' API."""
    out: dict[str, Any] = {"has_segments": c.has_segments, "segments": [], "devices": None,
                           "settings": c.settings}
    for s in c.segments():
        out["segments"].append((
            s.device, s.address, s.total_size, s.stream, s.segment_type, s.pool, s.expandable, s.has_blocks,
            tuple((b.address, b.size, b.requested_size, b.state, None if b.trace < 0 else c.frames(b.trace))
                  for b in c.blocks(s)),
        ))
    if c.device_lists is not None:
        out["devices"] = [
            tuple(None if e is None else tuple(e) for e in c.events(d)) if c.has_events(d) else None
            for d in range(c.devices)
        ]
    return out
