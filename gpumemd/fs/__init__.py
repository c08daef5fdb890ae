"""Files gpumemd writes: one safe-write helper for all of them (`safe`)."""

from .safe import (
    Problems,
    SafeDir,
    WriteError,
    WriteErrors,
    file_stamp,
    name_part,
    write_errors,
    write_report,
    write_user_file,
)

__all__ = ["Problems", "SafeDir", "WriteError", "WriteErrors", "file_stamp", "name_part", "write_errors",
           "write_report", "write_user_file"]
