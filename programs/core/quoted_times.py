"""When the quoted event happened: a claim that ties its one clock time to what it quotes must give the
time of the quoted line. "inventory 容器在 10:12 因 OOMKilled 被杀", quoting the OOMKilled line stamped
10:21:37, takes the clock of another line (a GC pause at 10:12:04). A soft judgement (spec §8: which event
a clock belongs to is a reading, a model may overrule it); the rules backend reads it as `contradicted`.

Only a claim with one clock that bounds nothing (no 到 / 之前 / 以来 …) and restates nothing (in brackets) is
read, and only quotes whose lines
open with a time and hold no clock of their own; a line in UTC may be given in Beijing time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.normalize import fold
from .trace_index import CallEvidence

_CLOCK = re.compile(r"(?<![\w:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")
_BOUNDING = re.compile(r"到|至|~|～|-|–|—|之前|之后|以前|以后|以来|起|前|后|期间|之间|左右|前后|开始|截至|为止")
_LINE_TIME = re.compile(
    r"^\W{0,3}(?:\d{4}[-/]\d{2}[-/]\d{2}[t ]|[a-z]{3} +\d{1,2} |\d{2}/[a-z]{3}/\d{4}:)?"
    r"(\d{2}):(\d{2}):(\d{2})(?:[.,]\d+)?(z|[+\-]\d{2}:?\d{2})?"
)
_IN_BRACKETS = re.compile(r"[(（][^()（）]*$")
_NEAR = 3  # characters around the claim's clock read for a bounding word
_DAY = 86_400
_MAX_PLACES = 64  # lines of one quote read


def quoted_time_conflict(claim_text: str, excerpts: Sequence[str], cited: Sequence[CallEvidence]) -> str | None:
    """The claim's one clock, when no quoted line is stamped with it while every quoted line is
    stamped with another, as a detail; None otherwise."""
    clocks = list(_CLOCK.finditer(claim_text))
    if len(clocks) != 1 or not excerpts:
        return None
    clock = clocks[0]
    around = claim_text[max(0, clock.start() - _NEAR) : clock.start()] + claim_text[clock.end() : clock.end() + _NEAR]
    if _BOUNDING.search(around) or _IN_BRACKETS.search(claim_text, max(0, clock.start() - 8), clock.start()):
        return None  # a bound, or a restatement in brackets ("iat=1795486511（北京时间 10:15:11）")
    claimed = int(clock[1]) * 3600 + int(clock[2]) * 60 + int(clock[3] or 0)
    stamps = []
    for excerpt in excerpts:
        quote = fold(excerpt).strip()
        if not quote or _CLOCK.search(quote):
            return None  # a quote with a time of its own says when itself
        found = [stamp for ev in cited for stamp in _stamps_of(ev, quote)]
        if not found:
            return None
        stamps.extend(found)
    if any(_same_moment(claimed, clock[3] is not None, s) for s in stamps):
        return None
    second = stamps[0][0]
    shown = f"{second // 3600:02d}:{second % 3600 // 60:02d}:{second % 60:02d}"
    return f"it puts what it quotes at {clock.group(0)}, but the cited line is stamped {shown}"


def _stamps_of(ev: CallEvidence, quote: str) -> list[tuple[int, int | None]]:
    """(second of the day, UTC offset in seconds or None) of each line of the output that holds the quote
    and opens with a time (the first `_MAX_PLACES`); empty when one of them does not."""
    text = ev.flat[: ev.out_end]
    found: list[tuple[int, int | None]] = []
    at = text.find(quote)
    while at != -1 and len(found) < _MAX_PLACES:
        line = text[text.rfind("\n", 0, at) + 1 : at]
        m = _LINE_TIME.match(line)
        if m is None:
            return []
        found.append((int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3]), _offset(m[4])))
        at = text.find(quote, at + len(quote))
    return found


def _offset(zone: str | None) -> int | None:
    if zone is None:
        return None
    if zone == "z":
        return 0
    digits = zone[1:].replace(":", "")
    seconds = int(digits[:2]) * 3600 + int(digits[2:4] or 0) * 60
    return seconds if zone[0] == "+" else -seconds


def _same_moment(claimed: int, with_seconds: bool, stamp: tuple[int, int | None]) -> bool:
    """The claim's clock is the line's time as written, or (for a line with an offset) its moment in
    UTC or in Beijing time."""
    second, offset = stamp
    readings = [second]
    if offset is not None:
        utc = (second - offset) % _DAY
        readings += [utc, (utc + 8 * 3600) % _DAY]
    if with_seconds:
        return claimed in readings
    return any(claimed // 60 == r // 60 for r in readings)
