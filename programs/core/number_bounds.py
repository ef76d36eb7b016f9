"""A figure written as a bound: "不到 4%", "超过 200 次", "5 秒以内".

"可用内存不到 4%" over 0.0375 states the value rounded up to the bound's last written digit, not the
value itself: the literal search finds no 4%, yet the output states a value the bound holds. A bound
is read as the one step of its written precision below (不到 / 低于 / 以下) or above (超过 / 高于 / 以上)
it: "不到 4%" holds 3% to 4% (not 4% itself), "超过 200 次" 200 to 300 (not 200); "不超过" and "以内" hold
their bound too. A bound tied to a clock is read against the series at that time (`series`). So
"不到 90%" over 3.75% is no reading of it, "不到 50" over 50 neither, and a bound no output value
falls in is as absent as a wrong figure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..text.arithmetic import is_elapsed
from ..text.content_words import content_words
from ..text.glossary import EvidenceView, claim_analysis
from ..text.normalize import fold
from ..text.tokens import NumberMention, iter_numbers, numbers_with_places
from ..text.units import whole_kinds
from .trace_index import CallEvidence

_BELOW_BEFORE = re.compile(
    r"(?:不到|不足|(?<![不未没])低于|(?<![不未没])少于|(?<![不未没])小于|未到|未满|不超过|未超过|没超过|没有超过|不高于|不多于|不大于)"
    r"\s*(?:约|大约)?\s*$"
)
_AT_LEAST_BEFORE = re.compile(r"(?:不低于|不少于|不小于|至少)\s*(?:约|大约)?\s*$")  # at least: [v, v + step]
# ("堆积了上千万个", "有上万条": 上 before a magnitude is "more than")
_ABOVE_BEFORE = re.compile(r"(?:(?<![不未没])(?:超过|高于|多于|大于|逾|超出)|(?<=[了有到达])上)\s*(?:约|大约)?\s*$")
_BELOW_AFTER = re.compile(r"\s*(?:以下|以内|之内)")
_ABOVE_AFTER = re.compile(r"\s*(?:以上)")
_LIMIT_WORDS = r"(?:阈值|阀值|超时|设置|上限|下限|限制|限额|配额|水位|limit|threshold|timeout)"
_A_LIMIT_AFTER = re.compile(
    # ("超过 95% 洪水水位", "超过 90% 的高水位": a word may name which limit; "远小于 10 秒的会话超时",
    # "低于 30s 的 session timeout": after 的, words name whose limit the figure is)
    r"\s?(?:的)?\s?(?:[\u4e00-\u9fff]{1,2}(?=水位|阈值))?" + _LIMIT_WORDS
    + r"|\s?的\s?(?:[\u4e00-\u9fff]{1,4}|[a-z][a-z0-9_.]{0,30}\s?)" + _LIMIT_WORDS,
    re.IGNORECASE,
)
_AT_MOST = ("不超过", "未超过", "没超过", "没有超过", "不高于", "不多于", "不大于")
_CUE = re.compile(r"不到|不足|低于|少于|小于|未到|未满|超过|高于|多于|大于|逾|超出|以下|以内|之内|以上|[了有到达]上")
# evidence kinds a claimed kind may be read from (bare values carry any unit)
_READS = {
    "ratio": ("ratio", "plain"),
    "bytes": ("bytes", "plain"),
    "seconds": ("seconds", "plain"),
    "req/s": ("req/s", "plain"),
    "cores": ("cores", "plain"),
    # (a bare figure may be a status, a port or an id: read only off a line naming what the claim counts)
    "count": ("count", "plain"),
    "plain": ("plain", "count"),
}


_DECLARABLE = frozenset({"ratio", "bytes", "seconds", "req/s", "cores"})  # kinds an output may declare


class Bound(NamedTuple):
    low: float
    high: float
    strict_low: bool = False  # 超过 200: more than 200, not 200
    strict_high: bool = False  # 不到 50: less than 50, not 50

    def holds(self, value: float) -> bool:
        slack = 1e-9 * max(1.0, abs(self.high))
        above = value > self.low + slack if self.strict_low else value >= self.low - slack
        below = value < self.high - slack if self.strict_high else value <= self.high + slack
        return above and below


def bound_of(claim_text: str, number: NumberMention) -> Bound | None:
    """The range a figure written as a bound stands for, or None when it is written as a value."""
    if number.kind not in _READS or _CUE.search(claim_text) is None:
        return None
    text, places = numbers_with_places(claim_text)
    step = _step(number)
    for start, end, n in places:
        if n != number:
            continue
        if _A_LIMIT_AFTER.match(text, end):
            return None  # "超过 1000ms 超时设置", "超过 3m0s 阈值": the figure is the limit's own value
        window = max(0, start - 8)
        if _AT_LEAST_BEFORE.search(text, window, start):
            return Bound(number.value, number.value + step)
        below = _BELOW_BEFORE.search(text, window, start)
        if below or _BELOW_AFTER.match(text, end):  # 不到 / 低于: less than it; 不超过 / 以内: at most
            strict = below is not None and not below.group(0).lstrip().startswith(_AT_MOST)
            return Bound(number.value - step, number.value, strict_high=strict)
        above = _ABOVE_BEFORE.search(text, window, start)
        if above or _ABOVE_AFTER.match(text, end):  # 超过 / 高于: more than it; 以上: at least
            return Bound(number.value, number.value + step, strict_low=above is not None)
    return None


def _step(number: NumberMention) -> float:
    """One unit of the figure's last significant digit, in base units ("200" 100, "4%" 1%, "1.2s" 0.1 s;
    an approximate figure's `decimals` already counts its significant digits)."""
    digits = _WHOLE.match(number.text) if number.decimals == 0 else None
    zeros = len(digits.group(0)) - len(digits.group(0).rstrip("0")) if digits and digits.group(0).strip("0") else 0
    return 10 ** (zeros - number.decimals) * number.factor


_WHOLE = re.compile(r"\d+")


def bound_held_by(
    bound: Bound, number: NumberMention, cited: list[CallEvidence], claim_text: str = "", quotes: Sequence[str] = ()
) -> bool:
    """A cited output states a value of the figure's kind within the bound. A share is read only off
    shares (or bare values an output declares as shares or percents); a bare count only off a line
    that names what the claim counts (a word or a concept of `claim_text`): "重启超过 400 次" is no reading
    of a queue depth of 450, "错误率超过 90%" none of a p99 of 0.95 s."""
    if any(bound.holds(value) for ev in cited for value in _values(ev, number, claim_text)):
        return True
    # the claim's own quotes say which figure it bounds ("活跃连接不到 50 个" quoting "active=48")
    kinds = _READS.get(number.kind, (number.kind,))
    return any(bound.holds(n.value) for q in quotes for n in iter_numbers(fold(q), 50) if n.kind in kinds)


def _values(ev: CallEvidence, number: NumberMention, claim_text: str) -> Iterator[float]:
    kinds = _READS.get(number.kind, (number.kind,))
    declared = whole_kinds(ev.declared_units).get(number.kind, ()) if number.kind in _DECLARABLE else ()
    bare_counts = number.kind in ("count", "plain")
    for n in ev.numbers:
        if n.kind == number.kind and not (bare_counts and n.kind == "plain"):
            yield n.value
        elif number.kind == "seconds" and is_elapsed(n):
            yield n.value  # an elapsed "00:18:42" (ps, pg): "18 分钟以上"
        elif n.kind in kinds and not bare_counts:  # a bare value of a unit kind
            if declared:
                yield from (n.value * factor for factor in declared)
            elif number.kind == "ratio":
                if _PERCENT_FIELD in ev.declared_units:
                    yield n.value * 0.01  # "active_shards_percent_as_number": 94.66
            else:
                yield n.value
                if number.kind == "seconds":
                    yield n.value / 1000  # an unlabelled duration in ms (as `arithmetic.matches_directly` reads it)
    if bare_counts:
        yield from _bare_counts_naming(ev, claim_text)


def _bare_counts_naming(ev: CallEvidence, claim_text: str) -> Iterator[float]:
    """The bare figures of the output whose key (the words right before them) names what the claim
    counts (`waiting=212` for "超过 200 个请求在排队"; not `queue depth 450` for "重启超过 400 次")."""
    concepts = {cid for m in claim_analysis(claim_text).mentions for cid in m.concept_ids}
    words = [w for w in (*content_words(claim_text).words, *content_words(claim_text).names) if len(w) >= 3]
    text = ev.flat[: min(ev.out_end, _SCAN)]
    for n, m in enumerate(_BARE_FIGURE.finditer(text)):
        if n >= _MAX_FIGURES:
            break
        key = text[max(0, m.start() - _KEY_REACH) : m.start()]
        key = key[max(key.rfind(","), key.rfind(";"), key.rfind("\n"), key.rfind("|")) + 1 :]  # its own field
        view = EvidenceView(key, folded=True)
        if any(view.carries(cid) for cid in concepts) or any(w in key for w in words):
            yield float(m.group(1))


_BARE_FIGURE = re.compile(r"(?<![\w.:/\-])(\d{1,12})(?![\w.:])")
_KEY_REACH = 24
_SCAN = 200_000
_MAX_FIGURES = 2_000


_PERCENT_FIELD = ("ratio", 0.01)
