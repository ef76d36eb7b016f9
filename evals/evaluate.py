"""`evaluate(...)`: load a dataset, verify every session, compute metrics, optionally write a report.

With a report folder the run is resumable: each session's result is appended to `records.jsonl` as it
finishes; `resume=True` skips what an earlier run of the same dataset, backend, program and model
finished; Ctrl-C writes a report marked partial and raises `RunInterrupted`.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from groundcheck.programs.errors import require_extra
from groundcheck.programs.version import PROGRAM_VERSION, __version__

from .datasets import load_dataset
from .metrics import Scored, compute_metrics
from .report import HEADLINE, build_report, write_report
from .results import RunRecords, session_keys
from .runner import verify_many


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped an evaluation; `report` is the partial report (already written when a folder was given)."""

    def __init__(self, report: dict[str, Any], report_dir: Path | None) -> None:
        super().__init__("interrupted")
        self.report = report
        self.report_dir = report_dir


def evaluate(
    dataset: str,
    backend: str = "rules",
    *,
    report_dir: Path | None = None,
    workers: int | None = None,
    limit: int | None = None,
    checker_factory: Callable[[], Any] | None = None,
    backend_label: str | None = None,
    progress: bool = True,
    resume: bool = False,
    provenance: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Evaluate a verifier backend on a named dataset or a file; returns the report dict.

    Args:
        workers: processes for `rules` / `replay` (default every core), LM calls in flight for `lm`
            (default 32).
        checker_factory: builds the LM checker (backend `lm`); its `program_version` and model name
            are recorded.
        resume: reuse the finished sessions of `report_dir`'s earlier run (same dataset hash, backend,
            program and model), running only the rest.
        provenance: extra facts to record (e.g. the program directory and the cache folder).

    Raises:
        RunInterrupted: Ctrl-C; the partial report is written first.
        MissingExtraError: a report folder is asked for without matplotlib (before any file is written).
    """
    if report_dir is not None:
        require_extra("matplotlib", "evals", "the evaluation report's plots")
    named = load_dataset(dataset, bad_lines="keep")
    sessions = named.sessions[:limit] if limit else named.sessions
    checker = checker_factory() if checker_factory is not None else None
    label = backend_label or (getattr(checker, "name", None) if checker else None) or backend
    manifest = run_provenance(named.name, named.sha256, label, checker, provenance)
    keys = session_keys(sessions)
    store = RunRecords(report_dir, manifest, resume=resume) if report_dir is not None else None
    results: list[Scored | None] = [None] * len(sessions)
    todo = list(range(len(sessions)))
    if store is not None and store.done:
        todo = [i for i, key in enumerate(keys) if key not in store.done]
        for i, key in enumerate(keys):
            results[i] = store.done.get(key)

    def finished(position: int, scored: Scored) -> None:
        index = todo[position]
        results[index] = scored
        if store is not None:
            store.append(keys[index], scored)

    start = time.perf_counter()
    try:
        outcome = verify_many([sessions[i] for i in todo], backend, workers=workers,
                              checker_factory=(lambda: checker) if checker is not None else None,
                              progress=progress, desc=f"eval {named.name}", slim=True, on_result=finished)
    finally:
        if store is not None:
            store.close()
    seconds = time.perf_counter() - start
    items = [s for s in results if s is not None]
    metrics = compute_metrics(items)
    report = build_report(dataset=named.name, dataset_sha256=named.sha256, backend=label,
                          program_version=manifest["program_version"], metrics=metrics, items=items,
                          seconds=seconds, provenance=manifest)
    report["resumed"] = len(sessions) - len(todo)
    if outcome.interrupted:
        report["partial"] = True
        report["sessions_total"] = len(sessions)
    if report_dir is not None:
        write_report(report_dir, report, items, sessions=_by_key(sessions, keys, items))
    if outcome.interrupted:
        raise RunInterrupted(report, report_dir)
    return report


def _by_key(sessions: list[Any], keys: list[Any], items: list[Scored]) -> list[Any]:
    """The session of each scored item (same order), for the drill-down report."""
    wanted = {(s.session_id, s.round) for s in items}
    index = {}
    for session, key in zip(sessions, keys, strict=True):
        if (key[0], key[1]) in wanted and key[2] == 0:
            index[(key[0], key[1])] = session
    return [index.get((s.session_id, s.round)) for s in items]


def run_provenance(dataset: str, dataset_sha256: str, backend: str, checker: Any,
                   extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ran: program identity, model, dataset hash, groundcheck / DSPy / Python versions."""
    lm = getattr(checker, "lm", None)
    return {
        "dataset": dataset,
        "dataset_sha256": dataset_sha256,
        "backend": backend,
        "program_version": getattr(checker, "program_version", None) or PROGRAM_VERSION,
        "model": getattr(lm, "model", None) if lm is not None else None,
        "groundcheck_version": __version__,
        "dspy_version": _version_of("dspy"),
        "python": platform.python_version(),
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        **(extra or {}),
    }


def _version_of(package: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def summary_table(report: dict[str, Any]) -> str:
    m = report["metrics"]
    head = f"dataset {report['dataset']}  n={report['n']}  backend={report['backend']}  {report['seconds']} s"
    lines = [head + ("  PARTIAL (interrupted)" if report.get("partial") else ""),
             f"  program {report['program_version']}"]
    for key in HEADLINE:
        if key in m:
            lines.append(f"  {key:<24} {m[key]:.4f}")
    if m.get("input_errors"):
        lines.append(f"  {'input_errors':<24} {m['input_errors']}")
    if "lm_sessions" in m:
        lines.append(f"  {'lm_sessions':<24} {m['lm_sessions']}  (errors {m['lm_errors']}; "
                     f"model not asked {m['model_not_asked']}: {_by_rule(m)})")
        for key, stats in m["usage"].items():
            if stats["n"]:
                lines.append(f"  {key:<24} sum {_num(stats['sum'])}  p50 {_num(stats['p50'])}  "
                             f"p95 {_num(stats['p95'])}")
    if report.get("resumed"):
        lines.append(f"  resumed {report['resumed']} sessions from the earlier run")
    return "\n".join(lines)


def _by_rule(m: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in m.get("model_not_asked_by_rule", {}).items()) or "-"


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if float(value).is_integer() or abs(value) >= 100 else f"{value:.4g}"
