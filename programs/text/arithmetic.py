"""Does a number follow from evidence numbers by unit conversion or one step of simple arithmetic?

Spec §7: "a number that neither appears in the tool outputs nor follows from them by simple
arithmetic or unit conversion (e.g. 512Mi = 536870912 bytes, 10:05 to 10:15 = 10 minutes)".
Values arrive in base units (bytes, seconds, ratio), so conversion is equality. One step of
arithmetic is a difference, ratio or percentage of two evidence values, a sum of two values of the
claimed kind that are each a real share of it, or a small whole multiple of a value with a unit
("3 x 512Mi"). Sums and products of arbitrary pairs are not allowed: over a few dozen numbers they
produce almost any figure, which is how an invented impact figure would pass. Only finite values of
at most `MAX_QUANTITY` count (a 300-digit number is no quantity, and would be `inf`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from .tokens import NumberMention, is_quantity

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
_UNIT_KINDS = frozenset({"bytes", "seconds", "req/s", "cores"})
_MAX_MULTIPLIER = 64  # "3 x 512Mi": a whole count of replicas, pods, shards
_MIN_SHARE = 0.01  # each addend of a sum is at least this share of it


def tolerance(claimed: NumberMention) -> float:
    """Half a unit of the claimed number's last written digit, in base units (plus float slack)."""
    return 0.5 * 10 ** (-claimed.decimals) * claimed.factor + 1e-9 + 1e-9 * abs(claimed.value)


def matches_directly(claimed: NumberMention, evidence: Sequence[NumberMention]) -> bool:
    """Equal to an evidence number after unit conversion (within the claim's written precision)."""
    if not is_quantity(claimed):
        return False
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


def follows_by_arithmetic(claimed: NumberMention, evidence: Sequence[NumberMention], sums: bool = True) -> bool:
    """One step of arithmetic between two evidence numbers gives the claimed value.

    Differences (clock times to a span), ratios and percentages of any two values of compatible
    kinds; sums only of two values of the claimed kind that are each a real share of it; products
    only of a small whole multiplier and a value with a unit. `sums=False` when the claim does not
    say it adds anything up (共 / 合计 / total...): "重启 146 次" is no sum of RESTARTS 9 and exit code 137.
    """
    if claimed.kind == "clock" or not is_quantity(claimed):
        return False
    tol = tolerance(claimed)
    target = claimed.value
    if claimed.kind == "seconds":
        clocks = sorted({ev.value for ev in evidence if ev.kind == "clock"})
        if _difference_of(target, clocks, tol):
            return True
    kinds = _COMPATIBLE.get(claimed.kind, _ANY) - {"clock"}
    usable = [ev.value for ev in evidence if ev.kind in kinds and is_quantity(ev)]
    values = sorted(set(usable))
    if not values:
        return False
    repeated = frozenset(v for v in values if usable.count(v) > 1) if len(usable) > len(values) else frozenset()
    # a whole count is never a rounded quotient ("67 pods" is not 200 / 3): quotients must then be exact
    whole = claimed.kind in ("plain", "count") and claimed.decimals == 0
    quotient_tol = 1e-9 * abs(target) if whole else tol
    if _difference_of(target, values, tol) or _quotient_of(target, values, quotient_tol, repeated):
        return True
    same_kind = sorted({ev.value for ev in evidence if _same_kind(ev, claimed) and is_quantity(ev)})
    if sums and _sum_of(target, same_kind, tol):
        return True
    if claimed.kind in _UNIT_KINDS:
        with_unit = sorted({ev.value for ev in evidence if ev.kind == claimed.kind and is_quantity(ev)})
        multipliers = {ev.value for ev in evidence if _is_multiplier(ev)}
        if any(_has_close(with_unit, target / k, tol / k) for k in multipliers):
            return True
    if claimed.kind in ("plain", "ratio"):
        # a percentage written as a plain number ("利用率 85") or a ratio of two values
        as_ratio = target / 100 if claimed.kind == "plain" else target
        # a whole plain number read as a percentage must be exact, like a count ("67 pods" is not 2/3)
        ratio_tol = (1e-9 * abs(as_ratio) if whole else tol / 100) if claimed.kind == "plain" else tol
        if _quotient_of(as_ratio, values, ratio_tol, repeated):
            return True
        # percent change (b - a) / a
        grown, shrunk = as_ratio + 1, 1 - as_ratio
        if _quotient_of(grown, values, ratio_tol, repeated) or _quotient_of(shrunk, values, ratio_tol, repeated):
            return True
    return False


def _same_kind(ev: NumberMention, claimed: NumberMention) -> bool:
    if claimed.kind in ("plain", "count"):
        return ev.kind in ("plain", "count")
    return ev.kind == claimed.kind


def _is_multiplier(ev: NumberMention) -> bool:
    return ev.kind in ("plain", "count") and ev.decimals == 0 and 2 <= ev.value <= _MAX_MULTIPLIER


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
    # a + b = target with both a and b a real share of it (not target + noise)
    floor = _MIN_SHARE * abs(target)
    return any(abs(a) >= floor and abs(target - a) >= floor and _has_close(values, target - a, tol) for a in values)


def _quotient_of(target: float, values: Sequence[float], tol: float, repeated: frozenset[float] = frozenset()) -> bool:
    # a / b = target -> a = target * b. A value over itself (100%, "1 倍") only when the output holds it
    # twice ("active=64 max=64"): otherwise every output would imply 100%.
    for b in values:
        if b == 0:
            continue
        if abs(target * b - b) <= tol * abs(b):
            if b in repeated:
                return True
            continue
        if _has_close(values, target * b, tol * abs(b)):
            return True
    return False
