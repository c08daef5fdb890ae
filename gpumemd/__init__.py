"""gpumemd: GPU-memory observability for PyTorch training clusters."""

__version__ = "0.1.0"
