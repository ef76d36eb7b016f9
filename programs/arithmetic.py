"""Does a number follow from evidence numbers by unit conversion or one step of simple arithmetic?

Spec §7: "a number that neither appears in the tool outputs nor follows from them by simple
arithmetic or unit conversion (e.g. 512Mi = 536870912 bytes, 10:05 to 10:15 = 10 minutes)".
Values arrive in base units (bytes, seconds, ratio), so conversion is equality; one step of
arithmetic is a sum, difference, product, ratio or percentage of two evidence values.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from groundcheck.programs.tokens import NumberMention

# Which evidence kinds may explain a claimed number of a kind.
_COMPATIBLE: dict[str, frozenset[str]] = {
    "bytes": frozenset({"bytes", "plain"}),
    "seconds": frozenset({"seconds", "plain"}),
    "ratio": frozenset({"ratio", "plain"}),
    "req/s": frozenset({"req/s", "plain"}),
    "cores": frozenset({"cores", "plain"}),
    "clock": frozenset({"clock"}),
}
_ANY = frozenset({"bytes", "seconds", "ratio", "req/s", "cores", "plain", "count"})


def tolerance(claimed: NumberMention) -> float:
    """Half a unit of the claimed number's last written digit, in base units (plus float slack)."""
    return 0.5 * 10 ** (-claimed.decimals) * claimed.factor + 1e-9 + 1e-9 * abs(claimed.value)


def matches_directly(claimed: NumberMention, evidence: Sequence[NumberMention]) -> bool:
    """Equal to an evidence number after unit conversion (within the claim's written precision)."""
    tol = tolerance(claimed)
    kinds = _COMPATIBLE.get(claimed.kind, _ANY)
    for ev in evidence:
        if ev.kind not in kinds and claimed.kind not in ("plain", "count"):
            continue
        if claimed.kind == "clock":
            if _clock_matches(claimed, ev):
                return True
            continue
        if abs(ev.value - claimed.value) <= tol:
            return True
        # an unlabelled evidence number may be in the claim's base unit's usual sub-unit
        if ev.kind == "plain" and claimed.kind == "seconds" and abs(ev.value / 1000 - claimed.value) <= tol:
            return True
    return False


def follows_by_arithmetic(claimed: NumberMention, evidence: Sequence[NumberMention]) -> bool:
    """One step of +, -, x, / or percentage between two evidence numbers gives the claimed value."""
    if claimed.kind == "clock":
        return False
    tol = tolerance(claimed)
    target = claimed.value
    if claimed.kind == "seconds":
        clocks = sorted({ev.value for ev in evidence if ev.kind == "clock"})
        if _difference_of(target, clocks, tol):
            return True
    kinds = _COMPATIBLE.get(claimed.kind, _ANY) - {"clock"}
    values = sorted({ev.value for ev in evidence if ev.kind in kinds})
    if not values:
        return False
    if _difference_of(target, values, tol) or _sum_of(target, values, tol):
        return True
    if _product_of(target, values, tol) or _quotient_of(target, values, tol):
        return True
    if claimed.kind in ("plain", "ratio"):
        # a percentage written as a plain number ("利用率 85") or a ratio of two values
        as_ratio = target / 100 if claimed.kind == "plain" else target
        ratio_tol = tol / 100 if claimed.kind == "plain" else tol
        if _quotient_of(as_ratio, values, ratio_tol):
            return True
        # percent change (b - a) / a
        if _quotient_of(as_ratio + 1, values, ratio_tol) or _quotient_of(1 - as_ratio, values, ratio_tol):
            return True
    return False


def _clock_matches(claimed: NumberMention, ev: NumberMention) -> bool:
    if ev.kind != "clock":
        return False
    if "点" in claimed.text and ":" not in claimed.text:  # "10 点" = some time in that hour
        return claimed.value <= ev.value < claimed.value + 3600
    return abs(ev.value - claimed.value) < 60 if claimed.value % 60 == 0 else ev.value == claimed.value


def _has_close(values: Sequence[float], x: float, tol: float) -> bool:
    i = bisect_left(values, x - tol)
    return i < len(values) and values[i] <= x + tol


def _difference_of(target: float, values: Sequence[float], tol: float) -> bool:
    return any(_has_close(values, a - target, tol) or _has_close(values, a + target, tol) for a in values)


def _sum_of(target: float, values: Sequence[float], tol: float) -> bool:
    return any(_has_close(values, target - a, tol) for a in values)


def _product_of(target: float, values: Sequence[float], tol: float) -> bool:
    # a * b = target  ->  b = target / a; the tolerance scales with 1/|a|
    return any(a != 0 and _has_close(values, target / a, tol / abs(a)) for a in values)


def _quotient_of(target: float, values: Sequence[float], tol: float) -> bool:
    # a / b = target  ->  a = target * b
    return any(b != 0 and _has_close(values, target * b, tol * abs(b)) for b in values)
