"""Readers of untrusted bytes (spool files, HTTP answers, snapshots, captures, labels): one per
format, each refusing a document whose built objects would take more than `FACTOR` times its
bytes (plus `SLACK`), estimated before anything is built. The pickle reader is imported from
`untrusted.pickled` by the offline diagnoses only: the daemon, which reads JSON alone, never
loads `pickle` (resident for its life)."""

from .budget import FACTOR, SLACK, TooCostly, allowance
from .jsondoc import loads_json

__all__ = ["FACTOR", "SLACK", "TooCostly", "allowance", "loads_json"]
