"""The `rules` claim checker: classifies each claim into one of six classes without an LM (spec §7).

Deterministic evidence matching, in order of precedence:
1. a key entity or a (non-trivial) number the claim names is absent from every tool output and does
   not follow from them -> `contradicted`;
2. no usable evidence (no bindings, fabricated references, excerpt not found, only failed calls,
   only guidance) -> `unsupported`, or `external_unknown` when the claim rests on general knowledge;
3. otherwise the best class the evidence allows, capped by the Executor's own `support_level`
   and lowered when the claim's details sit outside the cited outputs, when it presents a causal
   inference as a direct observation, or when it words an inference with certainty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from groundcheck.programs.content_words import content_words, word_in
from groundcheck.programs.normalize import fold
from groundcheck.programs.tokens import extract_mentions
from groundcheck.programs.trace_index import TraceIndex
from groundcheck.programs.wording import CAUSAL, CERTAIN, GENERAL_KNOWLEDGE
from groundcheck.signatures.models import (
    Claim,
    ClaimCheck,
    EvidenceBinding,
    EvidenceRef,
    ExecutorContract,
    GatekeeperResult,
    VerifierModelOutput,
)

BROKEN_REFERENCE_RULES = frozenset(
    {"evidence.invocation_ref", "evidence.excerpt", "evidence.guidance_as_fact"}
)
_MIN_WORD_COVERAGE = 0.5
_RANK = {"direct_observation": 0, "reasonable_inference": 1, "overstated": 2}


@dataclass
class _Assessment:
    """What the evidence says about one claim, before it is turned into a class."""

    nowhere: list[str] = field(default_factory=list)
    outside_cited: list[str] = field(default_factory=list)
    uncovered_words: list[str] = field(default_factory=list)  # not in the cited outputs
    new_words: list[str] = field(default_factory=list)  # in no output and not in the question either
    word_count: int = 0


def check_claims_by_rules(
    contract: ExecutorContract, index: TraceIndex, gate: GatekeeperResult
) -> VerifierModelOutput:
    """Classify every claim of a valid contract from the evidence alone.

    Returns:
        A `VerifierModelOutput` with one check per claim and no verdict of its own (the
        post-processor's rule verdict is the verdict).
    """
    checks = [check_claim(claim, index, gate) for claim in contract.claims]
    counts: dict[str, int] = {}
    for check in checks:
        counts[check.verification] = counts.get(check.verification, 0) + 1
    summary = ", ".join(f"{n} {name}" for name, n in sorted(counts.items())) or "no claims"
    return VerifierModelOutput(claim_checks=checks, verdict=None, rationale=f"rules backend: {summary}")


def check_claim(claim: Claim, index: TraceIndex, gate: GatekeeperResult) -> ClaimCheck:
    refs = evidence_refs(claim, index)
    cited = [i for ref in refs for i in ref.source_invocation_ids]
    found = _assess(claim, index, cited)

    def result(verification: str, detail: str) -> ClaimCheck:
        return ClaimCheck(
            claim_id=claim.claim_id, verification=verification, detail=detail, evidence_refs=refs
        )

    if found.nowhere:
        return result(
            "contradicted", f"names {_quote(found.nowhere)}, which no tool output contains or implies"
        )

    broken = sorted({f.rule for f in gate.claim_findings(claim.claim_id) if f.rule in BROKEN_REFERENCE_RULES})
    usable = [b for b in claim.evidence_bindings if _binding_usable(b, index)]
    general = bool(GENERAL_KNOWLEDGE.search(claim.claim_text))
    if not claim.evidence_bindings:
        if general or claim.claim_type == "background":
            return result("external_unknown", "cites no tool output and rests on general knowledge")
        return result("unsupported", "cites no tool output")
    if broken or not usable:
        why = ", ".join(broken) if broken else "its bindings cite only failed calls or mismatched tools"
        if general and not broken:
            return result("external_unknown", f"rests on general knowledge; {why}")
        return result("unsupported", f"its evidence does not hold: {why}")
    if claim.support_level == "none":
        return result("unsupported", "the Executor itself marks it as having no support")
    if found.word_count >= 2 and len(found.uncovered_words) / found.word_count > 1 - _MIN_WORD_COVERAGE:
        return result(
            "unsupported", f"most of its wording ({_quote(found.uncovered_words)}) is not in the cited output"
        )

    best = "direct_observation"
    reasons: list[str] = []
    if claim.support_level == "indirect":
        best = "reasonable_inference"
        reasons.append("the Executor marks it as inferred")
    if found.outside_cited:
        best = _lower(best, "reasonable_inference")
        reasons.append(f"{_quote(found.outside_cited)} appear only outside the cited output")
    if found.new_words:
        best = _lower(best, "overstated")
        reasons.append(f"it adds {_quote(found.new_words)}, which neither the trace nor the question mentions")
    elif found.uncovered_words:
        best = _lower(best, "reasonable_inference")
        reasons.append(f"{_quote(found.uncovered_words)} are not in the cited output")
    excerpts = " ".join(b.evidence_excerpt for b in usable)
    if claim.support_level == "direct" and CAUSAL.search(claim.claim_text) and not CAUSAL.search(excerpts):
        best = _lower(best, "overstated")
        reasons.append("it presents a causal inference as a direct observation")
    if best != "direct_observation" and CERTAIN.search(claim.claim_text):
        best = _lower(best, "overstated")
        reasons.append("it words an inference with certainty")
    if best == "direct_observation":
        return result(best, f"the cited output states it ({len(usable)} binding(s) verified)")
    return result(best, "; ".join(reasons))


def evidence_refs(claim: Claim, index: TraceIndex) -> list[EvidenceRef]:
    """One ref per cited call that exists, in citation order (spec §7)."""
    refs: list[EvidenceRef] = []
    seen: set[str] = set()
    for binding in claim.evidence_bindings:
        for ev in index.existing(binding.source_invocation_ids):
            if ev.call.invocation_id in seen:
                continue
            seen.add(ev.call.invocation_id)
            refs.append(
                EvidenceRef(
                    trace_ref=ev.call.trace_ref,
                    tool_name=ev.call.tool_name,
                    source_invocation_ids=[ev.call.invocation_id],
                )
            )
    return refs


def _assess(claim: Claim, index: TraceIndex, cited: list[str]) -> _Assessment:
    found = _Assessment()
    mentions = extract_mentions(claim.claim_text)
    for entity in mentions.entities:
        where = index.token_location(entity, cited)
        if where == "nowhere":
            found.nowhere.append(entity)
        elif where == "trace":
            found.outside_cited.append(entity)
    for number in mentions.numbers:
        where = index.number_location(number, cited)
        if where == "cited":
            continue
        if where == "nowhere" and not number.is_soft:
            found.nowhere.append(number.text)
        else:
            found.outside_cited.append(number.text)
    words = content_words(claim.claim_text, skip=mentions.entities)
    cited_calls = index.existing(cited)
    for name in words.names:
        if any(word_in(ev.flat, name) for ev in cited_calls):
            continue
        where = index.token_location(name, cited)
        (found.nowhere if where == "nowhere" else found.outside_cited).append(name)
    found.word_count = len(words.words)
    for word in words.words:
        if any(word_in(ev.flat, word) for ev in cited_calls):
            continue
        found.uncovered_words.append(word)
        if not index.word_anywhere(word):
            found.new_words.append(word)
    return found


def _binding_usable(binding: EvidenceBinding, index: TraceIndex) -> bool:
    calls = index.existing(binding.source_invocation_ids)
    if not calls or all(ev.call.status == "error" for ev in calls):
        return False
    if any(ev.call.tool_name != binding.tool_name for ev in calls):
        return False
    return index.excerpt_found(binding) and not index.binding_is_guidance(binding)


def _lower(current: str, candidate: str) -> str:
    return candidate if _RANK[candidate] > _RANK[current] else current


def _quote(items: list[str], limit: int = 4) -> str:
    shown = ", ".join(repr(fold(i)) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
