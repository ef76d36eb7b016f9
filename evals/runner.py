"""Run verification over a dataset with a progress bar; rules/replay use every core."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from tqdm import tqdm

from groundcheck.evals.metrics import Scored
from groundcheck.programs.errors import InputError
from groundcheck.programs.pipeline import OFFLINE_BACKENDS, verify_session

_CHUNK = 64


def run_verification(
    sessions: list[dict[str, Any]],
    backend: str = "rules",
    *,
    workers: int | None = None,
    checker_factory: Callable[[], Any] | None = None,
    progress: bool = True,
    desc: str = "eval",
) -> list[Scored]:
    """Verify every session, in order.

    Args:
        sessions: session dicts (with labels when scoring).
        backend: `rules` or `replay` (run in worker processes), or `lm` with `checker_factory`.
        workers: processes (offline backends) or threads (LM); default: every core.
        checker_factory: builds the LM checker for backend `lm` (one per thread is not needed:
            checkers are thread-safe).
        progress: show a progress bar on standard error.

    A session that does not meet the contract is scored with an `input_error` record instead of
    stopping the run.
    """
    workers = workers or os.cpu_count() or 1
    bar = tqdm(total=len(sessions), desc=desc, unit="session", disable=not progress, mininterval=0.5)
    results: list[Scored] = []
    try:
        if backend in OFFLINE_BACKENDS:
            for scored in _offline(sessions, backend, workers):
                results.append(scored)
                bar.update(1)
        else:
            if checker_factory is None:
                raise ValueError("backend 'lm' needs a checker_factory")
            checker = checker_factory()
            with ThreadPoolExecutor(max_workers=workers) as pool:
                for scored in pool.map(lambda s: _verify_one(s, checker), sessions):
                    results.append(scored)
                    bar.update(1)
    finally:
        bar.close()
    return results


def _offline(sessions: list[dict[str, Any]], backend: str, workers: int) -> Iterator[Scored]:
    if workers <= 1 or len(sessions) < 2 * _CHUNK:
        for session in sessions:
            yield _verify_one(session, backend)
        return
    chunks = [sessions[i : i + _CHUNK] for i in range(0, len(sessions), _CHUNK)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for batch in pool.map(_verify_chunk, chunks, [backend] * len(chunks)):
            yield from batch


def _verify_chunk(sessions: list[dict[str, Any]], backend: str) -> list[Scored]:
    return [_verify_one(s, backend) for s in sessions]


def _verify_one(session: dict[str, Any], backend: Any) -> Scored:
    sid = str(session.get("session_id", "?"))
    labels = session.get("labels") or {}
    try:
        record = verify_session(session, backend).model_dump(mode="json", by_alias=True)
    except InputError as exc:
        record = {"input_error": str(exc)}
    return Scored(session_id=sid, labels=labels, record=record)
