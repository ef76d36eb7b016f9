"""A figure the cited outputs hold only as what something expected: "健康检查返回 200" quoting "expected '200'
but got '503'" gives the expectation as the outcome (soft: a reading, a model may overrule it)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.tokens import numbers_with_places
from .trace_index import CallEvidence

_EXPECTED_BEFORE = re.compile(r"(?:expected|expecting|want|wanted|should be)\s?[:=]?\s?['\"]?$", re.IGNORECASE)
# the claim itself says the figure is the expectation ("期望 200"), or no outcome ("拿到 404 而不是 200")
_CLAIMED_EXPECTED = re.compile(
    r"(?:期望|预期|应为|应该是|本应|要求|expected|want|不是|而非|并非|非)[^，。；,;\d]{0,4}$", re.IGNORECASE
)
_SCAN = 20_000  # characters of an output read for a figure's occurrences


def figure_only_expected(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """"健康检查返回 200" quoting "expected '200' but got '503'": every occurrence of one of the claim's
    figures in the cited outputs is what something expected, not what it got (soft: a reading)."""
    if "want" not in claim_text and not any(ev.flat.find("expect", 0, _SCAN) != -1 for ev in cited):
        return None  # (read in place: no copy of the outputs for the claims, nearly all, that need none)
    text, places = numbers_with_places(claim_text)
    for start, _, number in places:
        if number.kind not in ("plain", "count") or not number.value.is_integer() or number.value < 10:
            continue
        if _CLAIMED_EXPECTED.search(text, max(0, start - 16), start):
            continue  # "期望 200，实际返回 503": the claim says it is the expectation
        digits = str(int(number.value))
        pattern = re.compile(rf"(?<![\w.]){digits}(?![\w.])")
        seen = [(ev.flat, m.start()) for ev in cited for m in pattern.finditer(ev.flat, 0, _SCAN)]
        if seen and all(_EXPECTED_BEFORE.search(flat, max(0, at - 16), at) for flat, at in seen):
            return f"it gives {number.text} as what happened, but the cited output has it only as what was expected"
    return None
