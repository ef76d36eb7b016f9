"""The `lm` claim checker: the DSPy Verifier program behind `verify_session(..., backend=checker)`.

parse -> Gatekeeper -> Verifier model -> verdict rules: the model's output goes through the same
post-processor as every backend, so it can lower a verdict but never buy a PASS.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dspy

from groundcheck.programs import lm as _lm  # noqa: F401  (sets the no-phoning-home defaults first)
from groundcheck.programs.artifacts import default_verifier
from groundcheck.programs.claim_checkers import CheckRequest
from groundcheck.programs.lm import model_name
from groundcheck.programs.rules_checker import check_claims_by_rules
from groundcheck.programs.trace_summary import summarize_trace
from groundcheck.signatures.models import ClaimCheck, VerifierInput, VerifierModelOutput
from groundcheck.signatures.verifier import RulesHint, VerifierRetrySignature, VerifierSignature

DEFAULT_MAX_PROMPT_TOKENS = 8_000
PARSED_PLACEHOLDER = "(parsed without loss as executor_structured_output below)"
_FIT_ROUNDS = 4
_MIN_SUMMARY_CHARS = 1_000


class Verifier(dspy.Module):
    """Classifies every claim of a contract from the explicit verifier inputs.

    Two predictors, so that the retry round's prompt carries `retry_context` and round 1's never does.
    Inputs are the signature's fields (see `verifier_fields`), so labeled examples can be demos as is.
    """

    def __init__(self) -> None:
        super().__init__()
        self.check = dspy.Predict(VerifierSignature)
        self.check_retry = dspy.Predict(VerifierRetrySignature)

    def forward(self, **fields: Any) -> dspy.Prediction:
        return self._predictor(fields)(**fields)

    async def aforward(self, **fields: Any) -> dspy.Prediction:
        return await self._predictor(fields).acall(**fields)

    def render(self, fields: dict[str, Any], adapter: Any = None) -> list[dict[str, Any]]:
        """The exact messages the LM would receive (for token budgeting and inspection)."""
        predictor = self._predictor(fields)
        adapter = adapter or dspy.settings.adapter or dspy.ChatAdapter()
        return adapter.format(predictor.signature, demos=predictor.demos, inputs=fields)

    def _predictor(self, fields: dict[str, Any]) -> dspy.Predict:
        return self.check_retry if fields.get("retry_context") is not None else self.check


def verifier_fields(vin: VerifierInput, hints: list[RulesHint]) -> dict[str, Any]:
    """The signature's input fields for one verification (`retry_context` only on round 2)."""
    final_answer = vin.executor_final_answer or ""
    if vin.executor_structured_output is not None:
        # the contract below is this text, parsed; repeating it would double the prompt
        final_answer = PARSED_PLACEHOLDER
    fields: dict[str, Any] = {
        "original_query": vin.original_query,
        "executor_final_answer": final_answer,
        "executor_structured_output": vin.executor_structured_output,
        "executor_output_parse_status": vin.executor_output_parse_status,
        "tool_trace_summary": vin.tool_trace_summary,
        "evidence_hints": hints,
    }
    if vin.retry_context is not None:
        fields["retry_context"] = vin.retry_context
    return fields


class LMChecker:
    """A claim checker that asks an LM through a (compiled) `Verifier`; safe from many threads.

    Args:
        lm: a `dspy.LM` (see `make_lm`) or any `dspy.BaseLM`.
        program: the Verifier program; the shipped compiled one when None.
        adapter: a DSPy adapter; DSPy's default (chat, with JSON fallback) when None.
        max_prompt_tokens: the trace summary shrinks until the prompt fits (litellm's token counter).
    """

    def __init__(self, lm: Any, program: Verifier | None = None, adapter: Any = None,
                 max_prompt_tokens: int = DEFAULT_MAX_PROMPT_TOKENS) -> None:
        self.lm = lm
        self.program = program if program is not None else default_verifier()
        self.adapter = adapter
        self.max_prompt_tokens = max_prompt_tokens
        self.name = f"lm:{model_name(lm)}"

    def check(self, request: CheckRequest) -> VerifierModelOutput:
        fields = verifier_fields(self.fitted_input(request), hints_of(request))
        with dspy.context(lm=self.lm, adapter=self.adapter):
            prediction = self.program(**fields)
        return output_of(prediction)

    async def acheck(self, request: CheckRequest) -> VerifierModelOutput:
        fields = verifier_fields(self.fitted_input(request), hints_of(request))
        with dspy.context(lm=self.lm, adapter=self.adapter):
            prediction = await self.program.acall(**fields)
        return output_of(prediction)

    def prompt_tokens(self, vin: VerifierInput, hints: list[RulesHint]) -> int:
        import litellm

        messages = self.program.render(verifier_fields(vin, hints), self.adapter)
        return int(litellm.token_counter(model=_counting_model(self.lm), messages=messages))

    def fitted_input(self, request: CheckRequest) -> VerifierInput:
        """The verifier input with a trace summary cut until the whole prompt fits the token budget."""
        vin, hints = request.verifier_input, hints_of(request)
        budget = sum(len(item.output_excerpt) for item in vin.tool_trace_summary)
        for _ in range(_FIT_ROUNDS):
            tokens = self.prompt_tokens(vin, hints)
            if tokens <= self.max_prompt_tokens or budget <= _MIN_SUMMARY_CHARS:
                return vin
            budget = max(int(budget * self.max_prompt_tokens / tokens * 0.9), _MIN_SUMMARY_CHARS)
            summary = summarize_trace(request.index, request.contract, budget)
            vin = vin.model_copy(update={"tool_trace_summary": summary})
        return vin


def hints_of(request: CheckRequest) -> list[RulesHint]:
    return [
        RulesHint(claim_id=c.claim_id, rules_class=c.verification, finding=c.detail)
        for c in check_claims_by_rules(request.evidence).claim_checks
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
    """A Verifier from a compiled artifact directory, or from a bare saved DSPy state file."""
    path = Path(path)
    if path.is_dir():
        from groundcheck.programs.artifacts import load_program

        return load_program(path, "verifier")
    program = Verifier()
    program.load(str(path))
    return program


def _counting_model(lm: Any) -> str:
    """A model name litellm can count tokens for (its own tokenizer, else a cl100k-class default)."""
    name = model_name(lm)
    return name if "/" in name or name.startswith(("gpt", "claude")) else "gpt-4o-mini"
