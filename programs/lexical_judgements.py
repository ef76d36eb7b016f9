"""Soft judgements: lexical readings of a claim against its cited evidence (spec §8: not floors).

A word the cited output does not carry, certainty wording, a causal link stated as an observation:
these are the rules backend's best reading of meaning from words. The rules checker lowers a class
by them; a model may overrule them (an honest paraphrase the words could not match).
"""

from __future__ import annotations

from dataclasses import dataclass

from groundcheck.programs.content_words import content_words, word_in
from groundcheck.programs.normalize import fold
from groundcheck.programs.trace_index import TraceIndex
from groundcheck.programs.wording import CAUSAL, CERTAIN, GENERAL_KNOWLEDGE
from groundcheck.signatures.models import Claim, EvidenceBinding

_MIN_WORD_COVERAGE = 0.5


@dataclass(frozen=True)
class SoftJudgement:
    """A lexical finding and the class it lowers a claim to in the rules backend."""

    judgement: str  # stable id, e.g. "new_words", "certain_wording"
    lowers_to: str
    detail: str


def judge_wording(
    claim: Claim,
    index: TraceIndex,
    cited: list[str],
    usable: list[EvidenceBinding],
    outside_cited: list[str],
    entities: tuple[str, ...],
) -> list[SoftJudgement]:
    """Every soft judgement of one claim, in the order the rules backend applies them."""
    found: list[SoftJudgement] = []
    text = claim.claim_text
    if GENERAL_KNOWLEDGE.search(text):
        found.append(SoftJudgement("general_knowledge", "external_unknown", "it rests on general knowledge"))
    words = content_words(text, skip=entities).words
    cited_calls = index.existing(cited)
    uncovered = [w for w in words if not any(word_in(ev.flat, w) for ev in cited_calls)]
    if len(words) >= 2 and len(uncovered) / len(words) > 1 - _MIN_WORD_COVERAGE:
        detail = f"most of its wording ({quote_items(uncovered)}) is not in the cited output"
        found.append(SoftJudgement("mostly_uncovered", "unsupported", detail))
    if outside_cited:
        detail = f"{quote_items(outside_cited)} appear only outside the cited output"
        found.append(SoftJudgement("outside_cited", "reasonable_inference", detail))
    new = [w for w in uncovered if not index.word_anywhere(w)]
    if new:
        detail = f"it adds {quote_items(new)}, which neither the trace nor the question mentions"
        found.append(SoftJudgement("new_words", "overstated", detail))
    elif uncovered:
        detail = f"{quote_items(uncovered)} are not in the cited output"
        found.append(SoftJudgement("uncovered_words", "reasonable_inference", detail))
    excerpts = " ".join(b.evidence_excerpt for b in usable)
    if claim.support_level == "direct" and CAUSAL.search(text) and not CAUSAL.search(excerpts):
        detail = "it presents a causal inference as a direct observation"
        found.append(SoftJudgement("causal_as_direct", "overstated", detail))
    if CERTAIN.search(text):
        # only lowers a claim that is already less than directly observed
        found.append(SoftJudgement("certain_wording", "overstated", "it words an inference with certainty"))
    return found


def quote_items(items: list[str], limit: int = 4) -> str:
    shown = ", ".join(repr(fold(i)) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")
