"""The compiled prediction's stream of one tree, for comparing two trees (README.md beside it).

    PYTHONPATH=<tree>[:<transformers>] python same.py <tree> OUT.json MODEL[,MODEL...]
"""

from __future__ import annotations

import json
import sys

sys.path.insert(0, sys.argv[1])

from bench.preflight_accuracy import _family  # noqa: E402  the tree named on the command line
from gpumemd.preflight import fakerun  # noqa: E402

assert fakerun.__file__.startswith(sys.argv[1]), fakerun.__file__
out = {}
for fam in sys.argv[3].split(","):
    b, s = (16, 256) if fam == "bert" else (4, 512)
    st = fakerun.run(_family(fam, "adamw", True), b, s, remap=True, compiled=True)
    out[fam] = [st.peak, len(st.events), sum(n for _, n in st.events)]
    print(fam, out[fam], flush=True)
with open(sys.argv[2], "w") as f:
    json.dump(out, f)
