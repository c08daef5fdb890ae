"""`gpumemd.steptrace.step()`, as the docs give it to training loops without `torch.optim`:
marks the end of an optimizer step for the `record_profile` alert action. The module is
`gpumemd.agent.steptrace`; this name stays so that code calling it keeps working."""

from gpumemd.agent.steptrace import step

__all__ = ["step"]
