"""Does a number follow from evidence numbers by unit conversion or one step of simple arithmetic?

Spec §7: "a number that neither appears in the tool outputs nor follows from them by simple
arithmetic or unit conversion (e.g. 512Mi = 536870912 bytes, 10:05 to 10:15 = 10 minutes)".
Values arrive in base units (bytes, seconds, ratio), so conversion is equality; a bare value may
be in milliseconds for a claim in seconds, and a Kubernetes CPU quantity "500m" is 0.5 cores. One step of
arithmetic is a difference, ratio or percentage of two evidence values, a sum of two values of the
claimed kind that are each a real share of it, or a small whole multiple of a value with a unit
("3 x 512Mi"). Sums and products of arbitrary pairs are not allowed: over a few dozen numbers they
produce almost any figure, which is how an invented impact figure would pass. Only finite values of
at most `MAX_QUANTITY` count (a 300-digit number is no quantity, and would be `inf`).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Callable, Sequence

from .tokens import NumberMention, is_quantity
from .units import CHECKED_KINDS, Reading, bare_agrees, claimed_unit, readings, whole_kinds

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
_WITH_UNIT = frozenset({"bytes", "seconds", "ratio", "req/s", "cores", "bit/s"})
_LEADING_DIGITS = re.compile(r"[-+]?[\d.,]*\d")
_MILLICORES = re.compile(r"(\d+(?:\.\d+)?)\s?m")
_PERCENT_FIELD: Reading = ("ratio", 0.01)


def tolerance(claimed: NumberMention) -> float:
    """Half a unit of the claimed number's last written digit, in base units (plus float slack).

    An approximate number ("约 820 MiB") reaches here with the place of its last significant digit
    as a negative `decimals` (-1 for "820"): "约 820 MiB" then holds 815-825 MiB, "约 70%" 65-75%.
    """
    return 0.5 * 10 ** (-claimed.decimals) * claimed.factor + 1e-9 + 1e-9 * abs(claimed.value)


def is_approximate(claimed: NumberMention) -> bool:
    """The claim marks the number as rounded (约 / 大约 / 左右 / ~): a field `approx` set by the
    tokenizer, or a negative `decimals` (a rounding to tens or more)."""
    return claimed.approx or claimed.decimals < 0


def matches_directly(
    claimed: NumberMention,
    evidence: Sequence[NumberMention],
    declared: Callable[[], frozenset[Reading]] | None = None,
) -> bool:
    """Equal to an evidence number after unit conversion (within the claim's written precision).

    A bare evidence number written with the very digits of a claimed number with a unit ("1315" for
    "1315 秒") counts only as far as the units its output declares allow (`units.bare_agrees`):
    read as a plain number, any unit would pass ("1315 秒" from a series in ms). `declared` gives
    the evidence's declared units (asked only then); without it such a number counts (the caller
    does not know them, and the literal search does not see every bare number: "uptime:86400").
    """
    if not is_quantity(claimed):
        return False
    tol = tolerance(claimed)
    kinds = _COMPATIBLE.get(claimed.kind, _ANY)
    digits = written_digits(claimed) if claimed.kind in _WITH_UNIT else ""
    bare_ok: bool | None = None  # may a bare number with the claim's digits carry its unit?
    # an output whose every bare number is in one unit ("unit: ms", a query's `_seconds`): its bare
    # numbers are values of that kind only ("85%" is no value of a CPU series in cores)
    whole = whole_kinds(declared()) if declared is not None and claimed.kind in CHECKED_KINDS else {}
    # a field the output names a percentage ("active_shards_percent_as_number": 94.66): its bare values
    # are percents, so "约 94.7%" is one of them rounded
    percents = claimed.kind == "ratio" and declared is not None and _PERCENT_FIELD in declared()
    # a duration or a size cut to the unit it is written in ("47 分钟" of 00:47:53, "118GB" of 118.7 GiB)
    cut = claimed.kind in _CUT_KINDS and not is_approximate(claimed)
    for ev in evidence:
        if percents and ev.kind == "plain" and abs(ev.value * 0.01 - claimed.value) <= tol:
            return True
        if claimed.kind == "seconds" and is_elapsed(ev) and _within(ev.value, claimed.value, tol, cut):
            return True  # "47 分 12 秒" over an elapsed "00:47:12" (pg's age, ps's TIME)
        if ev.kind not in kinds and claimed.kind not in ("plain", "count"):
            continue
        if whole and ev.kind == "plain":
            # in the declared unit: 2980 of a series "单位：毫秒" is 2.98 s
            if any(abs(ev.value * f - claimed.value) <= tol for f in whole.get(claimed.kind, ())):
                return True
            if claimed.kind == "bytes" and "bytes" in whole:
                # `du -s`'s 94371840 is KiB (90 GiB): read in its unit, cut or in powers of 1024, never as bytes
                if any(_declared_bytes_match(claimed, ev, f, tol, cut) for f in whole["bytes"]):
                    return True
                continue
            continue
        if claimed.kind == "clock":
            if _clock_matches(claimed, ev):
                return True
            continue
        if digits and ev.kind == "plain" and (ev.text == digits or ev.text.replace(",", "") == digits):
            if bare_ok is None:
                bare_ok = _bare_may_carry(claimed, declared)
            if not bare_ok:
                continue
        if _within(ev.value, claimed.value, tol, cut):
            return True
        # an unlabelled evidence number may be in the claim's base unit's usual sub-unit
        if ev.kind == "plain" and claimed.kind == "seconds" and abs(ev.value / 1000 - claimed.value) <= tol:
            return True
        # a bare figure counts as bytes here as it does just above ("256MB" over "slave 268435456")
        if claimed.kind == "bytes" and ev.kind in ("bytes", "plain") and binary_reading_matches(claimed, ev, tol, cut):
            return True
    if claimed.kind in ("cores", "bytes"):
        cores = whole.get("cores", ()) if declared is not None and claimed.kind == "bytes" else ()
        return _millicores_match(claimed, evidence, tol, bare_cores=bool(cores))
    return False


def _declared_bytes_match(claimed: NumberMention, ev: NumberMention, factor: float, tol: float, cut: bool) -> bool:
    in_bytes = ev._replace(kind="bytes", value=ev.value * factor, factor=factor)
    return _within(in_bytes.value, claimed.value, tol, cut) or binary_reading_matches(claimed, in_bytes, tol, cut)


def is_elapsed(ev: NumberMention) -> bool:
    """An "00:MM:SS" of an output: under an hour, an elapsed time far more often than a time of day."""
    return ev.kind == "clock" and ev.text.startswith("00:") and ev.text.count(":") == 2


def binary_reading_matches(claimed: NumberMention, ev: NumberMention, tol: float, cut: bool = False) -> bool:
    """"1204312kB" is 1.15 GiB and "213 MB" is 213.1 MiB as tools and people write them: a decimal unit
    read in powers of 1024 (ps, the kernel, iostat mean KiB by "kB"), on either side or on both. With
    `cut`, the claimed figure may also be the binary value cut to its unit ("118GB" of 118.7 GiB)."""
    claimed_power, ev_power = _decimal_power(claimed), _decimal_power(ev)
    if ev_power and abs(ev.value / 1000**ev_power * 1024**ev_power - claimed.value) <= tol * 1.1:
        return True
    as_binary = claimed.value / 1000**claimed_power * 1024**claimed_power
    binary_tol = tol * 1024**claimed_power / 1000**claimed_power
    if claimed_power and _within(ev.value, as_binary, tol * 1.1, cut, 2 * binary_tol):
        return True
    # both sides binary: the kernel's "3985220kB" (KiB) said as "约 3.8GB" (GiB)
    ev_binary = ev.value / 1000**ev_power * 1024**ev_power
    return bool(claimed_power and ev_power) and _within(ev_binary, as_binary, binary_tol * 1.1, cut, 2 * binary_tol)


_CUT_KINDS = frozenset({"seconds", "bytes"})


def _within(value: float, claimed: float, tol: float, cut: bool = False, unit: float | None = None) -> bool:
    """`value` rounds to the claimed figure (within `tol`, half its last unit) or, with `cut`, is the
    claimed figure with its lower places dropped: less than one last `unit` (2 * tol) above it."""
    if abs(value - claimed) <= tol:
        return True
    # (the tolerance's float slack off the unit, so that 4.0 GiB is never 3.9 GiB cut)
    whole = (2 * tol if unit is None else unit) * (1 - 1e-6)
    return cut and 0 <= value - claimed < whole


def _decimal_power(n: NumberMention) -> int:
    """k of a bytes figure written in a decimal unit (1000**k: kB 1, MB 2...), 0 for any other."""
    if n.factor < 1000:
        return 0
    power = round(math.log(n.factor, 1000))
    return power if 1000**power == n.factor else 0


def _millicores_match(
    claimed: NumberMention, evidence: Sequence[NumberMention], tol: float, bare_cores: bool = False
) -> bool:
    """Kubernetes CPU "500m" (the tokenizer reads megabytes) is 0.5 cores, either way round; with
    `bare_cores` (a CPU rate query: its bare values are cores) a bare 0.4923 is 492m."""
    if claimed.kind == "cores":
        cores = (millicores(ev) for ev in evidence if ev.kind == "bytes")
        return any(c is not None and abs(c - claimed.value) <= tol for c in cores)
    milli = millicores(claimed)
    if milli is None:
        return False
    tol = 0.5 * 10 ** (-claimed.decimals) * 1e-3
    kinds = ("cores", "plain") if bare_cores else ("cores",)
    return any(ev.kind in kinds and abs(ev.value - milli) <= tol for ev in evidence)


def _bare_may_carry(claimed: NumberMention, declared: Callable[[], frozenset[Reading]] | None) -> bool:
    return declared is None or bare_agrees(readings(claimed_unit(claimed)), declared())


def written_digits(number: NumberMention) -> str:
    """The digits of a number as written, without unit nor thousands separators ("1315" of "1,315ms")."""
    m = _LEADING_DIGITS.match(number.text)
    return m.group(0).replace(",", "") if m else ""


def millicores(number: NumberMention) -> float | None:
    """Cores of a Kubernetes CPU quantity written "500m" (which the tokenizer reads as megabytes)."""
    m = _MILLICORES.fullmatch(number.text)
    return float(m.group(1)) / 1000 if m else None


def _span_between_clocks(target: float, evidence: Sequence[NumberMention], tol: float) -> bool:
    # a clock with a fraction of a second counts with and without it: "71 秒" between 15:20:41.118 and
    # 15:21:52.902 is the span of their seconds, "55 秒" between 23:59:41.882 and 00:00:37.207 the exact one
    clocks = sorted({v for ev in evidence if ev.kind == "clock" for v in (ev.value, _clock_seconds(ev))})
    if _difference_of(target, clocks, tol):
        return True
    # a span across midnight ("23:59:41.882" to "00:00:37.207" is 55.3 s), for spans of hours at most
    late = [c for c in clocks if c >= _DAY - _MIDNIGHT_SPAN]
    early = [c + _DAY for c in clocks if c < _MIDNIGHT_SPAN]
    return bool(late and early and any(_has_close(early, a + target, tol) for a in late))


def follows_by_arithmetic(
    claimed: NumberMention, evidence: Sequence[NumberMention], sums: bool = True, spans: bool = True
) -> bool:
    """One step of arithmetic between two evidence numbers gives the claimed value.

    Differences (clock times to a span), ratios and percentages of any two values of compatible
    kinds; sums only of two values of the claimed kind that are each a real share of it; products
    only of a small whole multiplier and a value with a unit. `sums=False` when the claim does not
    say it adds anything up (共 / 合计 / total...): "重启 146 次" is no sum of RESTARTS 9 and exit code 137.
    `spans=False` when the claim does not speak of a span between moments (`wording.speaks_of_a_span`): a
    pause or an excess of "约 2 秒" is no gap between two of a log's stamps, which almost any small span is.
    """
    if claimed.kind == "clock" or not is_quantity(claimed):
        return False
    tol = tolerance(claimed)
    target = claimed.value
    if claimed.kind == "seconds" and spans and _span_between_clocks(target, evidence, tol):
        return True
    if claimed.kind == "seconds":
        # a difference of bare values in the sub-unit ("低 675ms" from p99 1315 and 640, in ms)
        bare = sorted({ev.value for ev in evidence if ev.kind == "plain" and is_quantity(ev)})
        if _difference_of(target * 1000, _beyond(bare, tol * 1000), tol * 1000):
            return True
    if claimed.kind == "ratio" and _share_of(target, evidence, tol):
        return True
    kinds = _COMPATIBLE.get(claimed.kind, _ANY) - {"clock"}
    usable = [ev.value for ev in evidence if ev.kind in kinds and is_quantity(ev)]
    values = sorted(set(usable))
    if not values:
        return False
    repeated = frozenset(v for v in values if usable.count(v) > 1) if len(usable) > len(values) else frozenset()
    # a whole count is never a rounded quotient ("67 pods" is not 200 / 3): quotients must then be exact
    whole = claimed.kind in ("plain", "count") and claimed.decimals == 0 and not is_approximate(claimed)
    quotient_tol = 1e-9 * abs(target) if whole else tol
    # a quotient of two like quantities is a ratio ("820 秒" is no 0.82 s over 0.001 s), and a value over 1
    # is the value itself, which the literal and unit checks judge ("820 秒" is no 820 over replicas=1)
    divisors = (
        sorted({
            ev.value for ev in evidence
            if ev.kind in kinds and ev.kind != claimed.kind and ev.value != 1 and is_quantity(ev)
        })
        if claimed.kind in _UNIT_KINDS
        else values
    )
    if _difference_of(target, _beyond(values, tol), tol) or _quotient_of(
        target, values, quotient_tol, repeated, divisors
    ):
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


def _share_of(target: float, evidence: Sequence[NumberMention], tol: float) -> bool:
    """A share of two amounts in one unit (1946Mi of a 2Gi limit = 95%), or what a stated share leaves
    (free 6.2% -> used 93.8%)."""
    for kind in _UNIT_KINDS:
        amounts = sorted({ev.value for ev in evidence if ev.kind == kind and is_quantity(ev)})
        if len(amounts) > 1 and _quotient_of(target, amounts, tol):
            return True
    return any(abs(1 - ev.value - target) <= tol for ev in evidence if ev.kind == "ratio" and 0 < ev.value < 1)


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


_DAY = 86400.0
_MIDNIGHT_SPAN = 6 * 3600.0
_FRACTION = re.compile(r":[0-5]\d([.,]\d+)")


def _clock_seconds(ev: NumberMention) -> float:
    """A clock's second of the day with the fraction it is written with ("11:00:37.207": 39637.207)."""
    fraction = _FRACTION.search(ev.text)
    return ev.value + float("0." + fraction.group(1)[1:]) if fraction else ev.value


def _difference_of(target: float, values: Sequence[float], tol: float) -> bool:
    return any(_has_close(values, a - target, tol) or _has_close(values, a + target, tol) for a in values)


def _beyond(values: Sequence[float], tol: float) -> list[float]:
    """The values a difference may take as operands: a value within the claim's precision of 0 is none
    ("820 秒" is no 820 − 0.05: the 820 alone, in ms, which the unit check has already refused)."""
    return [v for v in values if abs(v) > tol]


def _sum_of(target: float, values: Sequence[float], tol: float) -> bool:
    # a + b = target with both a and b a real share of it (not target + noise)
    floor = _MIN_SHARE * abs(target)
    return any(abs(a) >= floor and abs(target - a) >= floor and _has_close(values, target - a, tol) for a in values)


def _quotient_of(
    target: float,
    values: Sequence[float],
    tol: float,
    repeated: frozenset[float] = frozenset(),
    divisors: Sequence[float] | None = None,
) -> bool:
    # a / b = target -> a = target * b, b one of `divisors` (default: any value). A value over itself (100%,
    # "1 倍") only when the output holds it twice ("active=64 max=64"): otherwise every output would imply 100%.
    for b in values if divisors is None else divisors:
        if b == 0:
            continue
        if abs(target * b - b) <= tol * abs(b):
            if b in repeated:
                return True
            continue
        if _has_close(values, target * b, tol * abs(b)):
            return True
    return False
