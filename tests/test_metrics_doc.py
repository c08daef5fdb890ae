"""docs/metrics.md's tables are the declarations (gpumemd/known_metrics.py), generated: a family
added, renamed or reworded there fails here until the page is regenerated with
`pytest tests/test_metrics_doc.py --update-golden` (review the diff)."""

from __future__ import annotations

from gpumemd import known_metrics
from tests.docblocks import ROOT

PAGE = ROOT / "docs/metrics.md"
BEGIN = "<!-- generated from gpumemd/known_metrics.py by tests/test_metrics_doc.py: do not edit -->"
END = "<!-- end of the generated tables -->"
# The label sets most families share, named once above the tables.
SETS = (
    ("*rank*", ("gpu", "uuid", "rank", "pid", "job_id", "pod", "namespace", "container")),
    ("*gpu*", ("gpu", "uuid", "pod", "namespace", "container")),
    ("*id*", ("rank", "pid", "job_id")),
)
# The collectors only `gpumemd serve` runs (the agent's are published or its own).
_DAEMON = {"nvml", "breakdown", "host", "daemon", "spool", "kubelet", "slurm", "mps"}
WHERE = {known_metrics.AGENT: "agent, published", known_metrics.AGENT_LOCAL: "agent only"}


def _labels(labels: tuple[str, ...]) -> str:
    for name, members in SETS:
        n = len(members)
        for at in range(len(labels) - n + 1):
            if labels[at:at + n] == members:
                labels = (*labels[:at], name, *labels[at + n:])
    return ", ".join(x if x.startswith("*") else f"`{x}`" for x in labels) or "none"


def tables() -> str:
    out: list[str] = []
    collectors = list(dict.fromkeys(i.collector for i in known_metrics.declarations()))
    for collector in collectors:
        out += ["", f"### {collector}", "", "| family | type | labels | exported by | HELP |"]
        out.append("|---|---|---|---|---|")
        for info in known_metrics.declarations():
            if info.collector != collector:
                continue
            where = WHERE.get(info.origin, "daemon" if collector in _DAEMON else "daemon and agent")
            text = info.help.replace("|", "\\|")
            out.append(f"| `{info.sample_name}` | {info.type} | {_labels(info.labels)} | {where} | {text} |")
    return "\n".join([BEGIN, *out, "", END])



def test_the_tables_are_the_declarations(update_golden: bool) -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1, f"{PAGE} lost its markers"
    head, _, rest = text.partition(BEGIN)
    new = head + tables() + rest.partition(END)[2]
    if update_golden:
        PAGE.write_text(new, encoding="utf-8")
    assert PAGE.read_text(encoding="utf-8") == new, f"regenerate: pytest {__file__} --update-golden"


def test_every_declared_family_is_on_the_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    missing = [i.sample_name for i in known_metrics.declarations() if f"| `{i.sample_name}` |" not in text]
    assert missing == []
