"""Optimization runs: compile the Verifier or the Executor against labeled sessions.

The runner builds examples, scores the program before, calls the optimizer's `compile(...)` under
an LM-call budget, scores after, and saves the best program with its metadata.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dspy
from tqdm import tqdm

from groundcheck.evals.datasets import load_dataset
from groundcheck.evals.optimization_metrics import (
    executor_feedback_metric,
    executor_score,
    expected_facts,
    verifier_feedback_metric,
    verifier_score,
)
from groundcheck.programs.artifacts import save_artifact
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.executor import Executor, ExecutorRun, replay_tools, unbound_tools
from groundcheck.programs.lm import model_name
from groundcheck.programs.pipeline import prepare_verification
from groundcheck.programs.sessions import ensure_session
from groundcheck.programs.verdict import groundedness_of
from groundcheck.programs.verifier import Verifier, hints_of, verifier_fields
from groundcheck.signatures.verifier import ClaimVerdict

OPTIMIZERS = ("labeled", "bootstrap", "bootstrap-rs", "mipro", "gepa")
DEMO_SUMMARY_CHARS = 400  # demos travel in every prompt: keep their traces short


class BudgetExhausted(Exception):
    """The run's LM-call budget is spent."""


@dataclass
class CallBudget:
    """Counts LM calls across every LM of a run; `None` = unlimited."""

    limit: int | None
    used: int = 0
    exhausted: bool = False

    def take(self) -> None:
        if self.limit is not None and self.used >= self.limit:
            self.exhausted = True
            raise BudgetExhausted(f"LM-call budget of {self.limit} spent")
        self.used += 1


def budgeted(lm: Any, budget: CallBudget) -> Any:
    """A copy of `lm` whose every call first takes one unit of `budget`."""
    if lm is None:
        return None
    base = type(lm)

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        budget.take()
        return base.__call__(self, *args, **kwargs)

    async def acall(self: Any, *args: Any, **kwargs: Any) -> Any:
        budget.take()
        return await base.acall(self, *args, **kwargs)

    clone = lm.copy() if hasattr(lm, "copy") else lm
    clone.__class__ = type(f"Budgeted{base.__name__}", (base,), {"__call__": call, "acall": acall})
    return clone


@dataclass
class RunResult:
    program: dspy.Module
    score_before: float | None
    score_after: float | None
    budget_used: int
    budget_exhausted: bool
    stopped_in: str | None
    metadata: dict[str, Any] = field(default_factory=dict)


# --- examples -----------------------------------------------------------------------------------


def verifier_examples(sessions: list[dict[str, Any]], demo: bool = False) -> list[dspy.Example]:
    """Examples in the Verifier signature's own fields (so they can be demos), with gold labels."""
    examples = []
    for raw in sessions:
        labels = raw.get("labels") or {}
        if labels.get("parse_status") != "valid" or not labels.get("claim_verifications") or not labels.get("verdict"):
            continue
        prepared = prepare_verification(ensure_session(raw), DEMO_SUMMARY_CHARS if demo else 12_000)
        if prepared.request is None:
            continue
        fields = verifier_fields(prepared.request.verifier_input, hints_of(prepared.request))
        gold = labels["claim_verifications"]
        outputs = {
            "claim_checks": [
                ClaimVerdict(claim_id=cid, verification=cls, detail=_detail(cls)) for cid, cls in gold.items()
            ],
            "verdict": labels["verdict"],
            "groundedness_score": groundedness_of(list(gold.values())),
            "rationale": labels.get("note") or "",
        }
        example = dspy.Example(**fields, **outputs, gold_claims=gold, gold_verdict=labels["verdict"], session=raw)
        examples.append(example.with_inputs(*fields))
    return examples


def executor_examples(sessions: list[dict[str, Any]]) -> list[dspy.Example]:
    """Honest (PASS) sessions: their question, their recorded tools, their facts as expectations."""
    examples = []
    for raw in sessions:
        labels = raw.get("labels") or {}
        if labels.get("verdict") != "PASS" or labels.get("parse_status") != "valid":
            continue
        facts = expected_facts(raw)
        example = dspy.Example(question=raw["original_query"], session=raw, expected_facts=facts)
        examples.append(example.with_inputs("question", "session"))
    return examples


class ReplayExecutor(dspy.Module):
    """The Executor over each example's recorded tools (its predictors are the Executor's)."""

    def __init__(self, executor: Executor | None = None) -> None:
        super().__init__()
        self.executor = executor or Executor(unbound_tools())

    def forward(self, question: str, session: dict[str, Any]) -> ExecutorRun:
        tools = replay_tools(session, self.executor.tool_names)
        return self.executor.with_tools({name: tools[name] for name in self.executor.tool_names})(question=question)


# --- the run ------------------------------------------------------------------------------------


def run_optimization(
    target: str,
    optimizer: str,
    *,
    trainset: str,
    valset: str,
    lm: Any = None,
    teacher_lm: Any = None,
    reflection_lm: Any = None,
    max_lm_calls: int | None = None,
    seed: int = 0,
    out: str | Path | None = None,
    limit: int | None = None,
    progress: bool = True,
    optimizer_options: dict[str, Any] | None = None,
) -> RunResult:
    """Compile `target` (`verifier` or `executor`) with `optimizer` and save the artifact to `out`.

    `labeled` needs no LM to compile; scores are computed only when an LM is given.
    """
    if target not in ("verifier", "executor"):
        raise ConfigError(f"unknown target {target!r}: verifier or executor")
    if optimizer not in OPTIMIZERS:
        raise ConfigError(f"unknown optimizer {optimizer!r}: one of {', '.join(OPTIMIZERS)}")
    if optimizer != "labeled" and lm is None:
        raise ConfigError(f"optimizer {optimizer!r} needs --lm")
    train_named, val_named = load_dataset(trainset), load_dataset(valset)
    make = verifier_examples if target == "verifier" else executor_examples
    train = make(train_named.sessions, demo=True) if target == "verifier" else make(train_named.sessions)
    val = make(val_named.sessions)
    if limit:
        train, val = train[:limit], val[:limit]
    if not train or not val:
        raise ConfigError(f"no usable {target} examples in {trainset!r} / {valset!r}")

    budget = CallBudget(max_lm_calls)
    task_lm, teacher, reflector = budgeted(lm, budget), budgeted(teacher_lm, budget), budgeted(reflection_lm, budget)
    student = Verifier() if target == "verifier" else ReplayExecutor()
    score_fn = verifier_score if target == "verifier" else executor_score

    before = _evaluate(student, val, score_fn, task_lm, progress, "score before") if task_lm else None
    best, stopped_in = student, None
    if before is None or not before.partial:
        try:
            with dspy.context(lm=task_lm):
                best = _compile(optimizer, target, student, train, val, teacher, reflector, seed, max_lm_calls,
                                optimizer_options or {})
        except Exception as exc:
            if not budget.exhausted:
                raise
            stopped_in = f"compile ({exc})"
    else:
        stopped_in = "scoring before"
    after = None
    if task_lm and stopped_in is None:
        after = _evaluate(best, val, score_fn, task_lm, progress, "score after")
        if after.partial:
            stopped_in = "scoring after"
    if before and after and not after.partial and after.mean < before.mean:
        best = student  # the best program so far is the one we started from

    metadata = {
        "optimizer": optimizer,
        "optimizer_settings": {"seed": seed, "max_lm_calls": max_lm_calls, **(optimizer_options or {})},
        "trainset": {"name": train_named.name, "sha256": train_named.sha256, "examples": len(train)},
        "valset": {"name": val_named.name, "sha256": val_named.sha256, "examples": len(val)},
        "metric": f"groundcheck.evals.optimization_metrics.{target}_metric",
        "score_before": before.mean if before else None,
        "score_after": after.mean if after else None,
        "scored_examples": {"before": before.n if before else 0, "after": after.n if after else 0},
        "lm": {"task": _name(lm), "teacher": _name(teacher_lm), "reflection": _name(reflection_lm)},
        "lm_calls": budget.used,
        "budget_exhausted": budget.exhausted,
        "stopped_in": stopped_in,
    }
    if out:
        saved = best.executor if isinstance(best, ReplayExecutor) else best  # the runtime loads an Executor
        save_artifact(saved, out, kind=target, metadata=metadata)
    return RunResult(best, metadata["score_before"], metadata["score_after"], budget.used, budget.exhausted,
                     stopped_in, metadata)


@dataclass
class _Scores:
    mean: float
    n: int
    partial: bool


def _evaluate(program: dspy.Module, examples: list[dspy.Example], score_fn: Callable[..., tuple[float, str]],
              lm: Any, progress: bool, desc: str) -> _Scores:
    scores: list[float] = []
    partial = False
    with dspy.context(lm=lm):
        for example in tqdm(examples, desc=desc, disable=not progress, unit="example"):
            try:
                prediction = program(**example.inputs())
            except BudgetExhausted:
                partial = True
                break
            except Exception:  # a failed prediction scores 0, like DSPy's Evaluate
                scores.append(0.0)
                continue
            scores.append(score_fn(example, prediction)[0])
    return _Scores(sum(scores) / len(scores) if scores else 0.0, len(scores), partial)


def _compile(optimizer: str, target: str, student: dspy.Module, train: list[dspy.Example],
             val: list[dspy.Example], teacher_lm: Any, reflection_lm: Any, seed: int,
             max_lm_calls: int | None, options: dict[str, Any]) -> dspy.Module:
    from dspy.teleprompt import (
        GEPA,
        BootstrapFewShot,
        BootstrapFewShotWithRandomSearch,
        LabeledFewShot,
        MIPROv2,
    )

    metric = _metric(target)
    k = options.get("max_demos", 2)
    if optimizer == "labeled":
        demos = select_diverse_demos(train, k, seed) if target == "verifier" else train
        return LabeledFewShot(k=k).compile(student, trainset=demos, sample=False)
    teacher_settings = {"lm": teacher_lm} if teacher_lm is not None else {}
    if optimizer == "bootstrap":
        bootstrap = BootstrapFewShot(metric=metric, max_bootstrapped_demos=k, max_labeled_demos=k,
                                     teacher_settings=teacher_settings, max_errors=len(train))
        return bootstrap.compile(student, trainset=train)
    if optimizer == "bootstrap-rs":
        return BootstrapFewShotWithRandomSearch(
            metric=metric, max_bootstrapped_demos=k, max_labeled_demos=k, teacher_settings=teacher_settings,
            num_candidate_programs=options.get("num_candidates", 4), num_threads=1, max_errors=len(train),
        ).compile(student, trainset=train, valset=val)
    if optimizer == "mipro":
        mipro = MIPROv2(metric=metric, prompt_model=teacher_lm or dspy.settings.lm, task_model=dspy.settings.lm,
                        teacher_settings=teacher_settings, max_bootstrapped_demos=k, max_labeled_demos=k,
                        auto=None, num_candidates=options.get("num_candidates", 3), num_threads=1, seed=seed,
                        max_errors=len(train) + len(val), verbose=False)
        return mipro.compile(student, trainset=train, valset=val, num_trials=options.get("num_trials", 3),
                             minibatch=False)
    feedback = verifier_feedback_metric if target == "verifier" else executor_feedback_metric
    metric_calls = options.get("max_metric_calls") or max(4 * len(val), (max_lm_calls or 200) // 2)
    gepa = GEPA(metric=feedback, reflection_lm=reflection_lm or dspy.settings.lm, max_metric_calls=metric_calls,
                num_threads=1, seed=seed, track_stats=False, use_merge=False,
                reflection_minibatch_size=options.get("reflection_minibatch_size", 2))
    return gepa.compile(student, trainset=train, valset=val)


def _metric(target: str) -> Callable[..., float]:
    from groundcheck.evals.optimization_metrics import executor_metric, verifier_metric

    return verifier_metric if target == "verifier" else executor_metric


def select_diverse_demos(examples: list[dspy.Example], k: int, seed: int) -> list[dspy.Example]:
    """Up to `k` examples that together cover as many claim classes and verdicts as possible."""
    rng = random.Random(seed)
    pool = sorted(examples, key=lambda e: (len(e.gold_claims), rng.random()))
    chosen: list[dspy.Example] = []
    covered: set[str] = set()
    while pool and len(chosen) < k:
        best = max(pool, key=lambda e: len(_labels_of(e) - covered) * 10 - len(e.gold_claims))
        pool.remove(best)
        chosen.append(best)
        covered |= _labels_of(best)
    return [_as_demo(e) for e in chosen]


def _labels_of(example: dspy.Example) -> set[str]:
    return set(example.gold_claims.values()) | {example.gold_verdict}


def _as_demo(example: dspy.Example) -> dspy.Example:
    """Only the signature's fields: the session and gold keys would bloat every saved program."""
    keep = {k: v for k, v in example.items() if k not in ("session", "gold_claims", "gold_verdict")}
    return dspy.Example(**keep).with_inputs(*example.inputs().keys())


def _name(lm: Any) -> str | None:
    return model_name(lm) if lm is not None else None


def _detail(cls: str) -> str:
    return {
        "direct_observation": "the cited output states it",
        "reasonable_inference": "follows from the cited outputs by a small step",
        "overstated": "the evidence points that way but the claim says more",
        "unsupported": "no current-session evidence supports it",
        "external_unknown": "rests on outside knowledge the trace cannot confirm",
        "contradicted": "the tool outputs say otherwise or do not contain what it names",
    }[cls]

