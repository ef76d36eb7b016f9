"""`verify_session`: parse -> Gatekeeper -> claim checker -> verdict rules -> verifier_evaluation."""

from __future__ import annotations

from typing import Any

from groundcheck.programs.claim_checkers import (
    CheckRequest,
    ClaimChecker,
    ReplayChecker,
    RulesChecker,
    rules_hints,
)
from groundcheck.programs.errors import ConfigError
from groundcheck.programs.facts import claim_facts, extra_answer_facts, fallback_facts
from groundcheck.programs.gatekeeper import run_gatekeeper
from groundcheck.programs.parse import parse_executor_output
from groundcheck.programs.sessions import ensure_session
from groundcheck.programs.trace_index import TraceIndex
from groundcheck.programs.trace_summary import DEFAULT_BUDGET, summarize_trace
from groundcheck.programs.verdict import align_claim_checks, decide_verdict
from groundcheck.programs.version import PROGRAM_VERSION
from groundcheck.signatures.models import Session, VerifierEvaluation, VerifierModelOutput

OFFLINE_BACKENDS = ("rules", "replay")


def verify_session(
    session: Session | dict[str, Any],
    backend: str | ClaimChecker = "rules",
    *,
    summary_budget: int = DEFAULT_BUDGET,
) -> VerifierEvaluation:
    """Verify one Executor answer against its tool trace.

    Args:
        session: a session in the interchange format (spec §3), as a model or a dict.
        backend: `"rules"`, `"replay"`, or a claim checker object (e.g. the LM `Verifier`).
        summary_budget: characters of tool output the trace summary keeps for the whole session.

    Returns:
        The verifier_evaluation record (spec §9). Bad Executor output or a failing checker never
        raise; they show in the record.

    Raises:
        InputError: the session does not meet the contract.
        ConfigError: unknown backend name.

    Example:
        >>> record = verify_session(session_dict)            # offline rules backend
        >>> record.verdict, record.groundedness_score
    """
    session = ensure_session(session)
    checker = resolve_checker(backend)
    parsed = parse_executor_output(session.executor_final_answer)
    index = TraceIndex(session)
    gate = run_gatekeeper(parsed, index)
    summary = summarize_trace(index, parsed.contract, summary_budget)
    contract = parsed.contract

    model_output: VerifierModelOutput | None = None
    verifier_error: str | None = None
    if contract is None:
        checks, facts = [], fallback_facts(session.executor_final_answer, index)
        extra = []
    else:
        hints = rules_hints(contract, index, gate)
        request = CheckRequest(
            session=session,
            parsed=parsed,
            contract=contract,
            index=index,
            gate=gate,
            summary=summary,
            hints=hints,
        )
        try:
            model_output = checker.check(request)
        except Exception as exc:  # any checker failure becomes a recorded error, never a crash
            verifier_error = f"{type(exc).__name__}: {exc}"
        refs = {check.claim_id: check.evidence_refs for check in hints.claim_checks}
        checks = align_claim_checks(contract, model_output.claim_checks if model_output else [], refs)
        extra = extra_answer_facts(contract, index)
        facts = []

    model_verdict = model_output.verdict if model_output else None
    outcome = decide_verdict(
        parse_status=parsed.status,
        contract=contract,
        checks=checks,
        gate=gate,
        extra_facts=extra,
        model_verdict=model_verdict,
    )
    if contract is not None:
        facts = claim_facts(contract, outcome.claim_checks) + extra
    rationale_head = model_output.rationale if model_output else (verifier_error or "")
    return VerifierEvaluation(
        session_id=session.session_id,
        verdict=outcome.verdict,
        model_verdict=model_verdict,
        groundedness_score=outcome.groundedness_score,
        critical_fact_count=outcome.critical_fact_count,
        claim_checks=outcome.claim_checks,
        facts_checked=facts,
        rationale=_join(rationale_head, f"verdict rule {outcome.rule_row}: {outcome.rule_reason}"),
        executor_output_parse_status=parsed.status,
        executor_structured_output=contract.model_dump(mode="json") if contract else None,
        tool_trace_summary=summary,
        gatekeeper_result=gate,
        verdict_adjustments=outcome.adjustments,
        verifier_error=verifier_error,
        backend=checker.name,
        program_version=PROGRAM_VERSION,
        round=session.round,
    )


def resolve_checker(backend: str | ClaimChecker) -> ClaimChecker:
    if not isinstance(backend, str):
        return backend
    if backend == "rules":
        return RulesChecker()
    if backend == "replay":
        return ReplayChecker()
    raise ConfigError(f"unknown backend {backend!r}: use rules, replay, or an LM Verifier (backend 'lm')")


def _join(*parts: str) -> str:
    return " | ".join(p for p in parts if p)
