"""The `tool_trace_summary` the Verifier reads and the record keeps (spec §9).

Every span a binding quotes is kept first (each at most `_MAX_SPAN` characters); the rest of the
per-session character budget is spread fairly over the calls (small outputs whole, the others equal
shares), and each call's share goes to the head and the real tail of its output, cut at line ends
where one is near, so the last lines of a log (often the failure) survive.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from groundcheck.signatures.models import ExecutorContract, ToolTraceItem

from .trace_index import TraceIndex

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
        budget: total characters of output excerpts for the whole session (the omission markers
            come on top; quoted spans count against it first and are kept even beyond it).
    """
    quotes = _quotes_by_call(contract)
    calls = list(index.calls.values())
    texts = [ev.text for ev in calls]
    spans = [_locate(text, quotes.get(ev.call.invocation_id, ())) for ev, text in zip(calls, texts, strict=True)]
    quoted = [sum(end - start for start, end in found) for found in spans]
    rest = max(budget - sum(quoted), 0)
    shares = _shares([len(text) - q for text, q in zip(texts, quoted, strict=True)], rest)
    items = []
    for ev, text, found, share in zip(calls, texts, spans, shares, strict=True):
        excerpt, truncated = _cut(text, share, found)
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
    """Spans of `text` that the excerpts quote (each cut to `_MAX_SPAN`): exact first, then loosely."""
    spans = []
    for excerpt in excerpts:
        excerpt = excerpt.strip()
        if not excerpt:
            continue
        start = text.find(excerpt)
        if start != -1:
            spans.append((start, start + min(len(excerpt), _MAX_SPAN)))
            continue
        loose = _loose_pattern(excerpt)
        m = loose.search(text) if loose else None
        if m:
            spans.append((m.start(), min(m.end(), m.start() + _MAX_SPAN)))
    return _merge(spans)


def _loose_pattern(excerpt: str) -> re.Pattern[str] | None:
    chars = [re.escape(ch) for ch in excerpt if not ch.isspace()]
    if not chars or len(chars) > 500:
        return None
    return re.compile(r"\s*".join(chars), re.IGNORECASE)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _cut(text: str, share: int, spans: list[tuple[int, int]]) -> tuple[str, bool]:
    """The quoted spans plus `share` characters of head and real tail, with omission markers."""
    quoted = sum(end - start for start, end in spans)
    if len(text) <= share + quoted:
        return text, False
    head_len = share // 2
    tail_len = share - head_len
    head_end = _line_end_before(text, head_len)
    tail_start = _line_start_after(text, len(text) - tail_len)
    keep = _merge([(0, head_end), *spans, (tail_start, len(text))])
    pieces, cursor = [], 0
    for start, end in keep:
        if start > cursor:
            pieces.append(_GAP.format(n=start - cursor))
        pieces.append(text[start:end])
        cursor = end
    if cursor < len(text):
        pieces.append(_GAP.format(n=len(text) - cursor))
    return "".join(pieces), True


def _line_end_before(text: str, end: int) -> int:
    """`end`, moved back to just after a line break when one lies in its last fifth."""
    cut = text.rfind("\n", end - end // 5, end)
    return cut + 1 if cut > 0 else end


def _line_start_after(text: str, start: int) -> int:
    """`start`, moved on to the start of a line when a break lies in the first fifth of the tail."""
    cut = text.find("\n", start, start + (len(text) - start) // 5)
    return cut + 1 if cut != -1 else start
