"""Legacy `facts_checked` (seed 001, spec §1 and §9).

For a valid contract: one item per claim (mapped from its claim check), then the extra answer
facts: assertive sentences of `user_facing_answer` naming an entity or number no claim contains.
For unparseable output: the natural-language fallback over `executor_final_answer`, recorded for
audit only (it can never support a verdict).
"""

from __future__ import annotations

from groundcheck.programs.normalize import contains_token, fold
from groundcheck.programs.tokens import Mentions, extract_mentions
from groundcheck.programs.trace_index import TraceIndex, literal_number_in
from groundcheck.programs.wording import is_assertion, split_sentences
from groundcheck.signatures.models import ClaimCheck, ExecutorContract, FactCheck

LEGACY_CLASS: dict[str, str] = {
    "direct_observation": "direct_evidence",
    "reasonable_inference": "indirect_support",
    "overstated": "indirect_support",
    "unsupported": "no_evidence",
    "external_unknown": "no_evidence",
    "contradicted": "contradicted",
}


def legacy_class(verification: str) -> str:
    return LEGACY_CLASS[verification]


def claim_facts(contract: ExecutorContract, checks: list[ClaimCheck]) -> list[FactCheck]:
    by_id = {c.claim_id: c for c in checks}
    return [
        FactCheck(
            fact=claim.claim_text,
            classification=legacy_class(by_id[claim.claim_id].verification),
            claim_id=claim.claim_id,
            source="claim",
        )
        for claim in contract.claims
        if claim.claim_id in by_id
    ]


def extra_answer_facts(contract: ExecutorContract, index: TraceIndex) -> list[FactCheck]:
    """Assertive answer sentences that name something no claim contains, classified by the trace."""
    claims_flat = fold(
        "\n".join(
            c.claim_text + "\n" + "\n".join(b.evidence_excerpt for b in c.evidence_bindings)
            for c in contract.claims
        )
    )
    facts = []
    for sentence in split_sentences(contract.user_facing_answer):
        if not is_assertion(sentence):
            continue
        mentions = extract_mentions(sentence)
        new_entities = [e for e in mentions.entities if not contains_token(claims_flat, e)]
        new_numbers = [n for n in mentions.numbers if not literal_number_in(claims_flat, n)]
        if not new_entities and not new_numbers:
            continue
        new = Mentions(tuple(new_entities), tuple(new_numbers))
        facts.append(
            FactCheck(
                fact=sentence,
                classification=classify_by_trace(new, index),
                claim_id=None,
                source="user_facing_answer",
            )
        )
    return facts


def fallback_facts(final_answer: str | None, index: TraceIndex) -> list[FactCheck]:
    """Seed 001's natural-language fallback: fact-like sentences of the raw final answer."""
    if not final_answer or not final_answer.strip():
        return []
    facts = []
    for sentence in split_sentences(final_answer):
        if not is_assertion(sentence) or len(sentence) < 4:
            continue
        facts.append(
            FactCheck(
                fact=sentence,
                classification=classify_by_trace(extract_mentions(sentence), index),
                claim_id=None,
                source="executor_final_answer",
            )
        )
    return facts


def classify_by_trace(mentions: Mentions, index: TraceIndex) -> str:
    """A sentence without bindings: its named entities and numbers against the whole trace.

    Never `direct_evidence`: nothing was cited, so at best the trace supports it indirectly.
    """
    if not mentions.entities and not mentions.numbers:
        return "no_evidence"
    every_call = list(index.calls)
    for entity in mentions.entities:
        if index.token_location(entity, every_call) == "nowhere":
            return "contradicted"
    for number in mentions.numbers:
        if not index.number_anywhere(number):
            return "no_evidence" if number.is_soft else "contradicted"
    return "indirect_support"
