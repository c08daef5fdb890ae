"""The largest allocations live at the predicted peak of a compiled step (issue 38): preflight's
fake run of preflight_accuracy's model, unpadded and padded, each allocation's bytes, where in the
stream it was made (and in which step) and its category. Beside compiled_probe.py's real blocks.

    python3 bench/peak_live_probe.py FAMILY BATCH SEQ [--cpu]
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.compiled_probe import step_marks  # noqa: E402
from bench.preflight_accuracy import _family  # noqa: E402
from gpumemd.preflight import fakerun  # noqa: E402

TOP = 24


def main() -> int:
    fam, b, s = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    remap = "--cpu" in sys.argv
    trackers, marked = step_marks()
    factory = marked(_family(fam, "adamw", True))
    for padded in (False, True):
        st = fakerun.run(factory, b, s, remap=remap, compiled=True, padded=padded)
        tr = trackers[-1]
        starts = [m[0] for m in tr.step_marks]
        live: dict[int, int] = {}
        made: dict[int, int] = {}
        for i, (k, size) in enumerate(st.events[: tr.peak_at]):
            if size:
                live[k], made[k] = size, i
            else:
                live.pop(k, None)
        print(f"{fam} {b}x{s} padded={padded} path={'cpu' if remap else 'cuda'} peak={st.peak:,} "
              f"at event {tr.peak_at} of {len(st.events)}; steps start at {starts}; "
              f"phase {st.phase_at_peak}; "
              f"unaligned {st.unaligned}; live {len(live)} allocations {sum(live.values()):,} B")
        print("  at_peak", st.at_peak)
        for k, size in sorted(live.items(), key=lambda x: -x[1])[:TOP]:
            step = sum(1 for m in starts if m <= made[k])
            print(f"  {size:>13,} made at {made[k]:>5} (step {step}) {tr.category.get(k)}")
        gc.collect()
    return 0


if __name__ == "__main__":
    sys.exit(main())
