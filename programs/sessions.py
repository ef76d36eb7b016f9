"""Reading sessions from dicts and files, with errors that name the session and the field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from groundcheck.programs.errors import InputError
from groundcheck.signatures.models import Session


def ensure_session(value: Session | dict[str, Any]) -> Session:
    """A validated `Session` from a dict (or the session itself).

    Raises:
        InputError: naming the session id (when it has one) and the first offending field.
    """
    if isinstance(value, Session):
        return value
    if not isinstance(value, dict):
        raise InputError(f"a session must be a JSON object, got {type(value).__name__}")
    try:
        return Session.model_validate(value)
    except ValidationError as exc:
        sid = value.get("session_id") if isinstance(value.get("session_id"), str) else None
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(root)"
        name = f"session {sid!r}" if sid else "session without session_id"
        raise InputError(f"{name}: field {field}: {first['msg']}", session_id=sid, field=field) from None


def read_session_file(path: str | Path) -> Session:
    """One session from a `.json` file."""
    value = _load_json(Path(path))
    return ensure_session(value)


def iter_session_lines(path: str | Path) -> Iterator[tuple[int, Session | InputError]]:
    """Sessions of a `.jsonl` file, one per non-blank line; a bad line yields its `InputError`."""
    path = Path(path)
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    with handle:
        for lineno, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                yield lineno, InputError(f"{path}:{lineno}: not JSON: {exc.msg}")
                continue
            try:
                yield lineno, ensure_session(value)
            except InputError as exc:
                yield (
                    lineno,
                    InputError(f"{path}:{lineno}: {exc}", session_id=exc.session_id, field=exc.field),
                )


def _load_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not JSON: {exc.msg} at line {exc.lineno}") from None
