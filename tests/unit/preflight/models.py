"""Jobs for the preflight tests, loadable as `tests.unit.preflight.models:NAME`: plain torch
models (no download, no transformers) small enough for the CPU suite, and a ~1B decoder for
the timing test."""

from __future__ import annotations

from typing import Any

import torch
from torch import nn

from gpumemd.preflight import Job


class Decoder(nn.Module):
    """A Llama-style decoder: embedding, pre-norm blocks of fused attention and a gated MLP, a head."""

    def __init__(self, d: int, layers: int, vocab: int, ffn: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(_Block(d, ffn) for _ in range(layers))
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        for block in self.blocks:
            x = block(x, self.heads)
        logits = self.head(self.norm(x))
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())


class _Block(nn.Module):
    def __init__(self, d: int, ffn: int) -> None:
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.out = nn.Linear(d, 3 * d, bias=False), nn.Linear(d, d, bias=False)
        self.gate, self.up, self.down = (nn.Linear(d, ffn, bias=False), nn.Linear(d, ffn, bias=False),
                                         nn.Linear(ffn, d, bias=False))

    def forward(self, x: torch.Tensor, heads: int) -> torch.Tensor:
        b, s, d = x.shape
        q, k, v = self.qkv(self.n1(x)).view(b, s, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(a.transpose(1, 2).reshape(b, s, d))
        h = self.n2(x)
        return x + self.down(nn.functional.silu(self.gate(h)) * self.up(h))


def _job(model: nn.Module, opt: str = "adamw", vocab: int = 1000, autocast: bool = False) -> Job:
    optimizer: Any = (torch.optim.AdamW(model.parameters(), lr=1e-4) if opt == "adamw"
                      else torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9))
    return Job(model, optimizer, lambda b, s: torch.randint(0, vocab, (b, s), device="cuda"),
               autocast=torch.bfloat16 if autocast else None)


def tiny() -> Job:
    """Two blocks of width 64: a fake run in about a second."""
    return _job(Decoder(64, 2, 1000, 172, 4))


def tiny_sgd() -> Job:
    return _job(Decoder(64, 2, 1000, 172, 4), "sgd")


def small_bf16() -> Job:
    return _job(Decoder(256, 2, 4000, 688, 4), autocast=True)


def one_billion() -> Job:
    """~0.95 B parameters (hidden 2048, 16 blocks, vocab 32000), AdamW, bf16 autocast."""
    return _job(Decoder(2048, 16, 32000, 5632, 16), vocab=32000, autocast=True)


def tuple_job() -> tuple[Any, Any, Any]:
    """The plain form: (model, optimizer, batch_fn), the model moved with .cuda() as a script would."""
    model = Decoder(64, 2, 1000, 172, 4).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    return model, opt, lambda b, s: torch.randint(0, 1000, (b, s)).cuda()


def reads_a_value() -> Job:
    """A loss that branches on a tensor's value, one branch allocating (`-out`): a fake tensor
    has no value, so which branch the run takes, and its memory, cannot be told."""
    job = tiny()

    def loss(model: Any, batch: Any) -> Any:
        out = model(batch)
        if out.item() > 0:
            return out
        return -out

    job.loss = loss
    return job


def broken() -> Job:
    raise RuntimeError("the factory's own bug")


class Cache:
    """A key-value cache as a library keeps one: a plain class (no pytree node) holding tensors
    in a list of its own objects (a Hugging Face `DynamicCache`'s shape)."""

    def __init__(self) -> None:
        self.layers: list[_Layer] = []
        self.name = "cache"


class _Layer:
    def __init__(self, keys: torch.Tensor, values: torch.Tensor) -> None:
        self.keys, self.values = keys, values


class LMOutput:
    """A model output of a class pytree does not know: the loss, the logits, the cache."""

    def __init__(self, loss: torch.Tensor, logits: torch.Tensor, cache: Cache) -> None:
        self.loss, self.logits, self.cache = loss, logits, cache


class TiedLM(nn.Module):
    """A decoder whose head is its embedding (one parameter under two names, as GPT-2's and
    BERT's are) returning an `LMOutput` with its logits and a cache of each block's input."""

    def __init__(self, d: int = 64, layers: int = 2, vocab: int = 1000, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(_Block(d, 4 * d) for _ in range(layers))
        self.norm = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, input_ids: torch.Tensor, labels: torch.Tensor) -> LMOutput:
        x = self.emb(input_ids)
        cache = Cache()
        for block in self.blocks:
            cache.layers.append(_Layer(x * 2, x + 1))
            x = block(x, self.heads)
        logits = self.head(self.norm(x))
        loss = nn.functional.cross_entropy(logits.flatten(0, 1).float(), labels.flatten())
        return LMOutput(loss, logits, cache)


def tied_lm() -> Job:
    model = TiedLM()

    def batch(b: int, s: int) -> dict[str, torch.Tensor]:
        ids = torch.randint(0, 1000, (b, s), device="cuda")
        return {"input_ids": ids, "labels": ids}

    return Job(model, torch.optim.AdamW(model.parameters(), lr=1e-4), batch)


class BreakBeforeLoss(Decoder):
    """The decoder with a graph break between its blocks and its head (where transformers' GPT-2
    logs a warning and dynamo cuts it): a compiled step of two graphs."""

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        for block in self.blocks:
            x = block(x, self.heads)
        torch._dynamo.graph_break()
        logits = self.head(self.norm(x))
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())


class ExplicitWhenCompiled(Decoder):
    """The decoder whose attention is written out (its scores and probabilities, seq² a head)
    where `torch.compiler.is_compiling()` says dynamo traces it, and fused (`is_causal`) in an
    eager step: a model that takes another branch when compiled, as a Hugging Face model builds
    its explicit mask then."""

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        for block in self.blocks:
            assert isinstance(block, _Block)
            b, s, d = x.shape
            q, k, v = block.qkv(block.n1(x)).view(b, s, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
            if torch.compiler.is_compiling():
                causal = torch.ones(s, s, dtype=torch.bool, device=x.device).tril()
                scores = (q @ k.transpose(-1, -2)) * (d // self.heads) ** -0.5
                a = scores.masked_fill(~causal, float("-inf")).softmax(-1) @ v
            else:
                a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + block.out(a.transpose(1, 2).reshape(b, s, d))
            h = block.n2(x)
            x = x + block.down(nn.functional.silu(block.gate(h)) * block.up(h))
        logits = self.head(self.norm(x))
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())


class PrintsMidway(Decoder):
    """The decoder printing its hidden state's shape after its first block (dynamo breaks at the
    print) and reading a value (`.item()`: a second break) before its head."""

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        for i, block in enumerate(self.blocks):
            x = block(x, self.heads)
            if i == 0:
                print("hidden", tuple(x.shape))
        scale = x.float().pow(2).mean().item()  # a value: dynamo breaks, the fake run reads a stand-in
        logits = self.head(self.norm(x) * (1.0 if scale >= 0 else -1.0))
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())


class _BreakingBlock(_Block):
    """A block with a graph break between its attention and its MLP."""

    def forward(self, x: torch.Tensor, heads: int) -> torch.Tensor:
        b, s, d = x.shape
        q, k, v = self.qkv(self.n1(x)).view(b, s, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
        a = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(a.transpose(1, 2).reshape(b, s, d))
        torch._dynamo.graph_break()
        h = self.n2(x)
        return x + self.down(nn.functional.silu(self.gate(h)) * self.up(h))


class BreakInEachBlock(Decoder):
    """The decoder whose every block breaks the graph between its attention and its MLP."""

    def __init__(self, d: int, layers: int, vocab: int, ffn: int, heads: int) -> None:
        super().__init__(d, layers, vocab, ffn, heads)
        self.blocks = nn.ModuleList(_BreakingBlock(d, ffn) for _ in range(layers))


class BranchesOnValue(Decoder):
    """The decoder branching on a tensor's value after its blocks (`if h.mean() > 0`: dynamo
    breaks at the data-dependent branch), the two branches alike in memory."""

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        for block in self.blocks:
            x = block(x, self.heads)
        h = self.norm(x)
        h = h * 2 if h.mean() > 0 else h * 3
        logits = self.head(h)
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())


class MakesOnTheGpu(Decoder):
    """The decoder adding a tensor it makes on "cuda" inside its forward: on the CPU path (no
    CUDA build, CPU tensors stand for the GPU's) dynamo's own trace, which the fake run's
    tracker does not see, makes it on the fake CUDA device beside CPU tensors."""

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids) + torch.ones(self.emb.embedding_dim, device="cuda")
        for block in self.blocks:
            x = block(x, self.heads)
        logits = self.head(self.norm(x))
        return nn.functional.cross_entropy(logits.flatten(0, 1).float(), ids.flatten())
