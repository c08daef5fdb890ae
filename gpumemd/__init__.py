"""gpumemd: GPU-memory observability for PyTorch training clusters."""

__version__ = "0.1.0"


_LAZY = {  # name -> module; imported on first use, so that importing gpumemd never imports torch
    "GPUMemoryProfiler": "gpumemd.profiler",
    "ProfileResult": "gpumemd.profiler",
    "MemorySnapshot": "gpumemd.profiler",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gpumemd' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
