"""The fake GPU's stand-ins (gpumemd/preflight/standins.py): what inductor's heuristics read."""

from __future__ import annotations

from typing import Any

import torch

from gpumemd.preflight import fakerun, standins


def test_the_fake_gpus_properties_have_every_attribute_torchs_class_has() -> None:
    """Issue 38 on the GPU: inductor read `L2_cache_size` off the fake properties, which had
    five attributes. Every attribute torch's own class declares is there (where this build has
    it), and the heuristics' figures are a real GPU's, not zero."""
    props = standins.fake_properties("NVIDIA H100 80GB HBM3", 80 * 2**30)
    declared = vars(torch._C).get("_CudaDeviceProperties")
    names = {n for n in dir(declared) if not n.startswith("_")} if declared is not None else set()
    for name in names | {"L2_cache_size", "multi_processor_count", "warp_size", "max_threads_per_block"}:
        assert hasattr(props, name), name
    assert props.L2_cache_size > 0 and props.multi_processor_count > 0
    assert (props.name, props.total_memory) == ("NVIDIA H100 80GB HBM3", 80 * 2**30)


class _ReadsTheDevice(torch.nn.Module):
    """Reads the GPU's properties as inductor's heuristics do (dynamo's device interface)."""

    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.read: list[Any] = []

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        from torch._dynamo.device_interface import get_interface_for_device

        self.read.append(get_interface_for_device("cuda").Worker.get_device_properties())
        return self.lin(x)


def test_the_properties_inductor_reads_are_the_fake_gpus_and_are_not_kept() -> None:
    from torch._dynamo import device_interface

    model = _ReadsTheDevice()
    real = dict(device_interface.caching_worker_device_properties)
    fakerun.run(lambda: fakerun.Job(model.cuda(), torch.optim.SGD(model.parameters(), lr=0.1),
                                    lambda b, s: torch.randn(b, 8).cuda(),
                                    loss=lambda m, b: m(b).sum()), 4, 8)
    l2 = standins.fake_properties("", 0).L2_cache_size
    assert model.read and all(p.L2_cache_size == l2 for p in model.read)
    assert type(model.read[0]).__name__ == "FakeProperties"
    # dynamo's cache holds what it held before the run (a real GPU's, or nothing)
    assert device_interface.caching_worker_device_properties == real


def test_sdpa_keeps_dropout_only_with_a_mask_cudas_fused_kernels_refuse() -> None:
    """CUDA's fused kernels take dropout inside, so the CPU path drops it (the CPU's flash
    kernel); a mask whose last dimension has a stride other than 1 (transformers 5.17's BERT
    mask under dynamo, expanded along the keys) keeps it: CUDA refuses it to its fused kernels
    and writes the attention out (issue 38's BERT, 5 bytes a score a layer)."""
    dropouts: list[float] = []

    def sdpa(*a: Any, **k: Any) -> None:
        dropouts.append(a[4] if len(a) > 4 else k.get("dropout_p", 0.0))

    attention = standins.fused_attention(sdpa)
    q = torch.zeros(1, 1, 4, 2)
    dense = torch.ones(1, 1, 4, 4, dtype=torch.bool)  # GPT-2's: strides (16, 16, 4, 1)
    expanded = torch.ones(1, 1, 4, 1, dtype=torch.bool).expand(1, 1, 4, 4)  # BERT's: last stride 0
    attention(q, q, q, dense, 0.1)
    attention(q, q, q, attn_mask=dense, dropout_p=0.1)
    attention(q, q, q, dropout_p=0.1)
    attention(q, q, q, expanded, 0.1)
    attention(q, q, q, attn_mask=expanded, dropout_p=0.1)
    assert dropouts == [0.0, 0.0, 0.0, 0.1, 0.1]
