"""A figure written as a bound: "不到 4%", "超过 200 次", "5 秒以内".

"可用内存不到 4%" over 0.0375 states the value rounded up to the bound's last written digit, not the
value itself: the literal search finds no 4%, yet the output states a value the bound holds. A bound
is read as the one step of its written precision below (不到 / 低于 / 以下) or above (超过 / 高于 / 以上)
it: "不到 4%" holds 3% to 4%, "超过 200 次" 200 to 300. So "不到 90%" over 3.75% is no reading of it,
and a bound no output value falls in is as absent as a wrong figure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..text.tokens import NumberMention, numbers_with_places
from .trace_index import CallEvidence

_BELOW_BEFORE = re.compile(r"(?:不到|不足|低于|少于|小于|未到|未满|不超过|未超过|没超过|没有超过)\s*(?:约|大约)?\s*$")
_ABOVE_BEFORE = re.compile(r"(?<![不未没])(?:超过|高于|多于|大于|逾|超出)\s*(?:约|大约)?\s*$")
_BELOW_AFTER = re.compile(r"\s*(?:以下|以内|之内)")
_ABOVE_AFTER = re.compile(r"\s*(?:以上)")
_CUE = re.compile(r"不到|不足|低于|少于|小于|未到|未满|超过|高于|多于|大于|逾|超出|以下|以内|之内|以上")
# evidence kinds a claimed kind may be read from (bare values carry any unit)
_READS = {
    "ratio": ("ratio", "plain"),
    "bytes": ("bytes", "plain"),
    "seconds": ("seconds", "plain"),
    "req/s": ("req/s", "plain"),
    "cores": ("cores", "plain"),
    "count": ("count",),  # a bare figure of a log line may be a status, a port, an id
}


class Bound(NamedTuple):
    low: float
    high: float

    def holds(self, value: float) -> bool:
        slack = 1e-9 * max(1.0, abs(self.high))
        return self.low - slack <= value <= self.high + slack


def bound_of(claim_text: str, number: NumberMention) -> Bound | None:
    """The range a figure written as a bound stands for, or None when it is written as a value."""
    if number.kind not in _READS or _CUE.search(claim_text) is None:
        return None
    text, places = numbers_with_places(claim_text)
    step = _step(number)
    for start, end, n in places:
        if n != number:
            continue
        window = max(0, start - 8)
        if _BELOW_BEFORE.search(text, window, start) or _BELOW_AFTER.match(text, end):
            return Bound(number.value - step, number.value)
        if _ABOVE_BEFORE.search(text, window, start) or _ABOVE_AFTER.match(text, end):
            return Bound(number.value, number.value + step)
    return None


def _step(number: NumberMention) -> float:
    """One unit of the figure's last significant digit, in base units ("200" 100, "4%" 1%, "1.2s" 0.1 s;
    an approximate figure's `decimals` already counts its significant digits)."""
    digits = _WHOLE.match(number.text) if number.decimals == 0 else None
    zeros = len(digits.group(0)) - len(digits.group(0).rstrip("0")) if digits and digits.group(0).strip("0") else 0
    return 10 ** (zeros - number.decimals) * number.factor


_WHOLE = re.compile(r"\d+")


def bound_held_by(bound: Bound, number: NumberMention, cited: list[CallEvidence]) -> bool:
    """A cited output states a value of the figure's kind within the bound."""
    kinds = _READS.get(number.kind, (number.kind,))
    return any(n.kind in kinds and bound.holds(n.value) for ev in cited for n in ev.numbers)
