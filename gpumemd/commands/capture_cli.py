"""`gpumemd capture`'s flags and its run: record this node's answers (capture.py), then write
them where -o says, unless they are only errors (exit 1, unless --keep-errors)."""

from __future__ import annotations

import argparse
import sys

from gpumemd import logs
from gpumemd.fs import WriteError

__all__ = ["add_arguments", "main"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """capture's flags on its subparser."""
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="replaced atomically if it exists; a symbolic link there is refused, not followed",
    )
    p.add_argument("--description", default="", help="what state the machine is in")
    p.add_argument(
        "--keep-errors",
        action="store_true",
        help="write the capture even when NVML (or torch) answered only errors",
    )
    p.add_argument(
        "--torch",
        action="store_true",
        help="also record PyTorch's allocator (initialises CUDA in this process)",
    )


def main(args: argparse.Namespace) -> int:
    """0: written; 1: only errors, not written; 2: no capture could be taken or written."""
    from . import capture  # here: it loads NVML's and the host's backends

    logs.setup()
    try:
        data = capture.record(args.description, torch=args.torch)
    except capture.CaptureError as exc:
        print(f"gpumemd capture: {exc}", file=sys.stderr)
        return 2
    problems = capture.errors(data)
    if problems and not args.keep_errors:
        for line in problems:
            print(f"gpumemd capture: {line}", file=sys.stderr)
        print(
            f"gpumemd capture: {args.output} not written: this machine's answers are errors; "
            "--keep-errors writes such a capture anyway (to replay this state)",
            file=sys.stderr,
        )
        return 1
    try:
        capture.write(data, args.output)
    except WriteError as exc:
        print(f"gpumemd capture: {args.output}: {exc.detail}", file=sys.stderr)
        return 2
    print(f"wrote {args.output}" + (f" (with errors: {'; '.join(problems)})" if problems else ""))
    return 0
