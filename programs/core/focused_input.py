"""What the LM Verifier is asked: the explicit input blocks, focused on the claims it must judge.

The seeds' blocks, each in a compact form whose size grows with the claims to judge, not with the
trace: the original query; the final answer (a placeholder when the contract parsed without loss);
the contract with the claims to judge in full and the others as id + the class the trace fixed;
the parse status; the tool trace as each cited excerpt inside a window of its output plus one line
per call; the retry context on round 2 only; each judged claim's hard facts and soft judgements.
Never `messages` (Planner or Executor reasoning). No DSPy here: `groundcheck verifier-input` and
the token benchmark build the same fields.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from groundcheck.signatures.models import Claim, EvidenceBinding, ParseStatus, VerifierInput

from .claim_checkers import CheckRequest
from .evidence_facts import ClaimEvidence
from .trace_index import TraceIndex

PARSED_PLACEHOLDER = "(parsed without loss: see executor_structured_output)"
DEFAULT_WINDOW = 90  # characters of output kept on each side of a cited excerpt
MAX_EXCERPT = 400  # a longer quote is cut in the middle
# classes the hard facts fix: nothing a model says can raise them, and lowering them changes nothing
DECIDED_CEILINGS = frozenset({"contradicted", "unsupported"})
FIELD_ORDER = tuple(VerifierInput.model_fields)


@dataclass(frozen=True)
class Excerpt:
    label: str  # "c1.2": claim c1, second binding
    invocation_id: str
    text: str


def is_decided(evidence: ClaimEvidence) -> bool:
    """The hard facts already fix this claim's class: the model is not asked to judge it."""
    return evidence.ceiling in DECIDED_CEILINGS


def focused_fields(
    request: CheckRequest, window: int = DEFAULT_WINDOW, *, judge_all: bool = False, cited_calls_only: bool = False
) -> dict[str, Any]:
    """The Verifier signature's input fields for one verification (`retry_context` on round 2 only).

    Args:
        request: the deterministic stages' result.
        window: characters of output shown on each side of a cited excerpt.
        judge_all: also put the claims the trace decided under "judge" (for few-shot demos).
        cited_calls_only: list only the calls a judged claim cites (for few-shot demos).
    """
    judged = [ev for ev in request.evidence if judge_all or not is_decided(ev)]
    decided = [ev for ev in request.evidence if not judge_all and is_decided(ev)]
    excerpts = [
        Excerpt(_label(ev, k), _holding_call(request.index, binding), binding.evidence_excerpt)
        for ev in judged
        for k, binding in enumerate(ev.claim.evidence_bindings, start=1)
    ]
    retry = request.session.retry_context if request.session.round == 2 else None
    blocks = VerifierInput(
        original_query=request.session.original_query,
        executor_final_answer=PARSED_PLACEHOLDER,
        executor_structured_output=contract_view(request, judged, decided),
        executor_output_parse_status=parse_status_text(request.parsed.status),
        tool_trace_summary=trace_view(request.index, excerpts, window, cited_calls_only),
        evidence_hints=hints_view(judged),
        retry_context=_compact(retry) if retry is not None else None,
    )
    return blocks.model_dump(exclude_none=True)


def contract_view(request: CheckRequest, judged: list[ClaimEvidence], decided: list[ClaimEvidence]) -> str:
    contract = request.contract
    view: dict[str, Any] = {
        "diagnosis_summary": contract.diagnosis_summary,
        "judge": [_claim_view(ev) for ev in judged],
    }
    if decided:
        view["fixed_by_trace"] = {claim_key(ev): ev.ceiling for ev in decided}
    return _compact(view)


def trace_view(
    index: TraceIndex, excerpts: list[Excerpt], window: int = DEFAULT_WINDOW, cited_calls_only: bool = False
) -> str:
    """Each call on one line (id, tool, status, size); under a cited call, its quotes marked in context."""
    by_call: dict[str, list[Excerpt]] = {}
    for excerpt in excerpts:
        by_call.setdefault(excerpt.invocation_id, []).append(excerpt)
    lines = []
    for invocation_id, ev in index.calls.items():
        if cited_calls_only and invocation_id not in by_call:
            continue
        text = ev.text
        lines.append(f"{invocation_id} {ev.call.tool_name} {ev.call.status} {len(text)} chars")
        lines.extend("  " + line for line in quotes_in_context(text, by_call.get(invocation_id, []), window))
    return "\n".join(lines)


def quotes_in_context(text: str, excerpts: list[Excerpt], window: int = DEFAULT_WINDOW) -> list[str]:
    """Lines of `text` around the quotes, each quote marked ⟦label:…⟧; overlapping windows merged.

    A quote is found as written, case-blind, or with any white space between its characters (the
    Gatekeeper matches without white space); one the output does not hold is shown alone, so marked.
    """
    spans: list[tuple[int, int, str]] = []
    lines: list[str] = []
    for excerpt in excerpts:
        span = _locate(text, excerpt.text)
        if span is None:
            lines.append(f"⟦{excerpt.label}:{_cut(_one_line(excerpt.text))}⟧ (not in this output)")
        else:
            spans.append((span[0], span[1], excerpt.label))
    windows: list[list[int]] = []
    for start, end, _ in sorted(spans):
        left, right = max(0, start - window), min(len(text), end + window)
        if windows and left <= windows[-1][1] + 10:
            windows[-1][1] = max(windows[-1][1], right)
        else:
            windows.append([left, right])
    for left, right in windows:
        marks = sorted(
            [(s, 1, f"⟦{label}:") for s, e, label in spans if left <= s < right]
            + [(e, 0, "⟧") for s, e, label in spans if left <= s < right]
        )
        pieces, at = [], left
        for pos, _, mark in marks:
            pieces += [text[at:pos], mark]
            at = pos
        pieces.append(text[at:right])
        body = _one_line("".join(pieces))
        lines.append(("…" if left else "") + body + ("…" if right < len(text) else ""))
    return lines


def hints_view(judged: list[ClaimEvidence]) -> str:
    """One line per judged claim: hard facts (enforced) and soft findings (lexical, may be overruled)."""
    lines = []
    for ev in judged:
        parts = [f"hard: {'; '.join(f.detail for f in ev.hard)}"] if ev.hard else []
        parts += [f"soft: {'; '.join(j.detail for j in ev.soft)}"] if ev.soft else []
        if parts:
            lines.append(f"{claim_key(ev)}: {' | '.join(parts)}")
    return "\n".join(lines) or "none"


def parse_status_text(status: ParseStatus) -> str:
    text = status.status + (" (inside a Markdown fence)" if status.fenced else "")
    return text + (f": {status.error}" if status.error else "")


def _locate(text: str, excerpt: str) -> tuple[int, int] | None:
    needle = excerpt.strip()
    if not needle:
        return None
    at = text.find(needle)
    if at < 0:
        at = text.lower().find(needle.lower())
    if at >= 0:
        return at, at + len(needle)
    chars = [re.escape(c) for c in needle if not c.isspace()]
    if not chars or len(chars) > 2 * MAX_EXCERPT:
        return None
    match = re.search(r"\s*".join(chars), text, re.IGNORECASE)
    return (match.start(), match.end()) if match else None


def _claim_view(ev: ClaimEvidence) -> dict[str, Any]:
    """A claim to judge: its id and text; `support` unless direct; `background` for a non-critical claim.

    Its quotes are marked ⟦id.k:…⟧ in tool_trace_summary, so bindings need no repeating here.
    """
    claim: Claim = ev.claim
    view: dict[str, Any] = {"id": claim_key(ev), "text": claim.claim_text}
    if claim.support_level != "direct":
        view["support"] = claim.support_level
    if not claim.is_critical:
        view["background"] = True
    if not claim.evidence_bindings:
        view["cites"] = "nothing"
    return view


def _holding_call(index: TraceIndex, binding: EvidenceBinding) -> str:
    """Where to show a quote: the first cited call that succeeded and holds it, else the first cited."""
    ids = binding.source_invocation_ids
    for ev in index.observed(ids):
        if _locate(ev.text, binding.evidence_excerpt) is not None:
            return ev.call.invocation_id
    return ids[0]


def claim_key(ev: ClaimEvidence) -> str:
    """How the model names a claim: its id, or `id#<position>` when an earlier claim has the same id."""
    return ev.claim_id if ev.first_of_id else f"{ev.claim_id}#{ev.position + 1}"


def _label(ev: ClaimEvidence, k: int) -> str:
    return f"{claim_key(ev)}.{k}"


def _cut(text: str) -> str:
    if len(text) <= MAX_EXCERPT:
        return text
    half = MAX_EXCERPT // 2
    return f"{text[:half]} … {text[-half:]}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
