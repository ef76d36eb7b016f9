"""Calendar dates written in any of the usual forms, compared by their day, not by their digits.

A claim writes "11 月 29 日" or "2026/11/29" for an output's "2026-11-29T10:05:12"; reading such a
date as the numbers 11 and 29 (which no output states alone) rejected an honest claim, and a wrong
day must still be caught. A claim's date is an entity (`tokens`): it appears in an output when the
output writes the same day in any form (ISO, slashes, Chinese, English month names, the UTC day of a
Prometheus epoch timestamp). A year the claim leaves out matches any year; a year the output leaves
out ("Nov 29") matches any claimed year. A claim writes English month names too ("Nov 29", "29 Nov",
"November 29, 2026"), and a day alone where it reads as one ("29 日 09:41", "29号凌晨", "在 29 日"):
the 29th of any month, not 29 of anything ("29 天" is a span, "3 号节点" a name).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import NamedTuple

from .wording import quick_search

# Claim-side forms that `tokens` reads as one date entity (ISO dates are entities there already).
# Spaces are allowed between the parts of a Chinese date ("11 月 29 日").
_MONTH_WORDS = (
    "january|february|march|april|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|may|jun|jul|aug|sept|sep|oct|nov|dec"
)
_MONTH_WORD = rf"(?i:(?:{_MONTH_WORDS})(?![A-Za-z]))\.?"  # "Nov", "Nov.", "November", "Sept"
# a day alone ("29 日", "29号") is the 29th where it reads as a date: a time of day after it, or a word
# that places an event before it (在 / 于 / 从...); "29 天" is a span, "3 号节点" a name, "近 7 日" a window
_PERIOD_AFTER = (
    r"\s?(?:\d{1,2}\s?[:点时]|凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|晚间|夜里|夜间|深夜|半夜|当天|那天)"
)
_DAY_ALONE = (
    r"(?<![\d./\-])(?:3[01]|[12]\d|0?[1-9])\s?(?:日(?![志均常报内益])|号)(?=" + _PERIOD_AFTER + r")"
    r"|(?:(?<=[在于从自至到和与、])|(?<=[在于从自至到和与、]\s))(?:3[01]|[12]\d|0?[1-9])\s?日(?![志均常报内益])"
)
CLAIM_DATE = (
    r"(?<!\d)(?:\d{4}\s?年\s?)?\d{1,2}\s?月\s?\d{1,2}\s?[日号](?!\d)"
    r"|(?<![\d/])\d{4}/\d{1,2}/\d{1,2}(?![\d/])"
    r"|(?<![\d.])(?:19|20)\d{2}\.\d{1,2}\.\d{1,2}(?![\d.])"  # 2026.11.29 (a version has no year)
    # "11/29 09:41", "11-29 09:41": a month and day only where a time of day follows
    r"|(?<![\d/.\-])(?:1[0-2]|0?[1-9])[/-](?:3[01]|[12]\d|0?[1-9])(?=\s?\d{1,2}:\d{2}(?!\d))"
    # "从 11-27 的 2101345 降到 11-30 的 0", "11-23 到 11-29": two digits each, then 的 or a word that
    # bounds a span, or after one (a range of counts takes a unit: "10-20 个")
    r"|(?<![\d/.\-])(?:1[0-2]|0[1-9])-(?:3[01]|[12]\d|0[1-9])(?=\s?(?:的|到|至|起|之间|期间|这|为|是|当天|全天))"
    r"|(?:(?<=[从自至到])|(?<=[从自至到]\s))(?:1[0-2]|0[1-9])-(?:3[01]|[12]\d|0[1-9])(?![\d\-])"
)
# Forms read only where a cue says the text may hold one (`tokens`: a day alone, an English month):
# tried at every digit of every dated text, they would cost the common claim for the rare one
CLAIM_DAY = (
    # "29 Nov", "29 November 2026", "29-Nov-2026"
    rf"(?<![A-Za-z_\d.:/\-])(?:3[01]|[12]\d|0?[1-9])[\s-]{_MONTH_WORD}(?:[\s-](?:19|20)\d\d(?!\d))?"
    r"|" + _DAY_ALONE
)
# "Nov 29", "November 29, 2026": read by `month_first_dates` (the mention pattern dispatches letters
# to entities, and a month name is none)
_MONTH_FIRST_CLAIM = re.compile(
    rf"(?<![A-Za-z0-9_./\-]){_MONTH_WORD}\s?(?:3[01]|[12]\d|0?[1-9])(?![\w:.\-])(?:,?\s?(?:19|20)\d\d(?!\d))?"
)
# a first letter in a class lets the engine skip most positions at once (several times faster than the
# same test in one case-insensitive group); "Nov", "nov" and "NOV" are cues, "nOV" is none
_MONTH_STEM = re.compile(
    r"[JFMASONDjfmasond](?:an|eb|a[ry]|pr|u[nl]|ug|ep|ct|ov|ec|AN|EB|A[RY]|PR|U[NL]|UG|EP|CT|OV|EC)"
)
# case-insensitive as a whole (not in an inline group), so that `quick_search` may scan a lowered copy
_MONTH_CUE = quick_search(
    re.compile(rf"(?:{_MONTH_WORDS})(?![a-z])\.?[\s-]?\d|\d[\s-](?:{_MONTH_WORDS})(?![a-z])\.?", re.IGNORECASE)
)
_CLAIM_DATE = re.compile(CLAIM_DATE)
_MONTH_DAY = re.compile(r"\d{1,2}[/-]\d{1,2}")  # "11/29" as `tokens` keeps it (the time after it apart)

MONTHS = {
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
MONTH_NAME = "|".join(sorted(MONTHS, key=len, reverse=True))
# every form an output writes a day in (folded text: lower case, full-width digits as ASCII); each
# form is searched only where it can be, so a large output without dates costs one quick scan
_ISO_DATE = re.compile(r"(?<!\d)(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?!\d)")
# a row keyed by a yearless day ("11-27  p99=1310ms" of a daily table): the month and day opening a line
ROW_DAY = re.compile(r"(?m)^[ \t\[]*(?P<m>1[0-2]|0[1-9])-(?P<d>3[01]|[12]\d|0[1-9])(?![\d\-:])")
_CN_DATE = re.compile(r"(?<!\d)(?:(?P<y>\d{4})\s?年\s?)?(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]")
_MONTH_FIRST = re.compile(
    rf"\b(?P<mn>{MONTH_NAME})\.?\s+(?P<d>\d{{1,2}})(?!\d)"
    r"(?:(?:,?\s+|\s+\d\d:\d\d(?::\d\d)?\s+(?:[a-z]{3,4}\s+)?)(?P<y>\d{4})(?!\d))?"
)
_DAY_FIRST = re.compile(rf"(?<!\d)(?P<d>\d{{1,2}})[\s-](?P<mn>{MONTH_NAME})\b\.?(?:[\s-](?P<y>\d{{4}})(?!\d))?")
_TIME_AFTER_DATE = re.compile(r"\d[tT ](?P<h>\d{1,2}):(?P<m>\d{2})")
_MONTH_ABBREVIATIONS = tuple(name for name in MONTHS if len(name) == 3)
_EPOCH_POINT = re.compile(r"\[(1\d{9})(?:\.\d+)?,")  # seconds, as `tokens.iter_numbers` reads them
# a field that holds an epoch time, in seconds or milliseconds (the seconds are the first ten digits)
EPOCH_FIELD_KEY = r"(?:timestamp|time|_at|_ts)[\"']?\s*[:=]\s*[\"']?"  # the key of a field holding a time
_EPOCH_FIELD = re.compile(EPOCH_FIELD_KEY + r"(1\d{9})(?:\d{3}(?![\d.])|(?![\d]))")
_LATIN_LETTER = re.compile("[A-Za-z]")
_DAY_TOKEN = re.compile(r"(\d{1,2})\s?[日号]")
_NAMED_DAY_TOKEN = re.compile(
    rf"(?P<d>\d{{1,2}})[\s-]?(?P<mn>{MONTH_NAME})\.?(?:[\s-]?(?P<y>\d{{4}}))?"
    rf"|(?P<mn2>{MONTH_NAME})\.?\s?(?P<d2>\d{{1,2}}),?\s?(?P<y2>\d{{4}})?"
)


_LEADING_TIMESTAMP = re.compile(
    r"^\s*\[?\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+\-]\d{2}:?\d{2})?\]?\s*"
)


def without_leading_timestamp(folded_line: str) -> str:
    """A (folded) log line or quote without the ISO timestamp it opens with, stripped."""
    return _LEADING_TIMESTAMP.sub("", folded_line).strip()


# Words that put a clock in a time zone, right before it: UTC+8 (北京时间) or UTC itself
BEIJING_BEFORE = re.compile(r"(?:北京时间|北京|东八区|utc\s?\+\s?0?8(?::?00)?)\s*$", re.IGNORECASE)
UTC_BEFORE = re.compile(r"(?:utc|gmt|协调世界时)(?:\s*时间)?\s*$", re.IGNORECASE)


class Day(NamedTuple):
    year: int | None
    month: int
    day: int


def month_first_dates(text: str) -> list[tuple[int, int]]:
    """Where a claim writes a date month first ("Nov 29", "November 29, 2026"): spans of date entities
    (call it where `may_name_a_month` holds)."""
    return [m.span() for m in _MONTH_FIRST_CLAIM.finditer(text)]


def may_name_a_month(text: str) -> bool:
    """A cheap cue that the text may write a date with an English month name ("29 Nov", "Nov 29")."""
    return _MONTH_STEM.search(text) is not None and _MONTH_CUE(text) is not None


def claim_day(token: str) -> Day | None:
    """The day a claim's date entity names ("11月29日", "2026/11/29", "2026-11-29 09:41", "nov29",
    "29nov2026"; "29日" is the 29th of any month: month 0), or None."""
    iso = _ISO_DATE.match(token)
    if iso is not None and iso.start() == 0:
        return _valid(iso["y"], iso["m"], iso["d"])
    alone = _DAY_TOKEN.fullmatch(token)
    if alone is not None:
        return _valid(None, "0", alone[1])
    named = _NAMED_DAY_TOKEN.fullmatch(token.lower()) if _LATIN_LETTER.search(token) else None
    if named is not None:
        month = MONTHS[named["mn"] or named["mn2"]]
        return _valid(named["y"] or named["y2"], str(month), named["d"] or named["d2"])
    m = _CLAIM_DATE.fullmatch(token) or _MONTH_DAY.fullmatch(token)
    if m is None:
        return None
    digits = re.findall(r"\d+", m.group(0))
    if len(digits) == 2:
        return _valid(None, digits[0], digits[1])
    return _valid(digits[0], digits[1], digits[2])


def is_claim_date(token: str) -> bool:
    """A date entity whose day is compared by `days_in` rather than by its characters."""
    if not (token[:1].isdigit() or token[:3].lower() in _MONTH_ABBREVIATIONS):
        return False
    return claim_day(token) is not None


def claim_time(token: str) -> str | None:
    """The time of day an ISO date entity adds ("2026-11-29 09:41" -> "09:41"), None when it has none."""
    m = _TIME_AFTER_DATE.search(token)
    return f"{int(m['h']):02d}:{m['m']}" if m else None


def days_in(folded: str, limit: int = 2_000) -> frozenset[Day]:
    """The days an output writes, in any form (at most `limit` occurrences of each form are read)."""
    forms: list[re.Pattern[str]] = [_ISO_DATE]
    if "-" in folded and "\n" in folded:
        forms.append(ROW_DAY)
    if "月" in folded:
        forms.append(_CN_DATE)
    if any(name in folded for name in _MONTH_ABBREVIATIONS):
        forms += [_MONTH_FIRST, _DAY_FIRST]
    found: set[Day] = set()
    epoch_days: set[int] = set()
    if "[1" in folded:  # Prometheus points [1764407400, "1315"]: the UTC day of each timestamp
        epoch_days = {int(m[1]) // 86_400 for _, m in zip(range(limit), _EPOCH_POINT.finditer(folded), strict=False)}
    if "time" in folded or "_at" in folded or "_ts" in folded:  # "lastConsumedTimestamp": 1796014800000
        for _, m in zip(range(limit), _EPOCH_FIELD.finditer(folded), strict=False):
            epoch_days.add(int(m[1]) // 86_400)
    for number in epoch_days:
        moment = datetime.fromtimestamp(number * 86_400, tz=UTC)
        found.add(Day(moment.year, moment.month, moment.day))
    for form in forms:
        for n, m in enumerate(form.finditer(folded)):
            if n >= limit:
                break
            month = m["m"] if "m" in m.re.groupindex else str(MONTHS[m["mn"]])
            day = _valid(m["y"] if "y" in m.re.groupindex else None, month, m["d"])
            if day is not None:
                found.add(day)
    return frozenset(found)


def day_written(day: Day, days: frozenset[Day]) -> bool:
    """Some output day is `day` (a year left out on either side matches any year; a claim's day alone,
    month 0, matches that day of any month)."""
    return any(
        (d.month == day.month or day.month == 0)
        and d.day == day.day
        and (d.year is None or day.year is None or d.year == day.year)
        for d in days
    )


def _valid(year: str | None, month: str, day: str) -> Day | None:
    y, mo, d = (int(year) if year else None), int(month), int(day)
    if not (0 <= mo <= 12 and 1 <= d <= 31):
        return None
    return Day(y, mo, d)


# an ISO date and time with its zone, if any: "2025-12-07T23:10:14.402311+08:00", "2025-12-09 03:12:44"
_DATED_TIME = re.compile(
    r"(?<![\d\-])(\d{4}-)?(\d\d)-(\d\d)[t ]\s*(\d\d):(\d\d)(?::(\d\d))?(?:\.\d+)?\s?(z|[+-]\d\d:?\d\d)?(?![\d:])"
)
_NO_YEAR = 2001  # "11-16 00:00" against "11-18 00:00": read in a common year (three years in four are)


def dated_times(text: str) -> list[tuple[int, bool, bool]]:
    """(seconds since the epoch, UTC where a zone is written; whether one is; whether a year is) of each
    dated time ("11-16 00:00", a month and a day without a year, is read in one common year)."""
    found = []
    for m in _DATED_TIME.finditer(text):
        month, day, hour, minute = (int(m.group(k)) for k in range(2, 6))
        year = int(m.group(1)[:4]) if m.group(1) else _NO_YEAR
        try:
            moment = datetime(year, month, day, hour, minute, int(m.group(6) or 0), tzinfo=UTC)
        except ValueError:
            continue
        zone = m.group(7)
        seconds = int(moment.timestamp()) - (offset_seconds(zone) if zone else 0)
        found.append((seconds, zone is not None, m.group(1) is not None))
    return found


def offset_seconds(zone: str) -> int:
    """A written zone's offset from UTC in seconds: "+08:00" and "+0800" are 28800, "z", "utc" and "gmt" 0."""
    if zone[:1] not in ("+", "-"):
        return 0
    digits = zone[1:].replace(":", "")
    return (int(digits[:2]) * 3600 + int(digits[2:4] or 0) * 60) * (1 if zone[0] == "+" else -1)


def written_days(text: str) -> list[int]:
    """Seconds since the epoch of each day written with its year ("2025-12-15"), at midnight."""
    found = []
    for m in _ISO_DATE.finditer(text):
        try:
            found.append(int(datetime(int(m["y"]), int(m["m"]), int(m["d"]), tzinfo=UTC).timestamp()))
        except ValueError:
            continue
    return found
