"""Value at a time: a number a claim ties to a clock time must be the cited series' value then.

A hard evidence fact (spec §7 "the tool outputs say otherwise", §8 floors): "5xx 速率在 12:02 升至
68.0 req/s" over a series whose 12:02 point is 3.1 while 68.0 sits at 12:07 is `contradicted`. It is
decided only when the output is a time series and has a point at that time: a time the series lacks,
or an output that is not a series, says nothing.

Series read: JSON lists of `[timestamp, value]` pairs (Prometheus `values` with string values too),
lists of objects with a time and a value field, and log lines that start with a timestamp (each
line's numbers are its values). Timestamps: "12:02", "12:02:30", ISO date-times (the wall clock as
written) and epoch seconds or milliseconds (UTC: a claim's clock is UTC unless it names UTC+8,
"北京时间 17:10" is 09:10 UTC; no other shift is forgiven).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from .arithmetic import binary_reading_matches, follows_by_arithmetic, matches_directly, tolerance
from .chinese_numerals import chinese_clocks, hour_in_period
from .column_units import COLUMN_GAP
from .dates import BEIJING_BEFORE
from .normalize import fold
from .own_arithmetic import days_between_its_own_dates, formula_operands, written_as_multiple
from .tokens import MAX_TIME_STEP, NumberMention, extract_mentions, iter_numbers, places_in_text

__all__ = [
    "Point", "Series", "claimed_values_at_times", "named_column", "parse_series", "speaks_of", "value_at_time_conflict",
    "values_of",
]

_DAY = 86_400
_MAX_POINTS = 20_000
_LEADING_DIGITS = re.compile(r"\d+")
_SIGNED = re.compile(r"-\d+(?:\.\d+)?")
_LEADING_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CONVERTED_KINDS = frozenset({"bytes", "seconds", "ratio", "cores"})  # written digits may differ from the output
# `(?<![\d:])(?P<h>[01]?\d|2[0-3]):…` with the hour's first digit before the look-behind (the engine skips
# ahead to digits in C), then a second digit after a 0 or 1, or a 0-3 after a 2 (the same matches:
# tests/test_fast_pattern_forms.py)
_CLOCK = re.compile(
    r"(?P<h>\d(?<![\d:]\d)(?:(?<=[01])\d|(?<=2)[0-3])?):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?(?![\d:])"
)
# a claim's clock in UTC+8 is the UTC clock of an epoch timestamp plus 8 hours (as `core.time_context`)
_EIGHT_HOURS = 8 * 3600
_ZONE_CUE = re.compile(r"北京|东八|\+\s?0?8")
# between a number and the time it happened at: "1315ms（14:10）", "升到 1315ms 的时间是 14:10",
# "峰值为 1315ms，出现在 14:10"
_BACK_REACH = 12  # characters: the longest connector, with spaces
_BACK_LAST = frozenset("（(是为在于")  # how a connector ends
_BACK_CONNECTOR = re.compile(
    r"(?:[（(]|(?:的)?(?:时间|时刻|时间点)\s*(?:是|为)|[，,]?\s*(?:出现|发生|是)\s*(?:在|于))\s*$"
)
# "09:20 的 P99 较 09:15 ..." (the later time first) and "与 09:15 相比，09:20 ..." (the base first)
_COMPARED_WITH = re.compile(r"(?:较|比|相比|相较于?|对比|比起|是)\s*$")
# "10:10 为 3 次，比 10:00 少 1 次": a clause that opens with the comparing word compares the time before it
_ELLIPTIC_COMPARISON = re.compile(r"[，,；;]\s*(?:较|比|相比|相较于?|比起|(?:约|大约|大概|将近|接近)?(?:为|是))\s*$")
_COMPARED_AFTER = re.compile(r"\s*(?:相比|比较|对比|相较)")
_UP = re.compile(r"上涨|上升|升高|增长|增加|增多|提高|提升|升|涨|高|多|增")
_DOWN = re.compile(r"下降|降低|减少|回落|下跌|降|跌|低|少|减")
_TO = re.compile(r"[至到]|的\s*[\d.]+\s*%")
_FRACTION = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)(?![\d.])")
# after the time: a start, an end, a range or an approximation, not a point ("12:02 起", "15:00 到 15:12")
_NOT_A_POINT_AFTER = re.compile(r"\s*(?:起|以来|之后|以后|后|开始|前|之前|以前|左右|前后|到|至|~|～|-|–|—|之间|期间)")
_NOT_A_POINT_BEFORE = re.compile(r"(?:自|截至|直到|截止)\s*$|(?:\d:\d\d(?::\d\d)?|[点分半])\s*(?:到|至|~|～|—|–|-)\s*$")
_CLAUSE_END = re.compile(r"[，。；;!?！？\n]|,(?!\d{3})")
_TS_FIELDS = ("timestamp", "time", "ts", "t", "datetime", "date", "@timestamp")
_VALUE_FIELDS = ("value", "v", "y", "val", "count", "avg", "mean")
_LOG_TS = re.compile(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[tT ])?(?P<h>\d{2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?(?:[.,]\d+)?"
    r"(?:[zZ]|[+-]\d{2}:?\d{2})?\]?"
)
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}[tT ](\d{2}):(\d{2})(?::(\d{2}))?")
_INLINE_POINT = re.compile(r"(?<![\d:])(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\s*=\s*(-?\d+(?:\.\d+)?)(?![\d.])")
_BARE_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")


class Point:
    """One observation: seconds of the day as written, and its value(s).

    A JSON point has `values`; a log line keeps its text and reads its numbers only when asked.
    """

    __slots__ = ("_numbers", "epoch", "line", "second", "values")

    def __init__(self, second: int, values: tuple[float, ...] = (), line: str = "", epoch: bool = False) -> None:
        self.second = second
        self.values = values
        self.line = line  # folded log line after its timestamp
        self.epoch = epoch  # an epoch timestamp: `second` is UTC
        self._numbers: tuple[NumberMention, ...] | None = None

    @property
    def numbers(self) -> tuple[NumberMention, ...]:
        if self._numbers is None:
            self._numbers = tuple(iter_numbers(self.line, 200)) if self.line else ()
        return self._numbers


@dataclass(frozen=True)
class Series:
    """The points of one tool output (empty when it is not a time series), and its folded text."""

    points: tuple[Point, ...]
    text: str = ""
    end: int | None = None  # the folded output is `text[:end]` (more may follow it)
    column: str = ""  # the one column of a table by time these points are (`named_column`)


def parse_series(output: Any, folded: str | None = None, end: int | None = None) -> Series:
    """The time series in one tool output, or an empty `Series` (worth caching per call).

    `folded[:end]` is the output's text as `fold` gives it (the string, or its JSON text), when the
    caller has it already: a large output is then neither serialised nor folded (nor copied) again.
    """
    if folded is None:
        folded, end = fold(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)), None
    if isinstance(output, str):
        stripped = output.lstrip()
        if stripped[:1] in "[{":
            try:
                return Series(_json_points(json.loads(output)), folded, end)
            except ValueError:
                pass
        return Series(tuple(_log_points(output)), folded, end)
    return Series(_json_points(output), folded, end)


def _json_points(value: Any) -> tuple[Point, ...]:
    points: list[Point] = []
    _walk(value, points, 0)
    return tuple(points[:_MAX_POINTS])


@lru_cache(maxsize=4096)
def claimed_values_at_times(claim_text: str) -> tuple[tuple[int, int, NumberMention], ...]:
    """(second of day, window in seconds, number) for each number the claim ties to a point in time.

    The number is the first one after the clock time in the same clause, before the next clock
    time; a time that starts, ends or bounds a range ("12:02 起", "15:00 到 15:12 之间") is skipped.
    """
    return tuple((second, window, number) for second, window, number, _ in _claimed_at(claim_text))


def _names_a_zone(text: str) -> bool:
    return ("北京" in text or "东八" in text or "+" in text) and _ZONE_CUE.search(text) is not None


def _claimed_at(claim_text: str) -> tuple[tuple[int, int, NumberMention, int], ...]:
    pairs: list[tuple[int, int, NumberMention, int]] = []
    clocks = _clock_spans(claim_text)
    paired = _respectively(claim_text, clocks) if len(clocks) > 1 else {}
    bracketed = "(" in claim_text or "（" in claim_text
    listed = _clocks_of_a_count(claim_text, clocks) if bracketed else set()
    asides = _conversion_asides(claim_text, clocks) if bracketed else {}
    for k, (start, end, second, window, utc) in enumerate(clocks):
        if k in listed or k in asides:
            continue
        if k in paired:
            pairs.append((second, window, paired[k], utc))
            continue
        if _NOT_A_POINT_AFTER.match(claim_text, end) or _NOT_A_POINT_BEFORE.search(claim_text, 0, start):
            continue
        since = clocks[k - 1][1] if k else 0
        lo = max(since, start - _BACK_REACH)
        back = (
            _BACK_CONNECTOR.search(claim_text, lo, start) if claim_text[lo:start].rstrip()[-1:] in _BACK_LAST else None
        )
        before_start = _clause_start(claim_text, since, back.start()) if back else start
        before = claim_text[before_start : back.start()] if back else ""
        # "约 39 分钟后（02:41:55）": a span after which it happened names the time, it is no value at it
        numbers = (
            _numbers_in(claim_text, before_start, before_start + len(before))
            if before and not _RELATIVE_OFFSET.search(before)
            else []
        )
        if numbers:  # the time a number before it happened at
            pairs.append((second, window, numbers[-1], utc))
            continue
        # (a clock's conversion in brackets right after it, "18:17Z（北京时间 02:17）", is no time of its own:
        # the figure after the bracket is the outer clock's)
        later = next((j for j in range(k + 1, len(clocks)) if j not in asides), None)
        stop = clocks[later][0] if later is not None else len(claim_text)
        end = asides.get(k + 1, end)
        clause_end = _CLAUSE_END.search(claim_text, end, stop)
        numbers = _numbers_in(claim_text, end, clause_end.start() if clause_end else stop)
        if len(numbers) > 1 and numbers[0].kind == "seconds" and _WINDOW_AFTER.match(claim_text[end:stop]):
            numbers = numbers[1:]  # "10:10 的 5 分钟内重启 3 次": the window, then its value
        if numbers:
            pairs.append((second, window, numbers[0], utc))
            if k + 1 in asides:  # the same moment as the aside writes it: the figure is at either
                _, _, aside_second, aside_window, aside_utc = clocks[k + 1]
                pairs.append((aside_second, aside_window, numbers[0], aside_utc))
    return tuple(pairs)


_ASIDE_OPENING = re.compile(r"\s?(?:z|utc|gmt)?\s?[(（][^()（）]{0,8}$", re.IGNORECASE)
_ASIDE_CLOSING = re.compile(r"\s?(?:utc|gmt|北京时间)?\s?[)）]", re.IGNORECASE)


def _conversion_asides(claim_text: str, clocks: list[tuple[int, int, int, int, int]]) -> dict[int, int]:
    """Indexes of the clocks alone in a bracket right after another clock ("18:17Z（北京时间 02:17）",
    "16:22:20 +0300（北京时间 21:22:20）"), each with where its bracket ends: the same moment, written again."""
    asides: dict[int, int] = {}
    for k in range(1, len(clocks)):
        between = claim_text[clocks[k - 1][1] : clocks[k][0]]
        between = _OFFSET_WRITTEN.sub("", between, count=1)
        closing = _ASIDE_CLOSING.match(claim_text, clocks[k][1])
        if k - 1 not in asides and _ASIDE_OPENING.fullmatch(between) and closing:
            asides[k] = closing.end()
    return asides


_OFFSET_WRITTEN = re.compile(r"^\s?[+\-]\d{2}:?\d{2}")


def _clocks_of_a_count(claim_text: str, clocks: list[tuple[int, int, int, int, int]]) -> set[int]:
    """Indexes of the clocks a bracket lists right after a count of as many things: "有 2 次由 Humongous
    Allocation 触发（13:05:50 和 13:08:02）" gives the times of the two events, no value at either."""
    listed: set[int] = set()
    for bracket in _CLOCK_LIST.finditer(claim_text):
        inside = [k for k, c in enumerate(clocks) if bracket.start() < c[0] and c[1] < bracket.end()]
        clause = claim_text[_clause_start(claim_text, 0, bracket.start()) : bracket.start()]
        counts = [n for n in _numbers(clause) if n.kind == "count" and n.value == len(inside)]
        if inside and counts:
            listed.update(inside)
    return listed


# a bracket holding only times of day joined by 和 / 、 / 与 / commas
_CLOCK_LIST = re.compile(
    r"[(（]\s*\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:\s*(?:和|与|及|、|跟|,|，)\s*\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?)*\s*[)）]"
)


def _respectively(claim_text: str, clocks: list[tuple[int, int, int, int, int]]) -> dict[int, NumberMention]:
    """"20:01:00 和 20:01:01 分别有 4821 和 5133 次": a run of clocks joined by 和 / 、 / 与, then 分别 and
    as many figures in its clause, pairs them in order (clock index -> its figure)."""
    paired: dict[int, NumberMention] = {}
    k = 0
    while k < len(clocks):
        run = [k]
        while run[-1] + 1 < len(clocks) and _JOINER.fullmatch(claim_text[clocks[run[-1]][1] : clocks[run[-1] + 1][0]]):
            run.append(run[-1] + 1)
        after = clocks[run[-1]][1]
        then = _RESPECTIVELY.match(claim_text, after)
        if len(run) > 1 and then:
            clause_end = _CLAUSE_END.search(claim_text, then.end())
            numbers = _numbers_in(claim_text, then.end(), clause_end.start() if clause_end else len(claim_text))
            if len(numbers) == len(run):
                paired.update(zip(run, numbers, strict=True))
        elif len(run) > 1:
            # "10:01、10:02、10:04 被限流的比例是 0.41、0.38、0.44": as many figures, joined the same way
            joined = _joined_figures(claim_text, after, len(run))
            if joined:
                paired.update(zip(run, joined, strict=True))
        k = run[-1] + 1
    return paired


def _joined_figures(claim_text: str, start: int, count: int) -> list[NumberMention] | None:
    """The first `count` figures of the clause after `start` when they are all its figures and follow one
    another joined by 和 / 、 / 与 (a list matching a list of times)."""
    clause_end = _CLAUSE_END.search(claim_text, start)
    end = clause_end.start() if clause_end else len(claim_text)
    places = [
        (s, e, n) for s, e, n in (places_in_text(claim_text) or ()) if start <= s and e <= end and n.kind != "clock"
    ]
    if len(places) != count:
        return None
    if any(not _JOINER.fullmatch(claim_text[places[i][1] : places[i + 1][0]]) for i in range(count - 1)):
        return None
    return [n for _, _, n in places]


_JOINER = re.compile(r"\s*(?:和|与|及|、|跟)\s*")
# "15:05 和 15:10 两个窗口分别为 …": a few words naming what the times are may come before 分别
_RESPECTIVELY = re.compile(r"\s*(?:时|的时候)?[^\d\n，,。；;：:]{0,8}?(?:分别|各自)")
_WINDOW_AFTER = re.compile(r"^\s*的?\s*\d+(?:\.\d+)?\s*(?:秒|分钟|分|小时|天|[smhd])\s*(?:内|里|之内|以内)")
_RELATIVE_OFFSET = re.compile(r"(?:秒|分钟|分|小时|天|[smhd])\s*(?:之后|以后|后|之前|以前|前)\s*$", re.IGNORECASE)


def _clause_start(text: str, start: int, end: int) -> int:
    """Where `text[start:end]` starts after its last clause break ("峰值为 1315ms，出现在 14:10" keeps
    the figure: the comma is the connector's own; "重启 3 次，根因是在 14:10" does not)."""
    breaks = list(_CLAUSE_END.finditer(text, start, end))
    return breaks[-1].end() if breaks else start


def _numbers_in(text: str, start: int, end: int) -> list[NumberMention]:
    """`_numbers(text[start:end])`, taken from the reading of the whole text when that reading keeps
    every character in its place (no numerals turned into digits, no invisible character removed;
    full-width punctuation in ASCII is one character for one): one reading per claim, not per clause."""
    places = places_in_text(text)
    if places is None:
        return _numbers(text[start:end])
    return _without_ports(text[start:end], [
        n for s, e, n in places
        if start <= s and e <= end and n.kind != "clock" and not _opens_with_a_zone(text, start, s, n)
    ])


def _opens_with_a_zone(text: str, start: int, at: int, number: NumberMention) -> bool:
    """The figure at `at` is a zone offset ("+0800") with nothing but spaces and brackets before it from `start`."""
    if at < start or _ZONE_OFFSET.fullmatch(number.text) is None:
        return False
    return _AT_START.fullmatch(text, start, at) is not None


# "08:52:16（+0800）": the clock's zone, right after it, is no value at that time
_ZONE_OFFSET = re.compile(r"[+\-](?:0\d|1[0-4]):?[0-5]\d")
_AT_START = re.compile(r"[\s（(]*")


def _numbers(segment: str) -> list[NumberMention]:
    """The segment's figures; a port ("5432 端口", "port 8080") is no value of a series, nor a zone opening it."""
    numbers = [n for n in extract_mentions(segment).numbers if n.kind != "clock"]
    if numbers and _opens_with_a_zone(segment, 0, segment.find(numbers[0].text[:1]), numbers[0]):
        numbers = numbers[1:]
    return _without_ports(segment, numbers)


def _without_ports(segment: str, numbers: list[NumberMention]) -> list[NumberMention]:
    if numbers and ("端口" in segment or "port" in segment.lower()):
        return [n for n in numbers if not _is_a_port(segment, n)]
    return numbers


def _is_a_port(segment: str, number: NumberMention) -> bool:
    if number.kind != "plain" or not number.text.isdigit():
        return False
    digits = re.escape(number.text)
    return re.search(rf"(?<![\d.]){digits}\s*(?:号)?端口|\bport\s*{digits}(?!\d)", segment, re.IGNORECASE) is not None


def _clock_spans(text: str) -> list[tuple[int, int, int, int, int]]:
    """(start, end, second of day, window in seconds, second of day in UTC) of each time of day the
    text names: "14:10", "14:10:30", "14点10分", "下午 8 点" (20:00-20:59), "凌晨两点零五分"
    (`chinese_numerals.chinese_clocks`). The UTC second differs where the claim names UTC+8
    ("北京时间 17:10" is 09:10 UTC); an epoch timestamp is compared with it."""
    spans = []
    for m in _CLOCK.finditer(text):
        second = hour_in_period(text, m.start(), int(m["h"])) * 3600 + int(m["m"]) * 60 + int(m["s"] or 0)
        spans.append((m.start(), m.end(), second, 1 if m["s"] else 60, second))
    clocks = chinese_clocks(text)
    if clocks:
        spans += [(c.start, c.end, c.second, c.window, c.second) for c in clocks]
        spans.sort()
    if _names_a_zone(text):
        return [(start, end, second, window, _utc(text, start, second)) for start, end, second, window, _ in spans]
    return spans


def _utc(text: str, start: int, second: int) -> int:
    if BEIJING_BEFORE.search(text, max(0, start - 10), start):
        return (second - _EIGHT_HOURS) % _DAY
    return second


def value_at_time_conflict(
    claim_text: str,
    evidence_outputs: Iterable[Any],
    bound_of: Callable[[NumberMention], Callable[[float], bool] | None] | None = None,
    moved_only: bool = False,
) -> str | None:
    """A number the claim ties to a time that the cited series contradicts at that time, or None.

    Conflict: some cited series has points at the claimed time, none of them carries the claimed
    number (within its written precision, after unit conversion) nor gives it by one step of
    arithmetic over the values at that time, and the number appears at another time of a cited
    series, or is written nowhere in the cited outputs (only derivable from other values, it is
    not what the series says then).

    Args:
        claim_text: the claim.
        evidence_outputs: the cited calls' outputs, raw (str or JSON value) or already `Series`.
        bound_of: for a figure written as a bound ("不到 1%"), the test a value at that time must pass.
        moved_only: report only a figure the series shows at another time (for a text that cites
            no output, an answer sentence read against every series of the trace).

    Returns:
        A one-sentence English detail, or None.

    Example:
        >>> value_at_time_conflict("5xx 速率在 12:02 升至 68.0 req/s",
        ...                        [{"points": [["12:02", 3.1], ["12:07", 68.0]]}])
        'the cited series gives 3.1 at 12:02, not 68.0req/s (which it shows at 12:07)'
    """
    # a claim that names its zone is read again with its clocks in UTC (an epoch point's clock)
    pairs = _claimed_at(claim_text) if _names_a_zone(claim_text) else claimed_values_at_times(claim_text)
    if not pairs:
        return None
    series = [o if isinstance(o, Series) else parse_series(o) for o in evidence_outputs]
    series = [named_column(claim_text, s) for s in series]
    # an epoch point's clock is UTC, and a text citing no output may write its clocks in any zone
    points = [p for s in series for p in s.points if not (moved_only and p.epoch)]
    if not points:
        return None
    for pair in pairs:
        second, window, number = pair[0], pair[1], pair[2]
        utc = pair[3] if len(pair) == 4 else second  # a 4-tuple where the claim names its zone
        at = [p for p in points if _at(p, utc if p.epoch else second, window)]
        if not at and len(pair) == 3 and not moved_only:
            # a clock without a zone that no point has in UTC, in Beijing time (the operators' own) an
            # epoch point's moment: read there, as the number floor locates it (`local_time_of_a_utc_clock`)
            beijing = (second - _EIGHT_HOURS) % _DAY
            at = [p for p in points if p.epoch and _at(p, beijing, window)]
            utc = beijing if at else utc
        if not at and utc != second and not moved_only:
            mislabelled = [p for p in points if p.epoch and _at(p, second, window) and _carries(p, number)]
            if mislabelled:  # "北京时间 09:10" for an epoch point at 09:10 UTC (17:10 in UTC+8)
                return (
                    f"the cited series gives {number.text} at {hhmm(second)} UTC, which is "
                    f"{hhmm(second + _EIGHT_HOURS)} in UTC+8, not {hhmm(second)}"
                )
        holds = bound_of(number) if bound_of is not None else None
        if moved_only and (holds is not None or _written_as_bound(claim_text, number)):
            continue  # "条件是 CPU > 80%": a threshold, no value the series must show then
        if holds is not None and at:
            if any(holds(v) for p in at for v in p.values):
                continue
            return f"the cited series gives {_shown(at[0])} at {hhmm(second)}, which is not {number.text} as bounded"
        logged = bool(at) and all(p.line and not p.values and not _NUMERIC_LINE.fullmatch(p.line) for p in at)
        if logged and written_as_multiple(claim_text, number):
            # "紧跟 15:48 批任务启动、请求量涨到约 3.4 倍": a ratio of two values around the logged event
            # (a "16" the log line holds, "shards=16", is none)
            if _multiple_around(number, second, series):
                continue
            return f"no cited series rises {number.text} times around {hhmm(second)}"
        if not at or any(_carries(p, number) for p in at) or _derived_at(number, at):
            continue
        if (number.kind == "count" and number.text.endswith(("个", "台")) and number.value >= 2
                and len({p.line for p in at}) == number.value):
            continue  # "19:10 时 3 个 pod 的 CPU 都在 3.97~3.99 核" over three rows at 19:10: a count of them
        if number.kind == "ratio" and _share_of_a_limit(claim_text, number, at, series):
            continue  # "14:03 达到 limit 的 100%" over 536870912 with "limit": "512Mi"
        operands = formula_operands(claim_text, number)
        if operands and all(any(abs(v - x) <= 1e-9 * max(1.0, abs(x)) for p in at for v in _point_figures(p))
                            for x in operands):
            continue  # "约 60.5% 被拒绝（51.2 / (51.2 + 33.4)）": worked out in the open from values at that time
        change = _change_between(claim_text, second, number, series)
        if isinstance(change, str):
            if moved_only:
                continue
            return change
        if change or _share_of_named(claim_text, number, at):
            continue
        if number.kind == "seconds" and _logged_when_it_ended(points, second, number):
            continue  # "05:54:11 发起的 UPDATE 执行了 1652318.204 ms" over that duration logged at 06:21:43
        # an epoch timestamp is UTC: "09:10" is its 09:10, "北京时间 17:10" too; no shift is forgiven
        elsewhere = [p for p in points if not _at(p, utc if p.epoch else second, window) and _carries(p, number)]
        if elsewhere:
            shown = hhmm(elsewhere[0].second) + (" UTC" if elsewhere[0].epoch else "")
            return (
                f"the cited series gives {_shown(at[0])} at {hhmm(second)}, not {number.text} "
                f"(which it shows at {shown})"
            )
        if moved_only or (number.kind == "count" and all(p.line and not p.values for p in at)):
            continue  # "05:58 有 3 条错误": a count of the log lines at that minute, no value one of them holds
        if number.kind == "seconds" and logged and (
            _span_of_its_clocks(claim_text, number) or days_between_its_own_dates(claim_text, number)
        ):
            continue  # "（02:14:06）出现在 fsid 变化（02:13:55）之后约 10 秒": the span between its own times
        column = next((s.column for s in series if s.column and any(p in s.points for p in at)), "")
        if column:  # "order-svc 在 10:05 为 320ms" over a table whose 320 is pay-svc's
            return f"the cited table's {column} column gives {_shown(at[0])} at {hhmm(second)}, not {number.text}"
        if not any(p.epoch for p in at) and not any(_written_in(number, s.text, s.end) for s in series):
            # the figure is written nowhere: derived from other values, it is not the value at that time
            return f"the cited series gives {_shown(at[0])} at {hhmm(second)}, not {number.text}"
    return None


_WRITTEN_FIGURE = re.compile(r"\d+(?:\.\d+)?")
_BOUND_BEFORE = r"(?:[<>≥≤]=?|超过|大于|高于|低于|小于|不到|不超过|阈值(?:是|为)?)\s?"


def _written_as_bound(text: str, number: NumberMention) -> bool:
    """The number is written after a comparison ("> 80%", "超过 80%"): a bound, not a value."""
    lead = _WRITTEN_FIGURE.match(number.text.replace(",", ""))
    return lead is not None and re.search(_BOUND_BEFORE + re.escape(lead.group(0)) + r"(?![\d.])", text) is not None


def speaks_of(series: Series, pairs: Iterable[tuple[int, int, NumberMention]]) -> bool:
    """The series has points at two or more of the (second, window, number) pairs' times and shows one
    of their numbers at some time: the series a text's figures at times speak of."""
    points = [p for p in series.points if not p.epoch]
    pairs = list(pairs)
    at_times = {second for second, window, _ in pairs if any(_at(p, second, window) for p in points)}
    return len(at_times) >= 2 and any(_carries(p, number) for _, _, number in pairs for p in points)


def _derived_at(number: NumberMention, at: list[Point]) -> bool:
    """One step of arithmetic over the values at that time gives it (errors / total = a rate)."""
    values = [NumberMention(f"{v:g}", v, "plain", 0) for p in at for v in p.values]
    values += [n for p in at if p.line for n in p.numbers]
    if len(values) > 1 and follows_by_arithmetic(number, values):
        return True
    # the total of every series' value then ("14:07 时请求总量约 500 req/s" over 412.6, 52.3 and 35.1)
    plain = [v for p in at for v in p.values]
    total = NumberMention(f"{sum(plain):g}", sum(plain), "plain", 0)
    return len(plain) > 2 and matches_directly(number, [total])


def _change_between(claim_text: str, second: int, number: NumberMention, series: list[Series]) -> bool | str | None:
    """A number tied to one of two compared times ("14:20 较 14:15 下降了 51%", "比 14:15 低 675ms",
    "14:20 是 14:15 的 49%", "与 14:15 相比，14:20 下降了 51%"): True when the change between the two
    times in one cited series gives it, a detail when it does only in the other direction than the
    claim says, else None."""
    if "较" not in claim_text and "比" not in claim_text and "是" not in claim_text and "为" not in claim_text:
        return None
    spans = _clock_spans(claim_text)
    k = next((k for k in range(1, len(spans)) if spans[k][2] == second), 0)
    if not k:
        return None
    between = claim_text[spans[k - 1][1] : spans[k][0]]
    if (_COMPARED_WITH.search(between) and not _CLAUSE_END.search(between)) or _ELLIPTIC_COMPARISON.search(between):
        (_, _, now, now_window, now_utc), (_, number_from, base, base_window, base_utc) = spans[k - 1], spans[k]
    elif _COMPARED_AFTER.match(between):
        (_, _, base, base_window, base_utc), (_, number_from, now, now_window, now_utc) = spans[k - 1], spans[k]
    else:
        return None
    clause_end = _CLAUSE_END.search(claim_text, number_from)
    wording = claim_text[number_from : clause_end.start() if clause_end else len(claim_text)]
    up, down = _UP.search(wording), _DOWN.search(wording)
    sign = 0 if not (up or down) else 1 if up and (not down or up.start() < down.start()) else -1
    # "下降了 55%" is a relative change; "降至 45%" / "是 09:15 的 45%" a ratio of the two values
    ratio = sign == 0 or _TO.search(wording) is not None
    wrong = None
    for s in series:
        before = [p for p in s.points if values_of(p) and _at(p, base_utc if p.epoch else base, base_window)]
        after = [p for p in s.points if values_of(p) and _at(p, now_utc if p.epoch else now, now_window)]
        for b, a in ((b, a) for b in before for a in after):
            for vb, va in zip(values_of(b), values_of(a), strict=False):
                if not _is_change(number, vb, va, ratio):
                    continue
                if sign * (va - vb) >= 0 or (number.kind == "plain" and _close(number, va / vb if vb else math.nan)):
                    return True
                wrong = (vb, va)
    if wrong is None:
        return None
    vb, va = wrong
    return (
        f"the cited series goes from {vb:g} at {hhmm(base)} to {va:g} at {hhmm(now)}, "
        f"a {'fall' if va < vb else 'rise'}, not a {'rise' if sign > 0 else 'fall'} of {number.text}"
    )


_NUMERIC_LINE = re.compile(r"\s*(?:-?\d+(?:\.\d+)?%?(?:\s+|$))+")  # figures apart by spaces only
_MULTIPLE_SLACK = 0.1


_SUBJECT_NAME = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)+")  # a host, service or pod: "gw-sh-01", "order-svc"
_HEADER_SCAN = 2_000


def named_column(claim_text: str, series: Series) -> Series:
    """A table of rows by time ("time  gw-sh-01  gw-sh-02" over "10:10  2.7  0.02") whose header names
    columns, read as the one column the claim names (by its header, once): a series of that column's
    values. Any other series, or a claim naming no column or several, as it is."""
    if not series.points or any(p.values for p in series.points) or not series.text:
        return series
    header = _time_table_header(series.text[: min(len(series.text), series.end or _HEADER_SCAN, _HEADER_SCAN)])
    if not header or not all(_SUBJECT_NAME.fullmatch(name) for name in header):
        return series  # columns of metrics ("upstream_rq_active  pending_active") are read as before
    folded = fold(claim_text)
    named = [k for k, name in enumerate(header) if len(name) >= 3 and _names_token(folded, name)]
    if len(named) != 1:
        return series
    column = named[0]
    points = []
    for p in series.points:
        values = values_of(p)
        if len(values) == len(header):
            points.append(Point(p.second, (values[column],), epoch=p.epoch))
    return Series(tuple(points), series.text, series.end, header[column]) if len(points) >= 2 else series


def _time_table_header(text: str) -> list[str] | None:
    """The value columns' names of the header right above the first row of figures by time."""
    previous = None
    for line in text.split("\n"):
        m = _LOG_TS.match(line)
        if m and _NUMERIC_LINE.fullmatch(line[m.end() :]) and previous is not None:
            cells = COLUMN_GAP.split(previous.strip())
            return cells[1:] if len(cells) >= 3 else None
        previous = line if line.strip() else previous
        if m:
            return None
    return None


def _names_token(text: str, name: str) -> bool:
    at = text.find(name)
    while at != -1:
        before = text[at - 1] if at else " "
        after = text[at + len(name)] if at + len(name) < len(text) else " "
        if not (before.isascii() and (before.isalnum() or before in "-_")) and not (
            after.isascii() and (after.isalnum() or after in "-_")
        ):
            return True
        at = text.find(name, at + 1)
    return False


_LIMIT_WORD = re.compile(r"limit|上限|max|容量|capacity", re.IGNORECASE)
_LIMIT_FIELD = re.compile(
    r"(?:limit|max|capacity)[\"']?\s*[:=]\s*[\"']?(\d+(?:\.\d+)?)\s*(ki|mi|gi|ti|k|m|g|t)?(?:b)?(?![\w.])"
)


def _share_of_a_limit(claim_text: str, number: NumberMention, at: list[Point], series: list[Series]) -> bool:
    """A share of the limit the output states beside its series, for a claim that names the limit."""
    if not _LIMIT_WORD.search(claim_text):
        return False
    limits = [
        _limit_value(m[1], m[2] or "")
        for s in series for m in _LIMIT_FIELD.finditer(s.text, 0, min(len(s.text), s.end or _HEADER_SCAN))
    ]
    tol = tolerance(number)
    return any(limit and abs(v / limit - number.value) <= tol for limit in limits for p in at for v in p.values)


def _limit_value(figure: str, unit: str) -> float:
    """A limit as its field writes it ("512mi", "4g": a size letter alone is bytes), in base units."""
    if not unit:
        return float(figure)
    read = iter_numbers(figure + unit + ("b" if len(unit) == 1 else ""), 1)
    return read[0].value if read else float(figure)


def _point_figures(point: Point) -> list[float]:
    """Every figure a point gives: its values, or the numbers of its line."""
    return [*point.values, *(n.value for n in point.numbers)]


def values_of(point: Point) -> tuple[float, ...]:
    """A point's values, or the figures of a log line that holds figures only ("14:00  1020  3.1")."""
    if point.values or not point.line or not _NUMERIC_LINE.fullmatch(point.line):
        return point.values
    return tuple(float(v.rstrip("%")) for v in point.line.split())


def _multiple_around(number: NumberMention, second: int, series: list[Series]) -> bool:
    """Some cited series' value after `second` is `number` times its last value at or before it; or no
    cited output is a series of values (nothing to check the multiple against)."""
    checked = False
    for s in series:
        values = [(p.second, v[0]) for p in s.points if (v := values_of(p)) and not p.epoch]
        before = [v for t, v in sorted(values) if t <= second]
        after = [v for t, v in sorted(values) if t > second]
        if not before or not after:
            continue
        checked = True
        base = before[-1]
        if base and any(abs(v / base - number.value) <= _MULTIPLE_SLACK * number.value for v in after):
            return True
    return not checked


def _span_of_its_clocks(text: str, number: NumberMention) -> bool:
    """The duration is the span between two clock times the text states (rounded, 约 within 20%)."""
    seconds = [s for _, _, s, _, _ in _clock_spans(text)]
    slack = max(tolerance(number), 0.2 * number.value if number.approx else 0.0)
    return any(abs(abs(b - a) - number.value) <= slack for i, a in enumerate(seconds) for b in seconds[i + 1 :])


def _is_change(number: NumberMention, vb: float, va: float, ratio: bool) -> bool:
    """The claimed number is the difference, the relative change (a percentage: with `ratio`, the
    ratio va / vb instead) or the multiple of vb -> va."""
    if number.kind == "ratio" and vb:
        if ratio:
            return abs(va / vb - number.value) <= tolerance(number)
        # a relative change, or a change in percentage points of a series in percent or in ratio
        return abs(abs(va - vb) / abs(vb) - number.value) <= tolerance(number) or _close(number, abs(va - vb))
    if number.kind == "plain" and vb and _close(number, va / vb):
        return True
    delta = abs(va - vb)
    if _close(number, delta):
        return True
    if number.kind == "seconds":  # bare values in ms
        return abs(delta / 1000 - number.value) <= tolerance(number)
    return False


def _close(number: NumberMention, x: float) -> bool:
    """x is the claimed number, in its base unit or in the unit it is written in."""
    if not math.isfinite(x):
        return False
    if abs(x - number.value) <= tolerance(number):
        return True
    written = number.value / number.factor if number.factor else number.value
    return number.factor != 1 and abs(x - written) <= 0.5 * 10 ** (-number.decimals) + 1e-9 * abs(written)


def _share_of_named(claim_text: str, number: NumberMention, at: list[Point]) -> bool:
    """A share the claim spells out with a value at that time: "10:00 时使用率仅 24%（12/50）"."""
    if number.kind != "ratio":
        return False
    named = [n.value for n in _numbers(claim_text) if n.kind in ("plain", "count") and n.value]
    if "/" in claim_text:  # "（9/40）": the tokenizer keeps only the numerator
        named += [float(m[2]) for m in _FRACTION.finditer(claim_text) if float(m[2])]
    if not named:
        return False
    values = [v for p in at for v in p.values] + [n.value for p in at if p.line for n in p.numbers]
    tol = tolerance(number)
    return any(abs(v / b - number.value) <= tol for v in values for b in named)


def _written_in(number: NumberMention, text: str, end: int | None = None) -> bool:
    lead = _LEADING_NUMBER.match(number.text.replace(",", ""))
    if lead is None:
        return False
    pattern = re.compile(rf"(?<![\d.]){re.escape(lead.group(0))}(?![\d])")
    return pattern.search(text, 0, len(text) if end is None else end) is not None


def time_runs(points: Sequence[Point]) -> list[list[Point]]:
    """The points in runs of rising times: a step back of less than half a day starts another run (an output
    of two queries, "10:27 … 10:35" then "10:28 … 11:30"); a step back of more is midnight."""
    steps = [b.second - a.second for a, b in pairwise(points)]
    if sum(0 < -step < _DAY // 2 for step in steps) > sum(step > 0 for step in steps):
        points = list(reversed(points))  # listed newest first ("ORDER BY ts DESC"): read oldest first
    runs: list[list[Point]] = [[]]
    for point in points:
        if runs[-1] and 0 < runs[-1][-1].second - point.second < _DAY // 2:
            runs.append([])
        runs[-1].append(point)
    return runs


def _logged_when_it_ended(points: list[Point], second: int, number: NumberMention) -> bool:
    """A duration tied to when it started, which a log line writes when it ended: at the claimed second plus
    the duration (to the stamp's second)."""
    end = (second + int(number.value)) % _DAY
    slack = max(_END_SLACK, int(tolerance(number)) + 1)  # "约 27.5 分钟": the end as precise as the figure
    return any(_at(p, (end - slack // 2) % _DAY, slack + 1) and _carries(p, number) for p in points)


_END_SLACK = 2  # seconds between a duration's end and its log line's stamp


def _at(point: Point, second: int, window: int) -> bool:
    return 0 <= (point.second - second) % _DAY < window


def _carries(point: Point, number: NumberMention) -> bool:
    if point.line:
        lead = _LEADING_DIGITS.match(number.text.replace(",", ""))
        digits = lead.group(0) if lead else ""
        if digits and digits not in point.line.replace(",", "") and number.kind not in _CONVERTED_KINDS:
            return False  # cheap: the written digits are not on the line and no unit conversion applies
        if _SIGNED.fullmatch(number.text) and re.search(rf"(?<![\w.\-]){re.escape(number.text)}(?![\d.])", point.line):
            return True  # "[Errno -3]": the line writes the figure as the claim does
        if number.kind == "plain" and len(number.text) >= 3 and number.text.isdigit() and re.search(
            rf"(?<![\d.\-]){number.text}(?![\d.])", point.line
        ):
            return True  # "pid 530" over "(pid:530)": an id or a code the line writes
        return matches_directly(number, point.numbers)
    tol = tolerance(number)
    written = number.value / number.factor if number.factor else number.value
    written_tol = 0.5 * 10 ** (-number.decimals) + 1e-9 * abs(written)
    for v in point.values:
        if abs(v - number.value) <= tol or abs(v - written) <= written_tol:
            return True
        if number.kind == "seconds" and abs(v - number.value * 1000) <= tol * 1000:
            return True
        if number.kind == "bytes" and binary_reading_matches(number, NumberMention(f"{v:g}", v, "bytes", 0), tol):
            return True  # "约 3.0G" of a byte count 3221225472: G read in powers of 1024 too
    return False


def _shown(point: Point) -> str:
    if point.values:
        return ", ".join(f"{int(v)}" if v.is_integer() and abs(v) < 1e15 else f"{v:g}" for v in point.values[:3])
    line = point.line.strip()
    return repr(line[:60] + ("…" if len(line) > 60 else ""))


def hhmm(second: int) -> str:
    """A second of the day (any day) as "HH:MM"."""
    second %= _DAY
    return f"{second // 3600:02d}:{second % 3600 // 60:02d}"


def _walk(value: Any, out: list[Point], depth: int) -> None:
    if depth > 8 or len(out) >= _MAX_POINTS:
        return
    if isinstance(value, dict):
        point = _dict_point(value)
        if point is not None:
            out.append(point)
            return
        for v in value.values():
            _walk(v, out, depth + 1)
    elif isinstance(value, list):
        if len(value) == 2 and not isinstance(value[0], (list, dict)):
            point = _pair_point(value[0], value[1])
            if point is not None:
                out.append(point)
                return
        columns = _frame_columns(value)
        if columns:
            out.extend(columns)
            return
        for v in value:
            _walk(v, out, depth + 1)


def _frame_columns(value: list[Any]) -> list[Point]:
    """A Grafana data frame's `values`: a column of epoch timestamps, then columns of numbers as long:
    one point per row, its values those of the other columns ([[t1, t2], [v1, v2]]); [] for anything else."""
    if len(value) < 2 or not all(isinstance(c, list) for c in value) or len({len(c) for c in value}) != 1:
        return []
    if len(value[0]) < 2:
        return []
    stamps = [stamp for t in value[0] if (stamp := _epoch_of(t)) is not None]
    if len(stamps) < len(value[0]) or not all(0 < b - a <= MAX_TIME_STEP for a, b in pairwise(stamps)):
        return []  # a column of times rises by steps ([[ts, v], [ts, v]] is two points, no frame)
    rows = [[v for column in value[1:] if (v := _number(column[i])) is not None] for i in range(len(stamps))]
    if any(len(row) < len(value) - 1 for row in rows):
        return []  # a cell that is no number
    return [Point(int(stamp) % _DAY, tuple(row), epoch=True) for stamp, row in zip(stamps, rows, strict=True)]


def _pair_point(ts: Any, raw: Any) -> Point | None:
    second = _second_of(ts)
    value = _number(raw)
    if second is None or value is None:
        return None
    return Point(second[0], (value,), epoch=second[1])


def _dict_point(item: dict[str, Any]) -> Point | None:
    """A point from an object with a time field and a value field, or (no field named like a
    value) with numeric fields whose names say what they measure ({"ts": ..., "p99_ms": 640})."""
    ts_key = next((k for k in _TS_FIELDS if k in item), None)
    if ts_key is None:
        return _monitoring_point(item)
    raw = next((item[k] for k in _VALUE_FIELDS if k in item), None)
    if raw is not None:
        return _pair_point(item[ts_key], raw)
    second = _second_of(item[ts_key])
    fields = (r for k, r in item.items() if k != ts_key and not isinstance(r, str))
    values = tuple(v for r in fields if (v := _number(r)) is not None)
    if second is None or not values:
        return None
    return Point(second[0], values, epoch=second[1])


def _monitoring_point(item: dict[str, Any]) -> Point | None:
    """Google Cloud Monitoring's point: {"interval": {"endTime": …}, "value": {"doubleValue": 380.0}}."""
    interval, value = item.get("interval"), item.get("value")
    if not isinstance(interval, dict) or not isinstance(value, dict):
        return None
    ts = interval.get("endTime", interval.get("startTime"))
    raw = next((value[k] for k in _TYPED_VALUES if k in value), None)
    return None if ts is None or raw is None else _pair_point(ts, raw)


_TYPED_VALUES = ("doubleValue", "int64Value")
_EPOCH_TEXT = re.compile(r"\d{10}(?:\.\d+)?|\d{13}")


def _epoch_of(ts: Any) -> float | None:
    """Seconds since 1970 of an epoch timestamp value (seconds or milliseconds), None for anything else."""
    if isinstance(ts, bool) or not isinstance(ts, (int, float, str)):
        return None
    if isinstance(ts, str) and not _EPOCH_TEXT.fullmatch(ts):
        return None
    seconds = float(ts)
    if 1e12 <= seconds < 1e14:
        seconds /= 1000
    return seconds if 1e9 <= seconds < 1e10 else None


def _second_of(ts: Any) -> tuple[int, bool] | None:
    """(seconds of the day, is it an epoch timestamp) of a timestamp value."""
    if not isinstance(ts, str) or _EPOCH_TEXT.fullmatch(ts):
        seconds = _epoch_of(ts)
        return None if seconds is None else (int(seconds) % _DAY, True)
    m = _ISO.match(ts.strip()) or _BARE_CLOCK.match(ts.strip())
    if not m:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return h * 3600 + mi * 60 + s, False


def _number(raw: Any) -> float | None:
    if isinstance(raw, bool):
        return None
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


# promtool's "422156698 @[1795822800]": a value at an epoch second
_PROMTOOL_POINT = re.compile(
    r"^\s*([-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?) @\[(\d{10}(?:\.\d+)?)\]", re.MULTILINE | re.IGNORECASE
)


def _log_points(text: str) -> Iterator[Point]:
    if "@[" in text:
        promtool = _PROMTOOL_POINT.findall(text, 0, 200_000)
        if promtool:
            for raw, ts in promtool[:_MAX_POINTS]:
                yield Point(int(float(ts)) % _DAY, (float(raw),), epoch=True)
            return
    inline = _INLINE_POINT.findall(text, 0, 200_000) if "=" in text else []
    if len(inline) >= 2:  # "16:42=3 16:43=418 16:44=1207": a series written inline
        for h, mi, s, raw in inline[:_MAX_POINTS]:
            if int(h) <= 23:
                yield Point(int(h) * 3600 + int(mi) * 60 + int(s or 0), (float(raw),))
        return
    for n, line in enumerate(text.splitlines()):
        if n >= _MAX_POINTS:
            return
        m = _LOG_TS.match(line)
        if not m:
            continue
        h, mi, s = int(m["h"]), int(m["m"]), int(m["s"] or 0)
        if h > 23 or mi > 59 or s > 59:
            continue
        yield Point(h * 3600 + mi * 60 + s, line=fold(line[m.end() :]))
