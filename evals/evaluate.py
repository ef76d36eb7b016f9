"""`evaluate(...)`: load a dataset, verify every session, compute metrics, optionally write a report."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.metrics import compute_metrics
from groundcheck.evals.report import HEADLINE, build_report, write_report
from groundcheck.evals.runner import run_verification
from groundcheck.programs.version import PROGRAM_VERSION


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
) -> dict[str, Any]:
    """Evaluate a verifier backend on a named dataset or a file; returns the report dict."""
    named = load_dataset(dataset)
    sessions = named.sessions[:limit] if limit else named.sessions
    start = time.perf_counter()
    items = run_verification(sessions, backend, workers=workers, checker_factory=checker_factory,
                             progress=progress, desc=f"eval {named.name}")
    seconds = time.perf_counter() - start
    metrics = compute_metrics(items)
    report = build_report(dataset=named.name, dataset_sha256=named.sha256, backend=backend_label or backend,
                          program_version=PROGRAM_VERSION, metrics=metrics, items=items, seconds=seconds)
    if report_dir is not None:
        write_report(report_dir, report, items)
    return report


def summary_table(report: dict[str, Any]) -> str:
    m = report["metrics"]
    lines = [f"dataset {report['dataset']}  n={report['n']}  backend={report['backend']}  {report['seconds']} s"]
    for key in HEADLINE:
        if key in m:
            lines.append(f"  {key:<24} {m[key]:.4f}")
    if m.get("input_errors"):
        lines.append(f"  {'input_errors':<24} {m['input_errors']}")
    return "\n".join(lines)
