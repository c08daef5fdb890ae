"""Files gpumemd writes: one safe-write helper for all of them (`safe`), and the one reader of a
file of our own in a directory it checked (`read_owned`)."""

from .safe import (
    Problems,
    SafeDir,
    WriteError,
    WriteErrors,
    file_stamp,
    name_part,
    read_owned,
    write_errors,
    write_report,
    write_user_file,
)

__all__ = ["Problems", "SafeDir", "WriteError", "WriteErrors", "file_stamp", "name_part", "read_owned",
           "write_errors", "write_report", "write_user_file"]
