"""The one error hierarchy of groundcheck.

    GroundcheckError
     ├── InputError        a session or file that does not meet the contract (names session and field)
     ├── ConfigError       a bad option, backend name or model setting
     │    └── MissingExtraError   an optional dependency is not installed (names the pip extra)
     ├── DatasetError      a dataset that cannot be found or read
     └── ModelOutputError  a Verifier model output that cannot be read as claim checks (also a ValueError)

Verification itself never raises on bad Executor output or a failing model: those become a parse
status or a `verifier_error` in the record (a `ModelOutputError` inside a claim checker ends there
too). These exceptions are for callers' input.
"""

from __future__ import annotations

import importlib
from types import ModuleType


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

    def __reduce__(self) -> tuple:  # keep session_id and field across processes (eval workers)
        return (_input_error, (str(self), self.session_id, self.field))


def _input_error(message: str, session_id: str | None, field: str | None) -> InputError:
    return InputError(message, session_id=session_id, field=field)


class ConfigError(GroundcheckError):
    """An option, backend name or model setting that cannot be used."""


class DatasetError(GroundcheckError):
    """A named dataset that cannot be found or read."""


class ModelOutputError(GroundcheckError, ValueError):
    """A Verifier model's output (recorded or live) cannot be read as claim checks; the message says why.

    Still a `ValueError`, as before 0.2, so callers catching that keep working.
    """


class MissingExtraError(ConfigError):
    """A feature needs an optional dependency that is not installed; the message says which extra."""


def require_extra(module: str, extra: str, feature: str) -> ModuleType:
    """Import `module`, or raise `MissingExtraError` with the one line that fixes it.

    Example:
        >>> sqlalchemy = require_extra("sqlalchemy", "db", "the session store")
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(
            f"{feature} needs {module.split('.')[0]}: pip install 'groundcheck[{extra}]'"
        ) from None


def describe_exception(exc: BaseException, limit: int = 500) -> str:
    """`Type: first line of the message`, for `verifier_error` and run errors (never a traceback)."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:limit] if lines else ''}"


def one_line(text: str, limit: int = 2_000) -> str:
    """A message safe to print as one line: line breaks and other control characters escaped, cut
    at `limit` characters."""
    if text.isprintable():
        return text[:limit]
    escaped = "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text[: limit * 2])
    return escaped[:limit]
