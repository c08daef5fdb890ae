"""Readers of untrusted bytes (spool files, HTTP answers, snapshots, captures, labels): one per
format, each refusing a document whose built objects would take more than `FACTOR` times its
bytes (plus `SLACK`), estimated before anything is built."""

from .budget import FACTOR, SLACK, TooCostly, allowance
from .jsondoc import loads_json
from .pickled import ClassRefused, load_pickle

__all__ = ["FACTOR", "SLACK", "ClassRefused", "TooCostly", "allowance", "load_pickle", "loads_json"]
