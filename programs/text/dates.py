"""Calendar dates written in any of the usual forms, compared by their day, not by their digits.

A claim writes "11 月 29 日" or "2026/11/29" for an output's "2026-11-29T10:05:12"; reading such a
date as the numbers 11 and 29 (which no output states alone) rejected an honest claim, and a wrong
day must still be caught. A claim's date is an entity (`tokens`): it appears in an output when the
output writes the same day in any form (ISO, slashes, Chinese, English month names). A year the
claim leaves out matches any year; a year the output leaves out ("Nov 29") matches any claimed year.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Claim-side forms that `tokens` reads as one date entity (ISO dates are entities there already).
# Spaces are allowed between the parts of a Chinese date ("11 月 29 日").
CLAIM_DATE = (
    r"(?<!\d)(?:\d{4}\s?年\s?)?\d{1,2}\s?月\s?\d{1,2}\s?[日号](?!\d)"
    r"|(?<![\d/])\d{4}/\d{1,2}/\d{1,2}(?![\d/])"
)
_CLAIM_DATE = re.compile(CLAIM_DATE)

_MONTHS = {
    name: i + 1
    for i, names in enumerate(
        (
            ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
            ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
            ("oct", "october"), ("nov", "november"), ("dec", "december"),
        )
    )
    for name in names
}
_MONTH_NAME = "|".join(sorted(_MONTHS, key=len, reverse=True))
# every form an output writes a day in (folded text: lower case, full-width digits as ASCII)
_OUTPUT_DATE = re.compile(
    r"(?<!\d)(?P<y1>\d{4})[-/.](?P<m1>\d{1,2})[-/.](?P<d1>\d{1,2})(?!\d)"
    r"|(?<!\d)(?:(?P<y2>\d{4})\s?年\s?)?(?P<m2>\d{1,2})\s?月\s?(?P<d2>\d{1,2})\s?[日号]"
    rf"|\b(?P<mn3>{_MONTH_NAME})\.?\s+(?P<d3>\d{{1,2}})(?!\d)(?:(?:,?\s+|\s+\d\d:\d\d(?::\d\d)?\s+(?:[a-z]{{3,4}}\s+)?)"
    r"(?P<y3>\d{4})(?!\d))?"
    rf"|(?<!\d)(?P<d4>\d{{1,2}})[\s-](?P<mn4>{_MONTH_NAME})\b\.?(?:[\s-](?P<y4>\d{{4}})(?!\d))?"
)
_DATE_CUES = ("-", "/", ".", "月", *_MONTHS)


class Day(NamedTuple):
    year: int | None
    month: int
    day: int


def claim_day(token: str) -> Day | None:
    """The day a claim's date entity names ("11月29日", "2026/11/29", "2026-11-29 10:05"), or None."""
    m = _CLAIM_DATE.fullmatch(token) or _CLAIM_DATE.match(token)
    if m is None:
        m = _OUTPUT_DATE.match(token)
        if m is None or m["y1"] is None:
            return None
        return _valid(m["y1"], m["m1"], m["d1"])
    digits = re.findall(r"\d+", m.group(0))
    if len(digits) == 2:
        return _valid(None, digits[0], digits[1])
    return _valid(digits[0], digits[1], digits[2])


def is_claim_date(token: str) -> bool:
    """A date entity whose day is compared by `days_in` rather than by its characters."""
    return ("月" in token or "/" in token) and claim_day(token) is not None


def days_in(folded: str, limit: int = 2_000) -> frozenset[Day]:
    """The days an output writes, in any form (at most `limit` occurrences are read)."""
    if not any(cue in folded for cue in _DATE_CUES):
        return frozenset()
    found: set[Day] = set()
    for n, m in enumerate(_OUTPUT_DATE.finditer(folded)):
        if n >= limit:
            break
        if m["y1"] is not None:
            day = _valid(m["y1"], m["m1"], m["d1"])
        elif m["m2"] is not None:
            day = _valid(m["y2"], m["m2"], m["d2"])
        elif m["mn3"] is not None:
            day = _valid(m["y3"], str(_MONTHS[m["mn3"]]), m["d3"])
        else:
            day = _valid(m["y4"], str(_MONTHS[m["mn4"]]), m["d4"])
        if day is not None:
            found.add(day)
    return frozenset(found)


def day_written(day: Day, days: frozenset[Day]) -> bool:
    """Some output day is `day` (a year left out on either side matches any year)."""
    return any(
        d.month == day.month and d.day == day.day and (d.year is None or day.year is None or d.year == day.year)
        for d in days
    )


def _valid(year: str | None, month: str, day: str) -> Day | None:
    y, mo, d = (int(year) if year else None), int(month), int(day)
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    return Day(y, mo, d)
