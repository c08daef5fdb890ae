"""Sampling: the thread and its ticks, one cycle (read, isolate, keep), lazy families, the exposition."""
