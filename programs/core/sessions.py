"""Reading sessions from dicts, files and bytes, with errors that name the session and the field.

Any byte sequence gives a session or one `InputError` (one line): not UTF-8, UTF-16, not JSON, JSON
nested deeper than `MAX_DEPTH`, a number literal longer than `MAX_NUMBER_CHARS` or out of range, a
value that is not a session. A UTF-8 BOM is accepted. In a `.jsonl` file a bad line is reported and
the other lines still give their sessions.
"""

from __future__ import annotations

import codecs
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from pydantic import ValidationError

from groundcheck.signatures.models import Session

from ..errors import InputError, one_line
from .jsonio import (
    MAX_DEPTH,
    MAX_NUMBER_CHARS,
    JSONLimitError,
    check_limits,
    loads_limited,
    top_level_string,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_CHARS",
    "MAX_SESSION_BYTES",
    "ensure_session",
    "iter_json_lines",
    "iter_session_lines",
    "json_object_from_bytes",
    "read_session_file",
    "session_from_bytes",
]

MAX_SESSION_BYTES = 64 * 1024 * 1024  # one session (a .json file or one .jsonl line)
_UTF16_32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_SKIP_CHUNK = 1 << 20
_JSON_SPACE = b" \t\r\n"
_NON_SPACE = re.compile(rb"[^ \t\r\n]")

T = TypeVar("T")


def ensure_session(value: Session | dict[str, Any]) -> Session:
    """A validated `Session` from a dict (or the session itself), within the JSON limits.

    Raises:
        InputError: naming the session id (when it has one) and the first offending field.
    """
    if isinstance(value, Session):
        _check(_session_parts(value), value.session_id)
        return value
    if not isinstance(value, dict):
        _check(value, None)
        raise InputError(f"a session must be a JSON object, got {_json_type(value)}")
    _check(value, _sid_of(value))
    return _validate(value)


def _validate(value: dict[str, Any]) -> Session:
    sid = _sid_of(value)
    try:
        return Session.model_validate(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise InputError(f"{session_name(sid)}: field {one_line(field)[:200]}: {one_line(first['msg'])[:300]}",
                         session_id=sid, field=field) from None


def session_name(sid: str | None) -> str:
    """`session 'abc'` for messages (one line, cut when very long)."""
    if not sid:
        return "session without session_id"
    shown = repr(sid if len(sid) <= 120 else sid[:120] + "…")
    return f"session {shown}"


def read_session_file(path: str | Path) -> Session:
    """One session from a `.json` file (at most `MAX_SESSION_BYTES`)."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a session file")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_SESSION_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_SESSION_BYTES:
        raise InputError(f"{path}: larger than {MAX_SESSION_BYTES} bytes")
    try:
        return session_from_bytes(data)
    except InputError as exc:
        raise InputError(f"{path}: {exc}", session_id=exc.session_id, field=exc.field) from None


def iter_session_lines(path: str | Path) -> Iterator[tuple[int, Session | InputError]]:
    """Sessions of a `.jsonl` file, one per non-blank line; a bad line yields its `InputError`.

    Raises:
        InputError: the file cannot be opened, or is UTF-16 / UTF-32 text (every line would be bad).
    """
    return _line_by_line(path, iter_json_lines(path), _validate)


def iter_json_lines(path: str | Path) -> Iterator[tuple[int, dict[str, Any] | InputError]]:
    """The JSON objects of a `.jsonl` file within the limits (not yet validated as sessions); a bad
    line yields an `InputError` that starts with `path:line:`.

    Raises:
        InputError: the file cannot be opened, or is UTF-16 / UTF-32 text.
    """
    return _line_by_line(path, iter_raw_lines(Path(path)), json_object_from_bytes)


def _line_by_line(
    path: str | Path, lines: Iterator[tuple[int, Any]], convert: Callable[[Any], T]
) -> Iterator[tuple[int, T | InputError]]:
    """`convert` each good line; a line that fails becomes its `InputError`, prefixed `path:line:`."""
    for lineno, value in lines:
        if isinstance(value, InputError):
            yield lineno, value
            continue
        try:
            yield lineno, convert(value)
        except InputError as exc:
            yield lineno, InputError(f"{path}:{lineno}: {exc}", session_id=exc.session_id, field=exc.field)


@dataclass(frozen=True)
class LineSpan:
    """Where a line's bytes lie in its file, for a worker process to read them itself: the line does
    not travel through a pipe (a `.jsonl` of typical sessions is tens of megabytes). `file_id`
    (device, inode) names the file the line was found in, so a file replaced since reads as an error."""

    offset: int
    length: int
    file_id: tuple[int, int]


def iter_raw_lines(path: Path, spans: bool = False) -> Iterator[tuple[int, bytes | LineSpan | InputError]]:
    """Non-blank lines of a `.jsonl` file as bytes (not parsed); an over-long line is an `InputError`.

    With `spans`, each line of a regular file is given as its `LineSpan` instead (a `SpanReader` reads
    it back); a pipe or other stream still gives bytes.

    Raises:
        InputError: the file cannot be opened, or is UTF-16 / UTF-32 text.
    """
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a session file")
    try:
        handle = path.open("rb", buffering=1 << 20)
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    with handle:
        spans = spans and path.is_file() and handle.seekable()
        file_id = _identity(handle.fileno()) if spans else (0, 0)
        lineno, offset = 0, 0
        while True:
            try:
                line = handle.readline(MAX_SESSION_BYTES + 1)
            except OSError as exc:
                raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
            if not line:
                return
            lineno += 1
            start, offset = offset, offset + len(line)
            if lineno == 1 and line.startswith(_UTF16_32_BOMS):
                raise InputError(f"{path}: the file is UTF-16 or UTF-32 text; sessions must be UTF-8")
            if len(line) > MAX_SESSION_BYTES and not line.endswith(b"\n"):
                offset += _skip_rest_of_line(handle)
                yield lineno, InputError(f"{path}:{lineno}: line longer than {MAX_SESSION_BYTES} bytes")
                continue
            if not _blank(line):
                yield lineno, LineSpan(start, len(line), file_id) if spans else line


class SpanReader:
    """Reads `LineSpan`s back from their file, opened on first use and closed on exit (a `with` block
    per run or per chunk of lines: nothing stays open between runs).

    `source_fd`: a descriptor of the file the spans were found in, open in the process that found
    them and inherited by forked workers. While it names the spans' file, lines are read from it
    (`os.pread`, which moves no shared offset), so a file replaced at its path during the run is still
    read as it was. Otherwise the path is opened; a span of a file that is not the one it was found
    in any more, or that is shorter now, is an `InputError`: never another file's bytes.
    """

    def __init__(self, path: str, source_fd: int | None = None) -> None:
        self._path = path
        self._source_fd = source_fd
        self._source_id: tuple[int, int] | None = None
        self._handle: BinaryIO | None = None
        self._file_id: tuple[int, int] | None = None

    def read(self, span: LineSpan) -> bytes:
        fd = self._source_fd
        if fd is not None and self._source_matches(fd, span):
            try:
                data = os.pread(fd, span.length, span.offset)
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror or exc}") from None
        else:
            handle = self._open()
            if self._file_id != span.file_id:
                raise InputError("the file was replaced while it was being read")
            try:
                handle.seek(span.offset)
                data = handle.read(span.length)
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror or exc}") from None
        if len(data) != span.length:
            raise InputError("the file changed while it was being read")
        return data

    def _source_matches(self, fd: int, span: LineSpan) -> bool:
        if self._source_id is None:
            try:  # no pread (Windows), or not inherited here (a spawned worker): read by path
                self._source_id = _identity(fd) if hasattr(os, "pread") else (-1, -1)
            except OSError:
                self._source_id = (-1, -1)
        return self._source_id == span.file_id

    def _open(self) -> BinaryIO:
        if self._handle is None:
            try:
                self._handle = open(self._path, "rb")  # noqa: SIM115 - closed by close()
            except OSError as exc:
                raise InputError(f"cannot read: {exc.strerror or exc}") from None
            self._file_id = _identity(self._handle.fileno())
        return self._handle

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __enter__(self) -> SpanReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _identity(fd: int) -> tuple[int, int]:
    """(device, inode) of an open file: which file it is, whatever its path names now."""
    stat = os.fstat(fd)
    return stat.st_dev, stat.st_ino


def _blank(line: bytes) -> bool:
    """JSON white space (and byte order marks) only."""
    first = _NON_SPACE.search(line)
    if first is None:
        return True
    if line[first.start()] != codecs.BOM_UTF8[0]:
        return False  # stripping white space and removing BOMs cannot take this byte away
    return not line.strip(_JSON_SPACE).replace(codecs.BOM_UTF8, b"")


def session_from_bytes(data: bytes) -> Session:
    """One session from the bytes of a `.json` file or a `.jsonl` line.

    Raises:
        InputError: one line saying what is wrong, naming the session and field where known.
    """
    return _validate(json_object_from_bytes(data))


def json_object_from_bytes(data: bytes) -> dict[str, Any]:
    """A JSON object within the limits from UTF-8 bytes (not yet validated as a session).

    Raises:
        InputError: one line saying what is wrong, naming the session and field where known.
    """
    value = json_from_bytes(data)
    if not isinstance(value, dict):
        _check(value, None)
        raise InputError(f"a session must be a JSON object, got {_json_type(value)}")
    _check(value, _sid_of(value))
    return value


def json_from_bytes(data: bytes) -> Any:
    """The JSON value of UTF-8 bytes (BOM allowed), within the depth limit of the decoder.

    Numbers over the limits come back as placeholders that `ensure_session` reports with their path.
    """
    if data.startswith(codecs.BOM_UTF8):
        while data.startswith(codecs.BOM_UTF8):  # a file concatenated from BOM-prefixed parts
            data = data[len(codecs.BOM_UTF8):]
    elif data.startswith(_UTF16_32_BOMS):
        raise InputError("UTF-16 or UTF-32 text; sessions must be UTF-8")
    if data.count(b"\x00") * 4 > len(data):
        raise InputError("UTF-16 or UTF-32 text (NUL bytes); sessions must be UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        sid = _guess_session_id(data)
        where = f"{session_name(sid)}: " if sid else ""
        raise InputError(f"{where}not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}",
                         session_id=sid) from None
    try:
        return loads_limited(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except JSONLimitError as exc:
        sid = top_level_string(text, "session_id")
        raise InputError(f"{session_name(sid)}: field {exc.path or '(root)'}: {exc.problem}",
                         session_id=sid, field=exc.path) from None


def _sid_of(value: dict[str, Any]) -> str | None:
    sid = value.get("session_id")
    return sid if isinstance(sid, str) else None


def _check(value: Any, sid: str | None) -> None:
    try:
        check_limits(value)
    except JSONLimitError as exc:
        raise InputError(f"{session_name(sid)}: field {exc.path or '(root)'}: {exc.problem}",
                         session_id=sid, field=exc.path) from None


def _session_parts(session: Session) -> dict[str, Any]:
    """The free-form values of a built `Session`, to check the limits without serializing it."""
    calls = [{"arguments": c.arguments, "output": c.output, **(c.__pydantic_extra__ or {})} for c in session.tool_calls]
    return {
        "tool_calls": calls,
        "retry_context": session.retry_context,
        "messages": session.messages,
        "verifier_model_output": session.verifier_model_output,
        **(session.__pydantic_extra__ or {}),
    }


def _guess_session_id(data: bytes) -> str | None:
    """The session id of bytes that are not UTF-8, when it can be read (only to name the session)."""
    text = data.decode("utf-8", errors="replace")
    try:
        return top_level_string(text, "session_id")
    except Exception:  # naming is best effort; the error is reported either way
        return None


def _skip_rest_of_line(handle: Any) -> int:
    """Read past the end of the current line; returns how many bytes that took."""
    skipped = 0
    while chunk := handle.readline(_SKIP_CHUNK):
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            break
    return skipped


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return {list: "array", str: "string", type(None): "null"}.get(type(value), type(value).__name__)
