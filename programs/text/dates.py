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
    r"|(?<![\d.])(?:19|20)\d{2}\.\d{1,2}\.\d{1,2}(?![\d.])"  # 2026.11.29 (a version has no year)
    # "11/29 09:41", "11-29 09:41": a month and day only where a time of day follows
    r"|(?<![\d/.\-])(?:1[0-2]|0?[1-9])[/-](?:3[01]|[12]\d|0?[1-9])(?=\s?\d{1,2}:\d{2}(?!\d))"
)
_CLAIM_DATE = re.compile(CLAIM_DATE)
_MONTH_DAY = re.compile(r"\d{1,2}[/-]\d{1,2}")  # "11/29" as `tokens` keeps it (the time after it apart)

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
# every form an output writes a day in (folded text: lower case, full-width digits as ASCII); each
# form is searched only where it can be, so a large output without dates costs one quick scan
_ISO_DATE = re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)")
_CN_DATE = re.compile(r"(?<!\d)(?:(?P<y>\d{4})\s?年\s?)?(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]")
_MONTH_FIRST = re.compile(
    rf"\b(?P<mn>{_MONTH_NAME})\.?\s+(?P<d>\d{{1,2}})(?!\d)"
    r"(?:(?:,?\s+|\s+\d\d:\d\d(?::\d\d)?\s+(?:[a-z]{3,4}\s+)?)(?P<y>\d{4})(?!\d))?"
)
_DAY_FIRST = re.compile(rf"(?<!\d)(?P<d>\d{{1,2}})[\s-](?P<mn>{_MONTH_NAME})\b\.?(?:[\s-](?P<y>\d{{4}})(?!\d))?")
_TIME_AFTER_DATE = re.compile(r"\d[tT ](?P<h>\d{1,2}):(?P<m>\d{2})")
_MONTH_ABBREVIATIONS = tuple(name for name in _MONTHS if len(name) == 3)


class Day(NamedTuple):
    year: int | None
    month: int
    day: int


def claim_day(token: str) -> Day | None:
    """The day a claim's date entity names ("11月29日", "2026/11/29", "2026-11-29 09:41"), or None."""
    iso = _ISO_DATE.match(token)
    if iso is not None and iso.start() == 0:
        return _valid(iso["y"], iso["m"], iso["d"])
    m = _CLAIM_DATE.fullmatch(token) or _MONTH_DAY.fullmatch(token)
    if m is None:
        return None
    digits = re.findall(r"\d+", m.group(0))
    if len(digits) == 2:
        return _valid(None, digits[0], digits[1])
    return _valid(digits[0], digits[1], digits[2])


def is_claim_date(token: str) -> bool:
    """A date entity whose day is compared by `days_in` rather than by its characters."""
    return token[:1].isdigit() and any(c in token for c in "月/.-") and claim_day(token) is not None


def claim_time(token: str) -> str | None:
    """The time of day an ISO date entity adds ("2026-11-29 09:41" -> "09:41"), None when it has none."""
    m = _TIME_AFTER_DATE.search(token)
    return f"{int(m['h']):02d}:{m['m']}" if m else None


def days_in(folded: str, limit: int = 2_000) -> frozenset[Day]:
    """The days an output writes, in any form (at most `limit` occurrences of each form are read)."""
    forms: list[re.Pattern[str]] = [_ISO_DATE]
    if "月" in folded:
        forms.append(_CN_DATE)
    if any(name in folded for name in _MONTH_ABBREVIATIONS):
        forms += [_MONTH_FIRST, _DAY_FIRST]
    found: set[Day] = set()
    for form in forms:
        for n, m in enumerate(form.finditer(folded)):
            if n >= limit:
                break
            month = m["m"] if "m" in m.re.groupindex else str(_MONTHS[m["mn"]])
            day = _valid(m["y"], month, m["d"])
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
