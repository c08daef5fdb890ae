"""The agent's side of the spool's schema: a rank's published families as the bytes of one
`gpumemd-spool/2` document (`Encoder`, `encode`), serialised so a publish each second costs
little; what they must hold and the daemon's reading of them back are `format.py`'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from prometheus_client.core import Metric

from gpumemd import known_metrics

from .format import FORMAT, own_pidns

__all__ = ["Encoder", "encode"]


_dumps = json.JSONEncoder(separators=(",", ":"), allow_nan=True).encode


def encode(families: Iterable[Metric], *, pid: int, written: float, interval: float,
           identity: Mapping[str, str]) -> bytes:
    """One spool file's bytes (the current format): what `SpoolWriter` writes."""
    return Encoder(pid=pid, interval=interval, identity=identity).encode(families, written)


class Encoder:
    """Encodes an agent's published families as a `gpumemd-spool/2` document::

        {"format": "gpumemd-spool/2", "pid": …, "interval": …, "identity": {…}, "pidns": …, "written": …,
         "types": [[name, type, help], …], "samples": [[type index, sample name, labels, value], …]}

    The header and the `types` table (the same every second: the families' names, types and
    help text are most of the bytes) are serialised once and reused while they do not
    change; each publish serialises only the sample rows, in one `json.dumps` call. The
    daemon turns it back into version 1's shape (`format.families_of`)."""

    def __init__(
        self, *, pid: int, interval: float, identity: Mapping[str, str], everything: bool = False
    ) -> None:
        dumps = _dumps
        self._everything = everything  # every family (the agent's endpoint process serves them all)
        pidns = own_pidns()  # lets the daemon tell a pid it cannot see from a dead one
        self._head = (
            f'{{"format":{dumps(FORMAT)},"pid":{int(pid)},"interval":{dumps(float(interval))},'
            f'"identity":{dumps(dict(identity))},'
            + (f'"pidns":{dumps(pidns)},' if pidns is not None else "")
            + '"written":'
        )
        self._types_key: tuple[tuple[str, str, str], ...] | None = None
        self._types = ""

    def encode(self, families: Iterable[Metric], written: float, alerts: bytes | None = None) -> bytes:
        """`alerts`: the agent's /api/v1/alerts answer (JSON), kept as the `alerts` field."""
        own = known_metrics.published()  # the agent's own families (the daemon exports the others)
        published = list(families) if self._everything else [f for f in families if f.name in own]
        key = tuple([(f.name, f.type, f.documentation) for f in published])
        if key != self._types_key:
            self._types_key, self._types = key, _dumps(key)
        rows = [[i, s.name, s.labels, s.value] for i, f in enumerate(published) for s in f.samples]
        tail = (b',"alerts":' + alerts + b"}") if alerts is not None else b"}"
        return (
            "".join(
                (self._head, _dumps(float(written)), ',"types":', self._types, ',"samples":', _dumps(rows))
            ).encode()
            + tail
        )
