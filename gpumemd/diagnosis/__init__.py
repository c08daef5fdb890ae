"""Diagnoses: pure functions from figures gpumemd reads to a cause and a fix (the OOM diagnosis)."""
