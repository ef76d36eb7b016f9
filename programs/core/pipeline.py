"""`verify_session`: parse -> Gatekeeper -> evidence facts -> (cascade) claim checker -> verdict rules
-> verifier_evaluation.

The deterministic stages run first; a checker that asks a model is skipped when they already fix the
verdict (`cascade`). `averify_session` is the async twin: the deterministic stages run inline, the
checker is awaited.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, cast

from groundcheck.signatures.models import (
    ExecutorContract,
    FactCheck,
    GatekeeperResult,
    LMUsage,
    Session,
    ToolTraceItem,
    Verdict,
    VerifierEvaluation,
    VerifierModelOutput,
)

from ..errors import ConfigError, describe_exception
from ..telemetry import SpanHandle, verification_span
from ..text.session_memo import session_memo
from ..version import PROGRAM_VERSION
from .cascade import verdict_fixed_by_trace
from .claim_checkers import AsyncClaimChecker, CheckRequest, ClaimChecker, ReplayChecker, RulesChecker
from .evidence_facts import ClaimEvidence, HardFact, assess_claims
from .facts import claim_facts, extra_answer_facts, fallback_facts
from .gatekeeper import run_gatekeeper
from .parse import ParsedOutput, parse_executor_output
from .sessions import ensure_session
from .trace_index import TraceIndex
from .trace_summary import DEFAULT_BUDGET, summarize_trace
from .verdict import align_claim_checks, decide_verdict

OFFLINE_BACKENDS = ("rules", "replay")
logger = logging.getLogger(__name__)


def verify_session(
    session: Session | dict[str, Any],
    backend: str | ClaimChecker = "rules",
    *,
    summary_budget: int = DEFAULT_BUDGET,
) -> VerifierEvaluation:
    """Verify one Executor answer against its tool trace.

    Args:
        session: a session in the interchange format (spec §3), as a model or a dict.
        backend: `"rules"`, `"replay"`, or a claim checker object (e.g. `LMChecker`).
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
    checker = resolve_checker(backend)  # an unknown backend is reported before a bad session
    return verify_checked_session(ensure_session(session), checker, summary_budget=summary_budget)


def verify_checked_session(
    session: Session, backend: str | ClaimChecker = "rules", *, summary_budget: int = DEFAULT_BUDGET
) -> VerifierEvaluation:
    """`verify_session` for a `Session` that `sessions.session_from_bytes` or `ensure_session` has just
    built, so within the JSON limits already: they are not walked again (the `verify x.jsonl` workers)."""
    checker = resolve_checker(backend)
    with session_memo():
        return _verify(session, checker, summary_budget)


def _verify(session: Session, checker: ClaimChecker, summary_budget: int) -> VerifierEvaluation:
    prepared = prepare_verification(session, summary_budget)
    with _span(prepared, checker) as span:
        record = _decided_without_model(prepared, checker)
        if record is None:
            try:
                record = _finish(prepared, checker, checker.check(_request(prepared)), None)
            except Exception as exc:  # any checker failure becomes a recorded error, never a crash
                record = _failed(prepared, checker, exc)
        span.record_verification(record)
    return record


async def averify_session(
    session: Session | dict[str, Any],
    backend: str | ClaimChecker = "rules",
    *,
    summary_budget: int = DEFAULT_BUDGET,
) -> VerifierEvaluation:
    """Async twin of `verify_session`: awaits the checker's `acheck` (or runs `check` in a thread)."""
    checker = resolve_checker(backend)
    with session_memo():
        prepared = prepare_verification(ensure_session(session), summary_budget)
    with _span(prepared, checker) as span:
        record = _decided_without_model(prepared, checker)
        if record is None:
            try:
                if isinstance(checker, AsyncClaimChecker):
                    output = await checker.acheck(_request(prepared))
                else:
                    output = await asyncio.to_thread(checker.check, _request(prepared))
                record = _finish(prepared, checker, output, None)
            except Exception as exc:
                record = _failed(prepared, checker, exc)
        span.record_verification(record)
    return record


def resolve_checker(backend: str | ClaimChecker) -> ClaimChecker:
    if not isinstance(backend, str):
        return backend
    if backend == "rules":
        return RulesChecker()
    if backend == "replay":
        return ReplayChecker()
    raise ConfigError(f"unknown backend {backend!r}: use rules, replay, or an LM checker (backend 'lm')")


def _span(p: Prepared, checker: ClaimChecker) -> AbstractContextManager[SpanHandle]:
    model = getattr(getattr(checker, "lm", None), "model", None)
    return verification_span(p.session.session_id, round=p.session.round, backend=checker.name, model=model)


def _failed(p: Prepared, checker: ClaimChecker, exc: Exception) -> VerifierEvaluation:
    error = describe_exception(exc)
    logger.warning("session %s: claim checker %s failed: %s", p.session.session_id, checker.name, error)
    return _finish(p, checker, None, error, usage=getattr(exc, "lm_usage", None))


def _decided_without_model(p: Prepared, checker: ClaimChecker) -> VerifierEvaluation | None:
    """The record when no checker call is needed: no contract, or a model need not be asked (spec §8)."""
    if not getattr(checker, "asks_model", False):
        return _finish(p, checker, None, None) if p.request is None else None
    evidence = p.request.evidence if p.request else None
    reason = verdict_fixed_by_trace(p.parsed.status, p.parsed.contract, p.gate, evidence)
    if reason is None:
        return None
    rules = RulesChecker().check(p.request) if p.request else None
    return _finish(p, checker, rules, None, model_not_asked=reason)


def _request(p: Prepared) -> CheckRequest:
    """The request of a session that `_decided_without_model` left open: it decides every session
    without a valid contract (verdict rule 1), so only sessions with a request reach a checker."""
    return cast(CheckRequest, p.request)


@dataclass
class Prepared:
    session: Session
    parsed: ParsedOutput
    index: TraceIndex
    gate: GatekeeperResult
    summary: list[ToolTraceItem]
    request: CheckRequest | None  # None when there is no valid contract to check


def prepare_verification(session: Session, summary_budget: int = DEFAULT_BUDGET) -> Prepared:
    """The deterministic stages before the claim checker (also used to build optimizer examples)."""
    parsed = parse_executor_output(session.executor_final_answer)
    index = TraceIndex(session)
    gate = run_gatekeeper(parsed, index)
    try:
        summary = summarize_trace(index, parsed.contract, summary_budget)
    except Exception:  # the summary only feeds a model: the record is written without it
        logger.exception("the trace summary failed; the record is written without it")
        summary = []
    request = None
    if parsed.contract is not None:
        request = CheckRequest(
            session=session,
            parsed=parsed,
            contract=parsed.contract,
            index=index,
            gate=gate,
            summary=summary,
            evidence=_assessed(parsed.contract, index),
        )
    return Prepared(session, parsed, index, gate, summary, request)


def _assessed(contract: ExecutorContract, index: TraceIndex) -> list[ClaimEvidence]:
    """`assess_claims`, or, should a reading fail on an unforeseen input, every claim unverified (a hard
    fact the record shows): a verification never crashes on what an Executor or a tool wrote."""
    try:
        return assess_claims(contract, index)
    except Exception as exc:  # a bug must cost a PASS, never the operator's answer
        logger.exception("the evidence layer failed; every claim is left unverified")
        detail = f"not verified: the evidence layer failed ({describe_exception(exc)})"
        return [
            ClaimEvidence(i, claim, [], [], hard=[HardFact("internal_error", "unsupported", detail)])
            for i, claim in enumerate(contract.claims)
        ]


def _answer_facts(contract: ExecutorContract, index: TraceIndex) -> list[FactCheck]:
    """`extra_answer_facts`, or one unverified fact for the whole answer should a reading fail."""
    try:
        return extra_answer_facts(contract, index)
    except Exception:  # as `_assessed`: the answer stays unverified, the record is written
        logger.exception("the answer facts failed; the answer is left unverified")
        return [FactCheck(fact=contract.user_facing_answer, classification="no_evidence", claim_id=None,
                          source="user_facing_answer")]


def _finish(
    p: Prepared,
    checker: ClaimChecker,
    output: VerifierModelOutput | None,
    verifier_error: str | None,
    *,
    usage: LMUsage | None = None,
    model_not_asked: str | None = None,
) -> VerifierEvaluation:
    contract = p.parsed.contract
    if contract is None or p.request is None:
        checks, extra, facts = [], [], fallback_facts(p.session.executor_final_answer, p.index)
    else:
        evidence = p.request.evidence
        checks = align_claim_checks(contract, output.claim_checks if output else [], evidence)
        extra = _answer_facts(contract, p.index)
    model_verdict = output.verdict if output else None
    outcome = decide_verdict(
        parse_status=p.parsed.status,
        contract=contract,
        checks=checks,
        gate=p.gate,
        extra_facts=extra,
        model_verdict=model_verdict,
        evidence=p.request.evidence if p.request else None,
    )
    if contract is not None:
        facts = claim_facts(contract, outcome.claim_checks) + extra
    rationale_head = _join(model_not_asked or "", output.rationale if output else (verifier_error or ""))
    return VerifierEvaluation(
        session_id=p.session.session_id,
        verdict=cast(Verdict, outcome.verdict),  # decide_verdict gives one of `VERDICTS`
        model_verdict=model_verdict,
        groundedness_score=outcome.groundedness_score,
        critical_fact_count=outcome.critical_fact_count,
        claim_checks=outcome.claim_checks,
        facts_checked=facts,
        rationale=_join(rationale_head, f"verdict rule {outcome.rule_row}: {outcome.rule_reason}"),
        executor_output_parse_status=p.parsed.status,
        executor_structured_output=contract.model_dump(mode="python") if contract else None,
        tool_trace_summary=p.summary,
        gatekeeper_result=p.gate,
        verdict_adjustments=outcome.adjustments,
        verifier_error=verifier_error,
        backend=checker.name,
        program_version=getattr(checker, "program_version", None) or PROGRAM_VERSION,
        round=p.session.round,
        model_not_asked=model_not_asked,
        lm_usage=output.lm_usage if output is not None else usage,
    )


def _join(*parts: str) -> str:
    return " | ".join(p for p in parts if p)
