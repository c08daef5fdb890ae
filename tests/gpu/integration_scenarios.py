"""A real Lightning `Trainer.fit` and a real Hugging Face `Trainer.train` with gpumemd's
callbacks, one per process, for tests/gpu/test_integrations_gpu.py. No downloads: a tiny
model, random init.

    python tests/gpu/integration_scenarios.py lightning|huggingface TMPDIR   -> one JSON line
"""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402

from gpumemd.agent import api as agent_mod  # noqa: E402
from gpumemd.agent.agent import Agent  # noqa: E402
from tests.gpu.alloc_trace import StepRecorder  # noqa: E402

QUIET = {"listen_address": None, "spool_dir": "", "evaluation_interval": 0.05, "nvml_interval": 0.05,
         "interval": 0.01}


class Recording:
    """A StepRecorder started from the framework's own step-end callback, once the agent's
    optimizer-step hook is installed (the callback starts the agent; its first samples hook
    the optimizer): every optimizer step after that is checked against the allocator's trace."""

    def __init__(self) -> None:
        self.recorder: StepRecorder | None = None

    def step_ended(self) -> None:
        agent = agent_mod.current()
        if self.recorder is None and agent is not None and agent.steps.handle is not None:
            self.recorder = StepRecorder(agent)

    def finish(self) -> dict:
        return self.recorder.finish() if self.recorder is not None else {"rows": []}


def _series(agent: Agent) -> dict:
    snap = agent.sample_once()
    fams = {f.name: [s.value for s in f.samples] for f in snap.exposition.families}
    return {"global_step": fams.get("gpumemd_training_global_step"),
            "allocated": fams.get("gpumemd_allocator_allocated_bytes"),
            "torch_allocated": torch.cuda.memory_allocated()}


def lightning(tmp: str) -> dict:
    import lightning as pl
    from lightning.pytorch.loggers import CSVLogger
    from torch.utils.data import DataLoader, TensorDataset

    from gpumemd.integrations.lightning import GpumemdCallback

    class Tiny(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.net = torch.nn.Sequential(
                torch.nn.Linear(64, 256), torch.nn.GELU(), torch.nn.Linear(256, 64)
            )

        def training_step(self, batch, batch_idx):  # type: ignore[no-untyped-def]
            (x,) = batch
            return self.net(x).pow(2).mean()

        def configure_optimizers(self):  # type: ignore[no-untyped-def]
            return torch.optim.AdamW(self.parameters(), lr=1e-3)

    steps: list = []
    recording = Recording()

    class Probe(pl.Callback):
        def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):  # type: ignore[no-untyped-def]
            agent = agent_mod.current()
            steps.append(agent.training.step if agent is not None else None)
            recording.step_ended()

    data = DataLoader(TensorDataset(torch.randn(640, 64)), batch_size=8)
    trainer = pl.Trainer(
        max_steps=20,
        accelerator="gpu",
        devices=1,
        logger=CSVLogger(tmp),
        callbacks=[GpumemdCallback(log_memory=True, **QUIET), Probe()],
        log_every_n_steps=5,
        enable_checkpointing=False,
        enable_progress_bar=False,
        enable_model_summary=False,
    )
    trainer.fit(Tiny(), data)
    trace = recording.finish()
    agent = agent_mod.current()
    assert agent is not None
    metrics = next(Path(tmp).rglob("metrics.csv"))
    with open(metrics) as f:
        rows = list(csv.DictReader(f))
    columns = sorted(rows[0]) if rows else []
    logged_allocated = [float(r["gpumemd/allocated_bytes"]) for r in rows if r.get("gpumemd/allocated_bytes")]
    # Lightning's teardown moves the module back to the CPU: after fit, allocated is torch's 0
    return {
        "steps": steps,
        "columns": columns,
        "logged_allocated": logged_allocated,
        "trace": trace,
        "errors": dict(agent.errors.counts),
        **_series(agent),
        "version": pl.__version__,
    }


def huggingface(tmp: str) -> dict:
    import transformers
    from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainerCallback, TrainingArguments

    from gpumemd.integrations.huggingface import GpumemdTrainerCallback

    class Tokens(torch.utils.data.Dataset):
        def __len__(self) -> int:
            return 400

        def __getitem__(self, i: int) -> dict:
            ids = torch.randint(0, 256, (32,), generator=torch.Generator().manual_seed(i))
            return {"input_ids": ids, "labels": ids}

    steps: list = []
    logged: list = []
    recording = Recording()

    class Probe(TrainerCallback):
        def on_step_end(self, args, state, control, **kw):  # type: ignore[no-untyped-def]
            agent = agent_mod.current()
            steps.append(agent.training.step if agent is not None else None)
            recording.step_ended()

        def on_log(self, args, state, control, logs=None, **kw):  # type: ignore[no-untyped-def]
            logged.append(sorted(logs or {}))

    model = GPT2LMHeadModel(GPT2Config(n_layer=2, n_embd=64, n_head=2, vocab_size=256, n_positions=64))
    args = TrainingArguments(
        output_dir=tmp,
        max_steps=20,
        per_device_train_batch_size=4,
        gradient_accumulation_steps=2,
        logging_steps=5,
        report_to=[],
        save_strategy="no",
        disable_tqdm=True,
    )
    trainer = Trainer(
        model=model,
        args=args,
        train_dataset=Tokens(),
        callbacks=[GpumemdTrainerCallback(log_memory=True, **QUIET), Probe()],
    )
    trainer.train()
    trace = recording.finish()
    agent = agent_mod.current()
    assert agent is not None
    return {
        "steps": steps,
        "logged": logged,
        "errors": dict(agent.errors.counts),
        **_series(agent),
        "trace": trace,
        "version": transformers.__version__,
    }


if __name__ == "__main__":
    name, tmp = sys.argv[1:3]
    result = {"lightning": lightning, "huggingface": huggingface}[name](tmp)
    result["torch"] = torch.__version__
    print(json.dumps(result), flush=True)
