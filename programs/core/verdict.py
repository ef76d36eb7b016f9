"""Stage 4: the post-processor. Deterministic verdict rules (spec §8); it has the last word.

No model output can buy a PASS the evidence does not allow: the floors that hard evidence facts set
on each claim first, then the ten-row table on the floored classes, then the stricter of rule and
model verdict (row 1 final).
"""

from __future__ import annotations

from dataclasses import dataclass

from groundcheck.signatures.models import (
    UNCONFIRMED_CLASSES,
    ClaimCheck,
    EvidenceRef,
    ExecutorContract,
    FactCheck,
    GatekeeperResult,
    ParseStatus,
    VerdictAdjustment,
)

from .evidence_facts import ClaimEvidence, cap

SCORE = {"direct_observation": 1.0, "reasonable_inference": 0.6, "overstated": 0.3}
STRICTNESS = {"REJECT": 0, "LOW_CONFID": 1, "PASS": 2}
LOWERING = UNCONFIRMED_CLASSES - {"contradicted"}  # row 5; contradicted is row 2
PASS_THRESHOLD = 0.5


@dataclass(frozen=True)
class VerdictOutcome:
    verdict: str
    rule_verdict: str
    rule_row: int
    rule_reason: str
    groundedness_score: float
    critical_fact_count: int
    claim_checks: list[ClaimCheck]
    adjustments: list[VerdictAdjustment]


def align_claim_checks(
    contract: ExecutorContract, checks: list[ClaimCheck], evidence: list[ClaimEvidence]
) -> list[ClaimCheck]:
    """Exactly one check per claim, in claim order (spec §7).

    The k-th claim with an id takes the k-th check with that id, so claims that share an id never
    share a check. Checks for unknown claim ids are dropped; a claim without a check gets
    `unsupported` ("not verified"). Evidence refs are always rebuilt from the contract and trace,
    so a checker cannot cite calls the claim did not.
    """
    by_id: dict[str, list[ClaimCheck]] = {}
    for check in checks:
        by_id.setdefault(check.claim_id, []).append(check)
    taken: dict[str, int] = {}
    aligned = []
    for claim, ev in zip(contract.claims, evidence, strict=True):
        k = taken.get(claim.claim_id, 0)
        taken[claim.claim_id] = k + 1
        given = by_id.get(claim.claim_id, [])
        found = given[k] if k < len(given) else None
        if found is not None and _already_aligned(found, ev.refs):
            aligned.append(found)  # the rules checker's own check: a copy of it would be equal
            continue
        verification, detail = (found.verification, found.detail) if found else ("unsupported", "not verified")
        aligned.append(
            ClaimCheck(claim_id=claim.claim_id, verification=verification, detail=detail, evidence_refs=ev.refs)
        )
    return aligned


def _already_aligned(check: ClaimCheck, refs: list[EvidenceRef]) -> bool:
    """The check is what aligning it builds: a plain `ClaimCheck`, every field given, the claim's refs."""
    given = check.evidence_refs
    return (
        type(check) is ClaimCheck
        and len(check.model_fields_set) == len(ClaimCheck.model_fields)
        and len(given) == len(refs)
        and all(a is b for a, b in zip(given, refs, strict=True))
    )


def apply_floors(
    checks: list[ClaimCheck], evidence: list[ClaimEvidence]
) -> tuple[list[ClaimCheck], list[VerdictAdjustment]]:
    """Hold every check at or below the ceiling its hard facts set (spec §8), recording each change.

    Whatever the checker (rules, replay, an LM, a plugged-in one): a checker may put a claim below
    its floor, never above it.
    """
    out, adjustments = [], []
    for check, ev in zip(checks, evidence, strict=True):
        capped = cap(check.verification, ev.ceiling)
        if capped != check.verification:
            fact = next(f for f in ev.hard if f.ceiling == ev.ceiling)
            reason = f"claim {check.claim_id}: {fact.fact}: {fact.detail}"
            adjustments.append(VerdictAdjustment(**{"from": check.verification, "to": capped, "reason": reason}))
            check = check.model_copy(update={"verification": capped, "detail": f"{check.detail} [{fact.detail}]"})
        out.append(check)
    return out, adjustments


def fabricated_critical_claims(
    contract: ExecutorContract, gate: GatekeeperResult, evidence: list[ClaimEvidence] | None
) -> list[str]:
    """Critical claims citing a tool call that never happened (verdict row 3), by position when known.

    From the evidence layer when it ran (claims that share an id are told apart); otherwise from the
    Gatekeeper's `evidence.invocation_ref` findings.
    """
    if evidence is not None:
        return sorted({ev.claim_id for ev in evidence
                       if ev.claim.is_critical and any(f.fact == "fabricated_reference" for f in ev.hard)})
    critical_ids = {c.claim_id for c in contract.critical_claims}
    return sorted({f.claim_id for f in gate.findings
                   if f.rule == "evidence.invocation_ref" and f.claim_id in critical_ids and f.claim_id})


def groundedness(critical_checks: list[ClaimCheck]) -> float:
    return groundedness_of([c.verification for c in critical_checks])


def groundedness_of(classes: list[str]) -> float:
    """Mean class weight of the critical claims (spec §8), 0.0 without any, rounded to 4 places."""
    if not classes:
        return 0.0
    return round(sum(SCORE.get(c, 0.0) for c in classes) / len(classes), 4)


def decide_verdict(
    *,
    parse_status: ParseStatus,
    contract: ExecutorContract | None,
    checks: list[ClaimCheck],
    gate: GatekeeperResult,
    extra_facts: list[FactCheck],
    model_verdict: str | None,
    evidence: list[ClaimEvidence] | None = None,
) -> VerdictOutcome:
    """Apply the floors and the verdict table, then combine with the model's verdict.

    Args:
        parse_status: the parser's status.
        contract: the contract when valid, else None.
        checks: aligned claim checks (one per claim).
        gate: the Gatekeeper result.
        extra_facts: extra answer facts (spec §1), classified.
        model_verdict: the claim checker's own verdict, if it gave one.
        evidence: the evidence layer's assessment of each claim (its hard facts set the floors).
    """
    checks, adjustments = apply_floors(checks, evidence) if contract and evidence else (checks, [])
    # criticality by position: a background claim that reuses a critical claim's id stays background
    critical = [check for claim, check in zip(contract.claims, checks, strict=True) if claim.is_critical] \
        if contract else []
    score = groundedness(critical)
    fabricated = fabricated_critical_claims(contract, gate, evidence) if contract else []
    row, rule_verdict, reason = _rule_verdict(parse_status, critical, gate, extra_facts, score, fabricated)

    verdict = rule_verdict
    if row != 1 and model_verdict is not None and STRICTNESS[model_verdict] < STRICTNESS[verdict]:
        verdict = model_verdict
    if model_verdict == "PASS" and gate.status == "fail" and row != 1:
        floor = "REJECT" if "evidence.invocation_ref" in gate.failed_rules else "LOW_CONFID"
        if STRICTNESS[floor] < STRICTNESS[verdict]:
            verdict = floor
    if model_verdict is not None and verdict != model_verdict:
        adjustments.append(
            VerdictAdjustment(**{"from": model_verdict, "to": verdict, "reason": f"verdict rule {row}: {reason}"})
        )
    return VerdictOutcome(
        verdict=verdict,
        rule_verdict=rule_verdict,
        rule_row=row,
        rule_reason=reason,
        groundedness_score=score,
        critical_fact_count=len(critical),
        claim_checks=checks,
        adjustments=adjustments,
    )


def _rule_verdict(
    parse_status: ParseStatus,
    critical: list[ClaimCheck],
    gate: GatekeeperResult,
    extra_facts: list[FactCheck],
    score: float,
    fabricated: list[str],
) -> tuple[int, str, str]:
    if parse_status.status != "valid":
        return (
            1,
            "LOW_CONFID",
            f"executor output is {parse_status.status}; no PASS from natural-language fallback",
        )
    contradicted = [c.claim_id for c in critical if c.verification == "contradicted"]
    if contradicted:
        return 2, "REJECT", f"critical claim(s) contradicted: {', '.join(contradicted)}"
    if fabricated:
        return 3, "REJECT", f"fabricated invocation reference in critical claim(s): {', '.join(fabricated)}"
    if not critical:
        return 4, "LOW_CONFID", "no critical claims"
    lowering = [c.claim_id for c in critical if c.verification in LOWERING]
    if lowering:
        return 5, "LOW_CONFID", f"critical claim(s) not fully supported: {', '.join(lowering)}"
    if not any(c.verification == "direct_observation" for c in critical):
        return 6, "LOW_CONFID", "no critical claim is directly observed"
    if gate.status == "fail":
        return 7, "LOW_CONFID", f"gatekeeper failed: {', '.join(gate.failed_rules)}"
    unsupported_extra = [f for f in extra_facts if f.classification in ("no_evidence", "contradicted")]
    if unsupported_extra or "answer.unbacked_entity" in gate.warned_rules:
        return 8, "LOW_CONFID", "the answer states facts beyond its supported claims"
    if score < PASS_THRESHOLD:
        return 9, "LOW_CONFID", f"groundedness {score} below {PASS_THRESHOLD}"
    return 10, "PASS", "every critical claim is supported and at least one is directly observed"
