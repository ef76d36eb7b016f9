"""The `tool_trace_summary` the Verifier reads and the record keeps (spec §9).

Each call's output is cut to a share of a per-session character budget: every span a binding
quotes is always kept, then as much of the head and tail as the share allows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from groundcheck.programs.trace_index import TraceIndex
from groundcheck.signatures.models import ExecutorContract, ToolTraceItem

DEFAULT_BUDGET = 12_000
_GAP = "\n…[{n} chars omitted]…\n"
_MAX_SPAN = 2_000  # a quoted span longer than this is itself cut (the excerpt is still in the contract)


def summarize_trace(
    index: TraceIndex, contract: ExecutorContract | None = None, budget: int = DEFAULT_BUDGET
) -> list[ToolTraceItem]:
    """One summary item per tool call, in call order.

    Args:
        index: the session's trace index.
        contract: the parsed contract, whose quoted excerpts must survive the cut.
        budget: total characters of output excerpts for the whole session.
    """
    quotes = _quotes_by_call(contract)
    calls = list(index.calls.values())
    shares = _shares([len(ev.text) for ev in calls], budget)
    items = []
    for ev, share in zip(calls, shares, strict=True):
        text = ev.text
        excerpt, truncated = _cut(text, share, _locate(text, quotes.get(ev.call.invocation_id, ())))
        items.append(
            ToolTraceItem(
                invocation_id=ev.call.invocation_id,
                trace_ref=ev.call.trace_ref,
                tool_name=ev.call.tool_name,
                arguments=ev.call.arguments,
                status=ev.call.status,
                output_excerpt=excerpt,
                output_chars=len(text),
                truncated=truncated,
            )
        )
    return items


def _quotes_by_call(contract: ExecutorContract | None) -> dict[str, list[str]]:
    quotes: dict[str, list[str]] = {}
    if contract is None:
        return quotes
    for claim in contract.claims:
        for binding in claim.evidence_bindings:
            for inv in binding.source_invocation_ids:
                quotes.setdefault(inv, []).append(binding.evidence_excerpt)
    return quotes


def _shares(sizes: list[int], budget: int) -> list[int]:
    """Split the budget fairly: small outputs keep all, the rest share what remains equally."""
    shares = [0] * len(sizes)
    remaining = max(budget, 0)
    order = sorted(range(len(sizes)), key=lambda i: sizes[i])
    for pos, i in enumerate(order):
        fair = remaining // (len(sizes) - pos)
        shares[i] = min(sizes[i], fair)
        remaining -= shares[i]
    return shares


def _locate(text: str, excerpts: Iterable[str]) -> list[tuple[int, int]]:
    """Spans of `text` that the excerpts quote: exact first, then ignoring case and white space."""
    spans = []
    for excerpt in excerpts:
        excerpt = excerpt.strip()
        if not excerpt:
            continue
        start = text.find(excerpt)
        if start != -1:
            spans.append((start, start + len(excerpt)))
            continue
        loose = _loose_pattern(excerpt)
        m = loose.search(text) if loose else None
        if m:
            spans.append(m.span())
    return _merge(spans)


def _loose_pattern(excerpt: str) -> re.Pattern[str] | None:
    chars = [re.escape(ch) for ch in excerpt if not ch.isspace()]
    if not chars or len(chars) > 500:
        return None
    return re.compile(r"\s*".join(chars), re.IGNORECASE)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        end = min(end, start + _MAX_SPAN)
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _cut(text: str, share: int, spans: list[tuple[int, int]]) -> tuple[str, bool]:
    if len(text) <= share:
        return text, False
    spare = max(share - sum(end - start for start, end in spans), 0)
    head_end = spare // 2
    tail_start = len(text) - (spare - head_end)
    keep = _merge([(0, head_end), *spans, (tail_start, len(text))]) if spare else spans
    pieces, cursor = [], 0
    for start, end in keep:
        if end <= start:
            continue
        if start > cursor:
            pieces.append(_GAP.format(n=start - cursor))
        pieces.append(text[start:end])
        cursor = end
    if cursor < len(text):
        pieces.append(_GAP.format(n=len(text) - cursor))
    return "".join(pieces), True
