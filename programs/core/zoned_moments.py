"""A date and time the claim puts in a zone, which a cited output writes in another: "北京时间 2026-07-11
11:14:08" over openssl's "notAfter=Jul 11 03:14:08 2026 GMT", "北京时间 3 月 14 日 00:04:57" over
"2026-03-13T16:04:57.881Z" (the day rolls over with the eight hours). The same moment: the claim's date
(and its date-time) is located, a fact of the trace (spec §7: a conversion).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

from ..text.dates import MONTH_NAME, MONTHS, offset_seconds
from ..text.normalize import fold
from ..text.wording import SENTENCE_BREAKS, part_start
from .trace_index import CallEvidence

_MONTH = rf"(?P<mn>{MONTH_NAME})(?![a-z])\.?"
# "2026-03-13T16:04:57.881Z", "2026-03-13 16:04:57+08:00"
_ISO = re.compile(
    r"(?<!\d)(?P<y>\d{4})-(?P<m>\d\d)-(?P<d>\d\d)[t ](?P<H>\d\d):(?P<M>\d\d)(?::(?P<S>\d\d))?(?:\.\d+)?"
    r"\s?(?P<z>z|utc|gmt|[+-]\d\d:?\d\d)(?![\d:])"
)
# openssl's "Jul 11 03:14:08 2026 GMT", date's "Thu Jul  2 01:40:22 UTC 2026"
_NAMED = re.compile(
    rf"\b{_MONTH}\s+(?P<d>\d{{1,2}})\s+(?P<H>\d\d):(?P<M>\d\d)(?::(?P<S>\d\d))?"
    r"(?:\s+(?P<y1>\d{4}))?\s+(?P<z>gmt|utc)(?:\s+(?P<y2>\d{4}))?\b"
)
# the claim's: "北京时间 2026-07-11 11:14:08", "北京时间 3 月 14 日 00:04:57", "3 月 15 日 01:05（北京时间）"
_CLAIMED = re.compile(
    r"(?:(?P<y>\d{4})\s?[-/年]\s?)?(?<![\d.:])(?P<m>\d{1,2})\s?[-/月]\s?(?P<d>\d{1,2})\s?[日号]?\s*"
    r"(?P<H>\d{1,2}):(?P<M>\d\d)(?::(?P<S>\d\d))?(?![\d:])"
)
_ZONE_WORD = re.compile(r"北京时间|东八区|\butc\b|\bgmt\b|协调世界时")
_ZONE_AFTER = re.compile(r"\s?[（(]?\s?(北京时间|东八区|utc|gmt)")
_SCAN = 200_000  # characters of an output read for its moments
_DATED = re.compile(r"\d{1,4}\s?[-/月]\s?\d")  # matched at the entity's start: a date, not "svc0-1"


def zoned_moment_cited(claim_text: str, entity: str, cited: Sequence[CallEvidence]) -> bool:
    """The (folded) date or date-time entity is part of a zoned moment of the claim that a cited output
    writes, in any zone."""
    claims, written = _claimed_and_written(claim_text, entity, cited)
    return any(_same_moment(m, zone, moment, has_seconds) for m, zone in claims for moment, has_seconds, _ in written)


def zoned_moment_conflict(claim_text: str, entity: str, cited: Sequence[CallEvidence]) -> bool:
    """The entity is part of a zoned moment of the claim that no cited output writes, while one writes
    its time of day in that zone on another day ("北京时间 3 月 13 日 00:04" over 2026-03-13T16:04Z, which is
    the 14th in Beijing) or its wall clock in another zone ("北京时间 2026-03-15 08:12:43" over "Mar 15
    08:12:43 2026 GMT"): another moment, as absent as a wrong figure (a fact of the trace)."""
    claims, written = _claimed_and_written(claim_text, entity, cited)
    for m, zone in claims:
        if any(_same_moment(m, zone, moment, has_seconds) for moment, has_seconds, _ in written):
            return False
        for moment, has_seconds, offset in written:
            local = datetime.fromtimestamp(moment.timestamp() + offset * 3600, UTC)
            if zone != offset and _same_local(m, local, has_seconds):
                return True  # its wall clock, in the zone the output writes it in
            zoned = datetime.fromtimestamp(moment.timestamp() + zone * 3600, UTC)
            if _same_time_of_day(m, zoned, has_seconds):
                return True  # its time of day, on another day
    return False


def _claimed_and_written(
    claim_text: str, entity: str, cited: Sequence[CallEvidence]
) -> tuple[list[tuple[re.Match[str], float]], list[tuple[datetime, bool, float]]]:
    if not _DATED.match(entity):
        return [], []  # (a service, a path: no date of a moment)
    compact = entity.replace(" ", "")
    text = fold(claim_text)
    claims = [
        (m, zone) for m in _CLAIMED.finditer(text)
        if compact in m.group(0).replace(" ", "") and (zone := _zone_of(text, m)) is not None
    ]
    if not claims:
        return [], []
    return claims, [moment for ev in cited for moment in _moments_in(ev.flat[: min(ev.text_end, _SCAN)])]


def _zone_of(text: str, m: re.Match[str]) -> float | None:
    """The UTC offset of the zone the claim puts a date-time in: written right after it, or the last zone
    word before it in its sentence ("换算成北京时间，这 3 段分别是 … 4 月 15 日 01:05 起")."""
    after = _ZONE_AFTER.match(text, m.end())
    if after:
        return 0 if after.group(1) in ("utc", "gmt") else 8
    start = part_start(text, m.start(), SENTENCE_BREAKS)
    words = list(_ZONE_WORD.finditer(text, start, m.start()))
    if not words:
        return None
    # (a bracket after another date-time speaks of another zone: "北京时间 3 月 14 日 00:04:57（日志记录为 3 月 13 日
    # 16:04:57）" puts only the first in Beijing time; "分别是 4 月 14 日 21:35、… 4 月 15 日 01:05" all of them)
    between = text[words[-1].end() : m.start()]
    if ("（" in between or "(" in between) and _CLAIMED.search(between):
        return None
    return 8 if words[-1].group(0) in ("北京时间", "东八区") else 0


def _same_moment(claimed: re.Match[str], zone: float, moment: datetime, has_seconds: bool) -> bool:
    return _same_local(claimed, datetime.fromtimestamp(moment.timestamp() + zone * 3600, UTC), has_seconds)


def _same_local(claimed: re.Match[str], when: datetime, has_seconds: bool) -> bool:
    same_day = (when.month, when.day) == (int(claimed["m"]), int(claimed["d"])) and (
        claimed["y"] is None or when.year == int(claimed["y"])
    )
    return same_day and _same_time_of_day(claimed, when, has_seconds)


def _same_time_of_day(claimed: re.Match[str], when: datetime, has_seconds: bool) -> bool:
    same_time = (when.hour, when.minute) == (int(claimed["H"]), int(claimed["M"]))
    return same_time and (claimed["S"] is None or not has_seconds or when.second == int(claimed["S"]))


def _moments_in(text: str) -> Iterator[tuple[datetime, bool, float]]:
    """Each zoned date-time the text writes: in UTC, whether it writes its seconds, its zone's offset in hours."""
    for m in _ISO.finditer(text):
        moment = _utc(int(m["y"]), int(m["m"]), int(m["d"]), m, m["z"])
        if moment is not None:
            yield moment, m["S"] is not None, offset_seconds(m["z"]) / 3600
    for m in _NAMED.finditer(text):
        year = m["y1"] or m["y2"]
        if year is None:
            continue
        moment = _utc(int(year), MONTHS[m["mn"]], int(m["d"]), m, m["z"])
        if moment is not None:
            yield moment, m["S"] is not None, 0.0


def _utc(year: int, month: int, day: int, m: re.Match[str], zone: str) -> datetime | None:
    try:
        moment = datetime(year, month, day, int(m["H"]), int(m["M"]), int(m["S"] or 0), tzinfo=UTC)
    except ValueError:
        return None
    return datetime.fromtimestamp(moment.timestamp() - offset_seconds(zone), UTC)
