"""`groundcheck eval-executor`: re-run the Executor on labeled sessions with their tools replayed."""

from __future__ import annotations

from typing import Any

import dspy

from groundcheck.programs.lm.artifacts import load_program
from groundcheck.programs.lm.settings import model_name
from groundcheck.programs.parallel import DEFAULT_LM_CONCURRENCY, run_scoring

from .datasets import load_dataset
from .optimization_metrics import executor_components
from .optimize import ReplayExecutor, executor_examples

COMPONENTS = ("contract_valid", "gatekeeper_pass", "fact_coverage", "no_guidance_as_fact", "chinese_answer")


def evaluate_executor(dataset: str, lm: Any, *, program: str | None = None, limit: int | None = None,
                      progress: bool = True, concurrency: int | None = None,
                      max_errors: int | None = None) -> dict[str, Any]:
    """Mean of each Executor check (contract valid, Gatekeeper pass, fact coverage, no guidance as
    fact, Chinese answer) over the dataset's honest sessions, `concurrency` runs at once (default 32).

    A run that raises scores 0 on every check (counted in `errors`); more than `max_errors` failures
    stop the evaluation (`stopped`).
    """
    named = load_dataset(dataset)
    examples = executor_examples(named.sessions)[:limit] if limit else executor_examples(named.sessions)
    executor = ReplayExecutor(load_program(program, "executor") if program else None)

    def run(example: dspy.Example) -> dict[str, float]:
        with dspy.context(lm=lm):
            result = executor(**example.inputs())
        return executor_components(example, result)

    outcome = run_scoring(run, examples, concurrency=concurrency or DEFAULT_LM_CONCURRENCY,
                          failure=lambda _e, _exc: dict.fromkeys(COMPONENTS, 0.0), max_errors=max_errors,
                          progress=progress, desc="eval-executor", unit="session")
    if outcome.interrupted:
        raise KeyboardInterrupt
    scored = [r for r in outcome.results if r is not None]
    totals: dict[str, float] = {}
    for parts in scored:
        for key, value in parts.items():
            totals[key] = totals.get(key, 0.0) + value
    n = len(scored)
    metrics = {key: value / n for key, value in totals.items()} if n else {}
    if metrics:
        metrics["overall"] = sum(metrics.values()) / len(metrics)
    return {"dataset": named.name, "dataset_sha256": named.sha256, "n": n, "lm": model_name(lm), "metrics": metrics,
            "errors": outcome.errors, "stopped": outcome.stopped}
