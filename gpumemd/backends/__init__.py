"""Backends: the only importers of pynvml, torch, psutil and grpc, each behind a narrow Protocol
with a real adapter and a recorder/replayer (replay.py)."""
