"""A value the claim gives at a day, over a table with a row per day ("11-27  p99=1310ms"): the figure
must be on that day's row. "checkout 11-27 的 p99 延迟为 820ms" over rows 11-26 820ms, 11-27 1310ms moves
the 11-26 value to 11-27 (hard, as a value at a time: decided by the trace)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.arithmetic import matches_directly
from ..text.dates import ROW_DAY, claim_day, is_claim_date
from ..text.normalize import contains_figure
from ..text.tokens import NumberMention, extract_mentions, iter_numbers, numbers_with_places, written_figure
from .trace_index import CallEvidence

_ISO_ROW_DAY = re.compile(r"(?m)^[ \t\[]*\d{4}-(?P<m>1[0-2]|0[1-9])-(?P<d>3[01]|[12]\d|0[1-9])(?![\d\-:t ]\d)")
_SPAN_OR_DAY = re.compile(r"到|至|~|～|—|–|\d{1,2}\s?[-/月]\s?\d{1,2}")
_RANGE_AFTER = re.compile(r"\s?(?:~|～|–|—|-|到|至)\s?\d")
_NEAR = 24  # characters between the day and the figure the claim gives at it
_MAX_ROWS = 400


def value_at_day_conflict(claim_text: str, cited: Sequence[CallEvidence]) -> str | None:
    """The first figure the claim gives at a day whose row (in a cited output) does not hold it while
    another day's row does."""
    days = [e for e in extract_mentions(claim_text).entities if is_claim_date(e)]
    if not days:
        return None
    # rows keyed by a day; else log lines stamped with a day and a time
    rows, stamped = _day_rows(cited), {}
    if len(rows) < 2:
        rows, stamped = {}, _stamped_day_lines(cited)
        if len(stamped) < 2:
            return None
    prepared, places = numbers_with_places(claim_text)
    folded = prepared.lower()
    for entity in days:
        day = claim_day(entity)
        if day is None or day.month == 0:
            continue
        key = (day.month, day.day)
        at = _find_day(folded, entity)
        if at is None or (key not in rows and key not in stamped):
            continue
        stop = min((i for c in "，。；;,\n" if (i := folded.find(c, at)) != -1), default=len(folded))
        found = next(((s, e, n) for s, e, n in places if at < s <= min(stop, at + len(entity) + _NEAR)
                      and n.kind not in ("clock",)), None)
        if found is None:
            continue
        start, end, figure = found
        if key not in rows:  # log lines stamped with a day and a time: a measured figure only, never a count
            conflict = _moved_between_stamped_days(figure, key, stamped) if figure.kind not in _COUNTS else None
            if conflict:
                return conflict
            continue
        between = folded[at + len(entity) : start]
        if _SPAN_OR_DAY.search(between) or _RANGE_AFTER.match(folded, end):
            continue  # "11-14 到 11-16 每天只有 9~12 个": a span of days, a range of figures
        digits = written_figure(figure)
        if digits is None:
            continue
        if contains_figure(rows[key], digits):
            column = _named_column_conflict(folded[at + len(entity) : start], rows[key], digits, cited)
            if column:
                return f"it gives {figure.text} as {column[0]} at {day.month:02d}-{day.day:02d}, which the cited " \
                       f"table shows under {column[1]}"
            continue
        other = next((k for k, row in rows.items() if k != key and contains_figure(row, digits)), None)
        if other is not None:
            return (f"it gives {figure.text} at {day.month:02d}-{day.day:02d}, which the cited table shows on the "
                    f"row of {other[0]:02d}-{other[1]:02d}")
    return None


_HEADER_CELL = re.compile(r"[a-z][a-z0-9_]*")


def _named_column_conflict(
    words: str, row: str, digits: str, cited: Sequence[CallEvidence]
) -> tuple[str, str] | None:
    """"11-26 的 p50 为 1310ms" over a header "DATE  p50_ms  p99_ms" whose 1310 stands under p99_ms: (the
    column the claim names, the column the figure is in), or None. A column is named by a header cell
    that opens with the claim's word ("p50" of "p50_ms")."""
    named = [w for w in _HEADER_CELL.findall(words) if len(w) >= 3]
    if not named:
        return None
    cells = row.split()
    at = next((i for i, c in enumerate(cells) if c.replace(",", "") == digits), None)
    if at is None:
        return None
    for ev in cited:
        for line in ev.flat[: ev.out_end].split("\n", _MAX_ROWS)[:_MAX_ROWS]:
            header = line.split()
            if len(header) != len(cells) + 1 or any(ch.isdigit() for ch in header[0]):
                continue  # a header has the day's column and one cell per figure of the row
            columns = header[1:]
            wanted = next((i for i, c in enumerate(columns) for w in named if c == w or c.startswith(w + "_")), None)
            if wanted is not None and wanted != at:
                return columns[wanted], columns[at]
    return None


_COUNTS = ("plain", "count")
_STAMPED_LINE = re.compile(
    r"(?m)^[ \t\[]*\d{4}-(?P<m>1[0-2]|0[1-9])-(?P<d>3[01]|[12]\d|0[1-9])[t ]\d{2}:\d{2}[^\n]*"
)


def _stamped_day_lines(cited: Sequence[CallEvidence]) -> dict[tuple[int, int], str]:
    """The lines of each day, for outputs whose lines open with an ISO date and time (a log)."""
    days: dict[tuple[int, int], list[str]] = {}
    for ev in cited:
        text = ev.flat[: ev.out_end]
        for n, m in enumerate(_STAMPED_LINE.finditer(text)):
            if n >= _MAX_ROWS:
                break
            days.setdefault((int(m["m"]), int(m["d"])), []).append(m.group(0))
    return {day: "\n".join(lines) for day, lines in days.items()}


def _moved_between_stamped_days(
    figure: NumberMention, key: tuple[int, int], stamped: dict[tuple[int, int], str]
) -> str | None:
    """"11 月 29 日的 Full GC 暂停约 41.87ms" over log lines whose 41.870ms is stamped 11-30 and none of 11-29's."""
    def holds(lines: str) -> bool:
        return matches_directly(figure, iter_numbers(lines, _MAX_ROWS))

    if holds(stamped[key]):
        return None
    other = next((d for d, lines in stamped.items() if d != key and holds(lines)), None)
    if other is None:
        return None
    return (f"it gives {figure.text} at {key[0]:02d}-{key[1]:02d}, which the cited lines show on "
            f"{other[0]:02d}-{other[1]:02d}")


def _find_day(folded: str, entity: str) -> int | None:
    at = folded.find(entity)
    if at == -1:
        at = folded.replace(" ", "").find(entity)  # "11 月 27 日": the entity is written without spaces
        if at == -1:
            return None
        # back to the place in the spaced text: count the non-space characters before it
        seen = 0
        for i, ch in enumerate(folded):
            if seen == at:
                return i
            seen += ch != " "
        return None
    return at


def _day_rows(cited: Sequence[CallEvidence]) -> dict[tuple[int, int], str]:
    """The line of each day that opens a line of a cited output (the first line of that day)."""
    rows: dict[tuple[int, int], str] = {}
    for ev in cited:
        text = ev.flat[: ev.out_end]
        if "-" not in text or "\n" not in text:
            continue
        for form in (ROW_DAY, _ISO_ROW_DAY):
            for n, m in enumerate(form.finditer(text)):
                if n >= _MAX_ROWS:
                    break
                end = text.find("\n", m.end())
                rows.setdefault((int(m["m"]), int(m["d"])), text[m.end() : end if end != -1 else len(text)])
    return rows




