"""A total read off a listing that the output itself says is cut.

"共 5 条" over a log search that ends "... showing 5 of 2318 matching lines (limit=5)": the five
lines are what the call returned, the total is 2318. A soft judgement (spec §8: what a sentence
counts is a reading, a model may overrule it); the rules backend reads it as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.tokens import numbers_with_places
from .trace_index import CallEvidence

_TOTAL_BEFORE = re.compile(r"(?:共|总共|一共|合计|累计|总计|总数|总量)\s*(?:有|为|是|达)?\s*$")
_CUE = re.compile(r"共|合计|累计|总计|总数|总量")
_REACH = 6  # characters between the total word and its figure
_PARTIAL = re.compile(
    r"\b(?:showing|shown|displaying|returned|returning|first|top)\s+(\d+)\s+(?:of|out of)\s+(\d+)\b"
    r"|\b(\d+)\s+(?:of|out of)\s+(\d+)\s+(?:matching|matched|results?|lines?|entries|hits|items|rows|records)\b"
)


def cut_listing_total(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The claim gives as a total the number of entries a cited output says it shows of more."""
    if not _CUE.search(claim_text):
        return None
    text, numbers = numbers_with_places(claim_text)
    totals = [
        n
        for start, _, n in numbers
        if n.kind in ("plain", "count") and _TOTAL_BEFORE.search(text, max(0, start - _REACH), start)
    ]
    if not totals:
        return None
    for ev in cited:
        for m in _PARTIAL.finditer(ev.flat, 0, ev.text_end):
            shown, total = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if int(total) <= int(shown):
                continue
            for n in totals:
                if n.value == int(shown):
                    return f"it gives {n.text} as the total, but the cited output shows {shown} of {total}"
    return None
