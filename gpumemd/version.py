"""The package version, in one place (the CLI, the endpoints and captures read it)."""

__all__ = ["__version__"]

__version__ = "0.1.0"
