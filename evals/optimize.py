"""Optimization runs: compile the Verifier or the Executor against labeled sessions.

The runner builds examples, scores the program before, calls the optimizer's `compile(...)` under
an LM-call budget, scores after, and saves the best program with its metadata.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import dspy

from groundcheck.programs.core.claim_checkers import CheckRequest
from groundcheck.programs.core.evidence_facts import ClaimEvidence
from groundcheck.programs.core.focused_input import PARSED_PLACEHOLDER, claim_key, focused_fields, is_decided
from groundcheck.programs.core.pipeline import prepare_verification
from groundcheck.programs.core.sessions import ensure_session
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.lm.artifacts import save_artifact
from groundcheck.programs.lm.compact_adapter import CompactChatAdapter
from groundcheck.programs.lm.executor import Executor, ExecutorRun, replay_tools, unbound_tools
from groundcheck.programs.lm.settings import model_name
from groundcheck.programs.lm.verifier import Verifier
from groundcheck.programs.parallel import DEFAULT_LM_CONCURRENCY, run_scoring
from groundcheck.signatures.models import Verification
from groundcheck.signatures.verifier import ClaimVerdict

from .datasets import load_dataset
from .optimization_metrics import executor_score, expected_facts, verifier_score
from .optimizers import OPTIMIZER_NAMES, CompileJob, check_optimizer_extras, optimizer_builder

OPTIMIZERS = OPTIMIZER_NAMES  # the registry: groundcheck.evals.optimizers
DEMO_WINDOW = 30  # demos travel in every prompt: keep their quotes' context short
DEMO_GROUPS: tuple[tuple[Verification, ...], ...] = (("direct_observation", "overstated", "contradicted"),
               ("reasonable_inference", "unsupported", "external_unknown"))


class BudgetExhausted(Exception):
    """The run's LM-call budget is spent."""


@dataclass
class CallBudget:
    """Counts LM calls across every LM of a run, from any thread; `None` = unlimited."""

    limit: int | None
    used: int = 0
    exhausted: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def take(self) -> None:
        with self._lock:
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
    """Examples in the Verifier signature's own fields, with gold labels of the claims the model judges.

    Claims whose class the trace fixes are not asked (as at run time): their gold labels stay out.
    """
    examples = []
    for raw in sessions:
        labels = raw.get("labels") or {}
        if labels.get("parse_status") != "valid" or not labels.get("claim_verifications") or not labels.get("verdict"):
            continue
        prepared = prepare_verification(ensure_session(raw))
        if prepared.request is None:
            continue
        fields = focused_fields(prepared.request)
        judged = [ev for ev in prepared.request.evidence if not is_decided(ev)]
        gold = {claim_key(ev): labels["claim_verifications"][ev.claim_id] for ev in judged
                if ev.claim_id in labels["claim_verifications"]}
        outputs = {
            "claim_checks": [
                ClaimVerdict(claim_id=cid, verification=cls, detail=_detail(cls)) for cid, cls in gold.items()
            ],
            "verdict": labels["verdict"],
            "rationale": labels.get("note") or "",
        }
        hints = {claim_key(ev): "; ".join([f.detail for f in ev.hard] + [j.detail for j in ev.soft]) for ev in judged}
        example = dspy.Example(**fields, **outputs, gold_claims=gold, gold_verdict=labels["verdict"], session=raw,
                               hint_by_claim=hints)
        examples.append(example.with_inputs(*fields))
    return examples


def claim_demos(sessions: list[dict[str, Any]], seed: int = 0, window: int = DEMO_WINDOW) -> list[dspy.Example]:
    """Claim-level demos covering all six classes: each claim with its quote in context, class, one line.

    Claims from several labeled sessions are grouped into `DEMO_GROUPS` demos (a few hundred tokens in
    all, where whole-session demos cost thousands). Claims the model would really be asked about (not
    fixed by the trace) and short ones are preferred.
    """
    rng = random.Random(seed)
    candidates: dict[str, list[tuple[int, ClaimEvidence, CheckRequest]]] = {}
    for raw in sessions:
        labels = raw.get("labels") or {}
        gold = labels.get("claim_verifications") or {}
        if labels.get("parse_status") != "valid" or not gold:
            continue
        prepared = prepare_verification(ensure_session(raw))
        if prepared.request is None:
            continue
        for ev in prepared.request.evidence:
            cls = gold.get(ev.claim_id)
            if cls is None or not ev.first_of_id or not ev.claim.is_critical:
                continue
            cost = int(is_decided(ev)) * 10_000 + len(ev.claim.claim_text) + sum(
                len(b.evidence_excerpt) for b in ev.claim.evidence_bindings)
            candidates.setdefault(cls, []).append((cost, ev, prepared.request))
    picked = {cls: rng.choice(sorted(pool, key=lambda c: c[0])[:5]) for cls, pool in candidates.items()}
    demos, numbered = [], 0
    for group in DEMO_GROUPS:
        parts = [(cls, picked[cls][1], picked[cls][2]) for cls in group if cls in picked]
        if parts:
            demos.append(_grouped_demo(parts, window, first_number=numbered + 1))
            numbered += len(parts)
    return demos


def _grouped_demo(parts: list[tuple[Verification, ClaimEvidence, CheckRequest]], window: int,
                  first_number: int) -> dspy.Example:
    judge: list[Any] = []
    traces, hints, checks = [], [], []
    for number, (cls, ev, request) in enumerate(parts, start=first_number):
        renamed = replace(ev, claim=ev.claim.model_copy(update={"claim_id": f"c{number}"}))
        fields = focused_fields(replace(request, evidence=[renamed]), window, judge_all=True, cited_calls_only=True)
        judge += json.loads(fields["executor_structured_output"])["judge"]
        traces.append(fields["tool_trace_summary"])
        if fields["evidence_hints"] != "none":
            hints.append(fields["evidence_hints"])
        checks.append(ClaimVerdict(claim_id=f"c{number}", verification=cls, detail=_demo_detail(ev, cls)))
    classes = [c.verification for c in checks]
    verdict = "REJECT" if "contradicted" in classes else "PASS" if set(classes) <= {
        "direct_observation", "reasonable_inference"} and "direct_observation" in classes else "LOW_CONFID"
    fields = {
        "original_query": parts[0][2].session.original_query,
        "executor_final_answer": PARSED_PLACEHOLDER,
        "executor_structured_output": json.dumps({"judge": judge}, ensure_ascii=False, separators=(",", ":")),
        "executor_output_parse_status": "valid",
        "tool_trace_summary": "\n".join(traces),
        "evidence_hints": "\n".join(hints) or "none",
    }
    rationale = "; ".join(f"{c.claim_id} {c.verification}" for c in checks)
    return dspy.Example(**fields, claim_checks=checks, verdict=verdict, rationale=rationale).with_inputs(*fields)


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
    concurrency: int | None = None,
    max_errors: int | None = None,
) -> RunResult:
    """Compile `target` (`verifier` or `executor`) with `optimizer` and save the artifact to `out`.

    `labeled` needs no LM to compile; scores are computed only when an LM is given. Scoring runs
    `concurrency` predictions at once (default 32) through the shared scoring loop; a prediction that
    fails scores 0, and more than `max_errors` failures stop the scoring (partial).
    """
    if target not in ("verifier", "executor"):
        raise ConfigError(f"unknown target {target!r}: verifier or executor")
    check_optimizer_extras(optimizer)  # an unknown name or a missing extra: before anything runs or is written
    threads = concurrency or DEFAULT_LM_CONCURRENCY
    if optimizer != "labeled" and lm is None:
        raise ConfigError(f"optimizer {optimizer!r} needs --lm")
    train_named, val_named = load_dataset(trainset), load_dataset(valset)
    if target == "verifier":
        train, val = verifier_examples(train_named.sessions, demo=True), verifier_examples(val_named.sessions)
    else:
        train, val = executor_examples(train_named.sessions), executor_examples(val_named.sessions)
    if limit:
        train, val = train[:limit], val[:limit]
    if not train or not val:
        raise ConfigError(f"no usable {target} examples in {trainset!r} / {valset!r}")

    budget = CallBudget(max_lm_calls)
    task_lm, teacher, reflector = budgeted(lm, budget), budgeted(teacher_lm, budget), budgeted(reflection_lm, budget)
    student = Verifier() if target == "verifier" else ReplayExecutor()
    score_fn = verifier_score if target == "verifier" else executor_score

    adapter = CompactChatAdapter() if target == "verifier" else None  # what LMChecker uses at run time

    def scored(program: dspy.Module, desc: str) -> _Scores:
        return _evaluate(program, val, score_fn, task_lm, adapter, desc=desc, progress=progress, threads=threads,
                         max_errors=max_errors)

    before = scored(student, "score before") if task_lm else None
    best, stopped_in = student, None
    if before is None or not before.partial:
        job = CompileJob(target, student, train, val, teacher, reflector, seed, max_lm_calls, threads,
                         optimizer_options or {})
        try:
            with dspy.context(lm=task_lm, adapter=adapter):
                best = optimizer_builder(optimizer)(job)
        except Exception as exc:
            if not budget.exhausted:
                raise
            stopped_in = f"compile ({exc})"
    else:
        stopped_in = "scoring before"
    after = None
    if task_lm and stopped_in is None:
        after = scored(best, "score after")
        if after.partial:
            stopped_in = "scoring after"
    if before and after and not after.partial and after.mean < before.mean:
        best = student  # the best program so far is the one we started from

    score_before = before.mean if before else None
    score_after = after.mean if after else None
    metadata = {
        "optimizer": optimizer,
        "optimizer_settings": {"seed": seed, "max_lm_calls": max_lm_calls, **(optimizer_options or {})},
        "trainset": {"name": train_named.name, "sha256": train_named.sha256, "examples": len(train)},
        "valset": {"name": val_named.name, "sha256": val_named.sha256, "examples": len(val)},
        "metric": f"groundcheck.evals.optimization_metrics.{target}_metric",
        "score_before": score_before,
        "score_after": score_after,
        "scored_examples": {"before": before.n if before else 0, "after": after.n if after else 0},
        "lm": {"task": _name(lm), "teacher": _name(teacher_lm), "reflection": _name(reflection_lm)},
        "lm_calls": budget.used,
        "budget_exhausted": budget.exhausted,
        "stopped_in": stopped_in,
    }
    if out:
        saved = best.executor if isinstance(best, ReplayExecutor) else best  # the runtime loads an Executor
        save_artifact(saved, out, kind=target, metadata=metadata)
    return RunResult(best, score_before, score_after, budget.used, budget.exhausted,
                     stopped_in, metadata)


@dataclass
class _Scores:
    mean: float
    n: int
    partial: bool
    errors: int = 0


def _evaluate(program: dspy.Module, examples: list[dspy.Example], score_fn: Callable[..., tuple[float, str]],
              lm: Any, adapter: Any, *, desc: str, progress: bool = True, threads: int = DEFAULT_LM_CONCURRENCY,
              max_errors: int | None = None) -> _Scores:
    """Mean score over `examples` via the shared scoring loop (a failed prediction scores 0, like
    DSPy's `Evaluate`); partial when the LM-call budget, the error limit or Ctrl-C stopped it."""

    def score(example: dspy.Example) -> float:
        with dspy.context(lm=lm, adapter=adapter):
            prediction = program(**example.inputs())
        return score_fn(example, prediction)[0]

    outcome = run_scoring(score, examples, concurrency=threads, failure=lambda _e, _exc: 0.0,
                          max_errors=max_errors, stop_on=(BudgetExhausted,), progress=progress, desc=desc,
                          unit="example")
    if outcome.interrupted:
        raise KeyboardInterrupt
    scores = [s for s in outcome.results if s is not None]
    return _Scores(sum(scores) / len(scores) if scores else 0.0, len(scores), outcome.stopped is not None,
                   outcome.errors)


def _name(lm: Any) -> str | None:
    return model_name(lm) if lm is not None else None


def _demo_detail(ev: ClaimEvidence, cls: str) -> str:
    """The finding behind the gold class, where the evidence layer has one."""
    found = [f.detail for f in ev.hard if f.ceiling == cls] + [j.detail for j in ev.soft if j.lowers_to == cls]
    return found[0] if found and cls != "direct_observation" else _detail(cls)


def _detail(cls: str) -> str:
    return {
        "direct_observation": "the cited output states it",
        "reasonable_inference": "follows from the cited outputs by a small step",
        "overstated": "the evidence points that way but the claim says more",
        "unsupported": "no current-session evidence supports it",
        "external_unknown": "rests on outside knowledge the trace cannot confirm",
        "contradicted": "the tool outputs say otherwise or do not contain what it names",
    }[cls]

