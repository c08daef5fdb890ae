"""The alert engine: rules on gpumemd's own metrics, Prometheus alert semantics, delivery.

Modules: `rules` (compiling and validating rules; `register_compiler()` for config's validator),
`templates`, `signals` (trend and increase math), `engine` (the state machine), `notify`
(delivery), `actions` (evidence captured in the training process), `observer` (the sampler
hook), `export` (Prometheus rule files). The names rules may select are
`gpumemd.known_metrics` (a lower layer: the spool's validator reads it too).
"""
