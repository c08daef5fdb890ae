"""Framework callbacks that start the agent and export the trainer's global step.

    from gpumemd.integrations.lightning import GpumemdCallback          # needs lightning
    from gpumemd.integrations.huggingface import GpumemdTrainerCallback  # needs transformers

Importing this package imports neither framework: each module imports its own when it is
imported, so gpumemd never requires them.
"""

__all__: list[str] = []
