"""Readers of untrusted bytes (spool files, HTTP answers, snapshots, captures, labels): one per
format, each keeping what it builds within `FACTOR` times its bytes (plus `SLACK`;
`PICKLE_FACTOR` for a pickle): JSON read by a reader that prices each object as it builds
it and builds only what its caller names, a pickle priced before anything is built. The
pickle reader is imported from `untrusted.pickled` by the offline diagnoses only: the daemon,
which reads JSON alone, never loads `pickle` (resident for its life)."""

from .budget import FACTOR, PICKLE_FACTOR, SLACK, TooCostly, allowance
from .jsondoc import Each, Fields, Schema, loads_json, read_json

__all__ = [
    "FACTOR", "PICKLE_FACTOR", "SLACK", "Each", "Fields", "Schema", "TooCostly", "allowance", "loads_json",
    "read_json",
]
