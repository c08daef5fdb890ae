"""Draw deploy/grafana/gpumemd-dashboard.json headless (matplotlib), with real data.

No Grafana runs here: each panel of the JSON is drawn where its `gridPos` puts it, from the
answers a real Prometheus gives to its own PromQL over `query_range` (the dashboard's
variables at "All", `$__rate_interval` 1m). With `--replay CAPTURE` the script makes that
Prometheus itself: `gpumemd serve --replay CAPTURE` (the spool of the capture's ranks written
through the agent's code, bench/synth_capture.py, job 77), scraped every second with the exported
rules (deploy/prometheus/gpumemd-rules.yml) for `--seconds`; both stopped at the end.

    python deploy/grafana/render_dashboard.py \
        --replay tests/fixtures/captures/synthetic__8xh200__8-ranks.json -o docs/images/dashboard.png
    python deploy/grafana/render_dashboard.py --prometheus http://prometheus:9090 -o dashboard.png

A replay is one recorded moment: its lines are flat. A stat is the last value; a table its
last values; the heatmap is drawn as lines. A panel without data says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DASHBOARD = HERE / "gpumemd-dashboard.json"
RULES = ROOT / "deploy" / "prometheus" / "gpumemd-rules.yml"
COLUMNS = 24  # Grafana's grid
MAX_SERIES = 16  # lines drawn per panel (the legend stays readable)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, timeout: float = 10.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 - loopback or the user's
        return json.loads(resp.read())


def _wait(url: str, proc: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=1).close()  # noqa: S310
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer")


@contextmanager
def _started(cmd: list[str], ready: str, env: dict[str, str] | None = None) -> Iterator[None]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        _wait(ready, proc, time.monotonic() + 60)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@contextmanager
def replayed(capture: Path, seconds: float) -> Iterator[str]:
    """A Prometheus that has scraped `gpumemd serve --replay capture` for `seconds`: its URL."""
    prometheus = shutil.which("prometheus")
    if prometheus is None:
        raise SystemExit("prometheus is not installed (apt-get install prometheus)")
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    import synth_capture

    from gpumemd.backends.replay import load_capture

    with tempfile.TemporaryDirectory(prefix="gpumemd-render-") as tmp:
        work = Path(tmp)
        synth_capture.write_spool(load_capture(capture), work / "spool", written=time.time(), job_id="77",
                                  step_peak=True)
        (work / "gpumemd.yml").write_text(
            f"agent: {{spool_dir: {work / 'spool'}}}\nsources: {{spool: {{accept_unverified: true}}}}\n"
        )
        port, prom_port = _free_port(), _free_port()
        (work / "prometheus.yml").write_text(
            "global: {scrape_interval: 1s, evaluation_interval: 1s}\n"
            f"rule_files: ['{RULES}']\n"
            f"scrape_configs: [{{job_name: gpumemd, static_configs: [{{targets: ['127.0.0.1:{port}']}}]}}]\n"
        )
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        serve = [sys.executable, "-m", "gpumemd", "serve", "--replay", str(capture), "--config.file",
                 str(work / "gpumemd.yml"), "--web.listen-address", f"127.0.0.1:{port}"]
        prom = [prometheus, f"--config.file={work / 'prometheus.yml'}",
                f"--web.listen-address=127.0.0.1:{prom_port}", f"--storage.tsdb.path={work / 'data'}",
                "--log.level=warn"]
        url = f"http://127.0.0.1:{prom_port}"
        with _started(serve, f"http://127.0.0.1:{port}/-/ready", env), _started(prom, f"{url}/-/ready"):
            time.sleep(seconds)
            yield url


def _expr(expr: str) -> str:
    """The dashboard's variables at "All" (Grafana's `.*`), its rate interval at 1m."""
    return re.sub(r"\$\{?(job_id|job|instance|gpu|rank)\}?", ".*", expr).replace("$__rate_interval", "1m")


def query_range(url: str, expr: str, start: float, end: float, step: float) -> list[dict[str, Any]]:
    q = urllib.parse.urlencode({"query": _expr(expr), "start": start, "end": end, "step": step})
    got = _get(f"{url.rstrip('/')}/api/v1/query_range?{q}")
    if got.get("status") != "success":
        raise SystemExit(f"{expr}: {got}")
    return list(got["data"]["result"])


def _legend(fmt: str, labels: dict[str, str]) -> str:
    if not fmt or fmt == "__auto":
        return ", ".join(f"{k}={v}" for k, v in sorted(labels.items()) if k != "__name__") or "value"
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: labels.get(m.group(1), ""), fmt)


def _format(value: float, unit: str) -> str:
    if unit == "bytes":
        for scale, name in ((1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
            if abs(value) >= scale:
                return f"{value / scale:.1f} {name}"
        return f"{value:.0f} B"
    if unit == "percentunit":
        return f"{value:.2%}"
    if unit == "s":
        return f"{value * 1000:.1f} ms" if abs(value) < 1 else f"{value:.1f} s"
    if unit == "percentunit" or abs(value) < 1:
        return f"{value:.3g}"
    return f"{value:g}"


def render(url: str, out: Path, start: float, end: float, title: str = "") -> list[str]:
    """Draw every panel into `out` (PNG); the titles of the panels that had no data."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    dash = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    panels = dash["panels"]
    rows = max(p["gridPos"]["y"] + p["gridPos"]["h"] for p in panels)
    unit_h = 0.32  # inches per grid row
    fig = plt.figure(figsize=(16, rows * unit_h + 0.6), facecolor="#111217")
    top = 1 - 0.6 / (rows * unit_h + 0.6)
    fig.text(0.01, top + 0.2 / (rows * unit_h), title or dash["title"], color="white", fontsize=14)
    step = max(1.0, (end - start) / 120)
    empty = []
    for panel in panels:
        g = panel["gridPos"]
        left, width = g["x"] / COLUMNS, g["w"] / COLUMNS
        bottom, height = top * (1 - (g["y"] + g["h"]) / rows), top * g["h"] / rows
        if panel["type"] == "row":
            fig.text(left + 0.005, bottom + height / 2, panel["title"], color="#d8d9da", fontsize=11,
                     weight="bold", va="center")
            continue
        pad = 0.04 if panel["type"] not in ("stat", "table") else 0.006  # room for the value axis
        rect = (left + pad, bottom + 0.006, width - pad - 0.006, height - 0.02)
        ax = fig.add_axes(rect, facecolor="#181b1f")
        ax.set_title(panel["title"].replace("$gpu", "all"), color="#d8d9da", fontsize=9, loc="left")
        for side in ax.spines.values():
            side.set_color("#2c3235")
        ax.tick_params(colors="#8e8e8e", labelsize=7)
        unit = panel.get("fieldConfig", {}).get("defaults", {}).get("unit", "none")
        series = [(_legend(t.get("legendFormat", ""), r["metric"]), r["values"])
                  for t in panel["targets"] for r in query_range(url, t["expr"], start, end, step)]
        if not series:
            empty.append(panel["title"])
            ax.text(0.5, 0.5, "No data", color="#8e8e8e", ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        if panel["type"] == "stat":
            last = float(series[0][1][-1][1])
            ax.text(0.5, 0.45, _format(last, unit), color="#73bf69", fontsize=20, ha="center", va="center",
                    transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
        elif panel["type"] == "table":
            ax.set_xticks([])
            ax.set_yticks([])
            lines = [f"{name[:70]:<70} {_format(float(v[-1][1]), unit):>10}" for name, v in series[:8]]
            ax.text(0.01, 0.95, "\n".join(lines), color="#d8d9da", fontsize=7, family="monospace",
                    va="top", transform=ax.transAxes)
        else:
            for name, values in series[:MAX_SERIES]:
                ts = [float(t) - end for t, _ in values]
                ax.plot(ts, [float(v) for _, v in values], linewidth=1.2, label=name[:40])
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _, u=unit: _format(v, u)))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:.0f}s"))
            ax.legend(fontsize=6, loc="upper left", ncol=2 if len(series) > 6 else 1, frameon=False,
                      labelcolor="#d8d9da")
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=80, facecolor=fig.get_facecolor())
    plt.close(fig)
    return empty


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--prometheus", metavar="URL",
                     help="a Prometheus that scrapes gpumemd (the last --seconds)")
    src.add_argument("--replay", metavar="CAPTURE", type=Path, help="serve this capture and scrape it here")
    p.add_argument("--seconds", type=float, default=60.0, help="the time range drawn (default 60)")
    p.add_argument("-o", "--output", type=Path, required=True, help="the PNG to write")
    args = p.parse_args(argv)
    if args.replay is not None:
        with replayed(args.replay, args.seconds) as url:
            end = time.time()
            title = f"gpumemd: a replay of {args.replay.name}"
            empty = render(url, args.output, end - args.seconds, end, title)
    else:
        end = time.time()
        empty = render(args.prometheus, args.output, end - args.seconds, end)
    print(f"wrote {args.output}" + (f"; no data: {', '.join(empty)}" if empty else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
