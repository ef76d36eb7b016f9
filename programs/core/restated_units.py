"""A claim's figure that restates another of its own figures in another unit, and a rate read in
the period it is written in.

"约 0.85 核（850m）", "42.5 次/秒，约合每分钟 2550 次", "125 MB/s，即约 1 Gbps", "2 GiB（2048Mi）": the
second figure is the first one converted, within its own written precision. When the trace states the
first, the second follows from the outputs by unit conversion (spec §7), so it is no absent figure.
A conversion that does not hold ("0.85 核（950m）") leaves the figure to the literal search, as before.
Only figures in an apposition restate each other ("（…）", "，即 …", "，约合每分钟 …"; "CPU 0.85 核，内存 850m"
restates nothing), and only by the conversions below.

A figure written per minute, hour or day ("每分钟 42.5 次") over a `rate()` query, whose values are per
second, is that query's value times the period: "每分钟 2550 次" over 42.5 is stated, "每分钟 42.5 次" is not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..text.arithmetic import binary_reading_matches, millicores, tolerance
from ..text.query_meaning import per_minute_query, per_second_query
from ..text.tokens import NumberMention, numbers_with_places
from ..text.wording import CLAUSE_BREAK
from .trace_index import CallEvidence, Location

_PERIOD_SECONDS = {
    "秒": 1, "秒钟": 1, "s": 1, "sec": 1, "分钟": 60, "分": 60, "min": 60, "小时": 3600, "h": 3600, "hour": 3600,
    "天": 86400, "day": 86400, "周": 604800, "星期": 604800, "week": 604800,
}
# ("每周减少约 31.2 万个": a verb of two characters may stand between the period and its figure)
_PER_BEFORE = re.compile(
    r"每\s*(秒钟|秒|分钟|分|小时|天|周|星期)\s*(?:[\u4e00-\u9fff]{2})?\s*(?:约为|大约|约|为|有|达|达到)?\s*$"
)
_PER_AFTER = re.compile(
    r"\s*(?:次|个|条|笔|个请求|请求|requests?|reqs?|keys?|ops?|msgs?|messages?|events?|rows?|records?|packets?|pkts?)?"
    r"\s*(?:/|每)\s*(秒钟|秒|分钟|分|小时|天|周|sec|min|hour|day|week|s|h)(?![a-z])",
    re.IGNORECASE,
)  # (a count whose unit the tokenizer does not read as a rate: "2550 个/分钟", "300 条每小时")
_PER_SECOND_BEFORE = re.compile(r"每秒(?:钟)?(?:有|约|大约)?\s*$")
_CORES_AFTER = re.compile(r"\s*(?:个\s*)?(?:核|cores?\b|vcpus?\b|cpus?\b)", re.IGNORECASE)
_CPU_WORD = re.compile(r"核|cpu|vcpu|core", re.IGNORECASE)
_CONVERTIBLE_KINDS = frozenset({"bytes", "seconds", "cores", "req/s", "bit/s"})
_MAX_DISTANCE = 40  # characters between a figure and the one it restates
# what may stand between a figure and its restatement: a bracket or a word that says "that is"
_RESTATING = re.compile(
    r"\s*(?:/s|/秒)?\s*(?:[，,]\s*(?:约|大约)|[，,]?\s*(?:[（(]|即|约合|合|也就是|也即|相当于|换算[为成]?|折合|等于|≈))"
    r"\s*(?:约|大约|近)?\s*(?:每\s*(?:秒钟?|分钟?|小时|天|周)\s*)?(?:约|大约|近)?\s*"
)
_SAYS_THE_SAME = re.compile(r"也就是|也即|即|相当于|换算|折合")


def _restating(text: str, lo: int, hi: int) -> bool:
    """What stands between two figures says the second is the first: a bracket or a "that is" word
    right between them, or a "that is" word after a clause with no figure of its own ("每秒有 0.312 秒花在
    GC 停顿上，也就是约 31%")."""
    if _RESTATING.fullmatch(text, lo, hi):
        return True
    between = text[lo:hi]
    if ("（" in between or "(" in between) and not CLAUSE_BREAK.search(between.split("（")[-1].split("(")[-1]):
        return True  # a list restated in brackets: "1.84 秒和 1.79 秒（1843211 微秒、1790034 微秒）"
    return _SAYS_THE_SAME.search(between) is not None and not any(ch.isdigit() for ch in between)


_EVERY_N_HAS_M = re.compile(r"每\s?(\d{1,9})\s?(?:个|次|条|笔)[^，。；,;]{0,8}?有\s?(\d{1,9})\s?(?:个|次|条|笔)")


def every_n_has_m(claim_text: str, number: NumberMention, located: Callable[[NumberMention], bool]) -> bool:
    """"5xx 比例约 41.3%，差不多每 10 个请求就有 4 个失败": the N and M of a share the sentence states
    (and `located` holds for), M/N within half of 1/N of it."""
    if number.kind not in ("count", "plain") or "每" not in claim_text:
        return False
    text, places = numbers_with_places(claim_text)
    shares = [n for _, _, n in places if n.kind == "ratio" and located(n)]
    starts = {s for s, _, n in places if n == number}  # the figure's own places, not another with its value
    for m in _EVERY_N_HAS_M.finditer(text):
        n, k = int(m.group(1)), int(m.group(2))
        if n and starts & {m.start(1), m.start(2)} and any(abs(k / n - s.value) <= 0.5 / n for s in shares):
            return True
    return False


def restates_a_located_figure(
    claim_text: str,
    number: NumberMention,
    located: Callable[[NumberMention], bool],
    per_minute: Callable[[], bool] = lambda: False,
) -> bool:
    """The figure is another figure of its sentence in another unit, and `located` holds for that one.
    A per-second rate may restate a bare figure only when `per_minute` says the outputs count per minute
    ("increase() over the preceding 1m", CloudWatch's period=60s), not per second ("unit": "req/s")."""
    if number.kind == "clock":
        return False
    text, places = numbers_with_places(claim_text)
    for start, end, n in places:
        if n != number:
            continue
        for other_start, other_end, other in places:
            if other == number or other.kind == "clock":
                continue
            lo, hi = (end, other_start) if end <= other_start else (other_end, start)
            if hi - lo > _MAX_DISTANCE or not _restating(text, lo, hi):
                continue  # only an apposition restates: "（…）", "，即 …", "，约合每分钟 …"
            if not _converts((text, start, end, number), (text, other_start, other_end, other)):
                continue
            # a bare figure read per minute must be held per minute: no output declaring it per second
            rate_a = per_second((text, start, end, number))
            per_minute_read = rate_a is not None and rate_a[1] == 1 and other.kind in ("count", "plain") and (
                per_second((text, other_start, other_end, other)) is None
            )
            if per_minute_read and not per_minute():
                continue
            if located(other):
                return True
    return False


_Placed = tuple[str, int, int, NumberMention]


def _converts(restated: _Placed, source: _Placed) -> bool:
    """`restated` is `source` in another unit, within `restated`'s written precision."""
    a, b = restated[3], source[3]
    tol = tolerance(a)
    if a.kind in _CONVERTIBLE_KINDS and a.kind == b.kind and a.factor != b.factor:
        # "2 GiB（2048Mi）", "1.5 秒（1500ms）", "11617232 KB（约 11.1 GiB）" (KB read as KiB, as ps means it)
        return abs(a.value - b.value) <= tol or (a.kind == "bytes" and binary_reading_matches(a, b, tol))
    if {a.kind, b.kind} == {"bytes", "bit/s"}:
        bits_per_unit = 8 if a.kind == "bit/s" else 1 / 8  # "125 MB/s，即约 1 Gbps"
        return abs(a.value - b.value * bits_per_unit) <= tol
    cores_a, cores_b = _cores(restated), _cores(source)
    if cores_a is not None and cores_b is not None and _is_milli(a) != _is_milli(b):
        if _is_milli(a):  # "0.85 核（850m）": half a millicore of its last digit
            tol = 0.5 * 10 ** (-a.decimals) * 1e-3 + 1e-9
        return abs(cores_a - cores_b) <= tol
    text, start = source[0], source[1]
    if a.kind == "ratio" and b.kind == "seconds" and _PER_SECOND_BEFORE.search(text, max(0, start - 8), start):
        return abs(a.value - b.value) <= tol  # "平均每秒有 0.312 秒花在 GC 上，也就是约 31% 的时间"
    rate_a, rate_b = per_second(restated), per_second(source)
    if rate_a is not None and rate_b is not None and rate_a[1] != rate_b[1]:
        # "42.5 次/秒，约合每分钟 2550 次": per second, within the restated figure's precision per second
        return abs(rate_a[0] - rate_b[0]) <= (tol if a.kind == "req/s" else tol / rate_a[1])
    if rate_a is not None and rate_a[1] == 1 and rate_b is None and b.kind in ("count", "plain"):
        # "发布量每分钟约 12.9 万条（09:50 为 129000，约 2150 条/秒）": a bare figure of a per-minute series
        per_minute = _PER_MINUTE.search(text)
        return per_minute is not None and abs(b.value / 60 - rate_a[0]) <= max(tol, 0.01 * rate_a[0])
    return False


_COUNTED_PER_MINUTE = re.compile(
    r"increase\(.{0,160}?\[1m\]|over the preceding 1m|period\s?[=:]\s?60s?\b|per[_ ]?min(?:ute)?\b|/min\b|每分钟",
)
_COUNTED_PER_SECOND = re.compile(r"req/s|reqs/s|ops/s|/sec\b|per[_ ]second|\brps\b|\bqps\b|rate\(")


def counts_per_minute(texts: Sequence[str]) -> bool:
    """The outputs (and what their calls asked) count per minute and declare nothing per second."""
    joined = "\n".join(t.lower() for t in texts)
    return _COUNTED_PER_MINUTE.search(joined) is not None and _COUNTED_PER_SECOND.search(joined) is None


_PER_MINUTE = re.compile(r"每分钟|/\s?分钟|/\s?min\b|per minute", re.IGNORECASE)


def _is_milli(n: NumberMention) -> bool:
    return n.kind == "bytes" and millicores(n) is not None


def _cores(placed: _Placed) -> float | None:
    """Cores of a figure written as a CPU quantity: "850m" (read as megabytes), "0.85 核", "2 cores"."""
    text, _, end, n = placed
    if n.kind == "cores":
        return n.value
    milli = millicores(n) if n.kind == "bytes" and _CPU_WORD.search(text) else None
    if milli is not None:
        return milli  # "850m" is millicores only where the sentence speaks of CPU
    if n.kind == "plain" and _CORES_AFTER.match(text, end):
        return n.value
    return None


def per_second(placed: _Placed) -> tuple[float, int] | None:
    """(the rate per second, the period it is written in, in seconds) of a rate: "42.5 次/秒" (42.5, 1),
    "每分钟 2550 次" and "2550 次/分钟" (42.5, 60)."""
    text, start, end, n = placed
    if n.kind == "req/s":
        return n.value, round(1 / n.factor)
    if n.kind not in ("count", "plain"):
        return None
    before = _PER_BEFORE.search(text, max(0, start - 10), start)
    after = None if before else _PER_AFTER.match(text, end)
    unit = before.group(1) if before else after.group(1).lower() if after else None
    if unit is None:
        return None
    period = _PERIOD_SECONDS[unit]
    return n.value / period, period


def rate_period_location(
    claim_text: str, number: NumberMention, cited: list[CallEvidence], *, all_rates: bool = True
) -> Location | None:
    """For a count the claim writes per second, minute, hour or day, when the cited outputs are `rate()`
    queries (per second) or `increase(…[1m])` ones (per minute) of another period: "cited" if one of them
    holds the count over its period, "nowhere" if not. None when the figure names no period, the queries
    count in its own, or (`all_rates`) a cited call is no such query. Without `all_rates` (an answer's
    sentence, over every output) the rate queries among `cited` are read."""
    reading = _period_reading(claim_text, number, cited, all_rates)
    if reading is None:
        return None
    held, queries = reading
    return "cited" if any(held(n.value, p) for ev, p in queries for n in ev.numbers if n.kind == "plain") else "nowhere"


def restated_rate_test(
    claim_text: str, number: NumberMention, cited: list[CallEvidence]
) -> Callable[[float], bool] | None:
    """The test a series value at a time must pass for a figure the claim restates in another period
    ("11:00 每秒约 20 个" over increase(…[1m]) = 1200 at 11:00), or None when it restates none."""
    reading = _period_reading(claim_text, number, cited, True)
    if reading is None:
        return None
    held, queries = reading
    periods = {p for _, p in queries}
    return lambda value: any(held(value, p) for p in periods)


def _period_reading(
    claim_text: str, number: NumberMention, cited: list[CallEvidence], all_rates: bool
) -> tuple[Callable[[float, int], bool], list[tuple[CallEvidence, int]]] | None:
    """(whether a query's value in its period holds the claimed rate, the rate queries with their period)."""
    per_minute_unit = number.kind == "req/s" and number.factor != 1
    if not per_minute_unit and (number.kind not in ("count", "plain") or "每" not in claim_text):
        return None
    text, places = numbers_with_places(claim_text)
    rates_of = {found for s, e, n in places if n == number and (found := per_second((text, s, e, n)))}
    if len(rates_of) != 1:
        return None
    rate, period = rates_of.pop()
    # each query's period: a rate() per second, an increase(…[1m]) per minute ("每秒 1200 个" over 1200/min)
    queries = [(ev, 1 if per_second_query(ev.call.arguments) else 60) for ev in cited
               if per_second_query(ev.call.arguments) or per_minute_query(ev.call.arguments)]
    if not queries or (all_rates and len(queries) != len(cited)) or all(p == period for _, p in queries):
        return None  # written in the queries' own period: looked up as written
    tol = tolerance(number) if per_minute_unit else tolerance(number) / period
    return (lambda value, query_period: abs(value / query_period - rate) <= tol), queries
