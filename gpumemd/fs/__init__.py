"""Files gpumemd writes: one safe-write helper for all of them (`safe`)."""

from .safe import Problems, SafeDir, WriteError, WriteErrors, write_errors, write_user_file

__all__ = ["Problems", "SafeDir", "WriteError", "WriteErrors", "write_errors", "write_user_file"]
