"""Configuration: the YAML file, flags and `start()` overrides, through one validator.

`schema` is the Config tree (frozen dataclasses in base units); `loader` turns a mapping
into it (durations, limits, every error at once); `yamlsafe` reads YAML with bounds.
"""


from pathlib import Path

from . import yamlsafe
from .loader import (
    MAX_COUNT,
    MAX_DURATION,
    MAX_LINE_LENGTH,
    MAX_REPORTED_ERRORS,
    ConfigError,
    apply_overrides,
    check_references,
    check_web_config_file,
    convert_flag,
    flag_duration,
    flag_integer,
    format_duration,
    from_mapping,
    load,
    loads,
    override_section,
    parse_duration,
    split_listen_address,
)
from .schema import (
    AGENT_PORT,
    DEFAULT_PORT,
    AgentConfig,
    AlertingConfig,
    Config,
    HostSourceConfig,
    KubeletSourceConfig,
    ListenAddress,
    LoadedRules,
    LogConfig,
    MpsSourceConfig,
    NotifierConfig,
    NvmlSourceConfig,
    SamplerConfig,
    Seconds,
    SlurmSourceConfig,
    SourcesConfig,
    SpoolSourceConfig,
    WebConfig,
    non_negative,
    positive,
)

__all__ = [
    "AGENT_PORT", "DEFAULT_PORT", "MAX_COUNT", "MAX_DURATION", "MAX_LINE_LENGTH", "MAX_REPORTED_ERRORS",
    "AgentConfig", "AlertingConfig", "Config", "ConfigError", "HostSourceConfig", "KubeletSourceConfig",
    "ListenAddress", "LoadedRules", "LogConfig",
    "MpsSourceConfig", "NotifierConfig", "NvmlSourceConfig", "SamplerConfig",
    "Seconds", "SlurmSourceConfig", "SourcesConfig", "SpoolSourceConfig", "WebConfig", "apply_overrides",
    "check_references", "check_web_config_file", "convert_flag", "flag_duration", "flag_integer",
    "format_duration", "from_mapping", "load",
    "example_text", "loads", "non_negative", "override_section", "parse_duration", "positive",
    "split_listen_address", "yamlsafe",
]


def example_text() -> str:
    """The example configuration shipped in the package: every key at its default, commented
    (`gpumemd config example`; the repository's config.example.yaml is the same file)."""
    # Beside this module, as the default rules are (gpumemd/alerts/rules.py says why not importlib's readers).
    return (Path(__file__).parent / "example.yaml").read_text(encoding="utf-8")
