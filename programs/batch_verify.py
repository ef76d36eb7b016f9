"""`verify` of a `.jsonl` file: every line, results in input order, with the work where it belongs.

The rules / replay backends are CPU-bound: worker processes read their lines from the file themselves
(only where each line lies crosses a pipe), parse, verify and serialise; the parent finds the lines and
writes the results. The LM backend is bound by the model's latency:
many sessions are verified at once on threads. Either way a bad line is one error and the next lines
still run. Deterministic core: imports neither DSPy nor litellm.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .core.jsonio import model_json
from .core.pipeline import verify_checked_session
from .core.sessions import LineSpan, SpanReader, iter_raw_lines, session_from_bytes, session_name
from .errors import GroundcheckError, InputError, describe_exception

CHUNK_LINES = 32
CHUNK_BYTES = 4 << 20
IN_PROCESS_BELOW = 2 * CHUNK_LINES  # fewer lines than this: no worker processes (their start-up costs more)


@dataclass
class LineResult:
    """One line's outcome: the record as a JSON line (and the record itself when asked), or an error.

    `json` is the line's UTF-8 bytes, newline included: a worker encodes it once, and the parent can
    write it to a UTF-8 file as it is, with no decoding and encoding in between.
    """

    lineno: int
    json: bytes | None = None
    record: Any = None
    error: str | None = None


Line = tuple[int, bytes | LineSpan | InputError]


def verify_line(item: Line, *, path: str, backend: Any, summary_budget: int, want_record: bool = False,
                reader: SpanReader | None = None) -> LineResult:
    """Read (a `LineSpan`, through `reader` or a reader of its own), parse, verify and serialise one
    line; never raises."""
    lineno, data = item
    if isinstance(data, InputError):
        return LineResult(lineno, error=str(data))
    try:
        if isinstance(data, LineSpan):
            if reader is None:
                with SpanReader(path) as own:
                    data = own.read(data)
            else:
                data = reader.read(data)
        session = session_from_bytes(data)
    except InputError as exc:
        return LineResult(lineno, error=f"{path}:{lineno}: {exc}")
    try:
        record = verify_checked_session(session, backend, summary_budget=summary_budget)
    except GroundcheckError as exc:
        return LineResult(lineno, error=f"{path}:{lineno}: {exc}")
    except Exception as exc:  # a stage bug must not cost the neighbour sessions; say which one failed
        why = (f"{session_name(session.session_id)}: could not be verified "
               f"(internal error {describe_exception(exc, 200)})")
        return LineResult(lineno, error=f"{path}:{lineno}: {why}")
    line = model_json(record, by_alias=True).encode("utf-8") + b"\n"  # model_json escapes lone surrogates
    return LineResult(lineno, json=line, record=record if want_record else None)


def _verify_chunk(chunk: list[Line], source_fd: int | None, **options: Any) -> list[LineResult]:
    with SpanReader(options["path"], source_fd) as reader:  # one per chunk, closed after it
        return [verify_line(item, reader=reader, **options) for item in chunk]


def _chunks(lines: Iterator[Line]) -> Iterator[list[Line]]:
    chunk: list[Line] = []
    size = 0
    for item in lines:
        chunk.append(item)
        data = item[1]
        size += len(data) if isinstance(data, bytes) else data.length if isinstance(data, LineSpan) else 0
        if len(chunk) >= CHUNK_LINES or size >= CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def verify_jsonl(
    path: Path,
    backend: Any,
    *,
    workers: int,
    summary_budget: int,
    want_record: bool = False,
    processes: bool = True,
    on_done: Callable[[int], None] | None = None,
) -> Iterator[LineResult]:
    """The results of every line of `path`, in input order.

    Args:
        backend: `rules` / `replay` (worker processes when `processes`), or a claim checker (threads).
        workers: processes, or sessions verified at once on threads.
        want_record: also return each record object (to persist it).
        on_done: called with the number of lines as they finish (a progress bar), in finishing order.
    """
    from .parallel import DaemonThreadPool

    options = {"path": str(path), "backend": backend, "summary_budget": summary_budget, "want_record": want_record}
    if not isinstance(backend, str):
        lines = iter_raw_lines(path)
        pool: Executor = DaemonThreadPool(max(workers, 1), thread_name_prefix="groundcheck-verify")
        yield from _pooled(pool, functools.partial(verify_line, **options), lines, max(workers, 1), on_done, 1)
        return
    with contextlib.ExitStack() as stack:
        # the lines are read back from this run's open file (`SpanReader`); forked workers inherit it
        source = _open_source(path)
        source_fd = stack.enter_context(source).fileno() if source is not None else None
        yield from _verify_spans(iter_raw_lines(path, spans=True), options, source_fd, workers, processes, on_done)


def _verify_spans(lines: Iterator[Line], options: dict[str, Any], source_fd: int | None, workers: int,
                  processes: bool, on_done: Callable[[int], None] | None) -> Iterator[LineResult]:
    from .parallel import ordered_map, process_pool

    head = []
    for item in lines:  # a short file runs in this process: no pool start-up
        head.append(item)
        if len(head) >= IN_PROCESS_BELOW:
            break
    if len(head) < IN_PROCESS_BELOW or workers <= 1 or not processes:
        with SpanReader(options["path"], source_fd) as reader:
            for item in _chain(head, lines):
                result = verify_line(item, reader=reader, **options)
                if on_done is not None:
                    on_done(1)
                yield result
        return
    pool = process_pool(workers)
    for _index, batch in _pooled_raw(pool, functools.partial(_verify_chunk, source_fd=source_fd, **options),
                                     _chunks(_chain(head, lines)), 8 * workers, on_done, ordered_map):
        yield from batch


def _open_source(path: Path) -> BinaryIO | None:
    """The file opened for reading back its lines, or None when it cannot be (`iter_raw_lines` then
    reports why)."""
    try:
        return path.open("rb")
    except OSError:
        return None


def _chain(head: list[Any], rest: Iterator[Any]) -> Iterator[Any]:
    yield from head
    yield from rest


def _pooled(pool: Executor, fn: Callable[[Any], LineResult], items: Iterator[Any], window: int,
            on_done: Callable[[int], None] | None, weight: int) -> Iterator[LineResult]:
    from .parallel import ordered_map

    def done(_index: int, _result: Any) -> None:
        if on_done is not None:
            on_done(weight)

    try:
        for _index, result in ordered_map(pool, fn, items, window=window, on_done=done):
            if isinstance(result, BaseException):
                raise result
            yield result
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _pooled_raw(pool: Executor, fn: Callable[[Any], list[LineResult]], chunks: Iterator[list[Any]], window: int,
                on_done: Callable[[int], None] | None, ordered_map: Callable[..., Any]) -> Iterator[Any]:
    sizes: dict[int, int] = {}

    def counted(items: Iterator[list[Any]]) -> Iterator[list[Any]]:
        for index, chunk in enumerate(items):
            sizes[index] = len(chunk)
            yield chunk

    def done(index: int, _result: Any) -> None:
        if on_done is not None:
            on_done(sizes.pop(index, 0))

    try:
        for index, result in ordered_map(pool, fn, counted(chunks), window=window, on_done=done):
            if isinstance(result, BaseException):
                raise result
            yield index, result
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
