"""A total of the rows the claim lists: "分区 2、3、4 的 LAG 合计 576115" over a table whose rows 2, 3 and 4 hold
287113, 289002 and 5000. 576115 is the sum of two of them: located (a sum of two output values), it is no
total of the three the claim names. When every listed item opens a row of one cited table, some numeric
column of those rows must add up to the figure. Soft (spec §8): which rows the items name is a reading; the
rules backend reads a total none of the columns gives as `contradicted`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..text.arithmetic import tolerance
from ..text.normalize import fold
from ..text.tokens import iter_numbers, numbers_with_places
from ..text.wording import TOTAL, part_start, search_total
from .table_rows import COLUMN_GAP, first_lines
from .trace_index import CallEvidence

_ITEM = r"[a-z0-9][\w.\-]*"
# a list of names or ids ("分区 2、3、4", "order-0、order-1 和 order-2"), and what joins its items
NAME_LIST = re.compile(rf"(?<![\w.\-])({_ITEM}(?:\s?(?:、|和|与|及|以及)\s?{_ITEM})+)", re.IGNORECASE)
NAME_LIST_SEPARATOR = re.compile(r"\s?(?:、|和|与|及|以及)\s?")
_CELL_FIGURES = 4
_MAX_ROWS = 2_000
_BARE = ("plain", "count")


def listed_total_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The detail when the claim totals the rows it lists and no column of those rows adds up to its
    figure; None when it lists no rows of one cited table."""
    if not cited or search_total(claim_text) is None:
        return None
    prepared, places = numbers_with_places(claim_text)
    text = fold(prepared)
    for start, _, number in places:
        total = TOTAL.search(text, part_start(text, start), start)
        if total is None or number.kind == "clock":
            continue
        listed = list(NAME_LIST.finditer(text, part_start(text, start), total.start()))
        if not listed:
            continue
        items = NAME_LIST_SEPARATOR.split(listed[-1].group(1))
        if number.value == len(items):
            continue  # "order-1 和 order-2 共 2 个 Pod": a count of the items, no column's total
        for ev in cited:
            sums = _column_sums(items, first_lines(ev.flat, ev.out_end, _MAX_ROWS), number.kind)
            if sums and not any(abs(s - number.value) <= max(tolerance(number), 1e-6 * abs(s)) for s in sums):
                shown = ", ".join(f"{s:g}" for s in sums)
                return f"it totals the rows of {', '.join(items)} as {number.text}, but their columns add up to {shown}"
    return None


def _column_sums(items: list[str], lines: Iterable[str], kind: str) -> list[float]:
    """The sum of each column of figures of `kind` over the rows the items open, [] unless each item opens
    one row (a count sums bare cells too)."""
    kinds = {kind, "plain"} if kind in _BARE else {kind}
    rows: dict[str, list[str]] = {}
    for line in lines:
        cells = COLUMN_GAP.split(line.strip())
        if len(cells) >= 2 and cells[0] in items:
            rows.setdefault(cells[0], cells[1:])
    if len(rows) != len(items) or len({len(cells) for cells in rows.values()}) != 1:
        return []
    sums = []
    for j in range(len(next(iter(rows.values())))):
        values = [iter_numbers(cells[j], _CELL_FIGURES) for cells in rows.values()]
        if all(len(v) == 1 and v[0].kind in kinds for v in values):
            sums.append(sum(v[0].value for v in values))
    return sums
