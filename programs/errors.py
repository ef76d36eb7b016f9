"""The one error hierarchy of groundcheck.

    GroundcheckError
     ├── InputError        a session or file that does not meet the contract (names session and field)
     ├── ConfigError       a bad option, backend name or model setting
     └── DatasetError      a dataset that cannot be found or read

Verification itself never raises on bad Executor output or a failing model: those become a parse
status or a `verifier_error` in the record. These exceptions are for callers' input.
"""

from __future__ import annotations


class GroundcheckError(Exception):
    """Root of every error groundcheck raises on purpose."""


class InputError(GroundcheckError):
    """A session or input file does not meet the contract.

    Attributes:
        session_id: the session concerned, when known.
        field: the offending field path, when known.
    """

    def __init__(self, message: str, *, session_id: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.session_id = session_id
        self.field = field


class ConfigError(GroundcheckError):
    """An option, backend name or model setting that cannot be used."""


class DatasetError(GroundcheckError):
    """A named dataset that cannot be found or read."""


def describe_exception(exc: BaseException, limit: int = 500) -> str:
    """`Type: first line of the message`, for `verifier_error` and run errors (never a traceback)."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:limit] if lines else ''}"
