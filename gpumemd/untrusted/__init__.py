"""Readers of untrusted bytes (spool files, HTTP answers, snapshots, captures, labels): one per
format, each keeping what it builds within `FACTOR` times its bytes (plus `SLACK`): JSON read by
a reader that prices each object as it builds it and builds only what its caller names, a
snapshot pickle read into columns (`untrusted.columns`) by an interpreter that prices each row as
it builds it. The pickle reader is imported from `untrusted.pickled` by the offline diagnoses
only: the daemon, which reads JSON alone, never loads it."""

from .budget import FACTOR, SLACK, TooCostly, allowance
from .jsondoc import Each, Fields, Schema, loads_json, read_json

__all__ = [
    "FACTOR", "SLACK", "Each", "Fields", "Schema", "TooCostly", "allowance", "loads_json", "read_json",
]
