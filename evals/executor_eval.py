"""`groundcheck eval-executor`: re-run the Executor on labeled sessions with their tools replayed."""

from __future__ import annotations

from typing import Any

import dspy
from tqdm import tqdm

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.optimization_metrics import executor_components
from groundcheck.evals.optimize import ReplayExecutor, executor_examples
from groundcheck.programs.artifacts import load_program
from groundcheck.programs.lm import model_name


def evaluate_executor(dataset: str, lm: Any, *, program: str | None = None, limit: int | None = None,
                      progress: bool = True) -> dict[str, Any]:
    """Mean of each Executor check (contract valid, Gatekeeper pass, fact coverage, no guidance as
    fact, Chinese answer) over the dataset's honest sessions."""
    named = load_dataset(dataset)
    examples = executor_examples(named.sessions)[:limit] if limit else executor_examples(named.sessions)
    executor = ReplayExecutor(load_program(program, "executor") if program else None)
    totals: dict[str, float] = {}
    with dspy.context(lm=lm):
        for example in tqdm(examples, desc="eval-executor", disable=not progress, unit="session"):
            run = executor(**example.inputs())
            for key, value in executor_components(example, run).items():
                totals[key] = totals.get(key, 0.0) + value
    n = len(examples)
    metrics = {key: value / n for key, value in totals.items()} if n else {}
    if metrics:
        metrics["overall"] = sum(metrics.values()) / len(metrics)
    return {"dataset": named.name, "dataset_sha256": named.sha256, "n": n, "lm": model_name(lm), "metrics": metrics}
