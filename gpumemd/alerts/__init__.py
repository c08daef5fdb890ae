"""The alert engine: rules on gpumemd's own metrics, Prometheus alert semantics, delivery.

Modules: `rules` (the YAML shape and validation), `known_metrics` (the names rules may
select), `templates`, `engine` (the state machine), `notify` (delivery), `actions`
(evidence captured in the training process), `observer` (the sampler hook), `export`
(Prometheus rule files). Kept import-light: `gpumemd.config` imports `rules` from here.
"""

# gpumemd.config imports rules.AlertingConfig part-way through; importing config first
# (whichever of the two a program imports first) keeps that cycle in one order.
from gpumemd import config as _config  # noqa: F401, E402
