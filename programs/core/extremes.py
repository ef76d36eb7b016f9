"""Peak and trough: "峰值 / 最高 / 最大 X" must be the largest value of the cited series (最低 / 最小: the
smallest).

"P99 最高只有 640ms" over a series whose points are 1240, 1315 and 640 names a value the output holds,
but not its maximum. A soft judgement (spec §8: which series and which window a sentence means is a
reading, a model may overrule it); the rules backend reads it as `contradicted`. Only a figure that is
itself one of the series' values is compared (so a converted unit, "1.3 秒" for 1315 ms, is left alone).
The time a claim gives its peak ("峰值 2.904 秒，出现在 … 06:20 UTC") must be one of the times the series
holds that value at, when it is a time of the series at all (soft, as above).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..text.series import Point, Series, hhmm, time_runs, values_of
from ..text.tokens import NumberMention, epoch_clock, extract_mentions, holds_as_written, numbers_with_places
from ..text.wording import quick_search
from .number_forms import EPOCH_TIMESTAMP

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
    series = list(series)
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
            moved = _moved_extreme(text, place[0], figure, series)
            if moved:
                return moved
            continue  # it is the peak (trough) of a series that holds it
        reached = extreme(holding[0])
        if word["max"]:
            return f"it gives {figure.text} as the peak, but the cited series reaches {reached:g}"
        return f"it gives {figure.text} as the lowest, but the cited series falls to {reached:g}"
    return None


def _moved_extreme(text: str, at: int, figure: NumberMention, series: list[Series]) -> str | None:
    """The claim puts the peak (trough) at a time of day, after its figure in its sentence part ("峰值为
    2.904 秒，出现在 1796019600，即 06:20 UTC"), where the series has another value, while no point holding
    the figure is at any time it names: the extreme moved to a neighbouring point. An epoch point's time
    is read in UTC and in Beijing time (the claim may write either)."""
    times = _named_times(_time_of_the_figure(text, at))
    if not times:
        return None
    points = [p for s in series for p in s.points if p.values]
    holding = [p for p in points if any(holds_as_written(v, figure) for v in p.values)]
    if not holding or any(_at_one_of(p, times) for p in holding):
        return None
    elsewhere = next((p for p in points if _at_one_of(p, times)), None)
    if elsewhere is None:
        return None  # no time it names is one of the series' times: nothing to say
    peak = holding[0]
    return (f"it puts {figure.text} at a time where the cited series gives {values_of(elsewhere)[0]:g}; "
            f"the series holds it at {hhmm(peak.second)}{' UTC' if peak.epoch else ''}")


def _time_of_the_figure(text: str, at: int) -> str:
    """The rest of the figure's clause, and the clauses after it that say when ("，出现在 1796019600，即
    06:20 UTC"); not a later clause of its own ("，约为 20:00 的 3.2 倍")."""
    stop = _PART_END.search(text, at)
    part = text[at : stop.start() if stop else len(text)]
    clauses = _CLAUSE_BREAK.split(part)
    kept = [clauses[0]]
    for clause in clauses[1:]:
        if not _WHEN_OPENING.match(clause):
            break
        kept.append(clause)
    return "，".join(kept)


def _named_times(part: str) -> list[int]:
    """Seconds of the day of the clocks and epoch timestamps a text names."""
    found = []
    for n in extract_mentions(part).numbers:
        if n.kind == "clock":
            found.append(int(n.value))
    for m in EPOCH_TIMESTAMP.finditer(part):
        clock = epoch_clock(m.group(1))
        if clock is not None:
            found.append(int(clock.value))
    return found


def _at_one_of(point: Point, times: list[int]) -> bool:
    readings = (point.second, (point.second + _EIGHT_HOURS) % _DAY) if point.epoch else (point.second,)
    return any(0 <= (r - t) % _DAY < 60 for r in readings for t in times)


_PART_END = re.compile(r"[；;。\n]")
_CLAUSE_BREAK = re.compile(r"[，,](?![^（(]*[)）])")  # (a comma inside brackets is the bracket's)
_WHEN_OPENING = re.compile(r"\s*(?:出现在|发生在|出现于|发生于|即|时间为|时间是|时间点|在|于|at\b)")
_EIGHT_HOURS = 8 * 3600
_DAY = 86_400


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
    """The columns of a table whose rows are a time and figures only, each row as wide as the first; a
    table whose times start again (an output of two queries, "10:27 … 10:35" then "10:28 … 11:30") is two."""
    columns: list[list[float]] = []
    for block in time_runs(series.points):
        rows = [row for p in block if (row := values_of(p))]
        if len(rows) < 2 or any(len(row) != len(rows[0]) for row in rows):
            continue
        columns.extend(list(column) for column in zip(*rows, strict=True))
    return columns


