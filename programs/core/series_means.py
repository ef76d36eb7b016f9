"""A figure a claim gives as the mean (平均 / 均值 / mean / avg) of the values a cited output lists.

"四个采样点的平均值约为 64.8" over a Prometheus range of 12.5, 48.0, 97.5 and 101.0: the operands are
the output's own points, one step of arithmetic over stated values (spec §7), so the figure is located
in the cited output, a hard fact like the literal search. Only lists the claim or the output delimits
count: every point of one series, every series' value of one instant vector, the points in a window of time
the claim names ("06:00–06:10 UTC 三个点平均"), every point its own excerpts quote, a whole column of a table
or of the rows it quotes or a word of it keys (`table_columns`), the figures of a quoted log line's kind
(`line_families`). A mean of a window the claim does not name would, over a long series, match almost any
figure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..text.arithmetic import matches_directly
from ..text.tokens import MAX_QUANTITY, NumberMention, iter_numbers
from .call_series import series_of
from .line_families import family_values
from .table_columns import columns_with_units, group_columns, row_groups, row_keys
from .trace_index import CallEvidence

MEAN_WORD = re.compile(r"平均|均值|\bmean\b|\baverage\b|\bavg\b", re.IGNORECASE)
_QUOTED_POINT = re.compile(r'\[\s*"?(?:\d{10}(?:\.\d+)?|\d{13})"?\s*,\s*"?(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)"?\s*\]')
_MAX_LISTS = 64
_MAX_VALUES = 10_000
_MAX_DEPTH = 8


def mean_of_cited_values(
    claim_text: str, number: NumberMention, cited: Sequence[CallEvidence], quotes: Sequence[str] = ()
) -> bool:
    """The claim says it averages and the figure is the mean of one whole list of values the cited
    outputs state (a series' points, an instant vector's values) or of the points its quotes hold."""
    if number.kind == "clock" or MEAN_WORD.search(claim_text) is None:
        return False
    lists = [values for ev in cited for values in ev.view("value_lists", _value_lists)]
    quoted = [float(v) for q in quotes for v in _QUOTED_POINT.findall(q)]
    if len(quoted) >= 2:
        lists.append(quoted)
    lists.extend(_window_values(claim_text, cited))
    if any(_mean_matches(number, values) for values in lists):
        return True
    # a table's column, or its rows the claim quotes or one of its names keys, in the unit its rows write
    # ("1931m", "1874m", …: a mean in cores)
    names = row_keys(claim_text)
    for ev in cited:
        groups = [columns for group in row_groups(ev, names, quotes) for columns in group_columns(group)]
        for values, unit in [*columns_with_units(ev), *groups]:
            mean = sum(values) / len(values)
            made = iter_numbers(f"{mean:g}{unit}", 1) if unit else [NumberMention(f"{mean:g}", mean, "plain", 0)]
            if len(values) >= 2 and matches_directly(number, made):
                return True
    # the figures at one place of every line of a quoted line's family ("Database call completed in 10.01
    # seconds." → the mean of the 19 durations), in their own unit
    for family in family_values(cited, quotes):
        mean = sum(n.value for n in family) / len(family)
        if matches_directly(number, [family[0]._replace(text=f"{mean:g}", value=mean)]):
            return True
    return False


def _window_values(claim_text: str, cited: Sequence[CallEvidence]) -> list[list[float]]:
    """The values of each cited series over a window of time the claim names ("06:00–06:10 UTC 三个点平均
    值"), an epoch point's time read in UTC and in Beijing time (the claim may write either)."""
    windows = [
        (int(m[1]) * 3600 + int(m[2]) * 60, int(m[3]) * 3600 + int(m[4]) * 60 + 59)
        for m in _CLOCK_RANGE.finditer(claim_text)
    ]
    if not windows:
        return []
    lists = []
    for ev in cited:
        points = [p for p in series_of(ev).points if len(p.values) == 1]
        for start, end in windows:
            for shift in (0, _EIGHT_HOURS):
                values = [p.values[0] for p in points if start <= (p.second + (shift if p.epoch else 0)) % _DAY <= end]
                if len(values) >= 2:
                    lists.append(values)
    return lists


_CLOCK_RANGE = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})\s*(?:–|-|—|~|～|到|至)\s*(\d{1,2}):(\d{2})(?!\d)")
_EIGHT_HOURS = 8 * 3600
_DAY = 86_400


def _mean_matches(number: NumberMention, values: list[float]) -> bool:
    mean = sum(values) / len(values)
    made = [NumberMention(f"{mean:g}", mean, "plain", 0)]
    if number.kind == "ratio":  # a series of percents ("平均 CPU 约 42%" over 40.5, 43.9)
        made.append(NumberMention(f"{mean:g}%", mean / 100, "ratio", 0))
    return matches_directly(number, made)


def _value_lists(ev: CallEvidence) -> list[list[float]]:
    """Each list of two or more values one output states: the points of a series ([[ts, v], …]) and
    the values of an instant vector ([{"metric": …, "value": [ts, v]}, …]). Read off the output's JSON
    value, decoded once per call (`CallEvidence.value`)."""
    value = ev.value
    return list(_lists_in(value, 0))[:_MAX_LISTS] if value is not None else []


def _lists_in(value: Any, depth: int) -> Iterator[list[float]]:
    if depth > _MAX_DEPTH:
        return
    if isinstance(value, dict):
        for v in value.values():
            yield from _lists_in(v, depth + 1)
    elif isinstance(value, list) and value:
        points = [_point_value(item) for item in value[:_MAX_VALUES]]
        if len(points) >= 2 and all(p is not None for p in points):
            yield [p for p in points if p is not None]
            return
        vector = [_point_value(item.get("value")) if isinstance(item, dict) else None for item in value[:_MAX_VALUES]]
        if len(vector) >= 2 and all(p is not None for p in vector):
            yield [p for p in vector if p is not None]
        for v in value[:_MAX_VALUES]:
            yield from _lists_in(v, depth + 1)


def _point_value(item: Any) -> float | None:
    """The value of a [timestamp, value] pair (Prometheus writes the value as a string)."""
    if not (isinstance(item, list) and len(item) == 2) or isinstance(item[1], bool):
        return None
    if not _is_timestamp(item[0]):
        return None
    try:
        value = float(item[1])
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) and abs(value) <= MAX_QUANTITY else None


def _is_timestamp(stamp: Any) -> bool:
    """An epoch time (seconds or milliseconds) or a written time ("2026-11-30T10:02:00Z", "10:02")."""
    if isinstance(stamp, bool):
        return False
    if isinstance(stamp, (int, float)):
        return 1e9 <= stamp < 1e14
    return isinstance(stamp, str) and (_EPOCH.fullmatch(stamp) is not None or ":" in stamp)


_EPOCH = re.compile(r"\d{10}(?:\.\d+)?|\d{13}")
