"""The `rules` claim checker: a class for each claim from the evidence layer alone (spec §7).

It reads the `ClaimEvidence` the evidence layer computed, in order of precedence:
1. a hard fact caps the claim at `contradicted` -> `contradicted`;
2. a hard fact takes away its evidence -> `unsupported`, or `external_unknown` when the claim rests
   on general knowledge;
3. otherwise the ceiling the hard facts allow (`direct_observation`, or `reasonable_inference` for an
   `indirect` claim), lowered by the soft judgements: details outside the cited outputs, words the
   evidence does not carry, a causal inference presented as an observation, scope (all / every /
   整个) the cited output does not show, certainty wording.
"""

from __future__ import annotations

from typing import cast

from groundcheck.signatures.models import ClaimCheck, Verification, VerifierModelOutput

from .evidence_facts import ClaimEvidence, cap

# Soft judgements that find the cited output saying otherwise (`lowers_to` "contradicted"), in the
# order the one reported is chosen; a judgement of that class missing here fails loudly (ValueError).
_CONTRADICTING = (
    "negation", "searched_not_found", "other_row", "other_subject", "other_label", "other_key", "other_value",
    "own_multiple", "own_change", "own_bound", "bound_broken", "whole_share", "beside_quote", "respective_pairs",
    "expected_as_outcome", "opposite_outcome", "direction", "not_extreme", "time_course", "quoted_time",
    "cut_listing", "zero_counter", "state_pair",
)
# Soft judgements that lower a class to their `lowers_to`, in the order they are reported.
_LOWERING = ("outside_cited", "new_words", "uncovered_words", "uncovered_concepts", "causal_as_direct", "scope_wording")


def check_claims_by_rules(evidence: list[ClaimEvidence]) -> VerifierModelOutput:
    """Classify every claim of a valid contract from its evidence assessment.

    Returns:
        A `VerifierModelOutput` with one check per claim, in claim order, and no verdict of its own
        (the post-processor's rule verdict is the verdict).
    """
    checks = [classify(ev) for ev in evidence]
    counts: dict[str, int] = {}
    for check in checks:
        counts[check.verification] = counts.get(check.verification, 0) + 1
    summary = ", ".join(f"{n} {name}" for name, n in sorted(counts.items())) or "no claims"
    return VerifierModelOutput(claim_checks=checks, verdict=None, rationale=f"rules backend: {summary}")


def classify(ev: ClaimEvidence) -> ClaimCheck:
    verification, detail = _decide(ev)
    # _decide returns class names of `SUPPORT_RANK`, which are the `Verification` values
    return ClaimCheck(
        claim_id=ev.claim_id, verification=cast(Verification, verification), detail=detail, evidence_refs=ev.refs
    )


def _decide(ev: ClaimEvidence) -> tuple[str, str]:
    ceiling = ev.ceiling
    if ceiling == "contradicted":
        fact = next(f for f in ev.hard if f.ceiling == "contradicted")
        return "contradicted", fact.detail
    soft = {j.judgement: j for j in ev.soft}
    general = "general_knowledge" in soft
    if ceiling == "unsupported":
        return _without_evidence(ev, general)

    contradicting = [j for j in ev.soft if j.lowers_to == "contradicted"]
    if contradicting:  # every reading that finds the cited output saying otherwise; the first by _CONTRADICTING
        first = min(contradicting, key=lambda j: _CONTRADICTING.index(j.judgement))
        return "contradicted", first.detail
    for name in ("mostly_uncovered", "uncovered_concepts"):
        if name in soft and soft[name].lowers_to == "unsupported":
            return "unsupported", soft[name].detail
    best = ceiling
    reasons = [f.detail for f in ev.hard if f.ceiling == ceiling]
    for name in _LOWERING:
        if name in soft:
            best = cap(best, soft[name].lowers_to)
            reasons.append(soft[name].detail)
    if "certain_wording" in soft and best != "direct_observation":
        best = cap(best, "overstated")
        reasons.append(soft["certain_wording"].detail)
    if best == "direct_observation":
        return best, f"the cited output states it ({len(ev.usable_bindings)} binding(s) verified)"
    return best, "; ".join(reasons)


def _without_evidence(ev: ClaimEvidence, general: bool) -> tuple[str, str]:
    facts = {f.fact: f for f in ev.hard}
    if "no_binding" in facts:
        if general or not ev.claim.is_critical:
            return "external_unknown", "cites no tool output and rests on general knowledge"
        return "unsupported", facts["no_binding"].detail
    if "no_usable_binding" in facts:
        detail = facts["no_usable_binding"].detail
        if general:
            return "external_unknown", f"rests on general knowledge; {detail}"
        return "unsupported", f"its evidence does not hold: {detail}"
    if "guidance_only_mention" in facts:
        return "unsupported", facts["guidance_only_mention"].detail
    fact = ev.binding_fact()
    return "unsupported", fact.detail if fact else "no usable evidence"
