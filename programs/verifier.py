"""The `lm` claim checker: the DSPy Verifier program behind `verify_session(..., backend=checker)`.

parse -> Gatekeeper -> Verifier model -> verdict rules: the model's output goes through the same
post-processor as every backend, so it can lower a verdict but never buy a PASS.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dspy

from groundcheck.programs import lm as _lm  # noqa: F401  (sets the no-phoning-home defaults first)
from groundcheck.programs.claim_checkers import CheckRequest
from groundcheck.programs.lm import model_name
from groundcheck.signatures.models import ClaimCheck, VerifierInput, VerifierModelOutput
from groundcheck.signatures.verifier import RulesHint, VerifierRetrySignature, VerifierSignature


class Verifier(dspy.Module):
    """Classifies every claim of a contract from the explicit verifier inputs.

    Two predictors, so that the retry round's prompt carries `retry_context` and round 1's never does.
    """

    def __init__(self) -> None:
        super().__init__()
        self.check = dspy.Predict(VerifierSignature)
        self.check_retry = dspy.Predict(VerifierRetrySignature)

    def forward(self, verifier_input: VerifierInput, evidence_hints: list[RulesHint]) -> dspy.Prediction:
        predictor, kwargs = self._route(verifier_input, evidence_hints)
        return predictor(**kwargs)

    async def aforward(self, verifier_input: VerifierInput, evidence_hints: list[RulesHint]) -> dspy.Prediction:
        predictor, kwargs = self._route(verifier_input, evidence_hints)
        return await predictor.acall(**kwargs)

    def _route(self, vin: VerifierInput, hints: list[RulesHint]) -> tuple[dspy.Predict, dict[str, Any]]:
        kwargs: dict[str, Any] = {
            "original_query": vin.original_query,
            "executor_final_answer": vin.executor_final_answer or "",
            "executor_structured_output": vin.executor_structured_output,
            "executor_output_parse_status": vin.executor_output_parse_status,
            "tool_trace_summary": vin.tool_trace_summary,
            "evidence_hints": hints,
        }
        if vin.retry_context is not None:
            return self.check_retry, {**kwargs, "retry_context": vin.retry_context}
        return self.check, kwargs


class LMChecker:
    """A claim checker that asks an LM through a (compiled) `Verifier`; safe from many threads.

    Args:
        lm: a `dspy.LM` (see `make_lm`) or any `dspy.BaseLM`.
        program: the Verifier program; a fresh one when None.
        adapter: a DSPy adapter; DSPy's default (chat, with JSON fallback) when None.
    """

    def __init__(self, lm: Any, program: Verifier | None = None, adapter: Any = None) -> None:
        self.lm = lm
        self.program = program or Verifier()
        self.adapter = adapter
        self.name = f"lm:{model_name(lm)}"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        with dspy.context(lm=self.lm, adapter=self.adapter):
            prediction = self.program(verifier_input=request.verifier_input, evidence_hints=hints_of(request))
        return output_of(prediction)

    async def acheck(self, request: CheckRequest) -> VerifierModelOutput:
        with dspy.context(lm=self.lm, adapter=self.adapter):
            prediction = await self.program.acall(
                verifier_input=request.verifier_input, evidence_hints=hints_of(request)
            )
        return output_of(prediction)


def hints_of(request: CheckRequest) -> list[RulesHint]:
    return [
        RulesHint(claim_id=c.claim_id, rules_class=c.verification, finding=c.detail)
        for c in request.hints.claim_checks
    ]


def output_of(prediction: dspy.Prediction) -> VerifierModelOutput:
    checks = [
        ClaimCheck(claim_id=c.claim_id, verification=c.verification, detail=c.detail, evidence_refs=[])
        for c in prediction.claim_checks
    ]
    score = prediction.groundedness_score
    return VerifierModelOutput(
        claim_checks=checks,
        verdict=prediction.verdict,
        groundedness_score=float(score) if score is not None else None,
        rationale=str(prediction.rationale or ""),
    )


def load_verifier(path: str | Path) -> Verifier:
    """A Verifier program from saved DSPy state (compiled artifacts: see `groundcheck.programs.artifacts`)."""
    program = Verifier()
    program.load(str(path))
    return program
