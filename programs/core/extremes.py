"""Peak and trough: "峰值 / 最高 / 最大 X" must be the largest value of the cited series (最低 / 最小: the
smallest).

"P99 最高只有 640ms" over a series whose points are 1240, 1315 and 640 names a value the output holds,
but not its maximum. A soft judgement (spec §8: which series and which window a sentence means is a
reading, a model may overrule it); the rules backend reads it as `contradicted`. Only a figure that is
itself one of the series' values is compared (so a converted unit, "1.3 秒" for 1315 ms, is left alone).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..text.series import Series, values_of
from ..text.tokens import holds_as_written, numbers_with_places
from ..text.wording import quick_search

# "最大连接数 / 最大副本数 / 最小堆" name a setting, not the extreme of a series
_SETTING_AFTER = r"(?![\u4e00-\u9fff]{0,3}(?:数|上限|下限|容量|并发|值为)|堆|内存限制)"
_EXTREME = re.compile(
    rf"(?P<max>峰值|(?:最高|最大|最多){_SETTING_AFTER}|\bpeak\b|\bmax(?:imum)?\b)"
    rf"|(?P<min>(?:最低|最小|最少){_SETTING_AFTER}|\bmin(?:imum)?\b)",
    re.I,
)
_names_an_extreme = quick_search(_EXTREME, cue="峰|最|peak|max|min")
_REACH = 8  # characters between the word and its figure ("峰值达到 1315ms", "最高只有 640ms")
# between the word and a figure: a clause break, "后 / 之后", or a change ("回落到") makes it another value
_NOT_THE_PEAK = re.compile(r"[，,。；;]|后|回落|下降|降|跌|上升|升|涨|增|减|恢复")


def extreme_conflict(claim_text: str, series: Iterable[Series]) -> str | None:
    """The first peak or trough the claim names that the cited series contradict, as a detail."""
    if not _names_an_extreme(claim_text):
        return None
    columns = [values for s in series for values in _runs(s) if len(values) >= 2]
    if not columns:
        return None
    text, numbers = numbers_with_places(claim_text)
    for word in _EXTREME.finditer(text):
        place = next(((start, n) for start, _, n in numbers if word.end() <= start <= word.end() + _REACH), None)
        if place is None or place[1].kind == "clock" or _NOT_THE_PEAK.search(text, word.end(), place[0]):
            continue  # "在峰值后回落到 640ms": the figure is what came after the peak
        figure = place[1]
        holding = [values for values in columns if any(holds_as_written(v, figure) for v in values)]
        if not holding:
            continue  # not one of a series' values as written: another unit or another series
        extreme = max if word["max"] else min
        if any(holds_as_written(extreme(values), figure) for values in holding):
            continue  # it is the peak (trough) of a series that holds it
        reached = extreme(holding[0])
        if word["max"]:
            return f"it gives {figure.text} as the peak, but the cited series reaches {reached:g}"
        return f"it gives {figure.text} as the lowest, but the cited series falls to {reached:g}"
    return None


def _runs(series: Series) -> list[list[float]]:
    """The values of each series an output holds: a new series where the times start again at the
    output's first time (CloudWatch's Throttles, then ConcurrentExecutions, over the same minutes); a
    series crossing midnight or listed by value is one series. A table of rows by time ("04:10  41.3
    63.2"), or points that each hold the same number of values, holds one series per column."""
    if series.points and not any(p.values for p in series.points):
        return _columns(series)
    widths = {len(p.values) for p in series.points}
    if len(widths) == 1 and (width := widths.pop()) > 1:
        # rows of several keys each ({"time": "19:10", "origin_5xx_ratio": 23.6, "origin_504": 492006}):
        # one series per key, never a ratio against a count
        return [[p.values[i] for p in series.points] for i in range(width)]
    runs: list[list[float]] = [[]]
    first = series.points[0].second if series.points else None
    for i, point in enumerate(series.points):
        if i and point.second == first and series.points[i - 1].second != first:
            runs.append([])
        runs[-1].extend(point.values)
    return runs


def _columns(series: Series) -> list[list[float]]:
    """The columns of a table whose rows are a time and figures only, each row as wide as the first."""
    rows = [row for p in series.points if (row := values_of(p))]
    if len(rows) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return []
    return [list(column) for column in zip(*rows, strict=True)]
