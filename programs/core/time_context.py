"""Times a claim restates rather than observes: the window it searched, a clock in another time zone.

- "最近 30 分钟内 5xx 共 128 次" over a query for `now-30m` (or a question about "最近 30 分钟"): the
  window scopes the search, it is no finding of the trace, and no output states it.
- "北京时间 10:12" over "02:12:41Z": the same moment, eight hours apart.

Both are read only where the claim says so (a scope word before the span, a time-zone word before the
clock), so an invented duration or a wrong clock stays absent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..text.dates import BEIJING_BEFORE, UTC_BEFORE
from ..text.normalize import fold
from ..text.tokens import NumberMention, extract_mentions, numbers_with_places
from ..text.wording import SENTENCE_BREAKS, clause_end, in_brackets, part_start, quick_search

_SCOPE_BEFORE = re.compile(r"(?:最近|过去|(?<![接将靠])近|前|查询的?|统计的?)\s*$")
# a claim's clock in UTC+8 is the output's UTC clock plus 8 hours, and the other way round
_WINDOW = re.compile(r"(?<![\w.])(?:now-)?(\d+)\s?([smhdw])\b|\[(\d+)([smhdw])\]")
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# a SQL query's window: "now() - INTERVAL 10 MINUTE", "now() - interval '10 minutes'"
_SQL_INTERVAL = re.compile(
    r">=?\s*now\(\)\s*-\s*interval\s+'?(\d+)\s*(second|minute|hour|day|week)s?'?(?!\s*and\s+\w+\s*<)", re.IGNORECASE
)
_EIGHT_HOURS = 8 * 3600
# every zone label holds one of these
_ZONE_WORD = re.compile(
    r"北京时间|东八区|utc\s?\+\s?0?8(?::?00)?|协调世界时|(?<![a-z])(?:utc|gmt)(?![a-z])", re.IGNORECASE
)
_names_a_zone = quick_search(_ZONE_WORD, cue="北京时间|东八区|utc|协调世界时|gmt")
# right after the clock, bare or alone in brackets: "03:59:59 GMT", "02:11（北京时间）" (not "15:49（UTC 07:49）",
# the same moment restated in another zone)
_ZONE_AFTER = re.compile(
    # ("07:05Z": ISO's zulu letter glued to the clock is UTC)
    r"z(?![a-z0-9])|\s?(?:(北京时间|cst\b|utc\s?\+\s?0?8\b)|(?:gmt|utc)\b(?!\s?[+\-]))"
    r"|\s?[(（]\s?(?:(北京时间|cst|utc\s?\+\s?0?8)|(?:gmt|utc))\s?[)）]",
    re.IGNORECASE,
)
_BEIJING_WORD = re.compile(r"北京时间|东八区|utc\s?\+", re.IGNORECASE)


def searched_windows(question: str, arguments: Iterable[Mapping[str, Any]]) -> set[float]:
    """The spans (seconds) the operator's question names and the calls' arguments search over."""
    spans = {n.value for n in extract_mentions(question).numbers if n.kind == "seconds"}
    for args in arguments:
        for value in args.values():
            if isinstance(value, str):
                for m in _WINDOW.finditer(fold(value)):
                    count, unit = (m[1], m[2]) if m[1] else (m[3], m[4])
                    spans.add(float(count) * _SECONDS[unit])
                for m in _SQL_INTERVAL.finditer(fold(value)):
                    spans.add(float(m[1]) * _SECONDS[m[2][0]])
    return spans


def restated_window(claim_text: str, number: NumberMention, windows: set[float]) -> bool:
    """`number` is a span the claim scopes its finding by ("最近 30 分钟") and that was searched over."""
    if number.kind != "seconds" or not any(abs(number.value - w) < 1e-6 for w in windows):
        return False
    text, places = numbers_with_places(claim_text)
    return any(
        n.text == number.text and _SCOPE_BEFORE.search(text, max(0, start - 6), start) for start, _, n in places
    )


def zone_shifted(claim_text: str, number: NumberMention) -> list[NumberMention]:
    """The clock `number` would be in the other zone, when the claim names its zone: "北京时间 18:12" is
    10:12 UTC, "UTC 10:12" is 18:12 in UTC+8."""
    zone = zone_label(claim_text, number)
    return [] if zone is None else [shifted_from(number, zone)]


def _shifted(number: NumberMention, shift: int) -> NumberMention:
    seconds = (int(number.value) + shift) % 86400
    text = f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}"
    return number._replace(text=text, value=float(seconds))


def zone_label(claim_text: str, number: NumberMention) -> int | None:
    """The UTC offset in hours of the zone the text puts the clock in (8 for 北京时间, 0 for UTC), or
    None: a zone word right before it, or the last one before it in its sentence ("北京时间 14:03 开始，
    14:05 到顶": both are Beijing times)."""
    if number.kind != "clock" or not _names_a_zone(claim_text):
        return None
    text, places = numbers_with_places(claim_text)
    for start, end, n in places:
        if n.text == number.text:
            if _OWN_OFFSET.match(text, end):
                return None  # "06:42:07 +0200": the clock writes its own offset, neither UTC nor Beijing time
            after = _ZONE_AFTER.match(text, end)
            if after:  # "03:59:59 GMT": a zone written right after the clock is its own
                return 8 if after.group(1) or after.group(2) else 0
            range_end = _RANGE_TO_CLOCK.match(text, end)
            after = _ZONE_AFTER.match(text, range_end.end()) if range_end else None
            if after:  # "06:00–06:10 UTC": the zone after a range's end is its start's too
                return 8 if after.group(1) or after.group(2) else 0
            return _zone_before(text, start)
    return None


_OWN_OFFSET = re.compile(r"(?::\d{2})?(?:\.\d+)?\s?[+-](?:0\d|1[0-4]):?\d{2}(?!\d)")
_RANGE_TO_CLOCK = re.compile(r"\s*(?:–|-|—|~|～|到|至)\s*\d{1,2}:\d{2}(?::\d{2})?")


def _zone_before(text: str, start: int) -> int | None:
    before = (text, max(0, start - 8), start)
    if BEIJING_BEFORE.search(*before):
        return 8
    if UTC_BEFORE.search(*before):
        return 0
    sentence_start = part_start(text, start, SENTENCE_BREAKS)
    # a zone named inside brackets that close before the clock is the bracket's own ("07:05Z（北京时间 15:05），
    # 随后 07:08Z …", "16:22:20 +0300（北京时间 21:22:20）启动，距 16:22:00"): not carried past them
    words = [
        m for m in _ZONE_WORD.finditer(text, sentence_start, start) if not _closed_bracket_holds(text, m.start(), start)
    ]
    if not words:
        return None
    # a bracket after another clock restates that moment as written elsewhere ("北京时间 3 月 14 日 00:04:57（日志
    # 记录为 3 月 13 日 16:04:57）"): the zone before the first clock is not the bracket's
    zone = 8 if _BEIJING_WORD.match(words[-1].group(0)) else 0
    opened = max(text.rfind("(", words[-1].end(), start), text.rfind("（", words[-1].end(), start))
    outer = _CLOCK_BEFORE.search(text, words[-1].end(), opened) if opened != -1 else None
    inner = _CLOCK_AT.match(text, start)
    if outer and inner and _RESTATING.search(text, opened, start):
        # the log's own clock of that very moment, in UTC ("北京时间 00:04:57（日志记录为 16:04:57）"); a bracket
        # naming another line's time ("（日志记录为 16:05:10）") is still in the zone before it
        gap = (_seconds(outer) - _seconds(inner) - zone * 3600) % 86_400
        if min(gap, 86_400 - gap) < (1 if outer.group(3) and inner.group(3) else 60):  # to the second it writes
            return None
    return zone


def _seconds(clock: re.Match[str]) -> int:
    return int(clock.group(1)) * 3600 + int(clock.group(2)) * 60 + int(clock.group(3) or 0)


_CLOCK_BEFORE = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s?$")
_CLOCK_AT = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_RESTATING = re.compile(r"日志|记录|原始|原文|输出|写作|写为|显示为")


_AFTER_A_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s?(?:z|utc|gmt|[+\-]\d{2}:?\d{2})?\s?$", re.IGNORECASE)


def _closed_bracket_holds(text: str, at: int, before: int) -> bool:
    """`text[at]` is inside a bracket that follows a clock (its converted aside, "07:05Z（北京时间 15:05）") and
    closes before `before`. A bracket before a clock ("（北京时间）07:05") labels it."""
    opening = max(text.rfind("(", 0, at), text.rfind("（", 0, at))
    if opening == -1 or max(text.rfind(")", opening, at), text.rfind("）", opening, at)) != -1:
        return False
    if not _AFTER_A_CLOCK.search(text, max(0, opening - 12), opening):
        return False
    closing = [i for i in (text.find(")", at, before), text.find("）", at, before)) if i != -1]
    return bool(closing)


def written_zones(folded_output: str, clock: str) -> set[int | None]:
    """The UTC offsets (hours) with which an output writes the clock ("06:12:44z" 0, "09:12:03.118+08:00"
    8), None for an occurrence without a zone."""
    zones: set[int | None] = set()
    # the clock (not a part of another), then its zone if written: "z", "+08:00", " +0000" (RFC 1123, nginx)
    pattern = (
        rf"(?<!\d)(?:(?<=\d{{4}}:)|(?<!:)){re.escape(clock)}(:\d{{2}})?(?:\.\d+)?(?![\d:])"
        rf"(z\b|\s?[+\-]\d{{2}}:?\d{{2}}\b|\s?(?:\d{{4}}\s)?(?:gmt|utc)\b(?!\s?[+\-]))?"
    )
    # "08:00-09:00" is a range: its end is a clock of its own, written without a zone
    if re.search(rf"\d\d:\d\d-{re.escape(clock)}(?!\d|:\d)", folded_output):
        zones.add(None)
    for n, m in enumerate(re.finditer(pattern, folded_output)):
        if n >= _ZONE_OCCURRENCES:
            break
        zone = m.group(2).strip() if m.group(2) else None
        if zone is not None and m.group(1) is None and re.fullmatch(r"-\d{2}:\d{2}", zone):
            zone = None  # "08:00-09:00": a range's end, no offset (an offset follows a time with seconds)
        if zone is None:
            zones.add(None)
        elif zone == "z" or zone.endswith(("gmt", "utc")):  # "03:59:59 2026 GMT" (openssl), "… UTC"
            zones.add(0)
        else:
            hours = int(zone[1:3]) + int(zone[-2:]) / 60
            zones.add(int(hours) if zone[0] == "+" else -int(hours))
    return zones


_ZONE_OCCURRENCES = 32


def zone_carried_to(context: str, sentence: str) -> int | None:
    """The zone (UTC offset in hours) the last zone word of `context` before `sentence` names, for a
    sentence that names none: "北京时间 14:00 到 14:02 … 涨到 500 MiB/s；14:03 略降" keeps Beijing time
    for the 14:03 of the next sentence. None when no zone word comes before it."""
    if not context or _names_a_zone(sentence):
        return None
    at = context.find(sentence)
    # (a zone in brackets converts one clock, "北京时间 14:25（06:25 UTC）": the answer's own zone is outside)
    words = [w for w in _ZONE_WORD.finditer(context, 0, at) if not in_brackets(context, w.start())] if at > 0 else []
    if not words:
        return None
    return 8 if _BEIJING_WORD.match(words[-1].group(0)) else 0


def shifted_from(number: NumberMention, zone: int) -> NumberMention:
    """The clock in the other zone ("14:03" in Beijing time is 06:03 UTC)."""
    return _shifted(number, -_EIGHT_HOURS if zone == 8 else _EIGHT_HOURS)


_SINCE_AFTER = re.compile(r"\s?(?:之后|以后|以来|后|起)")
_ONSET = re.compile(r"从|自")
_ONSET_AFTER = re.compile(r"一直|持续|就|开始|始终|不断")


def searched_since(claim_text: str, number: NumberMention, arguments: Iterable[Mapping[str, Any]]) -> bool:
    """A clock the claim scopes its finding from ("11:00 之后 502 共 913 次") that a call searched from
    (`since: "11:00"`, `awk '$6>="11:00"'`): the search's bound, restated, no finding of the trace."""
    if number.kind != "clock":
        return False
    text, places = numbers_with_places(claim_text)
    # "11:00 之后…共 913 次" restates what the search counted; "从 05:30 之后就一直…" dates an onset
    if not any(
        n.text == number.text
        and _SINCE_AFTER.match(text, end)
        and not _ONSET.search(text, max(0, start - 2), start)
        and not _ONSET_AFTER.search(text, end, clause_end(text, end))
        for start, end, n in places
    ):
        return False
    seconds = int(number.value)
    hour, minute = seconds // 3600 % 24, seconds % 3600 // 60
    pattern = re.compile(rf"(?<![\d:])0?{hour}:{minute:02d}(?!\d)")
    return any(
        isinstance(value, str) and pattern.search(value) is not None for args in arguments for value in args.values()
    )


_RANGE_SELECTOR = re.compile(r"\[(\d+)([smhd])\]")
_EVALUATED_AT = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2})?(?![\d])")
_SELECTOR_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def range_query_start(claim_text: str, number: NumberMention, arguments: Iterable[Mapping[str, Any]]) -> bool:
    """A clock that starts the window a range query sums over: "02:00–03:00 这一小时内 6 次" over
    `increase(…[1h])` evaluated at 03:00. The claim names the evaluation time too; the clock is the
    query's own bound, restated."""
    if number.kind != "clock":
        return False
    claimed = {int(n.value) for n in extract_mentions(claim_text).numbers if n.kind == "clock"}
    for args in arguments:
        values = [v for v in args.values() if isinstance(v, str)]
        spans = [int(m[1]) * _SELECTOR_SECONDS[m[2]] for v in values for m in _RANGE_SELECTOR.finditer(v)]
        times = [int(m[1]) * 3600 + int(m[2]) * 60 for v in values if "[" not in v for m in _EVALUATED_AT.finditer(v)]
        for at in times:
            if at in claimed and any((at - span) % 86400 == int(number.value) for span in spans):
                return True
    return False


_WINDOW_RANGE = re.compile(r"(\d{1,2}:\d{2})\s?(?:~|～|-|–|—|到|至)\s?(\d{1,2}:\d{2})(?![\d:])")
_WINDOW_KEYS = ("start", "end", "from", "to", "since", "until", "start_time", "end_time", "begin")
_ISO_CLOCK = re.compile(r"\d{4}-\d{2}-\d{2}[t ](\d{2}:\d{2})")


def searched_window(claim_text: str, number: NumberMention, arguments: Iterable[Mapping[str, Any]]) -> bool:
    """A clock of a range the claim writes ("09:00~12:00 之间 restart counter 从 18 涨到 22") whose two ends
    are the window a cited call searched (`start` 09:00, `end` 12:00): the window restated, no finding."""
    if number.kind != "clock":
        return False
    ranges = [(m.group(1).zfill(5), m.group(2).zfill(5)) for m in _WINDOW_RANGE.finditer(fold(claim_text))]
    ranges = [r for r in ranges if number.text[:5] in r]
    if not ranges:
        return False
    for args in arguments:
        bounds = []
        for key in _WINDOW_KEYS:
            value = args.get(key)
            found = _ISO_CLOCK.search(value.lower()) if isinstance(value, str) else None
            if found:
                bounds.append(found.group(1))
        if any(r[0] in bounds and r[1] in bounds for r in ranges):
            return True
    return False
