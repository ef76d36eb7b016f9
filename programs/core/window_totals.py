"""A total over a window of a series: "9005 错误集中在 10:30–10:33，合计 6611 次" over a per-minute series whose
points at 10:30, 10:31, 10:32 and 10:33 are 1318, 2904, 1977 and 412. The operands are the output's own points
in the window the sentence names: one step of arithmetic (spec §7). A figure no column sums to in that window
is not read so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import fold
from ..text.series import time_runs, values_of
from ..text.tokens import NumberMention, iter_numbers
from .call_series import series_of
from .trace_index import CallEvidence

_WINDOW = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})\s?(?:–|—|-|~|～|到|至)\s?(\d{1,2}):(\d{2})(?![\d:])")
_CLOCK = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])")
_DAY = 86_400
_QUOTE_FIGURES = 64


def total_over_a_window(
    text: str, number: NumberMention, calls: Sequence[CallEvidence], quotes: Sequence[str] = ()
) -> bool:
    """The figure is the sum of one column of a cited series over a window of clocks the sentence writes, or
    of one row's columns at a clock it writes."""
    if number.kind not in ("count", "plain") or number.decimals:
        return False
    windows = [
        (int(a) * 3600 + int(b) * 60, int(c) * 3600 + int(d) * 60) for a, b, c, d in _WINDOW.findall(text)
    ]
    clocks = {int(a) * 3600 + int(b) * 60 for a, b in _CLOCK.findall(text)}
    quoted = {n.value for q in quotes for n in iter_numbers(fold(q), _QUOTE_FIGURES) if n.kind != "clock"}
    if not windows and not clocks:
        return False
    for ev in calls:
        for run in time_runs(series_of(ev).points):
            rows = [(p.second, values) for p in run if (values := tuple(p.values) or values_of(p))]
            if quoted and not any(v in quoted for _, values in rows for v in values):
                continue  # the series the claim quotes, not another query's of the same output
            # "五个节点合计 …（09:51 为 1949 次）": one row's columns (a column per instance) at a time it names
            if any(second in clocks and len(values) >= 2 and abs(sum(values) - number.value) < 1e-6
                   for second, values in rows):
                return True
            for start, end in windows:
                inside = [values for second, values in rows if (second - start) % _DAY <= (end - start) % _DAY]
                if len(inside) < 2 or len({len(v) for v in inside}) != 1:
                    continue
                if any(abs(sum(v[i] for v in inside) - number.value) < 1e-6 for i in range(len(inside[0]))):
                    return True
    return False

