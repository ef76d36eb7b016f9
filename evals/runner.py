"""Run verification over many sessions: rules / replay on every core (processes), the LM backend with
many calls in flight (threads); results in input order, progress as sessions finish."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from groundcheck.programs.core.pipeline import OFFLINE_BACKENDS, verify_session
from groundcheck.programs.errors import InputError, describe_exception, one_line
from groundcheck.programs.parallel import (
    DEFAULT_LM_CONCURRENCY,
    default_processes,
    ordered_map,
    process_pool,
    run_scoring,
)

from .metrics import Scored

_CHUNK = 64
# what a per-session result keeps of the record: the contract and the trace summary are the session's
SLIM_DROPPED = ("tool_trace_summary", "executor_structured_output")


@dataclass
class VerifyOutcome:
    """Results in input order (`None` for a session that did not run), and whether Ctrl-C stopped it."""

    results: list[Scored | None]
    interrupted: bool = False


def run_verification(sessions: list[Any], backend: str = "rules", **options: Any) -> list[Scored]:
    """Verify every session, in order; Ctrl-C propagates as `KeyboardInterrupt`.

    Takes the arguments of `verify_many` (but `on_result`). A session that cannot run (an `InputError`
    in its place, or a verification failure) is scored with an `input_error` record.
    """
    outcome = verify_many(sessions, backend, **options)
    if outcome.interrupted:
        raise KeyboardInterrupt
    return [s for s in outcome.results if s is not None]


def verify_many(
    sessions: list[Any],
    backend: str = "rules",
    *,
    workers: int | None = None,
    checker_factory: Callable[[], Any] | None = None,
    progress: bool = True,
    desc: str = "eval",
    slim: bool = False,
    on_result: Callable[[int, Scored], None] | None = None,
) -> VerifyOutcome:
    """Verify every session, in order, without raising on Ctrl-C: what finished, marked interrupted.

    Args:
        sessions: session dicts (with labels when scoring); an `InputError` in place of a session (a
            line of the dataset that could not be read) is counted with an `input_error` record, and so
            is a session whose verification fails for any other reason.
        backend: `rules` or `replay` (worker processes), or `lm` with `checker_factory`.
        workers: processes (offline backends; default every core) or LM calls in flight (default 32).
        checker_factory: builds the LM checker for backend `lm` (checkers are thread-safe).
        slim: drop the record fields a per-session result does not need (`SLIM_DROPPED`).

    `on_result(index, scored)` runs in the calling thread as each session finishes (finishing order).
    """
    if backend in OFFLINE_BACKENDS:
        return _offline(sessions, backend, workers or default_processes(), progress, desc, slim, on_result)
    if checker_factory is None:
        raise ValueError("backend 'lm' needs a checker_factory")
    checker = checker_factory()
    loop = run_scoring(functools.partial(verify_scored, backend=checker, slim=slim), sessions,
                       concurrency=workers or DEFAULT_LM_CONCURRENCY, progress=progress, desc=desc, unit="session",
                       on_result=on_result)
    return VerifyOutcome(loop.results, loop.interrupted)


def _offline(sessions: list[Any], backend: str, workers: int, progress: bool, desc: str, slim: bool,
             on_result: Callable[[int, Scored], None] | None) -> VerifyOutcome:
    from tqdm import tqdm

    results: list[Scored | None] = [None] * len(sessions)
    bar = tqdm(total=len(sessions), desc=desc, unit="session", disable=not progress or None, mininterval=0.5)

    def keep(start: int, batch: list[Scored]) -> None:
        for offset, scored in enumerate(batch):
            results[start + offset] = scored
            if on_result is not None:
                on_result(start + offset, scored)
        bar.update(len(batch))

    try:
        if workers <= 1 or len(sessions) < 2 * _CHUNK:
            for index, session in enumerate(sessions):
                keep(index, [verify_scored(session, backend, slim)])
            return VerifyOutcome(results)
        size = max(8, min(_CHUNK, len(sessions) // (workers * 4) or 1))
        starts = list(range(0, len(sessions), size))
        chunks = [sessions[i : i + size] for i in starts]

        def done(index: int, batch: list[Scored] | BaseException) -> None:
            if isinstance(batch, BaseException):  # a worker died: its sessions count as errors, not the run
                why = f"could not be verified (worker failed: {describe_exception(batch, 200)})"
                batch = [_failed(s, why) for s in chunks[index]]
            keep(starts[index], batch)

        pool = process_pool(workers)
        try:
            for _ in ordered_map(pool, functools.partial(_verify_chunk, backend=backend, slim=slim), chunks,
                                 window=8 * workers, on_done=done):
                pass
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        return VerifyOutcome(results)
    except KeyboardInterrupt:
        return VerifyOutcome(results, interrupted=True)
    finally:
        bar.close()


def _verify_chunk(sessions: list[Any], backend: str, slim: bool) -> list[Scored]:
    return [verify_scored(s, backend, slim) for s in sessions]


def session_key_parts(session: Any) -> tuple[str, int]:
    """(session id, round) of a session dict; `?` / 1 where unknown."""
    if isinstance(session, InputError):
        return one_line(session.session_id or "?", 300), 1
    sid = session.get("session_id") if isinstance(session, dict) else None
    rnd = session.get("round", 1) if isinstance(session, dict) else 1
    return (sid if isinstance(sid, str) else "?"), (rnd if isinstance(rnd, int) and not isinstance(rnd, bool) else 1)


def verify_scored(session: Any, backend: Any, slim: bool = False) -> Scored:
    """One session verified and paired with its labels; never raises."""
    sid, rnd = session_key_parts(session)
    if isinstance(session, InputError):
        return Scored(session_id=sid, labels={}, record={"input_error": one_line(str(session))}, round=rnd)
    labels = session.get("labels") if isinstance(session, dict) else None
    labels = labels if isinstance(labels, dict) else {}
    try:
        # python mode: the same JSON-native values, and no failure on a lone-surrogate object key
        record = verify_session(session, backend).model_dump(mode="python", by_alias=True)
    except InputError as exc:
        record = {"input_error": one_line(str(exc))}
    except Exception as exc:  # one poisoned session must not stop an eval: counted, not scored
        record = {"input_error": f"could not be verified (internal error {describe_exception(exc, 200)})"}
    if slim:
        for key in SLIM_DROPPED:
            record.pop(key, None)
    return Scored(session_id=sid, labels=labels, record=record, round=rnd)


def _failed(session: Any, why: str) -> Scored:
    sid, rnd = session_key_parts(session)
    labels = session.get("labels") if isinstance(session, dict) else None
    return Scored(session_id=sid, labels=labels if isinstance(labels, dict) else {}, record={"input_error": why},
                  round=rnd)
