"""Metrics DSPy optimizers can use: `metric(example, pred, trace=None)`, with GEPA feedback twins.

Verifier: per-claim class agreement with the gold labels plus the effective verdict after the
post-processor; a false PASS (effective, or the model's own verdict where the floors caught it)
scores 0 whatever else was right. Executor: contract validity,
Gatekeeper pass, expected-fact coverage, no guidance as fact, Chinese answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import dspy

from groundcheck.programs.core.claim_checkers import CheckRequest
from groundcheck.programs.core.pipeline import verify_session
from groundcheck.programs.text.normalize import normalize
from groundcheck.programs.text.tokens import extract_mentions
from groundcheck.signatures.models import ClaimCheck, VerifierModelOutput

CLAIM_WEIGHT = 0.6
VERDICT_WEIGHT = 0.4
FALSE_REJECT_FACTOR = 0.5


class FixedChecker:
    """A claim checker that returns a given model output (to post-process a prediction)."""

    name = "optimize"

    def __init__(self, output: VerifierModelOutput) -> None:
        self.output = output

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        return self.output


def verifier_score(example: dspy.Example, pred: Any) -> tuple[float, str]:
    """(score in 0..1, feedback text) for one Verifier prediction."""
    gold_claims: dict[str, str] = example.gold_claims
    predicted = {c.claim_id: c.verification for c in (getattr(pred, "claim_checks", None) or [])}
    wrong = [(cid, predicted.get(cid, "missing"), gold) for cid, gold in gold_claims.items()
             if predicted.get(cid) != gold]
    claim_score = 1 - len(wrong) / len(gold_claims) if gold_claims else 1.0
    output = VerifierModelOutput(
        claim_checks=[ClaimCheck(claim_id=cid, verification=v, detail="") for cid, v in predicted.items()],
        verdict=getattr(pred, "verdict", None),
    )
    effective = verify_session(example.session, FixedChecker(output)).verdict
    gold_verdict = example.gold_verdict
    score = CLAIM_WEIGHT * claim_score + VERDICT_WEIGHT * (effective == gold_verdict)
    notes = []
    if gold_verdict != "PASS" and effective == "PASS":
        score = 0.0
        notes.append(f"FALSE PASS: the gold verdict is {gold_verdict}; this is the most dangerous error")
    elif gold_verdict != "PASS" and output.verdict == "PASS":
        # the post-processor's floors caught it, but a program that says PASS here is not to be learned
        score = 0.0
        notes.append(f"FALSE PASS by the model (floored to {effective}): the gold verdict is {gold_verdict}")
    elif gold_verdict != "REJECT" and effective == "REJECT":
        score *= FALSE_REJECT_FACTOR
        notes.append(f"false REJECT: the gold verdict is {gold_verdict}")
    elif effective != gold_verdict:
        notes.append(f"effective verdict {effective}, gold {gold_verdict}")
    hints: dict[str, str] = example.get("hint_by_claim") or {}
    for cid, got, gold in wrong:
        notes.append(f"claim {cid} classified {got}, gold {gold}; the evidence showed: {hints.get(cid, 'n/a')}")
    return score, "; ".join(notes) or "all claims and the verdict correct"


def executor_components(example: dspy.Example, run: Any) -> dict[str, float]:
    """The five Executor checks for one run against the session it replays."""
    session = {
        "session_id": example.session["session_id"] + "#exec",
        "original_query": example.question,
        "executor_final_answer": run.final_answer,
        "tool_calls": run.tool_calls,
    }
    record = verify_session(session)
    failed = set(record.gatekeeper_result.failed_rules)
    contract = record.executor_structured_output or {}
    produced = normalize(" ".join(c["claim_text"] for c in contract.get("claims", [])))
    expected = example.expected_facts
    covered = sum(1 for fact in expected if normalize(fact) in produced)
    return {
        "contract_valid": float(record.executor_output_parse_status.status == "valid"),
        "gatekeeper_pass": float(record.gatekeeper_result.status != "fail"),
        "fact_coverage": covered / len(expected) if expected else 1.0,
        "no_guidance_as_fact": float("evidence.guidance_as_fact" not in failed),
        "chinese_answer": float(bool(contract) and "answer.language" not in failed),
    }


def executor_score(example: dspy.Example, run: Any) -> tuple[float, str]:
    parts = executor_components(example, run)
    missing = [k for k, v in parts.items() if v < 1.0]
    feedback = "; ".join(f"{k}={parts[k]:.2f}" for k in missing) or "contract valid, grounded and complete"
    return sum(parts.values()) / len(parts), feedback


ScoreFn = Callable[[dspy.Example, Any], tuple[float, str]]


def metric_pair(score_fn: ScoreFn) -> tuple[Callable[..., float], Callable[..., dspy.Prediction]]:
    """A DSPy metric `(example, pred, trace=None) -> float` and its GEPA twin with textual feedback."""

    def metric(example: dspy.Example, pred: Any, trace: Any = None) -> float:
        return score_fn(example, pred)[0]

    def feedback_metric(
        gold: dspy.Example, pred: Any, trace: Any = None, pred_name: str | None = None, pred_trace: Any = None
    ) -> dspy.Prediction:
        score, feedback = score_fn(gold, pred)
        return dspy.Prediction(score=score, feedback=feedback)

    return metric, feedback_metric


verifier_metric, verifier_feedback_metric = metric_pair(verifier_score)
executor_metric, executor_feedback_metric = metric_pair(executor_score)


def expected_facts(session: dict[str, Any]) -> list[str]:
    """Key entities and numbers of a labeled honest contract: what a good answer must state."""
    try:
        claims = json.loads(session["executor_final_answer"])["claims"]
    except (TypeError, ValueError, KeyError):
        return []
    facts: list[str] = []
    for claim in claims:
        mentions = extract_mentions(claim["claim_text"])
        for token in [*mentions.entities, *(n.text for n in mentions.numbers if not n.is_soft)]:
            if token not in facts:
                facts.append(token)
    return facts
