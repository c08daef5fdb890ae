"""The commands that read a node or a job: `explain`, `top`, `capture` and the job view.

They read a daemon or Prometheus through `gpumemd.httpclient` (`client.py`), or sample the
node with the daemon's own sources; they never import the agent or torch (an import-linter
contract), so they run where no training runs.
"""
