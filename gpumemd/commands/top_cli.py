"""`gpumemd top`'s flags and its two views: a node, live (top.py over explain's reads), or a
whole job's ranks from Prometheus (`--prometheus URL --job ID`, jobview's reads and frame).

Exit status: 0 when quit or done, 2 when no node or Prometheus answers, or a bad flag (one line).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from gpumemd import config as config_mod

from . import flags

if TYPE_CHECKING:  # imported where used: building `gpumemd`'s parser must not load them
    from . import explain, jobview

__all__ = ["INTERVAL_MAX", "INTERVAL_MIN", "add_arguments", "main"]

INTERVAL_MIN = 0.1
"""Faster than this the view only costs the daemon; slower than INTERVAL_MAX it is not live."""
INTERVAL_MAX = 3600.0


def add_arguments(p: argparse.ArgumentParser) -> None:
    """top's flags on its subparser."""
    flags.add_source_flags(p, "show")
    p.add_argument("--interval", default="1s", help="refresh interval (default 1s, from 100ms to 1h)")
    p.add_argument(
        "--count",
        metavar="N",
        help="when the output is not a terminal: print N refreshes, then exit (default: until killed)",
    )
    p.add_argument(
        "--prometheus",
        metavar="URL",
        help="with --job: a whole job across nodes, live, read from "
        "this Prometheus (gpumemd explain --prometheus URL lists the jobs)",
    )
    p.add_argument("--job", metavar="ID", help="with --prometheus: the job_id to show")


def main(args: argparse.Namespace) -> int:
    """Run the view until q (a terminal), --count refreshes, or an interrupt."""
    try:  # every value checked before anything is read
        interval = config_mod.flag_duration(args.interval, "--interval", INTERVAL_MIN, INTERVAL_MAX)
        timeout = flags.timeout(args)
        count = flags.integer(args.count, "--count", 1)
    except config_mod.ConfigError as exc:
        return flags.report(exc)
    from . import top

    if args.prometheus is not None or args.job is not None:
        return _job(args, interval, timeout, count)
    got = flags.node_reader(args, "top", timeout)
    if isinstance(got, int):
        return got
    read, close = got
    try:
        if sys.stdout.isatty() and sys.stdin.isatty():
            return top.run_curses(read, interval=interval)
        return top.run_plain(read, sys.stdout, interval=interval, count=count)
    except KeyboardInterrupt:
        return 0
    finally:
        close()


def _job(args: argparse.Namespace, interval: float, timeout: float, count: int | None) -> int:
    """`top --prometheus URL --job ID`: top's loop over jobview's reads and frame; a Prometheus
    that does not answer is said on the first line, as a daemon's is."""
    from . import jobview, top

    if not args.prometheus or not args.job:
        print(
            "gpumemd top: --prometheus URL and --job ID go together (gpumemd explain --prometheus URL "
            "lists the jobs)",
            file=sys.stderr,
        )
        return 2

    def read() -> tuple[jobview.Job, list[explain.Finding]]:
        return jobview.look(args.prometheus, args.job, timeout)

    try:
        if sys.stdout.isatty() and sys.stdin.isatty():
            return top.run_curses(
                read, interval=interval, draw=jobview.frame, gpus_of=lambda _: (), what="Prometheus"
            )
        return top.run_plain(
            read, sys.stdout, interval=interval, count=count, draw=jobview.frame, what="Prometheus"
        )
    except KeyboardInterrupt:
        return 0
