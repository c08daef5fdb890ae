"""A GPU process that is not PyTorch: CuPy holds N bytes until stdin closes."""

import json
import os
import sys

import cupy

x = cupy.empty(int(sys.argv[1]), dtype=cupy.uint8)
cupy.cuda.Device(0).synchronize()
print(json.dumps({"pid": os.getpid(), "bytes": x.nbytes}), flush=True)
sys.stdin.read()
