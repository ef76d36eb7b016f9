"""A duration of hours or days between two dated times the claim's own quotes write.

"从库 12 月 7 日 23:10 停机，9 日 02:31 才重新启动，中间约 27 小时" quotes two log lines,
`2025-12-07T23:10:14+08:00 … Shutdown` and `2025-12-09T02:31:05+08:00 … ready`: the span between them
is 27 h 20 min (spec §7: a number that follows by simple arithmetic, "10:05 to 10:15 = 10 minutes").
Spans of whole days may also be read between dates written alone ("2026-11-23" of a daily series). Only
times the claim's excerpts quote are read (an output holds many times, and some pair of them
gives almost any span); a time without a zone is never taken against one with a zone; the span must
round to the claimed figure (half its unit), or be cut to it (约 or not).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from datetime import date

from ..text.dates import claim_day, dated_times, is_claim_date
from ..text.normalize import fold
from ..text.tokens import NumberMention, extract_mentions

__all__ = ["clock_span_across_dates", "clock_span_over_quoted_dates", "span_between_quoted_times"]

DAY_SPAN_FROM = 3600.0  # shorter spans are read between clock times (`series`, `arithmetic`)
# a date alone, with its year ("2026-11-23" of a daily series): its midnight, for spans of whole days
_BARE_DATE = re.compile(r"(?<![\d\-])(\d{4})-(\d\d)-(\d\d)(?![\d\-:]|[t ]\s*\d\d:\d\d)")
_DAY = 86400


def span_between_quoted_times(number: NumberMention, quotes: Sequence[str], claim_text: str = "") -> bool:
    """The claimed duration is the span between two dated times of the claim's excerpts (for days
    between dates alone, the dates the claim writes, when it writes any, are the span's ends)."""
    if number.kind != "seconds" or number.value < DAY_SPAN_FROM:
        return False
    times = sorted({t for quote in quotes for t in dated_times(fold(quote))})
    unit = number.factor if number.factor > 0 else 1.0
    for i, (earlier, zoned, yeared) in enumerate(times):
        for later, later_zoned, later_yeared in times[i + 1 :]:
            if zoned != later_zoned or yeared != later_yeared:
                continue  # a time without a zone (or a year) against one with it: no span to read
            span = later - earlier
            if abs(span - number.value) <= unit / 2 or 0 <= span - number.value < unit:
                return True
    if unit >= _DAY:  # "11-23 到 11-29，6 天": days between the dates alone a daily series quotes
        dated = sorted({d for quote in quotes for d in _bare_dates(fold(quote))})
        written = _claim_days(claim_text)
        for i, earlier in enumerate(dated):
            for later in dated[i + 1 :]:
                ends = {date.fromordinal(d).timetuple()[1:3] for d in (earlier, later)}
                # "从 11-12 开始失败，连续 19 天": an end the claim does not write is no span of its
                if written and not (ends <= written if len(written) >= 2 else ends & written):
                    continue
                if abs((later - earlier) * _DAY - number.value) <= unit / 2:
                    return True
    return False


def _claim_days(claim_text: str) -> set[tuple[int, int]]:
    """(month, day) of each date entity the claim writes ("11-23 到", "11 月 23 日")."""
    days = (claim_day(e) for e in extract_mentions(claim_text).entities if is_claim_date(e))
    return {(d.month, d.day) for d in days if d is not None and d.month}


def _bare_dates(text: str) -> list[int]:
    """Days since the epoch of each date written alone with its year."""
    found = []
    for m in _BARE_DATE.finditer(text):
        try:
            found.append(datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).toordinal())
        except ValueError:
            continue
    return found


def clock_span_across_dates(claim_text: str, number: NumberMention) -> bool:
    """"从 11-30 22:00 触发，到 12-01 02:00 恢复，持续约 20 小时": the claim dates its own times, and its
    duration is the distance of their clocks, not of the dated times (4 hours): the dates were left out."""
    if number.kind != "seconds" or number.value < DAY_SPAN_FROM:
        return False
    times = dated_times(fold(claim_text))
    if len({t // _DAY for t, _, _ in times}) < 2:
        return False
    unit = number.factor if number.factor > 0 else 1.0
    spans = [abs(b - a) for i, (a, _, _) in enumerate(times) for b, _, _ in times[i + 1 :]]
    if any(abs(span - number.value) <= unit / 2 or 0 <= span - number.value < unit for span in spans):
        return False
    clock_spans = [abs(b % _DAY - a % _DAY) for i, (a, _, _) in enumerate(times) for b, _, _ in times[i + 1 :]]
    return any(abs(span - number.value) <= max(unit / 2, number.value * 0.05) for span in clock_spans)


def clock_span_over_quoted_dates(number: NumberMention, quotes: Sequence[str]) -> bool:
    """"22:00 触发，02:00 恢复，持续约 4 小时" quoting 2026-11-29T22:00:05 and 2026-12-01T02:00:41: the span is
    the distance of the quoted times' clocks, the days between them left out (28 hours, not 4)."""
    if number.kind != "seconds" or number.value < DAY_SPAN_FROM:
        return False
    times = sorted({t for quote in quotes for t in dated_times(fold(quote))})
    if len({t // _DAY for t, _, _ in times}) < 2:
        return False
    unit = number.factor if number.factor > 0 else 1.0
    slack = max(unit / 2, 0.05 * number.value if number.approx else 0.0)
    pairs = [(a, b) for i, (a, za, ya) in enumerate(times) for b, zb, yb in times[i + 1 :] if (za, ya) == (zb, yb)]
    if any(abs((b - a) - number.value) <= slack or 0 <= (b - a) - number.value < unit for a, b in pairs):
        return False
    return any(abs((b - a) % _DAY - number.value) <= slack for a, b in pairs if b - a > _DAY / 2)
